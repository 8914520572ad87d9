/*
 * ML-DSA polynomial kernels with AVX2 (x86-64): the NTT, its inverse and
 * the pointwise Montgomery products on 8 coefficients a vector.  Chosen by
 * mldsa_dispatch.c when the CPU has AVX2.
 *
 * Every lane computes exactly what the portable code computes, so the
 * results are bit-identical to mldsa_poly.c (test_mldsa compares them),
 * except two things of the NTT domain: its coefficient order (the
 * portable order transposed in 8 x 8 blocks, tacit_mldsa_ntt_order_avx2;
 * the NTT's output, the inverse's input and ExpandA's output, nothing
 * else sees it: the pointwise products do not care) and the output
 * representatives of the inverse NTT (its final factor folded into the
 * last layer) and of a row of A y (matvec_row: one reduction of the 64-bit
 * sum): the same values mod q, in (-q, q).  The Montgomery product is the
 * portable formula split in halves: t = a b q^-1 mod 2^32 (vpmulld with
 * the NTT's precomputed z q^-1, else from the low halves of the 64-bit
 * products), then (a b - t q) / 2^32 = hi(a b) - hi(t q) exactly (the low
 * halves are equal), the high halves from vpmuldq on the even and the odd
 * lanes; the NTT's zetas come with z q^-1 and their odd lanes precomputed
 * (mldsa_avx2_tables_gen.h).
 *
 * The rejection sampler of ExpandA takes eight 3-byte candidates a step
 * and packs the accepted ones with vpermd (indices in
 * mldsa_avx2_tables_gen.h), in the portable order, and puts the finished
 * polynomial in the NTT order.
 *
 * Nothing here branches on or indexes by coefficient data, except the
 * rejection sampler (public data, the matrix A: its _unsafe name says so).
 */
#include "tacit/config.h"

#if defined(TACIT_MLDSA_C) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))

#include <immintrin.h>
#include <string.h>

#include "mldsa/mldsa_internal.h"
#include "mldsa/mldsa_sample_ct.h"
#include "mldsa/x86_64/mldsa_avx2_tables_gen.h"
#include "mldsa/x86_64/poly_avx2.h"
#include "tacit/constant_time.h"
#include "tacit/platform.h"

#define AVX2 __attribute__((target("avx2")))

/* The odd 32-bit lanes moved down to the even ones (vmovshdup). */
static inline AVX2 __m256i odd_lanes(__m256i x)
{
    return _mm256_castps_si256(_mm256_movehdup_ps(_mm256_castsi256_ps(x)));
}

/*
 * a b 2^-32 mod q per lane, as tacit_mldsa_mont_reduce((int64_t)a * b);
 * bq = b q^-1 mod 2^32 and bo = b's odd lanes moved to the even ones
 * (precomputed for the NTT's zetas; bo = b for a broadcast b).
 */
static inline AVX2 __m256i montmul_pre(__m256i a, __m256i b, __m256i bo, __m256i bq)
{
    const __m256i q = _mm256_set1_epi32(TACIT_MLDSA_Q);
    __m256i t = _mm256_mullo_epi32(a, bq);
    __m256i pe = _mm256_mul_epi32(a, b);
    __m256i po = _mm256_mul_epi32(odd_lanes(a), bo);
    __m256i te = _mm256_mul_epi32(t, q);
    __m256i to = _mm256_mul_epi32(odd_lanes(t), q);
    /* the high halves: even lanes' in the odd positions of pe - te */
    __m256i re = odd_lanes(_mm256_sub_epi64(pe, te));
    __m256i ro = _mm256_sub_epi64(po, to);
    return _mm256_blend_epi32(re, ro, 0xAA);
}

/*
 * a b 2^-32 mod q for two variable operands: the 64-bit products first,
 * then t from their low halves (the same t, so the same result).
 */
static inline AVX2 __m256i montmul_var(__m256i a, __m256i b)
{
    const __m256i q = _mm256_set1_epi32(TACIT_MLDSA_Q);
    const __m256i qinv = _mm256_set1_epi32((int)TACIT_MLDSA_QINV);
    __m256i pe = _mm256_mul_epi32(a, b);
    __m256i po = _mm256_mul_epi32(odd_lanes(a), odd_lanes(b));
    __m256i te = _mm256_mul_epi32(_mm256_mul_epi32(pe, qinv), q);
    __m256i to = _mm256_mul_epi32(_mm256_mul_epi32(po, qinv), q);
    __m256i re = odd_lanes(_mm256_sub_epi64(pe, te));
    __m256i ro = _mm256_sub_epi64(po, to);
    return _mm256_blend_epi32(re, ro, 0xAA);
}

/* A zeta vector of the tables (mldsa_avx2_tables_gen.h): z q^-1, z, z's odd lanes. */
typedef struct zvec {
    __m256i zq, z, zo;
} zvec;

static inline AVX2 zvec zvec_load(const int32_t t[3][8])
{
    zvec r;
    r.zq = _mm256_load_si256((const __m256i *)t[0]);
    r.z = _mm256_load_si256((const __m256i *)t[1]);
    r.zo = _mm256_load_si256((const __m256i *)t[2]);
    return r;
}

static inline AVX2 zvec zvec_bcast(const int32_t t[2])
{
    zvec r;
    r.z = _mm256_set1_epi32(t[0]);
    r.zo = r.z;
    r.zq = _mm256_set1_epi32(t[1]);
    return r;
}

/* Cooley-Tukey butterfly: (x, y) -> (x + z y, x - z y). */
static inline AVX2 void ct_bfly(__m256i *x, __m256i *y, zvec z)
{
    __m256i t = montmul_pre(*y, z.z, z.zo, z.zq);
    *y = _mm256_sub_epi32(*x, t);
    *x = _mm256_add_epi32(*x, t);
}

/* Gentleman-Sande butterfly: (x, y) -> (x + y, z (x - y)). */
static inline AVX2 void gs_bfly(__m256i *x, __m256i *y, zvec z)
{
    __m256i t = *x;
    *x = _mm256_add_epi32(t, *y);
    *y = montmul_pre(_mm256_sub_epi32(t, *y), z.z, z.zo, z.zq);
}

