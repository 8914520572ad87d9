/*
 * tacit_pk: format detection over the OpenSSL-made interop keys (every
 * encoding of every key), write-back equal to OpenSSL's bytes, signatures by
 * TLS name and X.509 AlgorithmIdentifier against OpenSSL's signatures, sign
 * and verify round trips, the error paths, and RFC 5958 version 1 keys whose
 * publicKey must be the private key's own.
 */
#include "harness.h"

#include "tacit/asn1.h"
#include "tacit/pk.h"

#define INTEROP "interop/"

static const char *rsa_keys[] = { "rsa2048", "rsa3072", "rsa4096" };
static const char *ec_keys[] = { "p256", "p384", "p521", "p256-peer", "p384-peer", "p521-peer" };

static unsigned char *rd(const char *name, size_t *len)
{
    char path[256];
    snprintf(path, sizeof(path), INTEROP "%s", name);
    return test_read_shared(path, len);
}

/* Parse file and check type, privacy and bit length. */
static int parse_file(const char *file, tacit_pk_context *pk, tacit_pk_type type, int priv,
                      size_t bits)
{
    size_t len;
    unsigned char *buf = rd(file, &len);
    int ret;

    if (buf == NULL) {
        return -1000;
    }
    ret = tacit_pk_parse_key(pk, buf, len);
    free(buf);
    if (ret != 0) {
        printf("\n    %s: parse error -0x%04X", file, (unsigned)-ret);
        return ret;
    }
    if (tacit_pk_get_type(pk) != type || pk->is_private != priv ||
        (bits != 0 && tacit_pk_bitlen(pk) != bits)) {
        printf("\n    %s: wrong type/privacy/size", file);
        return -1;
    }
    return 0;
}

static void test_parse_all_formats(void)
{
    static const char *rsa_priv[] = { "key.pem", "key.der", "pkcs8.pem", "pkcs8.der" };
    static const char *rsa_pub[] = { "pub.pem", "pub.der", "pub.pkcs1.pem", "pub.pkcs1.der" };
    static const char *ec_priv[] = { "sec1.pem", "sec1.der", "pkcs8.pem", "pkcs8.der" };
    static const char *ec_pub[] = { "pub.pem", "pub.der" };
    static const size_t rsa_bits[] = { 2048, 3072, 4096 };
    static const size_t ec_bits[] = { 256, 384, 521, 256, 384, 521 };
    tacit_pk_context pk;
    char f[128];
    size_t i, j;

    tacit_pk_init(&pk);
    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared not found");
    }
    for (i = 0; i < 3; i++) {
        for (j = 0; j < 4; j++) {
            snprintf(f, sizeof(f), "%s.%s", rsa_keys[i], rsa_priv[j]);
            TEST_EQUAL(parse_file(f, &pk, TACIT_PK_RSA, 1, rsa_bits[i]), 0);
            snprintf(f, sizeof(f), "%s.%s", rsa_keys[i], rsa_pub[j]);
            TEST_EQUAL(parse_file(f, &pk, TACIT_PK_RSA, 0, rsa_bits[i]), 0);
        }
    }
    for (i = 0; i < 6; i++) {
        for (j = 0; j < 4; j++) {
            snprintf(f, sizeof(f), "%s.%s", ec_keys[i], ec_priv[j]);
            TEST_EQUAL(parse_file(f, &pk, TACIT_PK_EC, 1, ec_bits[i]), 0);
        }
        for (j = 0; j < 2; j++) {
            snprintf(f, sizeof(f), "%s.%s", ec_keys[i], ec_pub[j]);
            TEST_EQUAL(parse_file(f, &pk, TACIT_PK_EC, 0, ec_bits[i]), 0);
        }
    }
    TEST_EQUAL(parse_file("p256.pub.compressed.der", &pk, TACIT_PK_EC, 0, 256), 0);
    TEST_EQUAL(parse_file("rsa2048.pub.crlf.pem", &pk, TACIT_PK_RSA, 0, 2048), 0);
    TEST_EQUAL(parse_file("rsa2048.pub.preamble.pem", &pk, TACIT_PK_RSA, 0, 2048), 0);
exit:
    tacit_pk_free(&pk);
}

static void test_parse_public_private_only(void)
{
    tacit_pk_context pk;
    unsigned char *buf = NULL;
    size_t len;

    tacit_pk_init(&pk);
    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared not found");
    }
    buf = rd("p256.pkcs8.der", &len);
    TEST_ASSERT(buf != NULL);
    TEST_EQUAL(tacit_pk_parse_public_key(&pk, buf, len), TACIT_ERR_PK_KEY_FORMAT);
    TEST_EQUAL(tacit_pk_get_type(&pk), TACIT_PK_NONE);
    TEST_EQUAL(tacit_pk_parse_private_key(&pk, buf, len), 0);
    free(buf);
    buf = rd("rsa2048.pub.pem", &len);
    TEST_ASSERT(buf != NULL);
    TEST_EQUAL(tacit_pk_parse_private_key(&pk, buf, len), TACIT_ERR_PK_KEY_FORMAT);
    TEST_EQUAL(tacit_pk_parse_public_key(&pk, buf, len), 0);
exit:
    free(buf);
    tacit_pk_free(&pk);
}

