/*
 * Arithmetic in GF(p), p = 2^255 - 19: the field under X25519 and Ed25519.
 *
 * Two representations, picked with the limb size of the rest of the library:
 *   64-bit limbs: five limbs of 51 bits (radix 2^51), 64x64->128-bit products
 *                 (src/curve25519_fe64.c);
 *   32-bit limbs: ten limbs alternating 26 and 25 bits (radix 2^25.5),
 *                 32x32->64-bit products (src/curve25519_fe32.c), the form
 *                 that suits Cortex-M (UMULL/UMLAL are constant time there).
 * Elements are unsigned and loosely reduced: the value is congruent to the
 * element mod p, limbs may exceed their nominal width by a few bits, and only
 * tacit_fe25519_tobytes produces the canonical value.
 *
 * Every function here is constant time in all of its inputs.
 *
 * Bounds (what the callers in x25519.c and ed25519_point.c respect):
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

#include "tacit/limb.h"

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

#endif /* TACIT_CURVE25519_FE_H */
