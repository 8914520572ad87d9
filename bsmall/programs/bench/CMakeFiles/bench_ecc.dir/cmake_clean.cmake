file(REMOVE_RECURSE
  "CMakeFiles/bench_ecc.dir/bench_ecc.c.o"
  "CMakeFiles/bench_ecc.dir/bench_ecc.c.o.d"
  "bench_ecc"
  "bench_ecc.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/bench_ecc.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
