/*
 * RSA (RFC 8017): keys, the public and private operations, PKCS#1 v1.5 and
 * PSS signatures, OAEP and PKCS#1 v1.5 encryption.  Keys in DER and PEM are
 * read and written by tacit_pk (pk.h; tacit_pk_rsa gives the context inside).
 *
 * ---- The two paths ----------------------------------------------------------
 *
 * Public operations (verify, encrypt) raise to the public exponent e with
 * the fast, leaky tacit_mpi_core_exp_mod_unsafe: e is public, and a sliding
 * window over its real bit length is what 65537 deserves.
 *
 * Private operations (sign, decrypt) are constant time in the key and in the
 * data: the CRT halves m_p = c^dP mod p and m_q = c^dQ mod q are computed
 * with the constant-time tacit_mpi_core_exp_mod, c is reduced modulo p and q
 * and the halves are recombined with Montgomery arithmetic (no division),
 * and the input is blinded with a fresh random r for every call (c * r^e,
 * unblinded with r^-1).  Before a result leaves tacit_rsa_private it is
 * checked with the public operation; a mismatch (a fault in one CRT half
 * would otherwise hand out a signature that factors n) zeroes the output
 * and returns TACIT_ERR_RSA_PRIVATE_FAILED.  What a private operation may
 * leak is the modulus size and the public input and output.
 *
 * Key import, checking, derivation and generation are constant flow in the
 * private key too: they use the constant-flow tacit_mpi arithmetic (binary
 * long division, masked gcd, safegcd inversion, Miller-Rabin on the
 * constant-time exponentiation) and reveal, through tacit_ct_declassify,
 * only verdicts: valid/invalid, which components are present, the bit
 * lengths of p and q, and in key generation the rejection of a candidate
 * (which is thrown away).  CRT values read from a key are kept and checked,
 * never recomputed.
 *
 * ---- Randomness -------------------------------------------------------------
 *
 Blinding, padding and salts need random numbers.  Every function that
 * needs them takes (f_rng, p_rng) as its last two arguments; f_rng NULL
 * means tacit's default generator tacit_rng_default (hmac_drbg.h), never
 * "no blinding".
 *
 * ---- Sizes ------------------------------------------------------------------
 *
 * k = tacit_rsa_len(ctx) is the modulus size in bytes.  Signatures and
 * ciphertexts are exactly k bytes, in and out.  Outputs follow the README's
 * convention (out, out_size, out_len): out_size must be at least k
 * (TACIT_ERR_BUFFER_TOO_SMALL otherwise, with *out_len = k; out may be NULL
 * to ask), and *out_len = k bytes are written.  On any error an output
 * buffer is left untouched or zeroed, never partly written.
 *
 * ---- Threads ----------------------------------------------------------------
 *
 * Every operation (public, private, sign, verify, encrypt, decrypt, the
 * writers and checks) takes the context const and never writes it: the
 * Montgomery data is computed once, when a key is imported, parsed or
 * generated, and is immutable afterwards.  So one loaded key may be used by
 * any number of threads at once.  Loading (import, parse, gen_key, copy
 * into) and tacit_rsa_free need the context to themselves.  A generator
 * passed as f_rng must itself be safe to call from several threads if it is
 * shared; tacit_rng_default (NULL) is per thread.
 *
 * ---- Example ----------------------------------------------------------------
 *
 *     tacit_pk_context pk;
 *     tacit_rsa_context *rsa;
 *     unsigned char hash[32], sig[512];
 *
 *     tacit_pk_init(&pk);
 *     ret = tacit_pk_parse_key(&pk, pem, pem_len);          // pk.h: any encoding
 *     rsa = tacit_pk_rsa(&pk);                              // NULL if not an RSA key
 *     tacit_sha256(msg, msg_len, hash);
 *     ret = tacit_rsa_pkcs1_sign(rsa, TACIT_MD_SHA256, hash, 32, sig, sizeof(sig),
 *                                &sig_len, NULL, NULL);   // NULL: tacit_rng_default
 *     // sig[0 .. sig_len) is the signature (sig_len == tacit_rsa_len(rsa))
 *     tacit_pk_free(&pk);
 */
