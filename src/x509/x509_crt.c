/*
 * The X.509 certificate parser (RFC 5280 4.1, 4.2): strict DER, zero copy,
 * no allocation, bounded (the DER's length bounds every loop; nesting is
 * fixed by the grammar).  Certificates are public: nothing here is
 * constant time.
 */
#include "tacit/x509.h"

#if defined(TACIT_X509_C)

#include <string.h>

#include "tacit/asn1.h"
#include "x509/x509_internal.h"

#define BAD TACIT_ERR_X509_INVALID_FORMAT

/* id-ce 2.5.29.x: 55 1d x */
#define OID_CE_PREFIX "\x55\x1d"
#define CE_SUBJECT_KEY_ID 14
#define CE_KEY_USAGE 15
#define CE_SUBJECT_ALT_NAME 17
#define CE_BASIC_CONSTRAINTS 19
#define CE_NAME_CONSTRAINTS 30
#define CE_CERT_POLICIES 32
#define CE_AUTHORITY_KEY_ID 35
#define CE_EXT_KEY_USAGE 37

#define OID_KP_SERVER_AUTH "\x2b\x06\x01\x05\x05\x07\x03\x01" /* 1.3.6.1.5.5.7.3.1 */
#define OID_KP_CLIENT_AUTH "\x2b\x06\x01\x05\x05\x07\x03\x02" /* 1.3.6.1.5.5.7.3.2 */
#define OID_ANY_EKU "\x55\x1d\x25\x00"                        /* 2.5.29.37.0 */
#define OID_PE_AIA "\x2b\x06\x01\x05\x05\x07\x01\x01"         /* 1.3.6.1.5.5.7.1.1 */

/* At most this many extensions in one certificate. */
#define MAX_EXTENSIONS 64

/* Whole-element helper: the next element must be a SEQUENCE; give its contents' end. */
static int seq(const unsigned char **p, const unsigned char *end, const unsigned char **send)
{
    size_t len;

    if (tacit_asn1_get_tag(p, end, &len, TACIT_ASN1_SEQUENCE) != 0) {
        return BAD;
    }
    *send = *p + len;
    return 0;
}

/* ---- extension values ------------------------------------------------------------ */

static int parse_basic_constraints(tacit_x509_crt *crt, const unsigned char *p,
                                   const unsigned char *end)
{
    const unsigned char *send;

    if (seq(&p, end, &send) != 0 || send != end) {
        return BAD;
    }
    crt->ca = 0;
    crt->max_pathlen = -1;
    if (tacit_asn1_peek_tag(p, end, TACIT_ASN1_BOOLEAN)) {
        if (tacit_asn1_get_bool(&p, end, &crt->ca) != 0 || !crt->ca) {
            return BAD; /* DER: the DEFAULT FALSE is never encoded */
        }
    }
    if (p != end) {
        const unsigned char *v;
        size_t vlen, i;
        unsigned long acc = 0;
        /* RFC 5280 4.2.1.9: pathLenConstraint only with cA TRUE; INTEGER (0..MAX) */
        if (!crt->ca || tacit_asn1_get_uint(&p, end, &v, &vlen) != 0) {
            return BAD;
        }
        /* a value of 2^31 or more bounds nothing real: unbounded, as when absent */
        for (i = 0; i < vlen && acc <= 0x7FFFFFul; i++) {
            acc = (acc << 8) | v[i]; /* at most 0x7FFFFFFF: no overflow with 32-bit longs */
        }
        crt->max_pathlen = i == vlen && acc <= 0x7FFFFFFFul ? (int)acc : -1;
    }
    return p == end ? 0 : BAD;
}

static int parse_key_usage(tacit_x509_crt *crt, const unsigned char *p, const unsigned char *end)
{
    const unsigned char *bits;
    size_t n, i;
    int unused;

    if (tacit_asn1_get_bitstring(&p, end, &bits, &n, &unused) != 0 || p != end || n == 0 || n > 2) {
        return BAD;
    }
    crt->key_usage = 0;
    for (i = 0; i < 9 && i < 8 * n; i++) {
        if (bits[i / 8] & (0x80 >> (i % 8))) {
            crt->key_usage |= 1u << i;
        }
    }
    /* at least one bit set (RFC 5280 4.2.1.3) */
    if (crt->key_usage == 0) {
        return BAD;
    }
    return 0;
}

