# Empty compiler generated dependencies file for tacit_bench.
# This may be replaced when dependencies are built.
