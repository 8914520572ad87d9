/*
 * ML-DSA polynomial arithmetic, portable C: NTT mod q with Montgomery
 * multiplication, rounding, norms and bit packing.
 */
#include "tacit/config.h"

#if defined(TACIT_MLDSA_C)

#include "core/constant_time_internal.h"
#include "mldsa/mldsa_internal.h"

/* Inlined where speed is asked for; size-optimised builds keep one copy. */
#if defined(__OPTIMIZE_SIZE__)
#define NTT_INLINE static
#elif defined(__GNUC__) || defined(__clang__)
#define NTT_INLINE static inline __attribute__((always_inline))
#else
#define NTT_INLINE static inline
#endif

/*
 * zeta^brv8(k) * 2^32 mod q, centred, zeta = 1753 (a 512th root of unity
 * mod q), k = 0..255 in bit-reversed order (entry 0 is unused).
 */
const int32_t tacit_mldsa_zetas[TACIT_MLDSA_N] = {
    -4186625, 25847,    -2608894, -518909,  237124,   -777960,  -876248,  466468,   1826347,
    2353451,  -359251,  -2091905, 3119733,  -2884855, 3111497,  2680103,  2725464,  1024112,
    -1079900, 3585928,  -549488,  -1119584, 2619752,  -2108549, -2118186, -3859737, -1399561,
    -3277672, 1757237,  -19422,   4010497,  280005,   2706023,  95776,    3077325,  3530437,
    -1661693, -3592148, -2537516, 3915439,  -3861115, -3043716, 3574422,  -2867647, 3539968,
    -300467,  2348700,  -539299,  -1699267, -1643818, 3505694,  -3821735, 3507263,  -2140649,
    -1600420, 3699596,  811944,   531354,   954230,   3881043,  3900724,  -2556880, 2071892,
    -2797779, -3930395, -1528703, -3677745, -3041255, -1452451, 3475950,  2176455,  -1585221,
    -1257611, 1939314,  -4083598, -1000202, -3190144, -3157330, -3632928, 126922,   3412210,
    -983419,  2147896,  2715295,  -2967645, -3693493, -411027,  -2477047, -671102,  -1228525,
    -22981,   -1308169, -381987,  1349076,  1852771,  -1430430, -3343383, 264944,   508951,
    3097992,  44288,    -1100098, 904516,   3958618,  -3724342, -8578,    1653064,  -3249728,
    2389356,  -210977,  759969,   -1316856, 189548,   -3553272, 3159746,  -1851402, -2409325,
    -177440,  1315589,  1341330,  1285669,  -1584928, -812732,  -1439742, -3019102, -3881060,
    -3628969, 3839961,  2091667,  3407706,  2316500,  3817976,  -3342478, 2244091,  -2446433,
    -3562462, 266997,   2434439,  -1235728, 3513181,  -3520352, -3759364, -1197226, -3193378,
    900702,   1859098,  909542,   819034,   495491,   -1613174, -43260,   -522500,  -655327,
    -3122442, 2031748,  3207046,  -3556995, -525098,  -768622,  -3595838, 342297,   286988,
    -2437823, 4108315,  3437287,  -3342277, 1735879,  203044,   2842341,  2691481,  -2590150,
    1265009,  4055324,  1247620,  2486353,  1595974,  -3767016, 1250494,  2635921,  -3548272,
    -2994039, 1869119,  1903435,  -1050970, -1333058, 1237275,  -3318210, -1430225, -451100,
    1312455,  3306115,  -1962642, -1279661, 1917081,  -2546312, -1374803, 1500165,  777191,
    2235880,  3406031,  -542412,  -2831860, -1671176, -1846953, -2584293, -3724270, 594136,
    -3776993, -2013608, 2432395,  2454455,  -164721,  1957272,  3369112,  185531,   -1207385,
    -3183426, 162844,   1616392,  3014001,  810149,   1652634,  -3694233, -1799107, -3038916,
    3523897,  3866901,  269760,   2213111,  -975884,  1717735,  472078,   -426683,  1723600,
    -1803090, 1910376,  -1667432, -1104333, -260646,  -3833893, -2939036, -2235985, -420899,
    -2286327, 183443,   -976891,  1612842,  -3545687, -554416,  3919660,  -48306,   -1362209,
    3937738,  1400424,  -846154,  1976782,
};

