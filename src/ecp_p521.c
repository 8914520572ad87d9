/*
 * P-521 field arithmetic and point formulas.  p = 2^521 - 1, so a product
 * t = hi * 2^521 + lo is congruent to hi + lo: no Montgomery reduction.
 * Coordinates are therefore plain integers for the rest of the library (the
 * "Montgomery" constants of this curve have R = 1, see
 * scripts/gen_ecp_data.py), 9 limbs of 64 bits or 18 of 32, fully reduced.
 *
 * With 64-bit limbs the formulas compute on nine unsaturated 58-bit limbs
 * with 128-bit products and lazy carries (ecp_p521_fe58.h): each point
 * function unpacks its inputs, works in that form, and packs its outputs
 * fully reduced (ECP_FE_LOAD / ECP_FE_STORE of ecp_point_impl.h).  With
 * 32-bit limbs they compute on the saturated limbs directly (below).
 */
#include "ecp_fe.h"
#include "ecp_p521_fe58.h"

#if defined(TACIT_ECP_C) && defined(TACIT_ECP_SECP521R1_C)

#include <string.h>

#define ECP_N (576 / TACIT_MPI_LIMB_BITS)
#define ECP_B tacit_ecp_p521_b_mont
#define ECP_FN(x) tacit_ecp_p521_##x
#define ECP_NMOD tacit_ecp_p521_n
#define ECP_N_MM                                                                                   \
    ((tacit_mpi_uint)0x1d2f5ccd79a995c7u) /* -n^-1 mod 2^64, truncated for 32-bit limbs */

#if TACIT_MPI_LIMB_BITS == 64
/* ---- 64-bit limbs: the 58-bit form ------------------------------------------ */

static inline void fe_mul(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    p521_fe58_mul(r, a, b);
}

static inline void fe_sqr(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    p521_fe58_sqr(r, a);
}

static inline void fe_add(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    p521_fe58_add(r, a, b);
}

static inline void fe_sub(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    p521_fe58_sub(r, a, b);
}

/* small multiples in one carry step (ecp_point_impl.h) */
#define ECP_HAVE_SMALL_MULTIPLES
static inline void fe_x2(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    p521_fe58_mulk(r, a, 2);
}

static inline void fe_x3(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    p521_fe58_mulk(r, a, 3);
}

static inline void fe_x4(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    p521_fe58_mulk(r, a, 4);
}

static inline void fe_x8(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    p521_fe58_mulk(r, a, 8);
}

#define ECP_FE_LOAD(t, a) p521_fe58_unpack((t), (a))
#define ECP_FE_STORE(r, t) p521_fe58_pack((r), (t))

/* The field entry points of ecp_point_impl.h, converting at the edges. */
void ECP_FN(mul)(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    p521_fe58 x, y;

    p521_fe58_unpack(x, a);
    p521_fe58_unpack(y, b);
    p521_fe58_mul(x, x, y);
    p521_fe58_pack(r, x);
}

void ECP_FN(sqr)(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    p521_fe58 x;

    (void)b;
    p521_fe58_unpack(x, a);
    p521_fe58_sqr(x, x);
    p521_fe58_pack(r, x);
}

void ECP_FN(add)(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    p521_fe58 x, y;

    p521_fe58_unpack(x, a);
    p521_fe58_unpack(y, b);
    p521_fe58_add(x, x, y);
    p521_fe58_pack(r, x);
}

void ECP_FN(sub)(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    p521_fe58 x, y;

    p521_fe58_unpack(x, a);
    p521_fe58_unpack(y, b);
    p521_fe58_sub(x, x, y);
    p521_fe58_pack(r, x);
}

/*
 * r = 1/a (0 -> 0): the addition chain of p521_fe58_inv, 520 S + 13 M
 * (tacit_ecp_fe_inv takes bignum_core's safegcd first when it is built in).
 */
void ECP_FN(fe_inv)(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    p521_fe58 x;

    p521_fe58_unpack(x, a);
    p521_fe58_inv(x, x);
    p521_fe58_pack(r, x);
    tacit_platform_zeroize(x, sizeof(x));
}

#else
/* ---- 32-bit limbs: saturated, 18 limbs -------------------------------------- */

#define P521_L (521 / TACIT_MPI_LIMB_BITS) /* limb holding bit 521 */
#define P521_S (521 % TACIT_MPI_LIMB_BITS) /* its position: 9 */

