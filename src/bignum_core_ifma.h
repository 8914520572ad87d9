/*
 * The AVX-512 IFMA exponentiation (bignum_core_x86_64_ifma.c): radix 2^52,
 * VPMADD52LUQ/VPMADD52HUQ on 512-bit vectors, for moduli of 16 to 64 limbs
 * (1024 to 4096 bits).  tacit_mpi_core_exp_mod calls it first; it returns 0
 * (and does nothing) when the CPU lacks AVX-512F/IFMA or the size is not
 * one it handles, and the MULX/ADX or C ladder runs instead.
 *
 * Built only on x86-64 with 64-bit limbs and the assembly enabled (the
 * conditions of TACIT_MPI_HAVE_X86_64_ADX_ASM), and not in -Os builds
 * (bignum_core_exp_small.c has no hook): TACIT_MPI_NO_ASM builds never
 * contain it.
 */
#ifndef TACIT_BIGNUM_CORE_IFMA_H
#define TACIT_BIGNUM_CORE_IFMA_H

#include "bignum_core_limb.h"

#if defined(TACIT_MPI_HAVE_X86_64_ADX_ASM) && !defined(__OPTIMIZE_SIZE__)
#define TACIT_MPI_HAVE_X86_64_IFMA

/*
 * 1 if the CPU has AVX-512F and AVX-512 IFMA and the OS saves the opmask
 * and ZMM state (XCR0 bits 1, 2, 5, 6, 7): probed once, cached race-free.
 * The test hook tacit_mpi_core_test_path: C or ADX -> 0, IFMA -> 1 (never
 * force it on a CPU without IFMA), AUTO -> the probe.
 */
int tacit_mpi_core_cpu_has_ifma(void);

/*
 * X = A^E mod N, exactly as tacit_mpi_core_exp_mod (same arguments; RR =
 * R^2 mod N for R = 2^(limbs*64); X may alias A), when the IFMA path runs:
 * then returns 1.  Returns 0 without touching X when it does not (no IFMA,
 * limbs outside [16, 64], elimbs == 0): public facts only.  Constant time
 * in A, N and E's value.  Its table lives on the stack (up to 26 KiB) and
 * is wiped.
 */
int tacit_mpi_core_ifma_exp_mod(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *N,
                                size_t limbs, const tacit_mpi_uint *E, size_t elimbs,
                                const tacit_mpi_uint *RR);
#endif

#if defined(TACIT_TEST_HOOKS)
/* tacit_mpi_core_test_path: force the IFMA exponentiation (see bignum_core.h). */
#define TACIT_MPI_CORE_PATH_IFMA 3
/* Incremented by every exponentiation the IFMA path runs. */
extern unsigned long tacit_mpi_core_test_ifma_calls;
#endif

#endif /* TACIT_BIGNUM_CORE_IFMA_H */
