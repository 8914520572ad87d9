/*
 * The GF(2^255 - 19) field (src/curve25519_fe*.c) against GMP, in whichever
 * limb build this is (radix 2^51 with 64-bit limbs, 2^25.5 with 32-bit):
 * random and edge-shaped elements at the largest bounds the callers may pass
 * (carried, one add, add-of-carried into sub), through add, sub, mul, sq,
 * mul_small, carry, invert, pow22523, frombytes, tobytes (canonical output
 * for every input, including p..2^255-1), cswap/cmov, iszero, isnegative.
 * SKIPs without GMP.  The seed is fixed; TACIT_GMP_SEED changes it.
 */
#include "harness.h"

#include "bignum/bignum_core.h"
#include "curve25519/curve25519_fe.h"

#if (defined(TACIT_X25519_C) || defined(TACIT_ED25519_C)) && defined(TACIT_HAVE_GMP)
#include <gmp.h>

#define N TACIT_FE25519_LIMBS
#if TACIT_FE25519_LIMBS == 5
#define LIMB_POS(i) (51 * (i))
#define LIMB_BITS(i) 51
#else
#define LIMB_POS(i) ((51 * (i) + 1) / 2)
#define LIMB_BITS(i) (26 - ((i)&1))
#endif

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static uint64_t rnd64(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1Du;
}

static mpz_t P, T1, T2;

static void fe_to_mpz(mpz_t z, const tacit_fe25519 f)
{
    int i;
    mpz_set_ui(z, 0);
    for (i = N - 1; i >= 0; i--) {
        mpz_t t;
        mpz_init(t);
        mpz_set_ui(t, 0);
        mpz_import(t, 1, 1, sizeof(f[i]), 0, 0, &f[i]);
        mpz_mul_2exp(t, t, (mp_bitcnt_t)LIMB_POS(i));
        mpz_add(z, z, t);
        mpz_clear(t);
    }
}

/* A random element whose limbs are below 2^(width + extra) (extra may be
 * fractional in the caller's mind: shape 0 = random, 1 = all limbs at the
 * maximum, 2 = zeros and maxima mixed). */
static void rnd_fe(tacit_fe25519 f, int extra)
{
    int shape = (int)(rnd64() % 4), i;
    for (i = 0; i < N; i++) {
        uint64_t max = ((uint64_t)1 << (LIMB_BITS(i) + extra)) - 1;
        uint64_t v = rnd64() & max;
        if (shape == 1) {
            v = max;
        } else if (shape == 2) {
            v = (rnd64() & 1) ? max : 0;
        }
        f[i] = (tacit_mpi_uint)v;
    }
}

/* Compare the canonical bytes of f with z mod p. */
static int check(const tacit_fe25519 f, mpz_t z, const char *what)
{
    unsigned char got[32], want[32];
    size_t cnt = 0;
    int i;

    tacit_fe25519_tobytes(got, f);
    mpz_mod(z, z, P);
    memset(want, 0, sizeof(want));
    mpz_export(want, &cnt, -1, 1, 0, 0, z);
    if (memcmp(got, want, 32) != 0) {
        printf("\n    %s mismatch", what);
        for (i = 0; i < N; i++) {
            printf(" %llx", (unsigned long long)f[i]);
        }
        return 0;
    }
    return 1;
}

