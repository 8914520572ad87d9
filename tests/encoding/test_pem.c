#define _DEFAULT_SOURCE
/*
 * PEM: every interop *.pem (OpenSSL-made) decodes to its .der; CRLF,
 * preamble and `x509 -text` variants; broken/ files rejected with the right
 * error; the label policy; bundles iterated; tacit_pem_write reproduces
 * OpenSSL's files byte for byte; write/read round trips.
 */
#include <dirent.h>

#include "harness.h"

#include "tacit/pem.h"
#include "tacit/pk.h"

static unsigned char *read_interop(const char *name, size_t *len)
{
    char rel[512];
    snprintf(rel, sizeof(rel), "interop/%s", name);
    return test_read_shared(rel, len);
}

/* The .der made from the same key/cert as a .pem, by name. */
static void der_name(const char *pem, char *out, size_t outlen)
{
    static const char *const variants[] = { ".crlf.pem", ".preamble.pem", ".with-text.pem",
                                            ".pem" };
    size_t i, n = strlen(pem);

    for (i = 0; i < sizeof(variants) / sizeof(variants[0]); i++) {
        size_t v = strlen(variants[i]);
        if (n > v && strcmp(pem + n - v, variants[i]) == 0) {
            snprintf(out, outlen, "%.*s.der", (int)(n - v), pem);
            return;
        }
    }
    out[0] = '\0';
}

static void test_interop_files(void)
{
    DIR *d = NULL;
    struct dirent *e;
    size_t checked = 0, with_der = 0;
    unsigned char *pem = NULL, *der = NULL;
    tacit_pem_block b = { "", NULL, 0 };

    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared missing");
    }
    {
        char dir[4096];
        snprintf(dir, sizeof(dir), "%s/interop", test_shared_dir());
        d = opendir(dir);
    }
    TEST_ASSERT(d != NULL);
    while ((e = readdir(d)) != NULL) {
        size_t plen, dlen, off = 0, consumed, blocks = 0;
        char dname[512];
        size_t n = strlen(e->d_name);
        if (n < 4 || strcmp(e->d_name + n - 4, ".pem") != 0) {
            continue;
        }
        pem = read_interop(e->d_name, &plen);
        TEST_ASSERT(pem != NULL);
        for (;;) {
            int r = tacit_pem_read(NULL, pem + off, plen - off, &b, &consumed);
            if (r == TACIT_ERR_PEM_NO_BLOCK) {
                break;
            }
            if (r != 0) {
                printf("\n    %s block %zu: -0x%04x", e->d_name, blocks, (unsigned)-r);
            }
            TEST_EQUAL(r, 0);
            TEST_ASSERT(b.der_len > 0 && b.der[0] == 0x30); /* a DER SEQUENCE */
            if (blocks == 0) {
                der_name(e->d_name, dname, sizeof(dname));
                der = read_interop(dname, &dlen);
                if (der != NULL) {
                    TEST_MEM_EQ(b.der, b.der_len, der, dlen);
                    with_der++;
                    free(der);
                    der = NULL;
                }
            }
            tacit_pem_block_free(&b);
            blocks++;
            off += consumed;
        }
        TEST_ASSERT(blocks >= 1);
        if (strcmp(e->d_name, "dev-roots.pem") == 0) {
            TEST_EQUAL(blocks, 7);
        }
        free(pem);
        pem = NULL;
        checked++;
    }
    printf(" (%zu files, %zu compared with .der)", checked, with_der);
    TEST_ASSERT(checked >= 40);
    TEST_ASSERT(with_der >= 30);
exit:
    tacit_pem_block_free(&b);
    if (d != NULL) {
        closedir(d);
    }
    free(pem);
    free(der);
}