/* The 8 x 8 transposition of v[0..7] (vector c gets lane c of each). */
static inline AVX2 void transpose8(__m256i v[8])
{
    __m256i t0 = _mm256_unpacklo_epi32(v[0], v[1]), t1 = _mm256_unpackhi_epi32(v[0], v[1]);
    __m256i t2 = _mm256_unpacklo_epi32(v[2], v[3]), t3 = _mm256_unpackhi_epi32(v[2], v[3]);
    __m256i t4 = _mm256_unpacklo_epi32(v[4], v[5]), t5 = _mm256_unpackhi_epi32(v[4], v[5]);
    __m256i t6 = _mm256_unpacklo_epi32(v[6], v[7]), t7 = _mm256_unpackhi_epi32(v[6], v[7]);
    __m256i u0 = _mm256_unpacklo_epi64(t0, t2), u1 = _mm256_unpackhi_epi64(t0, t2);
    __m256i u2 = _mm256_unpacklo_epi64(t1, t3), u3 = _mm256_unpackhi_epi64(t1, t3);
    __m256i u4 = _mm256_unpacklo_epi64(t4, t6), u5 = _mm256_unpackhi_epi64(t4, t6);
    __m256i u6 = _mm256_unpacklo_epi64(t5, t7), u7 = _mm256_unpackhi_epi64(t5, t7);
    v[0] = _mm256_permute2x128_si256(u0, u4, 0x20);
    v[4] = _mm256_permute2x128_si256(u0, u4, 0x31);
    v[1] = _mm256_permute2x128_si256(u1, u5, 0x20);
    v[5] = _mm256_permute2x128_si256(u1, u5, 0x31);
    v[2] = _mm256_permute2x128_si256(u2, u6, 0x20);
    v[6] = _mm256_permute2x128_si256(u2, u6, 0x31);
    v[3] = _mm256_permute2x128_si256(u3, u7, 0x20);
    v[7] = _mm256_permute2x128_si256(u3, u7, 0x31);
}

/* The position in the kernel's NTT order of the portable order's coefficient i. */
const uint8_t tacit_mldsa_ntt_index_avx2[TACIT_MLDSA_N] = MLDSA_NTT_INDEX;

/*
 * The kernel's NTT order: the portable order transposed in each 8 x 8
 * block (position 64 g + 8 c + r holds coefficient 64 g + 8 r + c); the
 * permutation is its own inverse.
 */
AVX2 void tacit_mldsa_ntt_order_avx2(int32_t a[TACIT_MLDSA_N])
{
    __m256i w[8];
    unsigned g, c;
    for (g = 0; g < 4; g++) {
        for (c = 0; c < 8; c++) {
            w[c] = _mm256_loadu_si256((const __m256i *)&a[64 * g + 8 * c]);
        }
        transpose8(w);
        for (c = 0; c < 8; c++) {
            _mm256_storeu_si256((__m256i *)&a[64 * g + 8 * c], w[c]);
        }
    }
}

/* The broadcast zeta k of the NTT (inv = 0) or of the inverse (inv = 1). */
#define BZ(inv, k) zvec_bcast((inv) ? invntt_bcast[k] : ntt_bcast[k])

/*
 * The portable NTT's butterflies, on the same values (bit for bit), with
 * the output in the kernel's order, in two passes over 8 vectors at a
 * time: layers len = 128, 64, 32 on the vectors j0 + 4 i (i = 0 .. 7),
 * then per block of 8 vectors len = 16 and 8, the block transposed, and
 * len = 4, 2, 1 on whole vectors too (lane r of vector c is coefficient
 * 8 r + c of the block; the zetas per lane from the tables).
 */
AVX2 void tacit_mldsa_ntt_avx2(int32_t a[TACIT_MLDSA_N])
{
    __m256i w[8];
    unsigned j0, g, i;

    for (j0 = 0; j0 < 4; j0++) {
        zvec z;
        for (i = 0; i < 8; i++) {
            w[i] = _mm256_loadu_si256((const __m256i *)&a[8 * (j0 + 4 * i)]);
        }
        z = BZ(0, 1); /* len = 128: vectors 16 apart */
        for (i = 0; i < 4; i++) {
            ct_bfly(&w[i], &w[i + 4], z);
        }
        z = BZ(0, 2); /* len = 64 */
        ct_bfly(&w[0], &w[2], z);
        ct_bfly(&w[1], &w[3], z);
        z = BZ(0, 3);
        ct_bfly(&w[4], &w[6], z);
        ct_bfly(&w[5], &w[7], z);
        for (i = 0; i < 4; i++) { /* len = 32 */
            ct_bfly(&w[2 * i], &w[2 * i + 1], BZ(0, 4 + i));
        }
        for (i = 0; i < 8; i++) {
            _mm256_storeu_si256((__m256i *)&a[8 * (j0 + 4 * i)], w[i]);
        }
    }
    for (g = 0; g < 4; g++) {
        zvec z;
        for (i = 0; i < 8; i++) {
            w[i] = _mm256_loadu_si256((const __m256i *)&a[64 * g + 8 * i]);
        }
        z = BZ(0, 8 + 2 * g); /* len = 16 */
        ct_bfly(&w[0], &w[2], z);
        ct_bfly(&w[1], &w[3], z);
        z = BZ(0, 9 + 2 * g);
        ct_bfly(&w[4], &w[6], z);
        ct_bfly(&w[5], &w[7], z);
        for (i = 0; i < 4; i++) { /* len = 8 */
            ct_bfly(&w[2 * i], &w[2 * i + 1], BZ(0, 16 + 4 * g + i));
        }
        transpose8(w);
        z = zvec_load(ntt_blk[g][0]); /* len = 4 */
        for (i = 0; i < 4; i++) {
            ct_bfly(&w[i], &w[i + 4], z);
        }
        z = zvec_load(ntt_blk[g][1]); /* len = 2 */
        ct_bfly(&w[0], &w[2], z);
        ct_bfly(&w[1], &w[3], z);
        z = zvec_load(ntt_blk[g][2]);
        ct_bfly(&w[4], &w[6], z);
        ct_bfly(&w[5], &w[7], z);
        for (i = 0; i < 4; i++) { /* len = 1 */
            ct_bfly(&w[2 * i], &w[2 * i + 1], zvec_load(ntt_blk[g][3 + i]));
        }
        for (i = 0; i < 8; i++) {
            _mm256_storeu_si256((__m256i *)&a[64 * g + 8 * i], w[i]);
        }
    }
}

/*
 * The portable inverse NTT on input in the kernel's order, in two passes
 * over 8 vectors at a time: per block, len = 1, 2, 4 on whole vectors of
 * the transposed block, the block transposed back, len = 8 and 16; then
 * len = 32, 64, 128 on the vectors j0 + 4 i.  The final factor
 * 2^64 / 256 is folded into the last layer's zeta for its second half
 * (z f 2^-32 precomputed): the output is the portable one mod q, in
 * (-q, q) like it, but not always the same representative.
 */
