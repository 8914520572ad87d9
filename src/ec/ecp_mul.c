/*
 * Scalar multiplication.
 *
 * Secret scalars (tacit_ecp_mul_ct, tacit_ecp_mul_base_ct) use the regular
 * signed-window recoding: an odd scalar k is written as
 *     k = sum_i d_i 2^(W i),  every d_i odd in [-(2^W - 1), 2^W - 1],
 * so every digit costs the same: one masked scan of a table of the 16 odd
 * multiples, one conditional negation, one addition.  An even k is replaced
 * by n - k (odd) and the result negated, both with masks.
 *
 * Recoding (from the bits of k, no carries): with k_0 = k and
 * k_{i+1} = (k_i >> W) | 1 = (k >> W(i+1)) | 1, the digit is
 * d_i = (k_i mod 2^(W+1)) - 2^W and the last digit is k_{D-1} itself
 * (< 2^W because W*D >= bits).  Indeed k_i - d_i = 2^W k_{i+1}.
 */
#include "ec/ecp_internal.h"
#include "bignum/bignum_core.h"

/* The small profile (TACIT_ECP_SMALL) has its own ladder: ecp_small_mul.c. */
#if defined(TACIT_ECP_C) && !defined(TACIT_ECP_SMALL)

#include <string.h>

#define W TACIT_ECP_W

/*
 * Variable base, Jacobian coordinates, the table affine. Exceptional cases
 * of tacit_ecp_jac_madd (the same as the full addition's: P == Q, P == -Q, P
 * infinity; a table entry is never infinity): the accumulator after the top
 * digits is A_i P with A_i = k_i = (k >> W i) | 1 >= 1 (the recoding's
 * partial values), and the step i adds d_i P to 2^W A_{i+1} P. For i >= 1, 0
 * < 2^W A_{i+1} <= k/2^W + 2^W and |d_i| < 2^W, so 2^W A_{i+1} = +-d_i (mod
 * n) would need equality of integers, impossible as 2^W A_{i+1} >= 2^W >
 * |d_i|. Only the last step (i = 0) can meet P == Q (k = 2 d_0 - n... i.e. k
 * = n - 2|d_0|) or P == -Q (k = 0, excluded); it uses
 * tacit_ecp_jac_add_dbl_ct. The table (2j+1)P = (2j-1)P + 2P (co-Z
 * additions, tacit_ecp_jac_odd_table) never meets them since n > 33.
 */
/*
 * tab[j] (count <= TACIT_ECP_TABLE Jacobian points, none infinity) to
 * affine in place (Z = 1), with one inversion for all (Montgomery's trick):
 * the tables of P multiples of tacit_ecp_mul_ct and of verification, whose
 * mixed additions cost less than full ones.  Constant time (the inversion
 * too); the values are those of the table, not its index.
 */
static void jac_table_to_affine(const tacit_ecp_curve *c, tacit_mpi_uint *tab, size_t count)
{
    size_t n = c->limbs, pn = 3 * n, j;
    tacit_mpi_uint pre[TACIT_ECP_TABLE * TACIT_ECP_N], inv[TACIT_ECP_N], zi[TACIT_ECP_N],
        t[TACIT_ECP_N];

    memcpy(pre, tab + 2 * n, n * sizeof(tacit_mpi_uint));
    for (j = 1; j < count; j++) {
        c->mul(pre + j * n, pre + (j - 1) * n, tab + j * pn + 2 * n);
    }
    tacit_ecp_fe_inv(c, inv, pre + (count - 1) * n);
    for (j = count; j-- > 0;) {
        tacit_mpi_uint *P = tab + j * pn;
        if (j > 0) {
            c->mul(zi, inv, pre + (j - 1) * n); /* 1 / Z_j */
            c->mul(inv, inv, P + 2 * n);        /* 1 / (Z_0 ... Z_(j-1)) */
        } else {
            memcpy(zi, inv, sizeof(zi));
        }
        c->sqr(t, zi, zi);
        c->mul(P, P, t);
        c->mul(t, t, zi);
        c->mul(P + n, P + n, t);
        memcpy(P + 2 * n, c->one, n * sizeof(tacit_mpi_uint));
    }
    tacit_platform_zeroize(pre, sizeof(pre));
    tacit_platform_zeroize(inv, sizeof(inv));
    tacit_platform_zeroize(zi, sizeof(zi));
    tacit_platform_zeroize(t, sizeof(t));
}

