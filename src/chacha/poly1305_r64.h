/*
 * Poly1305 in radix 2^64 (internal, for poly1305.c and the x86-64 kernels):
 * h = h0 + h1 2^64 + h2 2^128 with h2 a few bits, r = r0 + r1 2^64 clamped,
 * so that r1 is a multiple of 4 and 2^128 r1 = 2^130 (r1 / 4) folds to
 * 5 (r1 / 4) = r1 + (r1 >> 2).  Four 64x64->128 products and two small ones
 * a block; h stays below 2^130 + 2^64 between blocks.
 */
#ifndef TACIT_POLY1305_R64_H
#define TACIT_POLY1305_R64_H

#include "chacha/chacha_internal.h"

#if defined(TACIT_CHACHAPOLY_C) && defined(TACIT_POLY1305_R64)

typedef unsigned __int128 tacit_u128;

static inline uint64_t tacit_poly_load64(const unsigned char *p)
{
    return (uint64_t)p[0] | ((uint64_t)p[1] << 8) | ((uint64_t)p[2] << 16) |
           ((uint64_t)p[3] << 24) | ((uint64_t)p[4] << 32) | ((uint64_t)p[5] << 40) |
           ((uint64_t)p[6] << 48) | ((uint64_t)p[7] << 56);
}

/* h = h * r mod 2^130 - 5 (partly reduced); s1 = r1 + (r1 >> 2). */
static inline void tacit_poly_mul_r64(uint64_t h[3], uint64_t r0, uint64_t r1, uint64_t s1)
{
    tacit_u128 d0, d1;
    uint64_t d2, c;

    d0 = (tacit_u128)h[0] * r0 + (tacit_u128)h[1] * s1;
    d1 = (tacit_u128)h[0] * r1 + (tacit_u128)h[1] * r0 + (tacit_u128)h[2] * s1;
    d2 = h[2] * r0;
    d1 += (uint64_t)(d0 >> 64);
    d2 += (uint64_t)(d1 >> 64);
    h[0] = (uint64_t)d0;
    h[1] = (uint64_t)d1;
    /* d2 holds bits 128..; the part from 2^130 up comes back times 5 */
    c = (d2 >> 2) + (d2 & ~(uint64_t)3); /* (d2 >> 2) * 5 */
    h[2] = d2 & 3;
    h[0] += c;
    c = h[0] < c;
    h[1] += c;
    h[2] += h[1] < c;
}

/* nblocks 16-byte blocks, each with 2^128 added when hibit is 1. */
static inline void tacit_poly_blocks_r64(tacit_poly1305_state *ps, const unsigned char *m,
                                         size_t nblocks, uint64_t hibit)
{
    uint64_t h[3], r0 = ps->r[0], r1 = ps->r[1], s1 = r1 + (r1 >> 2), t, c;

    h[0] = ps->h[0];
    h[1] = ps->h[1];
    h[2] = ps->h[2];
    while (nblocks-- > 0) {
        t = tacit_poly_load64(m);
        h[0] += t;
        c = h[0] < t;
        t = tacit_poly_load64(m + 8);
        h[1] += c;
        c = h[1] < c;
        h[1] += t;
        c += h[1] < t;
        h[2] += c + hibit;
        tacit_poly_mul_r64(h, r0, r1, s1);
        m += 16;
    }
    ps->h[0] = h[0];
    ps->h[1] = h[1];
    ps->h[2] = h[2];
}

#endif
#endif /* TACIT_POLY1305_R64_H */
