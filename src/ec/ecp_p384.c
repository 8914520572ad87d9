/*
 * P-384 field arithmetic and point formulas: Montgomery form with
 * R = 2^384; -p^-1 mod 2^64 = 2^32 + 1 (mod 2^32: 1).
 */
#include "ec/ecp_fe.h"

#if defined(TACIT_ECP_C) && defined(TACIT_ECP_SECP384R1_C)

#include <string.h>

#define ECP_N (384 / TACIT_MPI_LIMB_BITS)
#define ECP_B tacit_ecp_p384_b_mont
#define ECP_FN(x) tacit_ecp_p384_##x
#define ECP_NMOD tacit_ecp_p384_n
#define ECP_N_MM                                                                                   \
    ((tacit_mpi_uint)0x6ed46089e88fdc45u) /* -n^-1 mod 2^64, truncated for 32-bit limbs */

#if TACIT_MPI_LIMB_BITS == 64
#define P384_MM ((tacit_mpi_uint)0x0000000100000001u)
#else
#define P384_MM ((tacit_mpi_uint)1)
#endif

static const tacit_mpi_uint P384_P[ECP_N] = {
    TACIT_ECP_L64(0x00000000FFFFFFFF), TACIT_ECP_L64(0xFFFFFFFF00000000),
    TACIT_ECP_L64(0xFFFFFFFFFFFFFFFE), TACIT_ECP_L64(0xFFFFFFFFFFFFFFFF),
    TACIT_ECP_L64(0xFFFFFFFFFFFFFFFF), TACIT_ECP_L64(0xFFFFFFFFFFFFFFFF),
};

#if defined(TACIT_ECP_X86_64_ASM)
#include "ec/x86_64/p384_asm_gen.h"

/*
 * x86-64 without BMI2/ADX: the prime's own reduction in mulq asm (two
 * products by constants per step instead of six by p's limbs; the
 * MULX/ADX build, x86_64/p384_adx.c, is faster still).  t is overwritten.
 */
static inline void p384_reduce(tacit_mpi_uint *r, tacit_mpi_uint *t)
{
    ecp_asm_p384_redc_mulq(t);
    ecp_fe_final_sub(r, t, t[ECP_N], P384_P, ECP_N);
}
#else
/*
 * The prime's own Montgomery reduction, on 32-bit digits whatever the limb
 * size (R = 2^384 either way).  -p^-1 = 1 mod 2^32, so the quotient digit
 * q_k is the current digit itself, and q_k p added at digit k is
 *     -q_k (digit k, which it clears), +q_k (k + 1), -q_k (k + 3),
 *     -q_k (k + 4), +q_k (k + 12)
 * from p = 2^384 - 2^128 - 2^96 + 2^32 - 1: no multiplication at all.  The
 * columns are summed in a signed 64-bit accumulator (each term below 2^32,
 * so it never overflows); the result (t + sum q_k p 2^(32k)) / 2^384 is
 * below 2p for t < p^2, one conditional subtraction ends it.
 */
static inline uint32_t p384_digit(const tacit_mpi_uint *t, size_t i)
{
#if TACIT_MPI_LIMB_BITS == 64
    return (uint32_t)(t[i / 2] >> (32 * (i % 2)));
#else
    return (uint32_t)t[i];
#endif
}

static inline void p384_reduce(tacit_mpi_uint *r, tacit_mpi_uint *t)
{
    uint32_t q[12], v[12];
    tacit_mpi_uint w[ECP_N];
    int64_t acc = 0;
    size_t k;

    ECP_UNROLL
    for (k = 0; k < 24; k++) {
        acc += (int64_t)p384_digit(t, k);
        if (k >= 1 && k - 1 < 12) { /* k is public: constant after unrolling */
            acc += (int64_t)q[k - 1];
        }
        if (k >= 3 && k - 3 < 12) {
            acc -= (int64_t)q[k - 3];
        }
        if (k >= 4 && k - 4 < 12) {
            acc -= (int64_t)q[k - 4];
        }
        if (k >= 12) {
            acc += (int64_t)q[k - 12];
        }
        if (k < 12) {
            q[k] = (uint32_t)acc; /* acc - q_k is a multiple of 2^32 */
            acc -= (int64_t)q[k];
        } else {
            v[k - 12] = (uint32_t)acc;
            acc -= (int64_t)v[k - 12];
        }
        acc /= (int64_t)1 << 32; /* exact: a shift */
    }
    ECP_UNROLL
    for (k = 0; k < ECP_N; k++) {
#if TACIT_MPI_LIMB_BITS == 64
        w[k] = (tacit_mpi_uint)v[2 * k] | (tacit_mpi_uint)v[2 * k + 1] << 32;
#else
        w[k] = v[k];
#endif
    }
    /* acc is the top: 0 or 1 */
    ecp_fe_final_sub(r, w, (tacit_mpi_uint)acc, P384_P, ECP_N);
}
#endif

static inline void fe_mul(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    tacit_mpi_uint t[2 * ECP_N];

#if defined(TACIT_ECP_X86_64_ASM)
    ecp_asm_mul_6(t, a, b);
#else
    ecp_fe_mul_wide(t, a, b, ECP_N);
#endif
    p384_reduce(r, t);
}

static inline void fe_sqr(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    tacit_mpi_uint t[2 * ECP_N];

    ecp_fe_sqr_wide(t, a, ECP_N);
    p384_reduce(r, t);
}

static inline void fe_add(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    ecp_fe_add(r, a, b, P384_P, ECP_N);
}

static inline void fe_sub(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    ecp_fe_sub(r, a, b, P384_P, ECP_N);
}

#include "ec/ecp_point_impl.h"

#else
typedef int tacit_ecp_p384_unused;
#endif /* TACIT_ECP_C && TACIT_ECP_SECP384R1_C */
