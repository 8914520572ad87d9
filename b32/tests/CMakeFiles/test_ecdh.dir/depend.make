# Empty dependencies file for test_ecdh.
# This may be replaced when dependencies are built.
