/*
 * P-256 field arithmetic and point formulas.
 *
 * p = 2^256 - 2^224 + 2^192 + 2^96 - 1, Montgomery form with R = 2^256.
 * -p^-1 = 1 modulo 2^64 and 2^32, so the reduction needs no multiplication
 * by mm, and p's zero limbs cost nothing since p is a visible constant.
 */
#include "ecp_fe.h"

#if defined(TACIT_ECP_C) && defined(TACIT_ECP_SECP256R1_C)

#include <string.h>

#define ECP_N (256 / TACIT_MPI_LIMB_BITS)
#define ECP_B tacit_ecp_p256_b_mont
#define ECP_FN(x) tacit_ecp_p256_##x
#define ECP_NMOD tacit_ecp_p256_n
#define ECP_N_MM ((tacit_mpi_uint)0xccd1c8aaee00bc4fu) /* -n^-1 mod 2^64, truncated for 32-bit limbs */

/* p as constants the compiler can see (limb 2 of p is zero: no products) */
static const tacit_mpi_uint P256_P[ECP_N] = {
    TACIT_ECP_L64(0xFFFFFFFFFFFFFFFF), TACIT_ECP_L64(0x00000000FFFFFFFF),
    TACIT_ECP_L64(0x0000000000000000), TACIT_ECP_L64(0xFFFFFFFF00000001),
};


#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && \
    TACIT_MPI_LIMB_BITS == 64 && !defined(TACIT_ECP_NO_ASM)
/*
 * x86-64: the Montgomery product in assembly (compilers, gcc above all,
 * turn 128-bit carry chains into long instruction sequences).  Operand
 * scanning, four rounds; round i adds a * b[i], then q * p with q = t0
 * (-p^-1 = 1 mod 2^64), using the shape of p:
 *     t0 + q (2^64 - 1) leaves 0 and carries q into limb 1, where
 *     q + q (2^32 - 1) = q 2^32 (a shift, no product), limb 2 of p is 0,
 *     and only q * (2^64 - 2^32 + 1) at limb 3 is a real product;
 * then the accumulator is shifted by renaming registers (r0..r5 rotate).
 * A final subtraction of p is selected with cmov.  Constant time: no
 * branch, no memory index depends on the values.
 */
