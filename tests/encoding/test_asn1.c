/*
 * asn1: strict DER reader and writer, the key envelopes.
 *
 * Hand-made malformed inputs for every rule of the reader; the writer's
 * output for edge values; and OpenSSL-made files from ../shared/interop
 * parsed and re-encoded byte for byte (every prefix of them rejected).
 */
#include "harness.h"

#include "tacit/asn1.h"

#include "core/common.h"

/* ---- small helpers -------------------------------------------------------- */

/*
 * Re-encode a DER tree through the reader and the writer: constructed
 * elements (SEQUENCE, SET, [n] constructed) recursively, primitives by
 * contents.  Returns the length written (at *p backwards) or an error.
 */
static int reencode(const unsigned char *in, const unsigned char *end, unsigned char **p,
                    unsigned char *start, int depth)
{
    tacit_asn1_buf e[64];
    size_t n = 0, i;
    int ret, len = 0, inner;

    if (depth > 20) {
        return -1;
    }
    while (in != end) {
        if (n == 64) {
            return -1;
        }
        if ((ret = tacit_asn1_get_any(&in, end, &e[n])) != 0) {
            return ret;
        }
        n++;
    }
    for (i = n; i > 0; i--) {
        tacit_asn1_buf *b = &e[i - 1];
        if (b->tag & TACIT_ASN1_CONSTRUCTED) {
            inner = reencode(b->p, b->p + b->len, p, start, depth + 1);
        } else {
            inner = tacit_asn1_write_raw(p, start, b->p, b->len);
        }
        if (inner < 0) {
            return inner;
        }
        len += inner;
        if ((ret = tacit_asn1_write_header(p, start, b->tag, (size_t)inner)) < 0) {
            return ret;
        }
        len += ret;
    }
    return len;
}

/* parse the hex as one element with get_tag(tag) and expect_end */
static int parse_len_of(const char *hex, int tag, size_t *len)
{
    size_t n;
    unsigned char *buf = test_unhex(hex, &n);
    const unsigned char *p = buf;
    int ret;

    if (buf == NULL) {
        return -9999;
    }
    ret = tacit_asn1_get_tag(&p, buf + n, len, tag);
    free(buf);
    return ret;
}

/* ---- lengths and tags ---------------------------------------------------- */

static void test_lengths(void)
{
    static const struct {
        const char *hex;
        int ret;
        size_t len;
    } cases[] = {
        { "0400", 0, 0 },
        { "040100", 0, 1 },
        { "04", TACIT_ERR_ASN1_OUT_OF_DATA, 0 },
        { "0401", TACIT_ERR_ASN1_OUT_OF_DATA, 0 },
        { "047f", TACIT_ERR_ASN1_OUT_OF_DATA, 0 },
        { "0480", TACIT_ERR_ASN1_INVALID_LENGTH, 0 }, /* indefinite */
        { "04800000", TACIT_ERR_ASN1_INVALID_LENGTH, 0 },
        { "048100", TACIT_ERR_ASN1_INVALID_LENGTH, 0 }, /* 0 in long form */
        { "04817f", TACIT_ERR_ASN1_INVALID_LENGTH, 0 }, /* fits short form */
        { "0481", TACIT_ERR_ASN1_OUT_OF_DATA, 0 },
        { "04820001", TACIT_ERR_ASN1_INVALID_LENGTH, 0 }, /* leading zero */
        { "0482008000", TACIT_ERR_ASN1_INVALID_LENGTH, 0 },
        { "048200", TACIT_ERR_ASN1_OUT_OF_DATA, 0 },
        { "04850100000000", TACIT_ERR_ASN1_INVALID_LENGTH, 0 }, /* five bytes */
        { "04ff", TACIT_ERR_ASN1_INVALID_LENGTH, 0 },           /* reserved */
        { "0484ffffffff", TACIT_ERR_ASN1_OUT_OF_DATA, 0 },
        { "048180", TACIT_ERR_ASN1_OUT_OF_DATA, 0 },
        { "0500", TACIT_ERR_ASN1_UNEXPECTED_TAG, 0 },
        { "2400", TACIT_ERR_ASN1_UNEXPECTED_TAG, 0 }, /* constructed OCTET STRING */
        { "-", TACIT_ERR_ASN1_OUT_OF_DATA, 0 },
    };
    size_t i, len;
    unsigned char big[300];
    const unsigned char *p;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        len = 12345;
        int ret = parse_len_of(cases[i].hex, TACIT_ASN1_OCTET_STRING, &len);
        if (ret != cases[i].ret) {
            printf("\n    case %s", cases[i].hex);
        }
        TEST_EQUAL(ret, cases[i].ret);
        if (ret == 0) {
            TEST_EQUAL(len, cases[i].len);
        }
    }
    /* the long forms that are minimal: 0x81 0x80 and 0x82 0x01 0x00 */
    memset(big, 0, sizeof(big));
    big[0] = 0x04;
    big[1] = 0x81;
    big[2] = 0x80;
    p = big;
    TEST_EQUAL(tacit_asn1_get_tag(&p, big + 3 + 128, &len, 0x04), 0);
    TEST_EQUAL(len, 128);
    TEST_ASSERT(p == big + 3);
    big[1] = 0x82;
    big[2] = 0x01;
    big[3] = 0x00;
    p = big;
    TEST_EQUAL(tacit_asn1_get_tag(&p, big + 4 + 256, &len, 0x04), 0);
    TEST_EQUAL(len, 256);
    p = big;
    TEST_EQUAL(tacit_asn1_get_tag(&p, big + 4 + 255, &len, 0x04), TACIT_ERR_ASN1_OUT_OF_DATA);
    /* bad cursors */
    p = NULL;
    TEST_EQUAL(tacit_asn1_get_tag(NULL, big, &len, 0x04), TACIT_ERR_BAD_INPUT);
    p = big + 2;
    TEST_EQUAL(tacit_asn1_get_tag(&p, big, &len, 0x04), TACIT_ERR_BAD_INPUT);
    p = NULL;
    TEST_EQUAL(tacit_asn1_get_tag(&p, NULL, &len, 0x04), TACIT_ERR_ASN1_OUT_OF_DATA);
