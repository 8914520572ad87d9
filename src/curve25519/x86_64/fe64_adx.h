/*
 * The MULX/ADCX/ADOX kernels of GF(2^255 - 19) in four saturated 64-bit
 * limbs, as static inline functions: included by
 * curve25519_fe64_x86_64_adx.c (the X25519 ladder) and
 * ed25519_point_x86_64_adx.c (Ed25519's points when the CPU has BMI2 and ADX).
 *
 * Representation: h[0] + h[1] 2^64 + h[2] 2^128 + h[3] 2^192, any value
 * below 2^256 congruent to the element mod p.  2^256 = 38 mod p, so a
 * 512-bit product folds its high half back times 38, and a carry (borrow)
 * out of the top limb becomes +38 (-38) at the bottom.
 *
 * Constant time: straight-line code, no branch and no address that depends
 * on a value; the carries are consumed as masks (SBB, AND) or added.
 */
#ifndef TACIT_CURVE25519_FE64_X86_64_ADX_H
#define TACIT_CURVE25519_FE64_X86_64_ADX_H

#include <stdint.h>

typedef uint64_t fe4[4];

/*
 * The operations read their operands and write their result through the
 * pointers in registers and declare a "memory" clobber: mul needs eleven
 * fixed registers, and separate memory operands for f, g and h would not
 * fit at -O0.
 */

/*
 * The fold shared by mul and sq: the product is in r8..r15 (p0..p7); add
 * 38 * (p4..p7) to p0..p3 (two carry chains), then 38 * the limb that
 * spills over (at most 40), then 38 once more if that carried (the value
 * has wrapped to below 38 * 41, so this last add cannot carry), and store.
 */
#define FOLD38_STORE                                                                               \
    "movl $38, %%edx\n\t"                                                                          \
    "xorl %%eax, %%eax\n\t"                                                                        \
    "mulxq %%r12, %%rax, %%rbx\n\t"                                                                \
    "adcxq %%rax, %%r8\n\t"                                                                        \
    "adoxq %%rbx, %%r9\n\t"                                                                        \
    "mulxq %%r13, %%rax, %%rbx\n\t"                                                                \
    "adcxq %%rax, %%r9\n\t"                                                                        \
    "adoxq %%rbx, %%r10\n\t"                                                                       \
    "mulxq %%r14, %%rax, %%rbx\n\t"                                                                \
    "adcxq %%rax, %%r10\n\t"                                                                       \
    "adoxq %%rbx, %%r11\n\t"                                                                       \
    "mulxq %%r15, %%rax, %%r12\n\t"                                                                \
    "adcxq %%rax, %%r11\n\t"                                                                       \
    "movl $0, %%eax\n\t"                                                                           \
    "adcxq %%rax, %%r12\n\t"                                                                       \
    "adoxq %%rax, %%r12\n\t"                                                                       \
    "imulq $38, %%r12, %%r12\n\t"                                                                  \
    "addq %%r12, %%r8\n\t"                                                                         \
    "adcq $0, %%r9\n\t"                                                                            \
    "adcq $0, %%r10\n\t"                                                                           \
    "adcq $0, %%r11\n\t"                                                                           \
    "sbbq %%rax, %%rax\n\t"                                                                        \
    "andl $38, %%eax\n\t"                                                                          \
    "addq %%rax, %%r8\n\t"                                                                         \
    "movq %%r8, 0(%[h])\n\t"                                                                       \
    "movq %%r9, 8(%[h])\n\t"                                                                       \
    "movq %%r10, 16(%[h])\n\t"                                                                     \
    "movq %%r11, 24(%[h])\n\t"

/* Row i of the schoolbook product (i = 1, 2, 3): p_i..p_{i+3} += f_i * g
 * with the low halves in the CF chain and the high halves in the OF
 * chain; P4 receives the last high half and both chains' carries (the
 * partial product fits i + 5 limbs, so that add cannot overflow). */
