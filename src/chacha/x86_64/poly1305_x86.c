/*
 * Poly1305 on x86-64 (see chacha_internal.h) with AVX-512 IFMA: eight
 * lanes in radix 2^44 (limbs of 44, 44 and 42 bits; VPMADD52LUQ/HUQ give the
 * low and high 52 bits of each 52x52 product).  Lane i carries the blocks
 * i, i + 8, i + 16, ... as its own Horner chain in r^8; at the end lane i
 * is multiplied by r^(8 - i) and the lanes are summed, which gives exactly
 * the sequential result.  Between steps each limb is carried into the next
 * (all three at once, the top one back times 5), which keeps every limb
 * below 2^46, inside the 52-bit multiplier inputs (short inputs: the
 * radix 2^64 C code; the MULX block code is in chachapoly_avx2_mulx.c).
 * Constant time: no
 * branch or index on h, r or the message; the lengths are public.
 */
#include "chacha/x86_64/chacha_x86.h"

#if defined(TACIT_CHACHA_X86) && defined(TACIT_POLY1305_R64)

#include <immintrin.h>

#include "chacha/poly1305_r64.h"
#include "chacha/x86_64/chacha16_avx512.h"

#define IFMA_TARGET __attribute__((target("bmi2,avx2,avx512f,avx512vl,avx512ifma")))

#define M44 0xfffffffffffu
#define M42 0x3ffffffffffu

/* radix 2^64 (h2 a few bits) -> radix 2^44 */
static void to44(uint64_t l[3], const uint64_t h[3])
{
    l[0] = h[0] & M44;
    l[1] = ((h[0] >> 44) | (h[1] << 20)) & M44;
    l[2] = (h[1] >> 24) | (h[2] << 40);
}

/* (H0, H1, H2) *= (R0, R1, R2) with S1 = 20 R1, S2 = 20 R2, partly reduced */
#define MUL44(H0, H1, H2, R0, R1, R2, S1, S2)                                                      \
    do {                                                                                           \
        __m512i lo0_, lo1_, lo2_, hi0_, hi1_, hi2_, c0_, c1_, c2_;                                 \
        lo0_ = _mm512_madd52lo_epu64(zero, H0, R0);                                                \
        hi0_ = _mm512_madd52hi_epu64(zero, H0, R0);                                                \
        lo1_ = _mm512_madd52lo_epu64(zero, H0, R1);                                                \
        hi1_ = _mm512_madd52hi_epu64(zero, H0, R1);                                                \
        lo2_ = _mm512_madd52lo_epu64(zero, H0, R2);                                                \
        hi2_ = _mm512_madd52hi_epu64(zero, H0, R2);                                                \
        lo0_ = _mm512_madd52lo_epu64(lo0_, H1, S2);                                                \
        hi0_ = _mm512_madd52hi_epu64(hi0_, H1, S2);                                                \
        lo1_ = _mm512_madd52lo_epu64(lo1_, H1, R0);                                                \
        hi1_ = _mm512_madd52hi_epu64(hi1_, H1, R0);                                                \
        lo2_ = _mm512_madd52lo_epu64(lo2_, H1, R1);                                                \
        hi2_ = _mm512_madd52hi_epu64(hi2_, H1, R1);                                                \
        lo0_ = _mm512_madd52lo_epu64(lo0_, H2, S1);                                                \
        hi0_ = _mm512_madd52hi_epu64(hi0_, H2, S1);                                                \
        lo1_ = _mm512_madd52lo_epu64(lo1_, H2, S2);                                                \
        hi1_ = _mm512_madd52hi_epu64(hi1_, H2, S2);                                                \
        lo2_ = _mm512_madd52lo_epu64(lo2_, H2, R0);                                                \
        hi2_ = _mm512_madd52hi_epu64(hi2_, H2, R0);                                                \
        /* high halves weigh 2^52 = 2^8 * 2^44; the top one 2^140 = 5 * 2^10 mod p */              \
        lo1_ = _mm512_add_epi64(lo1_, _mm512_slli_epi64(hi0_, 8));                                 \
        lo2_ = _mm512_add_epi64(lo2_, _mm512_slli_epi64(hi1_, 8));                                 \
        hi2_ = _mm512_add_epi64(hi2_, _mm512_slli_epi64(hi2_, 2));                                 \
        lo0_ = _mm512_add_epi64(lo0_, _mm512_slli_epi64(hi2_, 10));                                \
        c0_ = _mm512_srli_epi64(lo0_, 44);                                                         \
        c1_ = _mm512_srli_epi64(lo1_, 44);                                                         \
        c2_ = _mm512_srli_epi64(lo2_, 42);                                                         \
        c2_ = _mm512_add_epi64(c2_, _mm512_slli_epi64(c2_, 2));                                    \
        H0 = _mm512_add_epi64(_mm512_and_si512(lo0_, m44), c2_);                                   \
        H1 = _mm512_add_epi64(_mm512_and_si512(lo1_, m44), c0_);                                   \
        H2 = _mm512_add_epi64(_mm512_and_si512(lo2_, m42), c1_);                                   \
    } while (0)

