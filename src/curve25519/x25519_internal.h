/*
 * Internal interface of X25519, shared with Ed25519 (fixed-base key
 * generation through the Edwards comb) and the tests.
 */
#ifndef TACIT_X25519_INTERNAL_H
#define TACIT_X25519_INTERNAL_H

#include "curve25519/curve25519_fe.h"

/* RFC 7748 decodeScalar25519, in place. */
void tacit_x25519_clamp(unsigned char k[32]);

/*
 * The ladder: (x2 : z2) = k * (x1 : 1) for the clamped scalar k, projective
 * (z2 = 0 for the point at infinity).  Constant time in k.
 */
void tacit_x25519_ladder(tacit_fe25519 x2, tacit_fe25519 z2, const unsigned char k[32],
                         const tacit_fe25519 x1);

/*
 * pub = X25519(priv, 9).  With TACIT_ED25519_C the Edwards fixed-base comb
 * computes it (u = (1 + y) / (1 - y)), else the ladder.  Constant time in priv.
 */
int tacit_x25519_base(unsigned char pub[32], const unsigned char priv[32]);

#endif /* TACIT_X25519_INTERNAL_H */
