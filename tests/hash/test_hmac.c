/*
 * HMAC: RFC 2202 (SHA-1) and RFC 4231 cases typed in, the RFC 4231 files
 * and Wycheproof HMAC-SHA-256/384 and HMAC-SHA3-256/512 from ../shared, streaming/reset,
 * differential against OpenSSL, tag verification limits, bad input.
 */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"

#include "tacit/hmac.h"

#include "hash/sha_internal.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/evp.h>
#include <openssl/hmac.h>
#endif

static int check_hmac(tacit_md_type type, const char *key_hex, const char *msg_hex,
                      const char *tag_hex)
{
    unsigned char *key = NULL, *msg = NULL, *tag = NULL, out[TACIT_MD_MAX_SIZE];
    size_t klen = 0, mlen = 0, tlen = 0;
    int ok = 0;

    key = test_unhex(key_hex, &klen);
    msg = test_unhex(msg_hex, &mlen);
    tag = test_unhex(tag_hex, &tlen);
    TEST_ASSERT(key != NULL && msg != NULL && tag != NULL);
    TEST_ASSERT(tlen <= tacit_md_size(type));
    TEST_EQUAL(tacit_hmac(type, key, klen, msg, mlen, out), 0);
    TEST_MEM_EQ(out, tlen, tag, tlen);
    if (tlen >= TACIT_HMAC_MIN_TAG_LEN) {
        TEST_EQUAL(tacit_hmac_verify(type, key, klen, msg, mlen, tag, tlen), 0);
    }
    ok = 1;
exit:
    free(key);
    free(msg);
    free(tag);
    return ok;
}

/* RFC 2202 section 3 (SHA-1) and RFC 4231 sections 4.2, 4.3 (SHA-256, SHA-512). */
static void test_rfc_typed(void)
{
    static const char TC3KEY[] = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    char bigkey[2 * 131 + 1];
    int i;

    TEST_ASSERT(check_hmac(TACIT_MD_SHA1, "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
                           "4869205468657265", "b617318655057264e28bc0b6fb378c8ef146be00"));
    TEST_ASSERT(check_hmac(TACIT_MD_SHA1, "4a656665",
                           "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
                           "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"));
    for (i = 0; i < 80; i++) {
        memcpy(bigkey + 2 * i, "aa", 2);
    }
    bigkey[160] = '\0';
    /* "Test Using Larger Than Block-Size Key - Hash Key First" */
    TEST_ASSERT(check_hmac(TACIT_MD_SHA1, bigkey,
                           "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a"
                           "65204b6579202d2048617368204b6579204669727374",
                           "aa4ae5e15272d00e95705637ce8a3b55ed402112"));
    TEST_ASSERT(check_hmac(TACIT_MD_SHA256, "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
                           "4869205468657265",
                           "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"));
    TEST_ASSERT(check_hmac(TACIT_MD_SHA512, "4a656665",
                           "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
                           "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
                           "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737"));
    /* RFC 4231 4.4 (test case 3) for SHA-256 */
    TEST_ASSERT(check_hmac(TACIT_MD_SHA256, TC3KEY,
                           "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd"
                           "dddddddddddddddddddddddddddddddddddd",
                           "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"));
    /* RFC 4231 4.7 (test case 6): 131-byte key, longer than the SHA-256 block */
    for (i = 0; i < 131; i++) {
        memcpy(bigkey + 2 * i, "aa", 2);
    }
    bigkey[262] = '\0';
    TEST_ASSERT(check_hmac(TACIT_MD_SHA256, bigkey,
                           "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a"
                           "65204b6579202d2048617368204b6579204669727374",
                           "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"));
exit:;
}

