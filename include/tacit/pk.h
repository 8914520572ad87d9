/*
 * One key type over every public-key algorithm, and the one door for
 * encoded keys: tacit_pk_context holds an RSA, EC (P-256/384/521), Ed25519,
 * X25519, ML-KEM (512/768/1024) or ML-DSA (44/65/87) key, public or
 * private, read from PEM or DER in any of the usual encodings (detected
 * automatically) and written back (tacit_pk_write: a tacit_key_format and a
 * tacit_key_encoding); it signs and verifies by signature algorithm, named
 * as TLS names them (rsa_pss_rsae_sha256, ecdsa_secp256r1_sha256, mldsa65,
 * ...) or as an X.509 AlgorithmIdentifier.  The modules' own headers keep
 * their raw-key functions (bytes, points, seeds) only.
 *
 * Layering: pk is a dispatcher above rsa.h, ecp.h/ecdsa.h, ed25519.h,
 * x25519.h, mlkem.h and mldsa.h.  It adds no
 * arithmetic of its own, so the guarantees of those modules carry over:
 *   - private keys are parsed by tacit_rsa_parse_key_der and
 *     tacit_ecp_parse_key_der (constant-flow from the moment the key enters
 *     the library), and signing is their constant-time signing;
 *   - verification works on public data only (key, message, signature) and
 *     uses the fast public paths (tacit_rsa_public's exponentiation with the
 *     public exponent, tacit_ecp_muladd_unsafe).
 *
 * ---- Threads ----------------------------------------------------------------
 *
 * Signing, verifying and writing take the key const and never change it, so
 * one parsed key may serve any number of threads at once (the RSA and EC
 * modules' own rules, which pk inherits).  Parsing, generating and
 * tacit_pk_free need the context to themselves.
 *
 * ---- Detection --------------------------------------------------------------
 *
 * PEM (anything not starting with a DER SEQUENCE byte 0x30) is read with
 * tacit_pem_read; text before the block and "EC PARAMETERS" blocks are
 * skipped.  The label must match the contents:
 *   "PRIVATE KEY"      PKCS#8 PrivateKeyInfo (rsaEncryption, id-RSASSA-PSS, id-ecPublicKey)
 *   "PUBLIC KEY"       SubjectPublicKeyInfo
 *   "RSA PRIVATE KEY"  PKCS#1 RSAPrivateKey      "RSA PUBLIC KEY"  PKCS#1 RSAPublicKey
 *   "EC PRIVATE KEY"   SEC1 ECPrivateKey (named curves only)
 * PKCS#8 and SPKI carry every algorithm: rsaEncryption, id-RSASSA-PSS,
 * id-ecPublicKey, id-Ed25519, id-X25519 (RFC 8410), id-alg-ml-kem-512/768/1024
 * (2.16.840.1.101.3.4.4.1-3, draft-ietf-lamps-kyber-certificates) and
 * id-ml-dsa-44/65/87 (2.16.840.1.101.3.4.3.17-19, RFC 9881).
 * DER: PKCS#8 and SPKI are recognised by their envelope (the algorithm OID
 * inside chooses the module); otherwise PKCS#1 RSAPrivateKey, SEC1
 * ECPrivateKey and PKCS#1 RSAPublicKey are tried in that order.  Encrypted
 * PKCS#8 is refused (TACIT_ERR_PK_ENCRYPTED).  A version 1 (RFC 5958)
 * Ed25519/X25519 PKCS#8 key's publicKey [1] must be the one derived from the
 * private key (32 bytes, no unused bits), else TACIT_ERR_CURVE25519_BAD_KEY;
 * an RSA or EC one's must be the key's own RSAPublicKey (n, e) or point
 * (uncompressed or compressed), no unused bits, else
 * TACIT_ERR_RSA_KEY_CHECK_FAILED / TACIT_ERR_ECP_INVALID_KEY.
 *
 * ---- ML-KEM and ML-DSA keys --------------------------------------------------
 *
 * SPKI: the AlgorithmIdentifier (no parameters) and the raw ek / pk in the
 * BIT STRING.  PKCS#8: the privateKey OCTET STRING holds the CHOICE
 *     seed [0] IMPLICIT OCTET STRING (ML-KEM 64 bytes d || z, ML-DSA 32 bytes xi),
 *     expandedKey OCTET STRING (dk / sk), or
 *     both SEQUENCE { seed OCTET STRING, expandedKey OCTET STRING }.
 * All three are read.  The seed is expanded (KeyGen_internal); "both" must
 * agree with its seed, an expanded ML-KEM dk must pass its hash check, and an
 * expanded ML-DSA sk must be consistent (its public key is recomputed from
 * s1, s2, and t0 and tr compared); an ML-KEM ek (SPKI, or inside an expanded
 * dk) must pass FIPS 203's modulus check (every coefficient below q); a
 * version 1 (RFC 5958) PKCS#8 publicKey [1] must be the private key's own:
 * otherwise TACIT_ERR_BAD_INPUT.  The writer
 * writes the seed form when the key has its seed (generated or read so),
 * the expandedKey form otherwise.
 *
 * ---- Adding an algorithm --------------------------------------------------------
 *
 * A new key type adds: a tacit_pk_type value, a union member in
 * tacit_pk_context, its OID in pk_parse.c's oid table (detection), its
 * cases in pk_write.c and pk_sig.c, and a tacit_pk_sig_scheme value for its
 * signatures.
 *
 * ---- Example ------------------------------------------------------------------
 *
 *     tacit_pk_context pk;
 *     tacit_pk_sig_alg alg;
 *     unsigned char sig[TACIT_PK_MAX_SIG_LEN];
 *     size_t sig_len;
 *
 *     tacit_pk_init(&pk);
 *     ret = tacit_pk_parse_key(&pk, file, file_len);               // any key, PEM or DER
 *     ret = tacit_pk_sig_alg_from_name("rsa_pss_rsae_sha256", &alg);
 *     ret = tacit_pk_sign(&pk, &alg, msg, msg_len, sig, sizeof(sig), &sig_len, NULL, NULL);
 *     ret = tacit_pk_verify(&pk, &alg, msg, msg_len, sig, sig_len, 0);
 *     tacit_pk_free(&pk);
 */
