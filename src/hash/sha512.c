/*
 * SHA-384, SHA-512, SHA-512/224 and SHA-512/256 (FIPS 180-4, sections 6.4
 * and 6.7): one compression function; the initial hash value and the number
 * of output bytes tell them apart.
 *
 * Built like sha256.c: fully unrolled rounds by renaming, a 16-word
 * schedule ring, big-endian loads written as shifts.
 */
#include "tacit/sha512.h"

#if defined(TACIT_SHA512_C)

#include <string.h>

#include "tacit/platform.h"

#include "hash/sha_internal.h"

#define U64(x) UINT64_C(x)

const uint64_t tacit_sha512_k[80] = {
    U64(0x428a2f98d728ae22), U64(0x7137449123ef65cd), U64(0xb5c0fbcfec4d3b2f),
    U64(0xe9b5dba58189dbbc), U64(0x3956c25bf348b538), U64(0x59f111f1b605d019),
    U64(0x923f82a4af194f9b), U64(0xab1c5ed5da6d8118), U64(0xd807aa98a3030242),
    U64(0x12835b0145706fbe), U64(0x243185be4ee4b28c), U64(0x550c7dc3d5ffb4e2),
    U64(0x72be5d74f27b896f), U64(0x80deb1fe3b1696b1), U64(0x9bdc06a725c71235),
    U64(0xc19bf174cf692694), U64(0xe49b69c19ef14ad2), U64(0xefbe4786384f25e3),
    U64(0x0fc19dc68b8cd5b5), U64(0x240ca1cc77ac9c65), U64(0x2de92c6f592b0275),
    U64(0x4a7484aa6ea6e483), U64(0x5cb0a9dcbd41fbd4), U64(0x76f988da831153b5),
    U64(0x983e5152ee66dfab), U64(0xa831c66d2db43210), U64(0xb00327c898fb213f),
    U64(0xbf597fc7beef0ee4), U64(0xc6e00bf33da88fc2), U64(0xd5a79147930aa725),
    U64(0x06ca6351e003826f), U64(0x142929670a0e6e70), U64(0x27b70a8546d22ffc),
    U64(0x2e1b21385c26c926), U64(0x4d2c6dfc5ac42aed), U64(0x53380d139d95b3df),
    U64(0x650a73548baf63de), U64(0x766a0abb3c77b2a8), U64(0x81c2c92e47edaee6),
    U64(0x92722c851482353b), U64(0xa2bfe8a14cf10364), U64(0xa81a664bbc423001),
    U64(0xc24b8b70d0f89791), U64(0xc76c51a30654be30), U64(0xd192e819d6ef5218),
    U64(0xd69906245565a910), U64(0xf40e35855771202a), U64(0x106aa07032bbd1b8),
    U64(0x19a4c116b8d2d0c8), U64(0x1e376c085141ab53), U64(0x2748774cdf8eeb99),
    U64(0x34b0bcb5e19b48a8), U64(0x391c0cb3c5c95a63), U64(0x4ed8aa4ae3418acb),
    U64(0x5b9cca4f7763e373), U64(0x682e6ff3d6b2b8a3), U64(0x748f82ee5defb2fc),
    U64(0x78a5636f43172f60), U64(0x84c87814a1f0ab72), U64(0x8cc702081a6439ec),
    U64(0x90befffa23631e28), U64(0xa4506cebde82bde9), U64(0xbef9a3f7b2c67915),
    U64(0xc67178f2e372532b), U64(0xca273eceea26619c), U64(0xd186b8c721c0c207),
    U64(0xeada7dd6cde0eb1e), U64(0xf57d4f7fee6ed178), U64(0x06f067aa72176fba),
    U64(0x0a637dc5a2c898a6), U64(0x113f9804bef90dae), U64(0x1b710b35131c471b),
    U64(0x28db77f523047d84), U64(0x32caab7b40c72493), U64(0x3c9ebe0a15c9bebc),
    U64(0x431d67c49c100d4c), U64(0x4cc5d4becb3e42b6), U64(0x597f299cfc657e2a),
    U64(0x5fcb6fab3ad6faec), U64(0x6c44198c4a475817),
};

