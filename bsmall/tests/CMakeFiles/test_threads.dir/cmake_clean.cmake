file(REMOVE_RECURSE
  "CMakeFiles/test_threads.dir/core/test_threads.c.o"
  "CMakeFiles/test_threads.dir/core/test_threads.c.o.d"
  "CMakeFiles/test_threads.dir/entropy_host.c.o"
  "CMakeFiles/test_threads.dir/entropy_host.c.o.d"
  "test_threads"
  "test_threads.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_threads.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