/* Key/Msg/MD blocks, optionally "Hash = SHA-256" and "Tlen = 16" lines. */
static int run_kv_file(const char *rel, tacit_md_type fixed, int *count)
{
    unsigned char *text;
    size_t tlen;
    char *line, *save = NULL, *key = NULL, *msg = NULL;
    tacit_md_type type = fixed;
    int ok = 0;

    *count = 0;
    text = test_read_shared(rel, &tlen);
    if (text == NULL) {
        return -1;
    }
    for (line = strtok_r((char *)text, "\r\n", &save); line != NULL;
         line = strtok_r(NULL, "\r\n", &save)) {
        if (strncmp(line, "Hash = ", 7) == 0) {
            type = tacit_md_from_name(line + 7);
            TEST_ASSERT(type != TACIT_MD_NONE);
        } else if (strncmp(line, "Key = ", 6) == 0) {
            key = line + 6;
        } else if (strncmp(line, "Msg = ", 6) == 0) {
            msg = line + 6;
        } else if (strncmp(line, "MD = ", 5) == 0) {
            TEST_ASSERT(key != NULL && msg != NULL);
            if (!check_hmac(type, key, msg, line + 5)) {
                printf("      %s case %d\n", rel, *count + 1);
                goto exit;
            }
            (*count)++;
            key = msg = NULL;
        }
    }
    ok = 1;
exit:
    free(text);
    return ok ? 0 : 1;
}

static void test_rfc4231_files(void)
{
    static const struct {
        const char *file;
        tacit_md_type type;
    } files[] = {
        { "vectors/hmac/rfc-4231-sha224.txt", TACIT_MD_SHA224 },
        { "vectors/hmac/rfc-4231-sha256.txt", TACIT_MD_SHA256 },
        { "vectors/hmac/rfc-4231-sha384.txt", TACIT_MD_SHA384 },
        { "vectors/hmac/rfc-4231-sha512.txt", TACIT_MD_SHA512 },
        { "vectors/hmac/rfc-4231-truncation.txt", TACIT_MD_NONE },
    };
    size_t i;
    int n, total = 0;

    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared/vectors absent");
    }
    for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
        TEST_EQUAL(run_kv_file(files[i].file, files[i].type, &n), 0);
        TEST_ASSERT(n >= 4);
        total += n;
    }
    TEST_EQUAL(total, 4 * 6 + 4); /* RFC 4231 cases 1-4, 6, 7 per hash, and case 5 per hash */
    printf(" (%d cases)", total);
exit:;
}

/* Wycheproof: valid tags verify, invalid ones (incl. truncated) are refused. */
static int run_wycheproof(const char *rel, tacit_md_type type, int *nvalid, int *ninvalid)
{
    unsigned char *text, *key = NULL, *msg = NULL, *tag = NULL, out[TACIT_MD_MAX_SIZE];
    size_t tlen, klen = 0, mlen = 0, taglen = 0, tagsize = 0;
    char *line, *save = NULL, *tok[8], *s2;
    int ok = 0, nt, ret;

    *nvalid = *ninvalid = 0;
    text = test_read_shared(rel, &tlen);
    if (text == NULL) {
        return -1;
    }
    for (line = strtok_r((char *)text, "\n", &save); line != NULL;
         line = strtok_r(NULL, "\n", &save)) {
        if (strncmp(line, "group ", 6) == 0) {
            char *p = strstr(line, "tagSize=");
            TEST_ASSERT(p != NULL);
            tagsize = (size_t)atol(p + 8) / 8;
            continue;
        }
        if (strncmp(line, "test ", 5) != 0) {
            continue;
        }
        /* test tcId result key msg tag flags */
        s2 = NULL;
        for (nt = 0; nt < 8; nt++) {
            tok[nt] = strtok_r(nt == 0 ? line : NULL, " ", &s2);
            if (tok[nt] == NULL) {
                break;
            }
        }
        TEST_ASSERT(nt >= 6);
        key = test_unhex(tok[3], &klen);
        msg = test_unhex(tok[4], &mlen);
        tag = test_unhex(tok[5], &taglen);
        TEST_ASSERT(key != NULL && msg != NULL && tag != NULL);
        ret = tacit_hmac_verify(type, key, klen, msg, mlen, tag, taglen);
        if (strcmp(tok[2], "valid") == 0) {
            if (ret != 0) {
                printf("\n      tcId %s: valid tag refused (%d)", tok[1], ret);
            }
            TEST_EQUAL(ret, 0);
            TEST_EQUAL(taglen, tagsize);
            /* and the computed HMAC starts with the tag */
            TEST_EQUAL(tacit_hmac(type, key, klen, msg, mlen, out), 0);
            TEST_MEM_EQ(out, taglen, tag, taglen);
            (*nvalid)++;
        } else {
            if (ret != TACIT_ERR_VERIFY_FAILED) {
                printf("\n      tcId %s: invalid tag accepted (%d)", tok[1], ret);
            }
            TEST_EQUAL(ret, TACIT_ERR_VERIFY_FAILED);
            (*ninvalid)++;
        }
        free(key);
        free(msg);
        free(tag);
        key = msg = tag = NULL;
    }
    ok = 1;
exit:
    free(text);
    free(key);
    free(msg);
    free(tag);
    return ok ? 0 : 1;
}

