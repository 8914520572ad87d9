/*
 * Constant-time division, bit lengths and shifts by a secret count on
 * fixed-size limb arrays (bignum_core).
 *
 * tacit_mpi_core_divmod_ct is schoolbook long division one limb of
 * quotient at a time (Knuth's algorithm D) in constant flow: the divisor may
 * be secret and even (d mod (p - 1) for RSA-CRT exponents), which Montgomery
 * reduction (tacit_mpi_core_mod_ct) cannot do.  The divisor is normalised
 * by a secret shift (its top bit into the top of its last limb), each
 * quotient limb is estimated from the top two limbs of the remainder by a
 * 2-by-1 division with the reciprocal of the divisor's top limb (two
 * multiplications and two masked corrections; the reciprocal itself is one
 * bit-serial division per call: no division instruction anywhere), the
 * estimate is at most 2 too large, and exactly two masked add-backs correct
 * it.  Cost: (alimbs + 1) * (4 * blimbs + a few) limb operations plus
 * biL for the reciprocal, whatever the values.  Under -Os the binary long
 * division stays (smaller code).
 */
#include "tacit/config.h"

#if defined(TACIT_BIGNUM_C)

#include <string.h>

#include "bignum/bignum_core.h"
#include "bignum/bignum_core_limb.h"
#include "core/constant_time_internal.h"

#if defined(__OPTIMIZE_SIZE__)
/* Binary long division: one conditional subtraction per bit of A. */
void tacit_mpi_core_divmod_ct(tacit_mpi_uint *Q, tacit_mpi_uint *R, const tacit_mpi_uint *A,
                              size_t alimbs, const tacit_mpi_uint *B, size_t blimbs,
                              tacit_mpi_uint *T)
{
    tacit_mpi_uint *r = T, *t = T + blimbs + 1;
    size_t i, j;

    memset(r, 0, (blimbs + 1) * sizeof(*r));
    if (Q != NULL) {
        memset(Q, 0, alimbs * sizeof(*Q));
    }
    for (i = alimbs * TACIT_MPI_LIMB_BITS; i-- > 0;) {
        tacit_mpi_uint bit = (A[i / TACIT_MPI_LIMB_BITS] >> (i % TACIT_MPI_LIMB_BITS)) & 1;
        tacit_mpi_uint borrow, ge;
        /* r = 2r + bit; r < 2B fits in blimbs + 1 limbs */
        for (j = blimbs + 1; j-- > 1;) {
            r[j] = (r[j] << 1) | (r[j - 1] >> (TACIT_MPI_LIMB_BITS - 1));
        }
        r[0] = (r[0] << 1) | bit;
        /* if r >= B: r -= B, quotient bit 1 */
        borrow = tacit_mpi_core_sub(t, r, B, blimbs);
        borrow = tacit_mpi_core_sub_limb(t + blimbs, r + blimbs, borrow, 1);
        ge = tacit_ct_mask_from_bit_limb(borrow ^ 1);
        tacit_mpi_core_cond_assign(r, t, blimbs + 1, ge);
        if (Q != NULL) {
            Q[i / TACIT_MPI_LIMB_BITS] |= (ge & 1) << (i % TACIT_MPI_LIMB_BITS);
        }
    }
    if (R != NULL) {
        memcpy(R, r, blimbs * sizeof(*R));
    }
}

void tacit_mpi_core_divmod_top_ct(tacit_mpi_uint *Q, tacit_mpi_uint *R, const tacit_mpi_uint *A,
                                  size_t alimbs, const tacit_mpi_uint *B, size_t blimbs,
                                  tacit_mpi_uint *T)
{
    tacit_mpi_core_divmod_ct(Q, R, A, alimbs, B, blimbs, T);
}
#else
/*
 * (hi:lo) / d for d with its top bit set and hi <= d, bit by bit with masks:
 * the quotient limb, or all ones when hi == d (the estimate is then clamped,
 * as Knuth's algorithm D does).
 */
static tacit_mpi_uint div2by1(tacit_mpi_uint hi, tacit_mpi_uint lo, tacit_mpi_uint d)
{
    tacit_mpi_uint q = 0, rem = hi, full = tacit_ct_mask_eq_limb(hi, d);
    size_t i;

    for (i = TACIT_MPI_LIMB_BITS; i-- > 0;) {
        tacit_mpi_uint top = rem >> (TACIT_MPI_LIMB_BITS - 1), ge;

        rem = (rem << 1) | ((lo >> i) & 1);
        /* rem < 2d: subtract d once if the shifted-out bit was set or rem >= d */
        ge = tacit_ct_mask_from_bit_limb(top) | tacit_ct_mask_ge_limb(rem, d);
        rem -= d & ge;
        q |= (ge & 1) << i;
    }
    return q | full;
}

