# Empty dependencies file for ct_bignum_core_ifma.
# This may be replaced when dependencies are built.
