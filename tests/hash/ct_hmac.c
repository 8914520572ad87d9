/*
 * Constant flow of the hashes, HMAC (incl. tag verification) and HMAC_DRBG
 * on secret data: messages, keys, tags, DRBG entropy (an RFC 6979 private
 * key) are marked secret; only their lengths are public.  Under valgrind
 * (constant-flow build) any branch or memory index on them is reported.
 * --negative runs a deliberately leaky early-exit tag comparison instead,
 * which valgrind must flag.
 */
#include "harness.h"

#include "tacit/hmac.h"
#include "tacit/hmac_drbg.h"
#include "tacit/md.h"

#include "hash/sha_internal.h"

static void fill(unsigned char *p, size_t len, unsigned seed)
{
    size_t i;

    for (i = 0; i < len; i++) {
        p[i] = (unsigned char)(seed + i * 37);
    }
}

/* SHA-1 .. SHA-512, then SHA-512/224 and SHA-512/256 (SHA-3: ct_sha3.c); past the end: NONE */
static int next_type(int t)
{
    if (t == TACIT_MD_SHA512) {
        return TACIT_MD_SHA512_224;
    }
    return t == TACIT_MD_SHA512_256 ? TACIT_MD_NONE : t + 1;
}

/*
 * The digest of a secret message, all lengths around the block boundaries
 * up to 600 bytes (four SHA-512 blocks: the AVX2 kernel's loop over pairs
 * runs twice in one call); in test builds each back end: the one the CPU
 * selects (under valgrind, whose CPUID reports AVX2 and BMI2 but no SHA-NI:
 * the AVX2 kernel for SHA-384/512, the BMI2 copy for the others), the plain
 * unrolled C and the compact C.
 */
static void test_hash_secret_message(void)
{
    unsigned char msg[600], pub[600], out[64], ref[64];
    size_t len;
    int t, form;

    for (form = 0; form < 3; form++)
        for (t = TACIT_MD_SHA1; t != TACIT_MD_NONE; t = next_type(t)) {
#if defined(TACIT_TEST_HOOKS)
            tacit_sha_hook_plain = form >= 1;
            tacit_sha_hook_compact = form == 2;
#endif
            size_t n = tacit_md_size((tacit_md_type)t);
            for (len = 0; len <= sizeof(msg); len += 17) {
                fill(pub, len, (unsigned)t);
                memcpy(msg, pub, len);
                TACIT_TEST_CF_SECRET(msg, len);
                TEST_EQUAL(tacit_md((tacit_md_type)t, msg, len, out), 0);
                TACIT_TEST_CF_PUBLIC(out, n);
                TACIT_TEST_CF_PUBLIC(msg, len);
                TEST_EQUAL(tacit_md((tacit_md_type)t, pub, len, ref), 0);
                TEST_MEM_EQ(out, n, ref, n);
            }
        }
exit:
#if defined(TACIT_TEST_HOOKS)
    tacit_sha_hook_plain = 0;
    tacit_sha_hook_compact = 0;
#endif
    ;
}

/* HMAC with a secret key (short and longer than a block) and message; verify a secret tag. */
static void test_hmac_secret_key(void)
{
    unsigned char key[200], msg[100], tag[64], ref[64];
    size_t klen;
    int t, ret;

    for (t = TACIT_MD_SHA1; t != TACIT_MD_NONE; t = next_type(t)) {
        size_t n = tacit_md_size((tacit_md_type)t);
        for (klen = 0; klen <= sizeof(key); klen += 50) {
            fill(key, klen, 3);
            fill(msg, sizeof(msg), 5);
            TEST_EQUAL(tacit_hmac((tacit_md_type)t, key, klen, msg, sizeof(msg), ref), 0);
            memcpy(tag, ref, n);
            TACIT_TEST_CF_SECRET(key, klen);
            TACIT_TEST_CF_SECRET(msg, sizeof(msg));
            TACIT_TEST_CF_SECRET(tag, n);
            /* the verdict is declassified by tacit_ct_memcmp, nothing else */
            ret = tacit_hmac_verify((tacit_md_type)t, key, klen, msg, sizeof(msg), tag, n);
            TEST_EQUAL(ret, 0);
            tag[n - 1] ^= 1;
            ret = tacit_hmac_verify((tacit_md_type)t, key, klen, msg, sizeof(msg), tag, n);
            TEST_EQUAL(ret, TACIT_ERR_VERIFY_FAILED);
            TEST_EQUAL(tacit_hmac((tacit_md_type)t, key, klen, msg, sizeof(msg), tag), 0);
            TACIT_TEST_CF_PUBLIC(tag, n);
            TACIT_TEST_CF_PUBLIC(key, klen);
            TACIT_TEST_CF_PUBLIC(msg, sizeof(msg));
            TEST_MEM_EQ(tag, n, ref, n);
        }
    }
exit:;
}

