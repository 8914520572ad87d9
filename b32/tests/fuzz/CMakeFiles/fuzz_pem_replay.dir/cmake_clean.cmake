file(REMOVE_RECURSE
  "CMakeFiles/fuzz_pem_replay.dir/fuzz_driver.c.o"
  "CMakeFiles/fuzz_pem_replay.dir/fuzz_driver.c.o.d"
  "CMakeFiles/fuzz_pem_replay.dir/fuzz_pem.c.o"
  "CMakeFiles/fuzz_pem_replay.dir/fuzz_pem.c.o.d"
  "fuzz_pem_replay"
  "fuzz_pem_replay.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/fuzz_pem_replay.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
