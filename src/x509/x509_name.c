/*
 * Distinguished names (RFC 5280 4.1.2.4, 7.1) and times (4.1.2.5) for the
 * X.509 parser and path validation.  Certificates are public data: nothing
 * here is constant time.
 *
 * Names compare RDN by RDN; an RDN is a SET, so its attributes match in
 * any order (each attribute of one RDN pairs with an equal one of the
 * other, the counts equal).  Attribute values of the string types
 * (PrintableString, UTF8String, IA5String, VisibleString, TeletexString
 * read as Latin-1, BMPString, UniversalString) are compared after RFC 4518
 * string preparation reduced to what is implemented here: every type is
 * transcoded to Unicode code points, so the same text in two string types
 * is equal; the RFC 4518 2.2 map (controls and format characters mapped to
 * nothing, other white space to SPACE); case folded for ASCII, Latin-1,
 * Latin Extended-A, Greek and Cyrillic (not the whole Unicode table, and no
 * NFKC normalisation); leading and trailing spaces dropped and inner runs
 * of spaces collapsed to one.  IA5String attributes (domainComponent,
 * emailAddress) are thereby case-insensitive as RFC 5280 7.1 / 4.2.1.10 ask.
 * Values of other types compare as (tag, bytes).  A string value that does
 * not decode (odd BMPString length, bad UTF-8, a surrogate) makes the name
 * malformed: tacit_x509_name_check refuses it.
 */
#include "tacit/x509.h"

#if defined(TACIT_X509_C)

#include <stdio.h>
#include <string.h>

#include "tacit/asn1.h"
#include "x509/x509_internal.h"

/* ---- walking a Name --------------------------------------------------------------- */

/* Most attributes in one RDN (a larger SET is refused as malformed). */
#define MAX_RDN_ATTRS 64

static int is_string_type(int tag)
{
    switch (tag) {
    case TACIT_ASN1_PRINTABLE_STRING:
    case TACIT_ASN1_UTF8_STRING:
    case TACIT_ASN1_IA5_STRING:
    case TACIT_ASN1_T61_STRING:
    case TACIT_ASN1_BMP_STRING:
    case 0x1A: /* VisibleString */
    case 0x1C: /* UniversalString */
        return 1;
    default:
        return 0;
    }
}

/* One AttributeTypeAndValue: the OID contents and the value element. */
typedef struct {
    const unsigned char *oid;
    size_t oidlen;
    tacit_asn1_buf value;
} atv;

static int get_atv(const unsigned char **p, const unsigned char *end, atv *a)
{
    size_t len;
    const unsigned char *aend;

    if (tacit_asn1_get_tag(p, end, &len, TACIT_ASN1_SEQUENCE) != 0) {
        return -1;
    }
    aend = *p + len;
    if (tacit_asn1_get_oid(p, aend, &a->oid, &a->oidlen) != 0 ||
        tacit_asn1_get_any(p, aend, &a->value) != 0 || *p != aend) {
        return -1;
    }
    return 0;
}

/* ---- string preparation ------------------------------------------------------------- */

#define PREP_END (-1)
#define PREP_BAD (-2)

/* A value being read as prepared code points. */
typedef struct {
    const unsigned char *s;
    size_t len, i;
    int tag;
    int space;   /* a run of spaces is pending */
    int started; /* a non-space character has been returned */
    long held;   /* the character after a pending space, or -1 */
} prep;

