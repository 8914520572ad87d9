/*
 * The hash area's one dispatch point: the CPU features the SHA-1/SHA-2
 * kernels (tacit_sha_cpu, with their test hooks, see sha_internal.h) and the
 * Keccak kernels (tacit_keccak_cpu, keccak_dispatch.c) may use, from the one
 * probe of core/cpu_x86.h.  No other hash file asks the CPU.
 */
#include "hash/keccak_internal.h"
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

#if defined(TACIT_SHA3_C) && defined(TACIT_KECCAK_X86_64)
unsigned tacit_keccak_cpu(void)
{
    return tacit_cpu_x86();
}
#endif

#if !defined(TACIT_SHA_X86) && !defined(TACIT_TEST_HOOKS) &&                                       \
    !(defined(TACIT_SHA3_C) && defined(TACIT_KECCAK_X86_64))
typedef int tacit_hash_dispatch_unused;
#endif
