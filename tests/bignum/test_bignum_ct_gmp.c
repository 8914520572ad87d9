/*
 * Differential test of the constant-flow core functions added for the key
 * lifecycle (#11) against GMP and against the old leaky functions that they
 * replaced on secret paths: at random sizes of 1..4096 bits (edge-heavy
 * values: all ones, single bits, zeros, sparse), with both limb sizes,
 *   tacit_mpi_core_inv_mod_odd_ct   vs mpz_invert   and tacit_mpi_inv_mod_unsafe
 *   tacit_mpi_core_gcd_ct           vs mpz_gcd      and tacit_mpi_gcd_unsafe
 *   tacit_mpi_core_divmod_ct        vs mpz_tdiv_qr  and tacit_mpi_div_mpi_unsafe
 *                                   (even and odd divisors, as for d mod (p - 1))
 *   tacit_mpi_core_bitlen_ct        vs mpz_sizeinbase and tacit_mpi_core_bitlen_unsafe
 *   tacit_mpi_core_ctz_ct           vs mpz_scan1
 *   tacit_mpi_core_shift_r_secret / shift_l_secret vs mpz_tdiv_q_2exp / mpz_mul_2exp.
 * SKIPs when GMP is not linked (sanitizer builds).  Reproducible: the seed
 * is fixed; TACIT_GMP_SEED in the environment changes it.
 */
#include "harness.h"

#include "bignum/bignum_core.h"
#include "core/cpu_x86.h"
#include "bignum/bignum_core_limb.h"
#include "tacit/bignum.h"

#if defined(TACIT_HAVE_GMP)
#include <gmp.h>

#define MAXBITS 4096
#define MAXL (MAXBITS / TACIT_MPI_LIMB_BITS + 2)

#include "test_rand.h"

/* X (limbs limbs) = a random value below 2^bits, shaped for edges. */
static void rnd_limbs(tacit_mpi_uint *X, size_t limbs, size_t bits)
{
    size_t i;
    int shape = (int)(rnd64() % 10);

    for (i = 0; i < limbs; i++) {
        X[i] = (tacit_mpi_uint)rnd64();
        if (shape == 0) {
            X[i] = ~(tacit_mpi_uint)0; /* all ones */
        } else if (shape == 1 || (shape == 2 && i > 0 && i + 1 < limbs)) {
            X[i] = 0; /* a single bit / sparse */
        }
    }
    if (shape == 1) {
        size_t b = (size_t)(rnd64() % bits);
        X[b / TACIT_MPI_LIMB_BITS] = (tacit_mpi_uint)1 << (b % TACIT_MPI_LIMB_BITS);
    }
    for (i = 0; i < limbs * TACIT_MPI_LIMB_BITS; i++) {
        if (i >= bits) {
            X[i / TACIT_MPI_LIMB_BITS] &= ~((tacit_mpi_uint)1 << (i % TACIT_MPI_LIMB_BITS));
        }
    }
}

static void to_mpz(mpz_t z, const tacit_mpi_uint *X, size_t limbs)
{
    mpz_import(z, limbs, -1, sizeof(*X), 0, 0, X);
}

/* X (limbs limbs) == z (0 <= z < 2^(limbs biL))? */
static int same_limbs(const tacit_mpi_uint *X, size_t limbs, const mpz_t z)
{
    tacit_mpi_uint W[2 * MAXL];
    size_t count = 0;

    if (mpz_sgn(z) < 0 || mpz_sizeinbase(z, 2) > limbs * TACIT_MPI_LIMB_BITS) {
        return 0;
    }
    memset(W, 0, sizeof(W));
    mpz_export(W, &count, -1, sizeof(*W), 0, 0, z);
    return memcmp(W, X, limbs * sizeof(*X)) == 0;
}

/* X (an mpi) == z? */
static int same_mpi(const tacit_mpi *X, const mpz_t z)
{
    mpz_t w;
    int eq;

    mpz_init(w);
    to_mpz(w, X->p, X->n);
    if (X->s < 0) {
        mpz_neg(w, w);
    }
    eq = mpz_cmp(w, z) == 0;
    mpz_clear(w);
    return eq;
}

