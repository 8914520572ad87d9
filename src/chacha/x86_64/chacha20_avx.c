/*
 * ChaCha20 keystream on x86-64 vectors: 16 blocks at a time in AVX-512
 * (one block a 32-bit lane, VPROLD for the rotations), 8 at a time in AVX2
 * (or AVX-512VL: the 256-bit form with VPROLD).  Each state word is a
 * vector across the blocks; after the rounds a transpose turns the sixteen
 * word vectors into sixteen 64-byte blocks, XORed with the input.  Two
 * batches at once, their rounds interleaved in generated assembly (eight
 * independent quarter-round chains instead of four): AVX2 from 1024 bytes
 * (chacha16_avx2_gen.h; Zen 4, 16 KiB: 13260 -> 10860 TSC ticks), AVX-512
 * from 2048 (chacha32_avx512_gen.h; 7630 -> 7210).  A tail
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
#include "chacha/x86_64/chacha16_avx2_gen.h"
#include "chacha/x86_64/chacha32_avx512_gen.h"

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

/* ---- 16 blocks, 256-bit: two 8-block batches (chacha16_avx2_gen.h) ------------- */

/*
 * nbatch batches of 1024 bytes from counter ctr: the rounds of two 8-block
 * batches interleaved in assembly (CH16A_ROUNDS, on the frame f), the
 * feed-forward, transpose and XOR as in the 8-block kernel.
 */
AVX2_TARGET
static void chacha16_avx2(const uint32_t st[16], uint32_t ctr, const unsigned char *in,
                          unsigned char *out, size_t nbatch)
{
    __m256i f[CH16A_FRAME_SIZE / 32] __attribute__((aligned(32)));
    __m256i x[16], s[16], pre[16];
    uint32_t p[16];
    unsigned n;
    int i, t;

    /* columns 1..3 of the first column round: no counter, the same for every block */
    tacit_chacha_first_columns(p, st);
    for (i = 0; i < 16; i++) {
        pre[i] = _mm256_set1_epi32((int)p[i]);
    }
    tacit_platform_zeroize(p, sizeof(p));
    f[CH16A_FRAME_ROT16 / 32] =
        _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4,
                         5, 10, 11, 8, 9, 14, 15, 12, 13);
    f[CH16A_FRAME_ROT8 / 32] =
        _mm256_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14, 3, 0, 1, 2, 7, 4, 5,
                         6, 11, 8, 9, 10, 15, 12, 13, 14);
    CH8_INIT(s, st, ctr);
    while (nbatch > 0) {
        for (t = 0; t < 2; t++) {
            for (i = 0; i < 16; i++) {
                f[16 * t + i] = (i & 3) == 0 ? s[i] : pre[i];
            }
            f[16 * t + 12] = _mm256_add_epi32(s[12], _mm256_set1_epi32(8 * t));
        }
        __asm__ volatile(CH16A_ROUNDS
                         : [n] "=&r"(n)
                         : [k] "r"(f)
                         : "memory", "cc", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6",
                           "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14",
                           "xmm15");
        for (t = 0; t < 2; t++) {
            for (i = 0; i < 16; i++) {
                x[i] = f[16 * t + i];
            }
            CH8_FINISH(x, s);
            s[12] = _mm256_add_epi32(s[12], _mm256_set1_epi32(8));
            in += 512;
            out += 512;
        }
        nbatch--;
    }
    tacit_platform_zeroize(f, sizeof(f));
}

/* ---- 32 blocks, 512-bit: two 16-block batches (chacha32_avx512_gen.h) ---------- */

/*
 * nbatch batches of 2048 bytes from counter ctr: the rounds of two 16-block
 * batches interleaved in assembly (CH32_AVX512_ROUNDS, on the frame f), the
 * feed-forward, transpose and XOR as in the 16-block kernel.
 */
AVX512_TARGET
static void chacha32_avx512(const uint32_t st[16], uint32_t ctr, const unsigned char *in,
                            unsigned char *out, size_t nbatch)
{
    __m512i f[CH32_AVX512_FRAME_SIZE / 64] __attribute__((aligned(64)));
    __m512i x[16], s[16], pre[16];
    uint32_t p[16];
    unsigned n;
    int i, t;

    /* columns 1..3 of the first column round: no counter, the same for every block */
    tacit_chacha_first_columns(p, st);
    for (i = 0; i < 16; i++) {
        pre[i] = _mm512_set1_epi32((int)p[i]);
    }
    tacit_platform_zeroize(p, sizeof(p));
    CH16_INIT(s, st, ctr);
    while (nbatch > 0) {
        for (t = 0; t < 2; t++) {
            for (i = 0; i < 16; i++) {
                f[16 * t + i] = (i & 3) == 0 ? s[i] : pre[i];
            }
            f[16 * t + 12] = _mm512_add_epi32(s[12], _mm512_set1_epi32(16 * t));
        }
        __asm__ volatile(CH32_AVX512_ROUNDS
                         : [n] "=&r"(n)
                         : [k] "r"(f)
                         : "memory", "cc", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6",
                           "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14",
                           "xmm15", "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22",
                           "xmm23", "xmm24", "xmm25", "xmm26", "xmm27", "xmm28", "xmm29", "xmm30",
                           "xmm31");
        for (t = 0; t < 2; t++) {
            for (i = 0; i < 16; i++) {
                x[i] = f[16 * t + i];
            }
            CH16_FINISH(x, s, in, out);
            s[12] = _mm512_add_epi32(s[12], _mm512_set1_epi32(16));
            in += 1024;
            out += 1024;
        }
        nbatch--;
    }
    tacit_platform_zeroize(f, sizeof(f));
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

    if (len >= 1024) {
        chacha16_avx2(st, ctr, in, out, len / 1024);
        ctr += (uint32_t)(len / 1024) * 16;
        in += len & ~(size_t)1023;
        out += len & ~(size_t)1023;
        len &= 1023;
    }
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

    if (len >= 2048) {
        chacha32_avx512(st, ctr, in, out, len / 2048);
        ctr += (uint32_t)(len / 2048) * 32;
        in += len & ~(size_t)2047;
        out += len & ~(size_t)2047;
        len &= 2047;
    }
    if (len >= 1024) {
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
