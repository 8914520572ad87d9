/*
 * Constant-flow test of RSA key loading, deriving and checking (valgrind
 * memcheck, see tests/constant_flow.h): the whole life of a private key
 * before it is used.
 *
 * A 2048-bit key (made for this test with `openssl genrsa 2048`, PKCS#8) is
 * parsed as PKCS#1 and PKCS#8, DER and PEM, with only the contents of the
 * secret INTEGERs (d, p, q, dP, dQ, qInv) marked secret: the framing (tags,
 * lengths, n, e) is public.  In PEM the base64 characters that encode only
 * secret bytes are marked.  The key is also imported from (n, e, d) and from
 * (p, q, e), checked with tacit_rsa_check_priv, and written back
 * (PKCS#1 and PKCS#8 DER, PKCS#1 PEM).  What may become
 * public, only through tacit_ct_declassify: the valid/invalid verdicts, the
 * byte lengths of the integers, and the key's public part.
 *
 * --negative: an early-exit comparison of the secret d, which valgrind must
 * flag.
 */
#include "harness.h"

#include "tacit/pem.h"
#include "tacit/rsa.h"
#include "rsa/rsa_internal.h"

static const char key_pem[] = "-----BEGIN PRIVATE KEY-----\n"
                              "MIIEvwIBADANBgkqhkiG9w0BAQEFAASCBKkwggSlAgEAAoIBAQC8SaFppfaGNtfZ\n"
                              "MyEhhE2ANkCgwkT9yn+yVCptpIsNoRd3HZl+LhD16V5LAmC8nHM36SpVj+UBwUHN\n"
                              "eNPgZd9070iLkLNrzj4xMILu412bn07EK0PiQtXeRmuWAfG3HzYGTrxNDcf+QIsN\n"
                              "NNOYHQL/XUzJEdCrvO3NM3Z90qd2EQtW1OGYHwG/cJfKiUrzF8PytJO80shIifwB\n"
                              "4ftyxAQdw6t6rie+XjfeKkpE70llUVSJ71Mk9JfMAvYpBY2w8Ue3KKcdyzDDzS7x\n"
                              "DM7U5/BKplX6padfzpcBHYhxR9sRsl3milpk6oUrjlxrEDiodOneuBDHBZupU/fC\n"
                              "wTrOmosFAgMBAAECggEAGtFn9qrHUrWEB/Ey4lm8SiswCFWzSuypRIadZnF9xsqv\n"
                              "k205XBIGo2gCYK+thJ/J/2gr+fTdWuMiUrhHgVoxOjAMxqgtDglZrVrqA0mKHyzR\n"
                              "JLq+1/7KBHdGQp7zRTBiWwKi6lywpCOgSpjAHJXhQ+sPkUIC1Ts7KbOPSHuVE4k6\n"
                              "YXs3PZ5Ve4Sx1WJOVQass40FOCOmY/K2+eplgwGJ3K6PsK19Q1Xfe18+LIUhdkU/\n"
                              "GUScyteni1rs/j6dJuRDGD1L+MuhVBFS4nWYIklTHD5vrCs935jlBahSolXpNGDO\n"
                              "y00KPD3wXsQp/EiG/xAdkme8lWzJC4ot28hDuSSqHwKBgQDh47IJZplsIWtf+c+U\n"
                              "PZv0ryxKGxd+IZZiST+3fkqjH/k/22tlDI+h30yJdG08o6d40IztBrclNrhF8WT4\n"
                              "QB/Fa9NN1FIFRpj4GKR5BQasX7D5pnQRM8QDsBlAQPAgQ+lRyjpSV9GzC7QYYd8W\n"
                              "RZVMoRtXh+YthAwNGj3JDZ/OwwKBgQDVYs1CHSgW4ELOJOOulPwSHr/J6JMHWwPr\n"
                              "pnfavbfs75KnpjHFs9GpnI38Y24LLqi1xHHS6jdLM01y4FSCXcmm66ZpZZFM9L75\n"
                              "GoQ11mwGkN2V2akXK61sNPAIw4vBDIGdIbvPr0xV+pg4F/zJJ/KPsSxc9N9vO9T7\n"
                              "C7v3qNyylwKBgQCJqqBFlG7qdI+hBXlZ6hZTEDNY0pwFteiV6/hWFzTbp8/a+BnC\n"
                              "kt4ylAlsODWe4EpfmhJZHl+d4XR6w/x6Q3JZejZkV4LJTlZJ1ZLfYo3HneYYsDZK\n"
                              "iZbrfHZXL3xo3ZqjyzCyIG1fxkEzHuq8AxpTglhMhzlkAfbqQVToZFJBywKBgQCS\n"
                              "eQGgUldEbKguzM+k9QuafJT1ybmzINyuE1TOR9BKyaCHh+M+bFKM9LPZ/X56Gosg\n"
                              "Sjo/pxpRemO9aRNZcXuMItHWIyv8ATxdzb/XHNqGH0abKA+Toh2m2yexPFlgKG+I\n"
                              "JrG+u/vQQPXf+0c/5TXxQJLNNCFzP0TRFpruQ3FK/QKBgQClp46CMh3Q0uPY03xu\n"
                              "tJMQjc9IFn3MKMBXCCAqXJ+opDA3KpO5tRKH4D182Ym3/sMJoVaXS/AmjyHMRzh5\n"
                              "N73Rtl/yHOOCXmgQHhmNtlMZ2O1vwkuVFWoZya8OWMLit30j4YhjT4o1spN6TM6B\n"
                              "4LuZjAZVY+SlslylePZEluj9jw==\n"
                              "-----END PRIVATE KEY-----\n";