static int load_mpi(tacit_mpi *X, const tacit_mpi_uint *A, size_t limbs)
{
    int ret;

    tacit_mpi_free(X); /* exactly `limbs` limbs */
    tacit_mpi_init(X);
    ret = tacit_mpi_grow(X, limbs);

    if (ret == 0) {
        memcpy(X->p, A, limbs * sizeof(*A));
        X->s = 1;
    }
    return ret;
}

static tacit_mpi_uint *T;

static void test_inv_gcd(void)
{
    tacit_mpi_uint A[MAXL], M[MAXL], X[MAXL];
    tacit_mpi mA, mM, mX;
    mpz_t a, m, x;
    int it, ok;

    tacit_mpi_init(&mA);
    tacit_mpi_init(&mM);
    tacit_mpi_init(&mX);
    mpz_inits(a, m, x, NULL);
    for (it = 0; it < 600; it++) {
        size_t bits = it % 8 == 0 ? MAXBITS - (size_t)(rnd64() % 64) : rnd_bits(MAXBITS);
        size_t limbs = (bits + TACIT_MPI_LIMB_BITS - 1) / TACIT_MPI_LIMB_BITS;
        tacit_mpi_uint mask;
        rnd_limbs(M, limbs, bits);
        M[0] |= 1;
        /* A: below M, or any value of the same limb count */
        rnd_limbs(A, limbs, (rnd64() & 1) ? limbs * TACIT_MPI_LIMB_BITS : bits);
        if (rnd64() % 8 == 0) {
            memcpy(A, M, limbs * sizeof(*A)); /* gcd = M */
        }
        to_mpz(a, A, limbs);
        to_mpz(m, M, limbs);
        /* gcd against GMP and gcd_unsafe (also with M even sometimes) */
        if (rnd64() % 4 == 0) {
            M[0] &= ~(tacit_mpi_uint)1;
            to_mpz(m, M, limbs);
        }
        tacit_mpi_core_gcd_ct(X, A, M, limbs, T);
        mpz_gcd(x, a, m);
        TEST_ASSERT(same_limbs(X, limbs, x));
        TEST_EQUAL(load_mpi(&mA, A, limbs), 0);
        TEST_EQUAL(load_mpi(&mM, M, limbs), 0);
        TEST_EQUAL(tacit_mpi_gcd_unsafe(&mX, &mA, &mM), 0);
        TEST_ASSERT(same_mpi(&mX, x));
        /* the inverse modulo an odd M > 1 */
        M[0] |= 1;
        to_mpz(m, M, limbs);
        if (mpz_cmp_ui(m, 1) == 0) {
            continue;
        }
        mask = tacit_mpi_core_inv_mod_odd_ct(X, A, M, limbs, T);
        ok = mpz_invert(x, a, m);
        TEST_EQUAL(mask != 0, ok != 0);
        if (!ok) {
            mpz_set_ui(x, 0); /* X = 0 when not invertible */
        }
        TEST_ASSERT(same_limbs(X, limbs, x));
        TEST_EQUAL(load_mpi(&mM, M, limbs), 0);
        if (ok) {
            TEST_EQUAL(tacit_mpi_inv_mod_unsafe(&mX, &mA, &mM), 0);
            TEST_ASSERT(same_mpi(&mX, x));
        } else {
            TEST_EQUAL(tacit_mpi_inv_mod_unsafe(&mX, &mA, &mM), TACIT_ERR_MPI_NOT_ACCEPTABLE);
        }
    }
exit:
    tacit_mpi_free(&mA);
    tacit_mpi_free(&mM);
    tacit_mpi_free(&mX);
    mpz_clears(a, m, x, NULL);
}

/*
 * Inputs that take many divsteps: consecutive Fibonacci numbers (every
 * quotient of Euclid's algorithm 1) filling 1 .. 16, 20, 24, 28, 32 and 64 limbs, and
 * M = 2^b - 1 with A = 2^(b-1) or 2^(b-1) + 1 (long runs of halvings);
 * the inverse (A on either side of M) and the gcd against GMP at the
 * fixed step count of every size.
 */
