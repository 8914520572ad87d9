/*
 * ML-DSA (FIPS 204): module-lattice signatures, ML-DSA-44, -65 and -87.
 *
 * Pure ML-DSA (FIPS 204 section 5.2): the message is signed as
 * M' = 0 || len(ctx) || ctx || M with a context string of at most 255 bytes
 * (ctx may be NULL when ctx_len is 0).  Keys and signatures are the byte
 * strings of FIPS 204 (pkEncode, skEncode, sigEncode); a key pair can be
 * regenerated from its 32-byte seed xi (tacit_mldsa_keygen_seed), the form
 * the IETF LAMPS private-key format prefers (tacit_pk reads and writes it, pk.h).
 *
 * Signing is hedged by default: tacit_mldsa_sign draws the 32 bytes rnd from
 * f_rng (NULL: tacit_rng_default); tacit_mldsa_sign_det uses rnd = 0^32 (the
 * deterministic variant, same key and message give the same signature).
 *
 * "External mu": a verifier or signer that streams a large image computes
 * mu = SHAKE256(SHAKE256(pk, 64) || M', 64) itself (tacit_mldsa_mu, or its
 * own SHAKE256) and calls the _mu functions (FIPS 204 Algorithm 7/8 from
 * step 6 on).
 *
 * Constant time: key generation and signing have no branch or memory index
 * that depends on xi, the private key or rnd, except for what FIPS 204
 * makes public: one bit per signing attempt, whether it was rejected (so
 * the number of attempts), and the final signature.  Which of the
 * rejection tests failed and the challenge ctilde of a rejected attempt
 * stay secret (SampleInBall runs in constant time when signing; it
 * reveals one more bit, with probability below 2^-87, if its SHAKE256
 * stream needs a second block).  Key generation also reveals which
 * SHAKE256 output nibbles the rejection sampler of ExpandS skipped
 * (positions only: they are independent of s1 and s2), and signing
 * whether the private key's s1/s2 coefficients are in range.
 * Verification handles public data only (all its inputs are public).
 *
 * Verification is strict: a signature of the wrong length, a hint encoding
 * out of order or with more than omega hints, or a z coefficient with
 * |z| >= gamma1 - beta is refused with TACIT_ERR_VERIFY_FAILED, like a
 * signature that does not match.
 *
 * Errors: TACIT_ERR_BAD_INPUT (unknown parameter set, NULL pointers, context
 * longer than 255 bytes, a private key whose s1/s2 coefficients are out of
 * range), TACIT_ERR_BUFFER_TOO_SMALL (sig_size too small; *sig_len is set to
 * the size needed), TACIT_ERR_RNG_FAILED, TACIT_ERR_VERIFY_FAILED.
 *
 * Memory: no allocation.  The largest stack frame is signing (the expanded
 * matrix A, 4 KiB per entry, k * l entries: about 57 KiB for ML-DSA-87);
 * TACIT_MLDSA_SMALL_STACK recomputes A in every attempt instead (slower
 * signing, a few KiB of stack).  Verification and key generation stream A
 * one polynomial at a time in every configuration.
 *
 * Threads: every function works on its arguments only.
 */
#ifndef TACIT_MLDSA_H
#define TACIT_MLDSA_H

#include <stddef.h>

#include "tacit/config.h"
#include "tacit/error.h"
#include "tacit/platform.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { TACIT_MLDSA_44, TACIT_MLDSA_65, TACIT_MLDSA_87 } tacit_mldsa_params;

#define TACIT_MLDSA_SEED_BYTES 32 /* xi */
#define TACIT_MLDSA_RND_BYTES 32
#define TACIT_MLDSA_MU_BYTES 64
#define TACIT_MLDSA_MAX_CTX_BYTES 255

#define TACIT_MLDSA44_PK_BYTES 1312
#define TACIT_MLDSA44_SK_BYTES 2560
#define TACIT_MLDSA44_SIG_BYTES 2420
#define TACIT_MLDSA65_PK_BYTES 1952
#define TACIT_MLDSA65_SK_BYTES 4032
#define TACIT_MLDSA65_SIG_BYTES 3309
#define TACIT_MLDSA87_PK_BYTES 2592
#define TACIT_MLDSA87_SK_BYTES 4896
#define TACIT_MLDSA87_SIG_BYTES 4627

