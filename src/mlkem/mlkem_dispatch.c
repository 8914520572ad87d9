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

static const tacit_mlkem_kernels kernels_c = {
    tacit_mlkem_ntt_c,
    tacit_mlkem_invntt_c,
    tacit_mlkem_basemul_acc_c,
    tacit_mlkem_rej_uniform_unsafe,
    "c",
};

const tacit_mlkem_kernels *tacit_mlkem_kernels_get(void)
{
    return &kernels_c;
}

#endif /* TACIT_MLKEM_C */
