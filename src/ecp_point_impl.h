/*
 * Point formulas, instantiated once per curve (included by ecp_p256.c,
 * ecp_p384.c, ecp_p521.c) so that the field operations inline with a
 * constant limb count.  The including file defines ECP_N, ECP_B (b in field
 * form), ECP_NMOD and ECP_N_MM (the group order and -n^-1), ECP_FN(name) and the
 * static inline fe_mul, fe_sqr, fe_add, fe_sub; optionally ECP_SC_MUL(r, a, b),
 * a faster Montgomery product mod n.
 *
 * Jacobian (x = X/Z^2, y = Y/Z^3), a = -3: doubling dbl-2001-b (4M + 4S),
 * addition add-1998-cmo-2 (12M + 4S), mixed addition (8M + 3S); their
 * exceptional cases are described in ecp_internal.h.  Projective with the
 * complete formulas of Renes, Costello and Batina (EUROCRYPT 2016, a = -3,
 * Algorithms 5 and 6) for the fixed-base comb.  All constant time.
 */
#define FE tacit_mpi_uint
#define MUL(r, a, b) fe_mul((r), (a), (b))
#define SQR(r, a) fe_sqr((r), (a))
#define ADD(r, a, b) fe_add((r), (a), (b))
#define SUB(r, a, b) fe_sub((r), (a), (b))

/*
 * Small multiples 2a, 3a, 4a, 8a.  A field with fused versions (one block,
 * values in registers: P-256 on x86-64) defines ECP_HAVE_SMALL_MULTIPLES and
 * its own fe_x2 ... fe_x8; the others get these additions.
 */
#if !defined(ECP_HAVE_SMALL_MULTIPLES)
static inline void fe_x2(FE *r, const FE *a)
{
    fe_add(r, a, a);
}

static inline void fe_x3(FE *r, const FE *a)
{
    FE t[TACIT_ECP_N];

    fe_add(t, a, a);
    fe_add(r, t, a);
}

static inline void fe_x4(FE *r, const FE *a)
{
    fe_add(r, a, a);
    fe_add(r, r, r);
}

static inline void fe_x8(FE *r, const FE *a)
{
    fe_add(r, a, a);
    fe_add(r, r, r);
    fe_add(r, r, r);
}
#endif

/* Non-inline entry points for the generic code (inversion, checks). */
void ECP_FN(mul)(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    fe_mul(r, a, b);
}

void ECP_FN(sqr)(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    (void)b;
    fe_sqr(r, a);
}

/* Montgomery product mod n (ECDSA's scalar arithmetic) */
void ECP_FN(sc_mul)(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
#if defined(ECP_SC_MUL)
    ECP_SC_MUL(r, a, b);
#else
    tacit_mpi_uint t[2 * ECP_N];

    ecp_fe_mul_wide(t, a, b, ECP_N);
    ecp_fe_mont_reduce(r, t, ECP_NMOD, ECP_N, ECP_N_MM);
#endif
}

void ECP_FN(add)(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    fe_add(r, a, b);
}

void ECP_FN(sub)(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    fe_sub(r, a, b);
}

void ECP_FN(jac_dbl)(tacit_mpi_uint *R, const tacit_mpi_uint *P)
{
    const size_t n = ECP_N;
    const FE *X1 = P, *Y1 = P + n, *Z1 = P + 2 * n;
    FE delta[TACIT_ECP_N], gamma[TACIT_ECP_N], beta[TACIT_ECP_N], alpha[TACIT_ECP_N];
    FE t[TACIT_ECP_N], u[TACIT_ECP_N];
    FE X3[TACIT_ECP_N], Y3[TACIT_ECP_N], Z3[TACIT_ECP_N];

    /*
     * dbl-2001-b: alpha = 3(X - Z^2)(X + Z^2) uses a = -3; Z3 = 2 Y Z (the
     * same as (Y + Z)^2 - gamma - delta, one product for a square and
     * three additions).
     */
    SQR(delta, Z1);
    SQR(gamma, Y1);
    MUL(beta, X1, gamma);
    SUB(t, X1, delta);
    ADD(u, X1, delta);
    MUL(alpha, t, u);
    fe_x3(alpha, alpha);
    SQR(X3, alpha);
    fe_x4(t, beta); /* 4 beta */
    fe_x2(u, t);    /* 8 beta */
    SUB(X3, X3, u);
    MUL(Z3, Y1, Z1);
    fe_x2(Z3, Z3);
    SUB(t, t, X3); /* 4 beta - X3 */
    MUL(Y3, alpha, t);
    SQR(gamma, gamma);
    fe_x8(gamma, gamma); /* 8 gamma^2 */
    SUB(Y3, Y3, gamma);
    memcpy(R, X3, n * sizeof(FE));
    memcpy(R + n, Y3, n * sizeof(FE));
    memcpy(R + 2 * n, Z3, n * sizeof(FE));
}

void ECP_FN(jac_add)(tacit_mpi_uint *R, const tacit_mpi_uint *P, const tacit_mpi_uint *Q)
{
    const size_t n = ECP_N;
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

/* Jacobian + affine (Z2 = 1): P != +-Q, P not infinity (madd-2004-hmv style) */
void ECP_FN(jac_madd)(tacit_mpi_uint *R, const tacit_mpi_uint *P, const tacit_mpi_uint *Qaff)
{
    const size_t n = ECP_N;
    const FE *X1 = P, *Y1 = P + n, *Z1 = P + 2 * n;
    const FE *X2 = Qaff, *Y2 = Qaff + n;
    FE z1z1[TACIT_ECP_N], u2[TACIT_ECP_N], s2[TACIT_ECP_N], h[TACIT_ECP_N], r[TACIT_ECP_N];
    FE hh[TACIT_ECP_N], hhh[TACIT_ECP_N], v[TACIT_ECP_N];
    FE X3[TACIT_ECP_N], Y3[TACIT_ECP_N], Z3[TACIT_ECP_N];

    SQR(z1z1, Z1);
    MUL(u2, X2, z1z1);
    MUL(s2, Y2, Z1);
    MUL(s2, s2, z1z1);
    SUB(h, u2, X1);
    SUB(r, s2, Y1);
    SQR(hh, h);
    MUL(hhh, hh, h);
    MUL(v, X1, hh);
    SQR(X3, r);
    SUB(X3, X3, hhh);
    SUB(X3, X3, v);
    SUB(X3, X3, v);
    SUB(Y3, v, X3);
    MUL(Y3, Y3, r);
    MUL(hhh, Y1, hhh);
    SUB(Y3, Y3, hhh);
    MUL(Z3, Z1, h);
    memcpy(R, X3, n * sizeof(FE));
    memcpy(R + n, Y3, n * sizeof(FE));
    memcpy(R + 2 * n, Z3, n * sizeof(FE));
}

void ECP_FN(proj_madd)(tacit_mpi_uint *R, const tacit_mpi_uint *P, const tacit_mpi_uint *Qaff)
{
    const size_t n = ECP_N;
    const FE *X1 = P, *Y1 = P + n, *Z1 = P + 2 * n;
    const FE *X2 = Qaff, *Y2 = Qaff + n;
    const FE *b = ECP_B;
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

void ECP_FN(proj_dbl)(tacit_mpi_uint *R, const tacit_mpi_uint *P)
{
    const size_t n = ECP_N;
    const FE *X = P, *Y = P + n, *Z = P + 2 * n;
    const FE *b = ECP_B;
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

#undef FE
#undef MUL
#undef SQR
#undef ADD
#undef SUB
