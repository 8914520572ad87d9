/*
 * EC key files, DER: SEC1 ECPrivateKey (RFC 5915), PKCS#8 PrivateKeyInfo
 * with id-ecPublicKey (RFC 5480/5958) and SubjectPublicKeyInfo, named
 * curves only (explicit parameters are rejected as an unknown curve).
 * The PEM wrappers are in ecp_pem.c.
 *
 * Parsing is strict DER (asn1 module); every public point is checked, the
 * private scalar must be in [1, n-1], and a public key stored beside it
 * must equal d*G.  The private key bytes are copied only into the key pair
 * and into buffers that are zeroized.
 */
#include "core/constant_time_internal.h"
#include "ec/ecp_internal.h"
#include "tacit/asn1.h"

#if defined(TACIT_ECP_C) && defined(TACIT_ASN1_C)

#include <string.h>

static const struct {
    tacit_ecp_group_id id;
    const char *oid;
    size_t oidlen;
} curve_oids[] = {
#if defined(TACIT_ECP_SECP256R1_C)
    { TACIT_ECP_SECP256R1, TACIT_OID_SECP256R1, TACIT_OID_LEN(TACIT_OID_SECP256R1) },
#endif
#if defined(TACIT_ECP_SECP384R1_C)
    { TACIT_ECP_SECP384R1, TACIT_OID_SECP384R1, TACIT_OID_LEN(TACIT_OID_SECP384R1) },
#endif
#if defined(TACIT_ECP_SECP521R1_C)
    { TACIT_ECP_SECP521R1, TACIT_OID_SECP521R1, TACIT_OID_LEN(TACIT_OID_SECP521R1) },
#endif
};

/* ECParameters must be a namedCurve OID we know (params: tag + contents). */
static int curve_from_params(const tacit_asn1_buf *params, tacit_ecp_group_id *id)
{
    size_t i;

    if (params->tag != TACIT_ASN1_OID) {
        return TACIT_ERR_ECP_UNKNOWN_CURVE; /* absent, NULL, or explicit parameters */
    }
    for (i = 0; i < sizeof(curve_oids) / sizeof(curve_oids[0]); i++) {
        if (params->len == curve_oids[i].oidlen &&
            memcmp(params->p, curve_oids[i].oid, params->len) == 0) {
            *id = curve_oids[i].id;
            return 0;
        }
    }
    return TACIT_ERR_ECP_UNKNOWN_CURVE;
}

static int curve_oid(tacit_ecp_group_id id, const unsigned char **oid, size_t *oidlen)
{
    size_t i;

    for (i = 0; i < sizeof(curve_oids) / sizeof(curve_oids[0]); i++) {
        if (curve_oids[i].id == id) {
            *oid = (const unsigned char *)curve_oids[i].oid;
            *oidlen = curve_oids[i].oidlen;
            return 0;
        }
    }
    return TACIT_ERR_ECP_UNKNOWN_CURVE;
}

/*
 * ECPrivateKey ::= SEQUENCE { version INTEGER (1), privateKey OCTET STRING,
 *     parameters [0] ECParameters OPTIONAL, publicKey [1] BIT STRING OPTIONAL }
 * outer_id: the curve named by a PKCS#8 envelope, or TACIT_ECP_NONE.
 */
