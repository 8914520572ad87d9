/*
 * RSASSA-PKCS1-v1_5 (RFC 8017 8.2, 9.2).
 *
 * Verification never parses the signature: it builds the one encoded block
 * a valid signature can have, EM = 00 01 FF..FF 00 DigestInfo(hash), and
 * compares all k bytes.  That closes the family of forgeries that exploit
 * lenient ASN.1 parsing of the block (Bleichenbacher's e = 3 attack and its
 * descendants).  DigestInfo always carries the NULL parameters; the variant
 * without them (tolerated by some verifiers) is rejected.
 *
 * The sign and verify bodies (tacit_rsa_pkcs1_sign_t / _verify_t) also
 * serve rsa_pkcs1_raw.c, whose T is the caller's bytes without DigestInfo.
 */
#include "rsa/rsa_internal.h"

#if defined(TACIT_RSA_C)

#include <stdlib.h>
#include <string.h>

#include "tacit/asn1.h"
#include "tacit/constant_time.h"
#include "core/platform_internal.h"

static int md_oid(tacit_md_type md, const unsigned char **oid, size_t *oidlen)
{
#define OID(c)                                                                                     \
    *oid = (const unsigned char *)(c);                                                             \
    *oidlen = TACIT_OID_LEN(c);                                                                    \
    return 0
    switch (md) {
    case TACIT_MD_SHA1:
        OID(TACIT_OID_SHA1);
    case TACIT_MD_SHA224:
        OID(TACIT_OID_SHA224);
    case TACIT_MD_SHA256:
        OID(TACIT_OID_SHA256);
    case TACIT_MD_SHA384:
        OID(TACIT_OID_SHA384);
    case TACIT_MD_SHA512:
        OID(TACIT_OID_SHA512);
    default:
        return TACIT_ERR_RSA_BAD_HASH;
    }
#undef OID
}

/* em[0 .. k) = 00 01 FF..FF 00 DigestInfo */
static int encode_emsa_pkcs1(tacit_md_type md, const unsigned char *hash, size_t hlen,
                             unsigned char *em, size_t k)
{
    const unsigned char *oid;
    size_t oidlen, tlen;
    unsigned char *p = em + k;
    int ret, len = 0;

    if ((ret = md_oid(md, &oid, &oidlen)) != 0) {
        return ret;
    }
    if (hash == NULL || hlen != tacit_rsa_md_size(md)) {
        return TACIT_ERR_RSA_BAD_HASH;
    }
    /* DigestInfo ::= SEQUENCE { AlgorithmIdentifier { oid, NULL }, OCTET STRING hash } */
    if ((ret = tacit_asn1_write_octet_string(&p, em, hash, hlen)) < 0) {
        return TACIT_ERR_RSA_MESSAGE_TOO_LONG;
    }
    len += ret;
    if ((ret = tacit_asn1_write_alg(&p, em, oid, oidlen, (const unsigned char *)"\x05\x00", 2)) <
        0) {
        return TACIT_ERR_RSA_MESSAGE_TOO_LONG;
    }
    len += ret;
    if ((ret = tacit_asn1_write_header(&p, em, TACIT_ASN1_SEQUENCE, (size_t)len)) < 0) {
        return TACIT_ERR_RSA_MESSAGE_TOO_LONG;
    }
    tlen = (size_t)(len + ret);
    /* at least 8 bytes of FF */
    if (k < tlen + 11) {
        return TACIT_ERR_RSA_MESSAGE_TOO_LONG;
    }
    em[0] = 0x00;
    em[1] = 0x01;
    memset(em + 2, 0xFF, k - tlen - 3);
    em[k - tlen - 1] = 0x00;
    return 0;
}

/*
 * em[0 .. k) = 00 01 FF..FF 00 || in, at least 8 bytes of FF: the raw T of
 * rsa_pkcs1_raw.c (no DigestInfo).
 */
