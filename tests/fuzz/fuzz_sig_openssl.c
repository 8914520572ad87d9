/*
 * Differential: signature verdicts of tacit (strict) against OpenSSL
 * libcrypto on the same public keys and message.  The input is a signature
 * (first byte: which scheme), given as the XOR of the input with a valid
 * signature, so that small inputs explore signatures near a valid one.  Keys
 * and the valid signatures are made once, deterministically.
 *
 * Every disagreement must be one of these documented classes, where tacit
 * follows the standard more strictly than OpenSSL; any other aborts:
 *   - pkcs1-missing-null: a PKCS#1 v1.5 DigestInfo whose AlgorithmIdentifier
 *     omits the NULL parameters.  RFC 8017 9.2 note 2 allows verifiers to
 *     accept it; tacit compares against the one encoding with NULL (as
 *     Wycheproof's "MissingNull" cases expect of a strict verifier).
 * OpenSSL's ECDSA and PSS verdicts must agree exactly.
 */
#include <stdint.h>
#include <string.h>

#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

#include "tacit/ecdsa.h"
#include "tacit/rsa.h"
#include "rsa/rsa_internal.h"
#include "ec/ecp_internal.h"
#include "fuzz_util.h"

static int ready;
static tacit_rsa_context rsa;
static tacit_ecp_keypair ec;
static EVP_PKEY *o_rsa, *o_ec;
static unsigned char hash[32];
static unsigned char valid[3][256];
static size_t valid_len[3];

static EVP_PKEY *to_openssl(const unsigned char *der, size_t len)
{
    const unsigned char *p = der;
    return d2i_PUBKEY(NULL, &p, (long)len);
}

static void setup(void)
{
    size_t olen;
    fuzz_rng rng;
    unsigned char der[1024];
    size_t len = 0;

    rng.s = 12345;
    tacit_rsa_init(&rsa);
    tacit_ecp_keypair_init(&ec);
    FUZZ_CHECK(tacit_rsa_gen_key(&rsa, 2048, 65537, fuzz_rng_bytes, &rng) == 0);
    FUZZ_CHECK(tacit_ecp_gen_key(&ec, TACIT_ECP_SECP256R1, fuzz_rng_bytes, &rng) == 0);
    FUZZ_CHECK(
        tacit_rsa_write_public_key_der(&rsa, TACIT_KEY_FORMAT_SPKI, der, sizeof(der), &len) == 0);
    o_rsa = to_openssl(der, len);
    FUZZ_CHECK(tacit_ecp_write_public_key_der(&ec, TACIT_KEY_FORMAT_SPKI, der, sizeof(der), &len) ==
               0);
    o_ec = to_openssl(der, len);
    FUZZ_CHECK(o_rsa != NULL && o_ec != NULL);
    memset(hash, 0xab, sizeof(hash));
    /* hedged from rng, not the default RNG: the same signature in every run, so an input
     * (a mask over it) replays with the same bytes and the same verdicts */
    FUZZ_CHECK(tacit_ecdsa_sign_der(&ec, TACIT_MD_SHA256, hash, 32, valid[0], sizeof(valid[0]),
                                    &valid_len[0], fuzz_rng_bytes, &rng) == 0);
    FUZZ_CHECK(tacit_rsa_pkcs1_sign(&rsa, TACIT_MD_SHA256, hash, 32, valid[1], 256, &olen, NULL,
                                    NULL) == 0);
    valid_len[1] = 256;
    FUZZ_CHECK(tacit_rsa_pss_sign(&rsa, TACIT_MD_SHA256, TACIT_MD_SHA256, TACIT_RSA_SALT_LEN_HASH,
                                  hash, 32, valid[2], 256, &olen, fuzz_rng_bytes, &rng) == 0);
    valid_len[2] = 256;
    ready = 1;
}

/* 1 if OpenSSL accepts. */
static int openssl_verify(EVP_PKEY *key, int pad, const uint8_t *sig, size_t len)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(key, NULL);
    int ok = 0;
    FUZZ_CHECK(c != NULL);
    if (EVP_PKEY_verify_init(c) == 1 && EVP_PKEY_CTX_set_signature_md(c, EVP_sha256()) == 1) {
        if (pad != 0) {
            EVP_PKEY_CTX_set_rsa_padding(c, pad);
            if (pad == RSA_PKCS1_PSS_PADDING) {
                EVP_PKEY_CTX_set_rsa_pss_saltlen(c, RSA_PSS_SALTLEN_AUTO);
                EVP_PKEY_CTX_set_rsa_mgf1_md(c, EVP_sha256());
            }
        }
        ok = EVP_PKEY_verify(c, sig, len, hash, sizeof(hash)) == 1;
    }
    EVP_PKEY_CTX_free(c);
    return ok;
}

/* The DigestInfo of SHA-256 without the NULL parameters, as EMSA-PKCS1-v1_5 would pad it. */
static int is_missing_null(const uint8_t *sig, size_t len)
{
    size_t olen;
    static const unsigned char prefix[] = { 0x30, 0x2f, 0x30, 0x0b, 0x06, 0x09, 0x60, 0x86, 0x48,
                                            0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x04, 0x20 };
    unsigned char em[256];
    size_t k = 256, ps = k - 3 - sizeof(prefix) - 32, i;
    if (tacit_rsa_public(&rsa, sig, len, em, sizeof(em), &olen) != 0) {
        return 0;
    }
    if (em[0] != 0 || em[1] != 1 || em[2 + ps] != 0)
        return 0;
    for (i = 0; i < ps; i++)
        if (em[2 + i] != 0xff)
            return 0;
    return memcmp(em + 3 + ps, prefix, sizeof(prefix)) == 0 &&
           memcmp(em + 3 + ps + sizeof(prefix), hash, 32) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int t, o;
    unsigned char buf[4096];
    const uint8_t *sig = buf;
    size_t len, i;
    int which;

    if (size < 1) {
        return 0;
    }
    if (!ready) {
        setup();
    }
    len = size - 1;
    if (len > sizeof(buf)) {
        return 0;
    }
    which = data[0] % 3;
    for (i = 0; i < len; i++) {
        buf[i] = (unsigned char)(data[1 + i] ^ (i < valid_len[which] ? valid[which][i] : 0));
    }
    switch (which) {
    case 0: /* ECDSA P-256, DER */
        t = tacit_ecdsa_verify_der(&ec, hash, sizeof(hash), sig, len) == 0;
        o = openssl_verify(o_ec, 0, sig, len);
        FUZZ_CHECK(t == o);
        break;
    case 1: /* RSA PKCS#1 v1.5 SHA-256 */
        t = tacit_rsa_pkcs1_verify(&rsa, TACIT_MD_SHA256, hash, sizeof(hash), sig, len) == 0;
        o = openssl_verify(o_rsa, RSA_PKCS1_PADDING, sig, len);
        FUZZ_CHECK(t == o || (o && !t && is_missing_null(sig, len)));
        break;
    default: /* RSA PSS SHA-256, any salt length */
        t = tacit_rsa_pss_verify(&rsa, TACIT_MD_SHA256, TACIT_MD_SHA256, TACIT_RSA_SALT_LEN_ANY,
                                 hash, sizeof(hash), sig, len) == 0;
        o = openssl_verify(o_rsa, RSA_PKCS1_PSS_PADDING, sig, len);
        FUZZ_CHECK(t == o);
        break;
    }
    return 0;
}
