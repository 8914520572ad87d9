file(REMOVE_RECURSE
  "CMakeFiles/test_rsa.dir/entropy_host.c.o"
  "CMakeFiles/test_rsa.dir/entropy_host.c.o.d"
  "CMakeFiles/test_rsa.dir/rsa/test_rsa.c.o"
  "CMakeFiles/test_rsa.dir/rsa/test_rsa.c.o.d"
  "test_rsa"
  "test_rsa.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_rsa.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
