/*
 * Constant flow through tacit_pk: with the private key marked secret once it
 * is inside a tacit_pk_context, signing by algorithm (ECDSA, RSA PKCS#1 v1.5
 * and PSS) and writing an EC private key back (DER and PEM) must not branch
 * on or index memory by it.  pk only dispatches on public facts (key type,
 * curve, modulus size, algorithm); this suite checks that the dispatch adds
 * no leak to the modules' own constant-time code.
 *
 * ML-KEM and ML-DSA: parsing a PKCS#8 key whose seed / expanded key bytes
 * are secret (seed, expandedKey and both forms: key generation from the
 * seed, the ML-KEM hash check, the ML-DSA consistency check, the seed vs
 * expanded comparison), writing it back, and signing with it.
 *
 * Ed25519, X25519 and EC (P-256): parsing a version 1 PKCS#8 key (with its
 * public key, which is compared with the derived one) whose private bytes
 * are secret.
 *
 * --negative: a deliberately leaky look at the key through pk (a branch on
 * the EC private scalar) that valgrind must report.
 */
#include "harness.h"

#include <string.h>

#include "tacit/ed25519.h"
#include "tacit/hmac_drbg.h"
#include "tacit/pk.h"
#include "tacit/x25519.h"

#include "bignum/bignum_core.h"
#include "rsa/rsa_internal.h"

static int secret_rng(void *p, unsigned char *out, size_t len)
{
    int ret = tacit_rng_default(p, out, len);
    TACIT_TEST_CF_SECRET(out, len);
    return ret;
}

static void mark_mpi(const tacit_mpi *X)
{
    TACIT_TEST_CF_SECRET(X->p, X->n * sizeof(tacit_mpi_uint));
}

static void mark_rsa(tacit_rsa_context *rsa)
{
    mark_mpi(&rsa->D);
    mark_mpi(&rsa->P);
    mark_mpi(&rsa->Q);
    mark_mpi(&rsa->DP);
    mark_mpi(&rsa->DQ);
    mark_mpi(&rsa->QP);
    TACIT_TEST_CF_SECRET(RSA_C_P(rsa), RSA_C_PRIV_COUNT * rsa->hlimbs * sizeof(tacit_mpi_uint));
    TACIT_TEST_CF_SECRET(&rsa->mm_p, sizeof(rsa->mm_p));
    TACIT_TEST_CF_SECRET(&rsa->mm_q, sizeof(rsa->mm_q));
}

static void test_ec_sign_write(void)
{
    static const tacit_ecp_group_id ids[] = { TACIT_ECP_SECP256R1, TACIT_ECP_SECP384R1,
                                              TACIT_ECP_SECP521R1 };
    static const char *algs[] = { "ecdsa_secp256r1_sha256", "ecdsa_secp384r1_sha384",
                                  "ecdsa_secp521r1_sha512" };
    static const unsigned char msg[] = "constant flow";
    unsigned char sig[TACIT_PK_MAX_SIG_LEN], out[1024];
    tacit_pk_context pk;
    tacit_pk_sig_alg alg;
    size_t i, slen, olen;
    int ret;

    tacit_pk_init(&pk);
    for (i = 0; i < 3; i++) {
        TEST_EQUAL(tacit_pk_gen_ec(&pk, ids[i], NULL, NULL), 0);
        TEST_EQUAL(tacit_pk_sig_alg_from_name(algs[i], &alg), 0);
        TACIT_TEST_CF_SECRET(pk.u.ec.d, sizeof(pk.u.ec.d));
        ret = tacit_pk_sign(&pk, &alg, msg, sizeof(msg), sig, sizeof(sig), &slen, NULL, NULL);
        TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
        TEST_EQUAL(ret, 0);
        TACIT_TEST_CF_PUBLIC(&slen, sizeof(slen));
        TACIT_TEST_CF_PUBLIC(sig, slen);
        ret = tacit_pk_sign(&pk, &alg, msg, sizeof(msg), sig, sizeof(sig), &slen, secret_rng, NULL);
        TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
        TEST_EQUAL(ret, 0);
        TACIT_TEST_CF_PUBLIC(&slen, sizeof(slen));
        TACIT_TEST_CF_PUBLIC(sig, slen);
        ret = tacit_pk_write(&pk, TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_ENCODING_DER, out, sizeof(out),
                             &olen);
        TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
        TEST_EQUAL(ret, 0);
        ret = tacit_pk_write(&pk, TACIT_KEY_FORMAT_SEC1, TACIT_KEY_ENCODING_PEM, out, sizeof(out),
                             &olen);
        TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
        TEST_EQUAL(ret, 0);
        TACIT_TEST_CF_PUBLIC(pk.u.ec.d, sizeof(pk.u.ec.d));
        TACIT_TEST_CF_PUBLIC(out, sizeof(out));
        TEST_EQUAL(tacit_pk_verify(&pk, &alg, msg, sizeof(msg), sig, slen, 0), 0);
    }
exit:
    tacit_pk_free(&pk);
}

