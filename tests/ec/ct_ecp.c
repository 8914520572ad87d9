/*
 * Constant-flow tests of the ecp, ecdh and ecdsa modules: under valgrind
 * (TACIT_TEST_CONSTANT_FLOW build) the scalar, the private key and the
 * nonce are marked undefined, and any branch or memory index that depends
 * on them is reported.  Covered, for each curve:
 *   - variable-base k*P (tacit_ecp_mul_ct), with and without blinding;
 *   - fixed-base k*G (tacit_ecp_mul_base_ct);
 *   - ECDH with the private key secret;
 *   - ECDSA signing with the private key secret (RFC 6979 nonce derived
 *     from it, hedged and not), through the fault check: the signature
 *     stays secret until it is released.
 * Results are declared public before they are compared.
 *
 * --negative: the fixed-base loop again, but reading the table entry by a
 * direct index computed from the secret scalar (one line differs from
 * tacit_ecp_mul_base_ct).  valgrind must flag it.
 */
#include "harness.h"

#include "ec/ecp_internal.h"
#include "bignum/bignum_core.h"
#include "ec/ecp_small.h"
#include "tacit/ecdh.h"
#include "tacit/ecdsa.h"

static uint64_t rng_state = 0x1234567812345678u;
static int test_rng(void *p, unsigned char *out, size_t len)
{
    size_t i;
    (void)p;
    for (i = 0; i < len; i++) {
        rng_state ^= rng_state << 13;
        rng_state ^= rng_state >> 7;
        rng_state ^= rng_state << 17;
        out[i] = (unsigned char)(rng_state >> 24);
    }
    return 0;
}

/* The curves compiled in (TACIT_ECP_SECPxxxR1_C). */
static const tacit_ecp_group_id ids[] = {
#if defined(TACIT_ECP_SECP256R1_C)
    TACIT_ECP_SECP256R1,
#endif
#if defined(TACIT_ECP_SECP384R1_C)
    TACIT_ECP_SECP384R1,
#endif
#if defined(TACIT_ECP_SECP521R1_C)
    TACIT_ECP_SECP521R1,
#endif
};
#define NIDS (sizeof(ids) / sizeof(ids[0]))

/* The hedged signature's hash: SHA-384 unless the configuration dropped it. */
#if defined(TACIT_SHA512_C)
#define HEDGED_MD TACIT_MD_SHA384
#define HEDGED_LEN 48
#else
#define HEDGED_MD TACIT_MD_SHA256
#define HEDGED_LEN 32
#endif

static void test_mul_ct(void)
{
    size_t i;

    for (i = 0; i < NIDS; i++) {
        const tacit_ecp_curve *c = tacit_ecp_curve_get(ids[i]);
        tacit_mpi_uint k[TACIT_ECP_MAX_LIMBS], x[TACIT_ECP_MAX_LIMBS], y[TACIT_ECP_MAX_LIMBS];
        tacit_mpi_uint x2[TACIT_ECP_MAX_LIMBS], y2[TACIT_ECP_MAX_LIMBS];
        int ret;

        TEST_EQUAL(tacit_ecp_random_scalar(c, k, test_rng, NULL), 0);
        k[0] &= ~(tacit_mpi_uint)1; /* even: the n - k path */
        TACIT_TEST_CF_SECRET(k, sizeof(k));
        ret = tacit_ecp_mul_ct(c, x, y, k, c->gx, c->gy, NULL, NULL);
        TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
        TEST_EQUAL(ret, 0);
        ret = tacit_ecp_mul_ct(c, x2, y2, k, c->gx, c->gy, test_rng, NULL);
        TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
        TEST_EQUAL(ret, 0);
        ret = tacit_ecp_mul_base_ct(c, x, y, k, test_rng, NULL);
        TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
        TEST_EQUAL(ret, 0);
        TACIT_TEST_CF_PUBLIC(x, sizeof(x));
        TACIT_TEST_CF_PUBLIC(x2, sizeof(x2));
        TACIT_TEST_CF_PUBLIC(y, sizeof(y));
        TACIT_TEST_CF_PUBLIC(y2, sizeof(y2));
        TEST_ASSERT(memcmp(x, x2, c->limbs * sizeof(tacit_mpi_uint)) == 0);
        TEST_ASSERT(memcmp(y, y2, c->limbs * sizeof(tacit_mpi_uint)) == 0);
    }
exit:
    return;
}

