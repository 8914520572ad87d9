/*
 * Constant flow of the TLS 1.2 PRF on secret inputs: the secret (a
 * premaster or master secret) and the seed are marked secret (only the
 * lengths, the label and the hash choice are public).  Under valgrind
 * (constant-flow build) any branch or memory index on them is reported.
 * --negative runs a deliberately leaky control (a table lookup indexed by
 * a byte of the output), which valgrind must flag.
 */
#include "harness.h"

#include "tacit/tls12.h"

static void fill(unsigned char *p, size_t len, unsigned seed)
{
    size_t i;

    for (i = 0; i < len; i++) {
        p[i] = (unsigned char)(seed + i * 31);
    }
}

static void test_prf_secret_inputs(void)
{
    static const tacit_md_type mds[] = { TACIT_MD_SHA256, TACIT_MD_SHA384, TACIT_MD_SHA512 };
    unsigned char secret[200], seed[64], out[150], ref[150];
    static const size_t slens[] = { 0, 48, 200 }; /* 200: longer than a block, the key is hashed */
    size_t m, s;

    for (m = 0; m < sizeof(mds) / sizeof(mds[0]); m++) {
        if (tacit_md_size(mds[m]) == 0) {
            continue;
        }
        for (s = 0; s < sizeof(slens) / sizeof(slens[0]); s++) {
            fill(secret, sizeof(secret), 5);
            fill(seed, sizeof(seed), 6);
            TEST_EQUAL(tacit_tls12_prf(mds[m], secret, slens[s],
                                       (const unsigned char *)"key expansion", 13, seed,
                                       sizeof(seed), ref, sizeof(ref)),
                       0);
            TACIT_TEST_CF_SECRET(secret, sizeof(secret));
            TACIT_TEST_CF_SECRET(seed, sizeof(seed));
            TEST_EQUAL(tacit_tls12_prf(mds[m], secret, slens[s],
                                       (const unsigned char *)"key expansion", 13, seed,
                                       sizeof(seed), out, sizeof(out)),
                       0);
            TACIT_TEST_CF_PUBLIC(out, sizeof(out));
            TACIT_TEST_CF_PUBLIC(secret, sizeof(secret));
            TACIT_TEST_CF_PUBLIC(seed, sizeof(seed));
            TEST_MEM_EQ(out, sizeof(out), ref, sizeof(ref));
        }
    }
exit:;
}

/* Deliberately leaky: a table lookup indexed by a byte of the PRF's output. */
static void test_negative_leaky_lookup(void)
{
    static const unsigned char table[256] = { 1, 2, 3 };
    unsigned char secret[48], out[32];
    volatile unsigned char v;

    fill(secret, sizeof(secret), 4);
    TACIT_TEST_CF_SECRET(secret, sizeof(secret));
    TEST_EQUAL(tacit_tls12_prf(TACIT_MD_SHA256, secret, sizeof(secret), NULL, 0, NULL, 0, out,
                               sizeof(out)),
               0);
    v = table[out[0]]; /* memory index from a secret: must be flagged */
    (void)v;
    TACIT_TEST_CF_PUBLIC(secret, sizeof(secret));
exit:;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    if (test_has_option("--negative")) {
        RUN_TEST(test_negative_leaky_lookup);
    } else {
        RUN_TEST(test_prf_secret_inputs);
    }
    return TEST_MAIN_END();
}
