/*
 * HashML-DSA (FIPS 204 section 5.4, Algorithms 4 and 5): ML-DSA over
 * M' = 1 || len(ctx) || ctx || OID(PH) || PH(M).  Only mu differs from pure
 * ML-DSA; signing and verification are the external-mu functions of
 * mldsa.c, so the constant-time properties are theirs (the digest, the
 * context and PH are public).
 */
#include "tacit/config.h"

#if defined(TACIT_MLDSA_C)

#include <stddef.h>
#include <string.h>

#include "tacit/mldsa.h"
#include "tacit/platform.h"
#include "tacit/sha256.h"
#include "tacit/sha3.h"
#include "tacit/sha512.h"

/*
 * DER of the NIST hash OIDs 2.16.840.1.101.3.4.2.x: tag 06, length 09,
 * then 60 86 48 01 65 03 04 02 x.  FIPS 204 puts all 11 bytes in M'.
 */
static const unsigned char oid_prefix[10] = { 0x06, 0x09, 0x60, 0x86, 0x48,
                                              0x01, 0x65, 0x03, 0x04, 0x02 };

typedef struct {
    unsigned char arc;  /* last arc x of the OID */
    unsigned char size; /* digest length in bytes */
} prehash_info;

/* Indexed by tacit_mldsa_prehash. */
static const prehash_info prehash_table[] = {
    { 0x04, 28 }, /* SHA-224 */
    { 0x01, 32 }, /* SHA-256 */
    { 0x02, 48 }, /* SHA-384 */
    { 0x03, 64 }, /* SHA-512 */
    { 0x05, 28 }, /* SHA-512/224 */
    { 0x06, 32 }, /* SHA-512/256 */
    { 0x07, 28 }, /* SHA3-224 */
    { 0x08, 32 }, /* SHA3-256 */
    { 0x09, 48 }, /* SHA3-384 */
    { 0x0a, 64 }, /* SHA3-512 */
    { 0x0b, 32 }, /* SHAKE128, 256-bit output */
    { 0x0c, 64 }, /* SHAKE256, 512-bit output */
};

#define PREHASH_COUNT (sizeof(prehash_table) / sizeof(prehash_table[0]))

size_t tacit_mldsa_prehash_size(tacit_mldsa_prehash ph)
{
    if ((unsigned)ph >= PREHASH_COUNT) {
        return 0;
    }
    return prehash_table[ph].size;
}

