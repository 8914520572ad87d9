file(REMOVE_RECURSE
  "CMakeFiles/timing_rsa_parts.dir/__/programs/timing_leaks/tl_stats.c.o"
  "CMakeFiles/timing_rsa_parts.dir/__/programs/timing_leaks/tl_stats.c.o.d"
  "CMakeFiles/timing_rsa_parts.dir/entropy_host.c.o"
  "CMakeFiles/timing_rsa_parts.dir/entropy_host.c.o.d"
  "CMakeFiles/timing_rsa_parts.dir/rsa/timing_rsa_parts.c.o"
  "CMakeFiles/timing_rsa_parts.dir/rsa/timing_rsa_parts.c.o.d"
  "timing_rsa_parts"
  "timing_rsa_parts.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/timing_rsa_parts.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
