/*
 * Constant flow of the x86-64 MULX/ADX kernels at the sizes RSA uses
 * (CRT halves of RSA-2048/3072/4096 and the full 2048-bit modulus):
 * Montgomery multiplication and squaring (fully and almost reduced), the
 * conversions, mod_ct and exp_mod, with the operands, the exponent AND the
 * modulus secret.  valgrind hides ADX from CPUID, so the test hook forces
 * the kernels (valgrind executes MULX/ADCX/ADOX whatever the CPU says).
 *
 * --negative: two controls that must be flagged.  (1) A branch on the
 * output of the forced ADX montmul: it shows that valgrind propagates the
 * secret marking through MULX, ADCX and ADOX -- without that the clean run
 * above would prove nothing.  (2) exp_mod_unsafe on a secret exponent.
 *
 * Natively the suite runs as a unit test when the CPU has BMI2 and ADX and
 * SKIPs otherwise (forcing the kernels there would fault); builds without
 * the kernels (32-bit limbs, TACIT_MPI_NO_ASM, other CPUs) SKIP with that
 * reason.
 */
#include "harness.h"

#include "bignum/bignum_core.h"
#include "bignum/bignum_core_limb.h"

#define BIL TACIT_MPI_LIMB_BITS

#define SECRET(p, len) TACIT_TEST_CF_SECRET((p), (len))
#define PUBLIC(p, len) TACIT_TEST_CF_PUBLIC((p), (len))

static uint64_t rng_state = 0x0F1E2D3C4B5A6978u;

static tacit_mpi_uint rnd_limb(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (tacit_mpi_uint)(rng_state * 0x2545F4914F6CDD1Du);
}

static void rnd_limbs(tacit_mpi_uint *X, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        X[i] = rnd_limb();
    }
}

#if defined(TACIT_TEST_HOOKS) && defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)
/* 1 if the kernels may be forced here: under valgrind, or natively on an ADX CPU. */
static int can_force(void)
{
#if TACIT_TEST_CF_ENABLED
    if (RUNNING_ON_VALGRIND) {
        return 1;
    }
#endif
    return tacit_mpi_core_cpu_has_adx();
}

/* One size: every kernel with everything secret. */
static void run_size(size_t n, size_t en)
{
    tacit_mpi_uint *buf, *N, *A, *B, *X, *RR, *E, *T;
    size_t wl = tacit_mpi_core_exp_mod_working_limbs(n, en);
    tacit_mpi_uint mm;

    buf = (tacit_mpi_uint *)calloc(7 * n + en + wl, sizeof(*buf));
    if (buf == NULL) {
        return;
    }
    N = buf;
    A = N + n;
    B = A + 2 * n;
    X = B + n;
    RR = X + n;
    E = RR + n;
    T = E + en;
    rnd_limbs(N, n);
    N[0] |= 1;
    N[n - 1] |= (tacit_mpi_uint)1 << (BIL - 1);
    rnd_limbs(A, 2 * n);
    rnd_limbs(B, n);
    B[n - 1] >>= 1;
    rnd_limbs(E, en);
    tacit_mpi_core_get_mont_r2_unsafe(RR, N, n);
    mm = tacit_mpi_core_mont_init(N);
    SECRET(N, n * sizeof(*N));
    SECRET(A, 2 * n * sizeof(*A));
    SECRET(B, n * sizeof(*B));
    SECRET(E, en * sizeof(*E));
    SECRET(RR, n * sizeof(*RR));
    SECRET(&mm, sizeof(mm));

    tacit_mpi_core_montmul(X, A, B, N, n, mm, T);
    tacit_mpi_core_montsqr(X, X, N, n, mm, T);
    tacit_mpi_core_montmul_lazy(X, X, A, N, n, mm, T);
    tacit_mpi_core_montsqr_lazy(X, X, N, n, mm, T);
    tacit_mpi_core_to_mont(X, A, N, n, mm, RR, T);
    tacit_mpi_core_from_mont(X, X, N, n, mm, T);
    tacit_mpi_core_mod_ct(X, A, 2 * n, N, n, mm, RR, T);
    tacit_mpi_core_exp_mod(X, A, N, n, E, en, RR, T);
    PUBLIC(X, n * sizeof(*X));
    free(buf);
}
#endif

static void test_adx_kernels_secret(void)
{
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)
    if (!can_force()) {
        TEST_SKIP("the CPU has no BMI2/ADX and this is not valgrind");
    }
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_ADX;
    run_size(1024 / BIL, 2); /* RSA-2048 CRT half */
    run_size(1536 / BIL, 1); /* RSA-3072 CRT half */
    run_size(2048 / BIL, 2); /* RSA-4096 CRT half, RSA-2048 modulus */
    run_size(8, 8);          /* the smallest 8-limb window size: one chunk per pass */
    run_size(12, 12);        /* a non-RSA size on the 4-limb fused kernels, full exponent */
    run_size(6, 3);          /* a size on the row kernels */
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
#else
    TEST_SKIP("no x86-64 MULX/ADX kernels in this build (or no test hooks)");
#endif
exit:;
}

/* Negative controls (run with --negative; valgrind must report them). */
static void test_negative_branch_on_adx_output(void)
{
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)
    enum { n = 16 };
    tacit_mpi_uint N[n], A[n], B[n], X[n], T[2 * n + 2], mm;
    volatile int sink = 0;

    if (!can_force()) {
        TEST_SKIP("the CPU has no BMI2/ADX and this is not valgrind");
    }
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_ADX;
    rnd_limbs(N, n);
    N[0] |= 1;
    N[n - 1] |= (tacit_mpi_uint)1 << (BIL - 1);
    rnd_limbs(A, n);
    rnd_limbs(B, n);
    B[n - 1] >>= 1;
    mm = tacit_mpi_core_mont_init(N);
    SECRET(A, sizeof(A));
    tacit_mpi_core_montmul(X, A, B, N, n, mm, T);
    if (X[n / 2] & 1) { /* deliberately leaky */
        sink = 1;
    }
    (void)sink;
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
#else
    TEST_SKIP("no x86-64 MULX/ADX kernels in this build (or no test hooks)");
#endif
exit:;
}

/* Where the kernels are missing this still leaks (on the C path), so the control stays valid. */
static void test_negative_unsafe_exp_on_adx(void)
{
    enum { n = 16, en = 2 };
    tacit_mpi_uint N[n], A[n], X[n], RR[n], E[en], *T;

    T = (tacit_mpi_uint *)calloc(tacit_mpi_core_exp_mod_unsafe_working_limbs(n, en), sizeof(*T));
    TEST_ASSERT(T != NULL);
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)
    if (can_force()) {
        tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_ADX;
    }
#endif
    rnd_limbs(N, n);
    N[0] |= 1;
    N[n - 1] |= (tacit_mpi_uint)1 << (BIL - 1);
    rnd_limbs(A, n);
    rnd_limbs(E, en);
    tacit_mpi_core_get_mont_r2_unsafe(RR, N, n);
    SECRET(E, sizeof(E));
    tacit_mpi_core_exp_mod_unsafe(X, A, N, n, E, en, RR, T); /* leaky on purpose */
    PUBLIC(X, sizeof(X));
#if defined(TACIT_TEST_HOOKS)
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
#endif
exit:
    free(T);
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    if (test_has_option("--negative")) {
        RUN_TEST(test_negative_branch_on_adx_output);
        RUN_TEST(test_negative_unsafe_exp_on_adx);
        return TEST_MAIN_END();
    }
    RUN_TEST(test_adx_kernels_secret);
    return TEST_MAIN_END();
}
