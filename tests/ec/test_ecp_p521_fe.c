/*
 * The P-521 field against GMP.
 *
 * - 64-bit limbs: the unsaturated 58-bit form of ecp_p521_fe58.h (included
 *   here: its functions are static inline), on random and edge inputs in the
 *   whole "reduced" range the header allows (every limb up to its bound, p,
 *   2p, values >= 2^521), with the bound of every output checked too; long
 *   chains feed outputs back as inputs.
 * - Both limb sizes: the curve's entry points (tacit_ecp_curve->mul, sqr,
 *   add, sub, fe_inv), which take and return fully reduced integers < p.
 *
 * SKIPs when GMP is not linked (sanitizer builds).  Reproducible: fixed seed,
 * TACIT_GMP_SEED in the environment changes it.
 */
#include "harness.h"

#include "ec/ecp_internal.h"
#include "ec/ecp_p521_fe58.h"

#if defined(TACIT_HAVE_GMP) && defined(TACIT_ECP_SECP521R1_C) && !defined(TACIT_ECP_SMALL)
#include <gmp.h>

#define N521 (576 / TACIT_MPI_LIMB_BITS)

static uint64_t rng_state;

static uint64_t rnd64(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1Du;
}

static void seed(void)
{
    const char *s = getenv("TACIT_GMP_SEED");
    rng_state = s != NULL ? strtoull(s, NULL, 0) | 1u : 0x521521521521ull;
}

static mpz_t P; /* 2^521 - 1 */

/* ---- the curve's entry points (both limb sizes) ----------------------------- */

static void limbs_to_mpz(mpz_t r, const tacit_mpi_uint *x)
{
    mpz_import(r, N521, -1, sizeof(tacit_mpi_uint), 0, 0, x);
}

static void mpz_to_limbs(tacit_mpi_uint *x, const mpz_t v)
{
    size_t count = 0;

    memset(x, 0, N521 * sizeof(tacit_mpi_uint));
    mpz_export(x, &count, -1, sizeof(tacit_mpi_uint), 0, 0, v);
}

/* A random element < p, edge-heavy. */
static void rnd_elem(mpz_t r)
{
    unsigned long k = (unsigned long)(rnd64() % 8);
    size_t i;

    switch (k) {
    case 0:
        mpz_set_ui(r, (unsigned long)(rnd64() % 4)); /* 0..3 */
        break;
    case 1:
        mpz_sub_ui(r, P, 1 + (unsigned long)(rnd64() % 4)); /* p-4..p-1 */
        break;
    case 2: /* sparse: a few runs of ones */
        mpz_set_ui(r, 0);
        for (i = 0; i < 4; i++) {
            unsigned long at = (unsigned long)(rnd64() % 521);
            mpz_setbit(r, at);
        }
        break;
    default:
        mpz_set_ui(r, 0);
        for (i = 0; i < 9; i++) {
            mpz_mul_2exp(r, r, 64);
            mpz_add_ui(r, r, (unsigned long)rnd64());
        }
        mpz_mod(r, r, P);
        break;
    }
}

static void test_entry_points(void)
{
    const tacit_ecp_curve *c = tacit_ecp_curve_get(TACIT_ECP_SECP521R1);
    tacit_mpi_uint a[N521], b[N521], r[N521], e[N521];
    mpz_t A, B, R, E;
    int i, op;

    mpz_inits(A, B, R, E, NULL);
    seed();
    TEST_ASSERT(c != NULL);
    for (i = 0; i < 20000; i++) {
        rnd_elem(A);
        rnd_elem(B);
        mpz_to_limbs(a, A);
        mpz_to_limbs(b, B);
        op = i % 5;
        if (op == 4 && i % 50 != 4) {
            op = i % 4; /* inversions are slow: one in 50 */
        }
        switch (op) {
        case 0:
            c->mul(r, a, b);
            mpz_mul(E, A, B);
            break;
        case 1:
            c->sqr(r, a, a);
            mpz_mul(E, A, A);
            break;
        case 2:
            c->add(r, a, b);
            mpz_add(E, A, B);
            break;
        case 3:
            c->sub(r, a, b);
            mpz_sub(E, A, B);
            break;
        default:
            TEST_ASSERT(c->fe_inv != NULL);
            c->fe_inv(r, a);
            if (mpz_sgn(A) == 0) {
                mpz_set_ui(E, 0);
            } else {
                TEST_ASSERT(mpz_invert(E, A, P) != 0);
            }
            break;
        }
        mpz_mod(E, E, P);
        mpz_to_limbs(e, E);
        limbs_to_mpz(R, r);
        if (mpz_cmp(R, E) != 0) {
            gmp_printf("    op %d\n    a %ZX\n    b %ZX\n    got %ZX\n    want %ZX\n", op, A, B, R,
                       E);
        }
        TEST_MEM_EQ(r, sizeof(r), e, sizeof(e));
    }
exit:
    mpz_clears(A, B, R, E, NULL);
}