static void test_broken(void)
{
    static const char *files[] = {
        "broken/rsa2048.key.bad-b64char.pem",
        "broken/p256.pub.bad-b64char.pem",
        "broken/rsa2048.pub.bad-padding.pem",
        "broken/rsa2048.pkcs8.truncated.der",
        "broken/rsa2048.pub.truncated.der",
        "broken/p256.pub.truncated.der",
        "broken/rsa2048.key.mismatched-footer.pem",
        "broken/rsa2048.key.bad-dashes.pem",
        "broken/rsa2048.key.no-footer.pem",
        "broken/rsa2048.key.ec-label.pem",
        "broken/rsa2048.pub.cert-label.pem",
        "broken/rsa2048.pub.wrong-label.pem",
        "broken/rsa2048.key.modflip.pem",
        "rsa2048.crt.pem",
        "msg.txt",
    };
    tacit_pk_context pk;
    unsigned char *buf = NULL;
    size_t i, len;

    tacit_pk_init(&pk);
    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared not found");
    }
    for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
        buf = rd(files[i], &len);
        TEST_ASSERT(buf != NULL);
        if (tacit_pk_parse_key(&pk, buf, len) == 0) {
            printf("\n    accepted %s", files[i]);
            TEST_ASSERT(0);
        }
        TEST_EQUAL(tacit_pk_get_type(&pk), TACIT_PK_NONE);
        free(buf);
        buf = NULL;
    }
    TEST_EQUAL(tacit_pk_parse_key(&pk, NULL, 0), TACIT_ERR_BAD_INPUT);
exit:
    free(buf);
    tacit_pk_free(&pk);
}

/* Writing gives OpenSSL's bytes back: SPKI, PKCS#1 public, PKCS#8, SEC1 (EC). */
static void test_write_back(void)
{
    static const struct {
        const char *in, *expect;
        tacit_key_format fmt;
        int pem;
    } cases[] = {
        { "rsa2048.key.pem", "rsa2048.pub.der", TACIT_KEY_FORMAT_SPKI, 0 },
        { "rsa2048.key.pem", "rsa2048.pub.pem", TACIT_KEY_FORMAT_SPKI, 1 },
        { "rsa3072.pub.der", "rsa3072.pub.pkcs1.der", TACIT_KEY_FORMAT_PKCS1, 0 },
        { "rsa3072.pub.der", "rsa3072.pub.pkcs1.pem", TACIT_KEY_FORMAT_PKCS1, 1 },
        { "rsa4096.key.der", "rsa4096.key.der", TACIT_KEY_FORMAT_PKCS1, 0 },
        { "rsa4096.key.der", "rsa4096.key.pem", TACIT_KEY_FORMAT_PKCS1, 1 },
        { "rsa2048.key.der", "rsa2048.pkcs8.der", TACIT_KEY_FORMAT_PKCS8, 0 },
        { "p384.sec1.der", "p384.pub.der", TACIT_KEY_FORMAT_SPKI, 0 },
        { "p521.pkcs8.der", "p521.pub.pem", TACIT_KEY_FORMAT_SPKI, 1 },
        { "p256.sec1.pem", "p256.pkcs8.der", TACIT_KEY_FORMAT_PKCS8, 0 },
        { "p256.pkcs8.pem", "p256.sec1.der", TACIT_KEY_FORMAT_SEC1, 0 },
    };
    tacit_pk_context pk;
    unsigned char *buf = NULL, *exp = NULL, *out = NULL;
    size_t i, len = 0, elen = 0, need = 0, olen = 0;

    tacit_pk_init(&pk);
    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared not found");
    }
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        buf = rd(cases[i].in, &len);
        exp = rd(cases[i].expect, &elen);
        TEST_ASSERT(buf != NULL && exp != NULL);
        TEST_EQUAL(tacit_pk_parse_key(&pk, buf, len), 0);
        TEST_EQUAL(tacit_pk_write(&pk, cases[i].fmt,
                                  cases[i].pem ? TACIT_KEY_ENCODING_PEM : TACIT_KEY_ENCODING_DER,
                                  NULL, 0, &need),
                   TACIT_ERR_BUFFER_TOO_SMALL);
        out = malloc(need);
        TEST_ASSERT(out != NULL);
        TEST_EQUAL(tacit_pk_write(&pk, cases[i].fmt,
                                  cases[i].pem ? TACIT_KEY_ENCODING_PEM : TACIT_KEY_ENCODING_DER,
                                  out, need - 1, &olen),
                   TACIT_ERR_BUFFER_TOO_SMALL);
        TEST_EQUAL(tacit_pk_write(&pk, cases[i].fmt,
                                  cases[i].pem ? TACIT_KEY_ENCODING_PEM : TACIT_KEY_ENCODING_DER,
                                  out, need, &olen),
                   0);
        TEST_MEM_EQ(out, olen, exp, elen);
        free(buf);
        free(exp);
        free(out);
        buf = exp = out = NULL;
    }
    /* a public key cannot be written as a private one; formats of the other algorithm fail */
    buf = rd("p256.pub.der", &len);
    TEST_ASSERT(buf != NULL);
    TEST_EQUAL(tacit_pk_parse_key(&pk, buf, len), 0);
    TEST_EQUAL(tacit_pk_write(&pk, TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_ENCODING_DER, NULL, 0, &need),
               TACIT_ERR_NO_PRIVATE_KEY);
    TEST_EQUAL(tacit_pk_write(&pk, TACIT_KEY_FORMAT_PKCS1, TACIT_KEY_ENCODING_DER, NULL, 0, &need),
               TACIT_ERR_PK_TYPE_MISMATCH);
exit:
    free(buf);
    free(exp);
    free(out);
    tacit_pk_free(&pk);
}

