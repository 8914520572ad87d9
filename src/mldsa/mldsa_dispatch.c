/*
 * The ML-DSA kernel choice (the one dispatch point of the area).
 */
#include "tacit/config.h"

#if defined(TACIT_MLDSA_C)

#include "mldsa/mldsa_kernel.h"

static const tacit_mldsa_kernel kernel_c = {
    "portable",
    tacit_mldsa_ntt_c,
    tacit_mldsa_invntt_tomont_c,
    tacit_mldsa_pointwise_c,
    tacit_mldsa_pointwise_acc_c,
};

const tacit_mldsa_kernel *tacit_mldsa_kernel_get(void)
{
    return &kernel_c;
}

#else
typedef int tacit_mldsa_dispatch_unused;
#endif /* TACIT_MLDSA_C */
