file(REMOVE_RECURSE
  "CMakeFiles/bench_rsa.dir/bench_rsa.c.o"
  "CMakeFiles/bench_rsa.dir/bench_rsa.c.o.d"
  "bench_rsa"
  "bench_rsa.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/bench_rsa.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