exit:
    return;
}

static void test_any_peek_end(void)
{
    static const unsigned char d[] = { 0xA0, 0x03, 0x02, 0x01, 0x05, 0x1F, 0x01, 0x00 };
    const unsigned char *p = d;
    tacit_asn1_buf b;
    int v;
    size_t len;

    TEST_ASSERT(tacit_asn1_peek_tag(p, d + sizeof(d), TACIT_ASN1_CONTEXT_EXPLICIT(0)));
    TEST_ASSERT(!tacit_asn1_peek_tag(p, d + sizeof(d), TACIT_ASN1_CONTEXT_EXPLICIT(1)));
    TEST_ASSERT(!tacit_asn1_peek_tag(p, p, TACIT_ASN1_CONTEXT_EXPLICIT(0)));
    TEST_EQUAL(tacit_asn1_get_tag(&p, d + sizeof(d), &len, TACIT_ASN1_CONTEXT_EXPLICIT(0)), 0);
    TEST_EQUAL(len, 3);
    TEST_EQUAL(tacit_asn1_get_int(&p, p + len, &v), 0);
    TEST_EQUAL(v, 5);
    TEST_EQUAL(tacit_asn1_expect_end(p, d + 5), 0);
    TEST_EQUAL(tacit_asn1_expect_end(p, d + 6), TACIT_ERR_ASN1_TRAILING_DATA);
    p = d;
    TEST_EQUAL(tacit_asn1_get_any(&p, d + sizeof(d), &b), 0);
    TEST_EQUAL(b.tag, 0xA0);
    TEST_EQUAL(b.len, 3);
    TEST_ASSERT(b.p == d + 2 && p == d + 5);
    TEST_EQUAL(tacit_asn1_get_any(&p, d + sizeof(d), &b), TACIT_ERR_ASN1_UNSUPPORTED);
exit:
    return;
}

/* ---- INTEGER --------------------------------------------------------------- */

static void test_integers(void)
{
    static const struct {
        const char *hex;
        int ret;
        const char *mag; /* expected magnitude, "-" = empty */
    } cases[] = {
        { "020100", 0, "-" },
        { "020101", 0, "01" },
        { "02017f", 0, "7f" },
        { "02020080", 0, "80" },
        { "020200ff", 0, "ff" },
        { "02020100", 0, "0100" },
        { "0203008000", 0, "8000" },
        { "0200", TACIT_ERR_ASN1_INVALID_DATA, NULL },     /* empty */
        { "02020000", TACIT_ERR_ASN1_INVALID_DATA, NULL }, /* overlong zero */
        { "0202007f", TACIT_ERR_ASN1_INVALID_DATA, NULL }, /* overlong positive */
        { "020300007f", TACIT_ERR_ASN1_INVALID_DATA, NULL },
        { "02030000ff", TACIT_ERR_ASN1_INVALID_DATA, NULL },
        { "0202ff80", TACIT_ERR_ASN1_INVALID_DATA, NULL }, /* overlong negative */
        { "020180", TACIT_ERR_ASN1_NEGATIVE, NULL },
        { "0201ff", TACIT_ERR_ASN1_NEGATIVE, NULL },
        { "0202ff7f", TACIT_ERR_ASN1_NEGATIVE, NULL },
        { "02028000", TACIT_ERR_ASN1_NEGATIVE, NULL },
        { "0202", TACIT_ERR_ASN1_OUT_OF_DATA, NULL },
        { "0a0101", TACIT_ERR_ASN1_UNEXPECTED_TAG, NULL },
        { "02820001"
          "00",
          TACIT_ERR_ASN1_INVALID_LENGTH, NULL },
    };
    size_t i, n, mlen, vlen;
    unsigned char *buf = NULL, *mag = NULL;
    const unsigned char *p, *v;
    int ret, iv;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        buf = test_unhex(cases[i].hex, &n);
        TEST_ASSERT(buf != NULL);
        p = buf;
        ret = tacit_asn1_get_uint(&p, buf + n, &v, &vlen);
        if (ret != cases[i].ret) {
            printf("\n    case %s", cases[i].hex);
        }
        TEST_EQUAL(ret, cases[i].ret);
        if (ret == 0) {
            mag = test_unhex(cases[i].mag, &mlen);
            TEST_ASSERT(mag != NULL);
            TEST_MEM_EQ(v, vlen, mag, mlen);
            TEST_ASSERT(p == buf + n);
            free(mag);
            mag = NULL;
        }
        free(buf);
        buf = NULL;
    }

    /* small ints */
    buf = test_unhex("02047fffffff", &n);
    p = buf;
    TEST_EQUAL(tacit_asn1_get_int(&p, buf + n, &iv), 0);
    TEST_EQUAL(iv, 0x7fffffff);
    free(buf);
    buf = test_unhex("02050080000000", &n);
    p = buf;
    TEST_EQUAL(tacit_asn1_get_int(&p, buf + n, &iv), TACIT_ERR_ASN1_INVALID_DATA);
    free(buf);
    buf = test_unhex("02050100000000", &n);
    p = buf;
    TEST_EQUAL(tacit_asn1_get_int(&p, buf + n, &iv), TACIT_ERR_ASN1_INVALID_DATA);
    free(buf);
    buf = test_unhex("0201ff", &n);
    p = buf;
    TEST_EQUAL(tacit_asn1_get_int(&p, buf + n, &iv), TACIT_ERR_ASN1_NEGATIVE);
