/*
 * base64 internals: the per-character mappings and the block kernels that
 * src/encoding/base64.c drives, exposed so tests can check each path against the
 * others and under valgrind.
 *
 * Every kernel is constant-flow in the characters: it maps them by RANGES
 * ('A'-'Z', 'a'-'z', '0'-'9', '+', '/') with mask arithmetic, in a 64-bit word
 * (SWAR) or in SIMD registers, never through a table indexed by data.  The
 * only branch a decode kernel takes on the data is "does this block hold a
 * '\n', '\r' or '='", computed as a mask and declassified: those positions
 * are the documented leak (see base64.c).
 */
#ifndef TACIT_BASE64_INTERNAL_H
#define TACIT_BASE64_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "core/constant_time_internal.h"

/* Implementation paths, slowest first.  AUTO = the best this CPU runs. */
#define TACIT_BASE64_PATH_AUTO 0
#define TACIT_BASE64_PATH_SCALAR 1 /* one character at a time, constant_time masks */
#define TACIT_BASE64_PATH_SWAR 2   /* 8 characters in a uint64_t (portable) */
#define TACIT_BASE64_PATH_SSSE3 3  /* 16 characters in an SSE register (x86, runtime check) */
#define TACIT_BASE64_PATH_AVX2 4   /* 32 characters in an AVX2 register (x86, runtime check) */

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__)) &&     \
    !defined(TACIT_BASE64_NO_SIMD)
#define TACIT_BASE64_HAVE_X86 1
#endif

/*
 * Value (0..63) of the base64 character c (0..255); *invalid gets all-ones
 * ORed in when c is outside the alphabet (the value is then 0).
 */
static inline uint32_t tacit_base64_dec_char(uint32_t c, uint32_t *invalid)
{
    uint32_t up = tacit_ct_mask_in_range_u32('A', 'Z', c);
    uint32_t lo = tacit_ct_mask_in_range_u32('a', 'z', c);
    uint32_t di = tacit_ct_mask_in_range_u32('0', '9', c);
    uint32_t pl = tacit_ct_mask_eq_u32(c, '+');
    uint32_t sl = tacit_ct_mask_eq_u32(c, '/');

    *invalid |= ~(up | lo | di | pl | sl);
    return (up & (c - 'A')) | (lo & (c - 'a' + 26)) | (di & (c - '0' + 52)) | (pl & 62u) |
           (sl & 63u);
}

/* The character for the value v (0..63). */
static inline uint32_t tacit_base64_enc_char(uint32_t v)
{
    uint32_t c = v + 'A';

    c += tacit_ct_mask_ge_u32(v, 26) & 6u;  /* 26.. -> 'a'.. */
    c -= tacit_ct_mask_ge_u32(v, 52) & 75u; /* 52.. -> '0'.. */
    c -= tacit_ct_mask_ge_u32(v, 62) & 15u; /* 62   -> '+'   */
    c += tacit_ct_mask_ge_u32(v, 63) & 3u;  /* 63   -> '/'   */
    return c;
}

/*
 * Decode kernels.  Each decodes blocks of its width (8, 16 or 32 characters)
 * from the start of src, and skips a "\n" or "\r\n" found at the start of a
 * block (the kernel is always between groups of 4 there).  It stops before a
 * block holding any other '\n', '\r' or '=', when less than a block is
 * left, or when a store would pass dcap (a store may put up to 8 zero bytes
 * past the 6, 12 or 24 a block produces, within dcap).  Returns the number of
 * input bytes consumed; *produced = output bytes written (3 per group of 4).
 * *bad gets a non-zero value ORed in if any character decoded is outside the
 * alphabet (secret: not declassified).
 */
size_t tacit_base64_dec_swar(unsigned char *dst, size_t dcap, size_t *produced,
                             const unsigned char *src, size_t slen, uint64_t *bad);
#if defined(TACIT_BASE64_HAVE_X86)
size_t tacit_base64_dec_ssse3(unsigned char *dst, size_t dcap, size_t *produced,
                              const unsigned char *src, size_t slen, uint64_t *bad);
size_t tacit_base64_dec_avx2(unsigned char *dst, size_t dcap, size_t *produced,
                             const unsigned char *src, size_t slen, uint64_t *bad);
#endif

/*
 * Encode kernels: encode as many leading blocks of 6, 12 or 24 bytes as fit
 * (the SIMD ones read up to 4 bytes past a block, within slen) into 8, 16 or
 * 32 characters each.  dst has room for the whole output.  Returns the
 * number of bytes consumed.
 */
size_t tacit_base64_enc_swar(unsigned char *dst, const unsigned char *src, size_t slen);
#if defined(TACIT_BASE64_HAVE_X86)
size_t tacit_base64_enc_ssse3(unsigned char *dst, const unsigned char *src, size_t slen);
size_t tacit_base64_enc_avx2(unsigned char *dst, const unsigned char *src, size_t slen);
#endif

/*
 * Offset of the first byte equal to b in p[0 .. len), or len.  Declassifies
 * only the match masks of the blocks scanned (base64_scan.c).
 */
size_t tacit_base64_find_byte(const unsigned char *p, size_t len, unsigned char b);
/*
 * Its vector loops: each stops at a match or before the last partial block
 * (32 bytes in AVX2, 16 in SSE2) and returns where it stopped.
 */
#if defined(TACIT_BASE64_HAVE_X86)
size_t tacit_base64_find_byte_avx2(const unsigned char *p, size_t len, unsigned char b);
#endif
#if defined(TACIT_BASE64_HAVE_X86) && defined(__SSE2__)
size_t tacit_base64_find_byte_sse2(const unsigned char *p, size_t len, unsigned char b);
#endif
/*
 * The best of them on this CPU (base64_dispatch.c): scans a prefix of p and
 * returns its length; *found = 1 when the byte is at that offset.
 */
size_t tacit_base64_find_byte_vec(const unsigned char *p, size_t len, unsigned char b, int *found);

/*
 * Number of '\n' and '\r' bytes in p[0 .. len): public positions, counted
 * with declassified block masks (base64_scan.c).
 */
size_t tacit_base64_count_breaks(const unsigned char *p, size_t len);
#if defined(TACIT_BASE64_HAVE_X86) && defined(__SSE2__)
/* Its SSE2 loop over whole blocks of 16: adds to *n, returns the bytes scanned. */
size_t tacit_base64_count_breaks_sse2(const unsigned char *p, size_t len, size_t *n);
#endif
/* The best of them on this CPU (base64_dispatch.c), the same contract. */
size_t tacit_base64_count_breaks_vec(const unsigned char *p, size_t len, size_t *n);

/* Is this path compiled in and supported by this CPU?  (AUTO: always.) */
int tacit_base64_path_supported(int path);
/* The fastest path this CPU runs (base64_dispatch.c). */
int tacit_base64_best_path(void);

/* tacit_base64_encode / _decode restricted to one path (tests, benchmarks). */
int tacit_base64_encode_path(int path, const unsigned char *src, size_t slen, unsigned char *dst,
                             size_t dlen, size_t *olen);
int tacit_base64_decode_path(int path, const unsigned char *src, size_t slen, unsigned char *dst,
                             size_t dlen, size_t *olen);

#endif /* TACIT_BASE64_INTERNAL_H */