static int parse_ext_key_usage(tacit_x509_crt *crt, const unsigned char *p,
                               const unsigned char *end)
{
    const unsigned char *send, *oid;
    size_t oidlen;

    if (seq(&p, end, &send) != 0 || send != end || p == end) {
        return BAD;
    }
    crt->ext_key_usage = 0;
    while (p < end) {
        if (tacit_asn1_get_oid(&p, end, &oid, &oidlen) != 0) {
            return BAD;
        }
        if (TACIT_OID_EQUAL(OID_KP_SERVER_AUTH, oid, oidlen)) {
            crt->ext_key_usage |= TACIT_X509_EKU_SERVER_AUTH;
        } else if (TACIT_OID_EQUAL(OID_KP_CLIENT_AUTH, oid, oidlen)) {
            crt->ext_key_usage |= TACIT_X509_EKU_CLIENT_AUTH;
        } else if (TACIT_OID_EQUAL(OID_ANY_EKU, oid, oidlen)) {
            crt->ext_key_usage |= TACIT_X509_EKU_ANY;
        } else {
            crt->ext_key_usage |= TACIT_X509_EKU_OTHER;
        }
    }
    return 0;
}

/*
 * One GeneralName (RFC 5280 4.2.1.6): check the forms tacit interprets
 * (dNSName IA5 text, iPAddress 4/16 bytes -- or 8/32 in name constraints --,
 * directoryName a Name); step over the others.
 */
static int check_general_name(const unsigned char **p, const unsigned char *end, int in_nc)
{
    tacit_asn1_buf g;
    size_t i;

    if (tacit_asn1_get_any(p, end, &g) != 0) {
        return BAD;
    }
    switch (g.tag) {
    case 0x81: /* rfc822Name */
    case 0x82: /* dNSName */
    case 0x86: /* URI */
        for (i = 0; i < g.len; i++) {
            if (g.p[i] < 0x20 || g.p[i] > 0x7e) {
                return BAD; /* IA5String, printable */
            }
        }
        return 0;
    case 0x87: /* iPAddress */
        if (in_nc ? (g.len != 8 && g.len != 32) : (g.len != 4 && g.len != 16)) {
            return BAD;
        }
        return 0;
    case 0xA4: { /* directoryName: [4] EXPLICIT Name */
        const unsigned char *q = g.p;
        tacit_asn1_buf name;
        if (tacit_asn1_get_any(&q, g.p + g.len, &name) != 0 || q != g.p + g.len ||
            name.tag != TACIT_ASN1_SEQUENCE) {
            return BAD;
        }
        return tacit_x509_name_check(g.p, g.len);
    }
    case 0xA0: /* otherName */
    case 0xA3: /* x400Address */
    case 0xA5: /* ediPartyName */
    case 0x88: /* registeredID */
        return 0;
    default:
        return BAD;
    }
}

static int parse_san(tacit_x509_crt *crt, const unsigned char *p, const unsigned char *end)
{
    const unsigned char *send;

    if (seq(&p, end, &send) != 0 || send != end || p == end) {
        return BAD;
    }
    crt->san.p = p;
    crt->san.len = (size_t)(end - p);
    while (p < end) {
        if (check_general_name(&p, end, 0) != 0) {
            return BAD;
        }
    }
    return 0;
}

/* GeneralSubtrees: SEQUENCE SIZE (1..MAX) OF SEQUENCE { base, [0] min DEFAULT 0, [1] max } */
static int check_subtrees(const unsigned char *p, const unsigned char *end)
{
    const unsigned char *send;

    if (p == end) {
        return BAD;
    }
    while (p < end) {
        if (seq(&p, end, &send) != 0 || check_general_name(&p, send, 1) != 0) {
            return BAD;
        }
        /* minimum and maximum: RFC 5280 says 0 and absent; anything else is not supported */
        if (p != send) {
            return BAD;
        }
    }
    return 0;
}

