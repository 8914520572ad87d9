/*
 * The encoding area's one dispatch point: which base64 paths this CPU runs
 * (from the one probe, src/core/cpu_x86.h), the best of them, and the vector
 * loops of the scans.  base64.c and base64_scan.c ask these; neither asks the
 * CPU nor holds a vector kernel.
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

size_t tacit_base64_find_byte_vec(const unsigned char *p, size_t len, unsigned char b, int *found)
{
    size_t i = 0;

    *found = 0;
#if defined(TACIT_BASE64_HAVE_X86)
    if (tacit_base64_path_supported(TACIT_BASE64_PATH_AVX2)) {
        i = tacit_base64_find_byte_avx2(p, len, b);
        if (len - i >= 32) {
            *found = 1;
            return i;
        }
    }
#endif
#if defined(TACIT_BASE64_HAVE_X86) && defined(__SSE2__)
    i += tacit_base64_find_byte_sse2(p + i, len - i, b);
    if (len - i >= 16) {
        *found = 1;
    }
#else
    (void)p;
    (void)len;
    (void)b;
#endif
    return i;
}

size_t tacit_base64_count_breaks_vec(const unsigned char *p, size_t len, size_t *n)
{
#if defined(TACIT_BASE64_HAVE_X86) && defined(__SSE2__)
    return tacit_base64_count_breaks_sse2(p, len, n);
#else
    (void)p;
    (void)len;
    (void)n;
    return 0;
#endif
}

#endif /* TACIT_BASE64_C */

typedef int tacit_base64_dispatch_unused;