/* OpenSSL's signatures over msg.txt verify by TLS name; the bit-flipped message fails. */
static void test_verify_interop(void)
{
    static const struct {
        const char *key, *sig, *alg;
    } cases[] = {
        { "rsa2048.pub.pem", "rsa2048.pkcs1v15-sha256.sig", "rsa_pkcs1_sha256" },
        { "rsa3072.pub.pem", "rsa3072.pkcs1v15-sha384.sig", "rsa_pkcs1_sha384" },
        { "rsa4096.key.pem", "rsa4096.pkcs1v15-sha512.sig", "rsa_pkcs1_sha512" },
        { "rsa2048.pub.der", "rsa2048.pss-sha256.sig", "rsa_pss_rsae_sha256" },
        { "rsa4096.pub.der", "rsa4096.pss-sha256.sig", "rsa_pss_rsae_sha256" },
        { "p256.pub.pem", "p256.ecdsa-sha256.der.sig", "ecdsa_secp256r1_sha256" },
        { "p384.pub.pem", "p384.ecdsa-sha384.der.sig", "ecdsa_secp384r1_sha384" },
        { "p521.pub.pem", "p521.ecdsa-sha512.der.sig", "ecdsa_secp521r1_sha512" },
    };
    tacit_pk_context pk;
    tacit_pk_sig_alg alg;
    unsigned char *key = NULL, *sig = NULL, *msg = NULL, *bad = NULL;
    size_t i, klen = 0, slen = 0, mlen = 0, blen = 0;

    tacit_pk_init(&pk);
    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared not found");
    }
    msg = rd("msg.txt", &mlen);
    bad = rd("broken/msg.bitflip.txt", &blen);
    TEST_ASSERT(msg != NULL && bad != NULL);
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        key = rd(cases[i].key, &klen);
        sig = rd(cases[i].sig, &slen);
        TEST_ASSERT(key != NULL && sig != NULL);
        TEST_EQUAL(tacit_pk_parse_key(&pk, key, klen), 0);
        TEST_EQUAL(tacit_pk_sig_alg_from_name(cases[i].alg, &alg), 0);
        TEST_ASSERT(strcmp(tacit_pk_sig_alg_name(&alg), cases[i].alg) == 0);
        TEST_EQUAL(tacit_pk_verify(&pk, &alg, msg, mlen, sig, slen, 0), 0);
        TEST_EQUAL(tacit_pk_verify(&pk, &alg, bad, blen, sig, slen, 0), TACIT_ERR_VERIFY_FAILED);
        sig[slen / 2] ^= 1;
        TEST_EQUAL(tacit_pk_verify(&pk, &alg, msg, mlen, sig, slen, 0), TACIT_ERR_VERIFY_FAILED);
        free(key);
        free(sig);
        key = sig = NULL;
    }
    /* ECDSA over P-256 with SHA-384 exists in X.509 but not as a TLS 1.3 scheme */
    key = rd("p256.pub.der", &klen);
    sig = rd("p256.ecdsa-sha384.der.sig", &slen);
    TEST_ASSERT(key != NULL && sig != NULL);
    TEST_EQUAL(tacit_pk_parse_key(&pk, key, klen), 0);
    TEST_EQUAL(tacit_pk_sig_alg_from_name("ecdsa_secp384r1_sha384", &alg), 0);
    TEST_EQUAL(tacit_pk_verify(&pk, &alg, msg, mlen, sig, slen, 0), TACIT_ERR_PK_TYPE_MISMATCH);
    alg.curve_bits = 0;
    TEST_EQUAL(tacit_pk_verify(&pk, &alg, msg, mlen, sig, slen, 0), 0);
    TEST_EQUAL(tacit_pk_sig_alg_from_name("rsa_pkcs1_sha256", &alg), 0);
    TEST_EQUAL(tacit_pk_verify(&pk, &alg, msg, mlen, sig, slen, 0), TACIT_ERR_PK_TYPE_MISMATCH);
exit:
    free(key);
    free(sig);
    free(msg);
    free(bad);
    tacit_pk_free(&pk);
}

