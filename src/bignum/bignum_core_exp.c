/*
 * bignum_core modular exponentiation: the constant-time fixed window
 * (secret exponents) and the leaky sliding window (public exponents).
 *
 * Inside both ladders values are "almost reduced" (below R, congruent mod
 * N; see tacit_mpi_core_montmul_lazy): the final tacit_mpi_core_from_mont
 * brings the result below N.
 *
 * They are two functions on purpose.  The constant-time one sizes its
 * window from the exponent's limb count and does the same work for every
 * exponent of that many limbs; the _unsafe one sizes its window from the
 * exponent's actual bit length, so e = 65537 stored in 32 limbs costs what
 * 17 bits cost.  They share only helpers that are constant time either way
 * (Montgomery multiplication and squaring, conversions).
 */
#include "tacit/config.h"

/* -Os builds take the compact form instead: bignum_core_exp_small.c */
#if defined(TACIT_BIGNUM_CORE_C) && !defined(__OPTIMIZE_SIZE__)

#include <string.h>

#include "bignum/bignum_core.h"
#include "bignum/x86_64/ifma.h"
#include "bignum/bignum_core_limb.h"
#include "core/constant_time_internal.h"

#if defined(TACIT_TEST_HOOKS)
unsigned long tacit_mpi_core_test_exp_ct_calls;
unsigned long tacit_mpi_core_test_exp_unsafe_calls;
#endif

/* Largest windows: 2^6 table entries (ct), 2^(6-1) odd powers (unsafe). */
#define CT_WINDOW_MAX 6
#define UNSAFE_WINDOW_MAX 6

/*
 * Bits [pos, pos + len) of E (len <= biL), a window of the exponent.  The
 * position is public; the value is not, and is only ever used as a mask
 * source or a ct table index by the constant-time caller.
 */
static size_t exp_bits(const tacit_mpi_uint *E, size_t elimbs, size_t pos, size_t len)
{
    size_t li = pos / TACIT_MPI_BIL, bi = pos % TACIT_MPI_BIL;
    tacit_mpi_uint v = E[li] >> bi;

    if (bi + len > TACIT_MPI_BIL && li + 1 < elimbs) {
        v |= E[li + 1] << (TACIT_MPI_BIL - bi);
    }
    return (size_t)(v & (((tacit_mpi_uint)1 << len) - 1));
}

/*
 * Window width for the ct ladder over ebits (public) exponent bits.  Every
 * window costs a multiplication plus a table scan touching all 2^w entries,
 * so the best width is a little below the textbook one.
 */
static size_t ct_window(size_t ebits)
{
    if (ebits <= 8) {
        return 1;
    }
    if (ebits <= 48) {
        return 2;
    }
    if (ebits <= 128) {
        return 3;
    }
    if (ebits <= 384) {
        return 4;
    }
    /*
     * 6 bits pay only past 2048: at 4096 bits (64 limbs) 62 more table
     * entries and a scan twice as long (about 930 cycles instead of 465 on
     * Zen 3) save 105 of 850 multiplications (about 11,000 cycles each),
     * some 2% of the exponentiation; at 2048 bits the two nearly cancel.
     */
    if (ebits <= 2048) {
        return 5;
    }
    return CT_WINDOW_MAX;
}

/*
 * Sliding-window width for an exponent of exactly ebits bits: minimise
 * ebits / (w + 1) multiplications plus 2^(w-1) table entries (and the A^2
 * that builds them).  Costs are scaled by 420 (divisible by every w + 1)
 * so they are exact: the best width then never shrinks as ebits grows,
 * which the scratch size (computed from the limb count) relies on.
 */
static size_t unsafe_window(size_t ebits)
{
    size_t w, best = 1, best_cost = (size_t)-1;

    for (w = 1; w <= UNSAFE_WINDOW_MAX; w++) {
        size_t cost = ebits * (420 / (w + 1)) + 420 * (((size_t)1 << (w - 1)) + (w > 1));
        if (cost < best_cost) {
            best_cost = cost;
            best = w;
        }
    }
    return best;
}

size_t tacit_mpi_core_exp_mod_working_limbs(size_t limbs, size_t elimbs)
{
    size_t w = ct_window(elimbs * TACIT_MPI_BIL);

    /* table, selected entry, the table scan's masks, montmul scratch */
    return (((size_t)1 << w) + 1) * limbs + ((size_t)1 << w) +
           TACIT_MPI_CORE_MONTMUL_WORKING_LIMBS(limbs);
}