#ifndef TACIT_RSA_H
#define TACIT_RSA_H

#include <stddef.h>

#include "tacit/bignum.h"
#include "tacit/config.h"
#include "tacit/error.h"
#include "tacit/key_format.h"
#include "tacit/md.h"
#include "tacit/platform.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- errors (-0x0070 .. -0x008F) ------------------------------------------- */

/* Key sizes, in bits of n. */
#define TACIT_RSA_MIN_BITS 1024 /* imported and generated keys */
#define TACIT_RSA_GEN_MAX_BITS 8192
#define TACIT_RSA_MAX_BITS TACIT_MPI_MAX_BITS

/* PSS salt lengths (non-negative values are a byte count). */
#define TACIT_RSA_SALT_LEN_ANY -1  /* verify: accept any salt length */
#define TACIT_RSA_SALT_LEN_HASH -2 /* the hash's output size (the usual choice) */
#define TACIT_RSA_SALT_LEN_MAX -3  /* sign: the largest that fits */

/*
 * The key.  N, E (public) and D, P, Q, DP = D mod (P-1), DQ = D mod,
 * QP = Q^-1 mod P (private) may be read.  Set them only through the import
 * functions: the context also holds Montgomery data computed from them when
 * the key is loaded, read-only from then on.
 */
typedef struct tacit_rsa_context {
    size_t len; /* k: bytes of N */
    tacit_mpi N, E;
    tacit_mpi D, P, Q, DP, DQ, QP;
    int is_private; /* P, Q, D, DP, DQ, QP are set and checked */
    /* internal: limb copies and Montgomery constants (see src/rsa/rsa_internal.h) */
    size_t nlimbs, hlimbs, elimbs;
    tacit_mpi_uint mm_n, mm_p, mm_q;
    tacit_mpi_uint *cache;
    size_t cache_limbs;
} tacit_rsa_context;

/* ---- context ------------------------------------------------------------------ */

void tacit_rsa_init(tacit_rsa_context *ctx);
/* Zeroize everything (private key included) and release memory.  NULL is fine. */
void tacit_rsa_free(tacit_rsa_context *ctx);
/* k, the size of n in bytes (0 before a key is set). */
size_t tacit_rsa_len(const tacit_rsa_context *ctx);
/* The size of n in bits. */
size_t tacit_rsa_bitlen(const tacit_rsa_context *ctx);
/* Deep copy (dst must be initialised; its old key is freed). */
int tacit_rsa_copy(tacit_rsa_context *dst, const tacit_rsa_context *src);

/* ---- key import ---------------------------------------------------------------- */

/*
 * Set a key from its components, any of which may be NULL; then derive what
 * is missing and check the result:
 *   - N and E: a public key;
 *   - P, Q, E (N optional): N = P*Q, D = E^-1 mod lcm(P-1, Q-1);
 *   - N, E, D: P and Q are recovered by factoring N with D (RFC 8017's
 *     key forms are equivalent);
 *   - DP, DQ, QP are derived from P, Q, D (constant flow).
 * The context is replaced as a whole (an earlier key is freed), and on error
 * it is left empty.  Errors: TACIT_ERR_BAD_INPUT (not enough
 * components), TACIT_ERR_RSA_KEY_CHECK_FAILED (inconsistent or out of range:
 * n of fewer than TACIT_RSA_MIN_BITS or more than TACIT_RSA_MAX_BITS bits,
 * even n, e even or < 3 or >= n, n != p*q, ...).
 */
int tacit_rsa_import(tacit_rsa_context *ctx, const tacit_mpi *N, const tacit_mpi *P,
                     const tacit_mpi *Q, const tacit_mpi *D, const tacit_mpi *E);

