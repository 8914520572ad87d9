# Empty dependencies file for load_roots.
# This may be replaced when dependencies are built.
