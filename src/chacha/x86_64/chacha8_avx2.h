/*
 * ChaCha20 on eight blocks in 256-bit vectors (internal; the body shared by
 * the plain keystream kernels, chacha20_avx.c, and the block-0-and-tail
 * batch of chachapoly_avx2_mulx.c).  Each state word is a vector
 * across the blocks (one block a 32-bit lane); after the rounds a transpose
 * turns the sixteen word vectors into eight 64-byte blocks.  The rotations
 * are parameters: AVX2 shuffles and shifts, or AVX-512VL VPROLD.  Include in
 * a file whose functions carry the AVX2 target.
 */
#ifndef TACIT_CHACHA8_AVX2_H
#define TACIT_CHACHA8_AVX2_H

#include <immintrin.h>

#include "chacha/x86_64/chacha_x86.h"

/* rotations: AVX2 by shuffles and shifts, AVX-512VL by VPROLD */
#define ROT16_2(x) _mm256_shuffle_epi8((x), rot16)
#define ROT8_2(x) _mm256_shuffle_epi8((x), rot8)
#define ROTN_2(x, n) _mm256_or_si256(_mm256_slli_epi32((x), (n)), _mm256_srli_epi32((x), 32 - (n)))

#define QR8(a, b, c, d, R16, R12, R8, R7)                                                          \
    do {                                                                                           \
        a = _mm256_add_epi32(a, b);                                                                \
        d = R16(_mm256_xor_si256(d, a));                                                           \
        c = _mm256_add_epi32(c, d);                                                                \
        b = R12(_mm256_xor_si256(b, c));                                                           \
        a = _mm256_add_epi32(a, b);                                                                \
        d = R8(_mm256_xor_si256(d, a));                                                            \
        c = _mm256_add_epi32(c, d);                                                                \
        b = R7(_mm256_xor_si256(b, c));                                                            \
    } while (0)

/* 4x4 transpose of 32-bit words within each 128-bit lane: x0..x3 -> rows */
#define TRANSPOSE4_256(x0, x1, x2, x3)                                                             \
    do {                                                                                           \
        __m256i t0_ = _mm256_unpacklo_epi32(x0, x1), t1_ = _mm256_unpackhi_epi32(x0, x1);          \
        __m256i t2_ = _mm256_unpacklo_epi32(x2, x3), t3_ = _mm256_unpackhi_epi32(x2, x3);          \
        x0 = _mm256_unpacklo_epi64(t0_, t2_);                                                      \
        x1 = _mm256_unpackhi_epi64(t0_, t2_);                                                      \
        x2 = _mm256_unpacklo_epi64(t1_, t3_);                                                      \
        x3 = _mm256_unpackhi_epi64(t1_, t3_);                                                      \
    } while (0)

#define XOR_STORE_256(off, v)                                                                      \
    _mm256_storeu_si256((__m256i *)(out + (off)),                                                  \
                        _mm256_xor_si256((v), _mm256_loadu_si256((const __m256i *)(in + (off)))))

/* s[16]: the state words broadcast, s[12] the eight counters ctr .. ctr + 7. */
#define CH8_INIT(s, st, ctr)                                                                       \
    do {                                                                                           \
        int i_;                                                                                    \
        for (i_ = 0; i_ < 16; i_++) {                                                              \
            s[i_] = _mm256_set1_epi32((int)(st)[i_]);                                              \
        }                                                                                          \
        s[12] = _mm256_add_epi32(_mm256_set1_epi32((int)(ctr)),                                    \
                                 _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));                       \
    } while (0)

/* Two quarter rounds at once, step by step (more independent work between dependent ops). */
#define QR8X2(a, b, c, d, e, f, g, h, R16, R12, R8, R7)                                            \
    do {                                                                                           \
        a = _mm256_add_epi32(a, b);                                                                \
        e = _mm256_add_epi32(e, f);                                                                \
        d = R16(_mm256_xor_si256(d, a));                                                           \
        h = R16(_mm256_xor_si256(h, e));                                                           \
        c = _mm256_add_epi32(c, d);                                                                \
        g = _mm256_add_epi32(g, h);                                                                \
        b = R12(_mm256_xor_si256(b, c));                                                           \
        f = R12(_mm256_xor_si256(f, g));                                                           \
        a = _mm256_add_epi32(a, b);                                                                \
        e = _mm256_add_epi32(e, f);                                                                \
        d = R8(_mm256_xor_si256(d, a));                                                            \
        h = R8(_mm256_xor_si256(h, e));                                                            \
        c = _mm256_add_epi32(c, d);                                                                \
        g = _mm256_add_epi32(g, h);                                                                \
        b = R7(_mm256_xor_si256(b, c));                                                            \
        f = R7(_mm256_xor_si256(f, g));                                                            \
    } while (0)

/* One double round on x[16]. */
#define CH8_DOUBLE_ROUND(x, R16, R12, R8, R7)                                                      \
    do {                                                                                           \
        QR8X2(x[0], x[4], x[8], x[12], x[1], x[5], x[9], x[13], R16, R12, R8, R7);                 \
        QR8X2(x[2], x[6], x[10], x[14], x[3], x[7], x[11], x[15], R16, R12, R8, R7);               \
        CH8_DIAGONALS(x, R16, R12, R8, R7);                                                        \
    } while (0)

