file(REMOVE_RECURSE
  "CMakeFiles/test_hmac.dir/entropy_host.c.o"
  "CMakeFiles/test_hmac.dir/entropy_host.c.o.d"
  "CMakeFiles/test_hmac.dir/hash/test_hmac.c.o"
  "CMakeFiles/test_hmac.dir/hash/test_hmac.c.o.d"
  "test_hmac"
  "test_hmac.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_hmac.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
