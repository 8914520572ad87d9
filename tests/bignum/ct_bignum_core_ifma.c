/*
 * Constant flow of the AVX-512 IFMA exponentiation (bignum_core_x86_64_ifma.c).
 *
 * valgrind does not implement AVX-512, so the kernel itself cannot run
 * under it: test_ifma_native SKIPs there with that reason (natively on an
 * IFMA CPU it runs the real path with the inputs marked, as a unit test).
 * The evidence under valgrind is a C model: the kernel's own source
 * (bignum_core_ifma_kernel.h: the radix-2^52 Montgomery product, the table
 * scan, the ladder, and the whole exponentiation around them -- digit
 * conversion, the change of Montgomery domain, the final masked
 * subtraction) compiled here against a portable, branch-free C version of
 * the vector operations it uses (8-lane structs; 104-bit products through
 * unsigned __int128; compares and masked moves through the constant_time
 * masks; the two-source permutes of the paired layout as lane picks at
 * fixed indices), in the configurations the library uses at those sizes (4
 * lanes x 5 vectors for 1024 bits, 8 x 5 for 2048, and the paired ladder:
 * both 1024-bit halves in 8 x 5, with its own squaring).  It runs at the CRT-half sizes of
 * RSA-2048 and RSA-4096, one exponentiation and the interleaved pair of
 * tacit_mpi_core_exp_mod_x2 (at 1024 bits in both of its kernels), with the bases, the exponents, the
 * moduli and RR marked secret, and its results are checked against
 * tacit_mpi_core_exp_mod.
 *
 * What this proves: the kernel's control flow and its memory addresses --
 * every loop bound, every table read, every branch the compiler may have
 * made of the C source -- do not depend on secrets, and the source computes
 * A^E mod N.  What it does not prove: anything about the machine code the
 * compiler makes from the intrinsics (the native build has the same source
 * control flow, but it is not the same object code), nor that the
 * instructions behind the intrinsics (VPMADD52LUQ/HUQ, masked or not, the
 * paired squaring's constant lane masks included, VALIGNQ, VPERMT2Q,
 * VEXTRACTI32X4, VPEXTRQ, VPBROADCASTQ, VPCMPUQ, masked VMOVDQA64/VPADDQ,
 * KMOV) take data-independent time: that rests on the vendors'
 * documentation (none of them is on Intel's list of
 * instructions with data-dependent timing) and on review of the generated
 * code (it has no branch inside the kernel: scripts/check_ct_asm.sh does not
 * cover it; see the report of the change).
 *
 * --negative: a branch on the model product's output (must be flagged: it
 * shows that valgrind tracks the secret through the model's 104-bit
 * products, masks and lane moves).
 */
#include "harness.h"
#include "test_rand.h"

#include "bignum/bignum_core.h"
#include "bignum/x86_64/ifma.h"
#include "core/constant_time_internal.h"
#include "tacit/platform.h"

#define SECRET(p, len) TACIT_TEST_CF_SECRET((p), (len))
#define PUBLIC(p, len) TACIT_TEST_CF_PUBLIC((p), (len))

#if TACIT_MPI_LIMB_BITS == 64 && defined(__SIZEOF_INT128__)
#define HAVE_MODEL 1

/* ---- the C model of the vector operations ---------------------------------- */

__extension__ typedef unsigned __int128 model_u128;
#define MODEL_M52 ((uint64_t)0xFFFFFFFFFFFFFu)

typedef struct {
    uint64_t l[8];
} mvec;

