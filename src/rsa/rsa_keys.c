/*
 * RSA keys in and out: PKCS#1 RSAPrivateKey / RSAPublicKey (RFC 8017 A.1),
 * PKCS#8 PrivateKeyInfo and SubjectPublicKeyInfo (through asn1's envelope
 * helpers), as DER and as PEM.
 *
 *   RSAPublicKey  ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER }
 *   RSAPrivateKey ::= SEQUENCE { version INTEGER (0), modulus, publicExponent,
 *                     privateExponent, prime1, prime2, exponent1, exponent2,
 *                     coefficient }   (version 1, multi-prime, is refused)
 *
 * Parsing a key file is not constant time (the DER structure branches on
 * lengths, the import checks use variable-time arithmetic): it runs once per
 * key load.  Buffers that held private key bytes are zeroized.
 */
#include "rsa/rsa_internal.h"

#if defined(TACIT_RSA_C)

#include <stdlib.h>
#include <string.h>

#include "tacit/asn1.h"
#include "tacit/pem.h"
#include "core/constant_time_internal.h"
#include "core/platform_internal.h"

#define LABEL_PKCS1_PRIV "RSA PRIVATE KEY"
#define LABEL_PKCS8 "PRIVATE KEY"
#define LABEL_PKCS1_PUB "RSA PUBLIC KEY"
#define LABEL_SPKI "PUBLIC KEY"

/* ---- parsing -------------------------------------------------------------------- */

int tacit_rsa_parse_pkcs1_priv(tacit_rsa_context *ctx, const unsigned char *der, size_t len)
{
    const unsigned char *p = der, *end, *v[8];
    size_t l, vl[8];
    int ret, version, i;

    if (der == NULL) {
        return len == 0 ? TACIT_ERR_ASN1_OUT_OF_DATA : TACIT_ERR_BAD_INPUT;
    }
    end = der + len;
    if ((ret = tacit_asn1_get_tag(&p, end, &l, TACIT_ASN1_SEQUENCE)) != 0) {
        return ret;
    }
    if ((ret = tacit_asn1_expect_end(p + l, end)) != 0) {
        return ret;
    }
    if ((ret = tacit_asn1_get_int(&p, end, &version)) != 0) {
        return ret;
    }
    if (version != 0) {
        return TACIT_ERR_RSA_UNSUPPORTED; /* multi-prime keys */
    }
    for (i = 0; i < 8; i++) {
        if ((ret = tacit_asn1_get_uint(&p, end, &v[i], &vl[i])) != 0) {
            return ret;
        }
    }
    if ((ret = tacit_asn1_expect_end(p, end)) != 0) {
        return ret;
    }
    /* n e d p q dp dq qinv */
    return tacit_rsa_import_crt_raw(ctx, v[0], vl[0], v[1], vl[1], v[2], vl[2], v[3], vl[3], v[4],
                                    vl[4], v[5], vl[5], v[6], vl[6], v[7], vl[7]);
}

int tacit_rsa_parse_pkcs1_pub(tacit_rsa_context *ctx, const unsigned char *der, size_t len)
{
    const unsigned char *p = der, *end, *n, *e;
    size_t l, nl, el;
    int ret;

    if (der == NULL) {
        return len == 0 ? TACIT_ERR_ASN1_OUT_OF_DATA : TACIT_ERR_BAD_INPUT;
    }
    end = der + len;
    if ((ret = tacit_asn1_get_tag(&p, end, &l, TACIT_ASN1_SEQUENCE)) != 0 ||
        (ret = tacit_asn1_expect_end(p + l, end)) != 0 ||
        (ret = tacit_asn1_get_uint(&p, end, &n, &nl)) != 0 ||
        (ret = tacit_asn1_get_uint(&p, end, &e, &el)) != 0 ||
        (ret = tacit_asn1_expect_end(p, end)) != 0) {
        return ret;
    }
    return tacit_rsa_import_raw(ctx, n, nl, NULL, 0, NULL, 0, NULL, 0, e, el);
}

