/*
 * base64 kernels on 32 characters in an AVX2 register (x86): the SSSE3
 * kernels' arithmetic (base64_ssse3.c) on both 128-bit lanes at once, plus
 * a fixed dword permutation to close the gap between the two lanes' output.
 * Called only when CPUID reports AVX2.  Registers only, no data-dependent
 * memory access; the one data-dependent branch is on the declassified
 * "this block holds '\n', '\r' or '='" mask.
 */
#include "tacit/config.h"

#if defined(TACIT_BASE64_C)

#include "encoding/base64_internal.h"

#if defined(TACIT_BASE64_HAVE_X86)

#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

/*
 * A constant the compiler may not rebuild: gcc otherwise re-creates each
 * splatted byte from an immediate in every iteration (three instructions)
 * when the loop runs short of registers, instead of spilling it once.
 */
static inline AVX2 __m256i splat(char b)
{
    __m256i v = _mm256_set1_epi8(b);
    __asm__("" : "+x"(v));
    return v;
}

AVX2 size_t tacit_base64_dec_avx2(unsigned char *dst, size_t dcap, size_t *produced,
                                  const unsigned char *src, size_t slen, uint64_t *bad)
{
    size_t i = 0, o = 0;
    __m256i ok = _mm256_set1_epi8(-1);
    const __m256i order = _mm256_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1,
                                           2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
    /* dwords 0-2 (lane 0's 12 bytes), 4-6 (lane 1's), then the zero ones */
    const __m256i join = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 3, 7);
    const __m256i k_nl = splat('\n'), k_cr = splat('\r'), k_eq = splat('=');
    const __m256i k_a0 = splat('A' - 1), k_a1 = splat('Z' + 1), k_b0 = splat('a' - 1),
                  k_b1 = splat('z' + 1), k_d0 = splat('0' - 1), k_d1 = splat('9' + 1);
    const __m256i k_pl = splat('+'), k_sl = splat('/');
    const __m256i off_up = splat(-65), off_lo = splat(-71), off_di = splat(4), off_pl = splat(19),
                  off_sl = splat(16);

    while (slen - i >= 32 && dcap - o >= 32) {
        __m256i c = _mm256_loadu_si256((const __m256i *)(const void *)(src + i));
        __m256i nl = _mm256_cmpeq_epi8(c, k_nl);
        __m256i cr = _mm256_cmpeq_epi8(c, k_cr);
        __m256i sp = _mm256_or_si256(_mm256_or_si256(nl, cr), _mm256_cmpeq_epi8(c, k_eq));
        __m256i up, lo, di, pl, sl, off, v;

        if (tacit_ct_declassify_u32((uint32_t)_mm256_movemask_epi8(sp)) != 0) {
            /* once per line: a line break at the block's start is skipped */
            uint32_t n = tacit_ct_declassify_u32((uint32_t)_mm256_movemask_epi8(nl));
            uint32_t r = tacit_ct_declassify_u32((uint32_t)_mm256_movemask_epi8(cr));
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
        up = _mm256_and_si256(_mm256_cmpgt_epi8(c, k_a0), _mm256_cmpgt_epi8(k_a1, c));
        lo = _mm256_and_si256(_mm256_cmpgt_epi8(c, k_b0), _mm256_cmpgt_epi8(k_b1, c));
        di = _mm256_and_si256(_mm256_cmpgt_epi8(c, k_d0), _mm256_cmpgt_epi8(k_d1, c));
        pl = _mm256_cmpeq_epi8(c, k_pl);
        sl = _mm256_cmpeq_epi8(c, k_sl);
        ok = _mm256_and_si256(ok, _mm256_or_si256(_mm256_or_si256(up, lo),
                                                  _mm256_or_si256(_mm256_or_si256(di, pl), sl)));
        /* value = c + the offset of its range */
        off = _mm256_or_si256(
            _mm256_or_si256(_mm256_and_si256(up, off_up), _mm256_and_si256(lo, off_lo)),
            _mm256_or_si256(
                _mm256_or_si256(_mm256_and_si256(di, off_di), _mm256_and_si256(pl, off_pl)),
                _mm256_and_si256(sl, off_sl)));
        v = _mm256_add_epi8(c, off);
        /* pairs a * 64 + b, then pairs of pairs ab * 4096 + cd: 24 bits a dword */
        v = _mm256_maddubs_epi16(v, _mm256_set1_epi32(0x01400140));
        v = _mm256_madd_epi16(v, _mm256_set1_epi32(0x00011000));
        v = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(v, order), join);
        _mm256_storeu_si256((__m256i *)(void *)(dst + o), v);
        i += 32;
        o += 24;
    }
    *bad |= (uint64_t)((uint32_t)_mm256_movemask_epi8(ok) ^ 0xFFFFFFFFu);
    *produced = o;
    return i;
}

