# Empty dependencies file for ct_base64.
# This may be replaced when dependencies are built.
