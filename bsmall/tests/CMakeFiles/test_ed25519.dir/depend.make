# Empty dependencies file for test_ed25519.
# This may be replaced when dependencies are built.
