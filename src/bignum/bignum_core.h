/*
 * bignum_core: arithmetic on fixed-size little-endian arrays of limbs.
 *
 * The layer under tacit_mpi (RSA) and the ECC field/scalar code.  Nothing
 * here allocates: the caller passes every buffer, with sizes in LIMBS, and
 * outputs come first.  A number of `limbs` limbs is A[0] (least significant)
 * .. A[limbs - 1].
 *
 * Constant time: unless a function's name ends in _unsafe, its timing and
 * memory accesses depend only
 * on the limb counts, never on the values of the operands -- including
 * the modulus N of the Montgomery functions, so an RSA-CRT prime may be
 * secret (compute its R^2 with tacit_mpi_core_get_mont_r2_ct).  _unsafe
 * functions open their comment with what they leak.
 *
 * Masks (`mask` parameters and _ct results) are all-ones or zero limbs,
 * as made by the tacit_ct_mask_*_limb primitives.
 *
 * Aliasing: unless a function says otherwise, an output may be the same
 * array as an input of the same length (exactly the same, not overlapping
 * at an offset), and scratch space T never aliases anything.  Scratch holds
 * secret intermediates on return: the caller zeroizes it
 * (tacit_platform_zeroize) before releasing it.
 */
#ifndef TACIT_BIGNUM_CORE_H
#define TACIT_BIGNUM_CORE_H

#include <stddef.h>

#include "tacit/bignum.h"
#include "tacit/limb.h"

/* Limbs needed for a number of `bits` bits / `bytes` bytes. */
#define TACIT_MPI_CORE_BITS_TO_LIMBS(bits)                                                         \
    (((size_t)(bits) + TACIT_MPI_LIMB_BITS - 1) / TACIT_MPI_LIMB_BITS)
#define TACIT_MPI_CORE_BYTES_TO_LIMBS(bytes)                                                       \
    (((size_t)(bytes) + TACIT_MPI_LIMB_BYTES - 1) / TACIT_MPI_LIMB_BYTES)

/* Scratch limbs for montmul / montsqr / to_mont / from_mont with N of `limbs` limbs. */
#define TACIT_MPI_CORE_MONTMUL_WORKING_LIMBS(limbs) (2 * (size_t)(limbs) + 1)

/* ---- addition, subtraction, comparison (constant time) ------------------ */

/* X = A + B (mod 2^(limbs*biL)); returns the carry (0 or 1). */
tacit_mpi_uint tacit_mpi_core_add(tacit_mpi_uint *X, const tacit_mpi_uint *A,
                                  const tacit_mpi_uint *B, size_t limbs);

/* X = A - B (mod 2^(limbs*biL)); returns the borrow (0 or 1). */
tacit_mpi_uint tacit_mpi_core_sub(tacit_mpi_uint *X, const tacit_mpi_uint *A,
                                  const tacit_mpi_uint *B, size_t limbs);

/* X = A + b for a single limb b; returns the carry (0 or 1). */
tacit_mpi_uint tacit_mpi_core_add_limb(tacit_mpi_uint *X, const tacit_mpi_uint *A, tacit_mpi_uint b,
                                       size_t limbs);

/* X = A - b for a single limb b; returns the borrow (0 or 1). */
tacit_mpi_uint tacit_mpi_core_sub_limb(tacit_mpi_uint *X, const tacit_mpi_uint *A, tacit_mpi_uint b,
                                       size_t limbs);

/* If mask: X += A.  Returns the carry (0 when mask is 0).  Same work either way. */
tacit_mpi_uint tacit_mpi_core_add_if(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t limbs,
                                     tacit_mpi_uint mask);

/* If mask: X -= A.  Returns the borrow (0 when mask is 0). */
tacit_mpi_uint tacit_mpi_core_sub_if(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t limbs,
                                     tacit_mpi_uint mask);

/* If mask: X = A.  X may alias A. */
void tacit_mpi_core_cond_assign(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t limbs,
                                tacit_mpi_uint mask);

