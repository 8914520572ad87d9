/*
 * P-256 field arithmetic and point formulas.
 *
 * p = 2^256 - 2^224 + 2^192 + 2^96 - 1, Montgomery form with R = 2^256.
 * -p^-1 = 1 modulo 2^64 and 2^32, so the reduction needs no multiplication
 * by mm, and p's zero limbs cost nothing since p is a visible constant.
 */
#include "ec/ecp_fe.h"

#if defined(TACIT_ECP_C) && defined(TACIT_ECP_SECP256R1_C)

#include <string.h>

#define ECP_N (256 / TACIT_MPI_LIMB_BITS)
#define ECP_B tacit_ecp_p256_b_mont
#define ECP_FN(x) tacit_ecp_p256_##x
#define ECP_NMOD tacit_ecp_p256_n
#define ECP_N_MM                                                                                   \
    ((tacit_mpi_uint)0xccd1c8aaee00bc4fu) /* -n^-1 mod 2^64, truncated for 32-bit limbs */

#if !defined(TACIT_ECP_X86_64_ASM)
/* p as constants the compiler can see (limb 2 of p is zero: no products) */
static const tacit_mpi_uint P256_P[ECP_N] = {
    TACIT_ECP_L64(0xFFFFFFFFFFFFFFFF),
    TACIT_ECP_L64(0x00000000FFFFFFFF),
    TACIT_ECP_L64(0x0000000000000000),
    TACIT_ECP_L64(0xFFFFFFFF00000001),
};
#endif

#if defined(TACIT_ECP_X86_64_ASM)
/*
 * x86-64: the Montgomery product with the reduction fused in, in assembly
 * (compilers, gcc above all, turn 128-bit carry chains into long instruction
 * sequences); generated into ecp_asm_x86_64.h by scripts/gen/gen_ecp_asm.py.
 * This is the baseline (mulq) build; ecp_p256_x86_64.c compiles the same
 * formulas over the MULX/ADX products for CPUs that have them.
 */
static inline void fe_mul(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    ecp_asm_p256_mul(r, a, b);
}

static inline void fe_sqr(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    ecp_asm_p256_mul(r, a, a);
}
#else
static inline void p256_reduce(tacit_mpi_uint *r, const tacit_mpi_uint *t)
{
    ecp_fe_mont_reduce(r, t, P256_P, ECP_N, 1);
}

static inline void fe_mul(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    tacit_mpi_uint t[2 * ECP_N];

    ecp_fe_mul_wide(t, a, b, ECP_N);
    p256_reduce(r, t);
}

static inline void fe_sqr(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    tacit_mpi_uint t[2 * ECP_N];

    ecp_fe_sqr_wide(t, a, ECP_N);
    p256_reduce(r, t);
}
#endif

static inline void fe_add(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
#if defined(TACIT_ECP_X86_64_ASM)
    ecp_asm_p256_add(r, a, b);
#else
    ecp_fe_add(r, a, b, P256_P, ECP_N);
#endif
}

static inline void fe_sub(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
#if defined(TACIT_ECP_X86_64_ASM)
    ecp_asm_p256_sub(r, a, b);
#else
    ecp_fe_sub(r, a, b, P256_P, ECP_N);
#endif
}

#if defined(TACIT_ECP_X86_64_ASM)
#define ECP_HAVE_SMALL_MULTIPLES
static inline void fe_x2(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    ecp_asm_p256_x2(r, a);
}

static inline void fe_x3(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    ecp_asm_p256_x3(r, a);
}

static inline void fe_x4(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    ecp_asm_p256_x4(r, a);
}

static inline void fe_x8(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    ecp_asm_p256_x8(r, a);
}
#endif

#include "ec/ecp_point_impl.h"
#include "ec/ecp_p256_inv.h"

#else
typedef int tacit_ecp_p256_unused;
#endif /* TACIT_ECP_C && TACIT_ECP_SECP256R1_C */