/*
 * The reciprocal of a normalised d: v = floor((2^(2 biL) - 1) / d) - 2^biL,
 * that is (~d : ~0) / d, with ~d < d (Moller and Granlund, "Improved
 * division by invariant integers", IEEE Trans. Computers 60(2), 2011).
 */
static tacit_mpi_uint reciprocal(tacit_mpi_uint d)
{
    return div2by1(~d, ~(tacit_mpi_uint)0, d);
}

/*
 * div2by1 with the reciprocal v of d (Moller and Granlund's algorithm 4):
 * a product estimate, then at most one step down and one step up, both
 * masked.  hi == d is clamped to all ones as above (the estimate is then
 * meaningless and overwritten by the mask).
 */
static tacit_mpi_uint div2by1_inv(tacit_mpi_uint hi, tacit_mpi_uint lo, tacit_mpi_uint d,
                                  tacit_mpi_uint v)
{
    tacit_mpi_uint full = tacit_ct_mask_eq_limb(hi, d), q1, q0, r, m;

    q0 = tacit_mpi_muladd(&q1, v, hi, lo, 0); /* (q1:q0) = v hi + (hi:lo) */
    q1 += hi + 1;
    r = lo - q1 * d;
    m = tacit_ct_mask_gt_limb(r, q0); /* one too large */
    q1 += m;
    r += d & m;
    m = tacit_ct_mask_ge_limb(r, d); /* one too small (rare) */
    q1 -= m;
    return q1 | full;
}

/*
 * The long division with A widened by `extra` limbs: blimbs in general, 1
 * when B's top limb is known nonzero (the normalising shift is then below
 * one limb).  The remainder starts as the top blimbs - 1 limbs of the
 * shifted A (below D, whose top bit is set): those iterations would give
 * quotient limbs of zero.  alimbs + extra - blimbs + 1 iterations.
 */
static void divmod_impl(tacit_mpi_uint *Q, tacit_mpi_uint *R, const tacit_mpi_uint *A,
                        size_t alimbs, const tacit_mpi_uint *B, size_t blimbs, tacit_mpi_uint *T,
                        size_t extra)
{
    size_t n = alimbs + extra, sh, j, k, maxsh = extra * TACIT_MPI_LIMB_BITS - 1;
    tacit_mpi_uint *D = T;              /* B << sh, blimbs limbs */
    tacit_mpi_uint *AA = D + blimbs;    /* A << sh, n limbs */
    tacit_mpi_uint *r = AA + n;         /* the running remainder, blimbs + 1 limbs */
    tacit_mpi_uint *P = r + blimbs + 1; /* q * D, blimbs + 1 limbs */
    tacit_mpi_uint v;                   /* the reciprocal of D's top limb */

    /* normalise: the top bit of B to the top of its last limb (sh secret) */
    sh = blimbs * TACIT_MPI_LIMB_BITS - tacit_mpi_core_bitlen_ct(B, blimbs);
    memcpy(D, B, blimbs * sizeof(*D));
    tacit_mpi_core_shift_l_secret(D, blimbs, sh, maxsh);
    memcpy(AA, A, alimbs * sizeof(*AA));
    memset(AA + alimbs, 0, extra * sizeof(*AA));
    tacit_mpi_core_shift_l_secret(AA, n, sh, maxsh);
    memset(r, 0, (blimbs + 1) * sizeof(*r));
    memcpy(r, AA + n - (blimbs - 1), (blimbs - 1) * sizeof(*r));
    if (Q != NULL) {
        memset(Q, 0, alimbs * sizeof(*Q));
    }
    v = reciprocal(D[blimbs - 1]);
    for (j = n - (blimbs - 1); j-- > 0;) {
        tacit_mpi_uint q, neg, carry;

        /* r = r * 2^biL + AA[j]: r < D before, so r fits blimbs + 1 limbs after */
        for (k = blimbs; k > 0; k--) {
            r[k] = r[k - 1];
        }
        r[0] = AA[j];
        q = div2by1_inv(r[blimbs], r[blimbs - 1], D[blimbs - 1], v);
        /* r -= q * D; negative (q one or two too large) shows as a borrow */
        memset(P, 0, (blimbs + 1) * sizeof(*P));
        P[blimbs] = tacit_mpi_core_mla(P, D, blimbs, q);
        neg = tacit_ct_mask_from_bit_limb(tacit_mpi_core_sub(r, r, P, blimbs + 1));
        for (k = 0; k < 2; k++) {
            carry = tacit_mpi_core_add_if(r, D, blimbs, neg);
            carry = tacit_mpi_core_add_limb(r + blimbs, r + blimbs, carry & neg & 1, 1);
            q -= neg & 1;
            neg &= ~tacit_ct_mask_from_bit_limb(carry);
        }
        if (Q != NULL && j < alimbs) { /* j is public; higher quotient limbs are zero */
            Q[j] = q;
        }
    }
    if (R != NULL) {
        /* r = (A mod B) << sh */
        tacit_mpi_core_shift_r_secret(r, blimbs, sh, maxsh, P);
        memcpy(R, r, blimbs * sizeof(*R));
    }
}

