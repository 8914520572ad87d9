/*
 * The small profile's points and scalar multiplication.
 *
 * Points are projective (X:Y:Z), x = X/Z, y = Y/Z, infinity (0:Y:0); one
 * complete addition formula (Renes, Costello, Batina, EUROCRYPT 2016,
 * Algorithm 4 for a = -3) serves for additions and doublings alike, so no
 * input is exceptional and no case needs a proof or a branch.
 *
 * One scalar multiplication serves everything: u1 G + u2 Q by Shamir's
 * trick over every bit position of the curve (leading zeros included),
 * one doubling and one addition per bit, the addend chosen from {0, G, Q,
 * G + Q} by a masked scan.  No secret-dependent branch or index, so it
 * serves the secret scalars of k P and k G (u1 = 0, no comb) as well as
 * verification and the signer's fault check, whose u1 and u2 are those of
 * a signature withheld if it is faulty.  Slower than the fast profile, a
 * few hundred bytes of code.
 */
#include "ec/ecp_small.h"

#if defined(TACIT_ECP_C) && defined(TACIT_ECP_SMALL)

#include <string.h>

#include "bignum/bignum_core.h"

#define FE tacit_mpi_uint
#define MUL(r, a, b) c->mul((r), (a), (b))

/*
 * The addition formula as a program: each step is op | dst | src1 | src2,
 * 4 bits each, over 15 operands: 8 temporaries (the stack), then X1 Y1 Z1,
 * X2 Y2 Z2 (the inputs, read in place) and b.  Interpreting 43 two-byte steps is much smaller
 * than 43 calls, and costs nothing measurable next to the products; the
 * program is fixed, so its branches reveal nothing.
 */
enum { T0, T1, T2, T3, T4, X3, Y3, Z3, X1, Y1, Z1, X2, Y2, Z2, B, NREG };
enum { OP_MUL, OP_ADD, OP_SUB };
#define STEP(op, d, a, b) (uint16_t)((op) << 12 | (d) << 8 | (a) << 4 | (b))
#define M(d, a, b) STEP(OP_MUL, d, a, b)
#define A(d, a, b) STEP(OP_ADD, d, a, b)
#define S(d, a, b) STEP(OP_SUB, d, a, b)

/* Renes-Costello-Batina 2016, Algorithm 4 (a = -3), step for step. */
static const uint16_t add_program[] = {
    M(T0, X1, X2), M(T1, Y1, Y2), M(T2, Z1, Z2), A(T3, X1, Y1), A(T4, X2, Y2), M(T3, T3, T4),
    A(T4, T0, T1), S(T3, T3, T4), A(T4, Y1, Z1), A(X3, Y2, Z2), M(T4, T4, X3), A(X3, T1, T2),
    S(T4, T4, X3), A(X3, X1, Z1), A(Y3, X2, Z2), M(X3, X3, Y3), A(Y3, T0, T2), S(Y3, X3, Y3),
    M(Z3, B, T2),  S(X3, Y3, Z3), A(Z3, X3, X3), A(X3, X3, Z3), S(Z3, T1, X3), A(X3, T1, X3),
    M(Y3, B, Y3),  A(T1, T2, T2), A(T2, T1, T2), S(Y3, Y3, T2), S(Y3, Y3, T0), A(T1, Y3, Y3),
    A(Y3, T1, Y3), A(T1, T0, T0), A(T0, T1, T0), S(T0, T0, T2), M(T1, T4, Y3), M(T2, T0, Y3),
    M(Y3, X3, Z3), A(Y3, Y3, T2), M(X3, X3, T3), S(X3, X3, T1), M(Z3, T4, Z3), M(T1, T3, T0),
    A(Z3, Z3, T1),
};
#undef M
#undef A
#undef S

void tacit_ecp_small_add(const tacit_ecp_curve *c, tacit_mpi_uint *R, const tacit_mpi_uint *P,
                         const tacit_mpi_uint *Q)
{
    const size_t n = c->limbs;
    FE w[X1 * TACIT_ECP_N];
    const FE *reg[NREG];
    size_t i;

    for (i = 0; i < X1; i++) {
        reg[i] = w + i * n;
    }
    for (i = 0; i < 3; i++) {
        reg[X1 + i] = P + i * n;
        reg[X2 + i] = Q + i * n;
    }
    reg[B] = c->b;
    for (i = 0; i < sizeof(add_program) / sizeof(add_program[0]); i++) {
        unsigned s = add_program[i];
        FE *d = w + ((s >> 8) & 15) * n; /* destinations are temporaries */
        const FE *a = reg[(s >> 4) & 15], *b = reg[s & 15];

        (s >> 12 == OP_MUL ? c->mul : s >> 12 == OP_ADD ? c->add : c->sub)(d, a, b);
    }
    memcpy(R, w + X3 * n, 3 * n * sizeof(FE)); /* X3 Y3 Z3 are adjacent */
    tacit_platform_zeroize(w, sizeof(w));
}

