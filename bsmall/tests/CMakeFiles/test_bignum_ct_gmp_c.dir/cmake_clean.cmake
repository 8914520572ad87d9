file(REMOVE_RECURSE
  "CMakeFiles/test_bignum_ct_gmp_c.dir/bignum/test_bignum_ct_gmp_c.c.o"
  "CMakeFiles/test_bignum_ct_gmp_c.dir/bignum/test_bignum_ct_gmp_c.c.o.d"
  "CMakeFiles/test_bignum_ct_gmp_c.dir/entropy_host.c.o"
  "CMakeFiles/test_bignum_ct_gmp_c.dir/entropy_host.c.o.d"
  "test_bignum_ct_gmp_c"
  "test_bignum_ct_gmp_c.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_bignum_ct_gmp_c.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