/* The next raw code point of the value, PREP_END, or PREP_BAD. */
static long decode_next(prep *p)
{
    const unsigned char *s = p->s + p->i;
    size_t left = p->len - p->i;
    unsigned long c;
    size_t n, k;

    if (left == 0) {
        return PREP_END;
    }
    switch (p->tag) {
    case TACIT_ASN1_BMP_STRING:
        if (left < 2) {
            return PREP_BAD;
        }
        c = ((unsigned long)s[0] << 8) | s[1];
        p->i += 2;
        return c >= 0xD800 && c <= 0xDFFF ? PREP_BAD : (long)c;
    case 0x1C: /* UniversalString: UCS-4 */
        if (left < 4) {
            return PREP_BAD;
        }
        c = ((unsigned long)s[0] << 24) | ((unsigned long)s[1] << 16) | ((unsigned long)s[2] << 8) |
            s[3];
        p->i += 4;
        return c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF) ? PREP_BAD : (long)c;
    case TACIT_ASN1_UTF8_STRING:
        c = s[0];
        if (c < 0x80) {
            p->i++;
            return (long)c;
        }
        if (c >= 0xC2 && c <= 0xDF) {
            n = 2;
            c &= 0x1F;
        } else if (c >= 0xE0 && c <= 0xEF) {
            n = 3;
            c &= 0x0F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            n = 4;
            c &= 0x07;
        } else {
            return PREP_BAD;
        }
        if (left < n) {
            return PREP_BAD;
        }
        for (k = 1; k < n; k++) {
            if ((s[k] & 0xC0) != 0x80) {
                return PREP_BAD;
            }
            c = (c << 6) | (s[k] & 0x3F);
        }
        if ((n == 3 && c < 0x800) || (n == 4 && (c < 0x10000 || c > 0x10FFFF)) ||
            (c >= 0xD800 && c <= 0xDFFF)) {
            return PREP_BAD; /* overlong, out of range, surrogate */
        }
        p->i += n;
        return (long)c;
    default:
        /* PrintableString, IA5String, VisibleString, TeletexString (as Latin-1) */
        p->i++;
        return s[0];
    }
}

/*
 * RFC 4518 2.2 (map) and 2.3 (case fold), as far as implemented: -1 for a
 * character mapped to nothing, ' ' for white space, else the folded code point.
 */
static long map_fold(long c)
{
    if (c == 0x00AD || c == 0x1806 || c == 0x034F || (c >= 0x180B && c <= 0x180E) ||
        (c >= 0xFE00 && c <= 0xFE0F) || c == 0xFFFC || (c >= 0x200B && c <= 0x200D) ||
        c == 0x2060 || c == 0xFEFF) {
        return -1; /* soft hyphen, variation selectors, zero-width characters */
    }
    if (c == 0x09 || c == 0x0A || c == 0x0B || c == 0x0C || c == 0x0D || c == 0x85 || c == 0xA0 ||
        c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F ||
        c == 0x205F || c == 0x3000) {
        return ' ';
    }
    if (c < 0x20 || (c >= 0x7F && c <= 0x9F)) {
        return -1; /* other controls */
    }
    if ((c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7)) {
        return c + 0x20;
    }
    if (c >= 0x100 && c <= 0x17F) {
        /* Latin Extended-A: upper/lower pairs, even/odd up to U+0137, odd/even after */
        if (c <= 0x137 && c != 0x130) {
            return c | 1;
        }
        if (c >= 0x139 && c <= 0x148) {
            return (c & 1) ? c + 1 : c;
        }
        if (c >= 0x14A && c <= 0x177) {
            return c | 1;
        }
        if (c == 0x178) {
            return 0xFF;
        }
        if (c >= 0x179 && c <= 0x17E) {
            return (c & 1) ? c + 1 : c;
        }
        return c;
    }
    if ((c >= 0x391 && c <= 0x3A9 && c != 0x3A2) || (c >= 0x410 && c <= 0x42F)) {
        return c + 0x20; /* Greek, Cyrillic capitals */
    }
    if (c >= 0x400 && c <= 0x40F) {
        return c + 0x50;
    }
    if (c == 0x3C2) {
        return 0x3C3; /* final sigma folds to sigma */
    }
    return c;
}

static void prep_init(prep *p, const tacit_asn1_buf *v)
{
    p->s = v->p;
    p->len = v->len;
    p->i = 0;
    p->tag = v->tag;
    p->space = 0;
    p->started = 0;
    p->held = -1;
}

