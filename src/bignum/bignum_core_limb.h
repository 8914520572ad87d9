/*
 * Double-width limb products for bignum_core (internal to bignum_core*.c).
 *
 * Where the compiler has a type twice the limb width (uint64_t for 32-bit
 * limbs, unsigned __int128 for 64-bit limbs) the products go through it.
 * Otherwise, or when TACIT_MPI_CORE_FORCE_PORTABLE is defined (the test
 * tests/bignum/test_bignum_core_portable.c does that to exercise this path), a
 * product is assembled from four half-limb products.  Both are constant
 * time: plain multiplications, additions and shifts.
 */
#ifndef TACIT_BIGNUM_CORE_LIMB_H
#define TACIT_BIGNUM_CORE_LIMB_H

#include <stddef.h>

#include "tacit/limb.h"

#define TACIT_MPI_BIL TACIT_MPI_LIMB_BITS
#define TACIT_MPI_BIH (TACIT_MPI_LIMB_BITS / 2)

#if !defined(TACIT_MPI_CORE_FORCE_PORTABLE)
#if TACIT_MPI_LIMB_BITS == 32
typedef uint64_t tacit_mpi_dbl;
#define TACIT_MPI_HAVE_DBL
#elif defined(__SIZEOF_INT128__)
__extension__ typedef unsigned __int128 tacit_mpi_dbl;
#define TACIT_MPI_HAVE_DBL
#endif
#endif

/*
 * x86-64 with 64-bit limbs: tacit_mpi_core_mla (the kernel under mul, sqr
 * and Montgomery reduction) has a MULX/ADCX/ADOX version, two carry chains
 * in flight, chosen at run time when the CPU has BMI2 and ADX.  Build with
 * -DTACIT_MPI_NO_ASM to leave only the C code (tests/bignum/test_bignum_core_c.c
 * runs the core suite that way).  Both are constant time: the same
 * instructions for every operand value.
 */
#if !defined(TACIT_MPI_NO_ASM) && !defined(TACIT_MPI_CORE_FORCE_PORTABLE) &&                       \
    defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && TACIT_MPI_LIMB_BITS == 64
#define TACIT_MPI_HAVE_X86_64_ADX_ASM
#endif

#if defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)
/*
 * The kernels of bignum_core_x86_64_adx.c (see there).  Callers ask
 * tacit_mpi_core_cpu_has_adx() first: 1 if the CPU has BMI2 and ADX
 * (probed once, race-free; the test hook tacit_mpi_core_test_path forces
 * either answer).
 */
int tacit_mpi_core_cpu_has_adx(void);
/*
 * 1 if the CPU has AVX2 and the OS saves the YMM registers (the same
 * probe; the test hook's ADX setting forces it too).  Then
 * tacit_mpi_core_avx2_table_select (bignum_core_x86_64_avx2.c) scans
 * exp_mod's window table: X = entry number `index` (secret) of the count
 * entries of `limbs` limbs, every entry read.
 */
int tacit_mpi_core_cpu_has_avx2(void);
/*
 * 1 if the CPU has AVX-512 F and VL with the OS's state (the same probe;
 * 0 on the test hook's C and ADX paths): tacit_mpi_core_avx2_divsteps
 * then runs its inverse bodies with VPSRAQ (x86_64/inv_avx2.c).
 */
int tacit_mpi_core_cpu_has_avx512(void);
void tacit_mpi_core_avx2_table_select(tacit_mpi_uint *X, const tacit_mpi_uint *table, size_t limbs,
                                      size_t count, size_t index);
/*
 * bignum_core_inv_x86_64_avx2.c, for CPUs with AVX2 (ask
 * tacit_mpi_core_cpu_has_avx2): `steps` divsteps (rounded up to a multiple
 * of 30) from f = F (limbs + 1 limbs, odd) and g = G (limbs limbs), with
 * the cofactors d = 2, e = 1 of f, g modulo the odd M: on return F = f and
 * D (limbs + 1 limbs) = d, both two's complement, d in (-2M, M).  D = NULL
 * (the gcd): F only, without the cofactors (M is not read).  T has
 * tacit_mpi_core_avx2_divsteps_working_limbs(limbs) limbs.  Constant time.
 */
