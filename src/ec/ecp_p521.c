/*
 * P-521 field arithmetic and point formulas.  p = 2^521 - 1, so a product
 * t = hi * 2^521 + lo is congruent to hi + lo: no Montgomery reduction.
 * Coordinates are therefore plain integers for the rest of the library (the
 * "Montgomery" constants of this curve have R = 1, see
 * scripts/gen/gen_ecp_data.py), 9 limbs of 64 bits or 18 of 32, fully reduced.
 *
 * With 64-bit limbs the formulas compute on nine unsaturated 58-bit limbs
 * with 128-bit products and lazy carries (ecp_p521_fe58.h): each point
 * function unpacks its inputs, works in that form, and packs its outputs
 * fully reduced (ECP_FE_LOAD / ECP_FE_STORE of ecp_point_impl.h).  With
 * 32-bit limbs they compute on the saturated limbs directly (below).
 */
#include "ec/ecp_fe.h"
#include "ec/ecp_p521_fe58.h"

#if defined(TACIT_ECP_C) && defined(TACIT_ECP_SECP521R1_C)

#include <string.h>

#define ECP_N (576 / TACIT_MPI_LIMB_BITS)
#define ECP_B tacit_ecp_p521_b_mont
#define ECP_FN(x) tacit_ecp_p521_##x
#define ECP_NMOD tacit_ecp_p521_n
#define ECP_N_MM                                                                                   \
    ((tacit_mpi_uint)0x1d2f5ccd79a995c7u) /* -n^-1 mod 2^64, truncated for 32-bit limbs */

#if TACIT_MPI_LIMB_BITS == 64
/* ---- 64-bit limbs: the 58-bit form ------------------------------------------ */

static inline void fe_mul(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    p521_fe58_mul(r, a, b);
}

static inline void fe_sqr(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    p521_fe58_sqr(r, a);
}

static inline void fe_add(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    p521_fe58_add(r, a, b);
}

static inline void fe_sub(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    p521_fe58_sub(r, a, b);
}

/* small multiples in one carry step (ecp_point_impl.h) */
#define ECP_HAVE_SMALL_MULTIPLES
static inline void fe_x2(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    p521_fe58_mulk(r, a, 2);
}

static inline void fe_x3(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    p521_fe58_mulk(r, a, 3);
}

static inline void fe_x4(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    p521_fe58_mulk(r, a, 4);
}

static inline void fe_x8(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    p521_fe58_mulk(r, a, 8);
}

#define ECP_FE_LOAD(t, a) p521_fe58_unpack((t), (a))
#define ECP_FE_STORE(r, t) p521_fe58_pack((r), (t))

/*
 * The doubling and the addition of k*P with squarings where they are cheaper
 * here: on 58-bit limbs a square is 45 products against 81, and an addition
 * or subtraction is one carry step, which the doubling also skips where the
 * bounds allow (the lazy forms of ecp_p521_fe58.h).
 *
 * Doubling, dbl-2001-b with a = -3 (3M + 5S): delta = Z^2, gamma = Y^2,
 * beta = X gamma, alpha = 3 (X - delta)(X + delta), X3 = alpha^2 - 8 beta,
 * Z3 = (Y + Z)^2 - gamma - delta (= 2 Y Z), Y3 = alpha (4 beta - X3) - 8 gamma^2.
 * The same point as the generic formulas of ecp_point_impl.h, with the same
 * coordinates: only how 2 Y Z is computed differs.  In place.  Six carry
 * steps instead of twelve; the bound each lazy value needs is given where it
 * is made (inputs reduced, "wide" as in p521_fe58_mul).
 */
