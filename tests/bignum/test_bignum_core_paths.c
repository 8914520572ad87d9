/*
 * bignum_core: every kernel path against the portable C path and against
 * GMP.  The test hook tacit_mpi_core_test_path forces the C code, then the
 * x86-64 MULX/ADX kernels (when the CPU has them), on the same inputs:
 * every limb count from 1 to 2048 bits plus the RSA sizes up to 4096 bits,
 * and the limb-length edges -- moduli whose top limbs are all ones (and
 * R - 1 itself), short top limbs, bases at and above the modulus (up to
 * R - 1), exponents 0, 1, 2 and all ones.  exp_mod and exp_mod_unsafe are
 * also checked against mpz_powm (SKIP without GMP).  In a 32-bit-limb
 * build, or without the kernels, the C path is compared with itself and
 * with GMP.  Without TACIT_TEST_HOOKS (the hook is compiled out) only the
 * path the CPU picks runs, still against GMP.
 */
#include "harness.h"
#include "test_rand.h"

#include "bignum/bignum_core.h"
#include "bignum/bignum_core_limb.h"

#if defined(TACIT_HAVE_GMP)
#include <gmp.h>
#endif

#define BIL TACIT_MPI_LIMB_BITS
#define MAXL (4096 / BIL + 2)

/* Modulus shapes: 0 random full, 1 top two limbs all ones, 2 all ones, 3 short top limb. */
#define N_SHAPES 4
static void make_modulus(tacit_mpi_uint *N, size_t n, int shape)
{
    rnd_fill_limbs(N, n);
    switch (shape) {
    case 1:
        N[n - 1] = TACIT_MPI_UINT_MAX;
        if (n > 1) {
            N[n - 2] = TACIT_MPI_UINT_MAX;
        }
        break;
    case 2:
        memset(N, 0xFF, n * sizeof(*N));
        break;
    case 3:
        N[n - 1] = (tacit_mpi_uint)(rnd64() % 5 + 1);
        break;
    default:
        N[n - 1] |= (tacit_mpi_uint)1 << (BIL - 1);
        break;
    }
    N[0] |= 1;
    if (n == 1 && N[0] == 1) {
        N[0] = 3;
    }
}

/* A random value below N (N > 1): random limbs, top limb cut below N's. */
static void below(tacit_mpi_uint *A, const tacit_mpi_uint *N, size_t n)
{
    rnd_fill_limbs(A, n);
    A[n - 1] = N[n - 1] == 0 ? 0 : A[n - 1] % N[n - 1];
}

/* The paths to compare: C always, ADX where it exists and the CPU has it. */
static int n_paths(void)
{
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)
    if (tacit_mpi_core_cpu_has_adx()) {
        return 2;
    }
#endif
    return 1;
}

static void set_path(int p)
{
#if defined(TACIT_TEST_HOOKS)
    tacit_mpi_core_test_path = p == 0 ? TACIT_MPI_CORE_PATH_C : TACIT_MPI_CORE_PATH_ADX;
#else
    (void)p;
#endif
}

#if defined(TACIT_HAVE_GMP)
static void to_mpz(mpz_t z, const tacit_mpi_uint *A, size_t n)
{
    mpz_import(z, n, -1, sizeof(*A), 0, 0, A);
}
#endif

