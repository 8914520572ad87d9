/*
 * The key envelopes shared by RSA and ECC: AlgorithmIdentifier,
 * SubjectPublicKeyInfo (RFC 5280 4.1) and PKCS#8 PrivateKeyInfo /
 * OneAsymmetricKey (RFC 5208, RFC 5958).  Readers only; the writers are in
 * asn1_write.c.
 */
#include "tacit/asn1.h"

#if defined(TACIT_ASN1_C)

static const tacit_asn1_buf absent = { 0, NULL, 0 };

int tacit_asn1_get_alg(const unsigned char **p, const unsigned char *end, tacit_asn1_buf *oid,
                       tacit_asn1_buf *params)
{
    int ret;
    size_t len;
    const unsigned char *seq_end;
    tacit_asn1_buf o, par = absent;

    if (oid == NULL || params == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = tacit_asn1_get_tag(p, end, &len, TACIT_ASN1_SEQUENCE)) != 0) {
        return ret;
    }
    seq_end = *p + len;
    o.tag = TACIT_ASN1_OID;
    if ((ret = tacit_asn1_get_oid(p, seq_end, &o.p, &o.len)) != 0) {
        return ret;
    }
    if (*p != seq_end) {
        if ((ret = tacit_asn1_get_any(p, seq_end, &par)) != 0) {
            return ret;
        }
        if (par.tag == TACIT_ASN1_NULL && par.len != 0) {
            return TACIT_ERR_ASN1_INVALID_DATA;
        }
    }
    if ((ret = tacit_asn1_expect_end(*p, seq_end)) != 0) {
        return ret;
    }
    *oid = o;
    *params = par;
    return 0;
}

int tacit_asn1_get_spki(const unsigned char **p, const unsigned char *end,
                        tacit_asn1_key_info *info)
{
    int ret;
    size_t len;
    const unsigned char *seq_end;
    tacit_asn1_key_info k;

    if (info == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = tacit_asn1_get_tag(p, end, &len, TACIT_ASN1_SEQUENCE)) != 0) {
        return ret;
    }
    seq_end = *p + len;
    if ((ret = tacit_asn1_get_alg(p, seq_end, &k.alg, &k.params)) != 0) {
        return ret;
    }
    k.key.tag = TACIT_ASN1_BIT_STRING;
    if ((ret = tacit_asn1_get_bitstring_bytes(p, seq_end, &k.key.p, &k.key.len)) != 0) {
        return ret;
    }
    if ((ret = tacit_asn1_expect_end(*p, seq_end)) != 0) {
        return ret;
    }
    *info = k;
    return 0;
}

int tacit_asn1_get_pkcs8(const unsigned char **p, const unsigned char *end,
                         tacit_asn1_key_info *info)
{
    int ret, version;
    size_t len;
    const unsigned char *seq_end;
    tacit_asn1_key_info k;
    tacit_asn1_buf skip;

    if (info == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = tacit_asn1_get_tag(p, end, &len, TACIT_ASN1_SEQUENCE)) != 0) {
        return ret;
    }
    seq_end = *p + len;
    if ((ret = tacit_asn1_get_int(p, seq_end, &version)) != 0) {
        return ret;
    }
    if (version != 0 && version != 1) {
        return TACIT_ERR_ASN1_UNSUPPORTED;
    }
    if ((ret = tacit_asn1_get_alg(p, seq_end, &k.alg, &k.params)) != 0) {
        return ret;
    }
    k.key.tag = TACIT_ASN1_OCTET_STRING;
    if ((ret = tacit_asn1_get_octet_string(p, seq_end, &k.key.p, &k.key.len)) != 0) {
        return ret;
    }
    /* attributes [0] IMPLICIT SET OF Attribute: not interpreted */
    if (tacit_asn1_peek_tag(*p, seq_end, TACIT_ASN1_CONTEXT_EXPLICIT(0))) {
        if ((ret = tacit_asn1_get_any(p, seq_end, &skip)) != 0) {
            return ret;
        }
    }
    /* publicKey [1] IMPLICIT BIT STRING, only in version 1 (v2 of RFC 5958) */
    if (version == 1 && tacit_asn1_peek_tag(*p, seq_end, TACIT_ASN1_CONTEXT_IMPLICIT(1))) {
        if ((ret = tacit_asn1_get_any(p, seq_end, &skip)) != 0) {
            return ret;
        }
        if (skip.len == 0 || skip.p[0] > 7) {
            return TACIT_ERR_ASN1_INVALID_DATA;
        }
    }
    if ((ret = tacit_asn1_expect_end(*p, seq_end)) != 0) {
        return ret;
    }
    *info = k;
    return 0;
}

int tacit_asn1_parse_spki(const unsigned char *der, size_t len, tacit_asn1_key_info *info)
{
    const unsigned char *p = der;
    int ret;

    if (der == NULL) {
        return len == 0 ? TACIT_ERR_ASN1_OUT_OF_DATA : TACIT_ERR_BAD_INPUT;
    }
    if ((ret = tacit_asn1_get_spki(&p, der + len, info)) != 0) {
        return ret;
    }
    return tacit_asn1_expect_end(p, der + len);
}

int tacit_asn1_parse_pkcs8(const unsigned char *der, size_t len, tacit_asn1_key_info *info)
{
    const unsigned char *p = der;
    int ret;

    if (der == NULL) {
        return len == 0 ? TACIT_ERR_ASN1_OUT_OF_DATA : TACIT_ERR_BAD_INPUT;
    }
    if ((ret = tacit_asn1_get_pkcs8(&p, der + len, info)) != 0) {
        return ret;
    }
    return tacit_asn1_expect_end(p, der + len);
}

#else
typedef int tacit_asn1_keys_unused;
#endif /* TACIT_ASN1_C */
