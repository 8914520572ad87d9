file(REMOVE_RECURSE
  "CMakeFiles/ct_ed25519.dir/curve25519/ct_ed25519.c.o"
  "CMakeFiles/ct_ed25519.dir/curve25519/ct_ed25519.c.o.d"
  "CMakeFiles/ct_ed25519.dir/entropy_host.c.o"
  "CMakeFiles/ct_ed25519.dir/entropy_host.c.o.d"
  "ct_ed25519"
  "ct_ed25519.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/ct_ed25519.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