static void test_sign_roundtrip(void)
{
    static const struct {
        const char *key, *alg;
    } cases[] = {
        { "rsa2048.key.pem", "rsa_pkcs1_sha256" },
        { "rsa2048.pkcs8.der", "rsa_pkcs1_sha512" },
        { "rsa2048.key.der", "rsa_pss_rsae_sha384" },
        { "p256.sec1.pem", "ecdsa_secp256r1_sha256" },
        { "p384.pkcs8.pem", "ecdsa_secp384r1_sha384" },
        { "p521.sec1.der", "ecdsa_secp521r1_sha512" },
    };
    static const unsigned char msg[] = "the message";
    tacit_pk_context pk;
    tacit_pk_sig_alg alg;
    unsigned char *key = NULL, sig[TACIT_PK_MAX_SIG_LEN];
    size_t i, klen = 0, slen = 0, need = 0;

    tacit_pk_init(&pk);
    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared not found");
    }
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        key = rd(cases[i].key, &klen);
        TEST_ASSERT(key != NULL);
        TEST_EQUAL(tacit_pk_parse_key(&pk, key, klen), 0);
        TEST_EQUAL(tacit_pk_sig_alg_from_name(cases[i].alg, &alg), 0);
        TEST_EQUAL(tacit_pk_sign(&pk, &alg, msg, sizeof(msg), NULL, 0, &need, NULL, NULL),
                   TACIT_ERR_BUFFER_TOO_SMALL);
        TEST_ASSERT(need <= sizeof(sig));
        TEST_EQUAL(tacit_pk_sign(&pk, &alg, msg, sizeof(msg), sig, sizeof(sig), &slen, NULL, NULL),
                   0);
        TEST_ASSERT(slen <= need);
        TEST_EQUAL(tacit_pk_verify(&pk, &alg, msg, sizeof(msg), sig, slen, 0), 0);
        TEST_EQUAL(tacit_pk_verify(&pk, &alg, msg, sizeof(msg) - 1, sig, slen, 0),
                   TACIT_ERR_VERIFY_FAILED);
        free(key);
        key = NULL;
    }
    /* SHA-1: never for signing; for verification only with TACIT_PK_ALLOW_SHA1 */
    TEST_EQUAL(tacit_pk_sig_alg_from_name("ecdsa_sha1", &alg), 0);
    TEST_EQUAL(tacit_pk_sign(&pk, &alg, msg, sizeof(msg), sig, sizeof(sig), &slen, NULL, NULL),
               TACIT_ERR_PK_SHA1_NOT_ALLOWED);
    /* a public key cannot sign */
    key = rd("p256.pub.der", &klen);
    TEST_ASSERT(key != NULL);
    TEST_EQUAL(tacit_pk_parse_key(&pk, key, klen), 0);
    TEST_EQUAL(tacit_pk_sig_alg_from_name("ecdsa_secp256r1_sha256", &alg), 0);
    TEST_EQUAL(tacit_pk_sign(&pk, &alg, msg, sizeof(msg), sig, sizeof(sig), &slen, NULL, NULL),
               TACIT_ERR_NO_PRIVATE_KEY);
exit:
    free(key);
    tacit_pk_free(&pk);
}

/* RSASSA-PSS-params: hashAlgorithm sha256, maskGenAlgorithm mgf1(sha256), saltLength 32 */
static const unsigned char pss_params[] = { 0x30, 0x34, 0xa0, 0x0f, 0x30, 0x0d, 0x06, 0x09, 0x60,
                                            0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05,
                                            0x00, 0xa1, 0x1c, 0x30, 0x1a, 0x06, 0x09, 0x2a, 0x86,
                                            0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x08, 0x30, 0x0d,
                                            0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04,
                                            0x02, 0x01, 0x05, 0x00, 0xa2, 0x03, 0x02, 0x01, 0x20 };

/*
 * id-RSASSA-PSS keys (RFC 4055) keep their OID and parameters when written back: wrap the interop
 * RSA key as PSS PKCS#8 (parameters absent, then SHA-256/MGF1-SHA-256/salt 32), parse it, and write
 * PKCS#8 and SPKI again.
 */
static void test_rsa_pss_key_write_back(void)
{
    tacit_pk_context pk, pss;
    unsigned char *key = NULL, *p8 = NULL, *out = NULL, *p;
    size_t klen = 0, p1len = 0, p8len, olen = 0;
    int variant, added;
    tacit_asn1_key_info info;
    const size_t cap = 8192;

    tacit_pk_init(&pk);
    tacit_pk_init(&pss);
    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared not found");
    }
    key = rd("rsa2048.pkcs8.der", &klen);
    p8 = malloc(cap);
    out = malloc(cap);
    TEST_ASSERT(key != NULL && p8 != NULL && out != NULL);
    TEST_EQUAL(tacit_pk_parse_key(&pk, key, klen), 0);
    for (variant = 0; variant < 2; variant++) {
        /* the PKCS#1 key at the end of p8, wrapped in place */
        TEST_EQUAL(
            tacit_pk_write(&pk, TACIT_KEY_FORMAT_PKCS1, TACIT_KEY_ENCODING_DER, out, cap, &p1len),
            0);
        p = p8 + cap - p1len;
        memcpy(p, out, p1len);
        added =
            tacit_asn1_write_pkcs8(&p, p8, (const unsigned char *)TACIT_OID_RSASSA_PSS,
                                   TACIT_OID_LEN(TACIT_OID_RSASSA_PSS), variant ? pss_params : NULL,
                                   variant ? sizeof(pss_params) : 0, p1len);
        TEST_ASSERT(added > 0);
        p8len = p1len + (size_t)added;
        TEST_EQUAL(tacit_pk_parse_key(&pss, p, p8len), 0);
        TEST_EQUAL(pss.rsa_pss_key, 1);
        TEST_EQUAL(
            tacit_pk_write(&pss, TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_ENCODING_DER, out, cap, &olen),
            0);
        TEST_MEM_EQ(out, olen, p, p8len);
        TEST_EQUAL(
            tacit_pk_write(&pss, TACIT_KEY_FORMAT_SPKI, TACIT_KEY_ENCODING_DER, out, cap, &olen),
            0);
        TEST_EQUAL(tacit_asn1_parse_spki(out, olen, &info), 0);
        TEST_ASSERT(TACIT_OID_EQUAL(TACIT_OID_RSASSA_PSS, info.alg.p, info.alg.len));
        if (variant) {
            TEST_EQUAL(info.params.tag, TACIT_ASN1_SEQUENCE);
            TEST_MEM_EQ(info.params.p, info.params.len, pss_params + 2, sizeof(pss_params) - 2);
        } else {
            TEST_EQUAL(info.params.tag, 0);
        }
        /* the public key read back is PSS-only too */
        tacit_pk_free(&pss);
        TEST_EQUAL(tacit_pk_parse_public_key(&pss, out, olen), 0);
        TEST_EQUAL(pss.rsa_pss_key, 1);
        tacit_pk_free(&pss);
    }
