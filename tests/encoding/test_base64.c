#define _POSIX_C_SOURCE 200809L
/*
 * base64: RFC 4648 vectors, the shared valid/invalid sets, the line-break
 * policy, random round trips of every length 0..1000, every single-byte
 * corruption, and every implementation path (scalar, SWAR, SSSE3, AVX2)
 * against the others and against OpenSSL.
 */
#include "harness.h"

#include "encoding/base64_internal.h"
#include "tacit/base64.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/evp.h>
#endif

static const int paths[] = { TACIT_BASE64_PATH_SCALAR, TACIT_BASE64_PATH_SWAR,
                             TACIT_BASE64_PATH_SSSE3, TACIT_BASE64_PATH_AVX2,
                             TACIT_BASE64_PATH_AUTO };
#define N_PATHS (sizeof(paths) / sizeof(paths[0]))

/* Deterministic test bytes (xorshift). */
static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static unsigned rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state >> 24);
}
static void fill(unsigned char *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        p[i] = (unsigned char)rnd();
    }
}

/* Encode and decode on every path; all must agree with the expectation. */
static int check_pair(const unsigned char *bin, size_t blen, const char *text)
{
    size_t tlen = strlen(text), k, olen;
    unsigned char buf[4096];

    for (k = 0; k < N_PATHS; k++) {
        if (!tacit_base64_path_supported(paths[k])) {
            continue;
        }
        memset(buf, 0xAA, sizeof(buf));
        if (tacit_base64_encode_path(paths[k], bin, blen, buf, sizeof(buf), &olen) != 0 ||
            olen != tlen || memcmp(buf, text, tlen) != 0) {
            printf("\n    encode path %d: \"%s\"", paths[k], text);
            return 0;
        }
        memset(buf, 0xAA, sizeof(buf));
        if (tacit_base64_decode_path(paths[k], (const unsigned char *)text, tlen, buf, sizeof(buf),
                                     &olen) != 0 ||
            olen != blen || (blen > 0 && memcmp(buf, bin, blen) != 0)) {
            printf("\n    decode path %d: \"%s\"", paths[k], text);
            return 0;
        }
    }
    return 1;
}

/* Decode on every path: all must return `want` (and agree on the output). */
static int check_decode(const unsigned char *in, size_t len, int want)
{
    size_t k, olen;
    unsigned char buf[4096];

    for (k = 0; k < N_PATHS; k++) {
        int ret;
        if (!tacit_base64_path_supported(paths[k])) {
            continue;
        }
        memset(buf, 0xAA, sizeof(buf));
        ret = tacit_base64_decode_path(paths[k], in, len, buf, sizeof(buf), &olen);
        if (ret != want) {
            printf("\n    path %d: got -0x%04x, want -0x%04x for \"%.*s\"", paths[k],
                   (unsigned)-ret, (unsigned)-want, (int)len, (const char *)in);
            return 0;
        }
        if (ret != 0) {
            size_t i;
            for (i = 0; i < sizeof(buf); i++) {
                if (buf[i] != 0 && buf[i] != 0xAA) {
                    printf("\n    path %d: output not wiped after an error", paths[k]);
                    return 0;
                }
            }
        }
    }
    return 1;
}

static void test_rfc4648(void)
{
    static const char *const v[][2] = {
        { "", "" },
        { "f", "Zg==" },
        { "fo", "Zm8=" },
        { "foo", "Zm9v" },
        { "foob", "Zm9vYg==" },
        { "fooba", "Zm9vYmE=" },
        { "foobar", "Zm9vYmFy" },
    };
    size_t i;

    for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
        TEST_ASSERT(check_pair((const unsigned char *)v[i][0], strlen(v[i][0]), v[i][1]));
    }
exit:;
}

static void test_rfc4648_file(void)
{
    size_t len, n = 0;
    char *data = (char *)test_read_shared("vectors/base64/rfc4648_section10.txt", &len);
    char *line, *save = NULL;

    if (data == NULL) {
        TEST_SKIP("../shared/vectors/base64/rfc4648_section10.txt missing (embedded copy tested)");
    }
    for (line = strtok_r(data, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save)) {
        char a[256], b[256];
        if (line[0] == '#' || sscanf(line, "%255s %255s", a, b) != 2) {
            continue;
        }
        TEST_ASSERT(check_pair((const unsigned char *)(strcmp(a, "-") ? a : ""),
                               strcmp(a, "-") ? strlen(a) : 0, strcmp(b, "-") ? b : ""));
        n++;
    }
    TEST_ASSERT(n == 7);
exit:
    free(data);
}