/* If mask: swap X and Y (X == Y is allowed and a no-op). */
void tacit_mpi_core_cond_swap(tacit_mpi_uint *X, tacit_mpi_uint *Y, size_t limbs,
                              tacit_mpi_uint mask);

/* Mask: A < B (unsigned). */
tacit_mpi_uint tacit_mpi_core_lt_ct(const tacit_mpi_uint *A, const tacit_mpi_uint *B, size_t limbs);

/* Mask: A == B. */
tacit_mpi_uint tacit_mpi_core_eq_ct(const tacit_mpi_uint *A, const tacit_mpi_uint *B, size_t limbs);

/* Mask: A == 0 (limbs == 0 counts as zero). */
tacit_mpi_uint tacit_mpi_core_is_zero_ct(const tacit_mpi_uint *A, size_t limbs);

/*
 * X = (A + B) mod N and X = (A - B) mod N, for A, B < N (constant time; N
 * may be secret too).  X may alias A and/or B, not N.
 */
void tacit_mpi_core_add_mod(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *B,
                            const tacit_mpi_uint *N, size_t limbs);
void tacit_mpi_core_sub_mod(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *B,
                            const tacit_mpi_uint *N, size_t limbs);

/* ---- shifts (constant time in the data; the count is public) ------------- */

/* X >>= count, in place; count >= limbs*biL gives 0. */
void tacit_mpi_core_shift_r(tacit_mpi_uint *X, size_t limbs, size_t count);

/* X <<= count, in place, bits shifted out of the top are lost. */
void tacit_mpi_core_shift_l(tacit_mpi_uint *X, size_t limbs, size_t count);

/* ---- multiplication (constant time) -------------------------------------- */

/*
 * X[0..limbs) += A[0..limbs) * b; returns the carry limb (the value of the
 * would-be X[limbs]).  X must not overlap A.
 */
tacit_mpi_uint tacit_mpi_core_mla(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t limbs,
                                  tacit_mpi_uint b);

/*
 * X = A * B, schoolbook.  X has alimbs + blimbs limbs and must not overlap
 * A or B.  alimbs and blimbs may be 0.
 */
void tacit_mpi_core_mul(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t alimbs,
                        const tacit_mpi_uint *B, size_t blimbs);

/* X = A * A; X has 2 * limbs limbs and must not overlap A.  ~Half the products of mul. */
void tacit_mpi_core_sqr(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t limbs);

/* ---- bytes <-> limbs ------------------------------------------------------ */

/*
 * X (limbs limbs) = the big-endian / little-endian number in[0..inlen).
 * An input longer than the limbs hold is accepted if its extra leading
 * bytes are zero (checked without a data-dependent branch until the single
 * verdict), else TACIT_ERR_BUFFER_TOO_SMALL and X is zeroed.  in may be
 * NULL when inlen is 0.
 */
int tacit_mpi_core_read_be(tacit_mpi_uint *X, size_t limbs, const unsigned char *in, size_t inlen);
int tacit_mpi_core_read_le(tacit_mpi_uint *X, size_t limbs, const unsigned char *in, size_t inlen);

/*
 * out[0..outlen) = A as a big-endian / little-endian number of exactly
 * outlen bytes (zero-padded).  If A does not fit (a nonzero byte would be
 * cut off): TACIT_ERR_BUFFER_TOO_SMALL and out is zeroed.  Leaks only
 * that verdict.
 */
int tacit_mpi_core_write_be(const tacit_mpi_uint *A, size_t limbs, unsigned char *out,
                            size_t outlen);
int tacit_mpi_core_write_le(const tacit_mpi_uint *A, size_t limbs, unsigned char *out,
                            size_t outlen);

/*
 * Number of significant bits of A (0 for A = 0).
 * Leaks: the position of the most significant set bit (the loop stops there).
 * Only for: public values or values whose length is public (moduli, public
 * exponents, sizes the caller will reveal anyway).
 */
size_t tacit_mpi_core_bitlen_unsafe(const tacit_mpi_uint *A, size_t limbs);

