# Empty compiler generated dependencies file for fuzz_asn1_replay.
# This may be replaced when dependencies are built.
