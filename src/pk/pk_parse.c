/*
 * Key format detection and dispatch to the rsa and ecp parsers (see pk.h).
 *
 * Nothing secret is decided here: which format and which algorithm a key
 * file holds is public (the envelope and the OIDs).  The private key bytes
 * themselves go straight to tacit_rsa_parse_key_der / tacit_ecp_parse_key_der,
 * which handle them in constant flow.  The PEM body is decoded by the
 * constant-flow base64 decoder and zeroized by tacit_pem_block_free.
 */
#include "tacit/pk.h"

#if defined(TACIT_PK_C)

#include <string.h>

#include "tacit/asn1.h"
#include "tacit/pem.h"
#include "core/constant_time_internal.h"
#include "core/platform_internal.h"
#include "pk/pk_internal.h"

#if defined(TACIT_ECP_C)
#include "tacit/ecdsa.h"
#include "ec/ecp_internal.h"
#endif
#if defined(TACIT_RSA_C)
#include "rsa/rsa_internal.h"
#endif
#if defined(TACIT_ED25519_C) || defined(TACIT_X25519_C)
#include "curve25519/curve25519_keys.h"
#endif

#define WANT_PUBLIC 1
#define WANT_PRIVATE 2
#define WANT_ANY (WANT_PUBLIC | WANT_PRIVATE)

/* Which algorithm a PKCS#8/SPKI OID names; *pss set for id-RSASSA-PSS. */
static tacit_pk_type type_of_oid(const tacit_asn1_buf *oid, int *pss)
{
    *pss = 0;
    if (TACIT_OID_EQUAL(TACIT_OID_RSA_ENCRYPTION, oid->p, oid->len)) {
        return TACIT_PK_RSA;
    }
    if (TACIT_OID_EQUAL(TACIT_OID_RSASSA_PSS, oid->p, oid->len)) {
        *pss = 1;
        return TACIT_PK_RSA;
    }
    if (TACIT_OID_EQUAL(TACIT_OID_EC_PUBLIC_KEY, oid->p, oid->len)) {
        return TACIT_PK_EC;
    }
    if (TACIT_OID_EQUAL(TACIT_OID_ED25519, oid->p, oid->len)) {
        return TACIT_PK_ED25519;
    }
    if (TACIT_OID_EQUAL(TACIT_OID_X25519, oid->p, oid->len)) {
        return TACIT_PK_X25519;
    }
    return tacit_pk_pq_type_of_oid(oid);
}

#if defined(TACIT_ED25519_C) || defined(TACIT_X25519_C)
/* RFC 8410 keys: the 32 bytes from the envelope, then the module's raw-key loader. */
static int parse_curve25519(tacit_pk_context *ctx, tacit_pk_type type, int priv,
                            const unsigned char *der, size_t len)
{
    unsigned char key[32], given[32];
    const unsigned char *derived = NULL;
    unsigned char oid =
        type == TACIT_PK_ED25519 ? TACIT_CURVE25519_OID_ED25519 : TACIT_CURVE25519_OID_X25519;
    int has_pub = 0;
    int ret = priv ? tacit_curve25519_parse_pkcs8(oid, der, len, key, given, &has_pub)
                   : tacit_curve25519_parse_spki(oid, der, len, key);

    ctx->type = type;
    if (ret == 0) {
        ret = TACIT_ERR_PK_UNKNOWN_KEY;
#if defined(TACIT_ED25519_C)
        if (type == TACIT_PK_ED25519) {
            ret = priv ? tacit_ed25519_key_from_seed(&ctx->u.ed25519, key, 32)
                       : tacit_ed25519_key_from_public(&ctx->u.ed25519, key, 32);
            derived = ctx->u.ed25519.pub;
        }
#endif
#if defined(TACIT_X25519_C)
        if (type == TACIT_PK_X25519) {
            ret = priv ? tacit_x25519_key_from_private(&ctx->u.x25519, key, 32)
                       : tacit_x25519_key_from_public(&ctx->u.x25519, key, 32);
            derived = ctx->u.x25519.pub;
        }
#endif
        /* a version 1 PKCS#8 public key must be the private key's (a public value) */
        if (ret == 0 && has_pub && derived != NULL) {
            tacit_ct_declassify(derived, 32);
            if (memcmp(derived, given, 32) != 0) {
                ret = TACIT_ERR_CURVE25519_BAD_KEY;
            }
        }
    }
    tacit_platform_zeroize(key, sizeof(key));
    return ret;
}
#endif

