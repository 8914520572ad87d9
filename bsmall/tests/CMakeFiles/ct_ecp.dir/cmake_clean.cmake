file(REMOVE_RECURSE
  "CMakeFiles/ct_ecp.dir/ec/ct_ecp.c.o"
  "CMakeFiles/ct_ecp.dir/ec/ct_ecp.c.o.d"
  "CMakeFiles/ct_ecp.dir/entropy_host.c.o"
  "CMakeFiles/ct_ecp.dir/entropy_host.c.o.d"
  "ct_ecp"
  "ct_ecp.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/ct_ecp.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