exit:
    free(buf);
    free(mag);
}

/* ---- the other primitives -------------------------------------------------- */

static int parse_with(const char *hex, int what)
{
    size_t n, len;
    unsigned char *buf = test_unhex(hex, &n);
    const unsigned char *p = buf, *d;
    int ret = -9999, v;

    if (buf == NULL) {
        return ret;
    }
    switch (what) {
    case 0:
        ret = tacit_asn1_get_bool(&p, buf + n, &v);
        break;
    case 1:
        ret = tacit_asn1_get_null(&p, buf + n);
        break;
    case 2:
        ret = tacit_asn1_get_oid(&p, buf + n, &d, &len);
        break;
    case 3:
        ret = tacit_asn1_get_bitstring(&p, buf + n, &d, &len, &v);
        break;
    case 4:
        ret = tacit_asn1_get_bitstring_bytes(&p, buf + n, &d, &len);
        break;
    case 5:
        ret = tacit_asn1_get_octet_string(&p, buf + n, &d, &len);
        break;
    }
    if (ret == 0 && p != buf + n) {
        ret = -9998;
    }
    free(buf);
    return ret;
}

static void test_primitives(void)
{
    static const struct {
        const char *hex;
        int what;
        int ret;
    } cases[] = {
        { "010100", 0, 0 },
        { "0101ff", 0, 0 },
        { "010101", 0, TACIT_ERR_ASN1_INVALID_DATA },
        { "01020000", 0, TACIT_ERR_ASN1_INVALID_DATA },
        { "0100", 0, TACIT_ERR_ASN1_INVALID_DATA },
        { "0500", 1, 0 },
        { "050100", 1, TACIT_ERR_ASN1_INVALID_DATA },
        { "0400", 1, TACIT_ERR_ASN1_UNEXPECTED_TAG },
        { "06092a864886f70d010101", 2, 0 },
        { "0600", 2, TACIT_ERR_ASN1_INVALID_DATA },
        { "06022a86", 2, TACIT_ERR_ASN1_INVALID_DATA },   /* last byte continues */
        { "0603802a01", 2, TACIT_ERR_ASN1_INVALID_DATA }, /* leading 0x80 */
        { "06032a8001", 2, TACIT_ERR_ASN1_INVALID_DATA }, /* leading 0x80 inside */
        { "06032a8101", 2, 0 },
        { "030100", 3, 0 },
        { "0301", 3, TACIT_ERR_ASN1_OUT_OF_DATA },
        { "0300", 3, TACIT_ERR_ASN1_INVALID_DATA },
        { "030101", 3, TACIT_ERR_ASN1_INVALID_DATA },   /* unused bits, no data */
        { "030208ff", 3, TACIT_ERR_ASN1_INVALID_DATA }, /* 8 unused bits */
        { "030201ff", 3, TACIT_ERR_ASN1_INVALID_DATA }, /* unused bit set */
        { "030201fe", 3, 0 },
        { "030207fe", 3, TACIT_ERR_ASN1_INVALID_DATA },
        { "03020780", 3, 0 },
        { "03020780", 4, TACIT_ERR_ASN1_INVALID_DATA },
        { "030200ff", 4, 0 },
        { "2303030100", 4, TACIT_ERR_ASN1_UNEXPECTED_TAG }, /* constructed BIT STRING */
        { "0400", 5, 0 },
        { "0403010203", 5, 0 },
        { "0403010203", 4, TACIT_ERR_ASN1_UNEXPECTED_TAG },
        { "04030102", 5, TACIT_ERR_ASN1_OUT_OF_DATA },
    };
    size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        int ret = parse_with(cases[i].hex, cases[i].what);
        if (ret != cases[i].ret) {
            printf("\n    case %s (%d)", cases[i].hex, cases[i].what);
        }
        TEST_EQUAL(ret, cases[i].ret);
    }
exit:
    return;
}

/* ---- writer ---------------------------------------------------------------- */

