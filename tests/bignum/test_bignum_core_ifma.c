/*
 * The AVX-512 IFMA exponentiation (bignum_core_x86_64_ifma.c) against the
 * portable C path and GMP: every modulus size it handles (16 to 64 limbs,
 * 1024 to 4096 bits), the limb-length edges -- moduli whose top limbs are
 * all ones, R - 1 itself, a short top limb -- bases 0, 1, N - 1, N, N + 1,
 * R - 1 and random ones above N, exponents 0, 1, 2, all ones (one limb and
 * full length) and random ones of 1, 2 and full length.  The test hook
 * tacit_mpi_core_test_path forces the C path for the reference and the
 * IFMA path for the result, and a call counter shows the IFMA path really
 * ran.  tacit_mpi_core_exp_mod_x2 (the two CRT halves interleaved) is
 * checked the same way (at 1024-bit halves in both of its kernels: two
 * 256-bit products side by side and the paired 512-bit ladder, forced by
 * the hook tacit_mpi_core_test_ifma_pair), and in its portable form, and
 * so is tacit_mpi_core_exp_mod_unsafe's square-and-multiply for short
 * exponents, alone and paired (tacit_mpi_core_exp_mod_x2_unsafe).  SKIPs (with the reason) where the path does not exist:
 * 32-bit limbs, TACIT_MPI_NO_ASM or TACIT_MPI_NO_IFMA, -Os, other CPUs, or
 * a CPU without AVX-512F/IFMA (and under valgrind, which hides AVX-512).
 */
#include "harness.h"
#include "test_rand.h"

#include "bignum/bignum_core.h"
#include "bignum/x86_64/ifma.h"

#if defined(TACIT_HAVE_GMP)
#include <gmp.h>
#endif

#define BIL TACIT_MPI_LIMB_BITS
#define MAXL (4096 / BIL)
/* exp_mod scratch at MAXL limbs: the 6-bit window past 2048 exponent bits (65 entries) plus scratch */
#define TMAX (72 * MAXL + 128)

#if defined(TACIT_TEST_HOOKS) && defined(TACIT_MPI_HAVE_X86_64_IFMA)

