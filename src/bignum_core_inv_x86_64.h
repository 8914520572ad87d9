/*
 * x86-64 kernel for the divsteps of bignum_core_inv.c (internal to it):
 * n divsteps on the packed words a, b (value and matrix row in one word,
 * see divsteps_group there) with conditional moves instead of masks.
 *
 * Why: the mask form is about 16 instructions a step on a 6-cycle chain
 * (parity -> mask -> conditional negate -> add).  Here every candidate is
 * formed before the conditions are known and CMOV picks, so no chain is
 * longer than 3 cycles a step: 15 ALU instructions (4 of them CMOV) plus
 * 2 moves.  Only baseline x86-64 instructions (BT, CMOVcc, SHL): no CPU
 * probe.
 *
 * One step j, with SF = (zeta < 0) = (delta > 0), B_j = bit j of B (g_j odd):
 *   t1 = B + A,  t2 = B - A,  b2 = 2 B,  nz = -2 - zeta = ~zeta - 1,  A = 2 A,
 *   if B_j: B = t1                      (the odd case without swap),
 *   SF = sign(zeta & (B << (63 - j)))    (swap = delta > 0 and g_j odd, one TEST),
 *   zeta = zeta - 1 (LEA: flags kept),
 *   if swap: B = t2, A = b2, zeta = nz.
 * That is the divstep of divsteps_group: (2A, B), (2A, B + A) or (2B, B - A),
 * and zeta' = (swap ? ~zeta : zeta) - 1.  (The previous form tested the
 * two conditions one after the other, and zeta's CMOV pair plus the
 * subtraction that set the next sign made a 4-cycle chain.)
 *
 * Constant time: the same instructions run for every value; CMOV, BT and
 * TEST do not branch, and they take the same time whatever the condition
 * (memcheck propagates undefinedness through CMOV without a report, so the
 * ct suites still see any secret reaching a branch or an address after it).
 * Build with -DTACIT_MPI_NO_ASM for the C loop (tests/test_bignum_ct_gmp_c.c
 * tests that one on x86-64).
 */
#ifndef TACIT_BIGNUM_CORE_INV_X86_64_H
#define TACIT_BIGNUM_CORE_INV_X86_64_H

#if !defined(TACIT_MPI_NO_ASM) && !defined(TACIT_MPI_CORE_FORCE_PORTABLE) &&                       \
    defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && INV_W == 64
#define TACIT_MPI_HAVE_X86_64_INV_ASM

/* n (a literal) divsteps; bit j of B is tested at step j = 0 .. n - 1 */
#define INV_X86_64_STEPS(a, b, z, n)                                                               \
    do {                                                                                           \
        inv_ud t1_, t2_, bs_, b2_, nz_;                                                            \
        __asm__(".set .Ltacit_inv_j, 0\n\t"                                                        \
                ".rept " #n "\n\t"                                                                 \
                "lea (%[b],%[a]), %[t1]\n\t"                                                       \
                "mov %[b], %[t2]\n\t"                                                              \
                "sub %[a], %[t2]\n\t"                                                              \
                "lea (%[b],%[b]), %[b2]\n\t"                                                       \
                "mov %[b], %[bs]\n\t"                                                              \
                "shl $(63 - .Ltacit_inv_j), %[bs]\n\t"                                             \
                "mov $-2, %[nz]\n\t"                                                               \
                "sub %[z], %[nz]\n\t"                                                              \
                "add %[a], %[a]\n\t"                                                               \
                "bt $.Ltacit_inv_j, %[b]\n\t"                                                      \
                "cmovc %[t1], %[b]\n\t"                                                            \
                "test %[z], %[bs]\n\t"                                                             \
                "lea -1(%[z]), %[z]\n\t"                                                           \
                "cmovs %[t2], %[b]\n\t"                                                            \
                "cmovs %[b2], %[a]\n\t"                                                            \
                "cmovs %[nz], %[z]\n\t"                                                            \
                ".set .Ltacit_inv_j, .Ltacit_inv_j + 1\n\t"                                        \
                ".endr"                                                                            \
                : [a] "+r"(a), [b] "+r"(b), [z] "+r"(z), [t1] "=&r"(t1_), [t2] "=&r"(t2_),         \
                  [bs] "=&r"(bs_), [b2] "=&r"(b2_), [nz] "=&r"(nz_)                                \
                :                                                                                  \
                : "cc");                                                                           \
    } while (0)
#endif

#endif /* TACIT_BIGNUM_CORE_INV_X86_64_H */