/* The next prepared code point, PREP_END, or PREP_BAD. */
static long prep_next(prep *p)
{
    long c;

    if (p->held >= 0) {
        c = p->held;
        p->held = -1;
        return c;
    }
    for (;;) {
        c = decode_next(p);
        if (c < 0) {
            return c; /* trailing spaces are dropped */
        }
        c = map_fold(c);
        if (c < 0) {
            continue;
        }
        if (c == ' ') {
            p->space = 1;
            continue;
        }
        if (p->space && p->started) {
            p->space = 0;
            p->held = c;
            return ' ';
        }
        p->space = 0;
        p->started = 1;
        return c;
    }
}

/* Does the value of a string type decode?  (Values of other types: yes.) */
static int value_ok(const tacit_asn1_buf *v)
{
    prep p;
    long c;

    if (!is_string_type(v->tag)) {
        return 1;
    }
    prep_init(&p, v);
    while ((c = decode_next(&p)) >= 0) {
    }
    return c == PREP_END;
}

static int value_equal(const tacit_asn1_buf *a, const tacit_asn1_buf *b)
{
    if (is_string_type(a->tag) && is_string_type(b->tag)) {
        prep pa, pb;
        long ca, cb;
        prep_init(&pa, a);
        prep_init(&pb, b);
        do {
            ca = prep_next(&pa);
            cb = prep_next(&pb);
            if (ca != cb || ca == PREP_BAD) {
                return 0;
            }
        } while (ca != PREP_END);
        return 1;
    }
    return a->tag == b->tag && a->len == b->len && memcmp(a->p, b->p, a->len) == 0;
}

static int atv_equal(const atv *x, const atv *y)
{
    return x->oidlen == y->oidlen && memcmp(x->oid, y->oid, x->oidlen) == 0 &&
           value_equal(&x->value, &y->value);
}

int tacit_x509_name_check(const unsigned char *name, size_t len)
{
    const unsigned char *p = name, *end = name + len, *nend, *rend;
    size_t l, n;
    atv a;

    if (tacit_asn1_get_tag(&p, end, &l, TACIT_ASN1_SEQUENCE) != 0 || p + l != end) {
        return TACIT_ERR_X509_INVALID_FORMAT;
    }
    nend = p + l;
    while (p < nend) {
        if (tacit_asn1_get_tag(&p, nend, &l, TACIT_ASN1_SET) != 0 || l == 0) {
            return TACIT_ERR_X509_INVALID_FORMAT;
        }
        rend = p + l;
        for (n = 0; p < rend; n++) {
            if (n == MAX_RDN_ATTRS || get_atv(&p, rend, &a) != 0 || !value_ok(&a.value)) {
                return TACIT_ERR_X509_INVALID_FORMAT;
            }
        }
    }
    return 0;
}

int tacit_x509_name_is_empty(const unsigned char *name, size_t len)
{
    return len == 2 && name[0] == TACIT_ASN1_SEQUENCE && name[1] == 0;
}

/* How many attributes of the RDN contents [p, end) equal x?  -1 if malformed. */
static long count_equal(const unsigned char *p, const unsigned char *end, const atv *x)
{
    long n = 0;
    atv y;

    while (p < end) {
        if (get_atv(&p, end, &y) != 0) {
            return -1;
        }
        n += atv_equal(x, &y);
    }
    return n;
}

/*
 * Compare one RDN (SET contents) of each name as sets (multisets): the same
 * number of attributes, and each attribute of a occurs as often in a as in b.
 */
static int rdn_equal(const unsigned char *a, const unsigned char *aend, const unsigned char *b,
                     const unsigned char *bend)
{
    const unsigned char *p;
    size_t na = 0, nb = 0;
    atv x;

    for (p = a; p < aend; na++) {
        if (na == MAX_RDN_ATTRS || get_atv(&p, aend, &x) != 0) {
            return 0;
        }
    }
    for (p = b; p < bend; nb++) {
        if (nb == MAX_RDN_ATTRS || get_atv(&p, bend, &x) != 0) {
            return 0;
        }
    }
    if (na != nb) {
        return 0;
    }
    if (na == 1) {
        atv y;
        p = b;
        return get_atv(&a, aend, &x) == 0 && get_atv(&p, bend, &y) == 0 && atv_equal(&x, &y);
    }
    for (p = a; p < aend;) {
        long ca, cb;
        if (get_atv(&p, aend, &x) != 0) {
            return 0;
        }
        ca = count_equal(a, aend, &x);
        cb = count_equal(b, bend, &x);
        if (ca <= 0 || ca != cb) {
            return 0;
        }
    }
    return 1;
}

