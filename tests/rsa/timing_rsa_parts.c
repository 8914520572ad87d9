#define _POSIX_C_SOURCE 200809L
/*
 * timing_rsa_parts [SECONDS] [PART]   |   timing_rsa_parts scan [STEP] [REPS]
 * timing_rsa_parts phases [REPS]
 *
 * White-box companion of programs/timing_leaks (which may use the public
 * API only): times the parts of the RSA private operation (src/rsa/rsa_private.c)
 * alone, with the same Welch t-test (tl_stats.c), to find which part makes
 * two keys differ.  Every part reads its key from ONE working copy (struct
 * and limb cache at fixed addresses), so only the keys' values differ:
 *
 *   inv     the blinding inverse tacit_rsa_inv_mod_unsafe mod n, key A vs B
 *           (public n and a declassified random value: may differ by design)
 *   pub     the check s^e mod n (exp_mod_unsafe), key A vs B (public)
 *   half    one CRT exponentiation x^dP mod p, key A vs key B (secret)
 *   crt     the whole CRT block (reductions, both exponentiations,
 *           recombination), key (p, q) vs (q, p) of one public key (secret)
 *   crt-ab  the same, key A vs key B (secret)
 *   sign    the whole signature, (p, q) vs (q, p) (as timing_leaks rsa-sign)
 *
 * `phases` instead prints the cycles (min and median of REPS runs) of each
 * phase of one RSA-2048 signature, one at a time, on the same key and input
 * (rng, the blinding product and inverse, the two blinded halves, the two
 * CRT exponentiations, recombination, unblinding, the check), and the whole
 * signature: where the time goes.
 *
 * `scan` instead prints the signing time (min / median of REPS) of one key
 * with its limb cache at each STEP-byte offset of a page: the layout effect
 * described in README.md ("Timing tests").  A program, not a CTest test.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bignum/x86_64/ifma.h"
#include "rsa/rsa_internal.h"
#include "tacit/rsa.h"
#include "tl.h"

#define BATCH 200
#define CACHE_MAX 2048

static tacit_rsa_context key[3]; /* A, B, A with p and q swapped */
static tacit_rsa_context work;
static tacit_mpi_uint work_cache[CACHE_MAX];
static tacit_mpi_uint scratch[16384];
static tacit_mpi_uint input[BATCH][TACIT_MPI_MAX_LIMBS];
static unsigned char hash[BATCH][32];

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void put_key(const tacit_rsa_context *k, tacit_mpi_uint *where)
{
    memcpy(&work, k, sizeof(work));
    memcpy(where, k->cache, k->cache_limbs * sizeof(tacit_mpi_uint));
    work.cache = where;
}

static void run_sign(int b)
{
    unsigned char sig[512];
    size_t olen;
    if (tacit_rsa_pkcs1_sign(&work, TACIT_MD_SHA256, hash[b], 32, sig, sizeof(sig), &olen, NULL,
                             NULL) != 0) {
        abort();
    }
}

/* rsa_private.c's CRT block, from c' (blinded) to m' = m_q + h*q */
static void run_crt(int b)
{
    const tacit_rsa_context *ctx = &work;
    size_t nl = ctx->nlimbs, hl = ctx->hlimbs;
    tacit_mpi_uint CP[TACIT_MPI_MAX_LIMBS], MP[TACIT_MPI_MAX_LIMBS], MQ[TACIT_MPI_MAX_LIMBS],
        H[TACIT_MPI_MAX_LIMBS], PROD[2 * TACIT_MPI_MAX_LIMBS + 1];
    const tacit_mpi_uint *B = input[b];
    tacit_mpi_core_mod_ct(CP, B, nl, RSA_C_P(ctx), hl, ctx->mm_p, RSA_C_RP(ctx), scratch);
    tacit_mpi_core_exp_mod(MP, CP, RSA_C_P(ctx), hl, RSA_C_DP(ctx), hl, RSA_C_RP(ctx), scratch);
    tacit_mpi_core_mod_ct(CP, B, nl, RSA_C_Q(ctx), hl, ctx->mm_q, RSA_C_RQ(ctx), scratch);
    tacit_mpi_core_exp_mod(MQ, CP, RSA_C_Q(ctx), hl, RSA_C_DQ(ctx), hl, RSA_C_RQ(ctx), scratch);
    tacit_mpi_core_mod_ct(CP, MQ, hl, RSA_C_P(ctx), hl, ctx->mm_p, RSA_C_RP(ctx), scratch);
    tacit_mpi_core_sub_mod(H, MP, CP, RSA_C_P(ctx), hl);
    tacit_mpi_core_montmul(H, H, RSA_C_QPM(ctx), RSA_C_P(ctx), hl, ctx->mm_p, scratch);
    tacit_mpi_core_mul(PROD, H, hl, RSA_C_Q(ctx), hl);
    PROD[2 * hl] = tacit_mpi_core_add(PROD, PROD, MQ, hl);
}