AVX2 void tacit_mldsa_invntt_tomont_avx2(int32_t a[TACIT_MLDSA_N])
{
    const __m256i f = _mm256_set1_epi32(INVNTT_F), fq = _mm256_set1_epi32(INVNTT_FQ);
    const __m256i zf = _mm256_set1_epi32(INVNTT_ZF), zfq = _mm256_set1_epi32(INVNTT_ZFQ);
    __m256i w[8];
    unsigned j0, g, i;

    for (g = 0; g < 4; g++) {
        zvec z;
        for (i = 0; i < 8; i++) {
            w[i] = _mm256_loadu_si256((const __m256i *)&a[64 * g + 8 * i]);
        }
        for (i = 0; i < 4; i++) { /* len = 1 */
            gs_bfly(&w[2 * i], &w[2 * i + 1], zvec_load(invntt_blk[g][i]));
        }
        z = zvec_load(invntt_blk[g][4]); /* len = 2 */
        gs_bfly(&w[0], &w[2], z);
        gs_bfly(&w[1], &w[3], z);
        z = zvec_load(invntt_blk[g][5]);
        gs_bfly(&w[4], &w[6], z);
        gs_bfly(&w[5], &w[7], z);
        z = zvec_load(invntt_blk[g][6]); /* len = 4 */
        for (i = 0; i < 4; i++) {
            gs_bfly(&w[i], &w[i + 4], z);
        }
        transpose8(w);
        for (i = 0; i < 4; i++) { /* len = 8: -zetas[31 - blk] */
            gs_bfly(&w[2 * i], &w[2 * i + 1], BZ(1, 31 - 4 * g - i));
        }
        z = BZ(1, 15 - 2 * g); /* len = 16 */
        gs_bfly(&w[0], &w[2], z);
        gs_bfly(&w[1], &w[3], z);
        z = BZ(1, 14 - 2 * g);
        gs_bfly(&w[4], &w[6], z);
        gs_bfly(&w[5], &w[7], z);
        for (i = 0; i < 8; i++) {
            _mm256_storeu_si256((__m256i *)&a[64 * g + 8 * i], w[i]);
        }
    }
    for (j0 = 0; j0 < 4; j0++) {
        zvec z;
        for (i = 0; i < 8; i++) {
            w[i] = _mm256_loadu_si256((const __m256i *)&a[8 * (j0 + 4 * i)]);
        }
        for (i = 0; i < 4; i++) { /* len = 32: vectors 4 apart */
            gs_bfly(&w[2 * i], &w[2 * i + 1], BZ(1, 7 - i));
        }
        z = BZ(1, 3); /* len = 64 */
        gs_bfly(&w[0], &w[2], z);
        gs_bfly(&w[1], &w[3], z);
        z = BZ(1, 2);
        gs_bfly(&w[4], &w[6], z);
        gs_bfly(&w[5], &w[7], z);
        /* len = 128, with the factor f: x + y times f, x - y times -zetas[1] f */
        for (i = 0; i < 4; i++) {
            __m256i x = w[i], y = w[i + 4];
            w[i] = montmul_pre(_mm256_add_epi32(x, y), f, f, fq);
            w[i + 4] = montmul_pre(_mm256_sub_epi32(x, y), zf, zf, zfq);
        }
        for (i = 0; i < 8; i++) {
            _mm256_storeu_si256((__m256i *)&a[8 * (j0 + 4 * i)], w[i]);
        }
    }
}

AVX2 void tacit_mldsa_pointwise_avx2(int32_t r[TACIT_MLDSA_N], const int32_t a[TACIT_MLDSA_N],
                                     const int32_t b[TACIT_MLDSA_N])
{
    unsigned j;
    for (j = 0; j < TACIT_MLDSA_N; j += 8) {
        __m256i x = _mm256_loadu_si256((const __m256i *)&a[j]);
        __m256i y = _mm256_loadu_si256((const __m256i *)&b[j]);
        _mm256_storeu_si256((__m256i *)&r[j], montmul_var(x, y));
    }
}

AVX2 void tacit_mldsa_pointwise_acc_avx2(int32_t r[TACIT_MLDSA_N], const int32_t a[TACIT_MLDSA_N],
                                         const int32_t b[TACIT_MLDSA_N])
{
    unsigned j;
    for (j = 0; j < TACIT_MLDSA_N; j += 8) {
        __m256i x = _mm256_loadu_si256((const __m256i *)&a[j]);
        __m256i y = _mm256_loadu_si256((const __m256i *)&b[j]);
        __m256i acc = _mm256_loadu_si256((const __m256i *)&r[j]);
        acc = _mm256_add_epi32(acc, montmul_var(x, y));
        _mm256_storeu_si256((__m256i *)&r[j], acc);
    }
}

/*
 * Decompose on 8 lanes, as tacit_mldsa_decompose: a1 = round(a / 2 gamma2)
 * by a multiply and shifts (no division), the top value mapped to 0, and
 * a0 = a - a1 2 gamma2 centred.  gamma2 is a public parameter.
 */
static inline AVX2 __m256i decompose8(__m256i *r0, __m256i a, int32_t gamma2)
{
    const __m256i q = _mm256_set1_epi32(TACIT_MLDSA_Q);
    const __m256i halfq = _mm256_set1_epi32((TACIT_MLDSA_Q - 1) / 2);
    __m256i a1 = _mm256_srai_epi32(_mm256_add_epi32(a, _mm256_set1_epi32(127)), 7);
    __m256i lo;

    if (gamma2 == (TACIT_MLDSA_Q - 1) / 32) {
        a1 = _mm256_mullo_epi32(a1, _mm256_set1_epi32(1025));
        a1 = _mm256_srai_epi32(_mm256_add_epi32(a1, _mm256_set1_epi32(1 << 21)), 22);
        a1 = _mm256_and_si256(a1, _mm256_set1_epi32(15));
    } else {
        a1 = _mm256_mullo_epi32(a1, _mm256_set1_epi32(11275));
        a1 = _mm256_srai_epi32(_mm256_add_epi32(a1, _mm256_set1_epi32(1 << 23)), 24);
        /* 44 -> 0 */
        a1 = _mm256_xor_si256(
            a1, _mm256_and_si256(_mm256_srai_epi32(_mm256_sub_epi32(_mm256_set1_epi32(43), a1), 31),
                                 a1));
    }
    lo = _mm256_sub_epi32(a, _mm256_mullo_epi32(a1, _mm256_set1_epi32(2 * gamma2)));
    /* lo > (q - 1) / 2: lo - q */
    lo = _mm256_sub_epi32(lo,
                          _mm256_and_si256(_mm256_srai_epi32(_mm256_sub_epi32(halfq, lo), 31), q));
    *r0 = lo;
    return a1;
}

AVX2 void tacit_mldsa_poly_decompose_avx2(int32_t r1[TACIT_MLDSA_N], int32_t r0[TACIT_MLDSA_N],
                                          const int32_t a[TACIT_MLDSA_N], int32_t gamma2)
{
    unsigned j;
    for (j = 0; j < TACIT_MLDSA_N; j += 8) {
        __m256i lo, hi = decompose8(&lo, _mm256_loadu_si256((const __m256i *)&a[j]), gamma2);
        _mm256_storeu_si256((__m256i *)&r1[j], hi);
        _mm256_storeu_si256((__m256i *)&r0[j], lo);
    }
}