static void test_inv_hard(void)
{
    tacit_mpi_uint A[MAXL], M[MAXL], X[MAXL], mask;
    mpz_t a, m, x, f1;
    size_t limbs, v;
    int ok;

    mpz_inits(a, m, x, f1, NULL);
    for (limbs = 1; limbs <= 64; limbs = limbs < 16   ? limbs + 1
                                         : limbs < 32 ? limbs + 4
                                                      : 2 * limbs) {
        size_t bits = limbs * TACIT_MPI_LIMB_BITS;
        unsigned long k = 1;
        /* the largest k with F(k+1) < 2^bits */
        do {
            k++;
            mpz_fib_ui(x, k + 1);
        } while (mpz_sizeinbase(x, 2) <= bits);
        k--;
        for (v = 0; v < 4; v++) {
            if (v < 2) {
                mpz_fib2_ui(x, f1, k + v - 1); /* F(k+v-1), F(k+v-2) */
                mpz_fib_ui(a, k + v);
                mpz_set(m, x);
                if (mpz_even_p(m)) { /* M odd: F(k+v) and F(k+v-1) are not both even */
                    mpz_swap(m, a);
                }
            } else {
                mpz_set_ui(m, 0);
                mpz_setbit(m, bits);
                mpz_sub_ui(m, m, 1);
                mpz_set_ui(a, 0);
                mpz_setbit(a, bits - 1);
                mpz_add_ui(a, a, v - 2);
            }
            memset(A, 0, sizeof(A));
            memset(M, 0, sizeof(M));
            mpz_export(A, NULL, -1, sizeof(*A), 0, 0, a);
            mpz_export(M, NULL, -1, sizeof(*M), 0, 0, m);
            if (mpz_cmp_ui(m, 1) > 0) {
                mask = tacit_mpi_core_inv_mod_odd_ct(X, A, M, limbs, T);
                ok = mpz_invert(x, a, m);
                TEST_EQUAL(mask != 0, ok != 0);
                if (!ok) {
                    mpz_set_ui(x, 0);
                }
                TEST_ASSERT(same_limbs(X, limbs, x));
            }
            tacit_mpi_core_gcd_ct(X, A, M, limbs, T);
            mpz_gcd(x, a, m);
            TEST_ASSERT(same_limbs(X, limbs, x));
        }
    }
exit:
    mpz_clears(a, m, x, f1, NULL);
}

/*
 * The gcd's common power of two (counted a limb at a time, shifted out and
 * back by masked passes, bignum_core_inv.c): A = x 2^i and B = y 2^j for
 * shifts at and around every limb boundary and up to the top bit, one or
 * both zero, x and y odd or not; the core gcd and tacit_mpi_gcd against
 * GMP.
 */