/* Montgomery products, squares, conversions, plain products, mod_ct: each path alike. */
static void test_kernels_all_sizes(void)
{
    static tacit_mpi_uint N[MAXL], A[3 * MAXL], B[MAXL], RR[MAXL], T[4 * MAXL + 2];
    static tacit_mpi_uint X[2][8 * MAXL], SQ[2 * MAXL];
    size_t n, ntop = 2048 / BIL + 2;
    int p, shape, trial;
    int np = n_paths();

#if !defined(TACIT_TEST_HOOKS)
    printf("(no test hooks: only the CPU's own path, against GMP) ");
#endif
    for (n = 1; n <= MAXL; n = n < ntop ? n + 1 : n + 8) {
        for (shape = 0; shape < N_SHAPES; shape++) {
            for (trial = 0; trial < 3; trial++) {
                tacit_mpi_uint mm;
                make_modulus(N, n, shape);
                mm = tacit_mpi_core_mont_init(N);
                tacit_mpi_core_get_mont_r2_unsafe(RR, N, n);
                rnd_fill_limbs(A, 3 * n); /* A < R, often >= N */
                if (trial == 1) {
                    memset(A, 0xFF, 3 * n * sizeof(*A)); /* R - 1 */
                }
                below(B, N, n);
                if (trial == 2) {
                    memcpy(B, N, n * sizeof(*B));
                    B[0] -= 1; /* N - 1 */
                }
                for (p = 0; p < np; p++) {
                    tacit_mpi_uint *x = X[p];
                    set_path(p);
                    memset(x, 0, sizeof(X[0]));
                    tacit_mpi_core_montmul(x, A, B, N, n, mm, T);
                    tacit_mpi_core_montmul(x + n, B, A, N, n, mm, T);
                    tacit_mpi_core_montsqr(x + 2 * n, B, N, n, mm, T);
                    tacit_mpi_core_to_mont(x + 3 * n, A, N, n, mm, RR, T);
                    TEST_MEM_EQ(x, n * sizeof(*x), x + n, n * sizeof(*x));
                    TEST_ASSERT(tacit_mpi_core_lt_ct(x, N, n) != 0 || n == 0);
                    TEST_ASSERT(tacit_mpi_core_lt_ct(x + 2 * n, N, n) != 0);
                    /* aliasing: X = A, X = B */
                    memcpy(x + n, A, n * sizeof(*x));
                    tacit_mpi_core_montmul(x + n, x + n, B, N, n, mm, T);
                    TEST_MEM_EQ(x, n * sizeof(*x), x + n, n * sizeof(*x));
                    memcpy(x + n, B, n * sizeof(*x));
                    tacit_mpi_core_montmul(x + n, A, x + n, N, n, mm, T);
                    TEST_MEM_EQ(x, n * sizeof(*x), x + n, n * sizeof(*x));
                    memcpy(x + n, B, n * sizeof(*x));
                    tacit_mpi_core_montsqr(x + n, x + n, N, n, mm, T);
                    TEST_MEM_EQ(x + 2 * n, n * sizeof(*x), x + n, n * sizeof(*x));
                    tacit_mpi_core_montmul(x + n, B, B, N, n, mm, T);
                    TEST_MEM_EQ(x + 2 * n, n * sizeof(*x), x + n, n * sizeof(*x));
                    /* from_mont(to_mont(A)) = A mod N = mod_ct(A) */
                    tacit_mpi_core_from_mont(x + n, x + 3 * n, N, n, mm, T);
                    tacit_mpi_core_mod_ct(x + 4 * n - n, A, n, N, n, mm, RR, T);
                    TEST_MEM_EQ(x + n, n * sizeof(*x), x + 3 * n, n * sizeof(*x));
                    /* A mod N for a 3n-limb A */
                    tacit_mpi_core_mod_ct(x + n, A, 3 * n, N, n, mm, RR, T);
                    if (p > 0 && memcmp(X[p], X[0], 4 * n * sizeof(*x)) != 0) {
                        printf("    n=%zu shape=%d trial=%d\n", n, shape, trial);
                        test_hexdump("N", N, n * sizeof(*N));
                        test_hexdump("A", A, 3 * n * sizeof(*A));
                        test_hexdump("B", B, n * sizeof(*B));
                        TEST_MEM_EQ(X[p], 4 * n * sizeof(*x), X[0], 4 * n * sizeof(*x));
                    }
                    /* plain products (after the Montgomery results) */
                    tacit_mpi_core_mul(x + 4 * n, A, n, B, n);
                    tacit_mpi_core_sqr(x + 6 * n, A, n);
                    if (p > 0) {
                        TEST_MEM_EQ(X[p] + 4 * n, 4 * n * sizeof(*x), X[0] + 4 * n,
                                    4 * n * sizeof(*x));
                    }
                    tacit_mpi_core_mul(SQ, A, n, A, n);
                    TEST_MEM_EQ(SQ, 2 * n * sizeof(*x), x + 6 * n, 2 * n * sizeof(*x));
                }
            }
        }
    }
#if defined(TACIT_HAVE_GMP)
    {
        /* one GMP cross-check of montmul per size: x * R = A * B mod N */
        mpz_t za, zb, zn, zx, zr;
        mpz_inits(za, zb, zn, zx, zr, NULL);
        for (n = 1; n <= MAXL; n++) {
            tacit_mpi_uint mm;
            make_modulus(N, n, (int)(n % N_SHAPES));
            mm = tacit_mpi_core_mont_init(N);
            rnd_fill_limbs(A, n);
            below(B, N, n);
            for (p = 0; p < np; p++) {
                set_path(p);
                tacit_mpi_core_montmul(X[p], A, B, N, n, mm, T);
                to_mpz(za, A, n);
                to_mpz(zb, B, n);
                to_mpz(zn, N, n);
                to_mpz(zx, X[p], n);
                mpz_mul(za, za, zb);
                mpz_mod(za, za, zn);
                mpz_mul_2exp(zx, zx, n * BIL);
                mpz_mod(zx, zx, zn);
                TEST_ASSERT(mpz_cmp(za, zx) == 0);
            }
        }
        mpz_clears(za, zb, zn, zx, zr, NULL);
    }
#endif
exit:
    set_path(-1);
#if defined(TACIT_TEST_HOOKS)
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
#endif
}

/* Exponent shapes: 0 random, 1 the value 1, 2 the value 2, 3 all ones, 4 zero. */
static void make_exponent(tacit_mpi_uint *E, size_t en, int shape)
{
    memset(E, 0, en * sizeof(*E));
    switch (shape) {
    case 1:
        E[0] = 1;
        break;
    case 2:
        E[0] = 2;
        break;
    case 3:
        memset(E, 0xFF, en * sizeof(*E));
        break;
    case 4:
        break;
    default:
        rnd_fill_limbs(E, en);
        break;
    }
}

