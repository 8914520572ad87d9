# Empty compiler generated dependencies file for test_ecp.
# This may be replaced when dependencies are built.