static void test_gcd_twos(void)
{
    tacit_mpi_uint A[MAXL], B[MAXL], X[MAXL];
    tacit_mpi mA, mB, mX;
    mpz_t a, b, x;
    size_t sizes[] = { 1, 2, 3, 4, 5, 16, 17, 33, 64 }, si, it;

    tacit_mpi_init(&mA);
    tacit_mpi_init(&mB);
    tacit_mpi_init(&mX);
    mpz_inits(a, b, x, NULL);
    for (si = 0; si < sizeof(sizes) / sizeof(sizes[0]); si++) {
        size_t limbs = sizes[si], bits = limbs * TACIT_MPI_LIMB_BITS;
        for (it = 0; it < bits / 8 + 24; it++) {
            /* shifts: every value for one limb, else near limb edges or random */
            size_t i = it % 5 == 0 ? (it / 5) * TACIT_MPI_LIMB_BITS % bits + (it % 3)
                                   : (size_t)(rnd64() % bits);
            size_t j = it % 7 == 0 ? i : (size_t)(rnd64() % bits);
            i %= bits;
            rnd_limbs(A, limbs, bits);
            rnd_limbs(B, limbs, bits);
            if (it % 2 == 0) {
                A[0] |= 1;
            }
            to_mpz(a, A, limbs);
            to_mpz(b, B, limbs);
            mpz_mul_2exp(a, a, i);
            mpz_mul_2exp(b, b, j);
            mpz_fdiv_r_2exp(a, a, bits);
            mpz_fdiv_r_2exp(b, b, bits);
            if (it % 11 == 3) {
                mpz_set_ui(a, 0);
            }
            if (it % 13 == 5) {
                mpz_set_ui(b, 0);
            }
            if (it == 1) {
                mpz_set_ui(a, 0);
                mpz_set_ui(b, 0);
            }
            if (it == 2) { /* 2^(bits-1) and itself: k = bits - 1 */
                mpz_set_ui(a, 0);
                mpz_setbit(a, bits - 1);
                mpz_set(b, a);
            }
            memset(A, 0, sizeof(A));
            memset(B, 0, sizeof(B));
            mpz_export(A, NULL, -1, sizeof(*A), 0, 0, a);
            mpz_export(B, NULL, -1, sizeof(*B), 0, 0, b);
            mpz_gcd(x, a, b);
            tacit_mpi_core_gcd_ct(X, A, B, limbs, T);
            TEST_ASSERT(same_limbs(X, limbs, x));
            TEST_EQUAL(load_mpi(&mA, A, limbs), 0);
            TEST_EQUAL(load_mpi(&mB, B, limbs), 0);
            TEST_EQUAL(tacit_mpi_gcd(&mX, &mA, &mB), 0);
            TEST_ASSERT(same_mpi(&mX, x));
            /* operands of different limb counts (B shorter) */
            if (limbs > 1) {
                mpz_fdiv_r_2exp(b, b, (limbs - 1) * TACIT_MPI_LIMB_BITS);
                mpz_gcd(x, a, b);
                TEST_EQUAL(load_mpi(&mB, B, limbs - 1), 0);
                TEST_EQUAL(tacit_mpi_gcd(&mX, &mA, &mB), 0);
                TEST_ASSERT(same_mpi(&mX, x));
                TEST_EQUAL(tacit_mpi_gcd(&mX, &mB, &mA), 0);
                TEST_ASSERT(same_mpi(&mX, x));
            }
        }
    }
exit:
    tacit_mpi_free(&mA);
    tacit_mpi_free(&mB);
    tacit_mpi_free(&mX);
    mpz_clears(a, b, x, NULL);
}

/*
 * Fixed edge cases at every digit-count parity of the x86-64 update pass
 * (it does the digits two at a time, one first for an odd count): moduli
 * 3, 2^k - 1, 2^(k-1) + 1 and a random odd one of the full width, and
 * A = 0, 1, 2, M - 1, M, M + 1, all ones, a random value; the inverse
 * (and the gcd) against GMP.
 */
static void test_inv_edges(void)
{
    static const size_t sizes[] = { 64,   128,  192,  256,  320,  384,  448,  512,  576,
                                    640,  704,  768,  832,  896,  960,  1024, 1088, 1984,
                                    2048, 2112, 2176, 3072, 3136, 4032, 4096 };
    tacit_mpi_uint A[MAXL], M[MAXL], X[MAXL];
    mpz_t a, m, x;
    size_t si, mi, ai, i;
    int ok;

    mpz_inits(a, m, x, NULL);
    for (si = 0; si < sizeof(sizes) / sizeof(sizes[0]); si++) {
        size_t limbs = sizes[si] / TACIT_MPI_LIMB_BITS;
        for (mi = 0; mi < 4; mi++) {
            memset(M, 0, sizeof(M));
            if (mi == 0) {
                M[0] = 3;
            } else if (mi == 1) {
                memset(M, 0xff, limbs * sizeof(*M)); /* 2^k - 1 */
            } else if (mi == 2) {
                M[0] = 1;
                M[limbs - 1] |= (tacit_mpi_uint)1 << (TACIT_MPI_LIMB_BITS - 1);
            } else {
                for (i = 0; i < limbs; i++) {
                    M[i] = (tacit_mpi_uint)rnd64();
                }
                M[0] |= 1;
            }
            to_mpz(m, M, limbs);
            for (ai = 0; ai < 8; ai++) {
                tacit_mpi_uint mask;
                memset(A, 0, sizeof(A));
                if (ai == 1 || ai == 2) {
                    A[0] = (tacit_mpi_uint)ai;
                } else if (ai >= 3 && ai <= 5) {
                    mpz_set(x, m);
                    if (ai == 3) {
                        mpz_sub_ui(x, x, 1);
                    } else if (ai == 5) {
                        mpz_add_ui(x, x, 1);
                    }
                    if (mpz_sizeinbase(x, 2) > limbs * TACIT_MPI_LIMB_BITS) {
                        continue; /* M + 1 past the width */
                    }
                    mpz_export(A, NULL, -1, sizeof(*A), 0, 0, x);
                } else if (ai == 6) {
                    memset(A, 0xff, limbs * sizeof(*A));
                } else if (ai == 7) {
                    for (i = 0; i < limbs; i++) {
                        A[i] = (tacit_mpi_uint)rnd64();
                    }
                }
                to_mpz(a, A, limbs);
                mask = tacit_mpi_core_inv_mod_odd_ct(X, A, M, limbs, T);
                ok = mpz_invert(x, a, m);
                TEST_EQUAL(mask != 0, ok != 0);
                if (!ok) {
                    mpz_set_ui(x, 0);
                }
                TEST_ASSERT(same_limbs(X, limbs, x));
                tacit_mpi_core_gcd_ct(X, A, M, limbs, T);
                mpz_gcd(x, a, m);
                TEST_ASSERT(same_limbs(X, limbs, x));
            }
        }
    }
exit:
    mpz_clears(a, m, x, NULL);
}

