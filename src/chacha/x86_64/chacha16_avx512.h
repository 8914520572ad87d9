/*
 * ChaCha20 on sixteen blocks in AVX-512 (internal; the body shared by the
 * plain keystream kernel, chacha20_avx.c, and the one-pass AEAD kernel with
 * the IFMA Poly1305, poly1305_x86.c).  Each state word is a vector across
 * the blocks (one block a 32-bit lane, VPROLD for the rotations); after the
 * rounds a transpose turns the sixteen word vectors into sixteen 64-byte
 * blocks.  Include in a file whose functions carry the AVX-512F target.
 */
#ifndef TACIT_CHACHA16_AVX512_H
#define TACIT_CHACHA16_AVX512_H

#include <immintrin.h>

#include "chacha/x86_64/chacha_x86.h"

#define CH16_QR(a, b, c, d)                                                                        \
    do {                                                                                           \
        a = _mm512_add_epi32(a, b);                                                                \
        d = _mm512_rol_epi32(_mm512_xor_si512(d, a), 16);                                          \
        c = _mm512_add_epi32(c, d);                                                                \
        b = _mm512_rol_epi32(_mm512_xor_si512(b, c), 12);                                          \
        a = _mm512_add_epi32(a, b);                                                                \
        d = _mm512_rol_epi32(_mm512_xor_si512(d, a), 8);                                           \
        c = _mm512_add_epi32(c, d);                                                                \
        b = _mm512_rol_epi32(_mm512_xor_si512(b, c), 7);                                           \
    } while (0)

#define CH16_DIAGONALS(x)                                                                          \
    do {                                                                                           \
        CH16_QR(x[0], x[5], x[10], x[15]);                                                         \
        CH16_QR(x[1], x[6], x[11], x[12]);                                                         \
        CH16_QR(x[2], x[7], x[8], x[13]);                                                          \
        CH16_QR(x[3], x[4], x[9], x[14]);                                                          \
    } while (0)

/* One double round on x[16]. */
#define CH16_DOUBLE_ROUND(x)                                                                       \
    do {                                                                                           \
        CH16_QR(x[0], x[4], x[8], x[12]);                                                          \
        CH16_QR(x[1], x[5], x[9], x[13]);                                                          \
        CH16_QR(x[2], x[6], x[10], x[14]);                                                         \
        CH16_QR(x[3], x[7], x[11], x[15]);                                                         \
        CH16_DIAGONALS(x);                                                                         \
    } while (0)

/*
 * x = the state s after the first double round: columns 1..3 of its column
 * round are the same for every block (tacit_chacha_first_columns, scalar),
 * so only column 0 (with the counters) is computed in vectors.
 */
#define CH16_FIRST_DOUBLE_ROUND(x, s, st)                                                          \
    do {                                                                                           \
        uint32_t p_[16];                                                                           \
        int j_;                                                                                    \
        tacit_chacha_first_columns(p_, (st));                                                      \
        for (j_ = 0; j_ < 16; j_++) {                                                              \
            x[j_] = (j_ & 3) == 0 ? s[j_] : _mm512_set1_epi32((int)p_[j_]);                        \
        }                                                                                          \
        CH16_QR(x[0], x[4], x[8], x[12]);                                                          \
        CH16_DIAGONALS(x);                                                                         \
    } while (0)

/*
 * The same from vectors: pre = s after the column round of columns 1..3
 * (CH16_PRECOMPUTE, once for a run of batches), then column 0 and the
 * diagonals per batch; no key-derived word in a general-purpose register
 * (the one-pass kernel's choice).
 */
#define CH16_PRECOMPUTE(pre, s)                                                                    \
    do {                                                                                           \
        int j_;                                                                                    \
        for (j_ = 0; j_ < 16; j_++) {                                                              \
            pre[j_] = s[j_];                                                                       \
        }                                                                                          \
        CH16_QR(pre[1], pre[5], pre[9], pre[13]);                                                  \
        CH16_QR(pre[2], pre[6], pre[10], pre[14]);                                                 \
        CH16_QR(pre[3], pre[7], pre[11], pre[15]);                                                 \
    } while (0)

