# Empty compiler generated dependencies file for test_sha.
# This may be replaced when dependencies are built.
