/*
 * bignum_core Montgomery arithmetic: mm, R^2 mod N (leaky and constant-time
 * variants), multiplication and squaring with a masked final subtraction,
 * conversions, and a constant-time reduction of a long value mod N.
 */
#include "tacit/config.h"

#if defined(TACIT_BIGNUM_CORE_C)

#include <string.h>

#include "bignum/bignum_core.h"
#include "bignum/bignum_core_limb.h"
#include "core/constant_time_internal.h"
#include "tacit/platform.h"

tacit_mpi_uint tacit_mpi_core_mont_init(const tacit_mpi_uint *N)
{
    tacit_mpi_uint n0 = N[0], x = n0;
    unsigned i;

    /*
     * Newton's iteration x <- x (2 - n0 x) doubles the number of correct low
     * bits; an odd n0 is its own inverse mod 8, so 3 -> 6 -> ... -> 96 bits.
     */
    for (i = 0; i < 5; i++) {
        x *= 2 - n0 * x;
    }
    return (tacit_mpi_uint)0 - x;
}

/*
 * The reduction rows: for i < limbs, T[i..) += N * (T[i] * mm), carries
 * rippled up; returns the carry out of T[2 limbs - 1].  Which kernel runs
 * depends only on the CPU and the (public) size.
 */
static tacit_mpi_uint redc_rows(tacit_mpi_uint *T, const tacit_mpi_uint *N, size_t limbs,
                                tacit_mpi_uint mm)
{
    tacit_mpi_uint c = 0;
    size_t i;
    int adx = 0;

#if defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)
    adx = limbs > 0 && tacit_mpi_core_cpu_has_adx();
    if (adx && limbs % 4 == 0) {
        return tacit_mpi_core_adx_redc_rows(T, N, limbs, mm);
    }
#endif
    for (i = 0; i < limbs; i++) {
        tacit_mpi_uint m = T[i] * mm;
        tacit_mpi_uint cy =
            adx ? tacit_mpi_core_mla(T + i, N, limbs, m) : tacit_mpi_mla_c(T + i, N, limbs, m);
        T[i + limbs] = tacit_mpi_add3(T[i + limbs], cy, &c);
    }
    return c;
}

/*
 * Montgomery reduction: X = T * R^-1 mod N, for T (2*limbs limbs, destroyed)
 * below R * N.  The intermediate is below 2N; one masked subtraction.
 */
static void mont_redc(tacit_mpi_uint *X, tacit_mpi_uint *T, const tacit_mpi_uint *N, size_t limbs,
                      tacit_mpi_uint mm)
{
    tacit_mpi_uint c, borrow;

#if defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)
    if (limbs >= 8 && limbs % 8 == 0 && tacit_mpi_core_cpu_has_adx()) {
        tacit_mpi_core_adx_redc(X, T, N, limbs, mm); /* the 8-limb window */
        return;
    }
#endif
    c = redc_rows(T, N, limbs, mm);

    /* the value is c * R + T[limbs..2limbs), below 2N */
    borrow = tacit_mpi_core_sub(X, T + limbs, N, limbs);
    tacit_mpi_core_cond_assign(X, T + limbs, limbs, tacit_ct_mask_from_bit_limb(borrow & (c ^ 1)));
}

/*
 * The C path of montmul: CIOS with the multiplication and the reduction
 * fused, one pass over T (limbs + 1 limbs) per limb of B, two carry limbs.
 * T stays below A + N (< 2R, so T[limbs] <= 1) and ends below 2N; one
 * masked subtraction.
 */
