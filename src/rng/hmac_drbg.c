/*
 * HMAC_DRBG, NIST SP 800-90A Rev. 1 section 10.1.2.
 *
 * State: V (hlen bytes) and K, kept as an HMAC context keyed with K so
 * that the many HMAC_K(...) calls of generate reuse the key schedule.
 * Inputs that the SP concatenates (entropy || nonce || pers) are fed to
 * HMAC piecewise: same result, no buffer to size.
 */
#include "tacit/hmac_drbg.h"

#if defined(TACIT_HMAC_DRBG_C)

#include <string.h>

/*
 * Security strength in bytes (SP 800-57 part 1, table 3, HMAC column capped at 256 bits;
 * SP 800-90A table 2: SHA-512/224 as SHA-224).
 */
static size_t drbg_strength(tacit_md_type md)
{
    switch (md) {
    case TACIT_MD_SHA1:
        return 16;
    case TACIT_MD_SHA224:
    case TACIT_MD_SHA512_224:
        return 24;
    default:
        return 32;
    }
}

/* K = HMAC_K(V || sep || data...); V = HMAC_K(V), for sep = 0 and, if data, 1. */
static int drbg_update(tacit_hmac_drbg_context *ctx, const unsigned char *d1, size_t l1,
                       const unsigned char *d2, size_t l2, const unsigned char *d3, size_t l3)
{
    unsigned char K[TACIT_MD_MAX_SIZE];
    unsigned char sep;
    int rounds = (l1 + l2 + l3 > 0) ? 2 : 1;
    int i, ret = 0;

    for (i = 0; i < rounds && ret == 0; i++) {
        sep = (unsigned char)i;
        ret = tacit_hmac_update(&ctx->hmac, ctx->V, ctx->hlen);
        if (ret == 0)
            ret = tacit_hmac_update(&ctx->hmac, &sep, 1);
        if (ret == 0)
            ret = tacit_hmac_update(&ctx->hmac, d1, l1);
        if (ret == 0)
            ret = tacit_hmac_update(&ctx->hmac, d2, l2);
        if (ret == 0)
            ret = tacit_hmac_update(&ctx->hmac, d3, l3);
        if (ret == 0)
            ret = tacit_hmac_finish(&ctx->hmac, K);
        if (ret == 0)
            ret = tacit_hmac_init(&ctx->hmac, ctx->md, K, ctx->hlen);
        if (ret == 0)
            ret = tacit_hmac_update(&ctx->hmac, ctx->V, ctx->hlen);
        if (ret == 0)
            ret = tacit_hmac_finish(&ctx->hmac, ctx->V);
    }
    tacit_platform_zeroize(K, sizeof(K));
    return ret;
}

/* Wipe the secret state, keep the settings. */
static void drbg_unseed(tacit_hmac_drbg_context *ctx)
{
    int interval = ctx->reseed_interval;
    int pr = ctx->prediction_resistance;

    tacit_platform_zeroize(ctx, sizeof(*ctx));
    ctx->reseed_interval = interval;
    ctx->prediction_resistance = pr;
}

void tacit_hmac_drbg_init(tacit_hmac_drbg_context *ctx)
{
    if (ctx != NULL) {
        memset(ctx, 0, sizeof(*ctx));
        ctx->reseed_interval = TACIT_HMAC_DRBG_RESEED_INTERVAL;
    }
}

void tacit_hmac_drbg_free(tacit_hmac_drbg_context *ctx)
{
    if (ctx != NULL) {
        tacit_platform_zeroize(ctx, sizeof(*ctx));
    }
}

void tacit_hmac_drbg_set_prediction_resistance(tacit_hmac_drbg_context *ctx, int on)
{
    if (ctx != NULL) {
        ctx->prediction_resistance = on != 0;
    }
}

void tacit_hmac_drbg_set_reseed_interval(tacit_hmac_drbg_context *ctx, int interval)
{
    if (ctx != NULL) {
        ctx->reseed_interval = interval < 1 ? 1 : interval;
    }
}

