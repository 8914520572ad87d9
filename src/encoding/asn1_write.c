/*
 * DER writer: fills a buffer backwards (see include/tacit/asn1.h).  A writer
 * checks that everything it will write fits before writing anything, so a
 * TACIT_ERR_BUFFER_TOO_SMALL leaves *p and the buffer as they were.
 */
#include "tacit/asn1.h"

#if defined(TACIT_ASN1_C)

#include <limits.h>

static int writer_ok(unsigned char *const *p, const unsigned char *start)
{
    return p != NULL && *p != NULL && start != NULL && *p >= start;
}

/* Bytes a length field takes, or 0 if the length is too large for DER here. */
static size_t len_size(size_t len)
{
    if (len < 0x80) {
        return 1;
    }
    if (len <= 0xFF) {
        return 2;
    }
    if (len <= 0xFFFF) {
        return 3;
    }
    if (len <= 0xFFFFFF) {
        return 4;
    }
    if ((len >> 16) <= 0xFFFF) {
        return 5;
    }
    return 0;
}

/* Room for `n` more bytes below *p, and n small enough to return as int? */
static int check_room(unsigned char *const *p, const unsigned char *start, size_t n)
{
    if (n > (size_t)INT_MAX) {
        return TACIT_ERR_ASN1_INVALID_LENGTH;
    }
    if ((size_t)(*p - start) < n) {
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    return 0;
}

/* Write len in the minimal form; room was checked by the caller. */
static void put_len(unsigned char **p, size_t len)
{
    size_t n = len_size(len), i;

    if (n == 1) {
        *--(*p) = (unsigned char)len;
        return;
    }
    for (i = 1; i < n; i++) {
        *--(*p) = (unsigned char)(len & 0xFF);
        len >>= 8;
    }
    *--(*p) = (unsigned char)(0x80 | (n - 1));
}

int tacit_asn1_write_raw(unsigned char **p, const unsigned char *start, const unsigned char *buf,
                         size_t len)
{
    int ret;

    if (!writer_ok(p, start) || (buf == NULL && len != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = check_room(p, start, len)) != 0) {
        return ret;
    }
    *p -= len;
    if (len != 0) {
        memmove(*p, buf, len);
    }
    return (int)len;
}

int tacit_asn1_write_len(unsigned char **p, const unsigned char *start, size_t len)
{
    int ret;
    size_t n = len_size(len);

    if (!writer_ok(p, start)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (n == 0) {
        return TACIT_ERR_ASN1_INVALID_LENGTH;
    }
    if ((ret = check_room(p, start, n)) != 0) {
        return ret;
    }
    put_len(p, len);
    return (int)n;
}

int tacit_asn1_write_tag(unsigned char **p, const unsigned char *start, int tag)
{
    int ret;

    if (!writer_ok(p, start) || tag < 0 || tag > 0xFF) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = check_room(p, start, 1)) != 0) {
        return ret;
    }
    *--(*p) = (unsigned char)tag;
    return 1;
}

int tacit_asn1_write_header(unsigned char **p, const unsigned char *start, int tag, size_t len)
{
    int ret;
    size_t n = len_size(len);

    if (!writer_ok(p, start) || tag < 0 || tag > 0xFF) {
        return TACIT_ERR_BAD_INPUT;
    }
    /* The whole element (header + contents) must be representable. */
    if (n == 0 || len > (size_t)INT_MAX - 1 - n) {
        return TACIT_ERR_ASN1_INVALID_LENGTH;
    }
    if ((ret = check_room(p, start, n + 1)) != 0) {
        return ret;
    }
    put_len(p, len);
    *--(*p) = (unsigned char)tag;
    return (int)(n + 1);
}