static void test_writer_values(void)
{
    static const struct {
        const char *val;
        const char *der;
    } uints[] = {
        { "-", "020100" },      { "00", "020100" },         { "000000", "020100" },
        { "01", "020101" },     { "7f", "02017f" },         { "80", "02020080" },
        { "0080", "02020080" }, { "00000100", "02020100" }, { "ffff", "020300ffff" },
    };
    unsigned char buf[600], *p, *v = NULL, *d = NULL;
    size_t i, vl, dl;
    int ret;

    for (i = 0; i < sizeof(uints) / sizeof(uints[0]); i++) {
        v = test_unhex(uints[i].val, &vl);
        d = test_unhex(uints[i].der, &dl);
        TEST_ASSERT(v != NULL && d != NULL);
        p = buf + sizeof(buf);
        ret = tacit_asn1_write_uint(&p, buf, v, vl);
        TEST_EQUAL(ret, (int)dl);
        TEST_MEM_EQ(p, dl, d, dl);
        free(v);
        free(d);
        v = d = NULL;
    }
    /* lengths across the form boundaries */
    {
        static const struct {
            size_t len;
            const char *hex;
        } lens[] = { { 0, "00" },           { 127, "7f" },
                     { 128, "8180" },       { 255, "81ff" },
                     { 256, "820100" },     { 65535, "82ffff" },
                     { 65536, "83010000" }, { 0x1000000, "8401000000" } };
        for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
            d = test_unhex(lens[i].hex, &dl);
            p = buf + sizeof(buf);
            TEST_EQUAL(tacit_asn1_write_len(&p, buf, lens[i].len), (int)dl);
            TEST_MEM_EQ(p, dl, d, dl);
            free(d);
            d = NULL;
        }
    }
    p = buf + sizeof(buf);
    TEST_EQUAL(tacit_asn1_write_bool(&p, buf, 7), 3);
    TEST_MEM_EQ(p, 3, "\x01\x01\xff", 3);
    p = buf + sizeof(buf);
    TEST_EQUAL(tacit_asn1_write_int(&p, buf, 0x8000), 5);
    TEST_MEM_EQ(p, 5, "\x02\x03\x00\x80\x00", 5);
    p = buf + sizeof(buf);
    TEST_EQUAL(tacit_asn1_write_int(&p, buf, -1), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_asn1_write_null(&p, buf), 2);
    TEST_MEM_EQ(p, 2, "\x05\x00", 2);
    p = buf + sizeof(buf);
    TEST_EQUAL(tacit_asn1_write_bitstring(&p, buf, (const unsigned char *)"\xff", 1, 3), 4);
    TEST_MEM_EQ(p, 4, "\x03\x02\x03\xf8", 4);
    p = buf + sizeof(buf);
    TEST_EQUAL(tacit_asn1_write_bitstring(&p, buf, NULL, 0, 0), 3);
    TEST_MEM_EQ(p, 3, "\x03\x01\x00", 3);
    TEST_EQUAL(tacit_asn1_write_bitstring(&p, buf, NULL, 0, 1), TACIT_ERR_BAD_INPUT);
    p = buf + sizeof(buf);
    TEST_EQUAL(tacit_asn1_write_alg(&p, buf, (const unsigned char *)TACIT_OID_RSA_ENCRYPTION,
                                    TACIT_OID_LEN(TACIT_OID_RSA_ENCRYPTION),
                                    (const unsigned char *)"\x05\x00", 2),
               15);
    TEST_MEM_EQ(p, 15, "\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01\x05\x00", 15);
    /* a long OCTET STRING */
    memset(buf, 0xAB, sizeof(buf));
    p = buf + sizeof(buf);
    TEST_EQUAL(tacit_asn1_write_octet_string(&p, buf, buf, 300), 304);
    TEST_MEM_EQ(p, 4, "\x04\x82\x01\x2c", 4);
exit:
    free(v);
    free(d);
}

/* every buffer size below the needed one: BUFFER_TOO_SMALL, nothing moved */
static int write_sample(unsigned char **p, unsigned char *start)
{
    static const unsigned char key[] = { 0x30, 0x06, 0x02, 0x01, 0x03, 0x02, 0x01, 0x11 };
    static const unsigned char r[] = { 0x80, 1, 2, 3 };
    int len = 0, ret;
    unsigned char *q;

    TACIT_CHK_ADD(len, tacit_asn1_write_uint(p, start, r, sizeof(r)));
    TACIT_CHK_ADD(len, tacit_asn1_write_raw(p, start, key, sizeof(key)));
    q = *p;
    (void)q;
    TACIT_CHK_ADD(len,
                  tacit_asn1_write_pkcs8(p, start, (const unsigned char *)TACIT_OID_RSA_ENCRYPTION,
                                         TACIT_OID_LEN(TACIT_OID_RSA_ENCRYPTION),
                                         (const unsigned char *)"\x05\x00", 2, (size_t)len));
    TACIT_CHK_ADD(len, tacit_asn1_write_spki(
                           p, start, (const unsigned char *)TACIT_OID_EC_PUBLIC_KEY,
                           TACIT_OID_LEN(TACIT_OID_EC_PUBLIC_KEY),
                           (const unsigned char *)"\x06\x05\x2b\x81\x04\x00\x22", 7, (size_t)len));
    TACIT_CHK_ADD(len, tacit_asn1_write_header(p, start, TACIT_ASN1_SEQUENCE, (size_t)len));
    return len;
cleanup:
    return ret;
}

