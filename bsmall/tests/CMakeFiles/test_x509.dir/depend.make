# Empty dependencies file for test_x509.
# This may be replaced when dependencies are built.
