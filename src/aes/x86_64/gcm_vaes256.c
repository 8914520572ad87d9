/*
 * AES-GCM bulk with VAES and VPCLMULQDQ on 256-bit registers (AVX2; AMD
 * Zen 3 and later, Intel Ice Lake and later), 8 blocks (4 registers) a
 * step: two blocks per vaesenc, two Karatsuba products per vpclmulqdq,
 * powers H^8..H^1 two to a register, the three partial sums folded to
 * 128 bits and reduced once per step.  Same structure as gcm_aesni.c
 * (encryption hashes the previous step's output), same zero-padded stack
 * tail.
 */
#include "aes/x86_64/gcm_x86_internal.h"

#if defined(TACIT_AES_GCM_X86)

#define REP4(M) M(0) M(1) M(2) M(3)

GCM_T_VAES static inline __m256i v256_bswap(__m256i x)
{
    return _mm256_shuffle_epi8(x, _mm256_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
                                                  15, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
                                                  14, 15));
}

GCM_T_VAES static inline __m256i v256_ld(const void *p)
{
    return _mm256_loadu_si256((const __m256i *)p);
}

GCM_T_VAES static inline __m256i v256_key(const unsigned char *st, int r)
{
    return _mm256_broadcastsi128_si256(gcm_ld(GCM_AT(st, r)));
}

GCM_T_VAES static inline __m128i v256_fold(__m256i y)
{
    return _mm_xor_si128(_mm256_castsi256_si128(y), _mm256_extracti128_si256(y, 1));
}

/* ctr: lanes (counter, counter + 1), byte-reversed */
GCM_T_VAES __attribute__((always_inline)) static inline void vaes256_step(
    const unsigned char *st, int nr, __m256i *ctr, const unsigned char *in, unsigned char *out,
    const unsigned char *gp, __m128i *x)
{
    __m256i k, lo = _mm256_setzero_si256(), hi = lo, mid = lo, b;
    const __m256i two = _mm256_set_epi32(0, 0, 0, 2, 0, 0, 0, 2);
    __m256i c0, c1, c2, c3;

    k = v256_key(st, 0);
    c0 = _mm256_xor_si256(v256_bswap(*ctr), k);
    *ctr = _mm256_add_epi32(*ctr, two);
    c1 = _mm256_xor_si256(v256_bswap(*ctr), k);
    *ctr = _mm256_add_epi32(*ctr, two);
    c2 = _mm256_xor_si256(v256_bswap(*ctr), k);
    *ctr = _mm256_add_epi32(*ctr, two);
    c3 = _mm256_xor_si256(v256_bswap(*ctr), k);
    *ctr = _mm256_add_epi32(*ctr, two);

#define V256_ENC(i) c##i = _mm256_aesenc_epi128(c##i, k);
#define V256_ROUND(r)                                                                              \
    k = v256_key(st, r);                                                                           \
    REP4(V256_ENC)
#define V256_GH(j)                                                                                 \
    if (gp != NULL) {                                                                              \
        __m256i h_ = v256_ld(GCM_PW(st, 8 - 2 * (j))), hk_ = v256_ld(GCM_KT(st, 8 - 2 * (j)));     \
        b = v256_bswap(v256_ld(gp + 32 * (j)));                                                    \
        if ((j) == 0) {                                                                            \
            b = _mm256_xor_si256(b, _mm256_zextsi128_si256(*x));                                   \
        }                                                                                          \
        lo = _mm256_xor_si256(lo, _mm256_clmulepi64_epi128(b, h_, 0x00));                          \
        hi = _mm256_xor_si256(hi, _mm256_clmulepi64_epi128(b, h_, 0x11));                          \
        mid = _mm256_xor_si256(                                                                    \
            mid, _mm256_clmulepi64_epi128(_mm256_xor_si256(b, _mm256_shuffle_epi32(b, 0x4e)), hk_, \
                                          0x00));                                                  \
    }
    V256_ROUND(1)
    V256_GH(0)
    V256_ROUND(2)
    V256_GH(1)
    V256_ROUND(3)
    V256_GH(2)
    V256_ROUND(4)
    V256_GH(3)
    V256_ROUND(5)
    V256_ROUND(6)
    V256_ROUND(7)
    V256_ROUND(8)
    V256_ROUND(9)
    if (nr > 10) {
        V256_ROUND(10)
        V256_ROUND(11)
        if (nr > 12) {
            V256_ROUND(12)
            V256_ROUND(13)
        }
    }
    k = v256_key(st, nr);
#define V256_LAST(i)                                                                               \
    _mm256_storeu_si256(                                                                           \
        (__m256i *)(out + 32 * i),                                                                 \
        _mm256_xor_si256(_mm256_aesenclast_epi128(c##i, k), v256_ld(in + 32 * i)));
    REP4(V256_LAST)
#undef V256_LAST
#undef V256_ENC
#undef V256_ROUND
#undef V256_GH
    if (gp != NULL) {
        *x = gcm_reduce(v256_fold(lo), v256_fold(hi), v256_fold(mid));
    }
}

/* the end sums the last step's output (encryption), the tail and the length block under
   one reduction, as gcm_aesni.c's does */
GCM_T_VAES GCM_ALIGN void tacit_gcm_vaes256_bulk(const unsigned char *st, int enc,
                                                 const unsigned char ctr0[16],
                                                 const unsigned char *in, size_t len,
                                                 unsigned char *out, unsigned char xi[16],
                                                 const unsigned char lens[16])
{
    __m128i x = gcm_ld(xi);
    __m128i lo = _mm_setzero_si128(), hi = lo, mid = lo;
    __m256i ctr = _mm256_add_epi32(_mm256_broadcastsi128_si256(gcm_bswap(gcm_ld(ctr0))),
                                   _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0));
    unsigned char buf[128];
    const unsigned char *last = NULL; /* encryption: the last step's output, not hashed yet */
    size_t nt, k;
    int nr;

    memcpy(&nr, GCM_AT(st, GCM_U_NR), 4);
    if (enc) {
        if (len >= 128) {
            vaes256_step(st, nr, &ctr, in, out, NULL, &x);
            in += 128, out += 128, len -= 128;
            for (; len >= 128; in += 128, out += 128, len -= 128) {
                vaes256_step(st, nr, &ctr, in, out, out - 128, &x);
            }
            last = out - 128;
        }
    } else {
        for (; len >= 128; in += 128, out += 128, len -= 128) {
            vaes256_step(st, nr, &ctr, in, out, in, &x);
        }
    }
    nt = (len + 15) / 16;
    k = (last != NULL ? 8 : 0) + nt + 1;
    if (last != NULL) {
        gcm_acc_n(st, x, last, 128, 8, k, &lo, &hi, &mid);
        x = _mm_setzero_si128(), k -= 8;
    }
    if (len > 0) {
        memset(buf, 0, sizeof(buf));
        memcpy(buf, in, len);
        if (!enc) {
            gcm_acc_n(st, x, buf, len, nt, k, &lo, &hi, &mid);
        }
        vaes256_step(st, nr, &ctr, buf, buf, NULL, &x);
        memcpy(out, buf, len);
        if (enc) {
            gcm_acc_n(st, x, buf, len, nt, k, &lo, &hi, &mid);
        }
        x = _mm_setzero_si128();
        gcm_wipe(buf, sizeof(buf));
    }
    gcm_acc_n(st, x, lens, 16, 1, 1, &lo, &hi, &mid);
    _mm_storeu_si128((__m128i *)xi, gcm_reduce(lo, hi, mid));
}

#endif
