# Empty compiler generated dependencies file for ct_pk.
# This may be replaced when dependencies are built.
