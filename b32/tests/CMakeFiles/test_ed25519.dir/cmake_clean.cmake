file(REMOVE_RECURSE
  "CMakeFiles/test_ed25519.dir/curve25519/test_ed25519.c.o"
  "CMakeFiles/test_ed25519.dir/curve25519/test_ed25519.c.o.d"
  "CMakeFiles/test_ed25519.dir/entropy_host.c.o"
  "CMakeFiles/test_ed25519.dir/entropy_host.c.o.d"
  "test_ed25519"
  "test_ed25519.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_ed25519.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
