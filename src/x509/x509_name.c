/*
 * Distinguished names (RFC 5280 4.1.2.4, 7.1) and times (4.1.2.5) for the
 * X.509 parser and path validation.  Certificates are public data: nothing
 * here is constant time.
 *
 * Names compare RDN by RDN and attribute by attribute.  PrintableString and
 * UTF8String values are compared in a normalised form (RFC 4518 reduced to
 * what matters in practice): ASCII letters folded to lower case, leading and
 * trailing spaces dropped, inner runs of spaces collapsed to one; the two
 * string types are interchangeable.  Values of other types compare as
 * (tag, bytes).
 */
#include "tacit/x509.h"

#if defined(TACIT_X509_C)

#include <stdio.h>
#include <string.h>

#include "tacit/asn1.h"
#include "x509/x509_internal.h"

/* ---- walking a Name --------------------------------------------------------------- */

static int is_folded_string(int tag)
{
    return tag == TACIT_ASN1_PRINTABLE_STRING || tag == TACIT_ASN1_UTF8_STRING;
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

int tacit_x509_name_check(const unsigned char *name, size_t len)
{
    const unsigned char *p = name, *end = name + len, *nend, *rend;
    size_t l;
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
        while (p < rend) {
            if (get_atv(&p, rend, &a) != 0) {
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

/* The next character of a normalised string value, or -1 at the end. */
typedef struct {
    const unsigned char *s;
    size_t len, i;
} norm;

static void norm_init(norm *n, const unsigned char *s, size_t len)
{
    n->s = s;
    n->len = len;
    n->i = 0;
    while (n->i < len && s[n->i] == ' ') {
        n->i++;
    }
}

static int norm_next(norm *n)
{
    unsigned char c;
    size_t j;

    if (n->i >= n->len) {
        return -1;
    }
    c = n->s[n->i];
    if (c == ' ') {
        /* a run of spaces is one space, unless it ends the value */
        for (j = n->i; j < n->len && n->s[j] == ' '; j++) {
        }
        n->i = j;
        return j >= n->len ? -1 : ' ';
    }
    n->i++;
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static int value_equal(const tacit_asn1_buf *a, const tacit_asn1_buf *b)
{
    if (is_folded_string(a->tag) && is_folded_string(b->tag)) {
        norm na, nb;
        int ca, cb;
        norm_init(&na, a->p, a->len);
        norm_init(&nb, b->p, b->len);
        do {
            ca = norm_next(&na);
            cb = norm_next(&nb);
            if (ca != cb) {
                return 0;
            }
        } while (ca >= 0);
        return 1;
    }
    return a->tag == b->tag && a->len == b->len && memcmp(a->p, b->p, a->len) == 0;
}

/* Compare one RDN (SET contents) of each name. */
static int rdn_equal(const unsigned char *a, const unsigned char *aend, const unsigned char *b,
                     const unsigned char *bend)
{
    atv x, y;

    while (a < aend && b < bend) {
        if (get_atv(&a, aend, &x) != 0 || get_atv(&b, bend, &y) != 0) {
            return 0;
        }
        if (x.oidlen != y.oidlen || memcmp(x.oid, y.oid, x.oidlen) != 0 ||
            !value_equal(&x.value, &y.value)) {
            return 0;
        }
    }
    return a == aend && b == bend;
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

/* FNV-1a over the normalised form. */
#define FNV(h, c) ((h) = ((h) ^ (uint32_t)(c)) * 16777619u)

uint32_t tacit_x509_name_hash(const unsigned char *name, size_t len)
{
    const unsigned char *p = name, *end = name + len, *rend;
    uint32_t h = 2166136261u;
    size_t l, i;
    atv a;

    if (tacit_asn1_get_tag(&p, end, &l, TACIT_ASN1_SEQUENCE) != 0) {
        return h;
    }
    end = p + l;
    while (p < end) {
        if (tacit_asn1_get_tag(&p, end, &l, TACIT_ASN1_SET) != 0) {
            return h;
        }
        rend = p + l;
        FNV(h, 0x100);
        while (p < rend) {
            if (get_atv(&p, rend, &a) != 0) {
                return h;
            }
            for (i = 0; i < a.oidlen; i++) {
                FNV(h, a.oid[i]);
            }
            if (is_folded_string(a.value.tag)) {
                norm n;
                int c;
                norm_init(&n, a.value.p, a.value.len);
                FNV(h, 0x200);
                while ((c = norm_next(&n)) >= 0) {
                    FNV(h, c);
                }
            } else {
                FNV(h, 0x300 + a.value.tag);
                for (i = 0; i < a.value.len; i++) {
                    FNV(h, a.value.p[i]);
                }
            }
        }
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
