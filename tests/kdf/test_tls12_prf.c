/*
 * The TLS 1.2 PRF (tls12.h): the published P_SHA224/256/384/512 vectors
 * (secret, "test label", seed; circulated on the IETF TLS list since the
 * TLS 1.2 drafts, the same outputs as OpenSSL's TLS1-PRF), a master secret
 * and Finished computed by hand from HMAC (P_hash's definition, block by
 * block), every output length across block boundaries against the long
 * output's prefix, label-in-seed equivalence, differential against
 * OpenSSL's TLS1-PRF, and bad input.
 */
#include "harness.h"

#include "tacit/hmac.h"
#include "tacit/tls12.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/core_names.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#endif

static const struct {
    tacit_md_type md;
    const char *secret, *seed, *out;
} vectors[] = {
    { TACIT_MD_SHA224, "e18828740352b530d69b34c6597dea2e", "f5a3fe6d34e2e28560fdcaf6823f9091",
      "224d8af3c0453393a9779789d21cf7da5ee62ae6b617873d489428efc8dd58d1566e7029e2ca3a5ecd355dc64d4d"
      "927e2fbd78c4233e8604b14749a77a92a70fddf614bc0df623d798604e4ca5512794d802a258e82f86cf" },
    { TACIT_MD_SHA256, "9bbe436ba940f017b17652849a71db35", "a0ba9f936cda311827a6f796ffd5198c",
      "e3f229ba727be17b8d122620557cd453c2aab21d07c3d495329b52d4e61edb5a6b301791e90d35c9c9a46b4e14ba"
      "f9af0fa022f7077def17abfd3797c0564bab4fbc91666e9def9b97fce34f796789baa48082d122ee42c5a72e5a51"
      "10fff70187347b66" },
    { TACIT_MD_SHA384, "b80b733d6ceefcdc71566ea48e5567df", "cd665cf6a8447dd6ff8b27555edb7465",
      "7b0c18e9ced410ed1804f2cfa34a336a1c14dffb4900bb5fd7942107e81c83cde9ca0faa60be9fe34f82b1233c91"
      "46a0e534cb400fed2700884f9dc236f80edd8bfa961144c9e8d792eca722a7b32fc3d416d473ebc2c5fd4abfdad0"
      "5d9184259b5bf8cd4d90fa0d31e2dec479e4f1a26066f2eea9a69236a3e52655c9e9aee691c8f3a26854308d5eaa"
      "3be85e0990703d73e56f" },
    { TACIT_MD_SHA512, "b0323523c1853599584d88568bbb05eb", "d4640e12e4bcdbfb437f03e6ae418ee5",
      "1261f588c798c5c201ff036e7a9cb5edcd7fe3f94c669a122a4638d7d508b283042df6789875c7147e906d868bc7"
      "5c45e20eb40c1cf4a1713b27371f68432592f7dc8ea8ef223e12ea8507841311bf68653d0cfc4056d811f025c45d"
      "dfa6e6fec702f054b409d6f28dd0a3233e498da41a3e75c5630eedbe22fe254e33a1b0e9f6b9826675bec7d01a84"
      "5658dc9c397545401d40b9f46c7a400ee1b8f81ca0a60d1a397a1028bff5d2ef5066126842fb8da4197632bdb54f"
      "f6633f86bbc836e640d4d898" },
};

static void test_published(void)
{
    unsigned char *secret = NULL, *seed = NULL, *want = NULL, out[256], cat[64];
    size_t i, slen = 0, dlen = 0, wlen = 0, n;

    for (i = 0; i < sizeof(vectors) / sizeof(vectors[0]); i++) {
        if (tacit_md_size(vectors[i].md) == 0) {
            continue;
        }
        secret = test_unhex(vectors[i].secret, &slen);
        seed = test_unhex(vectors[i].seed, &dlen);
        want = test_unhex(vectors[i].out, &wlen);
        TEST_ASSERT(secret != NULL && seed != NULL && want != NULL && wlen <= sizeof(out));
        TEST_EQUAL(tacit_tls12_prf(vectors[i].md, secret, slen, (const unsigned char *)"test label",
                                   10, seed, dlen, out, wlen),
                   0);
        TEST_MEM_EQ(out, wlen, want, wlen);
        /* every shorter length is a prefix (block boundaries included) */
        for (n = 0; n < wlen; n++) {
            memset(out, 0xAA, sizeof(out));
            TEST_EQUAL(tacit_tls12_prf(vectors[i].md, secret, slen,
                                       (const unsigned char *)"test label", 10, seed, dlen, out, n),
                       0);
            TEST_MEM_EQ(out, n, want, n);
            TEST_EQUAL(out[n], 0xAA);
        }
        /* the label may travel inside the seed (OpenSSL's TLS1-PRF does that) */
        memcpy(cat, "test label", 10);
        memcpy(cat + 10, seed, dlen);
        TEST_EQUAL(tacit_tls12_prf(vectors[i].md, secret, slen, NULL, 0, cat, 10 + dlen, out, wlen),
                   0);
        TEST_MEM_EQ(out, wlen, want, wlen);
        free(secret);
        free(seed);
        free(want);
        secret = seed = want = NULL;
    }
exit:
    free(secret);
    free(seed);
    free(want);
}

