/*
 * The x86-64 kernels of ChaCha20-Poly1305 (internal; see chacha_internal.h
 * for their contracts).  Compiled with per-function target attributes, so
 * the library needs no -mavx flags; chosen by chachapoly_dispatch.c only.
 */
#ifndef TACIT_CHACHA_X86_H
#define TACIT_CHACHA_X86_H

#include "chacha/chacha_internal.h"
#include "core/cpu_x86.h"

#if defined(TACIT_CHACHAPOLY_C) && defined(TACIT_HAVE_CPU_X86) && defined(__x86_64__)
#define TACIT_CHACHA_X86 1

tacit_chacha20_xor_fn tacit_chacha20_xor_avx2;
tacit_chacha20_xor_fn tacit_chacha20_xor_avx512;

#if defined(TACIT_POLY1305_R64)
tacit_poly1305_blocks_fn tacit_poly1305_blocks_mulx_asm; /* the one-pass kernel's block code */
tacit_poly1305_blocks_fn tacit_poly1305_blocks_avx2;     /* AVX2 and BMI2 */
tacit_poly1305_blocks_fn tacit_poly1305_blocks_ifma;
tacit_chachapoly_fused_fn tacit_chachapoly_fused_avx512;
tacit_chachapoly_fused_fn tacit_chachapoly_fused_avx2_mulx;      /* AVX2 and BMI2 */
tacit_chachapoly_head_fn tacit_chachapoly_head_avx2;             /* AVX2 and BMI2 */
tacit_chachapoly_seal_first_fn tacit_chachapoly_seal_first_avx2; /* AVX2 and BMI2 */
#endif

/*
 * The first column round of ChaCha20 for columns 1..3 (words 1, 5, 9, 13 /
 * 2, 6, 10, 14 / 3, 7, 11, 15): they do not involve the block counter
 * (word 12), so they are the same for every block of a batch and the
 * vector kernels start from them (p[4 c + r] for column c, row r; column 0
 * of p is st's).
 */
#define TACIT_CHACHA_QR32(a, b, c, d)                                                              \
    do {                                                                                           \
        a += b;                                                                                    \
        d ^= a;                                                                                    \
        d = (d << 16) | (d >> 16);                                                                 \
        c += d;                                                                                    \
        b ^= c;                                                                                    \
        b = (b << 12) | (b >> 20);                                                                 \
        a += b;                                                                                    \
        d ^= a;                                                                                    \
        d = (d << 8) | (d >> 24);                                                                  \
        c += d;                                                                                    \
        b ^= c;                                                                                    \
        b = (b << 7) | (b >> 25);                                                                  \
    } while (0)

static inline void tacit_chacha_first_columns(uint32_t p[16], const uint32_t st[16])
{
    int i;

    for (i = 0; i < 16; i++) {
        p[i] = st[i];
    }
    TACIT_CHACHA_QR32(p[1], p[5], p[9], p[13]);
    TACIT_CHACHA_QR32(p[2], p[6], p[10], p[14]);
    TACIT_CHACHA_QR32(p[3], p[7], p[11], p[15]);
}

/* Replace the portable kernels in k with the best of this CPU. */
void tacit_chachapoly_kernels_x86(tacit_chachapoly_kernels *k);

#endif
#endif /* TACIT_CHACHA_X86_H */
