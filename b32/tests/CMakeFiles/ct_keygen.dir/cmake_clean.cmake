file(REMOVE_RECURSE
  "CMakeFiles/ct_keygen.dir/entropy_host.c.o"
  "CMakeFiles/ct_keygen.dir/entropy_host.c.o.d"
  "CMakeFiles/ct_keygen.dir/rsa/ct_keygen.c.o"
  "CMakeFiles/ct_keygen.dir/rsa/ct_keygen.c.o.d"
  "ct_keygen"
  "ct_keygen.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/ct_keygen.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
