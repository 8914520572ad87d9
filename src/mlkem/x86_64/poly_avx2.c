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
 * The encodings (ByteEncode/Decode_d, Compress/Decompress, the message and
 * CBD sampling) work on 16 coefficients a vector: a d-bit field per 16-bit
 * lane, 8 fields (d bytes) per 128-bit half, moved by byte shuffles and
 * shifted by multiplications (tables in mlkem_avx2_tables_gen.h).
 * Compress_d is the portable formula, floor((2^d x + 1664) * ceil(2^36 / q)
 * / 2^36), on 64-bit products: no division, and the same bits.
 *
 * Nothing here branches on or indexes by coefficient data, except the
 * rejection sampler (public data, the matrix A: its _unsafe name says so).
 * Branches and lengths depend on d, eta and the position only.
 */
#include <string.h>

#include "tacit/config.h"

#if defined(TACIT_MLKEM_C) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))

#include <immintrin.h>

#include "core/common.h"

#include "mlkem/mlkem_internal.h"
#include "mlkem/x86_64/mlkem_avx2_tables_gen.h"

#define AVX2 __attribute__((target("avx2")))

void tacit_mlkem_ntt_avx2(tacit_mlkem_poly *a);
void tacit_mlkem_invntt_avx2(tacit_mlkem_poly *a);
void tacit_mlkem_basemul_acc_avx2(int32_t acc[TACIT_MLKEM_N], const tacit_mlkem_poly *a,
                                  const tacit_mlkem_poly *b);
unsigned tacit_mlkem_rej_uniform_avx2_unsafe(int16_t *a, unsigned ctr, const unsigned char *buf,
                                             size_t len);
void tacit_mlkem_poly_reduce_avx2(tacit_mlkem_poly *a);
void tacit_mlkem_poly_tomont_avx2(tacit_mlkem_poly *a);
void tacit_mlkem_acc_reduce_avx2(tacit_mlkem_poly *r, const int32_t acc[TACIT_MLKEM_N]);
void tacit_mlkem_poly_tobytes_avx2(unsigned char out[384], const tacit_mlkem_poly *a);
void tacit_mlkem_poly_frombytes_avx2(tacit_mlkem_poly *a, const unsigned char in[384]);
int tacit_mlkem_poly_check_modulus_avx2(const unsigned char in[384]);
void tacit_mlkem_poly_compress_avx2(unsigned char *out, const tacit_mlkem_poly *a, unsigned d);
void tacit_mlkem_poly_decompress_avx2(tacit_mlkem_poly *a, const unsigned char *in, unsigned d);
void tacit_mlkem_poly_frommsg_avx2(tacit_mlkem_poly *a, const unsigned char msg[32]);
void tacit_mlkem_poly_tomsg_avx2(unsigned char msg[32], const tacit_mlkem_poly *a);
void tacit_mlkem_poly_cbd_avx2(tacit_mlkem_poly *a, const unsigned char *buf, unsigned eta);

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

/* ---- reductions ------------------------------------------------------------ */

/* -q < a < q -> 0 <= a < q, per lane (tacit_mlkem_caddq). */
static inline AVX2 __m256i caddq(__m256i a)
{
    return _mm256_add_epi16(
        a, _mm256_and_si256(_mm256_srai_epi16(a, 15), _mm256_set1_epi16(TACIT_MLKEM_Q)));
}

static inline AVX2 __m256i load_poly(const tacit_mlkem_poly *a, unsigned v)
{
    return _mm256_loadu_si256((const __m256i *)&a->c[16 * v]);
}

static inline AVX2 void store_poly(tacit_mlkem_poly *a, unsigned v, __m256i x)
{
    _mm256_storeu_si256((__m256i *)&a->c[16 * v], x);
}

AVX2 void tacit_mlkem_poly_reduce_avx2(tacit_mlkem_poly *a)
{
    unsigned v;

    for (v = 0; v < 16; v++) {
        store_poly(a, v, barrett(load_poly(a, v)));
    }
}

AVX2 void tacit_mlkem_poly_tomont_avx2(tacit_mlkem_poly *a)
{
    const __m256i r2 = _mm256_set1_epi16(1353); /* R^2 mod q */
    unsigned v;

    for (v = 0; v < 16; v++) {
        store_poly(a, v, fqmul(load_poly(a, v), r2));
    }
}

