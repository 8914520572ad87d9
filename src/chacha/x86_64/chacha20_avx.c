/*
 * ChaCha20 keystream on x86-64 vectors: 16 blocks at a time in AVX-512
 * (one block a 32-bit lane, VPROLD for the rotations), 8 at a time in AVX2
 * (or AVX-512VL: the 256-bit form with VPROLD).  Each state word is a
 * vector across the blocks; after the rounds a transpose turns the sixteen
 * word vectors into sixteen 64-byte blocks, XORed with the input.  A tail
 * shorter than a batch takes the next smaller batch, and its last partial
 * batch goes through a stack buffer.  Constant time: ARX on every lane,
 * lengths public.
 */
#include "chacha/x86_64/chacha_x86.h"

#if defined(TACIT_CHACHA_X86)

#include <immintrin.h>
#include <string.h>

#include "tacit/platform.h"
#include "chacha/x86_64/chacha16_avx512.h"

#define AVX2_TARGET __attribute__((target("avx2")))
#define AVX512_TARGET __attribute__((target("avx2,avx512f,avx512vl")))

/* ---- 8 blocks, 256-bit ---------------------------------------------------- */

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

/*
 * 8 blocks from counter ctr into in -> out (512 bytes).  The body is shared
 * by the AVX2 and the AVX-512VL instances through the rotation macros.
 */
#define CHACHA8_BODY(R16, R12, R8, R7)                                                             \
    __m256i x[16], s[16];                                                                          \
    int i;                                                                                         \
    for (i = 0; i < 16; i++) {                                                                     \
        s[i] = _mm256_set1_epi32((int)st[i]);                                                      \
    }                                                                                              \
    s[12] =                                                                                        \
        _mm256_add_epi32(_mm256_set1_epi32((int)ctr), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));  \
    for (i = 0; i < 16; i++) {                                                                     \
        x[i] = s[i];                                                                               \
    }                                                                                              \
    for (i = 0; i < 10; i++) {                                                                     \
        QR8(x[0], x[4], x[8], x[12], R16, R12, R8, R7);                                            \
        QR8(x[1], x[5], x[9], x[13], R16, R12, R8, R7);                                            \
        QR8(x[2], x[6], x[10], x[14], R16, R12, R8, R7);                                           \
        QR8(x[3], x[7], x[11], x[15], R16, R12, R8, R7);                                           \
        QR8(x[0], x[5], x[10], x[15], R16, R12, R8, R7);                                           \
        QR8(x[1], x[6], x[11], x[12], R16, R12, R8, R7);                                           \
        QR8(x[2], x[7], x[8], x[13], R16, R12, R8, R7);                                            \
        QR8(x[3], x[4], x[9], x[14], R16, R12, R8, R7);                                            \
    }                                                                                              \
    for (i = 0; i < 16; i++) {                                                                     \
        x[i] = _mm256_add_epi32(x[i], s[i]);                                                       \
    }                                                                                              \
    TRANSPOSE4_256(x[0], x[1], x[2], x[3]);                                                        \
    TRANSPOSE4_256(x[4], x[5], x[6], x[7]);                                                        \
    TRANSPOSE4_256(x[8], x[9], x[10], x[11]);                                                      \
    TRANSPOSE4_256(x[12], x[13], x[14], x[15]);                                                    \
    /* x[4g + k], lane L: words 4g..4g+3 of block 4L + k */                                        \
    for (i = 0; i < 4; i++) {                                                                      \
        XOR_STORE_256(64 * i, _mm256_permute2x128_si256(x[i], x[4 + i], 0x20));                    \
        XOR_STORE_256(64 * i + 32, _mm256_permute2x128_si256(x[8 + i], x[12 + i], 0x20));          \
        XOR_STORE_256(64 * (4 + i), _mm256_permute2x128_si256(x[i], x[4 + i], 0x31));              \
        XOR_STORE_256(64 * (4 + i) + 32, _mm256_permute2x128_si256(x[8 + i], x[12 + i], 0x31));    \
    }

AVX2_TARGET
static void chacha8_avx2(const uint32_t st[16], uint32_t ctr, const unsigned char *in,
                         unsigned char *out)
{
    const __m256i rot16 = _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2,
                                           3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
    const __m256i rot8 = _mm256_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14, 3,
                                          0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14);
#define R12_2(x) ROTN_2(x, 12)
#define R7_2(x) ROTN_2(x, 7)
    CHACHA8_BODY(ROT16_2, R12_2, ROT8_2, R7_2)
}

#define ROL_VL16(x) _mm256_rol_epi32((x), 16)
#define ROL_VL12(x) _mm256_rol_epi32((x), 12)
#define ROL_VL8(x) _mm256_rol_epi32((x), 8)
#define ROL_VL7(x) _mm256_rol_epi32((x), 7)

AVX512_TARGET
static void chacha8_vl(const uint32_t st[16], uint32_t ctr, const unsigned char *in,
                       unsigned char *out){ CHACHA8_BODY(ROL_VL16, ROL_VL12, ROL_VL8, ROL_VL7) }

/* ---- 16 blocks, 512-bit (chacha16_avx512.h) ------------------------------------ */

AVX512_TARGET static void chacha16_avx512(const uint32_t st[16], uint32_t ctr,
                                          const unsigned char *in, unsigned char *out)
{
    __m512i x[16], s[16];
    int i;

    CH16_INIT(s, st, ctr);
    for (i = 0; i < 16; i++) {
        x[i] = s[i];
    }
    for (i = 0; i < 10; i++) {
        CH16_DOUBLE_ROUND(x);
    }
    CH16_FINISH(x, s, in, out);
}

/* ---- drivers ---------------------------------------------------------------- */

typedef void batch_fn(const uint32_t st[16], uint32_t ctr, const unsigned char *in,
                      unsigned char *out);

/* The last partial batch of `bytes`: through a buffer. */
static void tail_batch(batch_fn *f, size_t bytes, const uint32_t st[16], uint32_t ctr,
                       const unsigned char *in, unsigned char *out, size_t len)
{
    unsigned char buf[1024];

    memcpy(buf, in, len);
    f(st, ctr, buf, buf);
    memcpy(out, buf, len);
    tacit_platform_zeroize(buf, bytes);
}

void tacit_chacha20_xor_avx2(const uint32_t st[16], const unsigned char *in, unsigned char *out,
                             size_t len)
{
    uint32_t ctr = st[12];

    while (len >= 512) {
        chacha8_avx2(st, ctr, in, out);
        ctr += 8;
        in += 512;
        out += 512;
        len -= 512;
    }
    if (len > 0) {
        tail_batch(chacha8_avx2, 512, st, ctr, in, out, len);
    }
}

void tacit_chacha20_xor_avx512(const uint32_t st[16], const unsigned char *in, unsigned char *out,
                               size_t len)
{
    uint32_t ctr = st[12];

    while (len >= 1024) {
        chacha16_avx512(st, ctr, in, out);
        ctr += 16;
        in += 1024;
        out += 1024;
        len -= 1024;
    }
    if (len > 512) {
        tail_batch(chacha16_avx512, 1024, st, ctr, in, out, len);
        return;
    }
    if (len == 512) {
        chacha8_vl(st, ctr, in, out);
    } else if (len > 0) {
        tail_batch(chacha8_vl, 512, st, ctr, in, out, len);
    }
}

#else
typedef int tacit_chacha20_avx_unused;
#endif /* TACIT_CHACHA_X86 */