/* P_hash from its definition with one-shot HMACs: a 48-byte master secret, 12-byte Finished. */
static void test_by_hand(void)
{
    unsigned char pms[48], rnd[64], a1[48], a2[48], b[96], msg[48 + 13 + 64], out[64];
    size_t i;

    for (i = 0; i < sizeof(pms); i++) {
        pms[i] = (unsigned char)(3 * i + 1);
    }
    for (i = 0; i < sizeof(rnd); i++) {
        rnd[i] = (unsigned char)(0xC0 ^ i);
    }
    /* SHA-384: one block is 48 bytes, the master secret exactly one block */
    memcpy(msg, "master secret", 13);
    memcpy(msg + 13, rnd, 64);
    TEST_EQUAL(tacit_hmac(TACIT_MD_SHA384, pms, 48, msg, 77, a1), 0);
    memcpy(msg, a1, 48);
    memcpy(msg + 48, "master secret", 13);
    memcpy(msg + 61, rnd, 64);
    TEST_EQUAL(tacit_hmac(TACIT_MD_SHA384, pms, 48, msg, 125, b), 0);
    TEST_EQUAL(tacit_tls12_prf(TACIT_MD_SHA384, pms, 48, (const unsigned char *)"master secret", 13,
                               rnd, 64, out, 48),
               0);
    TEST_MEM_EQ(out, 48, b, 48);
    /* SHA-256: 48 bytes are one and a half blocks: A(2) = HMAC(A(1)) */
    memcpy(msg, "master secret", 13);
    memcpy(msg + 13, rnd, 64);
    TEST_EQUAL(tacit_hmac(TACIT_MD_SHA256, pms, 48, msg, 77, a1), 0);
    TEST_EQUAL(tacit_hmac(TACIT_MD_SHA256, pms, 48, a1, 32, a2), 0);
    memcpy(msg, a1, 32);
    memcpy(msg + 32, "master secret", 13);
    memcpy(msg + 45, rnd, 64);
    TEST_EQUAL(tacit_hmac(TACIT_MD_SHA256, pms, 48, msg, 109, b), 0);
    memcpy(msg, a2, 32);
    TEST_EQUAL(tacit_hmac(TACIT_MD_SHA256, pms, 48, msg, 109, b + 32), 0);
    TEST_EQUAL(tacit_tls12_prf(TACIT_MD_SHA256, pms, 48, (const unsigned char *)"master secret", 13,
                               rnd, 64, out, 48),
               0);
    TEST_MEM_EQ(out, 48, b, 48);
    /* Finished: 12 bytes of PRF(master, "client finished", Hash(handshake)) */
    memcpy(msg, "client finished", 15);
    memcpy(msg + 15, rnd, 32);
    TEST_EQUAL(tacit_hmac(TACIT_MD_SHA256, out, 48, msg, 47, a1), 0);
    memcpy(msg, a1, 32);
    memcpy(msg + 32, "client finished", 15);
    memcpy(msg + 47, rnd, 32);
    TEST_EQUAL(tacit_hmac(TACIT_MD_SHA256, out, 48, msg, 79, b), 0);
    TEST_EQUAL(tacit_tls12_prf(TACIT_MD_SHA256, out, 48, (const unsigned char *)"client finished",
                               15, rnd, 32, a2, 12),
               0);
    TEST_MEM_EQ(a2, 12, b, 12);
exit:;
}