static void test_ecdh_ct(void)
{
    size_t i;

    for (i = 0; i < NIDS; i++) {
        tacit_ecp_keypair a, b;
        unsigned char pb[TACIT_ECP_MAX_PT_LEN], s[TACIT_ECP_MAX_BYTES];
        size_t lb, ls;
        int ret;

        TEST_EQUAL(tacit_ecp_gen_key(&a, ids[i], test_rng, NULL), 0);
        TEST_EQUAL(tacit_ecp_gen_key(&b, ids[i], test_rng, NULL), 0);
        TEST_EQUAL(tacit_ecp_write_public_point(&b, 0, pb, sizeof(pb), &lb), 0);
        TACIT_TEST_CF_SECRET(a.d, sizeof(a.d));
        ret = tacit_ecdh_compute_shared(&a, pb, lb, s, sizeof(s), &ls, test_rng, NULL);
        TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
        TEST_EQUAL(ret, 0);
        TACIT_TEST_CF_PUBLIC(s, sizeof(s));
        tacit_ecp_keypair_free(&a);
        tacit_ecp_keypair_free(&b);
    }
exit:
    return;
}

static void test_ecdsa_sign_ct(void)
{
    size_t i;

    for (i = 0; i < NIDS; i++) {
        tacit_ecp_keypair key;
        unsigned char hash[48], sig[TACIT_ECDSA_MAX_DER_LEN];
        size_t slen;
        int ret;

        memset(hash, 0x5A, sizeof(hash));
        TEST_EQUAL(tacit_ecp_gen_key(&key, ids[i], test_rng, NULL), 0);
        TACIT_TEST_CF_SECRET(key.d, sizeof(key.d));
        ret = tacit_ecdsa_sign_det_raw(&key, TACIT_MD_SHA256, hash, 32, sig, sizeof(sig), &slen,
                                       NULL, NULL);
        TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
        TEST_EQUAL(ret, 0);
        ret = tacit_ecdsa_sign_der(&key, HEDGED_MD, hash, HEDGED_LEN, sig, sizeof(sig), &slen,
                                   test_rng, NULL);
        TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
        TEST_EQUAL(ret, 0);
        TACIT_TEST_CF_PUBLIC(key.d, sizeof(key.d));
        TACIT_TEST_CF_PUBLIC(sig, sizeof(sig));
        TACIT_TEST_CF_PUBLIC(&slen, sizeof(slen));
        TEST_EQUAL(tacit_ecdsa_verify_der(&key, hash, HEDGED_LEN, sig, slen), 0);
        tacit_ecp_keypair_free(&key);
    }
exit:
    return;
}

#if defined(TACIT_ECP_SMALL)
/*
 * The negative control of the small profile: k G by the textbook ladder,
 * with a branch on the secret bit instead of any masking.
 */
static void leaky_mul_base(const tacit_ecp_curve *c, tacit_mpi_uint *x, tacit_mpi_uint *y,
                           const tacit_mpi_uint *k)
{
    size_t n = c->limbs, i;
    tacit_mpi_uint R0[3 * TACIT_ECP_MAX_LIMBS], R1[3 * TACIT_ECP_MAX_LIMBS];

    memset(R0, 0, sizeof(R0));
    memcpy(R0 + n, c->one, n * sizeof(tacit_mpi_uint));
    memcpy(R1, c->gx, n * sizeof(tacit_mpi_uint));
    memcpy(R1 + n, c->gy, n * sizeof(tacit_mpi_uint));
    memcpy(R1 + 2 * n, c->one, n * sizeof(tacit_mpi_uint));
    for (i = c->bits; i-- > 0;) {
        /* THE LEAK: a branch on a secret bit */
        if ((k[i / TACIT_MPI_LIMB_BITS] >> (i % TACIT_MPI_LIMB_BITS)) & 1) {
            tacit_ecp_small_add(c, R0, R0, R1);
            tacit_ecp_small_add(c, R1, R1, R1);
        } else {
            tacit_ecp_small_add(c, R1, R0, R1);
            tacit_ecp_small_add(c, R0, R0, R0);
        }
    }
    (void)tacit_ecp_proj_to_affine(c, x, y, R0);
}
#else
/*
 * The negative control: tacit_ecp_mul_base_ct's loop with the masked scan
 * replaced by a direct, secret-indexed read of the table.
 */
