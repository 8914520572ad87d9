/*
 * RSA: import forms and checks, key generation, round trips for every
 * scheme, bad input everywhere, fault injection, which exp_mod path ran,
 * and tacit's signatures/ciphertexts checked by OpenSSL libcrypto.
 * (Wycheproof and the OpenSSL-made files: test_rsa_vectors.c.)
 */
#include "test_rsa_util.h"

#include "tacit/asn1.h"
#include "tacit/hmac_drbg.h"
#include "tacit/sha256.h"
#include "tacit/md.h"
#include "tacit/pem.h"

#include "bignum/bignum_core.h"
#include "rsa/rsa_internal.h"

#if defined(TACIT_HAVE_GMP)
#include <gmp.h>
#endif
#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#endif

/* ---- helpers ----------------------------------------------------------------------- */

/*
 * A reproducible generator for key generation: SHA-256 in counter mode over
 * a seed (no reseed limit, unlike a DRBG seeded from a buffer).
 */
typedef struct {
    unsigned char seed[32];
    unsigned long counter;
} test_rng_state;

static test_rng_state drbg;

static int test_rng(void *p, unsigned char *out, size_t len)
{
    test_rng_state *st = (test_rng_state *)p;
    unsigned char in[40] = { 0 }, blk[32];
    size_t n;

    while (len > 0) {
        memcpy(in, st->seed, 32);
        memcpy(in + 32, &st->counter, sizeof(st->counter) < 8 ? sizeof(st->counter) : 8);
        st->counter++;
        if (tacit_sha256(in, 40, blk) != 0) {
            return -1;
        }
        n = len < 32 ? len : 32;
        memcpy(out, blk, n);
        out += n;
        len -= n;
    }
    return 0;
}

static void seed_drbg(const char *pers)
{
    memset(&drbg, 0, sizeof(drbg));
    tacit_sha256((const unsigned char *)pers, strlen(pers), drbg.seed);
}

static int failing_rng(void *p, unsigned char *out, size_t len)
{
    (void)p;
    (void)out;
    (void)len;
    return -1;
}

static int load_key(tacit_rsa_context *rsa, const char *name)
{
    size_t n;
    unsigned char *b = interop_file(name, &n);
    int ret;

    if (b == NULL) {
        return -1;
    }
    ret = tacit_rsa_parse_key_der(rsa, b, n);
    free(b);
    return ret;
}

/* big-endian bytes of X in a fresh buffer */
static unsigned char *mpi_bytes(const tacit_mpi *X, size_t *len)
{
    *len = tacit_mpi_size(X);
    unsigned char *b = malloc(*len + 1);
    if (b != NULL && tacit_mpi_write_binary(X, b, *len) != 0) {
        free(b);
        b = NULL;
    }
    return b;
}

/* public-only copy through SPKI DER */
static int public_copy(tacit_rsa_context *pub, const tacit_rsa_context *prv)
{
    unsigned char der[1200];
    size_t len;
    int ret = tacit_rsa_write_public_key_der(prv, TACIT_KEY_FORMAT_SPKI, der, sizeof(der), &len);
    return ret != 0 ? ret : tacit_rsa_parse_public_key_der(pub, der, len);
}

/* Every scheme, both directions, with prv and its public half. */
static int round_trips(tacit_rsa_context *prv)
{
    size_t olen;
    tacit_rsa_context pub;
    unsigned char h[64], sig[1024], ct[1024], pt[1024], msg[100];
    size_t k = tacit_rsa_len(prv), ol;
    int ret, salt;
    static const tacit_md_type mds[] = { TACIT_MD_SHA224, TACIT_MD_SHA256, TACIT_MD_SHA384,
                                         TACIT_MD_SHA512 };
    size_t i;

    tacit_rsa_init(&pub);
    if ((ret = public_copy(&pub, prv)) != 0) {
        goto done;
    }
    memset(msg, 0x5A, sizeof(msg));
    for (i = 0; i < 4; i++) {
        size_t hl = tacit_md_size(mds[i]);
        tacit_md(mds[i], msg, sizeof(msg), h);
        if ((ret = tacit_rsa_pkcs1_sign(prv, mds[i], h, hl, sig, sizeof(sig), &olen, NULL, NULL)) !=
                0 ||
            (ret = tacit_rsa_pkcs1_verify(&pub, mds[i], h, hl, sig, k)) != 0) {
            goto done;
        }
        sig[k / 2] ^= 1;
        if (tacit_rsa_pkcs1_verify(&pub, mds[i], h, hl, sig, k) == 0) {
            ret = -100;
            goto done;
        }
        for (salt = -3; salt <= 1; salt++) {
            int s = salt == -1 ? 0 : salt; /* -3 MAX, -2 HASH, 0, 1 */
            if (s == TACIT_RSA_SALT_LEN_HASH && (tacit_rsa_bitlen(prv) + 6) / 8 < 2 * hl + 2) {
                /* the hash-sized salt does not fit (SHA-512 and a 1024-bit key) */
                if (tacit_rsa_pss_sign(prv, mds[i], mds[i], s, h, hl, sig, sizeof(sig), &olen, NULL,
                                       NULL) != TACIT_ERR_BAD_INPUT) {
                    ret = -104;
                    goto done;
                }
                continue;
            }
            if ((ret = tacit_rsa_pss_sign(prv, mds[i], mds[i], s, h, hl, sig, sizeof(sig), &olen,
                                          NULL, NULL)) != 0 ||
                (ret = tacit_rsa_pss_verify(&pub, mds[i], mds[i], TACIT_RSA_SALT_LEN_ANY, h, hl,
                                            sig, k)) != 0) {
                goto done;
            }
            if (s >= 0 &&
                (ret = tacit_rsa_pss_verify(&pub, mds[i], mds[i], s, h, hl, sig, k)) != 0) {
                goto done;
            }
        }
        /* MGF1 with another hash */
        if ((ret = tacit_rsa_pss_sign(prv, mds[i], TACIT_MD_SHA1, 20, h, hl, sig, sizeof(sig),
                                      &olen, NULL, NULL)) != 0 ||
            (ret = tacit_rsa_pss_verify(&pub, mds[i], TACIT_MD_SHA1, 20, h, hl, sig, k)) != 0) {
            goto done;
        }
        /* OAEP, the longest message that fits, and with a label */
        if (k < 2 * hl + 2) {
            if (tacit_rsa_oaep_encrypt(&pub, mds[i], mds[i], NULL, 0, msg, 0, ct, sizeof(ct), &olen,
                                       NULL, NULL) != TACIT_ERR_RSA_MESSAGE_TOO_LONG) {
                ret = -105;
                goto done;
            }
        } else {
            size_t mlen = k - 2 * hl - 2;
            if (mlen > sizeof(msg)) {
                mlen = sizeof(msg);
            }
            if ((ret = tacit_rsa_oaep_encrypt(&pub, mds[i], mds[i], (const unsigned char *)"label",
                                              5, msg, mlen, ct, sizeof(ct), &olen, NULL, NULL)) !=
                    0 ||
                (ret = tacit_rsa_oaep_decrypt(prv, mds[i], mds[i], (const unsigned char *)"label",
                                              5, ct, k, pt, sizeof(pt), &ol, NULL, NULL)) != 0) {
                goto done;
            }
            if (ol != mlen || memcmp(pt, msg, mlen) != 0) {
                ret = -101;
                goto done;
            }
        }
    }
    /* OAEP with SHA-1 (OpenSSL's default), empty message */
    if ((ret = tacit_rsa_oaep_encrypt(&pub, TACIT_MD_SHA1, TACIT_MD_SHA1, NULL, 0, NULL, 0, ct,
                                      sizeof(ct), &olen, NULL, NULL)) != 0 ||
        (ret = tacit_rsa_oaep_decrypt(prv, TACIT_MD_SHA1, TACIT_MD_SHA1, NULL, 0, ct, k, pt,
                                      sizeof(pt), &ol, NULL, NULL)) != 0 ||
        ol != 0) {
        ret = ret ? ret : -102;
        goto done;
    }
    /* PKCS#1 v1.5 encryption, lengths 0 .. k-11 */
    for (i = 0; i <= k - 11; i += (k - 11) / 3) {
        size_t mlen = i < sizeof(msg) ? i : sizeof(msg);
        if ((ret = tacit_rsa_pkcs1_encrypt(&pub, msg, mlen, ct, sizeof(ct), &olen, NULL, NULL)) !=
                0 ||
            (ret = tacit_rsa_pkcs1_decrypt(prv, ct, k, pt, sizeof(pt), &ol, NULL, NULL)) != 0) {
            goto done;
        }
        if (ol != mlen || memcmp(pt, msg, mlen) != 0) {
            ret = -103;
            goto done;
        }
    }
    ret = 0;
done:
    tacit_rsa_free(&pub);
    return ret;
}

