/*
 * The ML-DSA kernel choice (the one dispatch point of the area).
 */
#include "tacit/config.h"

#if defined(TACIT_MLDSA_C)

#include "core/cpu_x86.h"
#include "mldsa/mldsa_kernel.h"

#if defined(TACIT_HAVE_CPU_X86) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define MLDSA_AVX2 1
#include "mldsa/x86_64/poly_avx2.h"

static const tacit_mldsa_kernel kernel_avx2 = {
    "avx2",
    tacit_mldsa_ntt_avx2,
    tacit_mldsa_invntt_tomont_avx2,
    tacit_mldsa_ntt_order_avx2,
    tacit_mldsa_ntt_index_avx2,
    tacit_mldsa_pointwise_avx2,
    tacit_mldsa_pointwise_acc_avx2,
    tacit_mldsa_poly_decompose_avx2,
    tacit_mldsa_poly_use_hint_avx2,
    tacit_mldsa_reduce_avx2,
    tacit_mldsa_split_w_avx2,
    tacit_mldsa_make_z_avx2,
    tacit_mldsa_make_z_cs2_avx2,
    tacit_mldsa_make_hint_avx2,
    tacit_mldsa_unpack_z_avx2,
    tacit_mldsa_pack_w1_avx2,
    tacit_mldsa_matvec_row_avx2,
    tacit_mldsa_power2round_poly_avx2,
    tacit_mldsa_pack_avx2,
    tacit_mldsa_unpack_avx2,
    tacit_mldsa_rej_uniform_avx2_unsafe,
    tacit_mldsa_rej_eta_avx2,
    tacit_mldsa_sample_in_ball_avx2,
};
#endif

#if defined(TACIT_MLDSA_SIGN_KERNELS)
#define SK(f) f
#else
#define SK(f) NULL /* called directly (mldsa_kernel.h) */
#endif

static const tacit_mldsa_kernel kernel_c = {
    "portable",
    tacit_mldsa_ntt_c,
    tacit_mldsa_invntt_tomont_c,
    NULL,
    NULL,
    tacit_mldsa_pointwise_c,
    tacit_mldsa_pointwise_acc_c,
    tacit_mldsa_poly_decompose_c,
    tacit_mldsa_poly_use_hint_c,
    SK(tacit_mldsa_reduce_c),
    SK(tacit_mldsa_split_w_c),
    SK(tacit_mldsa_make_z_c),
    SK(tacit_mldsa_make_z_cs2_c),
    SK(tacit_mldsa_make_hint_c),
    tacit_mldsa_unpack_z_c,
    tacit_mldsa_pack_w1_c,
    SK(tacit_mldsa_matvec_row_c),
    SK(tacit_mldsa_power2round_poly_c),
    tacit_mldsa_pack,
    tacit_mldsa_unpack,
    tacit_mldsa_rej_uniform_unsafe,
    SK(tacit_mldsa_rej_eta_c),
    tacit_mldsa_sample_in_ball_c,
};

const tacit_mldsa_kernel *tacit_mldsa_kernel_get(void)
{
#if defined(MLDSA_AVX2)
    if (tacit_cpu_x86() & TACIT_CPU_AVX2) {
        return &kernel_avx2;
    }
#endif
    return &kernel_c;
}

#else
typedef int tacit_mldsa_dispatch_unused;
#endif /* TACIT_MLDSA_C */
