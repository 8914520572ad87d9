# Empty dependencies file for fuzz_rsa_key_replay.
# This may be replaced when dependencies are built.
