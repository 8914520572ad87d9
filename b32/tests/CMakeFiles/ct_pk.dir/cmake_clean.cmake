file(REMOVE_RECURSE
  "CMakeFiles/ct_pk.dir/entropy_host.c.o"
  "CMakeFiles/ct_pk.dir/entropy_host.c.o.d"
  "CMakeFiles/ct_pk.dir/pk/ct_pk.c.o"
  "CMakeFiles/ct_pk.dir/pk/ct_pk.c.o.d"
  "ct_pk"
  "ct_pk.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/ct_pk.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
