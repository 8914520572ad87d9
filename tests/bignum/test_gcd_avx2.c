/*
 * The gcd's packed AVX2 divsteps (src/bignum/x86_64/gcd_avx2.c: two digits
 * of f and g a block, with a carry fix-up between the halves):
 *   - tacit_mpi_core_gcd_ct against mpz_gcd at 1..40 limbs and a few larger
 *     sizes, on edge inputs: equal operands, 0, 1, powers of two, one or
 *     both even, all-ones limbs, values whose digits are all ones at the
 *     halves' boundary (the fix-up's carries), random;
 *   - the packed divsteps themselves against divsteps on GMP integers, f
 *     limb for limb after all the steps and after a few batches only (f
 *     mid-way: a gcd's last batches have no carry between the halves), and
 *     after all the steps against the unpacked kernel
 *     (tacit_mpi_core_avx2_divsteps, D = NULL).
 * SKIPs without GMP, or without the packed kernel or AVX2.  The seed is
 * fixed (TACIT_GMP_SEED changes it).
 */
#include "harness.h"

#include "bignum/bignum_core.h"
#include "bignum/bignum_core_limb.h"
#include "bignum/x86_64/gcd_avx2.h"

#if defined(TACIT_HAVE_GMP)
#include <gmp.h>

#include "test_rand.h"

#define MAXL 72

static tacit_mpi_uint *T;

/* X (limbs limbs), shape k: the edge cases, then random ones */
static void shaped(tacit_mpi_uint *X, size_t limbs, unsigned k)
{
    size_t i, b;

    for (i = 0; i < limbs; i++) {
        X[i] = (tacit_mpi_uint)rnd64();
    }
    switch (k % 12) {
    case 0: /* zero */
        memset(X, 0, limbs * sizeof(*X));
        break;
    case 1: /* one */
        memset(X, 0, limbs * sizeof(*X));
        X[0] = 1;
        break;
    case 2: /* a power of two */
        memset(X, 0, limbs * sizeof(*X));
        b = (size_t)(rnd64() % (limbs * TACIT_MPI_LIMB_BITS));
        X[b / TACIT_MPI_LIMB_BITS] = (tacit_mpi_uint)1 << (b % TACIT_MPI_LIMB_BITS);
        break;
    case 3: /* all ones */
        memset(X, 0xFF, limbs * sizeof(*X));
        break;
    case 4: /* all ones below a random bit (digits of all ones across the halves' boundary) */
        b = (size_t)(rnd64() % (limbs * TACIT_MPI_LIMB_BITS)) + 1;
        for (i = 0; i < limbs; i++) {
            X[i] = i * TACIT_MPI_LIMB_BITS + TACIT_MPI_LIMB_BITS <= b ? ~(tacit_mpi_uint)0
                   : i * TACIT_MPI_LIMB_BITS < b
                       ? (((tacit_mpi_uint)1 << (b % TACIT_MPI_LIMB_BITS)) - 1)
                       : 0;
        }
        break;
    case 5: /* even, random */
        X[0] &= ~(tacit_mpi_uint)1;
        break;
    case 6: /* a multiple of a large power of two */
        b = (size_t)(rnd64() % (limbs * TACIT_MPI_LIMB_BITS));
        for (i = 0; i < b; i++) {
            X[i / TACIT_MPI_LIMB_BITS] &= ~((tacit_mpi_uint)1 << (i % TACIT_MPI_LIMB_BITS));
        }
        break;
    case 7: /* top limb ones, the rest random */
        X[limbs - 1] = ~(tacit_mpi_uint)0;
        break;
    case 8: /* half ones, half zeros (the halves of the digits) */
        for (i = 0; i < limbs; i++) {
            X[i] = 2 * i < limbs ? ~(tacit_mpi_uint)0 : 0;
        }
        break;
    default:
        break;
    }
}

/* X = X c mod 2^(L biL) */
static void mul_small(tacit_mpi_uint *X, size_t L, unsigned long c)
{
    mpz_t z;
    size_t count = 0;

    mpz_init(z);
    mpz_import(z, L, -1, sizeof(*X), 0, 0, X);
    mpz_mul_ui(z, z, c);
    mpz_tdiv_r_2exp(z, z, L * TACIT_MPI_LIMB_BITS);
    memset(X, 0, L * sizeof(*X));
    mpz_export(X, &count, -1, sizeof(*X), 0, 0, z);
    mpz_clear(z);
}

