/*
 * Internal interface of Ed25519: scalars modulo the group order L.  The
 * group itself (points, tables, scalar multiplications) is ge25519.h.
 */
#ifndef TACIT_ED25519_INTERNAL_H
#define TACIT_ED25519_INTERNAL_H

#include "curve25519/curve25519_fe.h"
#include "curve25519/ge25519.h"

/* ---- scalars mod L = 2^252 + 27742317777372353535851937790883648493 ------ */

/* out = in mod L, in a 64-byte little-endian value (a SHA-512 output).
 * Constant time. */
void tacit_sc25519_reduce64(unsigned char out[32], const unsigned char in[64]);

/* s = (r + k * a) mod L for 32-byte little-endian r, k, a.  Constant time. */
void tacit_sc25519_muladd(unsigned char s[32], const unsigned char k[32], const unsigned char a[32],
                          const unsigned char r[32]);

/* 1 when the 32-byte little-endian s is below L (canonical); public input. */
int tacit_sc25519_is_canonical(const unsigned char s[32]);

#endif /* TACIT_ED25519_INTERNAL_H */
