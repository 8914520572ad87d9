file(REMOVE_RECURSE
  "CMakeFiles/ct_bignum.dir/bignum/ct_bignum.c.o"
  "CMakeFiles/ct_bignum.dir/bignum/ct_bignum.c.o.d"
  "CMakeFiles/ct_bignum.dir/entropy_host.c.o"
  "CMakeFiles/ct_bignum.dir/entropy_host.c.o.d"
  "ct_bignum"
  "ct_bignum.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/ct_bignum.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
