/*
 * bignum_core's table scan for x86-64 CPUs with AVX2, chosen at run time
 * (tacit_mpi_core_cpu_has_avx2, probed with the MULX/ADX kernels in
 * bignum_core_x86_64_adx.c).  The portable scan is table_select in
 * bignum_core_exp.c.
 *
 * Constant time: every entry of the table is read in full, ANDed with its
 * mask (all ones for the wanted entry, zero for the others, made by a
 * vector compare of the entry number with the secret index, no branch)
 * and ORed into the result; the loop counts and addresses depend only on
 * the (public) sizes.  Sixteen limbs are gathered
 * at a time in four YMM registers, then four at a time, then one.
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

AVX2 void tacit_mpi_core_avx2_table_select(tacit_mpi_uint *X, const tacit_mpi_uint *table,
                                           size_t limbs, size_t count, size_t index)
{
    __m256i idx = _mm256_set1_epi64x((long long)index);
    size_t i, j = 0;

    for (; j + 16 <= limbs; j += 16) {
        __m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0;
        const tacit_mpi_uint *t = table + j;
        __m256i e = _mm256_setzero_si256(), one = _mm256_set1_epi64x(1);
        for (i = 0; i < count; i++, t += limbs) {
            /* the entry number counts up in a vector: no GPR-to-vector move per entry */
            __m256i m = _mm256_cmpeq_epi64(e, idx);
            e = _mm256_add_epi64(e, one);
            a0 = _mm256_or_si256(a0, _mm256_and_si256(m, load4(t)));
            a1 = _mm256_or_si256(a1, _mm256_and_si256(m, load4(t + 4)));
            a2 = _mm256_or_si256(a2, _mm256_and_si256(m, load4(t + 8)));
            a3 = _mm256_or_si256(a3, _mm256_and_si256(m, load4(t + 12)));
        }
        store4(X + j, a0);
        store4(X + j + 4, a1);
        store4(X + j + 8, a2);
        store4(X + j + 12, a3);
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
