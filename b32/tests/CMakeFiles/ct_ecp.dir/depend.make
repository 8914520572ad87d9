# Empty dependencies file for ct_ecp.
# This may be replaced when dependencies are built.