#if defined(__OPTIMIZE_SIZE__)
/*
 * Forward NTT (Cooley-Tukey, bit-reversed output order), in place.  Input
 * |a| < q or so; output coefficients grow by at most 8 q (no reduction
 * between layers).  (Size-optimised builds: one layer a pass.)
 */
void tacit_mldsa_ntt_c(int32_t a[TACIT_MLDSA_N])
{
    unsigned len, start, j, k = 0;

    for (len = 128; len > 0; len >>= 1) {
        for (start = 0; start < TACIT_MLDSA_N; start = j + len) {
            int32_t zeta = tacit_mldsa_zetas[++k];
            for (j = start; j < start + len; j++) {
                int32_t t = tacit_mldsa_mont_reduce((int64_t)zeta * a[j + len]);
                a[j + len] = a[j] - t;
                a[j] = a[j] + t;
            }
        }
    }
}

/*
 * Inverse NTT (Gentleman-Sande) times 2^32 (the Montgomery factor a
 * pointwise product left out): input |a| < q, output |a| < q.
 */
void tacit_mldsa_invntt_tomont_c(int32_t a[TACIT_MLDSA_N])
{
    unsigned len, start, j, k = 256;
    const int32_t f = 41978; /* 2^64 / 256 mod q */

    for (len = 1; len < TACIT_MLDSA_N; len <<= 1) {
        for (start = 0; start < TACIT_MLDSA_N; start = j + len) {
            int32_t zeta = -tacit_mldsa_zetas[--k];
            for (j = start; j < start + len; j++) {
                int32_t t = a[j];
                a[j] = t + a[j + len];
                a[j + len] = tacit_mldsa_mont_reduce((int64_t)zeta * (t - a[j + len]));
            }
        }
    }
    for (j = 0; j < TACIT_MLDSA_N; j++) {
        a[j] = tacit_mldsa_mont_reduce((int64_t)f * a[j]);
    }
}

#else /* !__OPTIMIZE_SIZE__ */

/*
 * The same transforms, three layers a pass (two in the pass of the 128-
 * and 64-apart pairs): eight coefficients a[i * stride] are loaded, go
 * through three layers of butterflies in locals and are stored back, so a
 * transform reads and writes the polynomial three times instead of eight
 * (nine with the inverse's scaling), and the loops over short blocks are
 * gone.  Every product is the same tacit_mldsa_mont_reduce of the same
 * operands, and every sum the same, as in the one-layer-a-pass loops (kept
 * for size-optimised builds above), except the inverse's last layer (f
 * folded into its zeta): the forward results are bit-identical, the
 * inverse's equal mod q and in (-q, q) (test_mldsa compares them with the
 * AVX2 kernels' that way).
 *
 * In the butterflies of a group of eight, the zetas of the three layers
 * are entries k, 2k and 2k + 1, 4k .. 4k + 3 of the bit-reversed table.
 */
/*
 * a z 2^-32 mod q as tacit_mldsa_mont_reduce((int64_t)a * z), bit for bit.
 * q comes in as a 32-bit argument (the callers pass the constant): gcc then
 * multiplies by it as a widening 32 x 32 -> 64 product, one instruction,
 * where the 64-bit constant product of mont_reduce becomes five shifts and
 * adds; these loops are bound by instruction count, not multiplier latency.
 */
NTT_INLINE int32_t mont_mul(int32_t a, int32_t z, int32_t q)
{
    int64_t p = (int64_t)a * z;
    int32_t t = (int32_t)((uint32_t)p * (uint32_t)TACIT_MLDSA_QINV);
    return (int32_t)((p - (int64_t)t * q) >> 32);
}