int tacit_ecp_mul_ct(const tacit_ecp_curve *c, tacit_mpi_uint *x, tacit_mpi_uint *y,
                     const tacit_mpi_uint *k, const tacit_mpi_uint *px, const tacit_mpi_uint *py,
                     tacit_rng_func f_rng, void *p_rng)
{
    size_t n = c->limbs, an = 2 * n;
    tacit_mpi_uint tab[TACIT_ECP_TABLE * 3 * TACIT_ECP_N];
    tacit_mpi_uint Q[3 * TACIT_ECP_N], T[3 * TACIT_ECP_N];
    tacit_mpi_uint kk[TACIT_ECP_N], l[TACIT_ECP_N], l2[TACIT_ECP_N];
    tacit_mpi_uint even;
    uint32_t index, neg;
    int ret = 0;
    size_t i;

#if defined(TACIT_ECP_P521_MUL58)
    if (c->id == TACIT_ECP_SECP521R1) { /* public */
        return tacit_ecp_p521_mul_ct(c, x, y, k, px, py, f_rng, p_rng);
    }
#endif
    /*
     * The odd multiples (2j+1) P, built in Jacobian coordinates and made
     * affine with one inversion: every step then adds with the mixed
     * formula (8M + 3S instead of 12M + 4S) and scans 2/3 of the bytes.
     * The table holds multiples of the public P only; the blinding goes to
     * the accumulator, which starts as (x l^2, y l^3, l) for a random l.
     */
    memcpy(tab, px, n * sizeof(tacit_mpi_uint));
    memcpy(tab + n, py, n * sizeof(tacit_mpi_uint));
    memcpy(tab + 2 * n, c->one, n * sizeof(tacit_mpi_uint));
    memcpy(l, c->one, n * sizeof(tacit_mpi_uint));
    if (f_rng != NULL) {
        ret = tacit_ecp_mul_random_fe(c, l, f_rng, p_rng);
        if (ret != 0) {
            goto cleanup;
        }
    }
    tacit_ecp_jac_odd_table(c, tab, tab, TACIT_ECP_TABLE);
    jac_table_to_affine(c, tab, TACIT_ECP_TABLE);
    for (i = 1; i < TACIT_ECP_TABLE; i++) { /* (x, y) entries, packed */
        memmove(tab + i * an, tab + i * 3 * n, an * sizeof(tacit_mpi_uint));
    }

    even = tacit_ecp_mul_make_odd(c, kk, k);
    tacit_ecp_mul_digit(c, kk, c->digits - 1, &index, &neg);
    tacit_ecp_select(T, tab, an, TACIT_ECP_TABLE, index);
    c->sqr(l2, l, l);
    c->mul(Q, T, l2);
    c->mul(l2, l2, l);
    c->mul(Q + n, T + n, l2);
    memcpy(Q + 2 * n, l, n * sizeof(tacit_mpi_uint));
    memcpy(T + 2 * n, c->one, n * sizeof(tacit_mpi_uint)); /* T as Jacobian, for step 0 */
    for (i = c->digits - 1; i-- > 0;) {
        tacit_ecp_jac_dbl_n(c, Q, Q, W);
        tacit_ecp_mul_digit(c, kk, i, &index, &neg);
        tacit_ecp_select(T, tab, an, TACIT_ECP_TABLE, index);
        tacit_ecp_fe_cond_neg(c, T + n, T + n, (tacit_mpi_uint)0 - (tacit_mpi_uint)(neg & 1u));
        if (i > 0) {
            tacit_ecp_jac_madd(c, Q, Q, T);
        } else {
            tacit_ecp_jac_add_dbl_ct(c, Q, Q, T);
        }
    }
    tacit_ecp_fe_cond_neg(c, Q + n, Q + n, even);
    /* infinity cannot happen for k in [1, n-1] and P of order n; say so if it does */
    if (tacit_ct_declassify_u32((uint32_t)(tacit_ecp_jac_to_affine(c, x, y, Q) & 1u))) {
        ret = TACIT_ERR_ECP_INVALID_POINT;
    }

cleanup:
    tacit_platform_zeroize(tab, sizeof(tab));
    tacit_platform_zeroize(Q, sizeof(Q));
    tacit_platform_zeroize(T, sizeof(T));
    tacit_platform_zeroize(kk, sizeof(kk));
    tacit_platform_zeroize(l, sizeof(l));
    tacit_platform_zeroize(l2, sizeof(l2));
    return ret;
}

