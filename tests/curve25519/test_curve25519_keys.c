/*
 * X25519 and Ed25519 keys in RFC 8410 PKCS#8 and SubjectPublicKeyInfo, DER
 * and PEM: the RFC 8410 section 10 examples, round trips, byte-identical
 * output to OpenSSL libcrypto (i2d/PEM writers, when linked) and OpenSSL's
 * keys read back, version 1 (RFC 5958) PKCS#8 with the public key, and
 * rejected inputs (wrong OID, parameters present, wrong key size, trailing
 * bytes, a wrong PEM label).
 */
#include "harness.h"

#include "tacit/ed25519.h"
#include "tacit/pem.h"
#include "tacit/pk.h"
#include "tacit/x25519.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#endif

#if defined(TACIT_X25519_C) && defined(TACIT_ED25519_C) && defined(TACIT_PK_C)

/*
 * The key formats go through tacit_pk, the one door: these helpers parse
 * into and write from the modules' raw keys so that the checks below read
 * as before.  A key of the other algorithm: TACIT_ERR_CURVE25519_BAD_KEY.
 */
static int pk_to_raw(tacit_pk_type type, int priv, void *key, size_t size, const unsigned char *in,
                     size_t len)
{
    tacit_pk_context pk;
    int ret;

    memset(key, 0, size);
    tacit_pk_init(&pk);
    ret = priv ? tacit_pk_parse_private_key(&pk, in, len) : tacit_pk_parse_public_key(&pk, in, len);
    if (ret == 0 && tacit_pk_get_type(&pk) != type) {
        ret = TACIT_ERR_CURVE25519_BAD_KEY;
    }
    if (ret == 0) {
        memcpy(key, type == TACIT_PK_ED25519 ? (void *)&pk.u.ed25519 : (void *)&pk.u.x25519, size);
    }
    tacit_pk_free(&pk);
    return ret;
}

static int ed_parse(tacit_ed25519_key *k, int priv, const unsigned char *in, size_t len)
{
    return pk_to_raw(TACIT_PK_ED25519, priv, k, sizeof(*k), in, len);
}

static int x_parse(tacit_x25519_key *k, int priv, const unsigned char *in, size_t len)
{
    return pk_to_raw(TACIT_PK_X25519, priv, k, sizeof(*k), in, len);
}

static int ed_write(const tacit_ed25519_key *k, tacit_key_format fmt, tacit_key_encoding enc,
                    unsigned char *out, size_t size, size_t *olen)
{
    tacit_pk_context pk;
    int ret;

    tacit_pk_init(&pk);
    pk.type = TACIT_PK_ED25519;
    pk.is_private = k->has_private;
    pk.u.ed25519 = *k;
    ret = tacit_pk_write(&pk, fmt, enc, out, size, olen);
    tacit_pk_free(&pk);
    return ret;
}

static int x_write(const tacit_x25519_key *k, tacit_key_format fmt, tacit_key_encoding enc,
                   unsigned char *out, size_t size, size_t *olen)
{
    tacit_pk_context pk;
    int ret;

    tacit_pk_init(&pk);
    pk.type = TACIT_PK_X25519;
    pk.is_private = k->has_private;
    pk.u.x25519 = *k;
    ret = tacit_pk_write(&pk, fmt, enc, out, size, olen);
    tacit_pk_free(&pk);
    return ret;
}

static unsigned char *hex(const char *h, size_t *len)
{
    return test_unhex(h, len);
}

