# Empty dependencies file for test_bignum_ct_gmp_c.
# This may be replaced when dependencies are built.
