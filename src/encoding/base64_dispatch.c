/*
 * The encoding area's one dispatch point: which base64 paths this CPU runs
 * (from the one probe, src/core/cpu_x86.h), and the best of them.  base64.c
 * and base64_scan.c ask these; neither asks the CPU.
 */
#include "tacit/config.h"

#if defined(TACIT_BASE64_C)

#include "encoding/base64_internal.h"

#if defined(TACIT_BASE64_HAVE_X86)
#include "core/cpu_x86.h" /* the CPU's SSSE3 and AVX2 */
#endif

int tacit_base64_path_supported(int path)
{
    switch (path) {
    case TACIT_BASE64_PATH_AUTO:
    case TACIT_BASE64_PATH_SCALAR:
    case TACIT_BASE64_PATH_SWAR:
        return 1;
#if defined(TACIT_BASE64_HAVE_X86)
    case TACIT_BASE64_PATH_SSSE3:
        return (tacit_cpu_x86() & TACIT_CPU_SSSE3) ? 1 : 0;
    case TACIT_BASE64_PATH_AVX2:
        return (tacit_cpu_x86() & TACIT_CPU_AVX2) ? 1 : 0;
#endif
    default:
        return 0;
    }
}

int tacit_base64_best_path(void)
{
#if defined(TACIT_BASE64_HAVE_X86)
    unsigned f = tacit_cpu_x86();

    if (f & TACIT_CPU_AVX2) {
        return TACIT_BASE64_PATH_AVX2;
    }
    if (f & TACIT_CPU_SSSE3) {
        return TACIT_BASE64_PATH_SSSE3;
    }
#endif
    return TACIT_BASE64_PATH_SWAR;
}

#endif /* TACIT_BASE64_C */

typedef int tacit_base64_dispatch_unused;
