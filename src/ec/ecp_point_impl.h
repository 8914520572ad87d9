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
 *
 * A curve may compute in another form than the one its callers see (P-521
 * with 64-bit limbs works on 58-bit limbs, ecp_p521.c).  It then defines
 * ECP_FE_LOAD(t, a) (callers' form -> working form) and ECP_FE_STORE(r, t)
 * (back, fully reduced), which the formulas apply to their inputs and
 * outputs, and its own entry points ECP_FN(mul), sqr, add and sub.
 */
#define FE tacit_mpi_uint
#define MUL(r, a, b) fe_mul((r), (a), (b))
#define SQR(r, a) fe_sqr((r), (a))
#define ADD(r, a, b) fe_add((r), (a), (b))
#define SUB(r, a, b) fe_sub((r), (a), (b))
#if defined(ECP_FE_LOAD)
#define LOAD(buf, a) (ECP_FE_LOAD((buf), (a)), (const FE *)(buf))
#define COPYIN(t, a) ECP_FE_LOAD((t), (a))
#define STORE(r, t) ECP_FE_STORE((r), (t))
#else
#define LOAD(buf, a) ((void)(buf), (const FE *)(a))
#define COPYIN(t, a) memcpy((t), (a), ECP_N * sizeof(FE))
#define STORE(r, t) memcpy((r), (t), ECP_N * sizeof(FE))
#endif

/*
 * Small multiples 2a, 3a, 4a, 8a: the one mechanism for them.  A field with
 * faster versions (P-256 on x86-64: one asm block each, values in registers;
 * P-521 on 58-bit limbs: one carry step) defines ECP_HAVE_SMALL_MULTIPLES
 * and its own fe_x2 ... fe_x8; the others get these additions.
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

#if !defined(ECP_FE_LOAD)
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

void ECP_FN(add)(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    fe_add(r, a, b);
}

void ECP_FN(sub)(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b)
{
    fe_sub(r, a, b);
}
#endif /* !ECP_FE_LOAD */

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

/* dbl-2001-b on the working form: R = 2 P, R may alias P (X|Y|Z, ECP_N limbs each) */
static inline void jac_dbl_fe(FE *R, const FE *P)
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
    memcpy(R, X3, sizeof(X3));
    memcpy(R + n, Y3, sizeof(Y3));
    memcpy(R + 2 * n, Z3, sizeof(Z3));
}

void ECP_FN(jac_dbl)(tacit_mpi_uint *R, const tacit_mpi_uint *P)
{
    ECP_FN(jac_dbl_n)(R, P, 1);
}

/*
 * R = 2^k P, k >= 1 (public): converted once, k doublings in the working form.
 * A field with the whole doubling in one block (P-256 with MULX/ADX) defines
 * ECP_JAC_DBL_N(R, P, k) instead.
 */
void ECP_FN(jac_dbl_n)(tacit_mpi_uint *R, const tacit_mpi_uint *P, size_t k)
{
#if defined(ECP_JAC_DBL_N)
    ECP_JAC_DBL_N(R, P, k);
#else
    const size_t n = ECP_N;
    FE T[3 * TACIT_ECP_N];
    size_t i;

    COPYIN(T, P);
    COPYIN(T + n, P + n);
    COPYIN(T + 2 * n, P + 2 * n);
    for (i = 0; i < k; i++) {
        jac_dbl_fe(T, T);
    }
    STORE(R, T);
    STORE(R + n, T + n);
    STORE(R + 2 * n, T + 2 * n);
#endif
}

/*
 * tab[0 .. count) = P, 3P, 5P, ... (Jacobian, count >= 2; tab may alias P)
 * by co-Z additions (Meloni, "New point addition formulae for ECC
 * applications", WAIFI 2007): the doubling D = 2P (dbl-2001-b, Z3 = 2 Y Z)
 * also gives P with D's Z, (4 X Y^2, 8 Y^4) = (4 beta, 8 gamma^2); then each
 * step adds D to the last entry T, both with the same Z, and rescales D to
 * the sum's Z:
 *     h = X_T - X_D, A = h^2, B = X_D A, C = X_T A, r = Y_T - Y_D,
 *     T' = (r^2 - B - C, r (B - T'x) - Y_D (C - B), Z h),  D' = (B, Y_D (C - B), Z h)
 * 5M + 2S a step instead of 12M + 4S.  Exceptional case h = 0: D = +-T, i.e.
 * 2P = +-(2j - 1)P, so n divides 2j - 3 or 2j + 1: impossible for the
 * callers' count <= 16 and P of prime order n > 33 (P is never infinity).
 */
