/*
 * The AEAD front end (tacit/aead.h): argument checks common to every
 * algorithm (NULL pointers, key/nonce/tag lengths, out_size, the
 * in-place-or-disjoint rule), and NOT_SUPPORTED for algorithms compiled out.
 * The algorithms' answers are tested in their own suites (test_aes_gcm,
 * test_aes_ccm, the ChaCha20-Poly1305 suite).
 */
#include "harness.h"

#include "tacit/aead.h"

#if defined(TACIT_AEAD_C)

typedef struct {
    tacit_aead_alg alg;
    size_t key_len, nonce_len;
    int compiled;
} alg_info;

static const alg_info algs[] = {
#if defined(TACIT_GCM_C)
    { TACIT_AEAD_AES_128_GCM, 16, 12, 1 },       { TACIT_AEAD_AES_192_GCM, 24, 12, 1 },
    { TACIT_AEAD_AES_256_GCM, 32, 12, 1 },
#else
    { TACIT_AEAD_AES_128_GCM, 16, 12, 0 },       { TACIT_AEAD_AES_192_GCM, 24, 12, 0 },
    { TACIT_AEAD_AES_256_GCM, 32, 12, 0 },
#endif
#if defined(TACIT_CCM_C)
    { TACIT_AEAD_AES_128_CCM, 16, 13, 1 },       { TACIT_AEAD_AES_256_CCM, 32, 13, 1 },
    { TACIT_AEAD_AES_192_CCM, 24, 13, 1 },
#else
    { TACIT_AEAD_AES_128_CCM, 16, 13, 0 },       { TACIT_AEAD_AES_256_CCM, 32, 13, 0 },
    { TACIT_AEAD_AES_192_CCM, 24, 13, 0 },
#endif
#if defined(TACIT_CHACHAPOLY_C)
    { TACIT_AEAD_CHACHA20_POLY1305, 32, 12, 1 }, { TACIT_AEAD_XCHACHA20_POLY1305, 32, 24, 1 },
#else
    { TACIT_AEAD_CHACHA20_POLY1305, 32, 12, 0 }, { TACIT_AEAD_XCHACHA20_POLY1305, 32, 24, 0 },
#endif
};
#define N_ALGS (sizeof(algs) / sizeof(algs[0]))

static void test_not_supported_and_bad_alg(void)
{
    tacit_aead_context ctx;
    unsigned char key[32] = { 1 };
    size_t i;

    tacit_aead_init(&ctx);
    TEST_EQUAL(ctx.alg, -1);
    for (i = 0; i < N_ALGS; i++) {
        int ret = tacit_aead_setkey(&ctx, algs[i].alg, key, algs[i].key_len, 0);
        TEST_EQUAL(ret, algs[i].compiled ? 0 : TACIT_ERR_NOT_SUPPORTED);
    }
    TEST_EQUAL(tacit_aead_setkey(&ctx, (tacit_aead_alg)99, key, 16, 0), TACIT_ERR_BAD_INPUT);
#if defined(TACIT_CCM_C)
    /* each CCM value takes its own key size only */
    TEST_EQUAL(tacit_aead_setkey(&ctx, TACIT_AEAD_AES_192_CCM, key, 16, 0), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_aead_setkey(&ctx, TACIT_AEAD_AES_192_CCM, key, 32, 0), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_aead_setkey(&ctx, TACIT_AEAD_AES_128_CCM, key, 24, 0), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_aead_setkey(&ctx, TACIT_AEAD_AES_256_CCM, key, 24, 0), TACIT_ERR_BAD_INPUT);
#endif
    TEST_EQUAL(tacit_aead_setkey(NULL, TACIT_AEAD_AES_128_GCM, key, 16, 0), TACIT_ERR_BAD_INPUT);
exit:
    tacit_aead_free(&ctx);
    tacit_aead_free(NULL);
    tacit_aead_init(NULL);
}