static int parse_name_constraints(tacit_x509_crt *crt, const unsigned char *p,
                                  const unsigned char *end)
{
    const unsigned char *send;
    size_t len;

    if (seq(&p, end, &send) != 0 || send != end || p == end) {
        return BAD;
    }
    crt->name_constraints.p = p;
    crt->name_constraints.len = (size_t)(end - p);
    if (tacit_asn1_peek_tag(p, end, TACIT_ASN1_CONTEXT_EXPLICIT(0))) {
        if (tacit_asn1_get_tag(&p, end, &len, TACIT_ASN1_CONTEXT_EXPLICIT(0)) != 0 ||
            check_subtrees(p, p + len) != 0) {
            return BAD;
        }
        p += len;
    }
    if (tacit_asn1_peek_tag(p, end, TACIT_ASN1_CONTEXT_EXPLICIT(1))) {
        if (tacit_asn1_get_tag(&p, end, &len, TACIT_ASN1_CONTEXT_EXPLICIT(1)) != 0 ||
            check_subtrees(p, p + len) != 0) {
            return BAD;
        }
        p += len;
    }
    return p == end ? 0 : BAD;
}

static int parse_aki(tacit_x509_crt *crt, const unsigned char *p, const unsigned char *end)
{
    const unsigned char *send;
    size_t len;

    if (seq(&p, end, &send) != 0 || send != end) {
        return BAD;
    }
    if (tacit_asn1_peek_tag(p, end, TACIT_ASN1_CONTEXT_IMPLICIT(0))) {
        if (tacit_asn1_get_tag(&p, end, &len, TACIT_ASN1_CONTEXT_IMPLICIT(0)) != 0) {
            return BAD;
        }
        crt->authority_key_id.p = p;
        crt->authority_key_id.len = len;
        p += len;
    }
    if (tacit_asn1_peek_tag(p, end, TACIT_ASN1_CONTEXT_EXPLICIT(1))) {
        if (tacit_asn1_get_tag(&p, end, &len, TACIT_ASN1_CONTEXT_EXPLICIT(1)) != 0) {
            return BAD;
        }
        p += len;
        crt->details |= TACIT_X509_DETAIL_AKI_ISSUER;
    }
    if (tacit_asn1_peek_tag(p, end, TACIT_ASN1_CONTEXT_IMPLICIT(2))) {
        if (tacit_asn1_get_tag(&p, end, &len, TACIT_ASN1_CONTEXT_IMPLICIT(2)) != 0) {
            return BAD;
        }
        p += len;
        crt->details |= TACIT_X509_DETAIL_AKI_ISSUER;
    }
    return p == end ? 0 : BAD;
}

static int parse_ski(tacit_x509_crt *crt, const unsigned char *p, const unsigned char *end)
{
    if (tacit_asn1_get_octet_string(&p, end, &crt->subject_key_id.p, &crt->subject_key_id.len) !=
            0 ||
        p != end) {
        return BAD;
    }
    return 0;
}

/* certificatePolicies: SEQUENCE SIZE (1..MAX) OF PolicyInformation; shape only. */
static int parse_policies(const unsigned char *p, const unsigned char *end)
{
    const unsigned char *send, *iend, *oid;
    size_t oidlen;

    if (seq(&p, end, &send) != 0 || send != end || p == end) {
        return BAD;
    }
    while (p < end) {
        if (seq(&p, end, &iend) != 0 || tacit_asn1_get_oid(&p, iend, &oid, &oidlen) != 0) {
            return BAD;
        }
        p = iend; /* qualifiers: not interpreted */
    }
    return 0;
}

/*
 * authorityInfoAccess (RFC 5280 4.2.2.1): SEQUENCE SIZE (1..MAX) OF
 * AccessDescription { accessMethod OID, accessLocation GeneralName }; shape only.
 */
