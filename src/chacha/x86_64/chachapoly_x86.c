/*
 * The x86-64 choice of ChaCha20-Poly1305 kernels, from the one CPU probe
 * (called by chachapoly_dispatch.c only).
 */
#include "chacha/x86_64/chacha_x86.h"

#if defined(TACIT_CHACHA_X86)

void tacit_chachapoly_kernels_x86(tacit_chachapoly_kernels *k)
{
    unsigned f = tacit_cpu_x86();

    if (f & TACIT_CPU_AVX512) {
        k->xor_stream = tacit_chacha20_xor_avx512;
    } else if (f & TACIT_CPU_AVX2) {
        k->xor_stream = tacit_chacha20_xor_avx2;
    }
#if defined(TACIT_POLY1305_R64)
    if ((f & (TACIT_CPU_AVX2 | TACIT_CPU_BMI2)) == (TACIT_CPU_AVX2 | TACIT_CPU_BMI2)) {
        k->head = tacit_chachapoly_head_avx2; /* block 0 and a short tail in one batch */
    }
    if (f & TACIT_CPU_IFMA) {
        k->poly_blocks = tacit_poly1305_blocks_ifma;
        k->fused = tacit_chachapoly_fused_avx512; /* IFMA implies AVX-512F/VL */
    } else if ((f & (TACIT_CPU_AVX2 | TACIT_CPU_BMI2)) == (TACIT_CPU_AVX2 | TACIT_CPU_BMI2)) {
        k->poly_blocks = tacit_poly1305_blocks_avx2;
        if (!(f & TACIT_CPU_AVX512)) { /* AVX-512 ChaCha20 and AVX2 Poly1305: two passes */
            k->fused = tacit_chachapoly_fused_avx2_mulx;
            k->seal_first = tacit_chachapoly_seal_first_avx2; /* its decrypt = 2 */
        }
    } else if (f & TACIT_CPU_BMI2) {
        k->poly_blocks = tacit_poly1305_blocks_mulx_asm;
    }
#endif
}

#else
typedef int tacit_chachapoly_x86_unused;
#endif
