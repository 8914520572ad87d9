/*
 * ECDSA: RFC 6979 vectors (k, r, s exact), Wycheproof verification vectors,
 * OpenSSL-made signatures and keys (../shared/interop), tacit's signatures
 * verified by OpenSSL libcrypto, and bad inputs.
 */
#include "ecc_test_util.h"

#include "ec/ecp_internal.h"
#include "tacit/ecdsa.h"
#include "tacit/hmac.h"
#include "tacit/hmac_drbg.h"
#include "tacit/md.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/evp.h>
#include <openssl/x509.h>
#endif

static uint64_t rng_state = 0x0123456789ABCDEFu;
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

static int failing_rng(void *p, unsigned char *out, size_t len)
{
    (void)p;
    (void)out;
    (void)len;
    return -1;
}

/* RFC 6979 A.2.5 / A.2.6 via the flat file */
static void test_rfc6979(void)
{
    size_t flen = 0;
    unsigned char *file = test_read_shared("vectors/rfc6979/rfc6979_p256_p384.txt", &flen);
    char *cur = (char *)file, *line, *tok[ECC_MAX_TOKENS];
    tacit_ecp_keypair key;
    tacit_ecp_group_id id = TACIT_ECP_NONE;
    size_t bytes = 0;
    int nsig = 0, ncurve = 0, nskip = 0, skip_curve = 0;

    tacit_ecp_keypair_init(&key);
    if (file == NULL) {
        TEST_SKIP("../shared/vectors/rfc6979 missing");
    }
    while ((line = ecc_next_line(&cur)) != NULL) {
        int n;
        if (line[0] == '#' || line[0] == '\0') {
            continue;
        }
        n = ecc_tokens(line, tok);
        if (strcmp(tok[0], "curve") == 0 && n == 5) {
            unsigned char d[TACIT_ECP_MAX_BYTES], pt[TACIT_ECP_MAX_PT_LEN],
                want[TACIT_ECP_MAX_PT_LEN];
            size_t ptlen;
            id = ecc_curve(tok[1]);
            /* a curve compiled out by the configuration has no name */
            skip_curve = id == TACIT_ECP_NONE &&
                         (strcmp(tok[1], "P-256") == 0 || strcmp(tok[1], "P-384") == 0);
            if (skip_curve) {
                continue;
            }
            TEST_ASSERT(id != TACIT_ECP_NONE);
            bytes = tacit_ecp_curve_bytes(id);
            TEST_EQUAL(ecc_hex_fixed(tok[2], d, bytes), 0);
            TEST_EQUAL(tacit_ecp_set_private(&key, id, d, bytes), 0);
            want[0] = 4;
            TEST_EQUAL(ecc_hex_fixed(tok[3], want + 1, bytes), 0);
            TEST_EQUAL(ecc_hex_fixed(tok[4], want + 1 + bytes, bytes), 0);
            TEST_EQUAL(tacit_ecp_write_public_point(&key, 0, pt, sizeof(pt), &ptlen), 0);
            TEST_MEM_EQ(pt, ptlen, want, 1 + 2 * bytes);
            ncurve++;
        } else if (strcmp(tok[0], "sig") == 0 && n == 7) {
            tacit_md_type md = tacit_md_from_name(tok[1]);
            unsigned char hash[64], sig[TACIT_ECDSA_MAX_DER_LEN], want[2 * TACIT_ECP_MAX_BYTES];
            unsigned char *der;
            size_t siglen, derlen = 0;
            if (skip_curve || md == TACIT_MD_NONE) {
                nskip++; /* curve or hash compiled out by the configuration */
                continue;
            }
            TEST_EQUAL(tacit_md(md, (const unsigned char *)tok[2], strlen(tok[2]), hash), 0);
            TEST_EQUAL(tacit_ecdsa_sign_det_raw(&key, md, hash, tacit_md_size(md), sig, sizeof(sig),
                                                &siglen, NULL, NULL),
                       0);
            /*
             * k: x(k G) mod n must be r (and with s exact, k = (e + r d) / s
             * is exactly the vector's k).
             */
            {
                const tacit_ecp_curve *c = tacit_ecp_curve_get(id);
                tacit_ecp_keypair kk;
                tacit_mpi_uint rx[TACIT_ECP_MAX_LIMBS];
                unsigned char kb[TACIT_ECP_MAX_BYTES], rb[TACIT_ECP_MAX_BYTES];
                TEST_EQUAL(ecc_hex_fixed(tok[3], kb, bytes), 0);
                TEST_EQUAL(tacit_ecp_set_private(&kk, id, kb, bytes), 0);
                tacit_ecp_sc_reduce_once(c, rx, kk.Qx);
                tacit_ecp_to_bytes(rx, c->limbs, rb, bytes);
                TEST_EQUAL(ecc_hex_fixed(tok[4], want, bytes), 0);
                TEST_MEM_EQ(rb, bytes, want, bytes);
            }
            TEST_EQUAL(ecc_hex_fixed(tok[4], want, bytes), 0);
            TEST_EQUAL(ecc_hex_fixed(tok[5], want + bytes, bytes), 0);
            TEST_MEM_EQ(sig, siglen, want, 2 * bytes);
            der = test_unhex(tok[6], &derlen);
            TEST_ASSERT(der != NULL);
            TEST_EQUAL(tacit_ecdsa_sign_det_der(&key, md, hash, tacit_md_size(md), sig, sizeof(sig),
                                                &siglen, NULL, NULL),
                       0);
            if (siglen != derlen || memcmp(sig, der, derlen) != 0) {
                free(der);
                TEST_ASSERT(!"DER signature differs");
            }
            TEST_EQUAL(tacit_ecdsa_verify_der(&key, hash, tacit_md_size(md), der, derlen), 0);
            free(der);
            nsig++;
        }
    }
#if defined(TACIT_ECP_SECP256R1_C) && defined(TACIT_ECP_SECP384R1_C) && defined(TACIT_SHA1_C) &&   \
    defined(TACIT_SHA512_C)
    TEST_EQUAL(ncurve, 2);
    TEST_EQUAL(nskip, 0);
#endif
    TEST_EQUAL(nsig + nskip, 20);
exit:
    tacit_ecp_keypair_free(&key);
    free(file);
}

