/*
 * Poly1305 on AVX2 (see chacha_internal.h), for long inputs on CPUs with
 * AVX2 but without AVX-512 IFMA: four lanes of radix 2^26 (five limbs of
 * 26 bits in the low half of each 64-bit lane; VPMULUDQ multiplies the low
 * 32 bits of each lane into 64).  Lane j carries every fourth block as its
 * own Horner chain in r^4; at the end each lane is multiplied by the power
 * of r that its last block still owes (r^4 .. r^1) and the lanes are
 * summed, which gives exactly the sequential result.  After each product
 * the limbs are carried (two chains, the top one back times 5), so every
 * limb stays below 2^27 and each sum of five 29-bit by 28-bit products
 * below 2^60.  Constant time: no branch or index on h, r or the message;
 * the lengths are public.
 */
#include "chacha/x86_64/chacha_x86.h"

#if defined(TACIT_CHACHA_X86) && defined(TACIT_POLY1305_R64)

#include <immintrin.h>

#include "chacha/poly1305_r64.h"
#include "chacha/x86_64/poly1305_avx2.h"

#define AVX2_TARGET __attribute__((target("avx2,bmi2")))

#define M26 0x3ffffffu

/* radix 2^64 (h2 a few bits) -> radix 2^26 */
static void to26(uint64_t l[5], const uint64_t h[3])
{
    l[0] = h[0] & M26;
    l[1] = (h[0] >> 26) & M26;
    l[2] = ((h[0] >> 52) | (h[1] << 12)) & M26;
    l[3] = (h[1] >> 14) & M26;
    l[4] = (h[1] >> 40) | (h[2] << 24);
}

/* l0 + l1 2^26 + ... + l4 2^104 (each below 2^31) -> radix 2^64, the part above 2^130 folded. */
static void from26(tacit_poly1305_state *ps, const uint64_t l[5])
{
    tacit_u128 t;
    uint64_t c;

    t = (tacit_u128)l[0] + ((tacit_u128)l[1] << 26) + ((tacit_u128)l[2] << 52);
    ps->h[0] = (uint64_t)t;
    t = (t >> 64) + ((tacit_u128)l[3] << 14) + ((tacit_u128)l[4] << 40);
    ps->h[1] = (uint64_t)t;
    ps->h[2] = (uint64_t)(t >> 64);
    c = (ps->h[2] >> 2) * 5;
    ps->h[2] &= 3;
    ps->h[0] += c;
    c = ps->h[0] < c;
    ps->h[1] += c;
    ps->h[2] += ps->h[1] < c;
}

void tacit_poly1305_avx2_powers(const tacit_poly1305_state *ps, uint64_t pw[4][5])
{
    uint64_t p[3], r0 = ps->r[0], r1 = ps->r[1], s1 = r1 + (r1 >> 2);
    int i;

    p[0] = r0;
    p[1] = r1;
    p[2] = 0;
    to26(pw[0], p);
    for (i = 1; i < 4; i++) {
        tacit_poly_mul_r64(p, r0, r1, s1);
        to26(pw[i], p);
    }
}

/* Lane multipliers at the end, in the lane order of LOAD4 (blocks 0, 2, 1, 3): r^4 r^2 r^3 r^1. */
AVX2_TARGET
static void end_multipliers(const uint64_t pw[4][5], tacit_poly26_vec *v)
{
    int i;

    for (i = 0; i < 5; i++) {
        v->k[i] = _mm256_setr_epi64x((long long)pw[3][i], (long long)pw[1][i], (long long)pw[2][i],
                                     (long long)pw[0][i]);
    }
    for (i = 1; i < 5; i++) {
        v->k[4 + i] = _mm256_add_epi64(v->k[i], _mm256_slli_epi64(v->k[i], 2));
    }
}

AVX2_TARGET
void tacit_poly1305_avx2_begin(tacit_poly26_vec *v, const tacit_poly1305_state *ps,
                               const uint64_t pw[4][5])
{
    uint64_t h[5];
    int i;

    for (i = 0; i < 5; i++) {
        v->k[i] = _mm256_set1_epi64x((long long)pw[3][i]);
    }
    for (i = 1; i < 5; i++) {
        v->k[4 + i] = _mm256_add_epi64(v->k[i], _mm256_slli_epi64(v->k[i], 2));
    }
    to26(h, ps->h);
    for (i = 0; i < 5; i++) {
        v->h[i] = _mm256_setr_epi64x((long long)h[i], 0, 0, 0);
    }
}

AVX2_TARGET
void tacit_poly1305_avx2_end(tacit_poly26_vec *v, tacit_poly1305_state *ps, const uint64_t pw[4][5])
{
    __m256i H0 = v->h[0], H1 = v->h[1], H2 = v->h[2], H3 = v->h[3], H4 = v->h[4];
    const __m256i m26 = _mm256_set1_epi64x(M26);
    uint64_t l[5];
    __m128i x;
    int i;

    end_multipliers(pw, v);
    POLY26_MUL(H0, H1, H2, H3, H4, v->k);
    v->h[0] = H0;
    v->h[1] = H1;
    v->h[2] = H2;
    v->h[3] = H3;
    v->h[4] = H4;
    for (i = 0; i < 5; i++) {
        x = _mm_add_epi64(_mm256_castsi256_si128(v->h[i]), _mm256_extracti128_si256(v->h[i], 1));
        x = _mm_add_epi64(x, _mm_unpackhi_epi64(x, x));
        l[i] = (uint64_t)_mm_cvtsi128_si64(x);
    }
    from26(ps, l);
}

AVX2_TARGET
void tacit_poly1305_blocks_avx2(tacit_poly1305_state *ps, const unsigned char *m, size_t nblocks)
{
    size_t groups = nblocks / 4;

    if (nblocks >= 16) {
        uint64_t pw[4][5];
        tacit_poly26_vec v;
        const __m256i m26 = _mm256_set1_epi64x(M26), hibit = _mm256_set1_epi64x(1 << 24);
        __m256i H0, H1, H2, H3, H4, M0, M1, M2, M3, M4;
        size_t g;

        tacit_poly1305_avx2_powers(ps, pw);
        tacit_poly1305_avx2_begin(&v, ps, pw);
        POLY26_LOAD4(m, M0, M1, M2, M3, M4);
        H0 = _mm256_add_epi64(v.h[0], M0);
        H1 = _mm256_add_epi64(v.h[1], M1);
        H2 = _mm256_add_epi64(v.h[2], M2);
        H3 = _mm256_add_epi64(v.h[3], M3);
        H4 = _mm256_add_epi64(v.h[4], M4);
        for (g = 1; g < groups; g++) {
            POLY26_MUL(H0, H1, H2, H3, H4, v.k);
            POLY26_LOAD4(m + 64 * g, M0, M1, M2, M3, M4);
            H0 = _mm256_add_epi64(H0, M0);
            H1 = _mm256_add_epi64(H1, M1);
            H2 = _mm256_add_epi64(H2, M2);
            H3 = _mm256_add_epi64(H3, M3);
            H4 = _mm256_add_epi64(H4, M4);
        }
        v.h[0] = H0;
        v.h[1] = H1;
        v.h[2] = H2;
        v.h[3] = H3;
        v.h[4] = H4;
        tacit_poly1305_avx2_end(&v, ps, pw);
        m += 64 * groups;
        nblocks -= 4 * groups;
    }
    tacit_poly_blocks_r64(ps, m, nblocks, 1);
}

#else
typedef int tacit_poly1305_avx2_unused;
#endif
