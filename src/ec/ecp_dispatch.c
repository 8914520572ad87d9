/*
 * The ec area's one dispatch point: which kernels this CPU runs.  The P-256
 * MULX/ADX field follows bignum's answer (so bignum's test hook that forces
 * the portable path forces it here too); the table scans ask the one probe
 * (src/core/cpu_x86.h).  No other ec file asks the CPU anything.
 */
#include "ec/ecp_internal.h"

/* (the small profile too: its suites ask tacit_ecp_cpu_has_avx512) */
#if defined(TACIT_ECP_C)

#include "bignum/bignum_core_limb.h"
#include "core/cpu_x86.h"

#if defined(TACIT_ECP_P256_ADX) || defined(TACIT_ECP_P384_ADX)
int tacit_ecp_cpu_has_adx(void)
{
    return tacit_mpi_core_cpu_has_adx();
}
#endif

#if defined(TACIT_ECP_X86_64_AVX2)
int tacit_ecp_cpu_has_avx2(void)
{
    return (tacit_cpu_x86() & TACIT_CPU_AVX2) != 0;
}
#endif

#if defined(TACIT_ECP_X86_64_AVX512)
int tacit_ecp_cpu_has_avx512(void)
{
    return (tacit_cpu_x86() & TACIT_CPU_AVX512) != 0; /* AVX512F and VL, ZMM state */
}
#endif

#endif /* TACIT_ECP_C */

typedef int tacit_ecp_dispatch_unused;