static const tacit_mpi_uint P521_P[ECP_N] = {
    TACIT_ECP_L64(0xFFFFFFFFFFFFFFFF), TACIT_ECP_L64(0xFFFFFFFFFFFFFFFF),
    TACIT_ECP_L64(0xFFFFFFFFFFFFFFFF), TACIT_ECP_L64(0xFFFFFFFFFFFFFFFF),
    TACIT_ECP_L64(0xFFFFFFFFFFFFFFFF), TACIT_ECP_L64(0xFFFFFFFFFFFFFFFF),
    TACIT_ECP_L64(0xFFFFFFFFFFFFFFFF), TACIT_ECP_L64(0xFFFFFFFFFFFFFFFF),
    TACIT_ECP_L64(0x00000000000001FF),
};

/* r = t mod p for t < 2^1042 (t has 2 ECP_N limbs) */
static inline void p521_reduce(tacit_mpi_uint *r, const tacit_mpi_uint *t)
{
    const tacit_mpi_uint low = ((tacit_mpi_uint)1 << P521_S) - 1;
    tacit_mpi_uint s[ECP_N], hi[ECP_N];
    unsigned char c = 0;
    tacit_mpi_uint top;
    size_t i;

    /* hi = t >> 521 */
    ECP_UNROLL
    for (i = 0; i < ECP_N; i++) {
        hi[i] =
            (t[P521_L + i] >> P521_S) |
            (P521_L + i + 1 < 2 * ECP_N ? t[P521_L + i + 1] << (TACIT_MPI_LIMB_BITS - P521_S) : 0);
    }
    /* s = (t mod 2^521) + hi < 2^522 */
    ECP_UNROLL
    for (i = 0; i < ECP_N; i++) {
        tacit_mpi_uint lo = i < P521_L ? t[i] : (i == P521_L ? t[i] & low : 0);
        ECP_ADC(c, lo, hi[i], s[i]);
    }
    /* fold bit 521 once more: s <= 2^521, then subtract p if s >= p */
    top = s[P521_L] >> P521_S;
    s[P521_L] &= low;
    c = 0;
    ECP_ADC(c, s[0], top, s[0]);
    ECP_UNROLL
    for (i = 1; i < ECP_N; i++) {
        ECP_ADC(c, s[i], 0, s[i]);
    }
    ecp_fe_final_sub(r, s, 0, P521_P, ECP_N);
}

static inline void fe_mul(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    tacit_mpi_uint t[2 * ECP_N];

    ecp_fe_mul_wide(t, a, b, ECP_N);
    p521_reduce(r, t);
}

static inline void fe_sqr(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    tacit_mpi_uint t[2 * ECP_N];

    ecp_fe_sqr_wide(t, a, ECP_N);
    p521_reduce(r, t);
}

static inline void fe_add(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    ecp_fe_add(r, a, b, P521_P, ECP_N);
}

static inline void fe_sub(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    ecp_fe_sub(r, a, b, P521_P, ECP_N);
}

/* r = 1/a = a^(p - 2) (0 -> 0), the addition chain of p521_fe58_inv. */
void ECP_FN(fe_inv)(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    tacit_mpi_uint x2[ECP_N], x7[ECP_N], x8[ECP_N], t[ECP_N];
    int i, k;

    fe_sqr(t, a);
    fe_mul(x2, t, a); /* 2^2 - 1 */
    fe_sqr(t, x2);
    fe_mul(t, t, a); /* 2^3 - 1 */
    memcpy(x8, t, sizeof(t));
    for (i = 0; i < 3; i++) {
        fe_sqr(t, t);
    }
    fe_mul(t, t, x8); /* 2^6 - 1 */
    fe_sqr(t, t);
    fe_mul(x7, t, a); /* 2^7 - 1 */
    fe_sqr(t, x7);
    fe_mul(t, t, a); /* 2^8 - 1 */
    for (k = 8; k < 512; k *= 2) {
        memcpy(x8, t, sizeof(t));
        for (i = 0; i < k; i++) {
            fe_sqr(t, t);
        }
        fe_mul(t, t, x8); /* 2^(2k) - 1 */
    }
    for (i = 0; i < 7; i++) {
        fe_sqr(t, t);
    }
    fe_mul(t, t, x7); /* 2^519 - 1 */
    fe_sqr(t, t);
    fe_sqr(t, t);
    fe_mul(r, t, a); /* 2^521 - 3 */
    tacit_platform_zeroize(t, sizeof(t));
    tacit_platform_zeroize(x2, sizeof(x2));
    tacit_platform_zeroize(x7, sizeof(x7));
    tacit_platform_zeroize(x8, sizeof(x8));
}
#endif                                     /* TACIT_MPI_LIMB_BITS */

#include "ecp_point_impl.h"

#else
typedef int tacit_ecp_p521_unused;
#endif /* TACIT_ECP_C && TACIT_ECP_SECP521R1_C */
