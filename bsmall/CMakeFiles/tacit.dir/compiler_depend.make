# Empty compiler generated dependencies file for tacit.
# This may be replaced when dependencies are built.
