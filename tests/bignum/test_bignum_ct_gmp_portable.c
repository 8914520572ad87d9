/*
 * The constant-flow inverse and gcd built with TACIT_MPI_CORE_FORCE_PORTABLE:
 * 30-bit digits and 64-bit products even where the limbs are 64 bits and a
 * 128-bit type exists (the digit size that 32-bit limbs and compilers
 * without __int128 get), against GMP and the leaky twins: the same suite
 * as test_bignum_ct_gmp.c, on a private copy of bignum_core_inv.c whose
 * definitions take the place of the library's at link time.  With 32-bit
 * limbs it is the same variant as the library's.
 */
#define TACIT_MPI_CORE_FORCE_PORTABLE
#include "bignum/bignum_core_inv.c"
#if defined(TACIT_BIGNUM_C) && !defined(__OPTIMIZE_SIZE__) && INV_D != 30
#error "the portable digit size did not take effect"
#endif

#include "test_bignum_ct_gmp.c"