static void test_valid_file(void)
{
    size_t len, n = 0;
    char *data = (char *)test_read_shared("vectors/base64/base64_valid.txt", &len);
    char *line, *save = NULL;
    unsigned char *bin = NULL;

    if (data == NULL) {
        TEST_SKIP("../shared/vectors/base64 missing");
    }
    for (line = strtok_r(data, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save)) {
        char *sp = strchr(line, ' ');
        size_t blen;
        if (line[0] == '#' || sp == NULL) {
            continue;
        }
        *sp = '\0';
        bin = test_unhex(line, &blen);
        TEST_ASSERT(bin != NULL);
        TEST_ASSERT(check_pair(bin, blen, strcmp(sp + 1, "-") ? sp + 1 : ""));
        free(bin);
        bin = NULL;
        n++;
    }
    TEST_ASSERT(n == 24);
exit:
    free(bin);
    free(data);
}

static void test_invalid_file(void)
{
    size_t len, n = 0;
    char *data = (char *)test_read_shared("vectors/base64/base64_invalid.txt", &len);
    char *line, *save = NULL;
    unsigned char *in = NULL;

    if (data == NULL) {
        TEST_SKIP("../shared/vectors/base64 missing");
    }
    for (line = strtok_r(data, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save)) {
        char cat[16], hex[256];
        size_t ilen;
        int want;
        if (line[0] == '#' || sscanf(line, "%15s %255s", cat, hex) != 2) {
            continue;
        }
        in = test_unhex(hex, &ilen);
        TEST_ASSERT(in != NULL);
        if (strcmp(cat, "len") == 0) {
            want = TACIT_ERR_BASE64_BAD_LENGTH;
        } else if (strcmp(cat, "char") == 0) {
            want = TACIT_ERR_BASE64_INVALID_CHARACTER;
        } else if (strcmp(cat, "pad") == 0) {
            want = TACIT_ERR_BASE64_BAD_PADDING;
        } else if (strcmp(cat, "bits") == 0) {
            want = TACIT_ERR_BASE64_NONCANONICAL;
        } else {
            /* ws: tacit accepts "\n" / "\r\n" after whole groups (test_line_breaks);
               the rest must still be rejected */
            int r;
            size_t olen;
            unsigned char out[64];
            r = tacit_base64_decode(in, ilen, out, sizeof(out), &olen);
            if (memchr(in, ' ', ilen) || memchr(in, '\t', ilen)) {
                TEST_ASSERT(r != 0);
            } else {
                /* only line breaks: accepted exactly when each follows a whole group of 4
                   (base64.h); "Zm9vYg=\n=" breaks a group */
                size_t i, chars = 0;
                int ok = 1;
                for (i = 0; i < ilen; i++) {
                    if (in[i] == '\r' && i + 1 < ilen && in[i + 1] == '\n') {
                        continue;
                    }
                    if (in[i] == '\n') {
                        ok &= chars % 4 == 0;
                    } else {
                        chars++;
                    }
                }
                TEST_EQUAL(r == 0, ok);
            }
            free(in);
            in = NULL;
            n++;
            continue;
        }
        TEST_ASSERT(check_decode(in, ilen, want));
        free(in);
        in = NULL;
        n++;
    }
    TEST_ASSERT(n == 50);
exit:
    free(in);
    free(data);
}