/* Operations on the first L lanes (8 for the 512-bit kernels, 4 for the 256-bit one). */
static mvec mv_zero(void)
{
    mvec r;
    memset(&r, 0, sizeof(r));
    return r;
}
static mvec mv_load(const uint64_t *p, int L)
{
    mvec r = mv_zero();
    memcpy(r.l, p, (size_t)L * sizeof(uint64_t));
    return r;
}
static void mv_store(uint64_t *p, mvec v, int L)
{
    memcpy(p, v.l, (size_t)L * sizeof(uint64_t));
}
static mvec mv_set1(uint64_t x, int L)
{
    mvec r = mv_zero();
    int i;
    for (i = 0; i < L; i++) {
        r.l[i] = x;
    }
    return r;
}
static mvec mv_add(mvec a, mvec b)
{
    int i;
    for (i = 0; i < 8; i++) {
        a.l[i] += b.l[i];
    }
    return a;
}
static mvec mv_and(mvec a, mvec b)
{
    int i;
    for (i = 0; i < 8; i++) {
        a.l[i] &= b.l[i];
    }
    return a;
}
static mvec mv_srli52(mvec a)
{
    int i;
    for (i = 0; i < 8; i++) {
        a.l[i] >>= 52;
    }
    return a;
}
/* VPMADD52LUQ / HUQ: the 104-bit product of the lanes' low 52 bits */
static mvec mv_madd(mvec c, mvec a, mvec b, int hi)
{
    int i;
    for (i = 0; i < 8; i++) {
        model_u128 p = (model_u128)(a.l[i] & MODEL_M52) * (b.l[i] & MODEL_M52);
        c.l[i] += hi ? (uint64_t)(p >> 52) : (uint64_t)p & MODEL_M52;
    }
    return c;
}
static mvec mv_down1(mvec lo, mvec hi, int L)
{
    mvec r = mv_zero();
    int i;
    for (i = 0; i + 1 < L; i++) {
        r.l[i] = lo.l[i + 1];
    }
    r.l[L - 1] = hi.l[0];
    return r;
}
static mvec mv_up1(mvec cur, mvec prev, int L)
{
    mvec r = mv_zero();
    int i;
    r.l[0] = prev.l[L - 1];
    for (i = 1; i < L; i++) {
        r.l[i] = cur.l[i - 1];
    }
    return r;
}
static mvec mv_lane0_only(uint64_t x)
{
    mvec r = mv_zero();
    r.l[0] = x;
    return r;
}
static uint32_t mv_cmp(mvec a, mvec b, int gt, int L)
{
    uint32_t k = 0;
    int i;
    for (i = 0; i < L; i++) {
        uint64_t m =
            gt ? tacit_ct_mask_gt_u64(a.l[i], b.l[i]) : tacit_ct_mask_eq_u64(a.l[i], b.l[i]);
        k |= (uint32_t)(m & 1) << i;
    }
    return k;
}
static mvec mv_mask_add(mvec v, uint32_t k, mvec w)
{
    int i;
    for (i = 0; i < 8; i++) {
        v.l[i] += w.l[i] & tacit_ct_mask_from_bit_u64((k >> i) & 1);
    }
    return v;
}
static mvec mv_mask_mov(mvec v, uint32_t k, mvec w)
{
    int i;
    for (i = 0; i < 8; i++) {
        v.l[i] = tacit_ct_select_u64(tacit_ct_mask_from_bit_u64((k >> i) & 1), w.l[i], v.l[i]);
    }
    return v;
}

/* The paired layout's operations (8 lanes, two halves of 4): see bignum_core_ifma_kernel.h. */
static mvec mv_set1_pair(uint64_t x0, uint64_t x1)
{
    mvec r;
    int i;
    for (i = 0; i < 4; i++) {
        r.l[i] = x0;
        r.l[i + 4] = x1;
    }
    return r;
}
/* VPERMT2Q: each lane of the result is one lane of lo or hi, at an index fixed in the source */
static mvec mv_permt2(mvec lo, mvec hi, const int *idx)
{
    mvec r;
    int i;
    for (i = 0; i < 8; i++) {
        r.l[i] = idx[i] < 8 ? lo.l[idx[i]] : hi.l[idx[i] - 8];
    }
    return r;
}
static const int mv_up1_pair_idx[8] = { 11, 0, 1, 2, 15, 4, 5, 6 };
static const int mv_sqr_spread0_idx[8] = { 0, 8, 1, 9, 4, 12, 5, 13 };
static const int mv_sqr_spread1_idx[8] = { 2, 10, 3, 11, 6, 14, 7, 15 };
/* masked VPMADD52LUQ / HUQ: the lanes outside k (a constant of the source) keep c */
static mvec mv_mask_madd(mvec c, uint32_t k, mvec a, mvec b, int hi)
{
    mvec r = mv_madd(c, a, b, hi);
    return mv_mask_mov(c, k, r);
}

