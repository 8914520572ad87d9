# Empty compiler generated dependencies file for fuzz_pem_replay.
# This may be replaced when dependencies are built.
