/*
 * ML-KEM polynomial kernels with AVX2 (x86-64): the NTT, its inverse and the
 * base-case products on 16 coefficients a vector, and rejection sampling
 * with a shuffle table.  Chosen by mlkem_dispatch.c when the CPU has AVX2.
 *
 * Every lane computes exactly what the portable code computes (the same
 * Montgomery and Barrett formulas: mulhi/mullo give the same 16-bit halves),
 * in the same coefficient order, so the results are bit-identical to
 * mlkem_poly.c (test_mlkem compares them).  The NTT's first four layers
 * pair whole vectors; the last three pair lanes inside a pair of vectors,
 * gathered by a 128-bit, 64-bit or 32-bit shuffle, butterflied, and put back
 * by the inverse shuffle.
 *
 * Nothing here branches on or indexes by coefficient data, except the
 * rejection sampler (public data, the matrix A: its _unsafe name says so).
 */
#include "tacit/config.h"

#if defined(TACIT_MLKEM_C) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))

#include <immintrin.h>

#include "mlkem/mlkem_internal.h"
#include "mlkem/x86_64/mlkem_avx2_tables_gen.h"

#define AVX2 __attribute__((target("avx2")))

void tacit_mlkem_ntt_avx2(tacit_mlkem_poly *a);
void tacit_mlkem_invntt_avx2(tacit_mlkem_poly *a);
void tacit_mlkem_basemul_acc_avx2(int32_t acc[TACIT_MLKEM_N], const tacit_mlkem_poly *a,
                                  const tacit_mlkem_poly *b);
unsigned tacit_mlkem_rej_uniform_avx2_unsafe(int16_t *a, unsigned ctr, const unsigned char *buf,
                                             size_t len);

extern const int16_t tacit_mlkem_zetas[128];

/* z * x * R^-1 mod q per lane, as tacit_mlkem_fqmul (|result| < q). */
static inline AVX2 __m256i fqmul(__m256i x, __m256i z)
{
    const __m256i q = _mm256_set1_epi16(TACIT_MLKEM_Q);
    const __m256i qinv = _mm256_set1_epi16((short)62209);
    __m256i t = _mm256_mullo_epi16(_mm256_mullo_epi16(x, z), qinv);
    return _mm256_sub_epi16(_mm256_mulhi_epi16(x, z), _mm256_mulhi_epi16(t, q));
}

/* Barrett reduction per lane, as tacit_mlkem_barrett. */
static inline AVX2 __m256i barrett(__m256i a)
{
    const __m256i q = _mm256_set1_epi16(TACIT_MLKEM_Q);
    const __m256i v = _mm256_set1_epi16(20159);
    const __m256i half = _mm256_set1_epi16(512);
    __m256i t = _mm256_mulhi_epi16(a, v);
    t = _mm256_srai_epi16(_mm256_add_epi16(t, half), 10);
    return _mm256_sub_epi16(a, _mm256_mullo_epi16(t, q));
}

/* Cooley-Tukey butterfly: (x, y) -> (x + z y, x - z y). */
static inline AVX2 void ct_bfly(__m256i *x, __m256i *y, __m256i z)
{
    __m256i t = fqmul(*y, z);
    *y = _mm256_sub_epi16(*x, t);
    *x = _mm256_add_epi16(*x, t);
}

/* Gentleman-Sande butterfly: (x, y) -> (barrett(x + y), z (y - x)). */
static inline AVX2 void gs_bfly(__m256i *x, __m256i *y, __m256i z)
{
    __m256i t = *x;
    *x = barrett(_mm256_add_epi16(t, *y));
    *y = fqmul(_mm256_sub_epi16(*y, t), z);
}

static inline AVX2 __m256i load_z(const int16_t *p)
{
    return _mm256_load_si256((const __m256i *)p);
}

