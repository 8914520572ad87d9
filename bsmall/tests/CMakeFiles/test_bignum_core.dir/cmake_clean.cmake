file(REMOVE_RECURSE
  "CMakeFiles/test_bignum_core.dir/bignum/test_bignum_core.c.o"
  "CMakeFiles/test_bignum_core.dir/bignum/test_bignum_core.c.o.d"
  "CMakeFiles/test_bignum_core.dir/entropy_host.c.o"
  "CMakeFiles/test_bignum_core.dir/entropy_host.c.o.d"
  "test_bignum_core"
  "test_bignum_core.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_bignum_core.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
