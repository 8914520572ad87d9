/*
 * Constant flow of the bignum code that handles secrets: the bignum_core
 * helpers (add/sub/compare/conditional), Montgomery multiplication and
 * squaring, mod_ct, exp_mod with base and exponent secret, and the
 * tacit_mpi layer's exp_mod; the constant-flow inverse (safegcd), gcd,
 * binary long division, bit length, trailing zeros and secret shifts, and
 * the tacit_mpi functions built on them (inv_mod, gcd, mod_mpi, div_mpi,
 * comparisons, sums, products, is_prime).  Under valgrind (ct build) the run must be
 * clean.  --negative runs exp_mod_unsafe on a secret exponent instead; its
 * sliding window branches on exponent bits, which valgrind must flag.
 */
#include "harness.h"

#include "bignum/bignum_core.h"
#include "bignum/bignum_core_limb.h"
#include "core/constant_time_internal.h"
#include "tacit/bignum.h"

#define BIL TACIT_MPI_LIMB_BITS

static uint64_t rng_state = 0x0123456789ABCDEFu;

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

static void rnd_modulus(tacit_mpi_uint *N, size_t n)
{
    rnd_limbs(N, n);
    N[n - 1] |= (tacit_mpi_uint)1 << (BIL - 1);
    N[0] |= 1;
}

#define SECRET(p, len) TACIT_TEST_CF_SECRET((p), (len))
#define PUBLIC(p, len) TACIT_TEST_CF_PUBLIC((p), (len))

static void test_core_helpers(void)
{
    tacit_mpi_uint a[4], b[4], x[4], N[4], m, c;

    rnd_modulus(N, 4);
    rnd_limbs(a, 4);
    rnd_limbs(b, 4);
    a[3] &= N[3] >> 1;
    b[3] &= N[3] >> 1;
    SECRET(a, sizeof(a));
    SECRET(b, sizeof(b));
    c = tacit_mpi_core_add(x, a, b, 4);
    c += tacit_mpi_core_sub(x, x, b, 4);
    m = tacit_mpi_core_lt_ct(a, b, 4);
    c += tacit_mpi_core_add_if(x, a, 4, m);
    c += tacit_mpi_core_sub_if(x, b, 4, m);
    tacit_mpi_core_cond_assign(x, a, 4, m);
    tacit_mpi_core_cond_swap(x, b, 4, m);
    m = tacit_mpi_core_eq_ct(a, b, 4) | tacit_mpi_core_is_zero_ct(a, 4);
    tacit_mpi_core_add_mod(x, a, b, N, 4);
    tacit_mpi_core_sub_mod(x, x, b, N, 4);
    tacit_mpi_core_shift_r(x, 4, 7);
    tacit_mpi_core_shift_l(x, 4, 70);
    {
        tacit_mpi_uint p[8];
        unsigned char out[4 * TACIT_MPI_LIMB_BYTES];
        tacit_mpi_core_mul(p, a, 4, b, 4);
        tacit_mpi_core_sqr(p, a, 4);
        TEST_EQUAL(tacit_mpi_core_write_be(a, 4, out, sizeof(out)), 0);
        TEST_EQUAL(tacit_mpi_core_read_be(x, 4, out, sizeof(out)), 0);
        PUBLIC(x, sizeof(x));
        PUBLIC(a, sizeof(a));
        TEST_MEM_EQ(x, sizeof(x), a, sizeof(a));
    }
    PUBLIC(&m, sizeof(m));
    PUBLIC(&c, sizeof(c));
exit:;
}

/* Montgomery arithmetic and mod_ct on secret operands (N public). */
static void test_core_mont(void)
{
    enum { n = 8 };
    tacit_mpi_uint N[n], A[3 * n], B[n], X[n], RR[n], T[4 * n + 1], mm;

    rnd_modulus(N, n);
    mm = tacit_mpi_core_mont_init(N);
    tacit_mpi_core_get_mont_r2_unsafe(RR, N, n);
    rnd_limbs(A, 3 * n);
    rnd_limbs(B, n);
    B[n - 1] &= N[n - 1] >> 1;
    SECRET(A, sizeof(A));
    SECRET(B, sizeof(B));
    SECRET(N, sizeof(N)); /* constant time in the modulus as well */
    SECRET(RR, sizeof(RR));
    SECRET(&mm, sizeof(mm));
    tacit_mpi_core_montmul(X, A, B, N, n, mm, T);
    tacit_mpi_core_montsqr(X, X, N, n, mm, T);
    tacit_mpi_core_to_mont(X, A, N, n, mm, RR, T);
    tacit_mpi_core_from_mont(X, X, N, n, mm, T);
    tacit_mpi_core_mod_ct(X, A, 3 * n, N, n, mm, RR, T);
    /* a secret modulus' R^2 (RSA p and q) */
    tacit_mpi_core_get_mont_r2_ct(RR, N, n);
    tacit_mpi_core_get_mont_r2_full_ct(RR, N, n);
    (void)tacit_mpi_core_mont_init(N);
    PUBLIC(X, sizeof(X));
}