static void test_broken(void)
{
    static const struct {
        const char *file, *label;
        int ret;
    } v[] = {
        { "broken/rsa2048.key.bad-b64char.pem", NULL, TACIT_ERR_BASE64_INVALID_CHARACTER },
        { "broken/p256.pub.bad-b64char.pem", NULL, TACIT_ERR_BASE64_INVALID_CHARACTER },
        { "broken/rsa2048.pub.bad-padding.pem", NULL, TACIT_ERR_BASE64_BAD_PADDING },
        { "broken/rsa2048.key.mismatched-footer.pem", NULL, TACIT_ERR_PEM_LABEL_MISMATCH },
        { "broken/rsa2048.key.bad-dashes.pem", NULL, TACIT_ERR_PEM_BAD_HEADER },
        { "broken/rsa2048.key.no-footer.pem", NULL, TACIT_ERR_PEM_NO_FOOTER },
        { "broken/rsa2048.key.ec-label.pem", "RSA PRIVATE KEY", TACIT_ERR_PEM_UNEXPECTED_LABEL },
        { "broken/rsa2048.pub.cert-label.pem", "PUBLIC KEY", TACIT_ERR_PEM_UNEXPECTED_LABEL },
        { "broken/rsa2048.pub.wrong-label.pem", "PUBLIC KEY", TACIT_ERR_PEM_UNEXPECTED_LABEL },
        { "rsa2048.key.pem", "PRIVATE KEY", TACIT_ERR_PEM_UNEXPECTED_LABEL },
        { "rsa2048.pkcs8.pem", "RSA PRIVATE KEY", TACIT_ERR_PEM_UNEXPECTED_LABEL },
        { "rsa2048.key.pem", "RSA PRIVATE KEY", 0 },
        { "p256.sec1.pem", "EC PRIVATE KEY", 0 },
        { "rsa2048.pub.crlf.pem", "PUBLIC KEY", 0 },
        { "rsa2048.pub.preamble.pem", "PUBLIC KEY", 0 },
        { "p256.crt.with-text.pem", "CERTIFICATE", 0 },
    };
    size_t i, len, consumed;
    unsigned char *pem = NULL;
    tacit_pem_block b = { "", NULL, 0 };

    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared missing");
    }
    for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
        int r;
        pem = read_interop(v[i].file, &len);
        TEST_ASSERT(pem != NULL);
        r = tacit_pem_read(v[i].label, pem, len, &b, &consumed);
        if (r != v[i].ret) {
            printf("\n    %s", v[i].file);
        }
        TEST_EQUAL(r, v[i].ret);
        if (r != 0) {
            TEST_ASSERT(b.der == NULL);
        } else {
            TEST_EQUAL(consumed, len);
        }
        if (r == TACIT_ERR_PEM_UNEXPECTED_LABEL) {
            TEST_EQUAL(consumed, len); /* the caller may skip the block */
        }
        tacit_pem_block_free(&b);
        free(pem);
        pem = NULL;
    }
exit:
    tacit_pem_block_free(&b);
    free(pem);
}

