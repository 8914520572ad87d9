#define _POSIX_C_SOURCE 200809L
/*
 * SHA-1, SHA-224, SHA-256, SHA-384, SHA-512: FIPS 180-4 examples (typed in),
 * NIST CAVP byte vectors (../shared), streaming at every split offset,
 * differential against OpenSSL, bad input.
 */
#include "harness.h"

#include "tacit/md.h"
#include "tacit/sha1.h"
#include "tacit/sha256.h"
#include "tacit/sha512.h"

#include "hash/sha_internal.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/evp.h>
#endif

/* The direct (non-md) API of each hash, so the tests cover it too. */
typedef struct {
    const char *name;
    tacit_md_type type;
    size_t size;
    int (*oneshot)(const unsigned char *, size_t, unsigned char *);
} hash_info;

static const hash_info hashes[] = {
    { "sha1", TACIT_MD_SHA1, 20, tacit_sha1 },
    { "sha224", TACIT_MD_SHA224, 28, tacit_sha224 },
    { "sha256", TACIT_MD_SHA256, 32, tacit_sha256 },
    { "sha384", TACIT_MD_SHA384, 48, tacit_sha384 },
    { "sha512", TACIT_MD_SHA512, 64, tacit_sha512 },
};
#define N_HASHES (sizeof(hashes) / sizeof(hashes[0]))

/* A streaming context of any of the five, through the per-hash API. */
typedef struct {
    tacit_md_type type;
    tacit_sha1_context s1;
    tacit_sha256_context s256;
    tacit_sha512_context s512;
} stream_ctx;

static int stream_start(stream_ctx *c, tacit_md_type type)
{
    c->type = type;
    tacit_sha1_init(&c->s1);
    tacit_sha256_init(&c->s256);
    tacit_sha512_init(&c->s512);
    switch (type) {
    case TACIT_MD_SHA1:
        return tacit_sha1_starts(&c->s1);
    case TACIT_MD_SHA224:
        return tacit_sha256_starts(&c->s256, 1);
    case TACIT_MD_SHA256:
        return tacit_sha256_starts(&c->s256, 0);
    case TACIT_MD_SHA384:
        return tacit_sha512_starts(&c->s512, 1);
    default:
        return tacit_sha512_starts(&c->s512, 0);
    }
}

static int stream_update(stream_ctx *c, const unsigned char *p, size_t n)
{
    switch (c->type) {
    case TACIT_MD_SHA1:
        return tacit_sha1_update(&c->s1, p, n);
    case TACIT_MD_SHA224:
    case TACIT_MD_SHA256:
        return tacit_sha256_update(&c->s256, p, n);
    default:
        return tacit_sha512_update(&c->s512, p, n);
    }
}

static int stream_finish(stream_ctx *c, unsigned char *out)
{
    int ret;

    switch (c->type) {
    case TACIT_MD_SHA1:
        ret = tacit_sha1_finish(&c->s1, out);
        break;
    case TACIT_MD_SHA224:
    case TACIT_MD_SHA256:
        ret = tacit_sha256_finish(&c->s256, out);
        break;
    default:
        ret = tacit_sha512_finish(&c->s512, out);
        break;
    }
    tacit_sha1_free(&c->s1);
    tacit_sha256_free(&c->s256);
    tacit_sha512_free(&c->s512);
    return ret;
}

/* ---- FIPS 180-4 examples ------------------------------------------------- */

