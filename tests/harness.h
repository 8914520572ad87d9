/*
 * tacit's test harness: one header, no dependencies.
 *
 *   static void test_something(void)
 *   {
 *       unsigned char *buf = malloc(16);
 *       TEST_ASSERT(buf != NULL);
 *       TEST_EQUAL(f(buf, 16), 0);
 *       TEST_MEM_EQ(buf, 16, expected, 16);
 *   exit:
 *       free(buf);
 *   }
 *
 *   int main(int argc, char **argv)
 *   {
 *       TEST_MAIN_BEGIN(argc, argv);
 *       RUN_TEST(test_something);
 *       return TEST_MAIN_END();
 *   }
 *
 * A failing assertion prints file:line and the values, marks the case
 * failed and jumps to the case's `exit:` label (so cleanup runs).  TEST_SKIP
 * ends a case as skipped, with a reason that is printed.  The program prints
 * one line per case and a closing "N passed, N failed, N skipped" line and
 * exits non-zero if anything failed, which fails the CTest case.
 *
 * Passing case names on the command line runs only those cases.
 */
#ifndef TACIT_TEST_HARNESS_H
#define TACIT_TEST_HARNESS_H

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "constant_flow.h"
#if defined(TACIT_TEST_HOOKS)
#include "core/platform_internal.h" /* the counting allocator */
#endif

static int test_case_failed;  /* current case: an assertion failed */
static int test_case_skipped; /* current case: skipped */
static int test_n_passed, test_n_failed, test_n_skipped;
static int test_argc;
static char **test_argv;

static inline void test_fail_header(const char *file, int line, const char *what)
{
    if (!test_case_failed) {
        printf("\n");
    }
    printf("    FAILED at %s:%d: %s\n", file, line, what);
    test_case_failed = 1;
}

static inline void test_hexdump(const char *label, const void *p, size_t len)
{
    const unsigned char *b = (const unsigned char *)p;
    size_t i;

    printf("      %s (%zu bytes):", label, len);
    for (i = 0; i < len; i++) {
        if (i % 32 == 0) {
            printf("\n        ");
        }
        printf("%02x", b[i]);
    }
    printf("\n");
}

static inline int test_mem_eq(const char *file, int line, const char *expr, const void *a,
                              size_t alen, const void *b, size_t blen)
{
    if (alen == blen && (alen == 0 || memcmp(a, b, alen) == 0)) {
        return 1;
    }
    test_fail_header(file, line, expr);
    test_hexdump("got     ", a, alen);
    test_hexdump("expected", b, blen);
    return 0;
}

#define TEST_ASSERT(cond)                                                                          \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            test_fail_header(__FILE__, __LINE__, #cond);                                           \
            goto exit;                                                                             \
        }                                                                                          \
    } while (0)

