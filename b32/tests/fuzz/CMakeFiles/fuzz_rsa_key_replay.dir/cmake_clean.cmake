file(REMOVE_RECURSE
  "CMakeFiles/fuzz_rsa_key_replay.dir/fuzz_driver.c.o"
  "CMakeFiles/fuzz_rsa_key_replay.dir/fuzz_driver.c.o.d"
  "CMakeFiles/fuzz_rsa_key_replay.dir/fuzz_rsa_key.c.o"
  "CMakeFiles/fuzz_rsa_key_replay.dir/fuzz_rsa_key.c.o.d"
  "fuzz_rsa_key_replay"
  "fuzz_rsa_key_replay.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/fuzz_rsa_key_replay.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
