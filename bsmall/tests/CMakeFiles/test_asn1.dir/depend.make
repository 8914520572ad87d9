# Empty dependencies file for test_asn1.
# This may be replaced when dependencies are built.
