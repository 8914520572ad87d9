/*
 * tacit_pk with ML-KEM and ML-DSA keys: the IETF LAMPS formats (PKCS#8 seed,
 * expandedKey and both forms; SPKI), DER and PEM, against the Wycheproof
 * ML-DSA PKCS#8/SPKI keys and the ML-KEM key-generation vectors; the
 * consistency checks (seed vs expanded key, an expanded key's own checks);
 * sign/verify through pk; the X.509 and TLS names of ML-DSA.
 */
#include "harness.h"

#include "tacit/asn1.h"
#include "tacit/pk.h"
#include "tacit/sha3.h"
#if defined(TACIT_X509_C)
#include "tacit/x509.h"
#endif

#if defined(TACIT_PK_C) && (defined(TACIT_MLKEM_C) || defined(TACIT_MLDSA_C))

/* The next line of a text buffer (NUL-terminated in place); NULL at the end. */
static char *next_line(char **cur)
{
    char *s = *cur, *nl;

    if (s == NULL || *s == 0) {
        return NULL;
    }
    nl = strchr(s, '\n');
    if (nl != NULL) {
        *nl = 0;
        *cur = nl + 1;
    } else {
        *cur = s + strlen(s);
    }
    return s;
}

/* The idx-th space-separated token of line (copied into a malloc'd string), or NULL. */
static char *token(const char *line, int idx)
{
    const char *s = line, *e;
    char *out;
    int i;

    for (i = 0; i < idx; i++) {
        s = strchr(s, ' ');
        if (s == NULL) {
            return NULL;
        }
        s++;
    }
    e = strchr(s, ' ');
    if (e == NULL) {
        e = s + strlen(s);
    }
    out = (char *)malloc((size_t)(e - s) + 1);
    if (out != NULL) {
        memcpy(out, s, (size_t)(e - s));
        out[e - s] = 0;
    }
    return out;
}

static unsigned char *token_hex(const char *line, int idx, size_t *len)
{
    char *t = token(line, idx);
    unsigned char *b = t != NULL ? test_unhex(t, len) : NULL;
    free(t);
    return b;
}

/* DER header for tag and len into out; its size. */
static size_t hdr(unsigned char *out, unsigned char tag, size_t len)
{
    out[0] = tag;
    if (len < 0x80) {
        out[1] = (unsigned char)len;
        return 2;
    }
    if (len < 0x100) {
        out[1] = 0x81;
        out[2] = (unsigned char)len;
        return 3;
    }
    out[1] = 0x82;
    out[2] = (unsigned char)(len >> 8);
    out[3] = (unsigned char)len;
    return 4;
}

/* PKCS#8 around a privateKey CHOICE body (already DER) for OID 2.16.840.1.101.3.4.arc.last. */
static size_t make_pkcs8(unsigned char *out, unsigned arc, unsigned last, const unsigned char *body,
                         size_t body_len)
{
    unsigned char inner[8192];
    size_t n = 0;
    static const unsigned char alg_prefix[] = { 0x02, 0x01, 0x00, 0x30, 0x0b, 0x06, 0x09,
                                                0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04 };
    memcpy(inner, alg_prefix, sizeof(alg_prefix));
    n = sizeof(alg_prefix);
    inner[n++] = (unsigned char)arc;
    inner[n++] = (unsigned char)last;
    n += hdr(inner + n, 0x04, body_len);
    memcpy(inner + n, body, body_len);
    n += body_len;
    body_len = hdr(out, 0x30, n);
    memcpy(out + body_len, inner, n);
    return body_len + n;
}

/* seed [0], expandedKey, both */
static size_t make_choice(unsigned char *out, int form, const unsigned char *seed, size_t seed_len,
                          const unsigned char *exp, size_t exp_len)
{
    size_t n = 0, m;
    unsigned char tmp[8192];

    if (form == 0) {
        n = hdr(out, 0x80, seed_len);
        memcpy(out + n, seed, seed_len);
        return n + seed_len;
    }
    if (form == 1) {
        n = hdr(out, 0x04, exp_len);
        memcpy(out + n, exp, exp_len);
        return n + exp_len;
    }
    m = hdr(tmp, 0x04, seed_len);
    memcpy(tmp + m, seed, seed_len);
    m += seed_len;
    m += hdr(tmp + m, 0x04, exp_len);
    memcpy(tmp + m, exp, exp_len);
    m += exp_len;
    n = hdr(out, 0x30, m);
    memcpy(out + n, tmp, m);
    return n + m;
}

/* Write pk in format/encoding, parse it back, compare public (and private) halves. */
static void roundtrip(const tacit_pk_context *pk, tacit_key_format fmt, tacit_key_encoding enc)
{
    unsigned char *out = NULL;
    size_t need = 0, olen = 0;
    tacit_pk_context back;
    const tacit_pk_pq_key *a = tacit_pk_pq(pk), *b;

    tacit_pk_init(&back);
    TEST_EQUAL(tacit_pk_write(pk, fmt, enc, NULL, 0, &need), TACIT_ERR_BUFFER_TOO_SMALL);
    out = (unsigned char *)malloc(need);
    TEST_ASSERT(out != NULL);
    TEST_EQUAL(tacit_pk_write(pk, fmt, enc, out, need, &olen), 0);
    TEST_EQUAL(olen, need);
    TEST_EQUAL(tacit_pk_parse_key(&back, out, olen), 0);
    b = tacit_pk_pq(&back);
    TEST_ASSERT(a != NULL && b != NULL);
    if (a != NULL && b != NULL) {
        TEST_EQUAL(tacit_pk_get_type(&back), tacit_pk_get_type(pk));
        TEST_EQUAL(b->params, a->params);
        TEST_MEM_EQ(b->pub, b->pub_len, a->pub, a->pub_len);
        if (fmt == TACIT_KEY_FORMAT_PKCS8) {
            TEST_EQUAL(back.is_private, 1);
            TEST_MEM_EQ(b->priv, b->priv_len, a->priv, a->priv_len);
            TEST_MEM_EQ(b->seed, b->seed_len, a->seed, a->seed_len);
        } else {
            TEST_EQUAL(back.is_private, 0);
            TEST_ASSERT(b->priv == NULL);
        }
    }
exit:
    tacit_pk_free(&back);
    free(out);
}