void tacit_mpi_core_divmod_ct(tacit_mpi_uint *Q, tacit_mpi_uint *R, const tacit_mpi_uint *A,
                              size_t alimbs, const tacit_mpi_uint *B, size_t blimbs,
                              tacit_mpi_uint *T)
{
    divmod_impl(Q, R, A, alimbs, B, blimbs, T, blimbs);
}

void tacit_mpi_core_divmod_top_ct(tacit_mpi_uint *Q, tacit_mpi_uint *R, const tacit_mpi_uint *A,
                                  size_t alimbs, const tacit_mpi_uint *B, size_t blimbs,
                                  tacit_mpi_uint *T)
{
    divmod_impl(Q, R, A, alimbs, B, blimbs, T, 1);
}
#endif /* __OPTIMIZE_SIZE__ */

size_t tacit_mpi_core_bitlen_ct(const tacit_mpi_uint *A, size_t limbs)
{
    size_t i, len = 0;

    for (i = 0; i < limbs; i++) {
        tacit_mpi_uint x = A[i], nz = tacit_ct_mask_nonzero_limb(x);
        size_t bits = 0, s;
        /* bit length of one limb by halving steps with masks */
        for (s = TACIT_MPI_LIMB_BITS / 2; s > 0; s /= 2) {
            tacit_mpi_uint hi = tacit_ct_mask_nonzero_limb(x >> s);
            bits += (size_t)(hi & s);
            x = tacit_ct_select_limb(hi, x >> s, x);
        }
        bits += (size_t)(x & 1);
        len = tacit_ct_select_size(tacit_ct_mask_from_bit_size((size_t)(nz & 1)),
                                   i * TACIT_MPI_LIMB_BITS + bits, len);
    }
    return len;
}

size_t tacit_mpi_core_ctz_ct(const tacit_mpi_uint *A, size_t limbs)
{
    size_t i, n = 0;
    tacit_mpi_uint seen = 0;

    for (i = 0; i < limbs * TACIT_MPI_LIMB_BITS; i++) {
        tacit_mpi_uint bit = (A[i / TACIT_MPI_LIMB_BITS] >> (i % TACIT_MPI_LIMB_BITS)) & 1;
        seen |= bit;
        n += (size_t)(seen ^ 1);
    }
    return n;
}

void tacit_mpi_core_shift_r_secret(tacit_mpi_uint *X, size_t limbs, size_t count, size_t maxcount,
                                   tacit_mpi_uint *T)
{
    size_t s, b;

    /* bit b of count by a shift: count / s compiled to a div (timing varies with count) */
    for (s = 1, b = 0; s <= maxcount && s != 0; s <<= 1, b++) {
        tacit_mpi_uint m = tacit_ct_mask_from_bit_limb((tacit_mpi_uint)((count >> b) & 1));
        memcpy(T, X, limbs * sizeof(*T));
        tacit_mpi_core_shift_r(T, limbs, s);
        tacit_mpi_core_cond_assign(X, T, limbs, m);
    }
}

