
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/wt/lead/programs/timing_leaks/timing_leaks.c" "programs/timing_leaks/CMakeFiles/timing_leaks.dir/timing_leaks.c.o" "gcc" "programs/timing_leaks/CMakeFiles/timing_leaks.dir/timing_leaks.c.o.d"
  "/work/wt/lead/programs/timing_leaks/tl_rsa.c" "programs/timing_leaks/CMakeFiles/timing_leaks.dir/tl_rsa.c.o" "gcc" "programs/timing_leaks/CMakeFiles/timing_leaks.dir/tl_rsa.c.o.d"
  "/work/wt/lead/programs/timing_leaks/tl_stats.c" "programs/timing_leaks/CMakeFiles/timing_leaks.dir/tl_stats.c.o" "gcc" "programs/timing_leaks/CMakeFiles/timing_leaks.dir/tl_stats.c.o.d"
  "/work/wt/lead/programs/timing_leaks/tl_targets.c" "programs/timing_leaks/CMakeFiles/timing_leaks.dir/tl_targets.c.o" "gcc" "programs/timing_leaks/CMakeFiles/timing_leaks.dir/tl_targets.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/wt/lead/bsmall/CMakeFiles/tacit.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