/* As tacit_mldsa_use_hint, on 8 lanes. */
AVX2 void tacit_mldsa_poly_use_hint_avx2(int32_t r[TACIT_MLDSA_N], const int32_t a[TACIT_MLDSA_N],
                                         const int32_t h[TACIT_MLDSA_N], int32_t gamma2)
{
    const __m256i m = _mm256_set1_epi32(gamma2 == (TACIT_MLDSA_Q - 1) / 32 ? 16 : 44);
    const __m256i m1 = _mm256_sub_epi32(m, _mm256_set1_epi32(1));
    const __m256i one = _mm256_set1_epi32(1);
    unsigned j;

    for (j = 0; j < TACIT_MLDSA_N; j += 8) {
        __m256i lo, hi = decompose8(&lo, _mm256_loadu_si256((const __m256i *)&a[j]), gamma2);
        __m256i hm =
            _mm256_sub_epi32(_mm256_setzero_si256(), _mm256_loadu_si256((const __m256i *)&h[j]));
        /* +1 if lo > 0, else -1 */
        __m256i step = _mm256_add_epi32(
            one, _mm256_slli_epi32(_mm256_srai_epi32(_mm256_sub_epi32(lo, one), 31), 1));
        __m256i v = _mm256_add_epi32(hi, _mm256_and_si256(step, hm));
        v = _mm256_add_epi32(v, _mm256_and_si256(_mm256_srai_epi32(v, 31), m));
        v = _mm256_sub_epi32(v,
                             _mm256_and_si256(_mm256_srai_epi32(_mm256_sub_epi32(m1, v), 31), m));
        _mm256_storeu_si256((__m256i *)&r[j], v);
    }
}

/* reduce32 per lane: a - round(a / 2^23) q */
static inline AVX2 __m256i reduce8(__m256i a)
{
    __m256i t = _mm256_srai_epi32(_mm256_add_epi32(a, _mm256_set1_epi32(1 << 22)), 23);
    return _mm256_sub_epi32(a, _mm256_mullo_epi32(t, _mm256_set1_epi32(TACIT_MLDSA_Q)));
}

/* all-ones lanes where |x| >= bound (bm1 = bound - 1) */
static inline AVX2 __m256i over8(__m256i x, __m256i bm1)
{
    return _mm256_cmpgt_epi32(_mm256_abs_epi32(x), bm1);
}

/* all-ones if some lane of bad is nonzero (no branch) */
static inline AVX2 uint32_t any_mask(__m256i bad)
{
    uint32_t m = (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(bad));
    return 0u - ((m | (0u - m)) >> 31);
}

AVX2 void tacit_mldsa_reduce_avx2(int32_t a[TACIT_MLDSA_N])
{
    unsigned j;
    for (j = 0; j < TACIT_MLDSA_N; j += 8) {
        __m256i x = _mm256_loadu_si256((const __m256i *)&a[j]);
        _mm256_storeu_si256((__m256i *)&a[j], reduce8(x));
    }
}

AVX2 void tacit_mldsa_split_w_avx2(int32_t w1[TACIT_MLDSA_N], int32_t w0[TACIT_MLDSA_N],
                                   const int32_t w[TACIT_MLDSA_N], int32_t gamma2)
{
    const __m256i q = _mm256_set1_epi32(TACIT_MLDSA_Q);
    unsigned j;
    for (j = 0; j < TACIT_MLDSA_N; j += 8) {
        __m256i lo, hi, x = _mm256_loadu_si256((const __m256i *)&w[j]);
        x = _mm256_add_epi32(x, _mm256_and_si256(_mm256_srai_epi32(x, 31), q));
        hi = decompose8(&lo, x, gamma2);
        _mm256_storeu_si256((__m256i *)&w1[j], hi);
        _mm256_storeu_si256((__m256i *)&w0[j], lo);
    }
}

AVX2 uint32_t tacit_mldsa_make_z_avx2(int32_t z[TACIT_MLDSA_N], const int32_t y[TACIT_MLDSA_N],
                                      int32_t bound)
{
    const __m256i bm1 = _mm256_set1_epi32(bound - 1);
    __m256i bad = _mm256_setzero_si256();
    unsigned j;

    for (j = 0; j < TACIT_MLDSA_N; j += 8) {
        __m256i x = _mm256_loadu_si256((const __m256i *)&z[j]);
        x = reduce8(_mm256_add_epi32(x, _mm256_loadu_si256((const __m256i *)&y[j])));
        _mm256_storeu_si256((__m256i *)&z[j], x);
        bad = _mm256_or_si256(bad, over8(x, bm1));
    }
    return any_mask(bad);
}

AVX2 uint32_t tacit_mldsa_make_z_cs2_avx2(int32_t z[TACIT_MLDSA_N], int32_t cs2[TACIT_MLDSA_N],
                                          const int32_t y[TACIT_MLDSA_N], int32_t bound)
{
    const __m256i bm1 = _mm256_set1_epi32(bound - 1);
    const __m256i h = _mm256_set1_epi32(256), m = _mm256_set1_epi32(511);
    __m256i bad = _mm256_setzero_si256();
    unsigned j;

    for (j = 0; j < TACIT_MLDSA_N; j += 8) {
        __m256i v = reduce8(_mm256_loadu_si256((const __m256i *)&z[j]));
        __m256i lo = _mm256_sub_epi32(_mm256_and_si256(_mm256_add_epi32(v, h), m), h);
        __m256i x = _mm256_add_epi32(_mm256_loadu_si256((const __m256i *)&y[j]), lo);
        _mm256_storeu_si256((__m256i *)&cs2[j], _mm256_srai_epi32(_mm256_sub_epi32(v, lo), 9));
        _mm256_storeu_si256((__m256i *)&z[j], x);
        bad = _mm256_or_si256(bad, over8(x, bm1));
    }
    return any_mask(bad);
}