/*
 * Walk two names RDN by RDN.  Returns 1 if every RDN of b matches the
 * corresponding RDN of a and (when whole) a has no more RDNs.
 */
static int names_match(const unsigned char *a, size_t alen, const unsigned char *b, size_t blen,
                       int whole)
{
    const unsigned char *pa = a, *ea = a + alen, *pb = b, *eb = b + blen;
    size_t la, lb;

    if (tacit_asn1_get_tag(&pa, ea, &la, TACIT_ASN1_SEQUENCE) != 0 ||
        tacit_asn1_get_tag(&pb, eb, &lb, TACIT_ASN1_SEQUENCE) != 0) {
        return 0;
    }
    ea = pa + la;
    eb = pb + lb;
    while (pb < eb) {
        size_t ra, rb;
        if (pa >= ea || tacit_asn1_get_tag(&pa, ea, &ra, TACIT_ASN1_SET) != 0 ||
            tacit_asn1_get_tag(&pb, eb, &rb, TACIT_ASN1_SET) != 0) {
            return 0;
        }
        if (!rdn_equal(pa, pa + ra, pb, pb + rb)) {
            return 0;
        }
        pa += ra;
        pb += rb;
    }
    return whole ? pa == ea : 1;
}

int tacit_x509_name_equal(const unsigned char *a, size_t alen, const unsigned char *b, size_t blen)
{
    if (a == NULL || b == NULL) {
        return 0;
    }
    if (alen == blen && memcmp(a, b, alen) == 0) {
        return 1; /* the common case: the issuer copied the subject's bytes */
    }
    return names_match(a, alen, b, blen, 1);
}

int tacit_x509_name_has_prefix(const unsigned char *name, size_t len, const unsigned char *prefix,
                               size_t plen)
{
    return names_match(name, len, prefix, plen, 0);
}

/* The i-th attribute of type oid in a Name: its value's tag and contents, or -1. */
static int name_attr(const unsigned char *name, size_t len, const unsigned char *oid, size_t oidlen,
                     size_t i, tacit_x509_buf *value)
{
    const unsigned char *p = name, *end = name + len, *rend;
    size_t l, k = 0;
    atv a;

    if (tacit_asn1_get_tag(&p, end, &l, TACIT_ASN1_SEQUENCE) != 0) {
        return -1;
    }
    end = p + l;
    while (p < end) {
        if (tacit_asn1_get_tag(&p, end, &l, TACIT_ASN1_SET) != 0) {
            return -1;
        }
        rend = p + l;
        while (p < rend) {
            if (get_atv(&p, rend, &a) != 0) {
                return -1;
            }
            if (a.oidlen == oidlen && memcmp(a.oid, oid, oidlen) == 0 && k++ == i) {
                value->p = a.value.p;
                value->len = a.value.len;
                return a.value.tag;
            }
        }
    }
    return -1;
}

int tacit_x509_name_email(const unsigned char *name, size_t len, size_t i, tacit_x509_buf *value)
{
    static const unsigned char email_oid[] = {
        0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x01
    };

    return name_attr(name, len, email_oid, sizeof(email_oid), i, value);
}

int tacit_x509_name_cn(const unsigned char *name, size_t len, size_t i, tacit_x509_buf *value)
{
    static const unsigned char cn_oid[] = { 0x55, 0x04, 0x03 };

    return name_attr(name, len, cn_oid, sizeof(cn_oid), i, value);
}

/* FNV-1a over the prepared form; the attributes of an RDN are summed (order-free). */
#define FNV(h, c) ((h) = ((h) ^ (uint32_t)(c)) * 16777619u)

