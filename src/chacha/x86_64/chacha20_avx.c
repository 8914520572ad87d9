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
#include "chacha/x86_64/chacha8_avx2.h"

#define AVX2_TARGET __attribute__((target("avx2")))
#define AVX512_TARGET __attribute__((target("avx2,avx512f,avx512vl")))

/* ---- 8 blocks, 256-bit ---------------------------------------------------- */

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
    CH16_FIRST_DOUBLE_ROUND(x, s, st);
    for (i = 1; i < 10; i++) {
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
