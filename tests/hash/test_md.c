/*
 * The md dispatch layer: sizes, names, errors, context copy.
 */
#include "harness.h"

#include "tacit/md.h"

static void test_sizes(void)
{
    TEST_EQUAL(tacit_md_size(TACIT_MD_NONE), 0);
    TEST_EQUAL(tacit_md_size(TACIT_MD_SHA1), 20);
    TEST_EQUAL(tacit_md_size(TACIT_MD_SHA224), 28);
    TEST_EQUAL(tacit_md_size(TACIT_MD_SHA256), 32);
    TEST_EQUAL(tacit_md_size(TACIT_MD_SHA384), 48);
    TEST_EQUAL(tacit_md_size(TACIT_MD_SHA512), 64);
    TEST_EQUAL(tacit_md_size((tacit_md_type)99), 0);
    TEST_EQUAL(tacit_md_block_size(TACIT_MD_NONE), 0);
    TEST_EQUAL(tacit_md_block_size(TACIT_MD_SHA1), 64);
    TEST_EQUAL(tacit_md_block_size(TACIT_MD_SHA224), 64);
    TEST_EQUAL(tacit_md_block_size(TACIT_MD_SHA256), 64);
    TEST_EQUAL(tacit_md_block_size(TACIT_MD_SHA384), 128);
    TEST_EQUAL(tacit_md_block_size(TACIT_MD_SHA512), 128);
    TEST_EQUAL(tacit_md_block_size((tacit_md_type)99), 0);
    TEST_ASSERT(TACIT_MD_MAX_SIZE >= 64 && TACIT_MD_MAX_BLOCK_SIZE >= 128);
exit:;
}

static void test_names(void)
{
    static const struct {
        const char *name;
        tacit_md_type type;
    } cases[] = {
        { "sha1", TACIT_MD_SHA1 },
        { "SHA-1", TACIT_MD_SHA1 },
        { "sha224", TACIT_MD_SHA224 },
        { "SHA-224", TACIT_MD_SHA224 },
        { "sha256", TACIT_MD_SHA256 },
        { "SHA256", TACIT_MD_SHA256 },
        { "Sha-256", TACIT_MD_SHA256 },
        { "sha384", TACIT_MD_SHA384 },
        { "SHA-384", TACIT_MD_SHA384 },
        { "sha512", TACIT_MD_SHA512 },
        { "SHA-512", TACIT_MD_SHA512 },
        { "", TACIT_MD_NONE },
        { "sha", TACIT_MD_NONE },
        { "sha-", TACIT_MD_NONE },
        { "sha2560", TACIT_MD_NONE },
        { "md5", TACIT_MD_NONE },
        { "sha512/256", TACIT_MD_SHA512_256 },
        { "SHA-512/224", TACIT_MD_SHA512_224 },
        { "sha512/384", TACIT_MD_NONE },
        { "sha384/256", TACIT_MD_NONE },
        { "s-ha256", TACIT_MD_NONE },
        { "sha--256", TACIT_MD_NONE },
        { "sha256-", TACIT_MD_NONE },
        { "a-very-long-name-that-overflows", TACIT_MD_NONE },
    };
    size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        if (tacit_md_from_name(cases[i].name) != cases[i].type) {
            printf("\n      name \"%s\"", cases[i].name);
        }
        TEST_EQUAL(tacit_md_from_name(cases[i].name), cases[i].type);
    }
    TEST_EQUAL(tacit_md_from_name(NULL), TACIT_MD_NONE);
    TEST_ASSERT(strcmp(tacit_md_name(TACIT_MD_SHA1), "sha1") == 0);
    TEST_ASSERT(strcmp(tacit_md_name(TACIT_MD_SHA224), "sha224") == 0);
    TEST_ASSERT(strcmp(tacit_md_name(TACIT_MD_SHA256), "sha256") == 0);
    TEST_ASSERT(strcmp(tacit_md_name(TACIT_MD_SHA384), "sha384") == 0);
    TEST_ASSERT(strcmp(tacit_md_name(TACIT_MD_SHA512), "sha512") == 0);
    TEST_ASSERT(tacit_md_name(TACIT_MD_NONE) == NULL);
    TEST_ASSERT(tacit_md_name((tacit_md_type)99) == NULL);
    /* round trip */
    for (i = TACIT_MD_SHA1; i <= TACIT_MD_SHA512; i++) {
        TEST_EQUAL(tacit_md_from_name(tacit_md_name((tacit_md_type)i)), i);
    }