/* SP 800-90A 10.1.2.3 with the inputs in hand. */
static int drbg_instantiate(tacit_hmac_drbg_context *ctx, tacit_md_type md,
                            const unsigned char *entropy, size_t elen, const unsigned char *nonce,
                            size_t nlen, const unsigned char *pers, size_t plen)
{
    unsigned char zeros[TACIT_MD_MAX_SIZE];
    int ret;

    memset(zeros, 0, sizeof(zeros));
    ctx->md = md;
    ctx->hlen = tacit_md_size(md);
    ctx->entropy_len = drbg_strength(md);
    memset(ctx->V, 0x01, ctx->hlen);
    ret = tacit_hmac_init(&ctx->hmac, md, zeros, ctx->hlen);
    if (ret == 0) {
        ret = drbg_update(ctx, entropy, elen, nonce, nlen, pers, plen);
    }
    if (ret != 0) {
        drbg_unseed(ctx);
        return ret;
    }
    ctx->reseed_counter = 1;
    ctx->seeded = 1;
    return 0;
}

static int drbg_check_md(tacit_md_type md)
{
    return tacit_md_size(md) != 0 ? 0 : TACIT_ERR_BAD_INPUT;
}

int tacit_hmac_drbg_seed_buf(tacit_hmac_drbg_context *ctx, tacit_md_type md,
                             const unsigned char *entropy, size_t elen, const unsigned char *nonce,
                             size_t nlen, const unsigned char *pers, size_t plen)
{
    if (ctx == NULL || entropy == NULL || elen == 0 || (nonce == NULL && nlen > 0) ||
        (pers == NULL && plen > 0) || drbg_check_md(md) != 0) {
        if (ctx != NULL) {
            drbg_unseed(ctx);
        }
        return TACIT_ERR_BAD_INPUT;
    }
    drbg_unseed(ctx);
    if (elen > TACIT_HMAC_DRBG_MAX_INPUT || nlen > TACIT_HMAC_DRBG_MAX_INPUT ||
        plen > TACIT_HMAC_DRBG_MAX_INPUT) {
        return TACIT_ERR_DRBG_INPUT_TOO_BIG;
    }
    return drbg_instantiate(ctx, md, entropy, elen, nonce, nlen, pers, plen);
}

int tacit_hmac_drbg_seed(tacit_hmac_drbg_context *ctx, tacit_md_type md,
                         tacit_entropy_func f_entropy, void *p_entropy, const unsigned char *pers,
                         size_t plen)
{
    unsigned char seed[32 + 16]; /* entropy input, then nonce */
    size_t elen, nlen;
    int ret;

    if (ctx == NULL || f_entropy == NULL || (pers == NULL && plen > 0) || drbg_check_md(md) != 0) {
        if (ctx != NULL) {
            drbg_unseed(ctx);
        }
        return TACIT_ERR_BAD_INPUT;
    }
    drbg_unseed(ctx);
    if (plen > TACIT_HMAC_DRBG_MAX_INPUT) {
        return TACIT_ERR_DRBG_INPUT_TOO_BIG;
    }
    elen = drbg_strength(md);
    nlen = elen / 2;
    if (f_entropy(p_entropy, seed, elen) != 0 || f_entropy(p_entropy, seed + elen, nlen) != 0) {
        ret = TACIT_ERR_DRBG_ENTROPY_FAILED;
    } else {
        ret = drbg_instantiate(ctx, md, seed, elen, seed + elen, nlen, pers, plen);
    }
    if (ret == 0) {
        ctx->f_entropy = f_entropy;
        ctx->p_entropy = p_entropy;
    }
    tacit_platform_zeroize(seed, sizeof(seed));
    return ret;
}

/* SP 800-90A 10.1.2.4 with the entropy input in hand. */
static int drbg_reseed_with(tacit_hmac_drbg_context *ctx, const unsigned char *entropy, size_t elen,
                            const unsigned char *additional, size_t alen)
{
    int ret = drbg_update(ctx, entropy, elen, additional, alen, NULL, 0);

    if (ret != 0) {
        drbg_unseed(ctx);
        return ret;
    }
    ctx->reseed_counter = 1;
    return 0;
}

