# Empty dependencies file for ct_x25519_adx.
# This may be replaced when dependencies are built.
