# Empty compiler generated dependencies file for fuzz_bignum_openssl_replay.
# This may be replaced when dependencies are built.