/* rsaEncryption with NULL parameters, or id-RSASSA-PSS (parameters absent or a SEQUENCE) */
static int check_alg(const tacit_asn1_key_info *info)
{
    if (TACIT_OID_EQUAL(TACIT_OID_RSA_ENCRYPTION, info->alg.p, info->alg.len)) {
        return info->params.tag == TACIT_ASN1_NULL ? 0 : TACIT_ERR_ASN1_INVALID_DATA;
    }
    if (TACIT_OID_EQUAL(TACIT_OID_RSASSA_PSS, info->alg.p, info->alg.len)) {
        return info->params.tag == 0 || info->params.tag == TACIT_ASN1_SEQUENCE
                   ? 0
                   : TACIT_ERR_ASN1_INVALID_DATA;
    }
    return TACIT_ERR_RSA_WRONG_KEY_TYPE;
}

static int parse_pkcs8(tacit_rsa_context *ctx, const unsigned char *der, size_t len)
{
    tacit_asn1_key_info info;
    int ret;

    if ((ret = tacit_asn1_parse_pkcs8(der, len, &info)) != 0 || (ret = check_alg(&info)) != 0) {
        return ret;
    }
    return tacit_rsa_parse_pkcs1_priv(ctx, info.key.p, info.key.len);
}

static int parse_spki(tacit_rsa_context *ctx, const unsigned char *der, size_t len)
{
    tacit_asn1_key_info info;
    int ret;

    if ((ret = tacit_asn1_parse_spki(der, len, &info)) != 0 || (ret = check_alg(&info)) != 0) {
        return ret;
    }
    return tacit_rsa_parse_pkcs1_pub(ctx, info.key.p, info.key.len);
}

/*
 * The tag of the second element inside the outer SEQUENCE (PKCS#8 and SPKI
 * have a SEQUENCE where PKCS#1 has an INTEGER), or a negative error.
 */
static int second_tag(const unsigned char *der, size_t len, int private_key)
{
    const unsigned char *p = der, *end;
    tacit_asn1_buf first;
    size_t l;
    int ret;

    if (der == NULL) {
        return len == 0 ? TACIT_ERR_ASN1_OUT_OF_DATA : TACIT_ERR_BAD_INPUT;
    }
    end = der + len;
    if ((ret = tacit_asn1_get_tag(&p, end, &l, TACIT_ASN1_SEQUENCE)) != 0) {
        return ret;
    }
    end = p + l;
    if (private_key) {
        /* skip the version (PKCS#1 and PKCS#8 both start with one) */
        if ((ret = tacit_asn1_get_any(&p, end, &first)) != 0) {
            return ret;
        }
        if (first.tag != TACIT_ASN1_INTEGER) {
            return TACIT_ERR_ASN1_UNEXPECTED_TAG;
        }
    }
    if (p == end) {
        return TACIT_ERR_ASN1_OUT_OF_DATA;
    }
    return *p;
}

static int parse_key_der_impl(tacit_rsa_context *ctx, const unsigned char *der, size_t len)
{
    int tag;

    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    tag = second_tag(der, len, 1);
    if (tag < 0) {
        return tag;
    }
    if (tag == TACIT_ASN1_SEQUENCE) {
        return parse_pkcs8(ctx, der, len);
    }
    return tacit_rsa_parse_pkcs1_priv(ctx, der, len);
}

static int parse_public_key_der_impl(tacit_rsa_context *ctx, const unsigned char *der, size_t len)
{
    int tag;

    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    tag = second_tag(der, len, 0);
    if (tag < 0) {
        return tag;
    }
    if (tag == TACIT_ASN1_SEQUENCE) {
        return parse_spki(ctx, der, len);
    }
    return tacit_rsa_parse_pkcs1_pub(ctx, der, len);
}