static void test_frames(void)
{
    static const struct {
        const char *in;
        int ret;
        const char *label;
    } v[] = {
        { "", TACIT_ERR_PEM_NO_BLOCK, "" },
        { "hello\nworld\n", TACIT_ERR_PEM_NO_BLOCK, "" },
        { "-----BEGIN X-----\nZm9v\n-----END X-----\n", 0, "X" },
        { "-----BEGIN X-----\nZm9v\n-----END X-----", 0, "X" },
        { "-----BEGIN X Y-Z-----  \r\nZm9v\r\n-----END X Y-Z-----\t\r\n", 0, "X Y-Z" },
        { "-----BEGIN X-----\n-----END X-----\n", 0, "X" },
        { "--- a text line\n-----BEGIN X-----\nZm9v\n-----END X-----\n", 0, "X" },
        { "-----BEGIN X------\nZm9v\n-----END X-----\n", TACIT_ERR_PEM_BAD_HEADER, "" },
        { "-----BEGIN X-----junk\nZm9v\n-----END X-----\n", TACIT_ERR_PEM_BAD_HEADER, "" },
        { "-----BEGINX-----\nZm9v\n-----END X-----\n", TACIT_ERR_PEM_BAD_HEADER, "" },
        { "-----BEGIN X\nZm9v\n-----END X-----\n", TACIT_ERR_PEM_BAD_HEADER, "" },
        { "-----BEGIN X-----\nZm9v\n----END X-----\n", TACIT_ERR_PEM_BAD_HEADER, "" },
        { "-----BEGIN X-----\nZm9v\n-----END X----\n", TACIT_ERR_PEM_BAD_HEADER, "" },
        { "-----BEGIN X-----\nZm9v\n-----END Y-----\n", TACIT_ERR_PEM_LABEL_MISMATCH, "" },
        /* issue 39: labels the writer refuses are refused by the reader too */
        { "-----BEGIN -----\nZg==\n-----END -----\n", TACIT_ERR_PEM_BAD_HEADER, "" },
        { "-----BEGIN A--B-----\nZm9v\n-----END A--B-----\n", TACIT_ERR_PEM_BAD_HEADER, "" },
        /* RFC 7468 section 3: at most one '-' or space between two label characters */
        { "-----BEGIN A  B-----\nZm9v\n-----END A  B-----\n", TACIT_ERR_PEM_BAD_HEADER, "" },
        { "-----BEGIN A -B-----\nZm9v\n-----END A -B-----\n", TACIT_ERR_PEM_BAD_HEADER, "" },
        { "-----BEGIN A- B-----\nZm9v\n-----END A- B-----\n", TACIT_ERR_PEM_BAD_HEADER, "" },
        { "-----BEGIN  X-----\nZm9v\n-----END  X-----\n", TACIT_ERR_PEM_BAD_HEADER, "" },
        { "-----BEGIN X -----\nZm9v\n-----END X -----\n", TACIT_ERR_PEM_BAD_HEADER, "" },
        { "-----BEGIN -X-----\nZm9v\n-----END -X-----\n", TACIT_ERR_PEM_BAD_HEADER, "" },
        { "-----BEGIN X-----\nZm9v\n-----END -----\n", TACIT_ERR_PEM_BAD_HEADER, "" },
        { "-----BEGIN X-----\nZm9v\n", TACIT_ERR_PEM_NO_FOOTER, "" },
        { "-----BEGIN X-----\nZm9v\n-----BEGIN X-----\nZm9v\n-----END X-----\n",
          TACIT_ERR_PEM_NO_FOOTER, "" },
        { "-----BEGIN X-----\nZm-v\n-----END X-----\n", TACIT_ERR_BASE64_INVALID_CHARACTER, "" },
        { "-----BEGIN X-----\nZm9\n-----END X-----\n", TACIT_ERR_BASE64_BAD_LENGTH, "" },
        { "-----BEGIN X-----\nProc-Type: 4,ENCRYPTED\n\nZm9v\n-----END X-----\n",
          TACIT_ERR_BASE64_INVALID_CHARACTER, "" },
    };
    size_t i, consumed;
    tacit_pem_block b = { "", NULL, 0 };

    for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
        size_t len = strlen(v[i].in);
        int r = tacit_pem_read(NULL, (const unsigned char *)v[i].in, len, &b, &consumed);
        if (r != v[i].ret) {
            printf("\n    case %zu", i);
        }
        TEST_EQUAL(r, v[i].ret);
        TEST_ASSERT(strcmp(b.label, v[i].label) == 0);
        if (r == 0) {
            TEST_EQUAL(consumed, len);
            TEST_ASSERT(b.der != NULL);
            TEST_MEM_EQ(b.der, b.der_len, "foo", b.der_len == 0 ? 0 : 3);
        }
        tacit_pem_block_free(&b);
    }
    TEST_EQUAL(tacit_pem_read(NULL, NULL, 1, &b, &consumed), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_pem_read(NULL, (const unsigned char *)"x", 1, NULL, &consumed),
               TACIT_ERR_BAD_INPUT);
exit:
    tacit_pem_block_free(&b);
}

/*
 * RFC 7468 section 2/3 (lax parsing): whitespace (space, tab, vertical tab,
 * form feed, CR, LF) anywhere between the body's base64 characters is
 * ignored; every other non-base64 character is still refused.
 */
