file(REMOVE_RECURSE
  "CMakeFiles/test_hmac_drbg.dir/entropy_host.c.o"
  "CMakeFiles/test_hmac_drbg.dir/entropy_host.c.o.d"
  "CMakeFiles/test_hmac_drbg.dir/rng/test_hmac_drbg.c.o"
  "CMakeFiles/test_hmac_drbg.dir/rng/test_hmac_drbg.c.o.d"
  "test_hmac_drbg"
  "test_hmac_drbg.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_hmac_drbg.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
