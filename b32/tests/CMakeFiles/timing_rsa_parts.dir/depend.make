# Empty dependencies file for timing_rsa_parts.
# This may be replaced when dependencies are built.