#ifndef TACIT_PK_H
#define TACIT_PK_H

#include <stddef.h>
#include <stdint.h>

#include "tacit/config.h"
#include "tacit/error.h"
#include "tacit/key_format.h"
#include "tacit/md.h"
#include "tacit/platform.h"

#if defined(TACIT_RSA_C)
#include "tacit/rsa.h"
#endif
#if defined(TACIT_ECP_C)
#include "tacit/ecp.h"
#endif
#if defined(TACIT_ED25519_C)
#include "tacit/ed25519.h"
#endif
#if defined(TACIT_X25519_C)
#include "tacit/x25519.h"
#endif
#if defined(TACIT_MLKEM_C)
#include "tacit/mlkem.h"
#endif
#if defined(TACIT_MLDSA_C)
#include "tacit/mldsa.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- errors (-0x00B0 .. -0x00BF) ------------------------------------------- */

/*
 * Shared meanings use error.h's codes: TACIT_ERR_BAD_INPUT,
 * TACIT_ERR_BUFFER_TOO_SMALL, TACIT_ERR_VERIFY_FAILED (a signature that does
 * not verify or is malformed), TACIT_ERR_NO_PRIVATE_KEY.
 */

/* ---- key types --------------------------------------------------------------- */

typedef enum {
    TACIT_PK_NONE = 0,
    TACIT_PK_RSA,     /* rsaEncryption or id-RSASSA-PSS keys */
    TACIT_PK_EC,      /* id-ecPublicKey on P-256, P-384, P-521 */
    TACIT_PK_ED25519, /* id-Ed25519 (RFC 8410) */
    TACIT_PK_X25519,  /* id-X25519 (RFC 8410): key agreement only */
    TACIT_PK_MLKEM,   /* id-alg-ml-kem-512/768/1024: key encapsulation only */
    TACIT_PK_MLDSA    /* id-ml-dsa-44/65/87 (RFC 9881) */
} tacit_pk_type;

/*
 * An ML-KEM or ML-DSA key inside a tacit_pk_context (kilobytes: pk keeps it
 * in one allocation, zeroized when freed).  Read-only for callers.
 *   params: tacit_mlkem_params (TACIT_PK_MLKEM) or tacit_mldsa_params (TACIT_PK_MLDSA)
 *   seed:   ML-KEM d || z (64 bytes), ML-DSA xi (32); seed_len 0 when the key
 *           was read in the expandedKey form (or is public)
 *   pub:    ML-KEM ek, ML-DSA pk (pub_len bytes)
 *   priv:   ML-KEM dk, ML-DSA sk (priv_len bytes); NULL for a public key
 */
