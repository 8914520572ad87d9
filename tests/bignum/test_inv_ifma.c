/*
 * The AVX-512 IFMA divsteps of the inverse (src/bignum/x86_64/inv_ifma.c)
 * against their C model (tests/bignum/inv_ifma_model.h: the same bits),
 * the AVX2 divsteps (the same f, and d equal modulo M) and GMP (d in
 * (-2M, M), f = d A mod M, |f| = gcd(A, M), and the whole inverse against
 * mpz_invert), at 4 to 96 limbs: every size with its own copy (32, 48, 64
 * limbs), the generic copy's digit plans (no step, some steps and every
 * step followed by two digits) and sizes next to them.  The inputs:
 * random, A = 0, 1, M - 1, M (not invertible), a common factor 3, A >= M,
 * M = 2^b - 1 with A = 2^(b-1), a short M in many limbs, and consecutive
 * Fibonacci numbers (the most divsteps).  The whole inverse also runs with
 * TACIT_CPU_IFMA cleared by tacit_cpu_hook_disable (the AVX2 path).
 * SKIPs where there is no GMP, no IFMA kernel in the build, or no IFMA on
 * the CPU (the model is still checked against GMP then).
 */
#include "harness.h"
#include "test_rand.h"

#include "bignum/bignum_core.h"
#include "bignum/bignum_core_limb.h"
#include "bignum/x86_64/inv_ifma.h"
#include "core/cpu_x86.h"
#include "inv_ifma_model.h"

#if defined(TACIT_HAVE_GMP) && defined(INV_IFMA_MODEL)
#include <gmp.h>

#define MAXL 96

/* the library's divstep count (bignum_core_inv.c, inv_steps) */
static size_t n_steps(size_t limbs)
{
    size_t b = limbs * 64 + 2;

    return (9437 * b + 1 + 4095) / 4096;
}

/* F (limbs + 1) = M + 2 A */
static void f_start(tacit_mpi_uint *F, const tacit_mpi_uint *M, const tacit_mpi_uint *A, size_t L)
{
    mpz_t m, a;

    mpz_inits(m, a, NULL);
    mpz_import(m, L, -1, sizeof(*M), 0, 0, M);
    mpz_import(a, L, -1, sizeof(*A), 0, 0, A);
    mpz_addmul_ui(m, a, 2);
    memset(F, 0, (L + 1) * sizeof(*F));
    mpz_export(F, NULL, -1, sizeof(*F), 0, 0, m);
    mpz_clears(m, a, NULL);
}

/* z = X, n limbs of two's complement */
static void to_mpz_signed(mpz_t z, const tacit_mpi_uint *X, size_t n)
{
    mpz_import(z, n, -1, sizeof(*X), 0, 0, X);
    if (X[n - 1] >> 63) {
        mpz_t t;
        mpz_init(t);
        mpz_setbit(t, 64 * n);
        mpz_sub(z, z, t);
        mpz_clear(t);
    }
}