static int parse_key_pem_impl(tacit_rsa_context *ctx, const unsigned char *pem, size_t len)
{
    tacit_pem_block block;
    int ret;

    if (ctx == NULL || (pem == NULL && len != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = tacit_pem_read(NULL, pem, len, &block, NULL)) != 0) {
        return ret;
    }
    if (strcmp(block.label, LABEL_PKCS1_PRIV) == 0) {
        ret = tacit_rsa_parse_pkcs1_priv(ctx, block.der, block.der_len);
    } else if (strcmp(block.label, LABEL_PKCS8) == 0) {
        ret = parse_pkcs8(ctx, block.der, block.der_len);
    } else if (strcmp(block.label, "ENCRYPTED PRIVATE KEY") == 0) {
        ret = TACIT_ERR_RSA_UNSUPPORTED;
    } else {
        ret = TACIT_ERR_RSA_WRONG_KEY_TYPE;
    }
    tacit_pem_block_free(&block);
    return ret;
}

static int parse_public_key_pem_impl(tacit_rsa_context *ctx, const unsigned char *pem, size_t len)
{
    tacit_pem_block block;
    int ret;

    if (ctx == NULL || (pem == NULL && len != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = tacit_pem_read(NULL, pem, len, &block, NULL)) != 0) {
        return ret;
    }
    if (strcmp(block.label, LABEL_PKCS1_PUB) == 0) {
        ret = tacit_rsa_parse_pkcs1_pub(ctx, block.der, block.der_len);
    } else if (strcmp(block.label, LABEL_SPKI) == 0) {
        ret = parse_spki(ctx, block.der, block.der_len);
    } else {
        ret = TACIT_ERR_RSA_WRONG_KEY_TYPE;
    }
    tacit_pem_block_free(&block);
    return ret;
}

/* The public parsers: on any error the context is left empty. */
static int empty_on_error(tacit_rsa_context *ctx, int ret)
{
    if (ret != 0 && ctx != NULL) {
        tacit_rsa_clear_key(ctx);
    }
    return ret;
}

int tacit_rsa_parse_key_der(tacit_rsa_context *ctx, const unsigned char *der, size_t len)
{
    return empty_on_error(ctx, parse_key_der_impl(ctx, der, len));
}

int tacit_rsa_parse_public_key_der(tacit_rsa_context *ctx, const unsigned char *der, size_t len)
{
    return empty_on_error(ctx, parse_public_key_der_impl(ctx, der, len));
}

int tacit_rsa_parse_key_pem(tacit_rsa_context *ctx, const unsigned char *pem, size_t len)
{
    return empty_on_error(ctx, parse_key_pem_impl(ctx, pem, len));
}

int tacit_rsa_parse_public_key_pem(tacit_rsa_context *ctx, const unsigned char *pem, size_t len)
{
    return empty_on_error(ctx, parse_public_key_pem_impl(ctx, pem, len));
}

/* ---- writing -------------------------------------------------------------------- */

/*
 * One INTEGER from an mpi, which may be secret (d, p, q, dP, dQ, qInv); a
 * temporary copy of its bytes is wiped.  Written in constant flow except for
 * what the DER output shows anyway, released through tacit_ct_declassify:
 * the byte length of the value and whether a 0x00 pad byte leads it (the
 * top bit of its first byte), both visible in the INTEGER's length field.
 * The bytes themselves are copied at public offsets, without a branch on
 * them (tacit_asn1_write_uint would scan them for leading zeros).
 */
