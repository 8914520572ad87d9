/*
 * GF(2^521 - 1) in nine unsaturated limbs of 58 bits (64-bit limbs with
 * 128-bit products only; the 32-bit build keeps the saturated field of
 * ecp_p521.c).  Static inline: included by ecp_p521.c, which runs the point
 * formulas on this form, and by test_ecp_p521_fe.c (differential against
 * GMP).  Everything is constant flow: no branch, no index and no division
 * depends on a value; carries are shifts and masks.
 *
 * An element a = sum a_i 2^(58 i), i = 0..8; limb 8 has weight 2^464, so
 * 2^521 sits at bit 57 of limb 8, and a product column at limb position
 * 9 + k has weight 2^522 2^(58 k) = 2 * 2^(58 k) mod p (since 2^521 = 1).
 *
 * Bounds.  Every function below takes and returns REDUCED elements:
 *     a_i <= 2^58 + 2^14 (i = 0..7),   a_8 <= 2^57 + 2^14,
 * a redundant form: the value may be anything below 2^522 (p and 2p
 * included), congruent to the element.  Only p521_fe58_canon gives
 * the unique form in [0, p - 1] (then a_i < 2^58, a_8 < 2^57), which is what
 * leaves the field (p521_fe58_pack) and what equality tests need.
 * Each function states why its output is reduced again.
 */
#ifndef TACIT_ECP_P521_FE58_H
#define TACIT_ECP_P521_FE58_H

#include <stdint.h>

#include "ec/ecp_fe.h" /* ECP_UNROLL, tacit_ecp_dlimb */

#if TACIT_MPI_LIMB_BITS == 64

#define P521_FE58_M58 ((uint64_t)0x03FFFFFFFFFFFFFFu) /* 2^58 - 1 */
#define P521_FE58_M57 ((uint64_t)0x01FFFFFFFFFFFFFFu) /* 2^57 - 1 */

typedef uint64_t p521_fe58[9];

/*
 * One parallel carry step on limbs s_i < 2^64: every limb keeps its low 58
 * bits (57 for limb 8) and passes the rest (< 2^6, < 2^7 for limb 8) up,
 * limb 8's carry wrapping to limb 0 with weight 2^521 = 1.  Output limbs are
 * <= 2^58 - 1 + 2^7 (limb 0), 2^58 - 1 + 2^6 (1..7), 2^57 - 1 + 2^6
 * (limb 8): reduced.  No serial chain.
 */
static inline void p521_fe58_carry(p521_fe58 r, const p521_fe58 s)
{
    uint64_t c[9];
    int i;

    ECP_UNROLL
    for (i = 0; i < 8; i++) {
        c[i] = s[i] >> 58;
    }
    c[8] = s[8] >> 57;
    r[0] = (s[0] & P521_FE58_M58) + c[8];
    ECP_UNROLL
    for (i = 1; i < 8; i++) {
        r[i] = (s[i] & P521_FE58_M58) + c[i - 1];
    }
    r[8] = (s[8] & P521_FE58_M57) + c[7];
}

/*
 * Lazy forms for the point formulas: the operations below without their
 * carry step.  Their outputs are not reduced; each use states its bound, and
 * a product accepts one WIDE factor (limbs <= 3 * 2^58 + 2^14, limb 8
 * included) next to a reduced one (see p521_fe58_mul).
 */

/* r = a + b, limb by limb, no carry. */
static inline void p521_fe58_add_nc(p521_fe58 r, const p521_fe58 a, const p521_fe58 b)
{
    int i;

    ECP_UNROLL
    for (i = 0; i < 9; i++) {
        r[i] = a[i] + b[i];
    }
}

/* r = k a, limb by limb, no carry (the caller bounds k a_i). */
static inline void p521_fe58_mulk_nc(p521_fe58 r, const p521_fe58 a, unsigned k)
{
    int i;

    ECP_UNROLL
    for (i = 0; i < 9; i++) {
        r[i] = a[i] * k;
    }
}

/*
 * r = a + K p - b limb by limb, no carry, K >= 2 a constant: K p written as
 * limbs K (2^58 - 1) (0..7) and K (2^57 - 1) (limb 8), which sum to K p.
 * No limb goes negative when b_i <= K (2^58 - 1) and b_8 <= K (2^57 - 1);
 * a reduced b qualifies for every K >= 2.
 */
