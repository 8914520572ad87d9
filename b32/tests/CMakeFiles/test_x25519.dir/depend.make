# Empty dependencies file for test_x25519.
# This may be replaced when dependencies are built.