static void roundtrip_all(const tacit_pk_context *pk)
{
    roundtrip(pk, TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_ENCODING_DER);
    roundtrip(pk, TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_ENCODING_PEM);
    roundtrip(pk, TACIT_KEY_FORMAT_SPKI, TACIT_KEY_ENCODING_DER);
    roundtrip(pk, TACIT_KEY_FORMAT_SPKI, TACIT_KEY_ENCODING_PEM);
}

static void test_generate_roundtrip(void)
{
    tacit_pk_context pk, pub;
    char desc[32];
    size_t need;
    unsigned char *sig = NULL;

    tacit_pk_init(&pk);
    tacit_pk_init(&pub);
#if defined(TACIT_MLKEM_C)
    {
        static const tacit_mlkem_params sets[] = { TACIT_MLKEM_512, TACIT_MLKEM_768,
                                                   TACIT_MLKEM_1024 };
        static const char *names[] = { "ML-KEM-512", "ML-KEM-768", "ML-KEM-1024" };
        static const size_t bits[] = { 512, 768, 1024 };
        unsigned char prefix[22] = { 0x30, 0x54, 0x02, 0x01, 0x00, 0x30, 0x0b, 0x06,
                                     0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04,
                                     0x04, 0x02, 0x04, 0x42, 0x80, 0x40 };
        unsigned char der[1700];
        size_t i;
        for (i = 0; i < 3; i++) {
            TEST_EQUAL(tacit_pk_gen_mlkem(&pk, sets[i], NULL, NULL), 0);
            TEST_EQUAL(tacit_pk_get_type(&pk), TACIT_PK_MLKEM);
            TEST_EQUAL(tacit_pk_bitlen(&pk), bits[i]);
            TEST_EQUAL(tacit_pk_describe(&pk, desc, sizeof(desc)), 0);
            TEST_ASSERT(strcmp(desc, names[i]) == 0);
            TEST_EQUAL(tacit_pk_pq(&pk)->seed_len, 64);
            /* the seed form: 86 bytes, starting as draft-ietf-lamps-kyber-certificates shows */
            TEST_EQUAL(
                tacit_pk_write(&pk, TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_ENCODING_DER, NULL, 0, &need),
                TACIT_ERR_BUFFER_TOO_SMALL);
            TEST_EQUAL(need, 86);
            TEST_EQUAL(tacit_pk_write(&pk, TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_ENCODING_DER, der,
                                      sizeof(der), &need),
                       0);
            prefix[17] = (unsigned char)(i + 1);
            TEST_MEM_EQ(der, 22, prefix, 22);
            TEST_MEM_EQ(der + 22, 64, tacit_pk_pq(&pk)->seed, 64);
            /* SPKI: 22 bytes, then ek */
            TEST_EQUAL(tacit_pk_write(&pk, TACIT_KEY_FORMAT_SPKI, TACIT_KEY_ENCODING_DER, der,
                                      sizeof(der), &need),
                       0);
            TEST_EQUAL(need, tacit_mlkem_ek_bytes(sets[i]) + 22);
            TEST_MEM_EQ(der + 22, need - 22, tacit_pk_pq(&pk)->pub, tacit_pk_pq(&pk)->pub_len);
            roundtrip_all(&pk);
            /* formats ML-KEM does not have, and a stray encoding */
            TEST_EQUAL(
                tacit_pk_write(&pk, TACIT_KEY_FORMAT_SEC1, TACIT_KEY_ENCODING_DER, NULL, 0, &need),
                TACIT_ERR_PK_TYPE_MISMATCH);
            TEST_EQUAL(
                tacit_pk_write(&pk, TACIT_KEY_FORMAT_SPKI, (tacit_key_encoding)0, NULL, 0, &need),
                TACIT_ERR_BAD_INPUT);
        }
    }
#endif
#if defined(TACIT_MLDSA_C)
    {
        static const tacit_mldsa_params sets[] = { TACIT_MLDSA_44, TACIT_MLDSA_65, TACIT_MLDSA_87 };
        static const char *names[] = { "ML-DSA-44", "ML-DSA-65", "ML-DSA-87" };
        static const char *tls[] = { "mldsa44", "mldsa65", "mldsa87" };
        static const size_t bits[] = { 44, 65, 87 };
        static const unsigned char msg[] = "one door for encoded keys";
        size_t i, slen;
        tacit_pk_sig_alg alg;
        sig = (unsigned char *)malloc(TACIT_PK_MAX_SIG_LEN);
        TEST_ASSERT(sig != NULL);
        for (i = 0; i < 3; i++) {
            unsigned char spki[4096];
            size_t spki_len;
            TEST_EQUAL(tacit_pk_gen_mldsa(&pk, sets[i], NULL, NULL), 0);
            TEST_EQUAL(tacit_pk_get_type(&pk), TACIT_PK_MLDSA);
            TEST_EQUAL(tacit_pk_bitlen(&pk), bits[i]);
            TEST_EQUAL(tacit_pk_describe(&pk, desc, sizeof(desc)), 0);
            TEST_ASSERT(strcmp(desc, names[i]) == 0);
            TEST_EQUAL(
                tacit_pk_write(&pk, TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_ENCODING_DER, NULL, 0, &need),
                TACIT_ERR_BUFFER_TOO_SMALL);
            TEST_EQUAL(need, 54);
            roundtrip_all(&pk);
            /* sign through pk, verify with the public key read back from SPKI */
            TEST_EQUAL(tacit_pk_sig_alg_from_name(tls[i], &alg), 0);
            TEST_EQUAL(alg.scheme, TACIT_PK_SIG_MLDSA);
            TEST_EQUAL(tacit_pk_sign(&pk, &alg, msg, sizeof(msg), NULL, 0, &slen, NULL, NULL),
                       TACIT_ERR_BUFFER_TOO_SMALL);
            TEST_EQUAL(tacit_pk_sign(&pk, &alg, msg, sizeof(msg), sig, TACIT_PK_MAX_SIG_LEN, &slen,
                                     NULL, NULL),
                       0);
            TEST_EQUAL(slen, tacit_mldsa_sig_bytes(sets[i]));
            TEST_EQUAL(tacit_pk_write(&pk, TACIT_KEY_FORMAT_SPKI, TACIT_KEY_ENCODING_DER, spki,
                                      sizeof(spki), &spki_len),
                       0);
            TEST_EQUAL(tacit_pk_parse_public_key(&pub, spki, spki_len), 0);
            TEST_EQUAL(tacit_pk_verify(&pub, &alg, msg, sizeof(msg), sig, slen, 0), 0);
            sig[7] ^= 1;
            TEST_EQUAL(tacit_pk_verify(&pub, &alg, msg, sizeof(msg), sig, slen, 0),
                       TACIT_ERR_VERIFY_FAILED);
            TEST_EQUAL(tacit_pk_sign(&pub, &alg, msg, sizeof(msg), sig, TACIT_PK_MAX_SIG_LEN, &slen,
                                     NULL, NULL),
                       TACIT_ERR_NO_PRIVATE_KEY);
            /* another parameter set's scheme, and the _hash door, refuse */
            TEST_EQUAL(tacit_pk_sig_alg_from_name(tls[(i + 1) % 3], &alg), 0);
            TEST_EQUAL(tacit_pk_check_alg(&pub, &alg), TACIT_ERR_PK_TYPE_MISMATCH);
            TEST_ASSERT(tacit_pk_verify_hash(&pub, &alg, msg, 32, sig, slen, 0) != 0);
        }
    }
#endif
exit:
    free(sig);
    tacit_pk_free(&pub);
    tacit_pk_free(&pk);
}

