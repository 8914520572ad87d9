/*
 * AES-GCM bulk with VAES and VPCLMULQDQ on 512-bit registers (AVX-512
 * F/VL/BW; AMD Zen 4 and later, Intel Ice Lake and later), 16 blocks (4
 * registers) a step: four blocks per vaesenc, four Karatsuba products per
 * vpclmulqdq, powers H^16..H^1 four to a register, one reduction per step.
 * Encryption hashes the previous step's output.  The tail (under 16 blocks)
 * uses byte-masked loads and stores, which neither read nor write past the
 * buffers; its GHASH takes the powers H^n..H^1 from the table (the three
 * zero units after H^1 meet the zero lanes of a short last register).
 */
#include "aes/x86_64/gcm_x86_internal.h"

#if defined(TACIT_AES_GCM_X86)

#define REP4(M) M(0) M(1) M(2) M(3)

GCM_T_VAES512 static inline __m512i v512_bswap(__m512i x)
{
    return _mm512_shuffle_epi8(x, _mm512_broadcast_i32x4(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
                                                                      10, 11, 12, 13, 14, 15)));
}

GCM_T_VAES512 static inline __m512i v512_ld(const void *p)
{
    return _mm512_loadu_si512(p);
}

GCM_T_VAES512 static inline __m512i v512_key(const unsigned char *st, int r)
{
    return _mm512_broadcast_i32x4(gcm_ld(GCM_AT(st, r)));
}

GCM_T_VAES512 static inline __m128i v512_fold(__m512i z)
{
    __m256i y = _mm256_xor_si256(_mm512_castsi512_si256(z), _mm512_extracti64x4_epi64(z, 1));

    return _mm_xor_si128(_mm256_castsi256_si128(y), _mm256_extracti128_si256(y, 1));
}

/* lo, hi, mid += b * (the four powers at h, hk) */
#define V512_MUL(b, h, hk)                                                                         \
    do {                                                                                           \
        lo = _mm512_xor_si512(lo, _mm512_clmulepi64_epi128((b), (h), 0x00));                       \
        hi = _mm512_xor_si512(hi, _mm512_clmulepi64_epi128((b), (h), 0x11));                       \
        mid = _mm512_xor_si512(                                                                    \
            mid, _mm512_clmulepi64_epi128(_mm512_xor_si512((b), _mm512_shuffle_epi32((b), 0x4e)),  \
                                          (hk), 0x00));                                            \
    } while (0)

