# Empty dependencies file for bench_rsa.
# This may be replaced when dependencies are built.
