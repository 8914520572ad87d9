# Empty dependencies file for test_bignum.
# This may be replaced when dependencies are built.
