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
tacit_poly1305_blocks_fn tacit_poly1305_blocks_mulx;
tacit_poly1305_blocks_fn tacit_poly1305_blocks_avx2; /* AVX2 and BMI2 */
tacit_poly1305_blocks_fn tacit_poly1305_blocks_ifma;
tacit_chachapoly_fused_fn tacit_chachapoly_fused_avx512;
tacit_chachapoly_fused_fn tacit_chachapoly_fused_avx2; /* AVX2 and BMI2 */
#endif

/* Replace the portable kernels in k with the best of this CPU. */
void tacit_chachapoly_kernels_x86(tacit_chachapoly_kernels *k);

#endif
#endif /* TACIT_CHACHA_X86_H */