#define CH8_DIAGONALS(x, R16, R12, R8, R7)                                                         \
    do {                                                                                           \
        QR8X2(x[0], x[5], x[10], x[15], x[1], x[6], x[11], x[12], R16, R12, R8, R7);               \
        QR8X2(x[2], x[7], x[8], x[13], x[3], x[4], x[9], x[14], R16, R12, R8, R7);                 \
    } while (0)

/*
 * x = the state s after the first double round: columns 1..3 of its column
 * round are the same for every block (tacit_chacha_first_columns, scalar),
 * so only column 0 (with the counters) is computed in vectors.
 */
#define CH8_FIRST_DOUBLE_ROUND(x, s, st, R16, R12, R8, R7)                                         \
    do {                                                                                           \
        uint32_t p_[16];                                                                           \
        int j_;                                                                                    \
        tacit_chacha_first_columns(p_, (st));                                                      \
        for (j_ = 0; j_ < 16; j_++) {                                                              \
            x[j_] = (j_ & 3) == 0 ? s[j_] : _mm256_set1_epi32((int)p_[j_]);                        \
        }                                                                                          \
        QR8(x[0], x[4], x[8], x[12], R16, R12, R8, R7);                                            \
        CH8_DIAGONALS(x, R16, R12, R8, R7);                                                        \
    } while (0)

/*
 * The same from vectors: pre = s after the column round of columns 1..3
 * (CH8_PRECOMPUTE, once for a run of batches: those columns do not involve
 * the counter), then column 0 and the diagonals per batch.  All in vector
 * registers (the one-pass kernel's choice: no key-derived word in a
 * general-purpose register next to its pointers).
 */
#define CH8_PRECOMPUTE(pre, s, R16, R12, R8, R7)                                                   \
    do {                                                                                           \
        int j_;                                                                                    \
        for (j_ = 0; j_ < 16; j_++) {                                                              \
            pre[j_] = s[j_];                                                                       \
        }                                                                                          \
        QR8X2(pre[1], pre[5], pre[9], pre[13], pre[2], pre[6], pre[10], pre[14], R16, R12, R8,     \
              R7);                                                                                 \
        QR8(pre[3], pre[7], pre[11], pre[15], R16, R12, R8, R7);                                   \
    } while (0)

#define CH8_FIRST_DOUBLE_ROUND_PRE(x, s, pre, R16, R12, R8, R7)                                    \
    do {                                                                                           \
        int j_;                                                                                    \
        for (j_ = 0; j_ < 16; j_++) {                                                              \
            x[j_] = (j_ & 3) == 0 ? s[j_] : pre[j_];                                               \
        }                                                                                          \
        QR8(x[0], x[4], x[8], x[12], R16, R12, R8, R7);                                            \
        CH8_DIAGONALS(x, R16, R12, R8, R7);                                                        \
    } while (0)

/* x += s, transpose, XOR 512 bytes of in into out (XOR_STORE_256 names them in and out). */
#define CH8_FINISH(x, s)                                                                           \
    do {                                                                                           \
        int i_;                                                                                    \
        for (i_ = 0; i_ < 16; i_++) {                                                              \
            x[i_] = _mm256_add_epi32(x[i_], s[i_]);                                                \
        }                                                                                          \
        TRANSPOSE4_256(x[0], x[1], x[2], x[3]);                                                    \
        TRANSPOSE4_256(x[4], x[5], x[6], x[7]);                                                    \
        TRANSPOSE4_256(x[8], x[9], x[10], x[11]);                                                  \
        TRANSPOSE4_256(x[12], x[13], x[14], x[15]);                                                \
        /* x[4g + k], lane L: words 4g..4g+3 of block 4L + k */                                    \
        for (i_ = 0; i_ < 4; i_++) {                                                               \
            XOR_STORE_256(64 * i_, _mm256_permute2x128_si256(x[i_], x[4 + i_], 0x20));             \
            XOR_STORE_256(64 * i_ + 32, _mm256_permute2x128_si256(x[8 + i_], x[12 + i_], 0x20));   \
            XOR_STORE_256(64 * (4 + i_), _mm256_permute2x128_si256(x[i_], x[4 + i_], 0x31));       \
            XOR_STORE_256(64 * (4 + i_) + 32,                                                      \
                          _mm256_permute2x128_si256(x[8 + i_], x[12 + i_], 0x31));                 \
        }                                                                                          \
    } while (0)

/* 8 blocks from counter ctr, in -> out (512 bytes); st, ctr, in, out in scope. */
#define CHACHA8_BODY(R16, R12, R8, R7)                                                             \
    __m256i x[16], s[16];                                                                          \
    int i;                                                                                         \
    CH8_INIT(s, st, ctr);                                                                          \
    CH8_FIRST_DOUBLE_ROUND(x, s, st, R16, R12, R8, R7);                                            \
    for (i = 1; i < 10; i++) {                                                                     \
        CH8_DOUBLE_ROUND(x, R16, R12, R8, R7);                                                     \
    }                                                                                              \
    CH8_FINISH(x, s);

#endif /* TACIT_CHACHA8_AVX2_H */