static void test_divmod_bits(void)
{
    tacit_mpi_uint A[MAXL], B[MAXL], Q[MAXL], R[MAXL], S[MAXL];
    tacit_mpi mA, mB, mQ, mR;
    mpz_t a, b, q, r;
    int it;

    tacit_mpi_init(&mA);
    tacit_mpi_init(&mB);
    tacit_mpi_init(&mQ);
    tacit_mpi_init(&mR);
    mpz_inits(a, b, q, r, NULL);
    for (it = 0; it < 400; it++) {
        size_t abits = rnd_bits(MAXBITS), bbits = rnd_bits(abits);
        size_t al = (abits + TACIT_MPI_LIMB_BITS - 1) / TACIT_MPI_LIMB_BITS;
        size_t bl = (bbits + TACIT_MPI_LIMB_BITS - 1) / TACIT_MPI_LIMB_BITS, count, len;
        rnd_limbs(A, al, abits);
        rnd_limbs(B, bl, bbits);
        to_mpz(a, A, al);
        to_mpz(b, B, bl);
        /* bit length and trailing zeros */
        len = tacit_mpi_core_bitlen_ct(A, al);
        TEST_EQUAL(len, mpz_sgn(a) == 0 ? 0 : mpz_sizeinbase(a, 2));
        TEST_EQUAL(len, tacit_mpi_core_bitlen_unsafe(A, al));
        TEST_EQUAL(tacit_mpi_core_ctz_ct(A, al),
                   mpz_sgn(a) == 0 ? al * TACIT_MPI_LIMB_BITS : mpz_scan1(a, 0));
        /* shifts by a secret count */
        count = (size_t)(rnd64() % (al * TACIT_MPI_LIMB_BITS + 1));
        memcpy(S, A, al * sizeof(*A));
        tacit_mpi_core_shift_r_secret(S, al, count, al * TACIT_MPI_LIMB_BITS, Q);
        mpz_tdiv_q_2exp(q, a, count);
        TEST_ASSERT(same_limbs(S, al, q));
        memcpy(S, A, al * sizeof(*A));
        tacit_mpi_core_shift_l_secret(S, al, count, al * TACIT_MPI_LIMB_BITS);
        mpz_mul_2exp(q, a, count);
        mpz_tdiv_r_2exp(q, q, al * TACIT_MPI_LIMB_BITS);
        TEST_ASSERT(same_limbs(S, al, q));
        /* division by a nonzero B, even or odd */
        if (mpz_sgn(b) == 0) {
            continue;
        }
        tacit_mpi_core_divmod_ct(Q, R, A, al, B, bl, T);
        mpz_tdiv_qr(q, r, a, b);
        TEST_ASSERT(same_limbs(Q, al, q));
        TEST_ASSERT(same_limbs(R, bl, r));
        if (B[bl - 1] != 0 && al + 1 >= bl) {
            /* the variant for a top limb known nonzero */
            memset(Q, 0xa5, sizeof(Q));
            memset(R, 0xa5, sizeof(R));
            tacit_mpi_core_divmod_top_ct(Q, R, A, al, B, bl, T);
            TEST_ASSERT(same_limbs(Q, al, q));
            TEST_ASSERT(same_limbs(R, bl, r));
        }
        TEST_EQUAL(load_mpi(&mA, A, al), 0);
        TEST_EQUAL(load_mpi(&mB, B, bl), 0);
        TEST_EQUAL(tacit_mpi_div_mpi_unsafe(&mQ, &mR, &mA, &mB), 0);
        TEST_ASSERT(same_mpi(&mQ, q));
        TEST_ASSERT(same_mpi(&mR, r));
    }
exit:
    tacit_mpi_free(&mA);
    tacit_mpi_free(&mB);
    tacit_mpi_free(&mQ);
    tacit_mpi_free(&mR);
    mpz_clears(a, b, q, r, NULL);
}