#define TACIT_MLDSA_MAX_PK_BYTES TACIT_MLDSA87_PK_BYTES
#define TACIT_MLDSA_MAX_SK_BYTES TACIT_MLDSA87_SK_BYTES
#define TACIT_MLDSA_MAX_SIG_BYTES TACIT_MLDSA87_SIG_BYTES

/* Sizes of parameter set p (0 for an unknown p). */
size_t tacit_mldsa_pk_bytes(tacit_mldsa_params p);
size_t tacit_mldsa_sk_bytes(tacit_mldsa_params p);
size_t tacit_mldsa_sig_bytes(tacit_mldsa_params p);

/* A fresh key pair: xi from f_rng (NULL: tacit_rng_default), then keygen_seed. */
int tacit_mldsa_keygen(tacit_mldsa_params p, unsigned char *pk, unsigned char *sk,
                       tacit_rng_func f_rng, void *p_rng);

/* ML-DSA.KeyGen_internal (FIPS 204 Algorithm 6) from the 32-byte seed xi. */
int tacit_mldsa_keygen_seed(tacit_mldsa_params p, const unsigned char seed[32], unsigned char *pk,
                            unsigned char *sk);

/*
 * Sign msg (msg may be NULL when msg_len is 0) with context ctx.  sig
 * receives tacit_mldsa_sig_bytes(p) bytes.  Hedged: rnd from f_rng (NULL:
 * tacit_rng_default).
 */
int tacit_mldsa_sign(tacit_mldsa_params p, const unsigned char *sk, const unsigned char *msg,
                     size_t msg_len, const unsigned char *ctx, size_t ctx_len, unsigned char *sig,
                     size_t sig_size, size_t *sig_len, tacit_rng_func f_rng, void *p_rng);

/* Deterministic signing (rnd = 0^32). */
int tacit_mldsa_sign_det(tacit_mldsa_params p, const unsigned char *sk, const unsigned char *msg,
                         size_t msg_len, const unsigned char *ctx, size_t ctx_len,
                         unsigned char *sig, size_t sig_size, size_t *sig_len);

/* 0 if sig is a valid signature of msg under pk and ctx, else TACIT_ERR_VERIFY_FAILED. */
int tacit_mldsa_verify(tacit_mldsa_params p, const unsigned char *pk, const unsigned char *msg,
                       size_t msg_len, const unsigned char *ctx, size_t ctx_len,
                       const unsigned char *sig, size_t sig_len);

/* mu = SHAKE256(SHAKE256(pk, 64) || 0 || ctx_len || ctx || msg, 64). */
int tacit_mldsa_mu(tacit_mldsa_params p, const unsigned char *pk, const unsigned char *msg,
                   size_t msg_len, const unsigned char *ctx, size_t ctx_len, unsigned char mu[64]);

/* "External mu": FIPS 204 Algorithms 7 and 8 from mu on. */
int tacit_mldsa_sign_mu(tacit_mldsa_params p, const unsigned char *sk, const unsigned char mu[64],
                        unsigned char *sig, size_t sig_size, size_t *sig_len, tacit_rng_func f_rng,
                        void *p_rng);
int tacit_mldsa_sign_mu_det(tacit_mldsa_params p, const unsigned char *sk,
                            const unsigned char mu[64], unsigned char *sig, size_t sig_size,
                            size_t *sig_len);
int tacit_mldsa_verify_mu(tacit_mldsa_params p, const unsigned char *pk, const unsigned char mu[64],
                          const unsigned char *sig, size_t sig_len);

/*
 * Signing with an explicit rnd (FIPS 204 ML-DSA.Sign_internal with the 32
 * bytes given): for known-answer tests and callers that bring their own
 * randomness.  mu as for tacit_mldsa_sign_mu.
 */
int tacit_mldsa_sign_mu_rnd(tacit_mldsa_params p, const unsigned char *sk,
                            const unsigned char mu[64], const unsigned char rnd[32],
                            unsigned char *sig, size_t sig_size, size_t *sig_len);