/* A DER element at *p: its tag, the offset of its contents, and their length. */
static int der_next(const unsigned char *der, size_t len, size_t *pos, int *tag, size_t *off,
                    size_t *clen)
{
    size_t i = *pos, l, n;

    if (i + 2 > len) {
        return -1;
    }
    *tag = der[i++];
    l = der[i++];
    if (l & 0x80) {
        n = l & 0x7F;
        if (n == 0 || n > 3 || i + n > len) {
            return -1;
        }
        for (l = 0; n > 0; n--) {
            l = (l << 8) | der[i++];
        }
    }
    if (i + l > len) {
        return -1;
    }
    *off = i;
    *clen = l;
    *pos = i;
    return 0;
}

/*
 * The offsets and lengths of the six secret INTEGERs' contents in a PKCS#1
 * RSAPrivateKey or a PKCS#8 PrivateKeyInfo holding one.
 */
static int secret_ranges(const unsigned char *der, size_t len, size_t off[6], size_t lens[6])
{
    size_t pos = 0, o, l;
    int tag, i;

    if (der_next(der, len, &pos, &tag, &o, &l) != 0 || tag != 0x30 || /* SEQUENCE */
        der_next(der, len, &pos, &tag, &o, &l) != 0 || tag != 0x02) { /* version */
        return -1;
    }
    pos = o + l;
    if (pos < len && der[pos] == 0x30) {
        /* PKCS#8: skip the AlgorithmIdentifier, enter the OCTET STRING */
        if (der_next(der, len, &pos, &tag, &o, &l) != 0) {
            return -1;
        }
        pos = o + l;
        if (der_next(der, len, &pos, &tag, &o, &l) != 0 || tag != 0x04 ||
            der_next(der, len, &pos, &tag, &o, &l) != 0 || tag != 0x30 ||
            der_next(der, len, &pos, &tag, &o, &l) != 0 || tag != 0x02) {
            return -1;
        }
        pos = o + l;
    }
    for (i = -2; i < 6; i++) { /* n, e, then the secrets */
        if (der_next(der, len, &pos, &tag, &o, &l) != 0 || tag != 0x02) {
            return -1;
        }
        if (i >= 0) {
            off[i] = o;
            lens[i] = l;
        }
        pos = o + l;
    }
    return 0;
}

static void mark_der(unsigned char *der, size_t len)
{
    size_t off[6], lens[6];
    int i;

    if (secret_ranges(der, len, off, lens) != 0) {
        test_fail_header(__FILE__, __LINE__, "secret_ranges");
        return;
    }
    for (i = 0; i < 6; i++) {
        TACIT_TEST_CF_SECRET(der + off[i], lens[i]);
    }
}

