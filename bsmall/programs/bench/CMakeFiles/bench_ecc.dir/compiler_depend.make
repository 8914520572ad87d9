# Empty compiler generated dependencies file for bench_ecc.
# This may be replaced when dependencies are built.