#define IFMA_ATTR
#define V_T mvec
#define K_T uint32_t
#define V_ZERO() mv_zero()
#define V_LOAD(p) mv_load((p), IFMA_LANES)
#define V_STORE(p, v) mv_store((p), (v), IFMA_LANES)
#define V_SET1(x) mv_set1((uint64_t)(x), IFMA_LANES)
#define V_ADD(a, b) mv_add((a), (b))
#define V_AND(a, b) mv_and((a), (b))
#define V_SRLI52(a) mv_srli52(a)
#define V_MADDLO(c, a, b) mv_madd((c), (a), (b), 0)
#define V_MADDHI(c, a, b) mv_madd((c), (a), (b), 1)
#define V_DOWN1(lo, hi) mv_down1((lo), (hi), IFMA_LANES)
#define V_UP1(cur, prev) mv_up1((cur), (prev), IFMA_LANES)
#define V_LANE0(v) ((v).l[0])
#define V_LANE1(v) ((v).l[1])
#define V_LANE0_ONLY(x) mv_lane0_only(x)
#define V_CMPGT(a, b) mv_cmp((a), (b), 1, IFMA_LANES)
#define V_CMPEQ(a, b) mv_cmp((a), (b), 0, IFMA_LANES)
#define V_MASK_ADD(v, k, w) mv_mask_add((v), (k), (w))
#define V_MASK_MOV(v, k, w) mv_mask_mov((v), (k), (w))
#define K_TO_U64(k) ((uint64_t)(k))
#define U64_TO_K(x) ((uint32_t)(x))
#define V_SET1_PAIR(x0, x1) mv_set1_pair((uint64_t)(x0), (uint64_t)(x1))
#define V_UP1_PAIR(cur, prev) mv_permt2((cur), (prev), mv_up1_pair_idx)
#define V_LANE_AT(v, n) ((v).l[(n)])
#define V_MASK_MADDLO(c, k, a, b) mv_mask_madd((c), (k), (a), (b), 0)
#define V_MASK_MADDHI(c, k, a, b) mv_mask_madd((c), (k), (a), (b), 1)
#define V_SQR_SPREAD0(lo, hi) mv_permt2((lo), (hi), mv_sqr_spread0_idx)
#define V_SQR_SPREAD1(lo, hi) mv_permt2((lo), (hi), mv_sqr_spread1_idx)

#define IFMA_CAT2(a, b) a##_##b
#define IFMA_CAT(a, b) IFMA_CAT2(a, b)
#define IFMA_FN(name) IFMA_CAT(model_##name, IFMA_TAG)

/* the configurations of bignum_core_x86_64_ifma.c at 1024 bits (4 lanes x 5) and 2048 (8 x 5) */
#define IFMA_LANES 4
#define IFMA_NV 5
#define IFMA_TAG y5
#include "bignum/x86_64/ifma_kernel.h"
#undef IFMA_LANES
#undef IFMA_NV
#undef IFMA_TAG
#define IFMA_LANES 8
#define IFMA_NV 5
#define IFMA_TAG 5
#include "bignum/x86_64/ifma_kernel.h"
#undef IFMA_LANES
#undef IFMA_NV
#undef IFMA_TAG

#define IFMA_LANES 8
#define IFMA_NV 5
#define IFMA_TAG p5
#define IFMA_PAIR
#include "bignum/x86_64/ifma_kernel.h"
#undef IFMA_LANES
#undef IFMA_NV
#undef IFMA_TAG
#undef IFMA_PAIR

static const tacit_ifma_kernel model_y5 = { 20,   model_amm_y5, model_ladder_y5, model_ladder2_y5,
                                            NULL, NULL };
static const tacit_ifma_kernel model_y5p = {
    20, model_amm_y5, model_ladder_y5, model_ladder2_y5, model_ladder2p_p5, ifma_pair_pow_unsafe
};
static const tacit_ifma_kernel model_5 = { 40,   model_amm_5, model_ladder_5, model_ladder2_5,
                                           NULL, NULL };

/* two exponentiations of 32 limbs, or two of 16 and the paired ladder's scratch */
#define MODEL_WORK_PAIR (2 * IFMA_WORK_WORDS(20, 16) + IFMA_PAIR_WORDS(20))
#define MODEL_WORK_X2 (2 * IFMA_WORK_WORDS(40, 32))
static uint64_t model_work[MODEL_WORK_X2 > MODEL_WORK_PAIR ? MODEL_WORK_X2 : MODEL_WORK_PAIR];

/*
 * The model at n limbs (16: the 256-bit configuration, 32: the 512-bit one),
 * the base, exponent, modulus and RR secret; dual: the interleaved pair
 * (two moduli) instead, 2: at 16 limbs in the paired 512-bit ladder.  Checked against tacit_mpi_core_exp_mod.
 */
