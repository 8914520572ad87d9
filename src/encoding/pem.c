/*
 * PEM blocks (RFC 7468): find, check and decode one; write one.
 *
 * What is public and what is not: the text around a block and its BEGIN/END
 * lines are public and parsed with ordinary code.  The body may be a private
 * key: it is only touched by tacit_base64_find_byte (which declassifies the
 * position of the first '-', the END line of a valid block) and by the
 * constant-flow base64 decoder.
 */
#include "tacit/config.h"

#if defined(TACIT_PEM_C)

#include <stdlib.h>
#include <string.h>

#include "encoding/base64_internal.h"
#include "tacit/base64.h"
#include "tacit/pem.h"
#include "tacit/platform.h"
#include "core/platform_internal.h"

#define DASHES "-----"
#define PEM_LINE 64

/* Where a BEGIN or END line ends, and its label. */
typedef struct {
    char label[TACIT_PEM_MAX_LABEL + 1];
    size_t next; /* offset just past the line's "\n" / "\r\n" (or the input's end) */
} boundary;

static size_t count_dashes(const unsigned char *p, size_t len)
{
    size_t n = 0;

    while (n < len && p[n] == '-') {
        n++;
    }
    return n;
}

/* Does p[0 .. len) start with the string s? */
static int starts_with(const unsigned char *p, size_t len, const char *s)
{
    size_t n = strlen(s);

    return len >= n && memcmp(p, s, n) == 0;
}

/*
 * The one label rule, for reading and writing: 1..63 printable characters, at
 * most one space or '-' between two other characters (so no "--", "  ", "- "
 * or " -"), none at either end: RFC 7468 section 3's
 * label = [ labelchar *( ["-" / SP] labelchar ) ], without the empty label no
 * producer writes.
 */
static int label_ok(const char *label, size_t *len)
{
    size_t n, i;

    if (label == NULL) {
        return 0;
    }
    n = strlen(label);
    if (n == 0 || n > TACIT_PEM_MAX_LABEL || label[0] == ' ' || label[0] == '-' ||
        label[n - 1] == ' ' || label[n - 1] == '-') {
        return 0;
    }
    for (i = 0; i < n; i++) {
        int sep = label[i] == '-' || label[i] == ' ';
        if (label[i] < 0x20 || label[i] > 0x7E ||
            (sep && (label[i + 1] == '-' || label[i + 1] == ' '))) {
            return 0;
        }
    }
    *len = n;
    return 1;
}

/*
 * Parse "-----<kw> <label>-----" then optional spaces/tabs and a line end, at
 * p (the start of a line).  kw is "BEGIN" or "END".
 */
static int parse_boundary(const unsigned char *p, size_t len, const char *kw, boundary *b)
{
    size_t i = count_dashes(p, len), start, n;

    if (i != 5 || !starts_with(p + i, len - i, kw)) {
        return TACIT_ERR_PEM_BAD_HEADER;
    }
    i += strlen(kw);
    if (i >= len || p[i] != ' ') {
        return TACIT_ERR_PEM_BAD_HEADER;
    }
    start = ++i;
    {
        /* stay on this line: what follows may be a secret body */
        const unsigned char *eol = (const unsigned char *)memchr(p + i, '\n', len - i);
        if (eol != NULL) {
            len = (size_t)(eol - p) + 1;
        }
    }
    /* the label ends at the first "-----" (it may hold single '-') */
    for (;;) {
        const unsigned char *d = (const unsigned char *)memchr(p + i, '-', len - i);
        if (d == NULL) {
            return TACIT_ERR_PEM_BAD_HEADER;
        }
        i = (size_t)(d - p);
        if (starts_with(p + i, len - i, DASHES)) {
            break;
        }
        i++;
    }
    n = i - start;
    if (i >= len || n > TACIT_PEM_MAX_LABEL) {
        return TACIT_ERR_PEM_BAD_HEADER;
    }
    memcpy(b->label, p + start, n);
    b->label[n] = '\0';
    {
        size_t lab;
        /* the writer's rule, so every block read can be written back */
        if (strlen(b->label) != n || !label_ok(b->label, &lab)) {
            b->label[0] = '\0';
            return TACIT_ERR_PEM_BAD_HEADER;
        }
    }
    i += 5;
    while (i < len && (p[i] == ' ' || p[i] == '\t')) {
        i++;
    }
    if (i == len) {
        b->next = i;
    } else if (p[i] == '\n') {
        b->next = i + 1;
    } else if (p[i] == '\r' && i + 1 < len && p[i + 1] == '\n') {
        b->next = i + 2;
    } else {
        return TACIT_ERR_PEM_BAD_HEADER;
    }
    return 0;
}

