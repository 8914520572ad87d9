# Empty dependencies file for test_bignum_core_paths.
# This may be replaced when dependencies are built.
