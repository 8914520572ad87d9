/*
 * Constant-time table reads for the ecp module with AVX-512 (x86-64),
 * chosen at run time by tacit_ecp_select (ecp_mul.c) when
 * tacit_ecp_cpu_has_avx512 says the CPU and the OS support it.  An affine
 * P-256 point is 64 bytes, one ZMM register: per entry one full load and
 * one move merged under a k-mask, the mask from a lane compare of a
 * running counter with the broadcast index (all eight lanes equal, so the
 * mask is 0xff on the wanted entry and 0 elsewhere).
 *
 * What keeps it constant time: every entry is loaded, in order, by a plain
 * unmasked load (a masked load may skip the memory access of masked-off
 * lanes, which would show the index in the cache); the loaded value goes
 * through an empty asm so that the compiler cannot fold the load into the
 * masked move (nor turn a masked update of dst into a masked store, which
 * would write dst only on the wanted entry).  The only instructions that see the index are the compares
 * and the masked moves, whose timing does not depend on the mask value;
 * the loop bounds depend on the public count and entry size only.
 * scripts/check_ct_asm.sh checks the compiled function for conditional
 * branches and for masked loads.
 */
#include "ec/ecp_internal.h"

#if defined(TACIT_ECP_C) && defined(TACIT_ECP_X86_64_AVX512)

#include <immintrin.h>

#define AVX512 __attribute__((target("avx512f,avx512vl")))

/* ---- the scan --------------------------------------------------------------- */

/* a full 64-byte load the compiler cannot turn into a masked one */
AVX512 static inline __m512i load512(const void *p)
{
    __m512i v = _mm512_loadu_si512(p);

    __asm__("" : "+v"(v));
    return v;
}

AVX512 static inline __m256i load256(const void *p)
{
    __m256i v = _mm256_loadu_si256((const __m256i *)p);

    __asm__("" : "+v"(v));
    return v;
}

/*
 * dst = entry index of table (count entries of 32 * words bytes, words >= 2);
 * no match: 0.
 */
AVX512 void tacit_ecp_select_avx512(void *dst, const void *table, size_t words, size_t count,
                                    size_t index)
{
    const unsigned char *t = (const unsigned char *)table;
    unsigned char *d = (unsigned char *)dst;
    const __m512i one = _mm512_set1_epi64(1), two = _mm512_set1_epi64(2);
    const __m512i w0 = _mm512_set1_epi64((long long)index);
    /*
     * Entries i and i + 1 from two counters, both compared with the index
     * itself.  Comparing one counter with index - 1 instead timed
     * differently for index 0 (index - 1 all ones) on Zen 5: the
     * timing_leaks target ecp-select-avx512 flagged it (|t| 20-37), and
     * passes with two counters.
     */
    __m512i ctr = _mm512_setzero_si512(), ctr1 = one;
    __m512i a0 = _mm512_setzero_si512(), a1 = a0;
    __m256i h0 = _mm256_setzero_si256(), h1 = h0;
    size_t i, j, pairs = words / 2;
    __mmask8 k;

    /* Two entries a step into two accumulators: one chain of merged moves
     * would bound the scan by their latency (3 % slower signing); four
     * were no faster than two.  The scan is bound by the cache anyway. */
    if (words == 2) { /* an affine P-256 point */
        for (i = 0; i + 1 < count; i += 2, t += 128) {
            __mmask8 k0 = _mm512_cmpeq_epi64_mask(ctr, w0), k1 = _mm512_cmpeq_epi64_mask(ctr1, w0);

            ctr = _mm512_add_epi64(ctr, two);
            ctr1 = _mm512_add_epi64(ctr1, two);
            a0 = _mm512_mask_mov_epi64(a0, k0, load512(t));
            a1 = _mm512_mask_mov_epi64(a1, k1, load512(t + 64));
        }
        if (i < count) { /* count is public */
            k = _mm512_cmpeq_epi64_mask(ctr, w0);
            a0 = _mm512_mask_mov_epi64(a0, k, load512(t));
        }
        _mm512_storeu_si512(d, _mm512_or_si512(a0, a1));
        return;
    }
    if (words == 3) { /* a Jacobian P-256 point, an affine P-384 point */
        for (i = 0; i + 1 < count; i += 2, t += 192) {
            __mmask8 k0 = _mm512_cmpeq_epi64_mask(ctr, w0), k1 = _mm512_cmpeq_epi64_mask(ctr1, w0);

            ctr = _mm512_add_epi64(ctr, two);
            ctr1 = _mm512_add_epi64(ctr1, two);
            a0 = _mm512_mask_mov_epi64(a0, k0, load512(t));
            h0 = _mm256_mask_mov_epi64(h0, k0, load256(t + 64));
            a1 = _mm512_mask_mov_epi64(a1, k1, load512(t + 96));
            h1 = _mm256_mask_mov_epi64(h1, k1, load256(t + 160));
        }
        if (i < count) {
            k = _mm512_cmpeq_epi64_mask(ctr, w0);
            a0 = _mm512_mask_mov_epi64(a0, k, load512(t));
            h0 = _mm256_mask_mov_epi64(h0, k, load256(t + 64));
        }
        _mm512_storeu_si512(d, _mm512_or_si512(a0, a1));
        _mm256_storeu_si256((__m256i *)(d + 64), _mm256_or_si256(h0, h1));
        return;
    }
    /* larger entries (a P-521 point): accumulate in dst, 64 bytes at a time */
    for (j = 0; j < pairs; j++) {
        _mm512_storeu_si512(d + 64 * j, _mm512_setzero_si512());
    }
    if (words & 1) {
        _mm256_storeu_si256((__m256i *)(d + 64 * pairs), _mm256_setzero_si256());
    }
    for (i = 0; i < count; i++, t += 32 * words) {
        k = _mm512_cmpeq_epi64_mask(ctr, w0);
        ctr = _mm512_add_epi64(ctr, one);
        /* dst read through the asm too: a move merged into a value the
         * compiler knows is dst's would become a masked store */
        for (j = 0; j < pairs; j++) {
            __m512i v = load512(d + 64 * j);

            _mm512_storeu_si512(d + 64 * j, _mm512_mask_mov_epi64(v, k, load512(t + 64 * j)));
        }
        if (words & 1) {
            __m256i v = load256(d + 64 * pairs);

            v = _mm256_mask_mov_epi64(v, k, load256(t + 64 * pairs));
            _mm256_storeu_si256((__m256i *)(d + 64 * pairs), v);
        }
    }
}

#else
typedef int tacit_ecp_select_x86_64_avx512_unused;
#endif /* TACIT_ECP_C && TACIT_ECP_X86_64_AVX512 */
