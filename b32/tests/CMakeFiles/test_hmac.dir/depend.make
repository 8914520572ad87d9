# Empty dependencies file for test_hmac.
# This may be replaced when dependencies are built.
