# Empty dependencies file for test_pem.
# This may be replaced when dependencies are built.
