# Empty compiler generated dependencies file for timing_leaks.
# This may be replaced when dependencies are built.