void ECP_FN(jac_odd_table)(tacit_mpi_uint *tab, const tacit_mpi_uint *P, size_t count)
{
    const size_t n = ECP_N;
    FE in[3 * TACIT_ECP_N];
    const FE *X1 = LOAD(in, P), *Y1 = LOAD(in + n, P + n), *Z1 = LOAD(in + 2 * n, P + 2 * n);
    FE DX[TACIT_ECP_N], DY[TACIT_ECP_N], Z[TACIT_ECP_N], TX[TACIT_ECP_N], TY[TACIT_ECP_N];
    FE a[TACIT_ECP_N], b[TACIT_ECP_N], h[TACIT_ECP_N], r[TACIT_ECP_N], t[TACIT_ECP_N];
    size_t j;

    SQR(a, Z1);     /* delta */
    SQR(b, Y1);     /* gamma */
    MUL(TX, X1, b); /* beta */
    SUB(t, X1, a);
    ADD(h, X1, a);
    MUL(a, t, h);
    fe_x3(a, a); /* alpha */
    MUL(Z, Y1, Z1);
    fe_x2(Z, Z);   /* Z3 = 2 Y Z */
    fe_x4(TX, TX); /* 4 beta: x of P with the new Z */
    SQR(DX, a);
    fe_x2(t, TX);
    SUB(DX, DX, t); /* alpha^2 - 8 beta */
    SUB(t, TX, DX);
    MUL(DY, a, t);
    SQR(b, b);
    fe_x8(TY, b); /* 8 gamma^2: y of P with the new Z */
    SUB(DY, DY, TY);
    STORE(tab, TX);
    STORE(tab + n, TY);
    STORE(tab + 2 * n, Z);
    for (j = 1; j < count; j++) {
        SUB(h, TX, DX);
        SQR(a, h);
        MUL(b, DX, a); /* B */
        MUL(a, TX, a); /* C */
        SUB(r, TY, DY);
        MUL(Z, Z, h);
        SUB(a, a, b); /* C - B */
        MUL(DY, DY, a);
        memcpy(DX, b, sizeof(DX)); /* D' = (B, Y_D (C - B), Z h) */
        SQR(TX, r);
        SUB(TX, TX, b);
        SUB(TX, TX, b);
        SUB(TX, TX, a); /* r^2 - 2B - (C - B) = r^2 - B - C */
        SUB(t, b, TX);
        MUL(TY, r, t);
        SUB(TY, TY, DY);
        STORE(tab + 3 * n * j, TX);
        STORE(tab + 3 * n * j + n, TY);
        STORE(tab + 3 * n * j + 2 * n, Z);
    }
}

/* The additions: a field with them in one block defines ECP_JAC_ADD and ECP_JAC_MADD. */
void ECP_FN(jac_add)(tacit_mpi_uint *R, const tacit_mpi_uint *P, const tacit_mpi_uint *Q)
{
#if defined(ECP_JAC_ADD)
    ECP_JAC_ADD(R, P, Q);
}
#else
    const size_t n = ECP_N;
    FE in[6 * TACIT_ECP_N];
    const FE *X1 = LOAD(in, P), *Y1 = LOAD(in + n, P + n), *Z1 = LOAD(in + 2 * n, P + 2 * n);
    const FE *X2 = LOAD(in + 3 * n, Q), *Y2 = LOAD(in + 4 * n, Q + n);
    const FE *Z2 = LOAD(in + 5 * n, Q + 2 * n);
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
    STORE(R, X3);
    STORE(R + n, Y3);
    STORE(R + 2 * n, Z3);
}
#endif

/* Jacobian + affine (Z2 = 1): P != +-Q, P not infinity (madd-2004-hmv style) */
void ECP_FN(jac_madd)(tacit_mpi_uint *R, const tacit_mpi_uint *P, const tacit_mpi_uint *Qaff)
{
#if defined(ECP_JAC_MADD)
    ECP_JAC_MADD(R, P, Qaff);
}
#else
    const size_t n = ECP_N;
    FE in[5 * TACIT_ECP_N];
    const FE *X1 = LOAD(in, P), *Y1 = LOAD(in + n, P + n), *Z1 = LOAD(in + 2 * n, P + 2 * n);
    const FE *X2 = LOAD(in + 3 * n, Qaff), *Y2 = LOAD(in + 4 * n, Qaff + n);
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
    STORE(R, X3);
    STORE(R + n, Y3);
    STORE(R + 2 * n, Z3);
}
#endif

void ECP_FN(proj_madd)(tacit_mpi_uint *R, const tacit_mpi_uint *P, const tacit_mpi_uint *Qaff)
{
    const size_t n = ECP_N;
    FE in[6 * TACIT_ECP_N];
    const FE *X1 = LOAD(in, P), *Y1 = LOAD(in + n, P + n), *Z1 = LOAD(in + 2 * n, P + 2 * n);
    const FE *X2 = LOAD(in + 3 * n, Qaff), *Y2 = LOAD(in + 4 * n, Qaff + n);
    const FE *b = LOAD(in + 5 * n, ECP_B);
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
    STORE(R, X3);
    STORE(R + n, Y3);
    STORE(R + 2 * n, Z3);
}

void ECP_FN(proj_dbl)(tacit_mpi_uint *R, const tacit_mpi_uint *P)
{
    const size_t n = ECP_N;
    FE in[4 * TACIT_ECP_N];
    const FE *X = LOAD(in, P), *Y = LOAD(in + n, P + n), *Z = LOAD(in + 2 * n, P + 2 * n);
    const FE *b = LOAD(in + 3 * n, ECP_B);
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
    STORE(R, X3);
    STORE(R + n, Y3);
    STORE(R + 2 * n, Z3);
}

#undef FE
#undef LOAD
#undef COPYIN
#undef STORE
#undef MUL
#undef SQR
#undef ADD
#undef SUB
