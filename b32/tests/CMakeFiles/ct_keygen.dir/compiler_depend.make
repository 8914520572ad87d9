# Empty compiler generated dependencies file for ct_keygen.
# This may be replaced when dependencies are built.
