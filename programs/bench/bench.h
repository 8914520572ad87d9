/*
 * The benchmark engine shared by `tacit speed` and the per-area benchmark
 * programs (bench_exp_mod, load_roots, ...).
 *
 * An area (exp_mod, sha, base64, rsa, ecc) describes what it measures as a
 * table of rows in programs/bench/rows_<area>.c.  A row is one operation
 * ("RSA-2048 sign"); it has one implementation per library: impl[0] is
 * tacit, the others are peers (OpenSSL, mbed TLS, BearSSL, nettle, GMP, or a
 * local baseline such as a table-driven base64 decoder).  The engine times
 * each implementation in the same process, one after another, and prints
 * ops/s (or MB/s) and the ratio tacit/peer.
 *
 * Peer implementations are compiled only when CMake found the library
 * (TACIT_HAVE_OPENSSL, TACIT_HAVE_MBEDTLS, TACIT_HAVE_BEARSSL, TACIT_HAVE_SODIUM,
 * TACIT_HAVE_NETTLE, TACIT_HAVE_GMP); a row simply leaves the slot empty
 * otherwise.  Benchmarks use only tacit's public headers.
 */
#ifndef TACIT_BENCH_H
#define TACIT_BENCH_H

#include <stddef.h>

#define BENCH_MAX_IMPLS 10

typedef struct bench_impl {
    /* "tacit", "openssl", "mbedtls", "bearssl", "nettle", "gmp", "table", ... */
    const char *who;
    /*
     * Prepare the state for run() (keys, buffers); arg is the row's arg.
     * Return NULL if this implementation cannot run here (it is then shown
     * as n/a).  May be NULL: run() then gets the row's arg as its state.
     */
    void *(*setup)(const void *arg);
    /* One operation.  Return 0 on success; non-zero aborts this measurement. */
    int (*run)(void *state);
    /* Release the state (may be NULL). */
    void (*teardown)(void *state);
    /* true for peers that are not a library (a leaky baseline written here) */
    int local_baseline;
} bench_impl;

typedef struct bench_row {
    const char *id;                   /* filter key, e.g. "rsa2048-sign"; NULL ends a table */
    const char *title;                /* printed, e.g. "RSA-2048 sign" */
    size_t bytes;                     /* 0: ops/s; otherwise bytes per op and MB/s is printed */
    const void *arg;                  /* passed to every impl's setup() */
    bench_impl impl[BENCH_MAX_IMPLS]; /* impl[0] is tacit; unused slots are zero */
} bench_row;

/* One table per area, each ended by a row whose id is NULL. */
extern const bench_row bench_rows_exp_mod[];
extern const bench_row bench_rows_inv[];
extern const bench_row bench_rows_sha[];
extern const bench_row bench_rows_sha3[];
extern const bench_row bench_rows_base64[];
extern const bench_row bench_rows_rsa[];
extern const bench_row bench_rows_keyload[];
extern const bench_row bench_rows_ecc[];
extern const bench_row bench_rows_25519[];
extern const bench_row bench_rows_x509[];
extern const bench_row bench_rows_chachapoly[];
extern const bench_row bench_rows_chacha20[];
extern const bench_row bench_rows_aead[];
extern const bench_row bench_rows_mldsa[];
extern const bench_row bench_rows_mlkem[];

/* All tables, in `tacit speed` order, ended by NULL. */
extern const bench_row *const bench_all_tables[];

/*
 * Parse the common options and run the rows of `tables` that match:
 *   --seconds S   time per measurement (default 0.2; `tacit speed` whole run ~1 min)
 *   --peers       also run the peers (default: tacit only)
 *   --json|--csv  machine-readable output on stdout instead of the table
 *   --list        list the row ids
 *   -h, --help    usage
 *   ID...         run only rows whose id starts with one of these words
 * Progress goes to stderr, results to stdout.  Returns a process exit code
 * (0 ok, 2 usage error, 3 an operation failed).
 */
int bench_main(const char *prog, int argc, char **argv, const bench_row *const *tables);

/* Monotonic time in seconds. */
double bench_now(void);

#endif /* TACIT_BENCH_H */