static int parse_ecprivatekey(tacit_ecp_keypair *key, const unsigned char *der, size_t len,
                              tacit_ecp_group_id outer_id)
{
    const unsigned char *p = der, *end = der + len, *seq_end, *d, *pub = NULL;
    size_t l, dlen, publen = 0;
    unsigned char dbuf[TACIT_ECP_MAX_BYTES];
    tacit_ecp_group_id id = outer_id;
    tacit_ecp_keypair tmp;
    const tacit_ecp_curve *c;
    int version, ret;

    if (tacit_asn1_get_tag(&p, end, &l, TACIT_ASN1_SEQUENCE) != 0) {
        return TACIT_ERR_ECP_KEY_FORMAT;
    }
    seq_end = p + l;
    if (tacit_asn1_expect_end(seq_end, end) != 0 ||
        tacit_asn1_get_int(&p, seq_end, &version) != 0 || version != 1 ||
        tacit_asn1_get_octet_string(&p, seq_end, &d, &dlen) != 0) {
        return TACIT_ERR_ECP_KEY_FORMAT;
    }
    if (tacit_asn1_peek_tag(p, seq_end, TACIT_ASN1_CONTEXT_EXPLICIT(0))) {
        const unsigned char *pend;
        tacit_asn1_buf params;
        tacit_ecp_group_id inner;
        if (tacit_asn1_get_tag(&p, seq_end, &l, TACIT_ASN1_CONTEXT_EXPLICIT(0)) != 0) {
            return TACIT_ERR_ECP_KEY_FORMAT;
        }
        pend = p + l;
        if (tacit_asn1_get_any(&p, pend, &params) != 0 || tacit_asn1_expect_end(p, pend) != 0) {
            return TACIT_ERR_ECP_KEY_FORMAT;
        }
        if ((ret = curve_from_params(&params, &inner)) != 0) {
            return ret;
        }
        if (id != TACIT_ECP_NONE && id != inner) {
            return TACIT_ERR_ECP_KEY_FORMAT; /* envelope and key disagree */
        }
        id = inner;
    }
    if (tacit_asn1_peek_tag(p, seq_end, TACIT_ASN1_CONTEXT_EXPLICIT(1))) {
        const unsigned char *pend;
        if (tacit_asn1_get_tag(&p, seq_end, &l, TACIT_ASN1_CONTEXT_EXPLICIT(1)) != 0) {
            return TACIT_ERR_ECP_KEY_FORMAT;
        }
        pend = p + l;
        if (tacit_asn1_get_bitstring_bytes(&p, pend, &pub, &publen) != 0 ||
            tacit_asn1_expect_end(p, pend) != 0) {
            return TACIT_ERR_ECP_KEY_FORMAT;
        }
    }
    if (tacit_asn1_expect_end(p, seq_end) != 0) {
        return TACIT_ERR_ECP_KEY_FORMAT;
    }
    if ((c = tacit_ecp_curve_get(id)) == NULL) {
        return TACIT_ERR_ECP_UNKNOWN_CURVE;
    }
    /* some encoders drop leading zero bytes of d: left-pad */
    if (dlen == 0 || dlen > c->bytes) {
        return TACIT_ERR_ECP_INVALID_KEY;
    }
    memset(dbuf, 0, sizeof(dbuf));
    memcpy(dbuf + c->bytes - dlen, d, dlen);
    tacit_ecp_keypair_init(&tmp);
    ret = tacit_ecp_set_private(&tmp, id, dbuf, c->bytes);
    tacit_platform_zeroize(dbuf, sizeof(dbuf));
    if (ret == 0) {
        /* Q = d*G is the public key: public from here on (it is compared below) */
        tacit_ct_declassify(tmp.Qx, sizeof(tmp.Qx));
        tacit_ct_declassify(tmp.Qy, sizeof(tmp.Qy));
    }
    if (ret == 0 && pub != NULL) {
        tacit_ecp_keypair given;
        tacit_ecp_keypair_init(&given);
        ret = tacit_ecp_set_public(&given, id, pub, publen);
        if (ret == 0 && (memcmp(given.Qx, tmp.Qx, sizeof(tmp.Qx)) != 0 ||
                         memcmp(given.Qy, tmp.Qy, sizeof(tmp.Qy)) != 0)) {
            ret = TACIT_ERR_ECP_INVALID_KEY; /* stored public key is not d*G */
        }
    }
    if (ret == 0) {
        *key = tmp;
    }
    tacit_ecp_keypair_free(&tmp);
    return ret;
}

