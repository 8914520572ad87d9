file(REMOVE_RECURSE
  "CMakeFiles/ct_rsa.dir/entropy_host.c.o"
  "CMakeFiles/ct_rsa.dir/entropy_host.c.o.d"
  "CMakeFiles/ct_rsa.dir/rsa/ct_rsa.c.o"
  "CMakeFiles/ct_rsa.dir/rsa/ct_rsa.c.o.d"
  "ct_rsa"
  "ct_rsa.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/ct_rsa.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
