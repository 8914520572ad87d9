/*
 * Elliptic-curve Diffie-Hellman (SEC 1 v2, 3.3.1) on P-256, P-384, P-521.
 * The shared secret is the x-coordinate of d * Q_peer, big-endian, exactly
 * tacit_ecp_curve_bytes() long.  Constant time in the private key; the peer
 * point is checked (on the curve, in range, not infinity) before use.
 * Error codes are in ecp.h.
 *
 * Threads: the shared-secret functions take both keys const (see ecp.h): one
 * private key may serve any number of threads at once; tacit_rng_default
 * (NULL) is per thread.
 */
#ifndef TACIT_ECDH_H
#define TACIT_ECDH_H

#include <stddef.h>

#include "tacit/ecp.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A fresh key pair (same as tacit_ecp_gen_key).  f_rng NULL: tacit_rng_default. */
int tacit_ecdh_gen_key(tacit_ecp_keypair *key, tacit_ecp_group_id grp, tacit_rng_func f_rng,
                       void *p_rng);

/*
 * Shared secret from our key pair (must hold d) and the peer's public point
 * as a SEC1 encoding (uncompressed or compressed) on the same curve.
 * f_rng randomises the projective coordinates of the computation; NULL uses
 * tacit_rng_default.  Errors: TACIT_ERR_ECP_INVALID_POINT (peer point bad),
 * TACIT_ERR_NO_PRIVATE_KEY, TACIT_ERR_BUFFER_TOO_SMALL,
 * TACIT_ERR_ECDH_SHARED_ZERO.  On error out is zeroed (when out_size allows).
 */
int tacit_ecdh_compute_shared(const tacit_ecp_keypair *ours, const unsigned char *peer_point,
                              size_t plen, unsigned char *out, size_t out_size, size_t *out_len,
                              tacit_rng_func f_rng, void *p_rng);

/* The same with the peer's key as a key pair (its Q; same curve required). */
int tacit_ecdh_compute_shared_key(const tacit_ecp_keypair *ours, const tacit_ecp_keypair *peer,
                                  unsigned char *out, size_t out_size, size_t *out_len,
                                  tacit_rng_func f_rng, void *p_rng);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_ECDH_H */
