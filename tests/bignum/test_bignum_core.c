/*
 * bignum_core: known answers (computed with Python's int and pow), edge
 * values (0, 1, all-ones limbs, N-1, N = 3, 2^k-1), aliasing, and random
 * cases checked against slow bit-by-bit references written here.
 *
 * tests/bignum/test_bignum_core_portable.c compiles this same file against the
 * portable (no double-width type) limb products.
 */
#include "harness.h"

#include "bignum/bignum_core.h"
#include "core/constant_time_internal.h"
#include "tacit/platform.h"

#define BIL TACIT_MPI_LIMB_BITS
#define MAXL (8192 / BIL + 2)

/* ---- helpers -------------------------------------------------------------------- */

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static uint64_t rnd64(void)
{
    /* xorshift64*: reproducible test data */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1Du;
}

static tacit_mpi_uint rnd_limb(void)
{
    /* now and then an edge limb */
    switch (rnd64() % 8) {
    case 0:
        return 0;
    case 1:
        return TACIT_MPI_UINT_MAX;
    default:
        return (tacit_mpi_uint)rnd64();
    }
}

static void rnd_limbs(tacit_mpi_uint *X, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        X[i] = rnd_limb();
    }
}

/* A random odd modulus > 1 of n limbs whose top limb is nonzero. */
static void rnd_modulus(tacit_mpi_uint *N, size_t n)
{
    rnd_limbs(N, n);
    if (rnd64() % 4 == 0) {
        N[n - 1] = (tacit_mpi_uint)(rnd64() % 7 + 1); /* short top limb */
    }
    if (N[n - 1] == 0) {
        N[n - 1] = 1;
    }
    N[0] |= 1;
    if (n == 1 && N[0] == 1) {
        N[0] = 3;
    }
}

/* X (n limbs) = A (alimbs) mod N, by shifting A in bit by bit: the reference. */
static void ref_mod(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t alimbs,
                    const tacit_mpi_uint *N, size_t n)
{
    tacit_mpi_uint R[MAXL + 1], NN[MAXL + 1];
    size_t i;

    memset(R, 0, sizeof(R));
    memset(NN, 0, sizeof(NN));
    memcpy(NN, N, n * sizeof(*N));
    for (i = alimbs * BIL; i-- > 0;) {
        tacit_mpi_uint bit = (A[i / BIL] >> (i % BIL)) & 1, T[MAXL + 1];
        tacit_mpi_core_shift_l(R, n + 1, 1);
        R[0] |= bit;
        if (tacit_mpi_core_sub(T, R, NN, n + 1) == 0) {
            memcpy(R, T, (n + 1) * sizeof(*R));
        }
    }
    memcpy(X, R, n * sizeof(*X));
}

/* X = A * B mod N, reference */
static void ref_mulmod(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *B,
                       const tacit_mpi_uint *N, size_t n)
{
    tacit_mpi_uint P[2 * MAXL];
    tacit_mpi_core_mul(P, A, n, B, n);
    ref_mod(X, P, 2 * n, N, n);
}

/* X = A^E mod N, square-and-multiply on the references */
static void ref_expmod(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *E,
                       size_t elimbs, const tacit_mpi_uint *N, size_t n)
{
    tacit_mpi_uint B[MAXL], one[MAXL];
    size_t i;

    memset(one, 0, sizeof(one));
    one[0] = 1;
    ref_mod(X, one, n, N, n);
    ref_mod(B, A, n, N, n);
    for (i = elimbs * BIL; i-- > 0;) {
        ref_mulmod(X, X, X, N, n);
        if ((E[i / BIL] >> (i % BIL)) & 1) {
            ref_mulmod(X, X, B, N, n);
        }
    }
}

/* Parse big-endian hex into n limbs. */
static int hex_limbs(tacit_mpi_uint *X, size_t n, const char *hex)
{
    size_t len;
    unsigned char *b;
    int ret;

    if (strlen(hex) % 2 != 0) {
        char buf[4096];
        snprintf(buf, sizeof(buf), "0%s", hex);
        b = test_unhex(buf, &len);
    } else {
        b = test_unhex(hex, &len);
    }
    if (b == NULL) {
        return -1;
    }
    ret = tacit_mpi_core_read_be(X, n, b, len);
    free(b);
    return ret;
}

/* ---- add / sub / compare ---------------------------------------------------------- */