static int gcd_case(const tacit_mpi_uint *A, const tacit_mpi_uint *B, size_t limbs)
{
    tacit_mpi_uint G[MAXL], W[MAXL + 1];
    mpz_t a, b, g;
    size_t count = 0;
    int ok;

    mpz_inits(a, b, g, NULL);
    mpz_import(a, limbs, -1, sizeof(*A), 0, 0, A);
    mpz_import(b, limbs, -1, sizeof(*B), 0, 0, B);
    mpz_gcd(g, a, b);
    tacit_mpi_core_gcd_ct(G, A, B, limbs, T);
    memset(W, 0, sizeof(W));
    mpz_export(W, &count, -1, sizeof(*W), 0, 0, g);
    ok = count <= limbs && memcmp(W, G, limbs * sizeof(*G)) == 0;
    mpz_clears(a, b, g, NULL);
    return ok;
}

static void test_gcd_gmp(void)
{
    static const size_t big[] = { 48, 56, 64, 65, 72 };
    tacit_mpi_uint A[MAXL], B[MAXL];
    size_t limbs, bad = 0, n = 0;
    unsigned ka, kb;

    for (limbs = 1; limbs <= 40 + sizeof(big) / sizeof(big[0]); limbs++) {
        size_t L = limbs <= 40 ? limbs : big[limbs - 41];
        for (ka = 0; ka < 12; ka++) {
            for (kb = 0; kb < 12; kb++) {
                shaped(A, L, ka);
                shaped(B, L, kb);
                bad += (size_t)!gcd_case(A, B, L);
                bad += (size_t)!gcd_case(A, A, L); /* equal operands */
                n += 2;
                /* a common factor: A, B times the same odd 32-bit number (mod 2^(64 L)) */
                if (ka >= 9 && kb >= 9) {
                    unsigned long c = (unsigned long)(rnd64() | 1) & 0xFFFFFFFFul;
                    mul_small(A, L, c);
                    mul_small(B, L, c);
                    bad += (size_t)!gcd_case(A, B, L);
                    n++;
                }
            }
        }
    }
    if (bad != 0) {
        printf("  %zu of %zu gcds differ from GMP\n", bad, n);
    }
    TEST_EQUAL(bad, 0);
exit:;
}

#if defined(TACIT_MPI_HAVE_X86_64_GCD_PACKED)
/*
 * n divsteps on f, g (the half-delta variant of bignum_core_inv.c, delta =
 * d2 / 2 from 1/2): (f, g) -> (g, (g - f) / 2) if delta > 0 and g odd
 * (delta -> 1 - delta), else (f, (g + (g odd) f) / 2) (delta -> 1 + delta).
 */
static void ref_divsteps(mpz_t f, mpz_t g, size_t n)
{
    long d2 = 1;
    size_t i;
    mpz_t t;

    mpz_init(t);
    for (i = 0; i < n; i++) {
        if (d2 > 0 && mpz_odd_p(g)) {
            d2 = 2 - d2;
            mpz_sub(t, g, f);
            mpz_swap(f, g);
            mpz_divexact_ui(g, t, 2);
        } else {
            d2 += 2;
            if (mpz_odd_p(g)) {
                mpz_add(g, g, f);
            }
            mpz_divexact_ui(g, g, 2);
        }
    }
    mpz_clear(t);
}

/* F (n limbs) == the two's complement of f? */
static int same_twos(const tacit_mpi_uint *F, size_t n, const mpz_t f)
{
    tacit_mpi_uint W[MAXL + 2];
    size_t count = 0;
    mpz_t t;

    mpz_init(t);
    if (mpz_sgn(f) < 0) {
        mpz_set_ui(t, 1);
        mpz_mul_2exp(t, t, n * TACIT_MPI_LIMB_BITS);
        mpz_add(t, t, f);
    } else {
        mpz_set(t, f);
    }
    memset(W, 0, sizeof(W));
    if (mpz_sizeinbase(t, 2) <= n * TACIT_MPI_LIMB_BITS) {
        mpz_export(W, &count, -1, sizeof(*W), 0, 0, t);
    } else {
        W[0] = ~F[0]; /* does not fit: differ */
    }
    mpz_clear(t);
    return memcmp(W, F, n * sizeof(*F)) == 0;
}

