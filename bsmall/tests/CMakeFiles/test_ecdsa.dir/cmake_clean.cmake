file(REMOVE_RECURSE
  "CMakeFiles/test_ecdsa.dir/ec/test_ecdsa.c.o"
  "CMakeFiles/test_ecdsa.dir/ec/test_ecdsa.c.o.d"
  "CMakeFiles/test_ecdsa.dir/entropy_host.c.o"
  "CMakeFiles/test_ecdsa.dir/entropy_host.c.o.d"
  "test_ecdsa"
  "test_ecdsa.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_ecdsa.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
