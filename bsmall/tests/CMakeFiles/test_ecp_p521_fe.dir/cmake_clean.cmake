file(REMOVE_RECURSE
  "CMakeFiles/test_ecp_p521_fe.dir/ec/test_ecp_p521_fe.c.o"
  "CMakeFiles/test_ecp_p521_fe.dir/ec/test_ecp_p521_fe.c.o.d"
  "CMakeFiles/test_ecp_p521_fe.dir/entropy_host.c.o"
  "CMakeFiles/test_ecp_p521_fe.dir/entropy_host.c.o.d"
  "test_ecp_p521_fe"
  "test_ecp_p521_fe.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_ecp_p521_fe.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