static void test_lax_whitespace(void)
{
    static const struct {
        const char *body;
        int ret;
        const char *der;
    } v[] = {
        { "\tZm9v\t\n", 0, "foo" },
        { "Zm9v   \n", 0, "foo" },
        { "Zm 9v\n", 0, "foo" },
        { "Zm9v  \r\n", 0, "foo" },
        { "  Zm9v  \r\nYmFy \t\r\n", 0, "foobar" },
        { "Z\vm\f9v\n", 0, "foo" },
        { "Zm\n9v\n", 0, "foo" },
        { "Zm\r\n9v\r\n", 0, "foo" },
        { "Zm9v\n \nYmFy\n", 0, "foobar" },
        { "Zg= =\n", 0, "f" },
        { "Z g = =  \n", 0, "f" },
        { " \t \n", 0, "" },
        { "Zm9v\rYmFy\n", 0, "foobar" },
        /* still refused: other characters, bad lengths, padding, non-canonical */
        { "Zm9v !\n", TACIT_ERR_BASE64_INVALID_CHARACTER, NULL },
        { "Zm 9v\x01\n", TACIT_ERR_BASE64_INVALID_CHARACTER, NULL },
        { "Zm\x00v \n", TACIT_ERR_BASE64_INVALID_CHARACTER, NULL },
        { "Zm_v \n", TACIT_ERR_BASE64_INVALID_CHARACTER, NULL },
        { "Zm9 \n", TACIT_ERR_BASE64_BAD_LENGTH, NULL },
        { "Zm 9v Y\n", TACIT_ERR_BASE64_BAD_LENGTH, NULL },
        { "Z= g= \n", TACIT_ERR_BASE64_BAD_PADDING, NULL },
        { "Zh= =\n", TACIT_ERR_BASE64_NONCANONICAL, NULL },
    };
    size_t i, consumed;
    char in[128];
    tacit_pem_block b = { "", NULL, 0 };

    for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
        size_t len, blen = strlen(v[i].body);
        int r;
        if (strcmp(v[i].body, "Zm") == 0) {
            blen = 6; /* the embedded NUL case */
        }
        memcpy(in, "-----BEGIN X-----\n", 18);
        memcpy(in + 18, v[i].body, blen);
        memcpy(in + 18 + blen, "-----END X-----\n", 16);
        len = 18 + blen + 16;
        r = tacit_pem_read("X", (const unsigned char *)in, len, &b, &consumed);
        if (r != v[i].ret) {
            printf("\n    case %zu", i);
        }
        TEST_EQUAL(r, v[i].ret);
        TEST_EQUAL(consumed, len);
        if (r == 0) {
            TEST_ASSERT(b.der != NULL);
            TEST_MEM_EQ(b.der, b.der_len, v[i].der, strlen(v[i].der));
        } else {
            TEST_ASSERT(b.der == NULL);
        }
        tacit_pem_block_free(&b);
    }
exit:
    tacit_pem_block_free(&b);
}

/*
 * A body line by line: a tab before it, a space inside its first group,
 * trailing spaces and CRLF after it.  The frame lines are kept.
 */
static unsigned char *mangle_body(const unsigned char *pem, size_t len, size_t *out_len)
{
    unsigned char *out = (unsigned char *)malloc(len * 3 + 16);
    size_t i = 0, o = 0;

    if (out == NULL) {
        return NULL;
    }
    while (i < len) {
        const unsigned char *nl = (const unsigned char *)memchr(pem + i, '\n', len - i);
        size_t n = nl != NULL ? (size_t)(nl - (pem + i)) : len - i;
        if (n > 0 && pem[i] != '-') {
            out[o++] = '\t';
            memcpy(out + o, pem + i, n < 2 ? n : 2);
            o += n < 2 ? n : 2;
            out[o++] = ' ';
            if (n > 2) {
                memcpy(out + o, pem + i + 2, n - 2);
                o += n - 2;
            }
            memcpy(out + o, "  \t \r", 5);
            o += 5;
        } else {
            memcpy(out + o, pem + i, n);
            o += n;
        }
        if (nl != NULL) {
            out[o++] = '\n';
            n++;
        }
        i += n;
    }
    *out_len = o;
    return out;
}

