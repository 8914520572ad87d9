# Empty dependencies file for ct_rsa_keys.
# This may be replaced when dependencies are built.
