/*
 * RSA internals shared by the rsa_*.c files.
 *
 * ctx->cache is one allocation holding fixed-length limb copies of the key
 * and its Montgomery constants, so the per-operation code works on plain
 * limb arrays (bignum_core) with lengths that depend only on the key size:
 *
 *   public part (nlimbs = limbs of n, elimbs = limbs of e):
 *     N[nlimbs]  RN[nlimbs] (R^2 mod n)  E[elimbs]
 *   private part (hlimbs = limbs of the larger of p, q; both padded to it):
 *     P  RP  DP  Q  RQ  DQ  QPM   each [hlimbs]
 *     QPM = QP * R mod p (Montgomery form, so one montmul multiplies by QP)
 *
 * The private part holds secrets: it is zeroized before it is freed.
 */
#ifndef TACIT_RSA_INTERNAL_H
#define TACIT_RSA_INTERNAL_H

#include "tacit/rsa.h"

#include "bignum/bignum_core.h"
#include "core/common.h"

#define RSA_C_N(ctx) ((ctx)->cache)
#define RSA_C_RN(ctx) ((ctx)->cache + (ctx)->nlimbs)
#define RSA_C_E(ctx) ((ctx)->cache + 2 * (ctx)->nlimbs)
#define RSA_C_PRIV(ctx, i) ((ctx)->cache + 2 * (ctx)->nlimbs + (ctx)->elimbs + (i) * (ctx)->hlimbs)
#define RSA_C_P(ctx) RSA_C_PRIV(ctx, 0)
#define RSA_C_RP(ctx) RSA_C_PRIV(ctx, 1)
#define RSA_C_DP(ctx) RSA_C_PRIV(ctx, 2)
#define RSA_C_Q(ctx) RSA_C_PRIV(ctx, 3)
#define RSA_C_RQ(ctx) RSA_C_PRIV(ctx, 4)
#define RSA_C_DQ(ctx) RSA_C_PRIV(ctx, 5)
#define RSA_C_QPM(ctx) RSA_C_PRIV(ctx, 6)
#define RSA_C_PRIV_COUNT 7

/* The RNG to use: the one given, else the context's, else the default. */

/* Free the key (zeroized) but keep the RNG setting: the context is empty. */
void tacit_rsa_clear_key(tacit_rsa_context *ctx);

/* Build ctx->cache from the mpi fields (after the checks passed). */
int tacit_rsa_setup_cache(tacit_rsa_context *ctx);

/*
 * Leaks: Y and N (the running time follows their binary GCD).
 * Only for: a public Y (RSA blinding inverts a value that was declassified
 * because it is independent of every secret) and a public odd N.
 *
 * X = Y^-1 mod N for Y < N, N odd (L limbs each); mm = -N^-1 mod 2^biL.
 * T has TACIT_RSA_INV_WORKING_LIMBS(L) limbs.  Not invertible (gcd != 1,
 * Y = 0): TACIT_ERR_RSA_PRIVATE_FAILED, X untouched.
 */
#define TACIT_RSA_INV_WORKING_LIMBS(L) (6 * (size_t)(L) + 20)
int tacit_rsa_inv_mod_unsafe(tacit_mpi_uint *X, const tacit_mpi_uint *Y, const tacit_mpi_uint *N,
                             size_t L, tacit_mpi_uint mm, tacit_mpi_uint *T);

/*
 * T = X - 1 for X > 0 (X = 0 wraps around), sign +1: constant flow, and
 * unlike tacit_mpi_sub_int the sign is not computed from the values.
 */
int tacit_rsa_minus_one(tacit_mpi *T, const tacit_mpi *X);

/* Hash output size for md, or 0 if md is not a usable hash. */
size_t tacit_rsa_md_size(tacit_md_type md);

/*
 * dst[0 .. dlen) ^= MGF1(md, seed[0 .. slen)) (RFC 8017 B.2.1).  Constant
 * time in the seed and dst (the hash is).
 */
int tacit_rsa_mgf1_xor(tacit_md_type md, const unsigned char *seed, size_t slen, unsigned char *dst,
                       size_t dlen);

/*
 * tacit_rsa_pss_verify with a floor on the salt: a signature whose salt is shorter than
 * min_saltlen bytes is refused (RFC 4055 section 3.3: an id-RSASSA-PSS key with parameters
 * accepts salts at least as long as its saltLength).
 */
int tacit_rsa_pss_verify_min_salt(const tacit_rsa_context *ctx, tacit_md_type md,
                                  tacit_md_type mgf1_md, int saltlen, size_t min_saltlen,
                                  const unsigned char *hash, size_t hlen, const unsigned char *sig,
                                  size_t siglen);

/*
 * The T of an RSASSA-PKCS1-v1_5 block 00 01 FF..FF 00 || T: raw = 0,
 * DigestInfo(md, in) (in the hash, in_len its size); raw = 1, the caller's
 * in itself (md unused).
 */
typedef struct {
    int raw;
    tacit_md_type md;
    const unsigned char *in;
    size_t in_len;
} tacit_rsa_pkcs1_t;

