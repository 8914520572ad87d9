file(REMOVE_RECURSE
  "CMakeFiles/test_bignum_gmp.dir/bignum/test_bignum_gmp.c.o"
  "CMakeFiles/test_bignum_gmp.dir/bignum/test_bignum_gmp.c.o.d"
  "CMakeFiles/test_bignum_gmp.dir/entropy_host.c.o"
  "CMakeFiles/test_bignum_gmp.dir/entropy_host.c.o.d"
  "test_bignum_gmp"
  "test_bignum_gmp.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_bignum_gmp.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
