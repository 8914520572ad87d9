/*
 * Differential test of tacit_mpi against GMP: thousands of random operands
 * of 1..4096 bits (edge-heavy: all-ones, single bits, zeros, random signs)
 * through add, sub, mul, div, mod, gcd, inv_mod, exp_mod and
 * exp_mod_unsafe, some with the output aliased to an input.  SKIPs when
 * GMP is not linked (sanitizer builds).  Reproducible: the seed is fixed;
 * TACIT_GMP_SEED in the environment changes it.
 */
#include "harness.h"

#include "tacit/bignum.h"

#if defined(TACIT_HAVE_GMP)
#include <gmp.h>

#include "test_rand.h"

/* X and Z = the same random value of up to `bits` bits, shaped for edges. */
static int rnd_pair(tacit_mpi *X, mpz_t Z, size_t bits, int allow_neg)
{
    unsigned char buf[2 * 4096 / 8 + 16];
    size_t bytes = (bits + 7) / 8, i;
    int shape = (int)(rnd64() % 10), ret;

    for (i = 0; i < bytes; i++) {
        buf[i] = (unsigned char)rnd64();
    }
    if (shape == 0) {
        memset(buf, 0xFF, bytes); /* all ones */
    } else if (shape == 1) {
        memset(buf, 0, bytes); /* a single bit */
        if (bytes > 0) {
            buf[rnd64() % bytes] = (unsigned char)(1u << (rnd64() % 8));
        }
    } else if (shape == 2 && bytes > 2) {
        memset(buf + 1, 0, bytes - 2); /* sparse */
    }
    if (bytes > 0 && bits % 8 != 0) {
        buf[0] &= (unsigned char)((1u << (bits % 8)) - 1);
    }
    if ((ret = tacit_mpi_read_binary(X, buf, bytes)) != 0) {
        return ret;
    }
    mpz_import(Z, bytes, 1, 1, 1, 0, buf);
    if (allow_neg && (rnd64() & 3) == 0 && tacit_mpi_cmp_int(X, 0) != 0) {
        X->s = -1;
        mpz_neg(Z, Z);
    }
    return 0;
}

/* X == Z ?  Prints both on a mismatch. */
static int same(const tacit_mpi *X, const mpz_t Z, const char *what)
{
    size_t bytes = tacit_mpi_size(X), zbytes = (mpz_sizeinbase(Z, 2) + 7) / 8, count = 0;
    unsigned char a[2 * 4096 / 8 + 16], b[2 * 4096 / 8 + 16];
    int xneg = X->s < 0 && tacit_mpi_cmp_int(X, 0) != 0;

    if (mpz_sgn(Z) == 0) {
        zbytes = 0;
    }
    if (bytes != zbytes || xneg != (mpz_sgn(Z) < 0) || tacit_mpi_write_binary(X, a, bytes) != 0) {
        goto differ;
    }
    mpz_export(b, &count, 1, 1, 1, 0, Z);
    if (count != zbytes || memcmp(a, b, bytes) != 0) {
        goto differ;
    }
    return 1;
differ : {
    char buf[2400];
    size_t olen;
    printf("\n      %s differs\n", what);
    if (tacit_mpi_write_string_unsafe(X, 16, buf, sizeof(buf), &olen) == 0) {
        printf("      tacit %s\n", buf);
    }
    gmp_printf("      gmp   %ZX\n", Z);
}
    return 0;
}