int tacit_mldsa_prehash_digest(tacit_mldsa_prehash ph, const unsigned char *msg, size_t msg_len,
                               unsigned char *out, size_t out_size, size_t *out_len)
{
    size_t n = tacit_mldsa_prehash_size(ph);
    int ret;

    if (n == 0 || (msg == NULL && msg_len != 0) || out_len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (out == NULL || out_size < n) {
        *out_len = n;
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    switch (ph) {
#if defined(TACIT_SHA256_C)
    case TACIT_MLDSA_PH_SHA224:
        ret = tacit_sha224(msg, msg_len, out);
        break;
    case TACIT_MLDSA_PH_SHA256:
        ret = tacit_sha256(msg, msg_len, out);
        break;
#endif
#if defined(TACIT_SHA512_C)
    case TACIT_MLDSA_PH_SHA384:
        ret = tacit_sha384(msg, msg_len, out);
        break;
    case TACIT_MLDSA_PH_SHA512:
        ret = tacit_sha512(msg, msg_len, out);
        break;
    case TACIT_MLDSA_PH_SHA512_224:
        ret = tacit_sha512_224(msg, msg_len, out);
        break;
    case TACIT_MLDSA_PH_SHA512_256:
        ret = tacit_sha512_256(msg, msg_len, out);
        break;
#endif
    case TACIT_MLDSA_PH_SHA3_224:
        ret = tacit_sha3_224(msg, msg_len, out);
        break;
    case TACIT_MLDSA_PH_SHA3_256:
        ret = tacit_sha3_256(msg, msg_len, out);
        break;
    case TACIT_MLDSA_PH_SHA3_384:
        ret = tacit_sha3_384(msg, msg_len, out);
        break;
    case TACIT_MLDSA_PH_SHA3_512:
        ret = tacit_sha3_512(msg, msg_len, out);
        break;
    case TACIT_MLDSA_PH_SHAKE128:
        ret = tacit_shake128(msg, msg_len, out, 32);
        break;
    case TACIT_MLDSA_PH_SHAKE256:
        ret = tacit_shake256(msg, msg_len, out, 64);
        break;
    default: /* compiled-out SHA-2 */
        return TACIT_ERR_NOT_SUPPORTED;
    }
    if (ret != 0) {
        memset(out, 0, n);
        return ret;
    }
    *out_len = n;
    return 0;
}

static int check_prehash(tacit_mldsa_prehash ph, const unsigned char *digest, size_t digest_len,
                         const unsigned char *ctx, size_t ctx_len)
{
    size_t n = tacit_mldsa_prehash_size(ph);

    if (n == 0 || digest == NULL || digest_len != n || (ctx == NULL && ctx_len != 0) ||
        ctx_len > TACIT_MLDSA_MAX_CTX_BYTES) {
        return TACIT_ERR_BAD_INPUT;
    }
    return 0;
}

/* mu = SHAKE256(tr || 1 || ctx_len || ctx || OID(ph) || digest, 64); inputs checked. */
static void prehash_mu(unsigned char mu[64], const unsigned char tr[64], tacit_mldsa_prehash ph,
                       const unsigned char *digest, size_t digest_len, const unsigned char *ctx,
                       size_t ctx_len)
{
    tacit_shake_context hc;
    unsigned char pre[2];

    pre[0] = 1;
    pre[1] = (unsigned char)ctx_len;
    tacit_shake_init(&hc, TACIT_SHAKE256);
    tacit_shake_absorb(&hc, tr, 64);
    tacit_shake_absorb(&hc, pre, 2);
    if (ctx_len != 0) {
        tacit_shake_absorb(&hc, ctx, ctx_len);
    }
    tacit_shake_absorb(&hc, oid_prefix, sizeof(oid_prefix));
    tacit_shake_absorb(&hc, &prehash_table[ph].arc, 1);
    tacit_shake_absorb(&hc, digest, digest_len);
    tacit_shake_squeeze(&hc, mu, 64);
    tacit_shake_free(&hc);
}

int tacit_mldsa_prehash_mu(tacit_mldsa_params p, const unsigned char *pk, tacit_mldsa_prehash ph,
                           const unsigned char *digest, size_t digest_len, const unsigned char *ctx,
                           size_t ctx_len, unsigned char mu[64])
{
    size_t pk_bytes = tacit_mldsa_pk_bytes(p);
    unsigned char tr[64];
    int ret;

    if (pk_bytes == 0 || pk == NULL || mu == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = check_prehash(ph, digest, digest_len, ctx, ctx_len)) != 0) {
        return ret;
    }
    if ((ret = tacit_shake256(pk, pk_bytes, tr, sizeof(tr))) != 0) {
        return ret;
    }
    prehash_mu(mu, tr, ph, digest, digest_len, ctx, ctx_len);
    return 0;
}

static int prehash_sign_common(tacit_mldsa_params p, const unsigned char *sk,
                               tacit_mldsa_prehash ph, const unsigned char *digest,
                               size_t digest_len, const unsigned char *ctx, size_t ctx_len,
                               unsigned char *sig, size_t sig_size, size_t *sig_len, int det,
                               tacit_rng_func f_rng, void *p_rng)
{
    unsigned char mu[64];
    int ret;

    if (tacit_mldsa_sk_bytes(p) == 0 || sk == NULL || sig_len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = check_prehash(ph, digest, digest_len, ctx, ctx_len)) != 0) {
        return ret;
    }
    /* tr = H(pk, 64) is bytes 64..127 of skEncode (public). */
    prehash_mu(mu, sk + 64, ph, digest, digest_len, ctx, ctx_len);
    if (det) {
        ret = tacit_mldsa_sign_mu_det(p, sk, mu, sig, sig_size, sig_len);
    } else {
        ret = tacit_mldsa_sign_mu(p, sk, mu, sig, sig_size, sig_len, f_rng, p_rng);
    }
    tacit_platform_zeroize(mu, sizeof(mu));
    return ret;
}

int tacit_mldsa_prehash_sign(tacit_mldsa_params p, const unsigned char *sk, tacit_mldsa_prehash ph,
                             const unsigned char *digest, size_t digest_len,
                             const unsigned char *ctx, size_t ctx_len, unsigned char *sig,
                             size_t sig_size, size_t *sig_len, tacit_rng_func f_rng, void *p_rng)
{
    return prehash_sign_common(p, sk, ph, digest, digest_len, ctx, ctx_len, sig, sig_size, sig_len,
                               0, f_rng, p_rng);
}

int tacit_mldsa_prehash_sign_det(tacit_mldsa_params p, const unsigned char *sk,
                                 tacit_mldsa_prehash ph, const unsigned char *digest,
                                 size_t digest_len, const unsigned char *ctx, size_t ctx_len,
                                 unsigned char *sig, size_t sig_size, size_t *sig_len)
{
    return prehash_sign_common(p, sk, ph, digest, digest_len, ctx, ctx_len, sig, sig_size, sig_len,
                               1, NULL, NULL);
}

int tacit_mldsa_prehash_verify(tacit_mldsa_params p, const unsigned char *pk,
                               tacit_mldsa_prehash ph, const unsigned char *digest,
                               size_t digest_len, const unsigned char *ctx, size_t ctx_len,
                               const unsigned char *sig, size_t sig_len)
{
    unsigned char mu[64];
    int ret;

    if (sig == NULL && sig_len != 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = tacit_mldsa_prehash_mu(p, pk, ph, digest, digest_len, ctx, ctx_len, mu)) != 0) {
        return ret;
    }
    return tacit_mldsa_verify_mu(p, pk, mu, sig, sig_len);
}

#else
typedef int tacit_mldsa_prehash_unused;
#endif /* TACIT_MLDSA_C */
