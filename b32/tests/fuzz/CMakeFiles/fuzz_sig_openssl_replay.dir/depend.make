# Empty dependencies file for fuzz_sig_openssl_replay.
# This may be replaced when dependencies are built.