#if TACIT_MPI_LIMB_BITS == 64
/* ---- the 58-bit form (64-bit limbs) ------------------------------------------- */

#define B58 (((uint64_t)1 << 58) + ((uint64_t)1 << 14)) /* reduced: limbs 0..7 */
#define B57 (((uint64_t)1 << 57) + ((uint64_t)1 << 14)) /* reduced: limb 8 */

static void fe58_to_mpz(mpz_t r, const p521_fe58 a)
{
    int i;

    mpz_set_ui(r, 0);
    for (i = 8; i >= 0; i--) {
        mpz_mul_2exp(r, r, 58);
        mpz_add_ui(r, r, (unsigned long)a[i]);
    }
}

static int fe58_is_reduced(const p521_fe58 a)
{
    int i;

    for (i = 0; i < 8; i++) {
        if (a[i] > B58) {
            return 0;
        }
    }
    return a[8] <= B57;
}

/* A random reduced element, edge-heavy: limbs at 0, at 2^58 - 1, at the bound. */
static void rnd_fe58(p521_fe58 a)
{
    unsigned kind = (unsigned)(rnd64() % 10);
    int i;

    for (i = 0; i < 9; i++) {
        uint64_t top = i < 8 ? B58 : B57, full = i < 8 ? P521_FE58_M58 : P521_FE58_M57;
        unsigned k = kind < 4 ? (unsigned)(rnd64() % 6) : kind;
        switch (k) {
        case 0:
            a[i] = 0;
            break;
        case 1:
            a[i] = top; /* at the bound */
            break;
        case 2:
            a[i] = full; /* all ones: p when every limb is */
            break;
        case 3:
            a[i] = top - (rnd64() % 64);
            break;
        case 4:
            a[i] = full + (rnd64() % (top - full + 1)); /* above 58 bits */
            break;
        case 5:
            a[i] = rnd64() % 4;
            break;
        default:
            a[i] = rnd64() % (top + 1);
            break;
        }
    }
}

static void set_fe58(p521_fe58 a, uint64_t lo, uint64_t top)
{
    int i;

    for (i = 0; i < 8; i++) {
        a[i] = lo;
    }
    a[8] = top;
}

/* r == want mod p and r reduced (canon: r == want mod p exactly, < p) */
static int check58(const char *what, const p521_fe58 r, mpz_t want, int canon)
{
    mpz_t R, W;
    int ok;

    mpz_inits(R, W, NULL);
    fe58_to_mpz(R, r);
    mpz_mod(W, want, P);
    if (canon) {
        ok = mpz_cmp(R, W) == 0;
    } else {
        mpz_t D;
        mpz_init(D);
        mpz_sub(D, R, W);
        ok = mpz_divisible_p(D, P) != 0;
        mpz_clear(D);
    }
    ok = ok && fe58_is_reduced(r);
    if (!ok) {
        gmp_printf("    %s: got %ZX\n    want %ZX (mod p)\n", what, R, W);
    }
    mpz_clears(R, W, NULL);
    return ok;
}