/*
 * tacit_mpi_inv_mod and tacit_mpi_gcd into an output that has room (its
 * own limbs are used, no allocation) or not, and aliased to an operand:
 * garbage above n limbs, a negative A, fewer limbs in A, gcd > 1 (the
 * output must then read 0), against GMP.
 */
static void rnd_mpi(tacit_mpi *X, size_t limbs)
{
    size_t i;

    tacit_mpi_free(X);
    tacit_mpi_init(X);
    if (tacit_mpi_grow(X, limbs) == 0) {
        for (i = 0; i < limbs; i++) {
            X->p[i] = (tacit_mpi_uint)rnd64();
        }
        X->s = (rnd64() & 1) ? -1 : 1;
    }
}

static void test_api_outputs(void)
{
    tacit_mpi_uint A[MAXL], M[MAXL];
    tacit_mpi mA, mM, mX;
    mpz_t a, m, x, prev;
    int it, ok, ret;

    tacit_mpi_init(&mA);
    tacit_mpi_init(&mM);
    tacit_mpi_init(&mX);
    mpz_inits(a, m, x, prev, NULL);
    for (it = 0; it < 400; it++) {
        size_t limbs = 1 + (size_t)(rnd64() % 20), al = 1 + (size_t)(rnd64() % limbs);
        int mode = it % 5; /* 0, 1: X with room; 2: too small; 3: X = A; 4: X = M (gcd: = B) */
        rnd_limbs(M, limbs, limbs * TACIT_MPI_LIMB_BITS);
        rnd_limbs(A, al, al * TACIT_MPI_LIMB_BITS);
        M[0] |= 1;
        if (it % 7 == 0) {
            al = limbs; /* A = M: not invertible, gcd M */
            memcpy(A, M, limbs * sizeof(*A));
        } else if (it % 11 == 0) {
            memset(A, 0, al * sizeof(*A));
        }
        TEST_EQUAL(load_mpi(&mA, A, al), 0);
        TEST_EQUAL(load_mpi(&mM, M, limbs), 0);
        if (it % 3 == 0) {
            mA.s = -1;
        }
        to_mpz(a, A, al);
        to_mpz(m, M, limbs);
        if (mA.s < 0) {
            mpz_neg(a, a);
        }
        /* the gcd (of |A| and M) */
        mpz_gcd(x, a, m);
        rnd_mpi(&mX, mode == 2 ? limbs - 1 : limbs + (size_t)mode);
        ret = mode == 3   ? tacit_mpi_gcd(&mA, &mA, &mM)
              : mode == 4 ? tacit_mpi_gcd(&mM, &mA, &mM)
                          : tacit_mpi_gcd(&mX, &mA, &mM);
        TEST_EQUAL(ret, 0);
        TEST_ASSERT(same_mpi(mode == 3 ? &mA : mode == 4 ? &mM : &mX, x));
        /* the inverse */
        TEST_EQUAL(load_mpi(&mA, A, al), 0);
        TEST_EQUAL(load_mpi(&mM, M, limbs), 0);
        if (it % 3 == 0) {
            mA.s = -1;
        }
        if (mpz_cmp_ui(m, 1) == 0) {
            continue;
        }
        ok = mpz_invert(x, a, m);
        rnd_mpi(&mX, mode == 2 ? limbs - 1 : limbs + (size_t)mode);
        to_mpz(prev, mX.p, mX.n);
        if (mX.s < 0) {
            mpz_neg(prev, prev);
        }
        ret = mode == 3   ? tacit_mpi_inv_mod(&mA, &mA, &mM)
              : mode == 4 ? tacit_mpi_inv_mod(&mM, &mA, &mM)
                          : tacit_mpi_inv_mod(&mX, &mA, &mM);
        TEST_EQUAL(ret, ok ? 0 : TACIT_ERR_MPI_NOT_ACCEPTABLE);
        if (ok) {
            TEST_ASSERT(same_mpi(mode == 3 ? &mA : mode == 4 ? &mM : &mX, x));
        } else if (mode < 2) {
            /* the API's rule: zeroed (written in place) or untouched (-Os builds) */
            mpz_set_ui(x, 0);
            TEST_ASSERT(same_mpi(&mX, x) || same_mpi(&mX, prev));
        }
    }
exit:
    tacit_mpi_free(&mA);
    tacit_mpi_free(&mM);
    tacit_mpi_free(&mX);
    mpz_clears(a, m, x, prev, NULL);
}

