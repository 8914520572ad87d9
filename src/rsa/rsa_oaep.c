/*
 * RSAES-OAEP (RFC 8017 7.1).
 *
 * Decryption checks the whole padded block in constant time: the leading
 * byte Y, the label hash, the 00..00 01 separator and the message position
 * are folded into one validity mask and one secret offset; the message is
 * moved to the front with tacit_ct_memmove_left.  Only then are the verdict
 * and the message length declassified, and every defect gives the same
 * TACIT_ERR_RSA_INVALID_PADDING (no Manger oracle from "Y != 0" vs "bad
 * padding", nor from timing).
 */
#include "rsa/rsa_internal.h"

#if defined(TACIT_RSA_C)

#include <stdlib.h>
#include <string.h>

#include "core/constant_time_internal.h"
#include "core/platform_internal.h"

int tacit_rsa_oaep_encrypt(const tacit_rsa_context *ctx, tacit_md_type md, tacit_md_type mgf1_md,
                           const unsigned char *label, size_t llen, const unsigned char *in,
                           size_t in_len, unsigned char *out, size_t out_size, size_t *out_len,
                           tacit_rng_func f_rng, void *p_rng)
{
    size_t k, hl, dblen;
    unsigned char *em = NULL, *seed, *db;
    int ret;

    if (ctx == NULL || out_len == NULL || (in == NULL && in_len != 0) ||
        (label == NULL && llen != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    hl = tacit_rsa_md_size(md);
    if (hl == 0 || tacit_rsa_md_size(mgf1_md) == 0) {
        return TACIT_ERR_RSA_BAD_HASH;
    }
    if (ctx->cache == NULL) {
        return TACIT_ERR_RSA_KEY_CHECK_FAILED;
    }
    k = ctx->len;
    if (out == NULL || out_size < k) {
        *out_len = k;
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    if (k < 2 * hl + 2 || in_len > k - 2 * hl - 2) {
        return TACIT_ERR_RSA_MESSAGE_TOO_LONG;
    }
    f_rng = tacit_rng_or_default(f_rng, &p_rng);
    em = (unsigned char *)tacit_platform_calloc(1, k);
    if (em == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    seed = em + 1;
    db = seed + hl;
    dblen = k - hl - 1;
    /* DB = lHash || 00..00 || 01 || M */
    if ((ret = tacit_md(md, label, llen, db)) != 0) {
        goto cleanup;
    }
    db[dblen - in_len - 1] = 0x01;
    if (in_len != 0) {
        memcpy(db + dblen - in_len, in, in_len);
    }
    if (f_rng(p_rng, seed, hl) != 0) {
        ret = TACIT_ERR_RNG_FAILED;
        goto cleanup;
    }
    if ((ret = tacit_rsa_mgf1_xor(mgf1_md, seed, hl, db, dblen)) != 0 ||
        (ret = tacit_rsa_mgf1_xor(mgf1_md, db, dblen, seed, hl)) != 0) {
        goto cleanup;
    }
    ret = tacit_rsa_public(ctx, em, k, out, out_size, out_len);
cleanup:
    tacit_platform_zeroize(em, k);
    tacit_platform_free(em);
    return ret;
}

int tacit_rsa_oaep_decrypt(const tacit_rsa_context *ctx, tacit_md_type md, tacit_md_type mgf1_md,
                           const unsigned char *label, size_t llen, const unsigned char *in,
                           size_t in_len, unsigned char *out, size_t out_size, size_t *out_len,
                           tacit_rng_func f_rng, void *p_rng)
{
    size_t k, hl, dblen, i, one_idx = 0, mlen;
    unsigned char *em = NULL, *seed, *db, lhash[TACIT_MD_MAX_SIZE];
    uint32_t bad, looking, diff = 0;
    int ret;

    if (ctx == NULL || in == NULL || out_len == NULL || (label == NULL && llen != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (out == NULL) {
        out_size = 0; /* a size query */
    }
    hl = tacit_rsa_md_size(md);
    if (hl == 0 || tacit_rsa_md_size(mgf1_md) == 0) {
        return TACIT_ERR_RSA_BAD_HASH;
    }
    if (!ctx->is_private) {
        return TACIT_ERR_NO_PRIVATE_KEY;
    }
    k = ctx->len;
    if (in_len != k) {
        return TACIT_ERR_RSA_INPUT_OUT_OF_RANGE;
    }
    if (k < 2 * hl + 2) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = tacit_md(md, label, llen, lhash)) != 0) {
        return ret;
    }
    em = (unsigned char *)tacit_platform_calloc(1, k);
    if (em == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    if ((ret = tacit_rsa_private(ctx, in, in_len, em, k, &mlen, f_rng, p_rng)) != 0) {
        goto cleanup;
    }
    seed = em + 1;
    db = seed + hl;
    dblen = k - hl - 1;
    if ((ret = tacit_rsa_mgf1_xor(mgf1_md, db, dblen, seed, hl)) != 0 ||
        (ret = tacit_rsa_mgf1_xor(mgf1_md, seed, hl, db, dblen)) != 0) {
        goto cleanup;
    }
    /* Y must be 0 and DB must start with lHash */
    diff = em[0];
    for (i = 0; i < hl; i++) {
        diff |= (uint32_t)(db[i] ^ lhash[i]);
    }
    bad = tacit_ct_mask_nonzero_u32(diff);
    /* then zeros, then 01: find the first non-zero byte, which must be 01 */
    looking = 0xFFFFFFFFu;
    for (i = hl; i < dblen; i++) {
        uint32_t is_zero = tacit_ct_mask_eq_u32(db[i], 0);
        uint32_t is_one = tacit_ct_mask_eq_u32(db[i], 1);
        one_idx = tacit_ct_select_size(tacit_ct_mask_to_size_u32(looking & is_one), i, one_idx);
        bad |= looking & ~is_zero & ~is_one;
        looking &= is_zero;
    }
    bad |= looking;
    /* the message starts after the 01 (garbage but in range when bad) */
    tacit_ct_memmove_left(db, dblen, one_idx + 1);
    mlen = dblen - one_idx - 1;
    /* the verdict, and for a valid block the message length, are the output */
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
        memcpy(out, db, mlen);
    }
    *out_len = mlen;
    ret = 0;
cleanup:
    tacit_platform_zeroize(em, k);
    tacit_platform_free(em);
    return ret;
}

#else
typedef int tacit_rsa_oaep_unused;
#endif /* TACIT_RSA_C */
