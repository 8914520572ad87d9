# Empty dependencies file for fuzz_base64_replay.
# This may be replaced when dependencies are built.
