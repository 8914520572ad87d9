/*
 * Constant-flow tests of ML-DSA: under valgrind (TACIT_TEST_CONSTANT_FLOW
 * build) the seed xi, the private key and the random bytes rnd are marked
 * undefined, and any branch or memory index that depends on them is
 * reported.  Covered: key generation from the seed and from an RNG,
 * hedged and deterministic signing (message, external mu and HashML-DSA), the
 * streaming signer of small-stack builds (mldsa_sign_stream.c), every
 * parameter set, every kernel this CPU can run.  What the library makes
 * public on purpose goes through tacit_ct_declassify (one bit per signing
 * attempt: rejected or not; the signature, the public key, ExpandS's
 * skipped nibbles); results are declared public before they are compared.
 * SampleInBall also runs alone on a secret challenge (the challenge of a
 * rejected attempt stays secret).
 *
 * --negative: a leaky Decompose (a division by 2 gamma2 and a branch on
 * the secret value) and the branching SampleInBall (verification's) on a
 * secret challenge, which valgrind must both flag.
 */
#include "harness.h"

#include "tacit/mldsa.h"

#if defined(TACIT_MLDSA_C)

#include "core/cpu_x86.h"
#include "mldsa/mldsa_internal.h"
#include "mldsa/mldsa_kernel.h"
#include "mldsa/mldsa_sign_stream.h"

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

static const unsigned kernel_masks[] = { 0u, ~0u };

static void test_mldsa_ct(void)
{
    static const tacit_mldsa_params sets[3] = { TACIT_MLDSA_44, TACIT_MLDSA_65, TACIT_MLDSA_87 };
    static unsigned char pk[TACIT_MLDSA_MAX_PK_BYTES], sk[TACIT_MLDSA_MAX_SK_BYTES];
    static unsigned char sig[TACIT_MLDSA_MAX_SIG_BYTES];
    unsigned char seed[32], msg[33], mu[64], rnd[32];
    size_t sig_len = 0;
    unsigned s, k, i, ctr = 0;
    int ret;

    for (i = 0; i < sizeof(msg); i++) {
        msg[i] = (unsigned char)(i * 7);
    }
    for (k = 0; k < sizeof(kernel_masks) / sizeof(kernel_masks[0]); k++) {
#if defined(TACIT_TEST_HOOKS)
        tacit_cpu_hook_disable = kernel_masks[k];
#else
        (void)kernel_masks[k];
#endif
        for (s = 0; s < 3; s++) {
            tacit_mldsa_params p = sets[s];
            size_t pkb = tacit_mldsa_pk_bytes(p), skb = tacit_mldsa_sk_bytes(p);
            for (i = 0; i < 32; i++) {
                seed[i] = (unsigned char)(i * 101 + 77 + s);
            }
            TACIT_TEST_CF_SECRET(seed, sizeof(seed));
            ret = tacit_mldsa_keygen_seed(p, seed, pk, sk);
            TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
            TEST_EQUAL(ret, 0);
            TACIT_TEST_CF_PUBLIC(pk, pkb);

            ret = tacit_mldsa_keygen(p, pk, sk, secret_rng, &ctr);
            TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
            TEST_EQUAL(ret, 0);
            TACIT_TEST_CF_PUBLIC(pk, pkb);

            /* signing with a secret key and secret randomness */
            TACIT_TEST_CF_SECRET(sk, skb);
            ret = tacit_mldsa_sign(p, sk, msg, sizeof(msg), msg, 3, sig, sizeof(sig), &sig_len,
                                   secret_rng, &ctr);
            TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
            TEST_EQUAL(ret, 0);
            TACIT_TEST_CF_PUBLIC(sig, sig_len);
            TEST_EQUAL(tacit_mldsa_verify(p, pk, msg, sizeof(msg), msg, 3, sig, sig_len), 0);

            TACIT_TEST_CF_SECRET(sk, skb);
            ret =
                tacit_mldsa_sign_det(p, sk, msg, sizeof(msg), NULL, 0, sig, sizeof(sig), &sig_len);
            TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
            TEST_EQUAL(ret, 0);
            TACIT_TEST_CF_PUBLIC(sig, sig_len);
            TEST_EQUAL(tacit_mldsa_verify(p, pk, msg, sizeof(msg), NULL, 0, sig, sig_len), 0);

            TEST_EQUAL(tacit_mldsa_mu(p, pk, msg, 5, NULL, 0, mu), 0);
            TACIT_TEST_CF_SECRET(sk, skb);
            ret = tacit_mldsa_sign_mu(p, sk, mu, sig, sizeof(sig), &sig_len, secret_rng, &ctr);
            TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
            TEST_EQUAL(ret, 0);
            TACIT_TEST_CF_PUBLIC(sig, sig_len);
            TEST_EQUAL(tacit_mldsa_verify_mu(p, pk, mu, sig, sig_len), 0);

            /* HashML-DSA (the digest, PH and context are public) */
            TACIT_TEST_CF_SECRET(sk, skb);
            ret = tacit_mldsa_prehash_sign(p, sk, TACIT_MLDSA_PH_SHA3_256, msg, 32, msg, 3, sig,
                                           sizeof(sig), &sig_len, secret_rng, &ctr);
            TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
            TEST_EQUAL(ret, 0);
            TACIT_TEST_CF_PUBLIC(sig, sig_len);
            TEST_EQUAL(tacit_mldsa_prehash_verify(p, pk, TACIT_MLDSA_PH_SHA3_256, msg, 32, msg, 3,
                                                  sig, sig_len),
                       0);
            TACIT_TEST_CF_SECRET(sk, skb);
            ret = tacit_mldsa_prehash_sign_det(p, sk, TACIT_MLDSA_PH_SHAKE256, mu, 64, NULL, 0, sig,
                                               sizeof(sig), &sig_len);
            TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
            TEST_EQUAL(ret, 0);
            TACIT_TEST_CF_PUBLIC(sig, sig_len);
            TEST_EQUAL(tacit_mldsa_prehash_verify(p, pk, TACIT_MLDSA_PH_SHAKE256, mu, 64, NULL, 0,
                                                  sig, sig_len),
                       0);

            /* the streaming signer (TACIT_MLDSA_SMALL_STACK builds) with a secret rnd */
            for (i = 0; i < 32; i++) {
                rnd[i] = (unsigned char)(i * 5 + ctr);
            }
            TACIT_TEST_CF_SECRET(sk, skb);
            TACIT_TEST_CF_SECRET(rnd, sizeof(rnd));
            ret = tacit_mldsa_sign_stream(tacit_mldsa_param_get(p), sk, mu, rnd, sig);
            TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
            TEST_EQUAL(ret, 0);
            TACIT_TEST_CF_PUBLIC(sig, tacit_mldsa_sig_bytes(p));
            TEST_EQUAL(tacit_mldsa_verify_mu(p, pk, mu, sig, tacit_mldsa_sig_bytes(p)), 0);
            TACIT_TEST_CF_PUBLIC(sk, skb);
        }
    }
exit:
#if defined(TACIT_TEST_HOOKS)
    tacit_cpu_hook_disable = 0;
#endif
    return;
}

