/*
 * What the SHA modules share: the x86 CPU probe and the test hooks (see
 * sha_internal.h).
 */
#include "sha_internal.h"

#if defined(TACIT_SHA_X86)
#include <cpuid.h>
#endif

#if defined(TACIT_TEST_HOOKS)
int tacit_sha_hook_plain;
int tacit_sha_hook_compact;
int tacit_sha_hook_no_avx512;
#endif

#if defined(TACIT_SHA_X86)
static unsigned sha_cpu_probe(void)
{
    unsigned int a, b, c, d, f = 0, osx;
    int sse41;

    if (!__get_cpuid(1, &a, &b, &c, &d)) {
        return 0;
    }
    sse41 = (c >> 19) & 1;
    osx = c;
    if (__get_cpuid_max(0, NULL) < 7 || !__get_cpuid_count(7, 0, &a, &b, &c, &d)) {
        return 0;
    }
    if (((b >> 29) & 1) && sse41) {
        f |= TACIT_SHA_CPU_SHANI;
    }
    if ((b >> 8) & 1) {
        f |= TACIT_SHA_CPU_BMI2;
    }
    /* AVX2, with OSXSAVE and XCR0 saying the OS keeps XMM and YMM state */
    if (((b >> 5) & 1) && ((osx >> 27) & 1)) {
        unsigned int xlo, xhi;
        __asm__("xgetbv" : "=a"(xlo), "=d"(xhi) : "c"(0u));
        if ((xlo & 6u) == 6u) {
            f |= TACIT_SHA_CPU_AVX2;
        }
        /* AVX-512F (bit 16) and VL (bit 31), XCR0: opmask and ZMM state too */
        if (((b >> 16) & 1) && ((b >> 31) & 1) && (xlo & 0xe6u) == 0xe6u) {
            f |= TACIT_SHA_CPU_AVX512VL;
        }
    }
    return f;
}

/*
 * Probed on first use.  Threads racing on the first call all store the
 * same value; relaxed atomics keep that well-defined.  Bit 0x100 marks
 * "probed".
 */
static unsigned sha_cpu_cache;

unsigned tacit_sha_cpu(void)
{
    unsigned f = __atomic_load_n(&sha_cpu_cache, __ATOMIC_RELAXED);

    if (f == 0) {
        f = sha_cpu_probe() | 0x100u;
        __atomic_store_n(&sha_cpu_cache, f, __ATOMIC_RELAXED);
    }
#if defined(TACIT_TEST_HOOKS)
    if (tacit_sha_hook_plain) {
        return 0;
    }
    if (tacit_sha_hook_no_avx512) {
        f &= ~TACIT_SHA_CPU_AVX512VL;
    }
#endif
    return f & ~0x100u;
}
#endif

#if !defined(TACIT_SHA_X86) && !defined(TACIT_TEST_HOOKS)
typedef int tacit_sha_hooks_unused;
#endif