typedef struct tacit_pk_pq_key {
    int params;
    size_t seed_len;
    unsigned char seed[64];
    const unsigned char *pub;
    size_t pub_len;
    const unsigned char *priv;
    size_t priv_len;
} tacit_pk_pq_key;

/* Longest RSASSA-PSS-params a key may carry (RFC 4055: hash, MGF1 with its hash, salt length,
 * trailer field: about 60 bytes with the SHA-2 OIDs); a key with longer ones is refused. */
#define TACIT_PK_PSS_PARAMS_MAX 96

/* Largest signature any key type produces (RSA at TACIT_MPI_MAX_BITS; ML-DSA-87: 4627 bytes). */
#if defined(TACIT_MLDSA_C)
#define TACIT_PK_MAX_SIG_LEN TACIT_MLDSA_MAX_SIG_BYTES
#else
#define TACIT_PK_MAX_SIG_LEN (TACIT_MPI_MAX_BITS / 8 > 139 ? TACIT_MPI_MAX_BITS / 8 : 139)
#endif

/*
 * The key.  Treat the fields as read-only; tacit_pk_rsa / tacit_pk_ec give
 * the module context for operations pk does not wrap (RSA encryption, ECDH).
 */
typedef struct tacit_pk_context {
    tacit_pk_type type;
    int is_private;  /* the private half is present */
    int rsa_pss_key; /* RSA key whose OID was id-RSASSA-PSS (PSS signatures only) */
    /* An id-RSASSA-PSS key's RSASSA-PSS-params as read (complete DER; length 0 when absent), so
     * that writing the key (SPKI, PKCS#8) keeps its restrictions instead of widening it to
     * rsaEncryption. */
    unsigned char rsa_pss_params[TACIT_PK_PSS_PARAMS_MAX];
    size_t rsa_pss_params_len;
    union {
#if defined(TACIT_RSA_C)
        tacit_rsa_context rsa;
#endif
#if defined(TACIT_ECP_C)
        tacit_ecp_keypair ec;
#endif
#if defined(TACIT_ED25519_C)
        tacit_ed25519_key ed25519;
#endif
#if defined(TACIT_X25519_C)
        tacit_x25519_key x25519;
#endif
        tacit_pk_pq_key *pq; /* ML-KEM, ML-DSA (allocated) */
        int none;
    } u;
} tacit_pk_context;

void tacit_pk_init(tacit_pk_context *ctx);
/* Zeroize (private parts included) and release.  NULL is fine. */
void tacit_pk_free(tacit_pk_context *ctx);

tacit_pk_type tacit_pk_get_type(const tacit_pk_context *ctx);
/* RSA: bits of n; EC: bits of the curve (256, 384, 521); Ed25519/X25519: 255; ML-KEM: 512, 768,
 * 1024; ML-DSA: 44, 65, 87 (the number in the name); 0 when empty. */
size_t tacit_pk_bitlen(const tacit_pk_context *ctx);
/* Write "RSA-2048", "RSASSA-PSS-2048", "EC P-256", "Ed25519", "ML-KEM-768", "ML-DSA-65" ("" when
 * empty) into buf.  0 or TACIT_ERR_BAD_INPUT. */
int tacit_pk_describe(const tacit_pk_context *ctx, char *buf, size_t size);

#if defined(TACIT_RSA_C)
/* The RSA context inside, or NULL if ctx holds no RSA key. */
tacit_rsa_context *tacit_pk_rsa(tacit_pk_context *ctx);
#endif
#if defined(TACIT_ECP_C)
/* The EC key inside, or NULL if ctx holds no EC key. */
tacit_ecp_keypair *tacit_pk_ec(tacit_pk_context *ctx);
#endif
#if defined(TACIT_ED25519_C)
/* The Ed25519 key inside, or NULL. */
tacit_ed25519_key *tacit_pk_ed25519(tacit_pk_context *ctx);
#endif
#if defined(TACIT_X25519_C)
/* The X25519 key inside (for tacit_x25519_compute_shared), or NULL. */
tacit_x25519_key *tacit_pk_x25519(tacit_pk_context *ctx);
#endif
/* The ML-KEM or ML-DSA key inside (for tacit_mlkem_encaps/decaps, tacit_mldsa_*), or NULL. */
const tacit_pk_pq_key *tacit_pk_pq(const tacit_pk_context *ctx);

/* ---- generation ----------------------------------------------------------------- */

