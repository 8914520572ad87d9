# Empty compiler generated dependencies file for test_curve25519_keys.
# This may be replaced when dependencies are built.