static void test_add_sub_edges(void)
{
    tacit_mpi_uint a[3] = { TACIT_MPI_UINT_MAX, TACIT_MPI_UINT_MAX, TACIT_MPI_UINT_MAX };
    tacit_mpi_uint one[3] = { 1, 0, 0 }, zero[3] = { 0, 0, 0 }, x[3];

    TEST_EQUAL(tacit_mpi_core_add(x, a, one, 3), 1);
    TEST_ASSERT(tacit_mpi_core_is_zero_ct(x, 3) == TACIT_MPI_UINT_MAX);
    TEST_EQUAL(tacit_mpi_core_sub(x, zero, one, 3), 1);
    TEST_ASSERT(tacit_mpi_core_eq_ct(x, a, 3) == TACIT_MPI_UINT_MAX);
    TEST_EQUAL(tacit_mpi_core_sub(x, a, a, 3), 0);
    TEST_ASSERT(tacit_mpi_core_is_zero_ct(x, 3) == TACIT_MPI_UINT_MAX);
    TEST_EQUAL(tacit_mpi_core_add_limb(x, a, 1, 3), 1);
    TEST_ASSERT(tacit_mpi_core_is_zero_ct(x, 3) == TACIT_MPI_UINT_MAX);
    TEST_EQUAL(tacit_mpi_core_sub_limb(x, zero, 1, 3), 1);
    TEST_ASSERT(tacit_mpi_core_eq_ct(x, a, 3) == TACIT_MPI_UINT_MAX);
    TEST_EQUAL(tacit_mpi_core_add_limb(x, zero, TACIT_MPI_UINT_MAX, 3), 0);
    TEST_EQUAL(x[0], TACIT_MPI_UINT_MAX);
    TEST_EQUAL(x[1], 0);
    /* add with carry out of the middle limb only */
    a[2] = 0;
    TEST_EQUAL(tacit_mpi_core_add(x, a, one, 3), 0);
    TEST_EQUAL(x[0], 0);
    TEST_EQUAL(x[1], 0);
    TEST_EQUAL(x[2], 1);
    /* zero limbs */
    TEST_EQUAL(tacit_mpi_core_add(x, a, one, 0), 0);
    TEST_ASSERT(tacit_mpi_core_is_zero_ct(a, 0) == TACIT_MPI_UINT_MAX);
exit:;
}

static void test_add_sub_random(void)
{
    tacit_mpi_uint a[9], b[9], x[9], y[9];
    int it;

    for (it = 0; it < 2000; it++) {
        size_t n = 1 + (size_t)(rnd64() % 9);
        tacit_mpi_uint c, br, m;
        rnd_limbs(a, n);
        rnd_limbs(b, n);
        c = tacit_mpi_core_add(x, a, b, n);
        br = tacit_mpi_core_sub(y, x, b, n);
        TEST_MEM_EQ(y, n * sizeof(*y), a, n * sizeof(*a));
        TEST_EQUAL(c, br); /* (a + b) - b borrows exactly when a + b carried */
        /* lt agrees with the borrow of a - b */
        br = tacit_mpi_core_sub(y, a, b, n);
        TEST_EQUAL(tacit_mpi_core_lt_ct(a, b, n), br ? TACIT_MPI_UINT_MAX : 0);
        TEST_EQUAL(tacit_mpi_core_lt_ct(a, a, n), 0);
        /* aliasing: x = x + x */
        memcpy(x, a, n * sizeof(*x));
        c = tacit_mpi_core_add(x, x, x, n);
        memcpy(y, a, n * sizeof(*y));
        TEST_EQUAL(c, (a[n - 1] >> (BIL - 1)));
        tacit_mpi_core_shift_l(y, n, 1);
        TEST_MEM_EQ(x, n * sizeof(*x), y, n * sizeof(*y));
        /* conditional forms */
        m = (rnd64() & 1) ? TACIT_MPI_UINT_MAX : 0;
        memcpy(x, a, n * sizeof(*x));
        c = tacit_mpi_core_add_if(x, b, n, m);
        if (m) {
            TEST_EQUAL(c, tacit_mpi_core_add(y, a, b, n));
            TEST_MEM_EQ(x, n * sizeof(*x), y, n * sizeof(*y));
        } else {
            TEST_EQUAL(c, 0);
            TEST_MEM_EQ(x, n * sizeof(*x), a, n * sizeof(*a));
        }
        memcpy(x, a, n * sizeof(*x));
        br = tacit_mpi_core_sub_if(x, b, n, m);
        if (m) {
            TEST_EQUAL(br, tacit_mpi_core_sub(y, a, b, n));
            TEST_MEM_EQ(x, n * sizeof(*x), y, n * sizeof(*y));
        } else {
            TEST_EQUAL(br, 0);
            TEST_MEM_EQ(x, n * sizeof(*x), a, n * sizeof(*a));
        }
        memcpy(x, a, n * sizeof(*x));
        memcpy(y, b, n * sizeof(*y));
        tacit_mpi_core_cond_swap(x, y, n, m);
        TEST_MEM_EQ(x, n * sizeof(*x), m ? b : a, n * sizeof(*a));
        TEST_MEM_EQ(y, n * sizeof(*y), m ? a : b, n * sizeof(*a));
        tacit_mpi_core_cond_assign(x, a, n, m);
        TEST_MEM_EQ(x, n * sizeof(*x), a, n * sizeof(*a));
        tacit_mpi_core_cond_swap(x, x, n, TACIT_MPI_UINT_MAX);
        TEST_MEM_EQ(x, n * sizeof(*x), a, n * sizeof(*a));
    }
exit:;
}