#define CT_BFLY(x, y, z)                                                                           \
    do {                                                                                           \
        int32_t t_ = mont_mul((y), (z), q);                                                        \
        (y) = (x)-t_;                                                                              \
        (x) = (x) + t_;                                                                            \
    } while (0)

#define GS_BFLY(x, y, z)                                                                           \
    do {                                                                                           \
        int32_t t_ = (x);                                                                          \
        (x) = t_ + (y);                                                                            \
        (y) = mont_mul(t_ - (y), (z), q);                                                          \
    } while (0)

/* Layers of half-distance 4, 2, 1 (in units of s) on a[0], a[s], .., a[7 s]. */
NTT_INLINE void ntt8(int32_t *a, unsigned s, unsigned k, int32_t q)
{
    const int32_t *zt = tacit_mldsa_zetas;
    int32_t x0 = a[0], x1 = a[s], x2 = a[2 * s], x3 = a[3 * s];
    int32_t x4 = a[4 * s], x5 = a[5 * s], x6 = a[6 * s], x7 = a[7 * s];

    CT_BFLY(x0, x4, zt[k]);
    CT_BFLY(x1, x5, zt[k]);
    CT_BFLY(x2, x6, zt[k]);
    CT_BFLY(x3, x7, zt[k]);
    CT_BFLY(x0, x2, zt[2 * k]);
    CT_BFLY(x1, x3, zt[2 * k]);
    CT_BFLY(x4, x6, zt[2 * k + 1]);
    CT_BFLY(x5, x7, zt[2 * k + 1]);
    CT_BFLY(x0, x1, zt[4 * k]);
    CT_BFLY(x2, x3, zt[4 * k + 1]);
    CT_BFLY(x4, x5, zt[4 * k + 2]);
    CT_BFLY(x6, x7, zt[4 * k + 3]);
    a[0] = x0;
    a[s] = x1;
    a[2 * s] = x2;
    a[3 * s] = x3;
    a[4 * s] = x4;
    a[5 * s] = x5;
    a[6 * s] = x6;
    a[7 * s] = x7;
}

/*
 * Forward NTT (Cooley-Tukey, bit-reversed output order), in place.  Input
 * |a| < q or so; output coefficients grow by at most 8 q (no reduction
 * between layers).
 */
void tacit_mldsa_ntt_c(int32_t a[TACIT_MLDSA_N])
{
    const int32_t q = TACIT_MLDSA_Q;
    const int32_t z1 = tacit_mldsa_zetas[1], z2 = tacit_mldsa_zetas[2];
    const int32_t z3 = tacit_mldsa_zetas[3];
    unsigned j, b;

    for (j = 0; j < 64; j++) { /* len 128, 64 */
        int32_t x0 = a[j], x1 = a[j + 64], x2 = a[j + 128], x3 = a[j + 192];
        CT_BFLY(x0, x2, z1);
        CT_BFLY(x1, x3, z1);
        CT_BFLY(x0, x1, z2);
        CT_BFLY(x2, x3, z3);
        a[j] = x0;
        a[j + 64] = x1;
        a[j + 128] = x2;
        a[j + 192] = x3;
    }
    for (b = 0; b < 4; b++) { /* len 32, 16, 8 */
        for (j = 0; j < 8; j++) {
            ntt8(a + 64 * b + j, 8, 4 + b, q);
        }
    }
    for (b = 0; b < 32; b++) { /* len 4, 2, 1 */
        ntt8(a + 8 * b, 1, 32 + b, q);
    }
}