/* exp_mod with base and exponent secret at a small size and at 2048 bits. */
static void run_exp(size_t n, size_t en, int leaky)
{
    tacit_mpi_uint *N = NULL, *A, *E, *X, *RR, *T;
    size_t wl = tacit_mpi_core_exp_mod_working_limbs(n, en);
    size_t wu = tacit_mpi_core_exp_mod_unsafe_working_limbs(n, en);

    N = (tacit_mpi_uint *)calloc(4 * n + en + (wl > wu ? wl : wu), sizeof(*N));
    if (N == NULL) {
        return;
    }
    A = N + n;
    X = A + n;
    RR = X + n;
    E = RR + n;
    T = E + en;
    rnd_modulus(N, n);
    tacit_mpi_core_get_mont_r2_unsafe(RR, N, n);
    rnd_limbs(A, n);
    rnd_limbs(E, en);
    SECRET(A, n * sizeof(*A));
    SECRET(E, en * sizeof(*E));
    if (leaky) {
        tacit_mpi_core_exp_mod_unsafe(X, A, N, n, E, en, RR, T);
    } else {
        SECRET(N, n * sizeof(*N)); /* the core is constant time in N too */
        tacit_mpi_core_exp_mod(X, A, N, n, E, en, RR, T);
        /* X aliasing A */
        tacit_mpi_core_exp_mod(A, A, N, n, E, en, RR, T);
    }
    PUBLIC(X, n * sizeof(*X));
    free(N);
}

static void test_core_exp_mod(void)
{
    run_exp(4, 4, 0);
    run_exp(3, 1, 0);
    run_exp(2048 / BIL, 2048 / BIL, 0);
    run_exp(1024 / BIL, 4096 / BIL, 0); /* past 2048 exponent bits: the 6-bit window */
}

/*
 * The tacit_mpi layer's exp_mod: A, E and N all secret (RSA-CRT: the
 * modulus is a prime of the key); R^2 cold, then from the cache.
 */
static void test_mpi_exp_mod(void)
{
    tacit_mpi X, A, E, N, RR;
    size_t n = 1024 / BIL;

    tacit_mpi_init(&X);
    tacit_mpi_init(&A);
    tacit_mpi_init(&E);
    tacit_mpi_init(&N);
    tacit_mpi_init(&RR);
    TEST_EQUAL(tacit_mpi_grow(&N, n), 0);
    TEST_EQUAL(tacit_mpi_grow(&A, 2 * n), 0);
    TEST_EQUAL(tacit_mpi_grow(&E, n), 0);
    rnd_modulus(N.p, n);
    rnd_limbs(A.p, 2 * n); /* A > N: reduced by mod_ct, no division */
    rnd_limbs(E.p, n);
    SECRET(A.p, 2 * n * sizeof(*A.p));
    SECRET(E.p, n * sizeof(*E.p));
    SECRET(N.p, n * sizeof(*N.p));
    TEST_EQUAL(tacit_mpi_exp_mod(&X, &A, &E, &N, &RR), 0);
    TEST_EQUAL(tacit_mpi_exp_mod(&X, &A, &E, &N, &RR), 0);  /* hot RR */
    TEST_EQUAL(tacit_mpi_exp_mod(&A, &A, &E, &N, NULL), 0); /* aliasing */
    PUBLIC(X.p, X.n * sizeof(*X.p));
    PUBLIC(A.p, A.n * sizeof(*A.p));
    TEST_EQUAL(tacit_mpi_cmp_mpi(&X, &A), 0);
exit:
    tacit_mpi_free(&X);
    tacit_mpi_free(&A);
    tacit_mpi_free(&E);
    tacit_mpi_free(&N);
    tacit_mpi_free(&RR);
}

/*
 * The x86-64 MULX/ADX kernel.  valgrind hides ADX from CPUID, so the runs
 * above take the C code; here the test hook forces the assembly (valgrind
 * executes it whatever the CPU) and the same operations run again.
 */
