file(REMOVE_RECURSE
  "CMakeFiles/test_x509.dir/entropy_host.c.o"
  "CMakeFiles/test_x509.dir/entropy_host.c.o.d"
  "CMakeFiles/test_x509.dir/x509/test_x509.c.o"
  "CMakeFiles/test_x509.dir/x509/test_x509.c.o.d"
  "test_x509"
  "test_x509.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_x509.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