#if !defined(__OPTIMIZE_SIZE__)
static void montmul_cios(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *B,
                         const tacit_mpi_uint *N, size_t limbs, tacit_mpi_uint mm,
                         tacit_mpi_uint *T)
{
    size_t i, j;
    tacit_mpi_uint borrow;

    if (limbs == 0) {
        return;
    }
    memset(T, 0, (limbs + 1) * sizeof(*T));
    for (i = 0; i < limbs; i++) {
        tacit_mpi_uint b = B[i], c1, c2, m, u, top;

        u = tacit_mpi_muladd(&c1, A[0], b, T[0], 0);
        m = u * mm;
        (void)tacit_mpi_muladd(&c2, N[0], m, u, 0); /* low limb is 0 by choice of m */
        for (j = 1; j < limbs; j++) {
            u = tacit_mpi_muladd(&c1, A[j], b, T[j], c1);
            T[j - 1] = tacit_mpi_muladd(&c2, N[j], m, u, c2);
        }
        top = T[limbs];
        T[limbs - 1] = tacit_mpi_add3(c1, c2, &top);
        T[limbs] = top;
    }
    borrow = tacit_mpi_core_sub(X, T, N, limbs);
    tacit_mpi_core_cond_assign(X, T, limbs, tacit_ct_mask_from_bit_limb(borrow & (T[limbs] ^ 1)));
}
#endif

#if defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)
/* 1 if the fused MULX/ADX Montgomery kernels take this size on this CPU. */
static int adx_mont(size_t limbs)
{
    return limbs >= 8 && limbs % 4 == 0 && tacit_mpi_core_cpu_has_adx();
}
#endif

void tacit_mpi_core_montmul(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *B,
                            const tacit_mpi_uint *N, size_t limbs, tacit_mpi_uint mm,
                            tacit_mpi_uint *T)
{
#if defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)
    if (adx_mont(limbs)) {
        tacit_mpi_core_adx_montmul(X, A, B, N, limbs, mm, T, 0);
        return;
    }
    /* other sizes: the MULX/ADX rows (product, then reduction) beat the C CIOS */
    if (limbs > 0 && tacit_mpi_core_cpu_has_adx()) {
        tacit_mpi_core_mul(T, A, limbs, B, limbs);
        mont_redc(X, T, N, limbs, mm);
        return;
    }
#endif
#if defined(__OPTIMIZE_SIZE__)
    /* -Os (firmware): the multiply + reduce pair montsqr needs anyway, no extra loop */
    tacit_mpi_core_mul(T, A, limbs, B, limbs);
    mont_redc(X, T, N, limbs, mm);
#else
    montmul_cios(X, A, B, N, limbs, mm, T);
#endif
}

void tacit_mpi_core_montsqr(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *N,
                            size_t limbs, tacit_mpi_uint mm, tacit_mpi_uint *T)
{
#if defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)
    if (adx_mont(limbs)) {
        tacit_mpi_core_adx_montsqr(X, A, N, limbs, mm, T, 0);
        return;
    }
#endif
    tacit_mpi_core_sqr(T, A, limbs);
    mont_redc(X, T, N, limbs, mm);
}

void tacit_mpi_core_montmul_lazy(tacit_mpi_uint *X, const tacit_mpi_uint *A,
                                 const tacit_mpi_uint *B, const tacit_mpi_uint *N, size_t limbs,
                                 tacit_mpi_uint mm, tacit_mpi_uint *T)
{
#if defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)
    if (adx_mont(limbs)) {
        tacit_mpi_core_adx_montmul(X, A, B, N, limbs, mm, T, 1);
        return;
    }
#endif
    tacit_mpi_core_montmul(X, A, B, N, limbs, mm, T);
}

void tacit_mpi_core_montsqr_lazy(tacit_mpi_uint *X, const tacit_mpi_uint *A,
                                 const tacit_mpi_uint *N, size_t limbs, tacit_mpi_uint mm,
                                 tacit_mpi_uint *T)
{
#if defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)
    if (adx_mont(limbs)) {
        tacit_mpi_core_adx_montsqr(X, A, N, limbs, mm, T, 1);
        return;
    }
#endif
    tacit_mpi_core_montsqr(X, A, N, limbs, mm, T);
}

