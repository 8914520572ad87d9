file(REMOVE_RECURSE
  "CMakeFiles/test_curve25519_fe.dir/curve25519/test_curve25519_fe.c.o"
  "CMakeFiles/test_curve25519_fe.dir/curve25519/test_curve25519_fe.c.o.d"
  "CMakeFiles/test_curve25519_fe.dir/entropy_host.c.o"
  "CMakeFiles/test_curve25519_fe.dir/entropy_host.c.o.d"
  "test_curve25519_fe"
  "test_curve25519_fe.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_curve25519_fe.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