#if defined(TACIT_MLDSA_C)
/* Wycheproof ML-DSA: sign_seed groups (PKCS#8 seed form), noseed (expanded sk), verify (SPKI). */
static void mldsa_file(const char *name, unsigned last, int *groups)
{
    char path[128];
    size_t len;
    char *text, *cur, *line;
    unsigned char *pk_raw = NULL, *seed = NULL, *v = NULL;
    size_t pk_len = 0, seed_len = 0;
    tacit_pk_context pk;
    char *kind = NULL;

    snprintf(path, sizeof(path), "vectors/wycheproof/%s", name);
    text = (char *)test_read_shared(path, &len);
    if (text == NULL) {
        return;
    }
    tacit_pk_init(&pk);
    cur = text;
    while ((line = next_line(&cur)) != NULL) {
        size_t vlen;
        if (strncmp(line, "group ", 6) == 0) {
            free(pk_raw);
            free(seed);
            pk_raw = seed = NULL;
            continue;
        }
        if (strncmp(line, "key ", 4) != 0) {
            continue;
        }
        kind = token(line, 1);
        v = token_hex(line, 2, &vlen);
        TEST_ASSERT(kind != NULL && v != NULL);
        if (strcmp(kind, "pk") == 0) {
            free(pk_raw);
            pk_raw = v;
            pk_len = vlen;
            v = NULL;
        } else if (strcmp(kind, "seed") == 0) {
            free(seed);
            seed = v;
            seed_len = vlen;
            v = NULL;
        } else if (strcmp(kind, "pkcs8") == 0 || strcmp(kind, "spki") == 0) {
            int priv = kind[0] == 'p' && kind[1] == 'k' && kind[2] == 'c';
            const tacit_pk_pq_key *k;
            unsigned char out[8192];
            size_t olen;
            int ret = tacit_pk_parse_key(&pk, v, vlen);
            /* a few groups carry deliberately broken keys: a key that parses must match pk */
            if (ret == 0) {
                (*groups)++;
                k = tacit_pk_pq(&pk);
                TEST_ASSERT(k != NULL && pk.is_private == priv);
                if (pk_raw != NULL) {
                    TEST_MEM_EQ(k->pub, k->pub_len, pk_raw, pk_len);
                }
                if (priv && seed != NULL) {
                    TEST_MEM_EQ(k->seed, k->seed_len, seed, seed_len);
                }
                /* written back: the same bytes (seed form / SPKI) */
                TEST_EQUAL(tacit_pk_write(&pk,
                                          priv ? TACIT_KEY_FORMAT_PKCS8 : TACIT_KEY_FORMAT_SPKI,
                                          TACIT_KEY_ENCODING_DER, out, sizeof(out), &olen),
                           0);
                TEST_MEM_EQ(out, olen, v, vlen);
            } else {
                TEST_ASSERT(seed == NULL || seed_len != 32);
            }
        } else if (strcmp(kind, "sk") == 0 && pk_raw != NULL) {
            /* the expandedKey form: the public key is recomputed and must be the group's */
            unsigned char body[5000], der[5200];
            size_t blen = make_choice(body, 1, NULL, 0, v, vlen);
            size_t dlen = make_pkcs8(der, 3, last, body, blen);
            const tacit_pk_pq_key *k;
            int ret = tacit_pk_parse_key(&pk, der, dlen);
            if (vlen == pk_len * 0 + tacit_mldsa_sk_bytes((tacit_mldsa_params)(last - 17))) {
                if (ret == 0) {
                    (*groups)++;
                    k = tacit_pk_pq(&pk);
                    TEST_MEM_EQ(k->pub, k->pub_len, pk_raw, pk_len);
                    TEST_EQUAL(k->seed_len, 0);
                    /* written back in the expandedKey form: the same bytes */
                    TEST_EQUAL(tacit_pk_write(&pk, TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_ENCODING_DER,
                                              body, sizeof(body), &blen),
                               0);
                    TEST_MEM_EQ(body, blen, der, dlen);
                    /* a flipped bit of t0 (the last bytes) or tr: refused */
                    der[dlen - 1] ^= 0x01;
                    TEST_EQUAL(tacit_pk_parse_key(&pk, der, dlen), TACIT_ERR_BAD_INPUT);
                    der[dlen - 1] ^= 0x01;
                    der[dlen - vlen + 64] ^= 0x80;
                    TEST_EQUAL(tacit_pk_parse_key(&pk, der, dlen), TACIT_ERR_BAD_INPUT);
                }
            } else {
                TEST_ASSERT(ret != 0);
            }
        }
        free(kind);
        free(v);
        kind = NULL;
        v = NULL;
    }
exit:
    free(kind);
    free(v);
    free(pk_raw);
    free(seed);
    tacit_pk_free(&pk);
    free(text);
}

