/*
 * Point arithmetic on y^2 = x^3 - 3x + b.  Two coordinate systems:
 * - Jacobian (x = X/Z^2, y = Y/Z^3) for variable-base multiplication and
 *   verification: cheap doubling (3M + 5S), addition 12M + 4S with the
 *   usual exceptional cases (see the contracts in ecp_internal.h);
 * - projective with the complete formulas of Renes, Costello and Batina
 *   (EUROCRYPT 2016, a = -3) for the fixed-base comb, where proving the
 *   exceptional cases unreachable would be delicate.
 * All functions are constant time.
 */
#include "ecp_internal.h"

#if defined(TACIT_ECP_C)

#include <string.h>

#define FE tacit_mpi_uint
#define MUL(r, a, b) c->mul((r), (a), (b))
#define SQR(r, a) c->sqr((r), (a), (a))
#define ADD(r, a, b) tacit_ecp_fe_add(c, (r), (a), (b))
#define SUB(r, a, b) tacit_ecp_fe_sub(c, (r), (a), (b))

void tacit_ecp_jac_dbl(const tacit_ecp_curve *c, tacit_mpi_uint *R, const tacit_mpi_uint *P)
{
    size_t n = c->limbs;
    const FE *X1 = P, *Y1 = P + n, *Z1 = P + 2 * n;
    FE delta[TACIT_ECP_N], gamma[TACIT_ECP_N], beta[TACIT_ECP_N], alpha[TACIT_ECP_N];
    FE t[TACIT_ECP_N], u[TACIT_ECP_N];
    FE X3[TACIT_ECP_N], Y3[TACIT_ECP_N], Z3[TACIT_ECP_N];

    /* dbl-2001-b: alpha = 3(X - Z^2)(X + Z^2) uses a = -3 */
    SQR(delta, Z1);
    SQR(gamma, Y1);
    MUL(beta, X1, gamma);
    SUB(t, X1, delta);
    ADD(u, X1, delta);
    MUL(alpha, t, u);
    ADD(t, alpha, alpha);
    ADD(alpha, t, alpha);
    SQR(X3, alpha);
    ADD(t, beta, beta);      /* 2 beta */
    ADD(t, t, t);            /* 4 beta */
    ADD(u, t, t);            /* 8 beta */
    SUB(X3, X3, u);
    ADD(Z3, Y1, Z1);
    SQR(Z3, Z3);
    SUB(Z3, Z3, gamma);
    SUB(Z3, Z3, delta);
    SUB(t, t, X3);           /* 4 beta - X3 */
    MUL(Y3, alpha, t);
    SQR(gamma, gamma);
    ADD(gamma, gamma, gamma);
    ADD(gamma, gamma, gamma);
    ADD(gamma, gamma, gamma); /* 8 gamma^2 */
    SUB(Y3, Y3, gamma);
    memcpy(R, X3, n * sizeof(FE));
    memcpy(R + n, Y3, n * sizeof(FE));
    memcpy(R + 2 * n, Z3, n * sizeof(FE));
}

/* add-1998-cmo-2 */
void tacit_ecp_jac_add(const tacit_ecp_curve *c, tacit_mpi_uint *R, const tacit_mpi_uint *P,
                       const tacit_mpi_uint *Q)
{
    size_t n = c->limbs;
    const FE *X1 = P, *Y1 = P + n, *Z1 = P + 2 * n;
    const FE *X2 = Q, *Y2 = Q + n, *Z2 = Q + 2 * n;
    FE z1z1[TACIT_ECP_N], z2z2[TACIT_ECP_N], u1[TACIT_ECP_N], u2[TACIT_ECP_N];
    FE s1[TACIT_ECP_N], s2[TACIT_ECP_N], h[TACIT_ECP_N], r[TACIT_ECP_N];
    FE hh[TACIT_ECP_N], hhh[TACIT_ECP_N], v[TACIT_ECP_N];
    FE X3[TACIT_ECP_N], Y3[TACIT_ECP_N], Z3[TACIT_ECP_N];

    SQR(z1z1, Z1);
    SQR(z2z2, Z2);
    MUL(u1, X1, z2z2);
    MUL(u2, X2, z1z1);
    MUL(s1, Y1, Z2);
    MUL(s1, s1, z2z2);
    MUL(s2, Y2, Z1);
    MUL(s2, s2, z1z1);
    SUB(h, u2, u1);
    SUB(r, s2, s1);
    SQR(hh, h);
    MUL(hhh, hh, h);
    MUL(v, u1, hh);
    SQR(X3, r);
    SUB(X3, X3, hhh);
    SUB(X3, X3, v);
    SUB(X3, X3, v);
    SUB(Y3, v, X3);
    MUL(Y3, Y3, r);
    MUL(s1, s1, hhh);
    SUB(Y3, Y3, s1);
    MUL(Z3, Z1, Z2);
    MUL(Z3, Z3, h);
    memcpy(R, X3, n * sizeof(FE));
    memcpy(R + n, Y3, n * sizeof(FE));
    memcpy(R + 2 * n, Z3, n * sizeof(FE));
}

