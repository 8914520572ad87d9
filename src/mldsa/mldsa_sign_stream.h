/*
 * The streaming ML-DSA signer (FIPS 204 Algorithm 7, ML-DSA.Sign_internal)
 * for small stacks: the signer of TACIT_MLDSA_SMALL_STACK builds, compiled
 * in every build (the tests compare it with the normal signer).
 */
#ifndef TACIT_MLDSA_SIGN_STREAM_H
#define TACIT_MLDSA_SIGN_STREAM_H

#include "mldsa/mldsa_internal.h"

/*
 * sig (ps->sig_bytes) = Sign_internal(sk, mu, rnd): the same signature as
 * the normal signer, bit for bit.  Nothing of the key or the mask is kept
 * across steps: s1, s2, t0 are unpacked (and transformed) from sk for each
 * use, each mask polynomial y_j is regenerated from rho'' when needed, A
 * is expanded one entry at a time and w one row at a time (twice per
 * attempt: for w1, then for the hint tests); the challenge is kept as
 * bytes (transformed again for each product), the hints as a bitmap.
 * Three polynomials and about 0.9 KiB more of workspace for every
 * parameter set; about three times the work of the normal signer.
 * Constant time as the normal signer: one declassified bit per attempt
 * (rejected or not), c~, z and h only with the accepted signature; sig
 * holds secret z of rejected attempts meanwhile (overwritten; zeroed by
 * the caller on failure).  Returns 0, TACIT_ERR_BAD_INPUT (an s1/s2
 * coefficient out of range: the only fact about the key made public) or
 * TACIT_ERR_CORRUPTION_DETECTED (no accepted attempt within the 16-bit
 * nonces).
 */
int tacit_mldsa_sign_stream(const tacit_mldsa_param_set *ps, const unsigned char *sk,
                            const unsigned char mu[64], const unsigned char rnd[32],
                            unsigned char *sig);

#endif /* TACIT_MLDSA_SIGN_STREAM_H */
