file(REMOVE_RECURSE
  "CMakeFiles/fuzz_bignum_openssl_replay.dir/fuzz_bignum_openssl.c.o"
  "CMakeFiles/fuzz_bignum_openssl_replay.dir/fuzz_bignum_openssl.c.o.d"
  "CMakeFiles/fuzz_bignum_openssl_replay.dir/fuzz_driver.c.o"
  "CMakeFiles/fuzz_bignum_openssl_replay.dir/fuzz_driver.c.o.d"
  "fuzz_bignum_openssl_replay"
  "fuzz_bignum_openssl_replay.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/fuzz_bignum_openssl_replay.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
