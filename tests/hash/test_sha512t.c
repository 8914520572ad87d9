#define _POSIX_C_SOURCE 200809L
/*
 * SHA-512/224 and SHA-512/256 (FIPS 180-4 section 6.7): NIST's examples
 * ("abc", the 448- and 896-bit messages; typed in), one-shot == streaming
 * (every split of short messages) == md layer, differential against OpenSSL
 * (EVP_sha512_224/256 for every length 0..1100 and some long ones, HMAC,
 * HKDF) on every SHA-512 kernel (AVX-512VL, AVX2, BMI2, plain, compact),
 * bad input.
 */
#include "harness.h"

#include <string.h>

#include "tacit/hkdf.h"
#include "tacit/hmac.h"
#include "tacit/md.h"
#include "tacit/sha512.h"

#include "hash/sha_internal.h"

#if defined(TACIT_TEST_HOOKS)
#include "core/cpu_x86.h"
#endif

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/evp.h>
#include <openssl/hmac.h>
#endif

#if defined(TACIT_SHA512_C) && defined(TACIT_MD_C)

typedef struct {
    const char *name;
    unsigned t;
    tacit_md_type type;
    size_t size;
    int (*oneshot)(const unsigned char *, size_t, unsigned char *);
} t_info;

static const t_info hashes[2] = {
    { "sha512-224", 224, TACIT_MD_SHA512_224, 28, tacit_sha512_224 },
    { "sha512-256", 256, TACIT_MD_SHA512_256, 32, tacit_sha512_256 },
};

