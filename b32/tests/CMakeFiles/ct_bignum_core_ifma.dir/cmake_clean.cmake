file(REMOVE_RECURSE
  "CMakeFiles/ct_bignum_core_ifma.dir/bignum/ct_bignum_core_ifma.c.o"
  "CMakeFiles/ct_bignum_core_ifma.dir/bignum/ct_bignum_core_ifma.c.o.d"
  "CMakeFiles/ct_bignum_core_ifma.dir/entropy_host.c.o"
  "CMakeFiles/ct_bignum_core_ifma.dir/entropy_host.c.o.d"
  "ct_bignum_core_ifma"
  "ct_bignum_core_ifma.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/ct_bignum_core_ifma.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