static void p521_dbl58(p521_fe58 X, p521_fe58 Y, p521_fe58 Z)
{
    p521_fe58 delta, gamma, beta, alpha, t, u;

    p521_fe58_sqr(delta, Z);
    p521_fe58_sqr(gamma, Y);
    p521_fe58_mul(beta, X, gamma);
    p521_fe58_subk_nc(t, X, delta, 2); /* X - delta: <= 3 * 2^58 + 2^14 */
    p521_fe58_mulk(t, t, 3);           /* 3 t_i < 2^62, carried: reduced */
    p521_fe58_add_nc(u, X, delta);     /* X + delta: <= 2^59 + 2^15, wide */
    p521_fe58_mul(alpha, u, t);
    p521_fe58_add(t, Y, Z);
    p521_fe58_sqr(t, t);
    p521_fe58_add_nc(u, gamma, delta); /* <= 2^59 + 2^15 <= 4 (2^58 - 1); limb 8 <= 4 (2^57 - 1) */
    p521_fe58_subk(Z, t, u, 4);        /* 2 Y Z; t_i + 2^60 < 2^64 */
    p521_fe58_sqr(X, alpha);
    p521_fe58_mulk_nc(u, beta, 8); /* <= 2^61 + 2^17 <= 16 (2^58 - 1); limb 8 <= 16 (2^57 - 1) */
    p521_fe58_subk(X, X, u, 16);   /* alpha^2 - 8 beta; X_i + 2^62 < 2^64 */
    p521_fe58_mulk_nc(u, beta, 4); /* 4 beta: <= 2^60 + 2^16 */
    p521_fe58_subk(t, u, X, 2);    /* 4 beta - X3; u_i + 2^59 < 2^64 */
    p521_fe58_mul(Y, alpha, t);
    p521_fe58_sqr(gamma, gamma);
    p521_fe58_mulk_nc(u, gamma, 8);
    p521_fe58_subk(Y, Y, u, 16); /* alpha (4 beta - X3) - 8 gamma^2 */
}

/* R = 2^k P (k >= 1), converted once. */
static void p521_dbl_n(tacit_mpi_uint *R, const tacit_mpi_uint *P, size_t k)
{
    p521_fe58 X, Y, Z;
    size_t i;

    p521_fe58_unpack(X, P);
    p521_fe58_unpack(Y, P + 9);
    p521_fe58_unpack(Z, P + 18);
    for (i = 0; i < k; i++) {
        p521_dbl58(X, Y, Z);
    }
    p521_fe58_pack(R, X);
    p521_fe58_pack(R + 9, Y);
    p521_fe58_pack(R + 18, Z);
}

/*
 * Addition, add-2007-bl (11M + 5S): Z1Z1 = Z1^2, Z2Z2 = Z2^2, U1 = X1 Z2Z2,
 * U2 = X2 Z1Z1, S1 = Y1 Z2 Z2Z2, S2 = Y2 Z1 Z1Z1, H = U2 - U1, I = (2H)^2,
 * J = H I, r = 2 (S2 - S1), V = U1 I, X3 = r^2 - J - 2V,
 * Y3 = r (V - X3) - 2 S1 J, Z3 = ((Z1 + Z2)^2 - Z1Z1 - Z2Z2) H.
 * The sum in other coordinates than the generic add-1998-cmo-2 (Z3 is
 * 2 Z1 Z2 H instead of Z1 Z2 H), the same point, and the same exceptional
 * cases (H = 0: P = +-Q; P or Q infinity), which the callers exclude as for
 * the generic formulas (ecp_internal.h).
 */
static void p521_add58(uint64_t *R, const uint64_t *P, const uint64_t *Q)
{
    const uint64_t *X1 = P, *Y1 = P + 9, *Z1 = P + 18, *X2 = Q, *Y2 = Q + 9, *Z2 = Q + 18;
    p521_fe58 z1z1, z2z2, u1, u2, s1, s2, h, i, j, r, v;

    p521_fe58_sqr(z1z1, Z1);
    p521_fe58_sqr(z2z2, Z2);
    p521_fe58_mul(u1, X1, z2z2);
    p521_fe58_mul(u2, X2, z1z1);
    p521_fe58_mul(s1, Y1, Z2);
    p521_fe58_mul(s1, s1, z2z2);
    p521_fe58_mul(s2, Y2, Z1);
    p521_fe58_mul(s2, s2, z1z1);
    p521_fe58_sub(h, u2, u1);
    p521_fe58_mulk(i, h, 2);
    p521_fe58_sqr(i, i);
    p521_fe58_mul(j, h, i);
    p521_fe58_sub(r, s2, s1);
    p521_fe58_mulk(r, r, 2);
    p521_fe58_mul(v, u1, i);
    p521_fe58_add(u2, Z1, Z2);
    p521_fe58_sqr(u2, u2);
    p521_fe58_sub(u2, u2, z1z1);
    p521_fe58_sub(u2, u2, z2z2);
    p521_fe58_mul(R + 18, u2, h); /* Z1, Z2 are read for the last time above */
    p521_fe58_sqr(u2, r);
    p521_fe58_sub(u2, u2, j);
    p521_fe58_mulk(z1z1, v, 2);
    p521_fe58_sub(R, u2, z1z1); /* X3 (X1 and X2 are no longer read) */
    p521_fe58_sub(u2, v, R);
    p521_fe58_mul(u2, u2, r);
    p521_fe58_mul(s1, s1, j);
    p521_fe58_mulk(s1, s1, 2);
    p521_fe58_sub(R + 9, u2, s1);
}

