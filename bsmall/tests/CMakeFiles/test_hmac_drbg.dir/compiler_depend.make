# Empty compiler generated dependencies file for test_hmac_drbg.
# This may be replaced when dependencies are built.
