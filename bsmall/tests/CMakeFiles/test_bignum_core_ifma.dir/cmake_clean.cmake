file(REMOVE_RECURSE
  "CMakeFiles/test_bignum_core_ifma.dir/bignum/test_bignum_core_ifma.c.o"
  "CMakeFiles/test_bignum_core_ifma.dir/bignum/test_bignum_core_ifma.c.o.d"
  "CMakeFiles/test_bignum_core_ifma.dir/entropy_host.c.o"
  "CMakeFiles/test_bignum_core_ifma.dir/entropy_host.c.o.d"
  "test_bignum_core_ifma"
  "test_bignum_core_ifma.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_bignum_core_ifma.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
