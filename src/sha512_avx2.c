/*
 * SHA-384/512 compression with the message schedule in AVX2 (x86-64),
 * chosen at run time by sha512.c when the CPU has AVX2 and BMI2.
 *
 * The rounds stay scalar (they are a serial chain); the schedule
 *     W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16]
 * is computed for two blocks at once, two words of each per step in the
 * two 128-bit lanes of a 256-bit register, with K[t] added, into 80-word
 * arrays that the rounds read.  The schedules of the next pair of blocks
 * are computed before the rounds of the current pair, whose scalar work the
 * processor overlaps with them.  (Interleaving the steps with the rounds in
 * the source made gcc spill and was slower.)  AVX2 has no 64-bit rotation:
 * ror(x, n) = x >> n | x << (64 - n).
 * No branch or address depends on the data.
 */
#include "sha_internal.h"

#if defined(TACIT_SHA512_C) && defined(TACIT_SHA_X86) && defined(__x86_64__) &&                    \
    !defined(TACIT_SHA_COMPACT)

#include <immintrin.h>
#include <string.h>

#include "tacit/platform.h"

#include "sha512_round.h"

#define AVX2 __attribute__((target("avx2,bmi2")))

/*
 * The round's sigmas as three independent rotations (RORX) and two XORs:
 * a shorter dependency chain on e and a than the nested form of
 * sha512_round.h, and BMI2 has the registers to spare.
 */
#undef BSIG0
#undef BSIG1
#define BSIG0(x) (ROR(x, 28) ^ ROR(x, 34) ^ ROR(x, 39))
#define BSIG1(x) (ROR(x, 14) ^ ROR(x, 18) ^ ROR(x, 41))

/*
 * The round with its sums ordered for latency: h + K + W and Ch(e, f, g)
 * are ready before Sigma1(e), which is added last to t1 (e -> e is then
 * three rotations-and-XORs deep plus two additions).
 */
#undef ROUND
#define ROUND(a, b, c, d, e, f, g, h, i, W, ab, bc)                                                \
    do {                                                                                           \
        uint64_t t1_ = ((h) + W(i) + CH(e, f, g)) + BSIG1(e);                                      \
        (ab) = (a) ^ (b);                                                                          \
        (d) += t1_;                                                                                \
        (h) = (t1_ + ((b) ^ ((ab) & (bc)))) + BSIG0(a);                                            \
    } while (0)

#define VROR(x, n) _mm256_or_si256(_mm256_srli_epi64((x), (n)), _mm256_slli_epi64((x), 64 - (n)))
#define VSSIG0(x)                                                                                  \
    _mm256_xor_si256(_mm256_xor_si256(VROR(x, 1), VROR(x, 8)), _mm256_srli_epi64(x, 7))
#define VSSIG1(x)                                                                                  \
    _mm256_xor_si256(_mm256_xor_si256(VROR(x, 19), VROR(x, 61)), _mm256_srli_epi64(x, 6))

/*
 * The schedules of two blocks side by side: register j holds the words
 * 2j, 2j+1 of the ring of block 0 in its low 128-bit lane and those of
 * block 1 in its high lane, so the per-lane instructions (alignr) see one
 * block each and s1 of the two previous words is one operation.
 */
typedef struct {
    __m256i x[8];
} sched2;

/* Load blocks p0, p1 (big-endian words); wk0/wk1[0..15] = K + W. */
static inline AVX2 void sched2_load(sched2 *s, uint64_t *wk0, uint64_t *wk1,
                                    const unsigned char *p0, const unsigned char *p1)
{
    const __m256i bswap = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7,
                                           6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    int j;

    for (j = 0; j < 8; j++) {
        __m256i v = _mm256_inserti128_si256(
            _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(p0 + 16 * j))),
            _mm_loadu_si128((const __m128i *)(p1 + 16 * j)), 1);
        __m256i k =
            _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(tacit_sha512_k + 2 * j)));
        v = _mm256_shuffle_epi8(v, bswap);
        s->x[j] = v;
        v = _mm256_add_epi64(v, k);
        _mm_storeu_si128((__m128i *)(wk0 + 2 * j), _mm256_castsi256_si128(v));
        _mm_storeu_si128((__m128i *)(wk1 + 2 * j), _mm256_extracti128_si256(v, 1));
    }
}

