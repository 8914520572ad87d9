/* Option parsing shared by every subcommand (see cli.h). */
#include "cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void cli_parser_init(cli_parser *p, const char *cmd, const char *usage, int argc, char **argv)
{
    p->cmd = cmd;
    p->usage = usage;
    p->argc = argc;
    p->argv = argv;
    p->i = 0; /* argv[0] is the subcommand's name */
    p->arg = NULL;
    p->inline_value = NULL;
    p->status = -1;
}

int cli_next(cli_parser *p)
{
    if (p->status >= 0 || p->i + 1 >= p->argc) {
        return 0;
    }
    p->i++;
    p->arg = p->argv[p->i];
    p->inline_value = NULL;
    if (strcmp(p->arg, "-h") == 0 || strcmp(p->arg, "--help") == 0) {
        fputs(p->usage, stdout);
        p->status = CLI_OK;
        return 0;
    }
    return 1;
}

int cli_flag(cli_parser *p, const char *short_name, const char *long_name)
{
    return (short_name != NULL && strcmp(p->arg, short_name) == 0) ||
           (long_name != NULL && strcmp(p->arg, long_name) == 0);
}

int cli_value(cli_parser *p, const char *short_name, const char *long_name, const char **value)
{
    size_t n;

    if (long_name != NULL) {
        n = strlen(long_name);
        if (strncmp(p->arg, long_name, n) == 0 && p->arg[n] == '=') {
            *value = p->arg + n + 1;
            return 1;
        }
    }
    if (!cli_flag(p, short_name, long_name)) {
        return 0;
    }
    if (p->i + 1 >= p->argc) {
        cli_err(p->cmd, "option %s needs a value (see 'tacit %s -h')", p->arg, p->cmd);
        p->status = CLI_USAGE;
        return 1;
    }
    p->i++;
    *value = p->argv[p->i];
    return 1;
}

int cli_positional(cli_parser *p, const char **value)
{
    if (p->arg[0] == '-' && p->arg[1] != '\0') {
        return 0;
    }
    *value = p->arg;
    return 1;
}

void cli_unknown(cli_parser *p)
{
    if (p->status >= 0) {
        return;
    }
    if (p->arg[0] == '-' && p->arg[1] != '\0') {
        cli_err(p->cmd, "unknown option '%s' (see 'tacit %s -h')", p->arg, p->cmd);
    } else {
        cli_err(p->cmd, "unexpected argument '%s' (see 'tacit %s -h')", p->arg, p->cmd);
    }
    p->status = CLI_USAGE;
}

int cli_usage_error(cli_parser *p, const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "tacit %s: ", p->cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (see 'tacit %s -h')\n", p->cmd);
    p->status = CLI_USAGE;
    return CLI_USAGE;
}
