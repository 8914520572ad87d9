/*
 * What the SHA modules share: the CPU features they use (from cpu_x86.h)
 * and the test hooks (see sha_internal.h).
 */
#include "hash/sha_internal.h"

#if defined(TACIT_TEST_HOOKS)
int tacit_sha_hook_plain;
int tacit_sha_hook_compact;
int tacit_sha_hook_no_avx512;
#endif

#if defined(TACIT_SHA_X86)
unsigned tacit_sha_cpu(void)
{
    unsigned f = tacit_cpu_x86() & (TACIT_SHA_CPU_SHANI | TACIT_SHA_CPU_BMI2 | TACIT_SHA_CPU_AVX2 |
                                    TACIT_SHA_CPU_AVX512VL);
#if defined(TACIT_TEST_HOOKS)
    if (tacit_sha_hook_plain) {
        return 0;
    }
    if (tacit_sha_hook_no_avx512) {
        f &= ~TACIT_SHA_CPU_AVX512VL;
    }
#endif
    return f;
}
#endif

#if !defined(TACIT_SHA_X86) && !defined(TACIT_TEST_HOOKS)
typedef int tacit_sha_hooks_unused;
#endif
