
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/wt/lead/tests/ec/ct_ecp.c" "tests/CMakeFiles/ct_ecp.dir/ec/ct_ecp.c.o" "gcc" "tests/CMakeFiles/ct_ecp.dir/ec/ct_ecp.c.o.d"
  "/work/wt/lead/tests/entropy_host.c" "tests/CMakeFiles/ct_ecp.dir/entropy_host.c.o" "gcc" "tests/CMakeFiles/ct_ecp.dir/entropy_host.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/wt/lead/bsmall/CMakeFiles/tacit.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