/* 0 random full, 1 top two limbs all ones, 2 all ones (R - 1), 3 short top limb */
#define N_SHAPES 4
static void make_modulus(tacit_mpi_uint *N, size_t n, int shape)
{
    rnd_fill_limbs(N, n);
    switch (shape) {
    case 1:
        N[n - 1] = TACIT_MPI_UINT_MAX;
        N[n - 2] = TACIT_MPI_UINT_MAX;
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
}

/* Base kinds: 0 zero, 1 one, 2 N - 1, 3 N, 4 N + 1 (mod R), 5 R - 1, 6 random any, 7 below N. */
#define N_BASES 8
static void make_base(tacit_mpi_uint *A, const tacit_mpi_uint *N, size_t n, int kind)
{
    memset(A, 0, n * sizeof(*A));
    switch (kind) {
    case 0:
        break;
    case 1:
        A[0] = 1;
        break;
    case 2:
        tacit_mpi_core_sub_limb(A, N, 1, n);
        break;
    case 3:
        memcpy(A, N, n * sizeof(*A));
        break;
    case 4:
        tacit_mpi_core_add_limb(A, N, 1, n);
        break;
    case 5:
        memset(A, 0xFF, n * sizeof(*A));
        break;
    case 6:
        rnd_fill_limbs(A, n);
        break;
    default:
        rnd_fill_limbs(A, n);
        A[n - 1] = A[n - 1] % N[n - 1];
        break;
    }
}

/* Exponent kinds (en limbs): 0 zero, 1 one, 2 two, 3 all ones, 4 random. */
static void make_exp(tacit_mpi_uint *E, size_t en, int kind)
{
    memset(E, 0, en * sizeof(*E));
    if (kind == 1 || kind == 2) {
        E[0] = (tacit_mpi_uint)kind;
    } else if (kind == 3) {
        memset(E, 0xFF, en * sizeof(*E));
    } else if (kind == 4) {
        rnd_fill_limbs(E, en);
    }
}

/* 1 if X = A^E mod N by GMP (or without GMP: 1). */
static int gmp_agrees(const tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *N,
                      size_t n, const tacit_mpi_uint *E, size_t en)
{
#if defined(TACIT_HAVE_GMP)
    mpz_t za, ze, zn, zx, zr;
    int ok;

    mpz_inits(za, ze, zn, zx, zr, NULL);
    mpz_import(za, n, -1, sizeof(*A), 0, 0, A);
    mpz_import(ze, en, -1, sizeof(*E), 0, 0, E);
    mpz_import(zn, n, -1, sizeof(*N), 0, 0, N);
    mpz_import(zx, n, -1, sizeof(*X), 0, 0, X);
    mpz_powm(zr, za, ze, zn);
    ok = mpz_cmp(zr, zx) == 0;
    mpz_clears(za, ze, zn, zx, zr, NULL);
    return ok;
#else
    (void)X, (void)A, (void)N, (void)n, (void)E, (void)en;
    return 1;
#endif
}

/* One case: IFMA against C (and GMP); 0 on a mismatch (printed). */
static int run_case(size_t n, const tacit_mpi_uint *N, const tacit_mpi_uint *A,
                    const tacit_mpi_uint *E, size_t en)
{
    static tacit_mpi_uint RR[MAXL], X[2][MAXL], T[TMAX];
    unsigned long before = tacit_mpi_core_test_ifma_calls;

    TEST_ASSERT(tacit_mpi_core_exp_mod_working_limbs(n, en) <= sizeof(T) / sizeof(T[0]));
    tacit_mpi_core_get_mont_r2_unsafe(RR, N, n);
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_C;
    tacit_mpi_core_exp_mod(X[0], A, N, n, E, en, RR, T);
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_IFMA;
    tacit_mpi_core_exp_mod(X[1], A, N, n, E, en, RR, T);
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
    if (en > 0) {
        TEST_EQUAL(tacit_mpi_core_test_ifma_calls, before + 1);
    }
    if (memcmp(X[0], X[1], n * sizeof(*X[0])) != 0) {
        printf("\n    limbs %u, elimbs %u: IFMA != C", (unsigned)n, (unsigned)en);
        TEST_MEM_EQ(X[1], n * sizeof(*X[1]), X[0], n * sizeof(*X[0]));
    }
    TEST_ASSERT(gmp_agrees(X[1], A, N, n, E, en));
    return 1;
exit:
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
    return 0;
}

/*
 * tacit_mpi_core_exp_mod_unsafe (public exponent): IFMA square-and-multiply
 * against C (and GMP); IFMA must run exactly when E has 1..64 bits.
 */
static int run_case_unsafe(size_t n, const tacit_mpi_uint *N, const tacit_mpi_uint *A,
                           const tacit_mpi_uint *E, size_t en)
{
    static tacit_mpi_uint RR[MAXL], X[2][MAXL], T[TMAX];
    unsigned long before = tacit_mpi_core_test_ifma_calls;
    size_t ebits = tacit_mpi_core_bitlen_unsafe(E, en);

    TEST_ASSERT(tacit_mpi_core_exp_mod_unsafe_working_limbs(n, en) <= sizeof(T) / sizeof(T[0]));
    tacit_mpi_core_get_mont_r2_unsafe(RR, N, n);
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_C;
    tacit_mpi_core_exp_mod_unsafe(X[0], A, N, n, E, en, RR, T);
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_IFMA;
    tacit_mpi_core_exp_mod_unsafe(X[1], A, N, n, E, en, RR, T);
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
    TEST_EQUAL(tacit_mpi_core_test_ifma_calls,
               before + (ebits >= 1 && ebits <= IFMA_UNSAFE_MAX_EBITS ? 1 : 0));
    if (memcmp(X[0], X[1], n * sizeof(*X[0])) != 0) {
        printf("\n    limbs %u, ebits %u: IFMA unsafe != C", (unsigned)n, (unsigned)ebits);
        TEST_MEM_EQ(X[1], n * sizeof(*X[1]), X[0], n * sizeof(*X[0]));
    }
    TEST_ASSERT(gmp_agrees(X[1], A, N, n, E, en));
    return 1;
exit:
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
    return 0;
}

static int ifma_here(void)
{
    return tacit_mpi_core_cpu_has_ifma();
}
#endif

/* Every size, every modulus shape, every base kind, short exponents. */
static void test_ifma_all_sizes(void)
{
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_MPI_HAVE_X86_64_IFMA)
    static tacit_mpi_uint N[MAXL], A[MAXL], E[2];
    size_t n;
    int shape, base, ek;

    if (!ifma_here()) {
        TEST_SKIP("this CPU (or valgrind, which hides AVX-512) has no AVX-512F/IFMA");
    }
    for (n = 16; n <= 64; n++) {
        for (shape = 0; shape < N_SHAPES; shape++) {
            make_modulus(N, n, shape);
            for (base = 0; base < N_BASES; base++) {
                make_base(A, N, n, base);
                for (ek = 0; ek <= 4; ek++) {
                    make_exp(E, 1, ek);
                    TEST_ASSERT(run_case(n, N, A, E, 1));
                }
                make_exp(E, 2, 4);
                TEST_ASSERT(run_case(n, N, A, E, 2));
            }
        }
    }
#elif TACIT_MPI_LIMB_BITS != 64
    TEST_SKIP("32-bit limbs: the IFMA path is built only with 64-bit limbs");
#else
    TEST_SKIP(
        "no IFMA path in this build (TACIT_MPI_NO_ASM or _NO_IFMA, -Os, not x86-64) or no test "
        "hooks");
#endif
exit:;
}

