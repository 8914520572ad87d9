
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/wt/lead/programs/bench/bench.c" "programs/bench/CMakeFiles/tacit_bench.dir/bench.c.o" "gcc" "programs/bench/CMakeFiles/tacit_bench.dir/bench.c.o.d"
  "/work/wt/lead/programs/bench/registry.c" "programs/bench/CMakeFiles/tacit_bench.dir/registry.c.o" "gcc" "programs/bench/CMakeFiles/tacit_bench.dir/registry.c.o.d"
  "/work/wt/lead/programs/bench/rows_25519.c" "programs/bench/CMakeFiles/tacit_bench.dir/rows_25519.c.o" "gcc" "programs/bench/CMakeFiles/tacit_bench.dir/rows_25519.c.o.d"
  "/work/wt/lead/programs/bench/rows_base64.c" "programs/bench/CMakeFiles/tacit_bench.dir/rows_base64.c.o" "gcc" "programs/bench/CMakeFiles/tacit_bench.dir/rows_base64.c.o.d"
  "/work/wt/lead/programs/bench/rows_ecc.c" "programs/bench/CMakeFiles/tacit_bench.dir/rows_ecc.c.o" "gcc" "programs/bench/CMakeFiles/tacit_bench.dir/rows_ecc.c.o.d"
  "/work/wt/lead/programs/bench/rows_exp_mod.c" "programs/bench/CMakeFiles/tacit_bench.dir/rows_exp_mod.c.o" "gcc" "programs/bench/CMakeFiles/tacit_bench.dir/rows_exp_mod.c.o.d"
  "/work/wt/lead/programs/bench/rows_inv.c" "programs/bench/CMakeFiles/tacit_bench.dir/rows_inv.c.o" "gcc" "programs/bench/CMakeFiles/tacit_bench.dir/rows_inv.c.o.d"
  "/work/wt/lead/programs/bench/rows_rsa.c" "programs/bench/CMakeFiles/tacit_bench.dir/rows_rsa.c.o" "gcc" "programs/bench/CMakeFiles/tacit_bench.dir/rows_rsa.c.o.d"
  "/work/wt/lead/programs/bench/rows_sha.c" "programs/bench/CMakeFiles/tacit_bench.dir/rows_sha.c.o" "gcc" "programs/bench/CMakeFiles/tacit_bench.dir/rows_sha.c.o.d"
  "/work/wt/lead/programs/bench/rows_x509.c" "programs/bench/CMakeFiles/tacit_bench.dir/rows_x509.c.o" "gcc" "programs/bench/CMakeFiles/tacit_bench.dir/rows_x509.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/wt/lead/b32/CMakeFiles/tacit.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