#if defined(TACIT_RSA_C)
/* A new RSA key (tacit_rsa_gen_key) in ctx, replacing what it held.  f_rng NULL: default. */
int tacit_pk_gen_rsa(tacit_pk_context *ctx, unsigned int nbits, int exponent, tacit_rng_func f_rng,
                     void *p_rng);
#endif
#if defined(TACIT_ECP_C)
/* A new EC key (tacit_ecp_gen_key) on grp in ctx.  f_rng NULL: default. */
int tacit_pk_gen_ec(tacit_pk_context *ctx, tacit_ecp_group_id grp, tacit_rng_func f_rng,
                    void *p_rng);
#endif

#if defined(TACIT_ED25519_C)
/* A new Ed25519 key in ctx.  f_rng NULL: default. */
int tacit_pk_gen_ed25519(tacit_pk_context *ctx, tacit_rng_func f_rng, void *p_rng);
#endif
#if defined(TACIT_X25519_C)
/* A new X25519 key in ctx.  f_rng NULL: default. */
int tacit_pk_gen_x25519(tacit_pk_context *ctx, tacit_rng_func f_rng, void *p_rng);
#endif
#if defined(TACIT_MLKEM_C)
/* A new ML-KEM key (64-byte seed from f_rng, kept: written in the seed form).  NULL: default. */
int tacit_pk_gen_mlkem(tacit_pk_context *ctx, tacit_mlkem_params params, tacit_rng_func f_rng,
                       void *p_rng);
#endif
#if defined(TACIT_MLDSA_C)
/* A new ML-DSA key (32-byte seed from f_rng, kept).  f_rng NULL: default. */
int tacit_pk_gen_mldsa(tacit_pk_context *ctx, tacit_mldsa_params params, tacit_rng_func f_rng,
                       void *p_rng);
#endif

/* ---- parsing ------------------------------------------------------------------- */

/*
 * Parse a key, private or public, PEM or DER, format detected (see the top
 * of this file).  The context is replaced (an earlier key is freed); on
 * error it is left empty.  Errors: TACIT_ERR_PK_UNKNOWN_KEY,
 * TACIT_ERR_PK_KEY_FORMAT, TACIT_ERR_PK_ENCRYPTED, TACIT_ERR_PEM_* /
 * TACIT_ERR_BASE64_* for a broken PEM frame or body, or the module's own
 * code when the key is recognised but rejected (TACIT_ERR_RSA_KEY_CHECK_FAILED,
 * TACIT_ERR_ECP_INVALID_POINT, TACIT_ERR_ECP_UNKNOWN_CURVE, an ASN.1 error...).
 */
int tacit_pk_parse_key(tacit_pk_context *ctx, const unsigned char *in, size_t len);
/* The same, but only public-key encodings (SPKI, PKCS#1 RSAPublicKey). */
int tacit_pk_parse_public_key(tacit_pk_context *ctx, const unsigned char *in, size_t len);
/* The same, but only private-key encodings (PKCS#8, PKCS#1, SEC1). */
int tacit_pk_parse_private_key(tacit_pk_context *ctx, const unsigned char *in, size_t len);

/* ---- writing ------------------------------------------------------------------- */

/*
 * Write the key in `format` (key_format.h: TACIT_KEY_FORMAT_PKCS8 and SEC1
 * for private keys, SPKI for the public half of any key, PKCS1 for RSA) and
 * `encoding` (TACIT_KEY_ENCODING_DER, or _PEM: text, no NUL) into
 * out[0 .. out_size); *out_len = the length.  Another encoding value:
 * TACIT_ERR_BAD_INPUT.  out == NULL (or too small)
 * asks the size: TACIT_ERR_BUFFER_TOO_SMALL with *out_len = the size
 * needed and out untouched.  PKCS#8 and SEC1, and PKCS#1 of a private key,
 * need a private key (TACIT_ERR_NO_PRIVATE_KEY); SPKI writes the public
 * half; PKCS1 writes RSAPrivateKey for a private key and RSAPublicKey
 * otherwise.  A format of the other algorithm: TACIT_ERR_PK_TYPE_MISMATCH.
 * Temporary copies of private keys are zeroized.
 */
int tacit_pk_write(const tacit_pk_context *ctx, tacit_key_format format,
                   tacit_key_encoding encoding, unsigned char *out, size_t out_size,
                   size_t *out_len);

/* ---- signature algorithms --------------------------------------------------------- */

