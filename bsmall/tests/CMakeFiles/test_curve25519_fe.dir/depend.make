# Empty dependencies file for test_curve25519_fe.
# This may be replaced when dependencies are built.
