#define _POSIX_C_SOURCE 200809L
/*
 * timing_leaks [--quick] [--seconds S] [--verbose] [--list] [TARGET ...]
 *
 * Statistical timing tests of tacit's constant-time paths (see tl.h).  For
 * each target it prints the largest |t| found and "no leak detected" when it
 * stays below 4.5 after the measurements, or "LEAK" above it.  The control
 * target is an early-exit compare: it must come out as LEAK, which shows the
 * method works on this machine.  Targets whose classes also differ in public
 * data or memory layout (rsa-sign-keys, rsa-sign-layout) are reported but
 * not judged.  Exit status: 0 when the control is flagged and no judged
 * target is, 1 otherwise.
 *
 * Timing is noise on a shared machine, so this is a program for a person to
 * run, not a CTest test.  --quick spends about 10 s per target (under five
 * minutes in all); the default spends 60 s per target.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tl.h"

#define BATCH 1000
#define THRESHOLD 4.5

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int wanted(const char *name, int argc, char **argv, int first)
{
    int i, any = 0;
    for (i = first; i < argc; i++) {
        if (argv[i][0] != '-') {
            any = 1;
            if (strcmp(argv[i], name) == 0) {
                return 1;
            }
        }
    }
    return !any;
}

int main(int argc, char **argv)
{
    double seconds = 60;
    int i, status = 0, list = 0, verbose = 0;
    size_t k;
    const tl_target *all[64];
#define N_ALL (tl_n_targets + TL_RSA_TARGETS + TL_GCM_TARGETS + TL_CHACHAPOLY_TARGETS)

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0) {
            seconds = 10;
        } else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc) {
            seconds = atof(argv[++i]);
        } else if (strcmp(argv[i], "--verbose") == 0 || strcmp(argv[i], "-v") == 0) {
            verbose = 1;
        } else if (strcmp(argv[i], "--list") == 0) {
            list = 1;
        } else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            printf("usage: timing_leaks [--quick] [--seconds S] [--verbose] [--list] [TARGET ...]\n"
                   "  --quick      10 s per target (default 60 s)\n"
                   "  --seconds S  S seconds per target\n"
                   "  --verbose    per crop: class sizes, mean cycles, difference, t\n"
                   "  --list       the targets and what their two classes are\n"
                   "Welch's t-test, fixed vs random class in random order; |t| > %.1f is a leak.\n"
                   "Targets marked 'public' differ in public data or memory layout as well:\n"
                   "reported, not judged.  Keys are copied to one address before each call:\n"
                   "where an RSA key lay in memory once changed the signing time by up to ~4%%\n"
                   "(4K aliasing; README.md, 'Timing tests').\n",
                   THRESHOLD);
            return 0;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "timing_leaks: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    for (k = 0; k < N_ALL; k++) {
        all[k] = k < tl_n_targets                    ? &tl_targets[k]
                 : k < tl_n_targets + TL_RSA_TARGETS ? &tl_rsa_targets[k - tl_n_targets]
                 : k < tl_n_targets + TL_RSA_TARGETS + TL_GCM_TARGETS
                     ? &tl_gcm_targets[k - tl_n_targets - TL_RSA_TARGETS]
                     : &tl_chachapoly_targets[k - tl_n_targets - TL_RSA_TARGETS - TL_GCM_TARGETS];
    }
    if (list) {
        for (k = 0; k < N_ALL; k++) {
            printf("%-20s %s%s\n", all[k]->name, all[k]->what,
                   all[k]->kind == TL_CONTROL  ? " (control: must leak)"
                   : all[k]->kind == TL_PUBLIC ? " (public: not judged)"
                                               : "");
        }
        return 0;
    }
    printf("timing_leaks: counter %s, %.0f s per target, threshold |t| > %.1f\n", tl_counter_name(),
           seconds, THRESHOLD);
    for (k = 0; k < N_ALL; k++) {
        const tl_target *t = all[k];
        unsigned char *in;
        uint64_t times[BATCH];
        unsigned char cls[BATCH];
        /* Slow targets in smaller batches, so that the first (calibration) batch is short. */
        int batch = t->cost >= 100 ? BATCH / 5 : BATCH;
        tl_stats st;
        double start, maxt, samples;
        const char *why;
        int b;

        if (!wanted(t->name, argc, argv, 1)) {
            continue;
        }
        if (t->skip != NULL && (why = t->skip()) != NULL) {
            printf("%-20s SKIP (%s)\n", t->name, why);
            continue;
        }
        if (t->setup != NULL && t->setup() != 0) {
            printf("%-20s SKIP (setup failed)\n", t->name);
            status = 1;
            continue;
        }
        in = malloc(BATCH * t->in_len);
        if (in == NULL) {
            return 1;
        }
        tl_stats_init(&st);
        start = now();
        do {
            tl_random(cls, (size_t)batch);
            for (b = 0; b < batch; b++) {
                cls[b] &= 1;
                t->prepare(in + (size_t)b * t->in_len, cls[b]);
            }
            for (b = 0; b < batch; b++) {
                uint64_t t0;
                if (t->arm != NULL) {
                    t->arm(in + (size_t)b * t->in_len);
                }
                t0 = tl_cycles();
                t->run(in + (size_t)b * t->in_len);
                times[b] = tl_cycles() - t0;
            }
            tl_stats_add_batch(&st, times, cls, (size_t)batch);
        } while (now() - start < seconds);
        maxt = tl_stats_max_t(&st, &samples);
        printf("%-20s max |t| = %7.2f over %.0f measurements: %s\n", t->name, maxt, samples,
               t->kind == TL_CONTROL
                   ? (maxt > THRESHOLD ? "LEAK (control: expected)"
                                       : "no leak detected (control NOT flagged!)")
               : t->kind == TL_PUBLIC
                   ? (maxt > THRESHOLD ? "differs (public data/layout: not judged)"
                                       : "no difference detected (public: not judged)")
                   : (maxt > THRESHOLD ? "LEAK" : "no leak detected"));
        if (verbose) {
            tl_stats_print(&st);
        }
        if (t->kind != TL_PUBLIC && (maxt > THRESHOLD) != (t->kind == TL_CONTROL)) {
            status = 1;
        }
        free(in);
    }
    return status;
}