static const char MSG448[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
static const char MSG896[] =
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqr"
    "lmnopqrsmnopqrstnopqrstu";

/* NIST "Examples with Intermediate Values" (SHA-512/224, SHA-512/256): "abc", 448, 896 bits */
static const char *const expected[2][3] = {
    { "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa",
      "e5302d6d54bb242275d1e7622d68df6eb02dedd13f564c13dbda2174",
      "23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9" },
    { "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23",
      "bde8e1f9f19bb9fd3406c90ec6bc47bd36d8ada9f11880dbc8a22a7078b6a461",
      "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a" },
};

static void fill(unsigned char *p, size_t n, uint32_t seed)
{
    size_t i;

    for (i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        p[i] = (unsigned char)(seed >> 16);
    }
}

/* out = hash of msg through the streaming API fed in pieces of at most step bytes */
static int stream(const t_info *h, const unsigned char *msg, size_t len, size_t step,
                  unsigned char *out)
{
    tacit_sha512_context c;
    size_t off = 0, n;
    int ret;

    tacit_sha512_init(&c);
    ret = tacit_sha512t_starts(&c, h->t);
    while (ret == 0 && off < len) {
        n = len - off < step ? len - off : step;
        ret = tacit_sha512_update(&c, msg + off, n);
        off += n;
    }
    if (ret == 0) {
        ret = tacit_sha512_finish(&c, out);
    }
    tacit_sha512_free(&c);
    return ret;
}

/* the NIST examples through the one-shot, streaming (byte by byte, whole) and md APIs */
static void test_nist_examples(void)
{
    const char *msgs[3] = { "abc", MSG448, MSG896 };
    unsigned char out[64], *want = NULL;
    size_t want_len, h, m;
    tacit_md_context md;

    for (h = 0; h < 2; h++) {
        for (m = 0; m < 3; m++) {
            const unsigned char *p = (const unsigned char *)msgs[m];
            size_t len = strlen(msgs[m]);

            want = test_unhex(expected[h][m], &want_len);
            TEST_ASSERT(want != NULL && want_len == hashes[h].size);
            memset(out, 0xaa, sizeof(out));
            TEST_EQUAL(hashes[h].oneshot(p, len, out), 0);
            TEST_MEM_EQ(out, want_len, want, want_len);
            TEST_EQUAL(out[want_len], 0xaa); /* nothing written past the digest */
            memset(out, 0xaa, sizeof(out));
            TEST_EQUAL(stream(&hashes[h], p, len, 1, out), 0);
            TEST_MEM_EQ(out, want_len, want, want_len);
            TEST_EQUAL(out[want_len], 0xaa);
            TEST_EQUAL(stream(&hashes[h], p, len, 1000, out), 0);
            TEST_MEM_EQ(out, want_len, want, want_len);
            TEST_EQUAL(tacit_md(hashes[h].type, p, len, out), 0);
            TEST_MEM_EQ(out, want_len, want, want_len);
            TEST_EQUAL(tacit_md_init(&md, hashes[h].type), 0);
            TEST_EQUAL(tacit_md_update(&md, p, 1), 0);
            TEST_EQUAL(tacit_md_update(&md, p + 1, len - 1), 0);
            TEST_EQUAL(tacit_md_finish(&md, out), 0);
            tacit_md_free(&md);
            TEST_MEM_EQ(out, want_len, want, want_len);
            free(want);
            want = NULL;
        }
    }
exit:
    free(want);
}

/* every split point of messages up to 300 bytes: streaming == one-shot */
static void test_streaming_splits(void)
{
    static unsigned char msg[300];
    unsigned char a[64], b[64];
    tacit_sha512_context c, fork;
    size_t h, len, cut;

    fill(msg, sizeof(msg), 99);
    for (h = 0; h < 2; h++) {
        for (len = 0; len <= sizeof(msg); len += (len < 140 ? 1 : 37)) {
            TEST_EQUAL(hashes[h].oneshot(msg, len, a), 0);
            for (cut = 0; cut <= len; cut += 1 + len / 24) {
                tacit_sha512_init(&c);
                TEST_EQUAL(tacit_sha512t_starts(&c, hashes[h].t), 0);
                TEST_EQUAL(tacit_sha512_update(&c, msg, cut), 0);
                fork = c; /* a context may be copied */
                TEST_EQUAL(tacit_sha512_update(&fork, msg + cut, len - cut), 0);
                TEST_EQUAL(tacit_sha512_finish(&fork, b), 0);
                TEST_MEM_EQ(a, hashes[h].size, b, hashes[h].size);
                TEST_EQUAL(tacit_sha512_update(&c, msg + cut, len - cut), 0);
                TEST_EQUAL(tacit_sha512_finish(&c, b), 0);
                TEST_MEM_EQ(a, hashes[h].size, b, hashes[h].size);
            }
            /* restarting a used context as the other variant: no state carried over */
            TEST_EQUAL(tacit_sha512_starts(&c, 1), 0);
            TEST_EQUAL(tacit_sha512_update(&c, msg, 7), 0);
            TEST_EQUAL(tacit_sha512t_starts(&c, hashes[h].t), 0);
            TEST_EQUAL(tacit_sha512_update(&c, msg, len), 0);
            TEST_EQUAL(tacit_sha512_finish(&c, b), 0);
            TEST_MEM_EQ(a, hashes[h].size, b, hashes[h].size);
        }
    }
exit:;
}

/* md-layer metadata and names */
static void test_md_layer(void)
{
    TEST_EQUAL(tacit_md_size(TACIT_MD_SHA512_224), 28);
    TEST_EQUAL(tacit_md_size(TACIT_MD_SHA512_256), 32);
    TEST_EQUAL(tacit_md_block_size(TACIT_MD_SHA512_224), 128);
    TEST_EQUAL(tacit_md_block_size(TACIT_MD_SHA512_256), 128);
    TEST_ASSERT(strcmp(tacit_md_name(TACIT_MD_SHA512_224), "sha512-224") == 0);
    TEST_ASSERT(strcmp(tacit_md_name(TACIT_MD_SHA512_256), "sha512-256") == 0);
    TEST_EQUAL(tacit_md_from_name("sha512-224"), TACIT_MD_SHA512_224);
    TEST_EQUAL(tacit_md_from_name("SHA-512/224"), TACIT_MD_SHA512_224);
    TEST_EQUAL(tacit_md_from_name("sha512_256"), TACIT_MD_SHA512_256);
    TEST_EQUAL(tacit_md_from_name("SHA512-256"), TACIT_MD_SHA512_256);
    TEST_EQUAL(tacit_md_from_name("sha512-255"), TACIT_MD_NONE);
    TEST_EQUAL(tacit_md_from_name("sha512"), TACIT_MD_SHA512);
exit:;
}

static void test_bad_input(void)
{
    tacit_sha512_context c;
    unsigned char out[64];
    static const unsigned bad_t[] = { 0, 1, 128, 192, 223, 225, 255, 257, 384, 512 };
    size_t i;

    tacit_sha512_init(&c);
    for (i = 0; i < sizeof(bad_t) / sizeof(bad_t[0]); i++) {
        TEST_EQUAL(tacit_sha512t_starts(&c, bad_t[i]), TACIT_ERR_BAD_INPUT);
    }
    TEST_EQUAL(tacit_sha512t_starts(NULL, 224), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_sha512_224(NULL, 1, out), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_sha512_256(NULL, 1, out), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_sha512_224((const unsigned char *)"a", 1, NULL), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_sha512_256(NULL, 0, out), 0); /* empty message: NULL allowed */
    TEST_EQUAL(tacit_sha512_224(NULL, 0, out), 0);
exit:
    tacit_sha512_free(&c);
}

#if defined(TACIT_HAVE_OPENSSL)
/* every length 0..1100 and some long ones against EVP, with the current kernel */
static int openssl_lengths(void)
{
    static const size_t longs[] = { 4096, 65536 + 17, 300000 + 111 };
    static unsigned char msg[300000 + 111];
    unsigned char out[64], ref[64];
    unsigned int rlen;
    size_t h, len, i;
    const EVP_MD *evp[2];

    evp[0] = EVP_sha512_224();
    evp[1] = EVP_sha512_256();
    fill(msg, sizeof(msg), 12345);
    for (h = 0; h < 2; h++) {
        for (len = 0; len <= 1100; len++) {
            TEST_EQUAL(hashes[h].oneshot(msg, len, out), 0);
            TEST_EQUAL(EVP_Digest(msg, len, ref, &rlen, evp[h], NULL), 1);
            TEST_EQUAL(rlen, hashes[h].size);
            TEST_MEM_EQ(out, rlen, ref, rlen);
            if (len % 11 == 0) {
                TEST_EQUAL(stream(&hashes[h], msg, len, 1 + len % 200, out), 0);
                TEST_MEM_EQ(out, rlen, ref, rlen);
            }
        }
        for (i = 0; i < sizeof(longs) / sizeof(longs[0]); i++) {
            TEST_EQUAL(hashes[h].oneshot(msg, longs[i], out), 0);
            TEST_EQUAL(EVP_Digest(msg, longs[i], ref, &rlen, evp[h], NULL), 1);
            TEST_MEM_EQ(out, rlen, ref, rlen);
            TEST_EQUAL(stream(&hashes[h], msg, longs[i], 1000 + i, out), 0);
            TEST_MEM_EQ(out, rlen, ref, rlen);
        }
    }
    return 1;
exit:
    return 0;
}
#endif

/*
 * The differential on every SHA-512 kernel the CPU can run: default
 * (AVX-512VL), AVX2, BMI2 copy, plain C, compact loop.
 */
static void test_openssl_differential(void)
{
#if defined(TACIT_HAVE_OPENSSL)
#if defined(TACIT_TEST_HOOKS)
    int k;

    for (k = 0; k < 5; k++) {
        tacit_sha_hook_no_avx512 = k == 1;
#if defined(TACIT_SHA_X86)
        tacit_cpu_hook_disable = k == 2 ? (TACIT_CPU_AVX2 | TACIT_CPU_AVX512) : 0;
#endif
        tacit_sha_hook_plain = k >= 3;
        tacit_sha_hook_compact = k == 4;
        if (!openssl_lengths()) {
            printf(" (failed with kernel %d)", k);
            TEST_ASSERT(0);
        }
    }
exit:
    tacit_sha_hook_no_avx512 = 0;
#if defined(TACIT_SHA_X86)
    tacit_cpu_hook_disable = 0;
#endif
    tacit_sha_hook_plain = 0;
    tacit_sha_hook_compact = 0;
#else
    TEST_ASSERT(openssl_lengths());
exit:;
#endif
#else
    TEST_SKIP_NO_PEER("OpenSSL libcrypto");
exit:;
#endif
}

/* HMAC (RFC-less: against OpenSSL HMAC) and HKDF (against HMAC from OpenSSL, RFC 5869 by hand) */
static void test_hmac_hkdf(void)
{
#if defined(TACIT_HAVE_OPENSSL) && defined(TACIT_HMAC_C) && defined(TACIT_MD_C)
    unsigned char key[300], msg[400], ref[64], out[64], okm[100], prk[64], t[64], blk[64 + 20 + 1];
    unsigned int rlen;
    size_t h, klen, mlen, i, n, done;
    const EVP_MD *evp[2];
    tacit_hmac_context hc;

    evp[0] = EVP_sha512_224();
    evp[1] = EVP_sha512_256();
    fill(key, sizeof(key), 777);
    fill(msg, sizeof(msg), 778);
    for (h = 0; h < 2; h++) {
        for (klen = 0; klen <= sizeof(key); klen += 1 + klen / 8) {
            mlen = (klen * 7) % sizeof(msg);
            TEST_EQUAL(tacit_hmac(hashes[h].type, key, klen, msg, mlen, out), 0);
            TEST_ASSERT(HMAC(evp[h], key, (int)klen, msg, mlen, ref, &rlen) != NULL);
            TEST_EQUAL(rlen, hashes[h].size);
            TEST_MEM_EQ(out, rlen, ref, rlen);
            TEST_EQUAL(tacit_hmac_init(&hc, hashes[h].type, key, klen), 0);
            TEST_EQUAL(tacit_hmac_update(&hc, msg, mlen / 3), 0);
            TEST_EQUAL(tacit_hmac_update(&hc, msg + mlen / 3, mlen - mlen / 3), 0);
            TEST_EQUAL(tacit_hmac_finish(&hc, out), 0);
            tacit_hmac_free(&hc);
            TEST_MEM_EQ(out, rlen, ref, rlen);
        }
#if defined(TACIT_HKDF_C)
        /* HKDF: salt = key[0..40), IKM = msg[0..50), info = msg[100..120), L = 100 */
        TEST_EQUAL(tacit_hkdf(hashes[h].type, key, 40, msg, 50, msg + 100, 20, okm, sizeof(okm)),
                   0);
        TEST_ASSERT(HMAC(evp[h], key, 40, msg, 50, prk, &rlen) != NULL);
        n = rlen;
        done = 0;
        for (i = 1; done < sizeof(okm); i++) {
            size_t bl = 0, take;

            if (i > 1) {
                memcpy(blk, t, n);
                bl = n;
            }
            memcpy(blk + bl, msg + 100, 20);
            blk[bl + 20] = (unsigned char)i;
            TEST_ASSERT(HMAC(evp[h], prk, (int)n, blk, bl + 21, t, &rlen) != NULL);
            take = sizeof(okm) - done < n ? sizeof(okm) - done : n;
            TEST_MEM_EQ(okm + done, take, t, take);
            done += take;
        }
#else
        (void)okm, (void)prk, (void)t, (void)blk, (void)i, (void)n, (void)done;
#endif
    }
exit:;
#elif !defined(TACIT_HMAC_C) || !defined(TACIT_MD_C)
    TEST_SKIP("TACIT_HMAC_C or TACIT_MD_C not enabled");
exit:;
#else
    TEST_SKIP_NO_PEER("OpenSSL libcrypto");
exit:;
#endif
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_nist_examples);
    RUN_TEST(test_streaming_splits);
    RUN_TEST(test_md_layer);
    RUN_TEST(test_bad_input);
    RUN_TEST(test_openssl_differential);
    RUN_TEST(test_hmac_hkdf);
    return TEST_MAIN_END();
}

#else /* !TACIT_SHA512_C || !TACIT_MD_C */
int main(void)
{
    printf("SKIP (TACIT_SHA512_C or TACIT_MD_C not enabled)\n");
    return 0;
}
#endif