/* ---- Montgomery arithmetic ------------------------------------------------ *
 * N is odd, N > 1, of `limbs` limbs (leading zero limbs allowed).
 * R = 2^(limbs*biL).  mm = -N^-1 mod 2^biL from tacit_mpi_core_mont_init.
 */

/* mm = -N[0]^-1 mod 2^biL (N[0] odd). */
tacit_mpi_uint tacit_mpi_core_mont_init(const tacit_mpi_uint *N);

/*
 * RR = R^2 mod N.  Uses no scratch.
 * Leaks: N (the timing depends on N's bit length and quotient estimates).
 * Only for: a public modulus (RSA n, curve primes and orders).  For a
 * secret modulus (RSA p and q) use tacit_mpi_core_get_mont_r2_ct.
 */
void tacit_mpi_core_get_mont_r2_unsafe(tacit_mpi_uint *RR, const tacit_mpi_uint *N, size_t limbs);

/*
 * RR = R^2 mod N for an odd N, constant time in N (only `limbs` shows):
 * limbs*biL + a masked doublings (a the odd part of limbs*biL) and a few
 * Montgomery squarings up to 4096 bits (and in -Os builds 2*limbs*biL
 * doublings, no squaring) -- for a secret modulus.
 */
void tacit_mpi_core_get_mont_r2_ct(tacit_mpi_uint *RR, const tacit_mpi_uint *N, size_t limbs);

/*
 * The same for an N whose top limb N[limbs - 1] is nonzero (its length,
 * public, is `limbs`; a zero top limb gives a wrong result): the doublings
 * start at 2^(limbs*biL - biL - 1) < N instead of 1, about limbs*biL fewer.
 * Constant time in N as above.
 */
void tacit_mpi_core_get_mont_r2_full_ct(tacit_mpi_uint *RR, const tacit_mpi_uint *N, size_t limbs);

/*
 * X = A * B * R^-1 mod N, fully reduced (X < N), for A < R and B < N (or
 * A < N and B < R).  CIOS-equivalent: full product, then Montgomery
 * reduction, then a masked conditional subtraction.  X may alias A and/or
 * B; T has TACIT_MPI_CORE_MONTMUL_WORKING_LIMBS(limbs) limbs and aliases
 * nothing.
 */
void tacit_mpi_core_montmul(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *B,
                            const tacit_mpi_uint *N, size_t limbs, tacit_mpi_uint mm,
                            tacit_mpi_uint *T);

/* X = A * A * R^-1 mod N (A < N); same rules as montmul, cheaper. */
void tacit_mpi_core_montsqr(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *N,
                            size_t limbs, tacit_mpi_uint mm, tacit_mpi_uint *T);

/* X = A * R mod N (A < R, any value); montmul by RR. */
void tacit_mpi_core_to_mont(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *N,
                            size_t limbs, tacit_mpi_uint mm, const tacit_mpi_uint *RR,
                            tacit_mpi_uint *T);

/* X = A * R^-1 mod N (A < R); X < N. */
void tacit_mpi_core_from_mont(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *N,
                              size_t limbs, tacit_mpi_uint mm, tacit_mpi_uint *T);

/*
 * X = A mod N for A of any length alimbs (0 allowed), constant time in A
 * (and in N's value; timing depends on limbs and alimbs only).  For
 * RSA-CRT: a secret 2n-bit value reduced mod p without a division.  X has
 * `limbs` limbs and must not overlap A.  RR = R^2 mod N.  T has
 * TACIT_MPI_CORE_MOD_CT_WORKING_LIMBS(limbs) limbs.
 */
#define TACIT_MPI_CORE_MOD_CT_WORKING_LIMBS(limbs) (4 * (size_t)(limbs) + 1)
void tacit_mpi_core_mod_ct(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t alimbs,
                           const tacit_mpi_uint *N, size_t limbs, tacit_mpi_uint mm,
                           const tacit_mpi_uint *RR, tacit_mpi_uint *T);

/* ---- modular exponentiation ------------------------------------------------ */

/*
 * Scratch limbs for tacit_mpi_core_exp_mod (ct) and _unsafe with N of
 * `limbs` limbs and E of `elimbs` limbs.  The ct window depends on elimbs
 * only (public); the unsafe one is sized for the worst case.
 */
