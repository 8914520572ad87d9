/*
 * The AVX-512 IFMA divsteps of the constant-time inverse (inv_ifma.c), for
 * bignum_core_inv.c: the same contract as tacit_mpi_core_avx2_divsteps
 * (bignum_core_limb.h), with batches of 50 divsteps and an update of f, g,
 * d, e in digits of 52 bits by VPMADD52LUQ/HUQ.  Built where the IFMA
 * exponentiation is (ifma.h: x86-64, 64-bit limbs, assembly on, not -Os).
 */
#ifndef TACIT_BIGNUM_INV_IFMA_H
#define TACIT_BIGNUM_INV_IFMA_H

#include <stddef.h>

#include "bignum/x86_64/ifma.h"

#if defined(TACIT_MPI_HAVE_X86_64_IFMA)
#define TACIT_MPI_HAVE_X86_64_IFMA_INV

/*
 * The inverse takes the IFMA divsteps from this many limbs on (a public
 * size).  Min TSC ticks of the divsteps on Zen 4, IFMA vs AVX2: 16 limbs
 * 12584 vs 11180, 20: 16328 vs 15314, 24: 20280 vs 20618, 28: 23946 vs
 * 26234, 32: 26286 vs 29822.
 */
#define TACIT_MPI_IFMA_INV_MIN_LIMBS 26

/* Working limbs of tacit_mpi_core_ifma_divsteps (never more than the AVX2 divsteps'). */
size_t tacit_mpi_core_ifma_divsteps_working_limbs(size_t limbs);

/*
 * For CPUs with AVX-512 F, VL and IFMA (ask tacit_mpi_core_cpu_has_ifma):
 * `steps` divsteps (rounded up to a multiple of 50) from f = F (limbs + 1
 * limbs, odd) and g = G (limbs limbs), with the cofactors d = 2, e = 1 of
 * f, g modulo the odd M; on return F = f and D (limbs + 1 limbs) = d, both
 * two's complement, d in (-2M, M).  limbs >= 4.  T has
 * tacit_mpi_core_ifma_divsteps_working_limbs(limbs) limbs.  Constant time.
 */
void tacit_mpi_core_ifma_divsteps(tacit_mpi_uint *F, tacit_mpi_uint *D, const tacit_mpi_uint *G,
                                  const tacit_mpi_uint *M, size_t limbs, size_t steps,
                                  tacit_mpi_uint *T);
#endif

#endif /* TACIT_BIGNUM_INV_IFMA_H */
