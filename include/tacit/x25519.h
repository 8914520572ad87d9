/*
 * X25519 Diffie-Hellman (RFC 7748).
 *
 * Keys are 32 raw bytes.  A private key is any 32 bytes; it is "clamped"
 * (bits 0-2 and 255 cleared, bit 254 set) every time it is used, as RFC 7748
 * section 5 specifies, so the stored bytes stay exactly what was given or
 * generated (and what PKCS#8 carries, RFC 8410).  A public key is a
 * u-coordinate; its bit 255 is ignored and a non-canonical value (>= p) is
 * reduced, as section 5 requires.
 *
 * The shared secret is refused when it is all zero, the result of a peer key
 * of small order (RFC 7748 section 6.1; TLS 1.3, RFC 8446 section 7.4.2,
 * requires the check): TACIT_ERR_X25519_SHARED_ZERO, and the output is
 * zeroed.
 *
 * Constant time in the private key: a Montgomery ladder over all 255 bits
 * with masked conditional swaps, no table indexed by the key.
 *
 * Threads: a tacit_x25519_key is a plain value; computing a shared secret and
 * the writers take it const, so one key may be used by any number of threads
 * at once.  Filling it (gen_key, key_from_*, parse) and freeing need it alone.
 */
#ifndef TACIT_X25519_H
#define TACIT_X25519_H

#include <stddef.h>

#include "tacit/config.h"
#include "tacit/error.h"
#include "tacit/key_format.h"
#include "tacit/platform.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Error codes of the curve25519 modules (x25519.h, ed25519.h); the shared
 * meanings use error.h (TACIT_ERR_BUFFER_TOO_SMALL, _NO_PRIVATE_KEY,
 * _VERIFY_FAILED, _BAD_INPUT, _RNG_FAILED).
 */

#define TACIT_X25519_KEY_SIZE 32 /* private key, public key and shared secret */

/*
 * The X25519 function of RFC 7748 section 5: out = scalar * u, both
 * little-endian 32-byte strings (scalar clamped here).  Returns
 * TACIT_ERR_X25519_SHARED_ZERO (out zeroed) when the result is all zero,
 * else 0.  out may alias scalar or u.
 */
int tacit_x25519(unsigned char out[32], const unsigned char scalar[32], const unsigned char u[32]);

/* pub = X25519(priv, 9): the public key of a private key. */
int tacit_x25519_public_key(unsigned char pub[32], const unsigned char priv[32]);

/* A key: the private part is present when has_private is non-zero. */
typedef struct tacit_x25519_key {
    unsigned char pub[TACIT_X25519_KEY_SIZE];
    unsigned char priv[TACIT_X25519_KEY_SIZE];
    int has_private;
} tacit_x25519_key;

/* A fresh key: 32 random bytes from f_rng (NULL: tacit_rng_default). */
int tacit_x25519_gen_key(tacit_x25519_key *key, tacit_rng_func f_rng, void *p_rng);

/* Load a private key (32 bytes) and derive its public key. */
int tacit_x25519_key_from_private(tacit_x25519_key *key, const unsigned char *priv, size_t len);

/* Load a public key (32 bytes). */
int tacit_x25519_key_from_public(tacit_x25519_key *key, const unsigned char *pub, size_t len);

/*
 * The shared secret of our key (with its private part) and the peer's
 * public key (32 bytes).  out receives 32 bytes (*out_len = 32); out ==
 * NULL or out_size < 32 gives TACIT_ERR_BUFFER_TOO_SMALL with *out_len = 32.
 * Errors: TACIT_ERR_NO_PRIVATE_KEY, TACIT_ERR_CURVE25519_BAD_KEY (peer
 * length), TACIT_ERR_X25519_SHARED_ZERO.  On error out is zeroed when it is
 * large enough.
 */
int tacit_x25519_compute_shared(const tacit_x25519_key *ours, const unsigned char *peer,
                                size_t peer_len, unsigned char *out, size_t out_size,
                                size_t *out_len);

/* Keys in PKCS#8 and SPKI (RFC 8410), DER or PEM: tacit_pk (pk.h; tacit_pk_x25519). */

/* Zeroize the key. */
void tacit_x25519_key_free(tacit_x25519_key *key);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_X25519_H */