/* exp_mod_unsafe: every size and shape, every base kind, public exponents of 0..65 bits. */
static void test_ifma_unsafe(void)
{
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_MPI_HAVE_X86_64_IFMA)
    static const uint64_t es[] = { 0, 1, 2, 3, 17, 65537, 0xFFFFFFFFFFFFFFFFu };
    static tacit_mpi_uint N[MAXL], A[MAXL], E[2];
    size_t n, k;
    int shape, base;

    if (!ifma_here()) {
        TEST_SKIP("this CPU (or valgrind, which hides AVX-512) has no AVX-512F/IFMA");
    }
    for (n = 16; n <= 64; n++) {
        for (shape = 0; shape < N_SHAPES; shape++) {
            make_modulus(N, n, shape);
            for (base = 0; base < N_BASES; base++) {
                make_base(A, N, n, base);
                for (k = 0; k < sizeof(es) / sizeof(es[0]); k++) {
                    E[0] = (tacit_mpi_uint)es[k];
                    E[1] = 0;
                    TEST_ASSERT(run_case_unsafe(n, N, A, E, 2)); /* e padded: bit length counts */
                }
                rnd_fill_limbs(E, 1);
                TEST_ASSERT(run_case_unsafe(n, N, A, E, 1));
                E[1] = 1; /* 65 bits: the sliding window */
                TEST_ASSERT(run_case_unsafe(n, N, A, E, 2));
            }
        }
    }
#elif TACIT_MPI_LIMB_BITS != 64
    TEST_SKIP("32-bit limbs: the IFMA path is built only with 64-bit limbs");
#else
    TEST_SKIP(
        "no IFMA path in this build (TACIT_MPI_NO_ASM or _NO_IFMA, -Os, not x86-64) or no test "
        "hooks");
#endif
exit:;
}

/* The RSA sizes (CRT halves and full moduli) with full-length exponents. */
static void test_ifma_rsa_sizes(void)
{
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_MPI_HAVE_X86_64_IFMA)
    static const size_t sizes[] = { 16, 24, 32, 48, 64 };
    static tacit_mpi_uint N[MAXL], A[MAXL], E[MAXL];
    size_t i;
    int shape, ek, trial;

    if (!ifma_here()) {
        TEST_SKIP("this CPU (or valgrind, which hides AVX-512) has no AVX-512F/IFMA");
    }
    for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        size_t n = sizes[i];
        for (shape = 0; shape < N_SHAPES; shape++) {
            for (trial = 0; trial < 2; trial++) {
                make_modulus(N, n, shape);
                make_base(A, N, n, trial == 0 ? 7 : 6);
                for (ek = 3; ek <= 4; ek++) {
                    make_exp(E, n, ek);
                    TEST_ASSERT(run_case(n, N, A, E, n));
                }
            }
        }
    }
#elif TACIT_MPI_LIMB_BITS != 64
    TEST_SKIP("32-bit limbs: the IFMA path is built only with 64-bit limbs");
