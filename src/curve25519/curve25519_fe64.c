/*
 * GF(2^255 - 19) with five 51-bit limbs (64-bit limb builds): the value is
 * h[0] + h[1] 2^51 + h[2] 2^102 + h[3] 2^153 + h[4] 2^204.  Products are
 * 128-bit; the part at 2^255 and above folds back times 19 (2^255 = 19 mod p).
 *
 * Bounds: carried limbs are < 2^51 + 2^15; add makes them < 2^52.1; mul and
 * sq accept up to 2^53 per limb (a column is then < 5 * 19 * 2^106 < 2^113,
 * so every carry fits 64 bits), and sub adds 4p before subtracting, so its
 * second operand may reach 2^53 - 76.
 */
#include "tacit/config.h"
#include "tacit/limb.h"

#if (defined(TACIT_X25519_C) || defined(TACIT_ED25519_C)) && TACIT_MPI_LIMB_BITS == 64

#include "curve25519/curve25519_fe.h"

#if !defined(__SIZEOF_INT128__)
#error "64-bit limbs for curve25519 need a 128-bit product type (build with TACIT_LIMB_BITS=32)"
#endif

typedef unsigned __int128 u128;

#define MASK51 (((uint64_t)1 << 51) - 1)

static uint64_t load64_le(const unsigned char *s)
{
    return (uint64_t)s[0] | ((uint64_t)s[1] << 8) | ((uint64_t)s[2] << 16) |
           ((uint64_t)s[3] << 24) | ((uint64_t)s[4] << 32) | ((uint64_t)s[5] << 40) |
           ((uint64_t)s[6] << 48) | ((uint64_t)s[7] << 56);
}

static void store64_le(unsigned char *s, uint64_t v)
{
    int i;
    for (i = 0; i < 8; i++) {
        s[i] = (unsigned char)(v >> (8 * i));
    }
}

void tacit_fe25519_frombytes(tacit_fe25519 h, const unsigned char s[32])
{
    uint64_t w0 = load64_le(s), w1 = load64_le(s + 8), w2 = load64_le(s + 16),
             w3 = load64_le(s + 24);

    h[0] = w0 & MASK51;
    h[1] = ((w0 >> 51) | (w1 << 13)) & MASK51;
    h[2] = ((w1 >> 38) | (w2 << 26)) & MASK51;
    h[3] = ((w2 >> 25) | (w3 << 39)) & MASK51;
    h[4] = (w3 >> 12) & MASK51; /* drops bit 255 */
}

/* One carry pass: every limb below 2^51 except h[0], which takes 19 * the
 * top carry. */
static void carry_pass(uint64_t h[5])
{
    uint64_t c;
    c = h[0] >> 51;
    h[0] &= MASK51;
    h[1] += c;
    c = h[1] >> 51;
    h[1] &= MASK51;
    h[2] += c;
    c = h[2] >> 51;
    h[2] &= MASK51;
    h[3] += c;
    c = h[3] >> 51;
    h[3] &= MASK51;
    h[4] += c;
    c = h[4] >> 51;
    h[4] &= MASK51;
    h[0] += 19 * c;
}

void tacit_fe25519_carry(tacit_fe25519 h, const tacit_fe25519 f)
{
    int i;
    for (i = 0; i < 5; i++) {
        h[i] = f[i];
    }
    carry_pass(h);
}

void tacit_fe25519_tobytes(unsigned char s[32], const tacit_fe25519 f)
{
    uint64_t h[5], t[5], c, m;
    int i;

    for (i = 0; i < 5; i++) {
        h[i] = f[i];
    }
    /* After three passes and one more step at the bottom every limb is
     * below 2^51 (a third pass can only fold when limbs 1..4 wrapped to
     * zero), so the value is below 2^255. */
    carry_pass(h);
    carry_pass(h);
    carry_pass(h);
    c = h[0] >> 51;
    h[0] &= MASK51;
    h[1] += c;
    /* h >= p exactly when h + 19 reaches 2^255: then the result is h + 19
     * with bit 255 dropped. */
    t[0] = h[0] + 19;
    c = t[0] >> 51;
    t[0] &= MASK51;
    t[1] = h[1] + c;
    c = t[1] >> 51;
    t[1] &= MASK51;
    t[2] = h[2] + c;
    c = t[2] >> 51;
    t[2] &= MASK51;
    t[3] = h[3] + c;
    c = t[3] >> 51;
    t[3] &= MASK51;
    t[4] = h[4] + c;
    c = t[4] >> 51;
    t[4] &= MASK51;
    m = (uint64_t)0 - c; /* c is 0 or 1 */
    for (i = 0; i < 5; i++) {
        h[i] ^= m & (h[i] ^ t[i]);
    }
    store64_le(s, h[0] | (h[1] << 51));
    store64_le(s + 8, (h[1] >> 13) | (h[2] << 38));
    store64_le(s + 16, (h[2] >> 26) | (h[3] << 25));
    store64_le(s + 24, (h[3] >> 39) | (h[4] << 12));
}

void tacit_fe25519_add(tacit_fe25519 h, const tacit_fe25519 f, const tacit_fe25519 g)
{
    h[0] = f[0] + g[0];
    h[1] = f[1] + g[1];
    h[2] = f[2] + g[2];
    h[3] = f[3] + g[3];
    h[4] = f[4] + g[4];
}

