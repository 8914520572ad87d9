# Empty compiler generated dependencies file for test_ecdsa.
# This may be replaced when dependencies are built.