/* As tacit_mldsa_make_hint_c, 32 coefficients a step (the hint bytes packed from 4 vectors). */
AVX2 uint32_t tacit_mldsa_make_hint_avx2(unsigned char h[TACIT_MLDSA_N],
                                         const int32_t w0[TACIT_MLDSA_N],
                                         const int32_t w1[TACIT_MLDSA_N],
                                         const int32_t cs2[TACIT_MLDSA_N],
                                         const int32_t ct0[TACIT_MLDSA_N], int32_t gamma2,
                                         int32_t beta, uint32_t *count)
{
    const __m256i g = _mm256_set1_epi32(gamma2), ng = _mm256_set1_epi32(-gamma2);
    const __m256i b1 = _mm256_set1_epi32(gamma2 - beta - 1), b2 = _mm256_set1_epi32(gamma2 - 1);
    const __m256i zero = _mm256_setzero_si256();
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    __m256i bad = zero, cnt = zero;
    unsigned j, u;

    for (j = 0; j < TACIT_MLDSA_N; j += 32) {
        __m256i hv[4], p0, p1;
        for (u = 0; u < 4; u++) {
            unsigned o = j + 8 * u;
            __m256i r0 = _mm256_sub_epi32(_mm256_loadu_si256((const __m256i *)&w0[o]),
                                          _mm256_loadu_si256((const __m256i *)&cs2[o]));
            __m256i t = reduce8(_mm256_loadu_si256((const __m256i *)&ct0[o]));
            __m256i a0, gt, lt, eq, nz;
            r0 = reduce8(r0);
            bad = _mm256_or_si256(bad, _mm256_or_si256(over8(r0, b1), over8(t, b2)));
            a0 = _mm256_add_epi32(r0, t);
            gt = _mm256_cmpgt_epi32(a0, g);
            lt = _mm256_cmpgt_epi32(ng, a0);
            eq = _mm256_cmpeq_epi32(a0, ng);
            nz = _mm256_cmpgt_epi32(_mm256_loadu_si256((const __m256i *)&w1[o]), zero);
            /* 0 or -1 per lane */
            hv[u] = _mm256_or_si256(_mm256_or_si256(gt, lt), _mm256_and_si256(eq, nz));
            cnt = _mm256_sub_epi32(cnt, hv[u]);
        }
        /* -1 -> 1 as bytes, in coefficient order */
        p0 = _mm256_packs_epi32(hv[0], hv[1]);
        p1 = _mm256_packs_epi32(hv[2], hv[3]);
        p0 = _mm256_packs_epi16(p0, p1);
        p0 = _mm256_permutevar8x32_epi32(p0, order);
        p0 = _mm256_sub_epi8(zero, p0);
        _mm256_storeu_si256((__m256i *)&h[j], p0);
    }
    {
        __m128i c = _mm_add_epi32(_mm256_castsi256_si128(cnt), _mm256_extracti128_si256(cnt, 1));
        c = _mm_add_epi32(c, _mm_shuffle_epi32(c, 0x4E));
        c = _mm_add_epi32(c, _mm_shuffle_epi32(c, 0xB1));
        *count += (uint32_t)_mm_cvtsi128_si32(c);
    }
    return any_mask(bad);
}

/*
 * sum_j a_j v_j 2^-32 mod q: the products summed as 64-bit integers (even
 * and odd lanes apart) and one Montgomery reduction per coefficient (the
 * sum below 2^54 for the inputs signing gives, |a| < q and |v| < 2^27, l <= 7),
 * output in (-q, q): the portable one mod q, not always the same
 * representative.
 */
AVX2 void tacit_mldsa_matvec_row_avx2(int32_t r[TACIT_MLDSA_N], const tacit_mldsa_poly *a,
                                      const tacit_mldsa_poly *v, unsigned l)
{
    const __m256i q = _mm256_set1_epi32(TACIT_MLDSA_Q);
    const __m256i qinv = _mm256_set1_epi32((int)TACIT_MLDSA_QINV);
    unsigned i, j;
    for (i = 0; i < TACIT_MLDSA_N; i += 8) {
        __m256i se = _mm256_setzero_si256(), so = _mm256_setzero_si256(), te, to;
        for (j = 0; j < l; j++) {
            __m256i x = _mm256_loadu_si256((const __m256i *)&a[j].c[i]);
            __m256i y = _mm256_loadu_si256((const __m256i *)&v[j].c[i]);
            se = _mm256_add_epi64(se, _mm256_mul_epi32(x, y));
            so = _mm256_add_epi64(so, _mm256_mul_epi32(odd_lanes(x), odd_lanes(y)));
        }
        /* t = s q^-1 mod 2^32 (the low halves), (s - t q) / 2^32 */
        te = _mm256_mul_epi32(_mm256_mul_epi32(se, qinv), q);
        to = _mm256_mul_epi32(_mm256_mul_epi32(so, qinv), q);
        se = odd_lanes(_mm256_sub_epi64(se, te));
        so = _mm256_sub_epi64(so, to);
        _mm256_storeu_si256((__m256i *)&r[i], _mm256_blend_epi32(se, so, 0xAA));
    }
}

/* As tacit_mldsa_power2round_poly_c: t1 = (t + 2^12 - 1) >> 13, t0 = t - t1 2^13. */
AVX2 void tacit_mldsa_power2round_poly_avx2(int32_t t1[TACIT_MLDSA_N], int32_t t0[TACIT_MLDSA_N],
                                            const int32_t a[TACIT_MLDSA_N])
{
    const __m256i q = _mm256_set1_epi32(TACIT_MLDSA_Q);
    const __m256i half = _mm256_set1_epi32((1 << (TACIT_MLDSA_D - 1)) - 1);
    unsigned i;
    for (i = 0; i < TACIT_MLDSA_N; i += 8) {
        __m256i t = reduce8(_mm256_loadu_si256((const __m256i *)&a[i])), hi;
        t = _mm256_add_epi32(t, _mm256_and_si256(_mm256_srai_epi32(t, 31), q));
        hi = _mm256_srai_epi32(_mm256_add_epi32(t, half), TACIT_MLDSA_D);
        _mm256_storeu_si256((__m256i *)&t1[i], hi);
        _mm256_storeu_si256((__m256i *)&t0[i],
                            _mm256_sub_epi32(t, _mm256_slli_epi32(hi, TACIT_MLDSA_D)));
    }
}

/*
 * tacit_mldsa_pack_avx2 for 13 < bits <= 20 (z: 18 and 20): eight fields a
 * step joined in pairs in the 64-bit lanes (2 bits <= 40), each 128-bit
 * half's two lanes joined in two 64-bit words (4 bits, a whole number of
 * bytes), stored as 16 bytes at the group's offset and at bits / 2 bytes
 * on, each store overwriting the previous one's bytes beyond its fields
 * (the last group through a copy: nothing beyond the 32 bits bytes is
 * written).
 */
static AVX2 void pack_wide_avx2(unsigned char *out, const int32_t a[TACIT_MLDSA_N], unsigned bits,
                                int32_t off)
{
    const __m256i lo32 = _mm256_set1_epi64x(0xffffffff);
    const __m256i vmask = _mm256_set1_epi32((int32_t)((1u << bits) - 1));
    const __m128i sb = _mm_cvtsi32_si128((int)bits);
    const __m256i o = _mm256_set1_epi32(off);
    const unsigned half = bits / 2; /* 4 bits / 8 bytes */
    unsigned char tmp[48];
    uint64_t l[4];
    unsigned g, h;

    for (g = 0; g < TACIT_MLDSA_N / 8; g++) {
        __m256i v = _mm256_loadu_si256((const __m256i *)&a[8 * g]), p;
        unsigned char *dst = g * bits + half + 16 <= 32 * bits ? out + g * bits : tmp;
        v = _mm256_and_si256(off != 0 ? _mm256_sub_epi32(o, v) : v, vmask);
        p = _mm256_or_si256(_mm256_and_si256(v, lo32),
                            _mm256_sll_epi64(_mm256_srli_epi64(v, 32), sb));
        _mm256_storeu_si256((__m256i *)l, p);
        for (h = 0; h < 2; h++) {
            uint64_t w0 = l[2 * h] | (l[2 * h + 1] << (2 * bits));
            uint64_t w1 = l[2 * h + 1] >> (64 - 2 * bits);
            memcpy(dst + h * half, &w0, 8); /* little-endian */
            memcpy(dst + h * half + 8, &w1, 8);
        }
        if (dst == tmp) {
            memcpy(out + g * bits, tmp, bits);
        }
    }
    tacit_platform_zeroize(l, sizeof(l));
    tacit_platform_zeroize(tmp, sizeof(tmp));
}