/* ---- import ---------------------------------------------------------------------------- */

static void test_import_forms(void)
{
    tacit_rsa_context a, b;
    unsigned char *n = NULL, *e = NULL, *d = NULL, *p = NULL, *q = NULL, *bad = NULL;
    size_t nl, el, dl, pl, ql;

    tacit_rsa_init(&a);
    tacit_rsa_init(&b);
    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared missing");
    }
    TEST_EQUAL(load_key(&a, "rsa2048.key.der"), 0);
    n = mpi_bytes(&a.N, &nl);
    e = mpi_bytes(&a.E, &el);
    d = mpi_bytes(&a.D, &dl);
    p = mpi_bytes(&a.P, &pl);
    q = mpi_bytes(&a.Q, &ql);
    TEST_ASSERT(n && e && d && p && q);

    /* N, E: public */
    TEST_EQUAL(tacit_rsa_import_raw(&b, n, nl, NULL, 0, NULL, 0, NULL, 0, e, el), 0);
    TEST_EQUAL(b.is_private, 0);
    TEST_EQUAL(tacit_rsa_len(&b), 256);
    TEST_EQUAL(tacit_rsa_check_pub(&b), 0);
    TEST_EQUAL(tacit_rsa_check_priv(&b), TACIT_ERR_RSA_KEY_CHECK_FAILED);
    /* P, Q, E: N and the CRT values derived */
    TEST_EQUAL(tacit_rsa_import_raw(&b, NULL, 0, p, pl, q, ql, NULL, 0, e, el), 0);
    TEST_EQUAL(b.is_private, 1);
    TEST_EQUAL(tacit_mpi_cmp_mpi(&a.N, &b.N), 0);
    TEST_EQUAL(tacit_mpi_cmp_mpi(&a.DP, &b.DP), 0);
    TEST_EQUAL(tacit_mpi_cmp_mpi(&a.DQ, &b.DQ), 0);
    TEST_EQUAL(tacit_mpi_cmp_mpi(&a.QP, &b.QP), 0);
    TEST_EQUAL(tacit_rsa_check_pub_priv(&a, &b), 0);
    /* N, E, D: P and Q recovered */
    TEST_EQUAL(tacit_rsa_import_raw(&b, n, nl, NULL, 0, NULL, 0, d, dl, e, el), 0);
    TEST_EQUAL(b.is_private, 1);
    TEST_ASSERT((tacit_mpi_cmp_mpi(&a.P, &b.P) == 0 && tacit_mpi_cmp_mpi(&a.Q, &b.Q) == 0) ||
                (tacit_mpi_cmp_mpi(&a.P, &b.Q) == 0 && tacit_mpi_cmp_mpi(&a.Q, &b.P) == 0));
    TEST_EQUAL(round_trips(&b), 0);
    /* tacit_rsa_import with mpis, and copy */
    TEST_EQUAL(tacit_rsa_import(&b, &a.N, &a.P, &a.Q, &a.D, &a.E), 0);
    TEST_EQUAL(tacit_rsa_check_pub_priv(&a, &b), 0);
    TEST_EQUAL(tacit_rsa_copy(&b, &a), 0);
    TEST_EQUAL(tacit_rsa_check_pub_priv(&a, &b), 0);

    /* not enough */
    TEST_EQUAL(tacit_rsa_import_raw(&b, NULL, 0, NULL, 0, NULL, 0, NULL, 0, e, el),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_rsa_import_raw(&b, n, nl, NULL, 0, NULL, 0, NULL, 0, NULL, 0),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_rsa_import_raw(&b, n, nl, p, pl, NULL, 0, NULL, 0, e, el),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_rsa_len(&b), 0);
    /* bad values */
    bad = malloc(nl);
    memcpy(bad, n, nl);
    bad[nl - 1] ^= 1; /* even n */
    TEST_EQUAL(tacit_rsa_import_raw(&b, bad, nl, NULL, 0, NULL, 0, NULL, 0, e, el),
               TACIT_ERR_RSA_KEY_CHECK_FAILED);
    bad[nl - 1] ^= 3; /* odd, but not p*q */
    TEST_EQUAL(tacit_rsa_import_crt_raw(&b, bad, nl, e, el, d, dl, p, pl, q, ql, p, 1, p, 1, p, 1),
               TACIT_ERR_RSA_KEY_CHECK_FAILED);
    TEST_EQUAL(tacit_rsa_import_raw(&b, bad, nl, p, pl, q, ql, NULL, 0, e, el),
               TACIT_ERR_RSA_KEY_CHECK_FAILED);
    TEST_EQUAL(tacit_rsa_import_raw(&b, n, 64, NULL, 0, NULL, 0, NULL, 0, e, el),
               TACIT_ERR_RSA_KEY_CHECK_FAILED); /* 512 bits: too small */
    TEST_EQUAL(tacit_rsa_import_raw(&b, n, nl, NULL, 0, NULL, 0, NULL, 0,
                                    (const unsigned char *)"\x01", 1),
               TACIT_ERR_RSA_KEY_CHECK_FAILED);
    TEST_EQUAL(tacit_rsa_import_raw(&b, n, nl, NULL, 0, NULL, 0, NULL, 0,
                                    (const unsigned char *)"\x01\x00\x00", 3),
               TACIT_ERR_RSA_KEY_CHECK_FAILED);
    TEST_EQUAL(tacit_rsa_import_raw(&b, n, nl, NULL, 0, NULL, 0, NULL, 0, n, nl),
               TACIT_ERR_RSA_KEY_CHECK_FAILED); /* e = n */
    /* a wrong d */
    memcpy(bad, d, dl);
    bad[dl - 1] ^= 2;
    TEST_EQUAL(tacit_rsa_import_raw(&b, n, nl, p, pl, q, ql, bad, dl, e, el),
               TACIT_ERR_RSA_KEY_CHECK_FAILED);
    TEST_EQUAL(tacit_rsa_import_raw(&b, n, nl, NULL, 0, NULL, 0, bad, dl, e, el),
               TACIT_ERR_RSA_KEY_CHECK_FAILED);
    /* CRT values that do not match */
    {
        unsigned char *dp = NULL, *dq = NULL, *qp = NULL;
        size_t dpl, dql, qpl;
        dp = mpi_bytes(&a.DP, &dpl);
        dq = mpi_bytes(&a.DQ, &dql);
        qp = mpi_bytes(&a.QP, &qpl);
        TEST_EQUAL(tacit_rsa_import_crt_raw(&b, n, nl, e, el, d, dl, p, pl, q, ql, dp, dpl, dq, dql,
                                            qp, qpl),
                   0);
        qp[qpl - 1] ^= 1;
        TEST_EQUAL(tacit_rsa_import_crt_raw(&b, n, nl, e, el, d, dl, p, pl, q, ql, dp, dpl, dq, dql,
                                            qp, qpl),
                   TACIT_ERR_RSA_KEY_CHECK_FAILED);
        qp[qpl - 1] ^= 1;
        /* a wrong dP, then a wrong dQ (each check on its own) */
        dp[dpl - 1] ^= 2;
        TEST_EQUAL(tacit_rsa_import_crt_raw(&b, n, nl, e, el, d, dl, p, pl, q, ql, dp, dpl, dq, dql,
                                            qp, qpl),
                   TACIT_ERR_RSA_KEY_CHECK_FAILED);
        dp[dpl - 1] ^= 2;
        dq[dql - 1] ^= 2;
        TEST_EQUAL(tacit_rsa_import_crt_raw(&b, n, nl, e, el, d, dl, p, pl, q, ql, dp, dpl, dq, dql,
                                            qp, qpl),
                   TACIT_ERR_RSA_KEY_CHECK_FAILED);
        dq[dql - 1] ^= 2;
        /* qInv = p (not below p) and qInv = 1 */
        TEST_EQUAL(tacit_rsa_import_crt_raw(&b, n, nl, e, el, d, dl, p, pl, q, ql, dp, dpl, dq, dql,
                                            p, pl),
                   TACIT_ERR_RSA_KEY_CHECK_FAILED);
        TEST_EQUAL(tacit_rsa_import_crt_raw(&b, n, nl, e, el, d, dl, p, pl, q, ql, dp, dpl, dq, dql,
                                            (const unsigned char *)"\x01", 1),
                   TACIT_ERR_RSA_KEY_CHECK_FAILED);
        /* the good key again after the failures */
        TEST_EQUAL(tacit_rsa_import_crt_raw(&b, n, nl, e, el, d, dl, p, pl, q, ql, dp, dpl, dq, dql,
                                            qp, qpl),
                   0);
        /* p and q swapped: the given QP is then wrong */
        TEST_EQUAL(tacit_rsa_import_crt_raw(&b, n, nl, e, el, d, dl, q, ql, p, pl, dq, dql, dp, dpl,
                                            qp, qpl),
                   TACIT_ERR_RSA_KEY_CHECK_FAILED);
        free(dp);
        free(dq);
        free(qp);
    }
    TEST_EQUAL(tacit_rsa_len(&b), 0);