static inline AVX2 __m256i enc_sextets(__m256i in)
{
    const __m256i spread = _mm256_setr_epi8(2, 1, 0, -1, 5, 4, 3, -1, 8, 7, 6, -1, 11, 10, 9, -1, 2,
                                            1, 0, -1, 5, 4, 3, -1, 8, 7, 6, -1, 11, 10, 9, -1);
    __m256i x = _mm256_shuffle_epi8(in, spread);

    return _mm256_or_si256(
        _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(x, 18), _mm256_set1_epi32(0x3F)),
                        _mm256_and_si256(_mm256_srli_epi32(x, 4), _mm256_set1_epi32(0x3F00))),
        _mm256_or_si256(_mm256_and_si256(_mm256_slli_epi32(x, 10), _mm256_set1_epi32(0x3F0000)),
                        _mm256_and_si256(_mm256_slli_epi32(x, 24), _mm256_set1_epi32(0x3F000000))));
}

static inline AVX2 __m256i enc_chars(__m256i v)
{
    __m256i c = _mm256_add_epi8(v, _mm256_set1_epi8('A'));

    c = _mm256_add_epi8(
        c, _mm256_and_si256(_mm256_cmpgt_epi8(v, _mm256_set1_epi8(25)), _mm256_set1_epi8(6)));
    c = _mm256_sub_epi8(
        c, _mm256_and_si256(_mm256_cmpgt_epi8(v, _mm256_set1_epi8(51)), _mm256_set1_epi8(75)));
    c = _mm256_sub_epi8(
        c, _mm256_and_si256(_mm256_cmpgt_epi8(v, _mm256_set1_epi8(61)), _mm256_set1_epi8(15)));
    c = _mm256_add_epi8(
        c, _mm256_and_si256(_mm256_cmpgt_epi8(v, _mm256_set1_epi8(62)), _mm256_set1_epi8(3)));
    return c;
}

AVX2 size_t tacit_base64_enc_avx2(unsigned char *dst, const unsigned char *src, size_t slen)
{
    size_t i = 0, o = 0;

    /* two 12-byte groups, one per lane; the second load reads 4 bytes past */
    while (slen - i >= 28) {
        __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(src + i));
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(src + i + 12));
        __m256i in = _mm256_inserti128_si256(_mm256_castsi128_si256(a), b, 1);
        _mm256_storeu_si256((__m256i *)(void *)(dst + o), enc_chars(enc_sextets(in)));
        i += 24;
        o += 32;
    }
    return i;
}

/* tacit_base64_find_byte's loop, 32 bytes a step; returns len if not found. */
AVX2 size_t tacit_base64_find_byte_avx2(const unsigned char *p, size_t len, unsigned char b)
{
    size_t i = 0;
    const __m256i want = _mm256_set1_epi8((char)b);

    for (; len - i >= 32; i += 32) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(p + i));
        uint32_t m =
            tacit_ct_declassify_u32((uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, want)));
        if (m != 0) {
            return i + (size_t)__builtin_ctz(m);
        }
    }
    return i;
}

#endif /* TACIT_BASE64_HAVE_X86 */

#else
typedef int tacit_base64_avx2_unused;
#endif /* TACIT_BASE64_C */
