/*
 * P-384 k*G by a Booth comb without doublings: 65 tables of 32 affine
 * points (table t: m 2^(6t) G, m = 1..32; scripts/gen/gen_ecp_data.py),
 * one masked scan and one mixed Jacobian-affine addition per digit, read
 * from the top table down.  The steps are those of ecp_mul.c's comb
 * (P-256, P-521); the recoding differs, because no window fits P-384 with
 * theirs (K = kk + n with kk even needs 3/2 2^(w(T-1)) < n and
 * 3n + 2^w < 2^(wT-1), i.e. wT in [387, 383 + w]: no w <= 8 has one).
 *
 * Recoding.  kk = k or n - k, whichever is odd (the result is negated with
 * a mask when it is n - k), and K = kk + 2n, except for the one kk of the
 * form n - 2|d_0| (d_0 < 0 the last Booth digit of kk + 2n, if such a kk
 * exists), which takes K = kk + 4n instead (selected with masks).  So K =
 * kk mod n, K is odd, 2n < K < 5n < 2^387 < 2^(6*65 - 1): the Booth digits
 * d_t (|d_t| <= 32) sum to K exactly.
 *
 * Why the incomplete mixed addition is enough, on every step.  Write S_t =
 * sum_{j>=t} d_j 2^(6j) and L_t = K - S_t; |L_t| <= 32 (2^(6t) - 1) / 63
 * < 0.51 2^(6t).  Step t adds B = d_t 2^(6t) G to A = S_{t+1} G (B is
 * infinity when d_t = 0: the sum is dropped with a mask).
 * - Step 64: A is infinity (public): the accumulator is B itself, and
 *   d_64 2^384 = K - L_64 > 2n - 0.51 2^384 > 0, so B is not infinity.
 * - Steps 1 <= t <= 63: S_{t+1}, S_{t+1} - d_t 2^(6t) = K - L_t - 2 d_t
 *   2^(6t) and S_t all lie within K +- (2^(6(t+1)) + 0.51 2^(6t)), inside
 *   K +- 1.01 2^384, so in (0.98 n, 6.1 n) (n > (1 - 2^-190) 2^384).  All
 *   three are multiples of 2^(6t) >= 64, while the multiples of n there
 *   are n, 3n, 5n (odd), 2n, 6n (twice odd) and 4n (four times odd).  So A
 *   is not infinity, A != B and A != -B.
 * - Step 0: d_0 is odd (K is), so B is not infinity; A = S_1 G is not
 *   infinity (S_1, a multiple of 64, as above); A != -B as S_0 = K = kk !=
 *   0 mod n.  A == B would need K - 2 d_0 (within 64 of K) to be a
 *   multiple of n.  For K = kk + 2n in (2n, 3n): K - 2 d_0 = 2n is kk =
 *   2 d_0, impossible for kk odd; = 3n is kk = n + 2 d_0, the kk moved to
 *   kk + 4n.  For that K = kk + 4n (= 5n - 2|d_0|): only 5n is within 64
 *   of K, and K - 2 d_0' = 5n would make d_0' = d_0, but d_0' = K mod 64
 *   and d_0 = K - 2n mod 64 differ (2n is not a multiple of 64).
 * Blinding: the accumulator starts as B = (x l^2, y l^3, l) for a random l
 * (step 64), so every later value is randomized.
 */
#include "ec/ecp_internal.h"
#include "bignum/bignum_core.h"

#if defined(TACIT_ECP_C) && defined(TACIT_ECP_P384_COMB6)

#include <string.h>

#define COMB_W 6
#define COMB_POINTS 32

