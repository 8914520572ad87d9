/*
 * x86-64 kernel for the divsteps of bignum_core_inv.c (internal to it):
 * n divsteps on the packed words a, b (value and matrix row in one word,
 * see divsteps_group there) with conditional moves instead of masks.
 *
 * Why: the mask form is about 16 instructions a step on a 6-cycle chain
 * (parity -> mask -> conditional negate -> add); here B + A and B - A are
 * formed before the parity is known and CMOV picks, so the chain is about
 * 3 cycles and a step is 12 ALU instructions (4 of them CMOV) plus 3 moves.
 * Only baseline x86-64 instructions (BT, CMOVcc): no CPU probe.
 *
 * One step, with SF = (zeta < 0) = (delta > 0) and t2 = B - A on entry:
 *   t1 = delta > 0 ? B - A : B + A,   na = delta > 0 ? B : A,
 *   nz = delta > 0 ? ~zeta : zeta,    CF = bit j of B (g_j odd),
 *   if CF: B = t1, A = na, zeta = nz  (swap exactly when delta > 0 and odd),
 *   A = 2 A, t2 = B - A, zeta = zeta - 1 (its flags give the next SF).
 * That is the divstep of divsteps_group: (2A, B), (2A, B + A) or (2B, B - A),
 * and zeta' = (swap ? ~zeta : zeta) - 1.
 *
 * Constant time: the same instructions run for every value; CMOV and BT do
 * not branch, and they take the same time whatever the condition (memcheck
 * propagates undefinedness through CMOV without a report, so the ct suites
 * still see any secret reaching a branch or an address after it).
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
        inv_ud t1_, t2_, na_, nz_;                                                                 \
        __asm__("mov %[b], %[t2]\n\t"                                                              \
                "sub %[a], %[t2]\n\t"                                                              \
                "test %[z], %[z]\n\t"                                                              \
                ".set .Ltacit_inv_j, 0\n\t"                                                        \
                ".rept " #n "\n\t"                                                                 \
                "lea (%[b],%[a]), %[t1]\n\t"                                                       \
                "mov %[a], %[na]\n\t"                                                              \
                "mov %[z], %[nz]\n\t"                                                              \
                "not %[nz]\n\t"                                                                    \
                "cmovs %[t2], %[t1]\n\t"                                                           \
                "cmovs %[b], %[na]\n\t"                                                            \
                "cmovns %[z], %[nz]\n\t"                                                           \
                "bt $.Ltacit_inv_j, %[b]\n\t"                                                      \
                "cmovc %[t1], %[b]\n\t"                                                            \
                "cmovc %[na], %[a]\n\t"                                                            \
                "cmovc %[nz], %[z]\n\t"                                                            \
                "add %[a], %[a]\n\t"                                                               \
                "mov %[b], %[t2]\n\t"                                                              \
                "sub %[a], %[t2]\n\t"                                                              \
                "sub $1, %[z]\n\t"                                                                 \
                ".set .Ltacit_inv_j, .Ltacit_inv_j + 1\n\t"                                        \
                ".endr"                                                                            \
                : [a] "+r"(a), [b] "+r"(b), [z] "+r"(z), [t1] "=&r"(t1_), [t2] "=&r"(t2_),         \
                  [na] "=&r"(na_), [nz] "=&r"(nz_)                                                 \
                :                                                                                  \
                : "cc");                                                                           \
    } while (0)
#endif

#endif /* TACIT_BIGNUM_CORE_INV_X86_64_H */