/*
 * The bodies of tacit_rsa_pkcs1_sign / _verify (rsa_pkcs1.c) and of their
 * _raw forms (rsa_pkcs1_raw.c), with the same errors in the same order.
 */
int tacit_rsa_pkcs1_sign_t(const tacit_rsa_context *ctx, const tacit_rsa_pkcs1_t *t,
                           unsigned char *sig, size_t sig_size, size_t *sig_len,
                           tacit_rng_func f_rng, void *p_rng);
int tacit_rsa_pkcs1_verify_t(const tacit_rsa_context *ctx, const tacit_rsa_pkcs1_t *t,
                             const unsigned char *sig, size_t sig_len);

/* Parse a PKCS#1 RSAPrivateKey / RSAPublicKey that is exactly der[0 .. len). */
/* The AlgorithmIdentifier of a key's PKCS#8 / SPKI envelope: OID and complete parameters DER. */
typedef struct {
    const unsigned char *oid;
    size_t oid_len;
    const unsigned char *params;
    size_t params_len;
} tacit_rsa_key_alg;

/*
 * tacit_rsa_write_key_der (private_key) or tacit_rsa_write_public_key_der with the PKCS#8 / SPKI
 * envelope naming alg instead of rsaEncryption: pk writes id-RSASSA-PSS keys with it.
 */
int tacit_rsa_write_der_as(const tacit_rsa_context *ctx, int private_key, tacit_key_format format,
                           const tacit_rsa_key_alg *alg, unsigned char *out, size_t osize,
                           size_t *olen);

int tacit_rsa_parse_pkcs1_priv(tacit_rsa_context *ctx, const unsigned char *der, size_t len);
int tacit_rsa_parse_pkcs1_pub(tacit_rsa_context *ctx, const unsigned char *der, size_t len);

/* ---- keys in DER and PEM (internal: tacit_pk is the public door, pk.h) ---------------- */

/*
 * A private key, PKCS#1 RSAPrivateKey (two-prime, version 0) or PKCS#8
 * PrivateKeyInfo (unencrypted, rsaEncryption or id-RSASSA-PSS), recognised
 * from the DER; the whole buffer must be the key.  The key is checked
 * (tacit_rsa_check_priv) before it is accepted.  Errors: the asn1 reader's
 * TACIT_ERR_ASN1_* for malformed DER, TACIT_ERR_RSA_WRONG_KEY_TYPE (another
 * algorithm), TACIT_ERR_RSA_UNSUPPORTED (multi-prime), TACIT_ERR_RSA_KEY_CHECK_FAILED.
 * On error ctx is left empty.
 */
int tacit_rsa_parse_key_der(tacit_rsa_context *ctx, const unsigned char *der, size_t len);
/*
 * The same from the first PEM block in pem[0 .. len): "RSA PRIVATE KEY"
 * (PKCS#1) or "PRIVATE KEY" (PKCS#8); the label must match the contents.
 * Another label: TACIT_ERR_RSA_WRONG_KEY_TYPE; PEM errors: TACIT_ERR_PEM_* /
 * TACIT_ERR_BASE64_*.
 */
int tacit_rsa_parse_key_pem(tacit_rsa_context *ctx, const unsigned char *pem, size_t len);

/* A public key: SubjectPublicKeyInfo or PKCS#1 RSAPublicKey, recognised from the DER. */
int tacit_rsa_parse_public_key_der(tacit_rsa_context *ctx, const unsigned char *der, size_t len);
/* "PUBLIC KEY" (SPKI) or "RSA PUBLIC KEY" (PKCS#1); the label must match the contents. */
int tacit_rsa_parse_public_key_pem(tacit_rsa_context *ctx, const unsigned char *pem, size_t len);

/*
 * Write the private key as TACIT_KEY_FORMAT_PKCS1 or _PKCS8 DER at the start
 * of out[0 .. out_size); *out_len = its length.  Too small a buffer (out may
 * be NULL to ask): TACIT_ERR_BUFFER_TOO_SMALL, *out_len = the size needed,
 * out untouched.  Temporary copies of the key are zeroized.
 */
int tacit_rsa_write_key_der(const tacit_rsa_context *ctx, tacit_key_format format,
                            unsigned char *out, size_t out_size, size_t *out_len);
/*
 * The same as PEM text (no NUL terminator; *out_len is the text length, or
 * the size needed on TACIT_ERR_BUFFER_TOO_SMALL, when out is zeroed).
 */
int tacit_rsa_write_key_pem(const tacit_rsa_context *ctx, tacit_key_format format,
                            unsigned char *out, size_t out_size, size_t *out_len);
/* The public key as TACIT_KEY_FORMAT_SPKI or _PKCS1. */
int tacit_rsa_write_public_key_der(const tacit_rsa_context *ctx, tacit_key_format format,
                                   unsigned char *out, size_t out_size, size_t *out_len);
int tacit_rsa_write_public_key_pem(const tacit_rsa_context *ctx, tacit_key_format format,
                                   unsigned char *out, size_t out_size, size_t *out_len);

#endif /* TACIT_RSA_INTERNAL_H */
