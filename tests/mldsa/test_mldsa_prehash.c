/*
 * HashML-DSA (FIPS 204 section 5.4): checked against its definition.  For
 * every parameter set and every pre-hash PH, tacit_mldsa_prehash_sign_det
 * must equal the external-mu signature of the string
 * M' = 1 || len(ctx) || ctx || OID(PH) || PH(M) built here by hand (the
 * OIDs typed from FIPS 204 / the NIST CSOR hash OIDs, independently of the
 * library's table), and verify; signing is reproducible, hedged signing
 * verifies, and verification refuses the pure scheme's signature of the
 * same message, another PH (another OID with the same digest length), a
 * digest of the wrong length, a context longer than 255 bytes.  The digest
 * helper is checked against known hash values of "abc" (hashlib).
 */
#include "harness.h"

#include "tacit/mldsa.h"

#if defined(TACIT_MLDSA_C)

#include "tacit/sha3.h"

#define N_PH 12

/* DER (tag, length, value) of each PH's OID, in enum order. */
static const char *const oid_hex[N_PH] = {
    "0609608648016503040204", /* SHA-224     2.16.840.1.101.3.4.2.4 */
    "0609608648016503040201", /* SHA-256     .2.1 */
    "0609608648016503040202", /* SHA-384     .2.2 */
    "0609608648016503040203", /* SHA-512     .2.3 */
    "0609608648016503040205", /* SHA-512/224 .2.5 */
    "0609608648016503040206", /* SHA-512/256 .2.6 */
    "0609608648016503040207", /* SHA3-224    .2.7 */
    "0609608648016503040208", /* SHA3-256    .2.8 */
    "0609608648016503040209", /* SHA3-384    .2.9 */
    "060960864801650304020a", /* SHA3-512    .2.10 */
    "060960864801650304020b", /* SHAKE128    .2.11 */
    "060960864801650304020c", /* SHAKE256    .2.12 */
};

static const size_t ph_len[N_PH] = { 28, 32, 48, 64, 28, 32, 28, 32, 48, 64, 32, 64 };

/* PH("abc") (Python hashlib); NULL: tacit has no SHA-512/t. */
static const char *const abc_hex[N_PH] = {
    "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825"
    "a"
    "7",
    "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feeb"
    "b"
    "d454d4423643ce80e2a9ac94fa54ca49f",
    "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa", /* FIPS 180-4 example */
    "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23",
    "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf",
    "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532",
    "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf228376d"
    "2"
    "5",
    "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e393"
    "4"
    "057340b4cf408d5a56592f8274eec53f0",
    "5881092dd818bf5cf8a3ddb793fbcba74097d5c526a6d35f97b83351940f2cc8",
    "483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739d5a15bef186a5386c75744c0527e1f"
    "a"
    "a9f8726e462a12a4feb06bd8801e751e4",
};

static int hash_compiled(unsigned ph)
{
    switch (ph) {
    case 0:
    case 1:
#if defined(TACIT_SHA256_C)
        return 1;
#else
        return 0;
#endif
    case 2:
    case 3:
    case 4: /* SHA-512/224, SHA-512/256 */
    case 5:
#if defined(TACIT_SHA512_C)
        return 1;
#else
        return 0;
#endif
    default:
        return 1;
    }
}