static void test_mldsa_wycheproof(void)
{
    int groups = 0;

    if (test_shared_dir() == NULL) {
        TEST_SKIP("no ../shared");
    }
    mldsa_file("mldsa_44_sign_seed_test.txt", 17, &groups);
    mldsa_file("mldsa_87_sign_seed_test.txt", 19, &groups);
    mldsa_file("mldsa_44_sign_noseed_test.txt", 17, &groups);
    mldsa_file("mldsa_65_sign_noseed_test.txt", 18, &groups);
    mldsa_file("mldsa_87_sign_noseed_test.txt", 19, &groups);
    mldsa_file("mldsa_44_verify_test.txt", 17, &groups);
    mldsa_file("mldsa_87_verify_test.txt", 19, &groups);
    printf("(%d keys) ", groups);
    TEST_ASSERT(groups > 50);
exit:;
}

/* Seed and expanded key together: agreeing, then disagreeing; a wrong seed length. */
static void test_mldsa_both_forms(void)
{
    unsigned char seed[32], pkb[TACIT_MLDSA_MAX_PK_BYTES], sk[TACIT_MLDSA_MAX_SK_BYTES];
    unsigned char body[5200], der[5400];
    size_t blen, dlen, i;
    tacit_pk_context pk;

    for (i = 0; i < 32; i++) {
        seed[i] = (unsigned char)(i * 7 + 1);
    }
    tacit_pk_init(&pk);
    TEST_EQUAL(tacit_mldsa_keygen_seed(TACIT_MLDSA_65, seed, pkb, sk), 0);
    blen = make_choice(body, 2, seed, 32, sk, TACIT_MLDSA65_SK_BYTES);
    dlen = make_pkcs8(der, 3, 18, body, blen);
    TEST_EQUAL(tacit_pk_parse_key(&pk, der, dlen), 0);
    TEST_MEM_EQ(tacit_pk_pq(&pk)->pub, tacit_pk_pq(&pk)->pub_len, pkb, TACIT_MLDSA65_PK_BYTES);
    der[dlen - 100] ^= 4; /* inside the expanded key */
    TEST_EQUAL(tacit_pk_parse_key(&pk, der, dlen), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_pk_get_type(&pk), TACIT_PK_NONE);
    /* the 44 OID on a 65 key: wrong sizes */
    dlen = make_pkcs8(der, 3, 17, body, blen);
    TEST_EQUAL(tacit_pk_parse_key(&pk, der, dlen), TACIT_ERR_BAD_INPUT);
    blen = make_choice(body, 0, seed, 31, NULL, 0);
    dlen = make_pkcs8(der, 3, 18, body, blen);
    TEST_EQUAL(tacit_pk_parse_key(&pk, der, dlen), TACIT_ERR_BAD_INPUT);
    /* an unknown arc / last byte */
    blen = make_choice(body, 0, seed, 32, NULL, 0);
    dlen = make_pkcs8(der, 3, 20, body, blen);
    TEST_EQUAL(tacit_pk_parse_key(&pk, der, dlen), TACIT_ERR_PK_UNKNOWN_KEY);
exit:
    tacit_pk_free(&pk);
}

static void test_mldsa_x509_alg(void)
{
    static const unsigned char alg65[] = { 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
                                           0x65, 0x03, 0x04, 0x03, 0x12 };
    static const unsigned char alg65_null[] = { 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65,
                                                0x03, 0x04, 0x03, 0x12, 0x05, 0x00 };
    tacit_pk_sig_alg alg;

    TEST_EQUAL(tacit_pk_sig_alg_from_x509(alg65, sizeof(alg65), &alg), 0);
    TEST_EQUAL(alg.scheme, TACIT_PK_SIG_MLDSA);
    TEST_EQUAL(alg.curve_bits, 65);
    TEST_EQUAL(alg.tls_scheme, TACIT_PK_TLS_MLDSA65);
    TEST_ASSERT(strcmp(tacit_pk_sig_alg_name(&alg), "mldsa65") == 0);
    TEST_EQUAL(tacit_pk_sig_alg_from_x509(alg65_null, sizeof(alg65_null), &alg),
               TACIT_ERR_PK_UNKNOWN_SIG_ALG);
    TEST_EQUAL(tacit_pk_sig_alg_from_tls(0x0906, &alg), 0);
    TEST_EQUAL(alg.curve_bits, 87);
exit:;
}
#endif