/* ctr: lanes (counter, +1, +2, +3), byte-reversed */
GCM_T_VAES512 __attribute__((always_inline)) static inline void vaes512_step(
    const unsigned char *st, int nr, __m512i *ctr, const unsigned char *in, unsigned char *out,
    const unsigned char *gp, __m128i *x)
{
    __m512i k, lo = _mm512_setzero_si512(), hi = lo, mid = lo, b;
    const __m512i four = _mm512_broadcast_i32x4(_mm_set_epi32(0, 0, 0, 4));
    __m512i c0, c1, c2, c3;

    k = v512_key(st, 0);
#define V512_CTR(i)                                                                                \
    c##i = _mm512_xor_si512(v512_bswap(*ctr), k);                                                  \
    *ctr = _mm512_add_epi32(*ctr, four);
    REP4(V512_CTR)
#undef V512_CTR

#define V512_ENC(i) c##i = _mm512_aesenc_epi128(c##i, k);
#define V512_ROUND(r)                                                                              \
    k = v512_key(st, r);                                                                           \
    REP4(V512_ENC)
#define V512_GH(j)                                                                                 \
    if (gp != NULL) {                                                                              \
        b = v512_bswap(v512_ld(gp + 64 * (j)));                                                    \
        if ((j) == 0) {                                                                            \
            b = _mm512_xor_si512(b, _mm512_zextsi128_si512(*x));                                   \
        }                                                                                          \
        V512_MUL(b, v512_ld(GCM_PW(st, 16 - 4 * (j))), v512_ld(GCM_KT(st, 16 - 4 * (j))));         \
    }
    V512_ROUND(1)
    V512_GH(0)
    V512_ROUND(2)
    V512_GH(1)
    V512_ROUND(3)
    V512_GH(2)
    V512_ROUND(4)
    V512_GH(3)
    V512_ROUND(5)
    V512_ROUND(6)
    V512_ROUND(7)
    V512_ROUND(8)
    V512_ROUND(9)
    if (nr > 10) {
        V512_ROUND(10)
        V512_ROUND(11)
        if (nr > 12) {
            V512_ROUND(12)
            V512_ROUND(13)
        }
    }
    k = v512_key(st, nr);
#define V512_LAST(i)                                                                               \
    _mm512_storeu_si512(                                                                           \
        out + 64 * i, _mm512_xor_si512(_mm512_aesenclast_epi128(c##i, k), v512_ld(in + 64 * i)));
    REP4(V512_LAST)
#undef V512_LAST
#undef V512_ENC
#undef V512_ROUND
#undef V512_GH
    if (gp != NULL) {
        *x = gcm_reduce(v512_fold(lo), v512_fold(hi), v512_fold(mid));
    }
}

/* x absorbs the 16 blocks at p */
GCM_T_VAES512 static inline __m128i vaes512_absorb16(const unsigned char *st, __m128i x,
                                                     const unsigned char *p)
{
    __m512i lo = _mm512_setzero_si512(), hi = lo, mid = lo, b;
    int j;

    for (j = 0; j < 4; j++) {
        b = v512_bswap(v512_ld(p + 64 * j));
        if (j == 0) {
            b = _mm512_xor_si512(b, _mm512_zextsi128_si512(x));
        }
        V512_MUL(b, v512_ld(GCM_PW(st, 16 - 4 * j)), v512_ld(GCM_KT(st, 16 - 4 * j)));
    }
    return gcm_reduce(v512_fold(lo), v512_fold(hi), v512_fold(mid));
}

/* the bytes [64 v, 64 v + 64) of a tail of len bytes */
static inline __mmask64 v512_tail_mask(size_t len, int v)
{
    size_t from = 64 * (size_t)v;

    if (len >= from + 64) {
        return ~(__mmask64)0;
    }
    if (len <= from) {
        return 0;
    }
    return ((__mmask64)1 << (len - from)) - 1;
}

/* len < 256 bytes: masked CTR and GHASH of ceil(len / 16) blocks */
GCM_T_VAES512 static void vaes512_tail(const unsigned char *st, int nr, int enc, __m512i ctr,
                                       const unsigned char *in, size_t len, unsigned char *out,
                                       __m128i *x)
{
    __m512i k, lo = _mm512_setzero_si512(), hi = lo, mid = lo, d[4], c[4];
    const __m512i four = _mm512_broadcast_i32x4(_mm_set_epi32(0, 0, 0, 4));
    int nblocks = (int)((len + 15) / 16), nv = (nblocks + 3) / 4, v, r;
    /* the masks are recomputed where used, not kept in an array: an indexed
       stack load would hide from check_ct_asm.sh that they are public */
    for (v = 0; v < nv; v++) {
        d[v] = _mm512_maskz_loadu_epi8(v512_tail_mask(len, v), in + 64 * v);
    }
    k = v512_key(st, 0);
    for (v = 0; v < nv; v++) {
        c[v] = _mm512_xor_si512(v512_bswap(ctr), k);
        ctr = _mm512_add_epi32(ctr, four);
    }
    for (r = 1; r < nr; r++) {
        k = v512_key(st, r);
        for (v = 0; v < nv; v++) {
            c[v] = _mm512_aesenc_epi128(c[v], k);
        }
    }
    k = v512_key(st, nr);
    for (v = 0; v < nv; v++) {
        __mmask64 m = v512_tail_mask(len, v);
        __m512i o =
            _mm512_maskz_mov_epi8(m, _mm512_xor_si512(_mm512_aesenclast_epi128(c[v], k), d[v]));

        _mm512_mask_storeu_epi8(out + 64 * v, m, o);
        {
            __m512i b = v512_bswap(enc ? o : d[v]);

            if (v == 0) {
                b = _mm512_xor_si512(b, _mm512_zextsi128_si512(*x));
            }
            V512_MUL(b, v512_ld(GCM_PW(st, nblocks - 4 * v)), v512_ld(GCM_KT(st, nblocks - 4 * v)));
        }
    }
    *x = gcm_reduce(v512_fold(lo), v512_fold(hi), v512_fold(mid));
}

GCM_T_VAES512 GCM_ALIGN void tacit_gcm_vaes512_bulk(const unsigned char *st, int enc,
                                                    const unsigned char ctr0[16],
                                                    const unsigned char *in, size_t len,
                                                    unsigned char *out, unsigned char xi[16],
                                                    const unsigned char lens[16])
{
    __m128i x = gcm_ld(xi);
    __m512i ctr =
        _mm512_add_epi32(_mm512_broadcast_i32x4(gcm_bswap(gcm_ld(ctr0))),
                         _mm512_set_epi32(0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0));
    int nr;

    memcpy(&nr, GCM_AT(st, GCM_U_NR), 4);
    if (enc) {
        if (len >= 256) {
            vaes512_step(st, nr, &ctr, in, out, NULL, &x);
            in += 256, out += 256, len -= 256;
            for (; len >= 256; in += 256, out += 256, len -= 256) {
                vaes512_step(st, nr, &ctr, in, out, out - 256, &x);
            }
            x = vaes512_absorb16(st, x, out - 256);
        }
    } else {
        for (; len >= 256; in += 256, out += 256, len -= 256) {
            vaes512_step(st, nr, &ctr, in, out, in, &x);
        }
    }
    if (len > 0) {
        vaes512_tail(st, nr, enc, ctr, in, len, out, &x);
    }
    x = gcm_absorb_n(st, x, lens, 16, 1);
    _mm_storeu_si128((__m128i *)xi, x);
}

#endif
