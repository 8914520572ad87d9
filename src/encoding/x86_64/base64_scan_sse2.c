/*
 * The scans of base64_scan.c, 16 bytes a step in SSE2 (part of every x86-64
 * CPU).  Each block is compared as a whole; only its match mask is
 * declassified and branched on, so what leaks is where the wanted bytes are
 * in the blocks scanned: public positions (the END line of a PEM body, line
 * breaks) in valid input.
 */
#include "tacit/config.h"

#if defined(TACIT_BASE64_C)

#include "encoding/base64_internal.h"

#if defined(TACIT_BASE64_HAVE_X86) && defined(__SSE2__)

#include <emmintrin.h>

size_t tacit_base64_find_byte_sse2(const unsigned char *p, size_t len, unsigned char b)
{
    const __m128i want = _mm_set1_epi8((char)b);
    size_t i = 0;

    for (; len - i >= 16; i += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        uint32_t m = tacit_ct_declassify_u32((uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(x, want)));
        if (m != 0) {
            return i + (size_t)__builtin_ctz(m);
        }
    }
    return i;
}

size_t tacit_base64_count_breaks_sse2(const unsigned char *p, size_t len, size_t *n)
{
    const __m128i lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    size_t i = 0;

    for (; len - i >= 16; i += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        __m128i br = _mm_or_si128(_mm_cmpeq_epi8(x, lf), _mm_cmpeq_epi8(x, cr));
        uint32_t m = tacit_ct_declassify_u32((uint32_t)_mm_movemask_epi8(br));
        *n += (size_t)__builtin_popcount(m);
    }
    return i;
}

#endif /* TACIT_BASE64_HAVE_X86 && __SSE2__ */

#endif /* TACIT_BASE64_C */

typedef int tacit_base64_scan_sse2_unused;