/* A PKCS#8 private key (and a SEC1 one) with whitespace in the body loads through tacit_pk. */
static void test_lax_private_key(void)
{
#if defined(TACIT_PK_C) && defined(TACIT_RSA_C) && defined(TACIT_ECP_SECP256R1_C) &&               \
    defined(TACIT_ECP_SECP384R1_C)
    static const char *const files[] = { "p256.pkcs8.pem", "rsa2048.pkcs8.pem", "p384.sec1.pem" };
    unsigned char *pem = NULL, *lax = NULL, *w1 = NULL, *w2 = NULL;
    size_t i, len, llen, n1, n2, consumed;
    tacit_pk_context a, c;
    tacit_pem_block b1 = { "", NULL, 0 }, b2 = { "", NULL, 0 };

    tacit_pk_init(&a);
    tacit_pk_init(&c);
    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared missing");
    }
    for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
        pem = read_interop(files[i], &len);
        TEST_ASSERT(pem != NULL);
        lax = mangle_body(pem, len, &llen);
        TEST_ASSERT(lax != NULL);
        TEST_ASSERT(llen > len);
        TEST_EQUAL(tacit_pem_read(NULL, pem, len, &b1, NULL), 0);
        TEST_EQUAL(tacit_pem_read(NULL, lax, llen, &b2, &consumed), 0);
        TEST_EQUAL(consumed, llen);
        TEST_ASSERT(strcmp(b1.label, b2.label) == 0);
        TEST_MEM_EQ(b1.der, b1.der_len, b2.der, b2.der_len);
        TEST_EQUAL(tacit_pk_parse_private_key(&a, pem, len), 0);
        TEST_EQUAL(tacit_pk_parse_private_key(&c, lax, llen), 0);
        n1 = n2 = 4096;
        w1 = (unsigned char *)malloc(n1);
        w2 = (unsigned char *)malloc(n2);
        TEST_ASSERT(w1 != NULL && w2 != NULL);
        TEST_EQUAL(
            tacit_pk_write(&a, TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_ENCODING_DER, w1, 4096, &n1), 0);
        TEST_EQUAL(
            tacit_pk_write(&c, TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_ENCODING_DER, w2, 4096, &n2), 0);
        TEST_MEM_EQ(w1, n1, w2, n2);
        tacit_pem_block_free(&b1);
        tacit_pem_block_free(&b2);
        tacit_pk_free(&a);
        tacit_pk_free(&c);
        tacit_pk_init(&a);
        tacit_pk_init(&c);
        free(pem);
        free(lax);
        free(w1);
        free(w2);
        pem = lax = w1 = w2 = NULL;
    }
exit:
    tacit_pem_block_free(&b1);
    tacit_pem_block_free(&b2);
    tacit_pk_free(&a);
    tacit_pk_free(&c);
    free(pem);
    free(lax);
    free(w1);
    free(w2);
#else
    (void)mangle_body;
    TEST_SKIP("tacit_pk, RSA, P-256 or P-384 compiled out");
exit:;
#endif
}

/* tacit_pem_write gives OpenSSL's bytes exactly, for every key and cert. */
static void test_write_matches_openssl(void)
{
    static const struct {
        const char *stem, *label;
    } v[] = {
        { "rsa2048.key", "RSA PRIVATE KEY" }, { "rsa4096.pkcs8", "PRIVATE KEY" },
        { "rsa3072.pub", "PUBLIC KEY" },      { "rsa2048.pub.pkcs1", "RSA PUBLIC KEY" },
        { "p256.sec1", "EC PRIVATE KEY" },    { "p521.pkcs8", "PRIVATE KEY" },
        { "p384.crt", "CERTIFICATE" },        { "rsa4096.crt", "CERTIFICATE" },
    };
    size_t i, plen, dlen, wlen;
    unsigned char *pem = NULL, *der = NULL, *out = NULL;
    char name[256];

    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared missing");
    }
    for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
        snprintf(name, sizeof(name), "%s.pem", v[i].stem);
        pem = read_interop(name, &plen);
        snprintf(name, sizeof(name), "%s.der", v[i].stem);
        der = read_interop(name, &dlen);
        TEST_ASSERT(pem != NULL && der != NULL);
        TEST_EQUAL(tacit_pem_write(v[i].label, der, dlen, NULL, 0, &wlen),
                   TACIT_ERR_BUFFER_TOO_SMALL);
        TEST_EQUAL(wlen, plen);
        out = malloc(wlen);
        TEST_ASSERT(out != NULL);
        TEST_EQUAL(tacit_pem_write(v[i].label, der, dlen, out, wlen - 1, &wlen),
                   TACIT_ERR_BUFFER_TOO_SMALL);
        TEST_EQUAL(tacit_pem_write(v[i].label, der, dlen, out, wlen, &wlen), 0);
        TEST_MEM_EQ(out, wlen, pem, plen);
        free(pem);
        free(der);
        free(out);
        pem = der = out = NULL;
    }
