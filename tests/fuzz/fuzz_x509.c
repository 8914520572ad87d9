/*
 * X.509 certificates: the input as one DER certificate and as a PEM bundle.
 * A certificate that parses is walked (names, subjectAltNames), added to a
 * store (which must then find it by its subject), its self-signature is
 * checked, and it is validated against itself as the only trust anchor and
 * as an untrusted intermediate of itself: every call must end cleanly, and
 * the leaf-is-an-anchor path must accept it when its time is valid.
 *
 * Names and constraints (issue 30): the input's first two DER elements, and
 * each parsed certificate's subject and issuer, are compared as Names, with
 * the properties the path search relies on -- equality is symmetric, every
 * Name is a prefix of itself, equal Names hash alike (the store's index) and
 * are prefixes of each other.  The name constraints of each certificate of a
 * PEM bundle are applied to every certificate of the bundle (directly, no
 * signature needed), so constraint encodings of every form meet names of
 * every form.  tests/fuzz/fuzz_x509.dict holds string types, RDN and
 * GeneralName headers, and the OIDs involved.
 */
#include <stdint.h>
#include <string.h>

#include "tacit/asn1.h"
#include "tacit/x509.h"
#include "fuzz_util.h"
#include "x509/x509_internal.h"
#include "x509/x509_verify_internal.h"

static void name_pair(const unsigned char *a, size_t alen, const unsigned char *b, size_t blen)
{
    int eq;

    if (tacit_x509_name_check(a, alen) != 0 || tacit_x509_name_check(b, blen) != 0) {
        (void)tacit_x509_name_equal(a, alen, b, blen);
        (void)tacit_x509_name_hash(a, alen);
        return;
    }
    eq = tacit_x509_name_equal(a, alen, b, blen);
    FUZZ_CHECK(eq == tacit_x509_name_equal(b, blen, a, alen));
    FUZZ_CHECK(tacit_x509_name_has_prefix(a, alen, a, alen));
    FUZZ_CHECK(tacit_x509_name_has_prefix(b, blen, b, blen));
    if (eq) {
        FUZZ_CHECK(tacit_x509_name_hash(a, alen) == tacit_x509_name_hash(b, blen));
        FUZZ_CHECK(tacit_x509_name_has_prefix(a, alen, b, blen));
        FUZZ_CHECK(tacit_x509_name_has_prefix(b, blen, a, alen));
    }
}

/* The input's first two DER elements as Names. */
static void names_from_input(const uint8_t *data, size_t size)
{
    const unsigned char *p = data, *end = data + size, *a, *b;
    tacit_asn1_buf x;
    size_t alen;

    a = p;
    if (tacit_asn1_get_any(&p, end, &x) != 0) {
        return;
    }
    alen = (size_t)(p - a);
    b = p;
    if (tacit_asn1_get_any(&p, end, &x) != 0) {
        return;
    }
    name_pair(a, alen, b, (size_t)(p - b));
}

/* ca's name constraints over c: must end with a verdict, never crash. */
static void constrain(const tacit_x509_crt *ca, const tacit_x509_crt *c)
{
    vstate v;
    tacit_x509_verify_params vp;
    reason_t r;

    if (!(ca->ext_present & TACIT_X509_EXT_NAME_CONSTRAINTS)) {
        return;
    }
    memset(&v, 0, sizeof(v));
    tacit_x509_verify_params_init(&vp);
    v.params = &vp;
    v.path[0] = c; /* c as the leaf: its host-name commonNames meet dNSName constraints too */
    r = tacit_x509_check_nc(&v, &ca->name_constraints, c);
    FUZZ_CHECK(r == TACIT_X509_OK || r == TACIT_X509_NAME_CONSTRAINTS ||
               r == TACIT_X509_BUDGET_EXCEEDED);
}

static void use(const tacit_x509_crt *c)
{
    tacit_x509_store st;
    tacit_x509_verify_params vp;
    tacit_x509_reason why;
    tacit_x509_buf v;
    const tacit_x509_crt *found;
    char text[256];
    size_t i, iter = 0;
    int ret;

    for (i = 0; tacit_x509_crt_san(c, i, &v) >= 0; i++) {
        FUZZ_CHECK(v.p >= c->der.p && v.p + v.len <= c->der.p + c->der.len);
    }
    tacit_x509_name_text(&c->subject, text, sizeof(text));
    tacit_x509_name_text(&c->issuer, text, sizeof(text));
    FUZZ_CHECK(tacit_x509_name_equal(c->subject.p, c->subject.len, c->subject.p, c->subject.len));
    name_pair(c->subject.p, c->subject.len, c->issuer.p, c->issuer.len);
    constrain(c, c);
    (void)tacit_x509_check_signature(c, c, TACIT_X509_ALLOW_SHA1, &why);

    tacit_x509_store_init(&st);
    FUZZ_CHECK(tacit_x509_store_add_der(&st, c->der.p, c->der.len) == 0);
    found = tacit_x509_store_find(&st, &c->subject, &iter);
    FUZZ_CHECK(found != NULL);
    tacit_x509_verify_params_init(&vp);
    vp.time = c->not_before;
    vp.host = "a.example.com";
    ret = tacit_x509_verify(c, NULL, &st, &vp, &why);
    FUZZ_CHECK(ret == 0 || why == TACIT_X509_NAME_MISMATCH || why == TACIT_X509_INVALID_CERT ||
               why == TACIT_X509_EXPIRED);
    vp.host = NULL;
    vp.purpose = TACIT_X509_PURPOSE_ANY;
    (void)tacit_x509_verify(c, &st, &st, &vp, &why);
    tacit_x509_store_free(&st);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tacit_x509_crt c;
    tacit_x509_store st;
    size_t added = 0, failed = 0, i;

    names_from_input(data, size);
    if (tacit_x509_parse_crt(&c, data, size) == 0) {
        use(&c);
    }
    tacit_x509_store_init(&st);
    (void)tacit_x509_store_add_pem(&st, data, size, &added, &failed);
    FUZZ_CHECK(tacit_x509_store_count(&st) == added);
    for (i = 0; i < added; i++) {
        size_t j;
        use(tacit_x509_store_get(&st, i));
        for (j = 0; j < added && i < 8 && j < 8; j++) {
            const tacit_x509_crt *x = tacit_x509_store_get(&st, i),
                                 *y = tacit_x509_store_get(&st, j);
            constrain(x, y);
            name_pair(x->subject.p, x->subject.len, y->subject.p, y->subject.len);
        }
    }
    tacit_x509_store_free(&st);
    return 0;
}