/* Eight blocks at p into lanes (M0, M1, M2), 2^128 added. */
#define LOAD8(p, M0, M1, M2)                                                                       \
    do {                                                                                           \
        __m512i a_ = _mm512_loadu_si512((const void *)(p));                                        \
        __m512i b_ = _mm512_loadu_si512((const void *)((p) + 64));                                 \
        __m512i lo_ = _mm512_permutex2var_epi64(a_, even, b_);                                     \
        __m512i hi_ = _mm512_permutex2var_epi64(a_, odd, b_);                                      \
        M0 = _mm512_and_si512(lo_, m44);                                                           \
        M1 = _mm512_and_si512(                                                                     \
            _mm512_or_si512(_mm512_srli_epi64(lo_, 44), _mm512_slli_epi64(hi_, 20)), m44);         \
        M2 = _mm512_or_si512(_mm512_srli_epi64(hi_, 24), hibit);                                   \
    } while (0)

/* r^1 .. r^8 in radix 2^44: l[i] = r^(8 - i), the multiplier of lane i at the end. */
static void ifma_powers(const tacit_poly1305_state *ps, uint64_t l[8][3])
{
    uint64_t pw[9][3], r0 = ps->r[0], r1 = ps->r[1], s1 = r1 + (r1 >> 2);
    int i;

    pw[1][0] = r0;
    pw[1][1] = r1;
    pw[1][2] = 0;
    for (i = 2; i <= 8; i++) {
        pw[i][0] = pw[i - 1][0];
        pw[i][1] = pw[i - 1][1];
        pw[i][2] = pw[i - 1][2];
        tacit_poly_mul_r64(pw[i], r0, r1, s1);
    }
    for (i = 0; i < 8; i++) {
        to44(l[i], pw[8 - i]);
    }
}

/* The vector registers of the eight-lane Horner chains, and its constants. */
#define IFMA_DECLS                                                                                 \
    const __m512i zero = _mm512_setzero_si512(), m44 = _mm512_set1_epi64((long long)M44),          \
                  m42 = _mm512_set1_epi64((long long)M42),                                         \
                  hibit = _mm512_set1_epi64((long long)1 << 40),                                   \
                  even = _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14),                             \
                  odd = _mm512_setr_epi64(1, 3, 5, 7, 9, 11, 13, 15);                              \
    uint64_t l_[8][3], h_[3];                                                                      \
    __m512i H0, H1, H2, M0, M1, M2, R0, R1, R2, S1, S2;                                            \
    int first_ = 1

/* Powers and r^8 broadcast; the running h waits for the first group. */
#define IFMA_BEGIN(ps)                                                                             \
    do {                                                                                           \
        ifma_powers((ps), l_);                                                                     \
        to44(h_, (ps)->h);                                                                         \
        R0 = _mm512_set1_epi64((long long)l_[0][0]);                                               \
        R1 = _mm512_set1_epi64((long long)l_[0][1]);                                               \
        R2 = _mm512_set1_epi64((long long)l_[0][2]);                                               \
        S1 = _mm512_set1_epi64((long long)(l_[0][1] * 20));                                        \
        S2 = _mm512_set1_epi64((long long)(l_[0][2] * 20));                                        \
        H0 = H1 = H2 = zero;                                                                       \
    } while (0)

/* Eight blocks at p: the first group adds h to lane 0, every later one is H * r^8 + M. */
#define IFMA_STEP(p)                                                                               \
    do {                                                                                           \
        if (first_) {                                                                              \
            LOAD8((p), H0, H1, H2);                                                                \
            H0 = _mm512_add_epi64(H0, _mm512_setr_epi64((long long)h_[0], 0, 0, 0, 0, 0, 0, 0));   \
            H1 = _mm512_add_epi64(H1, _mm512_setr_epi64((long long)h_[1], 0, 0, 0, 0, 0, 0, 0));   \
            H2 = _mm512_add_epi64(H2, _mm512_setr_epi64((long long)h_[2], 0, 0, 0, 0, 0, 0, 0));   \
            first_ = 0;                                                                            \
        } else {                                                                                   \
            MUL44(H0, H1, H2, R0, R1, R2, S1, S2);                                                 \
            LOAD8((p), M0, M1, M2);                                                                \
            H0 = _mm512_add_epi64(H0, M0);                                                         \
            H1 = _mm512_add_epi64(H1, M1);                                                         \
            H2 = _mm512_add_epi64(H2, M2);                                                         \
        }                                                                                          \
    } while (0)