static void test_add_sub_mod(void)
{
    tacit_mpi_uint N[6], a[6], b[6], x[6], r[6], s[12];
    int it;

    for (it = 0; it < 1000; it++) {
        size_t n = 1 + (size_t)(rnd64() % 6);
        rnd_modulus(N, n);
        rnd_limbs(a, n);
        rnd_limbs(b, n);
        ref_mod(a, a, n, N, n);
        ref_mod(b, b, n, N, n);
        /* reference: (a + b) in n + 1 limbs, reduced */
        memset(s, 0, sizeof(s));
        s[n] = tacit_mpi_core_add(s, a, b, n);
        ref_mod(r, s, n + 1, N, n);
        tacit_mpi_core_add_mod(x, a, b, N, n);
        TEST_MEM_EQ(x, n * sizeof(*x), r, n * sizeof(*r));
        /* (x - b) mod N is a again; in place */
        tacit_mpi_core_sub_mod(x, x, b, N, n);
        TEST_MEM_EQ(x, n * sizeof(*x), a, n * sizeof(*a));
    }
exit:;
}

/* ---- shifts, bit length --------------------------------------------------------- */

static void test_shifts(void)
{
    tacit_mpi_uint a[5], x[5], y[5];
    int it;

    for (it = 0; it < 500; it++) {
        size_t count = (size_t)(rnd64() % (6 * BIL)), i;
        rnd_limbs(a, 5);
        memcpy(x, a, sizeof(a));
        tacit_mpi_core_shift_r(x, 5, count);
        /* reference: bit by bit */
        memset(y, 0, sizeof(y));
        for (i = 0; i + count < 5 * BIL; i++) {
            tacit_mpi_uint bit = (a[(i + count) / BIL] >> ((i + count) % BIL)) & 1;
            y[i / BIL] |= bit << (i % BIL);
        }
        TEST_MEM_EQ(x, sizeof(x), y, sizeof(y));
        memcpy(x, a, sizeof(a));
        tacit_mpi_core_shift_l(x, 5, count);
        memset(y, 0, sizeof(y));
        for (i = count; i < 5 * BIL; i++) {
            tacit_mpi_uint bit = (a[(i - count) / BIL] >> ((i - count) % BIL)) & 1;
            y[i / BIL] |= bit << (i % BIL);
        }
        TEST_MEM_EQ(x, sizeof(x), y, sizeof(y));
    }
exit:;
}

static void test_bitlen(void)
{
    tacit_mpi_uint a[4] = { 0, 0, 0, 0 };

    TEST_EQUAL(tacit_mpi_core_bitlen_unsafe(a, 4), 0);
    TEST_EQUAL(tacit_mpi_core_bitlen_unsafe(a, 0), 0);
    a[0] = 1;
    TEST_EQUAL(tacit_mpi_core_bitlen_unsafe(a, 4), 1);
    a[2] = 5;
    TEST_EQUAL(tacit_mpi_core_bitlen_unsafe(a, 4), 2 * BIL + 3);
    a[3] = TACIT_MPI_UINT_MAX;
    TEST_EQUAL(tacit_mpi_core_bitlen_unsafe(a, 4), 4 * BIL);
exit:;
}

/* ---- bytes ----------------------------------------------------------------------- */