/*
 * In PEM text whose DER is der[0..dlen): mark the base64 lines (64
 * characters, 48 bytes) that encode only bytes of secret INTEGERs.  Whole
 * lines, not single 4-character groups: the decoder works on several
 * characters per step, and memcheck's approximation of an addition's carry
 * would smear a secret character into the framing bytes decoded beside it.
 */
static void mark_pem(unsigned char *pem, size_t plen, const unsigned char *der, size_t dlen)
{
    size_t off[6], lens[6], i, c = 0, body;
    const unsigned char *s = (const unsigned char *)strstr((const char *)pem, "-----\n");

    if (s == NULL || secret_ranges(der, dlen, off, lens) != 0) {
        test_fail_header(__FILE__, __LINE__, "mark_pem");
        return;
    }
    body = (size_t)(s - pem) + 6;
    for (i = body; i < plen && pem[i] != '-'; i++) {
        size_t line, j;
        int in = 0;
        if (pem[i] == '\n') {
            continue;
        }
        line = c++ / 64; /* the bytes [48 line, 48 line + 48) */
        for (j = 0; j < 6; j++) {
            in |= 48 * line >= off[j] && 48 * line + 48 <= off[j] + lens[j];
        }
        if (in) {
            TACIT_TEST_CF_SECRET(pem + i, 1);
        }
    }
}

/* The key as PKCS#8 DER, PKCS#1 DER, and PKCS#1 PEM (all public until marked). */
static unsigned char *p8der, *p1der, *p1pem, *p8pem;
static size_t p8len, p1len, p1pemlen, p8pemlen;
static tacit_rsa_context ref;

static int setup(void)
{
    tacit_pem_block block;
    unsigned char buf[4096];
    size_t olen;

    if (p8der != NULL) {
        return 0;
    }
    tacit_rsa_init(&ref);
    if (tacit_pem_read("PRIVATE KEY", (const unsigned char *)key_pem, sizeof(key_pem) - 1, &block,
                       NULL) != 0) {
        return -1;
    }
    p8len = block.der_len;
    p8der = malloc(p8len);
    memcpy(p8der, block.der, p8len);
    tacit_pem_block_free(&block);
    if (tacit_rsa_parse_key_der(&ref, p8der, p8len) != 0 ||
        tacit_rsa_write_key_der(&ref, TACIT_KEY_FORMAT_PKCS1, buf, sizeof(buf), &olen) != 0) {
        return -1;
    }
    p1len = olen;
    p1der = malloc(p1len);
    memcpy(p1der, buf, p1len);
    p8pemlen = sizeof(key_pem) - 1;
    p8pem = malloc(p8pemlen + 1);
    memcpy(p8pem, key_pem, p8pemlen + 1);
    if (tacit_rsa_write_key_pem(&ref, TACIT_KEY_FORMAT_PKCS1, buf, sizeof(buf), &olen) != 0) {
        return -1;
    }
    p1pemlen = olen;
    p1pem = malloc(p1pemlen + 1);
    memcpy(p1pem, buf, p1pemlen);
    p1pem[p1pemlen] = 0;
    return 0;
}

/* The parsed key equals the reference (compared after making it public). */
static int same_key(tacit_rsa_context *rsa)
{
    const tacit_mpi *a[6] = { &rsa->D, &rsa->P, &rsa->Q, &rsa->DP, &rsa->DQ, &rsa->QP };
    const tacit_mpi *b[6] = { &ref.D, &ref.P, &ref.Q, &ref.DP, &ref.DQ, &ref.QP };
    int i, ok = 1;

    for (i = 0; i < 6; i++) {
        TACIT_TEST_CF_PUBLIC(a[i]->p, a[i]->n * sizeof(tacit_mpi_uint));
        ok &= tacit_mpi_cmp_mpi(a[i], b[i]) == 0;
    }
    TACIT_TEST_CF_PUBLIC(rsa->cache, rsa->cache_limbs * sizeof(tacit_mpi_uint));
    TACIT_TEST_CF_PUBLIC(&rsa->mm_p, sizeof(rsa->mm_p));
    TACIT_TEST_CF_PUBLIC(&rsa->mm_q, sizeof(rsa->mm_q));
    return ok;
}