#if defined(TACIT_MLKEM_C)
/* Wycheproof ML-KEM key generation: the seed, as a PKCS#8 seed form, gives ek and dk. */
static void mlkem_file(const char *name, unsigned last, int *n)
{
    char path[128];
    size_t len;
    char *text, *cur, *line;
    tacit_pk_context pk;
    unsigned char *seed = NULL, *ek = NULL, *dk = NULL;

    snprintf(path, sizeof(path), "vectors/wycheproof/%s", name);
    text = (char *)test_read_shared(path, &len);
    if (text == NULL) {
        return;
    }
    tacit_pk_init(&pk);
    cur = text;
    while ((line = next_line(&cur)) != NULL) {
        unsigned char body[3300], der[3400];
        size_t seed_len = 0, ek_len = 0, dk_len = 0, blen, dlen;
        const tacit_pk_pq_key *k;
        if (strncmp(line, "test ", 5) != 0) {
            continue;
        }
        seed = token_hex(line, 3, &seed_len);
        ek = token_hex(line, 4, &ek_len);
        dk = token_hex(line, 5, &dk_len);
        TEST_ASSERT(seed != NULL && ek != NULL && dk != NULL && seed_len == 64);
        {
            int form;
            for (form = 0; form < 3; form++) {
                blen = make_choice(body, form, seed, 64, dk, dk_len);
                dlen = make_pkcs8(der, 4, last, body, blen);
                TEST_EQUAL(tacit_pk_parse_key(&pk, der, dlen), 0);
                k = tacit_pk_pq(&pk);
                TEST_ASSERT(k != NULL);
                TEST_MEM_EQ(k->pub, k->pub_len, ek, ek_len);
                TEST_MEM_EQ(k->priv, k->priv_len, dk, dk_len);
                if (form == 0) {
                    /* written back: the seed form, the same bytes */
                    TEST_EQUAL(tacit_pk_write(&pk, TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_ENCODING_DER,
                                              body, sizeof(body), &blen),
                               0);
                    TEST_MEM_EQ(body, blen, der, dlen);
                }
            }
            /* expanded key with a broken H(ek), then "both" disagreeing (z flipped) */
            dk[dk_len - 40] ^= 1;
            blen = make_choice(body, 1, NULL, 0, dk, dk_len);
            dlen = make_pkcs8(der, 4, last, body, blen);
            TEST_EQUAL(tacit_pk_parse_key(&pk, der, dlen), TACIT_ERR_BAD_INPUT);
            dk[dk_len - 40] ^= 1;
            dk[dk_len - 1] ^= 1;
            blen = make_choice(body, 2, seed, 64, dk, dk_len);
            dlen = make_pkcs8(der, 4, last, body, blen);
            TEST_EQUAL(tacit_pk_parse_key(&pk, der, dlen), TACIT_ERR_BAD_INPUT);
            (*n)++;
        }
        free(seed);
        free(ek);
        free(dk);
        seed = ek = dk = NULL;
    }
exit:
    free(seed);
    free(ek);
    free(dk);
    tacit_pk_free(&pk);
    free(text);
}

/*
 * FIPS 203 section 7.2's encapsulation-key check (modulus check) when pk reads an ML-KEM
 * public key: an SPKI whose ek holds a coefficient >= q (the first, the last of the first
 * polynomial, the last of the last) is refused, as is an expandedKey whose embedded ek does
 * (with a matching H(ek), so the hash check alone passes); q - 1 is a valid coefficient.
 */
