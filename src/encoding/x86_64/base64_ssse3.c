/*
 * base64 kernels on 16 characters in an SSE register (SSSE3, x86).
 *
 * Compiled with a per-function target attribute so the default build (no
 * -mssse3) still has them; base64.c calls them only when CPUID says the CPU
 * has SSSE3.  The mapping is the range arithmetic of tacit_base64_dec_char /
 * _enc_char done with signed byte compares (bytes >= 0x80 are negative and
 * fall in no range); the shuffles only move bytes between fixed positions.
 * Everything stays in registers: no memory access depends on the data.
 */
#include "tacit/config.h"

#if defined(TACIT_BASE64_C)

#include "encoding/base64_internal.h"

#if defined(TACIT_BASE64_HAVE_X86)

#include <immintrin.h>

#define SSSE3 __attribute__((target("ssse3")))

/*
 * A constant the compiler may not rebuild: gcc otherwise re-creates splatted
 * bytes from immediates in every iteration when short of registers.
 */
static inline SSSE3 __m128i splat(char b)
{
    __m128i v = _mm_set1_epi8(b);
    __asm__("" : "+x"(v));
    return v;
}

SSSE3 size_t tacit_base64_dec_ssse3(unsigned char *dst, size_t dcap, size_t *produced,
                                    const unsigned char *src, size_t slen, uint64_t *bad)
{
    size_t i = 0, o = 0;
    __m128i ok = _mm_set1_epi8(-1);
    /* per 32-bit lane: bytes 2, 1, 0 of the 24-bit value; the last 4 zero */
    const __m128i order = _mm_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
    const __m128i k_nl = splat('\n'), k_cr = splat('\r'), k_eq = splat('=');
    const __m128i k_a0 = splat('A' - 1), k_a1 = splat('Z' + 1), k_b0 = splat('a' - 1),
                  k_b1 = splat('z' + 1), k_d0 = splat('0' - 1), k_d1 = splat('9' + 1);
    const __m128i k_pl = splat('+'), k_sl = splat('/');
    const __m128i off_up = splat(-65), off_lo = splat(-71), off_di = splat(4), off_pl = splat(19),
                  off_sl = splat(16);

    while (slen - i >= 16 && dcap - o >= 16) {
        __m128i c = _mm_loadu_si128((const __m128i *)(const void *)(src + i));
        __m128i nl = _mm_cmpeq_epi8(c, k_nl);
        __m128i cr = _mm_cmpeq_epi8(c, k_cr);
        __m128i sp = _mm_or_si128(_mm_or_si128(nl, cr), _mm_cmpeq_epi8(c, k_eq));
        __m128i up, lo, di, pl, sl, off, v;

        if (tacit_ct_declassify_u32((uint32_t)_mm_movemask_epi8(sp)) != 0) {
            /* a line break at the block's start is skipped */
            uint32_t n = tacit_ct_declassify_u32((uint32_t)_mm_movemask_epi8(nl));
            uint32_t r = tacit_ct_declassify_u32((uint32_t)_mm_movemask_epi8(cr));
            if ((n & 1u) != 0) {
                i += 1;
                continue;
            }
            if ((r & 1u) != 0 && (n & 2u) != 0) {
                i += 2;
                continue;
            }
            break;
        }
        /* ranges by signed compares: bytes >= 0x80 are negative, in none */
        up = _mm_and_si128(_mm_cmpgt_epi8(c, k_a0), _mm_cmpgt_epi8(k_a1, c));
        lo = _mm_and_si128(_mm_cmpgt_epi8(c, k_b0), _mm_cmpgt_epi8(k_b1, c));
        di = _mm_and_si128(_mm_cmpgt_epi8(c, k_d0), _mm_cmpgt_epi8(k_d1, c));
        pl = _mm_cmpeq_epi8(c, k_pl);
        sl = _mm_cmpeq_epi8(c, k_sl);
        ok = _mm_and_si128(
            ok, _mm_or_si128(_mm_or_si128(up, lo), _mm_or_si128(_mm_or_si128(di, pl), sl)));
        /* value = c + the offset of its range: -65, -71, +4, +19, +16 */
        off = _mm_or_si128(
            _mm_or_si128(_mm_and_si128(up, off_up), _mm_and_si128(lo, off_lo)),
            _mm_or_si128(_mm_or_si128(_mm_and_si128(di, off_di), _mm_and_si128(pl, off_pl)),
                         _mm_and_si128(sl, off_sl)));
        v = _mm_add_epi8(c, off);
        /* pairs a * 64 + b, then pairs of pairs ab * 4096 + cd: 24 bits a lane */
        v = _mm_maddubs_epi16(v, _mm_set1_epi32(0x01400140));
        v = _mm_madd_epi16(v, _mm_set1_epi32(0x00011000));
        _mm_storeu_si128((__m128i *)(void *)(dst + o), _mm_shuffle_epi8(v, order));
        i += 16;
        o += 12;
    }
    *bad |= (uint64_t)((uint32_t)_mm_movemask_epi8(ok) ^ 0xFFFFu);
    *produced = o;
    return i;
}

/*
 * 16 sextets (one per byte, in output order) from 12 input bytes.  The
 * shuffle puts each 3-byte group into a 32-bit lane as b0 << 16 | b1 << 8 |
 * b2; shifts and masks then move its four 6-bit fields to bytes 0..3.
 */
static inline SSSE3 __m128i enc_sextets(__m128i in)
{
    const __m128i spread = _mm_setr_epi8(2, 1, 0, -1, 5, 4, 3, -1, 8, 7, 6, -1, 11, 10, 9, -1);
    __m128i x = _mm_shuffle_epi8(in, spread);

    return _mm_or_si128(
        _mm_or_si128(_mm_and_si128(_mm_srli_epi32(x, 18), _mm_set1_epi32(0x3F)),
                     _mm_and_si128(_mm_srli_epi32(x, 4), _mm_set1_epi32(0x3F00))),
        _mm_or_si128(_mm_and_si128(_mm_slli_epi32(x, 10), _mm_set1_epi32(0x3F0000)),
                     _mm_and_si128(_mm_slli_epi32(x, 24), _mm_set1_epi32(0x3F000000))));
}

/* Characters for 16 values 0..63 (signed compares are fine below 64). */
static inline SSSE3 __m128i enc_chars(__m128i v)
{
    __m128i c = _mm_add_epi8(v, _mm_set1_epi8('A'));

    c = _mm_add_epi8(c, _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(25)), _mm_set1_epi8(6)));
    c = _mm_sub_epi8(c, _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(51)), _mm_set1_epi8(75)));
    c = _mm_sub_epi8(c, _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(61)), _mm_set1_epi8(15)));
    c = _mm_add_epi8(c, _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(62)), _mm_set1_epi8(3)));
    return c;
}

SSSE3 size_t tacit_base64_enc_ssse3(unsigned char *dst, const unsigned char *src, size_t slen)
{
    size_t i = 0, o = 0;

    while (slen - i >= 16) {
        __m128i in = _mm_loadu_si128((const __m128i *)(const void *)(src + i));
        _mm_storeu_si128((__m128i *)(void *)(dst + o), enc_chars(enc_sextets(in)));
        i += 12;
        o += 16;
    }
    return i;
}

#endif /* TACIT_BASE64_HAVE_X86 */

#else
typedef int tacit_base64_ssse3_unused;
#endif /* TACIT_BASE64_C */
