file(REMOVE_RECURSE
  "CMakeFiles/ct_base64.dir/encoding/ct_base64.c.o"
  "CMakeFiles/ct_base64.dir/encoding/ct_base64.c.o.d"
  "CMakeFiles/ct_base64.dir/entropy_host.c.o"
  "CMakeFiles/ct_base64.dir/entropy_host.c.o.d"
  "ct_base64"
  "ct_base64.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/ct_base64.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