static void one_round(const p521_fe58 a, const p521_fe58 b, int *ok)
{
    p521_fe58 r;
    tacit_mpi_uint packed[9];
    mpz_t A, B, E;

    mpz_inits(A, B, E, NULL);
    fe58_to_mpz(A, a);
    fe58_to_mpz(B, b);

    p521_fe58_mul(r, a, b);
    mpz_mul(E, A, B);
    *ok &= check58("mul", r, E, 0);
    p521_fe58_sqr(r, a);
    mpz_mul(E, A, A);
    *ok &= check58("sqr", r, E, 0);
    p521_fe58_add(r, a, b);
    mpz_add(E, A, B);
    *ok &= check58("add", r, E, 0);
    p521_fe58_sub(r, a, b);
    mpz_sub(E, A, B);
    *ok &= check58("sub", r, E, 0);
    p521_fe58_carry(r, a);
    *ok &= check58("carry", r, A, 0);
    {
        static const unsigned ks[] = { 2, 3, 4, 8 };
        size_t j;
        for (j = 0; j < sizeof(ks) / sizeof(ks[0]); j++) {
            p521_fe58_mulk(r, a, ks[j]);
            mpz_mul_ui(E, A, ks[j]);
            *ok &= check58("mulk", r, E, 0);
        }
    }
    /* the lazy forms of the point formulas, at their stated bounds */
    {
        p521_fe58 w, t;
        mpz_t Wd;
        int i;

        mpz_init(Wd);
        p521_fe58_subk_nc(w, a, b, 2); /* wide: <= 3 * 2^58 + 2^14 */
        for (i = 0; i < 9; i++) {
            *ok &= w[i] <= 3 * ((uint64_t)1 << 58) + ((uint64_t)1 << 14);
        }
        mpz_sub(Wd, A, B);
        p521_fe58_mul(r, w, b);
        mpz_mul(E, Wd, B);
        *ok &= check58("mul wide", r, E, 0);
        p521_fe58_mul(r, b, w);
        *ok &= check58("mul wide 2", r, E, 0);
        p521_fe58_mulk(r, w, 3);
        mpz_mul_ui(E, Wd, 3);
        *ok &= check58("mulk wide", r, E, 0);
        p521_fe58_add_nc(t, a, b); /* wide too */
        p521_fe58_carry(t, t);
        p521_fe58_mul(r, w, t);
        mpz_add(E, A, B);
        mpz_mul(E, E, Wd);
        *ok &= check58("mul wide sum", r, E, 0);
        p521_fe58_add_nc(t, a, b);
        p521_fe58_subk(r, a, t, 4);
        mpz_sub(E, A, A);
        mpz_sub(E, E, B);
        *ok &= check58("subk 4", r, E, 0);
        p521_fe58_mulk_nc(t, b, 8);
        p521_fe58_subk(r, a, t, 16);
        mpz_mul_ui(E, B, 8);
        mpz_sub(E, A, E);
        *ok &= check58("subk 16", r, E, 0);
        p521_fe58_mulk_nc(t, b, 4);
        p521_fe58_subk(r, t, a, 2);
        mpz_mul_ui(E, B, 4);
        mpz_sub(E, E, A);
        *ok &= check58("subk 2 of 4b", r, E, 0);
        mpz_clear(Wd);
    }
    p521_fe58_canon(r, a);
    *ok &= check58("canon", r, A, 1);
    /* pack gives the canonical integer; unpack returns the canonical limbs */
    p521_fe58_pack(packed, a);
    {
        p521_fe58 u;
        mpz_t R;
        mpz_init(R);
        limbs_to_mpz(R, packed);
        mpz_mod(E, A, P);
        *ok &= mpz_cmp(R, E) == 0;
        p521_fe58_unpack(u, packed);
        *ok &= check58("unpack", u, A, 1);
        mpz_clear(R);
    }
    mpz_clears(A, B, E, NULL);
}

static void test_fe58_edges(void)
{
    static const uint64_t los[] = { 0, 1, P521_FE58_M58, B58, B58 - 1, (uint64_t)1 << 57 };
    static const uint64_t tops[] = { 0, 1, P521_FE58_M57, B57, B57 - 1 };
    p521_fe58 vals[40], t;
    int nv = 0, i, j, ok = 1;

    for (i = 0; i < (int)(sizeof(los) / sizeof(los[0])); i++) {
        for (j = 0; j < (int)(sizeof(tops) / sizeof(tops[0])); j++) {
            set_fe58(vals[nv++], los[i], tops[j]);
        }
    }
    /* 0, 1, p - 1, p, 2^521 (= 1), one limb at its bound */
    set_fe58(vals[nv++], 0, 0);
    set_fe58(t, 0, 0);
    t[0] = 1;
    memcpy(vals[nv++], t, sizeof(t));
    set_fe58(t, P521_FE58_M58, P521_FE58_M57);
    t[0] -= 1;
    memcpy(vals[nv++], t, sizeof(t));                   /* p - 1 */
    set_fe58(vals[nv++], P521_FE58_M58, P521_FE58_M57); /* p */
    set_fe58(t, 0, (uint64_t)1 << 57);                  /* 2^521 */
    memcpy(vals[nv++], t, sizeof(t));
    set_fe58(t, 0, 0);
    t[4] = B58;
    memcpy(vals[nv++], t, sizeof(t));
    TEST_ASSERT(nv <= 40);
    for (i = 0; i < nv; i++) {
        TEST_ASSERT(fe58_is_reduced(vals[i]));
        for (j = 0; j < nv; j++) {
            one_round(vals[i], vals[j], &ok);
        }
    }
    TEST_ASSERT(ok);
exit:;
}

