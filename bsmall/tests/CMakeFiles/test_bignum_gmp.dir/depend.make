# Empty dependencies file for test_bignum_gmp.
# This may be replaced when dependencies are built.
