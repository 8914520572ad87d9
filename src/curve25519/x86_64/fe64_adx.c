/*
 * GF(2^255 - 19) in four saturated 64-bit limbs with MULX/ADCX/ADOX, and
 * the X25519 ladder on it: the x86-64 path for CPUs with BMI2 and ADX,
 * chosen at run time by bignum_core's cached CPUID probe
 * (tacit_curve25519_cpu_has_adx; the test hook tacit_mpi_core_test_path
 * forces either path).  The radix-2^51 code of curve25519_fe64.c is the
 * reference and the path everywhere else.
 *
 * Representation: h[0] + h[1] 2^64 + h[2] 2^128 + h[3] 2^192, any value
 * below 2^256 congruent to the element mod p.  2^256 = 38 mod p, so a
 * 512-bit product folds its high half back times 38, and a carry (borrow)
 * out of the top limb becomes +38 (-38) at the bottom.  Only tobytes
 * reduces to the canonical value.
 *
 * Constant time: straight-line code, no branch and no address that depends
 * on a value; the carries are consumed as masks (SBB, AND) or added.
 */
#include "tacit/config.h"

#if defined(TACIT_X25519_C) || defined(TACIT_ED25519_C)

#include "curve25519/curve25519_fe.h"

#if defined(TACIT_FE25519_HAVE_ADX)

#include <string.h>

#include "core/common.h"
#include "bignum/bignum_core.h"
#include "core/constant_time_internal.h"

#include "curve25519/x86_64/fe64_adx.h"

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

/* h = the 255 low bits of s (bit 255 is ignored, as RFC 7748 asks). */
static void fe4_frombytes(fe4 h, const unsigned char s[32])
{
    h[0] = load64_le(s);
    h[1] = load64_le(s + 8);
    h[2] = load64_le(s + 16);
    h[3] = load64_le(s + 24) & 0x7fffffffffffffffu;
}

/* h += c at the bottom, carried through (c < 2^64; the caller knows the sum
 * stays below 2^256). */
static void add_low(uint64_t h[4], uint64_t c)
{
    unsigned __int128 t = (unsigned __int128)h[0] + c;
    int i;
    h[0] = (uint64_t)t;
    for (i = 1; i < 4; i++) {
        t = (unsigned __int128)h[i] + (uint64_t)(t >> 64);
        h[i] = (uint64_t)t;
    }
}

/* h = f mod p, canonical.  Bit 255 folds back as 19 (the value is then
 * below 2^255 + 19); then v >= p exactly when v + 19 reaches 2^255, and
 * the result is v + 19 with bit 255 dropped. */
static void fe4_canon(fe4 h, const fe4 f)
{
    uint64_t t[4], m;
    int i;

    memcpy(h, f, 4 * sizeof(uint64_t));
    m = h[3] >> 63;
    h[3] &= 0x7fffffffffffffffu;
    add_low(h, 19 * m);
    memcpy(t, h, sizeof(t));
    add_low(t, 19);
    /* the barrier: without it clang -Os turns the masked select below into a
     * CMOV between the addresses of h[i] and t[i] (a load from an address
     * chosen by the secret; scripts/check_ct_asm.sh catches it) */
    m = tacit_ct_mask_from_bit_u64(t[3] >> 63);
    t[3] &= 0x7fffffffffffffffu;
    for (i = 0; i < 4; i++) {
        h[i] ^= m & (h[i] ^ t[i]);
    }
    tacit_platform_zeroize(t, sizeof(t));
}

/* s = f mod p, canonical, little-endian. */
static void fe4_tobytes(unsigned char s[32], const fe4 f)
{
    uint64_t h[4];
    int i;

    fe4_canon(h, f);
    for (i = 0; i < 4; i++) {
        store64_le(s + 8 * i, h[i]);
    }
    tacit_platform_zeroize(h, sizeof(h));
}

/* fe4_sq_n, fe4_invert and fe4_pow22523: the addition chains of curve25519_fe.c. */
#define FE_CHAIN_API static
#define FE_CHAIN_FN(name) fe4_##name
#define FE_CHAIN_T fe4
#define fe_sq fe4_sq
#define fe_mul fe4_mul
#include "curve25519/curve25519_fe_chain_impl.h"

#if defined(TACIT_X25519_C)
/*
 * h = 1/f (0 for f = 0) by bignum_core's constant-time safegcd
 * (tacit_mpi_core_inv_mod_odd_ct: a fixed number of divsteps), a little
 * faster here than the 254 dependent squarings of fe4_invert, which stays
 * the fallback should its scratch ever grow past T.
 */
static void invert_for_ladder(fe4 h, const fe4 f)
{
    static const tacit_mpi_uint p[4] = { 0xffffffffffffffedu, 0xffffffffffffffffu,
                                         0xffffffffffffffffu, 0x7fffffffffffffffu };
    tacit_mpi_uint a[4], x[4], T[96]; /* 94 limbs for the AVX2 divsteps */
    int i;

    if (tacit_mpi_core_inv_mod_odd_ct_working_limbs(4) > sizeof(T) / sizeof(T[0])) {
        fe4_invert(h, f);
        return;
    }
    fe4_canon(a, f);
    (void)tacit_mpi_core_inv_mod_odd_ct(x, a, p, 4, T); /* f = 0 gives 0 */
    for (i = 0; i < 4; i++) {
        h[i] = x[i];
    }
    tacit_platform_zeroize(a, sizeof(a));
    tacit_platform_zeroize(x, sizeof(x));
    tacit_platform_zeroize(T, sizeof(T));
}

