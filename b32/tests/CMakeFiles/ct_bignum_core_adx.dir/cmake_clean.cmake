file(REMOVE_RECURSE
  "CMakeFiles/ct_bignum_core_adx.dir/bignum/ct_bignum_core_adx.c.o"
  "CMakeFiles/ct_bignum_core_adx.dir/bignum/ct_bignum_core_adx.c.o.d"
  "CMakeFiles/ct_bignum_core_adx.dir/entropy_host.c.o"
  "CMakeFiles/ct_bignum_core_adx.dir/entropy_host.c.o.d"
  "ct_bignum_core_adx"
  "ct_bignum_core_adx.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/ct_bignum_core_adx.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