static const char MSG448[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
static const char MSG896[] =
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqr"
    "lmnopqrsmnopqrstnopqrstu";

/* expected[hash][message]: "", "abc", 448-bit, 896-bit, one million 'a' */
static const char *const fips_expected[N_HASHES][5] = {
    { "da39a3ee5e6b4b0d3255bfef95601890afd80709", "a9993e364706816aba3e25717850c26c9cd0d89d",
      "84983e441c3bd26ebaae4aa1f95129e5e54670f1", "a49b2446a02c645bf419f995b67091253a04a259",
      "34aa973cd4c4daa4f61eeb2bdbad27316534016f" },
    { "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f",
      "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
      "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525",
      "c97ca9a559850ce97a04a96def6d99a9e0e0e2ab14e6b8df265fc0b3",
      "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67" },
    { "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0" },
    { "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898"
      "b95b",
      "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c8"
      "25a7",
      "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6b0455a8520bc4e6f5fe95b1fe3c8"
      "452b",
      "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa9174"
      "6039",
      "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d"
      "8985" },
    { "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877e"
      "ec2f63b931bd47417a81a538327af927da3e",
      "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3fe"
      "ebbd454d4423643ce80e2a9ac94fa54ca49f",
      "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c33596fd15c13b1b07f9aa1d3bea5778"
      "9ca031ad85c7a71dd70354ec631238ca3445",
      "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5"
      "433ac7d329eeb6dd26545e96e55b874be909",
      "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577"
      "c31beb009c5c2c49aa2e4eadb217ad8cc09b" },
};

static void test_fips180_examples(void)
{
    unsigned char out[64], *exp = NULL, *million = NULL, block[1000];
    const unsigned char *msgs[4];
    size_t lens[4], elen, h, m, i;
    stream_ctx sc;

    msgs[0] = (const unsigned char *)"";
    lens[0] = 0;
    msgs[1] = (const unsigned char *)"abc";
    lens[1] = 3;
    msgs[2] = (const unsigned char *)MSG448;
    lens[2] = strlen(MSG448);
    msgs[3] = (const unsigned char *)MSG896;
    lens[3] = strlen(MSG896);
    TEST_EQUAL(lens[2] * 8, 448);
    TEST_EQUAL(lens[3] * 8, 896);
    million = malloc(1000000);
    TEST_ASSERT(million != NULL);
    memset(million, 'a', 1000000);
    memset(block, 'a', sizeof(block));

    for (h = 0; h < N_HASHES; h++) {
        for (m = 0; m < 5; m++) {
            exp = test_unhex(fips_expected[h][m], &elen);
            TEST_ASSERT(exp != NULL);
            TEST_EQUAL(elen, hashes[h].size);
            if (m < 4) {
                TEST_EQUAL(hashes[h].oneshot(msgs[m], lens[m], out), 0);
                TEST_MEM_EQ(out, elen, exp, elen);
                TEST_EQUAL(tacit_md(hashes[h].type, msgs[m], lens[m], out), 0);
                TEST_MEM_EQ(out, elen, exp, elen);
            } else {
                /* one million 'a': one shot, and 1000 updates of 1000 bytes */
                TEST_EQUAL(hashes[h].oneshot(million, 1000000, out), 0);
                TEST_MEM_EQ(out, elen, exp, elen);
                TEST_EQUAL(stream_start(&sc, hashes[h].type), 0);
                for (i = 0; i < 1000; i++) {
                    TEST_EQUAL(stream_update(&sc, block, sizeof(block)), 0);
                }
                TEST_EQUAL(stream_finish(&sc, out), 0);
                TEST_MEM_EQ(out, elen, exp, elen);
            }
            free(exp);
            exp = NULL;
        }
    }
exit:
    free(exp);
    free(million);
}

/* ---- NIST CAVP byte vectors ------------------------------------------------ */

/* Run every Len/Msg/MD block of one .rsp file; returns the number of cases. */
static int run_cavp_file(const char *file, const hash_info *hi, int *count)
{
    char path[256];
    unsigned char *text, *msg = NULL, *md = NULL, out[64];
    size_t tlen, mlen = 0, dlen;
    long bits = -1;
    char *line, *save = NULL;
    int ok = 0;

    *count = 0;
    snprintf(path, sizeof(path), "vectors/nist-cavp/shabytetestvectors/%s", file);
    text = test_read_shared(path, &tlen);
    if (text == NULL) {
        return -1;
    }
    for (line = strtok_r((char *)text, "\r\n", &save); line != NULL;
         line = strtok_r(NULL, "\r\n", &save)) {
        if (strncmp(line, "Len = ", 6) == 0) {
            bits = atol(line + 6);
        } else if (strncmp(line, "Msg = ", 6) == 0) {
            free(msg);
            msg = test_unhex(line + 6, &mlen);
            TEST_ASSERT(msg != NULL);
        } else if (strncmp(line, "MD = ", 5) == 0) {
            md = test_unhex(line + 5, &dlen);
            TEST_ASSERT(md != NULL && msg != NULL && bits >= 0 && bits % 8 == 0);
            TEST_EQUAL(dlen, hi->size);
            mlen = (size_t)bits / 8; /* Len = 0 comes with Msg = 00 */
            TEST_EQUAL(hi->oneshot(msg, mlen, out), 0);
            if (!test_mem_eq(__FILE__, __LINE__, file, out, dlen, md, dlen)) {
                printf("      Len = %ld\n", bits);
                goto exit;
            }
            free(md);
            md = NULL;
            (*count)++;
        }
    }
    ok = 1;
exit:
    free(text);
    free(msg);
    free(md);
    return ok ? 0 : 1;
}

static void test_cavp_shabyte(void)
{
    static const char *const files[][2] = {
        { "SHA224ShortMsg.rsp", "sha224" }, { "SHA224LongMsg.rsp", "sha224" },
        { "SHA256ShortMsg.rsp", "sha256" }, { "SHA256LongMsg.rsp", "sha256" },
        { "SHA384ShortMsg.rsp", "sha384" }, { "SHA384LongMsg.rsp", "sha384" },
        { "SHA512ShortMsg.rsp", "sha512" }, { "SHA512LongMsg.rsp", "sha512" },
    };
    size_t f, h;
    int n, total = 0, r;
    char note[64];

    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared/vectors absent");
    }
    for (f = 0; f < sizeof(files) / sizeof(files[0]); f++) {
        for (h = 0; strcmp(hashes[h].name, files[f][1]) != 0; h++) {
        }
        r = run_cavp_file(files[f][0], &hashes[h], &n);
        TEST_ASSERT(r != -1); /* README promises these files */
        TEST_EQUAL(r, 0);
        TEST_ASSERT(n >= 64);
        total += n;
    }
    TEST_EQUAL(total, 2 * (65 + 64) + 2 * (129 + 128)); /* every case of the eight files */
    snprintf(note, sizeof(note), " (%d CAVP cases)", total);
    printf("%s", note);
exit:;
}

