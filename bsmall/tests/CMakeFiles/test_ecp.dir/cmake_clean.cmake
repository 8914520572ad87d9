file(REMOVE_RECURSE
  "CMakeFiles/test_ecp.dir/ec/test_ecp.c.o"
  "CMakeFiles/test_ecp.dir/ec/test_ecp.c.o.d"
  "CMakeFiles/test_ecp.dir/entropy_host.c.o"
  "CMakeFiles/test_ecp.dir/entropy_host.c.o.d"
  "test_ecp"
  "test_ecp.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_ecp.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
