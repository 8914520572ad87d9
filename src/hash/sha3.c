/*
 * SHA-3 and SHAKE (FIPS 202) on the sponge helpers of keccak.c.
 */
#include "tacit/sha3.h"

#if defined(TACIT_SHA3_C)

#include <string.h>

#include "tacit/platform.h"

#include "hash/keccak_internal.h"

#define SHA3_DS 0x06  /* SHA-3 domain bits 01 and the first padding bit */
#define SHAKE_DS 0x1F /* SHAKE domain bits 1111 and the first padding bit */

void tacit_sha3_init(tacit_sha3_context *ctx)
{
    if (ctx != NULL) {
        memset(ctx, 0, sizeof(*ctx));
    }
}

static unsigned sha3_out_len(tacit_md_type type)
{
    switch (type) {
    case TACIT_MD_SHA3_224:
        return TACIT_SHA3_224_SIZE;
    case TACIT_MD_SHA3_256:
        return TACIT_SHA3_256_SIZE;
    case TACIT_MD_SHA3_384:
        return TACIT_SHA3_384_SIZE;
    case TACIT_MD_SHA3_512:
        return TACIT_SHA3_512_SIZE;
    default:
        return 0;
    }
}

int tacit_sha3_starts(tacit_sha3_context *ctx, tacit_md_type type)
{
    unsigned n = sha3_out_len(type);

    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    memset(ctx, 0, sizeof(*ctx));
    if (n == 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    ctx->out_len = n;
    ctx->rate = 200 - 2 * n;
    return 0;
}

int tacit_sha3_update(tacit_sha3_context *ctx, const unsigned char *in, size_t in_len)
{
    if (ctx == NULL || ctx->out_len == 0 || (in == NULL && in_len > 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (in_len > 0) {
        ctx->pos = tacit_keccak_absorb(ctx->state, ctx->pos, ctx->rate, in, in_len);
    }
    return 0;
}

int tacit_sha3_finish(tacit_sha3_context *ctx, unsigned char *out)
{
    unsigned n;

    if (ctx == NULL || ctx->out_len == 0 || out == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    n = ctx->out_len;
    tacit_keccak_pad(ctx->state, ctx->pos, ctx->rate, SHA3_DS);
    tacit_keccak_squeeze(ctx->state, ctx->rate, ctx->rate, out, n);
    /* ready for the next message of the same type */
    memset(ctx->state, 0, sizeof(ctx->state));
    ctx->pos = 0;
    return 0;
}

void tacit_sha3_free(tacit_sha3_context *ctx)
{
    if (ctx != NULL) {
        tacit_platform_zeroize(ctx, sizeof(*ctx));
    }
}

/*
 * One-shots on a bare state (no context to clear, start, finish and wipe):
 * absorb, pad, read the digest, wipe the state.
 */
static int sha3_oneshot(tacit_md_type type, const unsigned char *in, size_t in_len,
                        unsigned char *out)
{
    uint64_t state[25];
    unsigned n = sha3_out_len(type), rate = 200 - 2 * n, pos;

    if ((in == NULL && in_len > 0) || out == NULL || n == 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (tacit_keccak_short(in, in_len, rate, SHA3_DS, out, n)) {
        return 0;
    }
    memset(state, 0, sizeof(state));
    pos = tacit_keccak_absorb(state, 0, rate, in, in_len);
    tacit_keccak_pad(state, pos, rate, SHA3_DS);
    tacit_keccak_squeeze(state, rate, rate, out, n);
    tacit_platform_zeroize(state, sizeof(state));
    return 0;
}

int tacit_sha3_224(const unsigned char *in, size_t in_len, unsigned char *out)
{
    return sha3_oneshot(TACIT_MD_SHA3_224, in, in_len, out);
}

int tacit_sha3_256(const unsigned char *in, size_t in_len, unsigned char *out)
{
    return sha3_oneshot(TACIT_MD_SHA3_256, in, in_len, out);
}

int tacit_sha3_384(const unsigned char *in, size_t in_len, unsigned char *out)
{
    return sha3_oneshot(TACIT_MD_SHA3_384, in, in_len, out);
}

int tacit_sha3_512(const unsigned char *in, size_t in_len, unsigned char *out)
{
    return sha3_oneshot(TACIT_MD_SHA3_512, in, in_len, out);
}

int tacit_shake_init(tacit_shake_context *ctx, tacit_shake_type type)
{
    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    memset(ctx, 0, sizeof(*ctx));
    if (type == TACIT_SHAKE128) {
        ctx->rate = TACIT_SHAKE128_RATE;
    } else if (type == TACIT_SHAKE256) {
        ctx->rate = TACIT_SHAKE256_RATE;
    } else {
        return TACIT_ERR_BAD_INPUT;
    }
    return 0;
}

int tacit_shake_absorb(tacit_shake_context *ctx, const unsigned char *in, size_t in_len)
{
    if (ctx == NULL || ctx->rate == 0 || ctx->out_len != 0 || ctx->squeezing ||
        (in == NULL && in_len > 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (in_len > 0) {
        ctx->pos = tacit_keccak_absorb(ctx->state, ctx->pos, ctx->rate, in, in_len);
    }
    return 0;
}

int tacit_shake_squeeze(tacit_shake_context *ctx, unsigned char *out, size_t out_len)
{
    if (ctx == NULL || ctx->rate == 0 || ctx->out_len != 0 || (out == NULL && out_len > 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (!ctx->squeezing) {
        tacit_keccak_pad(ctx->state, ctx->pos, ctx->rate, SHAKE_DS);
        ctx->pos = ctx->rate;
        ctx->squeezing = 1;
    }
    ctx->pos = tacit_keccak_squeeze(ctx->state, ctx->pos, ctx->rate, out, out_len);
    return 0;
}

void tacit_shake_free(tacit_shake_context *ctx)
{
    tacit_sha3_free(ctx);
}

static int shake_oneshot(unsigned rate, const unsigned char *in, size_t in_len, unsigned char *out,
                         size_t out_len)
{
    uint64_t state[25];
    unsigned pos;

    if ((in == NULL && in_len > 0) || (out == NULL && out_len > 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (tacit_keccak_short(in, in_len, rate, SHAKE_DS, out, out_len)) {
        return 0;
    }
    memset(state, 0, sizeof(state));
    pos = tacit_keccak_absorb(state, 0, rate, in, in_len);
    tacit_keccak_pad(state, pos, rate, SHAKE_DS);
    tacit_keccak_squeeze(state, rate, rate, out, out_len);
    tacit_platform_zeroize(state, sizeof(state));
    return 0;
}

int tacit_shake128(const unsigned char *in, size_t in_len, unsigned char *out, size_t out_len)
{
    return shake_oneshot(TACIT_SHAKE128_RATE, in, in_len, out, out_len);
}

int tacit_shake256(const unsigned char *in, size_t in_len, unsigned char *out, size_t out_len)
{
    return shake_oneshot(TACIT_SHAKE256_RATE, in, in_len, out, out_len);
}

#else
typedef int tacit_sha3_unused;
#endif /* TACIT_SHA3_C */