/*
 * The packed divsteps (f = F, g = G: odd f, g <= f, as f_start gives) vs
 * the divsteps on GMP integers (the kernel runs whole batches of 30), and
 * after all the steps vs the unpacked kernel, limb for limb.
 */
static void test_packed_divsteps(void)
{
    tacit_mpi_uint F1[MAXL + 1], F2[MAXL + 1], G[MAXL];
    size_t limbs, bad = 0, badu = 0, it;
    mpz_t f, g;

    mpz_inits(f, g, NULL);
    if (!tacit_mpi_core_cpu_has_avx2()) {
        TEST_SKIP("no AVX2");
    }
    for (limbs = 1; limbs <= MAXL; limbs += limbs < 40 ? 1 : 8) {
        size_t all = (9437 * (limbs * TACIT_MPI_LIMB_BITS + 2) + 1 + 4095) / 4096;
        for (it = 0; it < 96; it++) {
            /*
             * every other case stops early (1 to 5 batches, or all but one):
             * f mid-way, where the last batch's carry into digit H is not
             * zero (once g = 0 it always is)
             */
            size_t steps = it % 2 == 0 ? all : it % 6 == 1 ? all - 30 : 1 + (it % 5) * 29;
            size_t i;
            tacit_mpi_uint c = 0;
            shaped(G, limbs, (unsigned)it / 2);
            shaped(F1, limbs, (unsigned)(it / 4 + 3));
            /* F = F1 | 1 + 2 G (limbs + 1 limbs): odd, at least G */
            F1[0] |= 1;
            F1[limbs] = 0;
            for (i = 0; i < limbs; i++) {
                tacit_mpi_uint g2 = (G[i] << 1) | (i ? G[i - 1] >> (TACIT_MPI_LIMB_BITS - 1) : 0);
                tacit_mpi_uint s = F1[i] + g2, c2 = (tacit_mpi_uint)(s < g2);
                s += c;
                c2 += (tacit_mpi_uint)(s < c);
                F1[i] = s;
                c = c2;
            }
            F1[limbs] = c + (G[limbs - 1] >> (TACIT_MPI_LIMB_BITS - 1));
            mpz_import(f, limbs + 1, -1, sizeof(*F1), 0, 0, F1);
            mpz_import(g, limbs, -1, sizeof(*G), 0, 0, G);
            ref_divsteps(f, g, (steps + 29) / 30 * 30);
            memcpy(F2, F1, (limbs + 1) * sizeof(*F1));
            tacit_mpi_core_avx2_gcd_divsteps(F2, G, limbs, steps, T);
            bad += (size_t)!same_twos(F2, limbs + 1, f);
            if (steps == all) {
                tacit_mpi_core_avx2_divsteps(F1, NULL, G, NULL, limbs, steps, T);
                badu += (size_t)(memcmp(F1, F2, (limbs + 1) * sizeof(*F1)) != 0);
            }
        }
    }
    if (bad + badu != 0) {
        printf("  %zu packed results differ from GMP's divsteps, %zu from the unpacked kernel\n",
               bad, badu);
    }
    TEST_EQUAL(bad, 0);
    TEST_EQUAL(badu, 0);
exit:
    mpz_clears(f, g, NULL);
}
#endif
#endif /* TACIT_HAVE_GMP */

static void test_gcd_avx2(void)
{
#if defined(TACIT_HAVE_GMP)
    const char *s = getenv("TACIT_GMP_SEED");
    size_t n = tacit_mpi_core_gcd_ct_working_limbs(MAXL);

    rng_state = s != NULL ? strtoull(s, NULL, 0) | 1 : 0x2545F4914F6CDD1DULL;
#if defined(TACIT_MPI_HAVE_X86_64_GCD_PACKED)
    if (n < tacit_mpi_core_avx2_divsteps_working_limbs(MAXL)) {
        n = tacit_mpi_core_avx2_divsteps_working_limbs(MAXL);
    }
#endif
    T = (tacit_mpi_uint *)calloc(n, sizeof(*T));
    TEST_ASSERT(T != NULL);
    test_gcd_gmp();
#if defined(TACIT_MPI_HAVE_X86_64_GCD_PACKED)
    test_packed_divsteps();
#endif
#else
    TEST_SKIP_NO_PEER("GMP");
#endif
exit:;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_gcd_avx2);
#if defined(TACIT_HAVE_GMP)
    free(T);
#endif
    return TEST_MAIN_END();
}
