/*
 * RSASSA-PSS (RFC 8017 8.1, 9.1) with MGF1.
 *
 * Signing is a private operation on an encoded block built from public data
 * and a random salt; verification handles public data only and may branch.
 */
#include "rsa/rsa_internal.h"

#if defined(TACIT_RSA_C)

#include <stdlib.h>
#include <string.h>

#include "tacit/constant_time.h"
#include "core/platform_internal.h"

/* H = Hash(00 x 8 || mHash || salt) */
static int pss_hash(tacit_md_type md, const unsigned char *mhash, size_t hlen,
                    const unsigned char *salt, size_t slen, unsigned char *out)
{
    static const unsigned char zeros[8] = { 0 };
    tacit_md_context c;
    int ret;

    if ((ret = tacit_md_init(&c, md)) == 0 && (ret = tacit_md_update(&c, zeros, 8)) == 0 &&
        (ret = tacit_md_update(&c, mhash, hlen)) == 0 &&
        (ret = tacit_md_update(&c, salt, slen)) == 0) {
        ret = tacit_md_finish(&c, out);
    }
    tacit_md_free(&c);
    return ret;
}

/* emBits = modBits - 1; the top 8*emLen - emBits bits of EM are zero */
static void pss_sizes(const tacit_rsa_context *ctx, size_t *embits, size_t *emlen)
{
    *embits = tacit_mpi_bitlen(&ctx->N) - 1;
    *emlen = (*embits + 7) / 8;
}

int tacit_rsa_pss_sign(const tacit_rsa_context *ctx, tacit_md_type md, tacit_md_type mgf1_md,
                       int saltlen, const unsigned char *hash, size_t hlen, unsigned char *sig,
                       size_t sig_size, size_t *sig_len, tacit_rng_func f_rng, void *p_rng)
{
    size_t k, hl, embits, emlen, dblen, slen;
    unsigned char *em = NULL, *EM, *db, *h;
    int ret;

    if (ctx == NULL || sig_len == NULL || hash == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    hl = tacit_rsa_md_size(md);
    if (md == TACIT_MD_SHA1 || hl == 0 || hlen != hl || tacit_rsa_md_size(mgf1_md) == 0) {
        return TACIT_ERR_RSA_BAD_HASH;
    }
    if (!ctx->is_private) {
        return TACIT_ERR_NO_PRIVATE_KEY;
    }
    k = ctx->len;
    if (sig == NULL || sig_size < k) {
        *sig_len = k;
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    pss_sizes(ctx, &embits, &emlen);
    if (emlen < hl + 2) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (saltlen == TACIT_RSA_SALT_LEN_HASH) {
        slen = hl;
    } else if (saltlen == TACIT_RSA_SALT_LEN_MAX) {
        slen = emlen - hl - 2;
    } else if (saltlen >= 0) {
        slen = (size_t)saltlen;
    } else {
        return TACIT_ERR_BAD_INPUT;
    }
    if (emlen < hl + slen + 2) {
        return TACIT_ERR_BAD_INPUT;
    }
    f_rng = tacit_rng_or_default(f_rng, &p_rng);
    em = (unsigned char *)tacit_platform_calloc(1, k);
    if (em == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    EM = em + (k - emlen);
    dblen = emlen - hl - 1;
    db = EM;
    h = EM + dblen;
    /* DB = 00..00 01 salt; the salt goes straight into place */
    if (f_rng(p_rng, db + dblen - slen, slen) != 0) {
        ret = TACIT_ERR_RNG_FAILED;
        goto cleanup;
    }
    db[dblen - slen - 1] = 0x01;
    if ((ret = pss_hash(md, hash, hl, db + dblen - slen, slen, h)) != 0) {
        goto cleanup;
    }
    if ((ret = tacit_rsa_mgf1_xor(mgf1_md, h, hl, db, dblen)) != 0) {
        goto cleanup;
    }
    db[0] &= (unsigned char)(0xFFu >> (8 * emlen - embits));
    EM[emlen - 1] = 0xBC;
    ret = tacit_rsa_private(ctx, em, k, sig, sig_size, sig_len, f_rng, p_rng);
cleanup:
    tacit_platform_free(em);
    return ret;
}

int tacit_rsa_pss_verify(const tacit_rsa_context *ctx, tacit_md_type md, tacit_md_type mgf1_md,
                         int saltlen, const unsigned char *hash, size_t hlen,
                         const unsigned char *sig, size_t sig_len)
{
    return tacit_rsa_pss_verify_min_salt(ctx, md, mgf1_md, saltlen, 0, hash, hlen, sig, sig_len);
}

int tacit_rsa_pss_verify_min_salt(const tacit_rsa_context *ctx, tacit_md_type md,
                                  tacit_md_type mgf1_md, int saltlen, size_t min_saltlen,
                                  const unsigned char *hash, size_t hlen, const unsigned char *sig,
                                  size_t siglen)
{
    size_t k, hl, embits, emlen, dblen, i, slen, outlen;
    unsigned char *em = NULL, *EM, *db, *h, h2[TACIT_MD_MAX_SIZE];
    unsigned char topmask;
    int ret;

    if (ctx == NULL || sig == NULL || hash == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    hl = tacit_rsa_md_size(md);
    if (hl == 0 || hlen != hl || tacit_rsa_md_size(mgf1_md) == 0) {
        return TACIT_ERR_RSA_BAD_HASH;
    }
    if (saltlen < TACIT_RSA_SALT_LEN_HASH) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (ctx->cache == NULL) {
        return TACIT_ERR_RSA_KEY_CHECK_FAILED;
    }
    k = ctx->len;
    if (siglen != k) {
        return TACIT_ERR_RSA_INPUT_OUT_OF_RANGE;
    }
    em = (unsigned char *)tacit_platform_calloc(1, k);
    if (em == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    if ((ret = tacit_rsa_public(ctx, sig, siglen, em, k, &outlen)) != 0) {
        goto cleanup;
    }
    ret = TACIT_ERR_VERIFY_FAILED;
    pss_sizes(ctx, &embits, &emlen);
    if (emlen < hl + 2 || (k > emlen && em[0] != 0)) {
        goto cleanup;
    }
    EM = em + (k - emlen);
    dblen = emlen - hl - 1;
    db = EM;
    h = EM + dblen;
    topmask = (unsigned char)(0xFFu >> (8 * emlen - embits));
    if (EM[emlen - 1] != 0xBC || (db[0] & ~topmask) != 0) {
        goto cleanup;
    }
    if (tacit_rsa_mgf1_xor(mgf1_md, h, hl, db, dblen) != 0) {
        goto cleanup;
    }
    db[0] &= topmask;
    for (i = 0; i < dblen && db[i] == 0; i++) {
    }
    if (i == dblen || db[i] != 0x01) {
        goto cleanup;
    }
    slen = dblen - i - 1;
    if ((saltlen == TACIT_RSA_SALT_LEN_HASH && slen != hl) ||
        (saltlen >= 0 && slen != (size_t)saltlen) || slen < min_saltlen) {
        goto cleanup;
    }
    if (pss_hash(md, hash, hl, db + i + 1, slen, h2) != 0) {
        goto cleanup;
    }
    ret = tacit_ct_memcmp(h, h2, hl) == 0 ? 0 : TACIT_ERR_VERIFY_FAILED;
cleanup:
    tacit_platform_free(em);
    return ret;
}

#else
typedef int tacit_rsa_pss_unused;
#endif /* TACIT_RSA_C */