/* ---- the larger fixed-base combs (TACIT_ECP_P256_COMB7, _P521_COMB5) ------- */

/*
 * k*G with T tables of 2^(w-1) affine points (table t: m 2^(wt) G,
 * m = 1..2^(w-1)): P-256 w = 7, T = 37; P-521 w = 5, T = 105.  One masked
 * scan and one mixed Jacobian-affine addition per Booth digit, no doubling;
 * the tables are read from the top (t = T - 1) down.
 *
 * The scalar recoded is K = kk + n, where kk = k or n - k, whichever is
 * even (the result is negated with a mask when it is n - k), except for
 * the one kk (if any) with kk = 2 d_0 (d_0 the last digit of kk + n; on
 * P-256 kk = 94, on P-521 none), which takes K = kk + 3n instead (selected
 * with masks).  So K = kk mod n, K is odd and n <= K <= 3n + 2^w <
 * 2^(wT - 1), and the Booth digits sum to K exactly; 3/2 2^(w(T-1)) < n for
 * both curves (2^252, 2^520), and the top digit is d_{T-1} >= 1
 * (d_{T-1} 2^(w(T-1)) = K - L_{T-1} with K >= n > 2^(w(T-1)) and
 * |L_{T-1}| < 2^(w(T-1)) / 2 + 2^(wT-2w)).
 *
 * Why the incomplete mixed addition is enough, on every step.  Write S_t =
 * sum_{j>=t} d_j 2^(wj) (the digits already added after step t) and
 * L_t = K - S_t, with |L_t| < 2^(wt) (|d_j| <= 2^(w-1)) and S_t a multiple
 * of 2^(wt).  Step t adds B = d_t 2^(wt) G to A = S_{t+1} G; B is infinity
 * when d_t = 0 (handled with a mask).
 * - Step T - 1: A is infinity (public): the accumulator is B itself.
 * - Steps 1 <= t <= T - 2: S_{t+1} > n - 2^(w(t+1)) > 0 and S_{t+1} < 4n
 *   (K <= 3n + 2^w), and S_{t+1} - d_t 2^(wt) lies in
 *   (n - 3/2 2^(w(T-1)), 4n), all positive.  All three are multiples of
 *   2^(wt) (wt >= 5), while the multiples of n in (0, 4n) are n, 3n (odd)
 *   and 2n (twice an odd number).  So A is not infinity (S_{t+1} = 0 mod
 *   n), A != B (S_{t+1} - d_t 2^(wt) = 0 mod n) and A != -B (S_t = 0 mod n).
 * - Step 0: d_0 is odd (K is), so B is not infinity; A = S_1 G is not
 *   infinity (S_1 is a positive multiple of 2^w below 4n, as above); A !=
 *   -B as S_0 = K = kk != 0 mod n.  A == B would need K - 2 d_0 in
 *   {n, 2n, 3n} (it lies in (0, 4n)).  For K = kk + n: K - 2 d_0 = n is
 *   kk = 2 d_0, the kk moved to kk + 3n; 2n would make kk = n + 2 d_0 odd;
 *   3n is out of reach as kk < n.  For K = kk + 3n (kk = 2 d_0): its last
 *   digit is d_0' = d_0 + 2n mod 2^w != d_0, so K - 2 d_0' = 3n is
 *   excluded, and n, 2n would need |kk - 2 d_0'| >= n.
 * Blinding: the accumulator starts as B = (x l^2, y l^3, l) for a random l
 * (step T - 1), so every later value is randomized; the additions keep the
 * randomization, with two products for the whole comb.
 */