static int run_model(size_t n, size_t en, int dual)
{
    static tacit_mpi_uint N[2][32], A[2][32], E[2][32], RR[2][32], X[2][32], Y[2][32];
    tacit_mpi_uint *T = (tacit_mpi_uint *)calloc(tacit_mpi_core_exp_mod_working_limbs(n, en), 8);
    const tacit_ifma_kernel *kn = n == 32 ? &model_5 : dual == 2 ? &model_y5p : &model_y5;
    int ok = 1, q;

    if (T == NULL) {
        return 0;
    }
    for (q = 0; q < 2; q++) {
        rnd_fill_limbs(N[q], n);
        N[q][0] |= 1;
        N[q][n - 1] |= (tacit_mpi_uint)1 << 63;
        rnd_fill_limbs(A[q], n); /* any value below R: may be above N */
        rnd_fill_limbs(E[q], en);
        tacit_mpi_core_get_mont_r2_unsafe(RR[q], N[q], n);
        tacit_mpi_core_exp_mod(Y[q], A[q], N[q], n, E[q], en, RR[q], T);
        SECRET(N[q], n * sizeof(*N[q]));
        SECRET(A[q], n * sizeof(*A[q]));
        SECRET(E[q], en * sizeof(*E[q]));
        SECRET(RR[q], n * sizeof(*RR[q]));
    }
    if (dual) {
        tacit_ifma_exp_mod_x2(X[0], A[0], N[0], E[0], RR[0], X[1], A[1], N[1], E[1], RR[1], n, en,
                              kn, model_work);
    } else {
        tacit_ifma_exp_mod(X[0], A[0], N[0], n, E[0], en, RR[0], kn, model_work);
        memcpy(X[1], Y[1], sizeof(X[1]));
    }
    for (q = 0; q < 2; q++) {
        PUBLIC(X[q], n * sizeof(*X[q]));
        PUBLIC(N[q], n * sizeof(*N[q]));
        ok &= memcmp(X[q], Y[q], n * sizeof(*X[q])) == 0;
    }
    free(T);
    return ok;
}

/*
 * The square-and-multiply of exp_mod_unsafe on the model: base, modulus and
 * RR secret, the exponent public (it may be: it is e), checked against the
 * library's exp_mod_unsafe.
 */
static int run_model_unsafe(size_t n, uint64_t e)
{
    static tacit_mpi_uint N[32], A[32], RR[32], X[32], Y[32];
    tacit_mpi_uint E[1];
    tacit_mpi_uint *T =
        (tacit_mpi_uint *)calloc(tacit_mpi_core_exp_mod_unsafe_working_limbs(n, 1), 8);
    const tacit_ifma_kernel *kn = n == 16 ? &model_y5 : &model_5;
    int ok;

    if (T == NULL) {
        return 0;
    }
    E[0] = e;
    rnd_fill_limbs(N, n);
    N[0] |= 1;
    N[n - 1] |= (tacit_mpi_uint)1 << 63;
    rnd_fill_limbs(A, n);
    tacit_mpi_core_get_mont_r2_unsafe(RR, N, n);
    tacit_mpi_core_exp_mod_unsafe(Y, A, N, n, E, 1, RR, T);
    SECRET(N, n * sizeof(*N));
    SECRET(A, n * sizeof(*A));
    SECRET(RR, n * sizeof(*RR));
    tacit_ifma_exp_mod_unsafe(X, A, N, n, E, tacit_mpi_core_bitlen_unsafe(E, 1), RR, kn,
                              model_work);
    PUBLIC(X, n * sizeof(*X));
    PUBLIC(N, n * sizeof(*N));
    ok = memcmp(X, Y, n * sizeof(*X)) == 0;
    free(T);
    return ok;
}

/*
 * The paired square-and-multiply (both RSA-2048 blinding factors r^e mod p
 * and mod q) on the model: bases, moduli and RR secret, e public; checked
 * against the library's exp_mod_unsafe.
 */
static int run_model_unsafe_x2(uint64_t e)
{
    static tacit_mpi_uint N[2][16], A[2][16], RR[2][16], X[2][16], Y[2][16];
    tacit_mpi_uint E[1];
    tacit_mpi_uint *T =
        (tacit_mpi_uint *)calloc(tacit_mpi_core_exp_mod_unsafe_working_limbs(16, 1), 8);
    int ok = 1, q;

    if (T == NULL) {
        return 0;
    }
    E[0] = e;
    for (q = 0; q < 2; q++) {
        rnd_fill_limbs(N[q], 16);
        N[q][0] |= 1;
        N[q][15] |= (tacit_mpi_uint)1 << 63;
        rnd_fill_limbs(A[q], 16);
        tacit_mpi_core_get_mont_r2_unsafe(RR[q], N[q], 16);
        tacit_mpi_core_exp_mod_unsafe(Y[q], A[q], N[q], 16, E, 1, RR[q], T);
        SECRET(N[q], sizeof(N[q]));
        SECRET(A[q], sizeof(A[q]));
        SECRET(RR[q], sizeof(RR[q]));
    }
    tacit_ifma_exp_mod_x2_unsafe(X[0], A[0], N[0], RR[0], X[1], A[1], N[1], RR[1], 16, E,
                                 tacit_mpi_core_bitlen_unsafe(E, 1), &model_y5p, model_work);
    for (q = 0; q < 2; q++) {
        PUBLIC(X[q], sizeof(X[q]));
        PUBLIC(N[q], sizeof(N[q]));
        ok &= memcmp(X[q], Y[q], sizeof(X[q])) == 0;
    }
    free(T);
    return ok;
}
#endif

