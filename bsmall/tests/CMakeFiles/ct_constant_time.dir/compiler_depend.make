# Empty compiler generated dependencies file for ct_constant_time.
# This may be replaced when dependencies are built.