/* tacit_mlkem_mont_reduce on 8 int32 lanes: (a - t q) >> 16, t = (int16)(a q^-1). */
static inline AVX2 __m256i mont_reduce32(__m256i a)
{
    __m256i t = _mm256_mullo_epi32(a, _mm256_set1_epi32(62209));
    t = _mm256_srai_epi32(_mm256_slli_epi32(t, 16), 16);
    t = _mm256_mullo_epi32(t, _mm256_set1_epi32(TACIT_MLKEM_Q));
    return _mm256_srai_epi32(_mm256_sub_epi32(a, t), 16);
}

AVX2 void tacit_mlkem_acc_reduce_avx2(tacit_mlkem_poly *r, const int32_t acc[TACIT_MLKEM_N])
{
    unsigned v;

    for (v = 0; v < 16; v++) {
        __m256i lo = mont_reduce32(_mm256_loadu_si256((const __m256i *)&acc[16 * v]));
        __m256i hi = mont_reduce32(_mm256_loadu_si256((const __m256i *)&acc[16 * v + 8]));
        /* |r| < q: the saturating pack is exact; it interleaves 64-bit groups */
        store_poly(r, v, _mm256_permute4x64_epi64(_mm256_packs_epi32(lo, hi), 0xD8));
    }
}

/* ---- d-bit fields ------------------------------------------------------------ */

/*
 * The 16 fields of d bits (d = 4, 5, 6, 10, 12) at p: the low half's 8 from
 * p[0..d), the high half's from p[d..2d); each half loads 16 bytes, so p
 * must have 16 + d readable bytes.
 */
static inline AVX2 __m256i unpack_at(const unsigned char *p, unsigned d)
{
    __m256i x = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)p)),
                                        _mm_loadu_si128((const __m128i *)(p + d)), 1);
    x = _mm256_shuffle_epi8(x, _mm256_load_si256((const __m256i *)unpack_bytes[d]));
    x = _mm256_mullo_epi16(x, _mm256_load_si256((const __m256i *)unpack_mul[d]));
    return _mm256_srl_epi16(x, _mm_cvtsi32_si128((int)(16 - d)));
}

/*
 * Vector v (coefficients 16 v ..) of 32 d bytes of fields at in: straight
 * from in while the loads stay inside, else from a copy of its 2d bytes.
 */
static inline AVX2 __m256i unpack(const unsigned char *in, unsigned v, unsigned d,
                                  unsigned char tail[48])
{
    const unsigned char *p = in + 2 * d * v;

    if (2 * d * v + d + 16 <= 32 * d) {
        return unpack_at(p, d);
    }
    memcpy(tail, p, 2 * d);
    return unpack_at(tail, d);
}

/*
 * ByteEncode_d of 16 fields below 2^d (even d: 4, 10, 12) into 2d bytes at
 * out + 2 d v; each half stores 16 bytes, through tail near the end.
 */
static inline AVX2 void pack(unsigned char *out, unsigned v, unsigned d, __m256i x,
                             unsigned char tail[48])
{
    unsigned char *p = out + 2 * d * v;
    /* pairs: f0 + f1 2^d in 32 bits; then pairs of those in 64 bits */
    x = _mm256_madd_epi16(x, _mm256_set1_epi32((int)((1u << (16 + d)) | 1u)));
    x = _mm256_or_si256(
        _mm256_and_si256(x, _mm256_set1_epi64x(0xFFFFFFFF)),
        _mm256_sll_epi64(_mm256_srli_epi64(x, 32), _mm_cvtsi32_si128((int)(2 * d))));
    x = _mm256_shuffle_epi8(x, _mm256_load_si256((const __m256i *)pack_bytes[d]));
    if (2 * d * v + d + 16 <= 32 * d) {
        _mm_storeu_si128((__m128i *)p, _mm256_castsi256_si128(x));
        _mm_storeu_si128((__m128i *)(p + d), _mm256_extracti128_si256(x, 1));
    } else {
        _mm_storeu_si128((__m128i *)tail, _mm256_castsi256_si128(x));
        _mm_storeu_si128((__m128i *)(tail + d), _mm256_extracti128_si256(x, 1));
        memcpy(p, tail, 2 * d);
    }
}

AVX2 void tacit_mlkem_poly_tobytes_avx2(unsigned char out[384], const tacit_mlkem_poly *a)
{
    unsigned char tail[48] = { 0 }; /* bytes past the fields read as 0 */
    unsigned v;

    for (v = 0; v < 16; v++) {
        pack(out, v, 12, caddq(load_poly(a, v)), tail);
    }
    tacit_platform_zeroize(tail, sizeof(tail));
}

