# Empty dependencies file for test_rng_fork.
# This may be replaced when dependencies are built.