static void test_rsa_sign_write(void)
{
    static const char *algs[] = { "rsa_pkcs1_sha256", "rsa_pss_rsae_sha256" };
    static const unsigned char msg[] = "constant flow";
    unsigned char *sig = NULL, *out = NULL, *key = NULL;
    size_t i, slen, olen, klen;
    tacit_pk_context pk;
    tacit_pk_sig_alg alg;
    int ret;

    tacit_pk_init(&pk);
    key = test_read_shared("interop/rsa2048.pkcs8.der", &klen);
    if (key == NULL) {
        TEST_SKIP("../shared/interop not found");
    }
    sig = malloc(TACIT_PK_MAX_SIG_LEN);
    out = malloc(8192);
    TEST_ASSERT(sig != NULL && out != NULL);
    TEST_EQUAL(tacit_pk_parse_key(&pk, key, klen), 0);
    for (i = 0; i < 2; i++) {
        TEST_EQUAL(tacit_pk_sig_alg_from_name(algs[i], &alg), 0);
        mark_rsa(&pk.u.rsa);
        ret = tacit_pk_sign(&pk, &alg, msg, sizeof(msg), sig, TACIT_PK_MAX_SIG_LEN, &slen,
                            secret_rng, NULL);
        TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
        TEST_EQUAL(ret, 0);
        TACIT_TEST_CF_PUBLIC(sig, slen);
    }
    /*
     * Not checked here: writing an RSA private key.  DER gives every INTEGER
     * its minimal length, so the encoding (and rsa_keys.c's writer) depends on
     * how many leading zero bytes d, p, q, dP, dQ and qInv have -- valgrind
     * reports it.  The EC writer has fixed-length fields and is checked above.
     */
    (void)out;
    (void)olen;
exit:
    free(key);
    free(sig);
    free(out);
    tacit_pk_free(&pk);
}

#if defined(TACIT_MLKEM_C) || defined(TACIT_MLDSA_C)
static size_t hdr(unsigned char *out, unsigned char tag, size_t len)
{
    out[0] = tag;
    if (len < 0x80) {
        out[1] = (unsigned char)len;
        return 2;
    }
    out[1] = 0x82;
    out[2] = (unsigned char)(len >> 8);
    out[3] = (unsigned char)len;
    return 4;
}

/* PKCS#8 of the key in form 0 (seed), 1 (expandedKey), 2 (both); *secret: where the secret
 * bytes start (they run to the end). */
static size_t make_pkcs8(unsigned char *out, const unsigned char oid[9], int form,
                         const tacit_pk_pq_key *k, size_t *secret)
{
    unsigned char body[5200], inner[5300];
    size_t b = 0, n, m;

    if (form == 0) {
        b = hdr(body, 0x80, k->seed_len);
        memcpy(body + b, k->seed, k->seed_len);
        b += k->seed_len;
    } else if (form == 1) {
        b = hdr(body, 0x04, k->priv_len);
        memcpy(body + b, k->priv, k->priv_len);
        b += k->priv_len;
    } else {
        m = 2 + k->seed_len + 4 + k->priv_len;
        b = hdr(body, 0x30, m);
        b += hdr(body + b, 0x04, k->seed_len);
        memcpy(body + b, k->seed, k->seed_len);
        b += k->seed_len;
        b += hdr(body + b, 0x04, k->priv_len);
        memcpy(body + b, k->priv, k->priv_len);
        b += k->priv_len;
    }
    n = 0;
    inner[n++] = 0x02;
    inner[n++] = 0x01;
    inner[n++] = 0x00;
    inner[n++] = 0x30;
    inner[n++] = 0x0b;
    inner[n++] = 0x06;
    inner[n++] = 0x09;
    memcpy(inner + n, oid, 9);
    n += 9;
    n += hdr(inner + n, 0x04, b);
    memcpy(inner + n, body, b);
    n += b;
    m = hdr(out, 0x30, n);
    memcpy(out + m, inner, n);
    /* the secret bytes run to the end (both: seed, the 4-byte header of dk, dk) */
    *secret = m + n -
              (form == 0   ? k->seed_len
               : form == 1 ? k->priv_len
                           : k->seed_len + 4 + k->priv_len);
    return m + n;
}