static inline void p521_fe58_subk_nc(p521_fe58 r, const p521_fe58 a, const p521_fe58 b, uint64_t K)
{
    const uint64_t kp = K * P521_FE58_M58, kp8 = K * P521_FE58_M57;
    int i;

    ECP_UNROLL
    for (i = 0; i < 8; i++) {
        r[i] = a[i] + kp - b[i];
    }
    r[8] = a[8] + kp8 - b[8];
}

/* r = a + K p - b, then one carry step: also needs a_i + K 2^58 < 2^64. */
static inline void p521_fe58_subk(p521_fe58 r, const p521_fe58 a, const p521_fe58 b, uint64_t K)
{
    p521_fe58 s;

    p521_fe58_subk_nc(s, a, b, K);
    p521_fe58_carry(r, s);
}

/* r = a + b.  Reduced inputs: sums < 2^59 + 2^15 < 2^61, then one carry step. */
static inline void p521_fe58_add(p521_fe58 r, const p521_fe58 a, const p521_fe58 b)
{
    p521_fe58 s;

    p521_fe58_add_nc(s, a, b);
    p521_fe58_carry(r, s);
}

/*
 * r = k a for a constant k <= 8: limbs k a_i <= 8 (2^58 + 2^14) < 2^62
 * (k <= 3 and a wide: 9 (2^58 + 2^13) < 2^62 too), then one carry step.
 */
static inline void p521_fe58_mulk(p521_fe58 r, const p521_fe58 a, unsigned k)
{
    p521_fe58 s;

    p521_fe58_mulk_nc(s, a, k);
    p521_fe58_carry(r, s);
}

/*
 * r = a - b, as a + 2p - b (p521_fe58_subk with K = 2: limbs 2^59 - 2 and
 * 2^58 - 2).  A reduced b has b_i <= 2^58 + 2^14 < 2^59 - 2 and
 * b_8 < 2^58 - 2, so no limb goes negative; each is < 2^58 + 2^14 + 2^59 <
 * 2^61, then one carry step.
 */
static inline void p521_fe58_sub(p521_fe58 r, const p521_fe58 a, const p521_fe58 b)
{
    p521_fe58_subk(r, a, b, 2);
}

/*
 * Columns c_0..c_8 (128 bits; c_k < 2^121.7 for k < 8 and c_8 < 2^120.8:
 * see the products) to a reduced element in two parallel carry steps, no
 * serial chain through the limbs.  Step 1 splits c_k = h_k 2^58 + l_k
 * (h_k < 2^63.7, h_8 < 2^62.8) and moves h_k one limb up; h_8 leaves limb 8
 * at weight 2^(58 * 9) = 2^522 = 2 (mod p), so limb 0 takes 2 h_8:
 *     s_0 = l_0 + 2 h_8,   s_k = l_k + h_(k-1) (k = 1..8),   all < 2^64.
 * Step 2 is p521_fe58_carry's step (limbs < 2^64): reduced.
 */
static inline void p521_fe58_reduce_cols(p521_fe58 r, const tacit_ecp_dlimb c[9])
{
    uint64_t l[9], h[9], s[9], cy[9];
    int k;

    ECP_UNROLL
    for (k = 0; k < 9; k++) {
        l[k] = (uint64_t)c[k] & P521_FE58_M58;
        h[k] = (uint64_t)(c[k] >> 58);
    }
    s[0] = l[0] + (h[8] << 1);
    ECP_UNROLL
    for (k = 1; k < 9; k++) {
        s[k] = l[k] + h[k - 1];
    }
    ECP_UNROLL
    for (k = 0; k < 8; k++) {
        cy[k] = s[k] >> 58;
    }
    cy[8] = s[8] >> 57;
    r[0] = (s[0] & P521_FE58_M58) + cy[8];
    ECP_UNROLL
    for (k = 1; k < 8; k++) {
        r[k] = (s[k] & P521_FE58_M58) + cy[k - 1];
    }
    r[8] = (s[8] & P521_FE58_M57) + cy[7];
}

/*
 * r = a * b.  Column k sums a_i b_j over i + j = k and 2 a_i b_j over
 * i + j = k + 9 (2^522 = 2): b is doubled once (b2_j = 2 b_j < 2^61) for the
 * wrapped terms.  A column has at most 9 terms, the wrapped ones doubled:
 * 17 - k products' worth for k < 8, 9 for k = 8.  Reduced inputs:
 * a_i b_j < (2^58 + 2^14)^2 < 2^116.01, so c_k < 17 * 2^116.01 < 2^120.1.
 * One factor wide (limbs <= 3 * 2^58 + 2^14), the other reduced:
 * a_i b_j < 3.0001 * 2^116, so c_k < 51.01 * 2^116 < 2^121.7 and
 * c_8 < 27.01 * 2^116 < 2^120.8, what p521_fe58_reduce_cols allows.
 * 81 products.
 */