typedef enum {
    TACIT_PK_SIG_NONE = 0,
    TACIT_PK_SIG_RSA_PKCS1,    /* RSASSA-PKCS1-v1_5 */
    TACIT_PK_SIG_RSA_PSS,      /* RSASSA-PSS, any RSA key (X.509) */
    TACIT_PK_SIG_RSA_PSS_RSAE, /* RSASSA-PSS, rsaEncryption keys only (TLS rsa_pss_rsae_*) */
    TACIT_PK_SIG_RSA_PSS_PSS,  /* RSASSA-PSS, id-RSASSA-PSS keys only (TLS rsa_pss_pss_*) */
    TACIT_PK_SIG_ECDSA,        /* ECDSA, DER ECDSA-Sig-Value */
    TACIT_PK_SIG_ED25519,      /* pure Ed25519 (RFC 8032): signs the message, md is NONE;
                                  the _hash functions refuse it */
    TACIT_PK_SIG_MLDSA         /* pure ML-DSA (FIPS 204), empty context string: signs the
                                  message, md is NONE; the _hash functions refuse it */
} tacit_pk_sig_scheme;

/*
 * A signature algorithm: the scheme, its hash, the PSS parameters, and for
 * TLS's ecdsa_secpNNNr1_shaNNN the one curve it allows (X.509's
 * ecdsa-with-SHAnnn allows any curve: curve_bits 0).
 */
typedef struct tacit_pk_sig_alg {
    tacit_pk_sig_scheme scheme;
    tacit_md_type md;
    tacit_md_type mgf1_md; /* PSS: MGF1's hash */
    int saltlen;           /* PSS: salt bytes, or -1 for any (verify) */
    unsigned curve_bits;   /* ECDSA: 256/384/521 if bound to a curve; ML-DSA: 44/65/87, the
                              parameter set; 0: any */
    uint16_t tls_scheme;   /* the TLS SignatureScheme codepoint, 0 if none */
} tacit_pk_sig_alg;

/* TLS 1.3 SignatureScheme codepoints (RFC 8446 4.2.3). */
#define TACIT_PK_TLS_RSA_PKCS1_SHA1 0x0201 /* verification only */
#define TACIT_PK_TLS_ECDSA_SHA1 0x0203     /* verification only */
#define TACIT_PK_TLS_RSA_PKCS1_SHA256 0x0401
#define TACIT_PK_TLS_RSA_PKCS1_SHA384 0x0501
#define TACIT_PK_TLS_RSA_PKCS1_SHA512 0x0601
#define TACIT_PK_TLS_ECDSA_SECP256R1_SHA256 0x0403
#define TACIT_PK_TLS_ECDSA_SECP384R1_SHA384 0x0503
#define TACIT_PK_TLS_ECDSA_SECP521R1_SHA512 0x0603
#define TACIT_PK_TLS_RSA_PSS_RSAE_SHA256 0x0804
#define TACIT_PK_TLS_RSA_PSS_RSAE_SHA384 0x0805
#define TACIT_PK_TLS_RSA_PSS_RSAE_SHA512 0x0806
#define TACIT_PK_TLS_ED25519 0x0807
#define TACIT_PK_TLS_RSA_PSS_PSS_SHA256 0x0809
#define TACIT_PK_TLS_RSA_PSS_PSS_SHA384 0x080A
#define TACIT_PK_TLS_RSA_PSS_PSS_SHA512 0x080B
#define TACIT_PK_TLS_MLDSA44 0x0904 /* draft-ietf-tls-mldsa */
#define TACIT_PK_TLS_MLDSA65 0x0905
#define TACIT_PK_TLS_MLDSA87 0x0906

/*
 * From a TLS codepoint or its RFC 8446 name ("rsa_pkcs1_sha256",
 * "ecdsa_secp384r1_sha384", "rsa_pss_rsae_sha512", "rsa_pkcs1_sha1",
 * "ecdsa_sha1", ...).  PSS: MGF1 with the same hash, salt = hash length.
 * TACIT_ERR_PK_UNKNOWN_SIG_ALG for anything else.
 */
int tacit_pk_sig_alg_from_tls(uint16_t codepoint, tacit_pk_sig_alg *alg);
int tacit_pk_sig_alg_from_name(const char *name, tacit_pk_sig_alg *alg);
/* The RFC 8446 name of alg->tls_scheme, or NULL. */
const char *tacit_pk_sig_alg_name(const tacit_pk_sig_alg *alg);

