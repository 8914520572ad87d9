/*
 * RSAES-PKCS1-v1_5 (RFC 8017 7.2): EM = 00 02 PS 00 M, PS >= 8 non-zero
 * random bytes.
 *
 * Decryption checks the block in constant time (the same way as OAEP in
 * rsa_oaep.c) and returns one error for every defect.  The error is still
 * an oracle if the caller reveals it (Bleichenbacher): protocols must not.
 */
#include "rsa_internal.h"

#if defined(TACIT_RSA_C)

#include <stdlib.h>
#include <string.h>

#include "constant_time_internal.h"

int tacit_rsa_pkcs1_encrypt(const tacit_rsa_context *ctx, const unsigned char *in, size_t ilen,
                            unsigned char *out, size_t osize, size_t *olen,
                            tacit_rng_func f_rng, void *p_rng)
{
    size_t k, pslen, i;
    unsigned char *em = NULL;
    int ret, tries;

    if (ctx == NULL || olen == NULL || (in == NULL && ilen != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (ctx->cache == NULL) {
        return TACIT_ERR_RSA_KEY_CHECK_FAILED;
    }
    k = ctx->len;
    if (out == NULL || osize < k) {
        *olen = k;
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    if (ilen + 11 > k) {
        return TACIT_ERR_RSA_MESSAGE_TOO_LONG;
    }
    f_rng = tacit_rng_or_default(f_rng, &p_rng);
    em = (unsigned char *)calloc(1, k);
    if (em == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    pslen = k - ilen - 3;
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
    if (ilen != 0) {
        memcpy(em + 3 + pslen, in, ilen);
    }
    ret = tacit_rsa_public(ctx, em, k, out, osize, olen);
cleanup:
    tacit_platform_zeroize(em, k);
    free(em);
    return ret;
}

int tacit_rsa_pkcs1_decrypt(const tacit_rsa_context *ctx, const unsigned char *in, size_t ilen,
                            unsigned char *out, size_t osize, size_t *olen,
                            tacit_rng_func f_rng, void *p_rng)
{
    size_t k, i, zero_idx = 0, mlen;
    unsigned char *em = NULL;
    uint32_t bad, looking;
    int ret;

    if (ctx == NULL || in == NULL || olen == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (out == NULL) {
        osize = 0; /* a size query */
    }
    if (!ctx->is_private) {
        return TACIT_ERR_NO_PRIVATE_KEY;
    }
    k = ctx->len;
    if (ilen != k) {
        return TACIT_ERR_RSA_INPUT_OUT_OF_RANGE;
    }
    if (k < 11) {
        return TACIT_ERR_BAD_INPUT;
    }
    em = (unsigned char *)malloc(k);
    if (em == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    if ((ret = tacit_rsa_private(ctx, in, ilen, em, k, &mlen, f_rng, p_rng)) != 0) {
        goto cleanup;
    }
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
    tacit_ct_memmove_left(em, k, zero_idx + 1);
    mlen = k - zero_idx - 1;
    if (tacit_ct_declassify_u32(bad) != 0) {
        ret = TACIT_ERR_RSA_INVALID_PADDING;
        goto cleanup;
    }
    mlen = tacit_ct_declassify_size(mlen);
    if (mlen > osize) {
        *olen = mlen;
        ret = TACIT_ERR_BUFFER_TOO_SMALL;
        goto cleanup;
    }
    if (mlen != 0) {
        memcpy(out, em, mlen);
    }
    *olen = mlen;
    ret = 0;
cleanup:
    tacit_platform_zeroize(em, k);
    free(em);
    return ret;
}

#else
typedef int tacit_rsa_pkcs1_enc_unused;
#endif /* TACIT_RSA_C */
