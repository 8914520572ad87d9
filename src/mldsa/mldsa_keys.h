/*
 * ML-DSA key checks for the key formats (src/pk): the public key of an
 * expanded private key.
 */
#ifndef TACIT_MLDSA_KEYS_H
#define TACIT_MLDSA_KEYS_H

#include "tacit/mldsa.h"

/*
 * pk (tacit_mldsa_pk_bytes(p) bytes) from the expanded private key sk:
 * t = A s1 + s2 recomputed from rho, s1 and s2, then t1 || rho is the public
 * key.  The key is checked on the way: s1/s2 coefficients in [-eta, eta],
 * t0 equal to the low half of t, tr = H(pk).  TACIT_ERR_BAD_INPUT (pk
 * zeroed) when one fails; only that verdict is made public (and pk, which is
 * public).  Constant time in s1, s2, t0 and K.
 */
int tacit_mldsa_pk_from_sk(tacit_mldsa_params p, const unsigned char *sk, unsigned char *pk);

#endif /* TACIT_MLDSA_KEYS_H */