static uint32_t atv_hash(const atv *a)
{
    uint32_t h = 2166136261u;
    size_t i;

    for (i = 0; i < a->oidlen; i++) {
        FNV(h, a->oid[i]);
    }
    if (is_string_type(a->value.tag)) {
        prep n;
        long c;
        prep_init(&n, &a->value);
        FNV(h, 0x200);
        while ((c = prep_next(&n)) >= 0) {
            FNV(h, c);
        }
    } else {
        FNV(h, 0x300 + a->value.tag);
        for (i = 0; i < a->value.len; i++) {
            FNV(h, a->value.p[i]);
        }
    }
    return h;
}

uint32_t tacit_x509_name_hash(const unsigned char *name, size_t len)
{
    const unsigned char *p = name, *end = name + len, *rend;
    uint32_t h = 2166136261u;
    size_t l;
    atv a;

    if (tacit_asn1_get_tag(&p, end, &l, TACIT_ASN1_SEQUENCE) != 0) {
        return h;
    }
    end = p + l;
    while (p < end) {
        uint32_t sum = 0;
        if (tacit_asn1_get_tag(&p, end, &l, TACIT_ASN1_SET) != 0) {
            return h;
        }
        rend = p + l;
        while (p < rend) {
            if (get_atv(&p, rend, &a) != 0) {
                return h;
            }
            sum += atv_hash(&a);
        }
        FNV(h, 0x100);
        FNV(h, sum);
        FNV(h, sum >> 8);
        FNV(h, sum >> 16);
        FNV(h, sum >> 24);
    }
    return h;
}

/* ---- text ------------------------------------------------------------------------- */

static const struct {
    const char *oid;
    const char *name;
} attr_names[] = {
    { "\x55\x04\x03", "CN" },
    { "\x55\x04\x06", "C" },
    { "\x55\x04\x07", "L" },
    { "\x55\x04\x08", "ST" },
    { "\x55\x04\x0a", "O" },
    { "\x55\x04\x0b", "OU" },
    { "\x55\x04\x05", "serialNumber" },
    { "\x55\x04\x09", "street" },
    { "\x55\x04\x11", "postalCode" },
    { "\x55\x04\x61", "organizationIdentifier" },
    { "\x2a\x86\x48\x86\xf7\x0d\x01\x09\x01", "emailAddress" },
    { "\x09\x92\x26\x89\x93\xf2\x2c\x64\x01\x19", "DC" },
};

typedef struct {
    char *out;
    size_t size, pos;
} textbuf;

static void put(textbuf *t, const char *s, size_t n)
{
    while (n-- > 0) {
        if (t->pos + 1 < t->size) {
            t->out[t->pos++] = *s;
        }
        s++;
    }
    if (t->size > 0) {
        t->out[t->pos < t->size ? t->pos : t->size - 1] = '\0';
    }
}

static void put_oid(textbuf *t, const unsigned char *oid, size_t len)
{
    char buf[24];
    unsigned long v = 0;
    size_t i;
    int first = 1;

    for (i = 0; i < len; i++) {
        v = (v << 7) | (oid[i] & 0x7f);
        if (!(oid[i] & 0x80)) {
            if (first) {
                unsigned long a = v < 80 ? v / 40 : 2;
                snprintf(buf, sizeof(buf), "%lu.%lu", a, v - 40 * a);
                first = 0;
            } else {
                snprintf(buf, sizeof(buf), ".%lu", v);
            }
            put(t, buf, strlen(buf));
            v = 0;
        }
    }
}

