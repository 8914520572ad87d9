file(REMOVE_RECURSE
  "CMakeFiles/test_bignum_core_paths.dir/bignum/test_bignum_core_paths.c.o"
  "CMakeFiles/test_bignum_core_paths.dir/bignum/test_bignum_core_paths.c.o.d"
  "CMakeFiles/test_bignum_core_paths.dir/entropy_host.c.o"
  "CMakeFiles/test_bignum_core_paths.dir/entropy_host.c.o.d"
  "test_bignum_core_paths"
  "test_bignum_core_paths.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_bignum_core_paths.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
