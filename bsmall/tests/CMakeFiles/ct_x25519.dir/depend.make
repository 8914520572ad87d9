# Empty dependencies file for ct_x25519.
# This may be replaced when dependencies are built.