static int setup(void)
{
    const char *s = getenv("TACIT_GMP_SEED");
    size_t n = tacit_mpi_core_inv_mod_odd_ct_working_limbs(MAXL);

    rng_state = s != NULL ? strtoull(s, NULL, 0) | 1 : 0x9E3779B97F4A7C15ULL;
    if (n < tacit_mpi_core_gcd_ct_working_limbs(MAXL)) {
        n = tacit_mpi_core_gcd_ct_working_limbs(MAXL);
    }
    if (n < 2 * (MAXL + 1)) {
        n = 2 * (MAXL + 1);
    }
    if (T == NULL) {
        T = (tacit_mpi_uint *)calloc(n, sizeof(*T));
    }
    return T == NULL ? -1 : 0;
}
#endif /* TACIT_HAVE_GMP */

static void test_gmp_inv_gcd(void)
{
#if defined(TACIT_HAVE_GMP)
    TEST_EQUAL(setup(), 0);
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)
    /* x86-64: the scalar divsteps first (the C path turns AVX2 off too) */
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_C;
    test_inv_gcd();
    test_inv_edges();
    test_gcd_twos();
    test_inv_hard();
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
    if (!tacit_mpi_core_cpu_has_avx2()) {
        TEST_SKIP("the AVX2 divsteps: this CPU has no AVX2 (the scalar ones ran)");
    }
#endif
    test_inv_gcd();
    test_inv_edges();
    test_gcd_twos();
    test_inv_hard();
    test_api_outputs();
#else
    TEST_SKIP_NO_PEER("GMP");
#endif
exit:;
}

/*
 * The AVX2 divsteps' raw cofactor D and f (before the inverse's final
 * reduction) for 3000 fixed moduli and values of 1 .. 20 limbs (random,
 * all-ones M, A = 1, A next to M): D in (-2M, M), and a hash of D and F
 * equal to the one the kernel gives when it forms md, me (the multiples
 * of M of each batch) on the integer side (as in 68d6600 and before; the
 * hash changed with the short first batch, and with the 30-step batches
 * up to 12 limbs, and was taken again each time from the integer form,
 * MDE_SCALAR forced into every body).  Random
 * inverses alone do not see a wrong choice of md, me: d stays in range
 * for almost every input (dropping the M added for a negative d or e
 * passed test_inv_gcd and test_inv_hard).  Twice where the test hook
 * exists: as the CPU runs it (the AVX-512VL bodies on CPUs with it), then
 * with TACIT_CPU_AVX512 cleared (the AVX2 bodies): the same hash, bit for
 * bit.
 */
