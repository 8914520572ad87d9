file(REMOVE_RECURSE
  "CMakeFiles/test_sha.dir/entropy_host.c.o"
  "CMakeFiles/test_sha.dir/entropy_host.c.o.d"
  "CMakeFiles/test_sha.dir/hash/test_sha.c.o"
  "CMakeFiles/test_sha.dir/hash/test_sha.c.o.d"
  "test_sha"
  "test_sha.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_sha.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
