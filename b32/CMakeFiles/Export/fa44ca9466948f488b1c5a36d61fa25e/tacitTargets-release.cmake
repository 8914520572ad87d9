#----------------------------------------------------------------
# Generated CMake target import file for configuration "Release".
#----------------------------------------------------------------

# Commands may need to know the format version.
set(CMAKE_IMPORT_FILE_VERSION 1)

# Import target "tacit::tacit" for configuration "Release"
set_property(TARGET tacit::tacit APPEND PROPERTY IMPORTED_CONFIGURATIONS RELEASE)
set_target_properties(tacit::tacit PROPERTIES
  IMPORTED_LINK_INTERFACE_LANGUAGES_RELEASE "C"
  IMPORTED_LOCATION_RELEASE "${_IMPORT_PREFIX}/lib/libtacit.a"
  )

list(APPEND _cmake_import_check_targets tacit::tacit )
list(APPEND _cmake_import_check_files_for_tacit::tacit "${_IMPORT_PREFIX}/lib/libtacit.a" )

# Commands beyond this point should not need to know the version.
set(CMAKE_IMPORT_FILE_VERSION)