/* The same from unsigned big-endian byte strings (NULL pointer = absent). */
int tacit_rsa_import_raw(tacit_rsa_context *ctx, const unsigned char *n, size_t nlen,
                         const unsigned char *p, size_t plen, const unsigned char *q, size_t qlen,
                         const unsigned char *d, size_t dlen, const unsigned char *e, size_t elen);

/*
 * A full private key including the CRT values, as stored in key files: the
 * given DP, DQ, QP are kept (not recomputed) and must be consistent --
 * DP = D mod (P-1), E*DP = 1 mod (P-1), the same for Q, QP*Q = 1 mod P --
 * (TACIT_ERR_RSA_KEY_CHECK_FAILED otherwise), checked in constant flow.
 * Every pointer is required.
 */
int tacit_rsa_import_crt_raw(tacit_rsa_context *ctx, const unsigned char *n, size_t nlen,
                             const unsigned char *e, size_t elen, const unsigned char *d,
                             size_t dlen, const unsigned char *p, size_t plen,
                             const unsigned char *q, size_t qlen, const unsigned char *dp,
                             size_t dplen, const unsigned char *dq, size_t dqlen,
                             const unsigned char *qp, size_t qplen);

/* ---- checks --------------------------------------------------------------------- */

/* n odd and of an allowed size, 3 <= e < n, e odd.  0 or TACIT_ERR_RSA_KEY_CHECK_FAILED. */
int tacit_rsa_check_pub(const tacit_rsa_context *ctx);
/*
 * The public checks, and n = p*q, 1 < d < n, e*d = 1 mod (p-1) and mod (q-1),
 * DP, DQ, QP consistent, checked in constant flow (one verdict revealed).
 * p and q are not tested for primality (that would cost seconds; generated
 * keys are prime by construction).
 */
int tacit_rsa_check_priv(const tacit_rsa_context *ctx);
/* pub and prv hold the same public key and prv passes check_priv. */
int tacit_rsa_check_pub_priv(const tacit_rsa_context *pub, const tacit_rsa_context *prv);

/* ---- key generation -------------------------------------------------------------- */

/*
 * A new key of nbits bits (TACIT_RSA_MIN_BITS .. TACIT_RSA_GEN_MAX_BITS) with
 * public exponent `exponent` (odd, >= 3; 65537 is the usual choice): two
 * primes of nbits/2 bits from tacit_mpi_gen_prime, |p - q| > 2^(nbits/2-100),
 * d > 2^(nbits/2) (FIPS 186-5 B.3.1).  f_rng NULL: tacit_rng_default.
 * Constant flow (see the top of this file).
 */
int tacit_rsa_gen_key(tacit_rsa_context *ctx, unsigned int nbits, int exponent,
                      tacit_rng_func f_rng, void *p_rng);

/* ---- raw operations ---------------------------------------------------------------- */

/*
 * out = in^e mod n.  in_len must be k and in < n (TACIT_ERR_RSA_INPUT_OUT_OF_RANGE),
 * out_size >= k (TACIT_ERR_BUFFER_TOO_SMALL); *out_len = k bytes are written.
 */
int tacit_rsa_public(const tacit_rsa_context *ctx, const unsigned char *in, size_t in_len,
                     unsigned char *out, size_t out_size, size_t *out_len);

/*
 * out = in^d mod n: blinded CRT, constant time, checked with the public
 * operation (see the top of this file).  Same length rules as
 * tacit_rsa_public.  The blinding values come from f_rng (NULL:
 * tacit_rng_default).
 */
int tacit_rsa_private(const tacit_rsa_context *ctx, const unsigned char *in, size_t in_len,
                      unsigned char *out, size_t out_size, size_t *out_len, tacit_rng_func f_rng,
                      void *p_rng);

/* ---- signatures -------------------------------------------------------------------- */

