# Empty dependencies file for fuzz_pk_replay.
# This may be replaced when dependencies are built.