static void run_half(int b)
{
    const tacit_rsa_context *ctx = &work;
    tacit_mpi_uint MP[TACIT_MPI_MAX_LIMBS];
    tacit_mpi_core_exp_mod(MP, input[b], RSA_C_P(ctx), ctx->hlimbs, RSA_C_DP(ctx), ctx->hlimbs,
                           RSA_C_RP(ctx), scratch);
}

static void run_inv(int b)
{
    tacit_mpi_uint X[TACIT_MPI_MAX_LIMBS];
    (void)tacit_rsa_inv_mod_unsafe(X, input[b], RSA_C_N(&work), work.nlimbs, work.mm_n, scratch);
}

static void run_pub(int b)
{
    tacit_mpi_uint X[TACIT_MPI_MAX_LIMBS];
    tacit_mpi_core_exp_mod_unsafe(X, input[b], RSA_C_N(&work), work.nlimbs, RSA_C_E(&work),
                                  work.elimbs, RSA_C_RN(&work), scratch);
}

static const struct part {
    const char *name;
    void (*run)(int b);
    int key1;   /* class 1's key: 1 = B, 2 = A swapped (class 0 is A) */
    int half;   /* inputs below p rather than below n */
    int judged; /* only secrets differ */
} parts[] = {
    { "inv", run_inv, 1, 0, 0 }, { "pub", run_pub, 1, 0, 0 },    { "half", run_half, 1, 1, 1 },
    { "crt", run_crt, 2, 0, 1 }, { "crt-ab", run_crt, 1, 0, 1 }, { "sign", run_sign, 2, 0, 1 },
};

/* A random input below both classes' moduli (2 bits short of their length). */
static void prepare(int b, size_t limbs)
{
    unsigned char buf[TACIT_MPI_MAX_LIMBS * sizeof(tacit_mpi_uint)];
    size_t len = limbs * sizeof(tacit_mpi_uint);
    tl_random(hash[b], 32);
    tl_random(buf, len);
    buf[0] &= 0x3f;
    (void)tacit_mpi_core_read_be(input[b], limbs, buf, len);
}