/* The steps of mul_base_comb: Q = K G (K = kk, n + 1 limbs), blinded by l. */
static void comb_steps(const tacit_ecp_curve *c, tacit_mpi_uint *Q, const tacit_mpi_uint *kk,
                       const tacit_mpi_uint *l)
{
    size_t n = c->limbs, an = 2 * n, t, points = (size_t)1 << (c->comb_w - 1);
    tacit_mpi_uint R[3 * TACIT_ECP_N], T[3 * TACIT_ECP_N], l2[TACIT_ECP_N];
    tacit_mpi_uint b_inf;
    uint32_t mag, neg;

    for (t = c->comb_tables; t-- > 0;) {
        tacit_ecp_booth_digit(kk, n + 1, t, c->comb_w, &mag, &neg);
        /* mag = 0 selects nothing (index wraps): T = 0 */
        tacit_ecp_select(T, c->comb + t * points * an, an, points, (size_t)mag - 1u);
        tacit_ecp_fe_cond_neg(c, T + n, T + n, (tacit_mpi_uint)0 - (tacit_mpi_uint)(neg & 1u));
        if (t + 1 == c->comb_tables) { /* public: the first step, A infinity, B not */
            c->sqr(l2, l, l);
            c->mul(Q, T, l2);
            c->mul(l2, l2, l);
            c->mul(Q + n, T + n, l2);
            memcpy(Q + 2 * n, l, n * sizeof(tacit_mpi_uint));
            continue;
        }
        b_inf = tacit_ct_mask_eq_limb((tacit_mpi_uint)mag, 0);
        tacit_ecp_jac_madd(c, R, Q, T);
        /* B infinity: R = A */
        tacit_ct_memcpy_if_limbs(b_inf, R, Q, 3 * n);
        memcpy(Q, R, 3 * n * sizeof(tacit_mpi_uint));
    }
    tacit_platform_zeroize(R, sizeof(R));
    tacit_platform_zeroize(T, sizeof(T));
    tacit_platform_zeroize(l2, sizeof(l2));
}

static int mul_base_comb(const tacit_ecp_curve *c, tacit_mpi_uint *J, const tacit_mpi_uint *k,
                         tacit_rng_func f_rng, void *p_rng)
{
    size_t n = c->limbs, i;
    tacit_mpi_uint Q[3 * TACIT_ECP_N], l[TACIT_ECP_N];
    tacit_mpi_uint kk[TACIT_ECP_N + 1], t_odd[TACIT_ECP_N];
    tacit_mpi_uint odd, carry;
    uint32_t mag, neg;
    int ret = 0;

    memcpy(l, c->one, n * sizeof(tacit_mpi_uint));
    if (f_rng != NULL) {
        ret = tacit_ecp_mul_random_fe(c, l, f_rng, p_rng);
        if (ret != 0) {
            goto cleanup;
        }
    }

    /* kk = k if k is even, n - k (even) if k is odd; then K = kk + n (n + 1 limbs) */
    odd = tacit_ct_mask_from_bit_limb(k[0] & 1);
    tacit_ecp_modsub(t_odd, c->n, k, c->n, n);
    for (i = 0; i < n; i++) {
        t_odd[i] = tacit_ct_select_limb(odd, t_odd[i], k[i]);
    }
    carry = tacit_mpi_core_add(kk, t_odd, c->n, n);
    kk[n] = carry;
    /* kk = 2 d_0 (t_odd: kk): K = kk + 3n instead, with masks */
    tacit_ecp_booth_digit(kk, n + 1, 0, c->comb_w, &mag, &neg);
    carry = t_odd[0] ^ (tacit_mpi_uint)(2u * mag);
    for (i = 1; i < n; i++) {
        carry |= t_odd[i];
    }
    carry = tacit_ct_mask_eq_limb(carry, 0) & ~(tacit_mpi_uint)(0 - (tacit_mpi_uint)(neg & 1u));
    kk[n] += tacit_mpi_core_add_if(kk, c->n, n, carry);
    kk[n] += tacit_mpi_core_add_if(kk, c->n, n, carry);

#if defined(TACIT_ECP_P256_ADX) && defined(TACIT_ECP_P256_COMB7)
    if (c->jac_madd == tacit_ecp_p256_adx_jac_madd) { /* public: the curve's build */
        tacit_ecp_p256_adx_comb(c, Q, kk, l);
    } else
#endif
    {
        comb_steps(c, Q, kk, l);
    }
    tacit_ecp_fe_cond_neg(c, Q + n, Q + n, odd);
    memcpy(J, Q, sizeof(Q));

cleanup:
    tacit_platform_zeroize(Q, sizeof(Q));
    tacit_platform_zeroize(l, sizeof(l));
    tacit_platform_zeroize(kk, sizeof(kk));
    tacit_platform_zeroize(t_odd, sizeof(t_odd));
    return ret;
}