/* Layers of half-distance 1, 2, 4 (in units of s) on a[0], a[s], .., a[7 s]. */
NTT_INLINE void invntt8(int32_t *a, unsigned s, unsigned k, int32_t q)
{
    const int32_t *zt = tacit_mldsa_zetas;
    int32_t x0 = a[0], x1 = a[s], x2 = a[2 * s], x3 = a[3 * s];
    int32_t x4 = a[4 * s], x5 = a[5 * s], x6 = a[6 * s], x7 = a[7 * s];

    GS_BFLY(x0, x1, -zt[4 * k + 3]);
    GS_BFLY(x2, x3, -zt[4 * k + 2]);
    GS_BFLY(x4, x5, -zt[4 * k + 1]);
    GS_BFLY(x6, x7, -zt[4 * k]);
    GS_BFLY(x0, x2, -zt[2 * k + 1]);
    GS_BFLY(x1, x3, -zt[2 * k + 1]);
    GS_BFLY(x4, x6, -zt[2 * k]);
    GS_BFLY(x5, x7, -zt[2 * k]);
    GS_BFLY(x0, x4, -zt[k]);
    GS_BFLY(x1, x5, -zt[k]);
    GS_BFLY(x2, x6, -zt[k]);
    GS_BFLY(x3, x7, -zt[k]);
    a[0] = x0;
    a[s] = x1;
    a[2 * s] = x2;
    a[3 * s] = x3;
    a[4 * s] = x4;
    a[5 * s] = x5;
    a[6 * s] = x6;
    a[7 * s] = x7;
}

/*
 * Inverse NTT (Gentleman-Sande) times 2^32 (the Montgomery factor a
 * pointwise product left out): input |a| < q, output |a| < q.  The last
 * layer multiplies its outputs by f = 2^64 / 256 mod q: the sums by f, the
 * differences by f zeta (precomputed), so the outputs are the one-layer
 * loops' values mod q (not always the same representative), as the AVX2
 * kernel's.
 */
void tacit_mldsa_invntt_tomont_c(int32_t a[TACIT_MLDSA_N])
{
    const int32_t q = TACIT_MLDSA_Q;
    const int32_t f = 41978; /* 2^64 / 256 mod q */
    const int32_t z1 = -tacit_mldsa_zetas[1], z2 = -tacit_mldsa_zetas[2];
    const int32_t z3 = -tacit_mldsa_zetas[3];
    const int32_t fz1 = mont_mul(f, z1, q); /* f z1 2^-32: one product instead of two */
    unsigned j, b;

    for (b = 0; b < 32; b++) { /* len 1, 2, 4 */
        invntt8(a + 8 * b, 1, 63 - b, q);
    }
    for (b = 0; b < 4; b++) { /* len 8, 16, 32 */
        for (j = 0; j < 8; j++) {
            invntt8(a + 64 * b + j, 8, 7 - b, q);
        }
    }
    for (j = 0; j < 64; j++) { /* len 64, then 128 with the factor f folded in */
        int32_t x0 = a[j], x1 = a[j + 64], x2 = a[j + 128], x3 = a[j + 192];
        GS_BFLY(x0, x1, z3);
        GS_BFLY(x2, x3, z2);
        a[j] = mont_mul(x0 + x2, f, q);
        a[j + 64] = mont_mul(x1 + x3, f, q);
        a[j + 128] = mont_mul(x0 - x2, fz1, q);
        a[j + 192] = mont_mul(x1 - x3, fz1, q);
    }
}

#undef CT_BFLY
#undef GS_BFLY

#endif /* __OPTIMIZE_SIZE__ */

void tacit_mldsa_pointwise_c(int32_t r[TACIT_MLDSA_N], const int32_t a[TACIT_MLDSA_N],
                             const int32_t b[TACIT_MLDSA_N])
{
    unsigned i;
    for (i = 0; i < TACIT_MLDSA_N; i++) {
        r[i] = tacit_mldsa_mont_reduce((int64_t)a[i] * b[i]);
    }
}