static int parse_aia(const unsigned char *p, const unsigned char *end)
{
    const unsigned char *send, *dend, *oid;
    size_t oidlen;

    if (seq(&p, end, &send) != 0 || send != end || p == end) {
        return BAD;
    }
    while (p < end) {
        if (seq(&p, end, &dend) != 0 || tacit_asn1_get_oid(&p, dend, &oid, &oidlen) != 0 ||
            check_general_name(&p, dend, 0) != 0 || p != dend) {
            return BAD;
        }
    }
    return 0;
}

/* ---- extensions ---------------------------------------------------------------------- */

static int parse_extensions(tacit_x509_crt *crt, const unsigned char *p, const unsigned char *end)
{
    const unsigned char *oids[MAX_EXTENSIONS];
    size_t oidlens[MAX_EXTENSIONS], n = 0, i;
    const unsigned char *send;
    int san_critical = 0;

    if (seq(&p, end, &send) != 0 || send != end || p == end) {
        return BAD; /* Extensions ::= SEQUENCE SIZE (1..MAX) */
    }
    while (p < end) {
        const unsigned char *eend, *oid, *val;
        size_t oidlen, vlen;
        int critical = 0, ret;
        unsigned bit = 0;

        if (seq(&p, end, &eend) != 0 || tacit_asn1_get_oid(&p, eend, &oid, &oidlen) != 0) {
            return BAD;
        }
        if (tacit_asn1_peek_tag(p, eend, TACIT_ASN1_BOOLEAN)) {
            if (tacit_asn1_get_bool(&p, eend, &critical) != 0 || !critical) {
                return BAD; /* DER: DEFAULT FALSE is never encoded */
            }
        }
        if (tacit_asn1_get_octet_string(&p, eend, &val, &vlen) != 0 || p != eend) {
            return BAD;
        }
        if (n == MAX_EXTENSIONS) {
            return BAD;
        }
        for (i = 0; i < n; i++) {
            if (oidlens[i] == oidlen && memcmp(oids[i], oid, oidlen) == 0) {
                return BAD; /* RFC 5280 4.2: at most one instance of an extension */
            }
        }
        oids[n] = oid;
        oidlens[n++] = oidlen;

        ret = 0;
        if (oidlen == 3 && memcmp(oid, OID_CE_PREFIX, 2) == 0) {
            const unsigned char *vend = val + vlen;
            switch (oid[2]) {
            case CE_BASIC_CONSTRAINTS:
                bit = TACIT_X509_EXT_BASIC_CONSTRAINTS;
                ret = parse_basic_constraints(crt, val, vend);
                crt->details |= critical ? TACIT_X509_DETAIL_BC_CRITICAL : 0;
                break;
            case CE_KEY_USAGE:
                bit = TACIT_X509_EXT_KEY_USAGE;
                ret = parse_key_usage(crt, val, vend);
                break;
            case CE_EXT_KEY_USAGE:
                bit = TACIT_X509_EXT_EXT_KEY_USAGE;
                ret = parse_ext_key_usage(crt, val, vend);
                break;
            case CE_SUBJECT_ALT_NAME:
                bit = TACIT_X509_EXT_SUBJECT_ALT_NAME;
                ret = parse_san(crt, val, vend);
                san_critical = critical;
                break;
            case CE_NAME_CONSTRAINTS:
                bit = TACIT_X509_EXT_NAME_CONSTRAINTS;
                ret = parse_name_constraints(crt, val, vend);
                break;
            case CE_AUTHORITY_KEY_ID:
                /* RFC 5280 4.2.1.1, 4.2.1.2: the key identifiers are never critical */
                bit = TACIT_X509_EXT_AUTHORITY_KEY_ID;
                ret = critical ? BAD : parse_aki(crt, val, vend);
                break;
            case CE_SUBJECT_KEY_ID:
                bit = TACIT_X509_EXT_SUBJECT_KEY_ID;
                ret = critical ? BAD : parse_ski(crt, val, vend);
                break;
            case CE_CERT_POLICIES:
                /* policies are not processed: fine when not critical (RFC 5280 4.2.1.4) */
                bit = critical ? TACIT_X509_EXT_UNKNOWN_CRITICAL : TACIT_X509_EXT_CERT_POLICIES;
                ret = parse_policies(val, vend);
                break;
            default:
                break;
            }
        } else if (TACIT_OID_EQUAL(OID_PE_AIA, oid, oidlen)) {
            bit = critical ? TACIT_X509_EXT_UNKNOWN_CRITICAL : TACIT_X509_EXT_AUTHORITY_INFO_ACCESS;
            ret = parse_aia(val, val + vlen);
        }
        if (ret != 0) {
            return ret;
        }
        if (bit == 0 && critical) {
            bit = TACIT_X509_EXT_UNKNOWN_CRITICAL;
        }
        crt->ext_present |= bit;
    }
    crt->details |= san_critical ? TACIT_X509_DETAIL_SAN_CRITICAL : 0;
    /* RFC 5280 4.2.1.6: with an empty subject the subjectAltName is critical */
    if ((crt->ext_present & TACIT_X509_EXT_SUBJECT_ALT_NAME) && !san_critical &&
        tacit_x509_name_is_empty(crt->subject.p, crt->subject.len)) {
        return BAD;
    }
    return 0;
}