static int drbg_check_additional(const unsigned char *additional, size_t alen)
{
    if (additional == NULL && alen > 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (alen > TACIT_HMAC_DRBG_MAX_INPUT) {
        return TACIT_ERR_DRBG_INPUT_TOO_BIG;
    }
    return 0;
}

/* Reseed from the entropy source (arguments already checked). */
static int drbg_reseed_source(tacit_hmac_drbg_context *ctx, const unsigned char *additional,
                              size_t alen)
{
    unsigned char entropy[32];
    int ret;

    if (ctx->f_entropy == NULL) {
        return TACIT_ERR_DRBG_RESEED_REQUIRED;
    }
    if (ctx->f_entropy(ctx->p_entropy, entropy, ctx->entropy_len) != 0) {
        ret = TACIT_ERR_DRBG_ENTROPY_FAILED;
    } else {
        ret = drbg_reseed_with(ctx, entropy, ctx->entropy_len, additional, alen);
    }
    tacit_platform_zeroize(entropy, sizeof(entropy));
    return ret;
}

int tacit_hmac_drbg_reseed(tacit_hmac_drbg_context *ctx, const unsigned char *additional,
                           size_t alen)
{
    int ret;

    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (!ctx->seeded) {
        return TACIT_ERR_DRBG_NOT_SEEDED;
    }
    ret = drbg_check_additional(additional, alen);
    if (ret != 0) {
        return ret;
    }
    return drbg_reseed_source(ctx, additional, alen);
}

int tacit_hmac_drbg_reseed_buf(tacit_hmac_drbg_context *ctx, const unsigned char *entropy,
                               size_t elen, const unsigned char *additional, size_t alen)
{
    int ret;

    if (ctx == NULL || entropy == NULL || elen == 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (!ctx->seeded) {
        return TACIT_ERR_DRBG_NOT_SEEDED;
    }
    ret = drbg_check_additional(additional, alen);
    if (ret != 0) {
        return ret;
    }
    if (elen > TACIT_HMAC_DRBG_MAX_INPUT) {
        return TACIT_ERR_DRBG_INPUT_TOO_BIG;
    }
    return drbg_reseed_with(ctx, entropy, elen, additional, alen);
}

int tacit_hmac_drbg_generate(tacit_hmac_drbg_context *ctx, unsigned char *out, size_t out_len,
                             const unsigned char *additional, size_t alen)
{
    size_t done, n;
    int ret;

    if (out == NULL && out_len > 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (out_len > 0) {
        memset(out, 0, out_len);
    }
    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (!ctx->seeded) {
        return TACIT_ERR_DRBG_NOT_SEEDED;
    }
    if (out_len > TACIT_HMAC_DRBG_MAX_REQUEST) {
        return TACIT_ERR_DRBG_REQUEST_TOO_BIG;
    }
    ret = drbg_check_additional(additional, alen);
    if (ret != 0) {
        return ret;
    }

    /* 9.3.1 step 7 / 10.1.2.5 step 6: reseed first, consuming the additional input. */
    if (ctx->prediction_resistance || ctx->reseed_counter > ctx->reseed_interval) {
        ret = drbg_reseed_source(ctx, additional, alen);
        if (ret != 0) {
            return ret;
        }
        additional = NULL;
        alen = 0;
    }
    if (alen > 0) {
        ret = drbg_update(ctx, additional, alen, NULL, 0, NULL, 0);
    }
    for (done = 0; ret == 0 && done < out_len; done += n) {
        ret = tacit_hmac_update(&ctx->hmac, ctx->V, ctx->hlen);
        if (ret == 0) {
            ret = tacit_hmac_finish(&ctx->hmac, ctx->V);
        }
        n = out_len - done < ctx->hlen ? out_len - done : ctx->hlen;
        memcpy(out + done, ctx->V, n);
    }
    if (ret == 0) {
        ret = drbg_update(ctx, additional, alen, NULL, 0, NULL, 0);
    }
    if (ret != 0) {
        tacit_platform_zeroize(out, out_len);
        drbg_unseed(ctx);
        return ret;
    }
    ctx->reseed_counter++;
    return 0;
}

int tacit_hmac_drbg_random(void *p_rng, unsigned char *out, size_t len)
{
    size_t done, n;
    int ret = 0;

    if (out == NULL && len > 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (p_rng == NULL) {
        if (out != NULL) {
            memset(out, 0, len);
        }
        return TACIT_ERR_BAD_INPUT;
    }
    if (len == 0) {
        return ((tacit_hmac_drbg_context *)p_rng)->seeded ? 0 : TACIT_ERR_DRBG_NOT_SEEDED;
    }
    for (done = 0; ret == 0 && done < len; done += n) {
        n = len - done;
        if (n > TACIT_HMAC_DRBG_MAX_REQUEST) {
            n = TACIT_HMAC_DRBG_MAX_REQUEST;
        }
        ret = tacit_hmac_drbg_generate((tacit_hmac_drbg_context *)p_rng, out + done, n, NULL, 0);
    }
    if (ret != 0) {
        tacit_platform_zeroize(out, len);
    }
    return ret;
}

#else
typedef int tacit_hmac_drbg_unused;
#endif /* TACIT_HMAC_DRBG_C */
