# Empty compiler generated dependencies file for test_ecp_p521_fe.
# This may be replaced when dependencies are built.
