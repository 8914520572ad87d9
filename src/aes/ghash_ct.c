/*
 * Constant-time GHASH without tables (SP 800-38D 6.3-6.4).
 *
 * Carry-less products from integer multiplications: split each operand into
 * four masks keeping every fourth bit (x & 0x1111..., x & 0x2222..., ...).
 * A product of two such parts has its bits at positions of one residue mod
 * 4, each the integer sum of at most (word bits / 4) one-bit terms; as long
 * as that sum fits in 4 bits its carries land only in the three positions
 * above it, which belong to other residues and are masked off.  The XOR of
 * the four products of each residue class is the carry-less product.
 *
 *   64-bit form: 64 x 64 -> low 64 bits (sums up to 16 overflow only at
 *   positions >= 60, whose carries leave the word), and the high half as
 *   the low half of the product of the bit-reversed operands.
 *   32-bit form: 32 x 32 -> 64 bits (sums up to 8), and 64 x 64 by
 *   Karatsuba over three of those.
 *
 * Representation: a 128-bit string is a big-endian integer (y[0] = bytes
 * 0..7), whose most significant bit is the coefficient of x^0.  The 255-bit
 * carry-less product of two such integers, shifted left once, has the
 * coefficient of x^m at bit 255 - m: its high half is the result below
 * x^128, its low half is reduced with x^128 = x^7 + x^2 + x + 1, i.e. bit p
 * of the low half is added at bits p + 128, p + 127, p + 126 and p + 121.
 */
#include "aes/aes_ct.h"

#if defined(TACIT_AES_C)

#if defined(TACIT_AES_CT64)
/* low 64 bits of the carry-less product */
static inline uint64_t bmul64(uint64_t x, uint64_t y)
{
    const uint64_t m0 = 0x1111111111111111ULL, m1 = 0x2222222222222222ULL,
                   m2 = 0x4444444444444444ULL, m3 = 0x8888888888888888ULL;
    uint64_t x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
    uint64_t y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
    uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
}

static inline uint64_t rev64(uint64_t x)
{
    x = ((x & 0x5555555555555555ULL) << 1) | ((x >> 1) & 0x5555555555555555ULL);
    x = ((x & 0x3333333333333333ULL) << 2) | ((x >> 2) & 0x3333333333333333ULL);
    x = ((x & 0x0F0F0F0F0F0F0F0FULL) << 4) | ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL);
    x = ((x & 0x00FF00FF00FF00FFULL) << 8) | ((x >> 8) & 0x00FF00FF00FF00FFULL);
    x = ((x & 0x0000FFFF0000FFFFULL) << 16) | ((x >> 16) & 0x0000FFFF0000FFFFULL);
    return (x << 32) | (x >> 32);
}

/*
 * Karatsuba over 64-bit halves, each half-product split into its low word
 * (bmul64) and its high word (bmul64 of the reversed operands, reversed:
 * bits 63..126 of the product, so shifted right once).  The reversed forms
 * of h are computed once per call.
 */