exit:
    tacit_pk_free(&pk);
    tacit_pk_free(&pss);
    free(key);
    if (p8 != NULL) {
        tacit_platform_zeroize(p8, cap);
    }
    if (out != NULL) {
        tacit_platform_zeroize(out, cap);
    }
    free(p8);
    free(out);
}

/* pk's key as an id-RSASSA-PSS PKCS#8 with params (NULL: absent), parsed into pss. */
static int load_as_pss(const tacit_pk_context *pk, const unsigned char *params, size_t plen,
                       tacit_pk_context *pss)
{
    const size_t cap = 8192;
    unsigned char *buf = malloc(2 * cap), *p;
    size_t p1len = 0;
    int added, ret = -1;

    if (buf != NULL && tacit_pk_write(pk, TACIT_KEY_FORMAT_PKCS1, TACIT_KEY_ENCODING_DER, buf + cap,
                                      cap, &p1len) == 0) {
        p = buf + cap - p1len;
        memmove(p, buf + cap, p1len);
        added = tacit_asn1_write_pkcs8(&p, buf, (const unsigned char *)TACIT_OID_RSASSA_PSS,
                                       TACIT_OID_LEN(TACIT_OID_RSASSA_PSS), params, plen, p1len);
        ret = added > 0 ? tacit_pk_parse_key(pss, p, p1len + (size_t)added) : -1;
    }
    if (buf != NULL) {
        tacit_platform_zeroize(buf, 2 * cap);
    }
    free(buf);
    return ret;
}

/*
 * RFC 4055 section 3.3: an id-RSASSA-PSS key with parameters (SHA-256, MGF1-SHA-256, salt 32)
 * signs and verifies with its own hash, MGF1 hash and a salt of at least 32 bytes, and refuses
 * anything else; parameters that are malformed or name an unknown hash refuse the key.
 */
static void test_rsa_pss_key_limits(void)
{
    unsigned char bad[sizeof(pss_params)];
    static const unsigned char msg[] = "restricted";
    tacit_pk_context pk, pss;
    tacit_pk_sig_alg alg, lim;
    unsigned char *key = NULL, sig[TACIT_PK_MAX_SIG_LEN], sig20[TACIT_PK_MAX_SIG_LEN];
    size_t klen = 0, slen = 0, slen20 = 0;

    tacit_pk_init(&pk);
    tacit_pk_init(&pss);
    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared not found");
    }
    key = rd("rsa2048.pkcs8.der", &klen);
    TEST_ASSERT(key != NULL);
    TEST_EQUAL(tacit_pk_parse_key(&pk, key, klen), 0);

    /* without parameters: no limits, any PSS signature */
    TEST_EQUAL(load_as_pss(&pk, NULL, 0, &pss), 0);
    TEST_EQUAL(tacit_pk_rsa_pss_limits(&pss, &lim), TACIT_ERR_PK_TYPE_MISMATCH);
    memset(&alg, 0, sizeof(alg));
    alg.scheme = TACIT_PK_SIG_RSA_PSS;
    alg.md = TACIT_MD_SHA256;
    alg.mgf1_md = TACIT_MD_SHA256;
    alg.saltlen = 20;
    TEST_EQUAL(
        tacit_pk_sign(&pss, &alg, msg, sizeof(msg), sig20, sizeof(sig20), &slen20, NULL, NULL), 0);
    tacit_pk_free(&pss);

    /* with parameters */
    TEST_EQUAL(load_as_pss(&pk, pss_params, sizeof(pss_params), &pss), 0);
    TEST_EQUAL(tacit_pk_rsa_pss_limits(&pss, &lim), 0);
    TEST_EQUAL(lim.md, TACIT_MD_SHA256);
    TEST_EQUAL(lim.mgf1_md, TACIT_MD_SHA256);
    TEST_EQUAL(lim.saltlen, 32);
    /* salt 20 < 32: refused for signing and verification */
    TEST_EQUAL(tacit_pk_check_alg(&pss, &alg), TACIT_ERR_PK_TYPE_MISMATCH);
    TEST_EQUAL(tacit_pk_sign(&pss, &alg, msg, sizeof(msg), sig, sizeof(sig), &slen, NULL, NULL),
               TACIT_ERR_PK_TYPE_MISMATCH);
    TEST_EQUAL(tacit_pk_verify(&pss, &alg, msg, sizeof(msg), sig20, slen20, 0),
               TACIT_ERR_PK_TYPE_MISMATCH);
    /* "any" salt verifies with the key's floor: the 20-byte salt fails */
    alg.saltlen = -1;
    TEST_EQUAL(tacit_pk_verify(&pss, &alg, msg, sizeof(msg), sig20, slen20, 0),
               TACIT_ERR_VERIFY_FAILED);
    /* default salt (32), and a longer one (40), verify */
    TEST_EQUAL(tacit_pk_sign(&pss, &alg, msg, sizeof(msg), sig, sizeof(sig), &slen, NULL, NULL), 0);
    TEST_EQUAL(tacit_pk_verify(&pss, &alg, msg, sizeof(msg), sig, slen, 0), 0);
    alg.saltlen = 32;
    TEST_EQUAL(tacit_pk_verify(&pss, &alg, msg, sizeof(msg), sig, slen, 0), 0);
    alg.saltlen = 40;
    TEST_EQUAL(tacit_pk_sign(&pss, &alg, msg, sizeof(msg), sig, sizeof(sig), &slen, NULL, NULL), 0);
    TEST_EQUAL(tacit_pk_verify(&pss, &alg, msg, sizeof(msg), sig, slen, 0), 0);
    alg.saltlen = -1;
    TEST_EQUAL(tacit_pk_verify(&pss, &alg, msg, sizeof(msg), sig, slen, 0), 0);
    /* another hash or MGF1 hash */
    alg.md = TACIT_MD_SHA384;
    alg.mgf1_md = TACIT_MD_SHA384;
    TEST_EQUAL(tacit_pk_sign(&pss, &alg, msg, sizeof(msg), sig, sizeof(sig), &slen, NULL, NULL),
               TACIT_ERR_PK_TYPE_MISMATCH);
    alg.md = TACIT_MD_SHA256;
    TEST_EQUAL(tacit_pk_check_alg(&pss, &alg), TACIT_ERR_PK_TYPE_MISMATCH);
    /* TLS rsa_pss_pss_sha256 (salt 32) fits; rsa_pss_pss_sha384 does not */
    TEST_EQUAL(tacit_pk_sig_alg_from_tls(TACIT_PK_TLS_RSA_PSS_PSS_SHA256, &alg), 0);
    TEST_EQUAL(tacit_pk_check_alg(&pss, &alg), 0);
    TEST_EQUAL(tacit_pk_sig_alg_from_tls(TACIT_PK_TLS_RSA_PSS_PSS_SHA384, &alg), 0);
    TEST_EQUAL(tacit_pk_check_alg(&pss, &alg), TACIT_ERR_PK_TYPE_MISMATCH);
    tacit_pk_free(&pss);

    /* an unknown hash OID (the last arc of sha256 changed to 0x7f), and a saltLength of the wrong type */
    memcpy(bad, pss_params, sizeof(pss_params));
    bad[16] = 0x7f;
    TEST_EQUAL(load_as_pss(&pk, bad, sizeof(bad), &pss), TACIT_ERR_PK_KEY_FORMAT);
    TEST_EQUAL(tacit_pk_get_type(&pss), TACIT_PK_NONE);
    memcpy(bad, pss_params, sizeof(pss_params));
    bad[sizeof(bad) - 1] = 0x00;
    bad[sizeof(bad) - 3] = 0x03; /* saltLength a BIT STRING, not an INTEGER */
    TEST_EQUAL(load_as_pss(&pk, bad, sizeof(bad), &pss), TACIT_ERR_PK_KEY_FORMAT);