static void test_avx2_cofactor(void)
{
    /* -Os builds (the small profile) compile no AVX2 divsteps (code size) */
#if defined(TACIT_HAVE_GMP) && defined(TACIT_MPI_HAVE_X86_64_ADX_ASM) && !defined(__OPTIMIZE_SIZE__)
    uint64_t x = 0x9E3779B97F4A7C15u, hsh = 0;
    tacit_mpi_uint M[21], A[21], F[22], D[22], *W = NULL;
    mpz_t d, m, lo;
    int it, bad = 0, pass;

    mpz_inits(d, m, lo, NULL);
    if (!tacit_mpi_core_cpu_has_avx2()) {
        TEST_SKIP("this CPU has no AVX2");
    }
    W = (tacit_mpi_uint *)calloc(tacit_mpi_core_avx2_divsteps_working_limbs(20), sizeof(*W));
    TEST_ASSERT(W != NULL);
#if defined(TACIT_TEST_HOOKS)
    for (pass = 0; pass < 2; pass++) {
        tacit_cpu_hook_disable = pass ? TACIT_CPU_AVX512 : 0;
#else
    for (pass = 0; pass < 1; pass++) {
#endif
        x = 0x9E3779B97F4A7C15u;
        hsh = 0;
        for (it = 0; it < 3000; it++) {
            size_t L, i, steps;
            int mode;
            uint64_t c = 0, hi = 0;
#define XS() (x ^= x << 13, x ^= x >> 7, x ^= x << 17, x)
            L = 1 + (size_t)(XS() % 20);
            mode = (int)(XS() % 4);
            for (i = 0; i < L; i++) {
                M[i] = XS();
                A[i] = XS();
            }
            for (i = 0; i < L; i++) {
                M[i] = mode == 1 ? ~(tacit_mpi_uint)0 : M[i];
                A[i] = mode == 2 ? (tacit_mpi_uint)(i == 0) : mode == 3 ? M[i] : A[i];
            }
            A[0] ^= mode == 3 ? 2 : 0;
#undef XS
            M[0] |= 1;
            M[L - 1] |= (tacit_mpi_uint)1 << 63;
            /* F = M + 2 A (as bignum_core_inv.c's f_start) */
            for (i = 0; i < L; i++) {
                uint64_t v = (A[i] << 1) | hi, t = v + M[i];
                uint64_t c1 = t < v, t2 = t + c;
                hi = A[i] >> 63;
                c = c1 + (t2 < t);
                F[i] = t2;
            }
            F[L] = hi + c;
            steps = (9437 * (L * 64 + 2) + 1 + 4095) / 4096;
            if (L >= TACIT_MPI_AVX2_DIVSTEPS_WIDE_LIMBS) {
                tacit_mpi_core_avx2_divsteps_wide(F, D, A, M, L, steps, W);
            } else {
                tacit_mpi_core_avx2_divsteps(F, D, A, M, L, steps, W);
            }
            mpz_import(d, L + 1, -1, sizeof(*D), 0, 0, D);
            if (D[L] >> 63) {
                mpz_ui_pow_ui(lo, 2, 64 * (L + 1));
                mpz_sub(d, d, lo);
            }
            mpz_import(m, L, -1, sizeof(*M), 0, 0, M);
            mpz_mul_si(lo, m, -2);
            bad += mpz_cmp(d, lo) <= 0 || mpz_cmp(d, m) >= 0;
            for (i = 0; i <= L; i++) {
                hsh = (hsh ^ D[i] ^ (F[i] << 1)) * 0x100000001B3u;
            }
        }
        TEST_EQUAL(bad, 0);
        TEST_ASSERT(hsh == 0x59382f982265c52au);
    }
exit:
#if defined(TACIT_TEST_HOOKS)
    tacit_cpu_hook_disable = 0;
#endif
    mpz_clears(d, m, lo, NULL);
    free(W);
#else
    TEST_SKIP("needs GMP and the x86-64 AVX2 divsteps (not in -Os builds)");
exit:;
#endif
}

static void test_gmp_divmod_bits(void)
{
#if defined(TACIT_HAVE_GMP)
    TEST_EQUAL(setup(), 0);
    test_divmod_bits();
#else
    TEST_SKIP_NO_PEER("GMP");
#endif
exit:;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_gmp_inv_gcd);
    RUN_TEST(test_gmp_divmod_bits);
    RUN_TEST(test_avx2_cofactor);
#if defined(TACIT_HAVE_GMP)
    free(T);
#endif
    return TEST_MAIN_END();
}