static void test_writer_sizes(void)
{
    unsigned char full[200], buf[200], *p;
    int need, ret;
    size_t sz;

    p = full + sizeof(full);
    need = write_sample(&p, full);
    TEST_ASSERT(need > 0);
    TEST_ASSERT(p == full + sizeof(full) - need);
    /* the sample re-parses strictly */
    {
        const unsigned char *q = p, *end = p + need;
        size_t len;
        tacit_asn1_key_info info;
        TEST_EQUAL(tacit_asn1_get_tag(&q, end, &len, TACIT_ASN1_SEQUENCE), 0);
        TEST_EQUAL(tacit_asn1_get_spki(&q, end, &info), 0);
        TEST_ASSERT(TACIT_OID_EQUAL(TACIT_OID_EC_PUBLIC_KEY, info.alg.p, info.alg.len));
        TEST_EQUAL(info.params.tag, TACIT_ASN1_OID);
        TEST_ASSERT(TACIT_OID_EQUAL(TACIT_OID_SECP384R1, info.params.p, info.params.len));
        TEST_EQUAL(tacit_asn1_expect_end(q, end), 0);
        /* the SPKI's key is the PKCS#8, whose key is the 8 raw bytes and r */
        TEST_EQUAL(tacit_asn1_parse_pkcs8(info.key.p, info.key.len, &info), 0);
        TEST_EQUAL(info.key.len, 15);
        TEST_MEM_EQ(info.key.p + 8, 7, "\x02\x05\x00\x80\x01\x02\x03", 7);
    }
    for (sz = 0; sz < (size_t)need; sz++) {
        memset(buf, 0x5A, sizeof(buf));
        p = buf + sz;
        ret = write_sample(&p, buf);
        TEST_EQUAL(ret, TACIT_ERR_BUFFER_TOO_SMALL);
    }
    p = buf + need;
    TEST_EQUAL(write_sample(&p, buf), need);
    TEST_ASSERT(p == buf);
    TEST_MEM_EQ(buf, (size_t)need, full + sizeof(full) - need, (size_t)need);

    /* a composite writer that fails puts *p back */
    p = buf + 10;
    TEST_EQUAL(tacit_asn1_write_alg(&p, buf, (const unsigned char *)TACIT_OID_SHA256,
                                    TACIT_OID_LEN(TACIT_OID_SHA256),
                                    (const unsigned char *)"\x05\x00", 2),
               TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_ASSERT(p == buf + 10);
exit:
    return;
}

/* ---- key envelopes --------------------------------------------------------- */

static void test_envelope_malformed(void)
{
    static const struct {
        const char *hex;
        int spki; /* 1: SPKI, 0: PKCS#8 */
        int ret;
    } cases[] = {
        /* minimal good ones */
        { "300c300706052b81040022030100", 1, 0 },
        { "3010020100300706052b810400220402abcd", 0, 0 },
        { "3012020100300706052b810400220402abcda000", 0, 0 },
        { "3015020101300706052b810400220402abcda000810100", 0, 0 },
        /* SPKI */
        { "300c300706052b81040022030100"
          "00",
          1, TACIT_ERR_ASN1_TRAILING_DATA },
        { "300d300706052b81040022030100"
          "00",
          1, TACIT_ERR_ASN1_TRAILING_DATA },
        { "300e300906052b810400220500030100", 1, 0 }, /* NULL parameters (RSA style) */
        { "300c300706052b81040022030101", 1, TACIT_ERR_ASN1_INVALID_DATA },
        { "300c300706052b81040022040100", 1, TACIT_ERR_ASN1_UNEXPECTED_TAG },
        { "3080300706052b81040022030100", 1, TACIT_ERR_ASN1_INVALID_LENGTH },
        { "30810c300706052b81040022030100", 1, TACIT_ERR_ASN1_INVALID_LENGTH },
        { "300b300706052b81040022030100", 1, TACIT_ERR_ASN1_OUT_OF_DATA }, /* inner runs past */
        { "3010300b06052b8104002205000500030100", 1, TACIT_ERR_ASN1_TRAILING_DATA },
        { "300f300a06052b81040022050100030100", 1, TACIT_ERR_ASN1_INVALID_DATA },
        /* PKCS#8 */
        { "3010020102300706052b810400220402abcd", 0, TACIT_ERR_ASN1_UNSUPPORTED },
        { "3010020180300706052b810400220402abcd", 0, TACIT_ERR_ASN1_NEGATIVE },
        { "301102020000300706052b810400220402abcd", 0, TACIT_ERR_ASN1_INVALID_DATA },
        { "3015020100300706052b810400220402abcda000810100", 0, TACIT_ERR_ASN1_TRAILING_DATA },
        { "3010020100300706052b810400220302abcd", 0, TACIT_ERR_ASN1_UNEXPECTED_TAG },
        { "3012020100300706052b810400220402abcd0500", 0, TACIT_ERR_ASN1_TRAILING_DATA },
    };
    size_t i, n;
    unsigned char *buf = NULL;
    tacit_asn1_key_info info;
    int ret, expect;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        buf = test_unhex(cases[i].hex, &n);
        TEST_ASSERT(buf != NULL);
        ret = cases[i].spki ? tacit_asn1_parse_spki(buf, n, &info)
                            : tacit_asn1_parse_pkcs8(buf, n, &info);
        expect = cases[i].ret;
        if (ret != expect) {
            printf("\n    case %zu %s", i, cases[i].hex);
        }
        TEST_EQUAL(ret, expect);
        free(buf);
        buf = NULL;
    }
    TEST_EQUAL(tacit_asn1_parse_spki(NULL, 0, &info), TACIT_ERR_ASN1_OUT_OF_DATA);
    TEST_EQUAL(tacit_asn1_parse_spki(NULL, 3, &info), TACIT_ERR_BAD_INPUT);
exit:
    free(buf);
}

