/*
 * Strict DER reader: headers and primitive types.  See include/tacit/asn1.h
 * for the rules; everything here runs on public data (key files,
 * certificates, signatures), so it branches freely.
 */
#include "core/constant_time_internal.h"
#include "tacit/asn1.h"

#if defined(TACIT_ASN1_C)

#include <limits.h>

static int cursor_ok(const unsigned char *const *p, const unsigned char *end)
{
    return p != NULL && (*p != NULL || end == NULL) && (end == NULL || *p <= end);
}

int tacit_asn1_get_len(const unsigned char **p, const unsigned char *end, size_t *len)
{
    size_t n, i, v;

    if (!cursor_ok(p, end) || len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (*p == end) {
        return TACIT_ERR_ASN1_OUT_OF_DATA;
    }
    v = *(*p)++;
    if (v >= 0x80) {
        n = v & 0x7F;
        /* 0x80 is the indefinite form (BER only); more than four bytes is
         * either reserved (0xFF) or a length no input here can have. */
        if (n == 0 || n > 4) {
            return TACIT_ERR_ASN1_INVALID_LENGTH;
        }
        if ((size_t)(end - *p) < n) {
            return TACIT_ERR_ASN1_OUT_OF_DATA;
        }
        if ((*p)[0] == 0) {
            return TACIT_ERR_ASN1_INVALID_LENGTH; /* a leading zero byte: not minimal */
        }
        v = 0;
        for (i = 0; i < n; i++) {
            v = (v << 8) | (*p)[i];
        }
        if (v < 0x80) {
            return TACIT_ERR_ASN1_INVALID_LENGTH; /* fits the short form: not minimal */
        }
        *p += n;
    }
    if (v > (size_t)(end - *p)) {
        return TACIT_ERR_ASN1_OUT_OF_DATA;
    }
    *len = v;
    return 0;
}

int tacit_asn1_get_tag(const unsigned char **p, const unsigned char *end, size_t *len, int tag)
{
    if (!cursor_ok(p, end) || len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (*p == end) {
        return TACIT_ERR_ASN1_OUT_OF_DATA;
    }
    if (**p != (unsigned char)tag) {
        return TACIT_ERR_ASN1_UNEXPECTED_TAG;
    }
    (*p)++;
    return tacit_asn1_get_len(p, end, len);
}

int tacit_asn1_get_any(const unsigned char **p, const unsigned char *end, tacit_asn1_buf *out)
{
    int ret, tag;
    size_t len;

    if (!cursor_ok(p, end) || out == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (*p == end) {
        return TACIT_ERR_ASN1_OUT_OF_DATA;
    }
    tag = **p;
    if ((tag & 0x1F) == 0x1F) {
        return TACIT_ERR_ASN1_UNSUPPORTED; /* multi-byte tag numbers */
    }
    (*p)++;
    if ((ret = tacit_asn1_get_len(p, end, &len)) != 0) {
        return ret;
    }
    out->tag = tag;
    out->p = *p;
    out->len = len;
    *p += len;
    return 0;
}

int tacit_asn1_peek_tag(const unsigned char *p, const unsigned char *end, int tag)
{
    return p != NULL && p < end && *p == (unsigned char)tag;
}

int tacit_asn1_expect_end(const unsigned char *p, const unsigned char *end)
{
    return p == end ? 0 : TACIT_ERR_ASN1_TRAILING_DATA;
}

int tacit_asn1_get_bool(const unsigned char **p, const unsigned char *end, int *val)
{
    int ret;
    size_t len;

    if (val == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = tacit_asn1_get_tag(p, end, &len, TACIT_ASN1_BOOLEAN)) != 0) {
        return ret;
    }
    if (len != 1 || ((*p)[0] != 0x00 && (*p)[0] != 0xFF)) {
        return TACIT_ERR_ASN1_INVALID_DATA;
    }
    *val = (*p)[0] != 0;
    *p += 1;
    return 0;
}

int tacit_asn1_get_uint(const unsigned char **p, const unsigned char *end,
                        const unsigned char **val, size_t *vlen)
{
    int ret;
    size_t len;
    const unsigned char *c;

    if (val == NULL || vlen == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = tacit_asn1_get_tag(p, end, &len, TACIT_ASN1_INTEGER)) != 0) {
        return ret;
    }
    c = *p;
    if (len == 0) {
        return TACIT_ERR_ASN1_INVALID_DATA;
    }
    /*
     * The contents may be a private key's secret: the checks on its first
     * two bytes are computed with masks and only their verdicts revealed
     * (non-minimal, negative, and whether a leading zero byte is dropped --
     * that is, the integer's length in bytes, public like the DER lengths).
     */
    {
        uint32_t b0 = c[0], b1 = len > 1 ? c[1] : 0, top1 = b1 >> 7;
        uint32_t zero0 = tacit_ct_mask_eq_u32(b0, 0x00), ones0 = tacit_ct_mask_eq_u32(b0, 0xFF);
        uint32_t nine = (zero0 & ~tacit_ct_mask_from_bit_u32(top1)) |
                        (ones0 & tacit_ct_mask_from_bit_u32(top1));
        /* nine leading bits all equal: the first byte was not needed */
        if (len > 1 && tacit_ct_declassify_u32(nine & 1)) {
            return TACIT_ERR_ASN1_INVALID_DATA;
        }
        if (tacit_ct_declassify_u32(b0 >> 7)) {
            return TACIT_ERR_ASN1_NEGATIVE;
        }
        *p += len;
        if (tacit_ct_declassify_u32(zero0 & 1)) {
            c++;
            len--;
        }
    }
    *val = c;
    *vlen = len;
    return 0;
}

int tacit_asn1_get_int(const unsigned char **p, const unsigned char *end, int *val)
{
    int ret;
    const unsigned char *v;
    size_t vlen, i;
    unsigned long acc = 0;

    if (val == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = tacit_asn1_get_uint(p, end, &v, &vlen)) != 0) {
        return ret;
    }
    if (vlen > sizeof(int)) {
        return TACIT_ERR_ASN1_INVALID_DATA;
    }
    for (i = 0; i < vlen; i++) {
        acc = (acc << 8) | v[i];
    }
    if (acc > (unsigned long)INT_MAX) {
        return TACIT_ERR_ASN1_INVALID_DATA;
    }
    *val = (int)acc;
    return 0;
}