int tacit_ecp_p384_mul_base_comb(const tacit_ecp_curve *c, tacit_mpi_uint *J,
                                 const tacit_mpi_uint *k, tacit_rng_func f_rng, void *p_rng)
{
    size_t n = c->limbs, an = 2 * n, t, i;
    tacit_mpi_uint Q[3 * TACIT_ECP_N], R[3 * TACIT_ECP_N], T[3 * TACIT_ECP_N];
    tacit_mpi_uint l[TACIT_ECP_N], l2[TACIT_ECP_N];
    tacit_mpi_uint K[TACIT_ECP_N + 1], kk[TACIT_ECP_N], d[TACIT_ECP_N];
    tacit_mpi_uint even, special, b_inf;
    uint32_t mag, neg;
    int ret = 0;

    memcpy(l, c->one, n * sizeof(tacit_mpi_uint));
    if (f_rng != NULL) {
        ret = tacit_ecp_mul_random_fe(c, l, f_rng, p_rng);
        if (ret != 0) {
            goto cleanup;
        }
    }

    /* kk = k if k is odd, n - k (odd) if k is even; K = kk + 2n (n + 1 limbs) */
    even = tacit_ct_mask_from_bit_limb((k[0] & 1) ^ 1);
    tacit_ecp_modsub(d, c->n, k, c->n, n);
    for (i = 0; i < n; i++) {
        kk[i] = tacit_ct_select_limb(even, d[i], k[i]);
    }
    K[n] = tacit_mpi_core_add(K, kk, c->n, n);
    K[n] += tacit_mpi_core_add(K, K, c->n, n);
    /* kk = n - 2 |d_0| with d_0 < 0 (d = n - kk): K = kk + 4n instead, with masks */
    tacit_ecp_booth_digit(K, n + 1, 0, COMB_W, &mag, &neg);
    (void)tacit_mpi_core_sub(d, c->n, kk, n);
    special = d[0] ^ (tacit_mpi_uint)(2u * mag);
    for (i = 1; i < n; i++) {
        special |= d[i];
    }
    special = tacit_ct_mask_eq_limb(special, 0) & (tacit_mpi_uint)(0 - (tacit_mpi_uint)(neg & 1u));
    K[n] += tacit_mpi_core_add_if(K, c->n, n, special);
    K[n] += tacit_mpi_core_add_if(K, c->n, n, special);

    for (t = TACIT_ECP_COMB6_TABLES; t-- > 0;) {
        tacit_ecp_booth_digit(K, n + 1, t, COMB_W, &mag, &neg);
        /* mag = 0 selects nothing (the index wraps): T = 0 */
        tacit_ecp_select(T, c->comb + t * COMB_POINTS * an, an, COMB_POINTS, (size_t)mag - 1u);
        tacit_ecp_fe_cond_neg(c, T + n, T + n, (tacit_mpi_uint)0 - (tacit_mpi_uint)(neg & 1u));
        if (t + 1 == TACIT_ECP_COMB6_TABLES) { /* public: the first step, A infinity, B not */
            c->sqr(l2, l, l);
            c->mul(Q, T, l2);
            c->mul(l2, l2, l);
            c->mul(Q + n, T + n, l2);
            memcpy(Q + 2 * n, l, n * sizeof(tacit_mpi_uint));
            continue;
        }
        b_inf = tacit_ct_mask_eq_limb((tacit_mpi_uint)mag, 0);
        c->jac_madd(R, Q, T);
        /* B infinity: R = A */
        tacit_ct_memcpy_if_limbs(b_inf, R, Q, 3 * n);
        memcpy(Q, R, 3 * n * sizeof(tacit_mpi_uint));
    }
    tacit_ecp_fe_cond_neg(c, Q + n, Q + n, even);
    memcpy(J, Q, 3 * n * sizeof(tacit_mpi_uint));

cleanup:
    tacit_platform_zeroize(Q, sizeof(Q));
    tacit_platform_zeroize(R, sizeof(R));
    tacit_platform_zeroize(T, sizeof(T));
    tacit_platform_zeroize(l, sizeof(l));
    tacit_platform_zeroize(l2, sizeof(l2));
    tacit_platform_zeroize(K, sizeof(K));
    tacit_platform_zeroize(kk, sizeof(kk));
    tacit_platform_zeroize(d, sizeof(d));
    return ret;
}

#else
typedef int tacit_ecp_p384_comb_unused;
#endif /* TACIT_ECP_C && TACIT_ECP_P384_COMB6 */
