/*
 * The benchmark engine: option parsing, timing, and the three output forms
 * (table, JSON, CSV).  See bench.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(TACIT_TEST_HOOKS) && (defined(__x86_64__) || defined(__i386__))
/* core/cpu_x86.h (test builds): TACIT_CPU_* bits cleared from every answer */
extern unsigned tacit_cpu_hook_disable;
#define BENCH_CPU_HOOK
#endif

/* Rounds per measurement, taken in turn with the row's other implementations. */
#define BENCH_ROUNDS 3

typedef struct {
    double seconds;
    int peers;
    int format; /* 0 table, 1 json, 2 csv */
    int list;
    int threads; /* measure with this many threads at once (each with its own state) */
    int nfilters;
    char **filters;
} bench_options;

typedef struct {
    const char *who;
    double rate; /* ops/s or MB/s; < 0: n/a; -2: failed */
    double iters;
} bench_result;

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void usage(const char *prog, FILE *out)
{
    fprintf(
        out,
        "usage: %s [--seconds S] [--peers] [--threads N] [--json|--csv] [--list] [ID ...]\n"
        "  --seconds S  time per measurement (default 0.2), in 3 rounds that take turns\n"
        "               with the other implementations of the row\n"
        "  --peers      also measure OpenSSL, mbed TLS, BearSSL, nettle, libsodium, libgcrypt,\n"
        "               GMP where built in\n"
        "  --json       JSON on stdout;  --csv  CSV on stdout\n"
        "  --list       list the benchmark ids (and what the terms in their titles mean)\n"
        "  --threads N  run each measurement in N threads at once (each with its own\n"
        "               setup) and report the total rate\n"
        "  ID           only rows whose id starts with ID (e.g. rsa2048, ecdsa, sha)\n",
        prog);
}

/* What the shorthand in row titles means (printed by --list). */
static const char legend[] =
    "\n"
    "Terms in the titles:\n"
    "  ct / unsafe   the constant-time function, or the _unsafe one for public inputs\n"
    "  A/B           exp_mod with an A-bit exponent and a B-bit modulus\n"
    "  hot RR        the Montgomery constant R^2 mod N is computed once and passed in\n"
    "                (as a loaded RSA key does); cold RR: every call derives it\n"
    "  e padded      the exponent 17 stored in as many limbs as the modulus: the\n"
    "                _unsafe cost must follow e's bit length, not its limb count\n"
    "  ops/s, MB/s   operations (or megabytes, 10^6 bytes) per second; higher is better\n"
    "  tacit/peer    tacit's rate divided by the peer's: above 1 means tacit is faster\n";

static int matches(const bench_row *row, const bench_options *o)
{
    int i;
    if (o->nfilters == 0) {
        return 1;
    }
    for (i = 0; i < o->nfilters; i++) {
        if (strncmp(row->id, o->filters[i], strlen(o->filters[i])) == 0) {
            return 1;
        }
    }
    return 0;
}

/* Time one implementation: run until `seconds` have passed (at least once). */
static bench_result measure(const bench_row *row, const bench_impl *impl, double seconds)
{
    bench_result r;
    void *state;
    double start, elapsed = 0, iters = 0, batch = 1;

    r.who = impl->who;
    r.rate = -1;
    r.iters = 0;
    state = impl->setup != NULL ? impl->setup(row->arg) : (void *)row->arg;
    if (impl->setup != NULL && state == NULL) {
        return r;
    }
    /* one untimed call: warms caches, and checks the operation works */
    if (impl->run(state) != 0) {
        r.rate = -2;
        goto done;
    }
    start = bench_now();
    while (elapsed < seconds) {
        double k;
        for (k = 0; k < batch; k++) {
            if (impl->run(state) != 0) {
                r.rate = -2;
                goto done;
            }
        }
        iters += batch;
        elapsed = bench_now() - start;
        if (elapsed < seconds / 8) {
            batch *= 2;
        }
    }
    r.iters = iters;
    r.rate = iters / elapsed;
    if (row->bytes > 0) {
        r.rate = r.rate * (double)row->bytes / 1e6;
    }
done:
    if (impl->teardown != NULL) {
        impl->teardown(state);
    }
    return r;
}

/* --threads N: each thread measures on its own state; the rates add up. */
typedef struct {
    const bench_row *row;
    const bench_impl *impl;
    double seconds;
    bench_result res;
} bench_thread_arg;

static void *measure_thread(void *p)
{
    bench_thread_arg *a = (bench_thread_arg *)p;
    a->res = measure(a->row, a->impl, a->seconds);
    return NULL;
}