/* Wycheproof: every valid accepted, every invalid rejected */
static void wycheproof_file(const char *name, int total)
{
    char path[256];
    size_t flen = 0;
    unsigned char *file;
    char *cur, *line, *tok[ECC_MAX_TOKENS];
    tacit_ecp_keypair key;
    tacit_md_type md = TACIT_MD_NONE;
    int have_key = 0, nvalid = 0, ninvalid = 0, naccept = 0, naccepted_acc = 0;

    tacit_ecp_keypair_init(&key);
    snprintf(path, sizeof(path), "vectors/wycheproof/%s", name);
    file = test_read_shared(path, &flen);
    if (file == NULL) {
        TEST_SKIP("../shared/vectors/wycheproof missing");
    }
    cur = (char *)file;
    while ((line = ecc_next_line(&cur)) != NULL) {
        int n;
        if (line[0] == '#' || line[0] == '\0') {
            continue;
        }
        n = ecc_tokens(line, tok);
        if (strcmp(tok[0], "group") == 0) {
            md = tacit_md_from_name(ecc_param(tok, n, 2, "sha"));
            have_key = 0;
            TEST_ASSERT(md != TACIT_MD_NONE);
            key.grp = ecc_curve(ecc_param(tok, n, 2, "curve"));
        } else if (strcmp(tok[0], "key") == 0 && n == 3 && strcmp(tok[1], "point") == 0) {
            size_t plen = 0;
            unsigned char *pt = test_unhex(tok[2], &plen);
            TEST_ASSERT(pt != NULL);
            have_key = tacit_ecp_set_public(&key, key.grp, pt, plen) == 0;
            free(pt);
            TEST_ASSERT(have_key);
        } else if (strcmp(tok[0], "test") == 0 && n == 6) {
            size_t mlen = 0, slen = 0;
            unsigned char *msg = test_unhex(tok[3], &mlen), *sig = test_unhex(tok[4], &slen);
            unsigned char hash[64];
            int ret;
            TEST_ASSERT(have_key && msg != NULL && sig != NULL);
            TEST_EQUAL(tacit_md(md, msg, mlen, hash), 0);
            ret = tacit_ecdsa_verify_der(&key, hash, tacit_md_size(md), sig, slen);
            free(msg);
            free(sig);
            if (strcmp(tok[2], "valid") == 0) {
                if (ret != 0) {
                    printf("\n    tcId %s valid but rejected (%d)", tok[1], ret);
                }
                TEST_EQUAL(ret, 0);
                nvalid++;
            } else if (strcmp(tok[2], "invalid") == 0) {
                if (ret == 0) {
                    printf("\n    tcId %s invalid but accepted (%s)", tok[1], tok[5]);
                }
                TEST_ASSERT(ret != 0);
                ninvalid++;
            } else {
                naccept++;
                naccepted_acc += ret == 0;
            }
        }
    }
    printf(" [%d valid, %d invalid, %d acceptable (%d accepted)]", nvalid, ninvalid, naccept,
           naccepted_acc);
    TEST_ASSERT(nvalid > 100 && ninvalid > 100);
    TEST_EQUAL(nvalid + ninvalid + naccept, total); /* every test line was run */
exit:
    tacit_ecp_keypair_free(&key);
    free(file);
}

static void test_wycheproof_p256(void)
{
    wycheproof_file("ecdsa_secp256r1_sha256_test.txt", 484);
}

static void test_wycheproof_p384(void)
{
#if defined(TACIT_ECP_SECP384R1_C)
    wycheproof_file("ecdsa_secp384r1_sha384_test.txt", 504);
#else
    TEST_SKIP("P-384 compiled out (TACIT_ECP_SECP384R1_C)");
exit:
    return;
#endif
}

