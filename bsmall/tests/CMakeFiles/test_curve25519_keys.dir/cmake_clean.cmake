file(REMOVE_RECURSE
  "CMakeFiles/test_curve25519_keys.dir/curve25519/test_curve25519_keys.c.o"
  "CMakeFiles/test_curve25519_keys.dir/curve25519/test_curve25519_keys.c.o.d"
  "CMakeFiles/test_curve25519_keys.dir/entropy_host.c.o"
  "CMakeFiles/test_curve25519_keys.dir/entropy_host.c.o.d"
  "test_curve25519_keys"
  "test_curve25519_keys.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_curve25519_keys.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