size_t tacit_mpi_core_exp_mod_unsafe_working_limbs(size_t limbs, size_t elimbs)
{
    size_t w = unsafe_window(elimbs * TACIT_MPI_BIL);

    /* odd powers, A^2, montmul scratch */
    return (((size_t)1 << (w - 1)) + 1) * limbs + TACIT_MPI_CORE_MONTMUL_WORKING_LIMBS(limbs);
}

/* 1 if table_select takes the AVX2 scan: asked once per exponentiation. */
static int table_avx2(void)
{
#if defined(TACIT_MPI_HAVE_X86_64_ADX_ASM) && !defined(__OPTIMIZE_SIZE__)
    return tacit_mpi_core_cpu_has_avx2();
#else
    return 0;
#endif
}

/*
 * X = table[index] for a table of `count` entries of `limbs` limbs, index
 * secret: every entry is read, in full, every time, and ANDed with its
 * mask (all ones for the wanted entry, else zero; made once per call with
 * barriers, so no branch or address depends on the index).  Four output
 * limbs are gathered at a time in registers across all entries (a quarter
 * of the loads and stores of ORing each entry into X), the rest one by one;
 * with AVX2, sixteen at a time in vector registers (bignum_core_x86_64_avx2.c).
 * masks has count limbs of room.
 */
static void table_select(tacit_mpi_uint *X, const tacit_mpi_uint *table, size_t limbs, size_t count,
                         size_t index, tacit_mpi_uint *masks, int avx2)
{
#if defined(__OPTIMIZE_SIZE__)
    /* -Os (firmware): the shared one-entry-at-a-time scan, for code size */
    (void)masks;
    (void)avx2;
    tacit_ct_table_select_limbs(X, table, limbs, count, index);
#else
    size_t i, j, k, full = limbs - limbs % 4;

#if defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)
    if (avx2) {
        tacit_mpi_core_avx2_table_select(X, table, limbs, count, index);
        return;
    }
#else
    (void)avx2;
#endif
    for (i = 0; i < count; i++) {
        masks[i] = tacit_ct_mask_eq_limb((tacit_mpi_uint)i, (tacit_mpi_uint)index);
    }
    for (j = 0; j < full; j += 4) {
        tacit_mpi_uint a0 = 0, a1 = 0, a2 = 0, a3 = 0;
        const tacit_mpi_uint *t = table + j;
        for (i = 0; i < count; i++, t += limbs) {
            tacit_mpi_uint m = masks[i];
            a0 |= t[0] & m;
            a1 |= t[1] & m;
            a2 |= t[2] & m;
            a3 |= t[3] & m;
        }
        X[j] = a0;
        X[j + 1] = a1;
        X[j + 2] = a2;
        X[j + 3] = a3;
    }
    for (k = 0; k < limbs % 4; k++) {
        tacit_mpi_uint a = 0;
        const tacit_mpi_uint *t = table + full + k;
        for (i = 0; i < count; i++, t += limbs) {
            a |= *t & masks[i];
        }
        X[full + k] = a;
    }
#endif
}

/*
 * The ladders' almost-reduced products, with the kernel chosen once per
 * exponentiation (adx: ladder_adx(limbs), public) rather than by each
 * call: the per-call dispatch (montsqr_lazy, cpu_has_adx, the probe) was
 * some 1.5% of an RSA-2048 signature on the MULX/ADX path.
 */
#if defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)
static int ladder_adx(size_t limbs)
{
    return limbs >= 8 && limbs % 4 == 0 && tacit_mpi_core_cpu_has_adx();
}

static inline void ladder_sqr(int adx, tacit_mpi_uint *X, const tacit_mpi_uint *A,
                              const tacit_mpi_uint *N, size_t limbs, tacit_mpi_uint mm,
                              tacit_mpi_uint *T)
{
    if (adx) {
        tacit_mpi_core_adx_montsqr(X, A, N, limbs, mm, T, 1);
    } else {
        tacit_mpi_core_montsqr_lazy(X, A, N, limbs, mm, T);
    }
}

