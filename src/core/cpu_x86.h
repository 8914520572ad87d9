/*
 * The x86 CPU probe (internal): CPUID and XCR0 asked once and cached, for
 * every module that picks a kernel at run time (bignum_core, the SHA
 * family, base64, the ecp table scans).  One probe, so that every module
 * reads the same answer, with the same checks of the OS state.
 */
#ifndef TACIT_CPU_X86_H
#define TACIT_CPU_X86_H

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define TACIT_HAVE_CPU_X86 1

/* Each bit: the CPU has the instructions, and the OS saves the registers they use. */
#define TACIT_CPU_SSSE3 0x01u
#define TACIT_CPU_SHANI 0x02u     /* SHA extensions and SSE4.1 */
#define TACIT_CPU_BMI2 0x04u      /* BMI2 and BMI1 (MULX, RORX, ANDN) */
#define TACIT_CPU_ADX 0x08u       /* BMI2 and ADX: MULX, ADCX, ADOX */
#define TACIT_CPU_AVX2 0x10u      /* AVX2; XMM and YMM state */
#define TACIT_CPU_AVX512 0x20u    /* AVX-512F and VL; opmask and ZMM state too */
#define TACIT_CPU_IFMA 0x40u      /* TACIT_CPU_AVX512 and AVX-512 IFMA */
#define TACIT_CPU_ZMM_FULL 0x80u  /* with IFMA: 512-bit multiply-adds at the 256-bit rate */
#define TACIT_CPU_AESNI 0x100u    /* AES-NI, PCLMULQDQ, SSSE3 and SSE4.1 */
#define TACIT_CPU_VAES 0x200u     /* TACIT_CPU_AESNI, AVX2, VAES and VPCLMULQDQ (256-bit forms) */
#define TACIT_CPU_AVX512BW 0x400u /* TACIT_CPU_AVX512 and AVX-512BW (byte and word lanes) */
#define TACIT_CPU_IFMA_PAIR                                                                        \
    0x800u /* with IFMA: the paired 512-bit IFMA ladder pays (AMD Zen 4, 5) */

/*
 * The TACIT_CPU_* bits of this CPU.  Threads racing on the first call all
 * store the same value.  Not __builtin_cpu_supports: it reads libgcc state
 * that a constructor fills in, so a call from another constructor saw "no
 * SIMD", and __builtin_cpu_init itself is not safe to call from several
 * threads.
 */
unsigned tacit_cpu_x86(void);

#if defined(TACIT_TEST_HOOKS)
/*
 * Test builds only: TACIT_CPU_* bits cleared from every answer of
 * tacit_cpu_x86(), so a test can run each kernel an area has on this CPU
 * (clear AVX512 to get the AVX2 path, everything to get the portable one).
 */
extern unsigned tacit_cpu_hook_disable;
#endif
#endif

#endif /* TACIT_CPU_X86_H */
