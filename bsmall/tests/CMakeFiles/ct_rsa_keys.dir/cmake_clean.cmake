file(REMOVE_RECURSE
  "CMakeFiles/ct_rsa_keys.dir/entropy_host.c.o"
  "CMakeFiles/ct_rsa_keys.dir/entropy_host.c.o.d"
  "CMakeFiles/ct_rsa_keys.dir/rsa/ct_rsa_keys.c.o"
  "CMakeFiles/ct_rsa_keys.dir/rsa/ct_rsa_keys.c.o.d"
  "ct_rsa_keys"
  "ct_rsa_keys.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/ct_rsa_keys.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