static inline void p521_fe58_mul(p521_fe58 r, const p521_fe58 a, const p521_fe58 b)
{
    tacit_ecp_dlimb c[9];
    uint64_t b2[9];
    int i, k;

    ECP_UNROLL
    for (i = 0; i < 9; i++) {
        b2[i] = b[i] << 1;
    }
    ECP_UNROLL
    for (k = 0; k < 9; k++) {
        tacit_ecp_dlimb acc = 0;
        ECP_UNROLL
        for (i = 0; i < 9; i++) {
            /* i and k are constants once unrolled: no data-dependent choice */
            if (i <= k) {
                acc += (tacit_ecp_dlimb)a[i] * b[k - i];
            } else {
                acc += (tacit_ecp_dlimb)a[i] * b2[k + 9 - i];
            }
        }
        c[k] = acc;
    }
    p521_fe58_reduce_cols(r, c);
}

/*
 * r = a^2 with 45 products: a cross term a_i a_j (i < j) counts twice in
 * its column, four times when wrapped (i + j >= 9); a square a_i^2 once,
 * twice when wrapped.  Copies a2 = 2a and a4 = 4a (< 2^61) absorb the
 * factors.  In units of u = (2^58 + 2^14)^2 < 2^116.01, column k holds
 * k + 1 from its unwrapped terms and 2 (8 - k) from its wrapped ones, at
 * most 17 u < 2^120.1 as for the product.
 */
static inline void p521_fe58_sqr(p521_fe58 r, const p521_fe58 a)
{
    tacit_ecp_dlimb c[9];
    uint64_t a2[9], a4[9];
    int i, k;

    ECP_UNROLL
    for (i = 0; i < 9; i++) {
        a2[i] = a[i] << 1;
        a4[i] = a[i] << 2;
    }
    ECP_UNROLL
    for (k = 0; k < 9; k++) {
        tacit_ecp_dlimb acc = 0;
        ECP_UNROLL
        for (i = 0; i < 9; i++) {
            int j = k - i;      /* unwrapped partner */
            int jw = k + 9 - i; /* wrapped partner */
            /* all of these tests are on loop counters: constants once unrolled */
            if (j >= 0 && j < 9 && i < j) {
                acc += (tacit_ecp_dlimb)a[i] * a2[j];
            } else if (j >= 0 && j < 9 && i == j) {
                acc += (tacit_ecp_dlimb)a[i] * a[i];
            }
            if (jw >= 0 && jw < 9 && i < jw) {
                acc += (tacit_ecp_dlimb)a[i] * a4[jw];
            } else if (jw >= 0 && jw < 9 && i == jw) {
                acc += (tacit_ecp_dlimb)a[i] * a2[i];
            }
        }
        c[k] = acc;
    }
    p521_fe58_reduce_cols(r, c);
}

/* r = a^(2^k), k >= 1 (k is public). */
static inline void p521_fe58_sqr_n(p521_fe58 r, const p521_fe58 a, int k)
{
    int i;

    p521_fe58_sqr(r, a);
    for (i = 1; i < k; i++) {
        p521_fe58_sqr(r, r);
    }
}

/*
 * r = 1/a = a^(p - 2), 0 -> 0, by an addition chain: p - 2 = 4 (2^519 - 1) + 1,
 * and x_m = a^(2^m - 1) is built as x_{m+l} = x_m^(2^l) x_l.
 * 520 squarings and 13 products.
 */