static void parse_der_case(const unsigned char *src, size_t len)
{
    tacit_rsa_context rsa;
    unsigned char *der = malloc(len);

    tacit_rsa_init(&rsa);
    TEST_ASSERT(der != NULL);
    memcpy(der, src, len);
    mark_der(der, len);
    TEST_EQUAL(tacit_rsa_parse_key_der(&rsa, der, len), 0);
    TEST_ASSERT(same_key(&rsa));
exit:
    free(der);
    tacit_rsa_free(&rsa);
}

static void parse_pem_case(const unsigned char *src, size_t len, const unsigned char *der,
                           size_t dlen)
{
    tacit_rsa_context rsa;
    unsigned char *pem = malloc(len + 1);

    tacit_rsa_init(&rsa);
    TEST_ASSERT(pem != NULL);
    memcpy(pem, src, len + 1);
    mark_pem(pem, len, der, dlen);
    TEST_EQUAL(tacit_rsa_parse_key_pem(&rsa, pem, len), 0);
    TEST_ASSERT(same_key(&rsa));
exit:
    free(pem);
    tacit_rsa_free(&rsa);
}

static void test_parse_pkcs1_der(void)
{
    TEST_EQUAL(setup(), 0);
    parse_der_case(p1der, p1len);
exit:
    return;
}

static void test_parse_pkcs8_der(void)
{
    TEST_EQUAL(setup(), 0);
    parse_der_case(p8der, p8len);
exit:
    return;
}

static void test_parse_pkcs1_pem(void)
{
    TEST_EQUAL(setup(), 0);
    parse_pem_case(p1pem, p1pemlen, p1der, p1len);
exit:
    return;
}

static void test_parse_pkcs8_pem(void)
{
    TEST_EQUAL(setup(), 0);
    parse_pem_case(p8pem, p8pemlen, p8der, p8len);
exit:
    return;
}

/* Big-endian bytes of a reference component (public copy). */
static unsigned char *bytes_of(const tacit_mpi *X, size_t *len)
{
    unsigned char *b;

    *len = tacit_mpi_size(X);
    b = malloc(*len);
    if (b != NULL && tacit_mpi_write_binary(X, b, *len) != 0) {
        free(b);
        b = NULL;
    }
    return b;
}

/* Import from (n, e, d): p and q are recovered from d in constant flow. */
static void test_import_ned(void)
{
    tacit_rsa_context rsa;
    unsigned char *n = NULL, *e = NULL, *d = NULL;
    size_t nl, el, dl;

    tacit_rsa_init(&rsa);
    TEST_EQUAL(setup(), 0);
    n = bytes_of(&ref.N, &nl);
    e = bytes_of(&ref.E, &el);
    d = bytes_of(&ref.D, &dl);
    TEST_ASSERT(n != NULL && e != NULL && d != NULL);
    TACIT_TEST_CF_SECRET(d, dl);
    TEST_EQUAL(tacit_rsa_import_raw(&rsa, n, nl, NULL, 0, NULL, 0, d, dl, e, el), 0);
    TEST_ASSERT(same_key(&rsa));
exit:
    free(n);
    free(e);
    free(d);
    tacit_rsa_free(&rsa);
}

/* Import from (p, q, e): n, d, dP, dQ, qInv derived in constant flow. */
static void test_import_pqe(void)
{
    tacit_rsa_context rsa;
    unsigned char *p = NULL, *q = NULL, *e = NULL;
    size_t pl, ql, el;

    tacit_rsa_init(&rsa);
    TEST_EQUAL(setup(), 0);
    p = bytes_of(&ref.P, &pl);
    q = bytes_of(&ref.Q, &ql);
    e = bytes_of(&ref.E, &el);
    TEST_ASSERT(p != NULL && q != NULL && e != NULL);
    TACIT_TEST_CF_SECRET(p, pl);
    TACIT_TEST_CF_SECRET(q, ql);
    TEST_EQUAL(tacit_rsa_import_raw(&rsa, NULL, 0, p, pl, q, ql, NULL, 0, e, el), 0);
    TEST_ASSERT(same_key(&rsa));
exit:
    free(p);
    free(q);
    free(e);
    tacit_rsa_free(&rsa);
}