static void leaky_mul_base(const tacit_ecp_curve *c, tacit_mpi_uint *x, tacit_mpi_uint *y,
                           const tacit_mpi_uint *k)
{
    const size_t S = TACIT_ECP_COMB_SPACING, W = TACIT_ECP_W;
    size_t n = c->limbs, an = 2 * n, ntab = (c->digits + S - 1) / S, i, j, t;
    tacit_mpi_uint Q[3 * TACIT_ECP_MAX_LIMBS], T[2 * TACIT_ECP_MAX_LIMBS];

    memset(Q, 0, sizeof(Q));
    memcpy(Q + n, c->one, n * sizeof(tacit_mpi_uint));
    for (j = S; j-- > 0;) {
        if (j + 1 < S) {
            for (i = 0; i < W; i++) {
                tacit_ecp_proj_dbl(c, Q, Q);
            }
        }
        for (t = 0; t < ntab; t++) {
            size_t pos = W * (S * t + j), bit;
            uint32_t v = 0, index;
            if (S * t + j >= c->digits) {
                continue;
            }
            for (bit = 0; bit <= W && pos + bit < n * TACIT_MPI_LIMB_BITS; bit++) {
                v |= (uint32_t)((k[(pos + bit) / TACIT_MPI_LIMB_BITS] >>
                                 ((pos + bit) % TACIT_MPI_LIMB_BITS)) &
                                1)
                     << bit;
            }
            index = (v >> 1) & 15u;
            /* THE LEAK: a load whose address depends on the secret */
            memcpy(T, c->gtab + (t * TACIT_ECP_TABLE + index) * an, an * sizeof(tacit_mpi_uint));
            tacit_ecp_proj_madd(c, Q, Q, T);
        }
    }
    (void)tacit_ecp_proj_to_affine(c, x, y, Q);
}
#endif /* TACIT_ECP_SMALL */

#if defined(TACIT_ECP_P384_COMB6)
/*
 * The negative control of the P-384 comb (ecp_p384_comb.c): its steps with
 * the masked scan replaced by a direct, secret-indexed read of the table
 * (the recoding kept simple: K = k, whose Booth digits sum to k too).
 */
static void leaky_p384_comb(const tacit_ecp_curve *c, tacit_mpi_uint *x, tacit_mpi_uint *y,
                            const tacit_mpi_uint *k)
{
    size_t n = c->limbs, t;
    tacit_mpi_uint Q[3 * TACIT_ECP_MAX_LIMBS], R[3 * TACIT_ECP_MAX_LIMBS];
    tacit_mpi_uint T[2 * TACIT_ECP_MAX_LIMBS], K[TACIT_ECP_MAX_LIMBS + 1];
    uint32_t mag, neg;

    memcpy(K, k, n * sizeof(tacit_mpi_uint));
    K[n] = 0;
    memset(Q, 0, sizeof(Q));
    for (t = c->comb_tables; t-- > 0;) {
        tacit_ecp_booth_digit(K, n + 1, t, c->comb_w, &mag, &neg);
        /* THE LEAK: a load whose address depends on the secret */
        memcpy(T, c->comb + (t * 32 + (mag & 31u)) * 2 * n, 2 * n * sizeof(tacit_mpi_uint));
        tacit_ecp_fe_cond_neg(c, T + n, T + n, (tacit_mpi_uint)0 - (tacit_mpi_uint)(neg & 1u));
        c->jac_madd(R, Q, T);
        memcpy(Q, R, sizeof(Q));
    }
    (void)tacit_ecp_jac_to_affine(c, x, y, Q);
}