static void test_no_key(void)
{
    tacit_aead_context ctx;
    unsigned char n[12] = { 0 }, out[64];
    size_t olen = 0;

    tacit_aead_init(&ctx);
    TEST_EQUAL(tacit_aead_seal(&ctx, n, 12, NULL, 0, NULL, 0, out, sizeof(out), &olen),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_aead_open(&ctx, n, 12, NULL, 0, out, 16, out, sizeof(out), &olen),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_aead_seal(NULL, n, 12, NULL, 0, NULL, 0, out, sizeof(out), &olen),
               TACIT_ERR_BAD_INPUT);
exit:;
}

/* The checks every compiled algorithm shares. */
static void test_checks(void)
{
    unsigned char key[32], nonce[32], buf[256], out[256], out2[256];
    size_t i, olen;

    for (i = 0; i < sizeof(key); i++) {
        key[i] = (unsigned char)(i + 1);
    }
    memset(nonce, 7, sizeof(nonce));
    for (i = 0; i < sizeof(buf); i++) {
        buf[i] = (unsigned char)(i * 3);
    }
    for (i = 0; i < N_ALGS; i++) {
        const alg_info *a = &algs[i];
        tacit_aead_context ctx;
        size_t tl, nl = a->nonce_len;

        if (!a->compiled) {
            continue;
        }
        tacit_aead_init(&ctx);
        /* key lengths */
        TEST_EQUAL(tacit_aead_setkey(&ctx, a->alg, key, a->key_len + 1, 0), TACIT_ERR_BAD_INPUT);
        TEST_EQUAL(tacit_aead_setkey(&ctx, a->alg, key, a->key_len - 8, 0), TACIT_ERR_BAD_INPUT);
        TEST_EQUAL(tacit_aead_setkey(&ctx, a->alg, NULL, a->key_len, 0), TACIT_ERR_BAD_INPUT);
        TEST_EQUAL(tacit_aead_setkey(&ctx, a->alg, key, a->key_len, 17), TACIT_ERR_BAD_INPUT);
        TEST_EQUAL(tacit_aead_setkey(&ctx, a->alg, key, a->key_len, 3), TACIT_ERR_BAD_INPUT);
        TEST_EQUAL(tacit_aead_setkey(&ctx, a->alg, key, a->key_len, 0), 0);
        TEST_EQUAL(ctx.tag_len, 16);
        tl = 16;

        /* out_size: exactly enough works, one less is BUFFER_TOO_SMALL with the size needed */
        olen = 0;
        TEST_EQUAL(tacit_aead_seal(&ctx, nonce, nl, buf, 5, buf, 40, out, 40 + tl - 1, &olen),
                   TACIT_ERR_BUFFER_TOO_SMALL);
        TEST_EQUAL(olen, 40 + tl);
        TEST_EQUAL(tacit_aead_seal(&ctx, nonce, nl, buf, 5, buf, 40, NULL, 0, &olen),
                   TACIT_ERR_BUFFER_TOO_SMALL);
        TEST_EQUAL(tacit_aead_seal(&ctx, nonce, nl, buf, 5, buf, 40, out, 40 + tl, &olen), 0);
        TEST_EQUAL(olen, 40 + tl);
        TEST_EQUAL(tacit_aead_open(&ctx, nonce, nl, buf, 5, out, 40 + tl, out2, 39, &olen),
                   TACIT_ERR_BUFFER_TOO_SMALL);
        TEST_EQUAL(olen, 40);
        TEST_EQUAL(tacit_aead_open(&ctx, nonce, nl, buf, 5, out, 40 + tl, out2, 40, &olen), 0);
        TEST_EQUAL(olen, 40);
        TEST_MEM_EQ(out2, 40, buf, 40);

        /* NULL pointers */
        TEST_EQUAL(tacit_aead_seal(&ctx, NULL, nl, buf, 5, buf, 40, out, 256, &olen),
                   TACIT_ERR_BAD_INPUT);
        TEST_EQUAL(tacit_aead_seal(&ctx, nonce, nl, NULL, 5, buf, 40, out, 256, &olen),
                   TACIT_ERR_BAD_INPUT);
        TEST_EQUAL(tacit_aead_seal(&ctx, nonce, nl, buf, 5, NULL, 40, out, 256, &olen),
                   TACIT_ERR_BAD_INPUT);
        TEST_EQUAL(tacit_aead_seal(&ctx, nonce, nl, buf, 5, buf, 40, out, 256, NULL),
                   TACIT_ERR_BAD_INPUT);
        TEST_EQUAL(tacit_aead_open(&ctx, nonce, nl, buf, 5, out, 56, out2, 256, NULL),
                   TACIT_ERR_BAD_INPUT);
        /* empty everything is fine */
        TEST_EQUAL(tacit_aead_seal(&ctx, nonce, nl, NULL, 0, NULL, 0, out, 256, &olen), 0);
        TEST_EQUAL(olen, tl);
        TEST_EQUAL(tacit_aead_open(&ctx, nonce, nl, NULL, 0, out, tl, NULL, 0, &olen), 0);
        TEST_EQUAL(olen, 0);
        /* shorter than a tag: never authentic */
        TEST_EQUAL(tacit_aead_open(&ctx, nonce, nl, NULL, 0, out, tl - 1, out2, 256, &olen),
                   TACIT_ERR_AUTH_FAILED);

        /* nonce lengths */
        TEST_EQUAL(tacit_aead_seal(&ctx, nonce, 0, NULL, 0, buf, 4, out, 256, &olen),
                   TACIT_ERR_BAD_INPUT);
        if (a->alg != TACIT_AEAD_AES_128_GCM && a->alg != TACIT_AEAD_AES_192_GCM &&
            a->alg != TACIT_AEAD_AES_256_GCM) {
            TEST_EQUAL(tacit_aead_seal(&ctx, nonce, nl + 1, NULL, 0, buf, 4, out, 256, &olen),
                       TACIT_ERR_BAD_INPUT);
        }

        /* overlap: in place works, any other overlap is refused */
        memcpy(out, buf, 100);
        TEST_EQUAL(tacit_aead_seal(&ctx, nonce, nl, NULL, 0, out, 100, out, 256, &olen), 0);
        TEST_EQUAL(tacit_aead_seal(&ctx, nonce, nl, NULL, 0, buf, 100, out2, 256, &olen), 0);
        TEST_MEM_EQ(out, 100 + tl, out2, 100 + tl);
        TEST_EQUAL(tacit_aead_open(&ctx, nonce, nl, NULL, 0, out, 100 + tl, out, 256, &olen), 0);
        TEST_MEM_EQ(out, 100, buf, 100);
        TEST_EQUAL(tacit_aead_seal(&ctx, nonce, nl, NULL, 0, out, 100, out + 1, 200, &olen),
                   TACIT_ERR_BAD_INPUT);
        TEST_EQUAL(tacit_aead_seal(&ctx, nonce, nl, NULL, 0, out + 1, 100, out, 200, &olen),
                   TACIT_ERR_BAD_INPUT);
        TEST_EQUAL(
            tacit_aead_seal(&ctx, nonce, nl, NULL, 0, out + 100 + tl, 16, out, 100 + tl, &olen),
            0); /* adjacent is disjoint */
        TEST_EQUAL(tacit_aead_open(&ctx, nonce, nl, NULL, 0, out2, 100 + tl, out2 + 1, 200, &olen),
                   TACIT_ERR_BAD_INPUT);

        /* a wrong tag: AUTH_FAILED and the output zeroed */
        TEST_EQUAL(tacit_aead_seal(&ctx, nonce, nl, buf, 3, buf, 100, out, 256, &olen), 0);
        out[100] ^= 1;
        memset(out2, 0xAA, sizeof(out2));
        TEST_EQUAL(tacit_aead_open(&ctx, nonce, nl, buf, 3, out, 100 + tl, out2, 256, &olen),
                   TACIT_ERR_AUTH_FAILED);
        for (tl = 0; tl < 100; tl++) {
            TEST_EQUAL(out2[tl], 0);
        }
        TEST_EQUAL(out2[100], 0xAA); /* nothing past the plaintext */

        tacit_aead_free(&ctx);
        TEST_EQUAL(ctx.alg, -1);
        TEST_EQUAL(tacit_aead_seal(&ctx, nonce, nl, NULL, 0, buf, 4, out, 256, &olen),
                   TACIT_ERR_BAD_INPUT);
    }
exit:;
}