void tacit_ecp_jac_add_dbl_ct(const tacit_ecp_curve *c, tacit_mpi_uint *R,
                              const tacit_mpi_uint *P, const tacit_mpi_uint *Q)
{
    size_t n = c->limbs;
    FE sum[3 * TACIT_ECP_N], dbl[3 * TACIT_ECP_N];
    FE a[TACIT_ECP_N], b[TACIT_ECP_N], z1z1[TACIT_ECP_N], z2z2[TACIT_ECP_N];
    tacit_mpi_uint same;

    /* P == Q (projectively): X1 Z2^2 == X2 Z1^2 and Y1 Z2^3 == Y2 Z1^3 */
    SQR(z1z1, P + 2 * n);
    SQR(z2z2, Q + 2 * n);
    MUL(a, P, z2z2);
    MUL(b, Q, z1z1);
    SUB(a, a, b);
    same = tacit_ecp_is_zero_ct(a, n);
    MUL(z1z1, z1z1, P + 2 * n);
    MUL(z2z2, z2z2, Q + 2 * n);
    MUL(a, P + n, z2z2);
    MUL(b, Q + n, z1z1);
    SUB(a, a, b);
    same &= tacit_ecp_is_zero_ct(a, n);

    tacit_ecp_jac_add(c, sum, P, Q);
    tacit_ecp_jac_dbl(c, dbl, P);
    tacit_ct_memcpy_if_limbs(same, sum, dbl, 3 * n);
    memcpy(R, sum, 3 * n * sizeof(FE));
}

/* Renes-Costello-Batina Algorithm 5 (mixed addition, a = -3), complete. */
void tacit_ecp_proj_madd(const tacit_ecp_curve *c, tacit_mpi_uint *R, const tacit_mpi_uint *P,
                         const tacit_mpi_uint *Qaff)
{
    size_t n = c->limbs;
    const FE *X1 = P, *Y1 = P + n, *Z1 = P + 2 * n;
    const FE *X2 = Qaff, *Y2 = Qaff + n;
    const FE *b = c->b;
    FE t0[TACIT_ECP_N], t1[TACIT_ECP_N], t2[TACIT_ECP_N], t3[TACIT_ECP_N], t4[TACIT_ECP_N];
    FE X3[TACIT_ECP_N], Y3[TACIT_ECP_N], Z3[TACIT_ECP_N];

    MUL(t0, X1, X2);
    MUL(t1, Y1, Y2);
    ADD(t3, X2, Y2);
    ADD(t4, X1, Y1);
    MUL(t3, t3, t4);
    ADD(t4, t0, t1);
    SUB(t3, t3, t4);
    MUL(t4, Y2, Z1);
    ADD(t4, t4, Y1);
    MUL(Y3, X2, Z1);
    ADD(Y3, Y3, X1);
    MUL(Z3, b, Z1);
    SUB(X3, Y3, Z3);
    ADD(Z3, X3, X3);
    ADD(X3, X3, Z3);
    SUB(Z3, t1, X3);
    ADD(X3, t1, X3);
    MUL(Y3, b, Y3);
    ADD(t1, Z1, Z1);
    ADD(t2, t1, Z1);
    SUB(Y3, Y3, t2);
    SUB(Y3, Y3, t0);
    ADD(t1, Y3, Y3);
    ADD(Y3, t1, Y3);
    ADD(t1, t0, t0);
    ADD(t0, t1, t0);
    SUB(t0, t0, t2);
    MUL(t1, t4, Y3);
    MUL(t2, t0, Y3);
    MUL(Y3, X3, Z3);
    ADD(Y3, Y3, t2);
    MUL(X3, X3, t3);
    SUB(X3, X3, t1);
    MUL(Z3, Z3, t4);
    MUL(t1, t3, t0);
    ADD(Z3, Z3, t1);
    memcpy(R, X3, n * sizeof(FE));
    memcpy(R + n, Y3, n * sizeof(FE));
    memcpy(R + 2 * n, Z3, n * sizeof(FE));
}

