# Empty compiler generated dependencies file for test_bignum_ct_gmp.
# This may be replaced when dependencies are built.