static void measure(const struct part *p, double seconds)
{
    tl_stats st;
    unsigned char cls[BATCH];
    uint64_t t[BATCH];
    double start = now(), samples, maxt;
    int b;

    tl_stats_init(&st);
    do {
        tl_random(cls, BATCH);
        for (b = 0; b < BATCH; b++) {
            cls[b] &= 1;
            prepare(b, p->half ? key[0].hlimbs : key[0].nlimbs);
        }
        for (b = 0; b < BATCH; b++) {
            uint64_t t0;
            put_key(&key[cls[b] ? p->key1 : 0], work_cache);
            t0 = tl_cycles();
            p->run(b);
            t[b] = tl_cycles() - t0;
        }
        tl_stats_add_batch(&st, t, cls, BATCH);
    } while (now() - start < seconds);
    maxt = tl_stats_max_t(&st, &samples);
    printf("%-7s key A vs %-7s max |t| = %7.2f over %.0f measurements: %s\n", p->name,
           p->key1 == 1 ? "key B" : "(q, p)", maxt, samples,
           maxt > 4.5 ? (p->judged ? "LEAK" : "differs (public)")
                      : (p->judged ? "no leak detected" : "no difference detected"));
    tl_stats_print(&st);
    fflush(stdout);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* ---- phases ------------------------------------------------------------------ */

#define PH_REPS_MAX 4096
static uint64_t ph_t[PH_REPS_MAX];

#define PHASE(name, reps, stmt)                                                                    \
    do {                                                                                           \
        int r_;                                                                                    \
        for (r_ = 0; r_ < (reps); r_++) {                                                          \
            uint64_t t0_ = tl_cycles();                                                            \
            stmt;                                                                                  \
            ph_t[r_] = tl_cycles() - t0_;                                                          \
        }                                                                                          \
        qsort(ph_t, (size_t)(reps), sizeof(ph_t[0]), cmp_u64);                                     \
        printf("%-28s min %9lu median %9lu\n", (name), (unsigned long)ph_t[0],                     \
               (unsigned long)ph_t[(reps) / 2]);                                                   \
    } while (0)

static void phases(int reps)
{
    const tacit_rsa_context *ctx = &work;
    size_t nl, hl, el;
    tacit_mpi_uint A[TACIT_MPI_MAX_LIMBS], B[TACIT_MPI_MAX_LIMBS], X[TACIT_MPI_MAX_LIMBS],
        Y[TACIT_MPI_MAX_LIMBS], PROD[2 * TACIT_MPI_MAX_LIMBS + 1];
    unsigned char rb[2 * TACIT_MPI_MAX_LIMBS * sizeof(tacit_mpi_uint)];

    reps = reps < 1 ? 1 : reps > PH_REPS_MAX ? PH_REPS_MAX : reps;
    put_key(&key[0], work_cache);
    nl = ctx->nlimbs;
    hl = ctx->hlimbs;
    el = ctx->elimbs;
    prepare(0, nl);
    prepare(1, nl);
    memcpy(A, input[0], nl * sizeof(A[0]));
    memcpy(B, input[1], nl * sizeof(B[0]));
    PHASE("rng (2k bytes)", reps, (void)tacit_rng_default(NULL, rb, 2 * ctx->len));
    PHASE("montmul n (r*u, unblind)", reps,
          tacit_mpi_core_montmul(X, A, B, RSA_C_N(ctx), nl, ctx->mm_n, scratch));
    PHASE("inverse mod n", reps,
          (void)tacit_rsa_inv_mod_unsafe(X, A, RSA_C_N(ctx), nl, ctx->mm_n, scratch));
    PHASE("inverse mod p (ct, half)", reps,
          (void)tacit_mpi_core_inv_mod_odd_ct(X, A, RSA_C_P(ctx), hl, scratch));
    PHASE("inverse mod p (unsafe, half)", reps,
          (void)tacit_rsa_inv_mod_unsafe(X, A, RSA_C_P(ctx), hl, ctx->mm_p, scratch));
    PHASE("mod_ct n -> p", reps,
          tacit_mpi_core_mod_ct(X, A, nl, RSA_C_P(ctx), hl, ctx->mm_p, RSA_C_RP(ctx), scratch));
    PHASE("r^e mod p (unsafe, half)", reps,
          tacit_mpi_core_exp_mod_unsafe(X, A, RSA_C_P(ctx), hl, RSA_C_E(ctx), el, RSA_C_RP(ctx),
                                        scratch));
    PHASE("montmul p", reps, tacit_mpi_core_montmul(X, A, B, RSA_C_P(ctx), hl, ctx->mm_p, scratch));
    PHASE(
        "exp_mod x^dP mod p", reps,
        tacit_mpi_core_exp_mod(X, A, RSA_C_P(ctx), hl, RSA_C_DP(ctx), hl, RSA_C_RP(ctx), scratch));
    PHASE("exp_mod_x2 (both halves)", reps,
          tacit_mpi_core_exp_mod_x2(X, A, RSA_C_P(ctx), RSA_C_DP(ctx), RSA_C_RP(ctx), Y, B,
                                    RSA_C_Q(ctx), RSA_C_DQ(ctx), RSA_C_RQ(ctx), hl, hl, scratch));
    PHASE("mul hl x hl (h*q)", reps, tacit_mpi_core_mul(PROD, A, hl, B, hl));
    PHASE("check s^e mod n (unsafe)", reps,
          tacit_mpi_core_exp_mod_unsafe(X, A, RSA_C_N(ctx), nl, RSA_C_E(ctx), el, RSA_C_RN(ctx),
                                        scratch));
    PHASE("whole signature", reps, run_sign(0));
}

static tacit_mpi_uint arena[2 * 4096 / sizeof(tacit_mpi_uint) + CACHE_MAX];

static void scan(size_t step, int reps)
{
    size_t mis = (size_t)((uintptr_t)arena % 4096), off;
    unsigned char *page = (unsigned char *)arena + (mis ? 4096 - mis : 0);
    uint64_t t[256];
    void *probe = malloc(12000);
    int r;

    printf("page %p; a 12000-byte malloc (about the signature's scratch) lands at %p\n",
           (void *)page, probe);
    free(probe);
    reps = reps < 1 ? 1 : reps > 256 ? 256 : reps;
    for (off = 0; off < 4096; off += step) {
        put_key(&key[0], (tacit_mpi_uint *)(page + off));
        for (r = 0; r < reps; r++) {
            uint64_t t0;
            prepare(0, key[0].nlimbs);
            t0 = tl_cycles();
            run_sign(0);
            t[r] = tl_cycles() - t0;
        }
        qsort(t, (size_t)reps, sizeof(t[0]), cmp_u64);
        printf("offset 0x%03zx: min %9lu median %9lu\n", off, (unsigned long)t[0],
               (unsigned long)t[reps / 2]);
        fflush(stdout);
    }
}

int main(int argc, char **argv)
{
    double seconds = 60;
    size_t i;
    int k;

    for (k = 0; k < 2; k++) {
        tacit_rsa_init(&key[k]);
        if (tacit_rsa_gen_key(&key[k], 2048, 65537, tl_rng, NULL) != 0) {
            return 1;
        }
    }
    tacit_rsa_init(&key[2]);
    if (tacit_rsa_import(&key[2], &key[0].N, &key[0].Q, &key[0].P, &key[0].D, &key[0].E) != 0 ||
        key[0].cache_limbs > CACHE_MAX || key[0].nlimbs > TACIT_MPI_MAX_LIMBS) {
        return 1;
    }
    if (argc > 1 && strcmp(argv[1], "scan") == 0) {
        scan(argc > 2 ? (size_t)atoi(argv[2]) : 16, argc > 3 ? atoi(argv[3]) : 15);
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "phases") == 0) {
        phases(argc > 2 ? atoi(argv[2]) : 1000);
        return 0;
    }
    if (argc > 1) {
        seconds = atof(argv[1]);
    }
    printf("timing_rsa_parts: counter %s, %.0f s per part, RSA-2048\n", tl_counter_name(), seconds);
    for (i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
        if (argc <= 2 || strcmp(argv[2], parts[i].name) == 0) {
            measure(&parts[i], seconds);
        }
    }
    return 0;
}
