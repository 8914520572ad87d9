/*
 * RSA key parsing (PKCS#1, PKCS#8, SubjectPublicKeyInfo; DER and PEM).  An
 * accepted key is used: a private key signs and its signature verifies, and
 * it writes back to DER that parses again; a public key verifies a
 * signature (which must fail: it was not made with that key) and encrypts.
 */
#include <stdint.h>
#include <string.h>

#include "tacit/rsa.h"
#include "rsa/rsa_internal.h"
#include "fuzz_util.h"

static void use_private(tacit_rsa_context *rsa, fuzz_rng *rng)
{
    unsigned char hash[32] = { 0x42 }, sig[1024], der[4096];
    size_t k = tacit_rsa_len(rsa), dlen = 0, olen;
    tacit_rsa_context again;

    FUZZ_CHECK(k > 0 && k <= sizeof(sig));
    FUZZ_CHECK(tacit_rsa_pkcs1_sign(rsa, TACIT_MD_SHA256, hash, 32, sig, sizeof(sig), &olen,
                                    fuzz_rng_bytes, rng) == 0);
    FUZZ_CHECK(tacit_rsa_pkcs1_verify(rsa, TACIT_MD_SHA256, hash, 32, sig, k) == 0);
    FUZZ_CHECK(tacit_rsa_pss_sign(rsa, TACIT_MD_SHA256, TACIT_MD_SHA256, TACIT_RSA_SALT_LEN_HASH,
                                  hash, 32, sig, sizeof(sig), &olen, fuzz_rng_bytes, rng) == 0 ||
               k < 32 + 32 + 2);
    if (tacit_rsa_write_key_der(rsa, TACIT_KEY_FORMAT_PKCS1, der, sizeof(der), &dlen) == 0) {
        tacit_rsa_init(&again);
        FUZZ_CHECK(tacit_rsa_parse_key_der(&again, der, dlen) == 0);
        tacit_rsa_free(&again);
    }
}

static void use_public(tacit_rsa_context *rsa, fuzz_rng *rng)
{
    unsigned char hash[32] = { 0x42 }, buf[1024], msg[8] = "fuzz";
    size_t k = tacit_rsa_len(rsa), olen;

    FUZZ_CHECK(k > 0 && k <= sizeof(buf));
    memset(buf, 0x5a, k);
    buf[0] = 0;
    FUZZ_CHECK(tacit_rsa_pkcs1_verify(rsa, TACIT_MD_SHA256, hash, 32, buf, k) != 0);
    (void)tacit_rsa_pkcs1_encrypt(rsa, msg, sizeof(msg), buf, sizeof(buf), &olen, fuzz_rng_bytes,
                                  rng);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tacit_rsa_context rsa;
    fuzz_rng rng;

    fuzz_rng_seed(&rng, data, size);
    tacit_rsa_init(&rsa);
    if (tacit_rsa_parse_key_der(&rsa, data, size) == 0)
        use_private(&rsa, &rng);
    tacit_rsa_free(&rsa);

    tacit_rsa_init(&rsa);
    if (tacit_rsa_parse_key_pem(&rsa, data, size) == 0)
        use_private(&rsa, &rng);
    tacit_rsa_free(&rsa);

    tacit_rsa_init(&rsa);
    if (tacit_rsa_parse_public_key_der(&rsa, data, size) == 0)
        use_public(&rsa, &rng);
    tacit_rsa_free(&rsa);

    tacit_rsa_init(&rsa);
    if (tacit_rsa_parse_public_key_pem(&rsa, data, size) == 0)
        use_public(&rsa, &rng);
    tacit_rsa_free(&rsa);
    return 0;
}