exit:
    free(n);
    free(e);
    free(d);
    free(p);
    free(q);
    free(bad);
    tacit_rsa_free(&a);
    tacit_rsa_free(&b);
}

/* ---- key generation -------------------------------------------------------------------- */

static void test_keygen(void)
{
    tacit_rsa_context a, b;
    unsigned char pem[4000];
    size_t len;
    static const struct {
        unsigned bits;
        int e;
    } gens[] = { { 1024, 65537 }, { 1024, 3 }, { 1025, 17 }, { 2048, 65537 } };
    size_t i;

    tacit_rsa_init(&a);
    tacit_rsa_init(&b);
    seed_drbg("keygen");
    for (i = 0; i < sizeof(gens) / sizeof(gens[0]); i++) {
        TEST_EQUAL(tacit_rsa_gen_key(&a, gens[i].bits, gens[i].e, test_rng, &drbg), 0);
        TEST_EQUAL(tacit_rsa_bitlen(&a), gens[i].bits);
        TEST_EQUAL(tacit_mpi_cmp_int(&a.E, gens[i].e), 0);
        TEST_EQUAL(tacit_rsa_check_priv(&a), 0);
        TEST_EQUAL(tacit_mpi_is_prime(&a.P, 0, test_rng, &drbg), 0);
        TEST_EQUAL(tacit_mpi_is_prime(&a.Q, 0, test_rng, &drbg), 0);
        TEST_EQUAL(public_copy(&b, &a), 0);
        TEST_EQUAL(tacit_rsa_check_pub_priv(&b, &a), 0);
        TEST_EQUAL(round_trips(&a), 0);
        /* through PEM and back */
        TEST_EQUAL(tacit_rsa_write_key_pem(&a, TACIT_KEY_FORMAT_PKCS8, pem, sizeof(pem), &len), 0);
        TEST_EQUAL(tacit_rsa_parse_key_pem(&b, pem, len), 0);
        TEST_EQUAL(tacit_rsa_check_pub_priv(&a, &b), 0);
        TEST_EQUAL(tacit_mpi_cmp_mpi(&a.D, &b.D), 0);
    }
    /* the default RNG */
    TEST_EQUAL(tacit_rsa_gen_key(&a, 1024, 65537, NULL, NULL), 0);
    TEST_EQUAL(tacit_rsa_check_priv(&a), 0);
    /* refused parameters */
    TEST_EQUAL(tacit_rsa_gen_key(&a, 512, 65537, NULL, NULL), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_rsa_gen_key(&a, 8193, 65537, NULL, NULL), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_rsa_gen_key(&a, 1024, 65536, NULL, NULL), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_rsa_gen_key(&a, 1024, 1, NULL, NULL), TACIT_ERR_BAD_INPUT);
    TEST_ASSERT(tacit_rsa_gen_key(&a, 1024, 65537, failing_rng, NULL) != 0);
exit:
    tacit_rsa_free(&a);
    tacit_rsa_free(&b);
}

static void test_interop_sizes_roundtrip(void)
{
    tacit_rsa_context a;
    static const char *const keys[] = { "rsa2048.key.der", "rsa3072.key.der", "rsa4096.key.der" };
    size_t i;

    tacit_rsa_init(&a);
    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared missing");
    }
    for (i = 0; i < 3; i++) {
        TEST_EQUAL(load_key(&a, keys[i]), 0);
        TEST_EQUAL(round_trips(&a), 0);
    }
exit:
    tacit_rsa_free(&a);
}

/* ---- fault injection and paths ---------------------------------------------------------- */

