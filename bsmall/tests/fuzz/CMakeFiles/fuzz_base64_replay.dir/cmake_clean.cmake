file(REMOVE_RECURSE
  "CMakeFiles/fuzz_base64_replay.dir/fuzz_base64.c.o"
  "CMakeFiles/fuzz_base64_replay.dir/fuzz_base64.c.o.d"
  "CMakeFiles/fuzz_base64_replay.dir/fuzz_driver.c.o"
  "CMakeFiles/fuzz_base64_replay.dir/fuzz_driver.c.o.d"
  "fuzz_base64_replay"
  "fuzz_base64_replay.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/fuzz_base64_replay.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
