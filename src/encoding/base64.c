/*
 * Base64 encode and decode (RFC 4648 section 4), constant-flow in the data.
 *
 * Constant-flow contract
 * ----------------------
 * The bytes being encoded and the characters being decoded may be secret (a
 * PEM private key).  Neither direction indexes memory by them or branches on
 * them:
 *   - the value <-> character mapping is computed from RANGES ('A'-'Z',
 *     'a'-'z', '0'-'9', '+', '/') with masks: tacit_base64_dec_char and
 *     tacit_base64_enc_char (constant_time masks, one character at a time),
 *     and the same arithmetic on 8 characters in a uint64_t (base64_swar.c)
 *     or 16/32 in SSE/AVX2 registers (base64_ssse3.c, base64_avx2.c);
 *   - validity accumulates as a mask over the WHOLE input: a bad character
 *     does not stop the decoder.  The final verdict (invalid character /
 *     non-canonical trailing bits / fine) is declassified once, at the end.
 * What does leak, because it is public in every use (PEM, MIME) and a decoder
 * has to act on it:
 *   - the input length and, for decoding, the output length;
 *   - the positions of '=', '\n' and '\r' in the input.  Kernels compute a
 *     mask "this block holds one of them", declassify it and only then branch
 *     (to handle a line break or the padded last group one character at a
 *     time); the slow path declassifies each character's class (line break,
 *     CR, '=', other) the same way.  Never a branch on a raw character.
 * Structural errors (BAD_LENGTH, BAD_PADDING, a lone CR) are decided from
 * these public positions only.
 *
 * Speed comes from doing many characters per step: the AVX2 path handles 32
 * characters in ~40 vector instructions, which is faster than a table decoder
 * that does one load per character.  The path is chosen at run time from
 * CPUID (not secret); the portable SWAR code is the fallback, and the scalar
 * code finishes partial blocks.
 */
#include "tacit/config.h"

#if defined(TACIT_BASE64_C)

#include <string.h>

#include "encoding/base64_internal.h"
#include "tacit/base64.h"
#include "tacit/platform.h"

/* ---- paths ------------------------------------------------------------------ */

/* ---- encoding ------------------------------------------------------------------ */

/* Encode whole 3-byte groups and the final partial one; dst has room. */
static void encode_body(int path, unsigned char *dst, const unsigned char *src, size_t slen)
{
    size_t i = 0, o = 0;

#if defined(TACIT_BASE64_HAVE_X86)
    if (path >= TACIT_BASE64_PATH_AVX2) {
        size_t n = tacit_base64_enc_avx2(dst, src, slen);
        i += n;
        o += n / 3 * 4;
    }
    if (path >= TACIT_BASE64_PATH_SSSE3) {
        size_t n = tacit_base64_enc_ssse3(dst + o, src + i, slen - i);
        i += n;
        o += n / 3 * 4;
    }
#endif
    if (path >= TACIT_BASE64_PATH_SWAR) {
        size_t n = tacit_base64_enc_swar(dst + o, src + i, slen - i);
        i += n;
        o += n / 3 * 4;
    }
    for (; slen - i >= 3; i += 3, o += 4) {
        uint32_t w = ((uint32_t)src[i] << 16) | ((uint32_t)src[i + 1] << 8) | src[i + 2];
        dst[o] = (unsigned char)tacit_base64_enc_char(w >> 18);
        dst[o + 1] = (unsigned char)tacit_base64_enc_char((w >> 12) & 63);
        dst[o + 2] = (unsigned char)tacit_base64_enc_char((w >> 6) & 63);
        dst[o + 3] = (unsigned char)tacit_base64_enc_char(w & 63);
    }
    if (slen - i > 0) {
        /* 1 or 2 bytes left (a public length): pad with '=' */
        uint32_t w = (uint32_t)src[i] << 16;
        if (slen - i == 2) {
            w |= (uint32_t)src[i + 1] << 8;
        }
        dst[o] = (unsigned char)tacit_base64_enc_char(w >> 18);
        dst[o + 1] = (unsigned char)tacit_base64_enc_char((w >> 12) & 63);
        dst[o + 2] = slen - i == 2 ? (unsigned char)tacit_base64_enc_char((w >> 6) & 63) : '=';
        dst[o + 3] = '=';
    }
}

