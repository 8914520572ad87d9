file(REMOVE_RECURSE
  "CMakeFiles/test_rng_fork.dir/entropy_host.c.o"
  "CMakeFiles/test_rng_fork.dir/entropy_host.c.o.d"
  "CMakeFiles/test_rng_fork.dir/rng/test_rng_fork.c.o"
  "CMakeFiles/test_rng_fork.dir/rng/test_rng_fork.c.o.d"
  "test_rng_fork"
  "test_rng_fork.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_rng_fork.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
