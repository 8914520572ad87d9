# Empty dependencies file for ct_ed25519.
# This may be replaced when dependencies are built.