#else
    TEST_SKIP(
        "no IFMA path in this build (TACIT_MPI_NO_ASM or _NO_IFMA, -Os, not x86-64) or no test "
        "hooks");
#endif
exit:;
}

/* tacit_mpi_core_exp_mod_x2: both halves against the C path (and GMP), X2 aliasing A2 as in
 * the RSA call site; sizes beyond 32 limbs take the two calls.  16 limbs in both kernels:
 * two 256-bit products side by side and the paired 512-bit ladder. */
static void test_ifma_x2(void)
{
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_MPI_HAVE_X86_64_IFMA)
    static tacit_mpi_uint N[2][MAXL], A[2][MAXL], E[2][MAXL], RR[2][MAXL], X[2][MAXL], Y[2][MAXL];
    static tacit_mpi_uint A1[MAXL], T[TMAX];
    static const size_t sizes[] = { 16, 17, 20, 23, 24, 25, 31, 32, 33, 48 };
    size_t i, en;
    int shape, trial, q, pair;

    if (!ifma_here()) {
        TEST_SKIP("this CPU (or valgrind, which hides AVX-512) has no AVX-512F/IFMA");
    }
    for (i = 0; i < 2 * sizeof(sizes) / sizeof(sizes[0]); i++) {
        size_t n = sizes[i / 2];
        pair = (int)(i % 2) + 1;
        if (pair == 2 && n != 16) {
            continue;
        }
        tacit_mpi_core_test_ifma_pair = pair;
        for (shape = 0; shape < N_SHAPES; shape++) {
            for (trial = 0; trial < 3; trial++) {
                unsigned long before = tacit_mpi_core_test_ifma_calls;
                en = trial == 0 ? n : trial == 1 ? 2 : 1;
                for (q = 0; q < 2; q++) {
                    make_modulus(N[q], n, (shape + q) % N_SHAPES);
                    make_base(A[q], N[q], n, (trial + 5 * q) % N_BASES);
                    make_exp(E[q], en, trial == 2 ? 3 * q + 1 : 4);
                    tacit_mpi_core_get_mont_r2_unsafe(RR[q], N[q], n);
                    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_C;
                    tacit_mpi_core_exp_mod(Y[q], A[q], N[q], n, E[q], en, RR[q], T);
                }
                tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
                memcpy(X[1], A[1], n * sizeof(*X[1]));
                tacit_mpi_core_exp_mod_x2(X[0], A[0], N[0], E[0], RR[0], X[1], X[1], N[1], E[1],
                                          RR[1], n, en, T);
                TEST_EQUAL(tacit_mpi_core_test_ifma_calls, before + 2);
                TEST_MEM_EQ(X[0], n * sizeof(*X[0]), Y[0], n * sizeof(*Y[0]));
                TEST_MEM_EQ(X[1], n * sizeof(*X[1]), Y[1], n * sizeof(*Y[1]));
                TEST_ASSERT(gmp_agrees(X[0], A[0], N[0], n, E[0], en));
                TEST_ASSERT(gmp_agrees(X[1], A[1], N[1], n, E[1], en));
            }
        }
    }
    /* the paired ladder at 16 limbs: every base kind and exponent kind in each half,
     * against each other's kinds (the halves' lanes must not mix) */
    tacit_mpi_core_test_ifma_pair = 2;
    for (i = 0; i < N_BASES * 5; i++) {
        const size_t n = 16;
        unsigned long before = tacit_mpi_core_test_ifma_calls;
        en = i % 3 == 0 ? n : i % 3 == 1 ? 1 : 9;
        for (q = 0; q < 2; q++) {
            make_modulus(N[q], n, (int)(i + 3 * q) % N_SHAPES);
            make_base(A[q], N[q], n,
                      q == 0 ? (int)(i % N_BASES) : (int)((i / N_BASES + 3) % N_BASES));
            make_exp(E[q], en, q == 0 ? (int)(i / N_BASES) : (int)(i % 5));
            tacit_mpi_core_get_mont_r2_unsafe(RR[q], N[q], n);
            tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_C;
            tacit_mpi_core_exp_mod(Y[q], A[q], N[q], n, E[q], en, RR[q], T);
        }
        tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
        memcpy(A1, A[1], n * sizeof(*A1));
        tacit_mpi_core_exp_mod_x2(X[0], A[0], N[0], E[0], RR[0], X[1], A1, N[1], E[1], RR[1], n, en,
                                  T);
        TEST_EQUAL(tacit_mpi_core_test_ifma_calls, before + 2);
        TEST_MEM_EQ(X[0], n * sizeof(*X[0]), Y[0], n * sizeof(*Y[0]));
        TEST_MEM_EQ(X[1], n * sizeof(*X[1]), Y[1], n * sizeof(*Y[1]));
        TEST_ASSERT(gmp_agrees(X[0], A[0], N[0], n, E[0], en));
        TEST_ASSERT(gmp_agrees(X[1], A[1], N[1], n, E[1], en));
    }
