/*
 * Poly1305 (RFC 8439 §2.5), portable C: radix 2^64 with 128-bit products
 * (poly1305_r64.h) on 64-bit targets, radix 2^26 with 32x32->64 products on
 * 32-bit ones (Cortex-M: UMULL and UMLAL).  The final reduction and the
 * choice between h and h - p are done with masks.
 */
#include "chacha/chacha_internal.h"

#if defined(TACIT_CHACHAPOLY_C)

#include <string.h>

#include "core/constant_time_internal.h"
#include "tacit/platform.h"
#include "chacha/poly1305_r64.h"

#if defined(TACIT_POLY1305_R64)

void tacit_poly1305_init(tacit_poly1305_state *ps, const unsigned char key[32])
{
    ps->h[0] = ps->h[1] = ps->h[2] = 0;
    ps->r[0] = tacit_poly_load64(key) & 0x0ffffffc0fffffffu;
    ps->r[1] = tacit_poly_load64(key + 8) & 0x0ffffffc0ffffffcu;
    ps->pad[0] = tacit_poly_load64(key + 16);
    ps->pad[1] = tacit_poly_load64(key + 24);
}

void tacit_poly1305_blocks_c(tacit_poly1305_state *ps, const unsigned char *m, size_t nblocks,
                             uint32_t hibit)
{
    tacit_poly_blocks_r64(ps, m, nblocks, hibit);
}

static void poly_final(tacit_poly1305_state *ps, unsigned char tag[16])
{
    uint64_t h0 = ps->h[0], h1 = ps->h[1], h2 = ps->h[2], g0, g1, g2, c, mask;
    int i;

    /* g = h + 5; h >= p exactly when g reaches 2^130 (h < 2^131 - 5 here) */
    g0 = h0 + 5;
    c = g0 < 5;
    g1 = h1 + c;
    c = g1 < c;
    g2 = h2 + c;
    mask = tacit_ct_barrier_u64(0 - (g2 >> 2));
    h0 = (h0 & ~mask) | (g0 & mask);
    h1 = (h1 & ~mask) | (g1 & mask);
    /* + s mod 2^128 */
    h0 += ps->pad[0];
    c = h0 < ps->pad[0];
    h1 += ps->pad[1] + c;
    for (i = 0; i < 8; i++) {
        tag[i] = (unsigned char)(h0 >> (8 * i));
        tag[8 + i] = (unsigned char)(h1 >> (8 * i));
    }
}

#else /* radix 2^26 */

static uint32_t poly_load32(const unsigned char *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static void poly_store32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
}

void tacit_poly1305_init(tacit_poly1305_state *ps, const unsigned char key[32])
{
    uint32_t t0 = poly_load32(key), t1 = poly_load32(key + 4), t2 = poly_load32(key + 8),
             t3 = poly_load32(key + 12);
    int i;

    ps->r[0] = t0 & 0x3ffffff;
    ps->r[1] = ((t0 >> 26) | (t1 << 6)) & 0x3ffff03;
    ps->r[2] = ((t1 >> 20) | (t2 << 12)) & 0x3ffc0ff;
    ps->r[3] = ((t2 >> 14) | (t3 << 18)) & 0x3f03fff;
    ps->r[4] = (t3 >> 8) & 0x00fffff;
    for (i = 0; i < 5; i++) {
        ps->h[i] = 0;
    }
    for (i = 0; i < 4; i++) {
        ps->pad[i] = poly_load32(key + 16 + 4 * i);
    }
}

#if defined(__OPTIMIZE_SIZE__)
/* Compiled for size (-Os: firmware): the 5x5 product and the carries as loops. */
void tacit_poly1305_blocks_c(tacit_poly1305_state *ps, const unsigned char *m, size_t nblocks,
                             uint32_t hibit)
{
    uint64_t d[5];
    uint32_t c;
    int i, j;

    while (nblocks-- > 0) {
        for (i = 0; i < 5; i++) {
            /* limb i of m: bits 26 i .. 26 i + 25 (the top one 24 bits) */
            ps->h[i] += (poly_load32(m + 3 * i) >> (2 * i)) & 0x3ffffff;
        }
        ps->h[4] += hibit << 24;
        for (i = 0; i < 5; i++) {
            d[i] = 0;
            for (j = 0; j < 5; j++) {
                /* h_j r_{i-j}, the wrapped terms (j > i) times 5 */
                d[i] += (uint64_t)ps->h[j] * (j <= i ? ps->r[i - j] : ps->r[i - j + 5] * 5);
            }
        }
        c = 0;
        for (i = 0; i < 5; i++) {
            d[i] += c;
            c = (uint32_t)(d[i] >> 26);
            ps->h[i] = (uint32_t)d[i] & 0x3ffffff;
        }
        ps->h[0] += c * 5;
        ps->h[1] += ps->h[0] >> 26;
        ps->h[0] &= 0x3ffffff;
        m += 16;
    }
}
#else
void tacit_poly1305_blocks_c(tacit_poly1305_state *ps, const unsigned char *m, size_t nblocks,
                             uint32_t hibit)
{
    const uint32_t r0 = ps->r[0], r1 = ps->r[1], r2 = ps->r[2], r3 = ps->r[3], r4 = ps->r[4];
    const uint32_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
    uint32_t h0 = ps->h[0], h1 = ps->h[1], h2 = ps->h[2], h3 = ps->h[3], h4 = ps->h[4], c;
    uint64_t d0, d1, d2, d3, d4;

    while (nblocks-- > 0) {
        h0 += poly_load32(m) & 0x3ffffff;
        h1 += (poly_load32(m + 3) >> 2) & 0x3ffffff;
        h2 += (poly_load32(m + 6) >> 4) & 0x3ffffff;
        h3 += (poly_load32(m + 9) >> 6) & 0x3ffffff;
        h4 += (poly_load32(m + 12) >> 8) | (hibit << 24);

        d0 = (uint64_t)h0 * r0 + (uint64_t)h1 * s4 + (uint64_t)h2 * s3 + (uint64_t)h3 * s2 +
             (uint64_t)h4 * s1;
        d1 = (uint64_t)h0 * r1 + (uint64_t)h1 * r0 + (uint64_t)h2 * s4 + (uint64_t)h3 * s3 +
             (uint64_t)h4 * s2;
        d2 = (uint64_t)h0 * r2 + (uint64_t)h1 * r1 + (uint64_t)h2 * r0 + (uint64_t)h3 * s4 +
             (uint64_t)h4 * s3;
        d3 = (uint64_t)h0 * r3 + (uint64_t)h1 * r2 + (uint64_t)h2 * r1 + (uint64_t)h3 * r0 +
             (uint64_t)h4 * s4;
        d4 = (uint64_t)h0 * r4 + (uint64_t)h1 * r3 + (uint64_t)h2 * r2 + (uint64_t)h3 * r1 +
             (uint64_t)h4 * r0;

        c = (uint32_t)(d0 >> 26);
        h0 = (uint32_t)d0 & 0x3ffffff;
        d1 += c;
        c = (uint32_t)(d1 >> 26);
        h1 = (uint32_t)d1 & 0x3ffffff;
        d2 += c;
        c = (uint32_t)(d2 >> 26);
        h2 = (uint32_t)d2 & 0x3ffffff;
        d3 += c;
        c = (uint32_t)(d3 >> 26);
        h3 = (uint32_t)d3 & 0x3ffffff;
        d4 += c;
        c = (uint32_t)(d4 >> 26);
        h4 = (uint32_t)d4 & 0x3ffffff;
        h0 += c * 5;
        c = h0 >> 26;
        h0 &= 0x3ffffff;
        h1 += c;
        m += 16;
    }
    ps->h[0] = h0;
    ps->h[1] = h1;
    ps->h[2] = h2;
    ps->h[3] = h3;
    ps->h[4] = h4;
}

