/*
 * HMAC as an EVP_PKEY: a key manager and a signature, both named "HMAC", over
 * tacit_hmac_*.  Some callers compute an HMAC through
 * EVP_PKEY_new_raw_private_key_ex(libctx, "HMAC", ...) and EVP_DigestSign*
 * instead of EVP_MAC: libssl 3.0 does so for the TLS 1.3 PSK binder
 * (RFC 8446 section 4.2.11), so without these a session could not be resumed
 * with tacit alone (the client's ClientHello and the server's check of it
 * both failed with an internal error).
 *
 * The key is the raw HMAC key (OSSL_PKEY_PARAM_PRIV_KEY, any length); the
 * digest is the one EVP_DigestSignInit names; the "signature" is the full
 * tag (tacit_md_size bytes).  Nothing is verified here: HMAC tags are checked
 * by their users (EVP_DigestVerify is not offered, as with OpenSSL's own).
 */
#include <stdlib.h>
#include <string.h>

#include "prov.h"
#include "tacit/constant_time.h"
#include "tacit/hmac.h"
#include "tacit/platform.h"

/* ---- the key ----------------------------------------------------------------------------------- */

typedef struct {
    TP_PROV_CTX *pc;
    unsigned char *key; /* NULL until imported */
    size_t len;
} TP_MAC_KEY;

static void *mac_key_new(void *provctx)
{
    TP_MAC_KEY *k = calloc(1, sizeof(*k));

    if (k == NULL) {
        TP_ERR(provctx, TP_R_ALLOC, "HMAC key");
        return NULL;
    }
    k->pc = provctx;
    return k;
}

static void mac_key_clear(TP_MAC_KEY *k)
{
    if (k->key != NULL) {
        tacit_platform_zeroize(k->key, k->len);
        free(k->key);
    }
    k->key = NULL;
    k->len = 0;
}

static void mac_key_free(void *vkey)
{
    TP_MAC_KEY *k = vkey;

    if (k != NULL) {
        mac_key_clear(k);
        free(k);
    }
}

static int mac_key_has(const void *vkey, int selection)
{
    const TP_MAC_KEY *k = vkey;

    if (k == NULL) {
        return 0;
    }
    /* an HMAC key is private only; asking for nothing, or for the public half, is satisfied */
    return (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) == 0 || k->key != NULL;
}

static int mac_key_set(TP_MAC_KEY *k, const unsigned char *key, size_t len)
{
    unsigned char *copy = malloc(len + 1); /* + 1: an empty key is a key */

    if (copy == NULL) {
        TP_ERR(k->pc, TP_R_ALLOC, "HMAC key");
        return 0;
    }
    if (len != 0) {
        memcpy(copy, key, len);
    }
    mac_key_clear(k);
    k->key = copy;
    k->len = len;
    return 1;
}

static int mac_key_import(void *vkey, int selection, const OSSL_PARAM params[])
{
    TP_MAC_KEY *k = vkey;
    const OSSL_PARAM *p;

    if (k == NULL || (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) == 0) {
        return 0;
    }
    p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY);
    if (p == NULL || p->data_type != OSSL_PARAM_OCTET_STRING ||
        (p->data == NULL && p->data_size != 0)) {
        TP_ERR(k->pc, TP_R_BAD_PARAM, "HMAC key: an octet string '%s' is needed",
               OSSL_PKEY_PARAM_PRIV_KEY);
        return 0;
    }
    return mac_key_set(k, p->data, p->data_size);
}

static int mac_key_export(void *vkey, int selection, OSSL_CALLBACK *cb, void *arg)
{
    TP_MAC_KEY *k = vkey;
    OSSL_PARAM params[2];

    if (k == NULL || k->key == NULL || (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) == 0) {
        return 0;
    }
    params[0] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, k->key, k->len);
    params[1] = OSSL_PARAM_construct_end();
    return cb(params, arg);
}

static const OSSL_PARAM mac_key_types[] = {
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0), OSSL_PARAM_END
};

static const OSSL_PARAM *mac_key_io_types(int selection)
{
    return (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 ? mac_key_types : NULL;
}

static int mac_key_match(const void *va, const void *vb, int selection)
{
    const TP_MAC_KEY *a = va, *b = vb;

    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) == 0) {
        return 1;
    }
    return a->key != NULL && b->key != NULL && a->len == b->len &&
           tacit_ct_memcmp(a->key, b->key, a->len) == 0;
}

