/*
 * X25519 and Ed25519 keys in the RFC 8410 envelopes:
 *   SubjectPublicKeyInfo: SEQUENCE { SEQUENCE { OID }, BIT STRING (32 bytes) }
 *   PKCS#8 PrivateKeyInfo: SEQUENCE { INTEGER 0, SEQUENCE { OID },
 *                                     OCTET STRING { OCTET STRING (32 bytes) } }
 * with id-X25519 = 1.3.101.110 and id-Ed25519 = 1.3.101.112 and the
 * parameters absent (RFC 8410 section 3).  The writers produce exactly the
 * bytes OpenSSL writes (version 0, no public key in the PKCS#8); the readers
 * also take RFC 5958 version 1 with the optional public key, which must be
 * the one derived from the private key (a mismatch is refused, as for SEC1
 * EC keys).  DER only: tacit_pk
 * (src/pk) is the one door, and adds PEM, for both key types.
 */
#include "tacit/config.h"

#if (defined(TACIT_X25519_C) || defined(TACIT_ED25519_C)) && defined(TACIT_ASN1_C)

#include <string.h>

#include "tacit/asn1.h"
#include "tacit/error.h"
#include "tacit/key_format.h"
#include "tacit/platform.h"
#include "curve25519/curve25519_keys.h"

/* The fixed DER prefixes (RFC 8410 section 10 shows the same bytes). */
static const unsigned char SPKI_PREFIX[12] = {
    0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x00, 0x03, 0x21, 0x00,
};
static const unsigned char PKCS8_PREFIX[16] = {
    0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x00, 0x04, 0x22, 0x04, 0x20,
};
#define SPKI_LEN (sizeof(SPKI_PREFIX) + 32)
#define PKCS8_LEN (sizeof(PKCS8_PREFIX) + 32)

/* The OID 1.3.101.x: 2b 65 x. */
static int is_oid(const tacit_asn1_buf *oid, unsigned char last)
{
    return oid->len == 3 && oid->p[0] == 0x2b && oid->p[1] == 0x65 && oid->p[2] == last;
}

int tacit_curve25519_parse_spki(unsigned char oid_last, const unsigned char *der, size_t len,
                                unsigned char pub[32])
{
    tacit_asn1_key_info info;
    int ret;

    if (der == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    ret = tacit_asn1_parse_spki(der, len, &info);
    if (ret != 0) {
        return ret;
    }
    if (!is_oid(&info.alg, oid_last) || info.params.p != NULL || info.params.tag != 0 ||
        info.key.len != 32) {
        return TACIT_ERR_CURVE25519_BAD_KEY;
    }
    memcpy(pub, info.key.p, 32);
    return 0;
}

int tacit_curve25519_parse_pkcs8(unsigned char oid_last, const unsigned char *der, size_t len,
                                 unsigned char priv[32], unsigned char pub[32], int *has_pub)
{
    tacit_asn1_key_info info;
    tacit_asn1_buf b;
    const unsigned char *p, *data;
    size_t dlen;
    int ret;

    if (der == NULL || has_pub == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    *has_pub = 0;
    ret = tacit_asn1_parse_pkcs8(der, len, &info);
    if (ret != 0) {
        return ret;
    }
    if (!is_oid(&info.alg, oid_last) || info.params.p != NULL || info.params.tag != 0) {
        return TACIT_ERR_CURVE25519_BAD_KEY;
    }
    /* CurvePrivateKey ::= OCTET STRING, inside the privateKey OCTET STRING */
    p = info.key.p;
    ret = tacit_asn1_get_octet_string(&p, info.key.p + info.key.len, &data, &dlen);
    if (ret == 0) {
        ret = tacit_asn1_expect_end(p, info.key.p + info.key.len);
    }
    if (ret != 0) {
        return ret;
    }
    if (dlen != 32) {
        return TACIT_ERR_CURVE25519_BAD_KEY;
    }
    /*
     * What follows the privateKey (the envelope's shape is already checked):
     * attributes [0], then in version 1 the publicKey [1], which must be a
     * whole 32-byte key (the caller compares it with the derived one).
     */
    p = info.key.p + info.key.len;
    if (tacit_asn1_peek_tag(p, der + len, TACIT_ASN1_CONTEXT_EXPLICIT(0)) &&
        tacit_asn1_get_any(&p, der + len, &b) != 0) {
        return TACIT_ERR_CURVE25519_BAD_KEY;
    }
    if (tacit_asn1_peek_tag(p, der + len, TACIT_ASN1_CONTEXT_IMPLICIT(1))) {
        if (tacit_asn1_get_any(&p, der + len, &b) != 0 || b.len != 33 || b.p[0] != 0) {
            return TACIT_ERR_CURVE25519_BAD_KEY;
        }
        memcpy(pub, b.p + 1, 32);
        *has_pub = 1;
    }
    memcpy(priv, data, 32);
    return 0;
}

int tacit_curve25519_write(unsigned char oid_last, tacit_key_format format,
                           const unsigned char key[32], unsigned char *out, size_t out_size,
                           size_t *out_len)
{
    unsigned char der[PKCS8_LEN];
    size_t der_len;
    int ret;

    if (out_len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (format == TACIT_KEY_FORMAT_SPKI) {
        memcpy(der, SPKI_PREFIX, sizeof(SPKI_PREFIX));
        der[8] = oid_last;
        memcpy(der + sizeof(SPKI_PREFIX), key, 32);
        der_len = SPKI_LEN;
    } else if (format == TACIT_KEY_FORMAT_PKCS8) {
        memcpy(der, PKCS8_PREFIX, sizeof(PKCS8_PREFIX));
        der[11] = oid_last;
        memcpy(der + sizeof(PKCS8_PREFIX), key, 32);
        der_len = PKCS8_LEN;
    } else {
        return TACIT_ERR_BAD_INPUT;
    }
    *out_len = der_len;
    if (out == NULL || out_size < der_len) {
        ret = TACIT_ERR_BUFFER_TOO_SMALL;
    } else {
        memcpy(out, der, der_len);
        ret = 0;
    }
    tacit_platform_zeroize(der, sizeof(der));
    return ret;
}

#endif /* (TACIT_X25519_C || TACIT_ED25519_C) && TACIT_ASN1_C */
