file(REMOVE_RECURSE
  "CMakeFiles/test_rsa_vectors.dir/entropy_host.c.o"
  "CMakeFiles/test_rsa_vectors.dir/entropy_host.c.o.d"
  "CMakeFiles/test_rsa_vectors.dir/rsa/test_rsa_vectors.c.o"
  "CMakeFiles/test_rsa_vectors.dir/rsa/test_rsa_vectors.c.o.d"
  "test_rsa_vectors"
  "test_rsa_vectors.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_rsa_vectors.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