/* ---- the certificate ------------------------------------------------------------------- */

static int parse(tacit_x509_crt *crt, const unsigned char *der, size_t len)
{
    const unsigned char *p = der, *end = der + len, *cend, *tend, *start, *vend, *aend;
    const unsigned char *tbs_alg;
    size_t l, tbs_alg_len;
    tacit_asn1_key_info spki;
    int v;

    crt->der.p = der;
    crt->der.len = len;
    crt->max_pathlen = -1;
    if (seq(&p, end, &cend) != 0 || cend != end) {
        return BAD;
    }
    /* TBSCertificate */
    start = p;
    if (seq(&p, cend, &tend) != 0) {
        return BAD;
    }
    crt->tbs.p = start;
    crt->tbs.len = (size_t)(tend - start);
    crt->version = 1;
    if (tacit_asn1_peek_tag(p, tend, TACIT_ASN1_CONTEXT_EXPLICIT(0))) {
        /* the [0] wrapper holds the INTEGER and nothing else (issue 30: it swallowed the serial) */
        if (tacit_asn1_get_tag(&p, tend, &l, TACIT_ASN1_CONTEXT_EXPLICIT(0)) != 0 ||
            (vend = p + l, tacit_asn1_get_int(&p, vend, &v) != 0) || p != vend) {
            return BAD;
        }
        if (v == 0) {
            return BAD; /* DER: the DEFAULT v1 is never encoded */
        }
        if (v != 2) {
            return TACIT_ERR_X509_UNSUPPORTED;
        }
        crt->version = 3;
    }
    /* serialNumber: positive (zero tolerated), at most 20 octets (RFC 5280 4.1.2.2) */
    if (tacit_asn1_get_tag(&p, tend, &l, TACIT_ASN1_INTEGER) != 0 || l == 0 || l > 20 ||
        (p[0] & 0x80) || (l > 1 && p[0] == 0 && !(p[1] & 0x80))) {
        return BAD;
    }
    crt->serial.p = p;
    crt->serial.len = l;
    crt->details |= l == 1 && p[0] == 0 ? TACIT_X509_DETAIL_SERIAL_ZERO : 0;
    p += l;
    /* signature AlgorithmIdentifier (must equal the outer one) */
    tbs_alg = p;
    if (seq(&p, tend, &aend) != 0) {
        return BAD;
    }
    tbs_alg_len = (size_t)(aend - tbs_alg);
    p = aend;
    /* issuer */
    start = p;
    if (tacit_asn1_get_tag(&p, tend, &l, TACIT_ASN1_SEQUENCE) != 0) {
        return BAD;
    }
    p += l;
    crt->issuer.p = start;
    crt->issuer.len = (size_t)(p - start);
    if (tacit_x509_name_check(crt->issuer.p, crt->issuer.len) != 0 ||
        tacit_x509_name_is_empty(crt->issuer.p, crt->issuer.len)) {
        return BAD; /* RFC 5280 4.1.2.4: the issuer is a non-empty name */
    }
    /* validity */
    if (seq(&p, tend, &vend) != 0 || tacit_x509_get_time(&p, vend, &crt->not_before) != 0 ||
        tacit_x509_get_time(&p, vend, &crt->not_after) != 0 || p != vend) {
        return BAD;
    }
    /* subject */
    start = p;
    if (tacit_asn1_get_tag(&p, tend, &l, TACIT_ASN1_SEQUENCE) != 0) {
        return BAD;
    }
    p += l;
    crt->subject.p = start;
    crt->subject.len = (size_t)(p - start);
    if (tacit_x509_name_check(crt->subject.p, crt->subject.len) != 0) {
        return BAD;
    }
    crt->subject_hash = tacit_x509_name_hash(crt->subject.p, crt->subject.len);
    /* subjectPublicKeyInfo (the key itself is parsed when it is used) */
    start = p;
    if (tacit_asn1_get_spki(&p, tend, &spki) != 0) {
        return BAD;
    }
    crt->spki.p = start;
    crt->spki.len = (size_t)(p - start);
    /* issuerUniqueID [1], subjectUniqueID [2]: v2/v3 only; skipped */
    if (tacit_asn1_peek_tag(p, tend, 0x81)) {
        if (crt->version == 1 || tacit_asn1_get_tag(&p, tend, &l, 0x81) != 0) {
            return BAD;
        }
        p += l;
    }
    if (tacit_asn1_peek_tag(p, tend, 0x82)) {
        if (crt->version == 1 || tacit_asn1_get_tag(&p, tend, &l, 0x82) != 0) {
            return BAD;
        }
        p += l;
    }
    if (tacit_asn1_peek_tag(p, tend, TACIT_ASN1_CONTEXT_EXPLICIT(3))) {
        if (crt->version != 3 ||
            tacit_asn1_get_tag(&p, tend, &l, TACIT_ASN1_CONTEXT_EXPLICIT(3)) != 0 ||
            parse_extensions(crt, p, p + l) != 0) {
            return BAD;
        }
        p += l;
    }
    if (p != tend) {
        return BAD;
    }
    /*
     * RFC 5280 4.1.2.6, 4.2.1.6: an empty subject is allowed only beside a
     * (critical, checked above) subjectAltName; without one the certificate
     * names nobody
     */
    if (!(crt->ext_present & TACIT_X509_EXT_SUBJECT_ALT_NAME) &&
        tacit_x509_name_is_empty(crt->subject.p, crt->subject.len)) {
        return BAD;
    }
    /* signatureAlgorithm, identical to the TBS one (RFC 5280 4.1.1.2) */
    start = p;
    if (seq(&p, cend, &aend) != 0) {
        return BAD;
    }
    if ((size_t)(aend - start) != tbs_alg_len || memcmp(start, tbs_alg, tbs_alg_len) != 0) {
        return BAD;
    }
    crt->sig_alg.p = p;
    crt->sig_alg.len = (size_t)(aend - p);
    p = aend;
    if (tacit_asn1_get_bitstring_bytes(&p, cend, &crt->signature.p, &crt->signature.len) != 0 ||
        p != cend) {
        return BAD;
    }
    return 0;
}

int tacit_x509_parse_crt(tacit_x509_crt *crt, const unsigned char *der, size_t len)
{
    int ret;

    if (crt == NULL || der == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    memset(crt, 0, sizeof(*crt));
    ret = parse(crt, der, len);
    if (ret != 0) {
        memset(crt, 0, sizeof(*crt));
    }
    return ret;
}

int tacit_x509_crt_san(const tacit_x509_crt *crt, size_t i, tacit_x509_buf *value)
{
    const unsigned char *p, *end;
    tacit_asn1_buf g;
    size_t k;

    if (crt == NULL || value == NULL || crt->san.p == NULL) {
        return -1;
    }
    p = crt->san.p;
    end = p + crt->san.len;
    for (k = 0; p < end; k++) {
        if (tacit_asn1_get_any(&p, end, &g) != 0) {
            return -1;
        }
        if (k == i) {
            value->p = g.p;
            value->len = g.len;
            return g.tag & 0x1f;
        }
    }
    return -1;
}

#else
typedef int tacit_x509_crt_unused;
#endif /* TACIT_X509_C */
