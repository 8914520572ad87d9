/*
 * bignum_core: two constant-time exponentiations at once (the RSA CRT
 * halves), in builds with the IFMA kernel: on CPUs with AVX-512 IFMA the
 * two ladders run interleaved in bignum_core_x86_64_ifma.c, elsewhere the
 * two calls.  Other builds have the two calls inline (bignum_core_ifma.h).
 */
#include "tacit/config.h"

#include "bignum/bignum_core.h"
#include "bignum/x86_64/ifma.h"

#if defined(TACIT_BIGNUM_CORE_C) && defined(TACIT_MPI_HAVE_X86_64_IFMA)

void tacit_mpi_core_exp_mod_x2(tacit_mpi_uint *X1, const tacit_mpi_uint *A1,
                               const tacit_mpi_uint *N1, const tacit_mpi_uint *E1,
                               const tacit_mpi_uint *RR1, tacit_mpi_uint *X2,
                               const tacit_mpi_uint *A2, const tacit_mpi_uint *N2,
                               const tacit_mpi_uint *E2, const tacit_mpi_uint *RR2, size_t limbs,
                               size_t elimbs, tacit_mpi_uint *T)
{
    if (tacit_mpi_core_ifma_exp_mod_x2(X1, A1, N1, E1, RR1, X2, A2, N2, E2, RR2, limbs, elimbs)) {
#if defined(TACIT_TEST_HOOKS)
        tacit_mpi_core_test_exp_ct_calls += 2;
#endif
        return;
    }
    tacit_mpi_core_exp_mod(X1, A1, N1, limbs, E1, elimbs, RR1, T);
    tacit_mpi_core_exp_mod(X2, A2, N2, limbs, E2, elimbs, RR2, T);
}

/*
 * Leaks: E (its bit length and every bit), as tacit_mpi_core_exp_mod_unsafe.
 * Only for: public exponents (the RSA e of the blinding).
 */
void tacit_mpi_core_exp_mod_x2_unsafe(tacit_mpi_uint *X1, const tacit_mpi_uint *A1,
                                      const tacit_mpi_uint *N1, const tacit_mpi_uint *RR1,
                                      tacit_mpi_uint *X2, const tacit_mpi_uint *A2,
                                      const tacit_mpi_uint *N2, const tacit_mpi_uint *RR2,
                                      size_t limbs, const tacit_mpi_uint *E, size_t elimbs,
                                      tacit_mpi_uint *T)
{
    if (tacit_mpi_core_ifma_exp_mod_x2_unsafe(X1, A1, N1, RR1, X2, A2, N2, RR2, limbs, E,
                                              tacit_mpi_core_bitlen_unsafe(E, elimbs))) {
#if defined(TACIT_TEST_HOOKS)
        tacit_mpi_core_test_exp_unsafe_calls += 2;
#endif
        return;
    }
    tacit_mpi_core_exp_mod_unsafe(X1, A1, N1, limbs, E, elimbs, RR1, T);
    tacit_mpi_core_exp_mod_unsafe(X2, A2, N2, limbs, E, elimbs, RR2, T);
}

#else
typedef int tacit_bignum_core_exp_x2_unused;
#endif /* TACIT_BIGNUM_CORE_C && TACIT_MPI_HAVE_X86_64_IFMA */