/*
 * (x, y) = u1 G + u2 Q by Shamir's trick, constant time in u1, u2 and Q:
 * from the top bit, one doubling and one addition per bit position, the
 * addend (infinity, G, Q or G + Q, projective) read from a table of four
 * by a masked scan; the complete formula takes every case (Q = +-G,
 * infinity, u1 or u2 zero).  G and Q enter as (x l : y l : l).
 */
tacit_mpi_uint tacit_ecp_muladd_ct(const tacit_ecp_curve *c, tacit_mpi_uint *x, tacit_mpi_uint *y,
                                   const tacit_mpi_uint *u1, const tacit_mpi_uint *u2,
                                   const tacit_mpi_uint *qx, const tacit_mpi_uint *qy,
                                   const tacit_mpi_uint *l)
{
    const size_t n = c->limbs, pn = 3 * n, lb = TACIT_MPI_LIMB_BITS;
    const FE *in[4];
    FE T[18 * TACIT_ECP_N], *R = T + 4 * pn, *A = R + pn; /* the table of four, R, A */
    tacit_mpi_uint inf;
    size_t i, j;

    in[0] = c->gx;
    in[1] = c->gy;
    in[2] = qx;
    in[3] = qy;
    memset(T, 0, sizeof(T));               /* A too: defined before its first masked write */
    memcpy(T + n, c->one, n * sizeof(FE)); /* T[0] = (0:1:0) */
    for (i = 0; i < 2; i++) {
        FE *P = T + (i + 1) * pn;

        MUL(P, in[2 * i], l);
        MUL(P + n, in[2 * i + 1], l);
        memcpy(P + 2 * n, l, n * sizeof(FE));
    }
    tacit_ecp_small_add(c, T + 3 * pn, T + pn, T + 2 * pn);
    memcpy(R, T, pn * sizeof(FE));
    for (i = c->bits; i-- > 0;) {
        tacit_mpi_uint idx = ((u1[i / lb] >> (i % lb)) & 1) | ((u2[i / lb] >> (i % lb)) & 1) << 1;

        for (j = 0; j < 4; j++) {
            tacit_mpi_core_cond_assign(A, T + j * pn, pn, tacit_ct_mask_eq_limb(idx, j));
        }
        tacit_ecp_small_add(c, R, R, R);
        tacit_ecp_small_add(c, R, R, A);
    }
    inf = tacit_ecp_proj_to_affine(c, x, y, R);
    tacit_platform_zeroize(T, sizeof(T));
    return inf;
}

/* k P = 0 G + k P: the same loop, with G's half of the table never chosen. */
int tacit_ecp_mul_ct(const tacit_ecp_curve *c, tacit_mpi_uint *x, tacit_mpi_uint *y,
                     const tacit_mpi_uint *k, const tacit_mpi_uint *px, const tacit_mpi_uint *py,
                     tacit_rng_func f_rng, void *p_rng)
{
    FE l[TACIT_ECP_N], z[TACIT_ECP_N];
    int ret = 0;

    memcpy(l, c->one, c->limbs * sizeof(FE));
    memset(z, 0, sizeof(z));
    if (f_rng != NULL) {
        /* n < p for the three curves: a scalar in [1, n-1] is a non-zero element */
        ret = tacit_ecp_random_scalar(c, l, f_rng, p_rng);
    }
    /* infinity cannot happen for k in [1, n-1] and P of order n; say so if it does */
    if (ret == 0 &&
        tacit_ct_declassify_u32((uint32_t)(tacit_ecp_muladd_ct(c, x, y, z, k, px, py, l) & 1u))) {
        ret = TACIT_ERR_ECP_INVALID_POINT;
    }
    tacit_platform_zeroize(l, sizeof(l));
    return ret;
}

int tacit_ecp_mul_base_ct(const tacit_ecp_curve *c, tacit_mpi_uint *x, tacit_mpi_uint *y,
                          const tacit_mpi_uint *k, tacit_rng_func f_rng, void *p_rng)
{
    return tacit_ecp_mul_ct(c, x, y, k, c->gx, c->gy, f_rng, p_rng);
}

/*
 * 1 if u1 G + u2 Q is not infinity and its x is r modulo n, else 0: the
 * verdict, the only thing it reveals (through tacit_ct_declassify).
 */
int tacit_ecp_muladd_check_x_ct(const tacit_ecp_curve *c, const tacit_mpi_uint *u1,
                                const tacit_mpi_uint *u2, const tacit_mpi_uint *qx,
                                const tacit_mpi_uint *qy, const tacit_mpi_uint *r)
{
    FE x[TACIT_ECP_N], y[TACIT_ECP_N];
    tacit_mpi_uint inf = tacit_ecp_muladd_ct(c, x, y, u1, u2, qx, qy, c->one);

    tacit_ecp_fe_from_mont(c, x, x);
    tacit_ecp_sc_reduce_once(c, x, x);
    tacit_ecp_modsub(x, x, r, c->n, c->limbs); /* both < n: zero iff equal */
    return (int)tacit_ct_declassify_u32((uint32_t)(~inf & tacit_ecp_is_zero_ct(x, c->limbs) & 1u));
}

#else
typedef int tacit_ecp_small_mul_unused;
#endif /* TACIT_ECP_C && TACIT_ECP_SMALL */
