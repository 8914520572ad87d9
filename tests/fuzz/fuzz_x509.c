/*
 * X.509 certificates: the input as one DER certificate and as a PEM bundle.
 * A certificate that parses is walked (names, subjectAltNames), added to a
 * store (which must then find it by its subject), its self-signature is
 * checked, and it is validated against itself as the only trust anchor and
 * as an untrusted intermediate of itself: every call must end cleanly, and
 * the leaf-is-an-anchor path must accept it when its time is valid.
 */
#include <stdint.h>
#include <string.h>

#include "tacit/x509.h"
#include "fuzz_util.h"

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

    if (tacit_x509_crt_parse(&c, data, size) == 0) {
        use(&c);
    }
    tacit_x509_store_init(&st);
    (void)tacit_x509_store_add_pem(&st, data, size, &added, &failed);
    FUZZ_CHECK(tacit_x509_store_count(&st) == added);
    for (i = 0; i < added; i++) {
        use(tacit_x509_store_get(&st, i));
    }
    tacit_x509_store_free(&st);
    return 0;
}
