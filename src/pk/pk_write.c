/*
 * Writing a tacit_pk_context back as DER or PEM (see pk.h).
 *
 * The DER is made by the module's writer into a scratch buffer (zeroized
 * before it is freed: it may hold a private key), then copied or PEM-encoded
 * into the caller's buffer, so that asking the size (out == NULL) works the
 * same way for every format.
 */
#include "tacit/pk.h"

#if defined(TACIT_PK_C)

#include <stdlib.h>
#include <string.h>

#include "tacit/asn1.h"
#include "tacit/pem.h"
#include "tacit/platform.h"
#include "core/platform_internal.h"
#include "pk/pk_internal.h"
#if defined(TACIT_RSA_C)
#include "rsa/rsa_internal.h"
#endif
#if defined(TACIT_ECP_C)
#include "ec/ecp_internal.h"
#endif
#if defined(TACIT_ED25519_C) || defined(TACIT_X25519_C)
#include "curve25519/curve25519_keys.h"
#endif

/* An 8192-bit RSA private key in PKCS#8 is about 4.8 KB of DER; an expanded ML-DSA-87 key 4.9 KB. */
#define PK_DER_SCRATCH_RSA (TACIT_MPI_MAX_BITS / 8 * 5 + 512)
#if defined(TACIT_MLDSA_C) || defined(TACIT_MLKEM_C)
#define PK_DER_SCRATCH (PK_DER_SCRATCH_RSA > 5120 ? PK_DER_SCRATCH_RSA : 5120)
#else
#define PK_DER_SCRATCH PK_DER_SCRATCH_RSA
#endif

static int write_der(const tacit_pk_context *ctx, tacit_key_format format, unsigned char *der,
                     size_t size, size_t *dlen, const char **label)
{
    int ret = TACIT_ERR_PK_TYPE_MISMATCH;
    int priv = format == TACIT_KEY_FORMAT_PKCS8 || format == TACIT_KEY_FORMAT_SEC1 ||
               (format == TACIT_KEY_FORMAT_PKCS1 && ctx->is_private);

    if (priv && !ctx->is_private) {
        return TACIT_ERR_NO_PRIVATE_KEY;
    }
#if defined(TACIT_RSA_C)
    if (ctx->type == TACIT_PK_RSA && ctx->rsa_pss_key &&
        (format == TACIT_KEY_FORMAT_PKCS8 || format == TACIT_KEY_FORMAT_SPKI)) {
        /* the key's own OID and parameters, so that it stays restricted to PSS */
        tacit_rsa_key_alg alg = { (const unsigned char *)TACIT_OID_RSASSA_PSS,
                                  TACIT_OID_LEN(TACIT_OID_RSASSA_PSS), ctx->rsa_pss_params,
                                  ctx->rsa_pss_params_len };
        *label = format == TACIT_KEY_FORMAT_PKCS8 ? "PRIVATE KEY" : "PUBLIC KEY";
        return tacit_rsa_write_der_as(&ctx->u.rsa, format == TACIT_KEY_FORMAT_PKCS8, format, &alg,
                                      der, size, dlen);
    }
    if (ctx->type == TACIT_PK_RSA) {
        if (format == TACIT_KEY_FORMAT_PKCS8) {
            *label = "PRIVATE KEY";
            ret = tacit_rsa_write_key_der(&ctx->u.rsa, TACIT_KEY_FORMAT_PKCS8, der, size, dlen);
        } else if (format == TACIT_KEY_FORMAT_PKCS1 && priv) {
            *label = "RSA PRIVATE KEY";
            ret = tacit_rsa_write_key_der(&ctx->u.rsa, TACIT_KEY_FORMAT_PKCS1, der, size, dlen);
        } else if (format == TACIT_KEY_FORMAT_PKCS1) {
            *label = "RSA PUBLIC KEY";
            ret = tacit_rsa_write_public_key_der(&ctx->u.rsa, TACIT_KEY_FORMAT_PKCS1, der, size,
                                                 dlen);
        } else if (format == TACIT_KEY_FORMAT_SPKI) {
            *label = "PUBLIC KEY";
            ret =
                tacit_rsa_write_public_key_der(&ctx->u.rsa, TACIT_KEY_FORMAT_SPKI, der, size, dlen);
        }
    }
#endif
#if defined(TACIT_ECP_C)
    if (ctx->type == TACIT_PK_EC) {
        if (format == TACIT_KEY_FORMAT_PKCS8 || format == TACIT_KEY_FORMAT_SEC1) {
            *label = format == TACIT_KEY_FORMAT_PKCS8 ? "PRIVATE KEY" : "EC PRIVATE KEY";
            ret = tacit_ecp_write_key_der(&ctx->u.ec, format, der, size, dlen);
        } else if (format == TACIT_KEY_FORMAT_SPKI) {
            *label = "PUBLIC KEY";
            ret =
                tacit_ecp_write_public_key_der(&ctx->u.ec, TACIT_KEY_FORMAT_SPKI, der, size, dlen);
        }
    }
#endif
#if defined(TACIT_ED25519_C)
    if (ctx->type == TACIT_PK_ED25519 &&
        (format == TACIT_KEY_FORMAT_PKCS8 || format == TACIT_KEY_FORMAT_SPKI)) {
        /* PKCS#8 holds the 32-byte seed (RFC 8410) */
        *label = format == TACIT_KEY_FORMAT_PKCS8 ? "PRIVATE KEY" : "PUBLIC KEY";
        ret = tacit_curve25519_write(TACIT_CURVE25519_OID_ED25519, format,
                                     format == TACIT_KEY_FORMAT_PKCS8 ? ctx->u.ed25519.seed
                                                                      : ctx->u.ed25519.pub,
                                     der, size, dlen);
    }
#endif
#if defined(TACIT_X25519_C)
    if (ctx->type == TACIT_PK_X25519 &&
        (format == TACIT_KEY_FORMAT_PKCS8 || format == TACIT_KEY_FORMAT_SPKI)) {
        *label = format == TACIT_KEY_FORMAT_PKCS8 ? "PRIVATE KEY" : "PUBLIC KEY";
        ret = tacit_curve25519_write(TACIT_CURVE25519_OID_X25519, format,
                                     format == TACIT_KEY_FORMAT_PKCS8 ? ctx->u.x25519.priv
                                                                      : ctx->u.x25519.pub,
                                     der, size, dlen);
    }
#endif
    if (ctx->type == TACIT_PK_MLKEM || ctx->type == TACIT_PK_MLDSA) {
        *label = format == TACIT_KEY_FORMAT_PKCS8 ? "PRIVATE KEY" : "PUBLIC KEY";
        ret = tacit_pk_pq_write_der(ctx, format, der, size, dlen);
    }
    return ret;
}

