/*
 * PKCS#1 v1.5 signature padding without a DigestInfo (TLS 1.0/1.1's
 * MD5 || SHA-1, OpenSSL's "no digest" RSA signatures): the block
 * EM = 00 01 FF..FF 00 || in (RFC 8017 9.2 steps 3-5 with T = in).
 *
 * As in rsa_pkcs1.c, verification builds the one block a valid signature
 * can have and compares all k bytes; the block depends only on in_len.
 */
#include "rsa/rsa_internal.h"

#if defined(TACIT_RSA_C)

#include <string.h>

#include "tacit/constant_time.h"
#include "core/platform_internal.h"

/* em[0 .. k) = 00 01 FF..FF 00 || in, at least 8 bytes of FF */
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

int tacit_rsa_pkcs1_sign_raw(const tacit_rsa_context *ctx, const unsigned char *in, size_t in_len,
                             unsigned char *sig, size_t sig_size, size_t *sig_len,
                             tacit_rng_func f_rng, void *p_rng)
{
    unsigned char *em;
    int ret;

    if (ctx == NULL || sig_len == NULL) {
        return TACIT_ERR_BAD_INPUT;
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
    ret = encode_raw(in, in_len, em, ctx->len);
    if (ret == 0) {
        ret = tacit_rsa_private(ctx, em, ctx->len, sig, sig_size, sig_len, f_rng, p_rng);
    }
    tacit_platform_zeroize(em, ctx->len);
    tacit_platform_free(em);
    return ret;
}

int tacit_rsa_pkcs1_verify_raw(const tacit_rsa_context *ctx, const unsigned char *in, size_t in_len,
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
    if ((ret = encode_raw(in, in_len, expected, ctx->len)) != 0) {
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

#else
typedef int tacit_rsa_pkcs1_raw_unused;
#endif /* TACIT_RSA_C */