static bench_result measure_threads(const bench_row *row, const bench_impl *impl, double seconds,
                                    int threads)
{
    bench_thread_arg args[64];
    pthread_t th[64];
    bench_result r;
    int i, started = 0;

    r.who = impl->who;
    r.rate = 0;
    r.iters = 0;
    for (i = 0; i < threads && i < 64; i++) {
        args[i].row = row;
        args[i].impl = impl;
        args[i].seconds = seconds;
        if (pthread_create(&th[i], NULL, measure_thread, &args[i]) != 0) {
            break;
        }
        started++;
    }
    for (i = 0; i < started; i++) {
        pthread_join(th[i], NULL);
        if (args[i].res.rate < 0) {
            r.rate = args[i].res.rate;
        } else if (r.rate >= 0) {
            r.rate += args[i].res.rate;
            r.iters += args[i].res.iters;
        }
    }
    if (started < threads) {
        r.rate = -2;
    }
    return r;
}

static void print_rate(char *buf, size_t n, double rate)
{
    if (rate == -2) {
        snprintf(buf, n, "FAILED");
    } else if (rate < 0) {
        snprintf(buf, n, "n/a");
    } else if (rate >= 100) {
        snprintf(buf, n, "%.0f", rate);
    } else {
        snprintf(buf, n, "%.2f", rate);
    }
}

static const char *json_who_sep(int first)
{
    return first ? "" : ", ";
}