static inline void p521_fe58_inv(p521_fe58 r, const p521_fe58 a)
{
    p521_fe58 x2, x3, x7, x8, t;

    p521_fe58_sqr(t, a);
    p521_fe58_mul(x2, t, a); /* 2^2 - 1 */
    p521_fe58_sqr(t, x2);
    p521_fe58_mul(x3, t, a); /* 2^3 - 1 */
    p521_fe58_sqr_n(t, x3, 3);
    p521_fe58_mul(t, t, x3); /* 2^6 - 1 */
    p521_fe58_sqr(t, t);
    p521_fe58_mul(x7, t, a); /* 2^7 - 1 */
    p521_fe58_sqr(t, x7);
    p521_fe58_mul(x8, t, a); /* 2^8 - 1 */
    p521_fe58_sqr_n(t, x8, 8);
    p521_fe58_mul(t, t, x8); /* 2^16 - 1 */
    p521_fe58_sqr_n(x8, t, 16);
    p521_fe58_mul(t, x8, t); /* 2^32 - 1 */
    p521_fe58_sqr_n(x8, t, 32);
    p521_fe58_mul(t, x8, t); /* 2^64 - 1 */
    p521_fe58_sqr_n(x8, t, 64);
    p521_fe58_mul(t, x8, t); /* 2^128 - 1 */
    p521_fe58_sqr_n(x8, t, 128);
    p521_fe58_mul(t, x8, t); /* 2^256 - 1 */
    p521_fe58_sqr_n(x8, t, 256);
    p521_fe58_mul(t, x8, t); /* 2^512 - 1 */
    p521_fe58_sqr_n(t, t, 7);
    p521_fe58_mul(t, t, x7); /* 2^519 - 1 */
    p521_fe58_sqr_n(t, t, 2);
    p521_fe58_mul(r, t, a); /* 2^521 - 3 */
}

/*
 * The unique representative in [0, p - 1] of a reduced a.  Serial carry:
 * limbs 0..7 < 2^58, limb 8 < 2^57, and what leaves limb 8 is at most 1
 * (a_8 + carry < 2^58); folded into limb 0 (<= 2^58), a second serial pass
 * leaves at most 1 again, and only if the value was exactly 2^521 (then every
 * limb is 0 and it becomes 1).  The value is now in [0, p]; p (all limbs
 * full) is mapped to 0 with a mask.
 */
static inline void p521_fe58_canon(p521_fe58 r, const p521_fe58 a)
{
    uint64_t t[9], c, all;
    int pass, i;

    for (i = 0; i < 9; i++) {
        t[i] = a[i];
    }
    for (pass = 0; pass < 2; pass++) {
        ECP_UNROLL
        for (i = 0; i < 8; i++) {
            t[i + 1] += t[i] >> 58;
            t[i] &= P521_FE58_M58;
        }
        c = t[8] >> 57;
        t[8] &= P521_FE58_M57;
        t[0] += c;
    }
    all = t[0];
    ECP_UNROLL
    for (i = 1; i < 8; i++) {
        all &= t[i];
    }
    all = tacit_ct_mask_eq_limb(all, P521_FE58_M58) & tacit_ct_mask_eq_limb(t[8], P521_FE58_M57);
    ECP_UNROLL
    for (i = 0; i < 9; i++) {
        r[i] = t[i] & ~all;
    }
}

/* Nine 64-bit limbs holding an integer < 2^521 -> 58-bit limbs (canonical if < p). */
static inline void p521_fe58_unpack(p521_fe58 r, const tacit_mpi_uint *x)
{
    r[0] = x[0] & P521_FE58_M58;
    r[1] = ((x[0] >> 58) | (x[1] << 6)) & P521_FE58_M58;
    r[2] = ((x[1] >> 52) | (x[2] << 12)) & P521_FE58_M58;
    r[3] = ((x[2] >> 46) | (x[3] << 18)) & P521_FE58_M58;
    r[4] = ((x[3] >> 40) | (x[4] << 24)) & P521_FE58_M58;
    r[5] = ((x[4] >> 34) | (x[5] << 30)) & P521_FE58_M58;
    r[6] = ((x[5] >> 28) | (x[6] << 36)) & P521_FE58_M58;
    r[7] = ((x[6] >> 22) | (x[7] << 42)) & P521_FE58_M58;
    r[8] = ((x[7] >> 16) | (x[8] << 48)) & P521_FE58_M57;
}

/* A reduced element -> nine 64-bit limbs, fully reduced (< p). */
static inline void p521_fe58_pack(tacit_mpi_uint *x, const p521_fe58 a)
{
    p521_fe58 t;

    p521_fe58_canon(t, a);
    x[0] = t[0] | (t[1] << 58);
    x[1] = (t[1] >> 6) | (t[2] << 52);
    x[2] = (t[2] >> 12) | (t[3] << 46);
    x[3] = (t[3] >> 18) | (t[4] << 40);
    x[4] = (t[4] >> 24) | (t[5] << 34);
    x[5] = (t[5] >> 30) | (t[6] << 28);
    x[6] = (t[6] >> 36) | (t[7] << 22);
    x[7] = (t[7] >> 42) | (t[8] << 16);
    x[8] = t[8] >> 48;
}

#endif /* TACIT_MPI_LIMB_BITS == 64 */
#endif /* TACIT_ECP_P521_FE58_H */