/* ---- the interop files ----------------------------------------------------- */

static const char *const der_files[] = {
    "rsa2048.pub.der",
    "rsa3072.pub.der",
    "rsa4096.pub.der",
    "rsa2048.pub.pkcs1.der",
    "rsa3072.pub.pkcs1.der",
    "rsa4096.pub.pkcs1.der",
    "rsa2048.key.der",
    "rsa3072.key.der",
    "rsa4096.key.der",
    "rsa2048.pkcs8.der",
    "rsa3072.pkcs8.der",
    "rsa4096.pkcs8.der",
    "rsa2048.crt.der",
    "rsa3072.crt.der",
    "rsa4096.crt.der",
    "rsa2048.pss.crt.der",
    "p256.pub.der",
    "p384.pub.der",
    "p521.pub.der",
    "p256.pub.compressed.der",
    "p384.pub.compressed.der",
    "p521.pub.compressed.der",
    "p256.sec1.der",
    "p384.sec1.der",
    "p521.sec1.der",
    "p256.pkcs8.der",
    "p384.pkcs8.der",
    "p521.pkcs8.der",
    "p256.crt.der",
    "p384.crt.der",
    "p521.crt.der",
    "p256.ecdsa-sha256.der.sig",
    "p384.ecdsa-sha384.der.sig",
    "p521.ecdsa-sha512.der.sig",
};

static unsigned char *read_interop(const char *name, size_t *len)
{
    char path[256];

    snprintf(path, sizeof(path), "interop/%s", name);
    return test_read_shared(path, len);
}

/* Every file: generic tree re-encode is byte-identical; every strict prefix fails. */
static void test_interop_trees(void)
{
    size_t f, n, cut;
    unsigned char *der = NULL, *out = NULL, *p;
    const unsigned char *q;
    tacit_asn1_buf top;
    int len;

    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared missing");
    }
    for (f = 0; f < sizeof(der_files) / sizeof(der_files[0]); f++) {
        der = read_interop(der_files[f], &n);
        if (der == NULL) {
            printf("\n    missing %s", der_files[f]);
        }
        TEST_ASSERT(der != NULL);
        out = malloc(n + 16);
        TEST_ASSERT(out != NULL);
        p = out + n + 16;
        len = reencode(der, der + n, &p, out, 0);
        TEST_EQUAL(len, (int)n);
        TEST_MEM_EQ(p, n, der, n);
        /* a truncated file: the top-level element must not parse */
        for (cut = 0; cut < n; cut++) {
            q = der;
            TEST_ASSERT(tacit_asn1_get_any(&q, der + cut, &top) != 0);
        }
        /* one extra byte: trailing data */
        q = der;
        TEST_EQUAL(tacit_asn1_get_any(&q, der + n, &top), 0);
        TEST_EQUAL(tacit_asn1_expect_end(q, der + n), 0);
        free(der);
        free(out);
        der = out = NULL;
    }
exit:
    free(der);
    free(out);
}

/* write the params element back as a complete TLV into tmp */
static size_t params_tlv(const tacit_asn1_buf *par, unsigned char *tmp, size_t cap)
{
    unsigned char *p = tmp + cap;
    int l1, l2;

    if (par->tag == 0) {
        return 0;
    }
    l1 = tacit_asn1_write_raw(&p, tmp, par->p, par->len);
    l2 = tacit_asn1_write_header(&p, tmp, par->tag, par->len);
    if (l1 < 0 || l2 < 0) {
        return 0;
    }
    memmove(tmp, p, (size_t)(l1 + l2));
    return (size_t)(l1 + l2);
}