static void test_wycheproof(void)
{
    int v256, i256, v384, i384;

    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared/vectors absent");
    }
    TEST_EQUAL(
        run_wycheproof("vectors/wycheproof/hmac_sha256_test.txt", TACIT_MD_SHA256, &v256, &i256),
        0);
    TEST_EQUAL(
        run_wycheproof("vectors/wycheproof/hmac_sha384_test.txt", TACIT_MD_SHA384, &v384, &i384),
        0);
    TEST_EQUAL(v256 + i256, 174);
    TEST_EQUAL(v384 + i384, 174);
    printf(" (%d valid, %d invalid", v256 + v384, i256 + i384);
#if defined(TACIT_SHA3_C)
    TEST_EQUAL(run_wycheproof("vectors/wycheproof/hmac_sha3_256_test.txt", TACIT_MD_SHA3_256, &v256,
                              &i256),
               0);
    TEST_EQUAL(run_wycheproof("vectors/wycheproof/hmac_sha3_512_test.txt", TACIT_MD_SHA3_512, &v384,
                              &i384),
               0);
    TEST_EQUAL(v256 + i256, 174);
    TEST_EQUAL(v384 + i384, 174);
    printf("; HMAC-SHA3: %d valid, %d invalid", v256 + v384, i256 + i384);
#endif
    printf(")");
exit:;
}

/* Streaming in pieces, reset, finish-then-reuse, all equal the one-shot. */
static void test_streaming_reset(void)
{
    unsigned char key[200], msg[300], ref[64], out[64];
    tacit_hmac_context ctx;
    size_t klen, split;
    int t;

    memset(&ctx, 0, sizeof(ctx));
    for (klen = 0; klen < sizeof(key); klen++) {
        key[klen] = (unsigned char)(klen * 13 + 1);
    }
    for (split = 0; split < sizeof(msg); split++) {
        msg[split] = (unsigned char)(split * 5 + 2);
    }
    for (t = TACIT_MD_SHA1; t <= TACIT_MD_SHA512; t++) {
        size_t n = tacit_md_size((tacit_md_type)t);
        for (klen = 0; klen <= 200; klen += 25) {
            TEST_EQUAL(tacit_hmac((tacit_md_type)t, key, klen, msg, sizeof(msg), ref), 0);
            TEST_EQUAL(tacit_hmac_init(&ctx, (tacit_md_type)t, key, klen), 0);
            for (split = 0; split <= 200; split += 7) {
                TEST_EQUAL(tacit_hmac_update(&ctx, msg, split), 0);
                TEST_EQUAL(tacit_hmac_update(&ctx, msg + split, sizeof(msg) - split), 0);
                TEST_EQUAL(tacit_hmac_finish(&ctx, out), 0); /* leaves ctx ready */
                TEST_MEM_EQ(out, n, ref, n);
            }
            TEST_EQUAL(tacit_hmac_update(&ctx, (const unsigned char *)"junk", 4), 0);
            TEST_EQUAL(tacit_hmac_reset(&ctx), 0);
            TEST_EQUAL(tacit_hmac_update(&ctx, msg, sizeof(msg)), 0);
            TEST_EQUAL(tacit_hmac_finish(&ctx, out), 0);
            TEST_MEM_EQ(out, n, ref, n);
            tacit_hmac_free(&ctx);
        }
    }
exit:
    tacit_hmac_free(&ctx);
}

