/*
 * ECDSA (SEC 1 v2, 4.1; FIPS 186-4) on P-256, P-384, P-521.
 *
 * Signing derives the nonce as RFC 6979 does (HMAC_DRBG(private key, hash))
 * and is constant time in the private key and the nonce.  tacit_ecdsa_sign_*
 * hedge the nonce: 32 random bytes join the RFC 6979 seed as its
 * "additional data" k' (RFC 6979 3.6), so a broken RNG still gives a safe
 * nonce.  tacit_ecdsa_sign_det_* leave them out: the nonce is RFC 6979's
 * exactly (its test vectors reproduce).  Either way the computation is
 * blinded with (f_rng, p_rng), NULL meaning tacit_rng_default.  Hashes longer than the group order are truncated to
 * its bit length (SEC 1 4.1.3 step 5); any non-empty hash length works.
 *
 * Signatures: raw r||s (each exactly tacit_ecp_curve_bytes() long) or DER
 * ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER } (strict DER on
 * input).  Verification accepts both low-S and high-S signatures.
 * Error codes are in ecp.h.
 *
 * Threads: signing and verifying take the key const (see ecp.h): one key may
 * sign or verify in any number of threads at once; tacit_rng_default (NULL)
 * is per thread.
 */
#ifndef TACIT_ECDSA_H
#define TACIT_ECDSA_H

#include <stddef.h>

#include "tacit/ecp.h"
#include "tacit/md.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest signatures: raw r||s and DER (P-521). */
#define TACIT_ECDSA_MAX_RAW_LEN (2 * TACIT_ECP_MAX_BYTES)
#define TACIT_ECDSA_MAX_DER_LEN (3 + 2 * (3 + 1 + TACIT_ECP_MAX_BYTES))

/*
 * Sign hash[0..hlen) with key (must hold d).  md names the hash function
 * that produced it, used by RFC 6979's HMAC (TACIT_MD_NONE: chosen from
 * hlen, SHA-256 for unusual lengths).  f_rng NULL: tacit_rng_default.
 * _raw writes r||s (*sig_len = 2 * curve_bytes), _der the DER SEQUENCE.
 * sig NULL or too small: TACIT_ERR_BUFFER_TOO_SMALL with *sig_len = the
 * size needed (for _der with sig NULL: the largest DER for the curve).
 * Before it is released, the signature is checked against the key's public
 * point (a fault countermeasure: a faulty signature beside a good one of the
 * same hash would reveal the key; the check is the verification equation,
 * computed with one fixed-base comb, see ecdsa.c); a failure gives
 * TACIT_ERR_CORRUPTION_DETECTED and a zeroed sig.  Firmware that cannot
 * afford the verification defines TACIT_ECDSA_NO_FAULT_CHECK (config.h).
 * Errors: TACIT_ERR_NO_PRIVATE_KEY, TACIT_ERR_ECDSA_BAD_HASH (hlen 0),
 * TACIT_ERR_BUFFER_TOO_SMALL, TACIT_ERR_RNG_FAILED,
 * TACIT_ERR_CORRUPTION_DETECTED, ...
 */
int tacit_ecdsa_sign_raw(const tacit_ecp_keypair *key, tacit_md_type md, const unsigned char *hash,
                         size_t hlen, unsigned char *sig, size_t sig_size, size_t *sig_len,
                         tacit_rng_func f_rng, void *p_rng);
int tacit_ecdsa_sign_der(const tacit_ecp_keypair *key, tacit_md_type md, const unsigned char *hash,
                         size_t hlen, unsigned char *sig, size_t sig_size, size_t *sig_len,
                         tacit_rng_func f_rng, void *p_rng);
/* The same with the RFC 6979 nonce, not hedged (reproducible signatures). */
int tacit_ecdsa_sign_det_raw(const tacit_ecp_keypair *key, tacit_md_type md,
                             const unsigned char *hash, size_t hlen, unsigned char *sig,
                             size_t sig_size, size_t *sig_len, tacit_rng_func f_rng, void *p_rng);
int tacit_ecdsa_sign_det_der(const tacit_ecp_keypair *key, tacit_md_type md,
                             const unsigned char *hash, size_t hlen, unsigned char *sig,
                             size_t sig_size, size_t *sig_len, tacit_rng_func f_rng, void *p_rng);

/*
 * Verify a signature over hash with key's Q.  0 if valid;
 * TACIT_ERR_VERIFY_FAILED if it does not match;
 * TACIT_ERR_ECDSA_BAD_SIGNATURE if malformed (DER not strict, trailing data,
 * wrong raw length, r or s not in [1, n-1]); TACIT_ERR_ECDSA_BAD_HASH for
 * an empty hash.
 */
int tacit_ecdsa_verify_raw(const tacit_ecp_keypair *key, const unsigned char *hash, size_t hlen,
                           const unsigned char *sig, size_t sig_len);
int tacit_ecdsa_verify_der(const tacit_ecp_keypair *key, const unsigned char *hash, size_t hlen,
                           const unsigned char *sig, size_t sig_len);

/* Convert between the two signature forms for curve grp (strict DER in). */
int tacit_ecdsa_raw_to_der(tacit_ecp_group_id grp, const unsigned char *raw, size_t raw_len,
                           unsigned char *out, size_t out_size, size_t *out_len);
int tacit_ecdsa_der_to_raw(tacit_ecp_group_id grp, const unsigned char *der, size_t der_len,
                           unsigned char *out, size_t out_size, size_t *out_len);

#if defined(TACIT_TEST_HOOKS)
/*
 * Test hook: the next signature is computed with a fault (then the hook
 * resets itself): 1 a flipped bit in e + r d, 2 k G computed for another k
 * (a valid point, the wrong one), 3 a flipped bit in e, 4 a flipped bit in
 * the released r, 5 a flipped bit in the s^-1 handed to the check.  The
 * check before release must catch each.  6 (not a fault): the check takes
 * its path for v G = +-Q (the constant-time addition that selects the
 * doubling) on an honest signature, which must still be released.
 */
extern int tacit_ecdsa_test_fault;
/*
 * Test hooks for the retry paths of signing (each counts down as it fires):
 * reject_k: the next N nonce candidates are taken as out of [1, n-1]
 * (RFC 6979 section 3.2 step h.3: the next candidate of the same DRBG);
 * zero_rs: the next N candidates give s = 0 (the next candidate too).
 */
extern int tacit_ecdsa_test_reject_k;
extern int tacit_ecdsa_test_zero_rs;
#endif

#ifdef __cplusplus
}
#endif

#endif /* TACIT_ECDSA_H */
