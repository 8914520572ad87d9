/*
 * The constant-flow inverse and gcd with the assembly left out
 * (TACIT_MPI_NO_ASM): the C divsteps that the x86-64 CMOV kernel
 * (bignum_core_inv_x86_64.h) replaces stay tested on machines that take
 * the kernel; the same suite as test_bignum_ct_gmp.c, on a private copy of
 * bignum_core_inv.c whose definitions take the place of the library's at
 * link time.  On other targets both are the C code.
 */
#define TACIT_MPI_NO_ASM
#include "bignum/bignum_core_inv.c"
#if defined(TACIT_MPI_HAVE_X86_64_INV_ASM)
#error "TACIT_MPI_NO_ASM did not take effect"
#endif

#include "test_bignum_ct_gmp.c"
