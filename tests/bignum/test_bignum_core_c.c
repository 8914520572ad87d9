/*
 * bignum_core with the assembly kernels left out (TACIT_MPI_NO_ASM): the
 * same suite as test_bignum_core.c against a private copy of the core, so
 * the C code that the x86-64 MULX/ADX path replaces stays tested on
 * machines that take the assembly path (and vice versa: test_bignum_core
 * itself runs the assembly there).  On other targets both are the C code.
 */
#define TACIT_MPI_NO_ASM
#include "bignum/bignum_core.c"
#include "bignum/bignum_core_mont.c"
#include "bignum/bignum_core_exp.c"

#include "test_bignum_core.c"