static int write_mpi(unsigned char **p, unsigned char *start, const tacit_mpi *X)
{
    size_t cap = X->n * TACIT_MPI_LIMB_BYTES, n, pad = 0, hdr;
    unsigned char *b, *val;
    int ret;

    n = tacit_ct_declassify_size(tacit_mpi_size(X));
    if (n == 0) {
        return tacit_asn1_write_int(p, start, 0);
    }
    /* b = 00 || X as cap big-endian bytes: the value is its last n bytes */
    b = (unsigned char *)tacit_platform_calloc(1, cap + 1);
    if (b == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    ret = tacit_mpi_write_binary(X, b + 1, cap);
    if (ret == 0) {
        val = b + 1 + cap - n;
        pad = tacit_ct_declassify_u32((uint32_t)(val[0] >> 7));
        val -= pad; /* the byte before is 0 */
        ret = tacit_asn1_write_raw(p, start, val, n + pad);
    }
    if (ret >= 0) {
        hdr = (size_t)ret;
        ret = tacit_asn1_write_header(p, start, TACIT_ASN1_INTEGER, n + pad);
        ret = ret < 0 ? ret : ret + (int)hdr;
    }
    tacit_platform_zeroize(b, cap + 1);
    tacit_platform_free(b);
    return ret;
}

static int write_pkcs1_pub(unsigned char **p, unsigned char *start, const tacit_rsa_context *ctx)
{
    int len = 0, ret;

    TACIT_CHK_ADD(len, write_mpi(p, start, &ctx->E));
    TACIT_CHK_ADD(len, write_mpi(p, start, &ctx->N));
    TACIT_CHK_ADD(len, tacit_asn1_write_header(p, start, TACIT_ASN1_SEQUENCE, (size_t)len));
    return len;
cleanup:
    return ret;
}

static int write_pkcs1_priv(unsigned char **p, unsigned char *start, const tacit_rsa_context *ctx)
{
    const tacit_mpi *const parts[8] = { &ctx->N, &ctx->E,  &ctx->D,  &ctx->P,
                                        &ctx->Q, &ctx->DP, &ctx->DQ, &ctx->QP };
    int len = 0, i, ret;

    for (i = 7; i >= 0; i--) {
        TACIT_CHK_ADD(len, write_mpi(p, start, parts[i]));
    }
    TACIT_CHK_ADD(len, tacit_asn1_write_int(p, start, 0));
    TACIT_CHK_ADD(len, tacit_asn1_write_header(p, start, TACIT_ASN1_SEQUENCE, (size_t)len));
    return len;
cleanup:
    return ret;
}

static const unsigned char null_params[2] = { TACIT_ASN1_NULL, 0x00 };

/* rsaEncryption with NULL parameters: the envelope of every key but id-RSASSA-PSS ones */
static const tacit_rsa_key_alg rsa_encryption = { (const unsigned char *)TACIT_OID_RSA_ENCRYPTION,
                                                  TACIT_OID_LEN(TACIT_OID_RSA_ENCRYPTION),
                                                  null_params, sizeof(null_params) };

/*
 * Encode into a fresh heap buffer (its size bounded by the key size) and
 * copy to out if it fits.  *olen = the length, also when out is too small.
 * The PKCS#8 / SPKI envelope names alg.
 */
static int write_der(const tacit_rsa_context *ctx, int private_key, tacit_key_format format,
                     const tacit_rsa_key_alg *alg, unsigned char *out, size_t osize, size_t *olen,
                     unsigned char **der_out)
{
    size_t cap;
    unsigned char *buf, *p;
    int len, added, ret;

    if (ctx == NULL || olen == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (private_key ? !ctx->is_private : ctx->cache == NULL) {
        return private_key ? TACIT_ERR_NO_PRIVATE_KEY : TACIT_ERR_RSA_KEY_CHECK_FAILED;
    }
    if (private_key ? (format != TACIT_KEY_FORMAT_PKCS1 && format != TACIT_KEY_FORMAT_PKCS8)
                    : (format != TACIT_KEY_FORMAT_PKCS1 && format != TACIT_KEY_FORMAT_SPKI)) {
        return TACIT_ERR_BAD_INPUT;
    }
    cap = 9 * (ctx->len + 8) + tacit_mpi_size(&ctx->E) + 128 + alg->params_len;
    buf = (unsigned char *)tacit_platform_calloc(1, cap);
    if (buf == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    p = buf + cap;
    len = private_key ? write_pkcs1_priv(&p, buf, ctx) : write_pkcs1_pub(&p, buf, ctx);
    if (len >= 0 && format != TACIT_KEY_FORMAT_PKCS1) {
        added = private_key ? tacit_asn1_write_pkcs8(&p, buf, alg->oid, alg->oid_len, alg->params,
                                                     alg->params_len, (size_t)len)
                            : tacit_asn1_write_spki(&p, buf, alg->oid, alg->oid_len, alg->params,
                                                    alg->params_len, (size_t)len);
        len = added < 0 ? added : len + added;
    }
    if (len < 0) {
        ret = len == TACIT_ERR_BUFFER_TOO_SMALL ? TACIT_ERR_RSA_KEY_CHECK_FAILED : len;
        goto cleanup;
    }
    *olen = (size_t)len;
    if (der_out != NULL) {
        /* hand the DER to the PEM writer: move it to the front of buf */
        memmove(buf, p, (size_t)len);
        tacit_platform_zeroize(buf + len, cap - (size_t)len);
        *der_out = buf;
        return 0;
    }
    if (out == NULL || (size_t)len > osize) {
        ret = TACIT_ERR_BUFFER_TOO_SMALL;
        goto cleanup;
    }
    memcpy(out, p, (size_t)len);
    ret = 0;
cleanup:
    tacit_platform_zeroize(buf, cap);
    tacit_platform_free(buf);
    return ret;
}

static int write_pem(const tacit_rsa_context *ctx, int private_key, tacit_key_format format,
                     unsigned char *out, size_t osize, size_t *olen)
{
    unsigned char *der = NULL;
    size_t dlen = 0;
    const char *label;
    int ret;

    if (olen == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = write_der(ctx, private_key, format, &rsa_encryption, NULL, 0, &dlen, &der)) != 0) {
        return ret;
    }
    if (format == TACIT_KEY_FORMAT_PKCS1) {
        label = private_key ? LABEL_PKCS1_PRIV : LABEL_PKCS1_PUB;
    } else {
        label = private_key ? LABEL_PKCS8 : LABEL_SPKI;
    }
    ret = tacit_pem_write(label, der, dlen, out, osize, olen);
    if (ret != 0 && out != NULL) {
        tacit_platform_zeroize(out, osize);
    }
    /* write_der zeroized the rest of its buffer already */
    tacit_platform_zeroize(der, dlen);
    tacit_platform_free(der);
    return ret;
}

int tacit_rsa_write_key_der(const tacit_rsa_context *ctx, tacit_key_format format,
                            unsigned char *out, size_t out_size, size_t *out_len)
{
    return write_der(ctx, 1, format, &rsa_encryption, out, out_size, out_len, NULL);
}

int tacit_rsa_write_key_pem(const tacit_rsa_context *ctx, tacit_key_format format,
                            unsigned char *out, size_t out_size, size_t *out_len)
{
    return write_pem(ctx, 1, format, out, out_size, out_len);
}

int tacit_rsa_write_public_key_der(const tacit_rsa_context *ctx, tacit_key_format format,
                                   unsigned char *out, size_t out_size, size_t *out_len)
{
    return write_der(ctx, 0, format, &rsa_encryption, out, out_size, out_len, NULL);
}

int tacit_rsa_write_der_as(const tacit_rsa_context *ctx, int private_key, tacit_key_format format,
                           const tacit_rsa_key_alg *alg, unsigned char *out, size_t osize,
                           size_t *olen)
{
    if (alg == NULL || (alg->params == NULL && alg->params_len != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    return write_der(ctx, private_key, format, alg, out, osize, olen, NULL);
}

int tacit_rsa_write_public_key_pem(const tacit_rsa_context *ctx, tacit_key_format format,
                                   unsigned char *out, size_t out_size, size_t *out_len)
{
    return write_pem(ctx, 0, format, out, out_size, out_len);
}

#else
typedef int tacit_rsa_keys_unused;
#endif /* TACIT_RSA_C */
