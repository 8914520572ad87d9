/*
 * Find a byte in possibly secret text, constant-flow up to the answer: the
 * PEM reader uses it to find the END line after a private key's body.
 *
 * Each block of 32 (AVX2), 16 (SSE2) or 8 (SWAR) bytes is compared with the byte as a
 * mask, and only that mask is declassified and branched on.  What leaks is
 * where the byte occurs in the blocks up to and including the first match:
 * in a valid PEM body that is only the END line's position.
 */
#include "tacit/config.h"

#if defined(TACIT_BASE64_C)

#include "encoding/base64_internal.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#if defined(__SSE2__)
static size_t first_bit(uint32_t m)
{
    size_t k = 0;

    while ((m & 1u) == 0) {
        m >>= 1;
        k++;
    }
    return k;
}
#endif

static size_t first_lane(uint64_t h)
{
    size_t k = 0;

    while ((h & 0x80u) == 0) {
        h >>= 8;
        k++;
    }
    return k;
}

size_t tacit_base64_find_byte(const unsigned char *p, size_t len, unsigned char b)
{
    size_t i = 0;

#if defined(TACIT_BASE64_HAVE_X86)
    if (tacit_base64_path_supported(TACIT_BASE64_PATH_AVX2)) {
        i = tacit_base64_find_byte_avx2(p, len, b);
        if (len - i >= 32) {
            return i; /* found */
        }
    }
#endif

#if defined(__SSE2__)
    const __m128i want = _mm_set1_epi8((char)b);

    for (; len - i >= 16; i += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        uint32_t m = tacit_ct_declassify_u32((uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(x, want)));
        if (m != 0) {
            return i + first_bit(m);
        }
    }
#endif
    for (; len - i >= 8; i += 8) {
        uint64_t x = 0, y, h;
        size_t k;
        for (k = 0; k < 8; k++) {
            x |= (uint64_t)p[i + k] << (8 * k);
        }
        y = x ^ (0x0101010101010101u * b);
        h = ~(((y & 0x7F7F7F7F7F7F7F7Fu) + 0x7F7F7F7F7F7F7F7Fu) | y) & 0x8080808080808080u;
        h = ((uint64_t)tacit_ct_declassify_u32((uint32_t)(h >> 32)) << 32) |
            tacit_ct_declassify_u32((uint32_t)h);
        if (h != 0) {
            return i + first_lane(h);
        }
    }
    for (; i < len; i++) {
        if (tacit_ct_declassify_u32(tacit_ct_mask_eq_u32(p[i], b)) != 0) {
            break;
        }
    }
    return i;
}

size_t tacit_base64_count_breaks(const unsigned char *p, size_t len)
{
    size_t i = 0, n = 0;

#if defined(__SSE2__)
    for (; len - i >= 16; i += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        __m128i br = _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('\n')),
                                  _mm_cmpeq_epi8(x, _mm_set1_epi8('\r')));
        uint32_t m = tacit_ct_declassify_u32((uint32_t)_mm_movemask_epi8(br));
        while (m != 0) {
            m &= m - 1;
            n++;
        }
    }
#endif
    for (; i < len; i++) {
        n += tacit_ct_declassify_u32(tacit_ct_mask_eq_u32(p[i], '\n') |
                                     tacit_ct_mask_eq_u32(p[i], '\r')) &
             1u;
    }
    return n;
}

#else
typedef int tacit_base64_scan_unused;
#endif /* TACIT_BASE64_C */