size_t tacit_mpi_core_exp_mod_working_limbs(size_t limbs, size_t elimbs);
size_t tacit_mpi_core_exp_mod_unsafe_working_limbs(size_t limbs, size_t elimbs);

/*
 * X = A^E mod N, constant time in A and E: fixed window of w bits with w
 * from elimbs (public), table of A^0..A^(2^w-1) in Montgomery form, the
 * wanted entry gathered by a masked scan (every entry read in full, every
 * time), w squarings and one multiplication per window for all elimbs*biL
 * bits,
 * no early exit on leading zeros.  Timing depends on limbs and elimbs only.
 * A < R (any value of `limbs` limbs; it is reduced).  E = 0 gives 1 mod N.
 * X may alias A; not E, N, RR or T.  RR = R^2 mod N.
 * T has tacit_mpi_core_exp_mod_working_limbs(limbs, elimbs) limbs.
 */
void tacit_mpi_core_exp_mod(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *N,
                            size_t limbs, const tacit_mpi_uint *E, size_t elimbs,
                            const tacit_mpi_uint *RR, tacit_mpi_uint *T);

/*
 * Leaks: the exponent E (its bit length and every bit, through the sliding
 * window's squaring/multiplication sequence and table indices).
 * Only for: public exponents (RSA e; not Miller-Rabin on a secret candidate).
 *
 * X = A^E mod N by a left-to-right sliding window sized from E's ACTUAL bit
 * length (leading zero limbs and bits of E cost nothing), odd powers only.
 * Same argument rules as tacit_mpi_core_exp_mod; T has
 * tacit_mpi_core_exp_mod_unsafe_working_limbs(limbs, elimbs) limbs.
 */
void tacit_mpi_core_exp_mod_unsafe(tacit_mpi_uint *X, const tacit_mpi_uint *A,
                                   const tacit_mpi_uint *N, size_t limbs, const tacit_mpi_uint *E,
                                   size_t elimbs, const tacit_mpi_uint *RR, tacit_mpi_uint *T);

/* ---- constant-time inversion, gcd, division (bignum_core_inv.c, bignum_core_div_ct.c) ----
 * Added by the constant-time key lifecycle work (#11).  Timing and memory
 * accesses depend only on the limb counts (and `maxcount`), never on values.
 */

/* Scratch limbs for tacit_mpi_core_inv_mod_odd_ct with M of `limbs` limbs. */
size_t tacit_mpi_core_inv_mod_odd_ct_working_limbs(size_t limbs);
/*
 * X = A^-1 mod M for an odd M > 1 and any A (both `limbs` limbs; A and M may
 * be secret), by safegcd divsteps with a fixed count.  Returns an all-ones
 * mask if gcd(A, M) = 1, else 0 and X = 0.  X may alias A, not M or T.
 */
tacit_mpi_uint tacit_mpi_core_inv_mod_odd_ct(tacit_mpi_uint *X, const tacit_mpi_uint *A,
                                             const tacit_mpi_uint *M, size_t limbs,
                                             tacit_mpi_uint *T);

/* Scratch limbs for tacit_mpi_core_gcd_ct. */
size_t tacit_mpi_core_gcd_ct_working_limbs(size_t limbs);
/*
 * G = gcd(A, B) (gcd(0, 0) = 0), by the same fixed count of divsteps after a
 * masked removal of the common power of two; G may alias A or B.
 */
void tacit_mpi_core_gcd_ct(tacit_mpi_uint *G, const tacit_mpi_uint *A, const tacit_mpi_uint *B,
                           size_t limbs, tacit_mpi_uint *T);

/*
 * Q = A / B, R = A mod B (Q: alimbs limbs or NULL, R: blimbs limbs or NULL),
 * by long division in constant flow; B may be secret and even, B = 0 gives
 * garbage (check it first).  T: TACIT_MPI_CORE_DIVMOD_CT_WORKING_LIMBS(alimbs,
 * blimbs) limbs.  Outputs must not overlap the inputs.
 */
