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

static inline void fe_mul(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    tacit_mpi_uint t[2 * ECP_N];

    ecp_fe_mul_wide(t, a, b, ECP_N);
    ecp_fe_mont_reduce(r, t, P384_P, ECP_N, P384_MM);
}

static inline void fe_sqr(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    tacit_mpi_uint t[2 * ECP_N];

    ecp_fe_sqr_wide(t, a, ECP_N);
    ecp_fe_mont_reduce(r, t, P384_P, ECP_N, P384_MM);
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
