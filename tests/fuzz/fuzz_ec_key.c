/*
 * EC keys and points on every curve: key parsing (SEC1, PKCS#8, SPKI; DER
 * and PEM), and the input as an encoded point (compressed or not) on each
 * curve.  An accepted private key signs and the signature verifies; an
 * accepted point is re-encoded to the same bytes (uncompressed input) and is
 * used in an ECDH that must either succeed or fail cleanly.
 */
#include <stdint.h>
#include <string.h>

#include "tacit/ecdh.h"
#include "tacit/ecdsa.h"
#include "tacit/ecp.h"
#include "ec/ecp_internal.h"
#include "fuzz_util.h"

static const tacit_ecp_group_id curves[] = { TACIT_ECP_SECP256R1, TACIT_ECP_SECP384R1,
                                             TACIT_ECP_SECP521R1 };

static void use_private(const tacit_ecp_keypair *key)
{
    unsigned char hash[48] = { 7 }, sig[TACIT_ECDSA_MAX_DER_LEN];
    size_t slen = 0;
    FUZZ_CHECK(tacit_ecdsa_sign_der(key, TACIT_MD_SHA256, hash, 32, sig, sizeof(sig), &slen, NULL,
                                    NULL) == 0);
    FUZZ_CHECK(tacit_ecdsa_verify_der(key, hash, 32, sig, slen) == 0);
}

static void use_public(const tacit_ecp_keypair *key)
{
    unsigned char hash[32] = { 7 },
                  sig[TACIT_ECDSA_MAX_DER_LEN] = { 0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01 };
    FUZZ_CHECK(tacit_ecdsa_verify_der(key, hash, 32, sig, 8) != 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tacit_ecp_keypair key, ours;
    size_t i;

    tacit_ecp_keypair_init(&key);
    if (tacit_ecp_parse_key_der(&key, data, size) == 0)
        use_private(&key);
    tacit_ecp_keypair_free(&key);
    tacit_ecp_keypair_init(&key);
    if (tacit_ecp_parse_key_pem(&key, data, size) == 0)
        use_private(&key);
    tacit_ecp_keypair_free(&key);
    tacit_ecp_keypair_init(&key);
    if (tacit_ecp_parse_public_key_der(&key, data, size) == 0)
        use_public(&key);
    tacit_ecp_keypair_free(&key);
    tacit_ecp_keypair_init(&key);
    if (tacit_ecp_parse_public_key_pem(&key, data, size) == 0)
        use_public(&key);
    tacit_ecp_keypair_free(&key);

    for (i = 0; i < sizeof(curves) / sizeof(curves[0]); i++) {
        unsigned char out[1 + 2 * 66], ss[66], d[66];
        size_t olen = 0, cb = tacit_ecp_curve_bytes(curves[i]);
        int ret;

        tacit_ecp_keypair_init(&key);
        if (tacit_ecp_set_public(&key, curves[i], data, size) == 0) {
            FUZZ_CHECK(tacit_ecp_check_pub(&key) == 0);
            FUZZ_CHECK(tacit_ecp_write_public_point(&key, 0, out, sizeof(out), &olen) == 0);
            if (size > 0 && data[0] == 0x04) {
                FUZZ_CHECK(olen == size && memcmp(out, data, size) == 0);
            }
            /* A fixed private scalar 2..: ECDH with the accepted point. */
            memset(d, 0, sizeof(d));
            d[cb - 1] = 3;
            tacit_ecp_keypair_init(&ours);
            FUZZ_CHECK(tacit_ecp_set_private(&ours, curves[i], d, cb) == 0);
            ret = tacit_ecdh_compute_shared(&ours, data, size, ss, sizeof(ss), &olen, NULL, NULL);
            FUZZ_CHECK(ret == 0 ? olen == cb : 1);
            tacit_ecp_keypair_free(&ours);
        }
        tacit_ecp_keypair_free(&key);
        /* The input as a private scalar. */
        tacit_ecp_keypair_init(&key);
        if (tacit_ecp_set_private(&key, curves[i], data, size) == 0) {
            FUZZ_CHECK(tacit_ecp_check_priv(&key) == 0);
            use_private(&key);
        }
        tacit_ecp_keypair_free(&key);
    }
    return 0;
}