#define TACIT_MPI_CORE_DIVMOD_CT_WORKING_LIMBS(alimbs, blimbs)                                     \
    ((size_t)(alimbs) + 4 * (size_t)(blimbs) + 2)
void tacit_mpi_core_divmod_ct(tacit_mpi_uint *Q, tacit_mpi_uint *R, const tacit_mpi_uint *A,
                              size_t alimbs, const tacit_mpi_uint *B, size_t blimbs,
                              tacit_mpi_uint *T);

/*
 * tacit_mpi_core_divmod_ct for a B whose top limb is known nonzero (a public
 * fact, e.g. from a public bit length): the normalising shift is below one
 * limb, alimbs - blimbs + 2 quotient steps instead of alimbs + 1.  Needs
 * alimbs >= blimbs - 1; same T size.
 */
void tacit_mpi_core_divmod_top_ct(tacit_mpi_uint *Q, tacit_mpi_uint *R, const tacit_mpi_uint *A,
                                  size_t alimbs, const tacit_mpi_uint *B, size_t blimbs,
                                  tacit_mpi_uint *T);

/* Bit length of A (0 for 0) and number of trailing zero bits (limbs*biL for 0), in constant time. */
size_t tacit_mpi_core_bitlen_ct(const tacit_mpi_uint *A, size_t limbs);
size_t tacit_mpi_core_ctz_ct(const tacit_mpi_uint *A, size_t limbs);

/*
 * X >>= count / X <<= count for a secret count <= maxcount (public): one
 * masked pass per bit of maxcount (shift_l_secret: per bit of maxcount /
 * biL, and one pass multiplying by 2^(count mod biL)).  shift_r_secret: T
 * has `limbs` limbs.
 */
void tacit_mpi_core_shift_r_secret(tacit_mpi_uint *X, size_t limbs, size_t count, size_t maxcount,
                                   tacit_mpi_uint *T);
void tacit_mpi_core_shift_l_secret(tacit_mpi_uint *X, size_t limbs, size_t count, size_t maxcount);

/* 2^b for a secret b < biL, without a shift by a secret count (not in -Os builds). */
tacit_mpi_uint tacit_mpi_core_pow2_ct(size_t b);

/*
 * The start of a constant-time gcd (bignum_core_inv*.c): X = A / 2^k and
 * Y = B / 2^k, k the number of trailing zero bits of A | B (a secret:
 * masked shifts), swapped so that X is the odd one (if A or B is
 * nonzero); returns k and sets *nz to the mask of "A or B nonzero".  T has
 * `limbs` limbs; X, Y and T do not overlap each other or A, B.
 */
size_t tacit_mpi_core_gcd_prologue_ct(tacit_mpi_uint *X, tacit_mpi_uint *Y, const tacit_mpi_uint *A,
                                      const tacit_mpi_uint *B, size_t limbs, tacit_mpi_uint *T,
                                      tacit_mpi_uint *nz);

#if defined(TACIT_TEST_HOOKS)
/* Incremented by every tacit_mpi_core_exp_mod / _exp_mod_unsafe call. */
extern unsigned long tacit_mpi_core_test_exp_ct_calls;
extern unsigned long tacit_mpi_core_test_exp_unsafe_calls;
/*
 * Which kernels the core runs, for tests (no environment variable is read):
 * AUTO asks the CPU; C forces the portable C code; ADX forces the x86-64
 * MULX/ADX kernels without asking CPUID (valgrind hides ADX from CPUID but
 * runs the instructions, so the ct suites force it under valgrind to check
 * the assembly's constant flow too).  Never force ADX natively on a CPU
 * without BMI2 and ADX.  Builds without the kernels (TACIT_MPI_NO_ASM,
 * other CPUs, 32-bit limbs) run the C code whatever this says.
 */
#define TACIT_MPI_CORE_PATH_AUTO 0
#define TACIT_MPI_CORE_PATH_C 1
#define TACIT_MPI_CORE_PATH_ADX 2
extern int tacit_mpi_core_test_path;
#endif

#endif /* TACIT_BIGNUM_CORE_H */