static void test_mlkem_modulus_check(void)
{
    static const tacit_mlkem_params ps[3] = { TACIT_MLKEM_512, TACIT_MLKEM_768, TACIT_MLKEM_1024 };
    unsigned char seed[64], ek[TACIT_MLKEM_MAX_EK_BYTES], dk[TACIT_MLKEM_MAX_DK_BYTES];
    unsigned char der[4096], body[3400];
    size_t dlen, blen, i, pi;
    tacit_pk_context pk;

    tacit_pk_init(&pk);
    for (i = 0; i < 64; i++) {
        seed[i] = (unsigned char)(i * 5 + 3);
    }
    for (pi = 0; pi < 3; pi++) {
        tacit_mlkem_params p = ps[pi];
        size_t ekl = tacit_mlkem_ek_bytes(p), dkl = tacit_mlkem_dk_bytes(p), at;
        size_t ek_in_dk = dkl - 64 - ekl;
        unsigned v;
        TEST_EQUAL(tacit_mlkem_keygen_seed(p, seed, ek, dk), 0);
        /* a valid SPKI from the writer, then its ek's coefficients changed in place */
        blen = make_choice(body, 0, seed, 64, NULL, 0);
        dlen = make_pkcs8(der, 4, (unsigned)pi + 1, body, blen);
        TEST_EQUAL(tacit_pk_parse_key(&pk, der, dlen), 0);
        TEST_EQUAL(tacit_pk_write(&pk, TACIT_KEY_FORMAT_SPKI, TACIT_KEY_ENCODING_DER, der,
                                  sizeof(der), &dlen),
                   0);
        TEST_EQUAL(tacit_pk_parse_key(&pk, der, dlen), 0);
        for (at = 0; at < 3; at++) {
            /* coefficient pairs are 3 bytes: byte 0 and the low nibble of byte 1 (even), the
             * high nibble of byte 1 and byte 2 (odd) */
            size_t off = dlen - ekl + (at == 0 ? 0 : at == 1 ? 381 : ekl - 32 - 3);
            for (v = 3328; v <= 4095; v += 767) { /* q - 1 (valid), 4095 */
                unsigned char save[3];
                memcpy(save, der + off, 3);
                if (at == 0) {
                    der[off] = (unsigned char)v;
                    der[off + 1] = (unsigned char)((der[off + 1] & 0xF0) | (v >> 8));
                } else {
                    der[off + 1] = (unsigned char)((der[off + 1] & 0x0F) | ((v & 0xF) << 4));
                    der[off + 2] = (unsigned char)(v >> 4);
                }
                TEST_EQUAL(tacit_pk_parse_key(&pk, der, dlen), v < 3329 ? 0 : TACIT_ERR_BAD_INPUT);
                memcpy(der + off, save, 3);
            }
        }
        /* expandedKey with ek's first coefficient 4095 and H(ek) recomputed */
        dk[ek_in_dk] = 0xFF;
        dk[ek_in_dk + 1] |= 0x0F;
        TEST_EQUAL(tacit_sha3_256(dk + ek_in_dk, ekl, dk + dkl - 64), 0);
        blen = make_choice(body, 1, NULL, 0, dk, dkl);
        dlen = make_pkcs8(der, 4, (unsigned)pi + 1, body, blen);
        TEST_EQUAL(tacit_pk_parse_key(&pk, der, dlen), TACIT_ERR_BAD_INPUT);
    }
exit:
    tacit_pk_free(&pk);
}

static void test_mlkem_keygen_vectors(void)
{
    int n = 0;

    if (test_shared_dir() == NULL) {
        TEST_SKIP("no ../shared");
    }
    mlkem_file("mlkem_512_keygen_seed_test.txt", 1, &n);
    mlkem_file("mlkem_768_keygen_seed_test.txt", 2, &n);
    mlkem_file("mlkem_1024_keygen_seed_test.txt", 3, &n);
    printf("(%d keys) ", n);
    TEST_ASSERT(n >= 30);
exit:;
}
#endif

/* A file of tests/data/pk (made by make_pq.py with python3-cryptography / OpenSSL 4.0). */
static unsigned char *read_data(const char *name, size_t *len)
{
    char path[512];
    FILE *f;
    unsigned char *buf = NULL;
    long n;

#if defined(TACIT_TEST_DATA_DIR)
    snprintf(path, sizeof(path), "%s/pk/%s", TACIT_TEST_DATA_DIR, name);
#else
    snprintf(path, sizeof(path), "tests/data/pk/%s", name);
#endif
    f = fopen(path, "rb");
    if (f == NULL) {
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        buf = (unsigned char *)malloc((size_t)n + 1);
        if (buf != NULL && fread(buf, 1, (size_t)n, f) != (size_t)n) {
            free(buf);
            buf = NULL;
        }
        if (buf != NULL) {
            *len = (size_t)n;
        }
    }
    fclose(f);
    return buf;
}

/*
 * Another implementation's keys (python3-cryptography 48 on OpenSSL 4.0): its PKCS#8
 * (seed form) and SPKI, DER and PEM, give the same key; written back by tacit, the same bytes;
 * its ML-DSA signatures verify, ML-KEM ciphertexts decapsulate to its shared secrets.
 */
