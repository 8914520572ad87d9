/*
 * Point arithmetic on y^2 = x^3 - 3x + b.  Two coordinate systems:
 * - Jacobian (x = X/Z^2, y = Y/Z^3) for variable-base multiplication and
 *   verification: cheap doubling (3M + 5S), addition 12M + 4S with the
 *   usual exceptional cases (see the contracts in ecp_internal.h);
 * - projective with the complete formulas of Renes, Costello and Batina
 *   (EUROCRYPT 2016, a = -3) for the fixed-base comb, where proving the
 *   exceptional cases unreachable would be delicate.
 * The formulas themselves are compiled per curve (ecp_point_impl.h); this
 * file dispatches to them and holds what is generic.  Constant time.
 */
#include "ec/ecp_internal.h"

#if defined(TACIT_ECP_C)

#include <string.h>

#define FE tacit_mpi_uint

void tacit_ecp_jac_dbl(const tacit_ecp_curve *c, tacit_mpi_uint *R, const tacit_mpi_uint *P)
{
    c->jac_dbl(R, P);
}

void tacit_ecp_jac_dbl_n(const tacit_ecp_curve *c, tacit_mpi_uint *R, const tacit_mpi_uint *P,
                         size_t k)
{
    c->jac_dbl_n(R, P, k);
}

void tacit_ecp_jac_odd_table(const tacit_ecp_curve *c, tacit_mpi_uint *tab, const tacit_mpi_uint *P,
                             size_t count)
{
    c->jac_odd_table(tab, P, count);
}

void tacit_ecp_jac_add(const tacit_ecp_curve *c, tacit_mpi_uint *R, const tacit_mpi_uint *P,
                       const tacit_mpi_uint *Q)
{
    c->jac_add(R, P, Q);
}

void tacit_ecp_jac_madd(const tacit_ecp_curve *c, tacit_mpi_uint *R, const tacit_mpi_uint *P,
                        const tacit_mpi_uint *Qaff)
{
    c->jac_madd(R, P, Qaff);
}

void tacit_ecp_proj_madd(const tacit_ecp_curve *c, tacit_mpi_uint *R, const tacit_mpi_uint *P,
                         const tacit_mpi_uint *Qaff)
{
    c->proj_madd(R, P, Qaff);
}

void tacit_ecp_proj_dbl(const tacit_ecp_curve *c, tacit_mpi_uint *R, const tacit_mpi_uint *P)
{
    c->proj_dbl(R, P);
}
#define MUL(r, a, b) c->mul((r), (a), (b))
#define SQR(r, a) c->sqr((r), (a), (a))
#define ADD(r, a, b) tacit_ecp_fe_add(c, (r), (a), (b))
#define SUB(r, a, b) tacit_ecp_fe_sub(c, (r), (a), (b))

void tacit_ecp_jac_add_dbl_ct(const tacit_ecp_curve *c, tacit_mpi_uint *R, const tacit_mpi_uint *P,
                              const tacit_mpi_uint *Q)
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

void tacit_ecp_curve_rhs(const tacit_ecp_curve *c, tacit_mpi_uint *rhs, const tacit_mpi_uint *x)
{
    FE t[TACIT_ECP_N];

    SQR(rhs, x);
    MUL(rhs, rhs, x);
    ADD(t, x, x);
    ADD(t, t, x);
    SUB(rhs, rhs, t);
    ADD(rhs, rhs, c->b);
}

tacit_mpi_uint tacit_ecp_on_curve(const tacit_ecp_curve *c, const tacit_mpi_uint *x,
                                  const tacit_mpi_uint *y)
{
    FE lhs[TACIT_ECP_N], rhs[TACIT_ECP_N];

    SQR(lhs, y);
    tacit_ecp_curve_rhs(c, rhs, x);
    SUB(lhs, lhs, rhs);
    return tacit_ecp_is_zero_ct(lhs, c->limbs);
}

#else
typedef int tacit_ecp_point_unused;
#endif /* TACIT_ECP_C */