static void test_core_adx_asm(void)
{
#if TACIT_TEST_CF_ENABLED && defined(TACIT_TEST_HOOKS) && defined(__x86_64__) &&                   \
    TACIT_MPI_LIMB_BITS == 64
    if (!RUNNING_ON_VALGRIND) {
        TEST_SKIP("only forced under valgrind");
    }
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_ADX;
    test_core_mont();
    run_exp(8, 8, 0);
    run_exp(2048 / BIL, 4, 0);
    run_exp(16, 40, 0); /* the 6-bit window: 64-entry AVX2 scans */
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
#else
    TEST_SKIP("needs the ct build on x86-64 with 64-bit limbs");
#endif
exit:;
}

/* The core inverse, gcd, division and bit helpers with every operand secret. */
static void run_core_inv_gcd_div(void)
{
    enum { L = 1024 / BIL };
    tacit_mpi_uint A[L], M[L], X[L], G[L], Q[2 * L], R[L], AA[2 * L], m;
    tacit_mpi_uint *T = NULL;
    size_t tl = tacit_mpi_core_inv_mod_odd_ct_working_limbs(L), b, z;

    if (tl < tacit_mpi_core_gcd_ct_working_limbs(L)) {
        tl = tacit_mpi_core_gcd_ct_working_limbs(L);
    }
    T = calloc(tl + 2 * (L + 1), sizeof(*T));
    TEST_ASSERT(T != NULL);
    rnd_modulus(M, L);
    rnd_limbs(A, L);
    rnd_limbs(AA, 2 * L);
    SECRET(A, sizeof(A));
    SECRET(M, sizeof(M));
    SECRET(AA, sizeof(AA));
    m = tacit_mpi_core_inv_mod_odd_ct(X, A, M, L, T);
    tacit_mpi_core_gcd_ct(G, A, M, L, T);
    tacit_mpi_core_divmod_ct(Q, R, AA, 2 * L, M, L, T);
    b = tacit_mpi_core_bitlen_ct(A, L);
    z = tacit_mpi_core_ctz_ct(A, L);
    tacit_mpi_core_shift_r_secret(A, L, z, L * BIL, T);
    tacit_mpi_core_shift_l_secret(A, L, z, L * BIL);
    PUBLIC(&m, sizeof(m));
    PUBLIC(&b, sizeof(b));
    PUBLIC(&z, sizeof(z));
    PUBLIC(X, sizeof(X));
    PUBLIC(G, sizeof(G));
    PUBLIC(A, sizeof(A));
    PUBLIC(M, sizeof(M));
    /* a random A is invertible mod a random odd M with high probability; check when it is */
    if (m != 0) {
        tacit_mpi_uint P[2 * L];
        tacit_mpi_core_mul(P, X, L, A, L);
        tacit_mpi_core_divmod_ct(Q, R, P, 2 * L, M, L, T);
        TEST_EQUAL(R[0], 1);
    }
exit:
    free(T);
}

/*
 * On x86-64, the inverse and gcd have two kernels: the scalar divsteps
 * (forced with the C path) and the AVX2 ones (chosen where the CPU has
 * AVX2, as valgrind's CPUID reports; forced with the ADX path).  Both run
 * here with every operand secret.
 */
static void test_core_inv_gcd_div(void)
{
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_C;
    run_core_inv_gcd_div();
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_ADX;
    run_core_inv_gcd_div();
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
#else
    run_core_inv_gcd_div();
#endif
}

/*
 * The AVX2 divsteps for large moduli (inv_avx2.c, 29 limbs and more: two,
 * three or four digits of the update after each step) at 2048, 3072 and
 * 4096 bits, every operand secret; the result checked.
 */
static void run_core_inv_wide(size_t L)
{
    tacit_mpi_uint A[4096 / BIL], M[4096 / BIL], X[4096 / BIL], G[4096 / BIL], R[4096 / BIL];
    tacit_mpi_uint P[8192 / BIL], Q[8192 / BIL], m;
    tacit_mpi_uint *T = NULL;
    size_t tl = tacit_mpi_core_inv_mod_odd_ct_working_limbs(L);

    if (tl < tacit_mpi_core_gcd_ct_working_limbs(L)) {
        tl = tacit_mpi_core_gcd_ct_working_limbs(L);
    }
    T = calloc(tl + 4 * L + 2, sizeof(*T));
    TEST_ASSERT(T != NULL);
    rnd_modulus(M, L);
    rnd_limbs(A, L);
    SECRET(A, L * sizeof(*A));
    SECRET(M, L * sizeof(*M));
    m = tacit_mpi_core_inv_mod_odd_ct(X, A, M, L, T);
    tacit_mpi_core_gcd_ct(G, A, M, L, T);
    PUBLIC(&m, sizeof(m));
    PUBLIC(X, L * sizeof(*X));
    PUBLIC(G, L * sizeof(*G));
    PUBLIC(A, L * sizeof(*A));
    PUBLIC(M, L * sizeof(*M));
    if (m != 0) {
        tacit_mpi_core_mul(P, X, L, A, L);
        tacit_mpi_core_divmod_ct(Q, R, P, 2 * L, M, L, T);
        TEST_EQUAL(R[0], 1);
        TEST_EQUAL(G[0], 1);
    }
exit:
    free(T);
}