static const uint64_t IV512[8] = {
    U64(0x6a09e667f3bcc908), U64(0xbb67ae8584caa73b), U64(0x3c6ef372fe94f82b),
    U64(0xa54ff53a5f1d36f1), U64(0x510e527fade682d1), U64(0x9b05688c2b3e6c1f),
    U64(0x1f83d9abfb41bd6b), U64(0x5be0cd19137e2179),
};
static const uint64_t IV384[8] = {
    U64(0xcbbb9d5dc1059ed8), U64(0x629a292a367cd507), U64(0x9159015a3070dd17),
    U64(0x152fecd8f70e5939), U64(0x67332667ffc00b31), U64(0x8eb44a8768581511),
    U64(0xdb0c2e0d64f98fa7), U64(0x47b5481dbefa4fa4),
};
/* FIPS 180-4 section 5.3.6.1 (SHA-512/224) and 5.3.6.2 (SHA-512/256) */
static const uint64_t IV512_224[8] = {
    U64(0x8c3d37c819544da2), U64(0x73e1996689dcd4d6), U64(0x1dfab7ae32ff9c82),
    U64(0x679dd514582f9fcf), U64(0x0f6d2b697bd44da8), U64(0x77e36f7304c48942),
    U64(0x3f9d85a86a1d36c8), U64(0x1112e6ad91d692a1),
};
static const uint64_t IV512_256[8] = {
    U64(0x22312194fc2bf72c), U64(0x9f555fa3c84c64c2), U64(0x2393b86b6f53b151),
    U64(0x963877195940eabd), U64(0x96283ee2a88effe3), U64(0xbe5e1e2553863992),
    U64(0x2b0199fc2c85b8aa), U64(0x0eb72ddc81c52ca2),
};

static uint64_t load_be64(const unsigned char *p)
{
    return ((uint64_t)p[0] << 56) | ((uint64_t)p[1] << 48) | ((uint64_t)p[2] << 40) |
           ((uint64_t)p[3] << 32) | ((uint64_t)p[4] << 24) | ((uint64_t)p[5] << 16) |
           ((uint64_t)p[6] << 8) | (uint64_t)p[7];
}

static void store_be64(unsigned char *p, uint64_t x)
{
    int i;

    for (i = 0; i < 8; i++) {
        p[i] = (unsigned char)(x >> (56 - 8 * i));
    }
}

#include "hash/sha512_round.h"