exit:
    tacit_pk_free(&pk);
    tacit_pk_free(&pss);
    free(key);
}

static void test_generate(void)
{
    tacit_pk_context pk;
    tacit_pk_sig_alg alg;
    unsigned char sig[TACIT_PK_MAX_SIG_LEN];
    size_t slen;

    tacit_pk_init(&pk);
    TEST_EQUAL(tacit_pk_gen_ec(&pk, TACIT_ECP_SECP384R1, NULL, NULL), 0);
    TEST_EQUAL(tacit_pk_bitlen(&pk), 384);
    TEST_EQUAL(tacit_pk_sig_alg_from_tls(TACIT_PK_TLS_ECDSA_SECP384R1_SHA384, &alg), 0);
    TEST_EQUAL(tacit_pk_sign(&pk, &alg, sig, 10, sig + 10, sizeof(sig) - 10, &slen, NULL, NULL), 0);
    TEST_EQUAL(tacit_pk_verify(&pk, &alg, sig, 10, sig + 10, slen, 0), 0);
exit:
    tacit_pk_free(&pk);
}

static void test_sig_alg_names(void)
{
    tacit_pk_sig_alg alg;

    TEST_EQUAL(tacit_pk_sig_alg_from_tls(0x0804, &alg), 0);
    TEST_EQUAL(alg.scheme, TACIT_PK_SIG_RSA_PSS_RSAE);
    TEST_EQUAL(alg.md, TACIT_MD_SHA256);
    TEST_EQUAL(alg.saltlen, 32);
    TEST_EQUAL(tacit_pk_sig_alg_from_tls(0x080B, &alg), 0);
    TEST_EQUAL(alg.scheme, TACIT_PK_SIG_RSA_PSS_PSS);
#if defined(TACIT_ED25519_C)
    TEST_EQUAL(tacit_pk_sig_alg_from_tls(0x0807, &alg), 0); /* ed25519 */
    TEST_EQUAL(alg.scheme, TACIT_PK_SIG_ED25519);
#else
    TEST_EQUAL(tacit_pk_sig_alg_from_tls(0x0807, &alg), TACIT_ERR_PK_UNKNOWN_SIG_ALG);
#endif
    TEST_EQUAL(tacit_pk_sig_alg_from_name("rsa_pkcs1_md5", &alg), TACIT_ERR_PK_UNKNOWN_SIG_ALG);
exit:
    return;
}

