file(REMOVE_RECURSE
  "CMakeFiles/tacit_bench.dir/bench.c.o"
  "CMakeFiles/tacit_bench.dir/bench.c.o.d"
  "CMakeFiles/tacit_bench.dir/registry.c.o"
  "CMakeFiles/tacit_bench.dir/registry.c.o.d"
  "CMakeFiles/tacit_bench.dir/rows_25519.c.o"
  "CMakeFiles/tacit_bench.dir/rows_25519.c.o.d"
  "CMakeFiles/tacit_bench.dir/rows_base64.c.o"
  "CMakeFiles/tacit_bench.dir/rows_base64.c.o.d"
  "CMakeFiles/tacit_bench.dir/rows_ecc.c.o"
  "CMakeFiles/tacit_bench.dir/rows_ecc.c.o.d"
  "CMakeFiles/tacit_bench.dir/rows_exp_mod.c.o"
  "CMakeFiles/tacit_bench.dir/rows_exp_mod.c.o.d"
  "CMakeFiles/tacit_bench.dir/rows_inv.c.o"
  "CMakeFiles/tacit_bench.dir/rows_inv.c.o.d"
  "CMakeFiles/tacit_bench.dir/rows_rsa.c.o"
  "CMakeFiles/tacit_bench.dir/rows_rsa.c.o.d"
  "CMakeFiles/tacit_bench.dir/rows_sha.c.o"
  "CMakeFiles/tacit_bench.dir/rows_sha.c.o.d"
  "CMakeFiles/tacit_bench.dir/rows_x509.c.o"
  "CMakeFiles/tacit_bench.dir/rows_x509.c.o.d"
  "libtacit_bench.a"
  "libtacit_bench.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/tacit_bench.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