int tacit_x509_name_text(const tacit_x509_buf *name, char *out, size_t size)
{
    const unsigned char *p, *end, *rend;
    textbuf t;
    size_t l, i, k;
    atv a;
    int first = 1;

    if (name == NULL || out == NULL || size == 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    t.out = out;
    t.size = size;
    t.pos = 0;
    out[0] = '\0';
    p = name->p;
    end = name->p + name->len;
    if (tacit_asn1_get_tag(&p, end, &l, TACIT_ASN1_SEQUENCE) != 0) {
        return TACIT_ERR_X509_INVALID_FORMAT;
    }
    end = p + l;
    while (p < end) {
        if (tacit_asn1_get_tag(&p, end, &l, TACIT_ASN1_SET) != 0) {
            return TACIT_ERR_X509_INVALID_FORMAT;
        }
        rend = p + l;
        while (p < rend) {
            const char *an = NULL;
            if (get_atv(&p, rend, &a) != 0) {
                return TACIT_ERR_X509_INVALID_FORMAT;
            }
            put(&t, first ? "" : ", ", first ? 0 : 2);
            first = 0;
            for (k = 0; k < sizeof(attr_names) / sizeof(attr_names[0]); k++) {
                if (strlen(attr_names[k].oid) == a.oidlen &&
                    memcmp(attr_names[k].oid, a.oid, a.oidlen) == 0) {
                    an = attr_names[k].name;
                }
            }
            if (an != NULL) {
                put(&t, an, strlen(an));
            } else {
                put_oid(&t, a.oid, a.oidlen);
            }
            put(&t, "=", 1);
            for (i = 0; i < a.value.len; i++) {
                unsigned char c = a.value.p[i];
                if (c >= 0x20 && c < 0x7f && c != '\\') {
                    put(&t, (const char *)&c, 1);
                } else {
                    char esc[8];
                    snprintf(esc, sizeof(esc), "\\x%02X", c);
                    put(&t, esc, 4);
                }
            }
        }
    }
    return 0;
}

/* ---- time ---------------------------------------------------------------------------- */

static int digits(const unsigned char *s, int n, int *v)
{
    int i;

    *v = 0;
    for (i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') {
            return -1;
        }
        *v = *v * 10 + (s[i] - '0');
    }
    return 0;
}

/* Days since 1970-01-01 of a proleptic Gregorian date. */
static int64_t days_from_civil(int64_t y, int m, int d)
{
    int64_t era, yoe, doy, doe;

    y -= m <= 2;
    era = (y >= 0 ? y : y - 399) / 400;
    yoe = y - era * 400;
    doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

int tacit_x509_get_time(const unsigned char **p, const unsigned char *end, int64_t *t)
{
    static const int mdays[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    tacit_asn1_buf b;
    const unsigned char *s;
    int year, mon, day, hour, min, sec, ylen, dim;

    if (tacit_asn1_get_any(p, end, &b) != 0) {
        return TACIT_ERR_X509_INVALID_FORMAT;
    }
    if (b.tag == TACIT_ASN1_UTC_TIME && b.len == 13) {
        ylen = 2;
    } else if (b.tag == TACIT_ASN1_GENERALIZED_TIME && b.len == 15) {
        ylen = 4;
    } else {
        return TACIT_ERR_X509_INVALID_FORMAT;
    }
    s = b.p;
    if (s[b.len - 1] != 'Z' || digits(s, ylen, &year) != 0 || digits(s + ylen, 2, &mon) != 0 ||
        digits(s + ylen + 2, 2, &day) != 0 || digits(s + ylen + 4, 2, &hour) != 0 ||
        digits(s + ylen + 6, 2, &min) != 0 || digits(s + ylen + 8, 2, &sec) != 0) {
        return TACIT_ERR_X509_INVALID_FORMAT;
    }
    if (ylen == 2) {
        year += year >= 50 ? 1900 : 2000;
    }
    if (mon < 1 || mon > 12 || day < 1 || hour > 23 || min > 59 || sec > 59) {
        return TACIT_ERR_X509_INVALID_FORMAT;
    }
    dim = mdays[mon - 1];
    if (mon == 2 && (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0))) {
        dim = 29;
    }
    if (day > dim) {
        return TACIT_ERR_X509_INVALID_FORMAT;
    }
    *t = days_from_civil(year, mon, day) * 86400 + hour * 3600 + min * 60 + sec;
    return 0;
}

#else
typedef int tacit_x509_name_unused;
#endif /* TACIT_X509_C */