static int encode_raw(const unsigned char *in, size_t in_len, unsigned char *em, size_t k)
{
    if (in == NULL && in_len > 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (k < 11 || in_len > k - 11) {
        return TACIT_ERR_RSA_MESSAGE_TOO_LONG;
    }
    em[0] = 0x00;
    em[1] = 0x01;
    memset(em + 2, 0xFF, k - in_len - 3);
    em[k - in_len - 1] = 0x00;
    if (in_len > 0) {
        memcpy(em + k - in_len, in, in_len);
    }
    return 0;
}

/* The block for t: T = DigestInfo(md, in) or, if t->raw, T = in. */
static int encode_t(const tacit_rsa_pkcs1_t *t, unsigned char *em, size_t k)
{
    return t->raw ? encode_raw(t->in, t->in_len, em, k)
                  : encode_emsa_pkcs1(t->md, t->in, t->in_len, em, k);
}

int tacit_rsa_pkcs1_sign_t(const tacit_rsa_context *ctx, const tacit_rsa_pkcs1_t *t,
                           unsigned char *sig, size_t sig_size, size_t *sig_len,
                           tacit_rng_func f_rng, void *p_rng)
{
    unsigned char *em;
    int ret;

    if (ctx == NULL || sig_len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (!t->raw && t->md == TACIT_MD_SHA1) {
        return TACIT_ERR_RSA_BAD_HASH; /* SHA-1 is for verifying old signatures only */
    }
    if (!ctx->is_private) {
        return TACIT_ERR_NO_PRIVATE_KEY;
    }
    if (sig == NULL || sig_size < ctx->len) {
        *sig_len = ctx->len;
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    em = (unsigned char *)tacit_platform_calloc(1, ctx->len);
    if (em == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    ret = encode_t(t, em, ctx->len);
    if (ret == 0) {
        ret = tacit_rsa_private(ctx, em, ctx->len, sig, sig_size, sig_len, f_rng, p_rng);
    }
    tacit_platform_zeroize(em, ctx->len);
    tacit_platform_free(em);
    return ret;
}

int tacit_rsa_pkcs1_verify_t(const tacit_rsa_context *ctx, const tacit_rsa_pkcs1_t *t,
                             const unsigned char *sig, size_t sig_len)
{
    unsigned char *em, *expected;
    size_t emlen;
    int ret;

    if (ctx == NULL || sig == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (ctx->cache == NULL) {
        return TACIT_ERR_RSA_KEY_CHECK_FAILED;
    }
    if (sig_len != ctx->len) {
        return TACIT_ERR_RSA_INPUT_OUT_OF_RANGE;
    }
    em = (unsigned char *)tacit_platform_calloc(1, 2 * ctx->len);
    if (em == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    expected = em + ctx->len;
    if ((ret = encode_t(t, expected, ctx->len)) != 0) {
        goto cleanup;
    }
    if ((ret = tacit_rsa_public(ctx, sig, sig_len, em, ctx->len, &emlen)) != 0) {
        goto cleanup;
    }
    ret = tacit_ct_memcmp(em, expected, ctx->len) == 0 ? 0 : TACIT_ERR_VERIFY_FAILED;
cleanup:
    tacit_platform_free(em);
    return ret;
}

int tacit_rsa_pkcs1_sign(const tacit_rsa_context *ctx, tacit_md_type md, const unsigned char *hash,
                         size_t hlen, unsigned char *sig, size_t sig_size, size_t *sig_len,
                         tacit_rng_func f_rng, void *p_rng)
{
    const tacit_rsa_pkcs1_t t = { 0, md, hash, hlen };

    return tacit_rsa_pkcs1_sign_t(ctx, &t, sig, sig_size, sig_len, f_rng, p_rng);
}

int tacit_rsa_pkcs1_verify(const tacit_rsa_context *ctx, tacit_md_type md,
                           const unsigned char *hash, size_t hlen, const unsigned char *sig,
                           size_t sig_len)
{
    const tacit_rsa_pkcs1_t t = { 0, md, hash, hlen };

    return tacit_rsa_pkcs1_verify_t(ctx, &t, sig, sig_len);
}

#else
typedef int tacit_rsa_pkcs1_unused;
#endif /* TACIT_RSA_C */