#if defined(TACIT_SHA_COMPACT) || defined(TACIT_TEST_HOOKS)
/* The same compression as one loop over the rounds (see sha_internal.h). */
static void sha512_blocks_compact(uint64_t state[8], const unsigned char *p, size_t nblocks)
{
    uint64_t s[8], w[16], t1, t2;
    int i, j;

    while (nblocks-- > 0) {
        for (i = 0; i < 16; i++) {
            w[i] = load_be64(p + 8 * i);
        }
        for (j = 0; j < 8; j++) {
            s[j] = state[j];
        }
        for (i = 0; i < 80; i++) {
            if (i >= 16) {
                W_NEXT(i);
            }
            t1 = s[7] + BSIG1(s[4]) + CH(s[4], s[5], s[6]) + tacit_sha512_k[i] + w[i & 15];
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
        p += 128;
    }
    tacit_platform_zeroize(s, sizeof(s));
    tacit_platform_zeroize(w, sizeof(w));
}
#endif

#if !defined(TACIT_SHA_COMPACT)
/* Compress nblocks consecutive 128-byte blocks into state: unrolled form. */
TACIT_SHA_INLINE void sha512_blocks_unrolled(uint64_t state[8], const unsigned char *p,
                                             size_t nblocks)
{
    uint64_t a, b, c, d, e, f, g, h, x, y;
    uint64_t w[16];
    int i;

    while (nblocks-- > 0) {
        for (i = 0; i < 16; i++) {
            w[i] = load_be64(p + 8 * i);
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

        ROUNDS8(0, KW_LOAD);
        ROUNDS8(8, KW_LOAD);
        ROUNDS8(16, KW_NEXT);
        ROUNDS8(24, KW_NEXT);
        ROUNDS8(32, KW_NEXT);
        ROUNDS8(40, KW_NEXT);
        ROUNDS8(48, KW_NEXT);
        ROUNDS8(56, KW_NEXT);
        ROUNDS8(64, KW_NEXT);
        ROUNDS8(72, KW_NEXT);

        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        state[4] += e;
        state[5] += f;
        state[6] += g;
        state[7] += h;
        p += 128;
    }
    tacit_platform_zeroize(w, sizeof(w));
}
#endif

#if !defined(TACIT_SHA_COMPACT)
static void sha512_blocks_plain(uint64_t state[8], const unsigned char *p, size_t nblocks)
{
    sha512_blocks_unrolled(state, p, nblocks);
}
#if defined(TACIT_SHA_X86)
/* The same code compiled for BMI2 (see sha_internal.h). */
TACIT_SHA_TARGET_BMI2
static void sha512_blocks_bmi2(uint64_t state[8], const unsigned char *p, size_t nblocks)
{
    sha512_blocks_unrolled(state, p, nblocks);
}
#endif
#endif

/* Compress nblocks consecutive blocks into state with the best back end here. */
static void sha512_blocks(uint64_t state[8], const unsigned char *p, size_t nblocks)
{
#if defined(TACIT_SHA_COMPACT)
    sha512_blocks_compact(state, p, nblocks);
#else
#if defined(TACIT_TEST_HOOKS)
    if (tacit_sha_hook_compact) {
        sha512_blocks_compact(state, p, nblocks);
        return;
    }
#endif
#if defined(TACIT_SHA_X86)
    {
        unsigned cpu = tacit_sha_cpu();
#if defined(__x86_64__)
        if ((cpu & (TACIT_SHA_CPU_AVX2 | TACIT_SHA_CPU_BMI2)) ==
            (TACIT_SHA_CPU_AVX2 | TACIT_SHA_CPU_BMI2)) {
            if (cpu & TACIT_SHA_CPU_AVX512VL) {
                tacit_sha512_avx512_blocks(state, p, nblocks);
            } else {
                tacit_sha512_avx2_blocks(state, p, nblocks);
            }
            return;
        }
#endif
        if (cpu & TACIT_SHA_CPU_BMI2) {
            sha512_blocks_bmi2(state, p, nblocks);
            return;
        }
    }
#endif
    sha512_blocks_plain(state, p, nblocks);
#endif
}

void tacit_sha512_init(tacit_sha512_context *ctx)
{
    if (ctx != NULL) {
        memset(ctx, 0, sizeof(*ctx));
    }
}

void tacit_sha512_free(tacit_sha512_context *ctx)
{
    if (ctx != NULL) {
        tacit_platform_zeroize(ctx, sizeof(*ctx));
    }
}

int tacit_sha512_starts(tacit_sha512_context *ctx, int is384)
{
    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    memcpy(ctx->state, is384 ? IV384 : IV512, sizeof(ctx->state));
    ctx->total = 0;
    ctx->out_len = is384 ? TACIT_SHA384_SIZE : TACIT_SHA512_SIZE;
    return 0;
}

int tacit_sha512t_starts(tacit_sha512_context *ctx, unsigned t)
{
    if (ctx == NULL || (t != 224 && t != 256)) {
        return TACIT_ERR_BAD_INPUT;
    }
    memcpy(ctx->state, t == 224 ? IV512_224 : IV512_256, sizeof(ctx->state));
    ctx->total = 0;
    ctx->out_len = t / 8;
    return 0;
}

int tacit_sha512_update(tacit_sha512_context *ctx, const unsigned char *in, size_t in_len)
{
    size_t used, fill;

    if (ctx == NULL || (in == NULL && in_len > 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (in_len == 0) {
        return 0; /* in may be NULL */
    }
    used = (size_t)(ctx->total & 127);
    ctx->total += in_len;
    if (used > 0) {
        fill = 128 - used;
        if (in_len < fill) {
            memcpy(ctx->buffer + used, in, in_len);
            return 0;
        }
        memcpy(ctx->buffer + used, in, fill);
        sha512_blocks(ctx->state, ctx->buffer, 1);
        in += fill;
        in_len -= fill;
    }
    if (in_len >= 128) {
        sha512_blocks(ctx->state, in, in_len / 128);
        in += in_len & ~(size_t)127;
        in_len &= 127;
    }
    if (in_len > 0) {
        memcpy(ctx->buffer, in, in_len);
    }
    return 0;
}

/* 0x80 then zeros: the padding is copied, not built byte by byte (no rep stos either). */
static const unsigned char PAD512[128] = { 0x80 }; /* at most 128 bytes are copied */

/*
 * Pad the last tail_len (< 128) bytes of a message of total bytes,
 * compress, write out_len (28, 32, 48 or 64) bytes: the first out_len
 * bytes of the big-endian state; the stack copy of the tail is
 * wiped.  Only lengths decide what happens.
 */
static void sha512_final(uint64_t state[8], const unsigned char *tail, size_t tail_len,
                         uint64_t total, unsigned char *out, size_t out_len)
{
    unsigned char blk[256];
    size_t nb = tail_len < 112 ? 128 : 256, i;

    if (tail_len > 0) {
        memcpy(blk, tail, tail_len);
    }
    memcpy(blk + tail_len, PAD512, nb - 16 - tail_len);
    /* 128-bit message length in bits: total fits in 64 bits of bytes. */
    store_be64(blk + nb - 16, total >> 61);
    store_be64(blk + nb - 8, total << 3);
    sha512_blocks(state, blk, nb / 128);
    for (i = 0; i < out_len / 8; i++) {
        store_be64(out + 8 * i, state[i]);
    }
    if ((out_len & 7) != 0) { /* SHA-512/224: the high half of word 3 */
        for (i = 0; i < (out_len & 7); i++) {
            out[(out_len & ~(size_t)7) + i] = (unsigned char)(state[out_len / 8] >> (56 - 8 * i));
        }
    }
    tacit_platform_zeroize(blk, nb);
}

int tacit_sha512_finish(tacit_sha512_context *ctx, unsigned char *out)
{
    if (ctx == NULL || out == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    sha512_final(ctx->state, ctx->buffer, (size_t)(ctx->total & 127), ctx->total, out,
                 ctx->out_len);
    return 0;
}

/* No context: whole blocks straight from the input, then the padded tail. */
static int sha512_oneshot(const unsigned char *in, size_t ilen, unsigned char *out,
                          const uint64_t iv[8], size_t out_len)
{
    uint64_t state[8];
    size_t full = ilen & ~(size_t)127;

    if ((in == NULL && ilen > 0) || out == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    memcpy(state, iv, sizeof(state));
    if (full > 0) {
        sha512_blocks(state, in, full / 128);
    }
    sha512_final(state, full > 0 ? in + full : in, ilen - full, (uint64_t)ilen, out, out_len);
    if (out_len != TACIT_SHA512_SIZE) {
        /* SHA-512's state ends as its digest; the truncated ones keep words they do not print */
        tacit_platform_zeroize(state, sizeof(state));
    }
    return 0;
}

int tacit_sha512(const unsigned char *in, size_t in_len, unsigned char *out)
{
    return sha512_oneshot(in, in_len, out, IV512, TACIT_SHA512_SIZE);
}

int tacit_sha384(const unsigned char *in, size_t in_len, unsigned char *out)
{
    return sha512_oneshot(in, in_len, out, IV384, TACIT_SHA384_SIZE);
}

int tacit_sha512_224(const unsigned char *in, size_t in_len, unsigned char *out)
{
    return sha512_oneshot(in, in_len, out, IV512_224, TACIT_SHA512_224_SIZE);
}

int tacit_sha512_256(const unsigned char *in, size_t in_len, unsigned char *out)
{
    return sha512_oneshot(in, in_len, out, IV512_256, TACIT_SHA512_256_SIZE);
}

#else
typedef int tacit_sha512_unused;
#endif /* TACIT_SHA512_C */