/* ---- streaming --------------------------------------------------------------- */

/* Every split point 0..200 of a 300-byte message, and 3-way splits. */
static void test_streaming_splits(void)
{
    unsigned char msg[300], ref[64], out[64];
    size_t h, i, j, len;
    stream_ctx sc;
    tacit_md_context mc;

    for (i = 0; i < sizeof(msg); i++) {
        msg[i] = (unsigned char)(i * 7 + 3);
    }
    for (h = 0; h < N_HASHES; h++) {
        for (len = 0; len <= sizeof(msg); len += (len < 140 ? 1 : 37)) {
            TEST_EQUAL(hashes[h].oneshot(msg, len, ref), 0);
            for (i = 0; i <= 200 && i <= len; i++) {
                TEST_EQUAL(stream_start(&sc, hashes[h].type), 0);
                TEST_EQUAL(stream_update(&sc, msg, i), 0);
                TEST_EQUAL(stream_update(&sc, msg + i, len - i), 0);
                TEST_EQUAL(stream_finish(&sc, out), 0);
                if (!test_mem_eq(__FILE__, __LINE__, hashes[h].name, out, hashes[h].size, ref,
                                 hashes[h].size)) {
                    printf("      len %zu split %zu\n", len, i);
                    goto exit;
                }
            }
        }
        /* 300 bytes fed as a, b, rest for a few (a, b), through md */
        TEST_EQUAL(hashes[h].oneshot(msg, sizeof(msg), ref), 0);
        for (i = 0; i <= 200; i += 13) {
            for (j = 0; j + i <= sizeof(msg) && j <= 140; j += 11) {
                TEST_EQUAL(tacit_md_init(&mc, hashes[h].type), 0);
                TEST_EQUAL(tacit_md_update(&mc, msg, i), 0);
                TEST_EQUAL(tacit_md_update(&mc, msg + i, j), 0);
                TEST_EQUAL(tacit_md_update(&mc, msg + i + j, sizeof(msg) - i - j), 0);
                TEST_EQUAL(tacit_md_finish(&mc, out), 0);
                TEST_MEM_EQ(out, hashes[h].size, ref, hashes[h].size);
            }
        }
        /* byte by byte */
        TEST_EQUAL(stream_start(&sc, hashes[h].type), 0);
        for (i = 0; i < sizeof(msg); i++) {
            TEST_EQUAL(stream_update(&sc, msg + i, 1), 0);
        }
        TEST_EQUAL(stream_finish(&sc, out), 0);
        TEST_MEM_EQ(out, hashes[h].size, ref, hashes[h].size);
    }
exit:
    tacit_md_free(&mc);
}

