/*
 * The x86 CPU probe (cpu_x86.h).
 */
#include "core/cpu_x86.h"

#if defined(TACIT_HAVE_CPU_X86)

#include <cpuid.h>
#include <stddef.h>

/*
 * The AMD family (0x19 Zen 3/4, 0x1A Zen 5), 0 on other vendors.  Family
 * 1Ah executes 512-bit multiply-adds at the full rate of 256-bit ones,
 * measured (both forms 2 per cycle, latency 4): TACIT_CPU_ZMM_FULL.  Zen 4
 * (family 19h with AVX-512) splits them in two, but the paired IFMA ladder
 * (one 512-bit vector set for both RSA CRT halves) still beats two 256-bit
 * products there, measured: 601k against 667k TSC ticks for the two
 * 1024-bit exponentiations of an RSA-2048 signature (GCC 12):
 * TACIT_CPU_IFMA_PAIR.  Intel's cores issue 512-bit IFMA on fewer ports
 * than 256-bit and were not measured: neither bit.
 */
static unsigned amd_family(void)
{
    unsigned int a, b, c, d, family;

    if (!__get_cpuid(0, &a, &b, &c, &d) || b != 0x68747541u || d != 0x69746e65u ||
        c != 0x444d4163u) { /* "AuthenticAMD" */
        return 0;
    }
    if (!__get_cpuid(1, &a, &b, &c, &d)) {
        return 0;
    }
    family = (a >> 8) & 0xF;
    if (family == 0xF) {
        family += (a >> 20) & 0xFF;
    }
    return family;
}

static unsigned probe(void)
{
    unsigned int a, b, c, d, lo = 0, hi, f = 0;
    int sse41;

    if (!__get_cpuid(1, &a, &b, &c, &d)) {
        return 0;
    }
    if ((c >> 9) & 1) {
        f |= TACIT_CPU_SSSE3;
    }
    sse41 = (c >> 19) & 1;
    /* AES (bit 25) and PCLMULQDQ (bit 1), with the SSSE3/SSE4.1 shuffles the kernels use */
    if (((c >> 25) & 1) && ((c >> 1) & 1) && ((c >> 9) & 1) && sse41) {
        f |= TACIT_CPU_AESNI;
    }
    if ((c >> 27) & 1) {
        /* OSXSAVE: XGETBV says which register states the OS saves */
        __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
        (void)hi;
        if (!((c >> 28) & 1)) {
            lo &= ~4u; /* no AVX: no YMM */
        }
    }
    if (__get_cpuid_max(0, NULL) < 7 || !__get_cpuid_count(7, 0, &a, &b, &c, &d)) {
        return f;
    }
    if (((b >> 29) & 1) && sse41) {
        f |= TACIT_CPU_SHANI;
    }
    if (((b >> 8) & 1) && ((b >> 3) & 1)) { /* BMI2 and BMI1 (every BMI2 CPU has both) */
        f |= TACIT_CPU_BMI2;
        if ((b >> 19) & 1) {
            f |= TACIT_CPU_ADX;
        }
    }
    if ((lo & 6u) == 6u && ((b >> 5) & 1)) {
        f |= TACIT_CPU_AVX2;
        /* VAES (ECX bit 9) and VPCLMULQDQ (ECX bit 10) */
        if ((f & TACIT_CPU_AESNI) && ((c >> 9) & 1) && ((c >> 10) & 1)) {
            f |= TACIT_CPU_VAES;
        }
    }
    /* AVX512F (bit 16) and VL (bit 31); XCR0: SSE, AVX, opmask, ZMM_Hi256, Hi16_ZMM */
    if ((lo & 0xE6u) == 0xE6u && ((b >> 16) & 1) && ((b >> 31) & 1)) {
        f |= TACIT_CPU_AVX512;
        if ((b >> 30) & 1) {
            f |= TACIT_CPU_AVX512BW;
        }
        if ((b >> 21) & 1) {
            unsigned fam = amd_family();
            f |= TACIT_CPU_IFMA | (fam >= 0x1A ? TACIT_CPU_ZMM_FULL : 0) |
                 (fam >= 0x19 ? TACIT_CPU_IFMA_PAIR : 0);
        }
    }
    return f;
}

#if defined(TACIT_TEST_HOOKS)
unsigned tacit_cpu_hook_disable;
#endif

/* 0 = not asked yet, else 0x80000000 | probe(); relaxed atomics (no data race). */
static unsigned cache;

unsigned tacit_cpu_x86(void)
{
    unsigned f = __atomic_load_n(&cache, __ATOMIC_RELAXED);

    if (f == 0) {
        f = 0x80000000u | probe();
        __atomic_store_n(&cache, f, __ATOMIC_RELAXED);
    }
#if defined(TACIT_TEST_HOOKS)
    f &= ~tacit_cpu_hook_disable;
#endif
    return f & 0x7FFFFFFFu;
}

#endif /* TACIT_HAVE_CPU_X86 */

typedef int tacit_cpu_x86_unused;