static void *mac_key_dup(const void *vkey, int selection)
{
    const TP_MAC_KEY *k = vkey;
    TP_MAC_KEY *d = mac_key_new(k->pc);

    if (d != NULL && k->key != NULL && (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 &&
        !mac_key_set(d, k->key, k->len)) {
        mac_key_free(d);
        return NULL;
    }
    return d;
}

const OSSL_DISPATCH tp_hmac_keymgmt_functions[] = {
    { OSSL_FUNC_KEYMGMT_NEW, (void (*)(void))mac_key_new },
    { OSSL_FUNC_KEYMGMT_FREE, (void (*)(void))mac_key_free },
    { OSSL_FUNC_KEYMGMT_HAS, (void (*)(void))mac_key_has },
    { OSSL_FUNC_KEYMGMT_MATCH, (void (*)(void))mac_key_match },
    { OSSL_FUNC_KEYMGMT_IMPORT, (void (*)(void))mac_key_import },
    { OSSL_FUNC_KEYMGMT_IMPORT_TYPES, (void (*)(void))mac_key_io_types },
    { OSSL_FUNC_KEYMGMT_EXPORT, (void (*)(void))mac_key_export },
    { OSSL_FUNC_KEYMGMT_EXPORT_TYPES, (void (*)(void))mac_key_io_types },
    { OSSL_FUNC_KEYMGMT_DUP, (void (*)(void))mac_key_dup },
    { 0, NULL }
};

/* ---- the "signature": the HMAC tag --------------------------------------------------------------- */

typedef struct {
    TP_PROV_CTX *pc;
    tacit_md_type md; /* TACIT_MD_NONE before digest_sign_init */
    tacit_hmac_context h;
} TP_MAC_SIG_CTX;

static void *mac_sig_newctx(void *provctx, const char *propq)
{
    TP_MAC_SIG_CTX *c = calloc(1, sizeof(*c));

    (void)propq;
    if (c == NULL) {
        TP_ERR(provctx, TP_R_ALLOC, "HMAC signature context");
        return NULL;
    }
    c->pc = provctx;
    c->md = TACIT_MD_NONE;
    return c;
}

static void mac_sig_freectx(void *vctx)
{
    TP_MAC_SIG_CTX *c = vctx;

    if (c != NULL) {
        tacit_hmac_free(&c->h);
        tacit_platform_zeroize(c, sizeof(*c));
        free(c);
    }
}

/* EVP_DigestSignFinal signs from a duplicate, so the running HMAC is copied along. */
static void *mac_sig_dupctx(void *vctx)
{
    TP_MAC_SIG_CTX *c = vctx, *d = malloc(sizeof(*d));

    if (d == NULL) {
        TP_ERR(c->pc, TP_R_ALLOC, "HMAC signature context");
        return NULL;
    }
    memcpy(d, c, sizeof(*d));
    return d;
}

static int mac_sig_init(void *vctx, const char *mdname, void *vkey, const OSSL_PARAM params[])
{
    TP_MAC_SIG_CTX *c = vctx;
    TP_MAC_KEY *k = vkey;
    tacit_md_type md;
    int ret;

    (void)params;
    if (k == NULL || k->key == NULL) {
        TP_ERR(c->pc, TP_R_NO_KEY, "HMAC needs a key");
        return 0;
    }
    md = mdname != NULL ? tp_md_from_name(mdname) : TACIT_MD_NONE;
    if (md == TACIT_MD_NONE) {
        TP_ERR(c->pc, TP_R_UNSUPPORTED, "HMAC digest '%s'", mdname != NULL ? mdname : "(none)");
        return 0;
    }
    ret = tacit_hmac_init(&c->h, md, k->key, k->len);
    if (ret != 0) {
        c->md = TACIT_MD_NONE;
        TP_TACIT_ERR(c->pc, ret, "tacit_hmac_init");
        return 0;
    }
    c->md = md;
    return 1;
}

static int mac_sig_update(void *vctx, const unsigned char *data, size_t len)
{
    TP_MAC_SIG_CTX *c = vctx;
    int ret;

    if (c->md == TACIT_MD_NONE) {
        TP_ERR(c->pc, TP_R_WRONG_STATE, "HMAC update before init");
        return 0;
    }
    ret = tacit_hmac_update(&c->h, data, len);
    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, "tacit_hmac_update");
        return 0;
    }
    return 1;
}

static int mac_sig_final(void *vctx, unsigned char *sig, size_t *siglen, size_t sigsize)
{
    TP_MAC_SIG_CTX *c = vctx;
    size_t n;
    int ret;

    if (c->md == TACIT_MD_NONE) {
        TP_ERR(c->pc, TP_R_WRONG_STATE, "HMAC final before init");
        return 0;
    }
    n = tacit_md_size(c->md);
    if (sig == NULL) { /* the size */
        *siglen = n;
        return 1;
    }
    if (sigsize < n) {
        TP_ERR(c->pc, TP_R_BUFFER_TOO_SMALL, "HMAC needs %zu bytes, got %zu", n, sigsize);
        return 0;
    }
    ret = tacit_hmac_finish(&c->h, sig);
    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, "tacit_hmac_finish");
        return 0;
    }
    *siglen = n;
    return 1;
}

const OSSL_DISPATCH tp_hmac_signature_functions[] = {
    { OSSL_FUNC_SIGNATURE_NEWCTX, (void (*)(void))mac_sig_newctx },
    { OSSL_FUNC_SIGNATURE_FREECTX, (void (*)(void))mac_sig_freectx },
    { OSSL_FUNC_SIGNATURE_DUPCTX, (void (*)(void))mac_sig_dupctx },
    { OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT, (void (*)(void))mac_sig_init },
    { OSSL_FUNC_SIGNATURE_DIGEST_SIGN_UPDATE, (void (*)(void))mac_sig_update },
    { OSSL_FUNC_SIGNATURE_DIGEST_SIGN_FINAL, (void (*)(void))mac_sig_final },
    { 0, NULL }
};
