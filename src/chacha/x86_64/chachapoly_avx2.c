/*
 * One pass of ChaCha20-Poly1305 on AVX2 (see chacha_internal.h for the
 * contract of a fused kernel), for CPUs with AVX2 but not AVX-512:
 * ChaCha20 on eight blocks in 256-bit vectors (chacha8_avx2.h) and, after
 * each of its first eight double rounds, one four-block step of the
 * four-lane radix 2^26 Poly1305 (poly1305_avx2.h) over the ciphertext, so
 * that the Poly1305 carry chains run in the shadow of the ChaCha20 rounds
 * (Zen 4: 1.14 cycles/byte at 16 KiB against 1.28 for the two passes; a
 * scalar MULX Poly1305 in the same place was no faster, bound by its
 * carry latency).  Used from 2 KiB; below, the two passes were as fast.
 * Constant time: ARX on every lane, multiplications and carries without
 * branches; the lengths are public.
 */
#include "chacha/x86_64/chacha_x86.h"

#if defined(TACIT_CHACHA_X86) && defined(TACIT_POLY1305_R64)

#include <immintrin.h>

#include "chacha/x86_64/chacha8_avx2.h"
#include "chacha/x86_64/poly1305_avx2.h"

#define FUSED_AVX2_TARGET __attribute__((target("avx2,bmi2")))

#define FUSED_MIN 2048 /* bytes */

#define R12_F(x) ROTN_2(x, 12)
#define R7_F(x) ROTN_2(x, 7)

/* Four blocks at p: the first group adds to h, every later one is H * r^4 + M. */
#define VSTEP(p)                                                                                   \
    do {                                                                                           \
        if (!first) {                                                                              \
            POLY26_MUL(H0, H1, H2, H3, H4, v.k);                                                   \
        }                                                                                          \
        first = 0;                                                                                 \
        POLY26_LOAD4((p), M0, M1, M2, M3, M4);                                                     \
        H0 = _mm256_add_epi64(H0, M0);                                                             \
        H1 = _mm256_add_epi64(H1, M1);                                                             \
        H2 = _mm256_add_epi64(H2, M2);                                                             \
        H3 = _mm256_add_epi64(H3, M3);                                                             \
        H4 = _mm256_add_epi64(H4, M4);                                                             \
    } while (0)

/*
 * The multiple of 512 bytes at the start of in: ChaCha20 on eight blocks
 * with Poly1305 over the previous 512 bytes of out (encrypting) or the
 * current 512 of in (decrypting: read before they are overwritten, so
 * in == out works).  Returns the bytes done (st[12] is the first counter).
 */
FUSED_AVX2_TARGET
size_t tacit_chachapoly_fused_avx2(const uint32_t st[16], const unsigned char *in,
                                   unsigned char *out, size_t len, tacit_poly1305_state *ps,
                                   int decrypt)
{
    const __m256i rot16 = _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2,
                                           3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
    const __m256i rot8 = _mm256_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14, 3,
                                          0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14);
    size_t n = len / 512, c;
    uint32_t ctr = st[12];
    __m256i x[16], s[16], pre[16];
    const unsigned char *pin;
    const __m256i m26 = _mm256_set1_epi64x(0x3ffffff), hibit = _mm256_set1_epi64x(1 << 24);
    __m256i H0, H1, H2, H3, H4, M0, M1, M2, M3, M4;
    uint64_t pw[4][5];
    tacit_poly26_vec v;
    int i, first = 1;

    if (len < FUSED_MIN) {
        return 0;
    }
    tacit_poly1305_avx2_powers(ps, pw);
    tacit_poly1305_avx2_begin(&v, ps, pw);
    H0 = v.h[0];
    H1 = v.h[1];
    H2 = v.h[2];
    H3 = v.h[3];
    H4 = v.h[4];
    CH8_INIT(s, st, ctr);
    CH8_PRECOMPUTE(pre, s, ROT16_2, R12_F, ROT8_2, R7_F);
    for (c = 0; c < n; c++) {
        pin = decrypt ? in : (c > 0 ? out - 512 : NULL);
        CH8_INIT(s, st, ctr);
        CH8_FIRST_DOUBLE_ROUND_PRE(x, s, pre, ROT16_2, R12_F, ROT8_2, R7_F);
        for (i = 0; i < 10; i++) {
            if (i > 0) {
                CH8_DOUBLE_ROUND(x, ROT16_2, R12_F, ROT8_2, R7_F);
            }
            if (pin != NULL && i < 8) {
                VSTEP(pin + 64 * i);
            }
        }
        CH8_FINISH(x, s);
        ctr += 8;
        in += 512;
        out += 512;
    }
    if (!decrypt) {
        for (i = 0; i < 8; i++) {
            VSTEP(out - 512 + 64 * i);
        }
    }
    v.h[0] = H0;
    v.h[1] = H1;
    v.h[2] = H2;
    v.h[3] = H3;
    v.h[4] = H4;
    tacit_poly1305_avx2_end(&v, ps, pw);
    return 512 * n;
}

#else
typedef int tacit_chachapoly_avx2_unused;
#endif
