file(REMOVE_RECURSE
  "CMakeFiles/test_rsa_pkcs1_ir.dir/entropy_host.c.o"
  "CMakeFiles/test_rsa_pkcs1_ir.dir/entropy_host.c.o.d"
  "CMakeFiles/test_rsa_pkcs1_ir.dir/rsa/test_rsa_pkcs1_ir.c.o"
  "CMakeFiles/test_rsa_pkcs1_ir.dir/rsa/test_rsa_pkcs1_ir.c.o.d"
  "test_rsa_pkcs1_ir"
  "test_rsa_pkcs1_ir.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_rsa_pkcs1_ir.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