/* AlgorithmIdentifier contents, as in certificates. */
static void test_sig_alg_x509(void)
{
    /* sha256WithRSAEncryption, NULL */
    static const unsigned char rsa256[] = { 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7,
                                            0x0d, 0x01, 0x01, 0x0b, 0x05, 0x00 };
    /* ecdsa-with-SHA384, absent */
    static const unsigned char ec384[] = { 0x06, 0x08, 0x2a, 0x86, 0x48,
                                           0xce, 0x3d, 0x04, 0x03, 0x03 };
    /* ecdsa-with-SHA384 with a NULL: not allowed (RFC 5758) */
    static const unsigned char ec384null[] = { 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce,
                                               0x3d, 0x04, 0x03, 0x03, 0x05, 0x00 };
    /* RSASSA-PSS, SHA-256, MGF1-SHA-256, salt 32 (as openssl writes it) */
    static const unsigned char pss[] = { 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01,
                                         0x0a, 0x30, 0x34, 0xa0, 0x0f, 0x30, 0x0d, 0x06, 0x09, 0x60,
                                         0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00,
                                         0xa1, 0x1c, 0x30, 0x1a, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86,
                                         0xf7, 0x0d, 0x01, 0x01, 0x08, 0x30, 0x0d, 0x06, 0x09, 0x60,
                                         0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00,
                                         0xa2, 0x03, 0x02, 0x01, 0x20 };
    tacit_pk_sig_alg alg;
    unsigned char mod[sizeof(pss)];

    TEST_EQUAL(tacit_pk_sig_alg_from_x509(rsa256, sizeof(rsa256), &alg), 0);
    TEST_EQUAL(alg.scheme, TACIT_PK_SIG_RSA_PKCS1);
    TEST_EQUAL(alg.md, TACIT_MD_SHA256);
    TEST_EQUAL(tacit_pk_sig_alg_from_x509(ec384, sizeof(ec384), &alg), 0);
    TEST_EQUAL(alg.scheme, TACIT_PK_SIG_ECDSA);
    TEST_EQUAL(alg.md, TACIT_MD_SHA384);
    TEST_EQUAL(alg.curve_bits, 0);
    TEST_EQUAL(tacit_pk_sig_alg_from_x509(ec384null, sizeof(ec384null), &alg),
               TACIT_ERR_PK_UNKNOWN_SIG_ALG);
    TEST_EQUAL(tacit_pk_sig_alg_from_x509(pss, sizeof(pss), &alg), 0);
    TEST_EQUAL(alg.scheme, TACIT_PK_SIG_RSA_PSS);
    TEST_EQUAL(alg.md, TACIT_MD_SHA256);
    TEST_EQUAL(alg.mgf1_md, TACIT_MD_SHA256);
    TEST_EQUAL(alg.saltlen, 32);
    /* every truncation fails cleanly */
    {
        size_t n;
        for (n = 0; n < sizeof(pss); n++) {
            TEST_ASSERT(tacit_pk_sig_alg_from_x509(pss, n, &alg) != 0);
        }
    }
    /* trailerField 2 is refused */
    memcpy(mod, pss, sizeof(pss));
    mod[sizeof(pss) - 5] = 0xa3;
    mod[sizeof(pss) - 1] = 0x02;
    TEST_EQUAL(tacit_pk_sig_alg_from_x509(mod, sizeof(mod), &alg), TACIT_ERR_PK_UNKNOWN_SIG_ALG);
exit:
    return;
}

/* ---- RFC 5958 version 1 PKCS#8 with publicKey [1] (RSA and EC) ---- */

/*
 * A version 1 OneAsymmetricKey from a version 0 PKCS#8 (v0): version 1, an
 * empty attributes [0] when attrs, then publicKey [1] = unused || pub;
 * written backwards with tacit's DER writer at the end of out[0 .. size)
 * and moved to its start.  Returns the DER length (0: v0 is not PKCS#8 v0).
 */
static size_t make_v1(unsigned char *out, size_t size, const unsigned char *v0, size_t v0_len,
                      int attrs, unsigned char unused, const unsigned char *pub, size_t pub_len)
{
    static const unsigned char version0[3] = { 0x02, 0x01, 0x00 },
                               version1[3] = { 0x02, 0x01, 0x01 }, empty_attrs[2] = { 0xA0, 0x00 };
    const unsigned char *p = v0;
    unsigned char *w = out + size;
    size_t len;
    int n = 0;

    if (tacit_asn1_get_tag(&p, v0 + v0_len, &len, TACIT_ASN1_SEQUENCE) != 0 || len < 3 ||
        memcmp(p, version0, 3) != 0) {
        return 0;
    }
    n += tacit_asn1_write_raw(&w, out, pub, pub_len);
    n += tacit_asn1_write_raw(&w, out, &unused, 1);
    n += tacit_asn1_write_header(&w, out, 0x81, pub_len + 1); /* [1] IMPLICIT BIT STRING */
    if (attrs) {
        n += tacit_asn1_write_raw(&w, out, empty_attrs, 2);
    }
    n += tacit_asn1_write_raw(&w, out, p + 3, len - 3); /* algorithm, privateKey */
    n += tacit_asn1_write_raw(&w, out, version1, 3);
    n += tacit_asn1_write_header(&w, out, TACIT_ASN1_SEQUENCE, (size_t)n);
    memmove(out, w, (size_t)n);
    return (size_t)n;
}

/* Parse a v1 key made of name.pkcs8.der and pub[0 .. pub_len); the result. */
static int parse_v1(const unsigned char *v0, size_t v0_len, int attrs, unsigned char unused,
                    const unsigned char *pub, size_t pub_len)
{
    size_t size = v0_len + pub_len + 16;
    unsigned char *der = malloc(size);
    tacit_pk_context pk;
    size_t n;
    int ret = -1000;

    tacit_pk_init(&pk);
    if (der != NULL && (n = make_v1(der, size, v0, v0_len, attrs, unused, pub, pub_len)) != 0) {
        ret = tacit_pk_parse_key(&pk, der, n);
        if (ret == 0 && !pk.is_private) {
            ret = -1001;
        }
    }
    tacit_pk_free(&pk);
    free(der);
    return ret;
}