static void test_fault_injection(void)
{
    tacit_rsa_context a;

    tacit_rsa_init(&a);
#if !defined(TACIT_TEST_HOOKS)
    TEST_SKIP("built without TACIT_TEST_HOOKS");
#else
    {
        size_t olen;
        unsigned char h[32] = { 1, 2, 3 }, sig[256], ct[256], pt[256];
        size_t ol = 777;
        size_t i;

        if (test_shared_dir() == NULL) {
            TEST_SKIP("../shared missing");
        }
        TEST_EQUAL(load_key(&a, "rsa2048.key.der"), 0);
        memset(sig, 0xAA, sizeof(sig));
        tacit_rsa_test_fault_crt = 1;
        TEST_EQUAL(
            tacit_rsa_pkcs1_sign(&a, TACIT_MD_SHA256, h, 32, sig, sizeof(sig), &olen, NULL, NULL),
            TACIT_ERR_RSA_PRIVATE_FAILED);
        TEST_EQUAL(tacit_rsa_test_fault_crt, 0);
        for (i = 0; i < sizeof(sig); i++) {
            TEST_EQUAL(sig[i], 0); /* nothing of the faulty signature escapes */
        }
        TEST_EQUAL(
            tacit_rsa_pkcs1_sign(&a, TACIT_MD_SHA256, h, 32, sig, sizeof(sig), &olen, NULL, NULL),
            0);
        TEST_EQUAL(tacit_rsa_pkcs1_verify(&a, TACIT_MD_SHA256, h, 32, sig, sizeof(sig)), 0);
        /* decryption too */
        TEST_EQUAL(tacit_rsa_oaep_encrypt(&a, TACIT_MD_SHA256, TACIT_MD_SHA256, NULL, 0, h, 32, ct,
                                          sizeof(ct), &olen, NULL, NULL),
                   0);
        tacit_rsa_test_fault_crt = 1;
        TEST_EQUAL(tacit_rsa_oaep_decrypt(&a, TACIT_MD_SHA256, TACIT_MD_SHA256, NULL, 0, ct,
                                          sizeof(ct), pt, sizeof(pt), &ol, NULL, NULL),
                   TACIT_ERR_RSA_PRIVATE_FAILED);
        TEST_EQUAL(ol, 777);
    }
#endif
exit:
    tacit_rsa_free(&a);
}

static void test_exp_paths(void)
{
    tacit_rsa_context a;

    tacit_rsa_init(&a);
#if !defined(TACIT_TEST_HOOKS)
    TEST_SKIP("built without TACIT_TEST_HOOKS");
#else
    {
        size_t olen;
        unsigned char h[32] = { 9 }, sig[256], ct[256], pt[256];
        size_t ol;
        unsigned long ct0, un0;

        if (test_shared_dir() == NULL) {
            TEST_SKIP("../shared missing");
        }
        TEST_EQUAL(load_key(&a, "rsa2048.key.der"), 0);
        /* private: exactly two constant-time exponentiations (the CRT halves); the
     * unsafe ones are r^e mod p and mod q for blinding and the check, all with the
     * public e */
        ct0 = tacit_mpi_core_test_exp_ct_calls;
        un0 = tacit_mpi_core_test_exp_unsafe_calls;
        TEST_EQUAL(
            tacit_rsa_pkcs1_sign(&a, TACIT_MD_SHA256, h, 32, sig, sizeof(sig), &olen, NULL, NULL),
            0);
        TEST_EQUAL(tacit_mpi_core_test_exp_ct_calls - ct0, 2);
        TEST_EQUAL(tacit_mpi_core_test_exp_unsafe_calls - un0, 3);
        /* public: one unsafe exponentiation, no constant-time one */
        ct0 = tacit_mpi_core_test_exp_ct_calls;
        un0 = tacit_mpi_core_test_exp_unsafe_calls;
        TEST_EQUAL(tacit_rsa_pkcs1_verify(&a, TACIT_MD_SHA256, h, 32, sig, sizeof(sig)), 0);
        TEST_EQUAL(tacit_mpi_core_test_exp_ct_calls - ct0, 0);
        TEST_EQUAL(tacit_mpi_core_test_exp_unsafe_calls - un0, 1);
        ct0 = tacit_mpi_core_test_exp_ct_calls;
        un0 = tacit_mpi_core_test_exp_unsafe_calls;
        TEST_EQUAL(tacit_rsa_oaep_encrypt(&a, TACIT_MD_SHA256, TACIT_MD_SHA256, NULL, 0, h, 32, ct,
                                          sizeof(ct), &olen, NULL, NULL),
                   0);
        TEST_EQUAL(tacit_mpi_core_test_exp_ct_calls - ct0, 0);
        TEST_EQUAL(tacit_mpi_core_test_exp_unsafe_calls - un0, 1);
        ct0 = tacit_mpi_core_test_exp_ct_calls;
        TEST_EQUAL(tacit_rsa_oaep_decrypt(&a, TACIT_MD_SHA256, TACIT_MD_SHA256, NULL, 0, ct,
                                          sizeof(ct), pt, sizeof(pt), &ol, NULL, NULL),
                   0);
        TEST_EQUAL(tacit_mpi_core_test_exp_ct_calls - ct0, 2);
    }
#endif
exit:
    tacit_rsa_free(&a);
}

/* ---- the blinding inversion against tacit_mpi_inv_mod ------------------------------------ */

static void test_inv_mod_unsafe(void)
{
    tacit_mpi N, Y, Xr;
    tacit_mpi_uint *n = NULL, *y = NULL, *x = NULL, *T = NULL;
    unsigned char buf[600];
    size_t bits, L, i, round;
    int ret, ref, checked = 0;

    tacit_mpi_init(&N);
    tacit_mpi_init(&Y);
    tacit_mpi_init(&Xr);
    seed_drbg("inv");
    for (round = 0; round < 300; round++) {
        bits = 8 + (round * 37) % 4100;
        L = TACIT_MPI_CORE_BITS_TO_LIMBS(bits);
        /* an odd modulus of exactly `bits` bits (sometimes with a tiny factor) */
        test_rng(&drbg, buf, (bits + 7) / 8);
        buf[0] &= (unsigned char)(0xFF >> ((8 - bits % 8) % 8));
        buf[0] |= (unsigned char)(0x80 >> ((8 - bits % 8) % 8));
        buf[(bits + 7) / 8 - 1] |= 1;
        TEST_EQUAL(tacit_mpi_read_binary(&N, buf, (bits + 7) / 8), 0);
        test_rng(&drbg, buf, (bits + 7) / 8);
        if (round % 5 == 0) {
            memset(buf, 0, (bits + 7) / 8 - 1); /* small values */
        }
        TEST_EQUAL(tacit_mpi_read_binary(&Y, buf, (bits + 7) / 8), 0);
        TEST_EQUAL(tacit_mpi_mod_mpi(&Y, &Y, &N), 0);
        n = calloc(L, sizeof(*n));
        y = calloc(L, sizeof(*y));
        x = calloc(L, sizeof(*x));
        T = calloc(TACIT_RSA_INV_WORKING_LIMBS(L), sizeof(*T));
        TEST_ASSERT(n && y && x && T);
        for (i = 0; i < L; i++) {
            n[i] = i < N.n ? N.p[i] : 0;
            y[i] = i < Y.n ? Y.p[i] : 0;
        }
        if (bits < 3) {
            goto next;
        }
        ret = tacit_rsa_inv_mod_unsafe(x, y, n, L, tacit_mpi_core_mont_init(n), T);
        ref = tacit_mpi_inv_mod(&Xr, &Y, &N);
        if (ref != 0) {
            TEST_EQUAL(ret, TACIT_ERR_RSA_PRIVATE_FAILED);
        } else {
            if (ret != 0) {
                printf("\n    round %zu bits %zu", round, bits);
            }
            TEST_EQUAL(ret, 0);
            for (i = 0; i < L; i++) {
                TEST_EQUAL(x[i], i < Xr.n ? Xr.p[i] : 0);
            }
            checked++;
        }
    next:
        free(n);
        free(y);
        free(x);
        free(T);
        n = y = x = T = NULL;
    }
    TEST_ASSERT(checked > 200);
exit:
    free(n);
    free(y);
    free(x);
    free(T);
    tacit_mpi_free(&N);
    tacit_mpi_free(&Y);
    tacit_mpi_free(&Xr);
}

