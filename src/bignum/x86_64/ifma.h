/*
 * The AVX-512 IFMA exponentiation (bignum_core_x86_64_ifma.c): radix 2^52,
 * VPMADD52LUQ/VPMADD52HUQ on 512-bit vectors (256-bit for 1024-bit
 * moduli), for moduli of 16 to 64 limbs
 * (1024 to 4096 bits).  tacit_mpi_core_exp_mod calls it first; it returns 0
 * (and does nothing) when the CPU lacks AVX-512F/IFMA or the size is not
 * one it handles, and the MULX/ADX or C ladder runs instead.
 *
 * Built only on x86-64 with 64-bit limbs and the assembly enabled (the
 * conditions of TACIT_MPI_HAVE_X86_64_ADX_ASM), and not in -Os builds
 * (bignum_core_exp_small.c has no hook): TACIT_MPI_NO_ASM builds never
 * contain it, nor TACIT_MPI_NO_IFMA ones (config.h), which keep the ADX
 * kernels.
 */
#ifndef TACIT_BIGNUM_CORE_IFMA_H
#define TACIT_BIGNUM_CORE_IFMA_H

#include "bignum/bignum_core_limb.h"

#if defined(TACIT_MPI_HAVE_X86_64_ADX_ASM) && !defined(__OPTIMIZE_SIZE__) &&                       \
    !defined(TACIT_MPI_NO_IFMA)
#define TACIT_MPI_HAVE_X86_64_IFMA

/*
 * 1 if the CPU has AVX-512F, VL and IFMA and the OS saves the opmask
 * and ZMM state (XCR0 bits 1, 2, 5, 6, 7): probed once, cached race-free.
 * The test hook tacit_mpi_core_test_path: C or ADX -> 0, IFMA -> 1 (never
 * force it on a CPU without IFMA), AUTO -> the probe.
 */
int tacit_mpi_core_cpu_has_ifma(void);
/* The paired 512-bit ladder pays on this CPU (bignum_dispatch.c). */
int tacit_mpi_core_cpu_prefers_ifma_pair(void);

/*
 * X = A^E mod N, exactly as tacit_mpi_core_exp_mod (same arguments; RR =
 * R^2 mod N for R = 2^(limbs*64); X may alias A), when the IFMA path runs:
 * then returns 1.  Returns 0 without touching X when it does not (no IFMA,
 * limbs outside [16, 64], elimbs == 0): public facts only.  Constant time
 * in A, N and E's value.  Its table lives on the stack (up to 27 KiB) and
 * is wiped.
 */
int tacit_mpi_core_ifma_exp_mod(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *N,
                                size_t limbs, const tacit_mpi_uint *E, size_t elimbs,
                                const tacit_mpi_uint *RR);

/*
 * Leaks: E (its bit length and every bit).
 * Only for: public exponents (tacit_mpi_core_exp_mod_unsafe's RSA e).
 *
 * X = A^E mod N for E of ebits bits (its actual bit length), as
 * tacit_mpi_core_exp_mod_unsafe, by square-and-multiply on the IFMA kernel,
 * when it runs: limbs IFMA_UNSAFE_MIN_LIMBS..64, 1 <= ebits <=
 * IFMA_UNSAFE_MAX_EBITS (short public exponents; longer ones keep the
 * sliding window), the CPU has it; then returns 1, else 0 without touching
 * X.  Constant time in A and N.
 */
#define IFMA_UNSAFE_MIN_LIMBS 16
#define IFMA_UNSAFE_MAX_EBITS 64
int tacit_mpi_core_ifma_exp_mod_unsafe(tacit_mpi_uint *X, const tacit_mpi_uint *A,
                                       const tacit_mpi_uint *N, size_t limbs,
                                       const tacit_mpi_uint *E, size_t ebits,
                                       const tacit_mpi_uint *RR);

/*
 * The two exponentiations of tacit_mpi_core_exp_mod_x2 interleaved, when
 * the IFMA path runs (limbs 16..32, elimbs >= 1, the CPU has it): then
 * returns 1; else 0 without touching X1, X2.  For 16 limbs on CPUs with a
 * full-width 512-bit datapath (Zen 5) both halves share 512-bit vectors
 * (the paired ladder); elsewhere two 256-bit products run side by side.
 */
int tacit_mpi_core_ifma_exp_mod_x2(tacit_mpi_uint *X1, const tacit_mpi_uint *A1,
                                   const tacit_mpi_uint *N1, const tacit_mpi_uint *E1,
                                   const tacit_mpi_uint *RR1, tacit_mpi_uint *X2,
                                   const tacit_mpi_uint *A2, const tacit_mpi_uint *N2,
                                   const tacit_mpi_uint *E2, const tacit_mpi_uint *RR2,
                                   size_t limbs, size_t elimbs);

/*
 * Leaks: E (its bit length and every bit).
 * Only for: public exponents, from tacit_mpi_core_exp_mod_x2_unsafe.
 *
 * The two exponentiations of tacit_mpi_core_exp_mod_x2_unsafe by the
 * paired square-and-multiply, when it runs (16 limbs, 1 <= ebits <= 64,
 * the CPU has IFMA and prefers the paired layout): returns 1; else 0
 * without touching X1, X2.
 */