static void test_openssl_differential(void)
{
#if defined(TACIT_HAVE_OPENSSL)
    unsigned char key[300], msg[400], ref[64], out[64];
    unsigned int rlen;
    size_t klen, mlen, i;
    uint32_t x = 777;
    int t, last = TACIT_MD_SHA512;
    const EVP_MD *evp[10];

    evp[TACIT_MD_SHA1] = EVP_sha1();
    evp[TACIT_MD_SHA224] = EVP_sha224();
    evp[TACIT_MD_SHA256] = EVP_sha256();
    evp[TACIT_MD_SHA384] = EVP_sha384();
    evp[TACIT_MD_SHA512] = EVP_sha512();
#if defined(TACIT_SHA3_C)
    evp[TACIT_MD_SHA3_224] = EVP_sha3_224();
    evp[TACIT_MD_SHA3_256] = EVP_sha3_256();
    evp[TACIT_MD_SHA3_384] = EVP_sha3_384();
    evp[TACIT_MD_SHA3_512] = EVP_sha3_512();
    last = TACIT_MD_SHA3_512;
#endif
    for (i = 0; i < sizeof(key); i++) {
        x = x * 1103515245u + 12345u;
        key[i] = (unsigned char)(x >> 16);
    }
    for (i = 0; i < sizeof(msg); i++) {
        x = x * 1103515245u + 12345u;
        msg[i] = (unsigned char)(x >> 16);
    }
    for (t = TACIT_MD_SHA1; t <= last; t++) {
        for (klen = 0; klen <= sizeof(key); klen += 1 + klen / 8) {
            mlen = (klen * 7) % sizeof(msg);
            TEST_EQUAL(tacit_hmac((tacit_md_type)t, key, klen, msg, mlen, out), 0);
            TEST_ASSERT(HMAC(evp[t], key, (int)klen, msg, mlen, ref, &rlen) != NULL);
            TEST_EQUAL(rlen, tacit_md_size((tacit_md_type)t));
            TEST_MEM_EQ(out, rlen, ref, rlen);
        }
    }
exit:;
#else
    TEST_SKIP_NO_PEER("OpenSSL libcrypto");
exit:;
#endif
}

/*
 * tacit_hmac on SHA-256 takes its own path (bare states, hash/hmac_internal.h):
 * it must equal the streaming context for every message length 0..300 and
 * keys of 0, 1, 32, 63, 64, 65 and 200 bytes, on every SHA-256 kernel.
 */
static void test_sha256_oneshot_path(void)
{
    static const size_t klens[] = { 0, 1, 32, 63, 64, 65, 200 };
    unsigned char key[200], msg[300], a[32], b[32];
    unsigned char *exact = NULL;
    tacit_hmac_context ctx;
    size_t k, m, i;
    int form;

    memset(&ctx, 0, sizeof(ctx));
    for (i = 0; i < sizeof(key); i++) {
        key[i] = (unsigned char)(i * 7 + 1);
    }
    for (i = 0; i < sizeof(msg); i++) {
        msg[i] = (unsigned char)(i * 13 + 5);
    }
    for (form = 0; form < 2; form++) {
#if defined(TACIT_TEST_HOOKS)
        tacit_sha_hook_plain = form;
#else
        if (form > 0) {
            break;
        }
#endif
        for (k = 0; k < sizeof(klens) / sizeof(klens[0]); k++) {
            TEST_EQUAL(tacit_hmac_init(&ctx, TACIT_MD_SHA256, key, klens[k]), 0);
            for (m = 0; m <= sizeof(msg); m++) {
                /* from a copy of exactly m bytes: ASan flags a tail load past its end */
                exact = (unsigned char *)malloc(m > 0 ? m : 1);
                TEST_ASSERT(exact != NULL);
                memcpy(exact, msg, m);
                TEST_EQUAL(tacit_hmac(TACIT_MD_SHA256, key, klens[k], exact, m, a), 0);
                free(exact);
                exact = NULL;
                TEST_EQUAL(tacit_hmac_update(&ctx, msg, m / 2), 0);
                TEST_EQUAL(tacit_hmac_update(&ctx, msg + m / 2, m - m / 2), 0);
                TEST_EQUAL(tacit_hmac_finish(&ctx, b), 0);
                TEST_MEM_EQ(a, 32, b, 32);
            }
            tacit_hmac_free(&ctx);
        }
    }
exit:
#if defined(TACIT_TEST_HOOKS)
    tacit_sha_hook_plain = 0;
#endif
    free(exact);
    tacit_hmac_free(&ctx);
}