static void test_line_breaks(void)
{
    static const struct {
        const char *in;
        int ret;
        const char *out;
    } v[] = {
        { "Zm9v\nYg==", 0, "foob" },
        { "Zm9v\r\nYg==\r\n", 0, "foob" },
        { "Zm9vYmFy\n", 0, "foobar" },
        { "\nZm9v\n\nYmFy\n\n", 0, "foobar" },
        { "\n", 0, "" },
        { "\r\n\r\n", 0, "" },
        { "Zm9v\x0aYg==", 0, "foob" },
        { "Zm\n9v", TACIT_ERR_BASE64_BAD_LENGTH, NULL },
        { "Zm9vYg=\n=", TACIT_ERR_BASE64_BAD_LENGTH, NULL },
        { "Zm9vY\ng==", TACIT_ERR_BASE64_BAD_LENGTH, NULL },
        { "Zm9v\rYg==", TACIT_ERR_BASE64_BAD_LENGTH, NULL },
        { "Zm9v\rYg=", TACIT_ERR_BASE64_INVALID_CHARACTER, NULL },
        { "Zm9v\r", TACIT_ERR_BASE64_BAD_LENGTH, NULL },
        { "Zm9v\n\r", TACIT_ERR_BASE64_BAD_LENGTH, NULL },
        { "Zm9vYg=\r", TACIT_ERR_BASE64_BAD_PADDING, NULL },
        { "Zm9v Yg==", TACIT_ERR_BASE64_BAD_LENGTH, NULL },
        { "Zm9v Yg=", TACIT_ERR_BASE64_INVALID_CHARACTER, NULL },
        { "Zm9v\tYg=", TACIT_ERR_BASE64_INVALID_CHARACTER, NULL },
        { "Zm9vYmFy\r\n\r", TACIT_ERR_BASE64_BAD_LENGTH, NULL },
        { " Zm9v", TACIT_ERR_BASE64_BAD_LENGTH, NULL },
        { "Zg==\n", 0, "f" },
        { "Zg==\nZg==", TACIT_ERR_BASE64_BAD_PADDING, NULL },
    };
    size_t i;

    for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
        TEST_ASSERT(check_decode((const unsigned char *)v[i].in, strlen(v[i].in), v[i].ret));
        if (v[i].out != NULL) {
            unsigned char out[32];
            size_t olen;
            TEST_EQUAL(tacit_base64_decode((const unsigned char *)v[i].in, strlen(v[i].in), out,
                                           sizeof(out), &olen),
                       0);
            TEST_MEM_EQ(out, olen, v[i].out, strlen(v[i].out));
        }
    }
exit:;
}