/* W[t], W[t+1] of both blocks (t = 16, 18, ..., 78); wk0/wk1[t..t+1] = K + W. */
static inline AVX2 void sched2_step(sched2 *s, uint64_t *wk0, uint64_t *wk1, int t)
{
    __m256i w15 = _mm256_alignr_epi8(s->x[1], s->x[0], 8); /* W[t-15], W[t-14] */
    __m256i w7 = _mm256_alignr_epi8(s->x[5], s->x[4], 8);  /* W[t-7], W[t-6] */
    __m256i v = _mm256_add_epi64(_mm256_add_epi64(s->x[0], VSSIG0(w15)),
                                 _mm256_add_epi64(w7, VSSIG1(s->x[7])));
    __m256i k = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(tacit_sha512_k + t)));
    int j;

    for (j = 0; j < 7; j++) {
        s->x[j] = s->x[j + 1];
    }
    s->x[7] = v;
    v = _mm256_add_epi64(v, k);
    _mm_storeu_si128((__m128i *)(wk0 + t), _mm256_castsi256_si128(v));
    _mm_storeu_si128((__m128i *)(wk1 + t), _mm256_extracti128_si256(v, 1));
}

#define W_WK(i) wk[i]

/* The 80 rounds of one block from wk = K + W. */
static inline AVX2 void block_rounds(uint64_t state[8], const uint64_t *wk)
{
    uint64_t a, b, c, d, e, f, g, h, x, y;

    a = state[0];
    b = state[1];
    c = state[2];
    d = state[3];
    e = state[4];
    f = state[5];
    g = state[6];
    h = state[7];
    y = b ^ c;
    ROUNDS8(0, W_WK);
    ROUNDS8(8, W_WK);
    ROUNDS8(16, W_WK);
    ROUNDS8(24, W_WK);
    ROUNDS8(32, W_WK);
    ROUNDS8(40, W_WK);
    ROUNDS8(48, W_WK);
    ROUNDS8(56, W_WK);
    ROUNDS8(64, W_WK);
    ROUNDS8(72, W_WK);
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
    state[4] += e;
    state[5] += f;
    state[6] += g;
    state[7] += h;
}

AVX2 void tacit_sha512_avx2_blocks(uint64_t state[8], const unsigned char *p, size_t nblocks)
{
    uint64_t wkbuf[4][80];
    uint64_t *wk0 = wkbuf[0], *wk1 = wkbuf[1], *nwk0 = wkbuf[2], *nwk1 = wkbuf[3], *tmp;
    sched2 next;
    int t;

    if (nblocks == 0) {
        return;
    }
    /* the first pair (an odd last block is paired with itself; its twin is dropped) */
    sched2_load(&next, wk0, wk1, p, nblocks > 1 ? p + 128 : p);
    for (t = 16; t < 80; t += 2) {
        sched2_step(&next, wk0, wk1, t);
    }
    while (nblocks > 0) { /* the lengths are public */
        size_t cnt = nblocks > 1 ? 2 : 1, rest = nblocks - cnt;
        const unsigned char *np = p + 128 * cnt;

        /* the next pair's schedule first: its vector work overlaps these rounds */
        if (rest > 0) {
            sched2_load(&next, nwk0, nwk1, np, rest > 1 ? np + 128 : np);
            for (t = 16; t < 80; t += 2) {
                sched2_step(&next, nwk0, nwk1, t);
            }
        }
        block_rounds(state, wk0);
        if (cnt == 2) {
            block_rounds(state, wk1);
        }
        p = np;
        nblocks = rest;
        tmp = wk0;
        wk0 = nwk0;
        nwk0 = tmp;
        tmp = wk1;
        wk1 = nwk1;
        nwk1 = tmp;
    }
    tacit_platform_zeroize(wkbuf, sizeof(wkbuf));
    tacit_platform_zeroize(&next, sizeof(next));
}

#else
typedef int tacit_sha512_avx2_unused;
#endif
