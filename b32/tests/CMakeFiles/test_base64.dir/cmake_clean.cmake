file(REMOVE_RECURSE
  "CMakeFiles/test_base64.dir/encoding/test_base64.c.o"
  "CMakeFiles/test_base64.dir/encoding/test_base64.c.o.d"
  "CMakeFiles/test_base64.dir/entropy_host.c.o"
  "CMakeFiles/test_base64.dir/entropy_host.c.o.d"
  "test_base64"
  "test_base64.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_base64.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