/* Lane i times r^(8 - i), the lanes summed, back into ps->h (radix 2^64). */
#define IFMA_END(ps)                                                                               \
    do {                                                                                           \
        long long lp_[5][8];                                                                       \
        int i_;                                                                                    \
        for (i_ = 0; i_ < 8; i_++) {                                                               \
            lp_[0][i_] = (long long)l_[i_][0];                                                     \
            lp_[1][i_] = (long long)l_[i_][1];                                                     \
            lp_[2][i_] = (long long)l_[i_][2];                                                     \
            lp_[3][i_] = (long long)(l_[i_][1] * 20);                                              \
            lp_[4][i_] = (long long)(l_[i_][2] * 20);                                              \
        }                                                                                          \
        R0 = _mm512_loadu_si512((const void *)lp_[0]);                                             \
        R1 = _mm512_loadu_si512((const void *)lp_[1]);                                             \
        R2 = _mm512_loadu_si512((const void *)lp_[2]);                                             \
        S1 = _mm512_loadu_si512((const void *)lp_[3]);                                             \
        S2 = _mm512_loadu_si512((const void *)lp_[4]);                                             \
        MUL44(H0, H1, H2, R0, R1, R2, S1, S2);                                                     \
        h_[0] = (uint64_t)_mm512_reduce_add_epi64(H0);                                             \
        h_[1] = (uint64_t)_mm512_reduce_add_epi64(H1);                                             \
        h_[2] = (uint64_t)_mm512_reduce_add_epi64(H2);                                             \
        from44((ps), h_);                                                                          \
    } while (0)

/* h0 + h1 2^44 + h2 2^88 (each below 2^49) -> radix 2^64, the part above 2^130 folded. */
static void from44(tacit_poly1305_state *ps, const uint64_t h[3])
{
    tacit_u128 t;
    uint64_t c;

    t = (tacit_u128)h[0] + ((tacit_u128)h[1] << 44);
    ps->h[0] = (uint64_t)t;
    t = (t >> 64) + ((tacit_u128)h[2] << 24);
    ps->h[1] = (uint64_t)t;
    ps->h[2] = (uint64_t)(t >> 64);
    c = (ps->h[2] >> 2) * 5;
    ps->h[2] &= 3;
    ps->h[0] += c;
    c = ps->h[0] < c;
    ps->h[1] += c;
    ps->h[2] += ps->h[1] < c;
}

IFMA_TARGET
static void poly_ifma_bulk(tacit_poly1305_state *ps, const unsigned char *m, size_t ngroups)
{
    IFMA_DECLS;

    IFMA_BEGIN(ps);
    while (ngroups-- > 0) {
        IFMA_STEP(m);
        m += 128;
    }
    IFMA_END(ps);
}

/*
 * One pass of the AEAD over the multiple of 1024 bytes at the start of in:
 * ChaCha20 on sixteen blocks with, after each of its first eight double
 * rounds, one eight-block step of Poly1305 over the ciphertext (the
 * previous 1024 bytes of out when encrypting, the current 1024 of in when
 * decrypting: read before they are overwritten, so in == out works).  The
 * two use different execution ports, so the multiplications hide in the
 * ChaCha20 rounds.  Returns the bytes done (st[12] is the first counter).
 */
IFMA_TARGET
size_t tacit_chachapoly_fused_avx512(const uint32_t st[16], const unsigned char *in,
                                     unsigned char *out, size_t len, tacit_poly1305_state *ps,
                                     int decrypt)
{
    size_t n = len / 1024, c;
    uint32_t ctr = st[12];
    __m512i x[16], s[16], pre[16];
    const unsigned char *pin;
    int i;
    IFMA_DECLS;

    if (n == 0) {
        return 0;
    }
    IFMA_BEGIN(ps);
    CH16_INIT(s, st, ctr);
    CH16_PRECOMPUTE(pre, s);
    for (c = 0; c < n; c++) {
        pin = decrypt ? in : (c > 0 ? out - 1024 : NULL);
        CH16_INIT(s, st, ctr);
        CH16_FIRST_DOUBLE_ROUND_PRE(x, s, pre);
        for (i = 0; i < 10; i++) {
            if (i > 0) {
                CH16_DOUBLE_ROUND(x);
            }
            if (pin != NULL && i < 8) {
                IFMA_STEP(pin + 128 * i);
            }
        }
        CH16_FINISH(x, s, in, out);
        ctr += 16;
        in += 1024;
        out += 1024;
    }
    if (!decrypt) {
        for (i = 0; i < 8; i++) {
            IFMA_STEP(out - 1024 + 128 * i);
        }
    }
    IFMA_END(ps);
    return 1024 * n;
}

IFMA_TARGET
void tacit_poly1305_blocks_ifma(tacit_poly1305_state *ps, const unsigned char *m, size_t nblocks)
{
    size_t groups = nblocks / 8;

    if (nblocks >= 16) {
        poly_ifma_bulk(ps, m, groups);
        m += 128 * groups;
        nblocks -= 8 * groups;
    }
    tacit_poly_blocks_r64(ps, m, nblocks, 1);
}

#else
typedef int tacit_poly1305_x86_unused;
#endif