AVX2 void tacit_mlkem_ntt_avx2(tacit_mlkem_poly *poly)
{
    __m256i v[16];
    unsigned layer, blk, j, k, i = 1;

    for (j = 0; j < 16; j++) {
        v[j] = _mm256_loadu_si256((const __m256i *)&poly->c[16 * j]);
    }
    /* layers len = 128, 64, 32, 16: whole vectors; len / 16 vectors a half-block */
    for (layer = 0; layer < 4; layer++) {
        unsigned half = 8u >> layer;
        for (blk = 0; blk < (1u << layer); blk++) {
            __m256i z = _mm256_set1_epi16(tacit_mlkem_zetas[i++]);
            unsigned base = 2 * half * blk;
            for (j = base; j < base + half; j++) {
                ct_bfly(&v[j], &v[j + half], z);
            }
        }
    }
    /* layers len = 8, 4, 2 on each pair of vectors */
    for (k = 0; k < 8; k++) {
        __m256i a = v[2 * k], b = v[2 * k + 1], x, y;
        /* len 8: the 128-bit halves */
        x = _mm256_permute2x128_si256(a, b, 0x20);
        y = _mm256_permute2x128_si256(a, b, 0x31);
        ct_bfly(&x, &y, load_z(ntt_zetas_l4[k]));
        a = _mm256_permute2x128_si256(x, y, 0x20);
        b = _mm256_permute2x128_si256(x, y, 0x31);
        /* len 4: the 64-bit quarters */
        x = _mm256_unpacklo_epi64(a, b);
        y = _mm256_unpackhi_epi64(a, b);
        ct_bfly(&x, &y, load_z(ntt_zetas_l5[k]));
        a = _mm256_unpacklo_epi64(x, y);
        b = _mm256_unpackhi_epi64(x, y);
        /* len 2: even and odd 32-bit words */
        a = _mm256_shuffle_epi32(a, 0xD8);
        b = _mm256_shuffle_epi32(b, 0xD8);
        x = _mm256_unpacklo_epi64(a, b);
        y = _mm256_unpackhi_epi64(a, b);
        ct_bfly(&x, &y, load_z(ntt_zetas_l6[k]));
        a = _mm256_shuffle_epi32(_mm256_unpacklo_epi64(x, y), 0xD8);
        b = _mm256_shuffle_epi32(_mm256_unpackhi_epi64(x, y), 0xD8);
        _mm256_storeu_si256((__m256i *)&poly->c[32 * k], barrett(a));
        _mm256_storeu_si256((__m256i *)&poly->c[32 * k + 16], barrett(b));
    }
}

AVX2 void tacit_mlkem_invntt_avx2(tacit_mlkem_poly *poly)
{
    __m256i v[16];
    unsigned layer, blk, j, k, i;
    const __m256i f128 = _mm256_set1_epi16(1441);

    /* layers len = 2, 4, 8 on each pair of vectors */
    for (k = 0; k < 8; k++) {
        __m256i a = _mm256_loadu_si256((const __m256i *)&poly->c[32 * k]);
        __m256i b = _mm256_loadu_si256((const __m256i *)&poly->c[32 * k + 16]), x, y;
        a = _mm256_shuffle_epi32(a, 0xD8);
        b = _mm256_shuffle_epi32(b, 0xD8);
        x = _mm256_unpacklo_epi64(a, b);
        y = _mm256_unpackhi_epi64(a, b);
        gs_bfly(&x, &y, load_z(invntt_zetas_l6[k]));
        a = _mm256_shuffle_epi32(_mm256_unpacklo_epi64(x, y), 0xD8);
        b = _mm256_shuffle_epi32(_mm256_unpackhi_epi64(x, y), 0xD8);
        x = _mm256_unpacklo_epi64(a, b);
        y = _mm256_unpackhi_epi64(a, b);
        gs_bfly(&x, &y, load_z(invntt_zetas_l5[k]));
        a = _mm256_unpacklo_epi64(x, y);
        b = _mm256_unpackhi_epi64(x, y);
        x = _mm256_permute2x128_si256(a, b, 0x20);
        y = _mm256_permute2x128_si256(a, b, 0x31);
        gs_bfly(&x, &y, load_z(invntt_zetas_l4[k]));
        v[2 * k] = _mm256_permute2x128_si256(x, y, 0x20);
        v[2 * k + 1] = _mm256_permute2x128_si256(x, y, 0x31);
    }
    /* layers len = 16, 32, 64, 128: whole vectors; zetas 15 .. 1 */
    i = 15;
    for (layer = 4; layer-- > 0;) {
        unsigned half = 8u >> layer;
        for (blk = 0; blk < (1u << layer); blk++) {
            __m256i z = _mm256_set1_epi16(tacit_mlkem_zetas[i--]);
            unsigned base = 2 * half * blk;
            for (j = base; j < base + half; j++) {
                gs_bfly(&v[j], &v[j + half], z);
            }
        }
    }
    for (j = 0; j < 16; j++) {
        _mm256_storeu_si256((__m256i *)&poly->c[16 * j], fqmul(v[j], f128));
    }
}