#if defined(TACIT_RSA_C) || defined(TACIT_ECP_C)
/* given[0 .. len) equals the public key written by ctx's module (1: yes, 0: no, < 0: error). */
static int same_public(const tacit_pk_context *ctx, const unsigned char *given, size_t len)
{
    unsigned char *mine = NULL;
    size_t need = 0;
    int ret = TACIT_ERR_PK_UNKNOWN_KEY, same = 0;

#if defined(TACIT_RSA_C)
    if (ctx->type == TACIT_PK_RSA) {
        /* the RSAPublicKey of the key's n and e (DER: one encoding for each pair) */
        ret = tacit_rsa_write_public_key_der(&ctx->u.rsa, TACIT_KEY_FORMAT_PKCS1, NULL, 0, &need);
        if (ret != TACIT_ERR_BUFFER_TOO_SMALL) {
            return ret;
        }
        if (need != len) {
            return 0;
        }
        if ((mine = (unsigned char *)tacit_platform_calloc(1, need)) == NULL) {
            return TACIT_ERR_ALLOC_FAILED;
        }
        ret =
            tacit_rsa_write_public_key_der(&ctx->u.rsa, TACIT_KEY_FORMAT_PKCS1, mine, need, &need);
        if (ret == 0) {
            tacit_ct_declassify(mine, need);
            same = memcmp(mine, given, len) == 0;
        }
    }
#endif
#if defined(TACIT_ECP_C)
    if (ctx->type == TACIT_PK_EC) {
        /* the point Q, uncompressed or compressed (RFC 5480 allows both) */
        unsigned char pt[TACIT_ECP_MAX_PT_LEN];
        int compressed;
        for (compressed = 0; compressed < 2 && !same; compressed++) {
            ret = tacit_ecp_write_public_point(&ctx->u.ec, compressed, pt, sizeof(pt), &need);
            if (ret != 0) {
                return ret;
            }
            tacit_ct_declassify(pt, need);
            same = need == len && memcmp(pt, given, len) == 0;
        }
    }
#endif
    tacit_platform_free(mine);
    return ret != 0 ? ret : same;
}

/*
 * RFC 5958: a version 1 OneAsymmetricKey may carry publicKey [1] after the
 * privateKey and the attributes [0] (their shape checked by
 * tacit_asn1_get_pkcs8).  For RSA and EC keys it must be the private key's
 * own public key, bit for bit, with no unused bits; otherwise the key is
 * refused with its module's bad-key error (TACIT_ERR_RSA_KEY_CHECK_FAILED,
 * TACIT_ERR_ECP_INVALID_KEY, as for an EC key whose SEC1 publicKey is not
 * d*G).  The project's rule: the public half of a private key is public, so
 * both sides are declassified and compared openly.
 */
static int check_pkcs8_public(const tacit_pk_context *ctx, const tacit_asn1_key_info *info,
                              const unsigned char *end)
{
    const unsigned char *p = info->key.p + info->key.len;
    tacit_asn1_buf b;
    int bad =
        ctx->type == TACIT_PK_RSA ? TACIT_ERR_RSA_KEY_CHECK_FAILED : TACIT_ERR_ECP_INVALID_KEY;
    int ret;

    if (tacit_asn1_peek_tag(p, end, TACIT_ASN1_CONTEXT_EXPLICIT(0)) &&
        tacit_asn1_get_any(&p, end, &b) != 0) {
        return bad;
    }
    if (!tacit_asn1_peek_tag(p, end, TACIT_ASN1_CONTEXT_IMPLICIT(1))) {
        return 0; /* version 0, or version 1 without the public key */
    }
    if (tacit_asn1_get_any(&p, end, &b) != 0 || b.len < 2 || b.p[0] != 0) {
        return bad; /* empty, or unused bits */
    }
    tacit_ct_declassify(b.p, b.len);
    ret = same_public(ctx, b.p + 1, b.len - 1);
    return ret < 0 ? ret : ret == 1 ? 0 : bad;
}
#endif

/* Parse DER through one module into ctx (already empty). */
static int parse_as(tacit_pk_context *ctx, tacit_pk_type type, int priv, const unsigned char *der,
                    size_t len)
{
    int ret = TACIT_ERR_PK_UNKNOWN_KEY;

#if defined(TACIT_RSA_C)
    if (type == TACIT_PK_RSA) {
        tacit_rsa_init(&ctx->u.rsa);
        ctx->type = TACIT_PK_RSA;
        ret = priv ? tacit_rsa_parse_key_der(&ctx->u.rsa, der, len)
                   : tacit_rsa_parse_public_key_der(&ctx->u.rsa, der, len);
    }
#endif
#if defined(TACIT_ECP_C)
    if (type == TACIT_PK_EC) {
        tacit_ecp_keypair_init(&ctx->u.ec);
        ctx->type = TACIT_PK_EC;
        ret = priv ? tacit_ecp_parse_key_der(&ctx->u.ec, der, len)
                   : tacit_ecp_parse_public_key_der(&ctx->u.ec, der, len);
    }
#endif
#if defined(TACIT_ED25519_C) || defined(TACIT_X25519_C)
    if (type == TACIT_PK_ED25519 || type == TACIT_PK_X25519) {
        ret = parse_curve25519(ctx, type, priv, der, len);
    }
#endif
    if (ret != 0) {
        tacit_pk_free(ctx);
        return ret;
    }
    ctx->is_private = priv;
    return 0;
}