/*
 * HashML-DSA (FIPS 204 section 5.4, Algorithms 4 and 5): the caller hashes
 * the message with an approved hash or XOF PH and signs the digest; the
 * signed string is M' = 1 || len(ctx) || ctx || OID(PH) || PH(M), with
 * OID(PH) the 11-byte DER encoding of the hash's NIST OID
 * (2.16.840.1.101.3.4.2.x).  A HashML-DSA signature never verifies as a pure
 * ML-DSA signature of the same message, nor under another PH.  Keys are the
 * ML-DSA keys.  SHAKE128 and SHAKE256 give 32 and 64 bytes of output.
 * Every PH below is accepted as a digest; tacit_mldsa_prehash_digest
 * computes the digest for all of them except the hashes compiled out of the
 * build (TACIT_ERR_NOT_SUPPORTED; bring the digest).
 *
 * The IETF LAMPS X.509 profile for ML-DSA (RFC 9881) uses pure ML-DSA only:
 * certificates, CRLs and SubjectPublicKeyInfo never carry the HashML-DSA
 * OIDs (2.16.840.1.101.3.4.3.32-34), and tacit_pk / tacit_x509 treat them
 * as unknown algorithms.
 *
 * Errors as for the pure functions, and TACIT_ERR_BAD_INPUT for an unknown
 * PH or a digest whose length is not tacit_mldsa_prehash_size(ph).  The
 * digest is public; signing is constant time in the key as above.
 */
typedef enum {
    TACIT_MLDSA_PH_SHA224,
    TACIT_MLDSA_PH_SHA256,
    TACIT_MLDSA_PH_SHA384,
    TACIT_MLDSA_PH_SHA512,
    TACIT_MLDSA_PH_SHA512_224,
    TACIT_MLDSA_PH_SHA512_256,
    TACIT_MLDSA_PH_SHA3_224,
    TACIT_MLDSA_PH_SHA3_256,
    TACIT_MLDSA_PH_SHA3_384,
    TACIT_MLDSA_PH_SHA3_512,
    TACIT_MLDSA_PH_SHAKE128, /* 256-bit output */
    TACIT_MLDSA_PH_SHAKE256  /* 512-bit output */
} tacit_mldsa_prehash;

#define TACIT_MLDSA_PH_MAX_BYTES 64 /* longest digest */

/* Digest length of ph in bytes (0 for an unknown ph). */
size_t tacit_mldsa_prehash_size(tacit_mldsa_prehash ph);

/*
 * PH(msg): out receives tacit_mldsa_prehash_size(ph) bytes (out_size must
 * be at least that; *out_len is set).  TACIT_ERR_NOT_SUPPORTED for
 * hashes compiled out.
 */
int tacit_mldsa_prehash_digest(tacit_mldsa_prehash ph, const unsigned char *msg, size_t msg_len,
                               unsigned char *out, size_t out_size, size_t *out_len);

/* HashML-DSA.Sign: hedged, rnd from f_rng (NULL: tacit_rng_default). */
int tacit_mldsa_prehash_sign(tacit_mldsa_params p, const unsigned char *sk, tacit_mldsa_prehash ph,
                             const unsigned char *digest, size_t digest_len,
                             const unsigned char *ctx, size_t ctx_len, unsigned char *sig,
                             size_t sig_size, size_t *sig_len, tacit_rng_func f_rng, void *p_rng);

/* Deterministic HashML-DSA.Sign (rnd = 0^32). */
int tacit_mldsa_prehash_sign_det(tacit_mldsa_params p, const unsigned char *sk,
                                 tacit_mldsa_prehash ph, const unsigned char *digest,
                                 size_t digest_len, const unsigned char *ctx, size_t ctx_len,
                                 unsigned char *sig, size_t sig_size, size_t *sig_len);

/* HashML-DSA.Verify: 0 if valid, else TACIT_ERR_VERIFY_FAILED. */
int tacit_mldsa_prehash_verify(tacit_mldsa_params p, const unsigned char *pk,
                               tacit_mldsa_prehash ph, const unsigned char *digest,
                               size_t digest_len, const unsigned char *ctx, size_t ctx_len,
                               const unsigned char *sig, size_t sig_len);

/* mu of HashML-DSA: SHAKE256(SHAKE256(pk, 64) || M', 64), for the _mu functions. */
int tacit_mldsa_prehash_mu(tacit_mldsa_params p, const unsigned char *pk, tacit_mldsa_prehash ph,
                           const unsigned char *digest, size_t digest_len, const unsigned char *ctx,
                           size_t ctx_len, unsigned char mu[64]);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_MLDSA_H */
