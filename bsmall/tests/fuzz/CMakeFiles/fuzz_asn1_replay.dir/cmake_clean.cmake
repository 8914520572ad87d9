file(REMOVE_RECURSE
  "CMakeFiles/fuzz_asn1_replay.dir/fuzz_asn1.c.o"
  "CMakeFiles/fuzz_asn1_replay.dir/fuzz_asn1.c.o.d"
  "CMakeFiles/fuzz_asn1_replay.dir/fuzz_driver.c.o"
  "CMakeFiles/fuzz_asn1_replay.dir/fuzz_driver.c.o.d"
  "fuzz_asn1_replay"
  "fuzz_asn1_replay.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/fuzz_asn1_replay.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
