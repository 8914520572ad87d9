/*
 * Helpers shared by the tacit_mpi source files (bignum*.c); not public.
 */
#ifndef TACIT_BIGNUM_INTERNAL_H
#define TACIT_BIGNUM_INTERNAL_H

#include <stddef.h>

#include "tacit/bignum.h"

/*
 * The largest allocation, in limbs: products and dividends of two
 * TACIT_MPI_MAX_BITS numbers must fit, so twice the maximum plus a margin.
 */
#define TACIT_MPI_GROW_MAX_LIMBS (2 * TACIT_MPI_MAX_LIMBS + 2)

/*
 * Leaks: the significant length of X (the loop stops at the top nonzero limb).
 * Only for: public values, inside the _unsafe functions.
 * Limbs up to the most significant nonzero one.
 */
size_t tacit_mpi_used_limbs_unsafe(const tacit_mpi *X);

/* X = 0 keeping the allocation; sign +1. */
void tacit_mpi_set_zero(tacit_mpi *X);

/* Give a zero value the sign +1. */
void tacit_mpi_normalize_sign(tacit_mpi *X);

/*
 * Q (qlimbs = na - nb + 1 limbs, or NULL) and R (nb limbs, or NULL) of
 * A (na limbs) / B (nb limbs, top limb nonzero), na >= nb >= 1.
 * T: scratch of na + nb + 2 limbs.  Knuth's algorithm D.
 * Leaks: everything (quotient estimates, corrections).
 * Only for: public values, inside the _unsafe tacit_mpi operations.
 */
void tacit_mpi_div_limbs_unsafe(tacit_mpi_uint *Q, tacit_mpi_uint *R, const tacit_mpi_uint *A,
                                size_t na, const tacit_mpi_uint *B, size_t nb, tacit_mpi_uint *T);

#endif /* TACIT_BIGNUM_INTERNAL_H */
