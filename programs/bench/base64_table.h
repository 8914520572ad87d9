/*
 * The leaky baseline the base64 benchmarks compare tacit against: a plain
 * decoder with a 256-entry table indexed by each character (the classic
 * implementation, and exactly what constant-time code must not do with a
 * private key).  Skips "\n" and "\r", handles '=' padding, rejects the rest.
 * Header-only so rows_base64.c and load_roots.c share it.
 */
#ifndef TACIT_BENCH_BASE64_TABLE_H
#define TACIT_BENCH_BASE64_TABLE_H

#include <stddef.h>
#include <stdint.h>

#define B64T_SKIP 0x40
#define B64T_PAD 0x41
#define B64T_BAD 0xFF

static unsigned char b64t_table[256];

static inline void b64t_init(void)
{
    static const char a[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    int i;

    for (i = 0; i < 256; i++) {
        b64t_table[i] = B64T_BAD;
    }
    for (i = 0; i < 64; i++) {
        b64t_table[(unsigned char)a[i]] = (unsigned char)i;
    }
    b64t_table['\n'] = B64T_SKIP;
    b64t_table['\r'] = B64T_SKIP;
    b64t_table['='] = B64T_PAD;
}

/*
 * 0 and *olen, or -1 on bad input / short dst.  Call b64t_init() once first.
 * Whole groups of 4 go through a fast path (four lookups, one check), the
 * way tuned table decoders do it; line breaks and padding one at a time.
 */
static inline int b64t_decode(unsigned char *dst, size_t dlen, size_t *olen,
                              const unsigned char *src, size_t slen)
{
    uint32_t acc = 0;
    size_t i = 0, n = 0, o = 0, pad = 0;

    for (;;) {
        if (n == 0 && pad == 0) {
            while (slen - i >= 4 && dlen - o >= 3) {
                uint32_t a = b64t_table[src[i]], b = b64t_table[src[i + 1]];
                uint32_t c = b64t_table[src[i + 2]], d = b64t_table[src[i + 3]];
                uint32_t w;
                if (((a | b | c | d) & 0xC0u) != 0) {
                    break;
                }
                w = (a << 18) | (b << 12) | (c << 6) | d;
                dst[o] = (unsigned char)(w >> 16);
                dst[o + 1] = (unsigned char)(w >> 8);
                dst[o + 2] = (unsigned char)w;
                i += 4;
                o += 3;
            }
        }
        if (i >= slen) {
            break;
        }
        {
            unsigned v = b64t_table[src[i++]];
            if (v < 64) {
                if (pad) {
                    return -1;
                }
                acc = (acc << 6) | v;
            } else if (v == B64T_SKIP) {
                continue;
            } else if (v == B64T_PAD) {
                pad++;
                acc <<= 6;
            } else {
                return -1;
            }
        }
        if (++n == 4) {
            if (pad > 2 || o + 3 - pad > dlen) {
                return -1;
            }
            dst[o] = (unsigned char)(acc >> 16);
            if (pad < 2) {
                dst[o + 1] = (unsigned char)(acc >> 8);
            }
            if (pad < 1) {
                dst[o + 2] = (unsigned char)acc;
            }
            o += 3 - pad;
            n = 0;
        }
    }
    if (n != 0) {
        return -1;
    }
    *olen = o;
    return 0;
}

#endif /* TACIT_BENCH_BASE64_TABLE_H */