/* tag, length and `len` content bytes, as one checked unit */
static int write_tlv(unsigned char **p, const unsigned char *start, int tag,
                     const unsigned char *content, size_t len)
{
    int ret;
    size_t n = len_size(len);

    if (!writer_ok(p, start) || (content == NULL && len != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (n == 0 || len > (size_t)INT_MAX - 1 - n) {
        return TACIT_ERR_ASN1_INVALID_LENGTH;
    }
    if ((ret = check_room(p, start, 1 + n + len)) != 0) {
        return ret;
    }
    *p -= len;
    if (len != 0) {
        memmove(*p, content, len);
    }
    put_len(p, len);
    *--(*p) = (unsigned char)tag;
    return (int)(1 + n + len);
}

int tacit_asn1_write_bool(unsigned char **p, const unsigned char *start, int val)
{
    unsigned char b = val ? 0xFF : 0x00;

    return write_tlv(p, start, TACIT_ASN1_BOOLEAN, &b, 1);
}

int tacit_asn1_write_uint(unsigned char **p, const unsigned char *start, const unsigned char *val,
                          size_t len)
{
    int ret;
    size_t pad, n;

    if (!writer_ok(p, start) || (val == NULL && len != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    while (len > 0 && val[0] == 0) {
        val++;
        len--;
    }
    if (len == 0) {
        static const unsigned char zero = 0;
        return write_tlv(p, start, TACIT_ASN1_INTEGER, &zero, 1);
    }
    pad = (val[0] & 0x80) ? 1 : 0;
    if (len > (size_t)INT_MAX - 8) {
        return TACIT_ERR_ASN1_INVALID_LENGTH;
    }
    n = len_size(len + pad);
    if (n == 0) {
        return TACIT_ERR_ASN1_INVALID_LENGTH;
    }
    if ((ret = check_room(p, start, 1 + n + len + pad)) != 0) {
        return ret;
    }
    *p -= len;
    memmove(*p, val, len);
    if (pad) {
        *--(*p) = 0x00;
    }
    put_len(p, len + pad);
    *--(*p) = TACIT_ASN1_INTEGER;
    return (int)(1 + n + len + pad);
}

int tacit_asn1_write_int(unsigned char **p, const unsigned char *start, int val)
{
    unsigned char be[sizeof(int)];
    size_t i;
    unsigned v;

    if (val < 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    v = (unsigned)val;
    for (i = sizeof(be); i > 0; i--) {
        be[i - 1] = (unsigned char)(v & 0xFF);
        v >>= 8;
    }
    return tacit_asn1_write_uint(p, start, be, sizeof(be));
}

int tacit_asn1_write_null(unsigned char **p, const unsigned char *start)
{
    return write_tlv(p, start, TACIT_ASN1_NULL, NULL, 0);
}

int tacit_asn1_write_oid(unsigned char **p, const unsigned char *start, const unsigned char *oid,
                         size_t oidlen)
{
    if (oid == NULL || oidlen == 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    return write_tlv(p, start, TACIT_ASN1_OID, oid, oidlen);
}

int tacit_asn1_write_octet_string(unsigned char **p, const unsigned char *start,
                                  const unsigned char *data, size_t len)
{
    return write_tlv(p, start, TACIT_ASN1_OCTET_STRING, data, len);
}

int tacit_asn1_write_bitstring(unsigned char **p, const unsigned char *start,
                               const unsigned char *bits, size_t nbytes, int unused_bits)
{
    int ret;
    size_t n;

    if (!writer_ok(p, start) || (bits == NULL && nbytes != 0) || unused_bits < 0 ||
        unused_bits > 7 || (nbytes == 0 && unused_bits != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (nbytes > (size_t)INT_MAX - 8) {
        return TACIT_ERR_ASN1_INVALID_LENGTH;
    }
    n = len_size(nbytes + 1);
    if ((ret = check_room(p, start, 2 + n + nbytes)) != 0) {
        return ret;
    }
    *p -= nbytes;
    if (nbytes != 0) {
        memmove(*p, bits, nbytes);
        /* DER: the unused bits are zero */
        (*p)[nbytes - 1] &= (unsigned char)(0xFFu << unused_bits);
    }
    *--(*p) = (unsigned char)unused_bits;
    put_len(p, nbytes + 1);
    *--(*p) = TACIT_ASN1_BIT_STRING;
    return (int)(2 + n + nbytes);
}

/*
 * The composite writers below call several of the writers above; if a later
 * one fails, they put *p back so the caller sees no partial element.
 */

int tacit_asn1_write_alg(unsigned char **p, const unsigned char *start, const unsigned char *oid,
                         size_t oidlen, const unsigned char *params_der, size_t params_len)
{
    unsigned char *orig;
    int ret, len = 0;

    if (!writer_ok(p, start)) {
        return TACIT_ERR_BAD_INPUT;
    }
    orig = *p;
    if ((ret = tacit_asn1_write_raw(p, start, params_der, params_len)) < 0) {
        goto fail;
    }
    len += ret;
    if ((ret = tacit_asn1_write_oid(p, start, oid, oidlen)) < 0) {
        goto fail;
    }
    len += ret;
    if ((ret = tacit_asn1_write_header(p, start, TACIT_ASN1_SEQUENCE, (size_t)len)) < 0) {
        goto fail;
    }
    return len + ret;
fail:
    *p = orig;
    return ret;
}

int tacit_asn1_write_spki(unsigned char **p, const unsigned char *start, const unsigned char *oid,
                          size_t oidlen, const unsigned char *params_der, size_t params_len,
                          size_t key_len)
{
    unsigned char *orig;
    int ret;
    size_t len;
    static const unsigned char no_unused_bits = 0;

    if (!writer_ok(p, start) || key_len > (size_t)INT_MAX - 16) {
        return TACIT_ERR_BAD_INPUT;
    }
    orig = *p;
    len = key_len;
    if ((ret = tacit_asn1_write_raw(p, start, &no_unused_bits, 1)) < 0) {
        goto fail;
    }
    len += (size_t)ret;
    if ((ret = tacit_asn1_write_header(p, start, TACIT_ASN1_BIT_STRING, len)) < 0) {
        goto fail;
    }
    len += (size_t)ret;
    if ((ret = tacit_asn1_write_alg(p, start, oid, oidlen, params_der, params_len)) < 0) {
        goto fail;
    }
    len += (size_t)ret;
    if ((ret = tacit_asn1_write_header(p, start, TACIT_ASN1_SEQUENCE, len)) < 0) {
        goto fail;
    }
    len += (size_t)ret;
    return (int)(len - key_len);
fail:
    *p = orig;
    return ret;
}

int tacit_asn1_write_pkcs8(unsigned char **p, const unsigned char *start, const unsigned char *oid,
                           size_t oidlen, const unsigned char *params_der, size_t params_len,
                           size_t key_len)
{
    unsigned char *orig;
    int ret;
    size_t len;

    if (!writer_ok(p, start) || key_len > (size_t)INT_MAX - 16) {
        return TACIT_ERR_BAD_INPUT;
    }
    orig = *p;
    len = key_len;
    if ((ret = tacit_asn1_write_header(p, start, TACIT_ASN1_OCTET_STRING, len)) < 0) {
        goto fail;
    }
    len += (size_t)ret;
    if ((ret = tacit_asn1_write_alg(p, start, oid, oidlen, params_der, params_len)) < 0) {
        goto fail;
    }
    len += (size_t)ret;
    if ((ret = tacit_asn1_write_int(p, start, 0)) < 0) {
        goto fail;
    }
    len += (size_t)ret;
    if ((ret = tacit_asn1_write_header(p, start, TACIT_ASN1_SEQUENCE, len)) < 0) {
        goto fail;
    }
    len += (size_t)ret;
    return (int)(len - key_len);
fail:
    *p = orig;
    return ret;
}

#else
typedef int tacit_asn1_write_unused;
#endif /* TACIT_ASN1_C */
