file(REMOVE_RECURSE
  "CMakeFiles/test_pk.dir/entropy_host.c.o"
  "CMakeFiles/test_pk.dir/entropy_host.c.o.d"
  "CMakeFiles/test_pk.dir/pk/test_pk.c.o"
  "CMakeFiles/test_pk.dir/pk/test_pk.c.o.d"
  "test_pk"
  "test_pk.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_pk.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
