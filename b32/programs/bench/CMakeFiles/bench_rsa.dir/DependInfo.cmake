
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/wt/lead/programs/bench/bench_rsa.c" "programs/bench/CMakeFiles/bench_rsa.dir/bench_rsa.c.o" "gcc" "programs/bench/CMakeFiles/bench_rsa.dir/bench_rsa.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/wt/lead/b32/programs/bench/CMakeFiles/tacit_bench.dir/DependInfo.cmake"
  "/work/wt/lead/b32/CMakeFiles/tacit.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