/*
 * As tacit_mldsa_pack, for bits <= 13 (the wider ones pack_wide_avx2): eight
 * fields a step joined in pairs in the 64-bit lanes, pairs of pairs in
 * each 128-bit half, and the halves in two 64-bit words, stored as 16
 * bytes of which the next group overwrites all but its bits bytes (the
 * last groups through a copy, so nothing beyond the 32 bits bytes is
 * written).
 */
AVX2 void tacit_mldsa_pack_avx2(unsigned char *out, const int32_t a[TACIT_MLDSA_N], unsigned bits,
                                int32_t off)
{
    const __m256i lo32 = _mm256_set1_epi64x(0xffffffff);
    const __m256i vmask = _mm256_set1_epi32((int32_t)((1u << bits) - 1));
    const __m128i sb = _mm_cvtsi32_si128((int)bits), s2b = _mm_cvtsi32_si128((int)(2 * bits));
    const __m256i o = _mm256_set1_epi32(off);
    unsigned char tmp[32];
    unsigned g;

    if (bits > 13) {
        pack_wide_avx2(out, a, bits, off);
        return;
    }
    for (g = 0; g < TACIT_MLDSA_N / 8; g++) {
        __m256i v = _mm256_loadu_si256((const __m256i *)&a[8 * g]), p;
        uint64_t lo, hi, w0, w1;
        unsigned char *dst = g * bits + 16 <= 32 * bits ? out + g * bits : tmp;
        v = _mm256_and_si256(off != 0 ? _mm256_sub_epi32(o, v) : v, vmask);
        p = _mm256_or_si256(_mm256_and_si256(v, lo32),
                            _mm256_sll_epi64(_mm256_srli_epi64(v, 32), sb));
        p = _mm256_or_si256(p, _mm256_sll_epi64(_mm256_srli_si256(p, 8), s2b));
        lo = (uint64_t)_mm256_extract_epi64(p, 0);
        hi = (uint64_t)_mm256_extract_epi64(p, 2);
        w0 = lo | (hi << (4 * bits));
        w1 = hi >> (64 - 4 * bits);
        memcpy(dst, &w0, 8); /* little-endian */
        memcpy(dst + 8, &w1, 8);
        if (dst == tmp) {
            memcpy(out + g * bits, tmp, bits);
        }
    }
    tacit_platform_zeroize(tmp, sizeof(tmp));
}

/*
 * As tacit_mldsa_unpack, for the widths ML-DSA uses (3, 4, 6, 10, 13, 18,
 * 20: a field and its bit offset in a byte fit in three bytes): eight
 * fields a step, four in each 128-bit half (the high half's bytes from
 * 4 bits / 8 on), each gathered by vpshufb from its three bytes and
 * shifted into place (the masks built once per call from the public
 * width); the 16-byte loads stay inside the 32 bits input bytes (the
 * last groups through a copy).
 */
AVX2 void tacit_mldsa_unpack_avx2(int32_t a[TACIT_MLDSA_N], const unsigned char *in, unsigned bits,
                                  int32_t off)
{
    unsigned char ix[32], tmp[48];
    int32_t sh[8];
    unsigned h, u, g, hoff = 4 * bits / 8;
    const size_t total = 32 * (size_t)bits;
    __m256i idx, shv, vmask = _mm256_set1_epi32((int32_t)((1u << bits) - 1));
    const __m256i o = _mm256_set1_epi32(off);

    for (h = 0; h < 2; h++) {
        unsigned base = h != 0 ? (4 * bits) % 8 : 0;
        for (u = 0; u < 4; u++) {
            unsigned bp = base + u * bits;
            ix[16 * h + 4 * u] = (unsigned char)(bp / 8);
            ix[16 * h + 4 * u + 1] = (unsigned char)(bp / 8 + 1);
            ix[16 * h + 4 * u + 2] = (unsigned char)(bp / 8 + 2);
            ix[16 * h + 4 * u + 3] = 0x80;
            sh[4 * h + u] = (int32_t)(bp % 8);
        }
    }
    idx = _mm256_loadu_si256((const __m256i *)ix);
    shv = _mm256_loadu_si256((const __m256i *)sh);
    for (g = 0; g < TACIT_MLDSA_N / 8; g++) {
        const unsigned char *src = in + g * bits;
        __m128i lo, hi;
        __m256i x;
        if (g * bits + hoff + 16 > total) {
            memset(tmp, 0, sizeof(tmp));
            memcpy(tmp, src, total - g * bits);
            src = tmp;
        }
        lo = _mm_loadu_si128((const __m128i *)src);
        hi = _mm_loadu_si128((const __m128i *)(src + hoff));
        x = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
        x = _mm256_and_si256(_mm256_srlv_epi32(_mm256_shuffle_epi8(x, idx), shv), vmask);
        _mm256_storeu_si256((__m256i *)&a[8 * g], off != 0 ? _mm256_sub_epi32(o, x) : x);
    }
    tacit_platform_zeroize(tmp, sizeof(tmp));
}

/*
 * Eight z_bits-bit fields from in (z_bits bytes): four in each 128-bit
 * half (the high half's bytes from in + z_bits / 2), each gathered from the
 * three bytes it touches and shifted into place; gamma1 - v.
 */
static inline AVX2 __m256i unpack_z8(const unsigned char *in, unsigned z_bits)
{
    __m128i lo = _mm_loadu_si128((const __m128i *)in);
    __m128i hi = _mm_loadu_si128((const __m128i *)(in + z_bits / 2));
    __m256i x = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
    __m256i idx, sh, mask, g1;

    if (z_bits == 20) {
        idx = _mm256_setr_epi8(0, 1, 2, -1, 2, 3, 4, -1, 5, 6, 7, -1, 7, 8, 9, -1, 0, 1, 2, -1, 2,
                               3, 4, -1, 5, 6, 7, -1, 7, 8, 9, -1);
        sh = _mm256_setr_epi32(0, 4, 0, 4, 0, 4, 0, 4);
    } else {
        idx = _mm256_setr_epi8(0, 1, 2, -1, 2, 3, 4, -1, 4, 5, 6, -1, 6, 7, 8, -1, 0, 1, 2, -1, 2,
                               3, 4, -1, 4, 5, 6, -1, 6, 7, 8, -1);
        sh = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    }
    mask = _mm256_set1_epi32((1 << z_bits) - 1);
    g1 = _mm256_set1_epi32(1 << (z_bits - 1));
    x = _mm256_and_si256(_mm256_srlv_epi32(_mm256_shuffle_epi8(x, idx), sh), mask);
    return _mm256_sub_epi32(g1, x);
}

