/*
 * Benchmark rows for the x509 area (see bench.h): load a PEM bundle of root
 * certificates (Debian's /etc/ssl/certs/ca-certificates.crt) -- find, decode
 * and parse every certificate -- and verify every self-signature.
 *   tacit:   tacit_x509_store_add_pem + tacit_x509_check_signature
 *   OpenSSL: PEM_read_bio_X509 + X509_verify with the certificate's own key
 *   mbed TLS: mbedtls_x509_crt_parse + mbedtls_pk_verify_ext over the TBS
 *            (what its chain verification does for one signature)
 * SHA-1 and RSA-1024 are allowed here: old roots are self-signed that way.
 * The same functions give load_roots --verify its counts.
 */
#include "bench.h"
#include "bench_x509.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tacit/config.h"

#if defined(TACIT_X509_C)
#include "tacit/x509.h"
#endif
#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/bio.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#endif
#if defined(TACIT_HAVE_MBEDTLS)
#include <mbedtls/md.h>
#include <mbedtls/x509_crt.h>
#endif

#define DEFAULT_BUNDLE "/etc/ssl/certs/ca-certificates.crt"

int bench_x509_read_file(const char *path, unsigned char **buf, size_t *len)
{
    FILE *f = fopen(path, "rb");
    long sz;

    *buf = NULL;
    if (f == NULL) {
        return -1;
    }
    if (fseek(f, 0, SEEK_END) != 0 || (sz = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0 ||
        (*buf = malloc((size_t)sz + 1)) == NULL || fread(*buf, 1, (size_t)sz, f) != (size_t)sz) {
        fclose(f);
        free(*buf);
        *buf = NULL;
        return -1;
    }
    fclose(f);
    (*buf)[sz] = 0;
    *len = (size_t)sz;
    return 0;
}

#if defined(TACIT_X509_C)
int bench_x509_tacit(const unsigned char *pem, size_t len, bench_x509_counts *c)
{
    tacit_x509_store st;
    size_t i, added = 0, failed = 0;
    int ret;

    memset(c, 0, sizeof(*c));
    tacit_x509_store_init(&st);
    ret = tacit_x509_store_add_pem(&st, pem, len, &added, &failed);
    c->parse_failed = failed;
    for (i = 0; ret == 0 && i < added; i++) {
        const tacit_x509_crt *crt = tacit_x509_store_get(&st, i);
        c->certs++;
        if (!tacit_x509_name_equal(crt->subject.p, crt->subject.len, crt->issuer.p,
                                   crt->issuer.len)) {
            c->not_self_signed++;
        } else if (tacit_x509_check_signature(
                       crt, crt, TACIT_X509_ALLOW_SHA1 | TACIT_X509_ALLOW_RSA1024_ANCHORS, NULL) ==
                   0) {
            c->verified++;
        } else {
            c->failed++;
        }
    }
    tacit_x509_store_free(&st);
    return ret;
}
#endif

#if defined(TACIT_HAVE_OPENSSL)
int bench_x509_openssl(const unsigned char *pem, size_t len, bench_x509_counts *c)
{
    BIO *bio = BIO_new_mem_buf(pem, (int)len);
    X509 *x;

    memset(c, 0, sizeof(*c));
    if (bio == NULL) {
        return -1;
    }
    while ((x = PEM_read_bio_X509(bio, NULL, NULL, NULL)) != NULL) {
        c->certs++;
        if (X509_NAME_cmp(X509_get_subject_name(x), X509_get_issuer_name(x)) != 0) {
            c->not_self_signed++;
        } else if (X509_verify(x, X509_get0_pubkey(x)) == 1) {
            c->verified++;
        } else {
            c->failed++;
        }
        X509_free(x);
    }
    BIO_free(bio);
    return 0;
}
#endif

#if defined(TACIT_HAVE_MBEDTLS)
int bench_x509_mbedtls(const unsigned char *pem, size_t len, bench_x509_counts *c)
{
    mbedtls_x509_crt chain, *crt;
    unsigned char hash[MBEDTLS_MD_MAX_SIZE];
    int ret;

    memset(c, 0, sizeof(*c));
    mbedtls_x509_crt_init(&chain);
    /* PEM input must include the terminating NUL (the caller's buffer has one) */
    ret = mbedtls_x509_crt_parse(&chain, pem, len + 1);
    if (ret < 0) {
        mbedtls_x509_crt_free(&chain);
        return -1;
    }
    c->parse_failed = (size_t)ret;
    for (crt = &chain; crt != NULL && crt->raw.p != NULL; crt = crt->next) {
        const mbedtls_md_info_t *md = mbedtls_md_info_from_type(crt->sig_md);
        c->certs++;
        if (crt->subject_raw.len != crt->issuer_raw.len ||
            memcmp(crt->subject_raw.p, crt->issuer_raw.p, crt->issuer_raw.len) != 0) {
            c->not_self_signed++;
        } else if (md != NULL && mbedtls_md(md, crt->tbs.p, crt->tbs.len, hash) == 0 &&
                   mbedtls_pk_verify_ext(crt->sig_pk, crt->sig_opts, &crt->pk, crt->sig_md, hash,
                                         mbedtls_md_get_size(md), crt->sig.p, crt->sig.len) == 0) {
            c->verified++;
        } else {
            c->failed++;
        }
    }
    mbedtls_x509_crt_free(&chain);
    return 0;
}
#endif

/* ---- rows ---------------------------------------------------------------------------- */

typedef struct {
    unsigned char *pem;
    size_t len;
} bundle_state;

static void *bundle_setup(const void *arg)
{
    bundle_state *s = calloc(1, sizeof(*s));

    (void)arg;
    if (s == NULL || bench_x509_read_file(DEFAULT_BUNDLE, &s->pem, &s->len) != 0) {
        free(s);
        return NULL; /* no bundle on this machine: n/a */
    }
    return s;
}

static void bundle_teardown(void *state)
{
    bundle_state *s = state;
    free(s->pem);
    free(s);
}

#if defined(TACIT_X509_C)
static int run_tacit(void *state)
{
    bundle_state *s = state;
    bench_x509_counts c;
    return bench_x509_tacit(s->pem, s->len, &c) != 0 || c.failed != 0;
}
#define TACIT_IMPL                                                                                 \
    {                                                                                              \
        "tacit", bundle_setup, run_tacit, bundle_teardown, 0                                       \
    }
#else
#define TACIT_IMPL                                                                                 \
    {                                                                                              \
        "tacit", NULL, NULL, NULL, 0                                                               \
    }
#endif

#if defined(TACIT_HAVE_OPENSSL)
static int run_openssl(void *state)
{
    bundle_state *s = state;
    bench_x509_counts c;
    return bench_x509_openssl(s->pem, s->len, &c) != 0 || c.failed != 0;
}
#define OPENSSL_IMPL                                                                               \
    ,                                                                                              \
    {                                                                                              \
        "openssl", bundle_setup, run_openssl, bundle_teardown, 0                                   \
    }
#else
#define OPENSSL_IMPL
#endif

#if defined(TACIT_HAVE_MBEDTLS)
static int run_mbedtls(void *state)
{
    bundle_state *s = state;
    bench_x509_counts c;
    return bench_x509_mbedtls(s->pem, s->len, &c) != 0 || c.failed != 0;
}
#define MBEDTLS_IMPL                                                                               \
    ,                                                                                              \
    {                                                                                              \
        "mbedtls", bundle_setup, run_mbedtls, bundle_teardown, 0                                   \
    }
#else
#define MBEDTLS_IMPL
#endif

const bench_row bench_rows_x509[] = {
    { "x509-bundle-load-verify",
      "CA bundle: load + verify self-signatures",
      0,
      NULL,
      { TACIT_IMPL OPENSSL_IMPL MBEDTLS_IMPL } },
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};