int tacit_mpi_core_ifma_exp_mod_x2_unsafe(tacit_mpi_uint *X1, const tacit_mpi_uint *A1,
                                          const tacit_mpi_uint *N1, const tacit_mpi_uint *RR1,
                                          tacit_mpi_uint *X2, const tacit_mpi_uint *A2,
                                          const tacit_mpi_uint *N2, const tacit_mpi_uint *RR2,
                                          size_t limbs, const tacit_mpi_uint *E, size_t ebits);
#endif

/*
 * X1 = A1^E1 mod N1 and X2 = A2^E2 mod N2: two tacit_mpi_core_exp_mod
 * (constant time in the bases, the exponents' values and the moduli), for
 * two odd moduli of the same limb count and two exponents of the same limb
 * count -- the two halves of an RSA CRT private operation.  On CPUs with
 * AVX-512 IFMA and limbs 16..32 (RSA-2048 to RSA-4096 halves) the two
 * ladders run interleaved, step by step, which keeps the multipliers busy;
 * elsewhere it is the two calls, one after the other (inline here: builds
 * without the IFMA kernel have nothing to dispatch).  Xi may alias Ai; X1
 * must not alias A2, E2, N2 or RR2.  T: tacit_mpi_core_exp_mod_working_limbs
 * (limbs, elimbs) limbs, used by one call after the other.
 */
#if defined(TACIT_MPI_HAVE_X86_64_IFMA)
void tacit_mpi_core_exp_mod_x2(tacit_mpi_uint *X1, const tacit_mpi_uint *A1,
                               const tacit_mpi_uint *N1, const tacit_mpi_uint *E1,
                               const tacit_mpi_uint *RR1, tacit_mpi_uint *X2,
                               const tacit_mpi_uint *A2, const tacit_mpi_uint *N2,
                               const tacit_mpi_uint *E2, const tacit_mpi_uint *RR2, size_t limbs,
                               size_t elimbs, tacit_mpi_uint *T);

/*
 * Leaks: E (its bit length and every bit), as tacit_mpi_core_exp_mod_unsafe.
 * Only for: public exponents (the RSA e of the blinding factors r^e mod p
 * and mod q).
 *
 * X1 = A1^E mod N1 and X2 = A2^E mod N2: two tacit_mpi_core_exp_mod_unsafe
 * with one public exponent (constant time in the bases and the moduli),
 * two odd moduli of the same limb count.  On CPUs where the paired IFMA
 * ladder runs (1024-bit moduli) both in one paired square-and-multiply;
 * elsewhere the two calls.  X1 must not alias A2, N2 or RR2.  T:
 * tacit_mpi_core_exp_mod_unsafe_working_limbs(limbs, elimbs) limbs.
 */
void tacit_mpi_core_exp_mod_x2_unsafe(tacit_mpi_uint *X1, const tacit_mpi_uint *A1,
                                      const tacit_mpi_uint *N1, const tacit_mpi_uint *RR1,
                                      tacit_mpi_uint *X2, const tacit_mpi_uint *A2,
                                      const tacit_mpi_uint *N2, const tacit_mpi_uint *RR2,
                                      size_t limbs, const tacit_mpi_uint *E, size_t elimbs,
                                      tacit_mpi_uint *T);

#else
#include "bignum/bignum_core.h"

static inline void tacit_mpi_core_exp_mod_x2(tacit_mpi_uint *X1, const tacit_mpi_uint *A1,
                                             const tacit_mpi_uint *N1, const tacit_mpi_uint *E1,
                                             const tacit_mpi_uint *RR1, tacit_mpi_uint *X2,
                                             const tacit_mpi_uint *A2, const tacit_mpi_uint *N2,
                                             const tacit_mpi_uint *E2, const tacit_mpi_uint *RR2,
                                             size_t limbs, size_t elimbs, tacit_mpi_uint *T)
{
    tacit_mpi_core_exp_mod(X1, A1, N1, limbs, E1, elimbs, RR1, T);
    tacit_mpi_core_exp_mod(X2, A2, N2, limbs, E2, elimbs, RR2, T);
}

/*
 * Leaks: E (its bit length and every bit), as tacit_mpi_core_exp_mod_unsafe.
 * Only for: public exponents (the RSA e of the blinding).
 */
static inline void tacit_mpi_core_exp_mod_x2_unsafe(
    tacit_mpi_uint *X1, const tacit_mpi_uint *A1, const tacit_mpi_uint *N1,
    const tacit_mpi_uint *RR1, tacit_mpi_uint *X2, const tacit_mpi_uint *A2,
    const tacit_mpi_uint *N2, const tacit_mpi_uint *RR2, size_t limbs, const tacit_mpi_uint *E,
    size_t elimbs, tacit_mpi_uint *T)
{
    tacit_mpi_core_exp_mod_unsafe(X1, A1, N1, limbs, E, elimbs, RR1, T);
    tacit_mpi_core_exp_mod_unsafe(X2, A2, N2, limbs, E, elimbs, RR2, T);
}
#endif

#if defined(TACIT_TEST_HOOKS)
/* tacit_mpi_core_test_path: force the IFMA exponentiation (see bignum_core.h). */
#define TACIT_MPI_CORE_PATH_IFMA 3
/* Incremented by every exponentiation the IFMA path runs. */
extern unsigned long tacit_mpi_core_test_ifma_calls;
/* 1024-bit halves of exp_mod_x2: 0 the CPU's choice, 1 two 256-bit
 * products at a time, 2 the paired 512-bit ladder. */
extern int tacit_mpi_core_test_ifma_pair;
#endif

#endif /* TACIT_BIGNUM_CORE_IFMA_H */
