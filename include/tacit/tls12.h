/*
 * TLS 1.2 building blocks that are not a primitive of their own:
 *   - the PRF of RFC 5246 section 5, PRF(secret, label, seed) =
 *     P_hash(secret, label || seed) over HMAC with any hash of md.h
 *     (TLS 1.2 uses SHA-256, or the suite's hash: SHA-384 for the
 *     *_SHA384 suites).  TLS 1.0/1.1's MD5 + SHA-1 PRF is not offered.
 *
 * The secret and every intermediate value are processed without
 * secret-dependent branches or memory indices (only the lengths leak);
 * intermediate values are wiped.  On error the output is zeroed (when the
 * pointer and length are usable).  Compiled with TACIT_HMAC_C.
 *
 * Threads: no state; safe from any number of threads.
 */
#ifndef TACIT_TLS12_H
#define TACIT_TLS12_H

#include <stddef.h>

#include "tacit/config.h"
#include "tacit/error.h"
#include "tacit/md.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * out = the first out_len bytes of P_hash(secret, label || seed):
 *   A(0) = label || seed, A(i) = HMAC(secret, A(i-1)),
 *   P_hash = HMAC(secret, A(1) || label || seed) || HMAC(secret, A(2) || label || seed) || ...
 * The label may be empty (NULL, 0): callers that already prepended it to
 * the seed (OpenSSL's TLS1-PRF, which takes "label || seed" as its seed)
 * pass it that way.  Examples: the master secret is
 * tacit_tls12_prf(md, pms, pms_len, "master secret", 13, client_random ||
 * server_random, 64, ms, 48); Finished's verify_data is 12 bytes with the
 * label "client finished" / "server finished" and the transcript hash as
 * the seed.  Errors: TACIT_ERR_MD_UNSUPPORTED (no such hash in this build),
 * TACIT_ERR_BAD_INPUT (a NULL pointer with a non-zero length).
 */
int tacit_tls12_prf(tacit_md_type md, const unsigned char *secret, size_t secret_len,
                    const unsigned char *label, size_t label_len, const unsigned char *seed,
                    size_t seed_len, unsigned char *out, size_t out_len);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_TLS12_H */