/* 4p in radix 2^51: limbs 4 * (2^51 - 19) and 4 * (2^51 - 1). */
#define FOURP0 (((uint64_t)1 << 53) - 76)
#define FOURP1 (((uint64_t)1 << 53) - 4)

void tacit_fe25519_sub(tacit_fe25519 h, const tacit_fe25519 f, const tacit_fe25519 g)
{
    uint64_t t[5];
    t[0] = f[0] + FOURP0 - g[0];
    t[1] = f[1] + FOURP1 - g[1];
    t[2] = f[2] + FOURP1 - g[2];
    t[3] = f[3] + FOURP1 - g[3];
    t[4] = f[4] + FOURP1 - g[4];
    carry_pass(t);
    h[0] = t[0];
    h[1] = t[1];
    h[2] = t[2];
    h[3] = t[3];
    h[4] = t[4];
}

/* Carry five 128-bit column sums into h. */
static void carry_wide(tacit_fe25519 h, u128 t0, u128 t1, u128 t2, u128 t3, u128 t4)
{
    uint64_t r0, r1, r2, r3, r4, c;

    t1 += (uint64_t)(t0 >> 51);
    r0 = (uint64_t)t0 & MASK51;
    t2 += (uint64_t)(t1 >> 51);
    r1 = (uint64_t)t1 & MASK51;
    t3 += (uint64_t)(t2 >> 51);
    r2 = (uint64_t)t2 & MASK51;
    t4 += (uint64_t)(t3 >> 51);
    r3 = (uint64_t)t3 & MASK51;
    c = (uint64_t)(t4 >> 51);
    r4 = (uint64_t)t4 & MASK51;
    r0 += c * 19;
    c = r0 >> 51;
    r0 &= MASK51;
    r1 += c;
    h[0] = r0;
    h[1] = r1;
    h[2] = r2;
    h[3] = r3;
    h[4] = r4;
}

void tacit_fe25519_mul(tacit_fe25519 h, const tacit_fe25519 f, const tacit_fe25519 g)
{
    uint64_t f0 = f[0], f1 = f[1], f2 = f[2], f3 = f[3], f4 = f[4];
    uint64_t g0 = g[0], g1 = g[1], g2 = g[2], g3 = g[3], g4 = g[4];
    uint64_t g1_19 = 19 * g1, g2_19 = 19 * g2, g3_19 = 19 * g3, g4_19 = 19 * g4;
    u128 t0, t1, t2, t3, t4;

    t0 = (u128)f0 * g0 + (u128)f1 * g4_19 + (u128)f2 * g3_19 + (u128)f3 * g2_19 + (u128)f4 * g1_19;
    t1 = (u128)f0 * g1 + (u128)f1 * g0 + (u128)f2 * g4_19 + (u128)f3 * g3_19 + (u128)f4 * g2_19;
    t2 = (u128)f0 * g2 + (u128)f1 * g1 + (u128)f2 * g0 + (u128)f3 * g4_19 + (u128)f4 * g3_19;
    t3 = (u128)f0 * g3 + (u128)f1 * g2 + (u128)f2 * g1 + (u128)f3 * g0 + (u128)f4 * g4_19;
    t4 = (u128)f0 * g4 + (u128)f1 * g3 + (u128)f2 * g2 + (u128)f3 * g1 + (u128)f4 * g0;
    carry_wide(h, t0, t1, t2, t3, t4);
}

void tacit_fe25519_sq(tacit_fe25519 h, const tacit_fe25519 f)
{
    uint64_t f0 = f[0], f1 = f[1], f2 = f[2], f3 = f[3], f4 = f[4];
    uint64_t f0_2 = 2 * f0, f1_2 = 2 * f1;
    uint64_t f3_19 = 19 * f3, f4_19 = 19 * f4;
    u128 t0, t1, t2, t3, t4;

    t0 = (u128)f0 * f0 + (u128)(2 * f1) * f4_19 + (u128)(2 * f2) * f3_19;
    t1 = (u128)f0_2 * f1 + (u128)(2 * f2) * f4_19 + (u128)f3 * f3_19;
    t2 = (u128)f0_2 * f2 + (u128)f1 * f1 + (u128)(2 * f3) * f4_19;
    t3 = (u128)f0_2 * f3 + (u128)f1_2 * f2 + (u128)f4 * f4_19;
    t4 = (u128)f0_2 * f4 + (u128)f1_2 * f3 + (u128)f2 * f2;
    carry_wide(h, t0, t1, t2, t3, t4);
}

void tacit_fe25519_mul_small(tacit_fe25519 h, const tacit_fe25519 f, uint32_t c)
{
    carry_wide(h, (u128)f[0] * c, (u128)f[1] * c, (u128)f[2] * c, (u128)f[3] * c, (u128)f[4] * c);
}

void tacit_fe25519_from_table(tacit_fe25519 h, const tacit_fe25519 t)
{
    if (h != t) {
        int i;
        for (i = 0; i < 5; i++) {
            h[i] = t[i];
        }
    }
}

#endif /* TACIT_X25519_C || TACIT_ED25519_C, 64-bit limbs */