/*
 * RSASSA-PKCS1-v1_5 with hash md over a message whose digest is hash[0..hlen)
 * (hlen must be md's size).  Signing with SHA-1 is refused
 * (TACIT_ERR_RSA_BAD_HASH); SHA-1 signatures can still be verified.
 * Verification computes the expected encoded block and compares all of it:
 * the signature's ASN.1 is never parsed.  Sign: sig_size >= k, *sig_len = k;
 * blinded with f_rng (NULL: tacit_rng_default).  Verify: sig_len must be k.
 */
int tacit_rsa_pkcs1_sign(const tacit_rsa_context *ctx, tacit_md_type md, const unsigned char *hash,
                         size_t hlen, unsigned char *sig, size_t sig_size, size_t *sig_len,
                         tacit_rng_func f_rng, void *p_rng);
int tacit_rsa_pkcs1_verify(const tacit_rsa_context *ctx, tacit_md_type md,
                           const unsigned char *hash, size_t hlen, const unsigned char *sig,
                           size_t sig_len);

/*
 * PKCS#1 v1.5 signature padding WITHOUT a DigestInfo: the block is
 * 00 01 FF..FF 00 || in, with in of at most k - 11 bytes
 * (TACIT_ERR_RSA_MESSAGE_TOO_LONG).  For the protocols that sign their own
 * encoding: TLS 1.0/1.1 (in = MD5 || SHA-1 of the handshake, 36 bytes) and
 * OpenSSL's EVP "no digest" RSA signatures; anything else should use
 * tacit_rsa_pkcs1_sign, which binds the hash algorithm.  The block is built
 * from in_len alone (no branch on the data); signing is tacit_rsa_private
 * (blinded with f_rng, NULL: tacit_rng_default, checked).  Verification
 * rebuilds the expected block and compares all k bytes in constant time
 * (the signature is never parsed).  Sizes as tacit_rsa_pkcs1_sign/_verify.
 */
int tacit_rsa_pkcs1_sign_raw(const tacit_rsa_context *ctx, const unsigned char *in, size_t in_len,
                             unsigned char *sig, size_t sig_size, size_t *sig_len,
                             tacit_rng_func f_rng, void *p_rng);
int tacit_rsa_pkcs1_verify_raw(const tacit_rsa_context *ctx, const unsigned char *in, size_t in_len,
                               const unsigned char *sig, size_t sig_len);

/*
 * RSASSA-PSS with hash md, MGF1 over mgf1_md (usually the same), and a salt
 * of saltlen bytes (or TACIT_RSA_SALT_LEN_HASH / _MAX).  The salt comes
 * and the blinding from f_rng (NULL: tacit_rng_default).  SHA-1 is refused
 * for signing.
 */
int tacit_rsa_pss_sign(const tacit_rsa_context *ctx, tacit_md_type md, tacit_md_type mgf1_md,
                       int saltlen, const unsigned char *hash, size_t hlen, unsigned char *sig,
                       size_t sig_size, size_t *sig_len, tacit_rng_func f_rng, void *p_rng);
/* saltlen: the exact salt length, TACIT_RSA_SALT_LEN_HASH, or TACIT_RSA_SALT_LEN_ANY. */
int tacit_rsa_pss_verify(const tacit_rsa_context *ctx, tacit_md_type md, tacit_md_type mgf1_md,
                         int saltlen, const unsigned char *hash, size_t hlen,
                         const unsigned char *sig, size_t sig_len);

/* ---- encryption --------------------------------------------------------------------- */

/*
 * RSAES-OAEP with hash md for the label and MGF1 over mgf1_md (OpenSSL's
 * default is SHA-1 for both; SHA-1 is fine here).  label may be NULL when
 * llen is 0.  The message may be up to k - 2*hLen - 2 bytes
 * (TACIT_ERR_RSA_MESSAGE_TOO_LONG).  out gets *out_len = k bytes.  The seed
 * comes from f_rng (NULL: tacit_rng_default).
 */
int tacit_rsa_oaep_encrypt(const tacit_rsa_context *ctx, tacit_md_type md, tacit_md_type mgf1_md,
                           const unsigned char *label, size_t llen, const unsigned char *in,
                           size_t in_len, unsigned char *out, size_t out_size, size_t *out_len,
                           tacit_rng_func f_rng, void *p_rng);