size_t tacit_mpi_core_avx2_divsteps_working_limbs(size_t limbs);
/* The gcd's share of it (D = NULL: no cofactors and no M), what its callers wipe. */
size_t tacit_mpi_core_avx2_divsteps_gcd_working_limbs(size_t limbs);
void tacit_mpi_core_avx2_divsteps(tacit_mpi_uint *F, tacit_mpi_uint *D, const tacit_mpi_uint *G,
                                  const tacit_mpi_uint *M, size_t limbs, size_t steps,
                                  tacit_mpi_uint *T);
/* The same for limbs >= TACIT_MPI_AVX2_DIVSTEPS_WIDE_LIMBS (61 digits of 30 bits
 * or more), with more of the update overlapping the steps (inv_avx2.c). */
#define TACIT_MPI_AVX2_DIVSTEPS_WIDE_LIMBS 29
void tacit_mpi_core_avx2_divsteps_wide(tacit_mpi_uint *F, tacit_mpi_uint *D,
                                       const tacit_mpi_uint *G, const tacit_mpi_uint *M,
                                       size_t limbs, size_t steps, tacit_mpi_uint *T);
tacit_mpi_uint tacit_mpi_core_adx_mla(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t n,
                                      tacit_mpi_uint b);
void tacit_mpi_core_adx_mul(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *B,
                            size_t n);
void tacit_mpi_core_adx_sqr_rows(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t n);
tacit_mpi_uint tacit_mpi_core_adx_redc_rows(tacit_mpi_uint *T, const tacit_mpi_uint *N, size_t n,
                                            tacit_mpi_uint mm);
void tacit_mpi_core_adx_montmul(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *B,
                                const tacit_mpi_uint *N, size_t n, tacit_mpi_uint mm,
                                tacit_mpi_uint *W, int lazy);
void tacit_mpi_core_adx_montsqr(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *N,
                                size_t n, tacit_mpi_uint mm, tacit_mpi_uint *W, int lazy);
void tacit_mpi_core_adx_redc(tacit_mpi_uint *X, tacit_mpi_uint *T, const tacit_mpi_uint *N,
                             size_t n, tacit_mpi_uint mm);
#endif

/*
 * Montgomery products for exp_mod's inner loop, "almost reduced": X is
 * congruent to A * B * R^-1 (A^2 * R^-1) mod N and below R, for A, B < R;
 * not necessarily below N.  The MULX/ADX kernels then subtract N only when
 * the product's top carry is set (one pass instead of two); elsewhere
 * these are the fully reducing functions.  A value below R goes back
 * below N through tacit_mpi_core_from_mont (or a fully reducing product).
 */
void tacit_mpi_core_montmul_lazy(tacit_mpi_uint *X, const tacit_mpi_uint *A,
                                 const tacit_mpi_uint *B, const tacit_mpi_uint *N, size_t limbs,
                                 tacit_mpi_uint mm, tacit_mpi_uint *T);
void tacit_mpi_core_montsqr_lazy(tacit_mpi_uint *X, const tacit_mpi_uint *A,
                                 const tacit_mpi_uint *N, size_t limbs, tacit_mpi_uint mm,
                                 tacit_mpi_uint *T);

/*
 * (*hi, return) = a * b + c + d.  Never overflows: (2^k-1)^2 + 2(2^k-1) =
 * 2^2k - 1.
 */
static inline tacit_mpi_uint tacit_mpi_muladd(tacit_mpi_uint *hi, tacit_mpi_uint a,
                                              tacit_mpi_uint b, tacit_mpi_uint c, tacit_mpi_uint d)
{
#if defined(TACIT_MPI_HAVE_DBL)
    /*
     * Written as a product plus two single-limb carry additions rather than
     * one double-width sum: compilers then emit mul, add, adc, add, adc
     * instead of juggling a second double-width temporary.
     */
    tacit_mpi_dbl t = (tacit_mpi_dbl)a * b;
    tacit_mpi_uint lo = (tacit_mpi_uint)t, h = (tacit_mpi_uint)(t >> TACIT_MPI_BIL);
    lo += c;
    h += (tacit_mpi_uint)(lo < c);
    lo += d;
    h += (tacit_mpi_uint)(lo < d);
    *hi = h;
    return lo;
#else
    const tacit_mpi_uint lmask = ((tacit_mpi_uint)1 << TACIT_MPI_BIH) - 1;
    tacit_mpi_uint a0 = a & lmask, a1 = a >> TACIT_MPI_BIH;
    tacit_mpi_uint b0 = b & lmask, b1 = b >> TACIT_MPI_BIH;
    tacit_mpi_uint p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    tacit_mpi_uint mid, lo, h, carry;

    /* mid collects the cross terms' halves that land in the middle */
    mid = (p00 >> TACIT_MPI_BIH) + (p01 & lmask) + (p10 & lmask);
    lo = (p00 & lmask) | (mid << TACIT_MPI_BIH);
    h = p11 + (p01 >> TACIT_MPI_BIH) + (p10 >> TACIT_MPI_BIH) + (mid >> TACIT_MPI_BIH);
    lo += c;
    carry = (tacit_mpi_uint)(lo < c);
    lo += d;
    carry += (tacit_mpi_uint)(lo < d);
    *hi = h + carry;
    return lo;
#endif
}

