/*
 * Peer names and name constraints for path validation: DNS names (RFC 6125
 * wildcards), IP addresses, directory names (RFC 5280 4.2.1.10).  Public
 * data only.
 */
#include "tacit/x509.h"

#if defined(TACIT_X509_C)

#include <string.h>

#include "tacit/asn1.h"
#include "x509/x509_internal.h"
#include "x509/x509_verify_internal.h"

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static int ieq(const unsigned char *a, const unsigned char *b, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++) {
        if (lower(a[i]) != lower(b[i])) {
            return 0;
        }
    }
    return 1;
}

/* ---- IP address text ---------------------------------------------------------------- */

static int parse_ipv4(const char *s, unsigned char out[4])
{
    int i;

    for (i = 0; i < 4; i++) {
        int v = 0, n = 0;
        while (*s >= '0' && *s <= '9' && n < 4) {
            v = v * 10 + (*s++ - '0');
            n++;
        }
        if (n == 0 || n > 3 || v > 255 || (n > 1 && s[-n] == '0')) {
            return -1;
        }
        out[i] = (unsigned char)v;
        if (i < 3 && *s++ != '.') {
            return -1;
        }
    }
    return *s == '\0' ? 0 : -1;
}

static int hexval(int c)
{
    return c >= '0' && c <= '9'                 ? c - '0'
           : (c | 32) >= 'a' && (c | 32) <= 'f' ? (c | 32) - 'a' + 10
                                                : -1;
}

static int parse_ipv6(const char *s, unsigned char out[16])
{
    unsigned char words[16];
    int n = 0, gap = -1, i;

    if (s[0] == ':' && s[1] == ':') {
        gap = 0;
        s += 2;
    } else if (s[0] == ':') {
        return -1;
    }
    while (*s != '\0') {
        int v = 0, d = 0;
        if (n >= 16) {
            return -1;
        }
        while (hexval(*s) >= 0 && d < 5) {
            v = v * 16 + hexval(*s++);
            d++;
        }
        if (d == 0 || d > 4) {
            return -1;
        }
        words[n++] = (unsigned char)(v >> 8);
        words[n++] = (unsigned char)v;
        if (*s == '\0') {
            break;
        }
        if (*s++ != ':') {
            return -1;
        }
        if (*s == ':') {
            if (gap >= 0) {
                return -1;
            }
            gap = n;
            s++;
        } else if (*s == '\0') {
            return -1;
        }
    }
    if (gap < 0 ? n != 16 : n > 14) {
        return -1;
    }
    memset(out, 0, 16);
    if (gap < 0) {
        memcpy(out, words, 16);
    } else {
        memcpy(out, words, (size_t)gap);
        for (i = 0; i < n - gap; i++) {
            out[16 - (n - gap) + i] = words[gap + i];
        }
    }
    return 0;
}