void tacit_mpi_core_to_mont(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *N,
                            size_t limbs, tacit_mpi_uint mm, const tacit_mpi_uint *RR,
                            tacit_mpi_uint *T)
{
    tacit_mpi_core_montmul(X, A, RR, N, limbs, mm, T);
}

void tacit_mpi_core_from_mont(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *N,
                              size_t limbs, tacit_mpi_uint mm, tacit_mpi_uint *T)
{
    memcpy(T, A, limbs * sizeof(*T));
    memset(T + limbs, 0, limbs * sizeof(*T));
    mont_redc(X, T, N, limbs, mm);
}

void tacit_mpi_core_mod_ct(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t alimbs,
                           const tacit_mpi_uint *N, size_t limbs, tacit_mpi_uint mm,
                           const tacit_mpi_uint *RR, tacit_mpi_uint *T)
{
#if defined(__OPTIMIZE_SIZE__) && defined(TACIT_BIGNUM_C)
    /* -Os (firmware) with the tacit_mpi layer: its binary long division, for code size */
    (void)mm;
    (void)RR;
    tacit_mpi_core_divmod_ct(NULL, X, A, alimbs, N, limbs, T);
#else
    tacit_mpi_uint *W = T;                 /* montmul scratch, 2 * limbs + 1 */
    tacit_mpi_uint *C = T + 2 * limbs + 1; /* a chunk of A */
    tacit_mpi_uint *U = C + limbs;         /* chunk * R mod N */
    size_t chunks, top, i;

    if (alimbs == 0) {
        memset(X, 0, limbs * sizeof(*X));
        return;
    }
    /*
     * A = sum C_i R^i.  Horner from the top, keeping Z * R mod N (Z the
     * value of the chunks seen so far): Z' R = (Z R) R R / R + C_i R R / R,
     * two Montgomery multiplications by RR and a modular addition per chunk.
     */
    chunks = (alimbs + limbs - 1) / limbs;
    top = (chunks - 1) * limbs;
    memset(C, 0, limbs * sizeof(*C));
    memcpy(C, A + top, (alimbs - top) * sizeof(*C));
    tacit_mpi_core_montmul(X, C, RR, N, limbs, mm, W);
    for (i = chunks - 1; i-- > 0;) {
        tacit_mpi_core_montmul(X, X, RR, N, limbs, mm, W);
        tacit_mpi_core_montmul(U, A + i * limbs, RR, N, limbs, mm, W);
        tacit_mpi_core_add_mod(X, X, U, N, limbs);
    }
    tacit_mpi_core_from_mont(X, X, N, limbs, mm, W);
#endif
}

/* ---- R^2 mod N ---------------------------------------------------------------- */

/*
 * RR = R^2 mod N from the start value 2^start, which must be below N.
 * The doublings reach 2^(W + a) mod N = (2^a) R mod N (W = limbs * biL,
 * R = 2^W), the Montgomery form of 2^a; s Montgomery squarings then give
 * the form of 2^(a 2^s).  With W = a 2^s (a the odd part of W) that is
 * 2^W R = R^2: W + a - start doublings and s squarings instead of 2W -
 * start doublings.  The squarings' scratch is on the stack, so sizes up
 * to R2_SQUARE_MAX_LIMBS (4096 bits) take this way; larger ones, and -Os
 * builds (code size), double all the way.  start is public (it depends
 * on limbs only); every doubling is a masked subtraction.
 */
#define R2_SQUARE_MAX_LIMBS (4096 / TACIT_MPI_BIL)

