/*
 * Constant-flow tests of ML-KEM and X25519MLKEM768: under valgrind
 * (TACIT_TEST_CONSTANT_FLOW build) the secrets are marked undefined as they
 * enter the library, and any branch or memory index that depends on them is
 * reported.  Covered, at every parameter set and on every kernel:
 *   - key generation from a secret seed d || z, and from a secret generator;
 *   - encapsulation with a secret m (given, and from a secret generator);
 *   - decapsulation with a secret dk, for the valid ciphertext and for an
 *     invalid one (implicit rejection: the choice of K' or J(z, c) by masks);
 *   - the X25519MLKEM768 client and server.
 * Intended leaks (tacit_ct_declassify): rho, and the decapsulation-key hash
 * check's verdict.  Results are declared public before they are compared.
 *
 * --negative: the re-encryption comparison done the KyberSlash-era way, a
 * byte loop that stops at the first difference; valgrind must flag it.
 */
#include "harness.h"

#include "tacit/mlkem.h"
#include "core/cpu_x86.h"

#if defined(TACIT_MLKEM_C)

static const tacit_mlkem_params pset[3] = { TACIT_MLKEM_512, TACIT_MLKEM_768, TACIT_MLKEM_1024 };

static int secret_rng(void *p, unsigned char *out, size_t len)
{
    size_t i;
    unsigned *ctr = (unsigned *)p;
    for (i = 0; i < len; i++) {
        out[i] = (unsigned char)(i * 29 + 5 + *ctr);
    }
    (*ctr)++;
    TACIT_TEST_CF_SECRET(out, len); /* the generator's output is a secret */
    return 0;
}

#if defined(TACIT_TEST_HOOKS) && defined(TACIT_HAVE_CPU_X86)
#define N_KERNELS 2
static void set_kernel(unsigned i)
{
    tacit_cpu_hook_disable = i == 0 ? 0u : ~0u;
}
#else
#define N_KERNELS 1
static void set_kernel(unsigned i)
{
    (void)i;
}
#endif

static void test_mlkem_ct(void)
{
    unsigned char seed[64], m[32], ek[TACIT_MLKEM_MAX_EK_BYTES], dk[TACIT_MLKEM_MAX_DK_BYTES];
    unsigned char ct[TACIT_MLKEM_MAX_CT_BYTES], ss[32], ss2[32], ss3[32];
    unsigned kn, ctr = 0;
    int pi, ret;
    size_t i;

    for (kn = 0; kn < N_KERNELS; kn++) {
        set_kernel(kn);
        for (pi = 0; pi < 3; pi++) {
            tacit_mlkem_params p = pset[pi];
            size_t ekl = tacit_mlkem_ek_bytes(p), dkl = tacit_mlkem_dk_bytes(p),
                   ctl = tacit_mlkem_ct_bytes(p);

            /* key generation from a secret seed */
            for (i = 0; i < 64; i++) {
                seed[i] = (unsigned char)(i * 13 + pi);
            }
            TACIT_TEST_CF_SECRET(seed, sizeof(seed));
            ret = tacit_mlkem_keygen_seed(p, seed, ek, dk);
            TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
            TEST_EQUAL(ret, 0);
            TACIT_TEST_CF_PUBLIC(ek, ekl); /* the public key is public */

            /* encapsulation with a secret m */
            for (i = 0; i < 32; i++) {
                m[i] = (unsigned char)(i * 7 + 3);
            }
            TACIT_TEST_CF_SECRET(m, sizeof(m));
            ret = tacit_mlkem_encaps_m(p, ek, m, ct, ss);
            TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
            TEST_EQUAL(ret, 0);
            TACIT_TEST_CF_PUBLIC(ct, ctl); /* the ciphertext is public */

            /* decapsulation with a secret dk: the valid ciphertext */
            TACIT_TEST_CF_SECRET(dk, dkl);
            ret = tacit_mlkem_decaps(p, dk, ct, ss2);
            TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
            TEST_EQUAL(ret, 0);
            /* ... and an invalid one */
            ct[ctl / 2] ^= 0x04;
            TACIT_TEST_CF_SECRET(dk, dkl);
            ret = tacit_mlkem_decaps(p, dk, ct, ss3);
            TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
            TEST_EQUAL(ret, 0);
            TACIT_TEST_CF_PUBLIC(ss, 32);
            TACIT_TEST_CF_PUBLIC(ss2, 32);
            TACIT_TEST_CF_PUBLIC(ss3, 32);
            TEST_MEM_EQ(ss2, 32, ss, 32);
            TEST_ASSERT(memcmp(ss3, ss, 32) != 0);

            /* the generator's output secret */
            ret = tacit_mlkem_keygen(p, ek, dk, secret_rng, &ctr);
            TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
            TEST_EQUAL(ret, 0);
            TACIT_TEST_CF_PUBLIC(ek, ekl);
            ret = tacit_mlkem_encaps(p, ek, ct, ss, secret_rng, &ctr);
            TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
            TEST_EQUAL(ret, 0);
            TACIT_TEST_CF_PUBLIC(ct, ctl);
            TACIT_TEST_CF_SECRET(dk, dkl);
            ret = tacit_mlkem_decaps(p, dk, ct, ss2);
            TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
            TEST_EQUAL(ret, 0);
            TACIT_TEST_CF_PUBLIC(ss, 32);
            TACIT_TEST_CF_PUBLIC(ss2, 32);
            TEST_MEM_EQ(ss2, 32, ss, 32);
        }
    }
exit:
    set_kernel(0);
}