static void test_arith(void)
{
    tacit_mpi A, B, X, Y;
    mpz_t a, b, x, y;
    int it;

    tacit_mpi_init(&A);
    tacit_mpi_init(&B);
    tacit_mpi_init(&X);
    tacit_mpi_init(&Y);
    mpz_inits(a, b, x, y, NULL);
    for (it = 0; it < 3000; it++) {
        size_t abits = rnd_bits(4096), bbits = rnd_bits(4096);
        int alias = (int)(rnd64() % 3);
        TEST_EQUAL(rnd_pair(&A, a, abits, 1), 0);
        TEST_EQUAL(rnd_pair(&B, b, bbits, 1), 0);

        TEST_EQUAL(tacit_mpi_add_mpi(&X, &A, &B), 0);
        mpz_add(x, a, b);
        TEST_ASSERT(same(&X, x, "add"));
        TEST_EQUAL(tacit_mpi_sub_mpi(&X, &A, &B), 0);
        mpz_sub(x, a, b);
        TEST_ASSERT(same(&X, x, "sub"));
        TEST_EQUAL(tacit_mpi_mul_mpi(&X, &A, &B), 0);
        mpz_mul(x, a, b);
        TEST_ASSERT(same(&X, x, "mul"));
        if (alias == 1) {
            /* X = X op B */
            TEST_EQUAL(tacit_mpi_copy(&X, &A), 0);
            TEST_EQUAL(tacit_mpi_sub_mpi(&X, &X, &B), 0);
            mpz_sub(x, a, b);
            TEST_ASSERT(same(&X, x, "sub aliased"));
            TEST_EQUAL(tacit_mpi_mul_mpi(&X, &X, &X), 0);
            mpz_mul(x, x, x);
            TEST_ASSERT(same(&X, x, "square aliased"));
        }
        if (mpz_sgn(b) != 0) {
            TEST_EQUAL(tacit_mpi_div_mpi(&X, &Y, &A, &B), 0);
            mpz_tdiv_qr(x, y, a, b);
            TEST_ASSERT(same(&X, x, "div quotient"));
            TEST_ASSERT(same(&Y, y, "div remainder"));
            if (mpz_sgn(b) > 0) {
                if (alias == 2) {
                    TEST_EQUAL(tacit_mpi_copy(&X, &A), 0);
                    TEST_EQUAL(tacit_mpi_mod_mpi(&X, &X, &B), 0);
                } else {
                    TEST_EQUAL(tacit_mpi_mod_mpi(&X, &A, &B), 0);
                }
                mpz_mod(x, a, b);
                TEST_ASSERT(same(&X, x, "mod"));
            } else {
                TEST_EQUAL(tacit_mpi_mod_mpi(&X, &A, &B), TACIT_ERR_MPI_NEGATIVE_VALUE);
            }
        } else {
            TEST_EQUAL(tacit_mpi_div_mpi(&X, &Y, &A, &B), TACIT_ERR_MPI_DIVISION_BY_ZERO);
        }
        TEST_EQUAL(tacit_mpi_gcd(&X, &A, &B), 0);
        mpz_gcd(x, a, b);
        TEST_ASSERT(same(&X, x, "gcd"));
        /* inverse modulo |B| when |B| > 1 */
        if (mpz_cmpabs_ui(b, 1) > 0) {
            int ok;
            B.s = 1;
            mpz_abs(b, b);
            ok = mpz_invert(x, a, b);
            if (ok) {
                TEST_EQUAL(tacit_mpi_inv_mod(&X, &A, &B), 0);
                TEST_ASSERT(same(&X, x, "inv_mod"));
            } else {
                TEST_EQUAL(tacit_mpi_inv_mod(&X, &A, &B), TACIT_ERR_MPI_NOT_ACCEPTABLE);
            }
        }
    }
exit:
    tacit_mpi_free(&A);
    tacit_mpi_free(&B);
    tacit_mpi_free(&X);
    tacit_mpi_free(&Y);
    mpz_clears(a, b, x, y, NULL);
}

static void test_exp_mod(void)
{
    tacit_mpi A, E, N, X, RR;
    mpz_t a, e, n, x;
    int it;

    tacit_mpi_init(&A);
    tacit_mpi_init(&E);
    tacit_mpi_init(&N);
    tacit_mpi_init(&X);
    tacit_mpi_init(&RR);
    mpz_inits(a, e, n, x, NULL);
    for (it = 0; it < 1000; it++) {
        /* most moduli small or medium; full-size exponents now and then */
        size_t nbits = it % 10 == 0 ? rnd_bits(4096) : rnd_bits(1100);
        size_t ebits = (rnd64() & 1) ? rnd_bits(64) : rnd_bits(nbits + 8);
        size_t abits = rnd_bits(2 * nbits + 8);
        TEST_EQUAL(rnd_pair(&N, n, nbits, 0), 0);
        TEST_EQUAL(tacit_mpi_set_bit(&N, 0, 1), 0);
        mpz_setbit(n, 0);
        if (mpz_cmp_ui(n, 1) == 0) {
            continue;
        }
        TEST_EQUAL(rnd_pair(&A, a, abits, 1), 0);
        tacit_mpi_free(&E); /* E.n is the exponent's limb count: start afresh */
        TEST_EQUAL(rnd_pair(&E, e, ebits, 0), 0);
        if (rnd64() % 4 == 0) {
            TEST_EQUAL(tacit_mpi_grow(&E, E.n + 1 + (size_t)(rnd64() % 8)), 0); /* padded */
        }
        mpz_powm(x, a, e, n);
        tacit_mpi_free(&RR);
        TEST_EQUAL(tacit_mpi_exp_mod(&X, &A, &E, &N, &RR), 0);
        TEST_ASSERT(same(&X, x, "exp_mod"));
        /* hot RR, aliasing X = A */
        TEST_EQUAL(tacit_mpi_copy(&X, &A), 0);
        TEST_EQUAL(tacit_mpi_exp_mod_unsafe(&X, &X, &E, &N, &RR), 0);
        TEST_ASSERT(same(&X, x, "exp_mod_unsafe"));
    }
exit:
    tacit_mpi_free(&A);
    tacit_mpi_free(&E);
    tacit_mpi_free(&N);
    tacit_mpi_free(&X);
    tacit_mpi_free(&RR);
    mpz_clears(a, e, n, x, NULL);
}

static void seed_rng(void)
{
    const char *s = getenv("TACIT_GMP_SEED");
    rng_state = s != NULL ? strtoull(s, NULL, 0) | 1 : 0x5DEECE66DULL;
}
#endif /* TACIT_HAVE_GMP */

static void test_gmp_arith(void)
{
#if defined(TACIT_HAVE_GMP)
    seed_rng();
    test_arith();
#else
    TEST_SKIP_NO_PEER("GMP");
exit:;
#endif
}

static void test_gmp_exp_mod(void)
{
#if defined(TACIT_HAVE_GMP)
    seed_rng();
    test_exp_mod();
#else
    TEST_SKIP_NO_PEER("GMP");
exit:;
#endif
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_gmp_arith);
    RUN_TEST(test_gmp_exp_mod);
    return TEST_MAIN_END();
}
