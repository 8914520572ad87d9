file(REMOVE_RECURSE
  "CMakeFiles/test_md.dir/entropy_host.c.o"
  "CMakeFiles/test_md.dir/entropy_host.c.o.d"
  "CMakeFiles/test_md.dir/hash/test_md.c.o"
  "CMakeFiles/test_md.dir/hash/test_md.c.o.d"
  "test_md"
  "test_md.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_md.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