int bench_main(const char *prog, int argc, char **argv, const bench_row *const *tables)
{
    bench_options o;
    int i, t, failed = 0, first_row = 1, title_w = 9, progress;

    memset(&o, 0, sizeof(o));
#if defined(BENCH_CPU_HOOK)
    {
        /*
         * TACIT_BENCH_CPU_DISABLE=0x60 (test-hook builds): run tacit as on a
         * CPU without those TACIT_CPU_* bits (0x60: AVX-512 and IFMA, i.e.
         * an AVX2-only CPU).  Mask the peers' paths as well, e.g.
         * OPENSSL_ia32cap=":~0xC0230000" (AVX-512 F, DQ, IFMA, BW, VL).
         */
        const char *d = getenv("TACIT_BENCH_CPU_DISABLE");
        if (d != NULL && *d != '\0') {
            tacit_cpu_hook_disable = (unsigned)strtoul(d, NULL, 0);
            fprintf(stderr, "%s: TACIT_CPU_* bits 0x%x disabled (TACIT_BENCH_CPU_DISABLE)\n", prog,
                    tacit_cpu_hook_disable);
        }
    }
#endif
    o.seconds = 0.2;
    o.threads = 1;
    o.filters = (char **)calloc((size_t)argc + 1, sizeof(char *));
    if (o.filters == NULL) {
        return 3;
    }
    for (i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--seconds") == 0 && i + 1 < argc) {
            char *end;
            o.seconds = strtod(argv[++i], &end);
            if (*end != '\0' || o.seconds <= 0 || o.seconds > 3600) {
                fprintf(stderr, "%s: --seconds needs a positive number, got '%s'\n", prog, argv[i]);
                free(o.filters);
                return 2;
            }
        } else if (strcmp(a, "--threads") == 0 && i + 1 < argc) {
            char *end;
            long n = strtol(argv[++i], &end, 10);
            if (*end != '\0' || n < 1 || n > 64) {
                fprintf(stderr, "%s: --threads needs a number from 1 to 64, got '%s'\n", prog,
                        argv[i]);
                free(o.filters);
                return 2;
            }
            o.threads = (int)n;
        } else if (strcmp(a, "--peers") == 0) {
            o.peers = 1;
        } else if (strcmp(a, "--json") == 0) {
            o.format = 1;
        } else if (strcmp(a, "--csv") == 0) {
            o.format = 2;
        } else if (strcmp(a, "--list") == 0) {
            o.list = 1;
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(prog, stdout);
            free(o.filters);
            return 0;
        } else if (a[0] == '-') {
            fprintf(stderr, "%s: unknown option '%s'\n", prog, a);
            usage(prog, stderr);
            free(o.filters);
            return 2;
        } else {
            o.filters[o.nfilters++] = argv[i];
        }
    }

    /* every ID must name at least one row; the title column fits the longest title */
    for (i = 0; i < o.nfilters; i++) {
        int found = 0;
        for (t = 0; tables[t] != NULL && !found; t++) {
            const bench_row *row;
            for (row = tables[t]; row->id != NULL; row++) {
                if (strncmp(row->id, o.filters[i], strlen(o.filters[i])) == 0) {
                    found = 1;
                    break;
                }
            }
        }
        if (!found) {
            fprintf(stderr, "%s: no benchmark id starts with '%s' (see --list)\n", prog,
                    o.filters[i]);
            free(o.filters);
            return 2;
        }
    }
    for (t = 0; tables[t] != NULL; t++) {
        const bench_row *row;
        for (row = tables[t]; row->id != NULL; row++) {
            size_t w = strlen(o.list ? row->id : row->title);
            if (matches(row, &o) && (int)w > title_w) {
                title_w = (int)w;
            }
        }
    }
    progress = isatty(fileno(stderr));

    if (o.format == 1) {
        printf("{\"program\": \"%s\", \"seconds\": %g, \"rows\": [\n", prog, o.seconds);
    } else if (o.format == 2) {
        printf("id,title,unit,who,rate,ratio_tacit_over_peer\n");
    }
    for (t = 0; tables[t] != NULL; t++) {
        const bench_row *row;
        for (row = tables[t]; row->id != NULL; row++) {
            bench_result res[BENCH_MAX_IMPLS];
            double busy[BENCH_MAX_IMPLS];
            int n = 0, k, round;
            const char *unit = row->bytes > 0 ? "MB/s" : "ops/s";

            if (!matches(row, &o)) {
                continue;
            }
            if (o.list) {
                printf("%-*s  %s\n", title_w, row->id, row->title);
                continue;
            }
            for (k = 0; k < BENCH_MAX_IMPLS && row->impl[k].who != NULL; k++) {
                if (k > 0 && !o.peers) {
                    break;
                }
                n++;
            }
            /*
             * BENCH_ROUNDS rounds, each implementation in turn, and each
             * rate is the operations of all its rounds over their time: a
             * burst of load from elsewhere then slows tacit and its peers
             * alike instead of one of them.  (A mean, not the best round:
             * key generation's time varies with the candidates drawn.)
             */
            for (round = 0; round < BENCH_ROUNDS; round++) {
                for (k = 0; k < n; k++) {
                    bench_result r;
                    if (round > 0 && res[k].rate < 0) {
                        continue; /* failed or not available: stays so */
                    }
                    if (progress) { /* a live status line, only on a terminal */
                        fprintf(stderr, "  %-*s %-8s ...\r", title_w, row->title, row->impl[k].who);
                        fflush(stderr);
                    }
                    r = o.threads > 1 ? measure_threads(row, &row->impl[k],
                                                        o.seconds / BENCH_ROUNDS, o.threads)
                                      : measure(row, &row->impl[k], o.seconds / BENCH_ROUNDS);
                    if (round == 0) {
                        res[k] = r;
                        busy[k] = 0;
                    } else if (r.rate < 0) {
                        res[k] = r;
                    } else {
                        res[k].iters += r.iters;
                    }
                    if (r.rate > 0) {
                        busy[k] += r.iters / r.rate; /* seconds, or seconds per MB/s scale */
                    }
                    if (r.rate == -2) {
                        failed = 1;
                        fprintf(stderr, "%s: %s / %s: the operation failed\n", prog, row->title,
                                row->impl[k].who);
                    }
                }
            }
            for (k = 0; k < n; k++) {
                if (res[k].rate > 0 && busy[k] > 0) {
                    res[k].rate = res[k].iters / busy[k];
                }
            }
            if (progress) {
                fprintf(stderr, "%*s\r", title_w + 16, "");
            }
            if (n == 0) {
                continue;
            }
            if (o.format == 1) {
                printf("%s  {\"id\": \"%s\", \"title\": \"%s\", \"unit\": \"%s\", \"results\": {",
                       first_row ? "" : ",\n", row->id, row->title, unit);
                for (k = 0; k < n; k++) {
                    if (res[k].rate >= 0) {
                        printf("%s\"%s\": %.6g", json_who_sep(k == 0), res[k].who, res[k].rate);
                    } else {
                        printf("%s\"%s\": null", json_who_sep(k == 0), res[k].who);
                    }
                }
                printf("}}");
            } else if (o.format == 2) {
                for (k = 0; k < n; k++) {
                    char rate[32];
                    print_rate(rate, sizeof(rate), res[k].rate);
                    printf("%s,\"%s\",%s,%s,%s,", row->id, row->title, unit, res[k].who, rate);
                    if (k > 0 && res[k].rate > 0 && res[0].rate > 0) {
                        printf("%.3f", res[0].rate / res[k].rate);
                    }
                    printf("\n");
                }
            } else {
                char rate[32];
                if (first_row) {
                    if (o.peers) {
                        printf("Rates in the unit of each row (higher is better); in parentheses "
                               "tacit/peer:\nabove 1 means tacit is faster.\n\n");
                    }
                    printf("%-*s %12s %-5s%s\n", title_w, "operation", "tacit", "unit",
                           o.peers ? "  peer: rate (tacit/peer)" : "");
                }
                print_rate(rate, sizeof(rate), res[0].rate);
                printf("%-*s %12s %-5s", title_w, row->title, rate, unit);
                for (k = 1; k < n; k++) {
                    char ratio[32] = "", who[32];
                    print_rate(rate, sizeof(rate), res[k].rate);
                    if (res[k].rate > 0 && res[0].rate > 0) {
                        snprintf(ratio, sizeof(ratio), "(%.2fx)", res[0].rate / res[k].rate);
                    }
                    snprintf(who, sizeof(who), "%s:", res[k].who);
                    printf("  %-9s%8s %-8s", who, rate, ratio);
                }
                printf("\n");
            }
            fflush(stdout);
            first_row = 0;
        }
    }
    if (o.format == 1) {
        printf("\n]}\n");
    }
    if (o.list) {
        printf("%s", legend);
    }
    free(o.filters);
    return failed ? 3 : 0;
}