#endif

static void poly_final(tacit_poly1305_state *ps, unsigned char tag[16])
{
    uint32_t h0 = ps->h[0], h1 = ps->h[1], h2 = ps->h[2], h3 = ps->h[3], h4 = ps->h[4];
    uint32_t g0, g1, g2, g3, g4, c, mask;
    uint64_t f;

    c = h1 >> 26;
    h1 &= 0x3ffffff;
    h2 += c;
    c = h2 >> 26;
    h2 &= 0x3ffffff;
    h3 += c;
    c = h3 >> 26;
    h3 &= 0x3ffffff;
    h4 += c;
    c = h4 >> 26;
    h4 &= 0x3ffffff;
    h0 += c * 5;
    c = h0 >> 26;
    h0 &= 0x3ffffff;
    h1 += c;

    /* g = h + 5 - 2^130; keep it when it does not borrow (h >= p) */
    g0 = h0 + 5;
    c = g0 >> 26;
    g0 &= 0x3ffffff;
    g1 = h1 + c;
    c = g1 >> 26;
    g1 &= 0x3ffffff;
    g2 = h2 + c;
    c = g2 >> 26;
    g2 &= 0x3ffffff;
    g3 = h3 + c;
    c = g3 >> 26;
    g3 &= 0x3ffffff;
    g4 = h4 + c - (1u << 26);
    mask = tacit_ct_barrier_u32((g4 >> 31) - 1u); /* all ones when g4 did not go negative */
    h0 = (h0 & ~mask) | (g0 & mask);
    h1 = (h1 & ~mask) | (g1 & mask);
    h2 = (h2 & ~mask) | (g2 & mask);
    h3 = (h3 & ~mask) | (g3 & mask);
    h4 = (h4 & ~mask) | (g4 & mask);

    /* to 4 x 32 bits, + s mod 2^128 */
    h0 = h0 | (h1 << 26);
    h1 = (h1 >> 6) | (h2 << 20);
    h2 = (h2 >> 12) | (h3 << 14);
    h3 = (h3 >> 18) | (h4 << 8);
    f = (uint64_t)h0 + ps->pad[0];
    poly_store32(tag, (uint32_t)f);
    f = (uint64_t)h1 + ps->pad[1] + (f >> 32);
    poly_store32(tag + 4, (uint32_t)f);
    f = (uint64_t)h2 + ps->pad[2] + (f >> 32);
    poly_store32(tag + 8, (uint32_t)f);
    f = (uint64_t)h3 + ps->pad[3] + (f >> 32);
    poly_store32(tag + 12, (uint32_t)f);
}

#endif /* radix */

void tacit_poly1305_finish(tacit_poly1305_state *ps, const unsigned char *m, size_t len,
                           unsigned char tag[16])
{
    unsigned char last[16];

    if (len > 0) {
        memset(last, 0, sizeof(last));
        memcpy(last, m, len);
        last[len] = 1;
        tacit_poly1305_blocks_c(ps, last, 1, 0);
        tacit_platform_zeroize(last, sizeof(last));
    }
    poly_final(ps, tag);
    tacit_platform_zeroize(ps, sizeof(*ps));
}

void tacit_poly1305(unsigned char tag[16], const unsigned char key[32], const unsigned char *m,
                    size_t len)
{
    tacit_poly1305_state ps;

    tacit_poly1305_init(&ps, key);
    tacit_poly1305_blocks_c(&ps, m, len / 16, 1);
    tacit_poly1305_finish(&ps, m + (len & ~(size_t)15), len & 15, tag);
}

#else
typedef int tacit_poly1305_unused;
#endif /* TACIT_CHACHAPOLY_C */