#elif TACIT_MPI_LIMB_BITS != 64
    TEST_SKIP("32-bit limbs: the IFMA path is built only with 64-bit limbs");
#else
    TEST_SKIP(
        "no IFMA path in this build (TACIT_MPI_NO_ASM or _NO_IFMA, -Os, not x86-64) or no test "
        "hooks");
#endif
exit:
#if defined(TACIT_TEST_HOOKS)
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
#endif
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_MPI_HAVE_X86_64_IFMA)
    tacit_mpi_core_test_ifma_pair = 0;
#endif
    ;
}

/*
 * tacit_mpi_core_exp_mod_x2_unsafe (the RSA blinding factors r^e mod p and
 * mod q): the paired square-and-multiply (forced by the hook) and the two
 * calls (pair off), every modulus shape and base kind, different in the
 * two halves, against the C path's exp_mod_unsafe; one E for both, from 0
 * and 1 bit (no square-and-multiply) to 64 bits and a 65-bit one (the
 * sliding window: no paired path).
 */
static void test_ifma_x2_unsafe(void)
{
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_MPI_HAVE_X86_64_IFMA)
    static const uint64_t es[] = { 0, 1, 2, 3, 17, 65537, 0xFFFFFFFFFFFFFFFFu, 1 };
    static tacit_mpi_uint N[2][16], A[2][16], RR[2][16], X[2][16], Y[2][16], E[2], T[TMAX];
    const size_t n = 16;
    size_t i, k, ebits;
    int q, pair;

    if (!ifma_here()) {
        TEST_SKIP("this CPU (or valgrind, which hides AVX-512) has no AVX-512F/IFMA");
    }
    for (pair = 1; pair <= 2; pair++) {
        tacit_mpi_core_test_ifma_pair = pair;
        for (i = 0; i < N_SHAPES * N_BASES; i++) {
            for (k = 0; k < sizeof(es) / sizeof(es[0]); k++) {
                unsigned long before = tacit_mpi_core_test_ifma_calls;
                E[0] = (tacit_mpi_uint)es[k];
                E[1] = k + 1 == sizeof(es) / sizeof(es[0]) ? 1 : 0;
                ebits = tacit_mpi_core_bitlen_unsafe(E, 2);
                for (q = 0; q < 2; q++) {
                    make_modulus(N[q], n, (int)(i + (size_t)q) % N_SHAPES);
                    make_base(A[q], N[q], n,
                              q == 0 ? (int)(i % N_BASES) : (int)((i / N_SHAPES + 3) % N_BASES));
                    tacit_mpi_core_get_mont_r2_unsafe(RR[q], N[q], n);
                    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_C;
                    tacit_mpi_core_exp_mod_unsafe(Y[q], A[q], N[q], n, E, 2, RR[q], T);
                }
                tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
                before = tacit_mpi_core_test_ifma_calls;
                tacit_mpi_core_exp_mod_x2_unsafe(X[0], A[0], N[0], RR[0], X[1], A[1], N[1], RR[1],
                                                 n, E, 2, T);
                TEST_EQUAL(tacit_mpi_core_test_ifma_calls,
                           before + (ebits >= 1 && ebits <= IFMA_UNSAFE_MAX_EBITS ? 2 : 0));
                TEST_MEM_EQ(X[0], n * sizeof(*X[0]), Y[0], n * sizeof(*Y[0]));
                TEST_MEM_EQ(X[1], n * sizeof(*X[1]), Y[1], n * sizeof(*Y[1]));
            }
        }
    }
#elif TACIT_MPI_LIMB_BITS != 64
    TEST_SKIP("32-bit limbs: the IFMA path is built only with 64-bit limbs");