/* Renes-Costello-Batina Algorithm 6 (doubling, a = -3), complete. */
void tacit_ecp_proj_dbl(const tacit_ecp_curve *c, tacit_mpi_uint *R, const tacit_mpi_uint *P)
{
    size_t n = c->limbs;
    const FE *X = P, *Y = P + n, *Z = P + 2 * n;
    const FE *b = c->b;
    FE t0[TACIT_ECP_N], t1[TACIT_ECP_N], t2[TACIT_ECP_N], t3[TACIT_ECP_N];
    FE X3[TACIT_ECP_N], Y3[TACIT_ECP_N], Z3[TACIT_ECP_N];

    SQR(t0, X);
    SQR(t1, Y);
    SQR(t2, Z);
    MUL(t3, X, Y);
    ADD(t3, t3, t3);
    MUL(Z3, X, Z);
    ADD(Z3, Z3, Z3);
    MUL(Y3, b, t2);
    SUB(Y3, Y3, Z3);
    ADD(X3, Y3, Y3);
    ADD(Y3, X3, Y3);
    SUB(X3, t1, Y3);
    ADD(Y3, t1, Y3);
    MUL(Y3, X3, Y3);
    MUL(X3, X3, t3);
    ADD(t3, t2, t2);
    ADD(t2, t2, t3);
    MUL(Z3, b, Z3);
    SUB(Z3, Z3, t2);
    SUB(Z3, Z3, t0);
    ADD(t3, Z3, Z3);
    ADD(Z3, Z3, t3);
    ADD(t3, t0, t0);
    ADD(t0, t3, t0);
    SUB(t0, t0, t2);
    MUL(t0, t0, Z3);
    ADD(Y3, Y3, t0);
    MUL(t0, Y, Z);
    ADD(t0, t0, t0);
    MUL(Z3, t0, Z3);
    SUB(X3, X3, Z3);
    MUL(Z3, t0, t1);
    ADD(Z3, Z3, Z3);
    ADD(Z3, Z3, Z3);
    memcpy(R, X3, n * sizeof(FE));
    memcpy(R + n, Y3, n * sizeof(FE));
    memcpy(R + 2 * n, Z3, n * sizeof(FE));
}

tacit_mpi_uint tacit_ecp_jac_to_affine(const tacit_ecp_curve *c, tacit_mpi_uint *x,
                                       tacit_mpi_uint *y, const tacit_mpi_uint *P)
{
    size_t n = c->limbs;
    FE zi[TACIT_ECP_N], zi2[TACIT_ECP_N];
    tacit_mpi_uint inf = tacit_ecp_is_zero_ct(P + 2 * n, n);

    tacit_ecp_fe_inv(c, zi, P + 2 * n); /* 0 -> 0: x = y = 0 for infinity */
    SQR(zi2, zi);
    MUL(x, P, zi2);
    MUL(zi2, zi2, zi);
    MUL(y, P + n, zi2);
    tacit_platform_zeroize(zi, sizeof(zi));
    tacit_platform_zeroize(zi2, sizeof(zi2));
    return inf;
}

tacit_mpi_uint tacit_ecp_proj_to_affine(const tacit_ecp_curve *c, tacit_mpi_uint *x,
                                        tacit_mpi_uint *y, const tacit_mpi_uint *P)
{
    size_t n = c->limbs;
    FE zi[TACIT_ECP_N];
    tacit_mpi_uint inf = tacit_ecp_is_zero_ct(P + 2 * n, n);

    tacit_ecp_fe_inv(c, zi, P + 2 * n);
    MUL(x, P, zi);
    MUL(y, P + n, zi);
    tacit_platform_zeroize(zi, sizeof(zi));
    return inf;
}

tacit_mpi_uint tacit_ecp_on_curve(const tacit_ecp_curve *c, const tacit_mpi_uint *x,
                                  const tacit_mpi_uint *y)
{
    size_t n = c->limbs;
    FE lhs[TACIT_ECP_N], rhs[TACIT_ECP_N], t[TACIT_ECP_N];

    SQR(lhs, y);
    SQR(rhs, x);
    MUL(rhs, rhs, x);
    ADD(t, x, x);
    ADD(t, t, x);
    SUB(rhs, rhs, t);
    ADD(rhs, rhs, c->b);
    SUB(t, lhs, rhs);
    return tacit_ecp_is_zero_ct(t, n);
}

#else
typedef int tacit_ecp_point_unused;
#endif /* TACIT_ECP_C */