/* Integer equality; prints both sides in decimal and hex. */
#define TEST_EQUAL(a, b)                                                                           \
    do {                                                                                           \
        intmax_t test_a_ = (intmax_t)(a), test_b_ = (intmax_t)(b);                                 \
        if (test_a_ != test_b_) {                                                                  \
            test_fail_header(__FILE__, __LINE__, #a " == " #b);                                    \
            printf("      got %" PRIdMAX " (0x%" PRIxMAX "), expected %" PRIdMAX " (0x%" PRIxMAX   \
                   ")\n",                                                                          \
                   test_a_, (uintmax_t)test_a_, test_b_, (uintmax_t)test_b_);                      \
            goto exit;                                                                             \
        }                                                                                          \
    } while (0)

#define TEST_MEM_EQ(a, alen, b, blen)                                                              \
    do {                                                                                           \
        if (!test_mem_eq(__FILE__, __LINE__, #a " == " #b, (a), (alen), (b), (blen))) {            \
            goto exit;                                                                             \
        }                                                                                          \
    } while (0)

/* End the current case as skipped; the reason is printed after SKIP. */
#define TEST_SKIP(reason)                                                                          \
    do {                                                                                           \
        printf(" SKIP (%s)", (reason));                                                            \
        test_case_skipped = 1;                                                                     \
        goto exit;                                                                                 \
    } while (0)

/* End the current case as skipped because a peer library (GMP, OpenSSL, ...) is not linked; the
 * reason names the real cause: peers off, a sanitizer build, or not installed. */
#ifndef TACIT_PEER_ABSENT_WHY
#define TACIT_PEER_ABSENT_WHY "this target does not link the peer libraries"
#endif
#define TEST_SKIP_NO_PEER(peer) TEST_SKIP(peer " not linked: " TACIT_PEER_ABSENT_WHY)

static inline int test_selected(const char *name)
{
    int i;

    if (test_argc <= 1) {
        return 1;
    }
    for (i = 1; i < test_argc; i++) {
        if (test_argv[i][0] != '-' && strcmp(test_argv[i], name) == 0) {
            return 1;
        }
    }
    /* Only options on the command line: run everything. */
    for (i = 1; i < test_argc; i++) {
        if (test_argv[i][0] != '-') {
            return 0;
        }
    }
    return 1;
}

/* Is `opt` (e.g. "--negative") on the command line? */
static inline int test_has_option(const char *opt)
{
    int i;

    for (i = 1; i < test_argc; i++) {
        if (strcmp(test_argv[i], opt) == 0) {
            return 1;
        }
    }
    return 0;
}

static inline void test_run(void (*fn)(void), const char *name)
{
    if (!test_selected(name)) {
        return;
    }
    test_case_failed = 0;
    test_case_skipped = 0;
    printf("  %-50s", name);
    fflush(stdout);
    fn();
    if (test_case_failed) {
        printf("  %s: FAIL\n", name);
        test_n_failed++;
    } else if (test_case_skipped) {
        printf("\n");
        test_n_skipped++;
    } else {
        printf(" PASS\n");
        test_n_passed++;
    }
    fflush(stdout);
}

#define RUN_TEST(fn) test_run(fn, #fn)

/* Report a case that cannot run in this build as skipped, with the reason (for cases compiled only
 * when a peer library is linked: see TEST_SKIP_NO_PEER). */
static inline void test_skip_case(const char *name, const char *reason)
{
    if (!test_selected(name)) {
        return;
    }
    printf("  %-50s SKIP (%s)\n", name, reason);
    test_n_skipped++;
    fflush(stdout);
}

#define SKIP_TEST_NO_PEER(fn, peer) test_skip_case(#fn, peer " not linked: " TACIT_PEER_ABSENT_WHY)

#define TEST_MAIN_BEGIN(argc, argv)                                                                \
    do {                                                                                           \
        test_argc = (argc);                                                                        \
        test_argv = (argv);                                                                        \
        printf("%s\n", (argv)[0]);                                                                 \
    } while (0)

static inline int TEST_MAIN_END(void)
{
#if defined(TACIT_TEST_HOOKS)
    /* Every suite runs with the counting allocator: what it made, it freed. */
    long live = tacit_platform_test_alloc_live();
    if (live != 0) {
        printf("  LEAK: %ld of %lu library allocations never released\n", live,
               tacit_platform_test_alloc_count());
        test_n_failed++;
    }
#endif
    printf("%d passed, %d failed, %d skipped\n", test_n_passed, test_n_failed, test_n_skipped);
    return test_n_failed == 0 ? 0 : 1;
}

/* ---- shared test data (../shared beside the checkout) --------------------- */

/*
 * Directory of the shared vectors and interop material, or NULL when it is
 * absent (tests then SKIP).  TACIT_SHARED_DIR in the environment overrides
 * the location CMake compiled in.
 */
static inline const char *test_shared_dir(void)
{
    static char buf[4096];
    const char *dir = getenv("TACIT_SHARED_DIR");
    FILE *f;

#if defined(TACIT_TEST_SHARED_DIR)
    if (dir == NULL) {
        dir = TACIT_TEST_SHARED_DIR;
    }
#endif
    if (dir == NULL) {
        return NULL;
    }
    snprintf(buf, sizeof(buf), "%s/vectors/README.md", dir);
    f = fopen(buf, "r");
    if (f == NULL) {
        return NULL;
    }
    fclose(f);
    return dir;
}

/*
 * Read a whole file below the shared directory into a malloc'd buffer
 * (NUL-terminated, *len excludes the NUL).  NULL if it cannot be read.
 */
static inline unsigned char *test_read_shared(const char *relpath, size_t *len)
{
    char path[4096];
    const char *dir = test_shared_dir();
    unsigned char *buf = NULL;
    FILE *f;
    long n;

    if (dir == NULL) {
        return NULL;
    }
    snprintf(path, sizeof(path), "%s/%s", dir, relpath);
    f = fopen(path, "rb");
    if (f == NULL) {
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        buf = (unsigned char *)malloc((size_t)n + 1);
        if (buf != NULL && fread(buf, 1, (size_t)n, f) != (size_t)n) {
            free(buf);
            buf = NULL;
        }
        if (buf != NULL) {
            buf[n] = 0;
            *len = (size_t)n;
        }
    }
    fclose(f);
    return buf;
}

/* Decode hex (even length, or "-" for empty) into a malloc'd buffer. */
static inline unsigned char *test_unhex(const char *hex, size_t *len)
{
    size_t n, i;
    unsigned char *out;

    if (strcmp(hex, "-") == 0) {
        hex = "";
    }
    n = strlen(hex);
    out = (unsigned char *)malloc(n / 2 + 1);
    if (out == NULL || n % 2 != 0) {
        free(out);
        return NULL;
    }
    for (i = 0; i < n / 2; i++) {
        unsigned int v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1) {
            free(out);
            return NULL;
        }
        out[i] = (unsigned char)v;
    }
    *len = n / 2;
    return out;
}

#endif /* TACIT_TEST_HARNESS_H */