/*
 * The blinding inversion against GMP's mpz_invert: 20,000 cases over every limb count up to 4096
 * bits, random odd moduli (some all ones, some with a short top limb), inverses of random values,
 * of small ones, of 1 and N - 1, and of multiples of 3 (not invertible when 3 divides N).
 */
static void test_inv_mod_unsafe_gmp(void)
{
#if defined(TACIT_HAVE_GMP)
    enum { MAXL = 4096 / TACIT_MPI_LIMB_BITS };
    static tacit_mpi_uint n[MAXL], y[MAXL], x[MAXL], T[TACIT_RSA_INV_WORKING_LIMBS(MAXL)];
    mpz_t N, Y, X, R;
    size_t L, round;
    int ret, ref, checked = 0, refused = 0;

    mpz_inits(N, Y, X, R, NULL);
    seed_drbg("inv-gmp");
    for (round = 0; round < 20000; round++) {
        int kind = (int)(round % 8);
        L = 1 + round % MAXL;
        test_rng(&drbg, (unsigned char *)n, L * sizeof(*n));
        test_rng(&drbg, (unsigned char *)y, L * sizeof(*y));
        if (kind == 1) {
            memset(n, 0xFF, L * sizeof(*n));
        } else if (kind == 2) {
            n[L - 1] >>= n[0] % TACIT_MPI_LIMB_BITS; /* a short top limb */
        }
        n[0] |= 1;
        if (L == 1 && n[0] == 1) {
            n[0] = 3;
        }
        if (kind == 3) {
            memset(y + 1, 0, (L - 1) * sizeof(*y)); /* small */
        }
        mpz_import(N, L, -1, sizeof(*n), 0, 0, n);
        mpz_import(Y, L, -1, sizeof(*y), 0, 0, y);
        mpz_mod(Y, Y, N);
        if (kind == 4) {
            mpz_set_ui(Y, 1);
        } else if (kind == 5) {
            mpz_sub_ui(Y, N, 1);
        } else if (kind == 6) {
            mpz_mul_ui(Y, Y, 3);
            mpz_mod(Y, Y, N);
        }
        memset(y, 0, L * sizeof(*y));
        mpz_export(y, NULL, -1, sizeof(*y), 0, 0, Y);
        ret = tacit_rsa_inv_mod_unsafe(x, y, n, L, tacit_mpi_core_mont_init(n), T);
        ref = mpz_invert(R, Y, N);
        if (!ref) {
            TEST_EQUAL(ret, TACIT_ERR_RSA_PRIVATE_FAILED);
            refused++;
            continue;
        }
        if (ret != 0) {
            printf("\n    round %zu limbs %zu kind %d", round, L, kind);
        }
        TEST_EQUAL(ret, 0);
        mpz_import(X, L, -1, sizeof(*x), 0, 0, x);
        if (mpz_cmp(X, R) != 0) {
            printf("\n    round %zu limbs %zu kind %d", round, L, kind);
        }
        TEST_EQUAL(mpz_cmp(X, R), 0);
        checked++;
    }
    TEST_ASSERT(checked > 15000);
    TEST_ASSERT(refused > 500);
exit:
    mpz_clears(N, Y, X, R, NULL);
#else
    TEST_SKIP_NO_PEER("GMP");
exit:;
#endif
}

/* ---- bad input --------------------------------------------------------------------------- */

static int all_bytes(const unsigned char *b, size_t n, unsigned char v)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (b[i] != v) {
            return 0;
        }
    }
    return 1;
}