#if defined(TACIT_X25519_C)
static void test_hybrid_ct(void)
{
    unsigned char share[1216], key[2432], sshare[1120], ss[64], ss2[64];
    unsigned ctr = 100;
    int ret;

    ret = tacit_x25519mlkem768_keygen(share, key, secret_rng, &ctr);
    TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
    TEST_EQUAL(ret, 0);
    TACIT_TEST_CF_PUBLIC(share, sizeof(share));
    ret = tacit_x25519mlkem768_encaps(share, sshare, ss, secret_rng, &ctr);
    TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
    TEST_EQUAL(ret, 0);
    TACIT_TEST_CF_PUBLIC(sshare, sizeof(sshare));
    TACIT_TEST_CF_SECRET(key, sizeof(key));
    ret = tacit_x25519mlkem768_decaps(key, sshare, ss2);
    TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
    TEST_EQUAL(ret, 0);
    TACIT_TEST_CF_PUBLIC(ss, sizeof(ss));
    TACIT_TEST_CF_PUBLIC(ss2, sizeof(ss2));
    TEST_MEM_EQ(ss2, 64, ss, 64);
exit:
    return;
}
#endif

/* The negative control: re-encrypt a secret message and compare with an early exit. */
static void test_negative_early_exit_compare(void)
{
    unsigned char seed[64], m[32], ek[TACIT_MLKEM768_EK_BYTES], dk[TACIT_MLKEM768_DK_BYTES];
    unsigned char ct[TACIT_MLKEM768_CT_BYTES], ct2[TACIT_MLKEM768_CT_BYTES], ss[32];
    size_t i;
    int equal = 1;

    for (i = 0; i < 64; i++) {
        seed[i] = (unsigned char)i;
    }
    TEST_EQUAL(tacit_mlkem_keygen_seed(TACIT_MLKEM_768, seed, ek, dk), 0);
    for (i = 0; i < 32; i++) {
        m[i] = (unsigned char)(i + 1);
    }
    TEST_EQUAL(tacit_mlkem_encaps_m(TACIT_MLKEM_768, ek, m, ct, ss), 0);
    m[0] ^= 1;
    TACIT_TEST_CF_SECRET(m, sizeof(m));
    TEST_EQUAL(tacit_mlkem_encaps_m(TACIT_MLKEM_768, ek, m, ct2, ss), 0);
    for (i = 0; i < sizeof(ct); i++) {
        if (ct[i] != ct2[i]) { /* the leak */
            equal = 0;
            break;
        }
    }
    TACIT_TEST_CF_PUBLIC(&equal, sizeof(equal));
    printf(" (equal %d)", equal);
exit:
    return;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    if (test_has_option("--negative")) {
        RUN_TEST(test_negative_early_exit_compare);
    } else {
        RUN_TEST(test_mlkem_ct);
#if defined(TACIT_X25519_C)
        RUN_TEST(test_hybrid_ct);
#endif
    }
    return TEST_MAIN_END();
}

#else

static void test_skip(void)
{
    TEST_SKIP("ML-KEM compiled out (TACIT_MLKEM_C)");
exit:
    return;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    if (test_has_option("--negative")) {
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
