/*
 * Constant flow of the AVX-512 IFMA divsteps of the inverse
 * (src/bignum/x86_64/inv_ifma.c).
 *
 * valgrind does not implement AVX-512, so the kernel itself cannot run
 * under it.  The evidence is its C model (tests/bignum/inv_ifma_model.h):
 * the kernel's own source, inv_ifma_body.h (the CMOV divsteps, the batch
 * matrices, md and me, the digit conversions and the 52-bit digit update
 * with its bias corrections), compiled against branch-free C versions of
 * the vector operations.  It runs at 2048 bits (the size of an RSA-4096
 * CRT half), 3072 and 4096 bits with the value, the modulus and f marked
 * secret, and its f and d are checked against the library's inverse
 * (valgrind runs the AVX2 or the scalar divsteps): f = +-1, +-d mod M.  test_inv_ifma checks that
 * the model and the kernel give the same bits.
 *
 * What this proves: the body's control flow and memory addresses do not
 * depend on secrets.  What it does not: anything about the machine code
 * made from the intrinsics, nor that VPMADD52LUQ/HUQ, VPADDQ, VPSUBQ
 * (masked too), VPCMPQ into a mask register, VPSLLQ, VPSRAQ, VPSHUFD,
 * VPBROADCASTQ and the loads and stores take data-independent time (the vendors' documentation; none is
 * on Intel's list of instructions with data-dependent timing).
 *
 * --negative: a branch on the model's output digit (must be flagged).
 */
#include "harness.h"
#include "test_rand.h"

#include "bignum/bignum_core.h"
#include "bignum/bignum_core_limb.h"
#include "bignum/x86_64/inv_ifma.h"
#include "inv_ifma_model.h"

#define SECRET(p, len) TACIT_TEST_CF_SECRET((p), (len))
#define PUBLIC(p, len) TACIT_TEST_CF_PUBLIC((p), (len))

#if defined(INV_IFMA_MODEL)
#define MAXL 64

static size_t n_steps(size_t limbs)
{
    size_t b = limbs * 64 + 2;

    return (9437 * b + 1 + 4095) / 4096;
}

/* F (L + 1 limbs) = M + 2 A */
static void f_start(tacit_mpi_uint *F, const tacit_mpi_uint *M, const tacit_mpi_uint *A, size_t L)
{
    tacit_mpi_uint c = 0, hi = 0, s;
    size_t i;

    for (i = 0; i < L; i++) {
        s = (A[i] << 1) | hi;
        hi = A[i] >> 63;
        s += c;
        c = (tacit_mpi_uint)(s < c);
        s += M[i];
        c += (tacit_mpi_uint)(s < M[i]);
        F[i] = s;
    }
    F[L] = hi + c;
}

/* D (L + 1 limbs, two's complement, in (-2M, M), public) into [0, M) */
static void reduce(tacit_mpi_uint *D, const tacit_mpi_uint *M, size_t L)
{
    int k;

    for (k = 0; k < 2 && (D[L] >> 63) != 0; k++) {
        D[L] += tacit_mpi_core_add_if(D, M, L, ~(tacit_mpi_uint)0);
    }
}

static int run_model(size_t L)
{
    static tacit_mpi_uint A[MAXL], M[MAXL], F[MAXL + 1], D[MAXL + 1], X[MAXL];
    tacit_mpi_uint *T = (tacit_mpi_uint *)calloc(model_ifma_working_limbs(L), sizeof(*T));
    tacit_mpi_uint *TL =
        (tacit_mpi_uint *)calloc(tacit_mpi_core_inv_mod_odd_ct_working_limbs(L), sizeof(*T));
    tacit_mpi_uint one, neg;
    size_t i;
    int ok = T != NULL && TL != NULL;

    if (ok) {
        /* the reference: the library's inverse (valgrind runs the AVX2 or scalar divsteps) */
        for (i = 0, ok = 0; i < 40 && !ok; i++) { /* an invertible A (public: before SECRET) */
            rnd_fill_limbs(M, L);
            rnd_fill_limbs(A, L);
            M[0] |= 1;
            ok = tacit_mpi_core_inv_mod_odd_ct(X, A, M, L, TL) != 0;
        }
        f_start(F, M, A, L);
        SECRET(A, L * sizeof(*A));
        SECRET(M, L * sizeof(*M));
        SECRET(F, (L + 1) * sizeof(*F));
        model_ifma_divsteps(F, D, A, M, L, n_steps(L), T);
        PUBLIC(F, (L + 1) * sizeof(*F));
        PUBLIC(D, (L + 1) * sizeof(*D));
        PUBLIC(A, L * sizeof(*A));
        PUBLIC(M, L * sizeof(*M));
        /* f = +-1 and the inverse = +-d mod M */
        neg = F[L] >> 63;
        one = F[0] == (neg ? ~(tacit_mpi_uint)0 : 1);
        for (i = 1; i <= L; i++) {
            one &= F[i] == (neg ? ~(tacit_mpi_uint)0 : 0);
        }
        ok &= one != 0;
        reduce(D, M, L);
        if (neg && !tacit_mpi_core_is_zero_ct(D, L)) {
            tacit_mpi_uint t[MAXL];
            memcpy(t, M, L * sizeof(*t));
            tacit_mpi_core_sub(t, t, D, L);
            memcpy(D, t, L * sizeof(*t));
        }
        ok &= memcmp(D, X, L * sizeof(*X)) == 0;
    }
    free(T);
    free(TL);
    return ok;
}
#endif

static void test_ifma_inv_model_secret(void)
{
#if defined(INV_IFMA_MODEL)
    TEST_ASSERT(run_model(32)); /* the size of an RSA-4096 CRT half */
    TEST_ASSERT(run_model(48));
    TEST_ASSERT(run_model(64));
#else
    TEST_SKIP("not x86-64 with 64-bit limbs: no IFMA inverse (and no model)");
#endif
exit:;
}

/* Negative control: a branch on the model's output (valgrind must flag it). */
static void test_negative_branch_on_model_output(void)
{
#if defined(INV_IFMA_MODEL)
    static tacit_mpi_uint A[16], M[16], F[17], D[17];
    tacit_mpi_uint *T = (tacit_mpi_uint *)calloc(model_ifma_working_limbs(16), sizeof(*T));
    volatile int sink = 0;

    TEST_ASSERT(T != NULL);
    rnd_fill_limbs(M, 16);
    rnd_fill_limbs(A, 16);
    M[0] |= 1;
    f_start(F, M, A, 16);
    SECRET(A, sizeof(A));
    model_ifma_divsteps(F, D, A, M, 16, n_steps(16), T);
    if (D[3] & 1) { /* deliberately leaky */
        sink = 1;
    }
    (void)sink;
    free(T);
#else
    TEST_SKIP("not x86-64 with 64-bit limbs: no IFMA inverse (and no model)");
#endif
exit:;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    rng_state = 0xBB67AE8584CAA73Bu; /* this suite's inputs */
    if (test_has_option("--negative")) {
        RUN_TEST(test_negative_branch_on_model_output);
        return TEST_MAIN_END();
    }
    RUN_TEST(test_ifma_inv_model_secret);
    return TEST_MAIN_END();
}
