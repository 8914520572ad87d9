/*
 * Arithmetic in GF(p), p = 2^255 - 19: the field under X25519 and Ed25519.
 *
 * Two representations, picked with the limb size of the rest of the library:
 *   64-bit limbs: five limbs of 51 bits (radix 2^51), 64x64->128-bit products
 *                 (src/curve25519/curve25519_fe64.c);
 *   32-bit limbs: ten limbs alternating 26 and 25 bits (radix 2^25.5),
 *                 32x32->64-bit products (src/curve25519/curve25519_fe32.c), the form
 *                 that suits Cortex-M (UMULL/UMLAL are constant time there).
 * Elements are unsigned and loosely reduced: the value is congruent to the
 * element mod p, limbs may exceed their nominal width by a few bits, and only
 * tacit_fe25519_tobytes produces the canonical value.
 *
 * Every function here is constant time in all of its inputs.
 *
 * Bounds (what the callers in x25519.c and ed25519_point_impl.h respect):
 *   "carried"  output of mul, sq, sub, mul_small, carry, frombytes, copy;
 *   add        output is not carried (one more bit);
 *   mul, sq    inputs: carried, or one add of two carried values;
 *   sub        first operand: carried or one add; second: carried or one add;
 *   add        operands: carried only (carry an add before adding again).
 */
#ifndef TACIT_CURVE25519_FE_H
#define TACIT_CURVE25519_FE_H

#include <stddef.h>
#include <stdint.h>

#include "tacit/config.h"
#include "tacit/limb.h"
#include "bignum/bignum_core_limb.h"

#if TACIT_MPI_LIMB_BITS == 64
#define TACIT_FE25519_LIMBS 5
#else
#define TACIT_FE25519_LIMBS 10
#endif

/* One limb of a field element: the library limb, so tables of elements can
 * be scanned with tacit_ct_table_select_limbs. */
typedef tacit_mpi_uint tacit_fe25519[TACIT_FE25519_LIMBS];

/* ---- representation-specific (curve25519_fe64.c / curve25519_fe32.c) ---- */

/* h = the 255 low bits of s (little-endian; bit 255 is ignored). */
void tacit_fe25519_frombytes(tacit_fe25519 h, const unsigned char s[32]);
/* s = h mod p, canonical, little-endian. */
void tacit_fe25519_tobytes(unsigned char s[32], const tacit_fe25519 h);
void tacit_fe25519_add(tacit_fe25519 h, const tacit_fe25519 f, const tacit_fe25519 g);
void tacit_fe25519_sub(tacit_fe25519 h, const tacit_fe25519 f, const tacit_fe25519 g);
void tacit_fe25519_mul(tacit_fe25519 h, const tacit_fe25519 f, const tacit_fe25519 g);
void tacit_fe25519_sq(tacit_fe25519 h, const tacit_fe25519 f);
/* h = f * c for a constant c < 2^17 (121665 in the ladder). */
void tacit_fe25519_mul_small(tacit_fe25519 h, const tacit_fe25519 f, uint32_t c);
/* Bring an add's output back to carried form. */
void tacit_fe25519_carry(tacit_fe25519 h, const tacit_fe25519 f);

/* ---- common (curve25519_fe.c) -------------------------------------------- */