AVX2 void tacit_mlkem_basemul_acc_avx2(int32_t acc[TACIT_MLKEM_N], const tacit_mlkem_poly *a,
                                       const tacit_mlkem_poly *b)
{
    unsigned v;

    for (v = 0; v < 16; v++) {
        __m256i x = _mm256_loadu_si256((const __m256i *)&a->c[16 * v]);
        __m256i y = _mm256_loadu_si256((const __m256i *)&b->c[16 * v]);
        __m256i p = fqmul(x, y); /* odd lanes: fqmul(x1, y1), fqmul(x3, y3) */
        /* even results: x0 y0 + p1 gamma, x2 y2 - p3 gamma (pairwise multiply-add) */
        __m256i xe = _mm256_blend_epi16(x, p, 0xAA);
        __m256i ye = _mm256_blend_epi16(y, load_z(basemul_zetas[v]), 0xAA);
        __m256i e = _mm256_madd_epi16(xe, ye);
        /* odd results: x0 y1 + x1 y0, x2 y3 + x3 y2 */
        __m256i ys = _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(y, 0xB1), 0xB1);
        __m256i o = _mm256_madd_epi16(x, ys);
        /* interleave: lo = coefficients 0-3 | 8-11, hi = 4-7 | 12-15 */
        __m256i lo = _mm256_unpacklo_epi32(e, o), hi = _mm256_unpackhi_epi32(e, o);
        __m256i r0 = _mm256_permute2x128_si256(lo, hi, 0x20);
        __m256i r1 = _mm256_permute2x128_si256(lo, hi, 0x31);
        __m256i *out = (__m256i *)&acc[16 * v];
        _mm256_storeu_si256(out, _mm256_add_epi32(_mm256_loadu_si256(out), r0));
        _mm256_storeu_si256(out + 1, _mm256_add_epi32(_mm256_loadu_si256(out + 1), r1));
    }
}

/*
 * 24 bytes -> 16 candidate 12-bit values -> the ones below q, packed by a
 * shuffle per 128-bit half.  The scalar tail handles what is left.
 * Leaks: which candidates are accepted (timing, memory addresses).
 * Only for: the public matrix A.
 */
AVX2 unsigned tacit_mlkem_rej_uniform_avx2_unsafe(int16_t *a, unsigned ctr,
                                                  const unsigned char *buf, size_t len)
{
    const __m256i bound = _mm256_set1_epi16(TACIT_MLKEM_Q);
    const __m256i mask12 = _mm256_set1_epi16(0x0FFF);
    /* bytes 3j, 3j+1 for even lanes and 3j+1, 3j+2 for odd lanes, per 12-byte half */
    const __m256i idx = _mm256_setr_epi8(0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11, 4, 5, 5,
                                         6, 7, 8, 8, 9, 10, 11, 11, 12, 13, 14, 14, 15);
    size_t pos = 0;

    /* a 32-byte load at pos must stay in buf: pos + 32 <= len */
    while (ctr + 16 <= TACIT_MLKEM_N && pos + 32 <= len) {
        __m256i raw = _mm256_loadu_si256((const __m256i *)(buf + pos));
        __m256i t, val, ok;
        unsigned m;
        /* bring bytes 12..23 to the high lane's 4..15 */
        raw = _mm256_permute4x64_epi64(raw, 0x94); /* qwords 0, 1, 1, 2 */
        t = _mm256_shuffle_epi8(raw, idx);
        /* even lanes: low 12 bits; odd lanes: shifted right by 4 */
        val = _mm256_blend_epi16(_mm256_and_si256(t, mask12), _mm256_srli_epi16(t, 4), 0xAA);
        ok = _mm256_cmpgt_epi16(bound, val);
        /* one bit per lane: bits 0-7 the low half's lanes, bits 16-23 the high half's */
        m = (unsigned)_mm256_movemask_epi8(_mm256_packs_epi16(ok, _mm256_setzero_si256()));
        pos += 24;
        {
            __m128i lo = _mm256_castsi256_si128(val), hi = _mm256_extracti128_si256(val, 1);
            unsigned m0 = m & 0xFF, m1 = (m >> 16) & 0xFF;
            lo = _mm_shuffle_epi8(lo, _mm_load_si128((const __m128i *)rej_shuffle[m0]));
            hi = _mm_shuffle_epi8(hi, _mm_load_si128((const __m128i *)rej_shuffle[m1]));
            _mm_storeu_si128((__m128i *)&a[ctr], lo);
            ctr += (unsigned)__builtin_popcount(m0);
            _mm_storeu_si128((__m128i *)&a[ctr], hi);
            ctr += (unsigned)__builtin_popcount(m1);
        }
    }
    /* the rest, 3 bytes at a time */
    return tacit_mlkem_rej_uniform_unsafe(a, ctr, buf + pos, len - pos);
}

#endif