/* ---- differential against OpenSSL ------------------------------------------- */

static void test_openssl_differential(void)
{
#if defined(TACIT_HAVE_OPENSSL)
    static unsigned char msg[4096];
    unsigned char out[64], ref[64];
    unsigned int rlen;
    size_t h, len, i;
    uint32_t x = 12345;
    const EVP_MD *evp[N_HASHES];

    evp[0] = EVP_sha1();
    evp[1] = EVP_sha224();
    evp[2] = EVP_sha256();
    evp[3] = EVP_sha384();
    evp[4] = EVP_sha512();
    for (i = 0; i < sizeof(msg); i++) {
        x = x * 1103515245u + 12345u;
        msg[i] = (unsigned char)(x >> 16);
    }
    for (h = 0; h < N_HASHES; h++) {
        for (len = 0; len <= sizeof(msg); len += (len < 300 ? 1 : 97)) {
            TEST_EQUAL(hashes[h].oneshot(msg, len, out), 0);
            TEST_EQUAL(EVP_Digest(msg, len, ref, &rlen, evp[h], NULL), 1);
            TEST_EQUAL(rlen, hashes[h].size);
            TEST_MEM_EQ(out, rlen, ref, rlen);
        }
    }
exit:;
#else
    TEST_SKIP_NO_PEER("OpenSSL libcrypto");
exit:;
#endif
}

/* ---- bad input --------------------------------------------------------------- */

static void test_bad_input(void)
{
    unsigned char out[64];
    size_t h;
    tacit_sha256_context c256;
    tacit_sha512_context c512;
    tacit_sha1_context c1;

    for (h = 0; h < N_HASHES; h++) {
        TEST_EQUAL(hashes[h].oneshot(NULL, 1, out), TACIT_ERR_BAD_INPUT);
        TEST_EQUAL(hashes[h].oneshot((const unsigned char *)"x", 1, NULL), TACIT_ERR_BAD_INPUT);
        TEST_EQUAL(hashes[h].oneshot(NULL, 0, out), 0); /* empty message, NULL allowed */
    }
    tacit_sha256_init(&c256);
    TEST_EQUAL(tacit_sha256_starts(&c256, 0), 0);
    TEST_EQUAL(tacit_sha256_update(&c256, NULL, 5), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_sha256_update(NULL, out, 5), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_sha256_finish(&c256, NULL), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_sha256_starts(NULL, 0), TACIT_ERR_BAD_INPUT);
    tacit_sha256_free(&c256);
    tacit_sha256_free(NULL);

    tacit_sha512_init(&c512);
    TEST_EQUAL(tacit_sha512_starts(&c512, 1), 0);
    TEST_EQUAL(tacit_sha512_update(&c512, NULL, 5), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_sha512_finish(NULL, out), TACIT_ERR_BAD_INPUT);
    tacit_sha512_free(&c512);
    tacit_sha512_free(NULL);

    tacit_sha1_init(&c1);
    TEST_EQUAL(tacit_sha1_starts(&c1), 0);
    TEST_EQUAL(tacit_sha1_update(&c1, NULL, 5), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_sha1_finish(NULL, out), TACIT_ERR_BAD_INPUT);
    tacit_sha1_free(&c1);
    tacit_sha1_free(NULL);
exit:;
}

/*
 * Each length 0..200 hashed from a heap copy of exactly that size (ASan
 * builds flag any read past the tail: the SHA-NI path loads the tail with
 * 16-byte loads ending at its last byte), one-shot and streamed, against the
 * same bytes inside a larger buffer.
 */
