/*
 * Constant-flow tests of the MULX/ADX X25519 path
 * (src/curve25519/x86_64/fe64_adx.c).  valgrind hides ADX from CPUID, so
 * under valgrind ct_x25519 runs the radix-2^51 path; this suite forces the
 * ADX path with the test hook and runs X25519 with the scalar secret: the
 * RFC 7748 function, the key API (load, shared secret), and the field
 * operations one by one with every input secret.
 *
 * --negative: a branch on the output of the assembly multiply of a secret
 * input.  It must be flagged, which shows that valgrind follows secrets
 * through MULX/ADCX/ADOX (so the clean run above means something).
 */
#include "harness.h"

#include "tacit/x25519.h"
#include "bignum/bignum_core.h"
#include "curve25519/curve25519_fe.h"

#if defined(TACIT_FE25519_HAVE_ADX) && defined(TACIT_TEST_HOOKS)

static int can_force(void)
{
#if TACIT_TEST_CF_ENABLED
    if (RUNNING_ON_VALGRIND) {
        return 1;
    }
#endif
    return tacit_mpi_core_cpu_has_adx();
}

static void test_x25519_adx_ct(void)
{
    static const unsigned char nine[32] = { 9 };
    unsigned char k[32], u[32], out[32], out2[32];
    tacit_x25519_key a;
    size_t olen = 0;
    int i, ret;

    if (!can_force()) {
        TEST_SKIP("the CPU has no BMI2/ADX and this is not valgrind");
    }
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_ADX;
    for (i = 0; i < 32; i++) {
        k[i] = (unsigned char)(i * 17 + 3);
    }
    TEST_EQUAL(tacit_x25519(u, k, nine), 0); /* a peer's public key */
    for (i = 0; i < 32; i++) {
        k[i] = (unsigned char)(i * 101 + 77);
    }
    TACIT_TEST_CF_SECRET(k, sizeof(k));
    ret = tacit_x25519(out, k, u);
    TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
    TEST_EQUAL(ret, 0);
    TACIT_TEST_CF_PUBLIC(out, sizeof(out));

    /* the key API: the private key secret from load to use */
    TACIT_TEST_CF_SECRET(k, sizeof(k));
    ret = tacit_x25519_key_from_private(&a, k, 32);
    TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
    TEST_EQUAL(ret, 0);
    ret = tacit_x25519_compute_shared(&a, u, 32, out2, sizeof(out2), &olen);
    TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
    TEST_EQUAL(ret, 0);
    TACIT_TEST_CF_PUBLIC(out2, sizeof(out2));
    TEST_MEM_EQ(out, 32, out2, 32);
    tacit_x25519_key_free(&a);
exit:
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
}

/* Every field operation with every input secret (values near 2^256 too). */
static void test_field_ops_ct(void)
{
    uint64_t f[4], g[4], h[4];
    unsigned char s[32];
    int i;

    if (!can_force()) {
        TEST_SKIP("the CPU has no BMI2/ADX and this is not valgrind");
    }
    for (i = 0; i < 4; i++) {
        f[i] = (uint64_t)0xfedcba9876543210u * (uint64_t)(i + 1);
        g[i] = (uint64_t)-1 - (uint64_t)i;
    }
    TACIT_TEST_CF_SECRET(f, sizeof(f));
    TACIT_TEST_CF_SECRET(g, sizeof(g));
    tacit_fe25519_adx_mul(h, f, g);
    tacit_fe25519_adx_sq(h, h);
    tacit_fe25519_adx_add(h, h, g);
    tacit_fe25519_adx_sub(h, f, h);
    tacit_fe25519_adx_mul_small_add(h, h, 121666, g);
    tacit_fe25519_adx_invert(h, h);
    tacit_fe25519_adx_tobytes(s, h);
    tacit_fe25519_adx_frombytes(h, s);
    TACIT_TEST_CF_PUBLIC(h, sizeof(h));
    TACIT_TEST_CF_PUBLIC(s, sizeof(s));
exit:;
}

static void test_negative_branch_on_adx_mul(void)
{
    uint64_t f[4] = { 1, 2, 3, 4 }, g[4] = { 5, 6, 7, 8 }, h[4];
    volatile int sink = 0;

    if (!can_force()) {
        TEST_SKIP("the CPU has no BMI2/ADX and this is not valgrind");
    }
    TACIT_TEST_CF_SECRET(f, sizeof(f));
    tacit_fe25519_adx_mul(h, f, g);
    if (h[2] & 1) { /* deliberately leaky */
        sink = 1;
    }
    (void)sink;
exit:;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    if (test_has_option("--negative")) {
        RUN_TEST(test_negative_branch_on_adx_mul);
        return TEST_MAIN_END();
    }
    RUN_TEST(test_x25519_adx_ct);
    RUN_TEST(test_field_ops_ct);
    return TEST_MAIN_END();
}

#else

static void test_skip(void)
{
    TEST_SKIP("no MULX/ADX X25519 path in this build (or no test hooks)");
exit:;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    if (test_has_option("--negative")) {
        /* no ADX path: a plain secret-dependent branch keeps the control honest */
        volatile unsigned char s = 1;
        TACIT_TEST_CF_SECRET((void *)&s, 1);
        if (s) {
            printf("branch on a secret\n");
        }
    }
    RUN_TEST(test_skip);
    return TEST_MAIN_END();
}
#endif