static void test_interop_envelopes(void)
{
    static const struct {
        const char *name;
        int spki;
        const char *oid;
        size_t oidlen;
        const char *curve;
        size_t curvelen;
    } env[] = {
#define RSA_OID TACIT_OID_RSA_ENCRYPTION, TACIT_OID_LEN(TACIT_OID_RSA_ENCRYPTION), NULL, 0
#define EC_OID(c)                                                                                  \
    TACIT_OID_EC_PUBLIC_KEY, TACIT_OID_LEN(TACIT_OID_EC_PUBLIC_KEY), c, TACIT_OID_LEN(c)
        { "rsa2048.pub.der", 1, RSA_OID },
        { "rsa3072.pub.der", 1, RSA_OID },
        { "rsa4096.pub.der", 1, RSA_OID },
        { "rsa2048.pkcs8.der", 0, RSA_OID },
        { "rsa3072.pkcs8.der", 0, RSA_OID },
        { "rsa4096.pkcs8.der", 0, RSA_OID },
        { "p256.pub.der", 1, EC_OID(TACIT_OID_SECP256R1) },
        { "p384.pub.der", 1, EC_OID(TACIT_OID_SECP384R1) },
        { "p521.pub.der", 1, EC_OID(TACIT_OID_SECP521R1) },
        { "p256.pub.compressed.der", 1, EC_OID(TACIT_OID_SECP256R1) },
        { "p256.pkcs8.der", 0, EC_OID(TACIT_OID_SECP256R1) },
        { "p384.pkcs8.der", 0, EC_OID(TACIT_OID_SECP384R1) },
        { "p521.pkcs8.der", 0, EC_OID(TACIT_OID_SECP521R1) },
    };
    size_t f, n, plen, cut;
    unsigned char *der = NULL, *out = NULL, *p, tmp[64];
    tacit_asn1_key_info info;
    int len, added;

    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared missing");
    }
    for (f = 0; f < sizeof(env) / sizeof(env[0]); f++) {
        der = read_interop(env[f].name, &n);
        TEST_ASSERT(der != NULL);
        len = env[f].spki ? tacit_asn1_parse_spki(der, n, &info)
                          : tacit_asn1_parse_pkcs8(der, n, &info);
        TEST_EQUAL(len, 0);
        TEST_MEM_EQ(info.alg.p, info.alg.len, env[f].oid, env[f].oidlen);
        if (env[f].curve == NULL) {
            TEST_EQUAL(info.params.tag, TACIT_ASN1_NULL);
            TEST_EQUAL(info.params.len, 0);
        } else {
            TEST_EQUAL(info.params.tag, TACIT_ASN1_OID);
            TEST_MEM_EQ(info.params.p, info.params.len, env[f].curve, env[f].curvelen);
        }
        plen = params_tlv(&info.params, tmp, sizeof(tmp));
        TEST_ASSERT(plen > 0);
        /* re-encode: the key bytes first, then the envelope around them */
        out = malloc(n);
        TEST_ASSERT(out != NULL);
        p = out + n;
        TEST_EQUAL(tacit_asn1_write_raw(&p, out, info.key.p, info.key.len), (int)info.key.len);
        if (env[f].spki) {
            added =
                tacit_asn1_write_spki(&p, out, info.alg.p, info.alg.len, tmp, plen, info.key.len);
        } else {
            added =
                tacit_asn1_write_pkcs8(&p, out, info.alg.p, info.alg.len, tmp, plen, info.key.len);
        }
        TEST_EQUAL((size_t)added + info.key.len, n);
        TEST_ASSERT(p == out);
        TEST_MEM_EQ(out, n, der, n);
        for (cut = 0; cut < n; cut++) {
            int r = env[f].spki ? tacit_asn1_parse_spki(der, cut, &info)
                                : tacit_asn1_parse_pkcs8(der, cut, &info);
            TEST_ASSERT(r < 0);
        }
        free(der);
        free(out);
        der = out = NULL;
    }
    /* the broken/ truncations */
    der = test_read_shared("interop/broken/rsa2048.pkcs8.truncated.der", &n);
    TEST_ASSERT(der != NULL);
    TEST_EQUAL(tacit_asn1_parse_pkcs8(der, n, &info), TACIT_ERR_ASN1_OUT_OF_DATA);
    free(der);
    der = test_read_shared("interop/broken/rsa2048.pub.truncated.der", &n);
    TEST_ASSERT(der != NULL);
    TEST_EQUAL(tacit_asn1_parse_spki(der, n, &info), TACIT_ERR_ASN1_OUT_OF_DATA);
    free(der);
    der = test_read_shared("interop/broken/p256.pub.truncated.der", &n);
    TEST_ASSERT(der != NULL);
    TEST_EQUAL(tacit_asn1_parse_spki(der, n, &info), TACIT_ERR_ASN1_OUT_OF_DATA);
exit:
    free(der);
    free(out);
}

/* RSAPrivateKey (9 INTEGERs) and ECDSA signatures: get_uint / write_uint round trip */
static int reencode_ints(const unsigned char *der, size_t n, unsigned char *out, int *count)
{
    const unsigned char *p = der, *end = der + n, *v[16];
    size_t len, vl[16];
    unsigned char *w = out + n;
    int ret, total = 0, k = 0, i;

    if ((ret = tacit_asn1_get_tag(&p, end, &len, TACIT_ASN1_SEQUENCE)) != 0) {
        return ret;
    }
    if ((ret = tacit_asn1_expect_end(p + len, end)) != 0) {
        return ret;
    }
    while (p != end && k < 16) {
        if ((ret = tacit_asn1_get_uint(&p, end, &v[k], &vl[k])) != 0) {
            return ret;
        }
        k++;
    }
    for (i = k; i > 0; i--) {
        TACIT_CHK_ADD(total, tacit_asn1_write_uint(&w, out, v[i - 1], vl[i - 1]));
    }
    TACIT_CHK_ADD(total, tacit_asn1_write_header(&w, out, TACIT_ASN1_SEQUENCE, (size_t)total));
    *count = k;
    return w == out ? total : -1;
cleanup:
    return ret;
}

static void test_interop_integers(void)
{
    static const struct {
        const char *name;
        int count;
    } files[] = {
        { "rsa2048.key.der", 9 },           { "rsa3072.key.der", 9 },
        { "rsa4096.key.der", 9 },           { "rsa2048.pub.pkcs1.der", 2 },
        { "rsa4096.pub.pkcs1.der", 2 },     { "p256.ecdsa-sha256.der.sig", 2 },
        { "p384.ecdsa-sha384.der.sig", 2 }, { "p521.ecdsa-sha512.der.sig", 2 },
    };
    size_t f, n;
    unsigned char *der = NULL, *out = NULL;
    int count = 0;

    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared missing");
    }
    for (f = 0; f < sizeof(files) / sizeof(files[0]); f++) {
        der = read_interop(files[f].name, &n);
        TEST_ASSERT(der != NULL);
        out = malloc(n);
        TEST_ASSERT(out != NULL);
        TEST_EQUAL(reencode_ints(der, n, out, &count), (int)n);
        TEST_EQUAL(count, files[f].count);
        TEST_MEM_EQ(out, n, der, n);
        free(der);
        free(out);
        der = out = NULL;
    }
