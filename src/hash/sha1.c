/*
 * SHA-1 (FIPS 180-4, section 6.1) -- legacy, see sha1.h.
 *
 * 80 unrolled rounds renaming the five working variables; the schedule is
 * a 16-word ring.
 */
#include "tacit/sha1.h"

#if defined(TACIT_SHA1_C)

#include <string.h>

#include "tacit/platform.h"

#include "hash/sha_internal.h"

static uint32_t load_be32(const unsigned char *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

static void store_be32(unsigned char *p, uint32_t x)
{
    p[0] = (unsigned char)(x >> 24);
    p[1] = (unsigned char)(x >> 16);
    p[2] = (unsigned char)(x >> 8);
    p[3] = (unsigned char)x;
}

#define ROL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))
#define F_CH(b, c, d) ((d) ^ ((b) & ((c) ^ (d))))
#define F_PARITY(b, c, d) ((b) ^ (c) ^ (d))
#define F_MAJ(b, c, d) (((b) & (c)) | ((d) & ((b) | (c))))

#define W_LOAD(i) w[i]
#define W_NEXT(i)                                                                                  \
    (w[(i)&15] = ROL(w[((i)-3) & 15] ^ w[((i)-8) & 15] ^ w[((i)-14) & 15] ^ w[(i)&15], 1))

#define ROUND(a, b, c, d, e, F, k, i, W)                                                           \
    do {                                                                                           \
        (e) += ROL(a, 5) + F(b, c, d) + (k) + W(i);                                                \
        (b) = ROL(b, 30);                                                                          \
    } while (0)

#define ROUNDS5(i, F, k, W)                                                                        \
    ROUND(a, b, c, d, e, F, k, (i) + 0, W);                                                        \
    ROUND(e, a, b, c, d, F, k, (i) + 1, W);                                                        \
    ROUND(d, e, a, b, c, F, k, (i) + 2, W);                                                        \
    ROUND(c, d, e, a, b, F, k, (i) + 3, W);                                                        \
    ROUND(b, c, d, e, a, F, k, (i) + 4, W)

#define K0 UINT32_C(0x5a827999)
#define K1 UINT32_C(0x6ed9eba1)
#define K2 UINT32_C(0x8f1bbcdc)
#define K3 UINT32_C(0xca62c1d6)

#if defined(TACIT_SHA_COMPACT) || defined(TACIT_TEST_HOOKS)
/* The same compression as one loop over the rounds (see sha_internal.h). */
static void sha1_blocks_compact(uint32_t state[5], const unsigned char *p, size_t nblocks)
{
    uint32_t s[5], w[16], f, k, t;
    int i;

    while (nblocks-- > 0) {
        for (i = 0; i < 16; i++) {
            w[i] = load_be32(p + 4 * i);
        }
        for (i = 0; i < 5; i++) {
            s[i] = state[i];
        }
        for (i = 0; i < 80; i++) {
            if (i >= 16) {
                W_NEXT(i);
            }
            if (i < 20) {
                f = F_CH(s[1], s[2], s[3]);
                k = K0;
            } else if (i < 40) {
                f = F_PARITY(s[1], s[2], s[3]);
                k = K1;
            } else if (i < 60) {
                f = F_MAJ(s[1], s[2], s[3]);
                k = K2;
            } else {
                f = F_PARITY(s[1], s[2], s[3]);
                k = K3;
            }
            t = ROL(s[0], 5) + f + s[4] + k + w[i & 15];
            s[4] = s[3];
            s[3] = s[2];
            s[2] = ROL(s[1], 30);
            s[1] = s[0];
            s[0] = t;
        }
        for (i = 0; i < 5; i++) {
            state[i] += s[i];
        }
        p += 64;
    }
    tacit_platform_zeroize(s, sizeof(s));
    tacit_platform_zeroize(w, sizeof(w));
}
#endif

#if !defined(TACIT_SHA_COMPACT)
/* Compress nblocks consecutive 64-byte blocks into state: unrolled form. */
TACIT_SHA_INLINE void sha1_blocks_unrolled(uint32_t state[5], const unsigned char *p,
                                           size_t nblocks)
{
    uint32_t a, b, c, d, e;
    uint32_t w[16];
    int i;

    while (nblocks-- > 0) {
        for (i = 0; i < 16; i++) {
            w[i] = load_be32(p + 4 * i);
        }
        a = state[0];
        b = state[1];
        c = state[2];
        d = state[3];
        e = state[4];

        ROUNDS5(0, F_CH, K0, W_LOAD);
        ROUNDS5(5, F_CH, K0, W_LOAD);
        ROUNDS5(10, F_CH, K0, W_LOAD);
        /* round 15 still uses a loaded word, 16..19 the schedule */
        ROUND(a, b, c, d, e, F_CH, K0, 15, W_LOAD);
        ROUND(e, a, b, c, d, F_CH, K0, 16, W_NEXT);
        ROUND(d, e, a, b, c, F_CH, K0, 17, W_NEXT);
        ROUND(c, d, e, a, b, F_CH, K0, 18, W_NEXT);
        ROUND(b, c, d, e, a, F_CH, K0, 19, W_NEXT);
        ROUNDS5(20, F_PARITY, K1, W_NEXT);
        ROUNDS5(25, F_PARITY, K1, W_NEXT);
        ROUNDS5(30, F_PARITY, K1, W_NEXT);
        ROUNDS5(35, F_PARITY, K1, W_NEXT);
        ROUNDS5(40, F_MAJ, K2, W_NEXT);
        ROUNDS5(45, F_MAJ, K2, W_NEXT);
        ROUNDS5(50, F_MAJ, K2, W_NEXT);
        ROUNDS5(55, F_MAJ, K2, W_NEXT);
        ROUNDS5(60, F_PARITY, K3, W_NEXT);
        ROUNDS5(65, F_PARITY, K3, W_NEXT);
        ROUNDS5(70, F_PARITY, K3, W_NEXT);
        ROUNDS5(75, F_PARITY, K3, W_NEXT);

        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        state[4] += e;
        p += 64;
    }
    tacit_platform_zeroize(w, sizeof(w));
}
#endif

#if !defined(TACIT_SHA_COMPACT)
static void sha1_blocks_plain(uint32_t state[5], const unsigned char *p, size_t nblocks)
{
    sha1_blocks_unrolled(state, p, nblocks);
}
#if defined(TACIT_SHA_X86)
/* The same code compiled for BMI2 (see sha_internal.h). */
TACIT_SHA_TARGET_BMI2
static void sha1_blocks_bmi2(uint32_t state[5], const unsigned char *p, size_t nblocks)
{
    sha1_blocks_unrolled(state, p, nblocks);
}
#endif
#endif

/* Compress nblocks consecutive blocks into state with the best back end here. */
static void sha1_blocks(uint32_t state[5], const unsigned char *p, size_t nblocks)
{
#if defined(TACIT_SHA_COMPACT)
    sha1_blocks_compact(state, p, nblocks);
#else
#if defined(TACIT_TEST_HOOKS)
    if (tacit_sha_hook_compact) {
        sha1_blocks_compact(state, p, nblocks);
        return;
    }
#endif
#if defined(TACIT_SHA_X86)
    if (tacit_sha_cpu() & TACIT_SHA_CPU_BMI2) {
        sha1_blocks_bmi2(state, p, nblocks);
        return;
    }
#endif
    sha1_blocks_plain(state, p, nblocks);
#endif
}

void tacit_sha1_init(tacit_sha1_context *ctx)
{
    if (ctx != NULL) {
        memset(ctx, 0, sizeof(*ctx));
    }
}

void tacit_sha1_free(tacit_sha1_context *ctx)
{
    if (ctx != NULL) {
        tacit_platform_zeroize(ctx, sizeof(*ctx));
    }
}

int tacit_sha1_starts(tacit_sha1_context *ctx)
{
    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    ctx->state[0] = 0x67452301;
    ctx->state[1] = 0xefcdab89;
    ctx->state[2] = 0x98badcfe;
    ctx->state[3] = 0x10325476;
    ctx->state[4] = 0xc3d2e1f0;
    ctx->total = 0;
    return 0;
}

int tacit_sha1_update(tacit_sha1_context *ctx, const unsigned char *in, size_t in_len)
{
    if (ctx == NULL || (in == NULL && in_len > 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (in_len == 0) {
        return 0; /* in may be NULL */
    }
    tacit_sha_block64_update(ctx->state, ctx->buffer, &ctx->total, in, in_len, sha1_blocks);
    return 0;
}

int tacit_sha1_finish(tacit_sha1_context *ctx, unsigned char *out)
{
    size_t used, i;
    uint64_t bits;

    if (ctx == NULL || out == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    used = (size_t)(ctx->total & 63);
    bits = ctx->total << 3;
    ctx->buffer[used++] = 0x80;
    if (used > 56) {
        memset(ctx->buffer + used, 0, 64 - used);
        sha1_blocks(ctx->state, ctx->buffer, 1);
        used = 0;
    }
    memset(ctx->buffer + used, 0, 56 - used);
    store_be32(ctx->buffer + 56, (uint32_t)(bits >> 32));
    store_be32(ctx->buffer + 60, (uint32_t)bits);
    sha1_blocks(ctx->state, ctx->buffer, 1);

    for (i = 0; i < 5; i++) {
        store_be32(out + 4 * i, ctx->state[i]);
    }
    return 0;
}

int tacit_sha1(const unsigned char *in, size_t in_len, unsigned char *out)
{
    tacit_sha1_context ctx;
    int ret;

    if ((in == NULL && in_len > 0) || out == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    tacit_sha1_init(&ctx);
    ret = tacit_sha1_starts(&ctx);
    if (ret == 0) {
        ret = tacit_sha1_update(&ctx, in, in_len);
    }
    if (ret == 0) {
        ret = tacit_sha1_finish(&ctx, out);
    }
    tacit_sha1_free(&ctx);
    return ret;
}

#else
typedef int tacit_sha1_unused;
#endif /* TACIT_SHA1_C */