static void test_bad_inputs(void)
{
    size_t olen;
    tacit_rsa_context a, pub, empty;
    unsigned char h[64] = { 0 }, buf[600], big[600], nb[600], out[600];
    size_t k, ol = 99, len;
    int ret;

    tacit_rsa_init(&a);
    tacit_rsa_init(&pub);
    tacit_rsa_init(&empty);
    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared missing");
    }
    TEST_EQUAL(load_key(&a, "rsa2048.key.der"), 0);
    TEST_EQUAL(public_copy(&pub, &a), 0);
    k = tacit_rsa_len(&a);
    TEST_EQUAL(tacit_mpi_write_binary(&a.N, nb, k), 0);
    memset(big, 0xFF, sizeof(big));

    /* raw operations: lengths and range */
    memset(out, 0xAA, sizeof(out));
    TEST_EQUAL(tacit_rsa_public(&a, buf, k - 1, out, sizeof(out), &olen),
               TACIT_ERR_RSA_INPUT_OUT_OF_RANGE);
    TEST_EQUAL(tacit_rsa_public(&a, buf, k + 1, out, sizeof(out), &olen),
               TACIT_ERR_RSA_INPUT_OUT_OF_RANGE);
    TEST_EQUAL(tacit_rsa_public(&a, nb, k, out, sizeof(out), &olen),
               TACIT_ERR_RSA_INPUT_OUT_OF_RANGE);
    TEST_EQUAL(tacit_rsa_public(&a, big, k, out, sizeof(out), &olen),
               TACIT_ERR_RSA_INPUT_OUT_OF_RANGE);
    TEST_EQUAL(tacit_rsa_public(&a, nb, k, out, k - 1, &olen), TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(tacit_rsa_public(&a, NULL, k, out, k, &olen), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_rsa_public(&empty, nb, k, out, k, &olen), TACIT_ERR_RSA_KEY_CHECK_FAILED);
    TEST_ASSERT(all_bytes(out, sizeof(out), 0xAA));
    TEST_EQUAL(tacit_rsa_private(&a, nb, k, out, sizeof(out), &olen, NULL, NULL),
               TACIT_ERR_RSA_INPUT_OUT_OF_RANGE);
    TEST_EQUAL(tacit_rsa_private(&a, buf, 0, out, sizeof(out), &olen, NULL, NULL),
               TACIT_ERR_RSA_INPUT_OUT_OF_RANGE);
    TEST_EQUAL(tacit_rsa_private(&pub, buf, k, out, sizeof(out), &olen, NULL, NULL),
               TACIT_ERR_NO_PRIVATE_KEY);
    memset(buf, 0, k);
    buf[k - 1] = 2;
    TEST_EQUAL(tacit_rsa_private(&a, buf, k, out, sizeof(out), &olen, failing_rng, NULL),
               TACIT_ERR_RNG_FAILED);
    TEST_ASSERT(all_bytes(out, k, 0) || all_bytes(out, k, 0xAA));
    /* 0 and 1 are fixed points but legal */
    TEST_EQUAL(tacit_rsa_private(&a, buf, k, out, sizeof(out), &olen, NULL, NULL), 0);
    TEST_EQUAL(tacit_rsa_public(&a, out, k, out, k, &olen), 0);
    TEST_MEM_EQ(out, k, buf, k);
    memset(buf, 0, k);
    TEST_EQUAL(tacit_rsa_private(&a, buf, k, out, sizeof(out), &olen, NULL, NULL), 0);
    TEST_ASSERT(all_bytes(out, k, 0));

    /* signatures */
    memset(out, 0xAA, sizeof(out));
    TEST_EQUAL(tacit_rsa_pkcs1_sign(&a, TACIT_MD_SHA1, h, 20, out, sizeof(out), &olen, NULL, NULL),
               TACIT_ERR_RSA_BAD_HASH);
    TEST_EQUAL(tacit_rsa_pkcs1_sign(&a, TACIT_MD_NONE, h, 0, out, sizeof(out), &olen, NULL, NULL),
               TACIT_ERR_RSA_BAD_HASH);
    TEST_EQUAL(
        tacit_rsa_pkcs1_sign(&a, TACIT_MD_SHA256, h, 31, out, sizeof(out), &olen, NULL, NULL),
        TACIT_ERR_RSA_BAD_HASH);
    TEST_EQUAL(tacit_rsa_pkcs1_sign(&a, TACIT_MD_SHA256, h, 32, out, k - 1, &olen, NULL, NULL),
               TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(tacit_rsa_pkcs1_sign(&a, TACIT_MD_SHA256, NULL, 32, out, k, &olen, NULL, NULL),
               TACIT_ERR_RSA_BAD_HASH);
    TEST_EQUAL(tacit_rsa_pkcs1_sign(&pub, TACIT_MD_SHA256, h, 32, out, k, &olen, NULL, NULL),
               TACIT_ERR_NO_PRIVATE_KEY);
    TEST_EQUAL(
        tacit_rsa_pss_sign(&a, TACIT_MD_SHA1, TACIT_MD_SHA1, 20, h, 20, out, k, &olen, NULL, NULL),
        TACIT_ERR_RSA_BAD_HASH);
    TEST_EQUAL(tacit_rsa_pss_sign(&a, TACIT_MD_SHA512, TACIT_MD_SHA512, (int)k, h, 64, out, k,
                                  &olen, NULL, NULL),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_rsa_pss_sign(&a, TACIT_MD_SHA256, TACIT_MD_SHA256, -7, h, 32, out, k, &olen,
                                  NULL, NULL),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_rsa_pss_sign(&a, TACIT_MD_SHA256, TACIT_MD_SHA256, 32, h, 32, out, k, &olen,
                                  failing_rng, NULL),
               TACIT_ERR_RNG_FAILED);
    TEST_ASSERT(all_bytes(out, sizeof(out), 0xAA));
    TEST_EQUAL(
        tacit_rsa_pkcs1_sign(&a, TACIT_MD_SHA256, h, 32, out, sizeof(out), &olen, NULL, NULL), 0);
    TEST_EQUAL(tacit_rsa_pkcs1_verify(&pub, TACIT_MD_SHA256, h, 32, out, k - 1),
               TACIT_ERR_RSA_INPUT_OUT_OF_RANGE);
    TEST_EQUAL(tacit_rsa_pkcs1_verify(&pub, TACIT_MD_SHA256, h, 32, out, 0),
               TACIT_ERR_RSA_INPUT_OUT_OF_RANGE);
    TEST_EQUAL(tacit_rsa_pkcs1_verify(&pub, TACIT_MD_SHA256, h, 32, nb, k),
               TACIT_ERR_RSA_INPUT_OUT_OF_RANGE);
    TEST_EQUAL(tacit_rsa_pkcs1_verify(&pub, TACIT_MD_SHA256, h, 20, out, k),
               TACIT_ERR_RSA_BAD_HASH);
    TEST_EQUAL(tacit_rsa_pss_verify(&pub, TACIT_MD_SHA256, TACIT_MD_SHA256, TACIT_RSA_SALT_LEN_ANY,
                                    h, 32, nb, k),
               TACIT_ERR_RSA_INPUT_OUT_OF_RANGE);
    TEST_EQUAL(tacit_rsa_pss_verify(&pub, TACIT_MD_SHA256, TACIT_MD_SHA256, TACIT_RSA_SALT_LEN_MAX,
                                    h, 32, out, k),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_rsa_pss_verify(&pub, TACIT_MD_SHA256, TACIT_MD_NONE, 32, h, 32, out, k),
               TACIT_ERR_RSA_BAD_HASH);
    /* a v1.5 signature is not a PSS signature */
    TEST_EQUAL(tacit_rsa_pss_verify(&pub, TACIT_MD_SHA256, TACIT_MD_SHA256, TACIT_RSA_SALT_LEN_ANY,
                                    h, 32, out, k),
               TACIT_ERR_VERIFY_FAILED);

    /* encryption */
    memset(out, 0xAA, sizeof(out));
    TEST_EQUAL(tacit_rsa_oaep_encrypt(&pub, TACIT_MD_SHA256, TACIT_MD_SHA256, NULL, 0, big,
                                      k - 2 * 32 - 1, out, sizeof(out), &olen, NULL, NULL),
               TACIT_ERR_RSA_MESSAGE_TOO_LONG);
    TEST_EQUAL(tacit_rsa_oaep_encrypt(&pub, TACIT_MD_SHA256, TACIT_MD_SHA256, NULL, 0, big, 10, out,
                                      k - 1, &olen, NULL, NULL),
               TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(tacit_rsa_oaep_encrypt(&pub, TACIT_MD_SHA256, TACIT_MD_SHA256, NULL, 5, big, 10, out,
                                      k, &olen, NULL, NULL),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_rsa_oaep_encrypt(&pub, TACIT_MD_SHA256, TACIT_MD_SHA256, NULL, 0, big, 10, out,
                                      k, &olen, failing_rng, NULL),
               TACIT_ERR_RNG_FAILED);
    TEST_EQUAL(tacit_rsa_pkcs1_encrypt(&pub, big, k - 10, out, sizeof(out), &olen, NULL, NULL),
               TACIT_ERR_RSA_MESSAGE_TOO_LONG);
    TEST_EQUAL(tacit_rsa_pkcs1_encrypt(&pub, big, 10, out, sizeof(out), &olen, failing_rng, NULL),
               TACIT_ERR_RNG_FAILED);
    TEST_ASSERT(all_bytes(out, sizeof(out), 0xAA));
    TEST_EQUAL(tacit_rsa_oaep_decrypt(&pub, TACIT_MD_SHA256, TACIT_MD_SHA256, NULL, 0, nb, k, out,
                                      sizeof(out), &ol, NULL, NULL),
               TACIT_ERR_NO_PRIVATE_KEY);
    TEST_EQUAL(tacit_rsa_oaep_decrypt(&a, TACIT_MD_SHA256, TACIT_MD_SHA256, NULL, 0, nb, k, out,
                                      sizeof(out), &ol, NULL, NULL),
               TACIT_ERR_RSA_INPUT_OUT_OF_RANGE);
    TEST_EQUAL(tacit_rsa_oaep_decrypt(&a, TACIT_MD_SHA256, TACIT_MD_SHA256, NULL, 0, nb, k - 1, out,
                                      sizeof(out), &ol, NULL, NULL),
               TACIT_ERR_RSA_INPUT_OUT_OF_RANGE);
    TEST_EQUAL(tacit_rsa_pkcs1_decrypt(&a, nb, k, out, sizeof(out), &ol, NULL, NULL),
               TACIT_ERR_RSA_INPUT_OUT_OF_RANGE);
    TEST_EQUAL(ol, 99);
    /* random ciphertexts: the single padding error */
    {
        int i, npad = 0;
        for (i = 0; i < 20; i++) {
            memset(buf, i + 1, k);
            buf[0] = 0x12;
            ret = tacit_rsa_oaep_decrypt(&a, TACIT_MD_SHA256, TACIT_MD_SHA256, NULL, 0, buf, k, out,
                                         sizeof(out), &ol, NULL, NULL);
            npad += ret == TACIT_ERR_RSA_INVALID_PADDING;
            ret = tacit_rsa_pkcs1_decrypt_explicit_oracle(&a, buf, k, out, sizeof(out), &ol, NULL,
                                                          NULL);
            npad += ret == TACIT_ERR_RSA_INVALID_PADDING;
            /* implicit rejection: a synthetic message, no error */
            npad += tacit_rsa_pkcs1_decrypt(&a, buf, k, out, sizeof(out), &ol, NULL, NULL) == 0;
        }
        TEST_EQUAL(npad, 60);
    }

    /* key writers */
    TEST_EQUAL(tacit_rsa_write_key_der(&pub, TACIT_KEY_FORMAT_PKCS1, out, sizeof(out), &len),
               TACIT_ERR_NO_PRIVATE_KEY);
    TEST_EQUAL(tacit_rsa_write_key_der(&a, TACIT_KEY_FORMAT_SPKI, out, sizeof(out), &len),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_rsa_write_public_key_der(&a, TACIT_KEY_FORMAT_PKCS8, out, sizeof(out), &len),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_rsa_write_public_key_der(&a, TACIT_KEY_FORMAT_SPKI, out, 100, &len),
               TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(len, 294); /* the size needed */
    TEST_EQUAL(tacit_rsa_write_public_key_der(&a, TACIT_KEY_FORMAT_SPKI, NULL, 0, &len),
               TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(len, 294);
    TEST_EQUAL(tacit_rsa_write_public_key_pem(&a, TACIT_KEY_FORMAT_SPKI, NULL, 0, &len),
               TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(len, 451);
    TEST_EQUAL(tacit_rsa_write_key_pem(&empty, TACIT_KEY_FORMAT_PKCS1, out, sizeof(out), &len),
               TACIT_ERR_NO_PRIVATE_KEY);
exit:
    tacit_rsa_free(&a);
    tacit_rsa_free(&pub);
    tacit_rsa_free(&empty);
}

/* every truncation and a trailing byte of every DER key form */
static void test_parse_malformed(void)
{
    tacit_rsa_context a;
    static const char *const files[] = { "rsa2048.key.der", "rsa2048.pkcs8.der", "rsa2048.pub.der",
                                         "rsa2048.pub.pkcs1.der" };
    unsigned char *der = NULL, *ext = NULL;
    size_t f, n, cut;
    int priv, ret;

    tacit_rsa_init(&a);
    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared missing");
    }
    for (f = 0; f < 4; f++) {
        der = interop_file(files[f], &n);
        TEST_ASSERT(der != NULL);
        priv = f < 2;
        for (cut = 0; cut < n; cut += (cut < 40 || n - cut < 40) ? 1 : 7) {
            ret = priv ? tacit_rsa_parse_key_der(&a, der, cut)
                       : tacit_rsa_parse_public_key_der(&a, der, cut);
            TEST_ASSERT(ret != 0);
            TEST_EQUAL(tacit_rsa_len(&a), 0);
        }
        ext = malloc(n + 1);
        memcpy(ext, der, n);
        ext[n] = 0;
        ret = priv ? tacit_rsa_parse_key_der(&a, ext, n + 1)
                   : tacit_rsa_parse_public_key_der(&a, ext, n + 1);
        TEST_EQUAL(ret, TACIT_ERR_ASN1_TRAILING_DATA);
        free(der);
        free(ext);
        der = ext = NULL;
    }
    TEST_EQUAL(tacit_rsa_parse_key_der(&a, NULL, 0), TACIT_ERR_ASN1_OUT_OF_DATA);
    TEST_EQUAL(tacit_rsa_parse_key_pem(&a, (const unsigned char *)"", 0), TACIT_ERR_PEM_NO_BLOCK);
    TEST_EQUAL(tacit_rsa_parse_public_key_der(&a, (const unsigned char *)"\x30\x00", 2),
               TACIT_ERR_ASN1_OUT_OF_DATA);
    /* multi-prime (version 1) PKCS#1: refused */
    {
        static const unsigned char v1[] = { 0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x05 };
        TEST_EQUAL(tacit_rsa_parse_key_der(&a, v1, sizeof(v1)), TACIT_ERR_RSA_UNSUPPORTED);
    }
exit:
    free(der);
    free(ext);
    tacit_rsa_free(&a);
}

/* ---- OpenSSL checks tacit's output ------------------------------------------------------- */

#if defined(TACIT_HAVE_OPENSSL)
static const EVP_MD *ossl_md(tacit_md_type md)
{
    switch (md) {
    case TACIT_MD_SHA1:
        return EVP_sha1();
    case TACIT_MD_SHA224:
        return EVP_sha224();
    case TACIT_MD_SHA256:
        return EVP_sha256();
    case TACIT_MD_SHA384:
        return EVP_sha384();
    default:
        return EVP_sha512();
    }
}

/* 1 if OpenSSL accepts; pss_salt < 0: PKCS#1 v1.5 */
static int ossl_verify(EVP_PKEY *pk, tacit_md_type md, int pss_salt, const unsigned char *h,
                       size_t hl, const unsigned char *sig, size_t sl)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(pk, NULL);
    int ok = c != NULL && EVP_PKEY_verify_init(c) == 1 &&
             EVP_PKEY_CTX_set_rsa_padding(c, pss_salt < 0 ? RSA_PKCS1_PADDING
                                                          : RSA_PKCS1_PSS_PADDING) == 1 &&
             EVP_PKEY_CTX_set_signature_md(c, ossl_md(md)) == 1 &&
             (pss_salt < 0 || (EVP_PKEY_CTX_set_rsa_pss_saltlen(c, pss_salt) == 1 &&
                               EVP_PKEY_CTX_set_rsa_mgf1_md(c, ossl_md(md)) == 1)) &&
             EVP_PKEY_verify(c, sig, sl, h, hl) == 1;
    EVP_PKEY_CTX_free(c);
    return ok;
}

/* OpenSSL decrypts; oaep_md NONE: PKCS#1 v1.5 */
static int ossl_decrypt(EVP_PKEY *pk, tacit_md_type oaep_md, const unsigned char *ct, size_t cl,
                        unsigned char *out, size_t *ol)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(pk, NULL);
    int ok =
        c != NULL && EVP_PKEY_decrypt_init(c) == 1 &&
        EVP_PKEY_CTX_set_rsa_padding(c, oaep_md == TACIT_MD_NONE ? RSA_PKCS1_PADDING
                                                                 : RSA_PKCS1_OAEP_PADDING) == 1 &&
        (oaep_md == TACIT_MD_NONE || (EVP_PKEY_CTX_set_rsa_oaep_md(c, ossl_md(oaep_md)) == 1 &&
                                      EVP_PKEY_CTX_set_rsa_mgf1_md(c, ossl_md(oaep_md)) == 1)) &&
        EVP_PKEY_decrypt(c, out, ol, ct, cl) == 1;
    EVP_PKEY_CTX_free(c);
    return ok;
}

/* OpenSSL signs PSS with a given salt length */
static int ossl_pss_sign(EVP_PKEY *pk, int salt, const unsigned char *h, unsigned char *sig,
                         size_t *sl)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(pk, NULL);
    int ok = c != NULL && EVP_PKEY_sign_init(c) == 1 &&
             EVP_PKEY_CTX_set_rsa_padding(c, RSA_PKCS1_PSS_PADDING) == 1 &&
             EVP_PKEY_CTX_set_signature_md(c, EVP_sha256()) == 1 &&
             EVP_PKEY_CTX_set_rsa_pss_saltlen(c, salt) == 1 &&
             EVP_PKEY_sign(c, sig, sl, h, 32) == 1;
    EVP_PKEY_CTX_free(c);
    return ok;
}
#endif

static void test_openssl_checks_tacit(void)
{
#if !defined(TACIT_HAVE_OPENSSL)
    TEST_SKIP_NO_PEER("OpenSSL libcrypto");
exit:
    return;
#else
    size_t olen;
    tacit_rsa_context a;
    EVP_PKEY *pub = NULL, *prv = NULL;
    unsigned char der[3000], h[64], sig[600], ct[600], pt[600], msg[40];
    const unsigned char *p;
    size_t dlen, k, ol, i, key;
    static const tacit_md_type mds[] = { TACIT_MD_SHA224, TACIT_MD_SHA256, TACIT_MD_SHA384,
                                         TACIT_MD_SHA512 };
    static const char *const keys[] = { "rsa2048.key.der", "rsa3072.key.der", "rsa4096.key.der",
                                        NULL };
    int salt;

    tacit_rsa_init(&a);
    memset(msg, 0x42, sizeof(msg));
    for (key = 0; key < 4; key++) {
        if (keys[key] != NULL) {
            if (test_shared_dir() == NULL) {
                continue;
            }
            TEST_EQUAL(load_key(&a, keys[key]), 0);
        } else {
            seed_drbg("openssl");
            TEST_EQUAL(tacit_rsa_gen_key(&a, 1536, 65537, test_rng, &drbg), 0);
        }
        k = tacit_rsa_len(&a);
        /* OpenSSL loads the keys tacit writes */
        TEST_EQUAL(
            tacit_rsa_write_public_key_der(&a, TACIT_KEY_FORMAT_SPKI, der, sizeof(der), &dlen), 0);
        p = der;
        pub = d2i_PUBKEY(NULL, &p, (long)dlen);
        TEST_ASSERT(pub != NULL);
        TEST_EQUAL(tacit_rsa_write_key_der(&a, TACIT_KEY_FORMAT_PKCS8, der, sizeof(der), &dlen), 0);
        p = der;
        prv = d2i_AutoPrivateKey(NULL, &p, (long)dlen);
        TEST_ASSERT(prv != NULL);
        {
            EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(prv, NULL);
            int chk = c != NULL && EVP_PKEY_check(c) == 1;
            EVP_PKEY_CTX_free(c);
            TEST_ASSERT(chk);
        }
        for (i = 0; i < 4; i++) {
            size_t hl = tacit_md_size(mds[i]);
            tacit_md(mds[i], msg, sizeof(msg), h);
            TEST_EQUAL(tacit_rsa_pkcs1_sign(&a, mds[i], h, hl, sig, sizeof(sig), &olen, NULL, NULL),
                       0);
            TEST_ASSERT(ossl_verify(pub, mds[i], -1, h, hl, sig, k));
            TEST_EQUAL(tacit_rsa_pss_sign(&a, mds[i], mds[i], TACIT_RSA_SALT_LEN_HASH, h, hl, sig,
                                          sizeof(sig), &olen, NULL, NULL),
                       0);
            TEST_ASSERT(ossl_verify(pub, mds[i], (int)hl, h, hl, sig, k));
            TEST_EQUAL(tacit_rsa_pss_sign(&a, mds[i], mds[i], TACIT_RSA_SALT_LEN_MAX, h, hl, sig,
                                          sizeof(sig), &olen, NULL, NULL),
                       0);
            /* the explicit maximum: OpenSSL 3.0's EVP "auto" (-2) refused these */
            TEST_ASSERT(ossl_verify(pub, mds[i], (int)((tacit_rsa_bitlen(&a) + 6) / 8 - hl - 2), h,
                                    hl, sig, k));
            /* tacit OAEP -> OpenSSL decrypts */
            TEST_EQUAL(tacit_rsa_oaep_encrypt(&a, mds[i], mds[i], NULL, 0, msg, sizeof(msg), ct,
                                              sizeof(ct), &olen, NULL, NULL),
                       0);
            ol = sizeof(pt);
            TEST_ASSERT(ossl_decrypt(prv, mds[i], ct, k, pt, &ol));
            TEST_MEM_EQ(pt, ol, msg, sizeof(msg));
        }
        TEST_EQUAL(tacit_rsa_oaep_encrypt(&a, TACIT_MD_SHA1, TACIT_MD_SHA1, NULL, 0, msg,
                                          sizeof(msg), ct, sizeof(ct), &olen, NULL, NULL),
                   0);
        ol = sizeof(pt);
        TEST_ASSERT(ossl_decrypt(prv, TACIT_MD_SHA1, ct, k, pt, &ol));
        TEST_MEM_EQ(pt, ol, msg, sizeof(msg));
        TEST_EQUAL(tacit_rsa_pkcs1_encrypt(&a, msg, sizeof(msg), ct, sizeof(ct), &olen, NULL, NULL),
                   0);
        ol = sizeof(pt);
        TEST_ASSERT(ossl_decrypt(prv, TACIT_MD_NONE, ct, k, pt, &ol));
        TEST_MEM_EQ(pt, ol, msg, sizeof(msg));
        /* OpenSSL PSS with various salt lengths -> tacit verifies (auto-detect) */
        tacit_md(TACIT_MD_SHA256, msg, sizeof(msg), h);
        for (salt = 0; salt <= 64; salt += 16) {
            size_t sl = sizeof(sig);
            TEST_ASSERT(ossl_pss_sign(prv, salt, h, sig, &sl));
            TEST_EQUAL(tacit_rsa_pss_verify(&a, TACIT_MD_SHA256, TACIT_MD_SHA256,
                                            TACIT_RSA_SALT_LEN_ANY, h, 32, sig, sl),
                       0);
            TEST_EQUAL(
                tacit_rsa_pss_verify(&a, TACIT_MD_SHA256, TACIT_MD_SHA256, salt, h, 32, sig, sl),
                0);
        }
        EVP_PKEY_free(pub);
        EVP_PKEY_free(prv);
        pub = prv = NULL;
    }
exit:
    EVP_PKEY_free(pub);
    EVP_PKEY_free(prv);
    tacit_rsa_free(&a);
#endif
}

int main(int argc, char **argv)
{
    int ret;

    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_import_forms);
    RUN_TEST(test_keygen);
    RUN_TEST(test_interop_sizes_roundtrip);
    RUN_TEST(test_inv_mod_unsafe);
    RUN_TEST(test_inv_mod_unsafe_gmp);
    RUN_TEST(test_fault_injection);
    RUN_TEST(test_exp_paths);
    RUN_TEST(test_bad_inputs);
    RUN_TEST(test_parse_malformed);
    RUN_TEST(test_openssl_checks_tacit);
    ret = TEST_MAIN_END();
    tacit_rng_default_free();
    return ret;
}