#define MUL_ROW(F, P0, P1, P2, P3, P4)                                                             \
    "movq " F "(%[f]), %%rdx\n\t"                                                                  \
    "xorl %%eax, %%eax\n\t"                                                                        \
    "mulxq 0(%[g]), %%rax, %%rbx\n\t"                                                              \
    "adcxq %%rax, " P0 "\n\t"                                                                      \
    "adoxq %%rbx, " P1 "\n\t"                                                                      \
    "mulxq 8(%[g]), %%rax, %%rbx\n\t"                                                              \
    "adcxq %%rax, " P1 "\n\t"                                                                      \
    "adoxq %%rbx, " P2 "\n\t"                                                                      \
    "mulxq 16(%[g]), %%rax, %%rbx\n\t"                                                             \
    "adcxq %%rax, " P2 "\n\t"                                                                      \
    "adoxq %%rbx, " P3 "\n\t"                                                                      \
    "mulxq 24(%[g]), %%rax, " P4 "\n\t"                                                            \
    "adcxq %%rax, " P3 "\n\t"                                                                      \
    "movl $0, %%eax\n\t"                                                                           \
    "adcxq %%rax, " P4 "\n\t"                                                                      \
    "adoxq %%rax, " P4 "\n\t"

/* h = f g. */
static inline void fe4_mul(fe4 h, const fe4 f, const fe4 g)
{
    __asm__ volatile("movq 0(%[f]), %%rdx\n\t"
                     "mulxq 0(%[g]), %%r8, %%r9\n\t"
                     "mulxq 8(%[g]), %%rax, %%r10\n\t"
                     "addq %%rax, %%r9\n\t"
                     "mulxq 16(%[g]), %%rax, %%r11\n\t"
                     "adcq %%rax, %%r10\n\t"
                     "mulxq 24(%[g]), %%rax, %%r12\n\t"
                     "adcq %%rax, %%r11\n\t"
                     "adcq $0, %%r12\n\t" /* */
                     MUL_ROW("8", "%%r9", "%%r10", "%%r11", "%%r12", "%%r13")
                         MUL_ROW("16", "%%r10", "%%r11", "%%r12", "%%r13", "%%r14")
                             MUL_ROW("24", "%%r11", "%%r12", "%%r13", "%%r14", "%%r15") FOLD38_STORE
                     :
                     : [h] "r"(h), [f] "r"(f), [g] "r"(g)
                     : "rax", "rbx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15",
                       "cc", "memory");
}

/* h = f^2: the six cross products once, then doubled with the four squares
 * added in the same pass (ADCX doubles, ADOX adds). */