static void p521_add(tacit_mpi_uint *R, const tacit_mpi_uint *P, const tacit_mpi_uint *Q)
{
    uint64_t A[27], B[27];
    int i;

    for (i = 0; i < 3; i++) {
        p521_fe58_unpack(A + 9 * i, P + 9 * i);
        p521_fe58_unpack(B + 9 * i, Q + 9 * i);
    }
    p521_add58(A, A, B);
    for (i = 0; i < 3; i++) {
        p521_fe58_pack(R + 9 * i, A + 9 * i);
    }
}

#define ECP_JAC_DBL_N(R, P, k) p521_dbl_n((R), (P), (k))
#define ECP_JAC_ADD(R, P, Q) p521_add((R), (P), (Q))

#if defined(TACIT_ECP_P521_MUL58) /* not in the small profile: no ecp_mul.c there */
/*
 * k*P on the 58-bit form from start to end (tacit_ecp_mul_ct hands P-521
 * over to it): the algorithm of tacit_ecp_mul_ct (ecp_mul.c) step for step,
 * with the same recoding (tacit_ecp_mul_digit), the same blinding, the same
 * co-Z odd-multiples table and the same last step, so the exceptional cases
 * argued there are the ones met here.  Only the form differs: the table and
 * the accumulator stay in 58-bit limbs, and an entry of the table is
 * X, Y, Z and one zero limb, 28 limbs = 224 bytes, whole 32-byte rows for
 * tacit_ecp_select's AVX2 scan.  Constant time: the scan reads every entry,
 * the negation is a mask, and the loop counts are public.
 */
#define P521_ENTRY 28

/* tab[j] = (2j + 1) P for j < TACIT_ECP_TABLE: ecp_point_impl.h's co-Z table on the 58-bit form. */
static void p521_odd_table58(uint64_t *tab, const uint64_t *P)
{
    const uint64_t *X1 = P, *Y1 = P + 9, *Z1 = P + 18;
    p521_fe58 DX, DY, Z, TX, TY, a, b, h, r, t;
    size_t j;

    p521_fe58_sqr(a, Z1);     /* delta */
    p521_fe58_sqr(b, Y1);     /* gamma */
    p521_fe58_mul(TX, X1, b); /* beta */
    p521_fe58_sub(t, X1, a);
    p521_fe58_add(h, X1, a);
    p521_fe58_mul(a, t, h);
    p521_fe58_mulk(a, a, 3); /* alpha */
    p521_fe58_mul(Z, Y1, Z1);
    p521_fe58_mulk(Z, Z, 2);   /* Z3 = 2 Y Z */
    p521_fe58_mulk(TX, TX, 4); /* 4 beta: x of P with the new Z */
    p521_fe58_sqr(DX, a);
    p521_fe58_mulk(t, TX, 2);
    p521_fe58_sub(DX, DX, t); /* alpha^2 - 8 beta */
    p521_fe58_sub(t, TX, DX);
    p521_fe58_mul(DY, a, t);
    p521_fe58_sqr(b, b);
    p521_fe58_mulk(TY, b, 8); /* 8 gamma^2: y of P with the new Z */
    p521_fe58_sub(DY, DY, TY);
    memcpy(tab, TX, sizeof(TX));
    memcpy(tab + 9, TY, sizeof(TY));
    memcpy(tab + 18, Z, sizeof(Z));
    tab[27] = 0;
    for (j = 1; j < TACIT_ECP_TABLE; j++) {
        uint64_t *e = tab + P521_ENTRY * j;

        p521_fe58_sub(h, TX, DX);
        p521_fe58_sqr(a, h);
        p521_fe58_mul(b, DX, a); /* B */
        p521_fe58_mul(a, TX, a); /* C */
        p521_fe58_sub(r, TY, DY);
        p521_fe58_mul(Z, Z, h);
        p521_fe58_sub(a, a, b); /* C - B */
        p521_fe58_mul(DY, DY, a);
        memcpy(DX, b, sizeof(DX)); /* D' = (B, Y_D (C - B), Z h) */
        p521_fe58_sqr(TX, r);
        p521_fe58_sub(TX, TX, b);
        p521_fe58_sub(TX, TX, b);
        p521_fe58_sub(TX, TX, a); /* r^2 - B - C */
        p521_fe58_sub(t, b, TX);
        p521_fe58_mul(TY, r, t);
        p521_fe58_sub(TY, TY, DY);
        memcpy(e, TX, sizeof(TX));
        memcpy(e + 9, TY, sizeof(TY));
        memcpy(e + 18, Z, sizeof(Z));
        e[27] = 0;
    }
}