static void test_pq_parse_sign_write(void)
{
    static const unsigned char msg[] = "constant flow";
    static const unsigned char oids[2][9] = {
        { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04, 0x02 }, /* ML-KEM-768 */
        { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x12 }, /* ML-DSA-65 */
    };
    unsigned char *der = NULL, *out = NULL, *sig = NULL;
    size_t t, dlen, olen, slen, secret;
    int form, ret;
    tacit_pk_context gen, pk;
    tacit_pk_sig_alg alg;

    tacit_pk_init(&gen);
    tacit_pk_init(&pk);
    der = malloc(6000);
    out = malloc(6000);
    sig = malloc(TACIT_PK_MAX_SIG_LEN);
    TEST_ASSERT(der != NULL && out != NULL && sig != NULL);
    for (t = 0; t < 2; t++) {
#if !defined(TACIT_MLKEM_C)
        if (t == 0) {
            continue;
        }
#else
        if (t == 0) {
            TEST_EQUAL(tacit_pk_gen_mlkem(&gen, TACIT_MLKEM_768, NULL, NULL), 0);
        }
#endif
#if !defined(TACIT_MLDSA_C)
        if (t == 1) {
            continue;
        }
#else
        if (t == 1) {
            TEST_EQUAL(tacit_pk_gen_mldsa(&gen, TACIT_MLDSA_65, NULL, NULL), 0);
        }
#endif
        for (form = 0; form < 3; form++) {
            dlen = make_pkcs8(der, oids[t], form, tacit_pk_pq(&gen), &secret);
            if (form == 2) { /* seed, then dk's (public) header, then dk */
                const tacit_pk_pq_key *k = tacit_pk_pq(&gen);
                TACIT_TEST_CF_SECRET(der + secret, k->seed_len);
                TACIT_TEST_CF_SECRET(der + dlen - k->priv_len, k->priv_len);
            } else {
                TACIT_TEST_CF_SECRET(der + secret, dlen - secret);
            }
            ret = tacit_pk_parse_key(&pk, der, dlen);
            TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
            TEST_EQUAL(ret, 0);
            TACIT_TEST_CF_PUBLIC(der, dlen);
            ret = tacit_pk_write(&pk, TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_ENCODING_PEM, out, 6000,
                                 &olen);
            TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
            TEST_EQUAL(ret, 0);
            TACIT_TEST_CF_PUBLIC(out, olen);
#if defined(TACIT_MLDSA_C)
            if (t == 1 && form == 1) {
                TEST_EQUAL(tacit_pk_sig_alg_from_name("mldsa65", &alg), 0);
                ret = tacit_pk_sign(&pk, &alg, msg, sizeof(msg), sig, TACIT_PK_MAX_SIG_LEN, &slen,
                                    NULL, NULL);
                TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
                TEST_EQUAL(ret, 0);
                TACIT_TEST_CF_PUBLIC(sig, slen);
                TEST_EQUAL(tacit_pk_verify(&pk, &alg, msg, sizeof(msg), sig, slen, 0), 0);
            }
#endif
            tacit_pk_free(&pk);
        }
    }
    (void)msg;
    (void)alg;
    (void)slen;
exit:
    free(der);
    free(out);
    free(sig);
    tacit_pk_free(&gen);
    tacit_pk_free(&pk);
}
#endif

#if defined(TACIT_ED25519_C) && defined(TACIT_X25519_C)
/*
 * RFC 5958 version 1 PKCS#8 for Ed25519 and X25519 with the public key
 * [1]: the private key bytes are secret; the derived public key is compared
 * with the stored one only after it is declassified (it is public).
 */
static void test_curve25519_v1_parse(void)
{
    static const unsigned char prefix[16] = { 0x30, 0x51, 0x02, 0x01, 0x01, 0x30, 0x05, 0x06,
                                              0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20 };
    unsigned char der[83], priv[32];
    tacit_pk_context pk;
    int t;

    tacit_pk_init(&pk);
    for (t = 0; t < 2; t++) {
        unsigned char pub[32];
        TEST_EQUAL(tacit_rng_default(NULL, priv, sizeof(priv)), 0);
        if (t == 0) {
            tacit_ed25519_key k;
            TEST_EQUAL(tacit_ed25519_key_from_seed(&k, priv, 32), 0);
            memcpy(pub, k.pub, 32);
            tacit_ed25519_key_free(&k);
        } else {
            TEST_EQUAL(tacit_x25519_public_key(pub, priv), 0);
        }
        memcpy(der, prefix, sizeof(prefix));
        der[11] = t == 0 ? 0x70 : 0x6e;
        memcpy(der + 16, priv, 32);
        der[48] = 0x81;
        der[49] = 0x21;
        der[50] = 0x00;
        memcpy(der + 51, pub, 32);
        TACIT_TEST_CF_SECRET(der + 16, 32);
        TEST_EQUAL(tacit_pk_parse_private_key(&pk, der, sizeof(der)), 0);
        TACIT_TEST_CF_PUBLIC(der + 16, 32);
        tacit_pk_free(&pk);
        der[82] ^= 1; /* another public key: refused */
        TACIT_TEST_CF_SECRET(der + 16, 32);
        TEST_ASSERT(tacit_pk_parse_private_key(&pk, der, sizeof(der)) != 0);
        TACIT_TEST_CF_PUBLIC(der + 16, 32);
        tacit_pk_free(&pk);
    }
exit:
    tacit_pk_free(&pk);
}
#endif