/*
 * Fixed base: digits are grouped by their position modulo the spacing S;
 * table t holds (2m+1) 2^(W S t) G.  Horner over j = S-1 .. 0:
 *     Q = 2^W Q + sum_t d_{S t + j} 2^(W S t) G.
 * The additions use complete projective formulas, so the accumulator may be
 * anything (it starts at infinity).
 */
int tacit_ecp_mul_base_jac_ct(const tacit_ecp_curve *c, tacit_mpi_uint *J, const tacit_mpi_uint *k,
                              tacit_rng_func f_rng, void *p_rng)
{
    const size_t S = TACIT_ECP_COMB_SPACING;
    size_t n = c->limbs, an = 2 * n;
    size_t ntab = (c->digits + S - 1) / S;
    tacit_mpi_uint Q[3 * TACIT_ECP_N], T[2 * TACIT_ECP_N];
    tacit_mpi_uint kk[TACIT_ECP_N];
    tacit_mpi_uint even;
    uint32_t index, neg;
    size_t i, j, t;
    int ret = 0;

#if defined(TACIT_ECP_P384_COMB6)
    if (c->id == TACIT_ECP_SECP384R1) { /* public: the curve (its own recoding) */
        return tacit_ecp_p384_mul_base_comb(c, J, k, f_rng, p_rng);
    }
#endif
    if (c->comb != NULL) {
        return mul_base_comb(c, J, k, f_rng, p_rng); /* public: the curve */
    }

    /* infinity (0 : 1 : 0), or (0 : l : 0) when blinding */
    memset(Q, 0, sizeof(Q));
    if (f_rng != NULL) {
        ret = tacit_ecp_mul_random_fe(c, Q + n, f_rng, p_rng);
        if (ret != 0) {
            goto cleanup;
        }
    } else {
        memcpy(Q + n, c->one, n * sizeof(tacit_mpi_uint));
    }

    even = tacit_ecp_mul_make_odd(c, kk, k);
    for (j = S; j-- > 0;) {
        if (j + 1 < S) {
            for (i = 0; i < W; i++) {
                tacit_ecp_proj_dbl(c, Q, Q);
            }
        }
        for (t = 0; t < ntab; t++) {
            i = S * t + j;
            if (i >= c->digits) {
                continue; /* public: depends on the curve only */
            }
            tacit_ecp_mul_digit(c, kk, i, &index, &neg);
            tacit_ecp_select(T, c->gtab + t * TACIT_ECP_TABLE * an, an, TACIT_ECP_TABLE, index);
            tacit_ecp_fe_cond_neg(c, T + n, T + n, (tacit_mpi_uint)0 - (tacit_mpi_uint)(neg & 1u));
            tacit_ecp_proj_madd(c, Q, Q, T);
        }
    }
    tacit_ecp_fe_cond_neg(c, Q + n, Q + n, even);
    /* projective (X : Y : Z) -> Jacobian (X Z, Y Z^2, Z): x = X/Z, y = Y/Z */
    c->sqr(T, Q + 2 * n, Q + 2 * n);
    c->mul(J, Q, Q + 2 * n);
    c->mul(J + n, Q + n, T);
    memcpy(J + 2 * n, Q + 2 * n, n * sizeof(tacit_mpi_uint));

cleanup:
    tacit_platform_zeroize(Q, sizeof(Q));
    tacit_platform_zeroize(T, sizeof(T));
    tacit_platform_zeroize(kk, sizeof(kk));
    return ret;
}

