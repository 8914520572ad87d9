file(REMOVE_RECURSE
  "CMakeFiles/test_bignum_ct_gmp.dir/bignum/test_bignum_ct_gmp.c.o"
  "CMakeFiles/test_bignum_ct_gmp.dir/bignum/test_bignum_ct_gmp.c.o.d"
  "CMakeFiles/test_bignum_ct_gmp.dir/entropy_host.c.o"
  "CMakeFiles/test_bignum_ct_gmp.dir/entropy_host.c.o.d"
  "test_bignum_ct_gmp"
  "test_bignum_ct_gmp.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_bignum_ct_gmp.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
