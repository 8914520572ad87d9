/*
 * The bignum area's one dispatch point: which kernels this CPU runs, from the
 * one probe (src/core/cpu_x86.h), and the test hook that forces a path
 * (tacit_mpi_core_test_path, see bignum_core.h).  Every other bignum file asks
 * these functions; none calls the probe itself.
 */
#include "tacit/config.h"

#if defined(TACIT_BIGNUM_CORE_C)

#include "bignum/bignum_core.h"
#include "bignum/bignum_core_limb.h"
#include "bignum/x86_64/ifma.h"
#include "core/cpu_x86.h"

#if defined(TACIT_TEST_HOOKS)
int tacit_mpi_core_test_path;
#endif

#if defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)
int tacit_mpi_core_cpu_has_adx(void)
{
#if defined(TACIT_TEST_HOOKS)
    if (tacit_mpi_core_test_path == TACIT_MPI_CORE_PATH_C) {
        return 0;
    }
    if (tacit_mpi_core_test_path == TACIT_MPI_CORE_PATH_ADX) {
        return 1;
    }
#endif
    return (tacit_cpu_x86() & TACIT_CPU_ADX) != 0;
}

int tacit_mpi_core_cpu_has_avx2(void)
{
#if defined(TACIT_TEST_HOOKS)
    if (tacit_mpi_core_test_path == TACIT_MPI_CORE_PATH_C) {
        return 0;
    }
    if (tacit_mpi_core_test_path == TACIT_MPI_CORE_PATH_ADX) {
        return 1;
    }
#endif
    return (tacit_cpu_x86() & TACIT_CPU_AVX2) != 0;
}

int tacit_mpi_core_cpu_has_avx512(void)
{
#if defined(TACIT_TEST_HOOKS)
    if (tacit_mpi_core_test_path == TACIT_MPI_CORE_PATH_C ||
        tacit_mpi_core_test_path == TACIT_MPI_CORE_PATH_ADX) {
        return 0;
    }
#endif
    return (tacit_cpu_x86() & TACIT_CPU_AVX512) != 0;
}
#endif /* TACIT_MPI_HAVE_X86_64_ADX_ASM */

#if defined(TACIT_MPI_HAVE_X86_64_IFMA)
int tacit_mpi_core_cpu_has_ifma(void)
{
#if defined(TACIT_TEST_HOOKS)
    if (tacit_mpi_core_test_path == TACIT_MPI_CORE_PATH_C ||
        tacit_mpi_core_test_path == TACIT_MPI_CORE_PATH_ADX) {
        return 0;
    }
    if (tacit_mpi_core_test_path == TACIT_MPI_CORE_PATH_IFMA) {
        return 1;
    }
#endif
    return (tacit_cpu_x86() & TACIT_CPU_IFMA) != 0;
}

/* AVX-512 IFMA where the paired 512-bit ladder beats two 256-bit products
 * (AMD Zen 4 and Zen 5: TACIT_CPU_IFMA_PAIR, see core/x86_64/cpu_probe.c). */
int tacit_mpi_core_cpu_prefers_ifma_pair(void)
{
    return (tacit_cpu_x86() & TACIT_CPU_IFMA_PAIR) != 0;
}
#endif /* TACIT_MPI_HAVE_X86_64_IFMA */

#endif /* TACIT_BIGNUM_CORE_C */

typedef int tacit_bignum_dispatch_unused;