static void gmul(uint64_t y[2], const uint64_t h[2])
{
    uint64_t h1 = h[0], h0 = h[1], h2 = h0 ^ h1;
    uint64_t h1r = rev64(h1), h0r = rev64(h0), h2r = rev64(h2);
    uint64_t x1 = y[0], x0 = y[1], x2 = x0 ^ x1;
    uint64_t x1r = rev64(x1), x0r = rev64(x0), x2r = rev64(x2);
    uint64_t a0 = bmul64(x0, h0), b0 = bmul64(x1, h1), c0 = bmul64(x2, h2);
    uint64_t a1 = rev64(bmul64(x0r, h0r)) >> 1, b1 = rev64(bmul64(x1r, h1r)) >> 1,
             c1 = rev64(bmul64(x2r, h2r)) >> 1;
    uint64_t z0, z1, z2, z3;

    c0 ^= a0 ^ b0;
    c1 ^= a1 ^ b1;
    z3 = b1;
    z2 = b0 ^ c1;
    z1 = a1 ^ c0;
    z0 = a0;
    /* shift left once (see above) */
    z3 = (z3 << 1) | (z2 >> 63);
    z2 = (z2 << 1) | (z1 >> 63);
    z1 = (z1 << 1) | (z0 >> 63);
    z0 <<= 1;
    /* reduce the low half, lowest word first */
    z1 ^= (z0 << 63) ^ (z0 << 62) ^ (z0 << 57);
    z2 ^= z0 ^ (z0 >> 1) ^ (z0 >> 2) ^ (z0 >> 7);
    z2 ^= (z1 << 63) ^ (z1 << 62) ^ (z1 << 57);
    z3 ^= z1 ^ (z1 >> 1) ^ (z1 >> 2) ^ (z1 >> 7);
    y[0] = z3;
    y[1] = z2;
}
#else
/* the 63-bit carry-less product of two 32-bit words */
#if defined(__OPTIMIZE_SIZE__)
/* the same sixteen products as a loop (a third of the code) */
static uint64_t bmul32(uint32_t x, uint32_t y)
{
    uint64_t z[4] = { 0, 0, 0, 0 }, r = 0;
    uint32_t m = 0x11111111u;
    unsigned i, j;

    for (i = 0; i < 4; i++) {
        for (j = 0; j < 4; j++) {
            z[(i + j) & 3] ^= (uint64_t)(x & (m << i)) * (y & (m << j));
        }
    }
    for (i = 0; i < 4; i++) {
        r |= z[i] & (0x1111111111111111ULL << i);
    }
    return r;
}
#else
static inline uint64_t bmul32(uint32_t x, uint32_t y)
{
    const uint32_t m0 = 0x11111111u, m1 = 0x22222222u, m2 = 0x44444444u, m3 = 0x88888888u;
    uint64_t x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
    uint64_t y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
    uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    return (z0 & 0x1111111111111111ULL) | (z1 & 0x2222222222222222ULL) |
           (z2 & 0x4444444444444444ULL) | (z3 & 0x8888888888888888ULL);
}
#endif

/* 64 x 64 -> 128 (hi, lo), Karatsuba over 32-bit halves */
static inline void clmul64(uint64_t x, uint64_t y, uint64_t *hi, uint64_t *lo)
{
    uint32_t x0 = (uint32_t)x, x1 = (uint32_t)(x >> 32), y0 = (uint32_t)y, y1 = (uint32_t)(y >> 32);
    uint64_t a = bmul32(x0, y0), b = bmul32(x1, y1), c = bmul32(x0 ^ x1, y0 ^ y1) ^ a ^ b;
    *lo = a ^ (c << 32);
    *hi = b ^ (c >> 32);
}

static void gmul(uint64_t y[2], const uint64_t h[2])
{
    uint64_t a1, a0, b1, b0, c1, c0, z0, z1, z2, z3;

    clmul64(y[1], h[1], &a1, &a0);
    clmul64(y[0], h[0], &b1, &b0);
    clmul64(y[0] ^ y[1], h[0] ^ h[1], &c1, &c0);
    c0 ^= a0 ^ b0;
    c1 ^= a1 ^ b1;
    z3 = b1;
    z2 = b0 ^ c1;
    z1 = a1 ^ c0;
    z0 = a0;
    z3 = (z3 << 1) | (z2 >> 63);
    z2 = (z2 << 1) | (z1 >> 63);
    z1 = (z1 << 1) | (z0 >> 63);
    z0 <<= 1;
    z1 ^= (z0 << 63) ^ (z0 << 62) ^ (z0 << 57);
    z2 ^= z0 ^ (z0 >> 1) ^ (z0 >> 2) ^ (z0 >> 7);
    z2 ^= (z1 << 63) ^ (z1 << 62) ^ (z1 << 57);
    z3 ^= z1 ^ (z1 >> 1) ^ (z1 >> 2) ^ (z1 >> 7);
    y[0] = z3;
    y[1] = z2;
}
#endif

void tacit_ghash_ct(uint64_t y[2], const uint64_t h[2], const unsigned char *data, size_t len)
{
    while (len >= 16) {
        y[0] ^= tacit_aes_load_be64(data);
        y[1] ^= tacit_aes_load_be64(data + 8);
        gmul(y, h);
        data += 16;
        len -= 16;
    }
    if (len != 0) { /* the last block, zero-padded */
        size_t i;
        for (i = 0; i < len; i++) {
            y[i >> 3] ^= (uint64_t)data[i] << (56 - 8 * (i & 7));
        }
        gmul(y, h);
    }
}

#else
typedef int tacit_ghash_ct_translation_unit_not_empty;
#endif /* TACIT_AES_C */
