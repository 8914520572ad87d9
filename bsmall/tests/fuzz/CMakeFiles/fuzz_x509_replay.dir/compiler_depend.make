# Empty compiler generated dependencies file for fuzz_x509_replay.
# This may be replaced when dependencies are built.