void tacit_mldsa_pointwise_acc_c(int32_t r[TACIT_MLDSA_N], const int32_t a[TACIT_MLDSA_N],
                                 const int32_t b[TACIT_MLDSA_N])
{
    unsigned i;
    for (i = 0; i < TACIT_MLDSA_N; i++) {
        r[i] += tacit_mldsa_mont_reduce((int64_t)a[i] * b[i]);
    }
}

void tacit_mldsa_poly_sub_sparse_unsafe(int32_t w[TACIT_MLDSA_N], const int32_t t[TACIT_MLDSA_N],
                                        const unsigned char *pos, uint64_t neg, unsigned tau)
{
    unsigned k, m;

    for (k = 0; k < tau; k++) {
        /* X^p t: t[m] goes to w[m + p], negated to w[m + p - 256] where it wraps */
        unsigned p = pos[k];
        int32_t s = (neg >> k) & 1 ? -1 : 1;
        for (m = 0; m < TACIT_MLDSA_N - p; m++) {
            w[m + p] -= s * t[m];
        }
        for (; m < TACIT_MLDSA_N; m++) {
            w[m + p - TACIT_MLDSA_N] += s * t[m];
        }
    }
}

void tacit_mldsa_poly_reduce(tacit_mldsa_poly *a)
{
    unsigned i;
    for (i = 0; i < TACIT_MLDSA_N; i++) {
        a->c[i] = tacit_mldsa_reduce32(a->c[i]);
    }
}

void tacit_mldsa_poly_caddq(tacit_mldsa_poly *a)
{
    unsigned i;
    for (i = 0; i < TACIT_MLDSA_N; i++) {
        a->c[i] = tacit_mldsa_caddq(a->c[i]);
    }
}

void tacit_mldsa_poly_add(tacit_mldsa_poly *r, const tacit_mldsa_poly *a, const tacit_mldsa_poly *b)
{
    unsigned i;
    for (i = 0; i < TACIT_MLDSA_N; i++) {
        r->c[i] = a->c[i] + b->c[i];
    }
}

void tacit_mldsa_poly_sub(tacit_mldsa_poly *r, const tacit_mldsa_poly *a, const tacit_mldsa_poly *b)
{
    unsigned i;
    for (i = 0; i < TACIT_MLDSA_N; i++) {
        r->c[i] = a->c[i] - b->c[i];
    }
}

void tacit_mldsa_power2round(int32_t *a1, int32_t *a0, int32_t a)
{
    int32_t hi = (a + (1 << (TACIT_MLDSA_D - 1)) - 1) >> TACIT_MLDSA_D;
    *a0 = a - (hi << TACIT_MLDSA_D);
    *a1 = hi;
}

/*
 * Decompose without a division: a1 = round(a / (2 gamma2)) by a multiply
 * and a shift (exact for every a in [0, q); the unit test checks all of
 * them), with the top value (a >= q - gamma2) mapped to a1 = 0 and
 * a0 = a - q as FIPS 204 asks.  The polynomial loops below inline it with
 * gamma2 fixed for the whole loop (the branch on the public parameter is
 * taken once, not per coefficient).
 */
NTT_INLINE int32_t decompose(int32_t *a0, int32_t a, int32_t gamma2)
{
    int32_t a1 = (a + 127) >> 7;
    int32_t r0;

    if (gamma2 == (TACIT_MLDSA_Q - 1) / 32) { /* public parameter */
        a1 = (a1 * 1025 + (1 << 21)) >> 22;
        a1 &= 15;
    } else {
        a1 = (a1 * 11275 + (1 << 23)) >> 24;
        a1 ^= ((43 - a1) >> 31) & a1; /* 44 -> 0 */
    }
    r0 = a - a1 * 2 * gamma2;
    r0 -= (((TACIT_MLDSA_Q - 1) / 2 - r0) >> 31) & TACIT_MLDSA_Q;
    *a0 = r0;
    return a1;
}

