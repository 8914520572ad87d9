file(REMOVE_RECURSE
  "CMakeFiles/fuzz_ec_key_replay.dir/fuzz_driver.c.o"
  "CMakeFiles/fuzz_ec_key_replay.dir/fuzz_driver.c.o.d"
  "CMakeFiles/fuzz_ec_key_replay.dir/fuzz_ec_key.c.o"
  "CMakeFiles/fuzz_ec_key_replay.dir/fuzz_ec_key.c.o.d"
  "fuzz_ec_key_replay"
  "fuzz_ec_key_replay.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/fuzz_ec_key_replay.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
