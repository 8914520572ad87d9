file(REMOVE_RECURSE
  "CMakeFiles/test_bignum_core_portable.dir/bignum/test_bignum_core_portable.c.o"
  "CMakeFiles/test_bignum_core_portable.dir/bignum/test_bignum_core_portable.c.o.d"
  "CMakeFiles/test_bignum_core_portable.dir/entropy_host.c.o"
  "CMakeFiles/test_bignum_core_portable.dir/entropy_host.c.o.d"
  "test_bignum_core_portable"
  "test_bignum_core_portable.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_bignum_core_portable.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