static void test_negative_leaky_p384_comb(void)
{
    const tacit_ecp_curve *c = tacit_ecp_curve_get(TACIT_ECP_SECP384R1);
    tacit_mpi_uint k[TACIT_ECP_MAX_LIMBS], x[TACIT_ECP_MAX_LIMBS], y[TACIT_ECP_MAX_LIMBS];

    TEST_EQUAL(tacit_ecp_random_scalar(c, k, test_rng, NULL), 0);
    TACIT_TEST_CF_SECRET(k, sizeof(k));
    leaky_p384_comb(c, x, y, k);
    TACIT_TEST_CF_PUBLIC(x, sizeof(x));
    TACIT_TEST_CF_PUBLIC(y, sizeof(y));
exit:
    return;
}
#endif

static void test_negative_leaky_table(void)
{
    const tacit_ecp_curve *c = tacit_ecp_curve_get(ids[0]); /* P-256 unless compiled out */
    tacit_mpi_uint k[TACIT_ECP_MAX_LIMBS], x[TACIT_ECP_MAX_LIMBS], y[TACIT_ECP_MAX_LIMBS];

    TEST_EQUAL(tacit_ecp_random_scalar(c, k, test_rng, NULL), 0);
    TACIT_TEST_CF_SECRET(k, sizeof(k));
    leaky_mul_base(c, x, y, k);
    TACIT_TEST_CF_PUBLIC(x, sizeof(x));
    TACIT_TEST_CF_PUBLIC(y, sizeof(y));
exit:
    return;
}

/*
 * The MULX/ADX build of P-256 (ecp_p256_x86_64.c): valgrind hides ADX from
 * CPUID but runs the instructions, so force it and run the cases again.
 */
static void test_adx_build_ct(void)
{
#if TACIT_TEST_CF_ENABLED && defined(TACIT_TEST_HOOKS) &&                                          \
    (defined(TACIT_ECP_P256_ADX) || defined(TACIT_ECP_P384_ADX))
    if (!RUNNING_ON_VALGRIND) {
        TEST_SKIP("only forced under valgrind (natively the cases above ran it)");
    }
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_ADX;
    test_mul_ct();
    test_ecdh_ct();
    test_ecdsa_sign_ct();
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
#else
    TEST_SKIP("needs the ct build on x86-64 with the P-256 MULX/ADX build");
#endif
exit:;
}

/*
 * The AVX-512 table scan (ecp_select_x86_64_avx512.c): valgrind does not
 * implement AVX-512 and its CPUID hides it, so under valgrind
 * tacit_ecp_select takes the AVX2 scan, which the cases above checked.
 * This case says so (and fails if the probe still claims AVX-512 there:
 * the cases above would then not have run the path they say).  The
 * AVX-512 scan's evidence is elsewhere: scripts/check_ct_asm.sh traces the
 * index through its compiled code (no branch, no address, no masked load
 * depends on it) and test_ecp checks its results on every index.
 */
static void test_avx512_scan_ct(void)
{
#if defined(TACIT_ECP_X86_64_AVX512)
#if TACIT_TEST_CF_ENABLED
    if (RUNNING_ON_VALGRIND) {
        TEST_ASSERT(!tacit_ecp_cpu_has_avx512());
    }
#endif
    TEST_SKIP("the AVX-512 table scan is not run under valgrind: valgrind does not implement "
              "AVX-512 and its CPUID hides it, so the cases above ran the AVX2 scan; evidence "
              "for the AVX-512 one: scripts/check_ct_asm.sh");
#else
    TEST_SKIP("no AVX-512 table scan in this configuration");
#endif
exit:;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    if (test_has_option("--negative")) {
        RUN_TEST(test_negative_leaky_table);
#if defined(TACIT_ECP_P384_COMB6)
        RUN_TEST(test_negative_leaky_p384_comb);
#endif
    } else {
        RUN_TEST(test_mul_ct);
        RUN_TEST(test_ecdh_ct);
        RUN_TEST(test_ecdsa_sign_ct);
        RUN_TEST(test_adx_build_ct);
        RUN_TEST(test_avx512_scan_ct);
    }
    return TEST_MAIN_END();
}