int tacit_ecp_mul_base_ct(const tacit_ecp_curve *c, tacit_mpi_uint *x, tacit_mpi_uint *y,
                          const tacit_mpi_uint *k, tacit_rng_func f_rng, void *p_rng)
{
    tacit_mpi_uint J[3 * TACIT_ECP_N];
    int ret = tacit_ecp_mul_base_jac_ct(c, J, k, f_rng, p_rng);

    if (ret == 0) {
        (void)tacit_ecp_jac_to_affine(c, x, y, J);
    }
    tacit_platform_zeroize(J, sizeof(J));
    return ret;
}

/* ---- public scalars: ECDSA verification ------------------------------------ */

/*
 * Leaks: P, Q and which exceptional case occurred (branches).
 * Only for: public points (signature verification).
 * R = P + Q in Jacobian coordinates, any inputs.  The incomplete addition
 * runs first: its Z3 = Z1 Z2 H is zero (with Z1, Z2 non-zero) exactly when
 * x1 = x2, i.e. P = -Q (the result, infinity, is right) or P = Q (it is
 * not: double instead).  Only then are the y coordinates compared.
 */
static void jac_add_unsafe(const tacit_ecp_curve *c, tacit_mpi_uint *R, const tacit_mpi_uint *P,
                           const tacit_mpi_uint *Q)
{
    size_t n = c->limbs;
    tacit_mpi_uint S[3 * TACIT_ECP_N];
    tacit_mpi_uint a[TACIT_ECP_N], b[TACIT_ECP_N], z1[TACIT_ECP_N], z2[TACIT_ECP_N];

    if (tacit_ecp_is_zero_ct(P + 2 * n, n)) {
        memmove(R, Q, 3 * n * sizeof(tacit_mpi_uint));
        return;
    }
    if (tacit_ecp_is_zero_ct(Q + 2 * n, n)) {
        memmove(R, P, 3 * n * sizeof(tacit_mpi_uint));
        return;
    }
    tacit_ecp_jac_add(c, S, P, Q);
    if (!tacit_ecp_is_zero_ct(S + 2 * n, n)) {
        memcpy(R, S, 3 * n * sizeof(tacit_mpi_uint));
        return;
    }
    /* same x: P == Q when Y1 Z2^3 == Y2 Z1^3 */
    c->sqr(z1, P + 2 * n, P + 2 * n);
    c->sqr(z2, Q + 2 * n, Q + 2 * n);
    c->mul(z1, z1, P + 2 * n);
    c->mul(z2, z2, Q + 2 * n);
    c->mul(a, P + n, z2);
    c->mul(b, Q + n, z1);
    if (memcmp(a, b, n * sizeof(tacit_mpi_uint)) == 0) {
        tacit_ecp_jac_dbl(c, R, P);
    } else {
        memset(R, 0, 3 * n * sizeof(tacit_mpi_uint));
    }
}

/*
 * Leaks: P, Q and which exceptional case occurred (branches).
 * Only for: public points (signature verification).
 * R = P + Q for P Jacobian (any) and Q affine (not infinity); the
 * exceptional cases are found after the addition as in jac_add_unsafe.
 */
static void jac_madd_unsafe(const tacit_ecp_curve *c, tacit_mpi_uint *R, const tacit_mpi_uint *P,
                            const tacit_mpi_uint *Qaff)
{
    size_t n = c->limbs;
    tacit_mpi_uint S[3 * TACIT_ECP_N];
    tacit_mpi_uint a[TACIT_ECP_N], z1[TACIT_ECP_N];

    if (tacit_ecp_is_zero_ct(P + 2 * n, n)) {
        memmove(R, Qaff, 2 * n * sizeof(tacit_mpi_uint));
        memcpy(R + 2 * n, c->one, n * sizeof(tacit_mpi_uint));
        return;
    }
    tacit_ecp_jac_madd(c, S, P, Qaff);
    if (!tacit_ecp_is_zero_ct(S + 2 * n, n)) {
        memcpy(R, S, 3 * n * sizeof(tacit_mpi_uint));
        return;
    }
    /* same x: P == Q when Y1 == y2 Z1^3 */
    c->sqr(z1, P + 2 * n, P + 2 * n);
    c->mul(z1, z1, P + 2 * n);
    c->mul(a, Qaff + n, z1);
    if (memcmp(a, P + n, n * sizeof(tacit_mpi_uint)) == 0) {
        tacit_ecp_jac_dbl(c, R, P);
    } else {
        memset(R, 0, 3 * n * sizeof(tacit_mpi_uint));
    }
}

