# Empty dependencies file for test_pk.
# This may be replaced when dependencies are built.