static void r2_from(tacit_mpi_uint *RR, const tacit_mpi_uint *N, size_t limbs, size_t start)
{
    size_t k, i, doublings = 2 * limbs * TACIT_MPI_BIL - start;
#if !defined(__OPTIMIZE_SIZE__)
    tacit_mpi_uint T[2 * R2_SQUARE_MAX_LIMBS + 1];
    size_t a = limbs * TACIT_MPI_BIL, squarings = 0;

    if (limbs == 0 || limbs > R2_SQUARE_MAX_LIMBS) {
        a = 0;
    }
    while (a > 0 && a % 2 == 0) {
        a /= 2;
        squarings++;
    }
    if (a > 0) {
        doublings = limbs * TACIT_MPI_BIL + a - start;
    }
#endif

    memset(RR, 0, limbs * sizeof(*RR));
    if (limbs == 0) {
        return;
    }
    RR[start / TACIT_MPI_BIL] = (tacit_mpi_uint)1 << (start % TACIT_MPI_BIL);
#if !defined(__OPTIMIZE_SIZE__)
    if (a > 0) {
        /*
         * RR < N throughout: 2 RR into T and 2 RR - N into RR in one pass,
         * then T selected back where the subtraction borrowed (and 2 RR
         * did not overflow).
         */
        for (k = 0; k < doublings; k++) {
            tacit_mpi_uint carry = 0, borrow = 0, keep;
            for (i = 0; i < limbs; i++) {
                tacit_mpi_uint x = RR[i], x2 = (x << 1) | carry, d = x2 - N[i];
                tacit_mpi_uint b = (tacit_mpi_uint)(x2 < N[i]);
                carry = x >> (TACIT_MPI_BIL - 1);
                T[i] = x2;
                RR[i] = d - borrow;
                borrow = b | (tacit_mpi_uint)(d < borrow);
            }
            keep = tacit_ct_mask_from_bit_limb(borrow & (carry ^ 1));
            for (i = 0; i < limbs; i++) {
                RR[i] ^= (RR[i] ^ T[i]) & keep;
            }
        }
    } else
#endif
    {
        /* RR < N throughout: double, subtract N, add it back if that went below 0 */
        for (k = 0; k < doublings; k++) {
            tacit_mpi_uint carry = 0, borrow;
            for (i = 0; i < limbs; i++) {
                tacit_mpi_uint x = RR[i];
                RR[i] = (x << 1) | carry;
                carry = x >> (TACIT_MPI_BIL - 1);
            }
            borrow = tacit_mpi_core_sub(RR, RR, N, limbs);
            (void)tacit_mpi_core_add_if(RR, N, limbs,
                                        tacit_ct_mask_from_bit_limb(borrow & (carry ^ 1)));
        }
    }
#if !defined(__OPTIMIZE_SIZE__)
    if (a > 0 && squarings > 0) {
        tacit_mpi_uint mm = tacit_mpi_core_mont_init(N);
        for (k = 0; k < squarings; k++) {
            tacit_mpi_core_montsqr(RR, RR, N, limbs, mm, T);
        }
        tacit_platform_zeroize(T, (2 * limbs + 1) * sizeof(*T));
    }
#endif
}

void tacit_mpi_core_get_mont_r2_ct(tacit_mpi_uint *RR, const tacit_mpi_uint *N, size_t limbs)
{
    r2_from(RR, N, limbs, 0); /* 1 < N for any odd N > 1 */
}

void tacit_mpi_core_get_mont_r2_full_ct(tacit_mpi_uint *RR, const tacit_mpi_uint *N, size_t limbs)
{
    /*
     * N[limbs - 1] != 0, so N >= 2^(W - biL) > 2^(W - biL - 1): the doublings
     * from 1 up to there would only shift.  For 1024 bits that is 66
     * doublings instead of 1025 (which took nine tenths of this R^2's time).
     */
    r2_from(RR, N, limbs, limbs > 1 ? (limbs - 1) * TACIT_MPI_BIL - 1 : 0);
}

