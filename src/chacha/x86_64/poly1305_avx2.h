/*
 * The four-lane radix 2^26 Poly1305 of poly1305_avx2.c (internal): its
 * steps as macros, for that file and for a one-pass kernel that runs them
 * between ChaCha20 rounds.  Lane j of H0..H4 holds limb i of one Horner
 * chain; k[] the multiplier: k[0..4] its limbs, k[5..8] limbs 1..4 times 5
 * (2^130 = 5 mod p).  The macros expect `m26` (every lane 2^26 - 1) and,
 * for the loads, `hibit` (every lane 2^24: the 2^128 of a full block).
 */
#ifndef TACIT_POLY1305_AVX2_H
#define TACIT_POLY1305_AVX2_H

#include "chacha/x86_64/chacha_x86.h"

#if defined(TACIT_CHACHA_X86) && defined(TACIT_POLY1305_R64)

#include <immintrin.h>

typedef struct {
    __m256i h[5]; /* the lanes' accumulators */
    __m256i k[9]; /* the multiplier: r^4 in every lane, then at the end r^4 r^2 r^3 r^1 */
} tacit_poly26_vec;

/* pw[k - 1] = r^k in radix 2^26 (partly reduced, every limb below 2^27). */
void tacit_poly1305_avx2_powers(const tacit_poly1305_state *ps, uint64_t pw[4][5]);
/* k = r^4 in every lane; h = ps->h in lane 0, zero elsewhere (the first group is added to it). */
void tacit_poly1305_avx2_begin(tacit_poly26_vec *v, const tacit_poly1305_state *ps,
                               const uint64_t pw[4][5]);
/* The lanes times r^4, r^2, r^3, r^1, summed into ps->h (radix 2^64). */
void tacit_poly1305_avx2_end(tacit_poly26_vec *v, tacit_poly1305_state *ps,
                             const uint64_t pw[4][5]);

/*
 * Four blocks at p into limb vectors, 2^128 added; the lanes hold blocks
 * 0, 2, 1, 3 (the order of VPUNPCK{L,H}QDQ within 128-bit halves).
 */
#define POLY26_LOAD4(p, M0, M1, M2, M3, M4)                                                        \
    do {                                                                                           \
        __m256i a_ = _mm256_loadu_si256((const __m256i *)(const void *)(p));                       \
        __m256i b_ = _mm256_loadu_si256((const __m256i *)(const void *)((p) + 32));                \
        __m256i lo_ = _mm256_unpacklo_epi64(a_, b_), hi_ = _mm256_unpackhi_epi64(a_, b_);          \
        M0 = _mm256_and_si256(lo_, m26);                                                           \
        M1 = _mm256_and_si256(_mm256_srli_epi64(lo_, 26), m26);                                    \
        M2 = _mm256_and_si256(                                                                     \
            _mm256_or_si256(_mm256_srli_epi64(lo_, 52), _mm256_slli_epi64(hi_, 12)), m26);         \
        M3 = _mm256_and_si256(_mm256_srli_epi64(hi_, 14), m26);                                    \
        M4 = _mm256_or_si256(_mm256_srli_epi64(hi_, 40), hibit);                                   \
    } while (0)

#define POLY26_MAC(d, a, b) d = _mm256_add_epi64(d, _mm256_mul_epu32((a), (b)))

/*
 * (H0..H4) *= k (see above), then carried: d3 -> d4 and d0 -> d1, d4 -> d0
 * (times 5) and d1 -> d2, d0 -> d1 and d2 -> d3, d3 -> d4.  In: limbs below
 * 2^28; out: d0, d2, d3 below 2^26, d1 and d4 below 2^26 + 2^11.
 */
#define POLY26_MUL(H0, H1, H2, H3, H4, k)                                                          \
    do {                                                                                           \
        __m256i d0_, d1_, d2_, d3_, d4_, c0_, c1_;                                                 \
        d0_ = _mm256_mul_epu32(H0, (k)[0]);                                                        \
        d1_ = _mm256_mul_epu32(H0, (k)[1]);                                                        \
        d2_ = _mm256_mul_epu32(H0, (k)[2]);                                                        \
        d3_ = _mm256_mul_epu32(H0, (k)[3]);                                                        \
        d4_ = _mm256_mul_epu32(H0, (k)[4]);                                                        \
        POLY26_MAC(d0_, H1, (k)[8]);                                                               \
        POLY26_MAC(d1_, H1, (k)[0]);                                                               \
        POLY26_MAC(d2_, H1, (k)[1]);                                                               \
        POLY26_MAC(d3_, H1, (k)[2]);                                                               \
        POLY26_MAC(d4_, H1, (k)[3]);                                                               \
        POLY26_MAC(d0_, H2, (k)[7]);                                                               \
        POLY26_MAC(d1_, H2, (k)[8]);                                                               \
        POLY26_MAC(d2_, H2, (k)[0]);                                                               \
        POLY26_MAC(d3_, H2, (k)[1]);                                                               \
        POLY26_MAC(d4_, H2, (k)[2]);                                                               \
        POLY26_MAC(d0_, H3, (k)[6]);                                                               \
        POLY26_MAC(d1_, H3, (k)[7]);                                                               \
        POLY26_MAC(d2_, H3, (k)[8]);                                                               \
        POLY26_MAC(d3_, H3, (k)[0]);                                                               \
        POLY26_MAC(d4_, H3, (k)[1]);                                                               \
        POLY26_MAC(d0_, H4, (k)[5]);                                                               \
        POLY26_MAC(d1_, H4, (k)[6]);                                                               \
        POLY26_MAC(d2_, H4, (k)[7]);                                                               \
        POLY26_MAC(d3_, H4, (k)[8]);                                                               \
        POLY26_MAC(d4_, H4, (k)[0]);                                                               \
        c0_ = _mm256_srli_epi64(d3_, 26);                                                          \
        c1_ = _mm256_srli_epi64(d0_, 26);                                                          \
        d3_ = _mm256_and_si256(d3_, m26);                                                          \
        d0_ = _mm256_and_si256(d0_, m26);                                                          \
        d4_ = _mm256_add_epi64(d4_, c0_);                                                          \
        d1_ = _mm256_add_epi64(d1_, c1_);                                                          \
        c0_ = _mm256_srli_epi64(d4_, 26);                                                          \
        c1_ = _mm256_srli_epi64(d1_, 26);                                                          \
        d4_ = _mm256_and_si256(d4_, m26);                                                          \
        d1_ = _mm256_and_si256(d1_, m26);                                                          \
        d0_ = _mm256_add_epi64(d0_, _mm256_add_epi64(c0_, _mm256_slli_epi64(c0_, 2)));             \
        d2_ = _mm256_add_epi64(d2_, c1_);                                                          \
        c0_ = _mm256_srli_epi64(d0_, 26);                                                          \
        c1_ = _mm256_srli_epi64(d2_, 26);                                                          \
        H0 = _mm256_and_si256(d0_, m26);                                                           \
        H2 = _mm256_and_si256(d2_, m26);                                                           \
        H1 = _mm256_add_epi64(d1_, c0_);                                                           \
        d3_ = _mm256_add_epi64(d3_, c1_);                                                          \
        c0_ = _mm256_srli_epi64(d3_, 26);                                                          \
        H3 = _mm256_and_si256(d3_, m26);                                                           \
        H4 = _mm256_add_epi64(d4_, c0_);                                                           \
    } while (0)

#endif
#endif /* TACIT_POLY1305_AVX2_H */
