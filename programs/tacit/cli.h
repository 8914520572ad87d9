/*
 * Shared declarations of the tacit tool: exit codes, the option parser every
 * subcommand uses, file/stdin/stdout helpers and key loading.
 *
 * Conventions, for every subcommand:
 *   - `-h`/`--help` prints the usage on stdout and exits 0;
 *   - input defaults to stdin, output to stdout ("-" also means them);
 *   - a problem is reported as ONE line on stderr, "tacit CMD: what went wrong";
 *   - exit codes: 0 success, 1 verification failure, 2 usage, 3 input/crypto error.
 */
#ifndef TACIT_CLI_H
#define TACIT_CLI_H

#include <stddef.h>

#include "tacit/config.h"

/* Exit codes: 0 success, 1 verification failure, 2 usage, 3 input/crypto error. */
#define CLI_OK 0
#define CLI_VERIFY_FAILED 1
#define CLI_USAGE 2
#define CLI_ERROR 3

/* Every subcommand: argv[0] is the subcommand's name. */
int cmd_speed(int argc, char **argv);
int cmd_base64(int argc, char **argv);
int cmd_genkey(int argc, char **argv);
int cmd_pubkey(int argc, char **argv);
int cmd_sign(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_encrypt(int argc, char **argv);
int cmd_decrypt(int argc, char **argv);
int cmd_ecdh(int argc, char **argv);
int cmd_x509(int argc, char **argv);
int cmd_aead(int argc, char **argv);
int cmd_dgst(int argc, char **argv);
int cmd_kdf(int argc, char **argv);

/* CLI_KEM: ML-KEM in the tool (cmd_kem.c); its keys go through tacit_pk (cli_key.h). */
#if defined(TACIT_MLKEM_C) && defined(TACIT_PK_C)
#define CLI_KEM 1
int cmd_kem(int argc, char **argv);
#endif

/* ---- messages (cli_io.c) ---------------------------------------------------- */

/* One line on stderr: "tacit CMD: <formatted message>\n". */
void cli_err(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* tacit_strerror(err) with the code, e.g. "PEM END line missing (-0x0052)". */
const char *cli_strerror(int err);

/* ---- option parsing (cli_args.c) --------------------------------------------- */

typedef struct {
    const char *cmd;   /* subcommand name, for messages */
    const char *usage; /* the whole usage text, printed by -h */
    int argc;
    char **argv;
    int i;                    /* index of the argument being looked at */
    const char *arg;          /* argv[i] */
    const char *inline_value; /* "VALUE" of "--name=VALUE", else NULL */
    int status;               /* -1 while parsing; otherwise the exit code to return */
} cli_parser;

void cli_parser_init(cli_parser *p, const char *cmd, const char *usage, int argc, char **argv);

/*
 * Advance to the next argument: returns 1 while there is one to look at, 0
 * at the end or when parsing must stop (after -h, or a usage error: then
 * p->status holds the exit code to return).  Typical loop:
 *
 *   while (cli_next(&p)) {
 *       if (cli_flag(&p, "-d", "--decode")) decode = 1;
 *       else if (cli_value(&p, "-i", "--in", &in)) ;
 *       else cli_unknown(&p);
 *   }
 *   if (p.status >= 0) return p.status;
 */
int cli_next(cli_parser *p);
/* The argument is this flag (short or long name; either may be NULL). */
int cli_flag(cli_parser *p, const char *short_name, const char *long_name);
/*
 * The argument is this option; its value (next argument or "--name=value")
 * goes to *value.  A missing value is a usage error (status 2), still
 * returning 1 so the caller's if/else chain ends.
 */
int cli_value(cli_parser *p, const char *short_name, const char *long_name, const char **value);
/* The argument is a positional one (does not start with '-', or is "-"). */
int cli_positional(cli_parser *p, const char **value);
/* Report the current argument as unknown (usage error). */
void cli_unknown(cli_parser *p);
/* Report a usage problem found after parsing; returns CLI_USAGE. */
int cli_usage_error(cli_parser *p, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* ---- files, stdin, stdout (cli_io.c) --------------------------------------- */

/*
 * 1 if path means stdin: "-", or NULL (an input option left out defaults to
 * stdin).  A command whose inputs claim stdin more than once (the key and
 * the message, say) must refuse with a usage error: the second reader would
 * see an empty stream and, e.g., sign the empty message.
 */
int cli_is_stdin(const char *path);
/* Read a whole file (NULL or "-": stdin) into a malloc'd buffer (never NULL). */
int cli_read(const char *cmd, const char *path, unsigned char **buf, size_t *len);
/*
 * Write buf to a file (NULL or "-": stdout).  secret != 0 (private keys,
 * shared secrets, plaintexts): the bytes go to a new file created with mode
 * 0600 and O_EXCL|O_NOFOLLOW next to the target, which is then renamed over
 * it, so an existing file's looser mode is not kept, a symlink at the target
 * is replaced rather than followed, and no reader sees a partial file.
 */
int cli_write(const char *cmd, const char *path, const unsigned char *buf, size_t len, int secret);
/* Zeroize and free a buffer from cli_read (NULL is fine). */
void cli_free(unsigned char *buf, size_t len);
/* Decode hex (no separators; empty allowed) into a malloc'd buffer. */
int cli_unhex(const char *cmd, const char *what, const char *hex, unsigned char **buf, size_t *len);

#endif /* TACIT_CLI_H */