/* y = -y when mask is all ones, y otherwise (mask: 0 or all ones) */
static void p521_cond_neg58(uint64_t *y, uint64_t mask)
{
    static const p521_fe58 zero = { 0 };
    p521_fe58 t;
    int i;

    p521_fe58_sub(t, zero, y);
    for (i = 0; i < 9; i++) {
        y[i] ^= (y[i] ^ t[i]) & mask;
    }
}

int tacit_ecp_p521_mul_ct(const tacit_ecp_curve *c, tacit_mpi_uint *x, tacit_mpi_uint *y,
                          const tacit_mpi_uint *k, const tacit_mpi_uint *px,
                          const tacit_mpi_uint *py, tacit_rng_func f_rng, void *p_rng)
{
    uint64_t tab[TACIT_ECP_TABLE * P521_ENTRY];
    uint64_t Q[P521_ENTRY], T[P521_ENTRY];
    tacit_mpi_uint Qe[27], Te[27], kk[9];
    tacit_mpi_uint even;
    uint32_t index, neg;
    int ret = 0, j;
    size_t i;

    /* P, blinded: (X l^2, Y l^3, l) */
    p521_fe58_unpack(Q, px);
    p521_fe58_unpack(Q + 9, py);
    memset(Q + 18, 0, 9 * sizeof(uint64_t));
    Q[18] = 1;
    if (f_rng != NULL) {
        tacit_mpi_uint l[9];
        p521_fe58 l2;

        ret = tacit_ecp_mul_random_fe(c, l, f_rng, p_rng);
        if (ret != 0) {
            goto cleanup;
        }
        p521_fe58_unpack(Q + 18, l);
        p521_fe58_sqr(l2, Q + 18);
        p521_fe58_mul(Q, Q, l2);
        p521_fe58_mul(l2, l2, Q + 18);
        p521_fe58_mul(Q + 9, Q + 9, l2);
        tacit_platform_zeroize(l, sizeof(l));
        tacit_platform_zeroize(l2, sizeof(l2));
    }
    p521_odd_table58(tab, Q);

    even = tacit_ecp_mul_make_odd(c, kk, k);
    tacit_ecp_mul_digit(c, kk, c->digits - 1, &index, &neg);
    tacit_ecp_select(Q, tab, P521_ENTRY, TACIT_ECP_TABLE, index);
    for (i = c->digits - 1; i-- > 0;) {
        for (j = 0; j < TACIT_ECP_W; j++) {
            p521_dbl58(Q, Q + 9, Q + 18);
        }
        tacit_ecp_mul_digit(c, kk, i, &index, &neg);
        tacit_ecp_select(T, tab, P521_ENTRY, TACIT_ECP_TABLE, index);
        p521_cond_neg58(T + 9, (uint64_t)0 - (uint64_t)(neg & 1u));
        if (i > 0) {
            p521_add58(Q, Q, T);
        }
    }
    /* the last step (i = 0) may meet Q == T: the generic one, on the callers' form */
    for (j = 0; j < 3; j++) {
        p521_fe58_pack(Qe + 9 * j, Q + 9 * j);
        p521_fe58_pack(Te + 9 * j, T + 9 * j);
    }
    tacit_ecp_jac_add_dbl_ct(c, Qe, Qe, Te);
    tacit_ecp_fe_cond_neg(c, Qe + 9, Qe + 9, even);
    /* infinity cannot happen for k in [1, n-1] and P of order n; say so if it does */
    if (tacit_ct_declassify_u32((uint32_t)(tacit_ecp_jac_to_affine(c, x, y, Qe) & 1u))) {
        ret = TACIT_ERR_ECP_INVALID_POINT;
    }

cleanup:
    tacit_platform_zeroize(tab, sizeof(tab));
    tacit_platform_zeroize(Q, sizeof(Q));
    tacit_platform_zeroize(T, sizeof(T));
    tacit_platform_zeroize(Qe, sizeof(Qe));
    tacit_platform_zeroize(Te, sizeof(Te));
    tacit_platform_zeroize(kk, sizeof(kk));
    return ret;
}
#endif /* TACIT_ECP_P521_MUL58 */

