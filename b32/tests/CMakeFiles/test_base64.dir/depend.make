# Empty dependencies file for test_base64.
# This may be replaced when dependencies are built.
