/*
 * base64 / PEM constant-flow: the per-character mappings on every byte, and
 * whole encodes and decodes of key-like data on every path (scalar, SWAR,
 * SSSE3, AVX2 as the CPU allows) with the ENTIRE input marked secret: valgrind
 * must see no branch and no address computed from it, other than through
 * tacit_ct_declassify (positions of '=' and line breaks, the verdict).
 * --negative decodes with a 256-entry table indexed by the secret
 * characters, which valgrind must flag.
 */
#include "harness.h"

#include "encoding/base64_internal.h"
#include "tacit/base64.h"
#include "tacit/pem.h"

static const int paths[] = { TACIT_BASE64_PATH_SCALAR, TACIT_BASE64_PATH_SWAR,
                             TACIT_BASE64_PATH_SSSE3, TACIT_BASE64_PATH_AVX2 };
#define N_PATHS (sizeof(paths) / sizeof(paths[0]))

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void key_like(unsigned char *p, size_t n)
{
    size_t i;
    uint32_t x = 0x12345678u;
    for (i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        p[i] = (unsigned char)(x >> 16);
    }
}

static void test_char_mappings(void)
{
    uint32_t c, v;

    for (c = 0; c < 256; c++) {
        uint32_t sc = c, inv = 0, got;
        const char *pos = c != 0 ? strchr(alphabet, (int)c) : NULL;
        TACIT_TEST_CF_SECRET(&sc, sizeof(sc));
        got = tacit_base64_dec_char(sc, &inv);
        TACIT_TEST_CF_PUBLIC(&got, sizeof(got));
        TACIT_TEST_CF_PUBLIC(&inv, sizeof(inv));
        if (pos != NULL) {
            TEST_EQUAL(got, pos - alphabet);
            TEST_EQUAL(inv, 0);
        } else {
            TEST_EQUAL(inv, 0xFFFFFFFFu);
        }
    }
    for (v = 0; v < 64; v++) {
        uint32_t sv = v, got;
        TACIT_TEST_CF_SECRET(&sv, sizeof(sv));
        got = tacit_base64_enc_char(sv);
        TACIT_TEST_CF_PUBLIC(&got, sizeof(got));
        TEST_EQUAL(got, (unsigned char)alphabet[v]);
    }
exit:;
}

/* Encode and decode a 1217-byte "private key" on each path, all secret. */
static void test_whole_buffers(void)
{
    unsigned char key[1217], txt[1700], lines[1800], crlf[1900], out[1300];
    size_t tlen, llen, clen = 0, olen, k, j;
    int r;

    key_like(key, sizeof(key));
    TEST_EQUAL(tacit_base64_encode(key, sizeof(key), txt, sizeof(txt), &tlen), 0);
    TEST_EQUAL(tacit_base64_encode_lines(key, sizeof(key), 64, lines, sizeof(lines), &llen), 0);
    for (j = 0; j < llen; j++) { /* the same with "\r\n" line ends */
        if (lines[j] == '\n') {
            crlf[clen++] = '\r';
        }
        crlf[clen++] = lines[j];
    }
    for (k = 0; k < N_PATHS; k++) {
        unsigned char enc[1700];
        size_t elen;
        if (!tacit_base64_path_supported(paths[k])) {
            continue;
        }
        TACIT_TEST_CF_SECRET(key, sizeof(key));
        TEST_EQUAL(tacit_base64_encode_path(paths[k], key, sizeof(key), enc, sizeof(enc), &elen),
                   0);
        TACIT_TEST_CF_PUBLIC(enc, elen);
        TACIT_TEST_CF_PUBLIC(key, sizeof(key));
        TEST_MEM_EQ(enc, elen, txt, tlen);

        /* one line (out with room to spare), 64-character lines and CRLF lines (out exact) */
        for (j = 0; j < 3; j++) {
            const unsigned char *in = j == 0 ? txt : j == 1 ? lines : crlf;
            size_t in_len = j == 0 ? tlen : j == 1 ? llen : clen;
            TACIT_TEST_CF_SECRET(in, in_len);
            r = tacit_base64_decode_path(paths[k], in, in_len, out,
                                         j == 0 ? sizeof(out) : sizeof(key), &olen);
            TACIT_TEST_CF_PUBLIC(in, in_len);
            TEST_EQUAL(r, 0);
            TACIT_TEST_CF_PUBLIC(out, olen);
            TEST_MEM_EQ(out, olen, key, sizeof(key));
        }

        /* a bad character and non-canonical bits: only the verdict comes out */
        TACIT_TEST_CF_PUBLIC(txt, tlen);
        txt[100] = '*';
        TACIT_TEST_CF_SECRET(txt, tlen);
        r = tacit_base64_decode_path(paths[k], txt, tlen, out, sizeof(out), &olen);
        TEST_EQUAL(r, TACIT_ERR_BASE64_INVALID_CHARACTER);
        TACIT_TEST_CF_PUBLIC(txt, tlen);
        txt[100] = 'A';
        TACIT_TEST_CF_SECRET(txt, tlen);
        r = tacit_base64_decode_path(paths[k], txt, tlen, out, sizeof(out), &olen);
        TACIT_TEST_CF_PUBLIC(txt, tlen);
        TEST_ASSERT(r == 0 || r == TACIT_ERR_BASE64_NONCANONICAL);
        TEST_EQUAL(tacit_base64_encode(key, sizeof(key), txt, sizeof(txt), &tlen), 0);
    }
exit:
    TACIT_TEST_CF_PUBLIC(key, sizeof(key));
    TACIT_TEST_CF_PUBLIC(txt, sizeof(txt));
    TACIT_TEST_CF_PUBLIC(lines, sizeof(lines));
    TACIT_TEST_CF_PUBLIC(crlf, sizeof(crlf));
}

