/*
 * bignum_core modular exponentiation, compact form: binary left-to-right
 * ladders without tables.  Compiled instead of bignum_core_exp.c when
 * optimising for size (-Os defines __OPTIMIZE_SIZE__; firmware).
 *   tacit_mpi_core_exp_mod: a squaring and a multiplication for every bit
 *     of E's limbs, the product kept by a masked copy when the bit is set
 *     (about 1.6 times the multiplications of the fixed window for a
 *     1024-bit exponent);
 *   tacit_mpi_core_exp_mod_unsafe: a squaring per bit of E's actual length,
 *     a multiplication per one bit (for e = 65537 what the sliding window
 *     does).
 * Values stay "almost reduced" (below R) inside; the final
 * tacit_mpi_core_from_mont brings the result below N.
 */
#include "tacit/config.h"

#if defined(TACIT_BIGNUM_CORE_C) && defined(__OPTIMIZE_SIZE__)

#include <string.h>

#include "bignum/bignum_core.h"
#include "bignum/bignum_core_limb.h"
#include "core/constant_time_internal.h"

#if defined(TACIT_TEST_HOOKS)
unsigned long tacit_mpi_core_test_exp_ct_calls;
unsigned long tacit_mpi_core_test_exp_unsafe_calls;
#endif

size_t tacit_mpi_core_exp_mod_working_limbs(size_t limbs, size_t elimbs)
{
    (void)elimbs;
    /* A R, the product, montmul scratch */
    return 2 * limbs + TACIT_MPI_CORE_MONTMUL_WORKING_LIMBS(limbs);
}

size_t tacit_mpi_core_exp_mod_unsafe_working_limbs(size_t limbs, size_t elimbs)
{
    return tacit_mpi_core_exp_mod_working_limbs(limbs, elimbs);
}

/* AR = A R, then X = R mod N (1 in Montgomery form); returns the Montgomery constant. */
static tacit_mpi_uint exp_start(tacit_mpi_uint *X, tacit_mpi_uint *AR, const tacit_mpi_uint *A,
                                const tacit_mpi_uint *N, size_t limbs, const tacit_mpi_uint *RR,
                                tacit_mpi_uint *W)
{
    tacit_mpi_uint mm = tacit_mpi_core_mont_init(N);

    /* A is not read after this, so X may alias it */
    tacit_mpi_core_to_mont(AR, A, N, limbs, mm, RR, W);
    tacit_mpi_core_from_mont(X, RR, N, limbs, mm, W);
    return mm;
}

void tacit_mpi_core_exp_mod(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *N,
                            size_t limbs, const tacit_mpi_uint *E, size_t elimbs,
                            const tacit_mpi_uint *RR, tacit_mpi_uint *T)
{
    size_t i = elimbs * TACIT_MPI_BIL;
    tacit_mpi_uint *AR = T, *P = T + limbs, *W = P + limbs, mm;

#if defined(TACIT_TEST_HOOKS)
    tacit_mpi_core_test_exp_ct_calls++;
#endif
    mm = exp_start(X, AR, A, N, limbs, RR, W);
    while (i-- > 0) {
        tacit_mpi_uint bit = (E[i / TACIT_MPI_BIL] >> (i % TACIT_MPI_BIL)) & 1;
        tacit_mpi_core_montsqr_lazy(X, X, N, limbs, mm, W);
        tacit_mpi_core_montmul_lazy(P, X, AR, N, limbs, mm, W);
        tacit_mpi_core_cond_assign(X, P, limbs, tacit_ct_mask_from_bit_limb(bit));
    }
    tacit_mpi_core_from_mont(X, X, N, limbs, mm, W);
}

void tacit_mpi_core_exp_mod_unsafe(tacit_mpi_uint *X, const tacit_mpi_uint *A,
                                   const tacit_mpi_uint *N, size_t limbs, const tacit_mpi_uint *E,
                                   size_t elimbs, const tacit_mpi_uint *RR, tacit_mpi_uint *T)
{
    size_t i = tacit_mpi_core_bitlen_unsafe(E, elimbs);
    tacit_mpi_uint *AR = T, *W = T + 2 * limbs, mm;

#if defined(TACIT_TEST_HOOKS)
    tacit_mpi_core_test_exp_unsafe_calls++;
#endif
    mm = exp_start(X, AR, A, N, limbs, RR, W);
    while (i-- > 0) {
        tacit_mpi_core_montsqr_lazy(X, X, N, limbs, mm, W);
        if ((E[i / TACIT_MPI_BIL] >> (i % TACIT_MPI_BIL)) & 1) {
            tacit_mpi_core_montmul_lazy(X, X, AR, N, limbs, mm, W);
        }
    }
    tacit_mpi_core_from_mont(X, X, N, limbs, mm, W);
}

#else
typedef int tacit_bignum_core_exp_small_unused;
#endif /* TACIT_BIGNUM_CORE_C && __OPTIMIZE_SIZE__ */