int tacit_base64_encode_path(int path, const unsigned char *src, size_t slen, unsigned char *dst,
                             size_t dlen, size_t *olen)
{
    size_t need;

    if (olen == NULL || (src == NULL && slen > 0) || slen / 3 >= SIZE_MAX / 4 - 1) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (path == TACIT_BASE64_PATH_AUTO) {
        path = tacit_base64_best_path();
    }
    if (!tacit_base64_path_supported(path)) {
        return TACIT_ERR_NOT_SUPPORTED;
    }
    need = (slen + 2) / 3 * 4;
    *olen = need;
    if (need == 0) {
        return 0;
    }
    if (dst == NULL || dlen < need) {
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    encode_body(path, dst, src, slen);
    return 0;
}

int tacit_base64_encode(const unsigned char *in, size_t in_len, unsigned char *out, size_t out_size,
                        size_t *out_len)
{
    return tacit_base64_encode_path(TACIT_BASE64_PATH_AUTO, in, in_len, out, out_size, out_len);
}

int tacit_base64_encode_lines(const unsigned char *in, size_t in_len, size_t line_len,
                              unsigned char *out, size_t out_size, size_t *out_len)
{
    size_t chars, lines, need, bytes_per_line, i, o;
    int path = tacit_base64_best_path();

    if (out_len == NULL || (in == NULL && in_len > 0) || line_len == 0 || line_len % 4 != 0 ||
        in_len / 3 >= SIZE_MAX / 8 - 1 || line_len > SIZE_MAX / 4) {
        return TACIT_ERR_BAD_INPUT;
    }
    chars = (in_len + 2) / 3 * 4;
    lines = (chars + line_len - 1) / line_len;
    need = chars + lines;
    *out_len = need;
    if (need == 0) {
        return 0;
    }
    if (out == NULL || out_size < need) {
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    bytes_per_line = line_len / 4 * 3;
    for (i = 0, o = 0; i < in_len; i += bytes_per_line) {
        size_t n = in_len - i < bytes_per_line ? in_len - i : bytes_per_line;
        encode_body(path, out + o, in + i, n);
        o += (n + 2) / 3 * 4;
        out[o++] = '\n';
    }
    return 0;
}

/* ---- decoding ------------------------------------------------------------------ */

/* Character classes whose positions are public (declassified). */
#define CLASS_OTHER 0u
#define CLASS_NL 1u
#define CLASS_CR 2u
#define CLASS_PAD 3u

/* The class of c, declassified: the one place a character's class leaks. */
static uint32_t char_class(uint32_t c)
{
    uint32_t cls = (tacit_ct_mask_eq_u32(c, '\n') & CLASS_NL) |
                   (tacit_ct_mask_eq_u32(c, '\r') & CLASS_CR) |
                   (tacit_ct_mask_eq_u32(c, '=') & CLASS_PAD);
    return tacit_ct_declassify_u32(cls);
}

/* Plain groups (no '\n' '\r' '=') one at a time, while dst has room. */
static size_t dec_groups_scalar(unsigned char *dst, size_t dcap, const unsigned char *src,
                                size_t slen, uint64_t *bad)
{
    size_t i = 0, o = 0;
    uint32_t inv = 0;

    while (slen - i >= 4 && dcap - o >= 3) {
        uint32_t sp = 0, a, b, c, d, w;
        size_t k;

        for (k = 0; k < 4; k++) {
            sp |= tacit_ct_mask_eq_u32(src[i + k], '\n') | tacit_ct_mask_eq_u32(src[i + k], '\r') |
                  tacit_ct_mask_eq_u32(src[i + k], '=');
        }
        if (tacit_ct_declassify_u32(sp) != 0) {
            break;
        }
        a = tacit_base64_dec_char(src[i], &inv);
        b = tacit_base64_dec_char(src[i + 1], &inv);
        c = tacit_base64_dec_char(src[i + 2], &inv);
        d = tacit_base64_dec_char(src[i + 3], &inv);
        w = (a << 18) | (b << 12) | (c << 6) | d;
        dst[o] = (unsigned char)(w >> 16);
        dst[o + 1] = (unsigned char)(w >> 8);
        dst[o + 2] = (unsigned char)w;
        i += 4;
        o += 3;
    }
    *bad |= inv;
    return i;
}

/*
 * Plain groups and the line breaks between them, widest kernel first, until
 * something a kernel does not handle.  Returns input consumed; *produced.
 */
static size_t dec_fast(int path, unsigned char *dst, size_t dcap, size_t *produced,
                       const unsigned char *src, size_t slen, uint64_t *bad)
{
    size_t i = 0, o = 0, n, p;

#if defined(TACIT_BASE64_HAVE_X86)
    if (path >= TACIT_BASE64_PATH_AVX2) {
        i += tacit_base64_dec_avx2(dst, dcap, &p, src, slen, bad);
        o += p;
    }
    if (path >= TACIT_BASE64_PATH_SSSE3) {
        i += tacit_base64_dec_ssse3(dst + o, dcap - o, &p, src + i, slen - i, bad);
        o += p;
    }
#endif
    if (path >= TACIT_BASE64_PATH_SWAR) {
        i += tacit_base64_dec_swar(dst + o, dcap - o, &p, src + i, slen - i, bad);
        o += p;
    }
    n = dec_groups_scalar(dst + o, dcap - o, src + i, slen - i, bad);
    *produced = o + n / 4 * 3;
    return i + n;
}

/*
 * The length a valid input of this shape decodes to: characters that are not
 * line breaks, in groups of 4, minus the trailing '=' (at most 2 count).
 * Only public positions are looked at.
 */
static size_t decoded_len(const unsigned char *src, size_t slen)
{
    size_t i, chars = slen - tacit_base64_count_breaks(src, slen), pads = 0;

    for (i = slen; i > 0 && pads < 2; i--) {
        uint32_t cls = char_class(src[i - 1]);
        if (cls == CLASS_PAD) {
            pads++;
        } else if (cls != CLASS_NL && cls != CLASS_CR) {
            break;
        }
    }
    return chars / 4 * 3 - (chars / 4 * 3 >= pads ? pads : 0);
}

int tacit_base64_decode_path(int path, const unsigned char *src, size_t slen, unsigned char *dst,
                             size_t dlen, size_t *olen)
{
    size_t pos = 0, out = 0, written = 0, need;
    size_t nchars = 0, npad = 0, first_pad = 0;
    int misplaced_break = 0, lone_cr = 0, overflow = 0, gi = 0, gpad = 0;
    uint64_t bad = 0;
    uint32_t noncanon = 0, inv = 0, grp[4] = { 0, 0, 0, 0 }, verdict;
    unsigned char dummy = 0;

    if (olen == NULL || (src == NULL && slen > 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (path == TACIT_BASE64_PATH_AUTO) {
        path = tacit_base64_best_path();
    }
    if (!tacit_base64_path_supported(path)) {
        return TACIT_ERR_NOT_SUPPORTED;
    }
    *olen = 0;
    if (dst == NULL) {
        /* a size query; otherwise running out of room is found while decoding */
        need = decoded_len(src, slen);
        if (need > 0) {
            *olen = need;
            return TACIT_ERR_BUFFER_TOO_SMALL;
        }
        dst = &dummy;
        dlen = 0;
    }

    /* Fast part: plain groups, and line breaks between groups. */
    if (path > TACIT_BASE64_PATH_SCALAR) {
        while (pos < slen) {
            size_t p;
            pos += dec_fast(path, dst + out, dlen - out, &p, src + pos, slen - pos, &bad);
            out += p;
            nchars += p / 3 * 4;
            if (pos == slen) {
                break;
            }
            if (char_class(src[pos]) == CLASS_NL) {
                pos++;
            } else if (char_class(src[pos]) == CLASS_CR && pos + 1 < slen &&
                       char_class(src[pos + 1]) == CLASS_NL) {
                pos += 2;
            } else {
                break;
            }
        }
        /* wide stores may have put zeros up to 8 bytes past `out` */
        written = out + 8 < dlen ? out + 8 : dlen;
    }

    /* Slow part, one character at a time: the padded end, and malformed input. */
    while (pos < slen) {
        uint32_t cls = char_class(src[pos]);

        if (cls == CLASS_NL ||
            (cls == CLASS_CR && pos + 1 < slen && char_class(src[pos + 1]) == CLASS_NL)) {
            misplaced_break |= gi != 0;
            pos += cls == CLASS_NL ? 1 : 2;
            continue;
        }
        lone_cr |= cls == CLASS_CR;
        if (cls == CLASS_PAD) {
            first_pad = npad == 0 ? nchars : first_pad;
            npad++;
            gpad++;
            grp[gi++] = 0;
        } else {
            grp[gi++] = tacit_base64_dec_char(src[pos], &inv);
        }
        nchars++;
        pos++;
        if (gi == 4) {
            uint32_t w = (grp[0] << 18) | (grp[1] << 12) | (grp[2] << 6) | grp[3];
            size_t k = gpad >= 2 ? 1 : (size_t)(3 - gpad);

            /* the unused bits of a padded group must be zero */
            noncanon |= gpad == 1 ? (grp[2] & 3) : gpad >= 2 ? (grp[1] & 15) : 0;
            if (dlen - out >= k) {
                dst[out] = (unsigned char)(w >> 16);
                if (k > 1) {
                    dst[out + 1] = (unsigned char)(w >> 8);
                }
                if (k > 2) {
                    dst[out + 2] = (unsigned char)w;
                }
                out += k;
                written = written > out ? written : out;
            } else {
                overflow = 1; /* depends on public positions only */
                break;
            }
            gi = 0;
            gpad = 0;
        }
    }

    if (overflow) {
        if (written > 0) {
            tacit_platform_zeroize(dst, written);
        }
        *olen = decoded_len(src, slen);
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }

    /* Verdict: public structure first, then the secret mask, declassified once. */
    if (nchars % 4 != 0 || misplaced_break) {
        verdict = (uint32_t)-TACIT_ERR_BASE64_BAD_LENGTH;
    } else if (npad > 0 && (npad > 2 || first_pad + npad != nchars)) {
        verdict = (uint32_t)-TACIT_ERR_BASE64_BAD_PADDING;
    } else if (lone_cr) {
        verdict = (uint32_t)-TACIT_ERR_BASE64_INVALID_CHARACTER;
    } else {
        uint32_t m_inv = tacit_ct_mask_nonzero_u32(inv) | (uint32_t)tacit_ct_mask_nonzero_u64(bad);
        uint32_t m_nc = tacit_ct_mask_nonzero_u32(noncanon);
        verdict = tacit_ct_select_u32(
            m_inv, (uint32_t)-TACIT_ERR_BASE64_INVALID_CHARACTER,
            tacit_ct_select_u32(m_nc, (uint32_t)-TACIT_ERR_BASE64_NONCANONICAL, 0));
        verdict = tacit_ct_declassify_u32(verdict);
    }
    if (verdict != 0) {
        if (written > 0) {
            tacit_platform_zeroize(dst, written);
        }
        return -(int)verdict;
    }
    *olen = out;
    return 0;
}

int tacit_base64_decode(const unsigned char *in, size_t in_len, unsigned char *out, size_t out_size,
                        size_t *out_len)
{
    return tacit_base64_decode_path(TACIT_BASE64_PATH_AUTO, in, in_len, out, out_size, out_len);
}

#else
typedef int tacit_base64_unused;
#endif /* TACIT_BASE64_C */
