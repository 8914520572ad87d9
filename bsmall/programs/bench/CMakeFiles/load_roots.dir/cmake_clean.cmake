file(REMOVE_RECURSE
  "CMakeFiles/load_roots.dir/load_roots.c.o"
  "CMakeFiles/load_roots.dir/load_roots.c.o.d"
  "load_roots"
  "load_roots.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/load_roots.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
