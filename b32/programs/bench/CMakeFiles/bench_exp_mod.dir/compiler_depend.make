# Empty compiler generated dependencies file for bench_exp_mod.
# This may be replaced when dependencies are built.
