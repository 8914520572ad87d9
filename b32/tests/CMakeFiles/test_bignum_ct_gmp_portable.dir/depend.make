# Empty dependencies file for test_bignum_ct_gmp_portable.
# This may be replaced when dependencies are built.