/*
 * Find the BEGIN line: the first line that is dashes then "BEGIN".  Returns
 * its offset, or ilen.  (Public text: plain code.)
 */
static size_t find_begin(const unsigned char *in, size_t ilen)
{
    size_t pos = 0;

    while (pos < ilen) {
        const unsigned char *nl;
        size_t d = count_dashes(in + pos, ilen - pos);

        if (d > 0 && starts_with(in + pos + d, ilen - pos - d, "BEGIN")) {
            return pos;
        }
        nl = (const unsigned char *)memchr(in + pos, '\n', ilen - pos);
        if (nl == NULL) {
            break;
        }
        pos = (size_t)(nl - in) + 1;
    }
    return ilen;
}

/*
 * RFC 7468 section 3's lax body: whitespace (space, tab, vertical tab, form
 * feed, CR, LF) anywhere between base64 characters.  Called only when the
 * strict decoder refused the body (strict_ret), so well-formed blocks keep
 * the fast path.  The body is copied without its whitespace and the copy is
 * decoded strictly.  What this reveals: which bytes are whitespace, through
 * a mask computed without branches and declassified byte by byte (nothing
 * about the base64 characters' values); the copy is always written and its
 * length advances by the declassified bit.  Whether any byte is neither
 * whitespace nor a base64 character ('=' included) is one more declassified
 * bit: TACIT_ERR_BASE64_INVALID_CHARACTER, as the strict decoder says for
 * such a body.  If the body has no whitespace, the strict decoder's error
 * stands.
 */
