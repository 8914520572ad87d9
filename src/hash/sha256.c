/*
 * SHA-224 and SHA-256 (FIPS 180-4, section 6.2).
 *
 * Speed comes from the compression function: all 64 rounds are unrolled by
 * macros that rename the eight working variables instead of moving them,
 * the message schedule is a 16-word ring the compiler keeps in registers or
 * on the stack with constant offsets, and big-endian loads are written as
 * shifts that compilers turn into a single load + bswap.
 */
#include "tacit/sha256.h"

#if defined(TACIT_SHA256_C)

#include <string.h>

#include "tacit/platform.h"

#include "hash/sha_internal.h"

static const uint32_t K256[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

const uint32_t tacit_sha256_iv[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};
static const uint32_t IV224[8] = {
    0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
};

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

#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
/*
 * The sigmas with nested rotations: ROR(x ^ ROR(x ^ ROR(x, c), b), a)
 * equals ROR(x, a) ^ ROR(x, a + b) ^ ROR(x, a + b + c) but needs one live
 * temporary instead of three (fewer register copies on two-operand ISAs).
 */
#define BSIG0(x) ROR((x) ^ ROR((x) ^ ROR(x, 9), 11), 2)   /* 2, 13, 22 */
#define BSIG1(x) ROR((x) ^ ROR((x) ^ ROR(x, 14), 5), 6)   /* 6, 11, 25 */
#define SSIG0(x) (ROR((x) ^ ROR(x, 11), 7) ^ ((x) >> 3))  /* 7, 18; 3 */
#define SSIG1(x) (ROR((x) ^ ROR(x, 2), 17) ^ ((x) >> 10)) /* 17, 19; 10 */
#define CH(e, f, g) ((g) ^ ((e) & ((f) ^ (g))))

/* Schedule word i (i >= 16) computed in place in the 16-word ring. */
#define W_LOAD(i) w[i]
#define W_NEXT(i) (w[(i)&15] += SSIG1(w[((i)-2) & 15]) + w[((i)-7) & 15] + SSIG0(w[((i)-15) & 15]))

/*
 * One round.  Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)), and this round's
 * b ^ c is the previous round's a ^ b: ab and bc alternate between two
 * variables so each round computes one XOR for Maj instead of two.
 */
#define ROUND(a, b, c, d, e, f, g, h, i, W, ab, bc)                                                \
    do {                                                                                           \
        uint32_t t1_ = (h) + BSIG1(e) + CH(e, f, g) + K256[i] + W(i);                              \
        (ab) = (a) ^ (b);                                                                          \
        (d) += t1_;                                                                                \
        (h) = t1_ + BSIG0(a) + ((b) ^ ((ab) & (bc)));                                              \
    } while (0)

/* Eight rounds; after them the variables are back in their original roles. */
#define ROUNDS8(i, W)                                                                              \
    ROUND(a, b, c, d, e, f, g, h, (i) + 0, W, x, y);                                               \
    ROUND(h, a, b, c, d, e, f, g, (i) + 1, W, y, x);                                               \
    ROUND(g, h, a, b, c, d, e, f, (i) + 2, W, x, y);                                               \
    ROUND(f, g, h, a, b, c, d, e, (i) + 3, W, y, x);                                               \
    ROUND(e, f, g, h, a, b, c, d, (i) + 4, W, x, y);                                               \
    ROUND(d, e, f, g, h, a, b, c, (i) + 5, W, y, x);                                               \
    ROUND(c, d, e, f, g, h, a, b, (i) + 6, W, x, y);                                               \
    ROUND(b, c, d, e, f, g, h, a, (i) + 7, W, y, x)

#if defined(TACIT_SHA_COMPACT) || defined(TACIT_TEST_HOOKS)
/* The same compression as one loop over the rounds (see sha_internal.h). */
static void sha256_blocks_compact(uint32_t state[8], const unsigned char *p, size_t nblocks)
{
    uint32_t s[8], w[16], t1, t2;
    int i, j;

    while (nblocks-- > 0) {
        for (i = 0; i < 16; i++) {
            w[i] = load_be32(p + 4 * i);
        }
        for (j = 0; j < 8; j++) {
            s[j] = state[j];
        }
        for (i = 0; i < 64; i++) {
            if (i >= 16) {
                W_NEXT(i);
            }
            t1 = s[7] + BSIG1(s[4]) + CH(s[4], s[5], s[6]) + K256[i] + w[i & 15];
            t2 = BSIG0(s[0]) + ((s[0] & s[1]) | (s[2] & (s[0] | s[1])));
            for (j = 7; j > 0; j--) {
                s[j] = s[j - 1];
            }
            s[4] += t1;
            s[0] = t1 + t2;
        }
        for (j = 0; j < 8; j++) {
            state[j] += s[j];
        }
        p += 64;
    }
    tacit_platform_zeroize(s, sizeof(s));
    tacit_platform_zeroize(w, sizeof(w));
}
#endif

#if !defined(TACIT_SHA_COMPACT)
/* Compress nblocks consecutive 64-byte blocks into state: unrolled form. */
TACIT_SHA_INLINE void sha256_blocks_unrolled(uint32_t state[8], const unsigned char *p,
                                             size_t nblocks)
{
    uint32_t a, b, c, d, e, f, g, h, x, y;
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
        f = state[5];
        g = state[6];
        h = state[7];
        y = b ^ c;

        ROUNDS8(0, W_LOAD);
        ROUNDS8(8, W_LOAD);
        ROUNDS8(16, W_NEXT);
        ROUNDS8(24, W_NEXT);
        ROUNDS8(32, W_NEXT);
        ROUNDS8(40, W_NEXT);
        ROUNDS8(48, W_NEXT);
        ROUNDS8(56, W_NEXT);

        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        state[4] += e;
        state[5] += f;
        state[6] += g;
        state[7] += h;
        p += 64;
    }
    /* The schedule words are a function of the (possibly secret) message. */
    tacit_platform_zeroize(w, sizeof(w));
}
#endif