#if defined(__OPTIMIZE_SIZE__)
/* -Os (firmware): one in-place masked pass per bit of count (the smaller code) */
void tacit_mpi_core_shift_l_secret(tacit_mpi_uint *X, size_t limbs, size_t count, size_t maxcount)
{
    size_t s, i, b;

    for (s = 1, b = 0; s <= maxcount && s != 0; s <<= 1, b++) {
        tacit_mpi_uint m = tacit_ct_mask_from_bit_limb((tacit_mpi_uint)((count >> b) & 1));
        size_t ls = s / TACIT_MPI_LIMB_BITS, bs = s % TACIT_MPI_LIMB_BITS;
        /* in place from the top: X[i] takes bits from X[i - ls] and X[i - ls - 1] */
        for (i = limbs; i-- > 0;) {
            tacit_mpi_uint lo = i >= ls ? X[i - ls] : 0;
            tacit_mpi_uint lo2 = i >= ls + 1 ? X[i - ls - 1] : 0;
            tacit_mpi_uint v = bs == 0 ? lo : (lo << bs) | (lo2 >> (TACIT_MPI_LIMB_BITS - bs));
            X[i] = (v & m) | (X[i] & ~m);
        }
    }
}

#else
/*
 * 2^b for a secret b < biL: one masked step a bit of b (the shifts are
 * public).  Not in -Os builds: only the shift below and the inverse use it.
 */
tacit_mpi_uint tacit_mpi_core_pow2_ct(size_t b)
{
    tacit_mpi_uint p = 1;
    unsigned j;

    for (j = 0; ((size_t)1 << j) < TACIT_MPI_LIMB_BITS; j++) {
        tacit_mpi_uint m = tacit_ct_mask_from_bit_limb((tacit_mpi_uint)((b >> j) & 1));
        p = (p & ~m) | ((p << (1u << j)) & m);
    }
    return p;
}

/*
 * Whole limbs: one in-place masked pass per bit of count / biL (up to
 * maxcount); the bits below biL: one pass multiplying by 2^(count mod
 * biL), the product's high limb carried into the next limb (a shift by a
 * secret count without a shift instruction whose count is secret).  At
 * 1024 bits 4 + 1 passes where one masked pass a bit of count took 10.
 */
void tacit_mpi_core_shift_l_secret(tacit_mpi_uint *X, size_t limbs, size_t count, size_t maxcount)
{
    tacit_mpi_uint p, hi, carry = 0;
    size_t s, i, b;

    /* s = 2^b: bit b of count by a shift (count / s would compile to a div on the secret) */
    b = TACIT_MPI_LIMB_BITS == 64 ? 6 : 5;
    for (s = TACIT_MPI_LIMB_BITS; s <= maxcount && s != 0; s <<= 1, b++) {
        tacit_mpi_uint m = tacit_ct_mask_from_bit_limb((tacit_mpi_uint)((count >> b) & 1));
        size_t ls = s / TACIT_MPI_LIMB_BITS;
        /* in place from the top: X[i] takes X[i - ls] */
        for (i = limbs; i-- > 0;) {
            tacit_mpi_uint v = i >= ls ? X[i - ls] : 0;
            X[i] = (v & m) | (X[i] & ~m);
        }
    }
    p = tacit_mpi_core_pow2_ct(count % TACIT_MPI_LIMB_BITS);
    for (i = 0; i < limbs; i++) {
        tacit_mpi_uint lo = tacit_mpi_mul11(&hi, X[i], p);
        X[i] = lo | carry;
        carry = hi;
    }
}
#endif /* __OPTIMIZE_SIZE__ */

size_t tacit_mpi_core_gcd_prologue_ct(tacit_mpi_uint *X, tacit_mpi_uint *Y, const tacit_mpi_uint *A,
                                      const tacit_mpi_uint *B, size_t limbs, tacit_mpi_uint *T,
                                      tacit_mpi_uint *nz)
{
    size_t bits = limbs * TACIT_MPI_LIMB_BITS, k, i;

    for (i = 0; i < limbs; i++) {
        X[i] = A[i];
        Y[i] = B[i];
        T[i] = A[i] | B[i];
    }
    *nz = ~tacit_mpi_core_is_zero_ct(T, limbs);
    k = tacit_mpi_core_ctz_ct(T, limbs);
    tacit_mpi_core_shift_r_secret(X, limbs, k, bits, T);
    tacit_mpi_core_shift_r_secret(Y, limbs, k, bits, T);
    tacit_mpi_core_cond_swap(X, Y, limbs, tacit_ct_mask_from_bit_limb((X[0] & 1) ^ 1));
    return k;
}

#else
typedef int tacit_bignum_core_div_ct_unused;
#endif /* TACIT_BIGNUM_C */