static void run_exp_case(size_t n, size_t en, int nshape, int eshape, int big_base)
{
    static tacit_mpi_uint N[MAXL], A[MAXL], E[MAXL], RR[MAXL], X[2][2][MAXL];
    tacit_mpi_uint *T = NULL;
    size_t wl = tacit_mpi_core_exp_mod_working_limbs(n, en);
    size_t wu = tacit_mpi_core_exp_mod_unsafe_working_limbs(n, en);
    int p, np = n_paths();

    T = (tacit_mpi_uint *)calloc(wl > wu ? wl : wu, sizeof(*T));
    TEST_ASSERT(T != NULL);
    make_modulus(N, n, nshape);
    tacit_mpi_core_get_mont_r2_unsafe(RR, N, n);
    if (big_base) {
        rnd_fill_limbs(A, n);
        A[n - 1] |= N[n - 1]; /* A >= N most of the time */
        if (big_base == 2) {
            memset(A, 0xFF, n * sizeof(*A));
        }
    } else {
        below(A, N, n);
    }
    make_exponent(E, en, eshape);
    for (p = 0; p < np; p++) {
        set_path(p);
        tacit_mpi_core_exp_mod(X[p][0], A, N, n, E, en, RR, T);
        tacit_mpi_core_exp_mod_unsafe(X[p][1], A, N, n, E, en, RR, T);
        TEST_MEM_EQ(X[p][0], n * sizeof(*A), X[p][1], n * sizeof(*A));
        if (p > 0) {
            TEST_MEM_EQ(X[p][0], n * sizeof(*A), X[0][0], n * sizeof(*A));
        }
    }
#if defined(TACIT_HAVE_GMP)
    {
        mpz_t za, ze, zn, zx;
        mpz_inits(za, ze, zn, zx, NULL);
        to_mpz(za, A, n);
        to_mpz(ze, E, en);
        to_mpz(zn, N, n);
        to_mpz(zx, X[0][0], n);
        mpz_powm(za, za, ze, zn);
        if (mpz_cmp(za, zx) != 0) {
            printf("    n=%zu en=%zu nshape=%d eshape=%d big_base=%d\n", n, en, nshape, eshape,
                   big_base);
        }
        TEST_ASSERT(mpz_cmp(za, zx) == 0);
        mpz_clears(za, ze, zn, zx, NULL);
    }
#endif
exit:
    free(T);
}

/* exp_mod and exp_mod_unsafe: every path, every edge, against GMP. */
static void test_exp_mod_paths(void)
{
    static const size_t bits[] = { 64, 128, 192, 256, 320, 512, 768, 1024, 1536, 2048, 3072, 4096 };
    size_t i, n;
    int ns, es;

#if !defined(TACIT_TEST_HOOKS)
    printf("(no test hooks: only the CPU's own path) ");
#endif
#if !defined(TACIT_HAVE_GMP)
    printf("(GMP not linked: %s; paths compared with each other only) ", TACIT_PEER_ABSENT_WHY);
#endif
    /* small sizes: every limb count, every shape */
    for (n = 1; n <= 512 / BIL + 1; n++) {
        for (ns = 0; ns < N_SHAPES; ns++) {
            for (es = 0; es < 5; es++) {
                run_exp_case(n, 1 + (size_t)(rnd64() % n), ns, es, (int)(rnd64() % 3));
                if (test_case_failed) {
                    goto exit;
                }
            }
        }
    }
    /* the sizes RSA uses: full-length exponents */
    for (i = 0; i < sizeof(bits) / sizeof(bits[0]); i++) {
        n = bits[i] / BIL;
        for (es = 0; es < 4; es++) {
            ns = bits[i] >= 3072 ? (es == 3 ? 1 : 0) : es;
            run_exp_case(n, bits[i] >= 3072 && es != 0 ? 1 : n, ns, es, es == 0 ? 0 : 1);
            if (test_case_failed) {
                goto exit;
            }
        }
    }
exit:
#if defined(TACIT_TEST_HOOKS)
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
#endif
    ;
}

/* The hook really switches: AUTO gives the CPU's answer, C gives 0. */
static void test_path_hook(void)
{
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)
    int cpu = tacit_mpi_core_cpu_has_adx();
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_C;
    TEST_EQUAL(tacit_mpi_core_cpu_has_adx(), 0);
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_ADX;
    TEST_EQUAL(tacit_mpi_core_cpu_has_adx(), 1);
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
    TEST_EQUAL(tacit_mpi_core_cpu_has_adx(), cpu);
    printf("(this CPU: %s) ", cpu ? "MULX/ADX kernels" : "C only");
#else
    TEST_SKIP("no test hooks, or no x86-64 MULX/ADX kernels in this build");
#endif
exit:
#if defined(TACIT_TEST_HOOKS)
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
#endif
    ;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    rng_state = 0x5DEECE66D1234567u; /* this suite's inputs */
    RUN_TEST(test_path_hook);
    RUN_TEST(test_kernels_all_sizes);
    RUN_TEST(test_exp_mod_paths);
    return TEST_MAIN_END();
}