#if !defined(TACIT_SHA_COMPACT)
static void sha256_blocks_plain(uint32_t state[8], const unsigned char *p, size_t nblocks)
{
    sha256_blocks_unrolled(state, p, nblocks);
}
#if defined(TACIT_SHA_X86)
/* The same code compiled for BMI2 (see sha_internal.h). */
TACIT_SHA_TARGET_BMI2
static void sha256_blocks_bmi2(uint32_t state[8], const unsigned char *p, size_t nblocks)
{
    sha256_blocks_unrolled(state, p, nblocks);
}
#endif
#endif

/* The features the kernels below may use (asked once per call, passed down). */
static unsigned sha256_cpu(void)
{
#if defined(TACIT_SHA_X86)
    return tacit_sha_cpu();
#else
    return 0;
#endif
}

/* Compress nblocks consecutive blocks into state with the best back end for cpu. */
static void sha256_blocks_cpu(unsigned cpu, uint32_t state[8], const unsigned char *p,
                              size_t nblocks)
{
    (void)cpu;
#if defined(TACIT_SHA_X86)
    if (cpu & TACIT_SHA_CPU_SHANI) {
        tacit_sha256_shani_blocks(state, p, nblocks);
        return;
    }
#endif
#if defined(TACIT_SHA_COMPACT)
    sha256_blocks_compact(state, p, nblocks);
#else
#if defined(TACIT_TEST_HOOKS)
    if (tacit_sha_hook_compact) {
        sha256_blocks_compact(state, p, nblocks);
        return;
    }
#endif
#if defined(TACIT_SHA_X86)
    if (cpu & TACIT_SHA_CPU_BMI2) {
        sha256_blocks_bmi2(state, p, nblocks);
        return;
    }
#endif
    sha256_blocks_plain(state, p, nblocks);
#endif
}

static void sha256_blocks(uint32_t state[8], const unsigned char *p, size_t nblocks)
{
    sha256_blocks_cpu(sha256_cpu(), state, p, nblocks);
}

void tacit_sha256_init(tacit_sha256_context *ctx)
{
    if (ctx != NULL) {
        memset(ctx, 0, sizeof(*ctx));
    }
}

void tacit_sha256_free(tacit_sha256_context *ctx)
{
    if (ctx != NULL) {
        tacit_platform_zeroize(ctx, sizeof(*ctx));
    }
}

int tacit_sha256_starts(tacit_sha256_context *ctx, int is224)
{
    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    memcpy(ctx->state, is224 ? IV224 : tacit_sha256_iv, sizeof(ctx->state));
    ctx->total = 0;
    ctx->is224 = is224 != 0;
    return 0;
}