static void test_other_implementation(void)
{
    static const char *names[] = { "mldsa44", "mldsa65", "mldsa87", "mlkem768", "mlkem1024" };
    static const char *exts[] = { ".p8.der", ".p8.pem", ".pub.der", ".pub.pem" };
    unsigned char *file = NULL, *raw = NULL, *extra = NULL, *extra2 = NULL, *out = NULL;
    size_t flen = 0, rlen = 0, elen = 0, e2len = 0, olen, i, j;
    char fname[64];
    tacit_pk_context pk;
    int found = 0;

    tacit_pk_init(&pk);
    out = (unsigned char *)malloc(8192);
    TEST_ASSERT(out != NULL);
    for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        int kem = names[i][2] == 'k';
#if !defined(TACIT_MLKEM_C)
        if (kem) {
            continue;
        }
#endif
#if !defined(TACIT_MLDSA_C)
        if (!kem) {
            continue;
        }
#endif
        snprintf(fname, sizeof(fname), "%s.pub.raw", names[i]);
        raw = read_data(fname, &rlen);
        if (raw == NULL) {
            continue;
        }
        found++;
        for (j = 0; j < 4; j++) {
            const tacit_pk_pq_key *k;
            int priv = j < 2;
            snprintf(fname, sizeof(fname), "%s%s", names[i], exts[j]);
            file = read_data(fname, &flen);
            TEST_ASSERT(file != NULL);
            TEST_EQUAL(tacit_pk_parse_key(&pk, file, flen), 0);
            TEST_EQUAL(tacit_pk_get_type(&pk), kem ? TACIT_PK_MLKEM : TACIT_PK_MLDSA);
            TEST_EQUAL(pk.is_private, priv);
            k = tacit_pk_pq(&pk);
            TEST_MEM_EQ(k->pub, k->pub_len, raw, rlen);
            TEST_EQUAL(tacit_pk_write(&pk, priv ? TACIT_KEY_FORMAT_PKCS8 : TACIT_KEY_FORMAT_SPKI,
                                      j % 2 ? TACIT_KEY_ENCODING_PEM : TACIT_KEY_ENCODING_DER, out,
                                      8192, &olen),
                       0);
            TEST_MEM_EQ(out, olen, file, flen);
            free(file);
            file = NULL;
        }
        /* the private key is loaded last but one: reload it for the checks below */
        snprintf(fname, sizeof(fname), "%s.p8.der", names[i]);
        file = read_data(fname, &flen);
        TEST_ASSERT(file != NULL);
        TEST_EQUAL(tacit_pk_parse_key(&pk, file, flen), 0);
        if (kem) {
#if defined(TACIT_MLKEM_C)
            const tacit_pk_pq_key *k = tacit_pk_pq(&pk);
            unsigned char ss[32];
            snprintf(fname, sizeof(fname), "%s.ct", names[i]);
            extra = read_data(fname, &elen);
            snprintf(fname, sizeof(fname), "%s.ss", names[i]);
            extra2 = read_data(fname, &e2len);
            TEST_ASSERT(extra != NULL && extra2 != NULL);
            TEST_EQUAL(elen, tacit_mlkem_ct_bytes((tacit_mlkem_params)k->params));
            TEST_EQUAL(tacit_mlkem_decaps((tacit_mlkem_params)k->params, k->priv, extra, ss), 0);
            TEST_MEM_EQ(ss, 32, extra2, e2len);
#endif
        } else {
#if defined(TACIT_MLDSA_C)
            tacit_pk_sig_alg alg;
            char alg_name[16];
            snprintf(alg_name, sizeof(alg_name), "mldsa%s", names[i] + 5);
            TEST_EQUAL(tacit_pk_sig_alg_from_name(alg_name, &alg), 0);
            snprintf(fname, sizeof(fname), "%s.msg.sig", names[i]);
            extra = read_data(fname, &elen);
            extra2 = read_data("msg.txt", &e2len);
            TEST_ASSERT(extra != NULL && extra2 != NULL);
            TEST_EQUAL(tacit_pk_verify(&pk, &alg, extra2, e2len, extra, elen, 0), 0);
            extra[elen / 3] ^= 0x20;
            TEST_EQUAL(tacit_pk_verify(&pk, &alg, extra2, e2len, extra, elen, 0),
                       TACIT_ERR_VERIFY_FAILED);
#endif
        }
        free(raw);
        free(file);
        free(extra);
        free(extra2);
        raw = file = extra = extra2 = NULL;
    }
    if (found == 0) {
        TEST_SKIP("tests/data/pk not found");
    }
exit:
    free(raw);
    free(file);
    free(extra);
    free(extra2);
    free(out);
    tacit_pk_free(&pk);
}

#if defined(TACIT_X509_C) && defined(TACIT_MLDSA_C)
/* RFC 9881: an ML-DSA-65 root and the ML-DSA-44 leaf it signed (tests/data/pk/make_pq.py). */
static void test_mldsa_certificates(void)
{
    unsigned char *root_der = NULL, *leaf_der = NULL, *bad_der = NULL;
    size_t root_len = 0, leaf_len = 0, bad_len = 0;
    tacit_x509_crt leaf, bad;
    tacit_x509_store anchors;
    tacit_x509_verify_params params;
    tacit_x509_reason reason = TACIT_X509_OK;
    tacit_pk_context pk;
    int ret;

    tacit_x509_store_init(&anchors);
    tacit_pk_init(&pk);
    root_der = read_data("mldsa-root.crt.der", &root_len);
    leaf_der = read_data("mldsa-leaf.crt.der", &leaf_len);
    bad_der = read_data("mldsa-leaf-badsig.crt.der", &bad_len);
    if (root_der == NULL || leaf_der == NULL || bad_der == NULL) {
        TEST_SKIP("tests/data/pk not found");
    }
    TEST_EQUAL(tacit_x509_store_add_der(&anchors, root_der, root_len), 0);
    TEST_EQUAL(tacit_x509_parse_crt(&leaf, leaf_der, leaf_len), 0);
    TEST_EQUAL(tacit_x509_parse_crt(&bad, bad_der, bad_len), 0);
    TEST_EQUAL(tacit_x509_crt_get_pk(&leaf, &pk), 0);
    TEST_EQUAL(tacit_pk_get_type(&pk), TACIT_PK_MLDSA);
    TEST_EQUAL(tacit_pk_bitlen(&pk), 44);
    /* the root's self-signature, then the chain */
    TEST_EQUAL(tacit_x509_check_signature(tacit_x509_store_get(&anchors, 0),
                                          tacit_x509_store_get(&anchors, 0), 0, &reason),
               0);
    tacit_x509_verify_params_init(&params);
    params.time = 1767225600; /* 2026-01-01 */
    params.host = "pq.example";
    ret = tacit_x509_verify(&leaf, NULL, &anchors, &params, &reason);
    if (ret != 0) {
        printf("\n    %s", tacit_x509_reason_text(reason));
    }
    TEST_EQUAL(ret, 0);
    TEST_EQUAL(reason, TACIT_X509_OK);
    TEST_EQUAL(tacit_x509_verify(&bad, NULL, &anchors, &params, &reason),
               TACIT_ERR_X509_VERIFY_FAILED);
    TEST_EQUAL(reason, TACIT_X509_BAD_SIGNATURE);
    /* the leaf's ML-DSA-44 key cannot have signed the root (ML-DSA-65 signature algorithm) */
    TEST_EQUAL(tacit_x509_check_signature(tacit_x509_store_get(&anchors, 0), &leaf, 0, &reason),
               TACIT_ERR_X509_VERIFY_FAILED);
exit:
    tacit_pk_free(&pk);
    tacit_x509_store_free(&anchors);
    free(root_der);
    free(leaf_der);
    free(bad_der);
}
#endif