static void test_ops(void)
{
    int iter;

    for (iter = 0; iter < 20000; iter++) {
        tacit_fe25519 a, b, c, a1, b1, s;
        mpz_t za, zb, zr;
        unsigned char buf[32];

        mpz_inits(za, zb, zr, NULL);
        /* carried inputs (one spare bit in each limb) and add outputs */
        rnd_fe(a1, 0);
        rnd_fe(b1, 0);
        rnd_fe(s, 0);
        tacit_fe25519_add(a, a1, s); /* one add: the mul/sq/sub bound */
        rnd_fe(s, 0);
        tacit_fe25519_add(b, b1, s);
        fe_to_mpz(za, a);
        fe_to_mpz(zb, b);

        tacit_fe25519_mul(c, a, b);
        mpz_mul(zr, za, zb);
        TEST_ASSERT(check(c, zr, "mul"));
        tacit_fe25519_sq(c, a);
        mpz_mul(zr, za, za);
        TEST_ASSERT(check(c, zr, "sq"));
        tacit_fe25519_sub(c, a, b);
        mpz_sub(zr, za, zb);
        TEST_ASSERT(check(c, zr, "sub"));
        tacit_fe25519_mul_small(c, a, 121665);
        mpz_mul_ui(zr, za, 121665);
        TEST_ASSERT(check(c, zr, "mul_small"));
        tacit_fe25519_carry(c, a);
        TEST_ASSERT(check(c, za, "carry"));
        fe_to_mpz(za, a1);
        fe_to_mpz(zb, b1);
        tacit_fe25519_add(c, a1, b1);
        mpz_add(zr, za, zb);
        TEST_ASSERT(check(c, zr, "add"));
        tacit_fe25519_neg(c, a1);
        mpz_neg(zr, za);
        TEST_ASSERT(check(c, zr, "neg"));
        /* aliasing */
        tacit_fe25519_copy(c, a1);
        tacit_fe25519_mul(c, c, c);
        mpz_mul(zr, za, za);
        TEST_ASSERT(check(c, zr, "mul aliased"));

        if (iter % 50 == 0) {
            fe_to_mpz(za, a);
            tacit_fe25519_invert(c, a);
            mpz_mod(zr, za, P);
            if (mpz_sgn(zr) != 0) {
                mpz_invert(zr, zr, P);
            }
            TEST_ASSERT(check(c, zr, "invert"));
            tacit_fe25519_pow22523(c, a);
            mpz_sub_ui(T1, P, 5);
            mpz_fdiv_q_2exp(T1, T1, 3);
            mpz_powm(zr, za, T1, P);
            TEST_ASSERT(check(c, zr, "pow22523"));
        }

        /* frombytes of any 32 bytes: the low 255 bits */
        {
            int i;
            for (i = 0; i < 32; i++) {
                buf[i] = (unsigned char)rnd64();
            }
            if (iter % 7 == 0) {
                memset(buf, 0xff, 32);                            /* 2^256 - 1 */
                buf[0] = (unsigned char)(0xed + (iter / 7) % 19); /* p .. p+18 region */
            }
            tacit_fe25519_frombytes(c, buf);
            mpz_import(zr, 32, -1, 1, 0, 0, buf);
            mpz_fdiv_r_2exp(zr, zr, 255);
            TEST_ASSERT(check(c, zr, "frombytes"));
        }
        mpz_clears(za, zb, zr, NULL);
    }
exit:
    return;
}

static void test_edges(void)
{
    /* p - 1, p, p + 1, 2^255 - 1, 0: canonical forms and predicates */
    static const int offs[] = { -1, 0, 1, 18, -19 };
    size_t i;

    for (i = 0; i < sizeof(offs) / sizeof(offs[0]); i++) {
        unsigned char buf[32], out[32];
        tacit_fe25519 f, g, h;
        mpz_t z;

        mpz_init(z);
        if (offs[i] < 0) {
            mpz_sub_ui(z, P, (unsigned long)-offs[i]);
        } else {
            mpz_add_ui(z, P, (unsigned long)offs[i]); /* p + 18 = 2^255 - 1 */
        }
        memset(buf, 0, 32);
        mpz_export(buf, NULL, -1, 1, 0, 0, z);
        tacit_fe25519_frombytes(f, buf);
        TEST_ASSERT(check(f, z, "edge"));
        tacit_fe25519_tobytes(out, f);
        TEST_EQUAL((int)(tacit_fe25519_iszero(f) != 0), (int)(offs[i] == 0));
        TEST_EQUAL((int)tacit_fe25519_isnegative(f), (int)(out[0] & 1));
        tacit_fe25519_1(g);
        tacit_fe25519_copy(h, f);
        tacit_fe25519_cswap(g, h, 0);
        TEST_EQUAL((int)(tacit_fe25519_iszero(g) != 0), 0);
        tacit_fe25519_cswap(g, h, (tacit_mpi_uint)-1);
        tacit_fe25519_cmov(h, g, (tacit_mpi_uint)-1);
        tacit_fe25519_tobytes(buf, h);
        TEST_MEM_EQ(buf, 32, out, 32);
        mpz_clear(z);
    }
exit:
    return;
}

#if defined(TACIT_FE25519_HAVE_ADX)
/*
 * The MULX/ADX field (curve25519_fe64_x86_64_adx.c, four saturated limbs,
 * any value below 2^256) against GMP and against the radix-2^51 field:
 * random values and the edges 0, 1, p - 1, p, p + 1, 2^255 - 1, 2^255,
 * 2p - 1, 2p, 2^256 - 38, 2^256 - 1 (values >= p are legal inputs there),
 * through add, sub, mul (aliased too), sq, mul_small_add, invert, pow22523
 * and tobytes.  Natively only on a CPU with BMI2 and ADX.
 */
static void adx_to_mpz(mpz_t z, const uint64_t f[4])
{
    mpz_import(z, 4, -1, sizeof(uint64_t), 0, 0, f);
}

