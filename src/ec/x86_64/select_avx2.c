/*
 * Constant-time table reads for the ecp module with AVX2 (x86-64), chosen
 * at run time by tacit_ecp_select (ecp_mul.c).  Every entry of the table is
 * loaded and masked: the addresses read never depend on the index.  The
 * mask is a 64-bit lane compare of a running counter with the broadcast
 * index, then AND and OR, as the portable tacit_ct_table_select_limbs does
 * one limb at a time (or a byte blend under the mask: the same selection,
 * one instruction, for the P-256 comb's affine points).
 */
#include "ec/ecp_internal.h"

#if defined(TACIT_ECP_C) && defined(TACIT_ECP_X86_64_AVX2)

#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

/* dst = entry index of table (count entries of 32 * words bytes); no match: 0 */
AVX2 void tacit_ecp_select_avx2(void *dst, const void *table, size_t words, size_t count,
                                size_t index)
{
    const __m256i *t = (const __m256i *)table;
    __m256i *d = (__m256i *)dst;
    const __m256i want = _mm256_set1_epi64x((long long)index);
    const __m256i one = _mm256_set1_epi64x(1);
    __m256i ctr = _mm256_setzero_si256();
    __m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0;
    size_t i, j;

    if (words == 2) { /* an affine P-256 point: two entries a step, blends */
        const __m256i two = _mm256_set1_epi64x(2);
        __m256i ctr1 = one, b0 = a0, b1 = a0;

        for (i = 0; i + 1 < count; i += 2, t += 4) {
            __m256i m0 = _mm256_cmpeq_epi64(ctr, want), m1 = _mm256_cmpeq_epi64(ctr1, want);
            ctr = _mm256_add_epi64(ctr, two);
            ctr1 = _mm256_add_epi64(ctr1, two);
            a0 = _mm256_blendv_epi8(a0, _mm256_loadu_si256(t), m0);
            a1 = _mm256_blendv_epi8(a1, _mm256_loadu_si256(t + 1), m0);
            b0 = _mm256_blendv_epi8(b0, _mm256_loadu_si256(t + 2), m1);
            b1 = _mm256_blendv_epi8(b1, _mm256_loadu_si256(t + 3), m1);
        }
        if (i < count) { /* count is public */
            __m256i m0 = _mm256_cmpeq_epi64(ctr, want);
            a0 = _mm256_blendv_epi8(a0, _mm256_loadu_si256(t), m0);
            a1 = _mm256_blendv_epi8(a1, _mm256_loadu_si256(t + 1), m0);
        }
        _mm256_storeu_si256(d, _mm256_or_si256(a0, b0));
        _mm256_storeu_si256(d + 1, _mm256_or_si256(a1, b1));
        return;
    }
    if (words == 3) { /* a Jacobian P-256 point, an affine P-384 point */
        for (i = 0; i < count; i++, t += 3) {
            __m256i m = _mm256_cmpeq_epi64(ctr, want);
            ctr = _mm256_add_epi64(ctr, one);
            a0 = _mm256_or_si256(a0, _mm256_and_si256(_mm256_loadu_si256(t), m));
            a1 = _mm256_or_si256(a1, _mm256_and_si256(_mm256_loadu_si256(t + 1), m));
            a2 = _mm256_or_si256(a2, _mm256_and_si256(_mm256_loadu_si256(t + 2), m));
        }
        _mm256_storeu_si256(d, a0);
        _mm256_storeu_si256(d + 1, a1);
        _mm256_storeu_si256(d + 2, a2);
        return;
    }
    for (j = 0; j < words; j++) {
        _mm256_storeu_si256(d + j, _mm256_setzero_si256());
    }
    for (i = 0; i < count; i++, t += words) {
        __m256i m = _mm256_cmpeq_epi64(ctr, want);
        ctr = _mm256_add_epi64(ctr, one);
        for (j = 0; j < words; j++) {
            __m256i v = _mm256_and_si256(_mm256_loadu_si256(t + j), m);
            _mm256_storeu_si256(d + j, _mm256_or_si256(_mm256_loadu_si256(d + j), v));
        }
    }
}

#else
typedef int tacit_ecp_select_x86_64_unused;
#endif /* TACIT_ECP_C && TACIT_ECP_X86_64_AVX2 */
