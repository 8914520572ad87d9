/*
 * tacit speed: the benchmark dashboard (every area's rows, see programs/bench).
 *
 * The whole default run should take about a minute.  Unless the user gives
 * --seconds, the time per measurement is chosen from the number of
 * measurements the run will make (rows that match the filters, times the
 * implementations that will run), within [CLI_SPEED_MIN, CLI_SPEED_MAX].
 */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

/* Seconds of timing the whole run aims for; setup and warm-up come on top. */
#define CLI_SPEED_BUDGET 45.0
#define CLI_SPEED_MIN 0.05
#define CLI_SPEED_MAX 1.0

static int row_selected(const bench_row *row, int argc, char **argv)
{
    int i, filters = 0;

    for (i = 1; i < argc; i++) {
        if (argv[i][0] == '-') {
            if (strcmp(argv[i], "--seconds") == 0 || strcmp(argv[i], "--threads") == 0) {
                i++; /* its value is not a row id */
            }
            continue;
        }
        filters++;
        if (strncmp(row->id, argv[i], strlen(argv[i])) == 0) {
            return 1;
        }
    }
    return filters == 0;
}

static int count_measurements(int argc, char **argv, int peers)
{
    int t, k, n = 0;
    const bench_row *row;

    for (t = 0; bench_all_tables[t] != NULL; t++) {
        for (row = bench_all_tables[t]; row->id != NULL; row++) {
            if (!row_selected(row, argc, argv)) {
                continue;
            }
            for (k = 0; k < BENCH_MAX_IMPLS && row->impl[k].who != NULL; k++) {
                if (k > 0 && !peers) {
                    break;
                }
                n++;
            }
        }
    }
    return n;
}

int cmd_speed(int argc, char **argv)
{
    int i, peers = 0, rc, n;
    char **args;
    char seconds[32];
    double s;

    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] == '-' && strcmp(a, "--seconds") != 0 && strcmp(a, "--threads") != 0 &&
            strcmp(a, "--peers") != 0 && strcmp(a, "--json") != 0 && strcmp(a, "--csv") != 0 &&
            strcmp(a, "--list") != 0 && strcmp(a, "-h") != 0 && strcmp(a, "--help") != 0) {
            cli_err("speed", "unknown option '%s' (see 'tacit speed -h')", a);
            return CLI_USAGE;
        }
        if ((strcmp(a, "--seconds") == 0 || strcmp(a, "--threads") == 0) && i + 1 < argc) {
            i++;
        }
    }
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            rc = bench_main("tacit speed", argc - 1, argv + 1, bench_all_tables);
            printf("  Without --seconds, the time per measurement is chosen so that the whole\n"
                   "  run takes about a minute.  Progress goes to stderr, results to stdout.\n");
            return rc;
        }
        if (strcmp(argv[i], "--seconds") == 0 || strcmp(argv[i], "--list") == 0) {
            return bench_main("tacit speed", argc - 1, argv + 1, bench_all_tables);
        }
        if (strcmp(argv[i], "--peers") == 0) {
            peers = 1;
        }
    }
    n = count_measurements(argc, argv, peers);
    s = n > 0 ? CLI_SPEED_BUDGET / n : CLI_SPEED_MAX;
    s = s < CLI_SPEED_MIN ? CLI_SPEED_MIN : s > CLI_SPEED_MAX ? CLI_SPEED_MAX : s;
    snprintf(seconds, sizeof(seconds), "%.3g", s);

    args = (char **)malloc(((size_t)argc + 2) * sizeof(char *));
    if (args == NULL) {
        cli_err("speed", "out of memory");
        return CLI_ERROR;
    }
    args[0] = (char *)"--seconds";
    args[1] = seconds;
    for (i = 1; i < argc; i++) {
        args[i + 1] = argv[i];
    }
    if (n > 0) {
        fprintf(stderr, "tacit speed: %d measurements, %s s each (use --seconds to change)\n", n,
                seconds);
    }
    rc = bench_main("tacit speed", argc + 1, args, bench_all_tables);
    free(args);
    return rc;
}
