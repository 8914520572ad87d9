file(REMOVE_RECURSE
  "CMakeFiles/test_bignum.dir/bignum/test_bignum.c.o"
  "CMakeFiles/test_bignum.dir/bignum/test_bignum.c.o.d"
  "CMakeFiles/test_bignum.dir/entropy_host.c.o"
  "CMakeFiles/test_bignum.dir/entropy_host.c.o.d"
  "test_bignum"
  "test_bignum.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_bignum.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