#define CH16_FIRST_DOUBLE_ROUND_PRE(x, s, pre)                                                     \
    do {                                                                                           \
        int j_;                                                                                    \
        for (j_ = 0; j_ < 16; j_++) {                                                              \
            x[j_] = (j_ & 3) == 0 ? s[j_] : pre[j_];                                               \
        }                                                                                          \
        CH16_QR(x[0], x[4], x[8], x[12]);                                                          \
        CH16_DIAGONALS(x);                                                                         \
    } while (0)

#define CH16_TRANSPOSE4(x0, x1, x2, x3)                                                            \
    do {                                                                                           \
        __m512i t0_ = _mm512_unpacklo_epi32(x0, x1), t1_ = _mm512_unpackhi_epi32(x0, x1);          \
        __m512i t2_ = _mm512_unpacklo_epi32(x2, x3), t3_ = _mm512_unpackhi_epi32(x2, x3);          \
        x0 = _mm512_unpacklo_epi64(t0_, t2_);                                                      \
        x1 = _mm512_unpackhi_epi64(t0_, t2_);                                                      \
        x2 = _mm512_unpacklo_epi64(t1_, t3_);                                                      \
        x3 = _mm512_unpackhi_epi64(t1_, t3_);                                                      \
    } while (0)

#define CH16_XOR_STORE(in, out, off, v)                                                            \
    _mm512_storeu_si512((void *)((out) + (off)),                                                   \
                        _mm512_xor_si512((v), _mm512_loadu_si512((const void *)((in) + (off)))))

/* s[16]: the state words broadcast, s[12] the sixteen counters ctr .. ctr + 15. */
#define CH16_INIT(s, st, ctr)                                                                      \
    do {                                                                                           \
        int i_;                                                                                    \
        for (i_ = 0; i_ < 16; i_++) {                                                              \
            s[i_] = _mm512_set1_epi32((int)(st)[i_]);                                              \
        }                                                                                          \
        s[12] = _mm512_add_epi32(                                                                  \
            _mm512_set1_epi32((int)(ctr)),                                                         \
            _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));              \
    } while (0)

/* x += s, transpose, XOR 1024 bytes of in into out. */
#define CH16_FINISH(x, s, in, out)                                                                 \
    do {                                                                                           \
        int i_;                                                                                    \
        __m512i a_, b_, c_, d_;                                                                    \
        for (i_ = 0; i_ < 16; i_++) {                                                              \
            x[i_] = _mm512_add_epi32(x[i_], s[i_]);                                                \
        }                                                                                          \
        CH16_TRANSPOSE4(x[0], x[1], x[2], x[3]);                                                   \
        CH16_TRANSPOSE4(x[4], x[5], x[6], x[7]);                                                   \
        CH16_TRANSPOSE4(x[8], x[9], x[10], x[11]);                                                 \
        CH16_TRANSPOSE4(x[12], x[13], x[14], x[15]);                                               \
        /* x[4g + k], 128-bit lane L: words 4g..4g+3 of block 4L + k; a 4x4 transpose of lanes */  \
        for (i_ = 0; i_ < 4; i_++) {                                                               \
            a_ = _mm512_shuffle_i32x4(x[i_], x[4 + i_], 0x44);                                     \
            b_ = _mm512_shuffle_i32x4(x[8 + i_], x[12 + i_], 0x44);                                \
            c_ = _mm512_shuffle_i32x4(x[i_], x[4 + i_], 0xee);                                     \
            d_ = _mm512_shuffle_i32x4(x[8 + i_], x[12 + i_], 0xee);                                \
            CH16_XOR_STORE(in, out, 64 * i_, _mm512_shuffle_i32x4(a_, b_, 0x88));                  \
            CH16_XOR_STORE(in, out, 64 * (4 + i_), _mm512_shuffle_i32x4(a_, b_, 0xdd));            \
            CH16_XOR_STORE(in, out, 64 * (8 + i_), _mm512_shuffle_i32x4(c_, d_, 0x88));            \
            CH16_XOR_STORE(in, out, 64 * (12 + i_), _mm512_shuffle_i32x4(c_, d_, 0xdd));           \
        }                                                                                          \
    } while (0)

#endif /* TACIT_CHACHA16_AVX512_H */
