/*
 * bignum_core's table scan for x86-64 CPUs with AVX2, chosen at run time
 * (tacit_mpi_core_cpu_has_avx2, probed with the MULX/ADX kernels in
 * bignum_core_x86_64_adx.c).  The portable scan is table_select in
 * bignum_core_exp.c.
 *
 * Constant time: every entry of the table is read in full and blended
 * into the result under its mask (all ones for the wanted entry, zero for
 * the others, made by a vector compare of the entry number with the secret
 * index, no branch), or ANDed with it and ORed in; the loop counts and
 * addresses depend only on the (public) sizes.  Sixteen limbs are gathered
 * at a time in four YMM registers (24 in six for 24-limb numbers), then
 * eight, four, one.
 */
#include "tacit/config.h"

#if defined(TACIT_BIGNUM_CORE_C)

#include "bignum/bignum_core.h"
#include "bignum/bignum_core_limb.h"

#if defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)

#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

static AVX2 __m256i load4(const tacit_mpi_uint *p)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

static AVX2 void store4(tacit_mpi_uint *p, __m256i v)
{
    _mm256_storeu_si256((__m256i *)(void *)p, v);
}

/* All ones if i == index, else zero: a vector compare, no branch. */
static AVX2 __m256i entry_mask(size_t i, __m256i index)
{
    return _mm256_cmpeq_epi64(_mm256_set1_epi64x((long long)i), index);
}

/*
 * X[j..j+4*NV) from the table: for each entry, its mask (the entry number,
 * counted up in a vector, compared with the index: no GPR-to-vector move
 * per entry) selects the entry's vectors with VPBLENDVB, one operation per
 * vector where AND and OR took two; the loads happen for every entry.
 */
#define SCAN_BLEND(V) a##V = _mm256_blendv_epi8(a##V, load4(t + 4 * (V)), m)
#define SCAN_LOOP(BLENDS)                                                                          \
    do {                                                                                           \
        __m256i e = _mm256_setzero_si256(), one = _mm256_set1_epi64x(1);                           \
        const tacit_mpi_uint *t = table + j;                                                       \
        for (i = 0; i < count; i++, t += limbs) {                                                  \
            __m256i m = _mm256_cmpeq_epi64(e, idx);                                                \
            e = _mm256_add_epi64(e, one);                                                          \
            BLENDS;                                                                                \
        }                                                                                          \
    } while (0)

AVX2 void tacit_mpi_core_avx2_table_select(tacit_mpi_uint *X, const tacit_mpi_uint *table,
                                           size_t limbs, size_t count, size_t index)
{
    __m256i idx = _mm256_set1_epi64x((long long)index);
    size_t i, j = 0;

    /* 24 limbs (RSA-3072's halves) in one pass, else 16 at a time, then 8 */
    if (limbs == 24) {
        __m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0, a4 = a0, a5 = a0;
        SCAN_LOOP(SCAN_BLEND(0); SCAN_BLEND(1); SCAN_BLEND(2); SCAN_BLEND(3); SCAN_BLEND(4);
                  SCAN_BLEND(5));
        store4(X, a0);
        store4(X + 4, a1);
        store4(X + 8, a2);
        store4(X + 12, a3);
        store4(X + 16, a4);
        store4(X + 20, a5);
        j = 24;
    }
    for (; j + 16 <= limbs; j += 16) {
        __m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0;
        SCAN_LOOP(SCAN_BLEND(0); SCAN_BLEND(1); SCAN_BLEND(2); SCAN_BLEND(3));
        store4(X + j, a0);
        store4(X + j + 4, a1);
        store4(X + j + 8, a2);
        store4(X + j + 12, a3);
    }
    for (; j + 8 <= limbs; j += 8) {
        __m256i a0 = _mm256_setzero_si256(), a1 = a0;
        SCAN_LOOP(SCAN_BLEND(0); SCAN_BLEND(1));
        store4(X + j, a0);
        store4(X + j + 4, a1);
    }
    for (; j + 4 <= limbs; j += 4) {
        __m256i a = _mm256_setzero_si256();
        const tacit_mpi_uint *t = table + j;
        for (i = 0; i < count; i++, t += limbs) {
            a = _mm256_or_si256(a, _mm256_and_si256(entry_mask(i, idx), load4(t)));
        }
        store4(X + j, a);
    }
    for (; j < limbs; j++) {
        __m256i a = _mm256_setzero_si256();
        const tacit_mpi_uint *t = table + j;
        for (i = 0; i < count; i++, t += limbs) {
            a = _mm256_or_si256(
                a, _mm256_and_si256(entry_mask(i, idx), _mm256_set1_epi64x((long long)*t)));
        }
        X[j] = (tacit_mpi_uint)_mm256_extract_epi64(a, 0);
    }
}

#else
typedef int tacit_bignum_core_x86_64_avx2_unused;
#endif /* TACIT_MPI_HAVE_X86_64_ADX_ASM */

#else
typedef int tacit_bignum_core_x86_64_avx2_unused;
#endif /* TACIT_BIGNUM_CORE_C */