/* OpenSSL-made keys and signatures over msg.txt */
static void test_interop(void)
{
    static const char *const curves[] = { "p256", "p384", "p521" };
    static const struct {
        const char *name;
        tacit_md_type md;
    } hashes[] = { { "sha256", TACIT_MD_SHA256 },
                   { "sha384", TACIT_MD_SHA384 },
                   { "sha512", TACIT_MD_SHA512 } };
    unsigned char *msg = NULL, *bad = NULL, *der = NULL, *sig = NULL;
    size_t mlen = 0, blen = 0, dlen = 0, slen = 0;
    tacit_ecp_keypair pub;
    size_t i, j;
    char name[64];

    tacit_ecp_keypair_init(&pub);
    msg = ecc_interop("msg.txt", &mlen);
    bad = ecc_interop("broken/msg.bitflip.txt", &blen);
    if (msg == NULL || bad == NULL) {
        TEST_SKIP("../shared/interop missing");
    }
    for (i = 0; i < 3; i++) {
        if (!ecc_file_curve_enabled(curves[i])) {
            continue; /* compiled out by the configuration */
        }
        snprintf(name, sizeof(name), "%s.pub.der", curves[i]);
        der = ecc_interop(name, &dlen);
        TEST_ASSERT(der != NULL);
        TEST_EQUAL(tacit_ecp_parse_public_key_der(&pub, der, dlen), 0);
        free(der);
        der = NULL;
        for (j = 0; j < 3; j++) {
            unsigned char hash[64];
            size_t hlen = tacit_md_size(hashes[j].md);
            if (hlen == 0) {
                continue; /* hash compiled out by the configuration */
            }
            snprintf(name, sizeof(name), "%s.ecdsa-%s.der.sig", curves[i], hashes[j].name);
            sig = ecc_interop(name, &slen);
            TEST_ASSERT(sig != NULL);
            TEST_EQUAL(tacit_md(hashes[j].md, msg, mlen, hash), 0);
            TEST_EQUAL(tacit_ecdsa_verify_der(&pub, hash, hlen, sig, slen), 0);
            TEST_EQUAL(tacit_md(hashes[j].md, bad, blen, hash), 0);
            TEST_EQUAL(tacit_ecdsa_verify_der(&pub, hash, hlen, sig, slen),
                       TACIT_ERR_VERIFY_FAILED);
            free(sig);
            sig = NULL;
        }
    }
    /* a bit flipped inside s */
    der = ecc_interop("p256.pub.der", &dlen);
    sig = ecc_interop("broken/p256.ecdsa-sha256.bitflip.der.sig", &slen);
    TEST_ASSERT(der != NULL && sig != NULL);
    TEST_EQUAL(tacit_ecp_parse_public_key_der(&pub, der, dlen), 0);
    {
        unsigned char hash[32];
        TEST_EQUAL(tacit_md(TACIT_MD_SHA256, msg, mlen, hash), 0);
        TEST_EQUAL(tacit_ecdsa_verify_der(&pub, hash, 32, sig, slen), TACIT_ERR_VERIFY_FAILED);
    }
exit:
    tacit_ecp_keypair_free(&pub);
    free(msg);
    free(bad);
    free(der);
    free(sig);
}

#if defined(TACIT_HAVE_OPENSSL)
/* 1 if OpenSSL accepts the DER signature over hash with tacit's SPKI */
static int openssl_verify(const unsigned char *spki, size_t spki_len, const unsigned char *hash,
                          size_t hlen, const unsigned char *sig, size_t slen)
{
    const unsigned char *p = spki;
    EVP_PKEY *pkey = d2i_PUBKEY(NULL, &p, (long)spki_len);
    EVP_PKEY_CTX *ctx = pkey != NULL ? EVP_PKEY_CTX_new(pkey, NULL) : NULL;
    int ok = ctx != NULL && EVP_PKEY_verify_init(ctx) == 1 &&
             EVP_PKEY_verify(ctx, sig, slen, hash, hlen) == 1;

    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(pkey);
    return ok;
}
#endif

/*
 * Sign with fresh keys on every curve and several hash lengths (incl.
 * P-256 + SHA-512 truncation and P-521 + SHA-256), hedged and not; tacit
 * verifies, OpenSSL verifies (when present), tampering is caught.
 */
static void test_sign_verify(void)
{
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
    static const tacit_md_type mds[] = { TACIT_MD_SHA256, TACIT_MD_SHA384, TACIT_MD_SHA512,
                                         TACIT_MD_SHA1 };
    tacit_ecp_keypair key, pub;
    size_t i, j;
    int openssl_checked = 0, made = 0;

    for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
        unsigned char spki[200], pt[TACIT_ECP_MAX_PT_LEN];
        size_t spki_len, ptlen;
        TEST_EQUAL(tacit_ecp_gen_key(&key, ids[i], test_rng, NULL), 0);
        TEST_EQUAL(tacit_ecp_write_public_key_der(&key, TACIT_KEY_FORMAT_SPKI, spki, sizeof(spki),
                                                  &spki_len),
                   0);
#if !defined(TACIT_HAVE_OPENSSL)
        (void)spki_len;
#endif
        TEST_EQUAL(tacit_ecp_write_public_point(&key, 1, pt, sizeof(pt), &ptlen), 0);
        TEST_EQUAL(tacit_ecp_set_public(&pub, ids[i], pt, ptlen), 0);
        for (j = 0; j < 8; j++) {
            tacit_md_type md = mds[j % 4];
            unsigned char msg[3] = { 'a', (unsigned char)i, (unsigned char)j };
            unsigned char hash[64], sig[TACIT_ECDSA_MAX_DER_LEN], raw[TACIT_ECDSA_MAX_RAW_LEN];
            unsigned char der2[TACIT_ECDSA_MAX_DER_LEN];
            size_t hlen = tacit_md_size(md), slen, rlen, d2len;
            if (hlen == 0) {
                continue; /* hash compiled out by the configuration */
            }
            made++;
            TEST_EQUAL(tacit_md(md, msg, sizeof(msg), hash), 0);
            TEST_EQUAL(tacit_ecdsa_sign_der(&key, md, hash, hlen, sig, sizeof(sig), &slen,
                                            j >= 4 ? test_rng : NULL, NULL),
                       0);
            TEST_EQUAL(tacit_ecdsa_verify_der(&pub, hash, hlen, sig, slen), 0);
            TEST_EQUAL(tacit_ecdsa_der_to_raw(ids[i], sig, slen, raw, sizeof(raw), &rlen), 0);
            TEST_EQUAL(tacit_ecdsa_verify_raw(&pub, hash, hlen, raw, rlen), 0);
            TEST_EQUAL(tacit_ecdsa_raw_to_der(ids[i], raw, rlen, der2, sizeof(der2), &d2len), 0);
            TEST_MEM_EQ(der2, d2len, sig, slen);
#if defined(TACIT_HAVE_OPENSSL)
            TEST_ASSERT(openssl_verify(spki, spki_len, hash, hlen, sig, slen));
            openssl_checked++;
#endif
            hash[0] ^= 1;
            TEST_EQUAL(tacit_ecdsa_verify_der(&pub, hash, hlen, sig, slen),
                       TACIT_ERR_VERIFY_FAILED);
            hash[0] ^= 1;
            raw[rlen - 1] ^= 1;
            TEST_EQUAL(tacit_ecdsa_verify_raw(&pub, hash, hlen, raw, rlen),
                       TACIT_ERR_VERIFY_FAILED);
            /* high-S: (r, n - s) verifies too */
            {
                const tacit_ecp_curve *c = tacit_ecp_curve_get(ids[i]);
                tacit_mpi_uint s[TACIT_ECP_MAX_LIMBS];
                size_t b = c->bytes;
                raw[rlen - 1] ^= 1;
                tacit_ecp_from_bytes(s, c->limbs, raw + b, b);
                tacit_ecp_modsub(s, c->n, s, c->n, c->limbs);
                tacit_ecp_to_bytes(s, c->limbs, raw + b, b);
                TEST_EQUAL(tacit_ecdsa_verify_raw(&pub, hash, hlen, raw, rlen), 0);
            }
        }
    }