static inline void p256_mont_asm(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t r0, r1, r2, r3, r4, r5, bi, c;
    const uint64_t *ap = a, *bp = b;

    __asm__(
        /* b[0] */
        "movq 0(%[b]), %[bi]\n\t"
        "movq 0(%[a]), %%rax\n\t"
        "mulq %[bi]\n\t"
        "movq %%rax, %[r0]\n\t"
        "movq %%rdx, %[r1]\n\t"
        "movq 8(%[a]), %%rax\n\t"
        "mulq %[bi]\n\t"
        "addq %%rax, %[r1]\n\t"
        "adcq $0, %%rdx\n\t"
        "movq %%rdx, %[r2]\n\t"
        "movq 16(%[a]), %%rax\n\t"
        "mulq %[bi]\n\t"
        "addq %%rax, %[r2]\n\t"
        "adcq $0, %%rdx\n\t"
        "movq %%rdx, %[r3]\n\t"
        "movq 24(%[a]), %%rax\n\t"
        "mulq %[bi]\n\t"
        "addq %%rax, %[r3]\n\t"
        "adcq $0, %%rdx\n\t"
        "movq %%rdx, %[r4]\n\t"
        "xorq %[r5], %[r5]\n\t"
        /* reduce: q = t0, t += q p */
        "movabsq $0xffffffff00000001, %%rax\n\t"
        "mulq %[r0]\n\t"
        "movq %[r0], %[c]\n\t"
        "shlq $32, %[c]\n\t"
        "movq %[r0], %[bi]\n\t"
        "shrq $32, %[bi]\n\t"
        "addq %[c], %[r1]\n\t"
        "adcq %[bi], %[r2]\n\t"
        "adcq %%rax, %[r3]\n\t"
        "adcq %%rdx, %[r4]\n\t"
        "adcq $0, %[r5]\n\t"
        /* b[1] */
        "movq 8(%[b]), %[bi]\n\t"
        "xorq %[r0], %[r0]\n\t"
        "movq 0(%[a]), %%rax\n\t"
        "mulq %[bi]\n\t"
        "addq %%rax, %[r1]\n\t"
        "adcq $0, %%rdx\n\t"
        "movq %%rdx, %[c]\n\t"
        "movq 8(%[a]), %%rax\n\t"
        "mulq %[bi]\n\t"
        "addq %[c], %%rax\n\t"
        "adcq $0, %%rdx\n\t"
        "addq %%rax, %[r2]\n\t"
        "adcq $0, %%rdx\n\t"
        "movq %%rdx, %[c]\n\t"
        "movq 16(%[a]), %%rax\n\t"
        "mulq %[bi]\n\t"
        "addq %[c], %%rax\n\t"
        "adcq $0, %%rdx\n\t"
        "addq %%rax, %[r3]\n\t"
        "adcq $0, %%rdx\n\t"
        "movq %%rdx, %[c]\n\t"
        "movq 24(%[a]), %%rax\n\t"
        "mulq %[bi]\n\t"
        "addq %[c], %%rax\n\t"
        "adcq $0, %%rdx\n\t"
        "addq %%rax, %[r4]\n\t"
        "adcq $0, %%rdx\n\t"
        "addq %%rdx, %[r5]\n\t"
        "adcq $0, %[r0]\n\t"
        /* reduce: q = t0, t += q p */
        "movabsq $0xffffffff00000001, %%rax\n\t"
        "mulq %[r1]\n\t"
        "movq %[r1], %[c]\n\t"
        "shlq $32, %[c]\n\t"
        "movq %[r1], %[bi]\n\t"
        "shrq $32, %[bi]\n\t"
        "addq %[c], %[r2]\n\t"
        "adcq %[bi], %[r3]\n\t"
        "adcq %%rax, %[r4]\n\t"
        "adcq %%rdx, %[r5]\n\t"
        "adcq $0, %[r0]\n\t"
        /* b[2] */
        "movq 16(%[b]), %[bi]\n\t"
        "xorq %[r1], %[r1]\n\t"
        "movq 0(%[a]), %%rax\n\t"
        "mulq %[bi]\n\t"
        "addq %%rax, %[r2]\n\t"
        "adcq $0, %%rdx\n\t"
        "movq %%rdx, %[c]\n\t"
        "movq 8(%[a]), %%rax\n\t"
        "mulq %[bi]\n\t"
        "addq %[c], %%rax\n\t"
        "adcq $0, %%rdx\n\t"
        "addq %%rax, %[r3]\n\t"
        "adcq $0, %%rdx\n\t"
        "movq %%rdx, %[c]\n\t"
        "movq 16(%[a]), %%rax\n\t"
        "mulq %[bi]\n\t"
        "addq %[c], %%rax\n\t"
        "adcq $0, %%rdx\n\t"
        "addq %%rax, %[r4]\n\t"
        "adcq $0, %%rdx\n\t"
        "movq %%rdx, %[c]\n\t"
        "movq 24(%[a]), %%rax\n\t"
        "mulq %[bi]\n\t"
        "addq %[c], %%rax\n\t"
        "adcq $0, %%rdx\n\t"
        "addq %%rax, %[r5]\n\t"
        "adcq $0, %%rdx\n\t"
        "addq %%rdx, %[r0]\n\t"
        "adcq $0, %[r1]\n\t"
        /* reduce: q = t0, t += q p */
        "movabsq $0xffffffff00000001, %%rax\n\t"
        "mulq %[r2]\n\t"
        "movq %[r2], %[c]\n\t"
        "shlq $32, %[c]\n\t"
        "movq %[r2], %[bi]\n\t"
        "shrq $32, %[bi]\n\t"
        "addq %[c], %[r3]\n\t"
        "adcq %[bi], %[r4]\n\t"
        "adcq %%rax, %[r5]\n\t"
        "adcq %%rdx, %[r0]\n\t"
        "adcq $0, %[r1]\n\t"
        /* b[3] */
        "movq 24(%[b]), %[bi]\n\t"
        "xorq %[r2], %[r2]\n\t"
        "movq 0(%[a]), %%rax\n\t"
        "mulq %[bi]\n\t"
        "addq %%rax, %[r3]\n\t"
        "adcq $0, %%rdx\n\t"
        "movq %%rdx, %[c]\n\t"
        "movq 8(%[a]), %%rax\n\t"
        "mulq %[bi]\n\t"
        "addq %[c], %%rax\n\t"
        "adcq $0, %%rdx\n\t"
        "addq %%rax, %[r4]\n\t"
        "adcq $0, %%rdx\n\t"
        "movq %%rdx, %[c]\n\t"
        "movq 16(%[a]), %%rax\n\t"
        "mulq %[bi]\n\t"
        "addq %[c], %%rax\n\t"
        "adcq $0, %%rdx\n\t"
        "addq %%rax, %[r5]\n\t"
        "adcq $0, %%rdx\n\t"
        "movq %%rdx, %[c]\n\t"
        "movq 24(%[a]), %%rax\n\t"
        "mulq %[bi]\n\t"
        "addq %[c], %%rax\n\t"
        "adcq $0, %%rdx\n\t"
        "addq %%rax, %[r0]\n\t"
        "adcq $0, %%rdx\n\t"
        "addq %%rdx, %[r1]\n\t"
        "adcq $0, %[r2]\n\t"
        /* reduce: q = t0, t += q p */
        "movabsq $0xffffffff00000001, %%rax\n\t"
        "mulq %[r3]\n\t"
        "movq %[r3], %[c]\n\t"
        "shlq $32, %[c]\n\t"
        "movq %[r3], %[bi]\n\t"
        "shrq $32, %[bi]\n\t"
        "addq %[c], %[r4]\n\t"
        "adcq %[bi], %[r5]\n\t"
        "adcq %%rax, %[r0]\n\t"
        "adcq %%rdx, %[r1]\n\t"
        "adcq $0, %[r2]\n\t"
        /* subtract p if the result (r4 r5 r0 r1, top r2) >= p */
        "movq %[r4], %[bi]\n\t"
        "movq %[r5], %[c]\n\t"
        "movq %[r0], %[a]\n\t"
        "movq %[r1], %[b]\n\t"
        "subq $-1, %[bi]\n\t"
        "movl $0xffffffff, %%eax\n\t"
        "sbbq %%rax, %[c]\n\t"
        "sbbq $0, %[a]\n\t"
        "movabsq $0xffffffff00000001, %%rdx\n\t"
        "sbbq %%rdx, %[b]\n\t"
        "sbbq $0, %[r2]\n\t"
        "cmovncq %[bi], %[r4]\n\t"
        "cmovncq %[c], %[r5]\n\t"
        "cmovncq %[a], %[r0]\n\t"
        "cmovncq %[b], %[r1]\n\t"

        : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [r4] "=&r"(r4),
          [r5] "=&r"(r5), [bi] "=&r"(bi), [c] "=&r"(c), [a] "+r"(ap), [b] "+r"(bp)
        :
        : "rax", "rdx", "cc", "memory");
    (void)r3;
    (void)bi;
    (void)c;
    r[0] = r4;
    r[1] = r5;
    r[2] = r0;
    r[3] = r1;
}

static inline void fe_mul(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    p256_mont_asm(r, a, b);
}

static inline void fe_sqr(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    p256_mont_asm(r, a, a);
}
#else
static inline void p256_reduce(tacit_mpi_uint *r, const tacit_mpi_uint *t)
{
    ecp_fe_mont_reduce(r, t, P256_P, ECP_N, 1);
}

static inline void fe_mul(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    tacit_mpi_uint t[2 * ECP_N];

    ecp_fe_mul_wide(t, a, b, ECP_N);
    p256_reduce(r, t);
}

static inline void fe_sqr(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    tacit_mpi_uint t[2 * ECP_N];

    ecp_fe_sqr_wide(t, a, ECP_N);
    p256_reduce(r, t);
}
#endif

static inline void fe_add(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    ecp_fe_add(r, a, b, P256_P, ECP_N);
}

static inline void fe_sub(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    ecp_fe_sub(r, a, b, P256_P, ECP_N);
}

#include "ecp_point_impl.h"

#else
typedef int tacit_ecp_p256_unused;
#endif /* TACIT_ECP_C && TACIT_ECP_SECP256R1_C */