/* The field entry points of ecp_point_impl.h, converting at the edges. */
void ECP_FN(mul)(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    p521_fe58 x, y;

    p521_fe58_unpack(x, a);
    p521_fe58_unpack(y, b);
    p521_fe58_mul(x, x, y);
    p521_fe58_pack(r, x);
}

void ECP_FN(sqr)(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    p521_fe58 x;

    (void)b;
    p521_fe58_unpack(x, a);
    p521_fe58_sqr(x, x);
    p521_fe58_pack(r, x);
}

void ECP_FN(add)(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    p521_fe58 x, y;

    p521_fe58_unpack(x, a);
    p521_fe58_unpack(y, b);
    p521_fe58_add(x, x, y);
    p521_fe58_pack(r, x);
}

void ECP_FN(sub)(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    p521_fe58 x, y;

    p521_fe58_unpack(x, a);
    p521_fe58_unpack(y, b);
    p521_fe58_sub(x, x, y);
    p521_fe58_pack(r, x);
}

/*
 * r = 1/a (0 -> 0): the addition chain of p521_fe58_inv, 520 S + 13 M
 * (tacit_ecp_fe_inv takes bignum_core's safegcd first when it is built in).
 */
void ECP_FN(fe_inv)(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    p521_fe58 x;

    p521_fe58_unpack(x, a);
    p521_fe58_inv(x, x);
    p521_fe58_pack(r, x);
    tacit_platform_zeroize(x, sizeof(x));
}

#else
/* ---- 32-bit limbs: saturated, 18 limbs -------------------------------------- */

#define P521_L (521 / TACIT_MPI_LIMB_BITS) /* limb holding bit 521 */
#define P521_S (521 % TACIT_MPI_LIMB_BITS) /* its position: 9 */

static const tacit_mpi_uint P521_P[ECP_N] = {
    TACIT_ECP_L64(0xFFFFFFFFFFFFFFFF), TACIT_ECP_L64(0xFFFFFFFFFFFFFFFF),
    TACIT_ECP_L64(0xFFFFFFFFFFFFFFFF), TACIT_ECP_L64(0xFFFFFFFFFFFFFFFF),
    TACIT_ECP_L64(0xFFFFFFFFFFFFFFFF), TACIT_ECP_L64(0xFFFFFFFFFFFFFFFF),
    TACIT_ECP_L64(0xFFFFFFFFFFFFFFFF), TACIT_ECP_L64(0xFFFFFFFFFFFFFFFF),
    TACIT_ECP_L64(0x00000000000001FF),
};