/*
 * out overlapping the AAD or the nonce is refused too (only out == in is allowed): a kernel
 * may write ciphertext before it has read all of the AAD (the AVX2 one-pass ChaCha20-Poly1305
 * from 2 KiB did, and sealed with a wrong tag), so no algorithm accepts it.
 */
static void test_aad_nonce_overlap(void)
{
    static unsigned char key[32], in[4096], out[4096 + 64], out2[4096 + 16];
    size_t i, olen, lens[] = { 40, 4096 };

    for (i = 0; i < sizeof(key); i++) {
        key[i] = (unsigned char)(i + 1);
    }
    for (i = 0; i < sizeof(in); i++) {
        in[i] = (unsigned char)(i * 7);
    }
    for (i = 0; i < N_ALGS; i++) {
        const alg_info *a = &algs[i];
        tacit_aead_context ctx;
        size_t nl = a->nonce_len, k, L;

        if (!a->compiled) {
            continue;
        }
        tacit_aead_init(&ctx);
        TEST_EQUAL(tacit_aead_setkey(&ctx, a->alg, key, a->key_len, 0), 0);
        for (k = 0; k < 2; k++) {
            L = lens[k];
            memset(out, 0x5c, sizeof(out));
            /* AAD at the start of out, inside the tag, just past it (disjoint: fine) */
            TEST_EQUAL(tacit_aead_seal(&ctx, key, nl, out, 13, in, L, out, L + 16, &olen),
                       TACIT_ERR_BAD_INPUT);
            TEST_EQUAL(tacit_aead_seal(&ctx, key, nl, out + L + 10, 13, in, L, out, L + 16, &olen),
                       TACIT_ERR_BAD_INPUT);
            TEST_EQUAL(tacit_aead_seal(&ctx, key, nl, out + L + 16, 13, in, L, out, L + 16, &olen),
                       0);
            /* the nonce inside out */
            memcpy(out + 5, key, nl);
            TEST_EQUAL(tacit_aead_seal(&ctx, out + 5, nl, NULL, 0, in, L, out, L + 16, &olen),
                       TACIT_ERR_BAD_INPUT);
            /* open: AAD or nonce inside the plaintext output */
            TEST_EQUAL(tacit_aead_seal(&ctx, key, nl, in, 13, in, L, out2, sizeof(out2), &olen), 0);
            memcpy(out, in, 13);
            TEST_EQUAL(tacit_aead_open(&ctx, key, nl, out, 13, out2, L + 16, out, L, &olen),
                       TACIT_ERR_BAD_INPUT);
            memcpy(out + L - nl, key, nl);
            TEST_EQUAL(tacit_aead_open(&ctx, out + L - nl, nl, in, 13, out2, L + 16, out, L, &olen),
                       TACIT_ERR_BAD_INPUT);
            /* AAD and nonce inside the input (read-only) are fine, in place or not */
            TEST_EQUAL(tacit_aead_open(&ctx, key, nl, in, 13, out2, L + 16, out, L, &olen), 0);
            TEST_MEM_EQ(out, olen, in, L);
        }
        tacit_aead_free(&ctx);
    }
exit:;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_not_supported_and_bad_alg);
    RUN_TEST(test_no_key);
    RUN_TEST(test_checks);
    RUN_TEST(test_aad_nonce_overlap);
    return TEST_MAIN_END();
}

#else
int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    printf("  SKIP (TACIT_AEAD_C not configured)\n");
    return TEST_MAIN_END();
}
#endif