/* Is err only "this is not this module's kind of key" (try the next format)? */
static int is_wrong_kind(int err)
{
    if (err == TACIT_ERR_ASN1_UNEXPECTED_TAG || err == TACIT_ERR_PK_UNKNOWN_KEY) {
        return 1;
    }
#if defined(TACIT_RSA_C)
    if (err == TACIT_ERR_RSA_WRONG_KEY_TYPE) {
        return 1;
    }
#endif
#if defined(TACIT_ECP_C)
    if (err == TACIT_ERR_ECP_KEY_FORMAT) {
        return 1;
    }
#endif
    return 0;
}

/* Re-encode a SEQUENCE's header in front of its contents (len + 4 <= room, checked by the
 * caller); returns the DER length. */
static size_t keep_params(unsigned char *out, const tacit_asn1_buf *params)
{
    size_t h = 0;

    out[h++] = TACIT_ASN1_SEQUENCE;
    if (params->len >= 0x80) {
        out[h++] = 0x81;
    }
    out[h++] = (unsigned char)params->len;
    memcpy(out + h, params->p, params->len);
    return h + params->len;
}

/* An envelope (PKCS#8 or SPKI) whose OID names the module. */
static int parse_envelope(tacit_pk_context *ctx, const tacit_asn1_key_info *info, int priv,
                          const unsigned char *der, size_t len)
{
    int pss, ret;
    tacit_pk_type type = type_of_oid(&info->alg, &pss);

    if (type == TACIT_PK_NONE) {
        return TACIT_ERR_PK_UNKNOWN_KEY;
    }
    if (type == TACIT_PK_MLKEM || type == TACIT_PK_MLDSA) {
        return tacit_pk_pq_parse(ctx, info, priv, der + len);
    }
    if (pss && info->params.tag != 0 &&
        (info->params.tag != TACIT_ASN1_SEQUENCE ||
         info->params.len + 4 > sizeof(ctx->rsa_pss_params))) {
        return TACIT_ERR_PK_KEY_FORMAT;
    }
    ret = parse_as(ctx, type, priv, der, len);
#if defined(TACIT_RSA_C) || defined(TACIT_ECP_C)
    if (ret == 0 && priv && (type == TACIT_PK_RSA || type == TACIT_PK_EC)) {
        ret = check_pkcs8_public(ctx, info, der + len);
        if (ret != 0) {
            tacit_pk_free(ctx);
            return ret;
        }
    }
#endif
    if (ret == 0) {
        ctx->rsa_pss_key = pss;
        if (pss && info->params.tag != 0) {
            tacit_pk_sig_alg lim;
            ctx->rsa_pss_params_len = keep_params(ctx->rsa_pss_params, &info->params);
            /* malformed or unsupported RSASSA-PSS-params: the key is refused, not widened */
            if (tacit_pk_rsa_pss_limits(ctx, &lim) != 0) {
                tacit_pk_free(ctx);
                return TACIT_ERR_PK_KEY_FORMAT;
            }
        }
    }
    return ret;
}

static int parse_der(tacit_pk_context *ctx, const unsigned char *der, size_t len, int want)
{
    tacit_asn1_key_info info;
    int ret, best = TACIT_ERR_PK_KEY_FORMAT;

    if (tacit_asn1_parse_pkcs8(der, len, &info) == 0) {
        return (want & WANT_PRIVATE) ? parse_envelope(ctx, &info, 1, der, len)
                                     : TACIT_ERR_PK_KEY_FORMAT;
    }
    if (tacit_asn1_parse_spki(der, len, &info) == 0) {
        return (want & WANT_PUBLIC) ? parse_envelope(ctx, &info, 0, der, len)
                                    : TACIT_ERR_PK_KEY_FORMAT;
    }
    /* the bare forms: PKCS#1 private, SEC1 private, PKCS#1 public */
    if (want & WANT_PRIVATE) {
        if ((ret = parse_as(ctx, TACIT_PK_RSA, 1, der, len)) == 0) {
            return 0;
        }
        if (!is_wrong_kind(ret)) {
            best = ret;
        }
        if ((ret = parse_as(ctx, TACIT_PK_EC, 1, der, len)) == 0) {
            return 0;
        }
        if (!is_wrong_kind(ret) && best == TACIT_ERR_PK_KEY_FORMAT) {
            best = ret;
        }
    }
    if (want & WANT_PUBLIC) {
        if ((ret = parse_as(ctx, TACIT_PK_RSA, 0, der, len)) == 0) {
            return 0;
        }
        if (!is_wrong_kind(ret) && best == TACIT_ERR_PK_KEY_FORMAT) {
            best = ret;
        }
    }
    return best;
}