static int decode_lax(const unsigned char *in, size_t len, unsigned char *out, size_t out_size,
                      size_t *out_len, int strict_ret)
{
    unsigned char *copy;
    size_t i, n = 0;
    uint32_t bad = 0;
    int ret;

    if (strict_ret != TACIT_ERR_BASE64_BAD_LENGTH && strict_ret != TACIT_ERR_BASE64_BAD_PADDING &&
        strict_ret != TACIT_ERR_BASE64_INVALID_CHARACTER &&
        strict_ret != TACIT_ERR_BASE64_NONCANONICAL) {
        return strict_ret;
    }
    copy = (unsigned char *)tacit_platform_calloc(1, len > 0 ? len : 1);
    if (copy == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    for (i = 0; i < len; i++) {
        uint32_t c = in[i];
        /* '\t' '\n' '\v' '\f' '\r' are 0x09..0x0D */
        uint32_t ws = tacit_ct_mask_in_range_u32(0x09, 0x0D, c) | tacit_ct_mask_eq_u32(c, ' ');
        uint32_t b64 = tacit_ct_mask_in_range_u32('A', 'Z', c) |
                       tacit_ct_mask_in_range_u32('a', 'z', c) |
                       tacit_ct_mask_in_range_u32('0', '9', c) | tacit_ct_mask_eq_u32(c, '+') |
                       tacit_ct_mask_eq_u32(c, '/') | tacit_ct_mask_eq_u32(c, '=');
        bad |= ~(ws | b64);
        copy[n] = (unsigned char)c;
        n += (size_t)(tacit_ct_declassify_u32(ws) & 1u) ^ 1u;
    }
    if (n == len) {
        ret = strict_ret; /* no whitespace: the same input */
    } else if (tacit_ct_declassify_u32(bad) != 0) {
        /* a character neither base64 nor whitespace: the decoder's verdict */
        ret = TACIT_ERR_BASE64_INVALID_CHARACTER;
        *out_len = 0;
    } else {
        ret = tacit_base64_decode(copy, n, out, out_size, out_len);
    }
    tacit_platform_zeroize(copy, len);
    tacit_platform_free(copy);
    return ret;
}

int tacit_pem_read(const char *label, const unsigned char *input, size_t in_len,
                   tacit_pem_block *block, size_t *consumed)
{
    boundary head, foot;
    size_t begin, body, end, cap, olen = 0;
    size_t dummy;
    unsigned char *der;
    int ret;

    if (consumed == NULL) {
        consumed = &dummy;
    }
    *consumed = 0;
    if (block == NULL || (input == NULL && in_len > 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    block->label[0] = '\0';
    block->der = NULL;
    block->der_len = 0;

    begin = find_begin(input, in_len);
    if (begin == in_len) {
        *consumed = in_len;
        return TACIT_ERR_PEM_NO_BLOCK;
    }
    ret = parse_boundary(input + begin, in_len - begin, "BEGIN", &head);
    if (ret != 0) {
        return ret;
    }
    body = begin + head.next;

    /* The END line: the first '-' after the BEGIN line, at the start of a line. */
    end = body + tacit_base64_find_byte(input + body, in_len - body, '-');
    if (end == in_len) {
        return TACIT_ERR_PEM_NO_FOOTER;
    }
    if (end > body && tacit_ct_declassify_u32(tacit_ct_mask_eq_u32(input[end - 1], '\n')) == 0) {
        return TACIT_ERR_BASE64_INVALID_CHARACTER; /* a '-' inside a body line */
    }
    {
        size_t d = count_dashes(input + end, in_len - end);
        if (starts_with(input + end + d, in_len - end - d, "BEGIN")) {
            return TACIT_ERR_PEM_NO_FOOTER;
        }
    }
    ret = parse_boundary(input + end, in_len - end, "END", &foot);
    if (ret != 0) {
        return ret;
    }
    *consumed = end + foot.next;
    if (strcmp(head.label, foot.label) != 0) {
        return TACIT_ERR_PEM_LABEL_MISMATCH;
    }
    if (label != NULL && strcmp(label, head.label) != 0) {
        return TACIT_ERR_PEM_UNEXPECTED_LABEL;
    }

    /* (end - body) / 4 * 3 is enough for any valid body, so no pre-scan */
    cap = (end - body) / 4 * 3;
    der = (unsigned char *)tacit_platform_calloc(1, cap > 0 ? cap : 1);
    if (der == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    ret = tacit_base64_decode(input + body, end - body, der, cap, &olen);
    if (ret != 0) {
        /* RFC 7468's lax body: retry without the whitespace (failures only) */
        ret = decode_lax(input + body, end - body, der, cap, &olen, ret);
    }
    if (ret != 0) {
        tacit_platform_free(der); /* the decoder zeroed what it wrote */
        return ret;
    }
    memcpy(block->label, head.label, sizeof(head.label));
    block->der = der;
    block->der_len = olen;
    return 0;
}

void tacit_pem_block_free(tacit_pem_block *block)
{
    if (block == NULL) {
        return;
    }
    if (block->der != NULL) {
        /* the decoder wrote secret bytes only below der_len (zeros past it) */
        tacit_platform_zeroize(block->der, block->der_len);
        tacit_platform_free(block->der);
    }
    block->der = NULL;
    block->der_len = 0;
}

int tacit_pem_write(const char *label, const unsigned char *der, size_t der_len, unsigned char *out,
                    size_t out_size, size_t *out_len)
{
    size_t lab, body, need, o;
    int ret;

    if (out_len == NULL || !label_ok(label, &lab) || (der == NULL && der_len > 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    ret = tacit_base64_encode_lines(der, der_len, PEM_LINE, NULL, 0, &body);
    if (ret != 0 && ret != TACIT_ERR_BUFFER_TOO_SMALL) {
        return ret;
    }
    need = (11 + lab + 6) + body + (9 + lab + 6);
    *out_len = need;
    if (out == NULL || out_size < need) {
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    memcpy(out, "-----BEGIN ", 11);
    memcpy(out + 11, label, lab);
    memcpy(out + 11 + lab, "-----\n", 6);
    o = 11 + lab + 6;
    ret = tacit_base64_encode_lines(der, der_len, PEM_LINE, out + o, out_size - o, &body);
    if (ret != 0) {
        tacit_platform_zeroize(out, out_size);
        return ret;
    }
    o += body;
    memcpy(out + o, "-----END ", 9);
    memcpy(out + o + 9, label, lab);
    memcpy(out + o + 9 + lab, "-----\n", 6);
    return 0;
}

#else
typedef int tacit_pem_unused;
#endif /* TACIT_PEM_C */
