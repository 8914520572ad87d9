/* Shared declarations of the tacit tool's subcommands. */
#ifndef TACIT_CLI_H
#define TACIT_CLI_H

/* Exit codes: 0 success, 1 verification failure, 2 usage, 3 input/crypto error. */
#define CLI_OK 0
#define CLI_VERIFY_FAILED 1
#define CLI_USAGE 2
#define CLI_ERROR 3

/* Every subcommand: argv[0] is the subcommand's name. */
int cmd_speed(int argc, char **argv);

#endif /* TACIT_CLI_H */