NTT_INLINE int32_t use_hint(int32_t a, unsigned h, int32_t gamma2)
{
    int32_t a0, a1 = decompose(&a0, a, gamma2);
    int32_t m = gamma2 == (TACIT_MLDSA_Q - 1) / 32 ? 16 : 44; /* (q - 1) / (2 gamma2) */
    int32_t hm = -(int32_t)h;
    /* h = 1: a1 + 1 if a0 > 0, else a1 - 1, modulo m */
    int32_t step = 1 + 2 * ((a0 - 1) >> 31); /* +1 if a0 > 0, else -1 */
    int32_t r = a1 + (step & hm);
    r += (r >> 31) & m;           /* -1 -> m - 1 */
    r -= ((m - 1 - r) >> 31) & m; /* m -> 0 */
    return r;
}

int32_t tacit_mldsa_decompose(int32_t *a0, int32_t a, int32_t gamma2)
{
    return decompose(a0, a, gamma2);
}

int32_t tacit_mldsa_use_hint(int32_t a, unsigned h, int32_t gamma2)
{
    return use_hint(a, h, gamma2);
}

NTT_INLINE void decompose_loop(int32_t *r1, int32_t *r0, const int32_t *a, int32_t gamma2)
{
    unsigned i;
    for (i = 0; i < TACIT_MLDSA_N; i++) {
        int32_t lo, hi = decompose(&lo, a[i], gamma2);
        r1[i] = hi;
        r0[i] = lo;
    }
}

NTT_INLINE void use_hint_loop(int32_t *r, const int32_t *a, const int32_t *h, int32_t gamma2)
{
    unsigned i;
    for (i = 0; i < TACIT_MLDSA_N; i++) {
        r[i] = use_hint(a[i], (unsigned)h[i], gamma2);
    }
}

void tacit_mldsa_poly_decompose_c(int32_t r1[TACIT_MLDSA_N], int32_t r0[TACIT_MLDSA_N],
                                  const int32_t a[TACIT_MLDSA_N], int32_t gamma2)
{
#if defined(__OPTIMIZE_SIZE__)
    decompose_loop(r1, r0, a, gamma2);
#else
    if (gamma2 == (TACIT_MLDSA_Q - 1) / 32) { /* public parameter */
        decompose_loop(r1, r0, a, (TACIT_MLDSA_Q - 1) / 32);
    } else {
        decompose_loop(r1, r0, a, (TACIT_MLDSA_Q - 1) / 88);
    }
#endif
}

void tacit_mldsa_poly_use_hint_c(int32_t r[TACIT_MLDSA_N], const int32_t a[TACIT_MLDSA_N],
                                 const int32_t h[TACIT_MLDSA_N], int32_t gamma2)
{
#if defined(__OPTIMIZE_SIZE__)
    use_hint_loop(r, a, h, gamma2);
#else
    if (gamma2 == (TACIT_MLDSA_Q - 1) / 32) { /* public parameter */
        use_hint_loop(r, a, h, (TACIT_MLDSA_Q - 1) / 32);
    } else {
        use_hint_loop(r, a, h, (TACIT_MLDSA_Q - 1) / 88);
    }
#endif
}

uint32_t tacit_mldsa_poly_norm_mask(const tacit_mldsa_poly *a, int32_t bound)
{
    uint32_t bad = 0;
    unsigned i;

    for (i = 0; i < TACIT_MLDSA_N; i++) {
        int32_t x = a->c[i];
        int32_t s = x >> 31;
        int32_t absx = (x ^ s) - s;
        bad |= (uint32_t)(bound - 1 - absx) >> 31;
    }
    return tacit_ct_mask_from_bit_u32(bad);
}

/*
 * Eight coefficients are bits bytes.  Coefficient t of a group starts at bit
 * t * bits: it is read from (or or-ed into) the 2 to 4 bytes it touches,
 * offsets that the compiler folds for each width (the callers' switch).
 */