/* r = t mod p for t < 2^1042 (t has 2 ECP_N limbs) */
static inline void p521_reduce(tacit_mpi_uint *r, const tacit_mpi_uint *t)
{
    const tacit_mpi_uint low = ((tacit_mpi_uint)1 << P521_S) - 1;
    tacit_mpi_uint s[ECP_N], hi[ECP_N];
    unsigned char c = 0;
    tacit_mpi_uint top;
    size_t i;

    /* hi = t >> 521 */
    ECP_UNROLL
    for (i = 0; i < ECP_N; i++) {
        hi[i] =
            (t[P521_L + i] >> P521_S) |
            (P521_L + i + 1 < 2 * ECP_N ? t[P521_L + i + 1] << (TACIT_MPI_LIMB_BITS - P521_S) : 0);
    }
    /* s = (t mod 2^521) + hi < 2^522 */
    ECP_UNROLL
    for (i = 0; i < ECP_N; i++) {
        tacit_mpi_uint lo = i < P521_L ? t[i] : (i == P521_L ? t[i] & low : 0);
        ECP_ADC(c, lo, hi[i], s[i]);
    }
    /* fold bit 521 once more: s <= 2^521, then subtract p if s >= p */
    top = s[P521_L] >> P521_S;
    s[P521_L] &= low;
    c = 0;
    ECP_ADC(c, s[0], top, s[0]);
    ECP_UNROLL
    for (i = 1; i < ECP_N; i++) {
        ECP_ADC(c, s[i], 0, s[i]);
    }
    ecp_fe_final_sub(r, s, 0, P521_P, ECP_N);
}

static inline void fe_mul(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    tacit_mpi_uint t[2 * ECP_N];

    ecp_fe_mul_wide(t, a, b, ECP_N);
    p521_reduce(r, t);
}

static inline void fe_sqr(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    tacit_mpi_uint t[2 * ECP_N];

    ecp_fe_sqr_wide(t, a, ECP_N);
    p521_reduce(r, t);
}

static inline void fe_add(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    ecp_fe_add(r, a, b, P521_P, ECP_N);
}

static inline void fe_sub(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    ecp_fe_sub(r, a, b, P521_P, ECP_N);
}

/* r = 1/a = a^(p - 2) (0 -> 0), the addition chain of p521_fe58_inv. */
void ECP_FN(fe_inv)(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    tacit_mpi_uint x2[ECP_N], x7[ECP_N], x8[ECP_N], t[ECP_N];
    int i, k;

    fe_sqr(t, a);
    fe_mul(x2, t, a); /* 2^2 - 1 */
    fe_sqr(t, x2);
    fe_mul(t, t, a); /* 2^3 - 1 */
    memcpy(x8, t, sizeof(t));
    for (i = 0; i < 3; i++) {
        fe_sqr(t, t);
    }
    fe_mul(t, t, x8); /* 2^6 - 1 */
    fe_sqr(t, t);
    fe_mul(x7, t, a); /* 2^7 - 1 */
    fe_sqr(t, x7);
    fe_mul(t, t, a); /* 2^8 - 1 */
    for (k = 8; k < 512; k *= 2) {
        memcpy(x8, t, sizeof(t));
        for (i = 0; i < k; i++) {
            fe_sqr(t, t);
        }
        fe_mul(t, t, x8); /* 2^(2k) - 1 */
    }
    for (i = 0; i < 7; i++) {
        fe_sqr(t, t);
    }
    fe_mul(t, t, x7); /* 2^519 - 1 */
    fe_sqr(t, t);
    fe_sqr(t, t);
    fe_mul(r, t, a); /* 2^521 - 3 */
    tacit_platform_zeroize(t, sizeof(t));
    tacit_platform_zeroize(x2, sizeof(x2));
    tacit_platform_zeroize(x7, sizeof(x7));
    tacit_platform_zeroize(x8, sizeof(x8));
}
#endif                                     /* TACIT_MPI_LIMB_BITS */

#include "ec/ecp_point_impl.h"

#else
typedef int tacit_ecp_p521_unused;
#endif /* TACIT_ECP_C && TACIT_ECP_SECP521R1_C */
