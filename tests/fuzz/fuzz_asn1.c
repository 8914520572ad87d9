/*
 * The DER reader: walk the input as nested elements (constructed tags
 * recursed into, bounded depth), try every primitive reader on every
 * element, and check that what they return lies inside the input.  Then the
 * SubjectPublicKeyInfo and PKCS#8 envelopes on the whole input.
 */
#include <stdint.h>
#include <string.h>

#include "tacit/asn1.h"
#include "fuzz_util.h"

static const uint8_t *lo, *hi;

static void inside(const unsigned char *p, size_t len)
{
    FUZZ_CHECK(len == 0 || (p >= lo && p + len <= hi && p + len >= p));
}

static void primitives(const unsigned char *start, const unsigned char *end)
{
    const unsigned char *p, *v;
    size_t n;
    int iv, unused;
    tacit_asn1_buf a, b;

    p = start;
    if (tacit_asn1_get_bool(&p, end, &iv) == 0)
        FUZZ_CHECK(iv == 0 || iv == 1);
    p = start;
    if (tacit_asn1_get_int(&p, end, &iv) == 0)
        FUZZ_CHECK(iv >= 0);
    p = start;
    if (tacit_asn1_get_uint(&p, end, &v, &n) == 0) {
        inside(v, n);
        FUZZ_CHECK(n == 0 || v[0] != 0);
    }
    p = start;
    tacit_asn1_get_null(&p, end);
    p = start;
    if (tacit_asn1_get_oid(&p, end, &v, &n) == 0)
        inside(v, n);
    p = start;
    if (tacit_asn1_get_bitstring(&p, end, &v, &n, &unused) == 0) {
        inside(v, n);
        FUZZ_CHECK(unused >= 0 && unused <= 7);
    }
    p = start;
    if (tacit_asn1_get_bitstring_bytes(&p, end, &v, &n) == 0)
        inside(v, n);
    p = start;
    if (tacit_asn1_get_octet_string(&p, end, &v, &n) == 0)
        inside(v, n);
    p = start;
    if (tacit_asn1_get_alg(&p, end, &a, &b) == 0) {
        inside(a.p, a.len);
        inside(b.p, b.len);
    }
}

static void walk(const unsigned char *p, const unsigned char *end, int depth)
{
    int count = 0;

    while (p < end && count++ < 256) {
        const unsigned char *here = p;
        tacit_asn1_buf el;

        primitives(p, end);
        if (tacit_asn1_get_any(&p, end, &el) != 0) {
            return;
        }
        FUZZ_CHECK(p > here && p <= end);
        inside(el.p, el.len);
        if ((el.tag & TACIT_ASN1_CONSTRUCTED) && depth < 16) {
            walk(el.p, el.p + el.len, depth + 1);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tacit_asn1_key_info info;

    lo = data;
    hi = data + size;
    walk(data, data + size, 0);
    if (tacit_asn1_parse_spki(data, size, &info) == 0) {
        inside(info.alg.p, info.alg.len);
        inside(info.params.p, info.params.len);
        inside(info.key.p, info.key.len);
    }
    if (tacit_asn1_parse_pkcs8(data, size, &info) == 0) {
        inside(info.alg.p, info.alg.len);
        inside(info.params.p, info.params.len);
        inside(info.key.p, info.key.len);
    }
    return 0;
}