int tacit_x509_parse_ip(const char *text, unsigned char ip[16], size_t *ip_len)
{
    if (text == NULL || ip == NULL || ip_len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (strchr(text, ':') == NULL) {
        if (parse_ipv4(text, ip) != 0) {
            return TACIT_ERR_BAD_INPUT;
        }
        *ip_len = 4;
        return 0;
    }
    if (parse_ipv6(text, ip) != 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    *ip_len = 16;
    return 0;
}

/* ---- peer names ------------------------------------------------------------------------ */

/*
 * host (a DNS name, no wildcard) against a dNSName pattern: equal ignoring
 * ASCII case, or the pattern is "*.rest" with rest of at least two labels
 * and host is one non-empty label followed by ".rest".
 */
static int dns_match(const char *host, size_t hlen, const unsigned char *pat, size_t plen)
{
    const char *dot;
    size_t i, dots = 0;

    if (plen > 0 && pat[plen - 1] == '.') {
        plen--;
    }
    if (plen == 0 || hlen == 0) {
        return 0;
    }
    if (pat[0] != '*') {
        for (i = 0; i < plen; i++) {
            if (pat[i] == '*') {
                return 0;
            }
        }
        return plen == hlen && ieq(pat, (const unsigned char *)host, hlen);
    }
    /* "*." then at least two labels, no other '*' */
    if (plen < 2 || pat[1] != '.') {
        return 0;
    }
    for (i = 1; i < plen; i++) {
        if (pat[i] == '*') {
            return 0;
        }
        if (pat[i] == '.') {
            dots++;
            if (i + 1 == plen || pat[i + 1] == '.') {
                return 0; /* empty label */
            }
        }
    }
    if (dots < 2) {
        return 0;
    }
    dot = memchr(host, '.', hlen);
    if (dot == NULL || dot == host) {
        return 0;
    }
    return (size_t)(host + hlen - dot) == plen - 1 &&
           ieq((const unsigned char *)dot, pat + 1, plen - 1);
}

int tacit_x509_match_peer(const tacit_x509_crt *leaf, const char *host, const unsigned char *ip,
                          size_t ip_len)
{
    unsigned char hip[16];
    size_t hlen, i;
    tacit_x509_buf v;
    int tag;

    if (host != NULL && tacit_x509_parse_ip(host, hip, &hlen) == 0) {
        ip = hip; /* an IP address given as the host matches iPAddress entries only */
        ip_len = hlen;
        host = NULL;
    }
    if (host != NULL) {
        hlen = strlen(host);
        if (hlen > 0 && host[hlen - 1] == '.') {
            hlen--;
        }
        if (hlen == 0 || memchr(host, '*', hlen) != NULL) {
            return 0;
        }
    }
    for (i = 0; (tag = tacit_x509_crt_san(leaf, i, &v)) >= 0; i++) {
        if (host != NULL && tag == 2 && dns_match(host, hlen, v.p, v.len)) {
            return 1;
        }
        if (host == NULL && tag == 7 && v.len == ip_len && memcmp(v.p, ip, ip_len) == 0) {
            return 1;
        }
    }
    return 0;
}

int tacit_x509_crt_match_name(const tacit_x509_crt *crt, const char *host, const unsigned char *ip,
                              size_t ip_len)
{
    if (crt == NULL || (host == NULL && (ip == NULL || (ip_len != 4 && ip_len != 16)))) {
        return 0;
    }
    return tacit_x509_match_peer(crt, host, ip, ip_len);
}

/* ---- name constraints ------------------------------------------------------------------ */

/* Is the DNS name within the subtree of constraint c (RFC 5280 4.2.1.10)? */
static int dns_in_subtree(const unsigned char *n, size_t nlen, const unsigned char *c, size_t clen)
{
    if (clen == 0) {
        return 1;
    }
    if (nlen > 0 && n[nlen - 1] == '.') {
        nlen--;
    }
    if (c[0] == '.') {
        return nlen > clen && ieq(n + nlen - clen, c, clen);
    }
    if (nlen == clen) {
        return ieq(n, c, clen);
    }
    return nlen > clen && n[nlen - clen - 1] == '.' && ieq(n + nlen - clen, c, clen);
}

/* Could the wildcard name "*.B" stand for a name inside the excluded subtree c? */
static int wildcard_hits(const unsigned char *n, size_t nlen, const unsigned char *c, size_t clen)
{
    const unsigned char *dot;

    if (dns_in_subtree(n, nlen, c, clen)) {
        return 1;
    }
    if (nlen < 2 || n[0] != '*' || n[1] != '.' || clen == 0 || c[0] == '.') {
        return 0;
    }
    /* c = L.B with L one label */
    dot = memchr(c, '.', clen);
    return dot != NULL && dot != c && (size_t)(c + clen - dot) == nlen - 1 &&
           ieq(dot, n + 1, nlen - 1);
}

static int ip_in_subtree(const unsigned char *ip, size_t len, const unsigned char *c, size_t clen)
{
    size_t i;

    if (clen != 2 * len) {
        return 0;
    }
    for (i = 0; i < len; i++) {
        if ((ip[i] & c[len + i]) != (c[i] & c[len + i])) {
            return 0;
        }
    }
    return 1;
}

/*
 * Is the mailbox n within the rfc822Name subtree c (RFC 5280 4.2.1.10)?  c
 * with '@': that mailbox (local part exact, host ignoring ASCII case); c
 * starting with '.': any host inside that domain; otherwise: that host.
 * -1 when n is not a mailbox (no '@').
 */
static int email_in_subtree(const unsigned char *n, size_t nlen, const unsigned char *c,
                            size_t clen)
{
    const unsigned char *at = NULL;
    size_t i, hlen;

    for (i = nlen; i-- > 0;) {
        if (n[i] == '@') {
            at = n + i;
            break;
        }
    }
    if (at == NULL || at == n || at + 1 == n + nlen) {
        return -1;
    }
    if (clen == 0) {
        return 1;
    }
    if (memchr(c, '@', clen) != NULL) {
        const unsigned char *cat = (const unsigned char *)memchr(c, '@', clen);
        size_t local = (size_t)(cat - c);
        return local == (size_t)(at - n) && memcmp(c, n, local) == 0 && clen == nlen &&
               ieq(cat, at, clen - local);
    }
    hlen = (size_t)(n + nlen - (at + 1));
    if (c[0] == '.') {
        return hlen > clen && ieq(n + nlen - clen, c, clen);
    }
    return hlen == clen && ieq(at + 1, c, clen);
}

/*
 * Does the name (tag, value) satisfy the subtrees of one kind (permitted:
 * excluded == 0)?  Returns 1 ok, 0 violation, -1 budget exhausted.
 * For a name whose type has constraints tacit cannot judge, 0 (fail closed).
 */
static int check_name(vstate *v, const tacit_x509_buf *nc, int tag, const unsigned char *val,
                      size_t vlen, int excluded)
{
    const unsigned char *p = nc->p, *end = nc->p + nc->len, *send, *gend;
    size_t len;
    int want = excluded ? TACIT_ASN1_CONTEXT_EXPLICIT(1) : TACIT_ASN1_CONTEXT_EXPLICIT(0);
    int seen = 0, hit = 0;

    while (p < end) {
        int t = *p;
        if (tacit_asn1_get_tag(&p, end, &len, t) != 0) {
            return 0;
        }
        send = p + len;
        if (t != want) {
            p = send;
            continue;
        }
        while (p < send) {
            tacit_asn1_buf g;
            if (tacit_asn1_get_tag(&p, send, &len, TACIT_ASN1_SEQUENCE) != 0) {
                return 0;
            }
            gend = p + len;
            if (tacit_asn1_get_any(&p, gend, &g) != 0) {
                return 0;
            }
            p = gend;
            if (++v->nc_checks > TACIT_X509_MAX_NC_CHECKS) {
                return -1;
            }
            if ((g.tag & 0x1f) != (tag & 0x1f)) {
                continue;
            }
            seen = 1;
            switch (tag) {
            case 0x82:
                hit |= excluded ? wildcard_hits(val, vlen, g.p, g.len)
                                : dns_in_subtree(val, vlen, g.p, g.len);
                break;
            case 0x87:
                hit |= ip_in_subtree(val, vlen, g.p, g.len);
                break;
            case 0xA4: {
                /* g.p: the [4] contents, i.e. the constraint's Name */
                hit |= tacit_x509_name_has_prefix(val, vlen, g.p, g.len);
                break;
            }
            case 0x81: {
                int m = email_in_subtree(val, vlen, g.p, g.len);
                if (m < 0) {
                    return 0; /* not a mailbox: no verdict, fail closed */
                }
                hit |= m;
                break;
            }
            default:
                /*
                 * otherName, x400Address, ediPartyName, URI, registeredID: a
                 * constraint of a form tacit does not process, and the
                 * certificate has a name of that form (RFC 5280 4.2.1.10:
                 * reject)
                 */
                return 0;
            }
        }
    }
    if (excluded) {
        return !hit;
    }
    return !seen || hit;
}

static reason_t check_one(vstate *v, const tacit_x509_buf *nc, int tag, const unsigned char *val,
                          size_t vlen)
{
    int r = check_name(v, nc, tag, val, vlen, 0);

    if (r == 1) {
        r = check_name(v, nc, tag, val, vlen, 1);
    }
    return r == 1  ? TACIT_X509_OK
           : r < 0 ? TACIT_X509_BUDGET_EXCEEDED
                   : TACIT_X509_NAME_CONSTRAINTS;
}

/*
 * A commonName value that reads as a DNS host name, in ASCII, into out: any
 * string type whose characters are all ASCII; letters, digits, '-' and '_'
 * in labels of at least one character, at least two labels (one trailing dot
 * allowed), and "*" only as the whole first label.  0 when it does not read
 * as one ("Example Server", "localhost", non-ASCII text).
 */
static size_t cn_as_host(int tag, const unsigned char *v, size_t len, unsigned char *out,
                         size_t size)
{
    size_t w, i, k, n = 0, labels = 1, lab = 0;

    switch (tag) {
    case 0x0C: /* UTF8String: non-ASCII bytes are refused below */
    case 0x13: /* PrintableString */
    case 0x14: /* TeletexString */
    case 0x16: /* IA5String */
    case 0x1A: /* VisibleString */
        w = 1;
        break;
    case 0x1E: /* BMPString */
        w = 2;
        break;
    case 0x1C: /* UniversalString */
        w = 4;
        break;
    default:
        return 0;
    }
    if (len == 0 || len % w != 0 || len / w > size) {
        return 0;
    }
    for (i = 0; i < len; i += w) {
        unsigned c = v[i + w - 1];
        for (k = 0; k + 1 < w; k++) {
            if (v[i + k] != 0) {
                return 0;
            }
        }
        if (c == '.') {
            if (lab == 0) {
                return 0;
            }
            labels++;
            lab = 0;
        } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                   c == '-' || c == '_' ||
                   (c == '*' && n == 0 && i + 2 * w <= len && v[i + 2 * w - 1] == '.')) {
            lab++;
        } else {
            return 0;
        }
        out[n++] = (unsigned char)c;
    }
    if (lab == 0) {
        labels--; /* a trailing dot */
    }
    return labels >= 2 ? n : 0;
}

/* Does the certificate carry a dNSName subjectAltName? */
static int has_dns_san(const tacit_x509_crt *crt)
{
    tacit_x509_buf val;
    size_t i;
    int tag;

    for (i = 0; (tag = tacit_x509_crt_san(crt, i, &val)) >= 0; i++) {
        if (tag == 2) {
            return 1;
        }
    }
    return 0;
}

reason_t tacit_x509_check_nc(vstate *v, const tacit_x509_buf *nc, const tacit_x509_crt *crt)
{
    tacit_x509_buf val;
    size_t i;
    int tag;
    reason_t r;

    if (!tacit_x509_name_is_empty(crt->subject.p, crt->subject.len)) {
        r = check_one(v, nc, 0xA4, crt->subject.p, crt->subject.len);
        if (r != TACIT_X509_OK) {
            return r;
        }
    }
    /* every subjectAltName, of every form (those tacit cannot judge fail closed in check_name) */
    for (i = 0; (tag = tacit_x509_crt_san(crt, i, &val)) >= 0; i++) {
        int constructed = tag == 0 || tag == 3 || tag == 4 || tag == 5;
        r = check_one(v, nc, 0x80 | tag | (constructed ? 0x20 : 0), val.p, val.len);
        if (r != TACIT_X509_OK) {
            return r;
        }
    }
    /* emailAddress in the subject: rfc822Name constraints apply (RFC 5280 4.2.1.10) */
    for (i = 0; (tag = tacit_x509_name_email(crt->subject.p, crt->subject.len, i, &val)) >= 0;
         i++) {
        r = check_one(v, nc, 0x81, val.p, val.len);
        if (r != TACIT_X509_OK) {
            return r;
        }
    }
    /*
     * The leaf's commonName, when the leaf has no dNSName subjectAltName and
     * the CN reads as a host name: dNSName constraints apply to it, as OpenSSL
     * applies them (tacit never matches a peer against the CN, but a caller
     * that still falls back to it must not be handed a host outside the CA's
     * subtrees).  A wildcard CN is held to the excluded subtrees as a
     * wildcard dNSName is.
     */
    if (crt == v->path[0] && !has_dns_san(crt)) {
        for (i = 0; (tag = tacit_x509_name_cn(crt->subject.p, crt->subject.len, i, &val)) >= 0;
             i++) {
            unsigned char host[253];
            size_t hlen = cn_as_host(tag, val.p, val.len, host, sizeof(host));
            if (hlen > 0) {
                r = check_one(v, nc, 0x82, host, hlen);
                if (r != TACIT_X509_OK) {
                    return r;
                }
            }
        }
    }
    return TACIT_X509_OK;
}

#else
typedef int tacit_x509_names_unused;
#endif /* TACIT_X509_C */
