# Empty dependencies file for test_rsa.
# This may be replaced when dependencies are built.