#if defined(TACIT_ECP_SECP384R1_C) && defined(TACIT_ECP_SECP521R1_C) && defined(TACIT_SHA1_C) &&   \
    defined(TACIT_SHA512_C)
    TEST_EQUAL(made, 24); /* every curve, every hash */
#endif
#if defined(TACIT_HAVE_OPENSSL)
    TEST_EQUAL(openssl_checked, made);
#else
    (void)made;
    (void)openssl_checked;
    TEST_SKIP_NO_PEER("OpenSSL libcrypto (the peer that checks tacit's signatures)");
#endif
exit:
    return;
}

/*
 * SEC 1 4.1.3 step 5 / 4.1.4 step 3: a hash of any length, truncated to the
 * bit length of n (P-521: 521 bits, so a 66-byte hash loses its last 7
 * bits).  OpenSSL signs, tacit verifies; tacit signs, OpenSSL verifies; for
 * hash lengths around each curve's size.  A truncation error on either side
 * makes one of the two fail.
 */
#if defined(TACIT_HAVE_OPENSSL)
/* The HMAC hash tacit_ecdsa_sign takes for RFC 6979's nonce when md is TACIT_MD_NONE (ecdsa.c) */
static tacit_md_type nonce_md(size_t hlen)
{
    return hlen == 20   ? TACIT_MD_SHA1
           : hlen == 28 ? TACIT_MD_SHA224
           : hlen == 48 ? TACIT_MD_SHA384
           : hlen == 64 ? TACIT_MD_SHA512
                        : TACIT_MD_SHA256;
}
#endif

static void test_openssl_hash_lengths(void)
{
#if defined(TACIT_HAVE_OPENSSL)
    static const struct {
        tacit_ecp_group_id id;
        const char *name;
        size_t bits; /* of the group order n */
    } curves[] = {
#if defined(TACIT_ECP_SECP256R1_C)
        { TACIT_ECP_SECP256R1, "P-256", 256 },
#endif
#if defined(TACIT_ECP_SECP384R1_C)
        { TACIT_ECP_SECP384R1, "P-384", 384 },
#endif
#if defined(TACIT_ECP_SECP521R1_C)
        { TACIT_ECP_SECP521R1, "P-521", 521 },
#endif
    };
    static const size_t lens[] = { 1, 20, 31, 32, 33, 47, 48, 49, 64, 65, 66, 67, 80 };
    size_t i, j, k, checked = 0;
    EVP_PKEY *pkey = NULL;

    for (i = 0; i < sizeof(curves) / sizeof(curves[0]); i++) {
        unsigned char spki[200], *sp = spki, hash[80], sig[TACIT_ECDSA_MAX_DER_LEN];
        tacit_ecp_keypair pub, key;
        size_t slen;
        int spki_len;
        tacit_ecp_keypair_init(&pub);
        tacit_ecp_keypair_init(&key);
        pkey = EVP_PKEY_Q_keygen(NULL, NULL, "EC", curves[i].name);
        TEST_ASSERT(pkey != NULL);
        spki_len = i2d_PUBKEY(pkey, &sp);
        TEST_ASSERT(spki_len > 0);
        TEST_EQUAL(tacit_ecp_parse_public_key_der(&pub, spki, (size_t)spki_len), 0);
        TEST_EQUAL(tacit_ecp_gen_key(&key, curves[i].id, test_rng, NULL), 0);
        for (j = 0; j < sizeof(lens) / sizeof(lens[0]); j++) {
            EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(pkey, NULL);
            unsigned char tspki[200];
            size_t tspki_len;
            for (k = 0; k < lens[j]; k++) {
                hash[k] = (unsigned char)(0xA5 ^ (k * 29) ^ j);
            }
            hash[0] |= 0x80; /* the top bits decide what truncation keeps */
            slen = sizeof(sig);
            TEST_ASSERT(ctx != NULL && EVP_PKEY_sign_init(ctx) == 1 &&
                        EVP_PKEY_sign(ctx, sig, &slen, hash, lens[j]) == 1);
            EVP_PKEY_CTX_free(ctx);
            if (tacit_ecdsa_verify_der(&pub, hash, lens[j], sig, slen) != 0) {
                printf("\n    %s, %u-byte hash: OpenSSL's signature refused", curves[i].name,
                       (unsigned)lens[j]);
            }
            TEST_EQUAL(tacit_ecdsa_verify_der(&pub, hash, lens[j], sig, slen), 0);
            /* the last bit: past n's bit length it is truncated away (still valid) */
            hash[lens[j] - 1] ^= 0x01;
            TEST_EQUAL(tacit_ecdsa_verify_der(&pub, hash, lens[j], sig, slen) == 0,
                       8 * lens[j] > curves[i].bits);
            hash[lens[j] - 1] ^= 0x01;
            if (tacit_md_size(nonce_md(lens[j])) == 0) {
                continue; /* RFC 6979's hash for this length is compiled out (small profiles) */
            }
            TEST_EQUAL(tacit_ecdsa_sign_der(&key, TACIT_MD_NONE, hash, lens[j], sig, sizeof(sig),
                                            &slen, test_rng, NULL),
                       0);
            TEST_EQUAL(tacit_ecp_write_public_key_der(&key, TACIT_KEY_FORMAT_SPKI, tspki,
                                                      sizeof(tspki), &tspki_len),
                       0);
            TEST_ASSERT(openssl_verify(tspki, tspki_len, hash, lens[j], sig, slen));
            checked++;
        }
        EVP_PKEY_free(pkey);
        pkey = NULL;
    }
    printf(" [%u hash lengths x curves, both ways]", (unsigned)checked);
exit:
    EVP_PKEY_free(pkey);
#else
    TEST_SKIP("OpenSSL libcrypto not found (" TACIT_PEER_ABSENT_WHY ")");
exit:;
#endif
}