#if defined(__OPTIMIZE_SIZE__)
/* -Os (firmware): the doubling above serves public moduli too, for code size */
void tacit_mpi_core_get_mont_r2_unsafe(tacit_mpi_uint *RR, const tacit_mpi_uint *N, size_t limbs)
{
    tacit_mpi_core_get_mont_r2_ct(RR, N, limbs);
}
#else
/* Limb i of N << s (0 <= s < biL), computed on the fly. */
static tacit_mpi_uint shifted_limb(const tacit_mpi_uint *N, size_t i, unsigned s)
{
    tacit_mpi_uint v = N[i] << s;

    if (s > 0 && i > 0) {
        v |= N[i - 1] >> (TACIT_MPI_BIL - s);
    }
    return v;
}

void tacit_mpi_core_get_mont_r2_unsafe(tacit_mpi_uint *RR, const tacit_mpi_uint *N, size_t limbs)
{
    /*
     * With Nn = N << s normalised (top bit of its top limb nt-1 set), keep
     * Y = 2^(k+s) mod Nn = 2^s (2^k mod N) in RR[0..nt) and raise k from
     * bitlen(N) - 1 to 2 * limbs * biL by up to biL bits per step, each step
     * one Knuth quotient estimate from the top limbs (off by at most 2).
     */
    size_t b = tacit_mpi_core_bitlen_unsafe(N, limbs);
    size_t nt = (b + TACIT_MPI_BIL - 1) / TACIT_MPI_BIL;
    unsigned s = (unsigned)(nt * TACIT_MPI_BIL - b);
    size_t rem = 2 * limbs * TACIT_MPI_BIL - (b - 1);
    tacit_mpi_uint dtop = shifted_limb(N, nt - 1, s);
    size_t i;

    memset(RR, 0, limbs * sizeof(*RR));
    RR[nt - 1] = (tacit_mpi_uint)1 << (TACIT_MPI_BIL - 1);
    while (rem > 0) {
        unsigned sh = rem >= TACIT_MPI_BIL ? TACIT_MPI_BIL : (unsigned)rem;
        tacit_mpi_uint ytop, q, mc = 0, br = 0;

        /* Y <<= sh into nt + 1 limbs (ytop the extra one) */
        if (sh == TACIT_MPI_BIL) {
            ytop = RR[nt - 1];
            memmove(RR + 1, RR, (nt - 1) * sizeof(*RR));
            RR[0] = 0;
        } else {
            ytop = RR[nt - 1] >> (TACIT_MPI_BIL - sh);
            tacit_mpi_core_shift_l(RR, nt, sh);
        }
        rem -= sh;

        q = ytop >= dtop ? TACIT_MPI_UINT_MAX : tacit_mpi_div21_unsafe(ytop, RR[nt - 1], dtop);
        for (i = 0; i < nt; i++) {
            tacit_mpi_uint y = RR[i];
            tacit_mpi_uint p = tacit_mpi_muladd(&mc, q, shifted_limb(N, i, s), mc, 0);
            tacit_mpi_uint d = y - p;
            tacit_mpi_uint b1 = (tacit_mpi_uint)(y < p);
            RR[i] = d - br;
            br = b1 | (tacit_mpi_uint)(d < br);
        }
        {
            tacit_mpi_uint d = ytop - mc;
            tacit_mpi_uint b1 = (tacit_mpi_uint)(ytop < mc);
            ytop = d - br;
            br = b1 | (tacit_mpi_uint)(d < br);
        }
        while (br != 0) {
            /* q was too large: add Nn back until the value is non-negative */
            tacit_mpi_uint c = 0, old;
            for (i = 0; i < nt; i++) {
                RR[i] = tacit_mpi_add3(RR[i], shifted_limb(N, i, s), &c);
            }
            old = ytop;
            ytop += c;
            br = (tacit_mpi_uint)(ytop >= old); /* no carry out of the top yet */
        }
    }
    tacit_mpi_core_shift_r(RR, nt, s);
}
#endif /* __OPTIMIZE_SIZE__ */

#else
typedef int tacit_bignum_core_mont_unused;
#endif /* TACIT_BIGNUM_CORE_C */