/* HMAC_DRBG instantiated from secret inputs (RFC 6979: private key, hash). */
static void test_drbg_secret_seed(void)
{
    unsigned char x[48], h[48], add[20], out[100], ref[100];
    tacit_hmac_drbg_context ctx;
    int t;

    tacit_hmac_drbg_init(&ctx);
    for (t = TACIT_MD_SHA1; t <= TACIT_MD_SHA512; t++) {
        fill(x, sizeof(x), 11);
        fill(h, sizeof(h), 13);
        fill(add, sizeof(add), 17);
        TEST_EQUAL(
            tacit_hmac_drbg_seed_buf(&ctx, (tacit_md_type)t, x, sizeof(x), h, sizeof(h), NULL, 0),
            0);
        TEST_EQUAL(tacit_hmac_drbg_generate(&ctx, ref, sizeof(ref), add, sizeof(add)), 0);
        TACIT_TEST_CF_SECRET(x, sizeof(x));
        TACIT_TEST_CF_SECRET(h, sizeof(h));
        TACIT_TEST_CF_SECRET(add, sizeof(add));
        TEST_EQUAL(
            tacit_hmac_drbg_seed_buf(&ctx, (tacit_md_type)t, x, sizeof(x), h, sizeof(h), NULL, 0),
            0);
        TEST_EQUAL(tacit_hmac_drbg_generate(&ctx, out, sizeof(out), add, sizeof(add)), 0);
        TEST_EQUAL(tacit_hmac_drbg_reseed_buf(&ctx, x, sizeof(x), add, sizeof(add)), 0);
        TACIT_TEST_CF_PUBLIC(out, sizeof(out));
        TACIT_TEST_CF_PUBLIC(x, sizeof(x));
        TACIT_TEST_CF_PUBLIC(h, sizeof(h));
        TACIT_TEST_CF_PUBLIC(add, sizeof(add));
        TEST_MEM_EQ(out, sizeof(out), ref, sizeof(ref));
    }
exit:
    tacit_hmac_drbg_free(&ctx);
}

/* Deliberately leaky: an early-exit comparison of a secret tag. */
static void test_negative_leaky_compare(void)
{
    unsigned char key[32], tag[32], mac[32];
    volatile int equal = 1;
    size_t i;

    fill(key, sizeof(key), 1);
    TEST_EQUAL(tacit_hmac(TACIT_MD_SHA256, key, sizeof(key), key, sizeof(key), mac), 0);
    memcpy(tag, mac, sizeof(tag));
    tag[31] ^= 0x40;
    TACIT_TEST_CF_SECRET(tag, sizeof(tag));
    for (i = 0; i < sizeof(tag); i++) {
        if (tag[i] != mac[i]) { /* branch on a secret byte: must be flagged */
            equal = 0;
            break;
        }
    }
    TACIT_TEST_CF_PUBLIC(tag, sizeof(tag));
    TEST_EQUAL(equal, 0);
exit:;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    if (test_has_option("--negative")) {
        RUN_TEST(test_negative_leaky_compare);
    } else {
        RUN_TEST(test_hash_secret_message);
        RUN_TEST(test_hmac_secret_key);
        RUN_TEST(test_drbg_secret_seed);
    }
    return TEST_MAIN_END();
}
