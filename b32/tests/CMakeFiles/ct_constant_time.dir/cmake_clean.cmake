file(REMOVE_RECURSE
  "CMakeFiles/ct_constant_time.dir/core/ct_constant_time.c.o"
  "CMakeFiles/ct_constant_time.dir/core/ct_constant_time.c.o.d"
  "CMakeFiles/ct_constant_time.dir/entropy_host.c.o"
  "CMakeFiles/ct_constant_time.dir/entropy_host.c.o.d"
  "ct_constant_time"
  "ct_constant_time.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/ct_constant_time.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