/* wNAF digits of a public scalar (n limbs), width w: odd |d| < 2^(w-1). */
static size_t wnaf(signed char *digits, size_t maxd, const tacit_mpi_uint *k, size_t n, int w)
{
    tacit_mpi_uint t[TACIT_ECP_N + 1];
    size_t len = 0, i;
    int nonzero;

    memcpy(t, k, n * sizeof(tacit_mpi_uint));
    t[n] = 0;
    for (;;) {
        nonzero = 0;
        for (i = 0; i <= n; i++) {
            nonzero |= (t[i] != 0);
        }
        if (!nonzero || len >= maxd) {
            break;
        }
        if (t[0] & 1) {
            int d = (int)(t[0] & (((tacit_mpi_uint)1 << w) - 1));
            if (d >= (1 << (w - 1))) {
                d -= 1 << w;
            }
            digits[len] = (signed char)d;
            /* t -= d */
            if (d > 0) {
                tacit_mpi_uint borrow = (tacit_mpi_uint)d;
                for (i = 0; i <= n && borrow; i++) {
                    tacit_mpi_uint old = t[i];
                    t[i] = old - borrow;
                    borrow = old < borrow;
                }
            } else {
                tacit_mpi_uint carry = (tacit_mpi_uint)(-d);
                for (i = 0; i <= n && carry; i++) {
                    t[i] += carry;
                    carry = t[i] < carry;
                }
            }
        } else {
            digits[len] = 0;
        }
        len++;
        for (i = 0; i < n; i++) {
            t[i] = (t[i] >> 1) | (t[i + 1] << (TACIT_MPI_LIMB_BITS - 1));
        }
        t[n] >>= 1;
    }
    return len;
}

#define WNAF_G 6 /* odd multiples up to 31 G: table 0 of the fixed-base tables */
#define WNAF_Q 5 /* odd multiples up to 15 Q, computed per call */

/*
 * Leaks: u1, u2 and Q (branches, table indices, timing).
 * Only for: ECDSA verification (public u1, u2, Q).
 * R = u1 G + u2 Q in Jacobian coordinates (Z = 0: infinity).
 */
static void muladd_jac_unsafe(const tacit_ecp_curve *c, tacit_mpi_uint *R, const tacit_mpi_uint *u1,
                              const tacit_mpi_uint *u2, const tacit_mpi_uint *qx,
                              const tacit_mpi_uint *qy)
{
    size_t n = c->limbs, pn = 3 * n;
    signed char d1[TACIT_ECP_N * TACIT_MPI_LIMB_BITS + 2],
        d2[TACIT_ECP_N * TACIT_MPI_LIMB_BITS + 2];
    tacit_mpi_uint tabq[8 * 3 * TACIT_ECP_N];
    tacit_mpi_uint T[3 * TACIT_ECP_N];
    size_t l1, l2, len, i, pending = 0;
    const tacit_mpi_uint *gtab = c->gtab;
    int wg = WNAF_G, qaff = 0;

#if defined(TACIT_ECP_P384_COMB6)
    /* P-384: G's odd multiples up to 127 G (fewer additions), Q's made affine */
    if (c->id == TACIT_ECP_SECP384R1) { /* public: the curve */
        gtab = tacit_ecp_p384_gwnaf8;
        wg = 8;
        qaff = 1;
    }
#endif
    l1 = wnaf(d1, sizeof(d1), u1, n, wg);
    l2 = wnaf(d2, sizeof(d2), u2, n, WNAF_Q);
    len = l1 > l2 ? l1 : l2;

    memcpy(tabq, qx, n * sizeof(tacit_mpi_uint));
    memcpy(tabq + n, qy, n * sizeof(tacit_mpi_uint));
    memcpy(tabq + 2 * n, c->one, n * sizeof(tacit_mpi_uint));
    tacit_ecp_jac_odd_table(c, tabq, tabq, 8); /* Q is on the curve (verify_core) */
#if defined(TACIT_ECP_P384_COMB6)
    if (qaff) {
        jac_table_to_affine(c, tabq, 8);
    }
#endif

    /* the doublings between two nonzero digits run as one tacit_ecp_jac_dbl_n */
    memset(R, 0, 3 * n * sizeof(tacit_mpi_uint));
    for (i = len; i-- > 0;) {
        pending++;
        if (!((i < l1 && d1[i] != 0) || (i < l2 && d2[i] != 0))) {
            continue;
        }
        tacit_ecp_jac_dbl_n(c, R, R, pending);
        pending = 0;
        if (i < l1 && d1[i] != 0) {
            int d = d1[i] < 0 ? -d1[i] : d1[i];
            const tacit_mpi_uint *G = gtab + (size_t)((d - 1) / 2) * 2 * n;
            memcpy(T, G, 2 * n * sizeof(tacit_mpi_uint));
            if (d1[i] < 0) {
                tacit_ecp_fe_cond_neg(c, T + n, T + n, TACIT_MPI_UINT_MAX);
            }
            jac_madd_unsafe(c, R, R, T);
        }
        if (i < l2 && d2[i] != 0) {
            int d = d2[i] < 0 ? -d2[i] : d2[i];
            memcpy(T, tabq + (size_t)((d - 1) / 2) * pn, pn * sizeof(tacit_mpi_uint));
            if (d2[i] < 0) {
                tacit_ecp_fe_cond_neg(c, T + n, T + n, TACIT_MPI_UINT_MAX);
            }
            if (qaff) {
                jac_madd_unsafe(c, R, R, T);
            } else {
                jac_add_unsafe(c, R, R, T);
            }
        }
    }
    if (pending > 0) {
        tacit_ecp_jac_dbl_n(c, R, R, pending);
    }
}

