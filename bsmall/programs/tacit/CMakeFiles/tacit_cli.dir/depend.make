# Empty dependencies file for tacit_cli.
# This may be replaced when dependencies are built.