static int check_adx(const uint64_t f[4], mpz_t z, const char *what)
{
    unsigned char got[32], want[32], b51[32];
    tacit_fe25519 r;
    size_t cnt = 0;
    int i;

    tacit_fe25519_adx_tobytes(got, f);
    mpz_mod(z, z, P);
    memset(want, 0, sizeof(want));
    mpz_export(want, &cnt, -1, 1, 0, 0, z);
    /* the radix-2^51 field reads the canonical bytes back the same */
    tacit_fe25519_frombytes(r, got);
    tacit_fe25519_tobytes(b51, r);
    if (memcmp(got, want, 32) != 0 || memcmp(b51, want, 32) != 0) {
        printf("\n    adx %s mismatch", what);
        for (i = 3; i >= 0; i--) {
            printf(" %016llx", (unsigned long long)f[i]);
        }
        return 0;
    }
    return 1;
}

/* edge k of the list above, or a random (possibly >= p) value */
static void adx_value(uint64_t f[4], int k)
{
    mpz_t z;
    int i;

    mpz_init(z);
    switch (k) {
    case 0:
        mpz_set_ui(z, 0);
        break;
    case 1:
        mpz_set_ui(z, 1);
        break;
    case 2:
        mpz_sub_ui(z, P, 1);
        break;
    case 3:
        mpz_set(z, P);
        break;
    case 4:
        mpz_add_ui(z, P, 1);
        break;
    case 5:
        mpz_add_ui(z, P, 18); /* 2^255 - 1 */
        break;
    case 6:
        mpz_add_ui(z, P, 19); /* 2^255 */
        break;
    case 7:
        mpz_mul_2exp(z, P, 1);
        mpz_sub_ui(z, z, 1);
        break;
    case 8:
        mpz_mul_2exp(z, P, 1);
        break;
    case 9: /* 2p + 1 */
        mpz_mul_2exp(z, P, 1);
        mpz_add_ui(z, z, 1);
        break;
    case 10:
        mpz_ui_pow_ui(z, 2, 256);
        mpz_sub_ui(z, z, 38);
        break;
    case 11:
        mpz_ui_pow_ui(z, 2, 256);
        mpz_sub_ui(z, z, 1);
        break;
    default:
        for (i = 0; i < 4; i++) {
            f[i] = rnd64();
        }
        if (k % 5 == 0) {
            f[3] |= (uint64_t)1 << 63; /* high values */
        } else if (k % 5 == 1) {
            f[0] = (uint64_t)-1; /* long carry chains */
            f[1] = (uint64_t)-1;
        }
        mpz_clear(z);
        return;
    }
    memset(f, 0, 4 * sizeof(uint64_t));
    mpz_export(f, NULL, -1, sizeof(uint64_t), 0, 0, z);
    mpz_clear(z);
}

