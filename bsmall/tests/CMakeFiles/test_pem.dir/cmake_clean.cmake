file(REMOVE_RECURSE
  "CMakeFiles/test_pem.dir/encoding/test_pem.c.o"
  "CMakeFiles/test_pem.dir/encoding/test_pem.c.o.d"
  "CMakeFiles/test_pem.dir/entropy_host.c.o"
  "CMakeFiles/test_pem.dir/entropy_host.c.o.d"
  "test_pem"
  "test_pem.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_pem.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
