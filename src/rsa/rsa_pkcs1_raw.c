/*
 * PKCS#1 v1.5 signature padding without a DigestInfo (TLS 1.0/1.1's
 * MD5 || SHA-1, OpenSSL's "no digest" RSA signatures): the block
 * EM = 00 01 FF..FF 00 || in (RFC 8017 9.2 steps 3-5 with T = in).
 *
 * The bodies are rsa_pkcs1.c's (tacit_rsa_pkcs1_sign_t / _verify_t, the
 * same checks, error codes and order) with this T: verification builds the
 * one block a valid signature can have and compares all k bytes; the block
 * depends only on in_len.
 */
#include "rsa/rsa_internal.h"

#if defined(TACIT_RSA_C)

int tacit_rsa_pkcs1_sign_raw(const tacit_rsa_context *ctx, const unsigned char *in, size_t in_len,
                             unsigned char *sig, size_t sig_size, size_t *sig_len,
                             tacit_rng_func f_rng, void *p_rng)
{
    const tacit_rsa_pkcs1_t t = { 1, TACIT_MD_NONE, in, in_len };

    return tacit_rsa_pkcs1_sign_t(ctx, &t, sig, sig_size, sig_len, f_rng, p_rng);
}

int tacit_rsa_pkcs1_verify_raw(const tacit_rsa_context *ctx, const unsigned char *in, size_t in_len,
                               const unsigned char *sig, size_t sig_len)
{
    const tacit_rsa_pkcs1_t t = { 1, TACIT_MD_NONE, in, in_len };

    return tacit_rsa_pkcs1_verify_t(ctx, &t, sig, sig_len);
}

#else
typedef int tacit_rsa_pkcs1_raw_unused;
#endif /* TACIT_RSA_C */