/* A, M (L limbs, M odd) for case `kind` */
static void make_case(int kind, size_t L, tacit_mpi_uint *A, tacit_mpi_uint *M)
{
    size_t i;
    mpz_t x, y;

    rnd_fill_limbs(M, L);
    rnd_fill_limbs(A, L);
    M[0] |= 1;
    switch (kind) {
    case 1: /* A = 0 */
        memset(A, 0, L * sizeof(*A));
        break;
    case 2: /* A = 1 */
        memset(A, 0, L * sizeof(*A));
        A[0] = 1;
        break;
    case 3: /* A = M - 1 */
        memcpy(A, M, L * sizeof(*A));
        A[0] -= 1;
        break;
    case 4: /* A = M: not invertible */
        memcpy(A, M, L * sizeof(*A));
        break;
    case 5: /* M = 2^b - 1, A = 2^(b-1) */
        for (i = 0; i < L; i++) {
            M[i] = ~(tacit_mpi_uint)0;
        }
        memset(A, 0, L * sizeof(*A));
        A[L - 1] = (tacit_mpi_uint)1 << 63;
        break;
    case 6: /* a common factor 3 */
    case 7: /* consecutive Fibonacci numbers filling the limbs (M odd) */
        mpz_inits(x, y, NULL);
        if (kind == 6) {
            mpz_import(x, L, -1, sizeof(*M), 0, 0, M);
            mpz_import(y, L, -1, sizeof(*A), 0, 0, A);
            mpz_tdiv_q_2exp(x, x, 3);
            mpz_tdiv_q_2exp(y, y, 2);
            mpz_mul_2exp(x, x, 1);
            mpz_add_ui(x, x, 1);
            mpz_mul_ui(x, x, 3); /* 3 (2k + 1): odd */
            mpz_mul_ui(y, y, 3);
        } else {
            unsigned long k = (unsigned long)(64 * L * 1.44);
            do {
                mpz_fib2_ui(x, y, k);
                k--;
            } while (mpz_sizeinbase(x, 2) > 64 * L || mpz_even_p(x));
        }
        memset(M, 0, L * sizeof(*M));
        memset(A, 0, L * sizeof(*A));
        mpz_export(M, NULL, -1, sizeof(*M), 0, 0, x);
        mpz_export(A, NULL, -1, sizeof(*A), 0, 0, y);
        mpz_clears(x, y, NULL);
        break;
    case 8: /* a short M in L limbs */
        for (i = L / 2; i < L; i++) {
            M[i] = 0;
        }
        break;
    case 9: /* M with its top bit set, A above M */
        M[L - 1] |= (tacit_mpi_uint)1 << 63;
        A[L - 1] = ~(tacit_mpi_uint)0;
        break;
    default: /* random */
        break;
    }
}

static tacit_mpi_uint *T, *TM;

/* One case: returns 1 if every check holds. */
static int check_case(size_t L, const tacit_mpi_uint *A, const tacit_mpi_uint *M, int native)
{
    tacit_mpi_uint F0[MAXL + 1], Fm[MAXL + 1], Dm[MAXL + 1], Fk[MAXL + 1], Dk[MAXL + 1];
    tacit_mpi_uint X[MAXL];
    size_t steps = n_steps(L);
    mpz_t m, a, f, d, t, g, inv;
    int ok = 1, gi;

    mpz_inits(m, a, f, d, t, g, inv, NULL);
    mpz_import(m, L, -1, sizeof(*M), 0, 0, M);
    mpz_import(a, L, -1, sizeof(*A), 0, 0, A);
    f_start(F0, M, A, L);

    /* the model against GMP: d in (-2M, M), f = d A (mod M), |f| = gcd */
    memcpy(Fm, F0, sizeof(Fm));
    model_ifma_divsteps(Fm, Dm, A, M, L, steps, TM);
    to_mpz_signed(f, Fm, L + 1);
    to_mpz_signed(d, Dm, L + 1);
    mpz_mul_si(t, m, -2);
    ok &= mpz_cmp(d, t) > 0 && mpz_cmp(d, m) < 0;
    mpz_mul(t, d, a);
    mpz_sub(t, t, f);
    ok &= mpz_divisible_p(t, m) != 0;
    mpz_gcd(g, a, m);
    mpz_abs(t, f);
    ok &= mpz_cmp(t, g) == 0;

#if defined(TACIT_MPI_HAVE_X86_64_IFMA_INV)
    if (native) {
        /* the kernel: the model's bits */
        memcpy(Fk, F0, sizeof(Fk));
        tacit_mpi_core_ifma_divsteps(Fk, Dk, A, M, L, steps, T);
        ok &= memcmp(Fk, Fm, (L + 1) * sizeof(*Fk)) == 0;
        ok &= memcmp(Dk, Dm, (L + 1) * sizeof(*Dk)) == 0;
        /* the AVX2 kernel: the same f, d equal modulo M */
        memcpy(Fk, F0, sizeof(Fk));
        if (L >= TACIT_MPI_AVX2_DIVSTEPS_WIDE_LIMBS) {
            tacit_mpi_core_avx2_divsteps_wide(Fk, Dk, A, M, L, steps, T);
        } else {
            tacit_mpi_core_avx2_divsteps(Fk, Dk, A, M, L, steps, T);
        }
        ok &= memcmp(Fk, Fm, (L + 1) * sizeof(*Fk)) == 0;
        to_mpz_signed(t, Dk, L + 1);
        mpz_sub(t, t, d);
        ok &= mpz_divisible_p(t, m) != 0;
    }
#else
    (void)native, (void)Fk, (void)Dk;
#endif

    /* the whole inverse (the IFMA path from TACIT_MPI_IFMA_INV_MIN_LIMBS), then without IFMA */
    gi = mpz_invert(inv, a, m);
    {
        int pass;
        for (pass = 0; pass < 2; pass++) {
            tacit_mpi_uint r;
#if defined(TACIT_TEST_HOOKS)
            tacit_cpu_hook_disable = pass ? TACIT_CPU_IFMA : 0;
#endif
            r = tacit_mpi_core_inv_mod_odd_ct(X, A, M, L, T);
            ok &= (r != 0) == (gi != 0);
            if (gi) {
                mpz_import(t, L, -1, sizeof(*X), 0, 0, X);
                ok &= mpz_cmp(t, inv) == 0;
            }
        }
#if defined(TACIT_TEST_HOOKS)
        tacit_cpu_hook_disable = 0;
#endif
    }
    mpz_clears(m, a, f, d, t, g, inv, NULL);
    return ok;
}
#endif