void tacit_x25519_scalarmult_adx(unsigned char out[32], const unsigned char k[32],
                                 const unsigned char u[32])
{
    fe4 x1, x2, z2, x3, z3, a, aa, b, bb, e, c, d;
    uint64_t swap = 0;
    int t;

    fe4_frombytes(x1, u);
    memset(x2, 0, sizeof(x2));
    x2[0] = 1;
    memset(z2, 0, sizeof(z2));
    memcpy(x3, x1, sizeof(x3));
    memset(z3, 0, sizeof(z3));
    z3[0] = 1;

    /* RFC 7748 section 5, the same steps as tacit_x25519_ladder, down to
     * bit 3: the clamped scalar's bits 2, 1, 0 are zero, so the last three
     * steps only double (x2 : z2), below, and their (x3 : z3) is never
     * read. */
    for (t = 254; t >= 3; t--) {
        uint64_t bit = (uint64_t)((k[t >> 3] >> (t & 7)) & 1);

        swap ^= bit;
        swap = (uint64_t)tacit_ct_mask_from_bit_limb((tacit_mpi_uint)swap);
        fe4_cswap(x2, x3, swap);
        fe4_cswap(z2, z3, swap);
        swap = bit;

        /* Independent operations side by side, for the out-of-order core
         * (this order measured the fastest of a dozen on Zen 4). */
        fe4_sub(d, x3, z3);                  /* D = x3 - z3 */
        fe4_sub(b, x2, z2);                  /* B = x2 - z2 */
        fe4_add(a, x2, z2);                  /* A = x2 + z2 */
        fe4_add(c, x3, z3);                  /* C = x3 + z3 */
        fe4_mul(d, d, a);                    /* DA */
        fe4_mul(c, c, b);                    /* CB */
        fe4_sq(bb, b);                       /* BB */
        fe4_sq(aa, a);                       /* AA */
        fe4_sub(z3, d, c);                   /* DA - CB */
        fe4_add(x3, d, c);                   /* DA + CB */
        fe4_mul(x2, aa, bb);                 /* x2 = AA BB */
        fe4_sub(e, aa, bb);                  /* E = AA - BB */
        fe4_sq(z3, z3);                      /* (DA - CB)^2 */
        fe4_sq(x3, x3);                      /* x3 = (DA + CB)^2 */
        fe4_mul_small_add(a, e, 121666, bb); /* BB + 121666 E = AA + 121665 E */
        fe4_mul(z3, z3, x1);                 /* z3 = x1 (DA - CB)^2 */
        fe4_mul(z2, e, a);                   /* z2 = E (AA + a24 E) */
    }
    swap = (uint64_t)tacit_ct_mask_from_bit_limb((tacit_mpi_uint)swap);
    fe4_cswap(x2, x3, swap);
    fe4_cswap(z2, z3, swap);
    for (t = 2; t >= 0; t--) {
        fe4_sub(b, x2, z2);                  /* B = x2 - z2 */
        fe4_add(a, x2, z2);                  /* A = x2 + z2 */
        fe4_sq(bb, b);                       /* BB */
        fe4_sq(aa, a);                       /* AA */
        fe4_mul(x2, aa, bb);                 /* x2 = AA BB */
        fe4_sub(e, aa, bb);                  /* E = AA - BB */
        fe4_mul_small_add(a, e, 121666, bb); /* BB + 121666 E */
        fe4_mul(z2, e, a);                   /* z2 = E (AA + a24 E) */
    }

    invert_for_ladder(z2, z2);
    fe4_mul(x2, x2, z2);
    fe4_tobytes(out, x2);

    tacit_platform_zeroize(x2, sizeof(x2));
    tacit_platform_zeroize(z2, sizeof(z2));
    tacit_platform_zeroize(x3, sizeof(x3));
    tacit_platform_zeroize(z3, sizeof(z3));
    tacit_platform_zeroize(a, sizeof(a));
    tacit_platform_zeroize(aa, sizeof(aa));
    tacit_platform_zeroize(b, sizeof(b));
    tacit_platform_zeroize(bb, sizeof(bb));
    tacit_platform_zeroize(e, sizeof(e));
    tacit_platform_zeroize(c, sizeof(c));
    tacit_platform_zeroize(d, sizeof(d));
}

#endif /* TACIT_X25519_C */

/* ---- the field operations one by one (tests; ed25519_point_x86_64_adx.c) ---- */

void tacit_fe25519_adx_frombytes(uint64_t h[4], const unsigned char s[32])
{
    fe4_frombytes(h, s);
}
void tacit_fe25519_adx_tobytes(unsigned char s[32], const uint64_t f[4])
{
    fe4_tobytes(s, f);
}
void tacit_fe25519_adx_add(uint64_t h[4], const uint64_t f[4], const uint64_t g[4])
{
    fe4_add(h, f, g);
}
void tacit_fe25519_adx_sub(uint64_t h[4], const uint64_t f[4], const uint64_t g[4])
{
    fe4_sub(h, f, g);
}
void tacit_fe25519_adx_mul(uint64_t h[4], const uint64_t f[4], const uint64_t g[4])
{
    fe4_mul(h, f, g);
}
void tacit_fe25519_adx_sq(uint64_t h[4], const uint64_t f[4])
{
    fe4_sq(h, f);
}
void tacit_fe25519_adx_mul_small_add(uint64_t h[4], const uint64_t f[4], uint32_t c,
                                     const uint64_t g[4])
{
    fe4_mul_small_add(h, f, c, g);
}
void tacit_fe25519_adx_invert(uint64_t h[4], const uint64_t f[4])
{
    fe4_invert(h, f);
}
void tacit_fe25519_adx_pow22523(uint64_t h[4], const uint64_t f[4])
{
    fe4_pow22523(h, f);
}

#endif /* TACIT_FE25519_HAVE_ADX */

#endif /* TACIT_X25519_C || TACIT_ED25519_C */
