# Empty dependencies file for test_bignum_core.
# This may be replaced when dependencies are built.
