file(REMOVE_RECURSE
  "CMakeFiles/fuzz_x509_replay.dir/fuzz_driver.c.o"
  "CMakeFiles/fuzz_x509_replay.dir/fuzz_driver.c.o.d"
  "CMakeFiles/fuzz_x509_replay.dir/fuzz_x509.c.o"
  "CMakeFiles/fuzz_x509_replay.dir/fuzz_x509.c.o.d"
  "fuzz_x509_replay"
  "fuzz_x509_replay.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/fuzz_x509_replay.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
