file(REMOVE_RECURSE
  "CMakeFiles/ct_hmac.dir/entropy_host.c.o"
  "CMakeFiles/ct_hmac.dir/entropy_host.c.o.d"
  "CMakeFiles/ct_hmac.dir/hash/ct_hmac.c.o"
  "CMakeFiles/ct_hmac.dir/hash/ct_hmac.c.o.d"
  "ct_hmac"
  "ct_hmac.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/ct_hmac.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
