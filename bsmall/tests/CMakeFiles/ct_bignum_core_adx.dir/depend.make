# Empty dependencies file for ct_bignum_core_adx.
# This may be replaced when dependencies are built.