#if defined(TACIT_MLKEM_C) && defined(TACIT_MLDSA_C)
/*
 * A version 1 (RFC 5958 OneAsymmetricKey) PKCS#8 key with publicKey [1]: the public key it
 * carries must be the one the private key gives (ML-KEM-768 and ML-DSA-65, seed form):
 * the right one is read, one with a flipped bit, one a byte short and one with unused bits
 * are refused; attributes [0] before it are skipped.
 */
static size_t make_pkcs8_v1(unsigned char *out, unsigned arc, unsigned last,
                            const unsigned char *body, size_t body_len, const unsigned char *pub,
                            size_t pub_len, unsigned char unused, int attrs)
{
    unsigned char inner[8192];
    size_t n = make_pkcs8(inner, arc, last, body, body_len), h;

    /* strip make_pkcs8's SEQUENCE header, set version 1, append [0] and [1] */
    h = inner[1] < 0x80 ? 2 : 2 + (inner[1] & 0x7F);
    memmove(inner, inner + h, n - h);
    n -= h;
    inner[2] = 0x01;
    if (attrs) { /* attributes [0]: an empty SET OF */
        inner[n++] = 0xA0;
        inner[n++] = 0x00;
    }
    n += hdr(inner + n, 0x81, pub_len + 1);
    inner[n++] = unused;
    memcpy(inner + n, pub, pub_len);
    n += pub_len;
    h = hdr(out, 0x30, n);
    memcpy(out + h, inner, n);
    return h + n;
}

static void test_pkcs8_v1_public_key(void)
{
    unsigned char seed[64], pubbuf[TACIT_MLDSA_MAX_PK_BYTES + TACIT_MLKEM_MAX_EK_BYTES];
    unsigned char body[100], der[6000];
    size_t blen, dlen, i, publen;
    int kind;
    tacit_pk_context pk;

    tacit_pk_init(&pk);
    for (i = 0; i < 64; i++) {
        seed[i] = (unsigned char)(i * 11 + 7);
    }
    for (kind = 0; kind < 2; kind++) {
        unsigned arc = kind == 0 ? 4 : 3, last = kind == 0 ? 2 : 18;
        size_t slen = kind == 0 ? 64 : 32;
        const tacit_pk_pq_key *k;
        blen = make_choice(body, 0, seed, slen, NULL, 0);
        dlen = make_pkcs8(der, arc, last, body, blen);
        TEST_EQUAL(tacit_pk_parse_key(&pk, der, dlen), 0);
        k = tacit_pk_pq(&pk);
        TEST_ASSERT(k != NULL);
        publen = k->pub_len;
        memcpy(pubbuf, k->pub, publen);
        /* the right public key, without and with attributes */
        dlen = make_pkcs8_v1(der, arc, last, body, blen, pubbuf, publen, 0, 0);
        TEST_EQUAL(tacit_pk_parse_key(&pk, der, dlen), 0);
        dlen = make_pkcs8_v1(der, arc, last, body, blen, pubbuf, publen, 0, 1);
        TEST_EQUAL(tacit_pk_parse_key(&pk, der, dlen), 0);
        /* another public key (first, last byte), a short one, unused bits */
        pubbuf[0] ^= 0x01;
        dlen = make_pkcs8_v1(der, arc, last, body, blen, pubbuf, publen, 0, 0);
        TEST_EQUAL(tacit_pk_parse_key(&pk, der, dlen), TACIT_ERR_BAD_INPUT);
        pubbuf[0] ^= 0x01;
        pubbuf[publen - 1] ^= 0x80;
        dlen = make_pkcs8_v1(der, arc, last, body, blen, pubbuf, publen, 0, 1);
        TEST_EQUAL(tacit_pk_parse_key(&pk, der, dlen), TACIT_ERR_BAD_INPUT);
        pubbuf[publen - 1] ^= 0x80;
        dlen = make_pkcs8_v1(der, arc, last, body, blen, pubbuf, publen - 1, 0, 0);
        TEST_EQUAL(tacit_pk_parse_key(&pk, der, dlen), TACIT_ERR_BAD_INPUT);
        dlen = make_pkcs8_v1(der, arc, last, body, blen, pubbuf, publen, 1, 0);
        TEST_ASSERT(tacit_pk_parse_key(&pk, der, dlen) != 0);
        TEST_EQUAL(tacit_pk_get_type(&pk), TACIT_PK_NONE);
    }
exit:
    tacit_pk_free(&pk);
}
#endif

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_generate_roundtrip);
    RUN_TEST(test_other_implementation);
#if defined(TACIT_X509_C) && defined(TACIT_MLDSA_C)
    RUN_TEST(test_mldsa_certificates);
#endif
#if defined(TACIT_MLDSA_C)
    RUN_TEST(test_mldsa_wycheproof);
    RUN_TEST(test_mldsa_both_forms);
    RUN_TEST(test_mldsa_x509_alg);
#endif
#if defined(TACIT_MLKEM_C)
    RUN_TEST(test_mlkem_keygen_vectors);
    RUN_TEST(test_mlkem_modulus_check);
#endif
#if defined(TACIT_MLKEM_C) && defined(TACIT_MLDSA_C)
    RUN_TEST(test_pkcs8_v1_public_key);
#endif
    return TEST_MAIN_END();
}

#else
int main(void)
{
    printf("SKIP (TACIT_PK_C with ML-KEM or ML-DSA not configured)\n");
    return 0;
}
#endif