static inline void ladder_mul(int adx, tacit_mpi_uint *X, const tacit_mpi_uint *A,
                              const tacit_mpi_uint *B, const tacit_mpi_uint *N, size_t limbs,
                              tacit_mpi_uint mm, tacit_mpi_uint *T)
{
    if (adx) {
        tacit_mpi_core_adx_montmul(X, A, B, N, limbs, mm, T, 1);
    } else {
        tacit_mpi_core_montmul_lazy(X, A, B, N, limbs, mm, T);
    }
}
#else
#define ladder_adx(limbs) 0
#define ladder_sqr(adx, X, A, N, limbs, mm, T)                                                     \
    ((void)(adx), tacit_mpi_core_montsqr_lazy(X, A, N, limbs, mm, T))
#define ladder_mul(adx, X, A, B, N, limbs, mm, T)                                                  \
    ((void)(adx), tacit_mpi_core_montmul_lazy(X, A, B, N, limbs, mm, T))
#endif

/* X = 1 mod N from RR: R mod N = RR / R, then / R once more. */
static void one_mod(tacit_mpi_uint *X, const tacit_mpi_uint *N, size_t limbs, tacit_mpi_uint mm,
                    const tacit_mpi_uint *RR, tacit_mpi_uint *T)
{
    tacit_mpi_core_from_mont(X, RR, N, limbs, mm, T);
    tacit_mpi_core_from_mont(X, X, N, limbs, mm, T);
}

void tacit_mpi_core_exp_mod(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *N,
                            size_t limbs, const tacit_mpi_uint *E, size_t elimbs,
                            const tacit_mpi_uint *RR, tacit_mpi_uint *T)
{
    size_t ebits = elimbs * TACIT_MPI_BIL;
    size_t w = ct_window(ebits), count = (size_t)1 << w;
    tacit_mpi_uint mm = tacit_mpi_core_mont_init(N);
    tacit_mpi_uint *table = T;
    tacit_mpi_uint *sel = table + count * limbs;
    tacit_mpi_uint *masks = sel + limbs;
    tacit_mpi_uint *W = masks + count;
    size_t i, pos, first;
    int adx, avx2;

#if defined(TACIT_TEST_HOOKS)
    tacit_mpi_core_test_exp_ct_calls++;
#endif
    if (elimbs == 0) {
        one_mod(X, N, limbs, mm, RR, W);
        return;
    }
#if defined(TACIT_MPI_HAVE_X86_64_IFMA)
    /* AVX-512 IFMA, radix 2^52 (bignum_core_x86_64_ifma.c): 0 if not here */
    if (tacit_mpi_core_ifma_exp_mod(X, A, N, limbs, E, elimbs, RR)) {
        return;
    }
#endif
    /*
     * table[i] = A^i R mod N; A is not read after this, so X may alias it.
     * The even entries are squares of table[i / 2] (a squaring is about a
     * third cheaper than a multiplication on the MULX/ADX kernels).
     */
    tacit_mpi_core_from_mont(table, RR, N, limbs, mm, W);
    tacit_mpi_core_to_mont(table + limbs, A, N, limbs, mm, RR, W);
    adx = ladder_adx(limbs);
    for (i = 2; i < count; i++) {
        if (i % 2 == 0) {
            ladder_sqr(adx, table + i * limbs, table + (i / 2) * limbs, N, limbs, mm, W);
        } else {
            ladder_mul(adx, table + i * limbs, table + (i - 1) * limbs, table + limbs, N, limbs, mm,
                       W);
        }
    }

    /* every window: w squarings, one scan of the whole table, one multiplication */
    avx2 = table_avx2();
    first = ebits % w == 0 ? w : ebits % w;
    pos = ebits - first;
    table_select(X, table, limbs, count, exp_bits(E, elimbs, pos, first), masks, avx2);
    while (pos > 0) {
        pos -= w;
        for (i = 0; i < w; i++) {
            ladder_sqr(adx, X, X, N, limbs, mm, W);
        }
        table_select(sel, table, limbs, count, exp_bits(E, elimbs, pos, w), masks, avx2);
        ladder_mul(adx, X, X, sel, N, limbs, mm, W);
    }
    tacit_mpi_core_from_mont(X, X, N, limbs, mm, W);
}

/* Bit i of E. */
static unsigned exp_bit(const tacit_mpi_uint *E, size_t i)
{
    return (unsigned)((E[i / TACIT_MPI_BIL] >> (i % TACIT_MPI_BIL)) & 1);
}

/*
 * Multiplications and squarings (table included) that the sliding window
 * below does for E (ebits bits, ebits >= 1) with windows of w bits: the
 * same scan, counting instead of multiplying.
 */