static void test_adx_ops(void)
{
    int i, j;

    if (!tacit_mpi_core_cpu_has_adx()) {
        TEST_SKIP("the CPU lacks BMI2/ADX");
    }
    for (i = 0; i < 12 + 20000; i++) {
        for (j = 0; j < (i < 12 ? 12 : 1); j++) {
            uint64_t a[4], b[4], c[4];
            mpz_t za, zb, zr;

            mpz_inits(za, zb, zr, NULL);
            adx_value(a, i);
            adx_value(b, i < 12 ? j : 12 + (int)(rnd64() % 1000));
            adx_to_mpz(za, a);
            adx_to_mpz(zb, b);

            tacit_fe25519_adx_mul(c, a, b);
            mpz_mul(zr, za, zb);
            TEST_ASSERT(check_adx(c, zr, "mul"));
            tacit_fe25519_adx_sq(c, a);
            mpz_mul(zr, za, za);
            TEST_ASSERT(check_adx(c, zr, "sq"));
            tacit_fe25519_adx_add(c, a, b);
            mpz_add(zr, za, zb);
            TEST_ASSERT(check_adx(c, zr, "add"));
            tacit_fe25519_adx_sub(c, a, b);
            mpz_sub(zr, za, zb);
            TEST_ASSERT(check_adx(c, zr, "sub"));
            tacit_fe25519_adx_mul_small_add(c, a, 121666, b);
            mpz_mul_ui(zr, za, 121666);
            mpz_add(zr, zr, zb);
            TEST_ASSERT(check_adx(c, zr, "mul_small_add"));
            tacit_fe25519_adx_mul_small_add(c, a, 0xffffffffu, b);
            mpz_mul_ui(zr, za, 0xffffffffu);
            mpz_add(zr, zr, zb);
            TEST_ASSERT(check_adx(c, zr, "mul_small_add max"));
            memcpy(c, a, sizeof(c));
            tacit_fe25519_adx_mul(c, c, c);
            mpz_mul(zr, za, za);
            TEST_ASSERT(check_adx(c, zr, "mul aliased"));
            memcpy(c, a, sizeof(c));
            tacit_fe25519_adx_add(c, c, c);
            mpz_add(zr, za, za);
            TEST_ASSERT(check_adx(c, zr, "add aliased"));
            memcpy(c, b, sizeof(c));
            tacit_fe25519_adx_sub(c, a, c);
            mpz_sub(zr, za, zb);
            TEST_ASSERT(check_adx(c, zr, "sub aliased"));
            if (i < 12 || i % 100 == 0) {
                tacit_fe25519_adx_invert(c, a);
                mpz_mod(zr, za, P);
                if (mpz_sgn(zr) != 0) {
                    mpz_invert(zr, zr, P);
                }
                TEST_ASSERT(check_adx(c, zr, "invert"));
                tacit_fe25519_adx_pow22523(c, a); /* f^((p-5)/8) */
                mpz_sub_ui(T1, P, 5);
                mpz_fdiv_q_2exp(T1, T1, 3);
                mpz_powm(zr, za, T1, P);
                TEST_ASSERT(check_adx(c, zr, "pow22523"));
            }
            /* against the radix-2^51 field on the canonical value of a, b */
            if (i >= 12 && i % 10 == 0) {
                unsigned char sa[32], sb[32], s51[32], s4[32];
                tacit_fe25519 fa, fb, fc;
                uint64_t a4[4], b4[4];
                tacit_fe25519_adx_tobytes(sa, a);
                tacit_fe25519_adx_tobytes(sb, b);
                tacit_fe25519_frombytes(fa, sa);
                tacit_fe25519_frombytes(fb, sb);
                tacit_fe25519_adx_frombytes(a4, sa);
                tacit_fe25519_adx_frombytes(b4, sb);
                tacit_fe25519_mul(fc, fa, fb);
                tacit_fe25519_adx_mul(c, a4, b4);
                tacit_fe25519_tobytes(s51, fc);
                tacit_fe25519_adx_tobytes(s4, c);
                TEST_MEM_EQ(s4, 32, s51, 32);
            }
            mpz_clears(za, zb, zr, NULL);
        }
    }
    /* frombytes ignores bit 255 */
    {
        unsigned char buf[32], out[32];
        uint64_t f[4];
        mpz_t z;
        memset(buf, 0xff, 32);
        tacit_fe25519_adx_frombytes(f, buf);
        tacit_fe25519_adx_tobytes(out, f);
        mpz_init(z);
        mpz_ui_pow_ui(z, 2, 255);
        mpz_sub_ui(z, z, 1);
        TEST_ASSERT(check_adx(f, z, "frombytes"));
        mpz_clear(z);
        TEST_EQUAL(out[0], 18);
    }
exit:
    return;
}
#endif

/*
 * The operations of curve25519_fe.h through bytes only (whatever the
 * layout).  Random values, values
 * >= p and the edges, against GMP; from_table against frombytes.
 */
static void bytes_to_mpz(mpz_t z, const unsigned char b[32])
{
    mpz_import(z, 32, -1, 1, 0, 0, b);
}

static int check_bytes(const tacit_fe25519 f, mpz_t z, const char *what)
{
    unsigned char got[32], want[32];
    tacit_fe25519_tobytes(got, f);
    mpz_mod(z, z, P);
    memset(want, 0, sizeof(want));
    mpz_export(want, NULL, -1, 1, 0, 0, z);
    if (memcmp(got, want, 32) != 0) {
        printf("\n    generic %s mismatch", what);
        return 0;
    }
    return 1;
}

