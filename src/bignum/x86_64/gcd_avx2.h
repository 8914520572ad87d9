/*
 * The packed AVX2 divsteps of the constant-time gcd (gcd_avx2.c), for
 * bignum_core_inv.c's tacit_mpi_core_gcd_ct: two digits of f and g a
 * 256-bit block.  Built where the AVX2 divsteps are (x86-64, 64-bit limbs,
 * assembly on, not -Os).
 */
#ifndef TACIT_BIGNUM_GCD_AVX2_H
#define TACIT_BIGNUM_GCD_AVX2_H

#include <stddef.h>

#include "bignum/bignum_core_limb.h"

#if defined(TACIT_MPI_HAVE_X86_64_ADX_ASM) && !defined(__OPTIMIZE_SIZE__)
#define TACIT_MPI_HAVE_X86_64_GCD_PACKED

/*
 * The gcd takes the packed divsteps from this many limbs on (a public
 * size); below, tacit_mpi_core_avx2_divsteps with D = NULL.  Min TSC ticks
 * of the divsteps alone on Zen 4, unpacked (30-step batches too, since
 * 693ee86) vs packed: 1 limb 728 vs 754, 2: 1196 vs 1196, 3: 1742 vs 1768,
 * 4: 2340 vs 2262, 8: 4758 vs 4628, 16: 9516 vs 9230, 24: 17108 vs 13962,
 * 32: 26936 vs 18720, 64: 94640 vs 45942.
 */
#define TACIT_MPI_GCD_PACKED_MIN_LIMBS 4

/* Working limbs of tacit_mpi_core_avx2_gcd_divsteps (T). */
size_t tacit_mpi_core_avx2_gcd_divsteps_working_limbs(size_t limbs);

/*
 * For CPUs with AVX2 (ask tacit_mpi_core_cpu_has_avx2): `steps` divsteps
 * (rounded up to whole batches) from f = F (limbs + 1 limbs, odd) and g =
 * G (limbs limbs), 0 <= g <= f < 2^(limbs biL + 2); on return F = f (two's
 * complement).  No cofactors.  T has
 * tacit_mpi_core_avx2_gcd_divsteps_working_limbs(limbs) limbs.  Constant
 * time.
 */
void tacit_mpi_core_avx2_gcd_divsteps(tacit_mpi_uint *F, const tacit_mpi_uint *G, size_t limbs,
                                      size_t steps, tacit_mpi_uint *T);
#endif

#endif /* TACIT_BIGNUM_GCD_AVX2_H */
