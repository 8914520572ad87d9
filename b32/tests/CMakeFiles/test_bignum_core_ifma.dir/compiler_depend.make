# Empty compiler generated dependencies file for test_bignum_core_ifma.
# This may be replaced when dependencies are built.