int tacit_asn1_get_null(const unsigned char **p, const unsigned char *end)
{
    int ret;
    size_t len;

    if ((ret = tacit_asn1_get_tag(p, end, &len, TACIT_ASN1_NULL)) != 0) {
        return ret;
    }
    return len == 0 ? 0 : TACIT_ERR_ASN1_INVALID_DATA;
}

int tacit_asn1_get_oid(const unsigned char **p, const unsigned char *end, const unsigned char **oid,
                       size_t *oidlen)
{
    int ret;
    size_t len, i;
    const unsigned char *c;

    if (oid == NULL || oidlen == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = tacit_asn1_get_tag(p, end, &len, TACIT_ASN1_OID)) != 0) {
        return ret;
    }
    c = *p;
    if (len == 0 || (c[len - 1] & 0x80) != 0) {
        return TACIT_ERR_ASN1_INVALID_DATA;
    }
    /* A sub-identifier may not start with 0x80 (a leading zero 7-bit group). */
    for (i = 0; i < len; i++) {
        if (c[i] == 0x80 && (i == 0 || (c[i - 1] & 0x80) == 0)) {
            return TACIT_ERR_ASN1_INVALID_DATA;
        }
    }
    *oid = c;
    *oidlen = len;
    *p += len;
    return 0;
}

int tacit_asn1_get_bitstring(const unsigned char **p, const unsigned char *end,
                             const unsigned char **bits, size_t *nbytes, int *unused_bits)
{
    int ret;
    size_t len;
    const unsigned char *c;
    unsigned unused;

    if (bits == NULL || nbytes == NULL || unused_bits == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = tacit_asn1_get_tag(p, end, &len, TACIT_ASN1_BIT_STRING)) != 0) {
        return ret;
    }
    c = *p;
    if (len == 0) {
        return TACIT_ERR_ASN1_INVALID_DATA;
    }
    unused = c[0];
    if (unused > 7 || (len == 1 && unused != 0) ||
        (len > 1 && (c[len - 1] & ((1u << unused) - 1u)) != 0)) {
        return TACIT_ERR_ASN1_INVALID_DATA;
    }
    *bits = c + 1;
    *nbytes = len - 1;
    *unused_bits = (int)unused;
    *p += len;
    return 0;
}

int tacit_asn1_get_bitstring_bytes(const unsigned char **p, const unsigned char *end,
                                   const unsigned char **data, size_t *len)
{
    int ret, unused;

    if ((ret = tacit_asn1_get_bitstring(p, end, data, len, &unused)) != 0) {
        return ret;
    }
    return unused == 0 ? 0 : TACIT_ERR_ASN1_INVALID_DATA;
}

int tacit_asn1_get_octet_string(const unsigned char **p, const unsigned char *end,
                                const unsigned char **data, size_t *len)
{
    int ret;

    if (data == NULL || len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = tacit_asn1_get_tag(p, end, len, TACIT_ASN1_OCTET_STRING)) != 0) {
        return ret;
    }
    *data = *p;
    *p += *len;
    return 0;
}

#else
typedef int tacit_asn1_read_unused;
#endif /* TACIT_ASN1_C */