/*
 * Truncated tags of the short hashes: RFC 2104 section 5 allows t >= max(L/2, 80 bits), so
 * HMAC-SHA-1-80/-96 and HMAC-SHA-224-112 verify (Wycheproof's hmac_sha1/sha224/sha3_224 sets
 * have such "valid" groups); shorter is refused, and 16 bytes stay enough for longer hashes.
 */
static void test_verify_short_hashes(void)
{
    /* Wycheproof hmac_sha224_test tcId 82 (tagSize 112): a fact, typed */
    static const char k82[] = "26f314170b054daef5349804da18f969c94174baca2beeb009d47a23";
    static const char t82[] = "816d7af2475e94713f2dc3aa3069";
    static const struct {
        tacit_md_type md;
        size_t min;
    } v[] = {
        { TACIT_MD_SHA1, 10 },
        { TACIT_MD_SHA224, 14 },
        { TACIT_MD_SHA256, 16 },
        { TACIT_MD_SHA384, 16 },
        { TACIT_MD_SHA512, 16 },
#if defined(TACIT_SHA3_C)
        { TACIT_MD_SHA3_224, 14 },
        { TACIT_MD_SHA3_256, 16 },
        { TACIT_MD_SHA3_512, 16 },
#endif
    };
    unsigned char *key = NULL, *tag = NULL, mac[TACIT_MD_MAX_SIZE];
    size_t klen, tlen, i, n;
    const unsigned char *msg = (const unsigned char *)"message";

    key = test_unhex(k82, &klen);
    tag = test_unhex(t82, &tlen);
    TEST_ASSERT(key != NULL && tag != NULL && tlen == 14);
    TEST_EQUAL(tacit_hmac_verify(TACIT_MD_SHA224, key, klen, NULL, 0, tag, tlen), 0);
    tag[13] ^= 1;
    TEST_EQUAL(tacit_hmac_verify(TACIT_MD_SHA224, key, klen, NULL, 0, tag, tlen),
               TACIT_ERR_VERIFY_FAILED);
    for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
        size_t h = tacit_md_size(v[i].md);
        TEST_EQUAL(tacit_hmac(v[i].md, key, klen, msg, 7, mac), 0);
        for (n = 0; n <= h + 1; n++) {
            int expect = n >= v[i].min && n <= h ? 0 : TACIT_ERR_VERIFY_FAILED;
            TEST_EQUAL(tacit_hmac_verify(v[i].md, key, klen, msg, 7, mac, n), expect);
        }
    }
exit:
    free(key);
    free(tag);
}