static void test_fe58_random(void)
{
    p521_fe58 a, b;
    int i, ok = 1;

    seed();
    for (i = 0; i < 30000 && ok; i++) {
        rnd_fe58(a);
        rnd_fe58(b);
        one_round(a, b, &ok);
    }
    TEST_ASSERT(ok);
exit:;
}

/* Outputs fed back as inputs: x = (x y + z - w)^2 ..., checked every step. */
static void test_fe58_chain(void)
{
    p521_fe58 x, y, z, w, t;
    mpz_t X, Y, Z, W, E;
    int i, ok = 1;

    mpz_inits(X, Y, Z, W, E, NULL);
    seed();
    set_fe58(x, B58, B57);
    rnd_fe58(y);
    rnd_fe58(z);
    rnd_fe58(w);
    fe58_to_mpz(X, x);
    fe58_to_mpz(Y, y);
    fe58_to_mpz(Z, z);
    fe58_to_mpz(W, w);
    for (i = 0; i < 20000 && ok; i++) {
        p521_fe58_mul(t, x, y);
        mpz_mul(E, X, Y);
        p521_fe58_add(t, t, z);
        mpz_add(E, E, Z);
        p521_fe58_sub(t, t, w);
        mpz_sub(E, E, W);
        p521_fe58_add(t, t, t);
        mpz_add(E, E, E);
        p521_fe58_sub(t, w, t);
        mpz_sub(E, W, E);
        p521_fe58_mulk(t, t, 8);
        mpz_mul_ui(E, E, 8);
        p521_fe58_sqr(x, t);
        mpz_mul(X, E, E);
        mpz_mod(X, X, P);
        ok &= check58("chain", x, X, 0);
        /* rotate: y <- old z, z <- x - y, w <- x + w */
        memcpy(y, z, sizeof(z));
        mpz_set(Y, Z);
        p521_fe58_sub(z, x, y);
        mpz_sub(Z, X, Y);
        mpz_mod(Z, Z, P);
        p521_fe58_add(w, x, w);
        mpz_add(W, X, W);
        mpz_mod(W, W, P);
        ok &= check58("chain z", z, Z, 0) && check58("chain w", w, W, 0);
    }
    TEST_ASSERT(ok);
exit:
    mpz_clears(X, Y, Z, W, E, NULL);
}

static void test_fe58_inv(void)
{
    p521_fe58 a, r;
    mpz_t A, E;
    int i, ok = 1;

    mpz_inits(A, E, NULL);
    seed();
    for (i = 0; i < 300 && ok; i++) {
        rnd_fe58(a);
        if (i == 0) {
            set_fe58(a, 0, 0);
        } else if (i == 1) {
            set_fe58(a, P521_FE58_M58, P521_FE58_M57); /* p: inverse of 0 is 0 */
        }
        fe58_to_mpz(A, a);
        mpz_mod(A, A, P);
        p521_fe58_inv(r, a);
        if (mpz_sgn(A) == 0) {
            mpz_set_ui(E, 0);
        } else {
            TEST_ASSERT(mpz_invert(E, A, P) != 0);
        }
        ok &= check58("inv", r, E, 0);
    }
    TEST_ASSERT(ok);
exit:
    mpz_clears(A, E, NULL);
}
#endif /* TACIT_MPI_LIMB_BITS == 64 */

static void test_p521_field(void)
{
    mpz_init(P);
    mpz_setbit(P, 521);
    mpz_sub_ui(P, P, 1);
    test_entry_points();
#if TACIT_MPI_LIMB_BITS == 64
    if (!test_case_failed) {
        test_fe58_edges();
    }
    if (!test_case_failed) {
        test_fe58_random();
    }
    if (!test_case_failed) {
        test_fe58_chain();
    }
    if (!test_case_failed) {
        test_fe58_inv();
    }
#endif
    mpz_clear(P);
}
#endif /* TACIT_HAVE_GMP && P-521 */

static void test_gmp_p521(void)
{
#if defined(TACIT_HAVE_GMP) && defined(TACIT_ECP_SECP521R1_C) && !defined(TACIT_ECP_SMALL)
    test_p521_field();
#else
    TEST_SKIP("GMP not linked in this build, or P-521 / the fast ECC code compiled out");
exit:;
#endif
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_gmp_p521);
    return TEST_MAIN_END();
}