exit:;
}

static void test_errors(void)
{
    unsigned char out[64];
    tacit_md_context ctx;

    TEST_EQUAL(tacit_md(TACIT_MD_NONE, (const unsigned char *)"a", 1, out),
               TACIT_ERR_MD_UNSUPPORTED);
    TEST_EQUAL(tacit_md((tacit_md_type)99, (const unsigned char *)"a", 1, out),
               TACIT_ERR_MD_UNSUPPORTED);
    TEST_EQUAL(tacit_md(TACIT_MD_SHA256, NULL, 1, out), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_md(TACIT_MD_SHA256, (const unsigned char *)"a", 1, NULL), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_md_init(NULL, TACIT_MD_SHA256), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_md_init(&ctx, TACIT_MD_NONE), TACIT_ERR_MD_UNSUPPORTED);
    TEST_EQUAL(ctx.type, TACIT_MD_NONE);
    TEST_EQUAL(tacit_md_update(&ctx, (const unsigned char *)"a", 1), TACIT_ERR_MD_UNSUPPORTED);
    TEST_EQUAL(tacit_md_finish(&ctx, out), TACIT_ERR_MD_UNSUPPORTED);
    TEST_EQUAL(tacit_md_starts(&ctx), TACIT_ERR_MD_UNSUPPORTED);
    TEST_EQUAL(tacit_md_update(NULL, out, 1), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_md_finish(NULL, out), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_md_starts(NULL), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_md_init(&ctx, TACIT_MD_SHA384), 0);
    TEST_EQUAL(tacit_md_update(&ctx, NULL, 1), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_md_finish(&ctx, NULL), TACIT_ERR_BAD_INPUT);
    tacit_md_free(NULL);
exit:
    tacit_md_free(&ctx);
}

/* A context copied midway continues independently; starts restarts. */
static void test_copy_and_restart(void)
{
    static const unsigned char zero[sizeof(tacit_md_context)];
    unsigned char a[64], b[64], ref[64];
    tacit_md_context c1, c2;
    int t;

    for (t = TACIT_MD_SHA1; t <= TACIT_MD_SHA512; t++) {
        size_t n = tacit_md_size((tacit_md_type)t);
        TEST_EQUAL(tacit_md_init(&c1, (tacit_md_type)t), 0);
        TEST_EQUAL(tacit_md_update(&c1, (const unsigned char *)"hello ", 6), 0);
        c2 = c1;
        TEST_EQUAL(tacit_md_update(&c1, (const unsigned char *)"world", 5), 0);
        TEST_EQUAL(tacit_md_update(&c2, (const unsigned char *)"there", 5), 0);
        TEST_EQUAL(tacit_md_finish(&c1, a), 0);
        TEST_EQUAL(tacit_md_finish(&c2, b), 0);
        TEST_EQUAL(tacit_md((tacit_md_type)t, (const unsigned char *)"hello world", 11, ref), 0);
        TEST_MEM_EQ(a, n, ref, n);
        TEST_EQUAL(tacit_md((tacit_md_type)t, (const unsigned char *)"hello there", 11, ref), 0);
        TEST_MEM_EQ(b, n, ref, n);
        TEST_EQUAL(tacit_md_starts(&c1), 0);
        TEST_EQUAL(tacit_md_update(&c1, (const unsigned char *)"hello there", 11), 0);
        TEST_EQUAL(tacit_md_finish(&c1, a), 0);
        TEST_MEM_EQ(a, n, ref, n);
        tacit_md_free(&c1);
        TEST_MEM_EQ(&c1, sizeof(c1), zero, sizeof(c1));
        tacit_md_free(&c2);
    }
exit:;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_sizes);
    RUN_TEST(test_names);
    RUN_TEST(test_errors);
    RUN_TEST(test_copy_and_restart);
    return TEST_MAIN_END();
}
