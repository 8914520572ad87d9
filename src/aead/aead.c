/*
 * The AEAD front end: every check of the public API, then a dispatch by
 * algorithm to the kernels of aead_internal.h.  The kernels compute the full
 * 16-byte tag; this file truncates it (seal) or compares it in constant time
 * and wipes the plaintext on a mismatch (open), so that no kernel has its own
 * tag logic.
 *
 * Lengths, pointers and the algorithm are public; the only secret-dependent
 * value here is the tag verdict, which is the function's result.
 */
#include "tacit/aead.h"

#if defined(TACIT_AEAD_C)

#include <string.h>

#include "tacit/constant_time.h"
#include "tacit/platform.h"

#include "aead/aead_internal.h"
#include "core/constant_time_internal.h"

/* What each algorithm accepts (public parameters). */
typedef struct {
    size_t nonce_min, nonce_max;
    uint64_t max_in; /* largest plaintext, bytes */
} aead_limits;

/* SP 800-38D: plaintext up to 2^39 - 256 bits; IV and AAD up to 2^64 - 1 bits. */
#define GCM_MAX_IN (((uint64_t)1 << 36) - 32)
#define GCM_MAX_AAD (((uint64_t)1 << 61) - 1)
/* RFC 8439: the block counter starts at 1 and has 32 bits. */
#define CHACHA_MAX_IN ((uint64_t)0xffffffffu * 64u)

/* 0, or TACIT_ERR_BAD_INPUT / TACIT_ERR_NOT_SUPPORTED; fills *lim. */
static int aead_params(int alg, size_t key_len, size_t tag_len, aead_limits *lim)
{
    (void)key_len; /* unused when every algorithm is compiled out */
    (void)tag_len;
    (void)lim;
    /* TACIT_AEAD_AES_192_CCM is the last value (keeps the Thumb switch small) */
    if (alg < 0 || alg > TACIT_AEAD_AES_192_CCM) {
        return TACIT_ERR_BAD_INPUT;
    }
    switch (alg) {
    case TACIT_AEAD_AES_128_GCM:
    case TACIT_AEAD_AES_192_GCM:
    case TACIT_AEAD_AES_256_GCM:
#if defined(TACIT_GCM_C)
        if (key_len != (size_t)(alg == TACIT_AEAD_AES_128_GCM   ? 16
                                : alg == TACIT_AEAD_AES_192_GCM ? 24
                                                                : 32)) {
            return TACIT_ERR_BAD_INPUT;
        }
        if (tag_len < 12 || tag_len > 16) {
            return TACIT_ERR_BAD_INPUT;
        }
        lim->nonce_min = 1;
#if SIZE_MAX > 0xFFFFFFFFu
        lim->nonce_max = (size_t)1 << 32;
#else
        lim->nonce_max = SIZE_MAX;
#endif
        lim->max_in = GCM_MAX_IN;
        return 0;
#else
        return TACIT_ERR_NOT_SUPPORTED;
#endif
    case TACIT_AEAD_AES_128_CCM:
    case TACIT_AEAD_AES_192_CCM:
    case TACIT_AEAD_AES_256_CCM:
#if defined(TACIT_CCM_C)
        if (key_len != (size_t)(alg == TACIT_AEAD_AES_128_CCM   ? 16
                                : alg == TACIT_AEAD_AES_192_CCM ? 24
                                                                : 32)) {
            return TACIT_ERR_BAD_INPUT;
        }
        if (tag_len < 4 || tag_len > 16 || (tag_len & 1) != 0) {
            return TACIT_ERR_BAD_INPUT;
        }
        lim->nonce_min = 7;
        lim->nonce_max = 13;
        lim->max_in = 0; /* depends on the nonce length: see aead_check */
        return 0;
#else
        return TACIT_ERR_NOT_SUPPORTED;
#endif
    case TACIT_AEAD_CHACHA20_POLY1305:
    case TACIT_AEAD_XCHACHA20_POLY1305:
#if defined(TACIT_CHACHAPOLY_C)
        if (key_len != 32 || tag_len != 16) {
            return TACIT_ERR_BAD_INPUT;
        }
        lim->nonce_min = lim->nonce_max = alg == TACIT_AEAD_CHACHA20_POLY1305 ? 12 : 24;
        lim->max_in = CHACHA_MAX_IN;
        return 0;
#else
        return TACIT_ERR_NOT_SUPPORTED; /* compiled out (TACIT_CHACHAPOLY_C) */
#endif
    default: /* unreachable: every value in range has its case */
        return TACIT_ERR_NOT_SUPPORTED;
    }
}

void tacit_aead_init(tacit_aead_context *ctx)
{
    tacit_aead_free(ctx); /* all zero, no algorithm (and NULL accepted) */
}