int tacit_ecp_muladd_unsafe(const tacit_ecp_curve *c, tacit_mpi_uint *x, tacit_mpi_uint *y,
                            const tacit_mpi_uint *u1, const tacit_mpi_uint *u2,
                            const tacit_mpi_uint *qx, const tacit_mpi_uint *qy)
{
    tacit_mpi_uint R[3 * TACIT_ECP_N];

    muladd_jac_unsafe(c, R, u1, u2, qx, qy);
    return tacit_ecp_jac_to_affine(c, x, y, R) != 0;
}

/*
 * x(R) mod n == r without leaving Jacobian coordinates: x = X / Z^2 < p <
 * 2n, so x mod n == r exactly when X == r Z^2 or, if r + n < p,
 * X == (r + n) Z^2 (as field elements).  No inversion.
 */
int tacit_ecp_muladd_check_x_unsafe(const tacit_ecp_curve *c, const tacit_mpi_uint *u1,
                                    const tacit_mpi_uint *u2, const tacit_mpi_uint *qx,
                                    const tacit_mpi_uint *qy, const tacit_mpi_uint *r)
{
    size_t n = c->limbs;
    tacit_mpi_uint R[3 * TACIT_ECP_N], z2[TACIT_ECP_N], t[TACIT_ECP_N], rn[TACIT_ECP_N + 1];
    tacit_ecp_dlimb acc = 0;
    size_t i;

    muladd_jac_unsafe(c, R, u1, u2, qx, qy);
    if (tacit_ecp_is_zero_ct(R + 2 * n, n)) {
        return 0; /* infinity */
    }
    c->sqr(z2, R + 2 * n, R + 2 * n);
    tacit_ecp_fe_to_mont(c, t, r); /* r < n < p */
    c->mul(t, t, z2);
    if (memcmp(t, R, n * sizeof(tacit_mpi_uint)) == 0) {
        return 1;
    }
    for (i = 0; i < n; i++) { /* rn = r + n, n + 1 limbs */
        acc += (tacit_ecp_dlimb)r[i] + c->n[i];
        rn[i] = (tacit_mpi_uint)acc;
        acc >>= TACIT_MPI_LIMB_BITS;
    }
    if (acc != 0 || !tacit_ecp_lt_ct(rn, c->p, n)) {
        return 0;
    }
    tacit_ecp_fe_to_mont(c, t, rn);
    c->mul(t, t, z2);
    return memcmp(t, R, n * sizeof(tacit_mpi_uint)) == 0;
}

#else
typedef int tacit_ecp_mul_unused;
#endif /* TACIT_ECP_C && !TACIT_ECP_SMALL */
