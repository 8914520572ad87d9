/*
 * The Edwards group of curve25519 (internal): point types, the base-point
 * tables, encoding and decoding, and the scalar multiplications that both
 * Ed25519 (ed25519.c) and X25519 key generation (x25519.c, through the
 * Montgomery u-coordinate of a * B) use.  The signature scheme's own
 * internals (scalars mod L) are in ed25519_internal.h.
 *
 * Points of the twisted Edwards curve -x^2 + y^2 = 1 + d x^2 y^2 over
 * GF(2^255 - 19) (RFC 8032 section 5.1).
 * Point forms (x = X/Z, y = Y/Z, x y = T/Z):
 *   p3      extended (X : Y : Z : T)            the working form
 *   p2      projective (X : Y : Z)              doubling input
 *   p1p1    completed ((X : Z), (Y : T))        an add or double's raw result:
 *           x = X/Z, y = Y/T
 *   cached  (Y + X, Y - X, Z, 2 d T)            a point about to be added
 *   precomp (y + x, y - x, 2 d x y), Z = 1      table entries (affine)
 */
#ifndef TACIT_GE25519_H
#define TACIT_GE25519_H

#include "curve25519/curve25519_fe.h"

typedef struct {
    tacit_fe25519 X, Y, Z, T;
} tacit_ge25519_p3;
typedef struct {
    tacit_fe25519 X, Y, Z;
} tacit_ge25519_p2;
typedef struct {
    tacit_fe25519 X, Y, Z, T;
} tacit_ge25519_p1p1;
typedef struct {
    tacit_fe25519 YplusX, YminusX, Z, T2d;
} tacit_ge25519_cached;
/* Laid out as one limb array so tables can be scanned with
 * tacit_ct_table_select_limbs. */
typedef struct {
    tacit_fe25519 yplusx, yminusx, xy2d;
} tacit_ge25519_precomp;

/* Generated tables (src/curve25519/ed25519_table_gen.c, scripts/gen/gen_ed25519_table.py). */
#if !defined(TACIT_ED25519_SMALL)
extern const tacit_mpi_uint tacit_ed25519_base_comb[32 * 8][3 * TACIT_FE25519_LIMBS];
#endif
extern const tacit_mpi_uint tacit_ed25519_base_odd[8][3 * TACIT_FE25519_LIMBS];
extern const tacit_fe25519 tacit_ed25519_d;      /* -121665 / 121666 */
extern const tacit_fe25519 tacit_ed25519_d2;     /* 2 d */
extern const tacit_fe25519 tacit_ed25519_sqrtm1; /* 2^((p - 1) / 4), a square root of -1 */

/*
 * h = a * B for a 32-byte little-endian scalar a with a[31] <= 127 (a
 * clamped secret key, or a nonce reduced mod L).  Constant time in a: 64
 * signed radix-16 digits, each entry read by a full masked scan of its
 * table row (tacit_ct_table_select_limbs) and negated by mask.
 */
void tacit_ge25519_scalarmult_base(tacit_ge25519_p3 *h, const unsigned char a[32]);

/* s = the encoding of h (RFC 8032 5.1.2): y with the sign of x in bit 255.
 * Constant time. */
void tacit_ge25519_tobytes(unsigned char s[32], const tacit_ge25519_p3 *h);

/*
 * Decode s into h and negate it (h = -A), as verification wants.  Returns
 * 0, or -1 when s is not a canonical encoding of a curve point (y >= p, no
 * square root, or x = 0 with the sign bit set: RFC 8032 5.1.3).
 * Leaks: whether s decodes, and the timing of the square-root checks on s.
 * Only for: public keys and signatures' R (public values).
 */
int tacit_ge25519_frombytes_negate_unsafe(tacit_ge25519_p3 *h, const unsigned char s[32]);

/*
 * r = a * A + b * B (A given as a p3 point, a and b 32-byte scalars < 2^253).
 * Leaks: a and b (sliding-window digits, additions skipped on zero digits)
 * and A (no masking at all).
 * Only for: signature verification, where a = the public hash k, b = the
 * signature's S, and A the public key.
 */
void tacit_ge25519_double_scalarmult_unsafe(tacit_ge25519_p2 *r, const unsigned char a[32],
                                            const tacit_ge25519_p3 *A, const unsigned char b[32]);

/* s = the encoding of a projective point (for verification's result). */
void tacit_ge25519_p2_tobytes(unsigned char s[32], const tacit_ge25519_p2 *h);

/* u = the Montgomery u-coordinate (RFC 7748) of a * B, a as for
 * tacit_ge25519_scalarmult_base: X25519 key generation.  Constant time. */
void tacit_ge25519_scalarmult_base_u(unsigned char u[32], const unsigned char a[32]);

/*
 * The same operations on the MULX/ADX field (ed25519_point_x86_64_adx.c),
 * which the ones above call when tacit_curve25519_cpu_has_adx() says so: the
 * choice is made once per operation, and a point made by one family is only
 * passed to the same family.
 */
#if defined(TACIT_FE25519_HAVE_ADX)
void tacit_ge25519_adx_scalarmult_base(tacit_ge25519_p3 *h, const unsigned char a[32]);
void tacit_ge25519_adx_tobytes(unsigned char s[32], const tacit_ge25519_p3 *h);
/*
 * Leaks: as tacit_ge25519_frombytes_negate_unsafe.
 * Only for: as tacit_ge25519_frombytes_negate_unsafe (public values).
 */
int tacit_ge25519_adx_frombytes_negate_unsafe(tacit_ge25519_p3 *h, const unsigned char s[32]);
/*
 * Leaks: as tacit_ge25519_double_scalarmult_unsafe.
 * Only for: as tacit_ge25519_double_scalarmult_unsafe (verification).
 */
void tacit_ge25519_adx_double_scalarmult_unsafe(tacit_ge25519_p2 *r, const unsigned char a[32],
                                                const tacit_ge25519_p3 *A,
                                                const unsigned char b[32]);
void tacit_ge25519_adx_p2_tobytes(unsigned char s[32], const tacit_ge25519_p2 *h);
void tacit_ge25519_adx_scalarmult_base_u(unsigned char u[32], const unsigned char a[32]);
#endif

#endif /* TACIT_GE25519_H */