static void test_ifma_model_secret(void)
{
#if defined(HAVE_MODEL)
    TEST_ASSERT(run_model(16, 16, 0));        /* RSA-2048 CRT half, full exponent */
    TEST_ASSERT(run_model(32, 3, 0));         /* RSA-4096 CRT half, a short exponent (time) */
    TEST_ASSERT(run_model(16, 16, 1));        /* both RSA-2048 CRT halves interleaved */
    TEST_ASSERT(run_model(16, 16, 2));        /* both halves in the paired 512-bit ladder */
    TEST_ASSERT(run_model(16, 1, 2));         /* the paired ladder, a one-limb exponent */
    TEST_ASSERT(run_model(32, 2, 1));         /* both RSA-4096 halves, a short exponent */
    TEST_ASSERT(run_model_unsafe(16, 65537)); /* exp_mod_unsafe: RSA-2048 blinding r^e mod p */
    TEST_ASSERT(run_model_unsafe(32, 65537)); /* exp_mod_unsafe: the RSA-2048 check s^e mod n */
    TEST_ASSERT(run_model_unsafe(32, 3));
    TEST_ASSERT(run_model_unsafe_x2(65537)); /* both RSA-2048 blinding factors, paired */
    TEST_ASSERT(run_model_unsafe_x2(3));
#else
    TEST_SKIP("32-bit limbs: the IFMA path (and its model) exists only with 64-bit limbs");
#endif
exit:;
}

static void test_ifma_native(void)
{
#if defined(TACIT_MPI_HAVE_X86_64_IFMA)
    static tacit_mpi_uint N[16], A[16], E[16], RR[16], X[16];
    const size_t n = 16;

#if TACIT_TEST_CF_ENABLED
    if (RUNNING_ON_VALGRIND) {
        TEST_SKIP("valgrind does not implement AVX-512: the IFMA kernel cannot run here; "
                  "test_ifma_model_secret checks its C model instead");
    }
#endif
    if (!tacit_mpi_core_cpu_has_ifma()) {
        TEST_SKIP("this CPU has no AVX-512F/IFMA");
    }
    rnd_fill_limbs(N, n);
    N[0] |= 1;
    N[n - 1] |= (tacit_mpi_uint)1 << 63;
    rnd_fill_limbs(A, n);
    rnd_fill_limbs(E, n);
    tacit_mpi_core_get_mont_r2_unsafe(RR, N, n);
    SECRET(N, sizeof(N));
    SECRET(A, sizeof(A));
    SECRET(E, sizeof(E));
    TEST_ASSERT(tacit_mpi_core_ifma_exp_mod(X, A, N, n, E, n, RR) == 1);
    PUBLIC(X, sizeof(X));
#else
    TEST_SKIP("no IFMA path in this build (32-bit limbs, TACIT_MPI_NO_ASM or _NO_IFMA, -Os or not "
              "x86-64)");
#endif
exit:;
}

/* Negative control: a branch on the model product (valgrind must flag it). */
static void test_negative_branch_on_model_output(void)
{
#if defined(HAVE_MODEL)
    static uint64_t a[40], b[40], m[40], out[40];
    tacit_ifma_mod md;
    volatile int sink = 0;
    int i;

    for (i = 0; i < 36; i++) {
        a[i] = rnd64() & IFMA_M52;
        b[i] = rnd64() & IFMA_M52;
        m[i] = rnd64() & IFMA_M52;
    }
    m[0] |= 1;
    md.m = m;
    md.m0 = m[0];
    md.m1 = m[1];
    md.k0 = 1; /* the value does not matter for the control */
    TEST_ASSERT(m[0] & 1);
    SECRET(a, sizeof(a));
    model_amm_5(out, a, b, &md);
    if (out[5] & 1) { /* deliberately leaky */
        sink = 1;
    }
    (void)sink;
#else
    TEST_SKIP("32-bit limbs: the IFMA path (and its model) exists only with 64-bit limbs");
#endif
exit:;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    rng_state = 0x13198A2E03707344u; /* this suite's inputs */
    if (test_has_option("--negative")) {
        RUN_TEST(test_negative_branch_on_model_output);
        return TEST_MAIN_END();
    }
    RUN_TEST(test_ifma_model_secret);
    RUN_TEST(test_ifma_native);
    return TEST_MAIN_END();
}