#else
    TEST_SKIP(
        "no IFMA path in this build (TACIT_MPI_NO_ASM or _NO_IFMA, -Os, not x86-64) or no test "
        "hooks");
#endif
exit:
#if defined(TACIT_TEST_HOOKS)
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
#endif
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_MPI_HAVE_X86_64_IFMA)
    tacit_mpi_core_test_ifma_pair = 0;
#endif
    ;
}

/* The portable tacit_mpi_core_exp_mod_x2 (the C path forced): the two calls. */
static void test_x2_portable(void)
{
    static tacit_mpi_uint N[2][MAXL], A[2][MAXL], E[2][MAXL], RR[2][MAXL], X[2][MAXL], Y[2][MAXL];
    static tacit_mpi_uint T[TMAX];
    size_t n = 1024 / BIL, en = 3, q;

    for (q = 0; q < 2; q++) {
        rnd_fill_limbs(N[q], n);
        N[q][0] |= 1;
        N[q][n - 1] |= (tacit_mpi_uint)1 << (BIL - 1);
        rnd_fill_limbs(A[q], n);
        rnd_fill_limbs(E[q], en);
        tacit_mpi_core_get_mont_r2_unsafe(RR[q], N[q], n);
        tacit_mpi_core_exp_mod(Y[q], A[q], N[q], n, E[q], en, RR[q], T);
    }
#if defined(TACIT_TEST_HOOKS)
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_C;
#endif
    tacit_mpi_core_exp_mod_x2(X[0], A[0], N[0], E[0], RR[0], X[1], A[1], N[1], E[1], RR[1], n, en,
                              T);
    TEST_MEM_EQ(X[0], n * sizeof(*X[0]), Y[0], n * sizeof(*Y[0]));
    TEST_MEM_EQ(X[1], n * sizeof(*X[1]), Y[1], n * sizeof(*Y[1]));
exit:
#if defined(TACIT_TEST_HOOKS)
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
#endif
    ;
}

/* The hook: C and ADX turn IFMA off, AUTO gives the CPU's answer, and
 * sizes outside 16..64 limbs never take the path. */
static void test_ifma_hook(void)
{
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_MPI_HAVE_X86_64_IFMA)
    static tacit_mpi_uint N[MAXL], A[MAXL], RR[MAXL], X[MAXL], T[TMAX];
    tacit_mpi_uint e = 65537;
    int cpu = tacit_mpi_core_cpu_has_ifma();
    unsigned long before;

    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_C;
    TEST_EQUAL(tacit_mpi_core_cpu_has_ifma(), 0);
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_ADX;
    TEST_EQUAL(tacit_mpi_core_cpu_has_ifma(), 0);
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_IFMA;
    TEST_EQUAL(tacit_mpi_core_cpu_has_ifma(), 1);
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
    TEST_EQUAL(tacit_mpi_core_cpu_has_ifma(), cpu);
    printf("(this CPU: %s) ", cpu ? "AVX-512 IFMA" : "no IFMA");
    make_modulus(N, 15, 0);
    rnd_fill_limbs(A, 15);
    tacit_mpi_core_get_mont_r2_unsafe(RR, N, 15);
    before = tacit_mpi_core_test_ifma_calls;
    tacit_mpi_core_exp_mod(X, A, N, 15, &e, 1, RR, T);
    TEST_EQUAL(tacit_mpi_core_test_ifma_calls, before);
#elif TACIT_MPI_LIMB_BITS != 64
    TEST_SKIP("32-bit limbs: the IFMA path is built only with 64-bit limbs");
#else
    TEST_SKIP(
        "no IFMA path in this build (TACIT_MPI_NO_ASM or _NO_IFMA, -Os, not x86-64) or no test "
        "hooks");
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
    rng_state = 0x243F6A8885A308D3u; /* this suite's inputs */
    RUN_TEST(test_ifma_hook);
    RUN_TEST(test_ifma_all_sizes);
    RUN_TEST(test_ifma_rsa_sizes);
    RUN_TEST(test_ifma_unsafe);
    RUN_TEST(test_ifma_x2);
    RUN_TEST(test_ifma_x2_unsafe);
    RUN_TEST(test_x2_portable);
    return TEST_MAIN_END();
}