int tacit_sha256_update(tacit_sha256_context *ctx, const unsigned char *in, size_t in_len)
{
    if (ctx == NULL || (in == NULL && in_len > 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (in_len == 0) {
        return 0; /* in may be NULL */
    }
    tacit_sha_block64_update(ctx->state, ctx->buffer, &ctx->total, in, in_len, sha256_blocks);
    return 0;
}

void tacit_sha256_raw_blocks(uint32_t state[8], const unsigned char *p, size_t nblocks)
{
    sha256_blocks(state, p, nblocks);
}

/* 0x80 then zeros: the padding is copied, not built byte by byte (no rep stos either). */
static const unsigned char PAD[64] = { 0x80 }; /* at most 64 bytes are copied */

/* The padded final block(s) of a tail_len-byte tail of a total-byte message; returns 64 or 128. */
static size_t pad_final(unsigned char blk[128], const unsigned char *tail, size_t tail_len,
                        uint64_t total)
{
    size_t nb = tail_len < 56 ? 64 : 128;
    uint64_t bits = total << 3;

    if (tail_len > 0) {
        memcpy(blk, tail, tail_len);
    }
    memcpy(blk + tail_len, PAD, nb - 8 - tail_len);
    store_be32(blk + nb - 8, (uint32_t)(bits >> 32));
    store_be32(blk + nb - 4, (uint32_t)bits);
    return nb;
}

static void sha256_final_cpu(unsigned cpu, uint32_t state[8], const unsigned char *tail,
                             size_t tail_len, uint64_t total, unsigned char *out, size_t out_len)
{
    unsigned char blk[128];
    size_t nb, i;

#if defined(TACIT_SHA_X86)
    if (cpu & TACIT_SHA_CPU_SHANI) {
        tacit_sha256_shani_digest(state, state, tail, tail_len, total, out, out_len);
        return;
    }
#endif
    nb = pad_final(blk, tail, tail_len, total);
    sha256_blocks_cpu(cpu, state, blk, nb / 64);
    for (i = 0; i < 7; i++) {
        store_be32(out + 4 * i, state[i]);
    }
    if (out_len == 32) {
        store_be32(out + 28, state[7]);
    }
    tacit_platform_zeroize(blk, nb);
}

void tacit_sha256_raw_final(uint32_t state[8], const unsigned char *tail, size_t tail_len,
                            uint64_t total, unsigned char *out, size_t out_len)
{
    sha256_final_cpu(sha256_cpu(), state, tail, tail_len, total, out, out_len);
}

#if !defined(TACIT_SHA_COMPACT) /* hmac_internal.h: not in size-first builds */
void tacit_sha256_raw_hmac_final(uint32_t state[8], const unsigned char *tail, size_t tail_len,
                                 uint64_t total, const uint32_t outer[8], unsigned char out[32])
{
    unsigned char inner[32];
    uint32_t st[8];
    unsigned cpu = sha256_cpu();

#if defined(TACIT_SHA_X86)
    if (cpu & TACIT_SHA_CPU_SHANI) {
        tacit_sha256_shani_hmac_final(state, tail, tail_len, total, outer, out);
        tacit_platform_zeroize(state, 32);
        return;
    }
#endif
    sha256_final_cpu(cpu, state, tail, tail_len, total, inner, 32);
    memcpy(st, outer, sizeof(st));
    sha256_final_cpu(cpu, st, inner, 32, 64 + 32, out, 32);
    tacit_platform_zeroize(inner, sizeof(inner));
    tacit_platform_zeroize(state, 32);
}
#endif

int tacit_sha256_finish(tacit_sha256_context *ctx, unsigned char *out)
{
    if (ctx == NULL || out == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    tacit_sha256_raw_final(ctx->state, ctx->buffer, (size_t)(ctx->total & 63), ctx->total, out,
                           ctx->is224 ? 28 : 32);
    return 0;
}

/* No context: whole blocks straight from the input, then the padded tail. */
static int sha256_oneshot(const unsigned char *in, size_t ilen, unsigned char *out, int is224)
{
    uint32_t state[8];
    size_t full = ilen & ~(size_t)63;
    unsigned cpu;

    if ((in == NULL && ilen > 0) || out == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    cpu = sha256_cpu();
#if defined(TACIT_SHA_X86)
    if (cpu & TACIT_SHA_CPU_SHANI) {
        /* everything in registers: no state, no padded copy to wipe */
        tacit_sha256_shani_digest(is224 ? IV224 : tacit_sha256_iv, NULL, in, ilen, (uint64_t)ilen,
                                  out, is224 ? 28 : 32);
        return 0;
    }
#endif
    memcpy(state, is224 ? IV224 : tacit_sha256_iv, sizeof(state));
    if (full > 0) {
        sha256_blocks_cpu(cpu, state, in, full / 64);
    }
    /* state ends as the digest: nothing secret is left in it */
    sha256_final_cpu(cpu, state, full > 0 ? in + full : in, ilen - full, (uint64_t)ilen, out,
                     is224 ? 28 : 32);
    return 0;
}

int tacit_sha256(const unsigned char *in, size_t in_len, unsigned char *out)
{
    return sha256_oneshot(in, in_len, out, 0);
}

int tacit_sha224(const unsigned char *in, size_t in_len, unsigned char *out)
{
    return sha256_oneshot(in, in_len, out, 1);
}

#else
typedef int tacit_sha256_unused;
#endif /* TACIT_SHA256_C */