/*
 * The publicKey of a version 1 RSA or EC PKCS#8 key must be the key's own
 * (RFC 5958 leaves the check to the reader; a key declaring another public
 * key would sign as a different identity from the one its file names):
 * its own public key (RSAPublicKey; EC point uncompressed or compressed)
 * loads, with and without attributes; another key's, a changed n or e, the
 * point's negation, a truncated key, unused bits: refused.
 */
static void test_pkcs8_v1_public_key(void)
{
    static const char *names[] = { "rsa2048", "rsa3072", "p256", "p384", "p521" };
    static const char *others[] = { "rsa3072", "rsa2048", "p256-peer", "p384-peer", "p521-peer" };
    unsigned char *v0 = NULL, *spki = NULL, *other = NULL, *pub = NULL;
    size_t i, v0_len, spki_len, other_len, pl;
    char f[64];

    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared not found");
    }
    for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        int rsa = names[i][0] == 'r';
        int bad = rsa ? TACIT_ERR_RSA_KEY_CHECK_FAILED : TACIT_ERR_ECP_INVALID_KEY;
        tacit_asn1_key_info info, oinfo;

        snprintf(f, sizeof(f), "%s.pkcs8.der", names[i]);
        v0 = rd(f, &v0_len);
        snprintf(f, sizeof(f), "%s.pub.der", names[i]);
        spki = rd(f, &spki_len);
        snprintf(f, sizeof(f), "%s.pub.der", others[i]);
        other = rd(f, &other_len);
        TEST_ASSERT(v0 != NULL && spki != NULL && other != NULL);
        TEST_EQUAL(tacit_asn1_parse_spki(spki, spki_len, &info), 0);
        TEST_EQUAL(tacit_asn1_parse_spki(other, other_len, &oinfo), 0);
        pl = info.key.len;
        pub = malloc(pl);
        TEST_ASSERT(pub != NULL);
        memcpy(pub, info.key.p, pl);

        /* its own public key */
        TEST_EQUAL(parse_v1(v0, v0_len, 0, 0, pub, pl), 0);
        TEST_EQUAL(parse_v1(v0, v0_len, 1, 0, pub, pl), 0);
        /* another key's */
        TEST_EQUAL(parse_v1(v0, v0_len, 0, 0, oinfo.key.p, oinfo.key.len), bad);
        TEST_EQUAL(parse_v1(v0, v0_len, 1, 0, oinfo.key.p, oinfo.key.len), bad);
        /* unused bits, truncated, one byte more */
        TEST_EQUAL(parse_v1(v0, v0_len, 0, 1, pub, pl), bad);
        TEST_EQUAL(parse_v1(v0, v0_len, 0, 0, pub, pl - 1), bad);
        TEST_EQUAL(parse_v1(v0, v0_len, 0, 0, pub, 0), bad);
        if (rsa) {
            /* n's last byte changed (same length, still DER), then e 65537 -> 65539 */
            size_t last_n = pl - 6; /* RSAPublicKey ends with 02 03 01 00 01 */
            TEST_MEM_EQ(pub + pl - 5, 5, "\x02\x03\x01\x00\x01", 5);
            pub[last_n] ^= 2;
            TEST_EQUAL(parse_v1(v0, v0_len, 0, 0, pub, pl), bad);
            pub[last_n] ^= 2;
            pub[pl - 1] = 3;
            TEST_EQUAL(parse_v1(v0, v0_len, 0, 0, pub, pl), bad);
            pub[pl - 1] = 1;
            /* an SPKI in place of the RSAPublicKey */
            TEST_EQUAL(parse_v1(v0, v0_len, 0, 0, spki, spki_len), bad);
        } else {
            /* compressed: 02/03 || X, loads; the other parity (the point -Q) does not */
            unsigned char cp[1 + 66];
            size_t cl = 1 + (pl - 1) / 2;
            TEST_EQUAL(pub[0], 0x04);
            cp[0] = (unsigned char)(0x02 | (pub[pl - 1] & 1));
            memcpy(cp + 1, pub + 1, cl - 1);
            TEST_EQUAL(parse_v1(v0, v0_len, 0, 0, cp, cl), 0);
            cp[0] ^= 1;
            TEST_EQUAL(parse_v1(v0, v0_len, 0, 0, cp, cl), bad);
            /* a changed Y (off the curve) */
            pub[pl - 1] ^= 4;
            TEST_EQUAL(parse_v1(v0, v0_len, 0, 0, pub, pl), bad);
        }
        free(v0);
        free(spki);
        free(other);
        free(pub);
        v0 = spki = other = pub = NULL;
    }
exit:
    free(v0);
    free(spki);
    free(other);
    free(pub);
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_parse_all_formats);
    RUN_TEST(test_parse_public_private_only);
    RUN_TEST(test_broken);
    RUN_TEST(test_write_back);
    RUN_TEST(test_verify_interop);
    RUN_TEST(test_sign_roundtrip);
    RUN_TEST(test_rsa_pss_key_write_back);
    RUN_TEST(test_rsa_pss_key_limits);
    RUN_TEST(test_generate);
    RUN_TEST(test_sig_alg_names);
    RUN_TEST(test_sig_alg_x509);
    RUN_TEST(test_pkcs8_v1_public_key);
    return TEST_MAIN_END();
}
