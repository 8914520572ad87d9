# Empty dependencies file for test_rsa_vectors.
# This may be replaced when dependencies are built.
