# Empty compiler generated dependencies file for ct_rsa.
# This may be replaced when dependencies are built.