static void test_ifma_inv(void)
{
#if defined(TACIT_HAVE_GMP) && defined(INV_IFMA_MODEL)
    static const size_t sizes[] = { 4,  5,  7,  8,  12, 16, 17, 20, 24, 31, 32, 33,
                                    40, 47, 48, 49, 56, 63, 64, 65, 72, 80, 84, 96 };
    tacit_mpi_uint A[MAXL], M[MAXL];
    size_t si, n = tacit_mpi_core_inv_mod_odd_ct_working_limbs(MAXL);
    int kind, native = 0, bad = 0;

#if defined(TACIT_MPI_HAVE_X86_64_IFMA_INV)
    native = tacit_mpi_core_cpu_has_ifma() && tacit_mpi_core_cpu_has_avx2();
    if (n < tacit_mpi_core_avx2_divsteps_working_limbs(MAXL)) {
        n = tacit_mpi_core_avx2_divsteps_working_limbs(MAXL);
    }
#endif
    T = (tacit_mpi_uint *)calloc(n, sizeof(*T));
    TM = (tacit_mpi_uint *)calloc(model_ifma_working_limbs(MAXL), sizeof(*TM));
    TEST_ASSERT(T != NULL && TM != NULL);
    rng_state = 0x6A09E667F3BCC909u;
    for (si = 0; si < sizeof(sizes) / sizeof(sizes[0]); si++) {
        for (kind = 0; kind < 12; kind++) {
            make_case(kind, sizes[si], A, M);
            if (!check_case(sizes[si], A, M, native)) {
                if (bad++ < 5) {
                    printf("\n    mismatch at %u limbs, case %d", (unsigned)sizes[si], kind);
                }
            }
        }
    }
    TEST_EQUAL(bad, 0);
    if (!native) {
        TEST_SKIP("the IFMA kernel: not in this build or not on this CPU (the model ran)");
    }
#else
    TEST_SKIP("no GMP, or not x86-64 with 64-bit limbs (no IFMA kernel or model)");
#endif
exit:
#if defined(TACIT_HAVE_GMP) && defined(INV_IFMA_MODEL)
    free(T);
    free(TM);
#endif
    ;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_ifma_inv);
    return TEST_MAIN_END();
}
