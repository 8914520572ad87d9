# Empty compiler generated dependencies file for test_bignum_core_portable.
# This may be replaced when dependencies are built.