/*
 * From an X.509 / PKCS AlgorithmIdentifier: the CONTENTS of its SEQUENCE
 * (OID and parameters, as found between the SEQUENCE header and its end).
 * sha{1,256,384,512}WithRSAEncryption (parameters NULL or absent),
 * ecdsa-with-SHA{1,256,384,512} (parameters absent), id-RSASSA-PSS with
 * RSASSA-PSS-params (hash SHA-1/256/384/512, MGF1 with a hash, salt length,
 * trailerField 1), id-Ed25519 and id-ml-dsa-44/65/87 (RFC 9881; parameters
 * absent).  Anything else, or malformed parameters:
 * TACIT_ERR_PK_UNKNOWN_SIG_ALG.
 */
int tacit_pk_sig_alg_from_x509(const unsigned char *alg_contents, size_t len,
                               tacit_pk_sig_alg *alg);

/*
 * The restrictions of an id-RSASSA-PSS key that carries RSASSA-PSS-params (RFC 4055 sections 3.1
 * and 3.3): its signatures use hash alg->md and MGF1 with alg->mgf1_md (both must match) and a
 * salt of at least alg->saltlen bytes.  0 with *alg filled (scheme TACIT_PK_SIG_RSA_PSS);
 * TACIT_ERR_PK_TYPE_MISMATCH when the key has no such parameters (any PSS signature fits it).
 * Keys whose parameters are malformed or name an unknown hash are refused when parsed.
 */
int tacit_pk_rsa_pss_limits(const tacit_pk_context *ctx, tacit_pk_sig_alg *alg);

/*
 * Does alg fit ctx's key (type, PSS key restrictions, ECDSA curve)?  0 or
 * TACIT_ERR_PK_TYPE_MISMATCH.  Signing and verification check it: an id-RSASSA-PSS key with
 * parameters refuses another hash or MGF1 hash, and a salt length shorter than the key's (a
 * salt length of -1, "any", verifies with the key's floor; signing then uses the larger of the
 * hash length and the key's saltLength).
 */
int tacit_pk_check_alg(const tacit_pk_context *ctx, const tacit_pk_sig_alg *alg);

/* ---- sign and verify ------------------------------------------------------------- */

/* flags for verification */
#define TACIT_PK_ALLOW_SHA1 0x01 /* accept SHA-1 signatures (legacy chains) */

/*
 * Verify sig over msg (hashed here with alg->md) or over its digest
 * (_hash: hlen must be the size of alg->md).  0 if valid;
 * TACIT_ERR_VERIFY_FAILED if it does not match or is malformed;
 * TACIT_ERR_PK_TYPE_MISMATCH, TACIT_ERR_PK_SHA1_NOT_ALLOWED,
 * TACIT_ERR_PK_UNKNOWN_SIG_ALG otherwise.  Public data only: leaks nothing
 * the caller does not already publish.
 */
int tacit_pk_verify(const tacit_pk_context *ctx, const tacit_pk_sig_alg *alg,
                    const unsigned char *msg, size_t msg_len, const unsigned char *sig,
                    size_t sig_len, unsigned flags);
int tacit_pk_verify_hash(const tacit_pk_context *ctx, const tacit_pk_sig_alg *alg,
                         const unsigned char *hash, size_t hlen, const unsigned char *sig,
                         size_t sig_len, unsigned flags);

/*
 * Sign msg (or its digest) with the private key: constant time in the key
 * (the rsa/ecdsa signing functions).  sig gets the signature (RSA: k bytes;
 * ECDSA: DER); *sig_len its length.  sig == NULL or too small:
 * TACIT_ERR_BUFFER_TOO_SMALL with *sig_len = the largest size needed.
 * SHA-1 is never used for signing (TACIT_ERR_PK_SHA1_NOT_ALLOWED).  f_rng:
 * PSS salt, RSA blinding, ECDSA nonce hedging and blinding; NULL =
 * tacit_rng_default.
 */
int tacit_pk_sign(const tacit_pk_context *ctx, const tacit_pk_sig_alg *alg,
                  const unsigned char *msg, size_t msg_len, unsigned char *sig, size_t sig_size,
                  size_t *sig_len, tacit_rng_func f_rng, void *p_rng);
int tacit_pk_sign_hash(const tacit_pk_context *ctx, const tacit_pk_sig_alg *alg,
                       const unsigned char *hash, size_t hlen, unsigned char *sig, size_t sig_size,
                       size_t *sig_len, tacit_rng_func f_rng, void *p_rng);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_PK_H */