exit:
    free(der);
    free(out);
}

/* SEC1 ECPrivateKey: version 1, OCTET STRING, [0] { OID }, [1] { BIT STRING } */
static void test_interop_sec1(void)
{
    static const char *const names[] = { "p256.sec1.der", "p384.sec1.der", "p521.sec1.der" };
    size_t f, n, len, dlen, olen, blen;
    unsigned char *der = NULL, *out = NULL, *w;
    const unsigned char *p, *end, *d, *oid, *bits;
    int v, total, t;

    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared missing");
    }
    for (f = 0; f < 3; f++) {
        der = read_interop(names[f], &n);
        TEST_ASSERT(der != NULL);
        p = der;
        end = der + n;
        TEST_EQUAL(tacit_asn1_get_tag(&p, end, &len, TACIT_ASN1_SEQUENCE), 0);
        TEST_EQUAL(tacit_asn1_get_int(&p, end, &v), 0);
        TEST_EQUAL(v, 1);
        TEST_EQUAL(tacit_asn1_get_octet_string(&p, end, &d, &dlen), 0);
        TEST_EQUAL(tacit_asn1_get_tag(&p, end, &len, TACIT_ASN1_CONTEXT_EXPLICIT(0)), 0);
        TEST_EQUAL(tacit_asn1_get_oid(&p, p + len, &oid, &olen), 0);
        TEST_EQUAL(tacit_asn1_get_tag(&p, end, &len, TACIT_ASN1_CONTEXT_EXPLICIT(1)), 0);
        TEST_EQUAL(tacit_asn1_get_bitstring_bytes(&p, p + len, &bits, &blen), 0);
        TEST_EQUAL(tacit_asn1_expect_end(p, end), 0);

        out = malloc(n);
        TEST_ASSERT(out != NULL);
        w = out + n;
        total = 0;
        t = tacit_asn1_write_bitstring(&w, out, bits, blen, 0);
        TEST_ASSERT(t > 0);
        total += t;
        t = tacit_asn1_write_header(&w, out, TACIT_ASN1_CONTEXT_EXPLICIT(1), (size_t)t);
        total += t;
        t = tacit_asn1_write_oid(&w, out, oid, olen);
        TEST_ASSERT(t > 0);
        total += t;
        total += tacit_asn1_write_header(&w, out, TACIT_ASN1_CONTEXT_EXPLICIT(0), (size_t)t);
        total += tacit_asn1_write_octet_string(&w, out, d, dlen);
        total += tacit_asn1_write_int(&w, out, 1);
        total += tacit_asn1_write_header(&w, out, TACIT_ASN1_SEQUENCE, (size_t)total);
        TEST_EQUAL(total, (int)n);
        TEST_MEM_EQ(w, n, der, n);
        free(der);
        free(out);
        der = out = NULL;
    }
exit:
    free(der);
    free(out);
}

/* Hand mutations of a real SPKI: long-form non-minimal and indefinite outer lengths. */
static void test_interop_mutations(void)
{
    unsigned char *der = NULL, *mut = NULL;
    size_t n;
    tacit_asn1_key_info info;

    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared missing");
    }
    der = read_interop("rsa2048.pub.der", &n);
    TEST_ASSERT(der != NULL);
    TEST_ASSERT(der[0] == 0x30 && der[1] == 0x82); /* 30 82 01 22 */
    mut = malloc(n + 2);
    TEST_ASSERT(mut != NULL);
    /* 30 83 00 01 22: three length bytes where two suffice */
    mut[0] = 0x30;
    mut[1] = 0x83;
    mut[2] = 0x00;
    memcpy(mut + 3, der + 2, n - 2);
    TEST_EQUAL(tacit_asn1_parse_spki(mut, n + 1, &info), TACIT_ERR_ASN1_INVALID_LENGTH);
    /* indefinite outer length with an end-of-contents marker */
    mut[0] = 0x30;
    mut[1] = 0x80;
    memcpy(mut + 2, der + 4, n - 4);
    mut[n - 2] = 0;
    mut[n - 1] = 0;
    TEST_EQUAL(tacit_asn1_parse_spki(mut, n, &info), TACIT_ERR_ASN1_INVALID_LENGTH);
    /* flip every byte of the header region: never a crash, never the same key */
    {
        size_t i;
        for (i = 0; i < 40 && i < n; i++) {
            int r;
            memcpy(mut, der, n);
            mut[i] ^= 0x01;
            r = tacit_asn1_parse_spki(mut, n, &info);
            if (r == 0) {
                /* some flips (inside the modulus/OID content) still parse */
                TEST_ASSERT(i >= 6);
            }
        }
    }
exit:
    free(der);
    free(mut);
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_lengths);
    RUN_TEST(test_any_peek_end);
    RUN_TEST(test_integers);
    RUN_TEST(test_primitives);
    RUN_TEST(test_writer_values);
    RUN_TEST(test_writer_sizes);
    RUN_TEST(test_envelope_malformed);
    RUN_TEST(test_interop_trees);
    RUN_TEST(test_interop_envelopes);
    RUN_TEST(test_interop_integers);
    RUN_TEST(test_interop_sec1);
    RUN_TEST(test_interop_mutations);
    return TEST_MAIN_END();
}
