/*
 * Ed25519 (RFC 8032 section 5.1): key derivation, signing, verification.
 * The arithmetic is in ed25519_point.c (points) and ed25519_scalar.c
 * (scalars mod L); which verification equation is used, and why, is in
 * include/tacit/ed25519.h.
 */
#include "tacit/config.h"

#if defined(TACIT_ED25519_C)

#include <string.h>

#include "tacit/ed25519.h"
#include "common.h"
#include "tacit/sha512.h"
#include "constant_time_internal.h"
#include "ed25519_internal.h"

/* h = SHA-512(seed); s = the clamped low half (RFC 8032 5.1.5). */
static int expand_seed(unsigned char h[64], const unsigned char seed[32])
{
    int ret = tacit_sha512(seed, 32, h);
    h[0] &= 248;
    h[31] &= 127;
    h[31] |= 64;
    return ret;
}

static int derive_public(unsigned char pub[32], const unsigned char seed[32])
{
    unsigned char h[64];
    tacit_ge25519_p3 A;
    int ret = expand_seed(h, seed);

    if (ret == 0) {
        tacit_ge25519_scalarmult_base(&A, h);
        tacit_ge25519_tobytes(pub, &A);
    }
    tacit_platform_zeroize(h, sizeof(h));
    tacit_platform_zeroize(&A, sizeof(A));
    return ret;
}

