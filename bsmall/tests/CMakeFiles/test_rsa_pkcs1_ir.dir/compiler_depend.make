# Empty compiler generated dependencies file for test_rsa_pkcs1_ir.
# This may be replaced when dependencies are built.