/*
 * Decrypt in_len (= k) bytes; the message goes to out[0 .. *out_len).  Every
 * padding defect gives the same TACIT_ERR_RSA_INVALID_PADDING after the
 * same work: the check runs in constant time over the whole block (no
 * Manger oracle).  A message longer than out_size: TACIT_ERR_BUFFER_TOO_SMALL.
 * Blinded with f_rng (NULL: tacit_rng_default).
 */
int tacit_rsa_oaep_decrypt(const tacit_rsa_context *ctx, tacit_md_type md, tacit_md_type mgf1_md,
                           const unsigned char *label, size_t llen, const unsigned char *in,
                           size_t in_len, unsigned char *out, size_t out_size, size_t *out_len,
                           tacit_rng_func f_rng, void *p_rng);

/*
 * RSAES-PKCS1-v1_5 (for old protocols; prefer OAEP).  Encryption takes up to
 * k - 11 bytes.
 */
int tacit_rsa_pkcs1_encrypt(const tacit_rsa_context *ctx, const unsigned char *in, size_t in_len,
                            unsigned char *out, size_t out_size, size_t *out_len,
                            tacit_rng_func f_rng, void *p_rng);

/*
 * PKCS#1 v1.5 decryption with IMPLICIT REJECTION (draft-irtf-cfrg-rsa-
 * guidance section 7, as OpenSSL 3.2+ by default): a ciphertext whose
 * padding is bad does not fail; it decrypts to a synthetic message that is
 * a deterministic function of the private exponent d and the ciphertext
 * (KDK = HMAC-SHA256(SHA256(I2OSP(d, k)), C); length and bytes from an
 * HMAC-based PRF), with a length spread like a real message's.  Good and
 * bad ciphertexts take the same code path and time, and return 0: there is
 * no padding oracle to leak.  A protocol that needs to know must carry its
 * own integrity check.  out_size must be at least k - 11 (the longest
 * message), else TACIT_ERR_BUFFER_TOO_SMALL with *out_len = k - 11, before
 * anything is decrypted; *out_len receives the message length.  Errors only
 * for bad arguments, a ciphertext >= n, or a failed private operation.
 * f_rng (NULL: tacit_rng_default) blinds the private operation.
 */
int tacit_rsa_pkcs1_decrypt(const tacit_rsa_context *ctx, const unsigned char *in, size_t in_len,
                            unsigned char *out, size_t out_size, size_t *out_len,
                            tacit_rng_func f_rng, void *p_rng);

/*
 * PKCS#1 v1.5 decryption with EXPLICIT rejection: TACIT_ERR_RSA_INVALID_PADDING
 * for every padding defect (TACIT_ERR_BUFFER_TOO_SMALL, *out_len = its
 * length, if a valid message does not fit out_size).  THE ERROR IS A
 * PADDING ORACLE (Bleichenbacher) unless the caller hides it completely, in
 * its return value, timing and behaviour, e.g. TLS 1.2's RSA key exchange
 * with the random premaster fallback of RFC 5246 7.4.7.1.  The check itself
 * is constant-flow; only the verdict and the message length are
 * declassified.  Prefer tacit_rsa_pkcs1_decrypt.
 */
int tacit_rsa_pkcs1_decrypt_explicit_oracle(const tacit_rsa_context *ctx, const unsigned char *in,
                                            size_t in_len, unsigned char *out, size_t out_size,
                                            size_t *out_len, tacit_rng_func f_rng, void *p_rng);

#if defined(TACIT_TEST_HOOKS)
/*
 * Test hook: when non-zero, the next private operation flips a bit of its
 * m_p half (then the hook resets itself), as a fault would; verify-after-
 * sign must catch it.
 */
extern int tacit_rsa_test_fault_crt;
#endif

#ifdef __cplusplus
}
#endif

#endif /* TACIT_RSA_H */
