/*
 * X25519MLKEM768 (draft-ietf-tls-ecdhe-mlkem, TLS group 0x11EC): ML-KEM-768
 * and X25519 side by side in the TLS byte layout, ML-KEM first:
 *   client share  = ek (1184) || X25519 public key (32)
 *   server share  = ct (1088) || X25519 public key (32)
 *   shared secret = ML-KEM ss (32) || X25519 shared secret (32)
 * The client's private key is dk (2400) || its X25519 private key (32).
 */
#include "tacit/config.h"

#if defined(TACIT_MLKEM_C) && defined(TACIT_X25519_C)

#include <string.h>

#include "tacit/mlkem.h"
#include "tacit/x25519.h"
#include "core/common.h"

#define EK_BYTES TACIT_MLKEM768_EK_BYTES
#define DK_BYTES TACIT_MLKEM768_DK_BYTES
#define CT_BYTES TACIT_MLKEM768_CT_BYTES

int tacit_x25519mlkem768_keygen(unsigned char client_share[1216], unsigned char client_key[2432],
                                tacit_rng_func f_rng, void *p_rng)
{
    unsigned char seed[64];
    int ret;

    if (client_share == NULL || client_key == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    f_rng = tacit_rng_or_default(f_rng, &p_rng);
    if (f_rng(p_rng, seed, sizeof(seed)) != 0 ||
        f_rng(p_rng, client_key + DK_BYTES, TACIT_X25519_KEY_SIZE) != 0) {
        ret = TACIT_ERR_RNG_FAILED;
        goto cleanup;
    }
    TACIT_CHK(tacit_mlkem_keygen_seed(TACIT_MLKEM_768, seed, client_share, client_key));
    TACIT_CHK(tacit_x25519_public_key(client_share + EK_BYTES, client_key + DK_BYTES));
    ret = 0;
cleanup:
    tacit_platform_zeroize(seed, sizeof(seed));
    if (ret != 0) {
        tacit_platform_zeroize(client_share, TACIT_X25519MLKEM768_CLIENT_SHARE_BYTES);
        tacit_platform_zeroize(client_key, TACIT_X25519MLKEM768_CLIENT_KEY_BYTES);
    }
    return ret;
}

int tacit_x25519mlkem768_encaps(const unsigned char client_share[1216],
                                unsigned char server_share[1120], unsigned char ss[64],
                                tacit_rng_func f_rng, void *p_rng)
{
    unsigned char eph[TACIT_X25519_KEY_SIZE];
    int ret;

    if (client_share == NULL || server_share == NULL || ss == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    f_rng = tacit_rng_or_default(f_rng, &p_rng);
    TACIT_CHK(tacit_mlkem_encaps(TACIT_MLKEM_768, client_share, server_share, ss, f_rng, p_rng));
    if (f_rng(p_rng, eph, sizeof(eph)) != 0) {
        ret = TACIT_ERR_RNG_FAILED;
        goto cleanup;
    }
    TACIT_CHK(tacit_x25519_public_key(server_share + CT_BYTES, eph));
    TACIT_CHK(tacit_x25519(ss + 32, eph, client_share + EK_BYTES));
    ret = 0;
cleanup:
    tacit_platform_zeroize(eph, sizeof(eph));
    if (ret != 0) {
        tacit_platform_zeroize(server_share, TACIT_X25519MLKEM768_SERVER_SHARE_BYTES);
        tacit_platform_zeroize(ss, TACIT_X25519MLKEM768_SS_BYTES);
    }
    return ret;
}

int tacit_x25519mlkem768_decaps(const unsigned char client_key[2432],
                                const unsigned char server_share[1120], unsigned char ss[64])
{
    int ret;

    if (client_key == NULL || server_share == NULL || ss == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    TACIT_CHK(tacit_mlkem_decaps(TACIT_MLKEM_768, client_key, server_share, ss));
    TACIT_CHK(tacit_x25519(ss + 32, client_key + DK_BYTES, server_share + CT_BYTES));
    ret = 0;
cleanup:
    if (ret != 0) {
        tacit_platform_zeroize(ss, TACIT_X25519MLKEM768_SS_BYTES);
    }
    return ret;
}

#endif /* TACIT_MLKEM_C && TACIT_X25519_C */
