
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/wt/lead/programs/tacit/cli_args.c" "programs/tacit/CMakeFiles/tacit_cli.dir/cli_args.c.o" "gcc" "programs/tacit/CMakeFiles/tacit_cli.dir/cli_args.c.o.d"
  "/work/wt/lead/programs/tacit/cli_errors.c" "programs/tacit/CMakeFiles/tacit_cli.dir/cli_errors.c.o" "gcc" "programs/tacit/CMakeFiles/tacit_cli.dir/cli_errors.c.o.d"
  "/work/wt/lead/programs/tacit/cli_io.c" "programs/tacit/CMakeFiles/tacit_cli.dir/cli_io.c.o" "gcc" "programs/tacit/CMakeFiles/tacit_cli.dir/cli_io.c.o.d"
  "/work/wt/lead/programs/tacit/cli_key.c" "programs/tacit/CMakeFiles/tacit_cli.dir/cli_key.c.o" "gcc" "programs/tacit/CMakeFiles/tacit_cli.dir/cli_key.c.o.d"
  "/work/wt/lead/programs/tacit/cmd_base64.c" "programs/tacit/CMakeFiles/tacit_cli.dir/cmd_base64.c.o" "gcc" "programs/tacit/CMakeFiles/tacit_cli.dir/cmd_base64.c.o.d"
  "/work/wt/lead/programs/tacit/cmd_ecdh.c" "programs/tacit/CMakeFiles/tacit_cli.dir/cmd_ecdh.c.o" "gcc" "programs/tacit/CMakeFiles/tacit_cli.dir/cmd_ecdh.c.o.d"
  "/work/wt/lead/programs/tacit/cmd_encrypt.c" "programs/tacit/CMakeFiles/tacit_cli.dir/cmd_encrypt.c.o" "gcc" "programs/tacit/CMakeFiles/tacit_cli.dir/cmd_encrypt.c.o.d"
  "/work/wt/lead/programs/tacit/cmd_genkey.c" "programs/tacit/CMakeFiles/tacit_cli.dir/cmd_genkey.c.o" "gcc" "programs/tacit/CMakeFiles/tacit_cli.dir/cmd_genkey.c.o.d"
  "/work/wt/lead/programs/tacit/cmd_pubkey.c" "programs/tacit/CMakeFiles/tacit_cli.dir/cmd_pubkey.c.o" "gcc" "programs/tacit/CMakeFiles/tacit_cli.dir/cmd_pubkey.c.o.d"
  "/work/wt/lead/programs/tacit/cmd_sign.c" "programs/tacit/CMakeFiles/tacit_cli.dir/cmd_sign.c.o" "gcc" "programs/tacit/CMakeFiles/tacit_cli.dir/cmd_sign.c.o.d"
  "/work/wt/lead/programs/tacit/cmd_speed.c" "programs/tacit/CMakeFiles/tacit_cli.dir/cmd_speed.c.o" "gcc" "programs/tacit/CMakeFiles/tacit_cli.dir/cmd_speed.c.o.d"
  "/work/wt/lead/programs/tacit/cmd_verify.c" "programs/tacit/CMakeFiles/tacit_cli.dir/cmd_verify.c.o" "gcc" "programs/tacit/CMakeFiles/tacit_cli.dir/cmd_verify.c.o.d"
  "/work/wt/lead/programs/tacit/cmd_x509.c" "programs/tacit/CMakeFiles/tacit_cli.dir/cmd_x509.c.o" "gcc" "programs/tacit/CMakeFiles/tacit_cli.dir/cmd_x509.c.o.d"
  "/work/wt/lead/programs/tacit/main.c" "programs/tacit/CMakeFiles/tacit_cli.dir/main.c.o" "gcc" "programs/tacit/CMakeFiles/tacit_cli.dir/main.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/wt/lead/bsmall/CMakeFiles/tacit.dir/DependInfo.cmake"
  "/work/wt/lead/bsmall/programs/bench/CMakeFiles/tacit_bench.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