/*
 * As tacit_mldsa_unpack_z_c; the 16-byte loads stay inside the z_bits * 32
 * input bytes (the last group through a copy).
 */
AVX2 void tacit_mldsa_unpack_z_avx2(int32_t a[TACIT_MLDSA_N], const unsigned char *in,
                                    unsigned z_bits)
{
    unsigned char tail[48];
    unsigned j;

    for (j = 0; j + 8 < TACIT_MLDSA_N; j += 8) {
        _mm256_storeu_si256((__m256i *)&a[j], unpack_z8(in + j / 8 * z_bits, z_bits));
    }
    memcpy(tail, in + 31 * z_bits, z_bits);
    memset(tail + z_bits, 0, sizeof(tail) - z_bits);
    _mm256_storeu_si256((__m256i *)&a[j], unpack_z8(tail, z_bits));
    tacit_platform_zeroize(tail, sizeof(tail));
}

/* As tacit_mldsa_pack_w1_c: 4-bit fields 32 coefficients a step; 6 bits portable. */
AVX2 void tacit_mldsa_pack_w1_avx2(unsigned char *out, const int32_t a[TACIT_MLDSA_N],
                                   unsigned bits)
{
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    const __m256i pair = _mm256_set1_epi16(0x1001); /* b[2i] + 16 b[2i + 1] */
    unsigned j;

    if (bits != 4) {
        tacit_mldsa_pack(out, a, bits, 0);
        return;
    }
    for (j = 0; j < TACIT_MLDSA_N; j += 32) {
        __m256i v0 = _mm256_loadu_si256((const __m256i *)&a[j]);
        __m256i v1 = _mm256_loadu_si256((const __m256i *)&a[j + 8]);
        __m256i v2 = _mm256_loadu_si256((const __m256i *)&a[j + 16]);
        __m256i v3 = _mm256_loadu_si256((const __m256i *)&a[j + 24]);
        __m256i b = _mm256_packus_epi16(_mm256_packus_epi32(v0, v1), _mm256_packus_epi32(v2, v3));
        __m128i r;
        b = _mm256_permutevar8x32_epi32(b, order); /* 32 bytes in coefficient order */
        b = _mm256_maddubs_epi16(b, pair);
        r = _mm_packus_epi16(_mm256_castsi256_si128(b), _mm256_extracti128_si256(b, 1));
        _mm_storeu_si128((__m128i *)&out[j / 2], r);
    }
}

/*
 * The sampling of tacit_mldsa_rej_uniform_avx2_unsafe, in the portable order.
 * Leaks: which candidates of buf are below q, and how many.
 * Only for: the matrix A, expanded from the public seed rho.
 */
static AVX2 unsigned rej_uniform_avx2_unsafe(int32_t *a, unsigned ctr, const unsigned char *buf,
                                             size_t len)
{
    const __m256i bound = _mm256_set1_epi32(TACIT_MLDSA_Q);
    const __m256i mask23 = _mm256_set1_epi32(0x7FFFFF);
    /* candidate t of each half: bytes 3t .. 3t + 2 (the high half's start 4 bytes in) */
    const __m256i idx = _mm256_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1, 4, 5,
                                         6, -1, 7, 8, 9, -1, 10, 11, 12, -1, 13, 14, 15, -1);
    size_t pos = 0;

    while (ctr + 8 <= TACIT_MLDSA_N && pos + 32 <= len) {
        __m256i raw = _mm256_loadu_si256((const __m256i *)(buf + pos));
        __m256i val, ok, perm;
        unsigned m;
        /* qwords 0, 1, 1, 2: bytes 0..15 low, 8..23 high */
        raw = _mm256_permute4x64_epi64(raw, 0x94);
        val = _mm256_and_si256(_mm256_shuffle_epi8(raw, idx), mask23);
        ok = _mm256_cmpgt_epi32(bound, val);
        m = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(ok));
        perm = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)rej_idx[m]));
        _mm256_storeu_si256((__m256i *)(a + ctr), _mm256_permutevar8x32_epi32(val, perm));
        ctr += (unsigned)__builtin_popcount(m);
        pos += 24;
    }
    return tacit_mldsa_rej_uniform_unsafe(a, ctr, buf + pos, len - pos);
}

/*
 * As tacit_mldsa_rej_uniform_unsafe: eight candidates (24 bytes) a step
 * while eight more coefficients fit and a 32-byte load stays in buf, then
 * the portable loop for the rest; the call that completes the polynomial
 * puts it in the kernel's NTT order (tacit_mldsa_ntt_order_avx2).
 * Leaks: which candidates of buf are below q, and how many.
 * Only for: the matrix A, expanded from the public seed rho.
 */
AVX2 unsigned tacit_mldsa_rej_uniform_avx2_unsafe(int32_t *a, unsigned ctr,
                                                  const unsigned char *buf, size_t len)
{
    unsigned r = rej_uniform_avx2_unsafe(a, ctr, buf, len);
    if (ctr < TACIT_MLDSA_N && r == TACIT_MLDSA_N) {
        tacit_mldsa_ntt_order_avx2(a);
    }
    return r;
}

/*
 * As tacit_mldsa_rej_eta_c: eight nibbles (4 bytes) a step while eight
 * more coefficients fit, the accepted ones packed with vpermd; the 8-bit
 * acceptance mask is what is declassified (the same facts as the portable
 * per-nibble bits); the portable loop for the rest.
 */
AVX2 unsigned tacit_mldsa_rej_eta_avx2(int32_t *a, unsigned ctr, const unsigned char *buf,
                                       size_t len, unsigned eta)
{
    const __m256i shifts = _mm256_setr_epi32(0, 4, 8, 12, 16, 20, 24, 28);
    const __m256i bound = _mm256_set1_epi32(eta == 2 ? 15 : 9);
    const __m256i e = _mm256_set1_epi32((int)eta);
    size_t pos = 0;

    while (ctr + 8 <= TACIT_MLDSA_N && pos + 4 <= len) {
        uint32_t word = (uint32_t)buf[pos] | ((uint32_t)buf[pos + 1] << 8) |
                        ((uint32_t)buf[pos + 2] << 16) | ((uint32_t)buf[pos + 3] << 24);
        __m256i z = _mm256_and_si256(_mm256_srlv_epi32(_mm256_set1_epi32((int)word), shifts),
                                     _mm256_set1_epi32(15));
        __m256i v, perm;
        unsigned m =
            (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(bound, z)));
        if (eta == 2) { /* 2 - (z mod 5), z mod 5 = z - 5 floor(z * 205 / 1024) */
            __m256i d = _mm256_srli_epi32(_mm256_mullo_epi32(z, _mm256_set1_epi32(205)), 10);
            z = _mm256_sub_epi32(z, _mm256_mullo_epi32(d, _mm256_set1_epi32(5)));
        }
        v = _mm256_sub_epi32(e, z);
        m = tacit_ct_declassify_u32(m);
        perm = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)rej_idx[m]));
        _mm256_storeu_si256((__m256i *)(a + ctr), _mm256_permutevar8x32_epi32(v, perm));
        ctr += (unsigned)__builtin_popcount(m);
        pos += 4;
    }
    return tacit_mldsa_rej_eta_c(a, ctr, buf + pos, len - pos, eta);
}

