/*
 * ML-KEM: the one place that picks the polynomial kernels (portable C, or
 * AVX2 on x86-64 when the CPU has it).  The choice comes from the CPU probe
 * only, never from data; tests force the portable kernels through
 * tacit_cpu_hook_disable.
 */
#include "tacit/config.h"

#if defined(TACIT_MLKEM_C)

#include "core/cpu_x86.h"
#include "mlkem/mlkem_internal.h"

#if defined(TACIT_HAVE_CPU_X86) && defined(__x86_64__)
#define MLKEM_AVX2 1
void tacit_mlkem_ntt_avx2(tacit_mlkem_poly *a);
void tacit_mlkem_invntt_avx2(tacit_mlkem_poly *a);
void tacit_mlkem_basemul_acc_avx2(int32_t acc[TACIT_MLKEM_N], const tacit_mlkem_poly *a,
                                  const tacit_mlkem_poly *b);
unsigned tacit_mlkem_rej_uniform_avx2_unsafe(int16_t *a, unsigned ctr, const unsigned char *buf,
                                             size_t len);
void tacit_mlkem_poly_reduce_avx2(tacit_mlkem_poly *a);
void tacit_mlkem_poly_tomont_avx2(tacit_mlkem_poly *a);
void tacit_mlkem_acc_reduce_avx2(tacit_mlkem_poly *r, const int32_t acc[TACIT_MLKEM_N]);
void tacit_mlkem_poly_tobytes_avx2(unsigned char out[384], const tacit_mlkem_poly *a);
void tacit_mlkem_poly_frombytes_avx2(tacit_mlkem_poly *a, const unsigned char in[384]);
int tacit_mlkem_poly_check_modulus_avx2(const unsigned char in[384]);
void tacit_mlkem_poly_compress_avx2(unsigned char *out, const tacit_mlkem_poly *a, unsigned d);
void tacit_mlkem_poly_decompress_avx2(tacit_mlkem_poly *a, const unsigned char *in, unsigned d);
void tacit_mlkem_poly_frommsg_avx2(tacit_mlkem_poly *a, const unsigned char msg[32]);
void tacit_mlkem_poly_tomsg_avx2(unsigned char msg[32], const tacit_mlkem_poly *a);
void tacit_mlkem_poly_cbd_avx2(tacit_mlkem_poly *a, const unsigned char *buf, unsigned eta);

static const tacit_mlkem_kernels kernels_avx2 = {
    tacit_mlkem_ntt_avx2,
    tacit_mlkem_invntt_avx2,
    tacit_mlkem_basemul_acc_avx2,
    tacit_mlkem_rej_uniform_avx2_unsafe,
    tacit_mlkem_poly_reduce_avx2,
    tacit_mlkem_poly_tomont_avx2,
    tacit_mlkem_acc_reduce_avx2,
    tacit_mlkem_poly_tobytes_avx2,
    tacit_mlkem_poly_frombytes_avx2,
    tacit_mlkem_poly_check_modulus_avx2,
    tacit_mlkem_poly_compress_avx2,
    tacit_mlkem_poly_decompress_avx2,
    tacit_mlkem_poly_frommsg_avx2,
    tacit_mlkem_poly_tomsg_avx2,
    tacit_mlkem_poly_cbd_avx2,
    "avx2",
};
#endif

static const tacit_mlkem_kernels kernels_c = {
    tacit_mlkem_ntt_c,          tacit_mlkem_invntt_c,
    tacit_mlkem_basemul_acc_c,  tacit_mlkem_rej_uniform_unsafe,
    tacit_mlkem_poly_reduce,    tacit_mlkem_poly_tomont,
    tacit_mlkem_acc_reduce,     tacit_mlkem_poly_tobytes,
    tacit_mlkem_poly_frombytes, tacit_mlkem_poly_check_modulus,
    tacit_mlkem_poly_compress,  tacit_mlkem_poly_decompress,
    tacit_mlkem_poly_frommsg,   tacit_mlkem_poly_tomsg,
    tacit_mlkem_poly_cbd,       "c",
};

const tacit_mlkem_kernels *tacit_mlkem_kernels_get(void)
{
#if defined(MLKEM_AVX2)
    if (tacit_cpu_x86() & TACIT_CPU_AVX2) {
        return &kernels_avx2;
    }
#endif
    return &kernels_c;
}

#endif /* TACIT_MLKEM_C */
