/*
 * The one place ChaCha20-Poly1305 picks its kernels, from the CPU probe
 * (core/cpu_x86.h): ChaCha20 on 16 blocks (AVX-512) or 8 (AVX2), Poly1305
 * in radix 2^44 on eight lanes (AVX-512 IFMA), in radix 2^26 on four lanes
 * (AVX2 and BMI2) or scalar radix 2^64 with MULX (BMI2); portable C
 * otherwise.  One pass over the data from 1 KiB with AVX-512 IFMA (radix
 * 2^44 lanes in the AVX-512 ChaCha20), from 512 bytes with AVX2 and BMI2
 * when there is no AVX-512 (scalar MULX Poly1305 stitched into
 * inline-assembly AVX2 ChaCha20, chachapoly_avx2_mulx.c); with AVX2 and BMI2, block
 * 0 and a short tail (len % 512 in 1..448 bytes) in one AVX2 batch, block
 * 0 from scalar code otherwise.  Read on every call, so the test hook
 * tacit_cpu_hook_disable forces each path.  Elsewhere (no x86-64) the choice
 * is the portable C, constant, in chacha_internal.h.
 */
#include "chacha/chacha_internal.h"

#if defined(TACIT_CHACHAPOLY_C) && defined(TACIT_CHACHAPOLY_DISPATCH)

#include "chacha/x86_64/chacha_x86.h"

void tacit_chachapoly_kernels_get(tacit_chachapoly_kernels *k)
{
    k->xor_stream = tacit_chacha20_xor_c;
    k->poly_blocks = tacit_poly1305_blocks_c1;
    k->fused = NULL;
    k->head = NULL;
    k->seal_first = NULL;
#if defined(TACIT_CHACHA_X86)
    tacit_chachapoly_kernels_x86(k);
#endif
}

#else
typedef int tacit_chachapoly_dispatch_unused;
#endif /* TACIT_CHACHAPOLY_C && TACIT_CHACHAPOLY_DISPATCH */