AVX2 void tacit_mlkem_poly_frombytes_avx2(tacit_mlkem_poly *a, const unsigned char in[384])
{
    unsigned char tail[48] = { 0 }; /* bytes past the fields read as 0 */
    unsigned v;

    for (v = 0; v < 16; v++) {
        store_poly(a, v, unpack(in, v, 12, tail));
    }
    tacit_platform_zeroize(tail, sizeof(tail));
}

AVX2 int tacit_mlkem_poly_check_modulus_avx2(const unsigned char in[384])
{
    const __m256i q = _mm256_set1_epi16(TACIT_MLKEM_Q);
    __m256i ok = _mm256_set1_epi16(-1);
    unsigned char tail[48] = { 0 }; /* bytes past the fields read as 0 */
    unsigned v;

    for (v = 0; v < 16; v++) {
        ok = _mm256_and_si256(ok, _mm256_cmpgt_epi16(q, unpack(in, v, 12, tail)));
    }
    return _mm256_movemask_epi8(ok) == -1;
}

/* Compress_d on 8 int32 lanes 0 <= x < q (tacit_mlkem_compress: 64-bit products). */
static inline AVX2 __m256i compress32(__m256i x, unsigned d)
{
    const __m256i m = _mm256_set1_epi64x(20642679); /* ceil(2^36 / q) */
    __m256i n =
        _mm256_add_epi32(_mm256_sll_epi32(x, _mm_cvtsi32_si128((int)d)), _mm256_set1_epi32(1664));
    __m256i e = _mm256_srli_epi64(_mm256_mul_epu32(n, m), 36);
    __m256i o = _mm256_srli_epi64(_mm256_mul_epu32(_mm256_srli_epi64(n, 32), m), 4);
    return _mm256_and_si256(_mm256_blend_epi32(e, o, 0xAA),
                            _mm256_set1_epi32((int)((1u << d) - 1)));
}

/* Compress_d of 16 coefficients |c| < q, in 16-bit lanes. */
static inline AVX2 __m256i compress16(__m256i a, unsigned d)
{
    __m256i lo, hi;

    a = caddq(a);
    lo = compress32(_mm256_cvtepu16_epi32(_mm256_castsi256_si128(a)), d);
    hi = compress32(_mm256_cvtepu16_epi32(_mm256_extracti128_si256(a, 1)), d);
    return _mm256_permute4x64_epi64(_mm256_packus_epi32(lo, hi), 0xD8);
}

AVX2 void tacit_mlkem_poly_compress_avx2(unsigned char *out, const tacit_mlkem_poly *a, unsigned d)
{
    unsigned char tail[48] = { 0 }; /* bytes past the fields read as 0 */
    unsigned v;

    if (d == 4 || d == 10) {
        for (v = 0; v < 16; v++) {
            pack(out, v, d, compress16(load_poly(a, v), d), tail);
        }
        tacit_platform_zeroize(tail, sizeof(tail));
    } else {
        /* d = 5, 11 (ML-KEM-1024; 1 for tests): the values here, the bits packed in 64 bits */
        TACIT_MLKEM_ALIGN int16_t c[TACIT_MLKEM_N];
        uint64_t acc = 0;
        unsigned i, bits = 0;
        for (v = 0; v < 16; v++) {
            _mm256_store_si256((__m256i *)&c[16 * v], compress16(load_poly(a, v), d));
        }
        for (i = 0; i < TACIT_MLKEM_N; i++) {
            acc |= (uint64_t)(uint16_t)c[i] << bits;
            bits += d;
            while (bits >= 8) {
                *out++ = (unsigned char)acc;
                acc >>= 8;
                bits -= 8;
            }
        }
        tacit_platform_zeroize(c, sizeof(c));
    }
}

/* Decompress_d per lane: round(q y / 2^d) = mulhrs(y 2^(15 - d), q). */
static inline AVX2 __m256i decompress16(__m256i y, unsigned d)
{
    return _mm256_mulhrs_epi16(_mm256_sll_epi16(y, _mm_cvtsi32_si128((int)(15 - d))),
                               _mm256_set1_epi16(TACIT_MLKEM_Q));
}