int tacit_ed25519_key_from_seed(tacit_ed25519_key *key, const unsigned char *seed, size_t len)
{
    int ret;

    if (key == NULL || seed == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    memset(key, 0, sizeof(*key));
    if (len != TACIT_ED25519_KEY_SIZE) {
        return TACIT_ERR_CURVE25519_BAD_KEY;
    }
    memcpy(key->seed, seed, 32);
    ret = derive_public(key->pub, key->seed);
    if (ret != 0) {
        tacit_ed25519_key_free(key);
        return ret;
    }
    key->has_private = 1;
    return 0;
}

int tacit_ed25519_gen_key(tacit_ed25519_key *key, tacit_rng_func f_rng, void *p_rng)
{
    unsigned char seed[32];
    int ret;

    if (key == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    memset(key, 0, sizeof(*key));
    f_rng = tacit_rng_or_default(f_rng, &p_rng);
    if (f_rng(p_rng, seed, sizeof(seed)) != 0) {
        tacit_platform_zeroize(seed, sizeof(seed));
        return TACIT_ERR_RNG_FAILED;
    }
    ret = tacit_ed25519_key_from_seed(key, seed, sizeof(seed));
    tacit_platform_zeroize(seed, sizeof(seed));
    return ret;
}

int tacit_ed25519_key_from_public(tacit_ed25519_key *key, const unsigned char *pub, size_t len)
{
    tacit_ge25519_p3 A;

    if (key == NULL || pub == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    memset(key, 0, sizeof(*key));
    if (len != TACIT_ED25519_KEY_SIZE || tacit_ge25519_frombytes_negate_unsafe(&A, pub) != 0) {
        return TACIT_ERR_CURVE25519_BAD_KEY;
    }
    memcpy(key->pub, pub, 32);
    return 0;
}

int tacit_ed25519_sign(const tacit_ed25519_key *key, const unsigned char *msg, size_t mlen,
                       unsigned char *sig, size_t sig_size, size_t *sig_len)
{
    unsigned char h[64], r[32], k[32], hr[64];
    tacit_sha512_context ctx;
    tacit_ge25519_p3 R;
    int ret;

    if (key == NULL || (msg == NULL && mlen != 0) || sig_len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    *sig_len = TACIT_ED25519_SIG_SIZE;
    if (sig == NULL || sig_size < TACIT_ED25519_SIG_SIZE) {
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    memset(sig, 0, TACIT_ED25519_SIG_SIZE);
    if (!key->has_private) {
        return TACIT_ERR_NO_PRIVATE_KEY;
    }

    tacit_sha512_init(&ctx);
    /* s (h[0..32)) and the prefix (h[32..64)) */
    ret = expand_seed(h, key->seed);
    /* r = SHA-512(prefix || M) mod L; R = r B */
    if (ret == 0)
        ret = tacit_sha512_starts(&ctx, 0);
    if (ret == 0)
        ret = tacit_sha512_update(&ctx, h + 32, 32);
    if (ret == 0)
        ret = tacit_sha512_update(&ctx, msg, mlen);
    if (ret == 0)
        ret = tacit_sha512_finish(&ctx, hr);
    if (ret == 0) {
        tacit_sc25519_reduce64(r, hr);
        tacit_ge25519_scalarmult_base(&R, r);
        tacit_ge25519_tobytes(sig, &R);
    }
    /* k = SHA-512(R || A || M) mod L; S = (r + k s) mod L */
    if (ret == 0)
        ret = tacit_sha512_starts(&ctx, 0);
    if (ret == 0)
        ret = tacit_sha512_update(&ctx, sig, 32);
    if (ret == 0)
        ret = tacit_sha512_update(&ctx, key->pub, 32);
    if (ret == 0)
        ret = tacit_sha512_update(&ctx, msg, mlen);
    if (ret == 0)
        ret = tacit_sha512_finish(&ctx, hr);
    if (ret == 0) {
        tacit_sc25519_reduce64(k, hr);
        tacit_sc25519_muladd(sig + 32, k, h, r);
    } else {
        memset(sig, 0, TACIT_ED25519_SIG_SIZE);
    }
    tacit_sha512_free(&ctx);
    tacit_platform_zeroize(h, sizeof(h));
    tacit_platform_zeroize(r, sizeof(r));
    tacit_platform_zeroize(hr, sizeof(hr));
    tacit_platform_zeroize(&R, sizeof(R));
    return ret;
}

int tacit_ed25519_verify(const tacit_ed25519_key *key, const unsigned char *msg, size_t mlen,
                         const unsigned char *sig, size_t slen)
{
    unsigned char hk[64], k[32], check[32];
    tacit_sha512_context ctx;
    tacit_ge25519_p3 A;
    tacit_ge25519_p2 R;
    int ret;

    if (key == NULL || (msg == NULL && mlen != 0) || (sig == NULL && slen != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (slen != TACIT_ED25519_SIG_SIZE || !tacit_sc25519_is_canonical(sig + 32) ||
        tacit_ge25519_frombytes_negate_unsafe(&A, key->pub) != 0) {
        return TACIT_ERR_VERIFY_FAILED;
    }
    tacit_sha512_init(&ctx);
    ret = tacit_sha512_starts(&ctx, 0);
    if (ret == 0)
        ret = tacit_sha512_update(&ctx, sig, 32);
    if (ret == 0)
        ret = tacit_sha512_update(&ctx, key->pub, 32);
    if (ret == 0)
        ret = tacit_sha512_update(&ctx, msg, mlen);
    if (ret == 0)
        ret = tacit_sha512_finish(&ctx, hk);
    tacit_sha512_free(&ctx);
    if (ret != 0) {
        return ret;
    }
    tacit_sc25519_reduce64(k, hk);
    /* R' = k (-A) + S B; valid when its encoding is R (a canonical R is
     * implied: R' is encoded canonically) */
    tacit_ge25519_double_scalarmult_unsafe(&R, k, &A, sig + 32);
    tacit_ge25519_p2_tobytes(check, &R);
    return memcmp(check, sig, 32) == 0 ? 0 : TACIT_ERR_VERIFY_FAILED;
}

void tacit_ed25519_key_free(tacit_ed25519_key *key)
{
    if (key != NULL) {
        tacit_platform_zeroize(key, sizeof(*key));
    }
}

#endif /* TACIT_ED25519_C */