static void test_generic_ops(void)
{
    int iter, i;

    for (iter = 0; iter < 5000; iter++) {
        unsigned char ba[32], bb[32], out[32];
        tacit_fe25519 a, b, c, d;
        mpz_t za, zb, zr;

        for (i = 0; i < 32; i++) {
            ba[i] = (unsigned char)rnd64();
            bb[i] = (unsigned char)rnd64();
        }
        if (iter % 5 == 1) {
            memset(ba, 0xff, 32); /* 2^255 - 1 after bit 255 is dropped */
            ba[0] = (unsigned char)(0xec - iter % 3);
        } else if (iter % 5 == 2) {
            memset(bb, 0, 32);
        }
        ba[31] &= 0x7f;
        bb[31] &= 0x7f;
        mpz_inits(za, zb, zr, NULL);
        bytes_to_mpz(za, ba);
        bytes_to_mpz(zb, bb);
        tacit_fe25519_frombytes(a, ba);
        tacit_fe25519_frombytes(b, bb);
        TEST_ASSERT(check_bytes(a, za, "frombytes"));
        tacit_fe25519_mul(c, a, b);
        mpz_mul(zr, za, zb);
        TEST_ASSERT(check_bytes(c, zr, "mul"));
        tacit_fe25519_add(d, c, a); /* an add's output into mul and sub */
        tacit_fe25519_sq(c, d);
        mpz_add(zr, zr, za);
        mpz_mul(zr, zr, zr);
        TEST_ASSERT(check_bytes(c, zr, "sq of add"));
        tacit_fe25519_sub(c, a, b);
        mpz_sub(zr, za, zb);
        TEST_ASSERT(check_bytes(c, zr, "sub"));
        tacit_fe25519_mul_small(c, a, 121666);
        mpz_mul_ui(zr, za, 121666);
        TEST_ASSERT(check_bytes(c, zr, "mul_small"));
        tacit_fe25519_add(c, a, b);
        tacit_fe25519_carry(c, c);
        mpz_add(zr, za, zb);
        TEST_ASSERT(check_bytes(c, zr, "add, carry"));
        tacit_fe25519_neg(c, a);
        mpz_neg(zr, za);
        TEST_ASSERT(check_bytes(c, zr, "neg"));
        tacit_fe25519_tobytes(out, a);
        mpz_mod(zr, za, P);
        TEST_EQUAL((int)(tacit_fe25519_iszero(a) != 0), (int)(mpz_sgn(zr) == 0));
        TEST_EQUAL((int)tacit_fe25519_isnegative(a), (int)(out[0] & 1));
        tacit_fe25519_copy(c, a);
        tacit_fe25519_cswap(c, b, (tacit_mpi_uint)-1);
        TEST_ASSERT(check_bytes(b, za, "cswap"));
        tacit_fe25519_cmov(c, b, 0);
        TEST_ASSERT(check_bytes(c, zb, "cmov 0"));
        if (iter % 50 == 0) {
            tacit_fe25519_invert(c, a);
            mpz_mod(zr, za, P);
            if (mpz_sgn(zr) != 0) {
                mpz_invert(zr, zr, P);
            }
            TEST_ASSERT(check_bytes(c, zr, "invert"));
        }
        mpz_clears(za, zb, zr, NULL);
    }
    /* from_table: a radix-2^51 canonical element (the tables' layout) */
    for (iter = 0; iter < 1000; iter++) {
        tacit_fe25519 t, h;
        unsigned char bt[32];
        mpz_t z;
        for (i = 0; i < 32; i++) {
            bt[i] = (unsigned char)rnd64();
        }
        bt[31] &= 0x7f;
        if (iter == 0) {
            memset(bt, 0xff, 32);
            bt[0] = 0xec; /* p - 1 */
            bt[31] = 0x7f;
        }
        tacit_fe25519_frombytes(t, bt);
        {
            unsigned char canon[32];
            tacit_fe25519_tobytes(canon, t); /* the table holds canonical values */
            tacit_fe25519_frombytes(t, canon);
        }
        tacit_fe25519_from_table(h, t);
        mpz_init(z);
        bytes_to_mpz(z, bt);
        TEST_ASSERT(check_bytes(h, z, "from_table"));
        mpz_clear(z);
    }
exit:
    return;
}

int main(int argc, char **argv)
{
    const char *seed = getenv("TACIT_GMP_SEED");
    TEST_MAIN_BEGIN(argc, argv);
    if (seed != NULL) {
        rng_state = strtoull(seed, NULL, 0) | 1;
    }
    mpz_inits(P, T1, T2, NULL);
    mpz_ui_pow_ui(P, 2, 255);
    mpz_sub_ui(P, P, 19);
    RUN_TEST(test_generic_ops);
#if defined(TACIT_FE25519_HAVE_ADX)
    RUN_TEST(test_adx_ops);
#endif
    RUN_TEST(test_ops);
    RUN_TEST(test_edges);
    mpz_clears(P, T1, T2, NULL);
    return TEST_MAIN_END();
}

#else

static void test_skip(void)
{
#if defined(TACIT_X25519_C) || defined(TACIT_ED25519_C)
    TEST_SKIP_NO_PEER("GMP");
#else
    TEST_SKIP("curve25519 compiled out");
#endif
exit:
    return;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_skip);
    return TEST_MAIN_END();
}
#endif
