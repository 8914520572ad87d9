file(REMOVE_RECURSE
  "CMakeFiles/ct_x25519_adx.dir/curve25519/ct_x25519_adx.c.o"
  "CMakeFiles/ct_x25519_adx.dir/curve25519/ct_x25519_adx.c.o.d"
  "CMakeFiles/ct_x25519_adx.dir/entropy_host.c.o"
  "CMakeFiles/ct_x25519_adx.dir/entropy_host.c.o.d"
  "ct_x25519_adx"
  "ct_x25519_adx.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/ct_x25519_adx.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
