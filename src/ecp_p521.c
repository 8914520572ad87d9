/*
 * P-521 field arithmetic and point formulas.  p = 2^521 - 1, so a product
 * t = hi * 2^521 + lo is congruent to hi + lo: two additions instead of a
 * Montgomery reduction.  Coordinates are therefore plain integers here
 * (the "Montgomery" constants of this curve have R = 1, see
 * scripts/gen_ecp_data.py).  9 limbs of 64 bits or 18 of 32.
 */
#include "ecp_fe.h"

#if defined(TACIT_ECP_C) && defined(TACIT_ECP_SECP521R1_C)

#include <string.h>

#define ECP_N (576 / TACIT_MPI_LIMB_BITS)
#define ECP_B tacit_ecp_p521_b_mont
#define ECP_FN(x) tacit_ecp_p521_##x
#define ECP_NMOD tacit_ecp_p521_n
#define ECP_N_MM                                                                                   \
    ((tacit_mpi_uint)0x1d2f5ccd79a995c7u) /* -n^-1 mod 2^64, truncated for 32-bit limbs */

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

#include "ecp_point_impl.h"

#else
typedef int tacit_ecp_p521_unused;
#endif /* TACIT_ECP_C && TACIT_ECP_SECP521R1_C */