/*
 * A key-like DER of key_len bytes in key[], written as a "PRIVATE KEY" PEM
 * into pem[0 .. size): its length, and where the body starts and ends.
 */
static int key_pem(unsigned char *key, size_t key_len, unsigned char *pem, size_t size, size_t *len,
                   size_t *body, size_t *end)
{
    key_like(key, key_len);
    if (tacit_pem_write("PRIVATE KEY", key, key_len, pem, size, len) != 0) {
        return 0;
    }
    *body = strlen("-----BEGIN PRIVATE KEY-----\n");
    *end = *len - strlen("-----END PRIVATE KEY-----\n");
    return 1;
}

/* tacit_pem_read of text[0 .. len) with text[from .. to) secret: all of it read, giving key. */
static int read_secret_body(const unsigned char *text, size_t len, size_t from, size_t to,
                            const unsigned char *key, size_t key_len)
{
    tacit_pem_block b = { "", NULL, 0 };
    size_t consumed = 0;
    int r, ok = 0;

    TACIT_TEST_CF_SECRET(text + from, to - from);
    r = tacit_pem_read("PRIVATE KEY", text, len, &b, &consumed);
    TACIT_TEST_CF_PUBLIC(text, len);
    TEST_EQUAL(r, 0);
    TEST_EQUAL(consumed, len);
    TACIT_TEST_CF_PUBLIC(b.der, b.der_len);
    TEST_MEM_EQ(b.der, b.der_len, key, key_len);
    ok = 1;
exit:
    tacit_pem_block_free(&b);
    return ok;
}

/* A PEM private key with its body secret (the frame is public). */
static void test_pem_body(void)
{
    unsigned char key[1191], pem[2000];
    size_t wlen, body, end;

    TEST_ASSERT(key_pem(key, sizeof(key), pem, sizeof(pem), &wlen, &body, &end));
    TEST_ASSERT(read_secret_body(pem, wlen, body, end, key, sizeof(key)));
exit:;
}

/*
 * The same key with whitespace in its body (RFC 7468's lax form): a tab
 * before each line, a space inside its first group, trailing spaces and CRLF.
 * Only which bytes are whitespace is declassified.
 */
static void test_pem_body_whitespace(void)
{
    unsigned char key[1191], pem[2000], lax[3000];
    size_t wlen, body, end, i, o;

    TEST_ASSERT(key_pem(key, sizeof(key), pem, sizeof(pem), &wlen, &body, &end));
    memcpy(lax, pem, body);
    o = body;
    for (i = body; i < end; i += 65) { /* lines of 64 characters and "\n" */
        size_t n = end - i < 65 ? end - i - 1 : 64;
        lax[o++] = '\t';
        memcpy(lax + o, pem + i, 2);
        lax[o + 2] = ' ';
        memcpy(lax + o + 3, pem + i + 2, n - 2);
        o += n + 1;
        memcpy(lax + o, "  \r\n", 4);
        o += 4;
    }
    memcpy(lax + o, pem + end, wlen - end);
    TEST_ASSERT(read_secret_body(lax, o + wlen - end, body, o, key, sizeof(key)));
exit:;
}

/*
 * Negative control for the lax path: a whitespace stripper that branches on
 * each secret character's class without declassifying it.
 */
static void test_negative_branchy_strip(void)
{
    unsigned char txt[80], out[80];
    size_t i, tlen, n = 0;

    key_like(out, 45);
    TEST_EQUAL(tacit_base64_encode(out, 45, txt, sizeof(txt), &tlen), 0);
    txt[10] = ' ';
    TACIT_TEST_CF_SECRET(txt, tlen);
    for (i = 0; i < tlen; i++) {
        if (txt[i] != ' ' && txt[i] != '\t') {
            out[n++] = txt[i];
        }
    }
    TACIT_TEST_CF_PUBLIC(txt, tlen);
    TACIT_TEST_CF_PUBLIC(out, sizeof(out));
    TEST_EQUAL(n, tlen - 1);
exit:;
}

/* Negative control: the classic table decoder, indexed by secret characters. */
static void test_negative_table_decoder(void)
{
    unsigned char table[256], txt[64], out[48];
    size_t i, tlen;
    uint32_t acc = 0;

    memset(table, 0xFF, sizeof(table));
    for (i = 0; i < 64; i++) {
        table[(unsigned char)alphabet[i]] = (unsigned char)i;
    }
    key_like(out, 45);
    TEST_EQUAL(tacit_base64_encode(out, 45, txt, sizeof(txt), &tlen), 0);
    TACIT_TEST_CF_SECRET(txt, tlen);
    for (i = 0; i + 4 <= tlen; i += 4) {
        uint32_t w = ((uint32_t)table[txt[i]] << 18) | ((uint32_t)table[txt[i + 1]] << 12) |
                     ((uint32_t)table[txt[i + 2]] << 6) | table[txt[i + 3]];
        out[i / 4 * 3] = (unsigned char)(w >> 16);
        acc |= w;
    }
    TACIT_TEST_CF_PUBLIC(&acc, sizeof(acc));
    TACIT_TEST_CF_PUBLIC(txt, tlen);
    TEST_ASSERT(acc != 0);
exit:;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    if (test_has_option("--negative")) {
        RUN_TEST(test_negative_table_decoder);
        RUN_TEST(test_negative_branchy_strip);
        return TEST_MAIN_END();
    }
    RUN_TEST(test_char_mappings);
    RUN_TEST(test_whole_buffers);
    RUN_TEST(test_pem_body);
    RUN_TEST(test_pem_body_whitespace);
    return TEST_MAIN_END();
}