static size_t unsafe_cost(const tacit_mpi_uint *E, size_t ebits, size_t w)
{
    size_t i = ebits, lo, ops = w > 1 ? ((size_t)1 << (w - 1)) : 0; /* A^2 and the odd powers */
    int started = 0;

    while (i > 0) {
        if (exp_bit(E, i - 1) == 0) {
            ops++;
            i--;
            continue;
        }
        lo = i >= w ? i - w : 0;
        while (exp_bit(E, lo) == 0) {
            lo++;
        }
        ops += started ? i - lo + 1 : 0;
        started = 1;
        i = lo;
    }
    return ops;
}

/*
 * The window for this E: the cheapest by unsafe_cost, no wider than the
 * scratch allows (unsafe_window of the limb count's bits).  A sparse
 * exponent such as 65537 takes w = 1 (no table: 16 squarings and one
 * multiplication), where the width from the bit length alone (w = 2)
 * would build a table it never uses.
 */
static size_t unsafe_window_for(const tacit_mpi_uint *E, size_t elimbs, size_t ebits)
{
    size_t w, best = 1, best_cost = (size_t)-1, wmax = unsafe_window(elimbs * TACIT_MPI_BIL);

    for (w = 1; w <= wmax; w++) {
        size_t cost = unsafe_cost(E, ebits, w);
        if (cost < best_cost) {
            best_cost = cost;
            best = w;
        }
    }
    return best;
}

void tacit_mpi_core_exp_mod_unsafe(tacit_mpi_uint *X, const tacit_mpi_uint *A,
                                   const tacit_mpi_uint *N, size_t limbs, const tacit_mpi_uint *E,
                                   size_t elimbs, const tacit_mpi_uint *RR, tacit_mpi_uint *T)
{
    size_t ebits = tacit_mpi_core_bitlen_unsafe(E, elimbs);
    size_t w = ebits == 0 ? 1 : unsafe_window_for(E, elimbs, ebits), count = (size_t)1 << (w - 1);
    tacit_mpi_uint mm = tacit_mpi_core_mont_init(N);
    tacit_mpi_uint *table = T;
    tacit_mpi_uint *A2 = table + count * limbs;
    tacit_mpi_uint *W = A2 + limbs;
    size_t i, j, k, started = 0;

#if defined(TACIT_TEST_HOOKS)
    tacit_mpi_core_test_exp_unsafe_calls++;
#endif
    if (ebits == 0) {
        one_mod(X, N, limbs, mm, RR, W);
        return;
    }
#if defined(TACIT_MPI_HAVE_X86_64_IFMA)
    /* AVX-512 IFMA, square-and-multiply for short exponents: 0 if not here */
    if (tacit_mpi_core_ifma_exp_mod_unsafe(X, A, N, limbs, E, ebits, RR)) {
        return;
    }
#endif
    /* table[i] = A^(2i+1) R mod N */
    tacit_mpi_core_to_mont(table, A, N, limbs, mm, RR, W);
    if (count > 1) {
        tacit_mpi_core_montsqr_lazy(A2, table, N, limbs, mm, W);
        for (i = 1; i < count; i++) {
            tacit_mpi_core_montmul_lazy(table + i * limbs, table + (i - 1) * limbs, A2, N, limbs,
                                        mm, W);
        }
    }

    /* left to right: a zero bit is a squaring; a one bit starts a window
     * of up to w bits that ends on a one */
    i = ebits;
    while (i > 0) {
        size_t lo, val;
        if (exp_bit(E, i - 1) == 0) {
            tacit_mpi_core_montsqr_lazy(X, X, N, limbs, mm, W);
            i--;
            continue;
        }
        lo = i >= w ? i - w : 0;
        while (exp_bit(E, lo) == 0) {
            lo++;
        }
        val = 0;
        for (j = i; j-- > lo;) {
            val = (val << 1) | exp_bit(E, j);
        }
        if (started) {
            for (k = lo; k < i; k++) {
                tacit_mpi_core_montsqr_lazy(X, X, N, limbs, mm, W);
            }
            tacit_mpi_core_montmul_lazy(X, X, table + (val >> 1) * limbs, N, limbs, mm, W);
        } else {
            memcpy(X, table + (val >> 1) * limbs, limbs * sizeof(*X));
            started = 1;
        }
        i = lo;
    }
    tacit_mpi_core_from_mont(X, X, N, limbs, mm, W);
}

#else
typedef int tacit_bignum_core_exp_unused;
#endif /* TACIT_BIGNUM_CORE_C && !__OPTIMIZE_SIZE__ */