static void test_verify_limits(void)
{
    unsigned char tag[64];
    const unsigned char *key = (const unsigned char *)"key";
    const unsigned char *msg = (const unsigned char *)"message";
    size_t n;

    TEST_EQUAL(tacit_hmac(TACIT_MD_SHA256, key, 3, msg, 7, tag), 0);
    for (n = 0; n <= 40; n++) {
        int expect = (n >= TACIT_HMAC_MIN_TAG_LEN && n <= 32) ? 0 : TACIT_ERR_VERIFY_FAILED;
        TEST_EQUAL(tacit_hmac_verify(TACIT_MD_SHA256, key, 3, msg, 7, tag, n), expect);
    }
    /* every single-bit flip of the full tag is refused */
    for (n = 0; n < 32 * 8; n++) {
        tag[n / 8] ^= (unsigned char)(1u << (n % 8));
        TEST_EQUAL(tacit_hmac_verify(TACIT_MD_SHA256, key, 3, msg, 7, tag, 32),
                   TACIT_ERR_VERIFY_FAILED);
        tag[n / 8] ^= (unsigned char)(1u << (n % 8));
    }
    TEST_EQUAL(tacit_hmac_verify(TACIT_MD_SHA256, key, 3, msg, 7, tag, 32), 0);
    /* the message and the key matter */
    TEST_EQUAL(tacit_hmac_verify(TACIT_MD_SHA256, key, 3, msg, 6, tag, 32),
               TACIT_ERR_VERIFY_FAILED);
    TEST_EQUAL(tacit_hmac_verify(TACIT_MD_SHA256, key, 2, msg, 7, tag, 32),
               TACIT_ERR_VERIFY_FAILED);
    TEST_EQUAL(tacit_hmac_verify(TACIT_MD_SHA384, key, 3, msg, 7, tag, 32),
               TACIT_ERR_VERIFY_FAILED);
exit:;
}

static void test_bad_input(void)
{
    static const unsigned char zero[sizeof(tacit_hmac_context)];
    unsigned char out[64];
    tacit_hmac_context ctx;

    memset(out, 0x5a, sizeof(out));
    TEST_EQUAL(tacit_hmac(TACIT_MD_NONE, out, 1, out, 1, out), TACIT_ERR_MD_UNSUPPORTED);
    TEST_EQUAL(tacit_hmac((tacit_md_type)42, out, 1, out, 1, out), TACIT_ERR_MD_UNSUPPORTED);
    TEST_EQUAL(tacit_hmac(TACIT_MD_SHA256, NULL, 1, out, 1, out), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hmac(TACIT_MD_SHA256, out, 1, NULL, 1, out), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hmac(TACIT_MD_SHA256, out, 1, out, 1, NULL), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hmac(TACIT_MD_SHA256, NULL, 0, NULL, 0, out), 0); /* empty key and msg */
    TEST_EQUAL(tacit_hmac_verify(TACIT_MD_SHA256, out, 1, out, 1, NULL, 32), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hmac_verify(TACIT_MD_NONE, out, 1, out, 1, out, 32), TACIT_ERR_MD_UNSUPPORTED);
    TEST_EQUAL(tacit_hmac_init(NULL, TACIT_MD_SHA256, out, 1), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hmac_init(&ctx, TACIT_MD_SHA256, NULL, 1), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hmac_init(&ctx, TACIT_MD_NONE, out, 1), TACIT_ERR_MD_UNSUPPORTED);
    TEST_EQUAL(tacit_hmac_reset(&ctx), TACIT_ERR_MD_UNSUPPORTED);
    TEST_EQUAL(tacit_hmac_update(&ctx, out, 1), TACIT_ERR_MD_UNSUPPORTED);
    TEST_EQUAL(tacit_hmac_update(NULL, out, 1), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hmac_finish(NULL, out), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hmac_reset(NULL), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hmac_init(&ctx, TACIT_MD_SHA512, (const unsigned char *)"k", 1), 0);
    TEST_EQUAL(tacit_hmac_update(&ctx, NULL, 1), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hmac_finish(&ctx, NULL), TACIT_ERR_BAD_INPUT);
    tacit_hmac_free(&ctx);
    TEST_MEM_EQ(&ctx, sizeof(ctx), zero, sizeof(ctx));
    tacit_hmac_free(NULL);
exit:;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_rfc_typed);
    RUN_TEST(test_rfc4231_files);
    RUN_TEST(test_wycheproof);
    RUN_TEST(test_verify_short_hashes);
    RUN_TEST(test_streaming_reset);
    RUN_TEST(test_sha256_oneshot_path);
    RUN_TEST(test_openssl_differential);
    RUN_TEST(test_verify_limits);
    RUN_TEST(test_bad_input);
    return TEST_MAIN_END();
}