static void test_core_inv_wide(void)
{
    /* and the AVX2 batches of 28 steps (up to 12 limbs: 256, 512, 768 bits) */
    run_core_inv_wide(256 / BIL);
    run_core_inv_wide(512 / BIL);
    run_core_inv_wide(768 / BIL);
    run_core_inv_wide(2048 / BIL);
    run_core_inv_wide(3072 / BIL);
    run_core_inv_wide(4096 / BIL);
}

/* tacit_mpi inv_mod / gcd / mod_mpi / div_mpi with A secret, N public (1024 bits). */
static void test_mpi_inv_gcd_mod(void)
{
    tacit_mpi A, N, X, Y, E;
    unsigned char buf[256];
    size_t i;
    int r1, r2, r3, r4, c;

    tacit_mpi_init(&A);
    tacit_mpi_init(&N);
    tacit_mpi_init(&X);
    tacit_mpi_init(&Y);
    tacit_mpi_init(&E);
    for (i = 0; i < sizeof(buf); i++) {
        buf[i] = (unsigned char)rnd_limb();
    }
    buf[0] |= 0x80;
    buf[127] |= 3; /* odd, and bit 1 set: A = N - 2 below needs no borrow */
    TEST_EQUAL(tacit_mpi_read_binary(&N, buf, 128), 0);
    /* A = N - 2: gcd(A, N) = gcd(2, N) = 1 for an odd N */
    TEST_EQUAL(tacit_mpi_read_binary(&A, buf, 128), 0);
    A.p[0] -= 2;
    TEST_EQUAL(tacit_mpi_lset(&E, 65537), 0);
    SECRET(A.p, A.n * sizeof(*A.p));
    r1 = tacit_mpi_inv_mod(&X, &A, &N);
    r2 = tacit_mpi_gcd(&Y, &A, &N);
    r3 = tacit_mpi_mod_mpi(&Y, &A, &N);
    r4 = tacit_mpi_div_mpi(&X, &Y, &N, &A);
    c = tacit_mpi_cmp_mpi(&A, &N);
    TEST_EQUAL(tacit_mpi_add_mpi(&Y, &A, &N), 0);
    TEST_EQUAL(tacit_mpi_sub_mpi(&Y, &N, &A), 0);
    TEST_EQUAL(tacit_mpi_mul_mpi(&Y, &A, &N), 0);
    /* an even secret modulus: e^-1 mod 2A (Bezout's path) */
    TEST_EQUAL(tacit_mpi_shift_l(&A, 1), 0);
    (void)tacit_mpi_inv_mod(&X, &E, &A);
    PUBLIC(&c, sizeof(c));
    TEST_EQUAL(r1, 0);
    TEST_EQUAL(r2, 0);
    TEST_EQUAL(r3, 0);
    TEST_EQUAL(r4, 0);
exit:
    tacit_mpi_free(&A);
    tacit_mpi_free(&N);
    tacit_mpi_free(&X);
    tacit_mpi_free(&Y);
    tacit_mpi_free(&E);
}

/* Negative control: the leaky exponentiation on a secret exponent. */
static void test_negative_unsafe_exp(void)
{
    run_exp(4, 4, 1);
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    if (test_has_option("--negative")) {
        RUN_TEST(test_negative_unsafe_exp);
        return TEST_MAIN_END();
    }
    RUN_TEST(test_core_helpers);
    RUN_TEST(test_core_mont);
    RUN_TEST(test_core_exp_mod);
    RUN_TEST(test_mpi_exp_mod);
    RUN_TEST(test_core_adx_asm);
    RUN_TEST(test_core_inv_gcd_div);
    RUN_TEST(test_core_inv_wide);
    RUN_TEST(test_mpi_inv_gcd_mod);
    return TEST_MAIN_END();
}
