file(REMOVE_RECURSE
  "CMakeFiles/fuzz_sig_openssl_replay.dir/fuzz_driver.c.o"
  "CMakeFiles/fuzz_sig_openssl_replay.dir/fuzz_driver.c.o.d"
  "CMakeFiles/fuzz_sig_openssl_replay.dir/fuzz_sig_openssl.c.o"
  "CMakeFiles/fuzz_sig_openssl_replay.dir/fuzz_sig_openssl.c.o.d"
  "fuzz_sig_openssl_replay"
  "fuzz_sig_openssl_replay.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/fuzz_sig_openssl_replay.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