static void test_tail_reads(void)
{
    unsigned char msg[216], ref[64], out[64];
    unsigned char *copy = NULL;
    size_t h, len, i;
    stream_ctx sc;

    for (i = 0; i < sizeof(msg); i++) {
        msg[i] = (unsigned char)(i * 29 + 5);
    }
    for (len = 0; len <= 200; len++) {
        copy = (unsigned char *)malloc(len > 0 ? len : 1);
        TEST_ASSERT(copy != NULL);
        memcpy(copy, msg + 8, len);
        for (h = 0; h < N_HASHES; h++) {
            TEST_EQUAL(hashes[h].oneshot(msg + 8, len, ref), 0);
            TEST_EQUAL(hashes[h].oneshot(copy, len, out), 0);
            TEST_MEM_EQ(out, hashes[h].size, ref, hashes[h].size);
            TEST_EQUAL(stream_start(&sc, hashes[h].type), 0);
            TEST_EQUAL(stream_update(&sc, copy, len), 0);
            TEST_EQUAL(stream_finish(&sc, out), 0);
            TEST_MEM_EQ(out, hashes[h].size, ref, hashes[h].size);
        }
        free(copy);
        copy = NULL;
    }
exit:
    free(copy);
}

/* free zeroizes the whole context */
static void test_free_zeroizes(void)
{
    static const unsigned char zero[sizeof(tacit_sha512_context)];
    tacit_sha256_context c256;
    tacit_sha512_context c512;
    tacit_sha1_context c1;

    tacit_sha256_init(&c256);
    tacit_sha256_starts(&c256, 0);
    tacit_sha256_update(&c256, (const unsigned char *)"secret", 6);
    tacit_sha256_free(&c256);
    TEST_MEM_EQ(&c256, sizeof(c256), zero, sizeof(c256));
    tacit_sha512_init(&c512);
    tacit_sha512_starts(&c512, 0);
    tacit_sha512_update(&c512, (const unsigned char *)"secret", 6);
    tacit_sha512_free(&c512);
    TEST_MEM_EQ(&c512, sizeof(c512), zero, sizeof(c512));
    tacit_sha1_init(&c1);
    tacit_sha1_starts(&c1);
    tacit_sha1_update(&c1, (const unsigned char *)"secret", 6);
    tacit_sha1_free(&c1);
    TEST_MEM_EQ(&c1, sizeof(c1), zero, sizeof(c1));
exit:;
}

/*
 * A 40 KiB message (320 SHA-512 blocks: the multi-block paths of every back
 * end, odd and even block counts per call) hashed in one call and in pieces
 * of 1..300 bytes, selected back end against the plain C.  1 if all agree.
 */
#if defined(TACIT_TEST_HOOKS)
static int test_backends_long(void)
{
    static unsigned char msg[40 * 1024 + 3];
    unsigned char a[64], b[64];
    size_t h, i, piece, len;
    stream_ctx sc;

    for (i = 0; i < sizeof(msg); i++) {
        msg[i] = (unsigned char)((i * 2654435761u) >> 13);
    }
    for (h = 0; h < N_HASHES; h++) {
        for (piece = 1; piece <= 300; piece += 37) {
            len = sizeof(msg) - piece % 4;
            tacit_sha_hook_plain = 1;
            TEST_EQUAL(hashes[h].oneshot(msg, len, b), 0);
            tacit_sha_hook_plain = 0;
            TEST_EQUAL(stream_start(&sc, hashes[h].type), 0);
            for (i = 0; i < len; i += piece * (i % 3 + 1)) {
                size_t n = piece * (i % 3 + 1);
                TEST_EQUAL(stream_update(&sc, msg + i, n < len - i ? n : len - i), 0);
            }
            TEST_EQUAL(stream_finish(&sc, a), 0);
            if (!test_mem_eq(__FILE__, __LINE__, hashes[h].name, a, hashes[h].size, b,
                             hashes[h].size)) {
                printf("      len %zu pieces of %zu\n", len, piece);
                return 0;
            }
            TEST_EQUAL(hashes[h].oneshot(msg, len, a), 0);
            TEST_MEM_EQ(a, hashes[h].size, b, hashes[h].size);
        }
    }
    return 1;
exit:
    return 0;
}
#endif