static void test_digest(void)
{
    static const unsigned char abc[3] = { 'a', 'b', 'c' };
    unsigned char out[TACIT_MLDSA_PH_MAX_BYTES], *want = NULL;
    size_t out_len = 0, want_len = 0;
    unsigned ph;

    for (ph = 0; ph < N_PH; ph++) {
        TEST_EQUAL(tacit_mldsa_prehash_size((tacit_mldsa_prehash)ph), ph_len[ph]);
        if (!hash_compiled(ph)) {
            TEST_EQUAL(tacit_mldsa_prehash_digest((tacit_mldsa_prehash)ph, abc, 3, out, sizeof(out),
                                                  &out_len),
                       TACIT_ERR_NOT_SUPPORTED);
            continue;
        }
        TEST_EQUAL(
            tacit_mldsa_prehash_digest((tacit_mldsa_prehash)ph, abc, 3, out, sizeof(out), &out_len),
            0);
        want = test_unhex(abc_hex[ph], &want_len);
        TEST_ASSERT(want != NULL);
        TEST_MEM_EQ(out, out_len, want, want_len);
        free(want);
        want = NULL;
        TEST_EQUAL(tacit_mldsa_prehash_digest((tacit_mldsa_prehash)ph, abc, 3, out, ph_len[ph] - 1,
                                              &out_len),
                   TACIT_ERR_BUFFER_TOO_SMALL);
        TEST_EQUAL(out_len, ph_len[ph]);
    }
    TEST_EQUAL(tacit_mldsa_prehash_size((tacit_mldsa_prehash)N_PH), 0);
    TEST_EQUAL(tacit_mldsa_prehash_size((tacit_mldsa_prehash)-1), 0);
    TEST_EQUAL(
        tacit_mldsa_prehash_digest((tacit_mldsa_prehash)N_PH, abc, 3, out, sizeof(out), &out_len),
        TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(
        tacit_mldsa_prehash_digest(TACIT_MLDSA_PH_SHA3_256, NULL, 1, out, sizeof(out), &out_len),
        TACIT_ERR_BAD_INPUT);
exit:
    free(want);
}

/* mu = SHAKE256(SHAKE256(pk, 64) || M', 64), M' built by hand. */
static int hand_mu(const unsigned char *pk, size_t pk_len, unsigned ph, const unsigned char *dg,
                   const unsigned char *ctx, size_t ctx_len, unsigned char mu[64])
{
    unsigned char tr[64], mp[2 + 255 + 11 + 64], *oid;
    size_t oid_len = 0, n = 0;
    tacit_shake_context hc;

    oid = test_unhex(oid_hex[ph], &oid_len);
    if (oid == NULL || oid_len != 11) {
        free(oid);
        return -1;
    }
    mp[n++] = 1;
    mp[n++] = (unsigned char)ctx_len;
    memcpy(mp + n, ctx, ctx_len);
    n += ctx_len;
    memcpy(mp + n, oid, 11);
    n += 11;
    memcpy(mp + n, dg, ph_len[ph]);
    n += ph_len[ph];
    free(oid);
    tacit_shake256(pk, pk_len, tr, 64);
    tacit_shake_init(&hc, TACIT_SHAKE256);
    tacit_shake_absorb(&hc, tr, 64);
    tacit_shake_absorb(&hc, mp, n);
    tacit_shake_squeeze(&hc, mu, 64);
    tacit_shake_free(&hc);
    return 0;
}

/* rnd for the hedged signer: 32 bytes from a counter, as the test asks. */
static int fixed_rng(void *p, unsigned char *out, size_t len)
{
    const unsigned char *v = (const unsigned char *)p;
    size_t i;
    for (i = 0; i < len; i++) {
        out[i] = (unsigned char)(v[0] + 3 * i);
    }
    return 0;
}

static void test_definition(void)
{
    static const tacit_mldsa_params sets[3] = { TACIT_MLDSA_44, TACIT_MLDSA_65, TACIT_MLDSA_87 };
    static const size_t ctx_lens[4] = { 0, 1, 17, 255 };
    unsigned char seed[32], pk[TACIT_MLDSA_MAX_PK_BYTES], sk[TACIT_MLDSA_MAX_SK_BYTES];
    unsigned char sig[TACIT_MLDSA_MAX_SIG_BYTES], sig2[TACIT_MLDSA_MAX_SIG_BYTES];
    unsigned char mu[64], mu2[64], dg[64], ctx[256], rnd[32];
    unsigned char rv = 0x5a;
    size_t sig_len = 0, len2 = 0, i;
    unsigned s, ph;

    for (i = 0; i < sizeof(ctx); i++) {
        ctx[i] = (unsigned char)(i * 29 + 1);
    }
    for (s = 0; s < 3; s++) {
        tacit_mldsa_params p = sets[s];
        size_t pkb = tacit_mldsa_pk_bytes(p), sb = tacit_mldsa_sig_bytes(p);
        memset(seed, (int)(0x30 + s), sizeof(seed));
        TEST_EQUAL(tacit_mldsa_keygen_seed(p, seed, pk, sk), 0);
        for (ph = 0; ph < N_PH; ph++) {
            size_t cl = ctx_lens[(ph + s) % 4], dl = ph_len[ph];
            tacit_mldsa_prehash h = (tacit_mldsa_prehash)ph;
            for (i = 0; i < dl; i++) {
                dg[i] = (unsigned char)(s * 71 + ph * 13 + i);
            }
            TEST_EQUAL(hand_mu(pk, pkb, ph, dg, ctx, cl, mu), 0);
            TEST_EQUAL(tacit_mldsa_prehash_mu(p, pk, h, dg, dl, ctx, cl, mu2), 0);
            TEST_MEM_EQ(mu2, 64, mu, 64);
            /* deterministic: the internal signature of M', reproducible */
            TEST_EQUAL(tacit_mldsa_sign_mu_det(p, sk, mu, sig2, sizeof(sig2), &len2), 0);
            TEST_EQUAL(
                tacit_mldsa_prehash_sign_det(p, sk, h, dg, dl, ctx, cl, sig, sizeof(sig), &sig_len),
                0);
            TEST_EQUAL(sig_len, sb);
            TEST_MEM_EQ(sig, sig_len, sig2, len2);
            TEST_EQUAL(
                tacit_mldsa_prehash_sign_det(p, sk, h, dg, dl, ctx, cl, sig2, sizeof(sig2), &len2),
                0);
            TEST_MEM_EQ(sig, sig_len, sig2, len2);
            TEST_EQUAL(tacit_mldsa_prehash_verify(p, pk, h, dg, dl, ctx, cl, sig, sig_len), 0);
            TEST_EQUAL(tacit_mldsa_verify_mu(p, pk, mu, sig, sig_len), 0);
            /* another PH with the same digest length: another OID, refused */
            {
                unsigned other;
                for (other = 0; other < N_PH; other++) {
                    if (other != ph && ph_len[other] == dl) {
                        TEST_EQUAL(tacit_mldsa_prehash_verify(p, pk, (tacit_mldsa_prehash)other, dg,
                                                              dl, ctx, cl, sig, sig_len),
                                   TACIT_ERR_VERIFY_FAILED);
                    }
                }
            }
            /* the pure scheme: neither accepts the other's signature */
            TEST_EQUAL(tacit_mldsa_verify(p, pk, dg, dl, ctx, cl, sig, sig_len),
                       TACIT_ERR_VERIFY_FAILED);
            TEST_EQUAL(tacit_mldsa_sign_det(p, sk, dg, dl, ctx, cl, sig2, sizeof(sig2), &len2), 0);
            TEST_EQUAL(tacit_mldsa_prehash_verify(p, pk, h, dg, dl, ctx, cl, sig2, len2),
                       TACIT_ERR_VERIFY_FAILED);
            /* the wrong context, digest, signature */
            TEST_EQUAL(tacit_mldsa_prehash_verify(p, pk, h, dg, dl, ctx + 1, cl, sig, sig_len),
                       cl == 0 ? 0 : TACIT_ERR_VERIFY_FAILED);
            dg[0] ^= 1;
            TEST_EQUAL(tacit_mldsa_prehash_verify(p, pk, h, dg, dl, ctx, cl, sig, sig_len),
                       TACIT_ERR_VERIFY_FAILED);
            dg[0] ^= 1;
            TEST_EQUAL(tacit_mldsa_prehash_verify(p, pk, h, dg, dl, ctx, cl, sig, sig_len - 1),
                       TACIT_ERR_VERIFY_FAILED);
            sig[sig_len / 3] ^= 0x10;
            TEST_EQUAL(tacit_mldsa_prehash_verify(p, pk, h, dg, dl, ctx, cl, sig, sig_len),
                       TACIT_ERR_VERIFY_FAILED);
            /* hedged: rnd from f_rng gives sign_mu_rnd's signature, and verifies */
            rv = (unsigned char)(s * 16 + ph);
            fixed_rng(&rv, rnd, sizeof(rnd));
            TEST_EQUAL(tacit_mldsa_prehash_sign(p, sk, h, dg, dl, ctx, cl, sig, sizeof(sig),
                                                &sig_len, fixed_rng, &rv),
                       0);
            TEST_EQUAL(tacit_mldsa_sign_mu_rnd(p, sk, mu, rnd, sig2, sizeof(sig2), &len2), 0);
            TEST_MEM_EQ(sig, sig_len, sig2, len2);
            TEST_EQUAL(tacit_mldsa_prehash_verify(p, pk, h, dg, dl, ctx, cl, sig, sig_len), 0);
            /* lengths and limits */
            TEST_EQUAL(tacit_mldsa_prehash_verify(p, pk, h, dg, dl - 1, ctx, cl, sig, sig_len),
                       TACIT_ERR_BAD_INPUT);
            if (dl < 64) {
                TEST_EQUAL(tacit_mldsa_prehash_verify(p, pk, h, dg, dl + 1, ctx, cl, sig, sig_len),
                           TACIT_ERR_BAD_INPUT);
            }
            TEST_EQUAL(tacit_mldsa_prehash_sign_det(p, sk, h, dg, dl + 1, ctx, cl, sig2,
                                                    sizeof(sig2), &len2),
                       TACIT_ERR_BAD_INPUT);
            TEST_EQUAL(
                tacit_mldsa_prehash_sign_det(p, sk, h, dg, dl, ctx, 256, sig2, sizeof(sig2), &len2),
                TACIT_ERR_BAD_INPUT);
            TEST_EQUAL(tacit_mldsa_prehash_verify(p, pk, h, dg, dl, ctx, 256, sig, sig_len),
                       TACIT_ERR_BAD_INPUT);
        }
        /* hedged with the default RNG verifies (SHA-256 slot) */
        TEST_EQUAL(tacit_mldsa_prehash_sign(p, sk, TACIT_MLDSA_PH_SHA256, dg, 32, NULL, 0, sig,
                                            sizeof(sig), &sig_len, NULL, NULL),
                   0);
        TEST_EQUAL(
            tacit_mldsa_prehash_verify(p, pk, TACIT_MLDSA_PH_SHA256, dg, 32, NULL, 0, sig, sig_len),
            0);
        TEST_EQUAL(tacit_mldsa_prehash_sign_det(p, sk, TACIT_MLDSA_PH_SHA256, dg, 32, NULL, 0, sig2,
                                                sb - 1, &len2),
                   TACIT_ERR_BUFFER_TOO_SMALL);
        TEST_EQUAL(len2, sb);
    }
exit:
    return;
}

static void test_bad_input(void)
{
    unsigned char seed[32] = { 7 }, pk[TACIT_MLDSA44_PK_BYTES], sk[TACIT_MLDSA44_SK_BYTES];
    unsigned char sig[TACIT_MLDSA44_SIG_BYTES], dg[32] = { 1 }, mu[64];
    size_t sig_len = 0;
    const tacit_mldsa_params p = TACIT_MLDSA_44;
    const tacit_mldsa_prehash h = TACIT_MLDSA_PH_SHA3_256;

    TEST_EQUAL(tacit_mldsa_keygen_seed(p, seed, pk, sk), 0);
    TEST_EQUAL(tacit_mldsa_prehash_sign_det(p, sk, (tacit_mldsa_prehash)N_PH, dg, 32, NULL, 0, sig,
                                            sizeof(sig), &sig_len),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(
        tacit_mldsa_prehash_sign_det(p, sk, h, NULL, 32, NULL, 0, sig, sizeof(sig), &sig_len),
        TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_mldsa_prehash_sign_det(p, sk, h, dg, 32, NULL, 3, sig, sizeof(sig), &sig_len),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(
        tacit_mldsa_prehash_sign_det(p, NULL, h, dg, 32, NULL, 0, sig, sizeof(sig), &sig_len),
        TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_mldsa_prehash_sign_det((tacit_mldsa_params)7, sk, h, dg, 32, NULL, 0, sig,
                                            sizeof(sig), &sig_len),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_mldsa_prehash_sign_det(p, sk, h, dg, 32, NULL, 0, sig, sizeof(sig), NULL),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_mldsa_prehash_sign_det(p, sk, h, dg, 32, NULL, 0, sig, sizeof(sig), &sig_len),
               0);
    TEST_EQUAL(tacit_mldsa_prehash_verify(p, NULL, h, dg, 32, NULL, 0, sig, sig_len),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_mldsa_prehash_verify(p, pk, h, dg, 32, NULL, 0, NULL, sig_len),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_mldsa_prehash_verify(p, pk, h, dg, 32, NULL, 0, NULL, 0),
               TACIT_ERR_VERIFY_FAILED);
    TEST_EQUAL(
        tacit_mldsa_prehash_verify(p, pk, (tacit_mldsa_prehash)-1, dg, 32, NULL, 0, sig, sig_len),
        TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_mldsa_prehash_mu(p, pk, h, dg, 32, NULL, 0, NULL), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_mldsa_prehash_mu(p, pk, h, dg, 31, NULL, 0, mu), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_mldsa_prehash_verify(p, pk, h, dg, 32, NULL, 0, sig, sig_len), 0);
exit:
    return;
}

/* The convenience path: sign PH(M) of a message hashed by tacit. */
static void test_message(void)
{
    static const unsigned char msg[] = "HashML-DSA over a message hashed by the caller";
    unsigned char seed[32] = { 9 }, pk[TACIT_MLDSA65_PK_BYTES], sk[TACIT_MLDSA65_SK_BYTES];
    unsigned char sig[TACIT_MLDSA65_SIG_BYTES], dg[TACIT_MLDSA_PH_MAX_BYTES];
    size_t sig_len = 0, dl = 0;
    const tacit_mldsa_params p = TACIT_MLDSA_65;

    TEST_EQUAL(tacit_mldsa_keygen_seed(p, seed, pk, sk), 0);
    TEST_EQUAL(tacit_mldsa_prehash_digest(TACIT_MLDSA_PH_SHAKE256, msg, sizeof(msg) - 1, dg,
                                          sizeof(dg), &dl),
               0);
    TEST_EQUAL(dl, 64);
    TEST_EQUAL(tacit_mldsa_prehash_sign(p, sk, TACIT_MLDSA_PH_SHAKE256, dg, dl,
                                        (const unsigned char *)"app", 3, sig, sizeof(sig), &sig_len,
                                        NULL, NULL),
               0);
    TEST_EQUAL(tacit_mldsa_prehash_verify(p, pk, TACIT_MLDSA_PH_SHAKE256, dg, dl,
                                          (const unsigned char *)"app", 3, sig, sig_len),
               0);
    /* the pure verifier over the message itself refuses it */
    TEST_EQUAL(tacit_mldsa_verify(p, pk, msg, sizeof(msg) - 1, (const unsigned char *)"app", 3, sig,
                                  sig_len),
               TACIT_ERR_VERIFY_FAILED);
exit:
    return;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_digest);
    RUN_TEST(test_definition);
    RUN_TEST(test_bad_input);
    RUN_TEST(test_message);
    return TEST_MAIN_END();
}

#else

static void test_skip(void)
{
    TEST_SKIP("ML-DSA compiled out (TACIT_MLDSA_C)");
exit:
    return;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_skip);
    return TEST_MAIN_END();
}
#endif