static void test_bad_inputs(void)
{
    tacit_ecp_keypair key, pub;
    unsigned char hash[32] = { 1 }, sig[TACIT_ECDSA_MAX_DER_LEN], raw[64];
    unsigned char pt[TACIT_ECP_MAX_PT_LEN];
    size_t slen, ptlen;
    const tacit_ecp_curve *c = tacit_ecp_curve_get(TACIT_ECP_SECP256R1);

    tacit_ecp_keypair_init(&key);
    tacit_ecp_keypair_init(&pub);
    if (c == NULL) {
        TEST_SKIP("P-256 compiled out (TACIT_ECP_SECP256R1_C)");
    }
    TEST_EQUAL(tacit_ecp_gen_key(&key, TACIT_ECP_SECP256R1, test_rng, NULL), 0);
    TEST_EQUAL(tacit_ecp_write_public_point(&key, 0, pt, sizeof(pt), &ptlen), 0);
    TEST_EQUAL(tacit_ecp_set_public(&pub, TACIT_ECP_SECP256R1, pt, ptlen), 0);
    TEST_EQUAL(
        tacit_ecdsa_sign_raw(&key, TACIT_MD_SHA256, hash, 0, sig, sizeof(sig), &slen, NULL, NULL),
        TACIT_ERR_ECDSA_BAD_HASH);
    TEST_EQUAL(
        tacit_ecdsa_sign_raw(&pub, TACIT_MD_SHA256, hash, 32, sig, sizeof(sig), &slen, NULL, NULL),
        TACIT_ERR_NO_PRIVATE_KEY);
    TEST_EQUAL(tacit_ecdsa_sign_raw(&key, TACIT_MD_SHA256, hash, 32, sig, 63, &slen, NULL, NULL),
               TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(
        tacit_ecdsa_sign_raw(&key, TACIT_MD_SHA256, hash, 32, sig, 64, &slen, failing_rng, NULL),
        TACIT_ERR_RNG_FAILED);
    TEST_EQUAL(tacit_ecdsa_sign_der(&key, TACIT_MD_SHA256, hash, 32, sig, 10, &slen, NULL, NULL),
               TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(
        tacit_ecdsa_sign_raw(&key, TACIT_MD_SHA256, hash, 32, raw, sizeof(raw), &slen, NULL, NULL),
        0);
    TEST_EQUAL(tacit_ecdsa_verify_raw(&pub, hash, 0, raw, 64), TACIT_ERR_ECDSA_BAD_HASH);
    TEST_EQUAL(tacit_ecdsa_verify_raw(&pub, hash, 32, raw, 63), TACIT_ERR_ECDSA_BAD_SIGNATURE);
    /* r = 0, s = n, r = n */
    memset(raw, 0, 32);
    TEST_EQUAL(tacit_ecdsa_verify_raw(&pub, hash, 32, raw, 64), TACIT_ERR_ECDSA_BAD_SIGNATURE);
    tacit_ecp_to_bytes(c->n, c->limbs, raw, 32);
    TEST_EQUAL(tacit_ecdsa_verify_raw(&pub, hash, 32, raw, 64), TACIT_ERR_ECDSA_BAD_SIGNATURE);
    /* DER: garbage, trailing byte, BER length */
    TEST_EQUAL(tacit_ecdsa_verify_der(&pub, hash, 32, (const unsigned char *)"\x30\x00", 2),
               TACIT_ERR_ECDSA_BAD_SIGNATURE);
    TEST_EQUAL(
        tacit_ecdsa_sign_der(&key, TACIT_MD_SHA256, hash, 32, sig, sizeof(sig), &slen, NULL, NULL),
        0);
    sig[slen] = 0;
    TEST_EQUAL(tacit_ecdsa_verify_der(&pub, hash, 32, sig, slen + 1),
               TACIT_ERR_ECDSA_BAD_SIGNATURE);
    TEST_EQUAL(tacit_ecdsa_verify_der(&pub, hash, 32, sig, slen - 1),
               TACIT_ERR_ECDSA_BAD_SIGNATURE);
    TEST_EQUAL(tacit_ecdsa_verify_der(&pub, hash, 32, sig, slen), 0);
    /* wrong curve key */
    pub.grp = TACIT_ECP_NONE;
    TEST_EQUAL(tacit_ecdsa_verify_der(&pub, hash, 32, sig, slen), TACIT_ERR_ECP_UNKNOWN_CURVE);
exit:
    tacit_ecp_keypair_free(&key);
}

/*
 * Fault countermeasure: a signature computed with a glitch (the test hook
 * flips a bit of e + r d, of k for k G, of e, or of r) or with a private
 * value that does not match Q is caught by the check before release,
 * for every curve, in both output forms; nothing of it escapes.  A faulty
 * and a good signature of the same hash with the deterministic nonce would
 * give the key away.
 */
static void test_fault_check(void)
{
#if !defined(TACIT_TEST_HOOKS)
    TEST_SKIP("built without TACIT_TEST_HOOKS");
exit:;
#elif defined(TACIT_ECDSA_NO_FAULT_CHECK)
    TEST_SKIP("TACIT_ECDSA_NO_FAULT_CHECK");
exit:;
#else
    static const tacit_ecp_group_id grps[] = { TACIT_ECP_SECP256R1, TACIT_ECP_SECP384R1,
                                               TACIT_ECP_SECP521R1 };
    unsigned char hash[32] = { 7, 7 }, sig[TACIT_ECDSA_MAX_DER_LEN];
    size_t i, j, slen = 999;
    int f;
    tacit_ecp_keypair key;

    tacit_ecp_keypair_init(&key);
    for (i = 0; i < sizeof(grps) / sizeof(grps[0]); i++) {
        if (tacit_ecp_curve_get(grps[i]) == NULL) {
            continue;
        }
        TEST_EQUAL(tacit_ecp_gen_key(&key, grps[i], test_rng, NULL), 0);
        /* 1: e + r d, 2: k G (a valid wrong point), 3: e, 4: r on its way out, 5: s^-1 */
        for (f = 1; f <= 5; f++) {
            memset(sig, 0xAA, sizeof(sig));
            slen = 999;
            tacit_ecdsa_test_fault = f;
#if defined(TACIT_ECP_SMALL)
            if (f == 5) {
                /* the small profile's check is the full verification, which does not use the
                 * s^-1 of signing: a glitch there changes nothing and the (correct) signature
                 * is released */
                TEST_EQUAL(tacit_ecdsa_sign_raw(&key, TACIT_MD_SHA256, hash, 32, sig, sizeof(sig),
                                                &slen, NULL, NULL),
                           0);
                TEST_EQUAL(tacit_ecdsa_test_fault, 0);
                TEST_EQUAL(tacit_ecdsa_verify_raw(&key, hash, 32, sig, slen), 0);
                slen = 999;
                continue;
            }
#endif
            TEST_EQUAL(tacit_ecdsa_sign_raw(&key, TACIT_MD_SHA256, hash, 32, sig, sizeof(sig),
                                            &slen, NULL, NULL),
                       TACIT_ERR_CORRUPTION_DETECTED);
            TEST_EQUAL(tacit_ecdsa_test_fault, 0);
            TEST_EQUAL(slen, 999);
            for (j = 0; j < 2 * tacit_ecp_curve_get(grps[i])->bytes; j++) {
                TEST_EQUAL(sig[j], 0);
            }
        }
#if !defined(TACIT_ECP_SMALL)
        /* 6: the check's path for v G = +-Q (the addition that selects the doubling), forced on
         * an honest signature: it must agree with the usual path and release the signature */
        tacit_ecdsa_test_fault = 6;
        TEST_EQUAL(tacit_ecdsa_sign_raw(&key, TACIT_MD_SHA256, hash, 32, sig, sizeof(sig), &slen,
                                        test_rng, NULL),
                   0);
        TEST_EQUAL(tacit_ecdsa_test_fault, 0);
        TEST_EQUAL(tacit_ecdsa_verify_raw(&key, hash, 32, sig, slen), 0);
        slen = 999;
#endif
        /* a private value that no longer matches Q (memory corrupted): refused too */
        key.d[0] ^= 2;
        TEST_EQUAL(tacit_ecdsa_sign_raw(&key, TACIT_MD_SHA256, hash, 32, sig, sizeof(sig), &slen,
                                        NULL, NULL),
                   TACIT_ERR_CORRUPTION_DETECTED);
        key.d[0] ^= 2;
        tacit_ecdsa_test_fault = 1;
        TEST_EQUAL(tacit_ecdsa_sign_der(&key, TACIT_MD_SHA256, hash, 32, sig, sizeof(sig), &slen,
                                        test_rng, NULL),
                   TACIT_ERR_CORRUPTION_DETECTED);
        TEST_EQUAL(slen, 999);
        /* the next signature is fine */
        TEST_EQUAL(tacit_ecdsa_sign_der(&key, TACIT_MD_SHA256, hash, 32, sig, sizeof(sig), &slen,
                                        NULL, NULL),
                   0);
        TEST_EQUAL(tacit_ecdsa_verify_der(&key, hash, 32, sig, slen), 0);
    }
exit:
    tacit_ecdsa_test_fault = 0;
    tacit_ecp_keypair_free(&key);
#endif
}

#if defined(TACIT_TEST_HOOKS)
/* RFC 6979 section 3.2 step h with HMAC-SHA-256: K = HMAC_K(V || sep || data), then V = HMAC_K(V). */
static int rfc6979_kv(unsigned char K[32], unsigned char V[32], int sep, const unsigned char *data,
                      size_t dlen)
{
    unsigned char in[32 + 1 + 96];

    memcpy(in, V, 32);
    in[32] = (unsigned char)sep;
    if (dlen > 0) {
        memcpy(in + 33, data, dlen);
    }
    if (tacit_hmac(TACIT_MD_SHA256, K, 32, in, 33 + dlen, K) != 0) {
        return -1;
    }
    return tacit_hmac(TACIT_MD_SHA256, K, 32, V, 32, V);
}
#endif

/*
 * The retry paths of signing, forced through test hooks (each has a
 * probability of about 2^-32 or less on P-256): a nonce candidate out of
 * [1, n-1], and s = 0.  The signature must then use the next candidate of
 * RFC 6979 section 3.2 step h.3, computed here from the RFC's own steps
 * (HMAC-SHA-256, P-256, the key and message of its A.2.5 vectors), and
 * must verify.
 */
static void test_nonce_retry(void)
{
#if !defined(TACIT_TEST_HOOKS)
    TEST_SKIP("built without TACIT_TEST_HOOKS");
exit:;
#else
    /* RFC 6979 A.2.5: private key x, SHA-256("sample") (below n), its first k */
    static const char *x_hex = "C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721";
    static const char *h_hex = "AF2BDBE1AA9B6EC1E2ADE1D694F41FC71A831D0268E9891562113D8A62ADD1BF";
    static const char *k0_hex = "A6E3C57DD01ABE90086538398355DD4C3B17AA873382B0F24D6129493D8AAD60";
    const tacit_ecp_curve *c = tacit_ecp_curve_get(TACIT_ECP_SECP256R1);
    unsigned char x[32], h[32], K[32], V[32], data[64], cand[3][32], want[32], rb[32];
    unsigned char sig[64];
    tacit_mpi_uint rx[TACIT_ECP_MAX_LIMBS];
    tacit_ecp_keypair key, kk;
    size_t slen, i;
    int mode;

    tacit_ecp_keypair_init(&key);
    tacit_ecp_keypair_init(&kk);
    if (c == NULL) {
        TEST_SKIP("P-256 compiled out");
    }
    TEST_EQUAL(ecc_hex_fixed(x_hex, x, 32), 0);
    TEST_EQUAL(ecc_hex_fixed(h_hex, h, 32), 0);
    TEST_EQUAL(tacit_ecp_set_private(&key, TACIT_ECP_SECP256R1, x, 32), 0);
    /* step h of section 3.2, candidates 0, 1, 2 (qlen = hlen = 256: one V per candidate) */
    memset(V, 0x01, 32);
    memset(K, 0x00, 32);
    memcpy(data, x, 32);
    memcpy(data + 32, h, 32);
    TEST_EQUAL(rfc6979_kv(K, V, 0x00, data, 64), 0); /* steps d, e */
    TEST_EQUAL(rfc6979_kv(K, V, 0x01, data, 64), 0); /* steps f, g */
    for (i = 0; i < 3; i++) {
        TEST_EQUAL(tacit_hmac(TACIT_MD_SHA256, K, 32, V, 32, V), 0); /* h.2: V = HMAC_K(V) */
        memcpy(cand[i], V, 32);
        TEST_EQUAL(rfc6979_kv(K, V, 0x00, NULL, 0), 0); /* h.3 */
    }
    TEST_EQUAL(ecc_hex_fixed(k0_hex, want, 32), 0);
    TEST_MEM_EQ(cand[0], 32, want, 32);
    /* mode 0: the range check rejects, 1: s = 0; 1 or 2 candidates rejected */
    for (mode = 0; mode < 2; mode++) {
        for (i = 1; i <= 2; i++) {
            if (mode == 0) {
                tacit_ecdsa_test_reject_k = (int)i;
            } else {
                tacit_ecdsa_test_zero_rs = (int)i;
            }
            TEST_EQUAL(tacit_ecdsa_sign_det_raw(&key, TACIT_MD_SHA256, h, 32, sig, sizeof(sig),
                                                &slen, NULL, NULL),
                       0);
            TEST_EQUAL(tacit_ecdsa_test_reject_k, 0);
            TEST_EQUAL(tacit_ecdsa_test_zero_rs, 0);
            TEST_EQUAL(slen, 64);
            TEST_EQUAL(tacit_ecdsa_verify_raw(&key, h, 32, sig, slen), 0);
            /* r = x(k G) mod n for candidate i */
            TEST_EQUAL(tacit_ecp_set_private(&kk, TACIT_ECP_SECP256R1, cand[i], 32), 0);
            tacit_ecp_sc_reduce_once(c, rx, kk.Qx);
            tacit_ecp_to_bytes(rx, c->limbs, rb, 32);
            TEST_MEM_EQ(sig, 32, rb, 32);
        }
    }
    /* and without the hooks, candidate 0 again */
    TEST_EQUAL(
        tacit_ecdsa_sign_det_raw(&key, TACIT_MD_SHA256, h, 32, sig, sizeof(sig), &slen, NULL, NULL),
        0);
    TEST_EQUAL(tacit_ecp_set_private(&kk, TACIT_ECP_SECP256R1, cand[0], 32), 0);
    tacit_ecp_sc_reduce_once(c, rx, kk.Qx);
    tacit_ecp_to_bytes(rx, c->limbs, rb, 32);
    TEST_MEM_EQ(sig, 32, rb, 32);
exit:
    tacit_ecdsa_test_reject_k = 0;
    tacit_ecdsa_test_zero_rs = 0;
    tacit_ecp_keypair_free(&key);
    tacit_ecp_keypair_free(&kk);
#endif
}

/* A fixed "random" stream for the hedged nonce tests: byte i of each call is 3 + 7 i. */
static int fixed_rng(void *p, unsigned char *out, size_t len)
{
    size_t i;

    (void)p;
    for (i = 0; i < len; i++) {
        out[i] = (unsigned char)(3 + 7 * i);
    }
    return 0;
}

#if defined(TACIT_HMAC_DRBG_C)
/*
 * The hedged nonce (RFC 6979 section 3.6: the 32 random bytes, the first
 * the signer draws, appended to the seed material) against the RFC's steps
 * computed with the HMAC_DRBG module: seeded with int2octets(x),
 * bits2octets(h) and the hedge bytes, candidate 0 is the first rlen bytes
 * generated, of which k is the leftmost qbits bits; then r = x(k G).  Needs
 * h < n (bits2octets(h) is then h on rlen bytes) and candidate 0 in [1, n-1]
 * (else the signer takes candidate 1): true for the inputs below.
 */
static void check_hedged_nonce(tacit_ecp_group_id id, size_t qbits, const unsigned char *x,
                               const unsigned char *h, size_t hlen)
{
    const tacit_ecp_curve *c = tacit_ecp_curve_get(id);
    size_t rlen = (qbits + 7) / 8, shift = 8 * rlen - qbits, slen, i;
    unsigned char h1[66] = { 0 }, extra[32], T[66], kb[66], rb[66], sig[132];
    tacit_mpi_uint rx[TACIT_ECP_MAX_LIMBS];
    tacit_hmac_drbg_context drbg;
    tacit_ecp_keypair key, kk;

    tacit_ecp_keypair_init(&key);
    tacit_ecp_keypair_init(&kk);
    tacit_hmac_drbg_init(&drbg);
    TEST_ASSERT(c != NULL && rlen <= sizeof(T) && hlen <= rlen);
    memcpy(h1 + rlen - hlen, h, hlen);
    TEST_EQUAL(tacit_ecp_set_private(&key, id, x, rlen), 0);
    TEST_EQUAL(fixed_rng(NULL, extra, 32), 0);
    TEST_EQUAL(tacit_hmac_drbg_seed_buf(&drbg, TACIT_MD_SHA256, x, rlen, h1, rlen, extra, 32), 0);
    TEST_EQUAL(tacit_hmac_drbg_generate(&drbg, T, rlen, NULL, 0), 0);
    for (i = rlen; i-- > 0;) { /* kb = T >> shift (shift < 8) */
        kb[i] = (unsigned char)((T[i] >> shift) | (i > 0 ? T[i - 1] << (8 - shift) : 0));
    }
    TEST_EQUAL(tacit_ecdsa_sign_raw(&key, TACIT_MD_SHA256, h, hlen, sig, sizeof(sig), &slen,
                                    fixed_rng, NULL),
               0);
    TEST_EQUAL(slen, 2 * rlen);
    TEST_EQUAL(tacit_ecdsa_verify_raw(&key, h, hlen, sig, slen), 0);
    TEST_EQUAL(tacit_ecp_set_private(&kk, id, kb, rlen), 0);
    tacit_ecp_sc_reduce_once(c, rx, kk.Qx);
    tacit_ecp_to_bytes(rx, c->limbs, rb, rlen);
    TEST_MEM_EQ(sig, rlen, rb, rlen);
exit:
    tacit_hmac_drbg_free(&drbg);
    tacit_ecp_keypair_free(&key);
    tacit_ecp_keypair_free(&kk);
}
#endif

/*
 * P-256 with the key and message of RFC 6979 A.2.5, and P-521 with SHA-256
 * (three HMAC blocks of T, bits2int shifts by 7 bits).
 */
static void test_hedged_nonce(void)
{
#if !defined(TACIT_HMAC_DRBG_C)
    (void)fixed_rng;
    TEST_SKIP("HMAC_DRBG compiled out");
exit:;
#else
    static const char *x_hex = "C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721";
    static const char *h_hex = "AF2BDBE1AA9B6EC1E2ADE1D694F41FC71A831D0268E9891562113D8A62ADD1BF";
    unsigned char x[66], h[32];
    size_t i;

    if (tacit_ecp_curve_get(TACIT_ECP_SECP256R1) != NULL) {
        TEST_EQUAL(ecc_hex_fixed(x_hex, x, 32), 0);
        TEST_EQUAL(ecc_hex_fixed(h_hex, h, 32), 0);
        check_hedged_nonce(TACIT_ECP_SECP256R1, 256, x, h, 32);
    }
    if (tacit_ecp_curve_get(TACIT_ECP_SECP521R1) != NULL) {
        for (i = 0; i < sizeof(x); i++) {
            x[i] = (unsigned char)(0x5b * i + 17);
        }
        x[0] = 0x01; /* below n */
        for (i = 0; i < sizeof(h); i++) {
            h[i] = (unsigned char)(0xc3 ^ (i * 29));
        }
        check_hedged_nonce(TACIT_ECP_SECP521R1, 521, x, h, 32);
    }
exit:;
#endif
}

/*
 * The Wycheproof vectors and the OpenSSL interop again on the baseline
 * fields where tacit_ecp_curve_get picks a MULX/ADX build (P-256, P-384).
 */
static void test_baseline_kernels(void)
{
#if defined(TACIT_TEST_HOOKS) && (defined(TACIT_ECP_P256_ADX) || defined(TACIT_ECP_P384_ADX))
    if (!tacit_ecp_cpu_has_adx()) {
        TEST_SKIP("no MULX/ADX on this CPU: the cases above ran the baseline");
    }
    tacit_ecp_test_no_adx = 1;
    test_wycheproof_p256();
    test_wycheproof_p384();
    test_interop();
    test_sign_verify();
    tacit_ecp_test_no_adx = 0;
#else
    TEST_SKIP("no second field build in this configuration");
#endif
exit:;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_rfc6979);
    RUN_TEST(test_wycheproof_p256);
    RUN_TEST(test_wycheproof_p384);
    RUN_TEST(test_interop);
    RUN_TEST(test_sign_verify);
    RUN_TEST(test_openssl_hash_lengths);
    RUN_TEST(test_bad_inputs);
    RUN_TEST(test_fault_check);
    RUN_TEST(test_nonce_retry);
    RUN_TEST(test_hedged_nonce);
    RUN_TEST(test_baseline_kernels);
    return TEST_MAIN_END();
}
