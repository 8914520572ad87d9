# Empty compiler generated dependencies file for fuzz_ec_key_replay.
# This may be replaced when dependencies are built.