static inline void fe4_sq(fe4 h, const fe4 f)
{
    __asm__ volatile("movq 0(%[f]), %%rdx\n\t"
                     "mulxq 8(%[f]), %%r9, %%r10\n\t"   /* f0 f1 at 1 */
                     "mulxq 16(%[f]), %%rax, %%r11\n\t" /* f0 f2 at 2 */
                     "mulxq 24(%[f]), %%rbx, %%r12\n\t" /* f0 f3 at 3 */
                     "addq %%rax, %%r10\n\t"
                     "adcq %%rbx, %%r11\n\t"
                     "adcq $0, %%r12\n\t"
                     "movq 8(%[f]), %%rdx\n\t"
                     "xorl %%eax, %%eax\n\t"
                     "mulxq 16(%[f]), %%rax, %%rbx\n\t" /* f1 f2 at 3 */
                     "adcxq %%rax, %%r11\n\t"
                     "adoxq %%rbx, %%r12\n\t"
                     "mulxq 24(%[f]), %%rax, %%r13\n\t" /* f1 f3 at 4 */
                     "adcxq %%rax, %%r12\n\t"
                     "movl $0, %%eax\n\t"
                     "adcxq %%rax, %%r13\n\t"
                     "adoxq %%rax, %%r13\n\t"
                     "movq 16(%[f]), %%rdx\n\t"
                     "mulxq 24(%[f]), %%rax, %%r14\n\t" /* f2 f3 at 5 */
                     "addq %%rax, %%r13\n\t"
                     "adcq $0, %%r14\n\t"
                     /* double (the CF chain) and add the squares on the
                      * diagonal (the OF chain) in one pass; r15 starts at
                      * zero and takes the doubling's carry */
                     "xorl %%r15d, %%r15d\n\t"
                     "movq 0(%[f]), %%rdx\n\t"
                     "mulxq %%rdx, %%r8, %%rax\n\t"
                     "adcxq %%r9, %%r9\n\t"
                     "adoxq %%rax, %%r9\n\t"
                     "movq 8(%[f]), %%rdx\n\t"
                     "mulxq %%rdx, %%rax, %%rbx\n\t"
                     "adcxq %%r10, %%r10\n\t"
                     "adoxq %%rax, %%r10\n\t"
                     "adcxq %%r11, %%r11\n\t"
                     "adoxq %%rbx, %%r11\n\t"
                     "movq 16(%[f]), %%rdx\n\t"
                     "mulxq %%rdx, %%rax, %%rbx\n\t"
                     "adcxq %%r12, %%r12\n\t"
                     "adoxq %%rax, %%r12\n\t"
                     "adcxq %%r13, %%r13\n\t"
                     "adoxq %%rbx, %%r13\n\t"
                     "movq 24(%[f]), %%rdx\n\t"
                     "mulxq %%rdx, %%rax, %%rbx\n\t"
                     "adcxq %%r14, %%r14\n\t"
                     "adoxq %%rax, %%r14\n\t"
                     "adcxq %%r15, %%r15\n\t"
                     "adoxq %%rbx, %%r15\n\t" /* */
                     FOLD38_STORE
                     :
                     : [h] "r"(h), [f] "r"(f)
                     : "rax", "rbx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15",
                       "cc", "memory");
}

/* h = f c + g for a constant c < 2^32 (the ladder's 121666 E + BB).  The
 * limb above 2^256 is below 2^32 + 1 and folds back times 38. */
static inline void fe4_mul_small_add(fe4 h, const fe4 f, uint32_t c, const fe4 g)
{
    uint64_t rdx = c;
    __asm__ volatile("mulxq 0(%[f]), %%r8, %%r9\n\t"
                     "mulxq 8(%[f]), %%rax, %%r10\n\t"
                     "addq %%rax, %%r9\n\t"
                     "mulxq 16(%[f]), %%rax, %%r11\n\t"
                     "adcq %%rax, %%r10\n\t"
                     "mulxq 24(%[f]), %%rax, %%rdx\n\t"
                     "adcq %%rax, %%r11\n\t"
                     "adcq $0, %%rdx\n\t"
                     "addq 0(%[g]), %%r8\n\t"
                     "adcq 8(%[g]), %%r9\n\t"
                     "adcq 16(%[g]), %%r10\n\t"
                     "adcq 24(%[g]), %%r11\n\t"
                     "adcq $0, %%rdx\n\t"
                     "imulq $38, %%rdx, %%rdx\n\t"
                     "addq %%rdx, %%r8\n\t"
                     "adcq $0, %%r9\n\t"
                     "adcq $0, %%r10\n\t"
                     "adcq $0, %%r11\n\t"
                     "sbbq %%rax, %%rax\n\t"
                     "andl $38, %%eax\n\t"
                     "addq %%rax, %%r8\n\t"
                     "movq %%r8, 0(%[h])\n\t"
                     "movq %%r9, 8(%[h])\n\t"
                     "movq %%r10, 16(%[h])\n\t"
                     "movq %%r11, 24(%[h])\n\t"
                     : "+d"(rdx)
                     : [h] "r"(h), [f] "r"(f), [g] "r"(g)
                     : "rax", "r8", "r9", "r10", "r11", "cc", "memory");
}

/* h = f + g: a carry out of 2^256 comes back as +38, twice at most (the
 * second time the value has wrapped below 38). */
