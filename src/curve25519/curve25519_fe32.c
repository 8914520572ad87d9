/*
 * GF(2^255 - 19) with ten limbs alternating 26 and 25 bits (32-bit limb
 * builds, Cortex-M): limb i has weight 2^ceil(25.5 i).  A product of limbs i
 * and j lands at weight 2^(pos(i) + pos(j)), which is pos(i + j) plus one
 * bit when i and j are both odd (the doubling below), and the part at 2^255
 * and above folds back times 19.
 *
 * The products are written as loops over limb indices (public), so the
 * compiler may keep them rolled at -Os: small code on Thumb, with the
 * 32x32->64 multiply-accumulate the cores do in constant time.
 *
 * Bounds: carried limbs are < 2^26 (even) / 2^25 (odd) plus a few bits in
 * limb 1; add gives < 2^27 / 2^26; mul and sq accept up to 2^27.6 / 2^26.6
 * per limb (a column is < 2^63, and 19 * limb fits 32 bits); sub adds 4p
 * before subtracting.
 */
#include "tacit/config.h"
#include "tacit/limb.h"

#if (defined(TACIT_X25519_C) || defined(TACIT_ED25519_C)) && TACIT_MPI_LIMB_BITS == 32

#include "curve25519/curve25519_fe.h"

#define LIMBS 10
#define BITS(i) (26 - ((i)&1))
#define MASK(i) (((uint32_t)1 << BITS(i)) - 1)
#define POS(i) ((51 * (i) + 1) / 2)

/* Carry ten 64-bit column sums into h (top carry folds times 19). */
static void carry_wide(tacit_fe25519 h, uint64_t t[LIMBS])
{
    uint64_t c;
    int i;

    for (i = 0; i < LIMBS - 1; i++) {
        c = t[i] >> BITS(i);
        t[i] &= MASK(i);
        t[i + 1] += c;
    }
    c = t[9] >> 25;
    t[9] &= MASK(9);
    t[0] += 19 * c;
    c = t[0] >> 26;
    t[0] &= MASK(0);
    t[1] += c;
    for (i = 0; i < LIMBS; i++) {
        h[i] = (uint32_t)t[i];
    }
}

void tacit_fe25519_carry(tacit_fe25519 h, const tacit_fe25519 f)
{
    uint64_t t[LIMBS];
    int i;
    for (i = 0; i < LIMBS; i++) {
        t[i] = f[i];
    }
    carry_wide(h, t);
}

void tacit_fe25519_frombytes(tacit_fe25519 h, const unsigned char s[32])
{
    int i;

    for (i = 0; i < LIMBS; i++) {
        int pos = POS(i), byte = pos >> 3, shift = pos & 7, k;
        uint64_t w = 0;
        /* up to 5 bytes cover 26 bits at any shift; stay inside s */
        for (k = 0; k < 5 && byte + k < 32; k++) {
            w |= (uint64_t)s[byte + k] << (8 * k);
        }
        h[i] = (uint32_t)(w >> shift) & MASK(i); /* limb 9 stops at bit 254 */
    }
}

void tacit_fe25519_tobytes(unsigned char s[32], const tacit_fe25519 f)
{
    uint64_t t[LIMBS];
    uint32_t h[LIMBS], u[LIMBS], c, m;
    int i;

    /* Three passes leave every limb in its width (a third pass can only fold
     * when limbs 1..9 wrapped to zero), so h < 2^255; h >= p exactly when
     * h + 19 reaches 2^255. */
    for (i = 0; i < LIMBS; i++) {
        t[i] = f[i];
    }
    carry_wide(h, t);
    for (i = 0; i < LIMBS; i++) {
        t[i] = h[i];
    }
    carry_wide(h, t);
    for (i = 0; i < LIMBS; i++) {
        t[i] = h[i];
    }
    carry_wide(h, t);
    c = 19;
    for (i = 0; i < LIMBS; i++) {
        uint32_t v = h[i] + c;
        c = v >> BITS(i);
        u[i] = v & MASK(i);
    }
    m = (uint32_t)0 - c;
    for (i = 0; i < LIMBS; i++) {
        h[i] ^= m & (h[i] ^ u[i]);
    }
    for (i = 0; i < 32; i++) {
        s[i] = 0;
    }
    for (i = 0; i < LIMBS; i++) {
        int pos = POS(i), byte = pos >> 3, shift = pos & 7, k;
        uint64_t w = (uint64_t)h[i] << shift;
        for (k = 0; k < 5 && byte + k < 32; k++) {
            s[byte + k] |= (unsigned char)(w >> (8 * k));
        }
    }
}

void tacit_fe25519_add(tacit_fe25519 h, const tacit_fe25519 f, const tacit_fe25519 g)
{
    int i;
    for (i = 0; i < LIMBS; i++) {
        h[i] = f[i] + g[i];
    }
}

void tacit_fe25519_sub(tacit_fe25519 h, const tacit_fe25519 f, const tacit_fe25519 g)
{
    /* 4p: limb 0 is 4 (2^26 - 19), the others 4 (2^bits - 1) */
    uint64_t t[LIMBS];
    int i;
    for (i = 0; i < LIMBS; i++) {
        uint32_t fourp = (i == 0) ? (((uint32_t)1 << 28) - 76) : (MASK(i) << 2);
        t[i] = (uint64_t)f[i] + fourp - g[i];
    }
    carry_wide(h, t);
}

void tacit_fe25519_mul(tacit_fe25519 h, const tacit_fe25519 f, const tacit_fe25519 g)
{
    uint64_t t[LIMBS];
    uint32_t g19[LIMBS], f2[LIMBS];
    int i, j;

    for (i = 0; i < LIMBS; i++) {
        g19[i] = 19 * g[i];
        f2[i] = f[i] << (i & 1); /* odd limbs doubled for odd x odd products */
        t[i] = 0;
    }
    for (i = 0; i < LIMBS; i++) {
        const uint32_t *fi = (i & 1) ? f2 : f;
        for (j = 0; j < LIMBS; j++) {
            uint32_t a = (j & 1) ? fi[i] : f[i];
            uint32_t b = (i + j < LIMBS) ? g[j] : g19[j];
            t[(i + j) % LIMBS] += (uint64_t)a * b;
        }
    }
    carry_wide(h, t);
}

void tacit_fe25519_sq(tacit_fe25519 h, const tacit_fe25519 f)
{
    uint64_t t[LIMBS];
    uint32_t f19[LIMBS];
    int i, j;

    for (i = 0; i < LIMBS; i++) {
        f19[i] = 19 * f[i];
        t[i] = 0;
    }
    /* the diagonal once, each pair i < j twice */
    for (i = 0; i < LIMBS; i++) {
        for (j = i; j < LIMBS; j++) {
            uint32_t a = f[i] << ((i & j & 1) + (i != j));
            uint32_t b = (i + j < LIMBS) ? f[j] : f19[j];
            t[(i + j) % LIMBS] += (uint64_t)a * b;
        }
    }
    carry_wide(h, t);
}

void tacit_fe25519_mul_small(tacit_fe25519 h, const tacit_fe25519 f, uint32_t c)
{
    uint64_t t[LIMBS];
    int i;
    for (i = 0; i < LIMBS; i++) {
        t[i] = (uint64_t)f[i] * c;
    }
    carry_wide(h, t);
}

void tacit_fe25519_from_table(tacit_fe25519 h, const tacit_fe25519 t)
{
    int i;
    for (i = 0; i < TACIT_FE25519_LIMBS; i++) {
        h[i] = t[i];
    }
}

#endif /* TACIT_X25519_C || TACIT_ED25519_C, 32-bit limbs */
