file(REMOVE_RECURSE
  "CMakeFiles/bench_exp_mod.dir/bench_exp_mod.c.o"
  "CMakeFiles/bench_exp_mod.dir/bench_exp_mod.c.o.d"
  "bench_exp_mod"
  "bench_exp_mod.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/bench_exp_mod.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
