/*
 * RSAES-PKCS1-v1_5 (RFC 8017 7.2): EM = 00 02 PS 00 M, PS >= 8 non-zero
 * random bytes.
 *
 * Decryption has two forms:
 *   - tacit_rsa_pkcs1_decrypt: implicit rejection (draft-irtf-cfrg-rsa-
 *     guidance, section 7; OpenSSL 3.2+ default).  A ciphertext with bad
 *     padding decrypts, without an error, to a synthetic message derived
 *     from the private exponent and the ciphertext, so there is no padding
 *     oracle for a caller to leak (Bleichenbacher, Marvin).
 *   - tacit_rsa_pkcs1_decrypt_explicit_oracle: one error for every padding
 *     defect.  That error IS a padding oracle unless the caller hides it.
 * Both run in constant flow: the padding verdict, the separator position
 * and the choice between real and synthetic message are masks; only the
 * length of the message returned becomes public (the caller receives it).
 */
#include "rsa/rsa_internal.h"

#if defined(TACIT_RSA_C)

#include <stdlib.h>
#include <string.h>

#include "core/constant_time_internal.h"
#include "tacit/hmac.h"
#include "tacit/sha256.h"
#include "core/platform_internal.h"

int tacit_rsa_pkcs1_encrypt(const tacit_rsa_context *ctx, const unsigned char *in, size_t in_len,
                            unsigned char *out, size_t out_size, size_t *out_len,
                            tacit_rng_func f_rng, void *p_rng)
{
    size_t k, pslen, i;
    unsigned char *em = NULL;
    int ret, tries;

    if (ctx == NULL || out_len == NULL || (in == NULL && in_len != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (ctx->cache == NULL) {
        return TACIT_ERR_RSA_KEY_CHECK_FAILED;
    }
    k = ctx->len;
    if (out == NULL || out_size < k) {
        *out_len = k;
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    if (in_len + 11 > k) {
        return TACIT_ERR_RSA_MESSAGE_TOO_LONG;
    }
    f_rng = tacit_rng_or_default(f_rng, &p_rng);
    em = (unsigned char *)tacit_platform_calloc(1, k);
    if (em == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    pslen = k - in_len - 3;
    em[1] = 0x02;
    if (f_rng(p_rng, em + 2, pslen) != 0) {
        ret = TACIT_ERR_RNG_FAILED;
        goto cleanup;
    }
    /*
     * Redraw zero bytes.  Which draws were zero is declassified: those draws
     * are thrown away, and the kept bytes are uniform on 1..255 either way.
     */
    for (i = 2; i < 2 + pslen; i++) {
        for (tries = 0; tacit_ct_declassify_u32(tacit_ct_mask_eq_u32(em[i], 0)) != 0; tries++) {
            if (tries == 100 || f_rng(p_rng, em + i, 1) != 0) {
                ret = TACIT_ERR_RNG_FAILED;
                goto cleanup;
            }
        }
    }
    em[2 + pslen] = 0x00;
    if (in_len != 0) {
        memcpy(em + 3 + pslen, in, in_len);
    }
    ret = tacit_rsa_public(ctx, em, k, out, out_size, out_len);
cleanup:
    tacit_platform_zeroize(em, k);
    tacit_platform_free(em);
    return ret;
}

/*
 * Check em[0 .. k) = 00 02 PS 00 M in constant flow: returns the all-ones
 * mask if the padding is bad, and *msg_start = index of M (k if no
 * separator).
 */
static uint32_t pkcs1_check(const unsigned char *em, size_t k, size_t *msg_start)
{
    size_t i, zero_idx = 0;
    uint32_t bad, looking;

    bad = tacit_ct_mask_nonzero_u32(em[0]) | tacit_ct_mask_ne_u32(em[1], 2);
    /* the first zero byte after 00 02 ends PS */
    looking = 0xFFFFFFFFu;
    for (i = 2; i < k; i++) {
        uint32_t is_zero = tacit_ct_mask_eq_u32(em[i], 0);
        zero_idx = tacit_ct_select_size(tacit_ct_mask_to_size_u32(looking & is_zero), i, zero_idx);
        looking &= ~is_zero;
    }
    bad |= looking;
    /* PS at least 8 bytes: the separator at index 10 or later */
    bad |= (uint32_t)tacit_ct_mask_lt_size(zero_idx, 10);
    *msg_start = zero_idx + 1;
    return bad;
}

/* The checks every decryption starts with (all on public values). */
static int pkcs1_dec_args(const tacit_rsa_context *ctx, const unsigned char *in, size_t ilen,
                          const size_t *olen)
{
    if (ctx == NULL || in == NULL || olen == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (!ctx->is_private) {
        return TACIT_ERR_NO_PRIVATE_KEY;
    }
    if (ilen != ctx->len) {
        return TACIT_ERR_RSA_INPUT_OUT_OF_RANGE;
    }
    if (ctx->len < 11) {
        return TACIT_ERR_BAD_INPUT;
    }
    return 0;
}

/*
 * IRPRF(KDK, label, bits) of the draft: the concatenation of
 * HMAC-SHA256(KDK, I2OSP(i, 2) || label || I2OSP(bits, 2)), i = 0, 1, ...,
 * truncated to bits / 8 bytes (bits is a multiple of 8 here).
 */
static int pkcs1_irprf(const unsigned char kdk[32], const char *label, size_t llen,
                       unsigned char *out, size_t len)
{
    tacit_hmac_context h;
    unsigned char blk[32], be[2], bits[2];
    size_t pos, n;
    unsigned i;
    int ret = 0;

    bits[0] = (unsigned char)((len * 8) >> 8);
    bits[1] = (unsigned char)(len * 8);
    for (pos = 0, i = 0; pos < len && ret == 0; pos += n, i++) {
        be[0] = (unsigned char)(i >> 8);
        be[1] = (unsigned char)i;
        if ((ret = tacit_hmac_init(&h, TACIT_MD_SHA256, kdk, 32)) != 0 ||
            (ret = tacit_hmac_update(&h, be, 2)) != 0 ||
            (ret = tacit_hmac_update(&h, (const unsigned char *)label, llen)) != 0 ||
            (ret = tacit_hmac_update(&h, bits, 2)) != 0 ||
            (ret = tacit_hmac_finish(&h, blk)) != 0) {
            break;
        }
        n = len - pos < 32 ? len - pos : 32;
        memcpy(out + pos, blk, n);
    }
    tacit_hmac_free(&h);
    tacit_platform_zeroize(blk, sizeof(blk));
    return ret;
}

/*
 * The synthetic message of the draft (section 7.2 step 3), into
 * synth[0 .. k); returns its start index k - L in *start, L < k - 10.
 * The key derivation key: KDK = HMAC-SHA256(SHA256(I2OSP(d, k)), C).
 * d is written at its fixed byte width and hashed: constant flow in d.
 */
static int pkcs1_synthetic(const tacit_rsa_context *ctx, const unsigned char *c, size_t k,
                           unsigned char *synth, size_t *start)
{
    unsigned char dh[32], kdk[32], lens[256];
    size_t max_len = k - 10, mask, i, synth_len = 0;
    int ret;

    /* synth is k bytes: room for I2OSP(d, k) before it receives the message */
    if ((ret = tacit_mpi_write_binary(&ctx->D, synth, k)) != 0 ||
        (ret = tacit_sha256(synth, k, dh)) != 0 ||
        (ret = tacit_hmac(TACIT_MD_SHA256, dh, sizeof(dh), c, k, kdk)) != 0 ||
        (ret = pkcs1_irprf(kdk, "length", 6, lens, sizeof(lens))) != 0 ||
        (ret = pkcs1_irprf(kdk, "message", 7, synth, k)) != 0) {
        goto cleanup;
    }
    /* the smallest all-ones mask covering max_len (public: from k) */
    mask = max_len;
    for (i = 1; i < 8 * sizeof(size_t); i <<= 1) {
        mask |= mask >> i;
    }
    /* the last of the 128 candidate lengths that is below max_len */
    for (i = 0; i < sizeof(lens); i += 2) {
        size_t cand = (((size_t)lens[i] << 8) | lens[i + 1]) & mask;
        synth_len = tacit_ct_select_size(tacit_ct_mask_lt_size(cand, max_len), cand, synth_len);
    }
    *start = k - synth_len;
cleanup:
    tacit_platform_zeroize(dh, sizeof(dh));
    tacit_platform_zeroize(kdk, sizeof(kdk));
    tacit_platform_zeroize(lens, sizeof(lens));
    return ret;
}

int tacit_rsa_pkcs1_decrypt(const tacit_rsa_context *ctx, const unsigned char *in, size_t in_len,
                            unsigned char *out, size_t out_size, size_t *out_len,
                            tacit_rng_func f_rng, void *p_rng)
{
    size_t k, i, msg_start, synth_start, mlen;
    unsigned char *em = NULL, *synth;
    size_t bad;
    int ret;

    if ((ret = pkcs1_dec_args(ctx, in, in_len, out_len)) != 0) {
        return ret;
    }
    k = ctx->len;
    /* Room for the longest message: no length is refused after the padding check. */
    if (out == NULL || out_size < k - 11) {
        *out_len = k - 11;
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    em = (unsigned char *)tacit_platform_calloc(1, 2 * k);
    if (em == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    synth = em + k;
    if ((ret = tacit_rsa_private(ctx, in, in_len, em, k, &mlen, f_rng, p_rng)) != 0 ||
        (ret = pkcs1_synthetic(ctx, in, k, synth, &synth_start)) != 0) {
        goto cleanup;
    }
    bad = tacit_ct_mask_to_size_u32(pkcs1_check(em, k, &msg_start));
    /* Both messages are tails of k-byte blocks: pick block and start by mask. */
    for (i = 0; i < k; i++) {
        em[i] = (unsigned char)tacit_ct_select_size(bad, synth[i], em[i]);
    }
    msg_start = tacit_ct_select_size(bad, synth_start, msg_start);
    tacit_ct_memmove_left(em, k, msg_start);
    mlen = tacit_ct_declassify_size(k - msg_start);
    if (mlen != 0) {
        memcpy(out, em, mlen);
    }
    *out_len = mlen;
    ret = 0;
cleanup:
    tacit_platform_zeroize(em, 2 * k);
    tacit_platform_free(em);
    return ret;
}

int tacit_rsa_pkcs1_decrypt_explicit_oracle(const tacit_rsa_context *ctx, const unsigned char *in,
                                            size_t in_len, unsigned char *out, size_t out_size,
                                            size_t *out_len, tacit_rng_func f_rng, void *p_rng)
{
    size_t k, msg_start, mlen;
    unsigned char *em = NULL;
    uint32_t bad;
    int ret;

    if ((ret = pkcs1_dec_args(ctx, in, in_len, out_len)) != 0) {
        return ret;
    }
    if (out == NULL) {
        out_size = 0; /* a size query */
    }
    k = ctx->len;
    em = (unsigned char *)tacit_platform_calloc(1, k);
    if (em == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    if ((ret = tacit_rsa_private(ctx, in, in_len, em, k, &mlen, f_rng, p_rng)) != 0) {
        goto cleanup;
    }
    bad = pkcs1_check(em, k, &msg_start);
    tacit_ct_memmove_left(em, k, msg_start);
    mlen = k - msg_start;
    /* The one declassified verdict: this is the oracle the name warns about. */
    if (tacit_ct_declassify_u32(bad) != 0) {
        ret = TACIT_ERR_RSA_INVALID_PADDING;
        goto cleanup;
    }
    mlen = tacit_ct_declassify_size(mlen);
    if (mlen > out_size) {
        *out_len = mlen;
        ret = TACIT_ERR_BUFFER_TOO_SMALL;
        goto cleanup;
    }
    if (mlen != 0) {
        memcpy(out, em, mlen);
    }
    *out_len = mlen;
    ret = 0;
cleanup:
    tacit_platform_zeroize(em, k);
    tacit_platform_free(em);
    return ret;
}

#else
typedef int tacit_rsa_pkcs1_enc_unused;
#endif /* TACIT_RSA_C */