static void test_bytes(void)
{
    static const unsigned char be[] = { 0x01, 0x02, 0x03, 0x04, 0x05, 0x06,
                                        0x07, 0x08, 0x09, 0x0a, 0x0b };
    unsigned char out[32], le[sizeof(be)];
    tacit_mpi_uint x[3], y[3];
    size_t i;

    for (i = 0; i < sizeof(be); i++) {
        le[i] = be[sizeof(be) - 1 - i];
    }
    TEST_EQUAL(tacit_mpi_core_read_be(x, 3, be, sizeof(be)), 0);
    TEST_EQUAL(tacit_mpi_core_read_le(y, 3, le, sizeof(le)), 0);
    TEST_MEM_EQ(x, sizeof(x), y, sizeof(y));
#if TACIT_MPI_LIMB_BITS == 64
    TEST_EQUAL(x[0], 0x0405060708090a0bu);
    TEST_EQUAL(x[1], 0x010203u);
    TEST_EQUAL(x[2], 0);
#else
    TEST_EQUAL(x[0], 0x08090a0bu);
    TEST_EQUAL(x[1], 0x04050607u);
    TEST_EQUAL(x[2], 0x010203u);
#endif
    /* exact length, shorter (fits), longer with zeros, too short */
    TEST_EQUAL(tacit_mpi_core_write_be(x, 3, out, sizeof(be)), 0);
    TEST_MEM_EQ(out, sizeof(be), be, sizeof(be));
    TEST_EQUAL(tacit_mpi_core_write_le(x, 3, out, sizeof(be)), 0);
    TEST_MEM_EQ(out, sizeof(le), le, sizeof(le));
    memset(out, 0xAA, sizeof(out));
    TEST_EQUAL(tacit_mpi_core_write_be(x, 3, out, 20), 0);
    for (i = 0; i < 9; i++) {
        TEST_EQUAL(out[i], 0);
    }
    TEST_MEM_EQ(out + 9, 11, be, 11);
    memset(out, 0xAA, sizeof(out));
    TEST_EQUAL(tacit_mpi_core_write_be(x, 3, out, 10), TACIT_ERR_BUFFER_TOO_SMALL);
    for (i = 0; i < 10; i++) {
        TEST_EQUAL(out[i], 0);
    }
    TEST_EQUAL(out[10], 0xAA);
    TEST_EQUAL(tacit_mpi_core_write_le(x, 3, out, 10), TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(tacit_mpi_core_write_be(x, 3, out, 0), TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(tacit_mpi_core_write_be(x, 0, out, 0), 0);
    /* input longer than the limbs: leading zeros are fine, anything else is not */
    {
        unsigned char big[4 * TACIT_MPI_LIMB_BYTES];
        memset(big, 0, sizeof(big));
        memcpy(big + sizeof(big) - sizeof(be), be, sizeof(be));
        TEST_EQUAL(tacit_mpi_core_read_be(y, 3, big, sizeof(big)), 0);
        TEST_MEM_EQ(y, 3 * sizeof(*y), x, 3 * sizeof(*x));
        big[0] = 1;
        y[0] = 1;
        TEST_EQUAL(tacit_mpi_core_read_be(y, 3, big, sizeof(big)), TACIT_ERR_BUFFER_TOO_SMALL);
        TEST_ASSERT(tacit_mpi_core_is_zero_ct(y, 3) == TACIT_MPI_UINT_MAX);
        TEST_EQUAL(tacit_mpi_core_read_be(y, 1, NULL, 0), 0);
        TEST_EQUAL(y[0], 0);
    }
exit:;
}

/* ---- multiplication ---------------------------------------------------------------- */

/* reference product through bytes, 8x8 -> 16-bit partial products */
static void ref_mul(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t an, const tacit_mpi_uint *B,
                    size_t bn)
{
    unsigned char a[MAXL * 8], b[MAXL * 8];
    unsigned int acc[2 * MAXL * 8 + 1];
    unsigned char x[2 * MAXL * 8];
    size_t al = an * TACIT_MPI_LIMB_BYTES, bl = bn * TACIT_MPI_LIMB_BYTES, i, j;
    unsigned int carry = 0;

    tacit_mpi_core_write_le(A, an, a, al);
    tacit_mpi_core_write_le(B, bn, b, bl);
    memset(acc, 0, sizeof(acc));
    for (i = 0; i < al; i++) {
        for (j = 0; j < bl; j++) {
            acc[i + j] += (unsigned)a[i] * b[j];
            /* keep acc small: push the excess up right away */
            acc[i + j + 1] += acc[i + j] >> 8;
            acc[i + j] &= 0xFF;
        }
    }
    for (i = 0; i < al + bl; i++) {
        unsigned int v = acc[i] + carry;
        x[i] = (unsigned char)v;
        carry = v >> 8;
    }
    tacit_mpi_core_read_le(X, an + bn, x, al + bl);
}

static void test_mul_sqr(void)
{
    tacit_mpi_uint a[17], b[17], x[34], y[34];
    int it;

    for (it = 0; it < 600; it++) {
        size_t an = (size_t)(rnd64() % 18), bn = 1 + (size_t)(rnd64() % 17);
        rnd_limbs(a, 17);
        rnd_limbs(b, 17);
        tacit_mpi_core_mul(x, a, an, b, bn);
        ref_mul(y, a, an, b, bn);
        TEST_MEM_EQ(x, (an + bn) * sizeof(*x), y, (an + bn) * sizeof(*y));
        tacit_mpi_core_sqr(x, b, bn);
        tacit_mpi_core_mul(y, b, bn, b, bn);
        TEST_MEM_EQ(x, 2 * bn * sizeof(*x), y, 2 * bn * sizeof(*y));
    }
    /* all-ones squared: the largest carries */
    {
        size_t i;
        for (i = 0; i < 17; i++) {
            a[i] = TACIT_MPI_UINT_MAX;
        }
        tacit_mpi_core_sqr(x, a, 17);
        ref_mul(y, a, 17, a, 17);
        TEST_MEM_EQ(x, 34 * sizeof(*x), y, 34 * sizeof(*y));
        /* (R - 1)(2^biL - 1): top limb 2^biL - 2 */
        memset(x, 0, sizeof(x));
        TEST_EQUAL(tacit_mpi_core_mla(x, a, 17, TACIT_MPI_UINT_MAX), TACIT_MPI_UINT_MAX - 1);
        TEST_EQUAL(x[0], 1);
    }
exit:;
}

/* ---- Montgomery ----------------------------------------------------------------------- */

static void test_mont_init(void)
{
    tacit_mpi_uint n[1];
    int it;

    for (it = 0; it < 1000; it++) {
        n[0] = (tacit_mpi_uint)rnd64() | 1;
        TEST_EQUAL((tacit_mpi_uint)(n[0] * tacit_mpi_core_mont_init(n)), TACIT_MPI_UINT_MAX);
    }
    n[0] = 1;
    TEST_EQUAL(tacit_mpi_core_mont_init(n), TACIT_MPI_UINT_MAX);
exit:;
}

static void test_r2(void)
{
    tacit_mpi_uint N[MAXL], RR[MAXL], R2[MAXL], ref[MAXL], big[2 * MAXL + 1];
    int it;

    for (it = 0; it < 300; it++) {
        size_t n = 1 + (size_t)(rnd64() % (it < 250 ? 6 : 40)), lead = 0;
        rnd_modulus(N, n);
        if (it % 5 == 0 && n > 1) {
            /* leading zero limbs: R stays 2^(n biL) */
            lead = 1 + (size_t)(rnd64() % (n - 1));
            memset(N + n - lead, 0, lead * sizeof(*N));
            if (n - lead == 1 && N[0] == 1) {
                N[0] = 3;
            }
        }
        memset(big, 0, sizeof(big));
        big[2 * n] = 1;
        ref_mod(ref, big, 2 * n + 1, N, n);
        tacit_mpi_core_get_mont_r2_unsafe(RR, N, n);
        TEST_MEM_EQ(RR, n * sizeof(*RR), ref, n * sizeof(*ref));
        tacit_mpi_core_get_mont_r2_ct(R2, N, n);
        TEST_MEM_EQ(R2, n * sizeof(*R2), ref, n * sizeof(*ref));
        if (lead == 0) {
            /* the form for a nonzero top limb; also with a top limb of 1 */
            tacit_mpi_core_get_mont_r2_full_ct(R2, N, n);
            TEST_MEM_EQ(R2, n * sizeof(*R2), ref, n * sizeof(*ref));
            if (n > 1) {
                N[n - 1] = 1;
                memset(big, 0, sizeof(big));
                big[2 * n] = 1;
                ref_mod(ref, big, 2 * n + 1, N, n);
                tacit_mpi_core_get_mont_r2_full_ct(R2, N, n);
                TEST_MEM_EQ(R2, n * sizeof(*R2), ref, n * sizeof(*ref));
            }
        }
    }
exit:;
}

static void test_montmul(void)
{
    tacit_mpi_uint N[MAXL], A[MAXL], B[MAXL], X[MAXL], Y[MAXL], RR[MAXL], T[2 * MAXL + 1];
    tacit_mpi_uint P[2 * MAXL], ref[MAXL];
    int it;

    for (it = 0; it < 1000; it++) {
        size_t n = 1 + (size_t)(rnd64() % (it < 900 ? 6 : 33));
        tacit_mpi_uint mm;
        rnd_modulus(N, n);
        mm = tacit_mpi_core_mont_init(N);
        tacit_mpi_core_get_mont_r2_unsafe(RR, N, n);
        rnd_limbs(A, n); /* any value below R */
        rnd_limbs(B, n);
        ref_mod(B, B, n, N, n);
        if (it % 7 == 0) {
            /* B = N - 1 */
            tacit_mpi_core_sub_limb(B, N, 1, n);
        }
        /* X = A B / R: check X R == A B (mod N) */
        tacit_mpi_core_montmul(X, A, B, N, n, mm, T);
        TEST_ASSERT(tacit_mpi_core_lt_ct(X, N, n) == TACIT_MPI_UINT_MAX);
        memset(P, 0, sizeof(P));
        memcpy(P + n, X, n * sizeof(*X));
        ref_mod(Y, P, 2 * n, N, n);
        ref_mulmod(ref, A, B, N, n);
        TEST_MEM_EQ(Y, n * sizeof(*Y), ref, n * sizeof(*ref));
        /* aliasing X = A, X = B, X = A = B; squaring */
        memcpy(Y, A, n * sizeof(*Y));
        tacit_mpi_core_montmul(Y, Y, B, N, n, mm, T);
        TEST_MEM_EQ(Y, n * sizeof(*Y), X, n * sizeof(*X));
        memcpy(Y, B, n * sizeof(*Y));
        tacit_mpi_core_montmul(Y, A, Y, N, n, mm, T);
        TEST_MEM_EQ(Y, n * sizeof(*Y), X, n * sizeof(*X));
        tacit_mpi_core_montmul(X, B, B, N, n, mm, T);
        memcpy(Y, B, n * sizeof(*Y));
        tacit_mpi_core_montsqr(Y, Y, N, n, mm, T);
        TEST_MEM_EQ(Y, n * sizeof(*Y), X, n * sizeof(*X));
        memcpy(Y, B, n * sizeof(*Y));
        tacit_mpi_core_montmul(Y, Y, Y, N, n, mm, T);
        TEST_MEM_EQ(Y, n * sizeof(*Y), X, n * sizeof(*X));
        /* to/from Montgomery form round trip; from_mont of any A < R is reduced */
        tacit_mpi_core_to_mont(X, A, N, n, mm, RR, T);
        tacit_mpi_core_from_mont(X, X, N, n, mm, T);
        ref_mod(ref, A, n, N, n);
        TEST_MEM_EQ(X, n * sizeof(*X), ref, n * sizeof(*ref));
    }
exit:;
}

static void test_mod_ct(void)
{
    tacit_mpi_uint N[MAXL], A[3 * MAXL], X[MAXL], RR[MAXL], ref[MAXL];
    tacit_mpi_uint T[4 * MAXL + 1];
    int it;

    for (it = 0; it < 500; it++) {
        size_t n = 1 + (size_t)(rnd64() % 8), an = (size_t)(rnd64() % (3 * n + 2));
        tacit_mpi_uint mm;
        rnd_modulus(N, n);
        mm = tacit_mpi_core_mont_init(N);
        tacit_mpi_core_get_mont_r2_unsafe(RR, N, n);
        rnd_limbs(A, an);
        tacit_mpi_core_mod_ct(X, A, an, N, n, mm, RR, T);
        if (an == 0) {
            TEST_ASSERT(tacit_mpi_core_is_zero_ct(X, n) == TACIT_MPI_UINT_MAX);
        } else {
            ref_mod(ref, A, an, N, n);
            TEST_MEM_EQ(X, n * sizeof(*X), ref, n * sizeof(*ref));
        }
    }
exit:;
}

/* ---- exponentiation ------------------------------------------------------------------ */

static void test_exp_mod_random(void)
{
    tacit_mpi_uint N[MAXL], A[MAXL], E[MAXL], X[MAXL], Y[MAXL], RR[MAXL], ref[MAXL];
    tacit_mpi_uint *T = NULL;
    int it;

    T = (tacit_mpi_uint *)malloc(200 * MAXL * sizeof(*T));
    TEST_ASSERT(T != NULL);
    for (it = 0; it < 300; it++) {
        size_t n = 1 + (size_t)(rnd64() % 5), en = (size_t)(rnd64() % 5);
        rnd_modulus(N, n);
        tacit_mpi_core_get_mont_r2_unsafe(RR, N, n);
        rnd_limbs(A, n);
        rnd_limbs(E, en);
        if (it % 3 == 0 && en > 1) {
            E[en - 1] = 0; /* a leading zero limb */
        }
        if (it % 11 == 0) {
            tacit_mpi_core_sub_limb(A, N, 1, n); /* N - 1 */
        }
        if (it % 13 == 0) {
            memcpy(A, N, n * sizeof(*A)); /* A = N: result 0 unless E = 0 */
        }
        ref_expmod(ref, A, E, en, N, n);
        TEST_ASSERT(tacit_mpi_core_exp_mod_working_limbs(n, en) <= 200 * MAXL);
        tacit_mpi_core_exp_mod(X, A, N, n, E, en, RR, T);
        TEST_MEM_EQ(X, n * sizeof(*X), ref, n * sizeof(*ref));
        tacit_mpi_core_exp_mod_unsafe(Y, A, N, n, E, en, RR, T);
        TEST_MEM_EQ(Y, n * sizeof(*Y), ref, n * sizeof(*ref));
        /* X aliasing A */
        memcpy(X, A, n * sizeof(*X));
        tacit_mpi_core_exp_mod(X, X, N, n, E, en, RR, T);
        TEST_MEM_EQ(X, n * sizeof(*X), ref, n * sizeof(*ref));
        memcpy(Y, A, n * sizeof(*Y));
        tacit_mpi_core_exp_mod_unsafe(Y, Y, N, n, E, en, RR, T);
        TEST_MEM_EQ(Y, n * sizeof(*Y), ref, n * sizeof(*ref));
    }
exit:
    free(T);
}

/* 2048-bit known answer (Python pow); e = 65537 and a full-size exponent. */
static const char kat_n[] = "c7d3a1f1b3a34f0c7e9b1a27d3c4f8e1b2a99a76543210fedcba98765432101f"
                            "0e3c5d7b9f1a2c4e6b8d0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0f"
                            "1b3d5f7a9c1e3b5d7f9a1c3e5b7d9f1a3c5e7b9d1f3a5c7e9b1d3f5a7c9e1b3d"
                            "5f7a9c1e3b5d7f9a1c3e5b7d9f1a3c5e7b9d1f3a5c7e9b1d3f5a7c9e1b3d5f7a"
                            "9c1e3b5d7f9a1c3e5b7d9f1a3c5e7b9d1f3a5c7e9b1d3f5a7c9e1b3d5f7a9c1e"
                            "3b5d7f9a1c3e5b7d9f1a3c5e7b9d1f3a5c7e9b1d3f5a7c9e1b3d5f7a9c1e3b5d"
                            "7f9a1c3e5b7d9f1a3c5e7b9d1f3a5c7e9b1d3f5a7c9e1b3d5f7a9c1e3b5d7f9a"
                            "1c3e5b7d9f1a3c5e7b9d1f3a5c7e9b1d3f5a7c9e1b3d5f7a9c1e3b5d7f9a1c3b";

static const char kat_a[] = "18f135d25f557203301850c5a38fd547923a736994e3bf911a61dbe22e44158b"
                            "ae97ba94d0eda82f8f6d05584ef8aa38922766581e27a1c08a6a63ec24ede6a4"
                            "6b4cb2424a23d5962217beaddbc496cb8e81973e0becd7b03898d190f9ebdacc"
                            "0cb1e29c658cda1495e60af593bd04cf0fd630f1f29d0da9953f48f1a09f76b5"
                            "a170b33839263059f28c105d1fb17c2390c192cfd3ac94af0f21ddb66cad4a26"
                            "8d116ece1738f7d93d9c172411e20b8f6b0d549b6f03675a1600a35a099950d8"
                            "36f675cc81e74ef5e8e25d940ed904759531985d5d9dc9f81818e811892f902b"
                            "d23f0824128b2f330c5c7fd0a6a3a4506513270e269e0d37f2a74de452e6b438";
static const char kat_a_65537[] =
    "c58a62bfc43b5465f6bb984a363f676f0e672539883526228d90a0986eec1f6f"
    "88813d20d2567d421fc92b90e069cf62f9fececede1c09e9be749f8fef1ae6f5"
    "a1a63f96e805658deca1478b5c3a201361662b06a75ba4df2e78b0ba7dcab43f"
    "8b1a46c5b25b80f54785355cda0b0642223d79bf435b1f84ebb2e8dc10d237ab"
    "b7a4b6d9f1a624ebbfae025334f72223a39068b349aa40d9ebf14aabe6aadfd8"
    "2d7ecec223612201b2bba4af17460cc89ae2bdfad5f55bec4f5cbc692b37ccef"
    "913904d2db6649f6308a1a8249c3e5edf462fbc998b04d1d160b32e7f281ad4f"
    "b428d1670009250da64293483dd27118f2abfcaa8b6ca51c9ee86e41a5e646ef";
static const char kat_d[] = "7f26144b98289fcd59a54a7bb1fee08f571242425051c1ccd17f9acae01f5057"
                            "ca02135e92b1d3f28ede0d7ac3baea9e13deef86ab1031d0f646e1f40a097c97"
                            "6bf46c697d2caf82eeeacbe226e875555790f82ec1d3fcff2a3af4d46b0a18e8"
                            "830e07bc1e398f1012bd4acefaecbd389be4bcfc49b64a0872e6cc3ababced20"
                            "57ee05cde00902c77ebff206867347214cdd2055930d6eaf14f4733f3e7d1bfb"
                            "c7a2ea20b2f14c942e05319acb5c74273f98e2774cbd87ad5c90a9587403e430"
                            "ec66a78795e761d17731af10506bf2efc6f877186d76b07e881ed162ae2eb154"
                            "7f15052434b9b5df9e7769b10f4205b4907a70c31012f037b64ce4228c38fb29";
static const char kat_a_d[] = "9e48d582fdf8014979a9d89e2e15de945572564721a7e81d740aa784d3bbf9d9"
                              "5e1104313bd8f2380df75679c35d1900a9b90a91986372994727d71d90038660"
                              "a6c6a95fb0e12ba1dde02f5ee980d443d37c14fa6110f693b8167d0d8fd1c2ee"
                              "89665e7bcc89773b5c678759ce1d974ed2c3993ddd630aeedc3c997bffa8e3bf"
                              "f8fb6d023871e1e0b267a48ba86f62f024168f2156ed37615412e373e5039532"
                              "1c6d18b1b53284996e78b701ce5f540aa3ff45d0d1e33f78b6551890c7826430"
                              "9d887634b7cc524f2d4635ea274c45fea06e62bc4480654c4a45bfa9a70c3f3c"
                              "52849d8b64f2adaf5c3c38f951561e9857f0d1ad4f39b932b010e89598befa42";

static void test_exp_mod_kat(void)
{
    size_t n = 2048 / BIL, i;
    tacit_mpi_uint N[2048 / BIL], A[2048 / BIL], E[2048 / BIL + 2], X[2048 / BIL];
    tacit_mpi_uint RR[2048 / BIL], ref[2048 / BIL], *T = NULL;

    T = (tacit_mpi_uint *)malloc(tacit_mpi_core_exp_mod_working_limbs(n, n + 2) * sizeof(*T) +
                                 tacit_mpi_core_exp_mod_unsafe_working_limbs(n, n + 2) *
                                     sizeof(*T));
    TEST_ASSERT(T != NULL);
    TEST_EQUAL(hex_limbs(N, n, kat_n), 0);
    TEST_EQUAL(hex_limbs(A, n, kat_a), 0);
    tacit_mpi_core_get_mont_r2_unsafe(RR, N, n);

    /* e = 65537 in 1 limb and padded to n + 2 limbs */
    memset(E, 0, sizeof(E));
    E[0] = 65537;
    TEST_EQUAL(hex_limbs(ref, n, kat_a_65537), 0);
    for (i = 0; i < 3; i++) {
        size_t en = i == 0 ? 1 : (i == 1 ? n : n + 2);
        tacit_mpi_core_exp_mod_unsafe(X, A, N, n, E, en, RR, T);
        TEST_MEM_EQ(X, sizeof(X), ref, sizeof(ref));
        tacit_mpi_core_exp_mod(X, A, N, n, E, en, RR, T);
        TEST_MEM_EQ(X, sizeof(X), ref, sizeof(ref));
    }
    /* full-size exponent */
    TEST_EQUAL(hex_limbs(E, n, kat_d), 0);
    TEST_EQUAL(hex_limbs(ref, n, kat_a_d), 0);
    tacit_mpi_core_exp_mod(X, A, N, n, E, n, RR, T);
    TEST_MEM_EQ(X, sizeof(X), ref, sizeof(ref));
    tacit_mpi_core_exp_mod_unsafe(X, A, N, n, E, n, RR, T);
    TEST_MEM_EQ(X, sizeof(X), ref, sizeof(ref));
    /* exponent 0 and 1 */
    memset(E, 0, sizeof(E));
    tacit_mpi_core_exp_mod(X, A, N, n, E, n, RR, T);
    TEST_EQUAL(X[0], 1);
    TEST_ASSERT(tacit_mpi_core_is_zero_ct(X + 1, n - 1) == TACIT_MPI_UINT_MAX);
    tacit_mpi_core_exp_mod_unsafe(X, A, N, n, E, n, RR, T);
    TEST_EQUAL(X[0], 1);
    tacit_mpi_core_exp_mod(X, A, N, n, E, 0, RR, T);
    TEST_EQUAL(X[0], 1);
    E[0] = 1;
    tacit_mpi_core_exp_mod(X, A, N, n, E, n, RR, T);
    TEST_MEM_EQ(X, sizeof(X), A, sizeof(A));
exit:
    free(T);
}

/*
 * Scratch sizes are exact: run every exponent bit length of 1..4 limbs
 * with T allocated to exactly the advertised size (ASan / valgrind catch
 * an overrun), ct and unsafe.
 */
static void test_exp_mod_scratch(void)
{
    tacit_mpi_uint N[2] = { 0, 0 }, A[2], E[4], X[2], Y[2], RR[2], *T = NULL;
    size_t en, b;

    rnd_modulus(N, 2);
    rnd_limbs(A, 2);
    tacit_mpi_core_get_mont_r2_unsafe(RR, N, 2);
    for (en = 1; en <= 4; en++) {
        for (b = 1; b <= en * BIL; b++) {
            memset(E, 0, sizeof(E));
            E[(b - 1) / BIL] = (tacit_mpi_uint)1 << ((b - 1) % BIL);
            E[0] |= 1;
            T = (tacit_mpi_uint *)malloc(tacit_mpi_core_exp_mod_unsafe_working_limbs(2, en) *
                                         sizeof(*T));
            TEST_ASSERT(T != NULL);
            tacit_mpi_core_exp_mod_unsafe(X, A, N, 2, E, en, RR, T);
            free(T);
            T = (tacit_mpi_uint *)malloc(tacit_mpi_core_exp_mod_working_limbs(2, en) * sizeof(*T));
            TEST_ASSERT(T != NULL);
            tacit_mpi_core_exp_mod(Y, A, N, 2, E, en, RR, T);
            free(T);
            T = NULL;
            TEST_MEM_EQ(X, sizeof(X), Y, sizeof(Y));
        }
    }
exit:
    free(T);
}

static void test_hooks(void)
{
#if defined(TACIT_TEST_HOOKS)
    tacit_mpi_uint N[1] = { 101 }, A[1] = { 5 }, E[1] = { 7 }, X[1], RR[1], T[64];
    unsigned long ct0 = tacit_mpi_core_test_exp_ct_calls;
    unsigned long un0 = tacit_mpi_core_test_exp_unsafe_calls;

    tacit_mpi_core_get_mont_r2_unsafe(RR, N, 1);
    tacit_mpi_core_exp_mod(X, A, N, 1, E, 1, RR, T);
    TEST_EQUAL(X[0], 52); /* 5^7 = 78125 = 773 * 101 + 52 */
    TEST_EQUAL(tacit_mpi_core_test_exp_ct_calls, ct0 + 1);
    TEST_EQUAL(tacit_mpi_core_test_exp_unsafe_calls, un0);
    tacit_mpi_core_exp_mod_unsafe(X, A, N, 1, E, 1, RR, T);
    TEST_EQUAL(X[0], 52);
    TEST_EQUAL(tacit_mpi_core_test_exp_ct_calls, ct0 + 1);
    TEST_EQUAL(tacit_mpi_core_test_exp_unsafe_calls, un0 + 1);
exit:;
#else
    TEST_SKIP("TACIT_TEST_HOOKS off");
exit:;
#endif
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_add_sub_edges);
    RUN_TEST(test_add_sub_random);
    RUN_TEST(test_add_sub_mod);
    RUN_TEST(test_shifts);
    RUN_TEST(test_bitlen);
    RUN_TEST(test_bytes);
    RUN_TEST(test_mul_sqr);
    RUN_TEST(test_mont_init);
    RUN_TEST(test_r2);
    RUN_TEST(test_montmul);
    RUN_TEST(test_mod_ct);
    RUN_TEST(test_exp_mod_random);
    RUN_TEST(test_exp_mod_kat);
    RUN_TEST(test_exp_mod_scratch);
    RUN_TEST(test_hooks);
    return TEST_MAIN_END();
}