exit:
    free(pem);
    free(der);
    free(out);
}

static void test_write_read_round_trip(void)
{
    unsigned char der[300], out[600];
    size_t len, wlen, consumed, i;
    tacit_pem_block b = { "", NULL, 0 };

    for (len = 0; len < sizeof(der); len++) {
        for (i = 0; i < len; i++) {
            der[i] = (unsigned char)(i * 7 + len);
        }
        TEST_EQUAL(tacit_pem_write("TEST DATA", der, len, out, sizeof(out), &wlen), 0);
        TEST_EQUAL(tacit_pem_read("TEST DATA", out, wlen, &b, &consumed), 0);
        TEST_EQUAL(consumed, wlen);
        TEST_MEM_EQ(b.der, b.der_len, der, len);
        tacit_pem_block_free(&b);
    }
    TEST_EQUAL(tacit_pem_write("", der, 1, out, sizeof(out), &wlen), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_pem_write("A--B", der, 1, out, sizeof(out), &wlen), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_pem_write("A  B", der, 1, out, sizeof(out), &wlen), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_pem_write("A -B", der, 1, out, sizeof(out), &wlen), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_pem_write("A- B", der, 1, out, sizeof(out), &wlen), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_pem_write("A-B C", der, 1, out, sizeof(out), &wlen), 0);
    TEST_EQUAL(tacit_pem_write("-AB", der, 1, out, sizeof(out), &wlen), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_pem_write("AB ", der, 1, out, sizeof(out), &wlen), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_pem_write(NULL, der, 1, out, sizeof(out), &wlen), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_pem_write("A\nB", der, 1, out, sizeof(out), &wlen), TACIT_ERR_BAD_INPUT);
exit:
    tacit_pem_block_free(&b);
}

/* The system CA bundle, when there is one: every block is a certificate. */
static void test_system_bundle(void)
{
    FILE *f = fopen("/etc/ssl/certs/ca-certificates.crt", "rb");
    unsigned char *buf = NULL;
    size_t len = 0, off = 0, consumed, n = 0;
    tacit_pem_block b = { "", NULL, 0 };
    long sz;

    if (f == NULL) {
        TEST_SKIP("/etc/ssl/certs/ca-certificates.crt missing");
    }
    TEST_ASSERT(fseek(f, 0, SEEK_END) == 0 && (sz = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0);
    buf = malloc((size_t)sz);
    TEST_ASSERT(buf != NULL && fread(buf, 1, (size_t)sz, f) == (size_t)sz);
    len = (size_t)sz;
    for (;;) {
        int r = tacit_pem_read("CERTIFICATE", buf + off, len - off, &b, &consumed);
        if (r == TACIT_ERR_PEM_NO_BLOCK) {
            break;
        }
        TEST_EQUAL(r, 0);
        tacit_pem_block_free(&b);
        off += consumed;
        n++;
    }
    printf(" (%zu certificates)", n);
    TEST_ASSERT(n >= 100);
exit:
    tacit_pem_block_free(&b);
    if (f != NULL) {
        fclose(f);
    }
    free(buf);
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_interop_files);
    RUN_TEST(test_broken);
    RUN_TEST(test_frames);
    RUN_TEST(test_lax_whitespace);
    RUN_TEST(test_lax_private_key);
    RUN_TEST(test_write_matches_openssl);
    RUN_TEST(test_write_read_round_trip);
    RUN_TEST(test_system_bundle);
    return TEST_MAIN_END();
}
