
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/wt/lead/tests/fuzz/fuzz_driver.c" "tests/fuzz/CMakeFiles/fuzz_ec_key_replay.dir/fuzz_driver.c.o" "gcc" "tests/fuzz/CMakeFiles/fuzz_ec_key_replay.dir/fuzz_driver.c.o.d"
  "/work/wt/lead/tests/fuzz/fuzz_ec_key.c" "tests/fuzz/CMakeFiles/fuzz_ec_key_replay.dir/fuzz_ec_key.c.o" "gcc" "tests/fuzz/CMakeFiles/fuzz_ec_key_replay.dir/fuzz_ec_key.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/wt/lead/bsmall/CMakeFiles/tacit.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
