/*
 * The generic key type, which is also the tool's key detection: parse any
 * key (PEM or DER; PKCS#1, SEC1, PKCS#8, SPKI; RSA, EC, Ed25519, X25519,
 * ML-KEM, ML-DSA in the seed, expandedKey and both forms).  An accepted key is written
 * back in every format it allows, DER and PEM, and each output parses again
 * to a key of the same type and size; a private key signs a message and the
 * signature verifies.  The input is also read as an X.509
 * AlgorithmIdentifier (its contents), and an accepted one is checked
 * against the parsed key.
 */
#include <stdint.h>
#include <string.h>

#include "tacit/pk.h"
#include "fuzz_util.h"

static const tacit_key_format formats[] = { TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_FORMAT_SPKI,
                                            TACIT_KEY_FORMAT_PKCS1, TACIT_KEY_FORMAT_SEC1 };

static const tacit_key_encoding encs[] = { TACIT_KEY_ENCODING_DER, TACIT_KEY_ENCODING_PEM };

static void roundtrip(const tacit_pk_context *pk)
{
    size_t f;
    int pem;

    for (f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
        for (pem = 0; pem < 2; pem++) {
            unsigned char *out;
            size_t need = 0, len = 0;
            tacit_pk_context again;
            int ret = tacit_pk_write(pk, formats[f], encs[pem], NULL, 0, &need);

            if (ret != TACIT_ERR_BUFFER_TOO_SMALL) {
                continue; /* this format does not fit this key */
            }
            out = malloc(need);
            FUZZ_CHECK(out != NULL);
            FUZZ_CHECK(tacit_pk_write(pk, formats[f], encs[pem], out, need, &len) == 0 &&
                       len <= need);
            tacit_pk_init(&again);
            FUZZ_CHECK(tacit_pk_parse_key(&again, out, len) == 0);
            FUZZ_CHECK(tacit_pk_get_type(&again) == tacit_pk_get_type(pk));
            FUZZ_CHECK(tacit_pk_bitlen(&again) == tacit_pk_bitlen(pk));
            if (tacit_pk_pq(pk) != NULL) {
                const tacit_pk_pq_key *a = tacit_pk_pq(pk), *b = tacit_pk_pq(&again);
                FUZZ_CHECK(b != NULL && b->pub_len == a->pub_len &&
                           memcmp(b->pub, a->pub, a->pub_len) == 0);
                FUZZ_CHECK(
                    formats[f] != TACIT_KEY_FORMAT_PKCS8 ||
                    (b->priv_len == a->priv_len && memcmp(b->priv, a->priv, a->priv_len) == 0));
            }
            tacit_pk_free(&again);
            free(out);
        }
    }
}

static void sign_verify(tacit_pk_context *pk, fuzz_rng *rng)
{
    static const unsigned char msg[] = "fuzz_pk message";
    unsigned char sig[TACIT_PK_MAX_SIG_LEN];
    size_t slen = 0;
    tacit_pk_sig_alg alg;
    const char *name = tacit_pk_get_type(pk) == TACIT_PK_EC      ? "ecdsa_secp256r1_sha256"
                       : tacit_pk_get_type(pk) == TACIT_PK_MLDSA ? "mldsa44"
                       : pk->rsa_pss_key                         ? "rsa_pss_pss_sha256"
                                                                 : "rsa_pss_rsae_sha256";

#if !defined(TACIT_MLDSA_C)
    if (tacit_pk_get_type(pk) == TACIT_PK_MLDSA) {
        return;
    }
#endif

    FUZZ_CHECK(tacit_pk_sig_alg_from_name(name, &alg) == 0);
    alg.curve_bits = 0; /* any curve, any ML-DSA parameter set */
    if (tacit_pk_check_alg(pk, &alg) != 0) {
        return; /* e.g. a PSS key whose parameters fix another hash */
    }
    if (tacit_pk_sign(pk, &alg, msg, sizeof(msg), sig, sizeof(sig), &slen, fuzz_rng_bytes, rng) ==
        0) {
        FUZZ_CHECK(tacit_pk_verify(pk, &alg, msg, sizeof(msg), sig, slen, 0) == 0);
        sig[slen / 2] ^= 1;
        FUZZ_CHECK(tacit_pk_verify(pk, &alg, msg, sizeof(msg), sig, slen, 0) != 0);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tacit_pk_context pk;
    tacit_pk_sig_alg alg;
    fuzz_rng rng;
    char desc[64];
    int parsed;

    fuzz_rng_seed(&rng, data, size);
    tacit_pk_init(&pk);
    parsed = tacit_pk_parse_key(&pk, data, size) == 0;
    if (parsed) {
        FUZZ_CHECK(tacit_pk_describe(&pk, desc, sizeof(desc)) == 0);
        roundtrip(&pk);
        if (pk.is_private) {
            sign_verify(&pk, &rng);
        }
    }
    if (tacit_pk_sig_alg_from_x509(data, size, &alg) == 0 && parsed) {
        (void)tacit_pk_check_alg(&pk, &alg);
    }
    tacit_pk_free(&pk);
    return 0;
}
