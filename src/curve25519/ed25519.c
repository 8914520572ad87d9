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
#include "core/common.h"
#include "tacit/sha512.h"
#include "core/constant_time_internal.h"
#include "curve25519/ed25519_internal.h"

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
    /* the _unsafe decoding is for public points: pub is a public key */
    if (len != TACIT_ED25519_KEY_SIZE || tacit_ge25519_frombytes_negate_unsafe(&A, pub) != 0) {
        return TACIT_ERR_CURVE25519_BAD_KEY;
    }
    memcpy(key->pub, pub, 32);
    return 0;
}

/*
 * dom2(x, context) of RFC 8032 section 5.1: empty for pure Ed25519, else
 * "SigEd25519 no Ed25519 collisions" || x || length || context, with x = 0
 * for Ed25519ctx (a context of 1..255 bytes) and 1 for Ed25519ph (0..255).
 * Returns its length, or -1 for a context the variant does not allow.
 */
static int make_dom(unsigned char dom[34 + 255], tacit_ed25519_variant variant,
                    const unsigned char *context, size_t clen)
{
    static const char prefix[] = "SigEd25519 no Ed25519 collisions";

    if ((context == NULL && clen != 0) || clen > 255) {
        return -1;
    }
    if (variant == TACIT_ED25519_PURE) {
        return clen == 0 ? 0 : -1;
    }
    if ((variant != TACIT_ED25519_CTX && variant != TACIT_ED25519_PH) ||
        (variant == TACIT_ED25519_CTX && clen == 0)) {
        return -1;
    }
    memcpy(dom, prefix, 32);
    dom[32] = variant == TACIT_ED25519_PH ? 1 : 0;
    dom[33] = (unsigned char)clen;
    if (clen != 0) {
        memcpy(dom + 34, context, clen);
    }
    return (int)(34 + clen);
}

/* SHA-512(dom || a || b || m) into out (a, b may be NULL). */
static int hash_parts(unsigned char out[64], tacit_sha512_context *ctx, const unsigned char *dom,
                      size_t dlen, const unsigned char *a, const unsigned char *b,
                      const unsigned char *m, size_t mlen)
{
    int ret = tacit_sha512_starts(ctx, 0);
    if (ret == 0 && dlen != 0)
        ret = tacit_sha512_update(ctx, dom, dlen);
    if (ret == 0 && a != NULL)
        ret = tacit_sha512_update(ctx, a, 32);
    if (ret == 0 && b != NULL)
        ret = tacit_sha512_update(ctx, b, 32);
    if (ret == 0)
        ret = tacit_sha512_update(ctx, m, mlen);
    if (ret == 0)
        ret = tacit_sha512_finish(ctx, out);
    return ret;
}

int tacit_ed25519_sign(const tacit_ed25519_key *key, const unsigned char *msg, size_t msg_len,
                       unsigned char *sig, size_t sig_size, size_t *sig_len)
{
    return tacit_ed25519_sign_ext(key, TACIT_ED25519_PURE, NULL, 0, msg, msg_len, sig, sig_size,
                                  sig_len);
}

int tacit_ed25519_sign_ext(const tacit_ed25519_key *key, tacit_ed25519_variant variant,
                           const unsigned char *context, size_t clen, const unsigned char *msg,
                           size_t msg_len, unsigned char *sig, size_t sig_size, size_t *sig_len)
{
    unsigned char dom[34 + 255], ph[64];
    int dlen;
    unsigned char h[64], r[32], k[32], hr[64];
    tacit_sha512_context ctx;
    tacit_ge25519_p3 R;
    int ret;

    if (key == NULL || (msg == NULL && msg_len != 0) || sig_len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    dlen = make_dom(dom, variant, context, clen);
    if (dlen < 0) {
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
    ret = 0;
    if (variant == TACIT_ED25519_PH) {
        /* Ed25519ph signs PH(M) = SHA-512(M) */
        ret = tacit_sha512(msg, msg_len, ph);
        msg = ph;
        msg_len = sizeof(ph);
    }
    /* s (h[0..32)) and the prefix (h[32..64)) */
    if (ret == 0)
        ret = expand_seed(h, key->seed);
    /* r = SHA-512(dom || prefix || M) mod L; R = r B */
    if (ret == 0)
        ret = hash_parts(hr, &ctx, dom, (size_t)dlen, h + 32, NULL, msg, msg_len);
    if (ret == 0) {
        tacit_sc25519_reduce64(r, hr);
        tacit_ge25519_scalarmult_base(&R, r);
        tacit_ge25519_tobytes(sig, &R);
    }
    /* k = SHA-512(dom || R || A || M) mod L; S = (r + k s) mod L */
    if (ret == 0)
        ret = hash_parts(hr, &ctx, dom, (size_t)dlen, sig, key->pub, msg, msg_len);
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

int tacit_ed25519_verify(const tacit_ed25519_key *key, const unsigned char *msg, size_t msg_len,
                         const unsigned char *sig, size_t sig_len)
{
    return tacit_ed25519_verify_ext(key, TACIT_ED25519_PURE, NULL, 0, msg, msg_len, sig, sig_len);
}

int tacit_ed25519_verify_ext(const tacit_ed25519_key *key, tacit_ed25519_variant variant,
                             const unsigned char *context, size_t clen, const unsigned char *msg,
                             size_t msg_len, const unsigned char *sig, size_t sig_len)
{
    unsigned char hk[64], k[32], check[32], dom[34 + 255], ph[64];
    int dlen;
    tacit_sha512_context ctx;
    tacit_ge25519_p3 A;
    tacit_ge25519_p2 R;
    int ret;

    if (key == NULL || (msg == NULL && msg_len != 0) || (sig == NULL && sig_len != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    dlen = make_dom(dom, variant, context, clen);
    if (dlen < 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    /*
     * Verification only: every input of the _unsafe calls below (the public key, the
     * signature, k = H(dom, R, A, M) of public values) is public.  Signing never calls this.
     */
    if (sig_len != TACIT_ED25519_SIG_SIZE || !tacit_sc25519_is_canonical(sig + 32) ||
        tacit_ge25519_frombytes_negate_unsafe(&A, key->pub) != 0) {
        return TACIT_ERR_VERIFY_FAILED;
    }
    tacit_sha512_init(&ctx);
    ret = 0;
    if (variant == TACIT_ED25519_PH) {
        ret = tacit_sha512(msg, msg_len, ph);
        msg = ph;
        msg_len = sizeof(ph);
    }
    if (ret == 0)
        ret = hash_parts(hk, &ctx, dom, (size_t)dlen, sig, key->pub, msg, msg_len);
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
