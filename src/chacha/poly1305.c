/*
 * Poly1305 (RFC 8439 §2.5), portable C: radix 2^64 with 128-bit products
 * (poly1305_r64.h) on 64-bit targets, radix 2^32 with 32x32->64 products on
 * 32-bit ones (Cortex-M: UMULL and UMLAL, 21 a block).  The final reduction and the
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

static void poly_final(const tacit_poly1305_state *ps, unsigned char tag[16])
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

#else /* radix 2^32 */

static uint32_t poly_load32(const unsigned char *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

void tacit_poly1305_init(tacit_poly1305_state *ps, const unsigned char key[32])
{
    uint32_t r;
    int i;

    for (i = 0; i < 4; i++) {
        ps->h[i] = 0;
        r = poly_load32(key + 4 * i) & (i == 0 ? 0x0fffffffu : 0x0ffffffcu);
        ps->w[4 + i] = r;
        ps->w[i] = r + (r >> 2);
        ps->pad[i] = poly_load32(key + 16 + 4 * i);
    }
    ps->h[4] = 0;
    ps->w[0] = 0; /* t4 r0 stays at 2^128 */
}

/*
 * h = h0 + h1 2^32 + h2 2^64 + h3 2^96 + h4 2^128 (h4 at most 4 between
 * blocks), r = r0 + ... + r3 2^96 with r0..r3 < 2^28 and r1..r3 multiples
 * of 4, so a product t_j r_k at 2^(32 (j + k)) >= 2^128 (k >= 1) is
 * 2^(32 (j + k - 4)) (t_j 5 r_k / 4): ps->w[] holds 0, s1, s2, s3, r0, r1, r2, r3
 * with s_k = r_k + (r_k >> 2) < 2^29 (set by init), and limb i < 4 of the product is
 * sum_j t_j w[4 + i - j] (w[0] = 0: t4 r0 stays at 2^128, limb 4, with the
 * carry below 2^32).  Each sum is below 2^63 with its carry in; the part of
 * h from 2^130 up comes back times 5, which leaves h4 at most 4.
 */
void tacit_poly1305_blocks_c(tacit_poly1305_state *ps, const unsigned char *m, size_t nblocks,
                             uint32_t hibit)
{
    const uint32_t *w = ps->w;
    uint32_t t[5], *h = ps->h;
    uint64_t d;
    int i, j;

    for (; nblocks > 0; nblocks--, m += 16) {
        /* t = h + m + hibit 2^128 (t4 at most 6) */
        d = 0;
        for (i = 0; i < 5; i++) {
            d += h[i];
            if (i < 4) {
                d += poly_load32(m + 4 * i);
            }
            t[i] = (uint32_t)d;
            d >>= 32;
        }
        t[4] += hibit;
        /* h = t r, partly reduced */
        for (i = 0; i < 5; i++) {
            for (j = 0; j < 5; j++) {
                if (i < 4 || j == 4) {
                    d += (uint64_t)t[j] * w[(4 + i - j) & 7];
                }
            }
            h[i] = (uint32_t)d;
            d >>= 32;
        }
        /* bits 130 and up come back times 5 */
        d = (uint64_t)(h[4] >> 2) * 5;
        h[4] &= 3;
        for (i = 0; i < 5; i++) {
            d += h[i];
            h[i] = (uint32_t)d;
            d >>= 32;
        }
    }
}

static void poly_store32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
}

static void poly_final(const tacit_poly1305_state *ps, unsigned char tag[16])
{
    uint32_t mask;
    uint64_t d = 5;
    int i;

    /*
     * h >= p exactly when h + 5 reaches 2^130 (h < 2^131 - 5 here); then
     * h - p = h + 5 - 2^130, and mod 2^128 the tag is h + 5 + s: so add
     * 5 & mask, with mask all ones when h >= p.
     */
    for (i = 0; i < 4; i++) {
        d += ps->h[i];
        d >>= 32;
    }
    mask = tacit_ct_barrier_u32(0u - ((ps->h[4] + (uint32_t)d) >> 2));
    /* + s mod 2^128 */
    d = 5 & mask;
    for (i = 0; i < 4; i++) {
        d += (uint64_t)ps->h[i] + ps->pad[i];
        poly_store32(tag + 4 * i, (uint32_t)d);
        d >>= 32;
    }
}

#endif /* radix */

void tacit_poly1305_finish(tacit_poly1305_state *ps, const unsigned char *m, size_t len,
                           unsigned char tag[16])
{
    unsigned char last[16];
    size_t i;

    if (len > 0) {
        for (i = 0; i < 16; i++) { /* a loop: no memcpy in firmware images */
            last[i] = i < len ? m[i] : i == len;
        }
        tacit_poly1305_blocks_c(ps, last, 1, 0);
        tacit_platform_zeroize(last, sizeof(last));
    }
    tacit_poly1305_final(ps, tag);
}

void tacit_poly1305_final(tacit_poly1305_state *ps, unsigned char tag[16])
{
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