/* The negative control: Decompose the textbook way. */
static int32_t leaky_decompose(int32_t *a0, int32_t a, int32_t gamma2)
{
    int32_t r0 = a % (2 * gamma2), r1;
    if (r0 > gamma2) {
        r0 -= 2 * gamma2;
    }
    if (a - r0 == TACIT_MLDSA_Q - 1) {
        r1 = 0;
        r0 -= 1;
    } else {
        r1 = (a - r0) / (2 * gamma2);
    }
    *a0 = r0;
    return r1;
}

static void test_negative_leaky_decompose(void)
{
    static volatile int32_t table[64];
    int32_t w[16], acc = 0, r0;
    unsigned i;

    for (i = 0; i < 16; i++) {
        w[i] = (int32_t)(i * 523777u % TACIT_MLDSA_Q);
    }
    TACIT_TEST_CF_SECRET(w, sizeof(w));
    for (i = 0; i < 16; i++) {
        /* the high part used as an index: the leak valgrind reports */
        acc += table[leaky_decompose(&r0, w[i], (TACIT_MLDSA_Q - 1) / 32) & 63] + r0;
    }
    TACIT_TEST_CF_PUBLIC(&acc, sizeof(acc));
    printf(" (%d)", (int)(acc & 1));
}

/* SampleInBall on a secret challenge (signing's rejected attempts), every kernel. */
static void test_sample_in_ball_secret(void)
{
    tacit_mldsa_poly c;
    unsigned char ctilde[48];
    unsigned i, k;

    for (k = 0; k < sizeof(kernel_masks) / sizeof(kernel_masks[0]); k++) {
#if defined(TACIT_TEST_HOOKS)
        tacit_cpu_hook_disable = kernel_masks[k];
#endif
        for (i = 0; i < sizeof(ctilde); i++) {
            ctilde[i] = (unsigned char)(i * 37 + 11 + k);
        }
        TACIT_TEST_CF_SECRET(ctilde, sizeof(ctilde));
        tacit_mldsa_kernel_get()->sample_in_ball(&c, ctilde, sizeof(ctilde), 49);
        TACIT_TEST_CF_PUBLIC(c.c, sizeof(c.c));
        printf(" (%d)", (int)(c.c[0] & 1));
    }
#if defined(TACIT_TEST_HOOKS)
    tacit_cpu_hook_disable = 0;
#endif
}

/* The negative control: the branching SampleInBall on a secret challenge. */
static void test_negative_sample_in_ball_unsafe(void)
{
    tacit_mldsa_poly c;
    unsigned char ctilde[48];
    unsigned i;

    for (i = 0; i < sizeof(ctilde); i++) {
        ctilde[i] = (unsigned char)(i * 37 + 11);
    }
    TACIT_TEST_CF_SECRET(ctilde, sizeof(ctilde));
    tacit_mldsa_sample_in_ball_unsafe(&c, ctilde, sizeof(ctilde), 49);
    TACIT_TEST_CF_PUBLIC(c.c, sizeof(c.c));
    printf(" (%d)", (int)(c.c[0] & 1));
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    if (test_has_option("--negative")) {
        RUN_TEST(test_negative_leaky_decompose);
        RUN_TEST(test_negative_sample_in_ball_unsafe);
    } else {
        RUN_TEST(test_mldsa_ct);
        RUN_TEST(test_sample_in_ball_secret);
    }
    return TEST_MAIN_END();
}

#else

static void test_skip(void)
{
    TEST_SKIP("ML-DSA compiled out (TACIT_MLDSA_C)");
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
