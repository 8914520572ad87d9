file(REMOVE_RECURSE
  "CMakeFiles/fuzz_pk_replay.dir/fuzz_driver.c.o"
  "CMakeFiles/fuzz_pk_replay.dir/fuzz_driver.c.o.d"
  "CMakeFiles/fuzz_pk_replay.dir/fuzz_pk.c.o"
  "CMakeFiles/fuzz_pk_replay.dir/fuzz_pk.c.o.d"
  "fuzz_pk_replay"
  "fuzz_pk_replay.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/fuzz_pk_replay.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