int tacit_pk_write(const tacit_pk_context *ctx, tacit_key_format format,
                   tacit_key_encoding encoding, unsigned char *out, size_t out_size,
                   size_t *out_len)
{
    int pem = encoding == TACIT_KEY_ENCODING_PEM;
    unsigned char *der;
    size_t dlen = 0, need = 0;
    const char *label = NULL;
    int ret;

    if (ctx == NULL || out_len == NULL || ctx->type == TACIT_PK_NONE ||
        (encoding != TACIT_KEY_ENCODING_DER && encoding != TACIT_KEY_ENCODING_PEM) ||
        (format != TACIT_KEY_FORMAT_PKCS1 && format != TACIT_KEY_FORMAT_SEC1 &&
         format != TACIT_KEY_FORMAT_PKCS8 && format != TACIT_KEY_FORMAT_SPKI)) {
        return TACIT_ERR_BAD_INPUT;
    }
    der = (unsigned char *)tacit_platform_calloc(1, PK_DER_SCRATCH);
    if (der == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    ret = write_der(ctx, format, der, PK_DER_SCRATCH, &dlen, &label);
    if (ret == 0) {
        need = dlen;
        if (pem) {
            /* asks the size: returns BUFFER_TOO_SMALL with need set */
            (void)tacit_pem_write(label, der, dlen, NULL, 0, &need);
        }
        *out_len = need;
        if (out == NULL || out_size < need) {
            ret = TACIT_ERR_BUFFER_TOO_SMALL;
        } else if (pem) {
            ret = tacit_pem_write(label, der, dlen, out, out_size, out_len);
        } else {
            memcpy(out, der, dlen);
        }
    }
    tacit_platform_zeroize(der, PK_DER_SCRATCH);
    tacit_platform_free(der);
    return ret;
}

#else
typedef int tacit_pk_write_unused;
#endif /* TACIT_PK_C */