/*
 * A decoded PEM block.  The label must match the contents: the PKCS#1 and
 * SEC1 labels hold the bare key, never an SPKI or PKCS#8 envelope (OpenSSL 3
 * ignores the label; tacit does not).
 */
static int parse_pem_block(tacit_pk_context *ctx, const tacit_pem_block *block, int want)
{
    const char *label = block->label;
    const unsigned char *der = block->der;
    size_t len = block->der_len;
    tacit_asn1_key_info info;
    int priv, ret;

    if (strcmp(label, "PRIVATE KEY") == 0) {
        priv = 1;
        if (tacit_asn1_parse_pkcs8(der, len, &info) != 0) {
            return TACIT_ERR_PK_KEY_FORMAT;
        }
    } else if (strcmp(label, "PUBLIC KEY") == 0) {
        priv = 0;
        if (tacit_asn1_parse_spki(der, len, &info) != 0) {
            return TACIT_ERR_PK_KEY_FORMAT;
        }
    } else if (strcmp(label, "RSA PRIVATE KEY") == 0 || strcmp(label, "RSA PUBLIC KEY") == 0 ||
               strcmp(label, "EC PRIVATE KEY") == 0) {
        tacit_pk_type type = label[0] == 'R' ? TACIT_PK_RSA : TACIT_PK_EC;
        priv = strstr(label, "PRIVATE") != NULL;
        if (tacit_asn1_parse_pkcs8(der, len, &info) == 0 ||
            tacit_asn1_parse_spki(der, len, &info) == 0) {
            return TACIT_ERR_PK_KEY_FORMAT;
        }
        if (!(want & (priv ? WANT_PRIVATE : WANT_PUBLIC))) {
            return TACIT_ERR_PK_KEY_FORMAT;
        }
        ret = parse_as(ctx, type, priv, der, len);
        return ret == TACIT_ERR_PK_UNKNOWN_KEY ? TACIT_ERR_NOT_SUPPORTED : ret;
    } else if (strcmp(label, "ENCRYPTED PRIVATE KEY") == 0) {
        return TACIT_ERR_PK_ENCRYPTED;
    } else {
        return TACIT_ERR_PK_UNKNOWN_KEY;
    }
    if (!(want & (priv ? WANT_PRIVATE : WANT_PUBLIC))) {
        return TACIT_ERR_PK_KEY_FORMAT;
    }
    return parse_envelope(ctx, &info, priv, der, len);
}

static int parse_pem(tacit_pk_context *ctx, const unsigned char *text, size_t len, int want)
{
    size_t off = 0, consumed = 0;
    tacit_pem_block block;
    int ret;

    memset(&block, 0, sizeof(block));
    for (;;) {
        ret = tacit_pem_read(NULL, text + off, len - off, &block, &consumed);
        if (ret != 0) {
            return ret;
        }
        if (strcmp(block.label, "EC PARAMETERS") != 0) {
            break;
        }
        tacit_pem_block_free(&block);
        off += consumed;
    }
    ret = parse_pem_block(ctx, &block, want);
    tacit_pem_block_free(&block);
    return ret;
}

static int parse(tacit_pk_context *ctx, const unsigned char *in, size_t len, int want)
{
    int ret;

    if (ctx == NULL || in == NULL || len == 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    tacit_pk_free(ctx);
    /* DER keys start with a SEQUENCE; anything else is taken for PEM text */
    ret = in[0] == 0x30 ? parse_der(ctx, in, len, want) : parse_pem(ctx, in, len, want);
    if (ret != 0) {
        tacit_pk_free(ctx);
    }
    return ret;
}

int tacit_pk_parse_key(tacit_pk_context *ctx, const unsigned char *in, size_t len)
{
    return parse(ctx, in, len, WANT_ANY);
}

int tacit_pk_parse_public_key(tacit_pk_context *ctx, const unsigned char *in, size_t len)
{
    return parse(ctx, in, len, WANT_PUBLIC);
}

int tacit_pk_parse_private_key(tacit_pk_context *ctx, const unsigned char *in, size_t len)
{
    return parse(ctx, in, len, WANT_PRIVATE);
}

#else
typedef int tacit_pk_parse_unused;
#endif /* TACIT_PK_C */
