file(REMOVE_RECURSE
  "CMakeFiles/test_asn1.dir/encoding/test_asn1.c.o"
  "CMakeFiles/test_asn1.dir/encoding/test_asn1.c.o.d"
  "CMakeFiles/test_asn1.dir/entropy_host.c.o"
  "CMakeFiles/test_asn1.dir/entropy_host.c.o.d"
  "test_asn1"
  "test_asn1.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_asn1.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