static void test_buffer_sizes(void)
{
    const unsigned char *txt = (const unsigned char *)"Zm9v\r\nYmFy\nYg==\n";
    unsigned char out[16];
    size_t olen = 0;

    TEST_EQUAL(tacit_base64_decode(txt, strlen((const char *)txt), NULL, 0, &olen),
               TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(olen, 7);
    memset(out, 0xAA, sizeof(out));
    TEST_EQUAL(tacit_base64_decode(txt, strlen((const char *)txt), out, 6, &olen),
               TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(olen, 7);
    TEST_ASSERT(memcmp(out, "\0\0\0\0\0\0\xAA", 7) == 0); /* what was written is wiped */
    TEST_EQUAL(tacit_base64_decode(txt, strlen((const char *)txt), out, 7, &olen), 0);
    TEST_MEM_EQ(out, olen, "foobarb", 7);
    TEST_EQUAL(tacit_base64_decode(NULL, 0, NULL, 0, &olen), 0);
    TEST_EQUAL(olen, 0);
    TEST_EQUAL(tacit_base64_decode(txt, 4, out, sizeof(out), NULL), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_base64_decode(NULL, 4, out, sizeof(out), &olen), TACIT_ERR_BAD_INPUT);

    TEST_EQUAL(tacit_base64_encode((const unsigned char *)"foob", 4, NULL, 0, &olen),
               TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(olen, 8);
    TEST_EQUAL(tacit_base64_encode((const unsigned char *)"foob", 4, out, 7, &olen),
               TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(tacit_base64_encode((const unsigned char *)"foob", 4, out, 8, &olen), 0);
    TEST_MEM_EQ(out, olen, "Zm9vYg==", 8);
    TEST_EQUAL(tacit_base64_encode(NULL, 0, NULL, 0, &olen), 0);
    TEST_EQUAL(olen, 0);
    TEST_EQUAL(tacit_base64_encode(NULL, 1, out, sizeof(out), &olen), TACIT_ERR_BAD_INPUT);

    TEST_EQUAL(
        tacit_base64_encode_lines((const unsigned char *)"foobar", 6, 4, out, sizeof(out), &olen),
        0);
    TEST_MEM_EQ(out, olen, "Zm9v\nYmFy\n", 10);
    TEST_EQUAL(
        tacit_base64_encode_lines((const unsigned char *)"foobar", 6, 6, out, sizeof(out), &olen),
        TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(
        tacit_base64_encode_lines((const unsigned char *)"foobar", 6, 0, out, sizeof(out), &olen),
        TACIT_ERR_BAD_INPUT);
exit:;
}

/* Every length 0..1000: every path encodes the same, decodes back, with and without lines. */
static void test_round_trip(void)
{
    unsigned char bin[1000], ref[1400], txt[1400], back[1000], lines[1500];
    size_t len, k, rlen = 0, tlen, blen, llen;

    for (len = 0; len <= 1000; len++) {
        fill(bin, len);
        for (k = 0; k < N_PATHS; k++) {
            if (!tacit_base64_path_supported(paths[k])) {
                continue;
            }
            TEST_EQUAL(tacit_base64_encode_path(paths[k], bin, len, txt, sizeof(txt), &tlen), 0);
            if (k == 0) {
                memcpy(ref, txt, tlen);
                rlen = tlen;
            }
            TEST_MEM_EQ(txt, tlen, ref, rlen);
            /* exact-size destination: no kernel may overrun it */
            TEST_EQUAL(tacit_base64_decode_path(paths[k], txt, tlen, back, len, &blen), 0);
            TEST_MEM_EQ(back, blen, bin, len);
        }
#if defined(TACIT_HAVE_OPENSSL)
        {
            unsigned char o[1400];
            int n = EVP_EncodeBlock(o, bin, (int)len);
            TEST_MEM_EQ(ref, rlen, o, (size_t)n);
        }
#endif
        TEST_EQUAL(
            tacit_base64_encode_lines(bin, len, len % 2 ? 64 : 76, lines, sizeof(lines), &llen), 0);
        for (k = 0; k < N_PATHS; k++) {
            if (!tacit_base64_path_supported(paths[k])) {
                continue;
            }
            TEST_EQUAL(tacit_base64_decode_path(paths[k], lines, llen, back, len, &blen), 0);
            TEST_MEM_EQ(back, blen, bin, len);
            if (len > 0) {
                size_t z;
                memset(back, 0xAA, len);
                TEST_EQUAL(tacit_base64_decode_path(paths[k], lines, llen, back, len - 1, &blen),
                           TACIT_ERR_BUFFER_TOO_SMALL);
                TEST_EQUAL(blen, len);
                for (z = 0; z < len; z++) {
                    TEST_ASSERT(back[z] == 0 || back[z] == 0xAA); /* written bytes wiped */
                }
            }
        }
    }
exit:;
}

/* Every byte of a valid text replaced by every other byte: rejected, or a different result. */
static void test_corruption(void)
{
    unsigned char bin[100], txt[200], bad[200], out[200];
    size_t tlen, olen, i, k;
    unsigned v;

    fill(bin, sizeof(bin));
    TEST_EQUAL(tacit_base64_encode_lines(bin, 98, 64, txt, sizeof(txt), &tlen), 0);
    for (i = 0; i < tlen; i++) {
        for (v = 0; v < 256; v++) {
            if (v == txt[i]) {
                continue;
            }
            memcpy(bad, txt, tlen);
            bad[i] = (unsigned char)v;
            for (k = 0; k < N_PATHS; k++) {
                int r;
                if (!tacit_base64_path_supported(paths[k])) {
                    continue;
                }
                r = tacit_base64_decode_path(paths[k], bad, tlen, out, sizeof(out), &olen);
                TEST_ASSERT(r != 0 || olen != 98 || memcmp(out, bin, 98) != 0);
            }
        }
    }
exit:;
}

/* Random texts with random defects: every path gives the same verdict and output. */
static void test_paths_agree(void)
{
    static const char extra[] = "=\n\r -_.\x80\xff";
    unsigned char bin[600], txt[1100], ref[700], out[700];
    size_t round, tlen, k;

    for (round = 0; round < 3000; round++) {
        size_t blen = rnd() % 600, rlen = 0, olen, nbad = rnd() % 3, j;
        int rref = 0;
        fill(bin, blen);
        TEST_EQUAL(tacit_base64_encode_lines(bin, blen, round % 3 ? 64 : 4 * (1 + rnd() % 30), txt,
                                             sizeof(txt), &tlen),
                   0);
        for (j = 0; j < nbad && tlen > 0; j++) {
            txt[rnd() % tlen] = (unsigned char)extra[rnd() % (sizeof(extra) - 1)];
        }
        for (k = 0; k < N_PATHS; k++) {
            int r;
            if (!tacit_base64_path_supported(paths[k])) {
                continue;
            }
            r = tacit_base64_decode_path(paths[k], txt, tlen, out, sizeof(out), &olen);
            if (k == 0) {
                rref = r;
                rlen = olen;
                memcpy(ref, out, r == 0 ? olen : 0);
                if (nbad == 0) {
                    TEST_EQUAL(r, 0);
                }
            }
            TEST_EQUAL(r, rref);
            if (r == 0) {
                TEST_MEM_EQ(out, olen, ref, rlen);
            }
        }
    }
exit:;
}

/* 1 MiB single line and 64-column: the wide kernels over a long run. */
static void test_large(void)
{
    size_t n = 1 << 20, tlen, llen, olen, k;
    unsigned char *bin = malloc(n), *txt = malloc(n / 3 * 4 + 8),
                  *lines = malloc(n / 3 * 4 * 66 / 64 + 16), *back = malloc(n);

    TEST_ASSERT(bin != NULL && txt != NULL && lines != NULL && back != NULL);
    fill(bin, n);
    TEST_EQUAL(tacit_base64_encode(bin, n, txt, n / 3 * 4 + 8, &tlen), 0);
    TEST_EQUAL(tacit_base64_encode_lines(bin, n, 64, lines, n / 3 * 4 * 66 / 64 + 16, &llen), 0);
    for (k = 0; k < N_PATHS; k++) {
        if (!tacit_base64_path_supported(paths[k])) {
            continue;
        }
        TEST_EQUAL(tacit_base64_decode_path(paths[k], txt, tlen, back, n, &olen), 0);
        TEST_MEM_EQ(back, olen, bin, n);
        TEST_EQUAL(tacit_base64_decode_path(paths[k], lines, llen, back, n, &olen), 0);
        TEST_MEM_EQ(back, olen, bin, n);
    }
    /* one bad character at the very end: rejected, nothing left in dst */
    txt[tlen - 5] = '*';
    TEST_EQUAL(tacit_base64_decode(txt, tlen, back, n, &olen), TACIT_ERR_BASE64_INVALID_CHARACTER);
    for (k = 0; k < n; k++) {
        TEST_ASSERT(back[k] == 0);
    }
exit:
    free(bin);
    free(txt);
    free(lines);
    free(back);
}

static void test_paths_listed(void)
{
    size_t k;
    for (k = 0; k < N_PATHS; k++) {
        printf(" %d:%s", paths[k], tacit_base64_path_supported(paths[k]) ? "yes" : "no");
    }
}

/* The library's own CPUID probe agrees with the compiler's (x86 only). */
static void test_cpu_probe(void)
{
#if defined(TACIT_BASE64_HAVE_X86)
    __builtin_cpu_init();
    TEST_EQUAL(tacit_base64_path_supported(TACIT_BASE64_PATH_SSSE3),
               __builtin_cpu_supports("ssse3") ? 1 : 0);
    TEST_EQUAL(tacit_base64_path_supported(TACIT_BASE64_PATH_AVX2),
               __builtin_cpu_supports("avx2") ? 1 : 0);
#else
    TEST_SKIP("no x86 SIMD paths in this build");
#endif
exit:;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_paths_listed);
    RUN_TEST(test_cpu_probe);
    RUN_TEST(test_rfc4648);
    RUN_TEST(test_rfc4648_file);
    RUN_TEST(test_valid_file);
    RUN_TEST(test_invalid_file);
    RUN_TEST(test_line_breaks);
    RUN_TEST(test_buffer_sizes);
    RUN_TEST(test_round_trip);
    RUN_TEST(test_corruption);
    RUN_TEST(test_paths_agree);
    RUN_TEST(test_large);
    return TEST_MAIN_END();
}