#if defined(TACIT_HAVE_OPENSSL)
static int openssl_prf(const char *md, const unsigned char *secret, size_t slen,
                       const unsigned char *seed, size_t dlen, unsigned char *out, size_t olen)
{
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "TLS1-PRF", NULL);
    EVP_KDF_CTX *c = kdf != NULL ? EVP_KDF_CTX_new(kdf) : NULL;
    OSSL_PARAM p[4];
    int ok;

    p[0] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)md, 0);
    p[1] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SECRET, (void *)secret, slen);
    p[2] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SEED, (void *)seed, dlen);
    p[3] = OSSL_PARAM_construct_end();
    ok = c != NULL && EVP_KDF_derive(c, out, olen, p) > 0;
    EVP_KDF_CTX_free(c);
    EVP_KDF_free(kdf);
    return ok;
}
#endif

static void test_openssl_differential(void)
{
#if defined(TACIT_HAVE_OPENSSL)
    static const struct {
        tacit_md_type t;
        const char *name;
    } mds[] = { { TACIT_MD_SHA256, "SHA256" },
                { TACIT_MD_SHA384, "SHA384" },
                { TACIT_MD_SHA512, "SHA512" },
                { TACIT_MD_SHA1, "SHA1" } };
    unsigned char secret[300], seed[200], ref[500], out[500];
    uint32_t x = 77;
    size_t i, m, sl, dl, ol;

    for (i = 0; i < sizeof(secret); i++) {
        x = x * 1103515245u + 12345u;
        secret[i] = (unsigned char)(x >> 16);
    }
    for (i = 0; i < sizeof(seed); i++) {
        x = x * 1103515245u + 12345u;
        seed[i] = (unsigned char)(x >> 16);
    }
    for (m = 0; m < sizeof(mds) / sizeof(mds[0]); m++) {
        if (tacit_md_size(mds[m].t) == 0) {
            continue;
        }
        for (i = 0; i < 50; i++) {
            x = x * 1103515245u + 12345u;
            sl = (x >> 8) % sizeof(secret); /* longer than a block too: the key is hashed */
            dl = 1 + (x >> 12) % (sizeof(seed) - 1);
            ol = 1 + (x >> 16) % sizeof(out);
            TEST_ASSERT(openssl_prf(mds[m].name, secret, sl, seed, dl, ref, ol));
            TEST_EQUAL(tacit_tls12_prf(mds[m].t, secret, sl, NULL, 0, seed, dl, out, ol), 0);
            TEST_MEM_EQ(out, ol, ref, ol);
        }
    }
exit:;
#else
    TEST_SKIP_NO_PEER("OpenSSL libcrypto");
exit:;
#endif
}

static void test_bad_input(void)
{
    unsigned char s[32], out[40];

    memset(s, 1, sizeof(s));
    memset(out, 0x55, sizeof(out));
    TEST_EQUAL(tacit_tls12_prf(TACIT_MD_NONE, s, 32, NULL, 0, s, 32, out, 40),
               TACIT_ERR_MD_UNSUPPORTED);
    TEST_EQUAL(out[0] | out[39], 0); /* zeroed on error */
    TEST_EQUAL(tacit_tls12_prf(TACIT_MD_SHA256, NULL, 1, NULL, 0, s, 32, out, 40),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_tls12_prf(TACIT_MD_SHA256, s, 32, NULL, 3, s, 32, out, 40),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_tls12_prf(TACIT_MD_SHA256, s, 32, NULL, 0, NULL, 2, out, 40),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_tls12_prf(TACIT_MD_SHA256, s, 32, NULL, 0, s, 32, NULL, 40),
               TACIT_ERR_BAD_INPUT);
    /* empty secret, label and seed, and an empty output, are allowed */
    TEST_EQUAL(tacit_tls12_prf(TACIT_MD_SHA256, NULL, 0, NULL, 0, NULL, 0, out, 40), 0);
    TEST_EQUAL(tacit_tls12_prf(TACIT_MD_SHA256, s, 32, NULL, 0, s, 32, NULL, 0), 0);
exit:;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_published);
    RUN_TEST(test_by_hand);
    RUN_TEST(test_openssl_differential);
    RUN_TEST(test_bad_input);
    return TEST_MAIN_END();
}
