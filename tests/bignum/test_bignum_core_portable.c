/*
 * bignum_core built with the portable limb products (no double-width
 * type): the same suite as test_bignum_core.c, against a private copy of
 * the core compiled with TACIT_MPI_CORE_FORCE_PORTABLE.  Its definitions
 * take the place of the library's core objects at link time.
 */
#define TACIT_MPI_CORE_FORCE_PORTABLE
#include "bignum/bignum_core.c"
#include "bignum/bignum_core_mont.c"
#include "bignum/bignum_core_exp.c"

#include "test_bignum_core.c"