static inline void pack8(unsigned char *out, const int32_t *a, unsigned bits, int32_t off)
{
    uint32_t vmask = ((uint32_t)1 << bits) - 1;
    int32_t sign = off != 0 ? -1 : 1; /* public */
    unsigned t;

    for (t = 0; t < bits; t++) {
        out[t] = 0;
    }
    for (t = 0; t < 8; t++) {
        unsigned pos = t * bits, sh = pos & 7;
        unsigned char *p = out + (pos >> 3);
        uint32_t v = ((uint32_t)(off + sign * a[t]) & vmask) << sh;
        p[0] |= (unsigned char)v;
        if (sh + bits > 8) {
            p[1] |= (unsigned char)(v >> 8);
        }
        if (sh + bits > 16) {
            p[2] |= (unsigned char)(v >> 16);
        }
        if (sh + bits > 24) {
            p[3] |= (unsigned char)(v >> 24);
        }
    }
}

static inline void unpack8(int32_t *a, const unsigned char *in, unsigned bits, int32_t off)
{
    uint32_t vmask = ((uint32_t)1 << bits) - 1;
    unsigned t;

    for (t = 0; t < 8; t++) {
        unsigned pos = t * bits, sh = pos & 7;
        const unsigned char *p = in + (pos >> 3);
        uint32_t v = p[0];
        if (sh + bits > 8) {
            v |= (uint32_t)p[1] << 8;
        }
        if (sh + bits > 16) {
            v |= (uint32_t)p[2] << 16;
        }
        if (sh + bits > 24) {
            v |= (uint32_t)p[3] << 24;
        }
        v = (v >> sh) & vmask;
        a[t] = off != 0 ? off - (int32_t)v : (int32_t)v;
    }
}

#define PACK_WIDTH(b)                                                                              \
    case b:                                                                                        \
        for (i = 0; i < TACIT_MLDSA_N; i += 8) {                                                   \
            pack8(out + i / 8 * (b), a + i, b, off);                                               \
        }                                                                                          \
        break

#define UNPACK_WIDTH(b)                                                                            \
    case b:                                                                                        \
        for (i = 0; i < TACIT_MLDSA_N; i += 8) {                                                   \
            unpack8(a + i, in + i / 8 * (b), b, off);                                              \
        }                                                                                          \
        break

void tacit_mldsa_pack(unsigned char *out, const int32_t a[TACIT_MLDSA_N], unsigned bits,
                      int32_t off)
{
    unsigned i;

    switch (bits) { /* public: one unrolled loop per width (one loop for all at -Os) */
#if !defined(__OPTIMIZE_SIZE__)
        PACK_WIDTH(3);
        PACK_WIDTH(4);
        PACK_WIDTH(6);
        PACK_WIDTH(10);
        PACK_WIDTH(13);
        PACK_WIDTH(18);
        PACK_WIDTH(20);
#endif
    default:
        for (i = 0; i < TACIT_MLDSA_N; i += 8) {
            pack8(out + i / 8 * bits, a + i, bits, off);
        }
        break;
    }
}

void tacit_mldsa_unpack8(int32_t a[8], const unsigned char *in, unsigned bits, int32_t off)
{
    unpack8(a, in, bits, off);
}

void tacit_mldsa_unpack(int32_t a[TACIT_MLDSA_N], const unsigned char *in, unsigned bits,
                        int32_t off)
{
    unsigned i;

    switch (bits) {
#if !defined(__OPTIMIZE_SIZE__)
        UNPACK_WIDTH(3);
        UNPACK_WIDTH(4);
        UNPACK_WIDTH(6);
        UNPACK_WIDTH(10);
        UNPACK_WIDTH(13);
        UNPACK_WIDTH(18);
        UNPACK_WIDTH(20);
#endif
    default:
        for (i = 0; i < TACIT_MLDSA_N; i += 8) {
            unpack8(a + i, in + i / 8 * bits, bits, off);
        }
        break;
    }
}

#else
typedef int tacit_mldsa_poly_unused;
#endif /* TACIT_MLDSA_C */
