file(REMOVE_RECURSE
  "CMakeFiles/timing_leaks.dir/timing_leaks.c.o"
  "CMakeFiles/timing_leaks.dir/timing_leaks.c.o.d"
  "CMakeFiles/timing_leaks.dir/tl_rsa.c.o"
  "CMakeFiles/timing_leaks.dir/tl_rsa.c.o.d"
  "CMakeFiles/timing_leaks.dir/tl_stats.c.o"
  "CMakeFiles/timing_leaks.dir/tl_stats.c.o.d"
  "CMakeFiles/timing_leaks.dir/tl_targets.c.o"
  "CMakeFiles/timing_leaks.dir/tl_targets.c.o.d"
  "timing_leaks"
  "timing_leaks.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/timing_leaks.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