int tacit_aead_setkey(tacit_aead_context *ctx, tacit_aead_alg alg, const unsigned char *key,
                      size_t key_len, size_t tag_len)
{
    aead_limits lim;
    int ret;

    if (ctx == NULL || key == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    tag_len += (size_t)(tag_len == 0) * 16; /* 0: the default, 16 */
    ret = aead_params((int)alg, key_len, tag_len, &lim);
    if (ret != 0) {
        return ret;
    }
    tacit_aead_free(ctx); /* the old key, if any, goes first */
    switch (alg) {
#if defined(TACIT_GCM_C)
    case TACIT_AEAD_AES_128_GCM:
    case TACIT_AEAD_AES_192_GCM:
    case TACIT_AEAD_AES_256_GCM:
        ret = tacit_aes_gcm_setkey(ctx->state, key, key_len);
        break;
#endif
#if defined(TACIT_CCM_C)
    case TACIT_AEAD_AES_128_CCM:
    case TACIT_AEAD_AES_192_CCM:
    case TACIT_AEAD_AES_256_CCM:
        ret = tacit_aes_ccm_setkey(ctx->state, key, key_len);
        break;
#endif
#if defined(TACIT_CHACHAPOLY_C)
    case TACIT_AEAD_CHACHA20_POLY1305:
    case TACIT_AEAD_XCHACHA20_POLY1305:
        ret = tacit_chachapoly_aead_setkey(ctx->state, key, key_len);
        break;
#endif
    default:
        ret = TACIT_ERR_NOT_SUPPORTED;
        break;
    }
    if (ret != 0) {
        tacit_aead_free(ctx);
        return ret;
    }
    ctx->alg = (int)alg;
    ctx->key_len = key_len;
    ctx->tag_len = tag_len;
    return 0;
}

/*
 * The checks shared by seal and open (aead_run has checked ctx and out_len);
 * len is the plaintext length, out_need the bytes written to out.  0 or an
 * error; on BUFFER_TOO_SMALL *out_len is the size needed.
 */
static int aead_check(const tacit_aead_context *ctx, const unsigned char *nonce, size_t nonce_len,
                      const unsigned char *aad, size_t aad_len, const unsigned char *in,
                      size_t in_len, size_t len, const unsigned char *out, size_t out_size,
                      size_t out_need, size_t *out_len)
{
    aead_limits lim;
    const unsigned char *src[3];
    size_t rlen[3], i;

    if (aead_params(ctx->alg, ctx->key_len, ctx->tag_len, &lim) != 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (nonce == NULL || nonce_len < lim.nonce_min || nonce_len > lim.nonce_max) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((aad == NULL && aad_len != 0) || (in == NULL && in_len != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (lim.max_in == 0) { /* CCM */
        /* 15 - nonce_len bytes of length field: len < 2^(8 (15 - nonce_len)) */
        size_t lbits = 8 * (15 - nonce_len);
        if (lbits < 64 && ((uint64_t)len >> lbits) != 0) {
            return TACIT_ERR_BAD_INPUT;
        }
    } else if ((uint64_t)len > lim.max_in) {
        return TACIT_ERR_BAD_INPUT;
    }
#if SIZE_MAX > 0xFFFFFFFFu
    if ((ctx->alg == TACIT_AEAD_AES_128_GCM || ctx->alg == TACIT_AEAD_AES_192_GCM ||
         ctx->alg == TACIT_AEAD_AES_256_GCM) &&
        (uint64_t)aad_len > GCM_MAX_AAD) {
        return TACIT_ERR_BAD_INPUT;
    }
#endif
    if (out_need > out_size || (out == NULL && out_need != 0)) {
        *out_len = out_need;
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    /*
     * out overlaps no input (in, the AAD, the nonce), except that out == in
     * (in place): kernels may write out before reading all of them.
     */
    src[0] = in;
    src[1] = aad;
    src[2] = nonce;
    rlen[0] = out == in ? 0 : in_len;
    rlen[1] = aad_len;
    rlen[2] = nonce_len;
    for (i = 0; i < 3; i++) {
        uintptr_t p = (uintptr_t)src[i], o = (uintptr_t)out;
        if (rlen[i] != 0 && out_need != 0 && (o - p < rlen[i] || p - o < out_need)) {
            return TACIT_ERR_BAD_INPUT;
        }
    }
    return 0;
}

/* Run the algorithm's kernel; tag gets the full 16-byte tag. */
static void aead_crypt(const tacit_aead_context *ctx, int enc, const unsigned char *nonce,
                       size_t nonce_len, const unsigned char *aad, size_t aad_len,
                       const unsigned char *in, size_t len, unsigned char *out,
                       unsigned char tag[16])
{
    (void)enc; /* unused when every algorithm is compiled out */
    (void)nonce;
    (void)nonce_len;
    (void)aad;
    (void)aad_len;
    (void)in;
    (void)len;
    (void)out;
    switch (ctx->alg) {
#if defined(TACIT_GCM_C)
    case TACIT_AEAD_AES_128_GCM:
    case TACIT_AEAD_AES_192_GCM:
    case TACIT_AEAD_AES_256_GCM:
        tacit_aes_gcm_crypt(ctx->state, enc, nonce, nonce_len, aad, aad_len, in, len, out, tag);
        break;
#endif
#if defined(TACIT_CCM_C)
    case TACIT_AEAD_AES_128_CCM:
    case TACIT_AEAD_AES_192_CCM:
    case TACIT_AEAD_AES_256_CCM:
        tacit_aes_ccm_crypt(ctx->state, enc, ctx->tag_len, nonce, nonce_len, aad, aad_len, in, len,
                            out, tag);
        break;
#endif
#if defined(TACIT_CHACHAPOLY_C)
    case TACIT_AEAD_CHACHA20_POLY1305:
    case TACIT_AEAD_XCHACHA20_POLY1305:
        tacit_chachapoly_aead_crypt(ctx->state, enc, nonce, nonce_len, aad, aad_len, in, len, out,
                                    tag);
        break;
#endif
    default: /* unreachable: aead_check accepted the algorithm */
        memset(tag, 0, 16);
        break;
    }
}

/*
 * seal (enc != 0) and open in one body: a firmware image that links both
 * carries the checks, the kernel call and the tag handling once.
 */
static int aead_run(const tacit_aead_context *ctx, int enc, const unsigned char *nonce,
                    size_t nonce_len, const unsigned char *aad, size_t aad_len,
                    const unsigned char *in, size_t in_len, unsigned char *out, size_t out_size,
                    size_t *out_len)
{
    unsigned char tag[16];
    size_t len, i;
    int ret, diff = 0;

    if (ctx == NULL || ctx->alg < 0 || out_len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (enc) {
        if (in_len > SIZE_MAX - ctx->tag_len) {
            return TACIT_ERR_BAD_INPUT;
        }
        len = in_len; /* the plaintext; out gets len + tag_len bytes */
    } else {
        /* too short to hold a tag: checked as an empty message, then refused */
        len = in_len < ctx->tag_len ? 0 : in_len - ctx->tag_len;
    }
    ret = aead_check(ctx, nonce, nonce_len, aad, aad_len, in, in_len, len, out, out_size,
                     enc ? len + ctx->tag_len : len, out_len);
    if (ret != 0) {
        return ret;
    }
    if (!enc && in_len < ctx->tag_len) {
        return TACIT_ERR_AUTH_FAILED; /* not an authentic message */
    }
    aead_crypt(ctx, enc, nonce, nonce_len, aad, aad_len, in, len, out, tag);
    if (enc) {
        for (i = 0; i < ctx->tag_len; i++) { /* a loop: no memcpy for firmware images */
            out[len + i] = tag[i];
        }
        len += ctx->tag_len;
    } else {
        /* the verdict is the one intended leak: it is the function's result */
        diff = tacit_ct_memcmp(tag, in + len, ctx->tag_len);
        tacit_ct_declassify(&diff, sizeof(diff));
    }
    tacit_platform_zeroize(tag, sizeof(tag));
    if (diff != 0) {
        /* the plaintext never becomes visible (len may be 0: zeroize accepts it) */
        tacit_platform_zeroize(out, len);
        return TACIT_ERR_AUTH_FAILED;
    }
    *out_len = len;
    return 0;
}

int tacit_aead_seal(const tacit_aead_context *ctx, const unsigned char *nonce, size_t nonce_len,
                    const unsigned char *aad, size_t aad_len, const unsigned char *in,
                    size_t in_len, unsigned char *out, size_t out_size, size_t *out_len)
{
    return aead_run(ctx, 1, nonce, nonce_len, aad, aad_len, in, in_len, out, out_size, out_len);
}

int tacit_aead_open(const tacit_aead_context *ctx, const unsigned char *nonce, size_t nonce_len,
                    const unsigned char *aad, size_t aad_len, const unsigned char *in,
                    size_t in_len, unsigned char *out, size_t out_size, size_t *out_len)
{
    return aead_run(ctx, 0, nonce, nonce_len, aad, aad_len, in, in_len, out, out_size, out_len);
}

void tacit_aead_free(tacit_aead_context *ctx)
{
    if (ctx == NULL) {
        return;
    }
    tacit_platform_zeroize(ctx, sizeof(*ctx));
    ctx->alg = -1;
}

#else  /* TACIT_AEAD_C */
typedef int tacit_aead_translation_unit_not_empty;
#endif /* TACIT_AEAD_C */
