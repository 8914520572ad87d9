/*
 * HMAC(K, m) = H((K0 ^ opad) || H((K0 ^ ipad) || m)), K0 = K padded (or
 * hashed, if longer than a block) to the block size.
 */
#include "tacit/hmac.h"

#if defined(TACIT_HMAC_C)

#include <string.h>

#include "tacit/constant_time.h"
#include "tacit/platform.h"
#include "tacit/sha256.h"

#include "hash/hmac_internal.h"
#include "hash/sha_internal.h"

#if defined(TACIT_HMAC256_FAST)
void tacit_hmac256_setkey(tacit_hmac256_key *k, const unsigned char *key, size_t klen)
{
    unsigned char pad[64], kh[32];
    size_t i;

    if (klen > 64) {
        (void)tacit_sha256(key, klen, kh);
        key = kh;
        klen = 32;
    }
    /* K0 ^ ipad: the key's length is public */
    memset(pad, 0x36, sizeof(pad));
    for (i = 0; i < klen; i++) {
        pad[i] ^= key[i];
    }
    memcpy(k->inner, tacit_sha256_iv, sizeof(k->inner));
    tacit_sha256_raw_blocks(k->inner, pad, 1);
    for (i = 0; i < sizeof(pad); i++) {
        pad[i] ^= 0x36 ^ 0x5c;
    }
    memcpy(k->outer, tacit_sha256_iv, sizeof(k->outer));
    tacit_sha256_raw_blocks(k->outer, pad, 1);
    tacit_platform_zeroize(pad, sizeof(pad));
    if (key == kh) {
        tacit_platform_zeroize(kh, sizeof(kh));
    }
}

void tacit_hmac256_mac(const tacit_hmac256_key *k, const unsigned char *a, size_t alen,
                       const unsigned char *b, size_t blen, const unsigned char *c, size_t clen,
                       unsigned char out[32])
{
    uint32_t st[8];
    unsigned char buf[64];
    uint64_t total = 64; /* the K0 ^ ipad block */
    const unsigned char *tail = buf;

    memcpy(st, k->inner, sizeof(st));
    if (blen == 0 && clen == 0) {
        /* one piece: whole blocks and the tail straight from it */
        size_t full = alen & ~(size_t)63;
        if (full > 0) {
            tacit_sha256_raw_blocks(st, a, full / 64);
        }
        total += alen;
        tail = full > 0 ? a + full : a;
    } else {
        if (alen > 0) {
            tacit_sha_block64_update(st, buf, &total, a, alen, tacit_sha256_raw_blocks);
        }
        if (blen > 0) {
            tacit_sha_block64_update(st, buf, &total, b, blen, tacit_sha256_raw_blocks);
        }
        if (clen > 0) {
            tacit_sha_block64_update(st, buf, &total, c, clen, tacit_sha256_raw_blocks);
        }
    }
    tacit_sha256_raw_hmac_final(st, tail, (size_t)(total & 63), total, k->outer, out);
    if (tail == buf) {
        tacit_platform_zeroize(buf, sizeof(buf));
    }
}
#endif

int tacit_hmac_init(tacit_hmac_context *ctx, tacit_md_type type, const unsigned char *key,
                    size_t klen)
{
    unsigned char pad[TACIT_MD_MAX_BLOCK_SIZE], kh[TACIT_MD_MAX_SIZE];
    const unsigned char *k = key;
    size_t bs = tacit_md_block_size(type);
    size_t i;
    int ret = 0;

    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (key == NULL && klen > 0) {
        memset(ctx, 0, sizeof(*ctx));
        return TACIT_ERR_BAD_INPUT;
    }
    if (bs == 0) {
        memset(ctx, 0, sizeof(*ctx));
        return TACIT_ERR_MD_UNSUPPORTED;
    }
    /* Every field is written below (tacit_md_init clears each context): no memset of the whole. */
    if (klen > bs) {
        ret = tacit_md(type, key, klen, kh);
        if (ret != 0) {
            memset(ctx, 0, sizeof(*ctx));
            goto exit;
        }
        k = kh;
        klen = tacit_md_size(type);
    }
    /* K0 ^ ipad; i < klen compares public lengths only */
    for (i = 0; i < bs; i++) {
        pad[i] = (unsigned char)((i < klen ? k[i] : 0) ^ 0x36);
    }
    ret = tacit_md_init(&ctx->inner_start, type);
    if (ret == 0) {
        ret = tacit_md_update(&ctx->inner_start, pad, bs);
    }
    for (i = 0; i < bs; i++) {
        pad[i] ^= 0x36 ^ 0x5c;
    }
    if (ret == 0) {
        ret = tacit_md_init(&ctx->outer_start, type);
    }
    if (ret == 0) {
        ret = tacit_md_update(&ctx->outer_start, pad, bs);
    }
    if (ret == 0) {
        ctx->work = ctx->inner_start;
        ctx->type = type;
    }

exit:
    tacit_platform_zeroize(pad, sizeof(pad));
    tacit_platform_zeroize(kh, sizeof(kh));
    if (ret != 0) {
        tacit_hmac_free(ctx);
    }
    return ret;
}