static inline void fe4_add(fe4 h, const fe4 f, const fe4 g)
{
    uint64_t t0, t1, t2, t3, m;
    __asm__ volatile("movq 0(%[f]), %[t0]\n\t"
                     "movq 8(%[f]), %[t1]\n\t"
                     "movq 16(%[f]), %[t2]\n\t"
                     "movq 24(%[f]), %[t3]\n\t"
                     "addq 0(%[g]), %[t0]\n\t"
                     "adcq 8(%[g]), %[t1]\n\t"
                     "adcq 16(%[g]), %[t2]\n\t"
                     "adcq 24(%[g]), %[t3]\n\t"
                     "sbbq %[m], %[m]\n\t"
                     "andq $38, %[m]\n\t"
                     "addq %[m], %[t0]\n\t"
                     "adcq $0, %[t1]\n\t"
                     "adcq $0, %[t2]\n\t"
                     "adcq $0, %[t3]\n\t"
                     "sbbq %[m], %[m]\n\t"
                     "andq $38, %[m]\n\t"
                     "addq %[m], %[t0]\n\t"
                     "movq %[t0], 0(%[h])\n\t"
                     "movq %[t1], 8(%[h])\n\t"
                     "movq %[t2], 16(%[h])\n\t"
                     "movq %[t3], 24(%[h])\n\t"
                     : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [m] "=&r"(m)
                     : [h] "r"(h), [f] "r"(f), [g] "r"(g)
                     : "cc", "memory");
}

/* h = f - g: a borrow out of 2^256 comes back as -38, twice at most. */
static inline void fe4_sub(fe4 h, const fe4 f, const fe4 g)
{
    uint64_t t0, t1, t2, t3, m;
    __asm__ volatile("movq 0(%[f]), %[t0]\n\t"
                     "movq 8(%[f]), %[t1]\n\t"
                     "movq 16(%[f]), %[t2]\n\t"
                     "movq 24(%[f]), %[t3]\n\t"
                     "subq 0(%[g]), %[t0]\n\t"
                     "sbbq 8(%[g]), %[t1]\n\t"
                     "sbbq 16(%[g]), %[t2]\n\t"
                     "sbbq 24(%[g]), %[t3]\n\t"
                     "sbbq %[m], %[m]\n\t"
                     "andq $38, %[m]\n\t"
                     "subq %[m], %[t0]\n\t"
                     "sbbq $0, %[t1]\n\t"
                     "sbbq $0, %[t2]\n\t"
                     "sbbq $0, %[t3]\n\t"
                     "sbbq %[m], %[m]\n\t"
                     "andq $38, %[m]\n\t"
                     "subq %[m], %[t0]\n\t"
                     "movq %[t0], 0(%[h])\n\t"
                     "movq %[t1], 8(%[h])\n\t"
                     "movq %[t2], 16(%[h])\n\t"
                     "movq %[t3], 24(%[h])\n\t"
                     : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [m] "=&r"(m)
                     : [h] "r"(h), [f] "r"(f), [g] "r"(g)
                     : "cc", "memory");
}

/* Swap f and g when mask is all-ones (masked XOR).  In assembly so the
 * compiler cannot vectorise it: 16-byte loads of limbs just stored 8 bytes
 * at a time by the field operations would stall store forwarding on every
 * ladder step. */
static inline void fe4_cswap(fe4 f, fe4 g, uint64_t mask)
{
    uint64_t a, b, x;
    int i;
    for (i = 0; i < 4; i++) {
        __asm__ volatile("movq %[f], %[a]\n\t"
                         "movq %[g], %[b]\n\t"
                         "movq %[a], %[x]\n\t"
                         "xorq %[b], %[x]\n\t"
                         "andq %[m], %[x]\n\t"
                         "xorq %[x], %[a]\n\t"
                         "xorq %[x], %[b]\n\t"
                         "movq %[a], %[f]\n\t"
                         "movq %[b], %[g]\n\t"
                         : [f] "+m"(f[i]), [g] "+m"(g[i]), [a] "=&r"(a), [b] "=&r"(b), [x] "=&r"(x)
                         : [m] "r"(mask));
    }
}

#endif /* TACIT_CURVE25519_FE64_X86_64_ADX_H */