/*
 * On x86 the hashes have several back ends (SHA-NI for SHA-256, a BMI2
 * copy of the unrolled C, the plain C; see sha_internal.h).  The other
 * cases run whichever the CPU selects; this one compares the selected
 * back end with the plain C on every length 0..1100 at alignments 0..3
 * (every third length for SHA-1 and SHA-224), long messages fed in pieces
 * of many sizes, and reruns the known answers on the plain C.
 */
#if defined(TACIT_TEST_HOOKS)
static int backends_vs_plain(void)
{
    static unsigned char msg[1104];
    unsigned char a[64], b[64];
    size_t len, off, h;

    for (len = 0; len < sizeof(msg); len++) {
        msg[len] = (unsigned char)(len * 151 + 9);
    }
    for (h = 0; h < N_HASHES; h++) {
        for (off = 0; off < 4; off++) {
            for (len = 0; len + off <= 1100; len += (h == 0 || h == 1 ? 3 : 1)) {
                tacit_sha_hook_plain = 0;
                TEST_EQUAL(hashes[h].oneshot(msg + off, len, a), 0);
                tacit_sha_hook_plain = 1;
                TEST_EQUAL(hashes[h].oneshot(msg + off, len, b), 0);
                if (!test_mem_eq(__FILE__, __LINE__, hashes[h].name, a, hashes[h].size, b,
                                 hashes[h].size)) {
                    printf("      len %zu offset %zu\n", len, off);
                    goto exit;
                }
            }
        }
    }
    return test_backends_long();
exit:
    return 0;
}
#endif

static void test_backends(void)
{
#if defined(TACIT_TEST_HOOKS)
    /* SHA-512: the AVX-512VL kernel where the CPU has it, then the AVX2 one */
    tacit_sha_hook_no_avx512 = 0;
    TEST_ASSERT(backends_vs_plain());
    tacit_sha_hook_no_avx512 = 1;
    TEST_ASSERT(backends_vs_plain());
    tacit_sha_hook_no_avx512 = 0;
    tacit_sha_hook_plain = 1;
    test_fips180_examples();
    test_streaming_splits();
    if (test_shared_dir() != NULL) {
        test_cavp_shabyte();
    }
    tacit_sha_hook_plain = 0;
#if defined(TACIT_SHA_X86)
    printf(" (CPU: SHA-NI %s, BMI2 %s, AVX2 %s, AVX-512VL %s)",
           (tacit_sha_cpu() & TACIT_SHA_CPU_SHANI) ? "yes" : "no",
           (tacit_sha_cpu() & TACIT_SHA_CPU_BMI2) ? "yes" : "no",
           (tacit_sha_cpu() & TACIT_SHA_CPU_AVX2) ? "yes" : "no",
           (tacit_sha_cpu() & TACIT_SHA_CPU_AVX512VL) ? "yes" : "no");
#endif
exit:
    tacit_sha_hook_plain = 0;
    tacit_sha_hook_no_avx512 = 0;
#else
    TEST_SKIP("needs TACIT_TEST_HOOKS");
exit:;
#endif
}

/* The compact (loop) compression functions: all known answers again. */
static void test_compact_form(void)
{
#if defined(TACIT_TEST_HOOKS)
    tacit_sha_hook_compact = 1;
    tacit_sha_hook_plain = 1;
    test_fips180_examples();
    test_streaming_splits();
    if (test_shared_dir() != NULL) {
        test_cavp_shabyte();
    }
#if defined(TACIT_HAVE_OPENSSL)
    test_openssl_differential();
#endif
    tacit_sha_hook_compact = 0;
    tacit_sha_hook_plain = 0;
#else
    TEST_SKIP("needs TACIT_TEST_HOOKS");
exit:;
#endif
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_fips180_examples);
    RUN_TEST(test_cavp_shabyte);
    RUN_TEST(test_streaming_splits);
    RUN_TEST(test_openssl_differential);
    RUN_TEST(test_bad_input);
    RUN_TEST(test_free_zeroizes);
    RUN_TEST(test_tail_reads);
    RUN_TEST(test_backends);
    RUN_TEST(test_compact_form);
    return TEST_MAIN_END();
}