/* tacit_rsa_check_priv on a loaded key with every secret marked. */
static void test_check_privkey(void)
{
    tacit_rsa_context rsa;

    tacit_rsa_init(&rsa);
    TEST_EQUAL(setup(), 0);
    TEST_EQUAL(tacit_rsa_copy(&rsa, &ref), 0);
    {
        const tacit_mpi *s[6] = { &rsa.D, &rsa.P, &rsa.Q, &rsa.DP, &rsa.DQ, &rsa.QP };
        int i;
        for (i = 0; i < 6; i++) {
            TACIT_TEST_CF_SECRET(s[i]->p, s[i]->n * sizeof(tacit_mpi_uint));
        }
    }
    TEST_EQUAL(tacit_rsa_check_priv(&rsa), 0);
    TEST_ASSERT(same_key(&rsa));
exit:
    tacit_rsa_free(&rsa);
}

/*
 * Writing a loaded key back, PKCS#1 and PKCS#8 in DER, PKCS#1 in PEM, with
 * every secret marked: only the byte lengths of the integers (and whether a
 * 0x00 pad leads them) may be released, which the DER shows anyway.
 */
static void write_case(tacit_key_format format, int pem, const unsigned char *want, size_t wlen)
{
    tacit_rsa_context rsa;
    unsigned char buf[4096];
    size_t olen = 0;
    int ret;

    tacit_rsa_init(&rsa);
    TEST_EQUAL(tacit_rsa_copy(&rsa, &ref), 0);
    {
        const tacit_mpi *s[6] = { &rsa.D, &rsa.P, &rsa.Q, &rsa.DP, &rsa.DQ, &rsa.QP };
        int i;
        for (i = 0; i < 6; i++) {
            TACIT_TEST_CF_SECRET(s[i]->p, s[i]->n * sizeof(tacit_mpi_uint));
        }
    }
    ret = pem ? tacit_rsa_write_key_pem(&rsa, format, buf, sizeof(buf), &olen)
              : tacit_rsa_write_key_der(&rsa, format, buf, sizeof(buf), &olen);
    TEST_EQUAL(ret, 0);
    TACIT_TEST_CF_PUBLIC(buf, olen);
    TEST_MEM_EQ(buf, olen, want, wlen);
exit:
    tacit_rsa_free(&rsa);
}

static void test_write_key(void)
{
    TEST_EQUAL(setup(), 0);
    write_case(TACIT_KEY_FORMAT_PKCS1, 0, p1der, p1len);
    write_case(TACIT_KEY_FORMAT_PKCS8, 0, p8der, p8len);
    write_case(TACIT_KEY_FORMAT_PKCS1, 1, p1pem, p1pemlen);
exit:;
}

/* The negative control: an early-exit comparison of the secret d. */
static void test_negative_early_exit_compare(void)
{
    size_t dl, i;
    unsigned char *d = NULL, *z = NULL;
    int diff = 0;

    TEST_EQUAL(setup(), 0);
    d = bytes_of(&ref.D, &dl);
    z = calloc(dl, 1);
    TEST_ASSERT(d != NULL && z != NULL);
    TACIT_TEST_CF_SECRET(d, dl);
    for (i = 0; i < dl; i++) {
        if (d[i] != z[i]) { /* leaks the position of the first nonzero byte */
            diff = 1;
            break;
        }
    }
    TEST_EQUAL(diff, 1);
exit:
    free(d);
    free(z);
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    if (test_has_option("--negative")) {
        RUN_TEST(test_negative_early_exit_compare);
    } else {
        RUN_TEST(test_parse_pkcs1_der);
        RUN_TEST(test_parse_pkcs8_der);
        RUN_TEST(test_parse_pkcs1_pem);
        RUN_TEST(test_parse_pkcs8_pem);
        RUN_TEST(test_import_ned);
        RUN_TEST(test_import_pqe);
        RUN_TEST(test_check_privkey);
        RUN_TEST(test_write_key);
    }
    free(p8der);
    free(p1der);
    free(p1pem);
    free(p8pem);
    tacit_rsa_free(&ref);
    return TEST_MAIN_END();
}
