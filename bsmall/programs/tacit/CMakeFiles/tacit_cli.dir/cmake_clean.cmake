file(REMOVE_RECURSE
  "CMakeFiles/tacit_cli.dir/cli_args.c.o"
  "CMakeFiles/tacit_cli.dir/cli_args.c.o.d"
  "CMakeFiles/tacit_cli.dir/cli_errors.c.o"
  "CMakeFiles/tacit_cli.dir/cli_errors.c.o.d"
  "CMakeFiles/tacit_cli.dir/cli_io.c.o"
  "CMakeFiles/tacit_cli.dir/cli_io.c.o.d"
  "CMakeFiles/tacit_cli.dir/cli_key.c.o"
  "CMakeFiles/tacit_cli.dir/cli_key.c.o.d"
  "CMakeFiles/tacit_cli.dir/cmd_base64.c.o"
  "CMakeFiles/tacit_cli.dir/cmd_base64.c.o.d"
  "CMakeFiles/tacit_cli.dir/cmd_ecdh.c.o"
  "CMakeFiles/tacit_cli.dir/cmd_ecdh.c.o.d"
  "CMakeFiles/tacit_cli.dir/cmd_encrypt.c.o"
  "CMakeFiles/tacit_cli.dir/cmd_encrypt.c.o.d"
  "CMakeFiles/tacit_cli.dir/cmd_genkey.c.o"
  "CMakeFiles/tacit_cli.dir/cmd_genkey.c.o.d"
  "CMakeFiles/tacit_cli.dir/cmd_pubkey.c.o"
  "CMakeFiles/tacit_cli.dir/cmd_pubkey.c.o.d"
  "CMakeFiles/tacit_cli.dir/cmd_sign.c.o"
  "CMakeFiles/tacit_cli.dir/cmd_sign.c.o.d"
  "CMakeFiles/tacit_cli.dir/cmd_speed.c.o"
  "CMakeFiles/tacit_cli.dir/cmd_speed.c.o.d"
  "CMakeFiles/tacit_cli.dir/cmd_verify.c.o"
  "CMakeFiles/tacit_cli.dir/cmd_verify.c.o.d"
  "CMakeFiles/tacit_cli.dir/cmd_x509.c.o"
  "CMakeFiles/tacit_cli.dir/cmd_x509.c.o.d"
  "CMakeFiles/tacit_cli.dir/main.c.o"
  "CMakeFiles/tacit_cli.dir/main.c.o.d"
  "tacit"
  "tacit.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/tacit_cli.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
