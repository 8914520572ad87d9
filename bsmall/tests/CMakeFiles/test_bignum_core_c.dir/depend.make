# Empty dependencies file for test_bignum_core_c.
# This may be replaced when dependencies are built.
