# Empty compiler generated dependencies file for ct_hmac.
# This may be replaced when dependencies are built.