/*
 * tacit_mldsa_sample_in_ball_slots with the slot loop written for AVX2:
 * the 64 slot positions in two vectors of 8-bit lanes, an empty slot
 * holding 255 (the portable code's 256 does not fit): at step i the
 * occupied slots hold positions below i, so only j = 255 can match an
 * empty slot, at i = 255, when the empty slots are slot tau - 1 (filled
 * in the same step) and those from tau on (never read), and moving them
 * to i = 255 changes nothing.  For each candidate byte j, "move" (the
 * slot at position j goes to i) and "fill" (slot i - (N - tau) is set to
 * j) are compares and blends, under the acceptance mask (j <= i and
 * i < N) broadcast.  The same slots as the portable loop, which the
 * differential test checks.
 */
static AVX2 void sib_slots_avx2(uint16_t pos[64], uint16_t sgn[64], const unsigned char *ctilde,
                                size_t ctilde_len, unsigned tau)
{
    uint64_t st[25];
    unsigned char buf[TACIT_SHAKE256_RATE];
    uint32_t i = TACIT_MLDSA_N - tau, t;
    size_t start = 8, b;
    __m256i p0 = _mm256_set1_epi8(-1), p1 = p0; /* empty */
    const __m256i t0 = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                        17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
    const __m256i t1 = _mm256_add_epi8(t0, _mm256_set1_epi8(32));

    tacit_shake256_absorb_once(st, ctilde, ctilde_len);
    tacit_shake256_squeezeblocks(st, buf, 1);
    for (t = 0; t < 64; t++) {
        sgn[t] = (uint16_t)((buf[t >> 3] >> (t & 7)) & 1); /* 1: -1 */
    }
    for (;;) {
        for (b = start; b < TACIT_SHAKE256_RATE; b++) {
            uint32_t j = buf[b];
            /* rejected: j > i or i = N (i, j < 2^9: bit 31 of the differences), a short
             * dependency chain from i to the next i */
            uint32_t rej = ((i - j) | (TACIT_MLDSA_N - 1 - i)) >> 31;
            uint32_t acc = rej - 1;
            __m256i jv = _mm256_set1_epi8((char)j), iv = _mm256_set1_epi8((char)i);
            __m256i sv = _mm256_set1_epi8((char)(i - (TACIT_MLDSA_N - tau)));
            __m256i av = _mm256_set1_epi8((char)acc);
            __m256i m0 = _mm256_and_si256(_mm256_cmpeq_epi8(p0, jv), av);
            __m256i m1 = _mm256_and_si256(_mm256_cmpeq_epi8(p1, jv), av);
            __m256i f0 = _mm256_and_si256(_mm256_cmpeq_epi8(t0, sv), av);
            __m256i f1 = _mm256_and_si256(_mm256_cmpeq_epi8(t1, sv), av);
            p0 = _mm256_blendv_epi8(_mm256_blendv_epi8(p0, iv, m0), jv, f0);
            p1 = _mm256_blendv_epi8(_mm256_blendv_epi8(p1, iv, m1), jv, f1);
            i = i + 1 - rej;
        }
        if (tacit_ct_declassify_u32(tacit_ct_mask_lt_u32(i, TACIT_MLDSA_N)) == 0) {
            break;
        }
        tacit_shake256_squeezeblocks(st, buf, 1);
        start = 0;
    }
    /* 16-bit positions (an empty slot, beyond tau, reads 255) */
    _mm256_storeu_si256((__m256i *)&pos[0], _mm256_cvtepu8_epi16(_mm256_castsi256_si128(p0)));
    _mm256_storeu_si256((__m256i *)&pos[16], _mm256_cvtepu8_epi16(_mm256_extracti128_si256(p0, 1)));
    _mm256_storeu_si256((__m256i *)&pos[32], _mm256_cvtepu8_epi16(_mm256_castsi256_si128(p1)));
    _mm256_storeu_si256((__m256i *)&pos[48], _mm256_cvtepu8_epi16(_mm256_extracti128_si256(p1, 1)));
    tacit_platform_zeroize(buf, sizeof(buf));
    tacit_platform_zeroize(st, sizeof(st));
}

/*
 * The constant-time SampleInBall of mldsa_sample_ct.h: its slots
 * (sib_slots_avx2), then c from two 256-bit
 * maps of the occupied and the negative positions: slot t's bit is 1
 * shifted left by pos - 64 L in 64-bit lane L (vpsllvq gives 0 for a count
 * out of 0..63; no memory index), and each byte of the maps gives eight
 * coefficients.
 */
AVX2 void tacit_mldsa_sample_in_ball_avx2(tacit_mldsa_poly *c, const unsigned char *ctilde,
                                          size_t ctilde_len, unsigned tau)
{
    const __m256i base = _mm256_setr_epi64x(0, 64, 128, 192);
    const __m256i one = _mm256_set1_epi64x(1);
    const __m256i bits = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    uint16_t pos[64], sgn[64];
    unsigned char hb[32], nb[32];
    __m256i hit = _mm256_setzero_si256(), neg = _mm256_setzero_si256();
    unsigned t, k;

    sib_slots_avx2(pos, sgn, ctilde, ctilde_len, tau);
    for (t = 0; t < tau; t++) {
        __m256i p = _mm256_set1_epi64x((long long)pos[t]);
        __m256i bit = _mm256_sllv_epi64(one, _mm256_sub_epi64(p, base));
        hit = _mm256_or_si256(hit, bit);
        neg = _mm256_or_si256(neg, _mm256_and_si256(bit, _mm256_set1_epi64x(-(long long)sgn[t])));
    }
    _mm256_storeu_si256((__m256i *)hb, hit);
    _mm256_storeu_si256((__m256i *)nb, neg);
    for (k = 0; k < 32; k++) {
        __m256i h = _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32(hb[k]), bits), bits);
        __m256i n = _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32(nb[k]), bits), bits);
        _mm256_storeu_si256((__m256i *)&c->c[8 * k], _mm256_or_si256(_mm256_srli_epi32(h, 31), n));
    }
    tacit_platform_zeroize(pos, sizeof(pos));
    tacit_platform_zeroize(sgn, sizeof(sgn));
    tacit_platform_zeroize(hb, sizeof(hb));
    tacit_platform_zeroize(nb, sizeof(nb));
}

#else
typedef int tacit_mldsa_poly_avx2_unused;
#endif
