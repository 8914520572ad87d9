file(REMOVE_RECURSE
  "CMakeFiles/test_ecdh.dir/ec/test_ecdh.c.o"
  "CMakeFiles/test_ecdh.dir/ec/test_ecdh.c.o.d"
  "CMakeFiles/test_ecdh.dir/entropy_host.c.o"
  "CMakeFiles/test_ecdh.dir/entropy_host.c.o.d"
  "test_ecdh"
  "test_ecdh.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_ecdh.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