/* (*hi, return) = a * b. */
static inline tacit_mpi_uint tacit_mpi_mul11(tacit_mpi_uint *hi, tacit_mpi_uint a, tacit_mpi_uint b)
{
#if defined(TACIT_MPI_HAVE_DBL)
    tacit_mpi_dbl t = (tacit_mpi_dbl)a * b;
    *hi = (tacit_mpi_uint)(t >> TACIT_MPI_BIL);
    return (tacit_mpi_uint)t;
#else
    return tacit_mpi_muladd(hi, a, b, 0, 0);
#endif
}

/*
 * X[0..limbs) += A[0..limbs) * b, the carry limb returned: the C code under
 * tacit_mpi_core_mla, inlined where a caller already chose the C path.
 * Unrolled by four: about 15% faster where the C code runs; not under -Os
 * (firmware), where the plain loop is a quarter of the code.
 */
static inline tacit_mpi_uint tacit_mpi_mla_c(tacit_mpi_uint *X, const tacit_mpi_uint *A,
                                             size_t limbs, tacit_mpi_uint b)
{
    tacit_mpi_uint c = 0;
    size_t i;

#if !defined(__OPTIMIZE_SIZE__)
    for (i = limbs / 4; i > 0; i--, X += 4, A += 4) {
        X[0] = tacit_mpi_muladd(&c, A[0], b, X[0], c);
        X[1] = tacit_mpi_muladd(&c, A[1], b, X[1], c);
        X[2] = tacit_mpi_muladd(&c, A[2], b, X[2], c);
        X[3] = tacit_mpi_muladd(&c, A[3], b, X[3], c);
    }
    limbs %= 4;
#endif
    for (i = 0; i < limbs; i++) {
        X[i] = tacit_mpi_muladd(&c, A[i], b, X[i], c);
    }
    return c;
}

/*
 * Carry-propagating add of three limbs: return = a + b + *c (low limb) and
 * *c = the carry (0..2).  Written with comparisons of unsigned values,
 * which compilers turn into adc/setc (no branch); the ct asm check covers
 * the primitives, this is checked by ct_bignum under valgrind.
 */
static inline tacit_mpi_uint tacit_mpi_add3(tacit_mpi_uint a, tacit_mpi_uint b, tacit_mpi_uint *c)
{
    tacit_mpi_uint s = a + *c;
    tacit_mpi_uint k = (tacit_mpi_uint)(s < a);
    tacit_mpi_uint r = s + b;
    *c = k + (tacit_mpi_uint)(r < b);
    return r;
}

/*
 * (hi:lo) / d for hi < d, d with its top bit set.
 * Leaks: everything (division time varies; the portable path branches).
 * Only for: _unsafe callers (public values).
 */
static inline tacit_mpi_uint tacit_mpi_div21_unsafe(tacit_mpi_uint hi, tacit_mpi_uint lo,
                                                    tacit_mpi_uint d)
{
#if defined(TACIT_MPI_HAVE_DBL)
    return (tacit_mpi_uint)((((tacit_mpi_dbl)hi << TACIT_MPI_BIL) | lo) / d);
#else
    tacit_mpi_uint q = 0;
    int i;

    for (i = TACIT_MPI_BIL - 1; i >= 0; i--) {
        tacit_mpi_uint top = hi >> (TACIT_MPI_BIL - 1);
        hi = (hi << 1) | ((lo >> i) & 1);
        q <<= 1;
        if (top != 0 || hi >= d) {
            hi -= d;
            q |= 1;
        }
    }
    return q;
#endif
}

#endif /* TACIT_BIGNUM_CORE_LIMB_H */