AVX2 void tacit_mlkem_poly_decompress_avx2(tacit_mlkem_poly *a, const unsigned char *in, unsigned d)
{
    unsigned char tail[48] = { 0 }; /* bytes past the fields read as 0 */
    unsigned v;

    if (d == 4 || d == 5 || d == 10) {
        for (v = 0; v < 16; v++) {
            store_poly(a, v, decompress16(unpack(in, v, d, tail), d));
        }
        tacit_platform_zeroize(tail, sizeof(tail));
    } else {
        /* d = 11 (ML-KEM-1024; 1 for tests): fields unpacked by a 32-bit accumulator */
        uint32_t acc = 0;
        unsigned i, bits = 0;
        for (i = 0; i < TACIT_MLKEM_N; i++) {
            while (bits < d) {
                acc |= (uint32_t)*in++ << bits;
                bits += 8;
            }
            a->c[i] = (int16_t)(acc & ((1u << d) - 1u));
            acc >>= d;
            bits -= d;
        }
        for (v = 0; v < 16; v++) {
            store_poly(a, v, decompress16(load_poly(a, v), d));
        }
    }
}

AVX2 void tacit_mlkem_poly_frommsg_avx2(tacit_mlkem_poly *a, const unsigned char msg[32])
{
    const __m256i bits = _mm256_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096,
                                           8192, 16384, -32768);
    unsigned v;

    for (v = 0; v < 16; v++) {
        __m256i w = _mm256_set1_epi16((short)(msg[2 * v] | (msg[2 * v + 1] << 8)));
        __m256i m = _mm256_cmpeq_epi16(_mm256_and_si256(w, bits), bits);
        store_poly(a, v, _mm256_and_si256(m, _mm256_set1_epi16(1665)));
    }
}

AVX2 void tacit_mlkem_poly_tomsg_avx2(unsigned char msg[32], const tacit_mlkem_poly *a)
{
    /* Compress_1(x) = 1 exactly for 833 <= x <= 2496 */
    const __m256i lo = _mm256_set1_epi16(832), hi = _mm256_set1_epi16(2497);
    unsigned v;

    for (v = 0; v < 16; v += 2) {
        __m256i x = caddq(load_poly(a, v)), y = caddq(load_poly(a, v + 1));
        __m256i mx = _mm256_and_si256(_mm256_cmpgt_epi16(x, lo), _mm256_cmpgt_epi16(hi, x));
        __m256i my = _mm256_and_si256(_mm256_cmpgt_epi16(y, lo), _mm256_cmpgt_epi16(hi, y));
        uint32_t m = (uint32_t)_mm256_movemask_epi8(
            _mm256_permute4x64_epi64(_mm256_packs_epi16(mx, my), 0xD8));
        msg[2 * v] = (unsigned char)m;
        msg[2 * v + 1] = (unsigned char)(m >> 8);
        msg[2 * v + 2] = (unsigned char)(m >> 16);
        msg[2 * v + 3] = (unsigned char)(m >> 24);
    }
}

/*
 * SamplePolyCBD_eta: field f of 2 eta bits; (sum of its low eta bits) -
 * (sum of its high eta bits), by adding the bits in place (eta <= 3 fits).
 */
AVX2 void tacit_mlkem_poly_cbd_avx2(tacit_mlkem_poly *a, const unsigned char *buf, unsigned eta)
{
    unsigned char tail[48] = { 0 }; /* bytes past the fields read as 0 */
    unsigned v;

    if (eta == 2) {
        const __m256i m5 = _mm256_set1_epi16(5), m3 = _mm256_set1_epi16(3);
        for (v = 0; v < 16; v++) {
            __m256i f = unpack(buf, v, 4, tail);
            __m256i t = _mm256_add_epi16(_mm256_and_si256(f, m5),
                                         _mm256_and_si256(_mm256_srli_epi16(f, 1), m5));
            store_poly(a, v, _mm256_sub_epi16(_mm256_and_si256(t, m3), _mm256_srli_epi16(t, 2)));
        }
    } else {
        const __m256i m9 = _mm256_set1_epi16(9), m3 = _mm256_set1_epi16(3);
        for (v = 0; v < 16; v++) {
            __m256i f = unpack(buf, v, 6, tail);
            __m256i t =
                _mm256_add_epi16(_mm256_add_epi16(_mm256_and_si256(f, m9),
                                                  _mm256_and_si256(_mm256_srli_epi16(f, 1), m9)),
                                 _mm256_and_si256(_mm256_srli_epi16(f, 2), m9));
            store_poly(a, v, _mm256_sub_epi16(_mm256_and_si256(t, m3), _mm256_srli_epi16(t, 3)));
        }
    }
    tacit_platform_zeroize(tail, sizeof(tail));
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