/*
 * RFC 5958 version 1 PKCS#8 for EC with the public key [1] (P-256, written
 * by tacit, version set to 1 and [1] appended): the private scalar's bytes
 * are secret; the point written from the key is public by the project's
 * rule and compared with the stored one after pk_parse declassifies it.
 */
static void test_ec_v1_parse(void)
{
    static const unsigned char d_hdr[5] = { 0x02, 0x01, 0x01, 0x04, 0x20 };
    unsigned char der[256], v1[256], pt[65];
    size_t dlen, plen, off, i;
    tacit_pk_context pk;
    int flip, ret;

    tacit_pk_init(&pk);
    TEST_EQUAL(tacit_pk_gen_ec(&pk, TACIT_ECP_SECP256R1, NULL, NULL), 0);
    TEST_EQUAL(tacit_pk_write(&pk, TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_ENCODING_DER, der, sizeof(der),
                              &dlen),
               0);
    TEST_EQUAL(tacit_ecp_write_public_point(tacit_pk_ec(&pk), 0, pt, sizeof(pt), &plen), 0);
    tacit_pk_free(&pk);
    /* 30 81 LL 02 01 00 ...: short enough for a one-byte long-form length */
    TEST_ASSERT(der[0] == 0x30 && der[1] == 0x81 && der[3] == 0x02 && der[5] == 0x00);
    TEST_ASSERT(dlen + 3 + plen <= sizeof(v1) && der[2] + 3 + 3 + plen < 256);
    memcpy(v1, der, dlen);
    v1[5] = 1;
    v1[dlen] = 0x81;
    v1[dlen + 1] = (unsigned char)(plen + 1);
    v1[dlen + 2] = 0x00;
    memcpy(v1 + dlen + 3, pt, plen);
    v1[2] = (unsigned char)(der[2] + 3 + plen);
    for (off = 0, i = 0; i + 5 + 32 <= dlen; i++) {
        if (memcmp(der + i, d_hdr, 5) == 0) {
            off = i + 5;
            break;
        }
    }
    TEST_ASSERT(off != 0);
    for (flip = 0; flip < 2; flip++) {
        v1[dlen + 3 + plen - 1] ^= (unsigned char)flip; /* flip: another (invalid) point */
        TACIT_TEST_CF_SECRET(v1 + off, 32);
        ret = tacit_pk_parse_private_key(&pk, v1, dlen + 3 + plen);
        TACIT_TEST_CF_PUBLIC(v1 + off, 32);
        TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
        TEST_EQUAL(ret, flip ? TACIT_ERR_ECP_INVALID_KEY : 0);
        tacit_pk_free(&pk);
    }
exit:
    tacit_pk_free(&pk);
}

/* Negative control: a branch on the private scalar, reached through pk. */
static void test_negative_branch_on_key(void)
{
    tacit_pk_context pk;
    volatile int odd = 0;

    tacit_pk_init(&pk);
    TEST_EQUAL(tacit_pk_gen_ec(&pk, TACIT_ECP_SECP256R1, NULL, NULL), 0);
    TACIT_TEST_CF_SECRET(pk.u.ec.d, sizeof(pk.u.ec.d));
    if (tacit_pk_ec(&pk)->d[0] & 1) {
        odd = 1;
    }
    (void)odd;
    TACIT_TEST_CF_PUBLIC(pk.u.ec.d, sizeof(pk.u.ec.d));
exit:
    tacit_pk_free(&pk);
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    if (test_has_option("--negative")) {
        RUN_TEST(test_negative_branch_on_key);
    } else {
        RUN_TEST(test_ec_sign_write);
        RUN_TEST(test_rsa_sign_write);
        RUN_TEST(test_ec_v1_parse);
#if defined(TACIT_MLKEM_C) || defined(TACIT_MLDSA_C)
        RUN_TEST(test_pq_parse_sign_write);
#endif
#if defined(TACIT_ED25519_C) && defined(TACIT_X25519_C)
        RUN_TEST(test_curve25519_v1_parse);
#endif
    }
    return TEST_MAIN_END();
}