int tacit_hmac_update(tacit_hmac_context *ctx, const unsigned char *in, size_t in_len)
{
    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    return tacit_md_update(&ctx->work, in, in_len);
}

int tacit_hmac_finish(tacit_hmac_context *ctx, unsigned char *out)
{
    unsigned char inner[TACIT_MD_MAX_SIZE];
    size_t hlen;
    int ret;

    if (ctx == NULL || out == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    hlen = tacit_md_size(ctx->type);
    ret = tacit_md_finish(&ctx->work, inner);
    if (ret == 0) {
        ctx->work = ctx->outer_start;
        ret = tacit_md_update(&ctx->work, inner, hlen);
    }
    if (ret == 0) {
        ret = tacit_md_finish(&ctx->work, out);
    }
    ctx->work = ctx->inner_start;
    tacit_platform_zeroize(inner, sizeof(inner));
    return ret;
}

int tacit_hmac_reset(tacit_hmac_context *ctx)
{
    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (ctx->type == TACIT_MD_NONE) {
        return TACIT_ERR_MD_UNSUPPORTED;
    }
    ctx->work = ctx->inner_start;
    return 0;
}

void tacit_hmac_free(tacit_hmac_context *ctx)
{
    if (ctx != NULL) {
        tacit_platform_zeroize(ctx, sizeof(*ctx));
    }
}

int tacit_hmac(tacit_md_type type, const unsigned char *key, size_t klen, const unsigned char *in,
               size_t in_len, unsigned char *out)
{
    tacit_hmac_context ctx;
    int ret;

    if ((in == NULL && in_len > 0) || out == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
#if defined(TACIT_HMAC256_FAST)
    if (type == TACIT_MD_SHA256) {
        tacit_hmac256_key k;
        if (key == NULL && klen > 0) {
            return TACIT_ERR_BAD_INPUT;
        }
        tacit_hmac256_setkey(&k, key, klen);
        tacit_hmac256_mac(&k, in, in_len, NULL, 0, NULL, 0, out);
        tacit_platform_zeroize(&k, sizeof(k));
        return 0;
    }
#endif
    ret = tacit_hmac_init(&ctx, type, key, klen);
    if (ret == 0) {
        ret = tacit_hmac_update(&ctx, in, in_len);
    }
    if (ret == 0) {
        ret = tacit_hmac_finish(&ctx, out);
    }
    tacit_hmac_free(&ctx);
    return ret;
}

int tacit_hmac_verify(tacit_md_type type, const unsigned char *key, size_t klen,
                      const unsigned char *in, size_t in_len, const unsigned char *tag,
                      size_t taglen)
{
    unsigned char mac[TACIT_MD_MAX_SIZE];
    size_t hlen = tacit_md_size(type);
    /* RFC 2104 section 5: at least half the hash and 80 bits; 128 bits always suffice */
    size_t min = hlen / 2 < 10                       ? 10
                 : hlen / 2 > TACIT_HMAC_MIN_TAG_LEN ? TACIT_HMAC_MIN_TAG_LEN
                                                     : hlen / 2;
    int ret;

    if (tag == NULL && taglen > 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    ret = tacit_hmac(type, key, klen, in, in_len, mac);
    if (ret == 0) {
        if (taglen < min || taglen > hlen || tacit_ct_memcmp(mac, tag, taglen) != 0) {
            ret = TACIT_ERR_VERIFY_FAILED;
        }
    }
    tacit_platform_zeroize(mac, sizeof(mac));
    return ret;
}

#else
typedef int tacit_hmac_unused;
#endif /* TACIT_HMAC_C */