void tacit_fe25519_0(tacit_fe25519 h);
void tacit_fe25519_1(tacit_fe25519 h);
void tacit_fe25519_copy(tacit_fe25519 h, const tacit_fe25519 f);
/* h = -f (carried). */
void tacit_fe25519_neg(tacit_fe25519 h, const tacit_fe25519 f);
/* h = f^(2^n), n >= 1. */
void tacit_fe25519_sq_n(tacit_fe25519 h, const tacit_fe25519 f, int n);
/* h = f^(p-2) = 1/f (0 for f = 0). */
void tacit_fe25519_invert(tacit_fe25519 h, const tacit_fe25519 f);
/* h = f^((p-5)/8), the core of the square root in point decoding. */
void tacit_fe25519_pow22523(tacit_fe25519 h, const tacit_fe25519 f);
/* Swap f and g when mask is all-ones; mask 0 leaves them.  Masked XOR. */
void tacit_fe25519_cswap(tacit_fe25519 f, tacit_fe25519 g, tacit_mpi_uint mask);
/* f = g when mask is all-ones. */
void tacit_fe25519_cmov(tacit_fe25519 f, const tacit_fe25519 g, tacit_mpi_uint mask);
/* All-ones when f = 0 mod p, else 0. */
tacit_mpi_uint tacit_fe25519_iszero(const tacit_fe25519 f);
/* The low bit of the canonical value (the "sign" of x in Ed25519). */
unsigned tacit_fe25519_isnegative(const tacit_fe25519 f);

/* h = a constant or table entry of ed25519_table.c (stored in the layout
 * above, canonical) in the layout the field operations work in: a copy here
 * (the MULX/ADX path repacks it, ed25519_point_x86_64_adx.c). */
void tacit_fe25519_from_table(tacit_fe25519 h, const tacit_fe25519 t);

/* ---- x86-64 with BMI2 and ADX (curve25519_fe64_x86_64_adx.c) ------------ */
/*
 * Where bignum_core has its MULX/ADX kernels (x86-64, 64-bit limbs, not
 * TACIT_MPI_NO_ASM), there is a second field: four saturated 64-bit limbs
 * (in limbs 0..3 of a tacit_fe25519; limb 4 is unused), values below 2^256,
 * products folded with 38 = 2^256 mod p, in inline assembly
 * (curve25519_fe64_x86_64_adx.h).  It is not behind the tacit_fe25519_*
 * functions above (those are always the layout of the limb size): the code
 * above the field is compiled once more on it (tacit_x25519_scalarmult_adx,
 * ed25519_point_x86_64_adx.c), and tacit_x25519 and the Ed25519 point entry
 * points choose, once per operation, by tacit_curve25519_cpu_has_adx()
 * (curve25519_dispatch.c, which follows bignum's answer: the test hook
 * tacit_mpi_core_test_path forces either).
 */
#if defined(TACIT_MPI_HAVE_X86_64_ADX_ASM) && defined(TACIT_BIGNUM_CORE_C) &&                      \
    (defined(TACIT_X25519_C) || defined(TACIT_ED25519_C))
#define TACIT_FE25519_HAVE_ADX

/* 1 if the MULX/ADX field runs on this CPU (curve25519_dispatch.c) */
int tacit_curve25519_cpu_has_adx(void);

/* out = X25519(k, u) for a clamped k, before the all-zero check
 * (X25519 builds). */
void tacit_x25519_scalarmult_adx(unsigned char out[32], const unsigned char k[32],
                                 const unsigned char u[32]);

/* The field operations one by one (for the differential tests): inputs any
 * value below 2^256, outputs below 2^256; tobytes is canonical. */
void tacit_fe25519_adx_frombytes(uint64_t h[4], const unsigned char s[32]);
void tacit_fe25519_adx_tobytes(unsigned char s[32], const uint64_t f[4]);
void tacit_fe25519_adx_add(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]);
void tacit_fe25519_adx_sub(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]);
void tacit_fe25519_adx_mul(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]);
void tacit_fe25519_adx_sq(uint64_t h[4], const uint64_t f[4]);
/* h = f c + g, c < 2^32 */
void tacit_fe25519_adx_mul_small_add(uint64_t h[4], const uint64_t f[4], uint32_t c,
                                     const uint64_t g[4]);
void tacit_fe25519_adx_invert(uint64_t h[4], const uint64_t f[4]);
/* h = f^((p-5)/8) */
void tacit_fe25519_adx_pow22523(uint64_t h[4], const uint64_t f[4]);
#endif

#endif /* TACIT_CURVE25519_FE_H */