/* RFC 8410 section 10.1 (public) and 10.3 (private) examples. */
static void test_rfc8410_examples(void)
{
    size_t spki_len = 0, p8_len = 0, olen = 0;
    unsigned char *spki = hex(
        "302a300506032b657003210019bf44096984cdfe8541bac167dc3b96c85086aa30b6b6cb0c5c38ad703166e1",
        &spki_len);
    unsigned char *p8 = hex("302e020100300506032b657004220420d4ee72dbf913584ad5b6d8f1f769f8ad3afe7c"
                            "28cbf1d4fbe097a88f44755842",
                            &p8_len);
    unsigned char out[200];
    tacit_ed25519_key k, pk;
    tacit_x25519_key xk;

    TEST_ASSERT(spki != NULL && p8 != NULL);
    TEST_EQUAL(ed_parse(&pk, 0, spki, spki_len), 0);
    TEST_EQUAL(
        ed_write(&pk, TACIT_KEY_FORMAT_SPKI, TACIT_KEY_ENCODING_DER, out, sizeof(out), &olen), 0);
    TEST_MEM_EQ(out, olen, spki, spki_len);
    TEST_EQUAL(ed_parse(&k, 1, p8, p8_len), 0);
    TEST_EQUAL(
        ed_write(&k, TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_ENCODING_DER, out, sizeof(out), &olen), 0);
    TEST_MEM_EQ(out, olen, p8, p8_len);
    /* the same bytes under the wrong algorithm */
    TEST_EQUAL(x_parse(&xk, 0, spki, spki_len), TACIT_ERR_CURVE25519_BAD_KEY);
    TEST_EQUAL(x_parse(&xk, 1, p8, p8_len), TACIT_ERR_CURVE25519_BAD_KEY);
    /* size query, small buffer, wrong format, no private key */
    TEST_EQUAL(ed_write(&k, TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_ENCODING_DER, NULL, 0, &olen),
               TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(olen, 48);
    TEST_EQUAL(ed_write(&k, TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_ENCODING_DER, out, 47, &olen),
               TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(ed_write(&k, TACIT_KEY_FORMAT_SEC1, TACIT_KEY_ENCODING_DER, out, sizeof(out), &olen),
               TACIT_ERR_PK_TYPE_MISMATCH);
    TEST_EQUAL(
        ed_write(&k, TACIT_KEY_FORMAT_PKCS1, TACIT_KEY_ENCODING_DER, out, sizeof(out), &olen),
        TACIT_ERR_PK_TYPE_MISMATCH);
    TEST_EQUAL(
        ed_write(&k, TACIT_KEY_FORMAT_PKCS8, (tacit_key_encoding)1 + 5, out, sizeof(out), &olen),
        TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(
        ed_write(&pk, TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_ENCODING_DER, out, sizeof(out), &olen),
        TACIT_ERR_NO_PRIVATE_KEY);
exit:
    free(spki);
    free(p8);
}

static void test_bad_encodings(void)
{
    static const char *const bad_p8[] = {
        /* parameters present (NULL) */
        "3030020100300706032b6570050004220420d4ee72dbf913584ad5b6d8f1f769f8ad3afe7c28cbf1d4fbe097a8"
        "8f44755842",
        /* 31-byte key */
        "302d020100300506032b657004210420d4ee72dbf913584ad5b6d8f1f769f8ad3afe7c28cbf1d4fbe097a88f44"
        "7558",
        /* key not wrapped in the inner OCTET STRING */
        "302c020100300506032b65700420d4ee72dbf913584ad5b6d8f1f769f8ad3afe7c28cbf1d4fbe097a88f447558"
        "42",
        /* trailing byte after the envelope */
        "302e020100300506032b657004220420d4ee72dbf913584ad5b6d8f1f769f8ad3afe7c28cbf1d4fbe097a88f44"
        "75584200",
        /* version 2 */
        "302e020102300506032b657004220420d4ee72dbf913584ad5b6d8f1f769f8ad3afe7c28cbf1d4fbe097a88f44"
        "755842",
    };
    static const char *const bad_spki[] = {
        /* 31-byte key */
        "3029300506032b657003200019bf44096984cdfe8541bac167dc3b96c85086aa30b6b6cb0c5c38ad703166",
        /* unused bits */
        "302a300506032b657003210119bf44096984cdfe8541bac167dc3b96c85086aa30b6b6cb0c5c38ad703166e0",
        /* not a point: y = 2 */
        "302a300506032b65700321000200000000000000000000000000000000000000000000000000000000000000",
    };
    size_t i;

    for (i = 0; i < sizeof(bad_p8) / sizeof(bad_p8[0]); i++) {
        size_t len = 0;
        unsigned char *der = hex(bad_p8[i], &len);
        tacit_ed25519_key k;
        int ret;
        TEST_ASSERT(der != NULL);
        ret = ed_parse(&k, 1, der, len);
        free(der);
        if (ret == 0) {
            printf("\n    bad PKCS#8 %u accepted", (unsigned)i);
        }
        TEST_ASSERT(ret != 0);
        TEST_EQUAL(k.has_private, 0);
    }
    for (i = 0; i < sizeof(bad_spki) / sizeof(bad_spki[0]); i++) {
        size_t len = 0;
        unsigned char *der = hex(bad_spki[i], &len);
        tacit_ed25519_key k;
        int ret;
        TEST_ASSERT(der != NULL);
        ret = ed_parse(&k, 0, der, len);
        free(der);
        if (ret == 0) {
            printf("\n    bad SPKI %u accepted", (unsigned)i);
        }
        TEST_ASSERT(ret != 0);
    }
exit:
    return;
}

/* RFC 5958 version 1 with the public key [1]: accepted when it is the private key's. */
static void test_pkcs8_v1(void)
{
    size_t len = 0;
    unsigned char *der = hex("3051020101300506032b657004220420d4ee72dbf913584ad5b6d8f1f769f8ad3afe7"
                             "c28cbf1d4fbe097a88f44755842812100"
                             "19bf44096984cdfe8541bac167dc3b96c85086aa30b6b6cb0c5c38ad703166e1",
                             &len);
    size_t plen = 0;
    unsigned char *pub =
        hex("19bf44096984cdfe8541bac167dc3b96c85086aa30b6b6cb0c5c38ad703166e1", &plen);
    tacit_ed25519_key k;

    TEST_ASSERT(der != NULL && pub != NULL && len == 83);
    TEST_EQUAL(ed_parse(&k, 1, der, len), 0);
    TEST_MEM_EQ(k.pub, 32, pub, plen);
    /* the public key present must be the seed's (RFC 8410 7): one bit off is refused */
    der[len - 1] ^= 1;
    TEST_EQUAL(ed_parse(&k, 1, der, len), TACIT_ERR_CURVE25519_BAD_KEY);
    der[len - 1] ^= 1;
    /* a BIT STRING with unused bits, or of 31 bytes, is not an Ed25519 public key */
    der[50] = 1;
    TEST_ASSERT(ed_parse(&k, 1, der, len) != 0);
    der[50] = 0;
    der[1]--;
    der[49]--;
    TEST_ASSERT(ed_parse(&k, 1, der, len - 1) != 0);
    der[1]++;
    der[49]++;
    TEST_EQUAL(ed_parse(&k, 1, der, len), 0);
    /* the same for X25519: the public key of the clamped scalar */
    {
        tacit_x25519_key x, x2;
        unsigned char out[100];
        size_t olen = 0;
        TEST_EQUAL(tacit_x25519_gen_key(&x, NULL, NULL), 0);
        TEST_EQUAL(
            x_write(&x, TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_ENCODING_DER, out, sizeof(out), &olen),
            0);
        TEST_EQUAL(olen, 48);
        memcpy(der, out, 48);
        der[1] = 0x51;
        der[4] = 1;
        der[48] = 0x81;
        der[49] = 0x21;
        der[50] = 0;
        memcpy(der + 51, x.pub, 32);
        TEST_EQUAL(x_parse(&x2, 1, der, 83), 0);
        TEST_MEM_EQ(x2.pub, 32, x.pub, 32);
        der[60] ^= 0x80;
        TEST_EQUAL(x_parse(&x2, 1, der, 83), TACIT_ERR_CURVE25519_BAD_KEY);
        tacit_x25519_key_free(&x);
    }
exit:
    free(der);
    free(pub);
}

static void test_roundtrip_pem(void)
{
    tacit_ed25519_key e, e2;
    tacit_x25519_key x, x2;
    unsigned char out[300];
    size_t olen = 0;

    TEST_EQUAL(tacit_ed25519_gen_key(&e, NULL, NULL), 0);
    TEST_EQUAL(
        ed_write(&e, TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_ENCODING_PEM, out, sizeof(out), &olen), 0);
    TEST_ASSERT(olen > 27 && memcmp(out, "-----BEGIN PRIVATE KEY-----\n", 28) == 0);
    TEST_EQUAL(ed_parse(&e2, 1, out, olen), 0);
    TEST_MEM_EQ(e2.seed, 32, e.seed, 32);
    TEST_MEM_EQ(e2.pub, 32, e.pub, 32);
    TEST_EQUAL(ed_parse(&e2, 0, out, olen), TACIT_ERR_PK_KEY_FORMAT);
    TEST_EQUAL(ed_write(&e, TACIT_KEY_FORMAT_SPKI, TACIT_KEY_ENCODING_PEM, out, sizeof(out), &olen),
               0);
    TEST_EQUAL(ed_parse(&e2, 0, out, olen), 0);
    TEST_MEM_EQ(e2.pub, 32, e.pub, 32);
    TEST_EQUAL(e2.has_private, 0);

    TEST_EQUAL(tacit_x25519_gen_key(&x, NULL, NULL), 0);
    TEST_EQUAL(x_write(&x, TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_ENCODING_PEM, out, sizeof(out), &olen),
               0);
    TEST_EQUAL(x_parse(&x2, 1, out, olen), 0);
    TEST_MEM_EQ(x2.priv, 32, x.priv, 32);
    TEST_MEM_EQ(x2.pub, 32, x.pub, 32);
    TEST_EQUAL(ed_parse(&e2, 1, out, olen), TACIT_ERR_CURVE25519_BAD_KEY);
    TEST_EQUAL(x_write(&x, TACIT_KEY_FORMAT_SPKI, TACIT_KEY_ENCODING_DER, out, sizeof(out), &olen),
               0);
    TEST_EQUAL(olen, 44);
    TEST_EQUAL(x_parse(&x2, 0, out, olen), 0);
    TEST_MEM_EQ(x2.pub, 32, x.pub, 32);
    tacit_ed25519_key_free(&e);
    tacit_x25519_key_free(&x);
exit:
    return;
}

#if defined(TACIT_PK_C)
/* The generic key type: parse, describe, write back, sign and verify through pk. */
static void test_pk(void)
{
    tacit_pk_context pk, pub;
    tacit_pk_sig_alg alg;
    unsigned char out[300], sig[64], der[100];
    size_t olen = 0, slen = 0, dlen = 0;
    char desc[32];
    static const unsigned char msg[] = "through pk";
    /* id-Ed25519 AlgorithmIdentifier contents: the OID alone */
    static const unsigned char x509_alg[] = { 0x06, 0x03, 0x2b, 0x65, 0x70 };

    tacit_pk_init(&pk);
    tacit_pk_init(&pub);
    TEST_EQUAL(tacit_pk_gen_ed25519(&pk, NULL, NULL), 0);
    TEST_EQUAL(tacit_pk_describe(&pk, desc, sizeof(desc)), 0);
    TEST_ASSERT(strcmp(desc, "Ed25519") == 0);
    TEST_EQUAL(tacit_pk_write(&pk, TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_ENCODING_PEM, out, sizeof(out),
                              &olen),
               0);
    tacit_pk_free(&pk);
    TEST_EQUAL(tacit_pk_parse_key(&pk, out, olen), 0);
    TEST_EQUAL(tacit_pk_get_type(&pk), TACIT_PK_ED25519);
    TEST_EQUAL(
        tacit_pk_write(&pk, TACIT_KEY_FORMAT_SPKI, TACIT_KEY_ENCODING_DER, der, sizeof(der), &dlen),
        0);
    TEST_EQUAL(tacit_pk_parse_public_key(&pub, der, dlen), 0);
    TEST_EQUAL(tacit_pk_sig_alg_from_name("ed25519", &alg), 0);
    TEST_EQUAL(tacit_pk_sign(&pk, &alg, msg, sizeof(msg), sig, sizeof(sig), &slen, NULL, NULL), 0);
    TEST_EQUAL(tacit_pk_verify(&pub, &alg, msg, sizeof(msg), sig, slen, 0), 0);
    sig[0] ^= 1;
    TEST_EQUAL(tacit_pk_verify(&pub, &alg, msg, sizeof(msg), sig, slen, 0),
               TACIT_ERR_VERIFY_FAILED);
    TEST_EQUAL(tacit_pk_sig_alg_from_x509(x509_alg, sizeof(x509_alg), &alg), 0);
    TEST_EQUAL(alg.scheme, TACIT_PK_SIG_ED25519);
    TEST_EQUAL(tacit_pk_sign(&pub, &alg, msg, sizeof(msg), sig, sizeof(sig), &slen, NULL, NULL),
               TACIT_ERR_NO_PRIVATE_KEY);
    TEST_EQUAL(tacit_pk_sign_hash(&pk, &alg, msg, 32, sig, sizeof(sig), &slen, NULL, NULL),
               TACIT_ERR_PK_UNKNOWN_SIG_ALG);
    tacit_pk_free(&pk);
    tacit_pk_free(&pub);
    TEST_EQUAL(tacit_pk_gen_x25519(&pk, NULL, NULL), 0);
    TEST_EQUAL(tacit_pk_write(&pk, TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_ENCODING_DER, der, sizeof(der),
                              &dlen),
               0);
    tacit_pk_free(&pk);
    TEST_EQUAL(tacit_pk_parse_key(&pk, der, dlen), 0);
    TEST_EQUAL(tacit_pk_get_type(&pk), TACIT_PK_X25519);
    TEST_ASSERT(tacit_pk_x25519(&pk) != NULL && tacit_pk_x25519(&pk)->has_private);
    TEST_EQUAL(tacit_pk_sign(&pk, &alg, msg, sizeof(msg), sig, sizeof(sig), &slen, NULL, NULL),
               TACIT_ERR_PK_TYPE_MISMATCH);
exit:
    tacit_pk_free(&pk);
    tacit_pk_free(&pub);
}
#endif

#if defined(TACIT_HAVE_OPENSSL)
/* DER and PEM of OpenSSL and tacit are the same bytes, both directions. */
static int ossl_write(EVP_PKEY *k, int priv, int pem, unsigned char *out, size_t *olen)
{
    BIO *b = BIO_new(BIO_s_mem());
    char *data;
    long n;
    int ok;

    if (b == NULL) {
        return 0;
    }
    if (pem) {
        ok = priv ? PEM_write_bio_PrivateKey(b, k, NULL, NULL, 0, NULL, NULL)
                  : PEM_write_bio_PUBKEY(b, k);
    } else {
        ok = priv ? i2d_PrivateKey_bio(b, k) : i2d_PUBKEY_bio(b, k);
    }
    n = BIO_get_mem_data(b, &data);
    if (ok && n > 0 && (size_t)n <= *olen) {
        memcpy(out, data, (size_t)n);
        *olen = (size_t)n;
    } else {
        ok = 0;
    }
    BIO_free(b);
    return ok;
}

static void test_openssl_identical(void)
{
    int i, pem, alg;

    for (i = 0; i < 10; i++) {
        for (alg = 0; alg < 2; alg++) {
            unsigned char seed[32], a[300], b[300];
            size_t al, bl = 0, j;
            EVP_PKEY *k;
            for (j = 0; j < 32; j++) {
                seed[j] = (unsigned char)(rand() >> 3);
            }
            k = EVP_PKEY_new_raw_private_key(alg ? EVP_PKEY_X25519 : EVP_PKEY_ED25519, NULL, seed,
                                             32);
            TEST_ASSERT(k != NULL);
            for (pem = 0; pem < 2; pem++) {
                tacit_ed25519_key e, e2;
                tacit_x25519_key x, x2;
                int ok;
                al = sizeof(a);
                ok = ossl_write(k, 1, pem, a, &al);
                if (ok && alg == 0) {
                    TEST_EQUAL(tacit_ed25519_key_from_seed(&e, seed, 32), 0);
                    TEST_EQUAL(ed_write(&e, TACIT_KEY_FORMAT_PKCS8,
                                        pem ? TACIT_KEY_ENCODING_PEM : TACIT_KEY_ENCODING_DER, b,
                                        sizeof(b), &bl),
                               0);
                    TEST_MEM_EQ(b, bl, a, al);
                    TEST_EQUAL(ed_parse(&e2, 1, a, al), 0);
                    TEST_MEM_EQ(e2.seed, 32, seed, 32);
                    al = sizeof(a);
                    ok = ossl_write(k, 0, pem, a, &al);
                    TEST_EQUAL(ed_write(&e, TACIT_KEY_FORMAT_SPKI,
                                        pem ? TACIT_KEY_ENCODING_PEM : TACIT_KEY_ENCODING_DER, b,
                                        sizeof(b), &bl),
                               0);
                    TEST_MEM_EQ(b, bl, a, al);
                    TEST_EQUAL(ed_parse(&e2, 0, a, al), 0);
                    TEST_MEM_EQ(e2.pub, 32, e.pub, 32);
                } else if (ok) {
                    TEST_EQUAL(tacit_x25519_key_from_private(&x, seed, 32), 0);
                    TEST_EQUAL(x_write(&x, TACIT_KEY_FORMAT_PKCS8,
                                       pem ? TACIT_KEY_ENCODING_PEM : TACIT_KEY_ENCODING_DER, b,
                                       sizeof(b), &bl),
                               0);
                    TEST_MEM_EQ(b, bl, a, al);
                    TEST_EQUAL(x_parse(&x2, 1, a, al), 0);
                    TEST_MEM_EQ(x2.priv, 32, seed, 32);
                    al = sizeof(a);
                    ok = ossl_write(k, 0, pem, a, &al);
                    TEST_EQUAL(x_write(&x, TACIT_KEY_FORMAT_SPKI,
                                       pem ? TACIT_KEY_ENCODING_PEM : TACIT_KEY_ENCODING_DER, b,
                                       sizeof(b), &bl),
                               0);
                    TEST_MEM_EQ(b, bl, a, al);
                }
                TEST_ASSERT(ok);
            }
            EVP_PKEY_free(k);
        }
    }
exit:
    return;
}
#endif

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_rfc8410_examples);
    RUN_TEST(test_bad_encodings);
    RUN_TEST(test_pkcs8_v1);
    RUN_TEST(test_roundtrip_pem);
#if defined(TACIT_PK_C)
    RUN_TEST(test_pk);
#endif
#if defined(TACIT_HAVE_OPENSSL)
    RUN_TEST(test_openssl_identical);
#else
    SKIP_TEST_NO_PEER(test_openssl_identical, "OpenSSL libcrypto");
#endif
    return TEST_MAIN_END();
}

#else

static void test_skip(void)
{
    TEST_SKIP("X25519, Ed25519 or pk compiled out");
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
