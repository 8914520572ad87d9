# Empty dependencies file for ct_bignum.
# This may be replaced when dependencies are built.