int tacit_ecp_parse_key_der_format(tacit_ecp_keypair *key, const unsigned char *der, size_t len,
                                   int format)
{
    tacit_asn1_key_info info;
    tacit_ecp_group_id id;
    int ret;

    if (key == NULL || (der == NULL && len != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (format != TACIT_KEY_FORMAT_SEC1 && tacit_asn1_parse_pkcs8(der, len, &info) == 0) {
        if (!TACIT_OID_EQUAL(TACIT_OID_EC_PUBLIC_KEY, info.alg.p, info.alg.len)) {
            return TACIT_ERR_ECP_KEY_FORMAT; /* another algorithm's key */
        }
        if ((ret = curve_from_params(&info.params, &id)) != 0) {
            return ret;
        }
        return parse_ecprivatekey(key, info.key.p, info.key.len, id);
    }
    if (format == TACIT_KEY_FORMAT_PKCS8) {
        return TACIT_ERR_ECP_KEY_FORMAT;
    }
    return parse_ecprivatekey(key, der, len, TACIT_ECP_NONE);
}

int tacit_ecp_parse_key_der(tacit_ecp_keypair *key, const unsigned char *der, size_t len)
{
    return tacit_ecp_parse_key_der_format(key, der, len, -1);
}

int tacit_ecp_parse_public_key_der(tacit_ecp_keypair *key, const unsigned char *der, size_t len)
{
    tacit_asn1_key_info info;
    tacit_ecp_group_id id;
    int ret;

    if (key == NULL || (der == NULL && len != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (tacit_asn1_parse_spki(der, len, &info) != 0) {
        return TACIT_ERR_ECP_KEY_FORMAT;
    }
    if (!TACIT_OID_EQUAL(TACIT_OID_EC_PUBLIC_KEY, info.alg.p, info.alg.len)) {
        return TACIT_ERR_ECP_KEY_FORMAT;
    }
    if ((ret = curve_from_params(&info.params, &id)) != 0) {
        return ret;
    }
    return tacit_ecp_set_public(key, id, info.key.p, info.key.len);
}

/* params_der = 06 len OID */
static int named_curve_der(tacit_ecp_group_id id, unsigned char *buf, size_t *len)
{
    const unsigned char *oid;
    size_t oidlen;
    int ret = curve_oid(id, &oid, &oidlen);

    if (ret != 0) {
        return ret;
    }
    buf[0] = TACIT_ASN1_OID;
    buf[1] = (unsigned char)oidlen;
    memcpy(buf + 2, oid, oidlen);
    *len = oidlen + 2;
    return 0;
}

/*
 * Copy the DER written backwards at p (len bytes) to out, or report the size
 * needed (out NULL or too small).
 */
static int finish(unsigned char *out, size_t out_size, const unsigned char *p, int len,
                  size_t *out_len)
{
    *out_len = (size_t)len;
    if (out == NULL || out_size < (size_t)len) {
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    memcpy(out, p, (size_t)len);
    return 0;
}

int tacit_ecp_write_key_der(const tacit_ecp_keypair *key, tacit_key_format format,
                            unsigned char *out, size_t out_size, size_t *out_len)
{
    unsigned char buf[TACIT_ECP_KEY_DER_MAX];
    unsigned char pt[TACIT_ECP_MAX_PT_LEN], d[TACIT_ECP_MAX_BYTES], params[16];
    size_t ptlen, plen, bytes, dlen;
    unsigned char *p;
    int len = 0, ret, inner;

    if (key == NULL || out_len == NULL ||
        (format != TACIT_KEY_FORMAT_SEC1 && format != TACIT_KEY_FORMAT_PKCS8)) {
        return TACIT_ERR_BAD_INPUT;
    }
    TACIT_CHK(tacit_ecp_write_private(key, d, sizeof(d), &dlen));
    TACIT_CHK(tacit_ecp_write_public_point(key, 0, pt, sizeof(pt), &ptlen));
    TACIT_CHK(named_curve_der(key->grp, params, &plen));
    bytes = tacit_ecp_curve_bytes(key->grp);
    p = buf + sizeof(buf);
    /* publicKey [1] BIT STRING */
    TACIT_CHK_ADD(len, tacit_asn1_write_bitstring(&p, buf, pt, ptlen, 0));
    TACIT_CHK_ADD(len,
                  tacit_asn1_write_header(&p, buf, TACIT_ASN1_CONTEXT_EXPLICIT(1), (size_t)len));
    /* parameters [0]: in SEC1 only (PKCS#8 names the curve in its envelope) */
    if (format == TACIT_KEY_FORMAT_SEC1) {
        int before = len;
        TACIT_CHK_ADD(len, tacit_asn1_write_raw(&p, buf, params, plen));
        TACIT_CHK_ADD(len, tacit_asn1_write_header(&p, buf, TACIT_ASN1_CONTEXT_EXPLICIT(0),
                                                   (size_t)(len - before)));
    }
    TACIT_CHK_ADD(len, tacit_asn1_write_octet_string(&p, buf, d, bytes));
    TACIT_CHK_ADD(len, tacit_asn1_write_int(&p, buf, 1));
    TACIT_CHK_ADD(len, tacit_asn1_write_header(&p, buf, TACIT_ASN1_SEQUENCE, (size_t)len));
    if (format == TACIT_KEY_FORMAT_PKCS8) {
        inner = len;
        TACIT_CHK_ADD(len, tacit_asn1_write_pkcs8(&p, buf,
                                                  (const unsigned char *)TACIT_OID_EC_PUBLIC_KEY,
                                                  TACIT_OID_LEN(TACIT_OID_EC_PUBLIC_KEY), params,
                                                  plen, (size_t)inner));
    }
    ret = finish(out, out_size, p, len, out_len);
cleanup:
    if (ret != 0 && ret != TACIT_ERR_BUFFER_TOO_SMALL && out != NULL) {
        tacit_platform_zeroize(out, out_size);
    }
    tacit_platform_zeroize(buf, sizeof(buf));
    tacit_platform_zeroize(d, sizeof(d));
    return ret;
}

int tacit_ecp_write_public_key_der(const tacit_ecp_keypair *key, tacit_key_format format,
                                   unsigned char *out, size_t out_size, size_t *out_len)
{
    unsigned char buf[TACIT_ECP_KEY_DER_MAX];
    unsigned char pt[TACIT_ECP_MAX_PT_LEN], params[16];
    size_t ptlen, plen;
    unsigned char *p;
    int len = 0, ret;

    if (key == NULL || out_len == NULL || format != TACIT_KEY_FORMAT_SPKI) {
        return TACIT_ERR_BAD_INPUT;
    }
    TACIT_CHK(tacit_ecp_write_public_point(key, 0, pt, sizeof(pt), &ptlen));
    TACIT_CHK(named_curve_der(key->grp, params, &plen));
    p = buf + sizeof(buf);
    TACIT_CHK_ADD(len, tacit_asn1_write_raw(&p, buf, pt, ptlen));
    TACIT_CHK_ADD(
        len, tacit_asn1_write_spki(&p, buf, (const unsigned char *)TACIT_OID_EC_PUBLIC_KEY,
                                   TACIT_OID_LEN(TACIT_OID_EC_PUBLIC_KEY), params, plen, ptlen));
    ret = finish(out, out_size, p, len, out_len);
cleanup:
    return ret;
}

#else
typedef int tacit_ecp_keys_unused;
#endif /* TACIT_ECP_C && TACIT_ASN1_C */
