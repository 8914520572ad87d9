/*
 * Ed25519 signatures (RFC 8032 section 5.1, "pure" Ed25519: the whole
 * message is signed, hashed inside with SHA-512).
 *
 * A private key is the 32-byte seed of RFC 8032 (what PKCS#8 carries, RFC
 * 8410); the public key is the 32-byte encoding of A = s B.  A signature is
 * 64 bytes, R || S.
 *
 * Signing is constant time in the seed, the derived scalar and the nonce:
 * SHA-512, a fixed-base comb whose table rows are read by full masked scans,
 * and scalar arithmetic mod L by Montgomery reduction.  The key structure
 * keeps the public key derived from the seed, so a signature can never be
 * made with a mismatched public key (which would leak the private scalar).
 *
 * Verification works on public data only (the public key, the message, the
 * signature) and uses the faster variable-time double-scalar multiplication
 * (src/curve25519/ed25519_point.c, _unsafe).  It is strict, as RFC 8032 section 5.1.7
 * specifies:
 *   - S must be below the group order L (no malleable S + L);
 *   - A and R must be canonical encodings (y < p; x = 0 never with the sign
 *     bit set) of curve points;
 *   - the check is the cofactorless equation: the encoding of [S]B - [k]A
 *     must equal R byte for byte.  RFC 8032 allows it ("sufficient, but not
 *     required"); it is what OpenSSL and BoringSSL compute, every Wycheproof
 *     ed25519 vector gets its expected verdict with it, and the cofactored
 *     variant ([8][S]B = [8]R + [8][k]A) would accept signatures with a
 *     small-order component that those verifiers reject: a signature should
 *     get the same verdict here as at the peer that made or will check it.
 *     (Batch verification, which needs the cofactored form, is not offered.)
 * Small-order public keys and R values are not refused separately: with
 * the cofactorless check and canonical encodings, they only verify where
 * the equation holds, as RFC 8032 specifies.
 *
 * Threads: a tacit_ed25519_key is a plain value; signing, verifying and the
 * writers take it const, so one key may be used by any number of threads at
 * once.  Filling it (gen_key, key_from_*, parse) and freeing need it alone.
 */
#ifndef TACIT_ED25519_H
#define TACIT_ED25519_H

#include <stddef.h>

#include "tacit/config.h"
#include "tacit/error.h"
#include "tacit/key_format.h"
#include "tacit/platform.h"
#include "tacit/x25519.h" /* the curve25519 error codes */

#ifdef __cplusplus
extern "C" {
#endif

#define TACIT_ED25519_KEY_SIZE 32 /* seed (private key) and public key */
#define TACIT_ED25519_SIG_SIZE 64

typedef struct tacit_ed25519_key {
    unsigned char pub[TACIT_ED25519_KEY_SIZE];
    unsigned char seed[TACIT_ED25519_KEY_SIZE]; /* valid when has_private */
    int has_private;
} tacit_ed25519_key;

/* A fresh key: a 32-byte seed from f_rng (NULL: tacit_rng_default). */
int tacit_ed25519_gen_key(tacit_ed25519_key *key, tacit_rng_func f_rng, void *p_rng);

/* Load a private key (the 32-byte seed) and derive its public key. */
int tacit_ed25519_key_from_seed(tacit_ed25519_key *key, const unsigned char *seed, size_t len);

/* Load a public key (32 bytes): TACIT_ERR_CURVE25519_BAD_KEY unless it is
 * the canonical encoding of a curve point. */
int tacit_ed25519_key_from_public(tacit_ed25519_key *key, const unsigned char *pub, size_t len);

/*
 * Sign msg (any length; msg may be NULL when msg_len is 0).  sig receives 64
 * bytes (*sig_len = 64); sig == NULL or sig_size < 64 gives
 * TACIT_ERR_BUFFER_TOO_SMALL with *sig_len = 64.  Errors:
 * TACIT_ERR_NO_PRIVATE_KEY, TACIT_ERR_BUFFER_TOO_SMALL.
 */
int tacit_ed25519_sign(const tacit_ed25519_key *key, const unsigned char *msg, size_t msg_len,
                       unsigned char *sig, size_t sig_size, size_t *sig_len);

/*
 * Verify a signature on msg: 0 when it is valid, else
 * TACIT_ERR_VERIFY_FAILED (any defect: wrong length, S >= L,
 * non-canonical R, an equation that does not hold).  Variable time in its
 * inputs, which are all public.
 */
int tacit_ed25519_verify(const tacit_ed25519_key *key, const unsigned char *msg, size_t msg_len,
                         const unsigned char *sig, size_t sig_len);

/*
 * The other two algorithms of RFC 8032 (section 5.1), and pure Ed25519
 * again: TACIT_ED25519_PURE (context must be empty: clen 0),
 * TACIT_ED25519_CTX (Ed25519ctx: a context of 1..255 bytes) and
 * TACIT_ED25519_PH (Ed25519ph: 0..255 bytes; msg is the whole message,
 * hashed here with SHA-512 to PH(M)).  The three never accept each other's
 * signatures (dom2 separates them).  A context the variant does not allow,
 * or an unknown variant: TACIT_ERR_BAD_INPUT.  Otherwise as
 * tacit_ed25519_sign / tacit_ed25519_verify.
 */
typedef enum { TACIT_ED25519_PURE = 0, TACIT_ED25519_CTX, TACIT_ED25519_PH } tacit_ed25519_variant;

int tacit_ed25519_sign_ext(const tacit_ed25519_key *key, tacit_ed25519_variant variant,
                           const unsigned char *context, size_t clen, const unsigned char *msg,
                           size_t msg_len, unsigned char *sig, size_t sig_size, size_t *sig_len);
int tacit_ed25519_verify_ext(const tacit_ed25519_key *key, tacit_ed25519_variant variant,
                             const unsigned char *context, size_t clen, const unsigned char *msg,
                             size_t msg_len, const unsigned char *sig, size_t sig_len);

/* Keys in PKCS#8 and SPKI (RFC 8410), DER or PEM: tacit_pk (pk.h; tacit_pk_ed25519). */

/* Zeroize the key. */
void tacit_ed25519_key_free(tacit_ed25519_key *key);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_ED25519_H */
