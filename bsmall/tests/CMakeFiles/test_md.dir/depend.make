# Empty dependencies file for test_md.
# This may be replaced when dependencies are built.
