/*
 * KDFs of the tacit provider:
 *   - TLS1-PRF (TLS 1.2, RFC 5246 section 5): tacit_tls12_prf with SHA-256,
 *     SHA-384 or SHA-512 (what TLS 1.2's suites use; MD5+SHA-1 of TLS 1.0/1.1
 *     is not offered);
 *   - HKDF (RFC 5869) and TLS13-KDF (RFC 8446 section 7.1) over tacit's
 *     tacit_hkdf_* / tacit_tls13_hkdf_expand_label, compiled when
 *     include/tacit/hkdf.h exists (TP_HAVE_HKDF).
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/kdf.h>

#include "prov.h"
#include "tacit/tls12.h"
#include "tacit/platform.h"
#if defined(TP_HAVE_HKDF)
#include "tacit/hkdf.h"
#endif

#define TP_KDF_TLS1_PRF 1
#define TP_KDF_HKDF 2
#define TP_KDF_TLS13 3

typedef struct {
    TP_PROV_CTX *pc;
    int kind;
    tacit_md_type md;
    int mode; /* EVP_KDF_HKDF_MODE_* */
    /* owned copies: key/secret, salt, info/seed (seeds are concatenated), prefix, label, data */
    unsigned char *key, *salt, *info, *prefix, *label, *data;
    size_t key_len, salt_len, info_len, prefix_len, label_len, data_len;
} TP_KDF_CTX;

static void *kdf_newctx(void *provctx, int kind)
{
    TP_KDF_CTX *c = calloc(1, sizeof(*c));

    if (c == NULL) {
        TP_ERR(provctx, TP_R_ALLOC, "KDF context");
        return NULL;
    }
    c->pc = provctx;
    c->kind = kind;
    return c;
}

static void *tls1_prf_newctx(void *provctx)
{
    return kdf_newctx(provctx, TP_KDF_TLS1_PRF);
}

static void drop(unsigned char **p, size_t *len)
{
    if (*p != NULL) {
        tacit_platform_zeroize(*p, *len);
        free(*p);
    }
    *p = NULL;
    *len = 0;
}

static void kdf_reset(void *vctx)
{
    TP_KDF_CTX *c = vctx;

    drop(&c->key, &c->key_len);
    drop(&c->salt, &c->salt_len);
    drop(&c->info, &c->info_len);
    drop(&c->prefix, &c->prefix_len);
    drop(&c->label, &c->label_len);
    drop(&c->data, &c->data_len);
    c->md = TACIT_MD_NONE;
    c->mode = EVP_KDF_HKDF_MODE_EXTRACT_AND_EXPAND;
}

static void kdf_freectx(void *vctx)
{
    if (vctx != NULL) {
        kdf_reset(vctx);
        free(vctx);
    }
}

static int dupbuf(unsigned char **dst, size_t *dlen, const unsigned char *src, size_t len)
{
    *dst = NULL;
    *dlen = 0;
    if (src == NULL) {
        return 1;
    }
    *dst = malloc(len ? len : 1);
    if (*dst == NULL) {
        return 0;
    }
    if (len > 0) {
        memcpy(*dst, src, len);
    }
    *dlen = len;
    return 1;
}

static void *kdf_dupctx(void *vctx)
{
    TP_KDF_CTX *c = vctx, *d = calloc(1, sizeof(*d));

    if (d == NULL) {
        TP_ERR(c->pc, TP_R_ALLOC, "KDF context");
        return NULL;
    }
    d->pc = c->pc;
    d->kind = c->kind;
    d->md = c->md;
    d->mode = c->mode;
    if (!dupbuf(&d->key, &d->key_len, c->key, c->key_len) ||
        !dupbuf(&d->salt, &d->salt_len, c->salt, c->salt_len) ||
        !dupbuf(&d->info, &d->info_len, c->info, c->info_len) ||
        !dupbuf(&d->prefix, &d->prefix_len, c->prefix, c->prefix_len) ||
        !dupbuf(&d->label, &d->label_len, c->label, c->label_len) ||
        !dupbuf(&d->data, &d->data_len, c->data, c->data_len)) {
        kdf_freectx(d);
        TP_ERR(c->pc, TP_R_ALLOC, "KDF context");
        return NULL;
    }
    return d;
}

/* Replace *dst with p's octets (append: add them, for repeated seed/info parameters). */
static int take_octets(TP_KDF_CTX *c, const OSSL_PARAM *p, unsigned char **dst, size_t *dlen,
                       int append)
{
    unsigned char *n;
    size_t old = append ? *dlen : 0;

    if (p->data_type != OSSL_PARAM_OCTET_STRING || (p->data == NULL && p->data_size != 0)) {
        TP_ERR(c->pc, TP_R_BAD_PARAM, "'%s' must be an octet string", p->key);
        return 0;
    }
    n = malloc(old + p->data_size + 1);
    if (n == NULL) {
        TP_ERR(c->pc, TP_R_ALLOC, "KDF parameter");
        return 0;
    }
    if (old > 0) {
        memcpy(n, *dst, old);
    }
    if (p->data_size > 0) {
        memcpy(n + old, p->data, p->data_size);
    }
    drop(dst, dlen);
    *dst = n;
    *dlen = old + p->data_size;
    return 1;
}

static int kdf_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    TP_KDF_CTX *c = vctx;
    const OSSL_PARAM *p;
    int first;

    if (params == NULL) {
        return 1;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_DIGEST)) != NULL) {
        const char *name = NULL;
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &name) ||
            (c->md = tp_md_from_name(name)) == TACIT_MD_NONE) {
            TP_ERR(c->pc, TP_R_UNSUPPORTED, "KDF digest '%s'", name ? name : "?");
            return 0;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_MODE)) != NULL) {
        int mode = -1;
        if (p->data_type == OSSL_PARAM_UTF8_STRING) {
            const char *s = p->data;
            mode = strcmp(s, "EXTRACT_AND_EXPAND") == 0 ? EVP_KDF_HKDF_MODE_EXTRACT_AND_EXPAND
                   : strcmp(s, "EXTRACT_ONLY") == 0     ? EVP_KDF_HKDF_MODE_EXTRACT_ONLY
                   : strcmp(s, "EXPAND_ONLY") == 0      ? EVP_KDF_HKDF_MODE_EXPAND_ONLY
                                                        : -1;
        } else if (!OSSL_PARAM_get_int(p, &mode)) {
            mode = -1;
        }
        if (mode < EVP_KDF_HKDF_MODE_EXTRACT_AND_EXPAND || mode > EVP_KDF_HKDF_MODE_EXPAND_ONLY ||
            (c->kind == TP_KDF_TLS13 && mode == EVP_KDF_HKDF_MODE_EXTRACT_AND_EXPAND)) {
            TP_ERR(c->pc, TP_R_BAD_PARAM, "KDF mode");
            return 0;
        }
        c->mode = mode;
    }
    p = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_SECRET);
    if (p == NULL) {
        p = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_KEY);
    }
    if (p != NULL && !take_octets(c, p, &c->key, &c->key_len, 0)) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_SALT)) != NULL &&
        !take_octets(c, p, &c->salt, &c->salt_len, 0)) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_PREFIX)) != NULL &&
        !take_octets(c, p, &c->prefix, &c->prefix_len, 0)) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_LABEL)) != NULL &&
        !take_octets(c, p, &c->label, &c->label_len, 0)) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_DATA)) != NULL &&
        !take_octets(c, p, &c->data, &c->data_len, 0)) {
        return 0;
    }
    /* Every seed (TLS1-PRF) or info (HKDF) parameter, concatenated in order. */
    first = 1;
    for (p = params; p->key != NULL; p++) {
        if (strcmp(p->key,
                   c->kind == TP_KDF_TLS1_PRF ? OSSL_KDF_PARAM_SEED : OSSL_KDF_PARAM_INFO) == 0) {
            if (!take_octets(c, p, &c->info, &c->info_len, !first)) {
                return 0;
            }
            first = 0;
        }
    }
    return 1;
}

/* TLS 1.2's PRF: libssl passes "label || seed" as the seed (tacit_tls12_prf with no label). */
static int tls1_prf(TP_KDF_CTX *c, unsigned char *out, size_t outlen)
{
    int ret =
        tacit_tls12_prf(c->md, c->key, c->key_len, NULL, 0, c->info, c->info_len, out, outlen);

    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, "TLS1-PRF (tacit_tls12_prf)");
        return 0;
    }
    return 1;
}

#if defined(TP_HAVE_HKDF)
static int hkdf_derive(TP_KDF_CTX *c, unsigned char *out, size_t outlen)
{
    size_t hl = tacit_md_size(c->md);
    int ret;

    switch (c->mode) {
    case EVP_KDF_HKDF_MODE_EXTRACT_ONLY:
        if (outlen != hl) {
            TP_ERR(c->pc, TP_R_BAD_PARAM, "HKDF extract gives %zu bytes", hl);
            return 0;
        }
        ret = tacit_hkdf_extract(c->md, c->salt, c->salt_len, c->key, c->key_len, out);
        break;
    case EVP_KDF_HKDF_MODE_EXPAND_ONLY:
        ret = tacit_hkdf_expand(c->md, c->key, c->key_len, c->info, c->info_len, out, outlen);
        break;
    default:
        ret = tacit_hkdf(c->md, c->salt, c->salt_len, c->key, c->key_len, c->info, c->info_len, out,
                         outlen);
    }
    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, "HKDF");
        return 0;
    }
    return 1;
}

/*
 * TLS13-KDF as libssl drives it: EXPAND_ONLY is HKDF-Expand-Label(key,
 * label, data); EXTRACT_ONLY is HKDF-Extract(salt', key or zeros) where salt'
 * is, when a salt (the previous secret) is given,
 * HKDF-Expand-Label(salt, label ("derived"), Hash(""), HashLen).
 */
static int tls13_derive(TP_KDF_CTX *c, unsigned char *out, size_t outlen)
{
    static const unsigned char zeros[TACIT_MD_MAX_SIZE] = { 0 };
    unsigned char empty_hash[TACIT_MD_MAX_SIZE], derived[TACIT_MD_MAX_SIZE];
    size_t hl = tacit_md_size(c->md);
    const unsigned char *salt = NULL;
    size_t salt_len = 0;
    int ret;

    if (c->prefix == NULL || c->prefix_len != 6 || memcmp(c->prefix, "tls13 ", 6) != 0) {
        TP_ERR(c->pc, TP_R_UNSUPPORTED, "TLS13-KDF label prefix other than \"tls13 \"");
        return 0;
    }
    if (c->mode == EVP_KDF_HKDF_MODE_EXPAND_ONLY) {
        ret = tacit_tls13_hkdf_expand_label(c->md, c->key, c->key_len, c->label, c->label_len,
                                            c->data, c->data_len, out, outlen);
    } else {
        if (outlen != hl) {
            TP_ERR(c->pc, TP_R_BAD_PARAM, "TLS13-KDF extract gives %zu bytes", hl);
            return 0;
        }
        ret = 0;
        if (c->salt != NULL) {
            ret = tacit_md(c->md, (const unsigned char *)"", 0, empty_hash);
            if (ret == 0) {
                ret = tacit_tls13_hkdf_expand_label(c->md, c->salt, c->salt_len, c->label,
                                                    c->label_len, empty_hash, hl, derived, hl);
            }
            salt = derived;
            salt_len = hl;
        }
        if (ret == 0) {
            ret = tacit_hkdf_extract(c->md, salt, salt_len, c->key != NULL ? c->key : zeros,
                                     c->key != NULL ? c->key_len : hl, out);
        }
        tacit_platform_zeroize(derived, sizeof(derived));
    }
    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, "TLS13-KDF");
        return 0;
    }
    return 1;
}

static void *hkdf_newctx(void *provctx)
{
    return kdf_newctx(provctx, TP_KDF_HKDF);
}

static void *tls13_newctx(void *provctx)
{
    return kdf_newctx(provctx, TP_KDF_TLS13);
}
#endif

static int kdf_derive(void *vctx, unsigned char *key, size_t keylen, const OSSL_PARAM params[])
{
    TP_KDF_CTX *c = vctx;

    if (!kdf_set_ctx_params(c, params)) {
        return 0;
    }
    if (c->md == TACIT_MD_NONE) {
        TP_ERR(c->pc, TP_R_BAD_PARAM, "KDF needs a digest");
        return 0;
    }
    if (key == NULL || keylen == 0) {
        TP_ERR(c->pc, TP_R_BAD_PARAM, "KDF output of 0 bytes");
        return 0;
    }
    if (c->kind != TP_KDF_TLS13 || c->mode == EVP_KDF_HKDF_MODE_EXPAND_ONLY) {
        if (c->key == NULL) {
            TP_ERR(c->pc, TP_R_BAD_PARAM, "KDF needs a key/secret");
            return 0;
        }
    }
    switch (c->kind) {
    case TP_KDF_TLS1_PRF:
        if (c->md != TACIT_MD_SHA256 && c->md != TACIT_MD_SHA384 && c->md != TACIT_MD_SHA512) {
            TP_ERR(c->pc, TP_R_UNSUPPORTED, "TLS1-PRF digest (SHA-256, SHA-384, SHA-512 only)");
            return 0;
        }
        if (c->info == NULL) {
            TP_ERR(c->pc, TP_R_BAD_PARAM, "TLS1-PRF needs a seed");
            return 0;
        }
        return tls1_prf(c, key, keylen);
#if defined(TP_HAVE_HKDF)
    case TP_KDF_HKDF:
        return hkdf_derive(c, key, keylen);
    case TP_KDF_TLS13:
        return tls13_derive(c, key, keylen);
#endif
    default:
        return 0;
    }
}

static int kdf_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    TP_KDF_CTX *c = vctx;
    OSSL_PARAM *p = OSSL_PARAM_locate(params, OSSL_KDF_PARAM_SIZE);
    size_t sz = SIZE_MAX;

    if (p == NULL) {
        return 1;
    }
    if ((c->kind == TP_KDF_HKDF && c->mode == EVP_KDF_HKDF_MODE_EXTRACT_ONLY) ||
        (c->kind == TP_KDF_TLS13 && c->mode == EVP_KDF_HKDF_MODE_EXTRACT_ONLY)) {
        sz = tacit_md_size(c->md);
        if (sz == 0) {
            return 0;
        }
    }
    return OSSL_PARAM_set_size_t(p, sz);
}

static const OSSL_PARAM kdf_gettable[] = { OSSL_PARAM_size_t(OSSL_KDF_PARAM_SIZE, NULL),
                                           OSSL_PARAM_END };
static const OSSL_PARAM kdf_settable[] = { OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_PROPERTIES, NULL,
                                                                  0),
                                           OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_DIGEST, NULL, 0),
                                           OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_MODE, NULL, 0),
                                           OSSL_PARAM_octet_string(OSSL_KDF_PARAM_SECRET, NULL, 0),
                                           OSSL_PARAM_octet_string(OSSL_KDF_PARAM_KEY, NULL, 0),
                                           OSSL_PARAM_octet_string(OSSL_KDF_PARAM_SALT, NULL, 0),
                                           OSSL_PARAM_octet_string(OSSL_KDF_PARAM_SEED, NULL, 0),
                                           OSSL_PARAM_octet_string(OSSL_KDF_PARAM_INFO, NULL, 0),
                                           OSSL_PARAM_octet_string(OSSL_KDF_PARAM_PREFIX, NULL, 0),
                                           OSSL_PARAM_octet_string(OSSL_KDF_PARAM_LABEL, NULL, 0),
                                           OSSL_PARAM_octet_string(OSSL_KDF_PARAM_DATA, NULL, 0),
                                           OSSL_PARAM_END };

static const OSSL_PARAM *kdf_gettable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return kdf_gettable;
}

static const OSSL_PARAM *kdf_settable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return kdf_settable;
}

#define TP_KDF(newfn)                                                                              \
    { OSSL_FUNC_KDF_NEWCTX, (void (*)(void))newfn },                                               \
        { OSSL_FUNC_KDF_DUPCTX, (void (*)(void))kdf_dupctx },                                      \
        { OSSL_FUNC_KDF_FREECTX, (void (*)(void))kdf_freectx },                                    \
        { OSSL_FUNC_KDF_RESET, (void (*)(void))kdf_reset },                                        \
        { OSSL_FUNC_KDF_DERIVE, (void (*)(void))kdf_derive },                                      \
        { OSSL_FUNC_KDF_GETTABLE_CTX_PARAMS, (void (*)(void))kdf_gettable_ctx_params },            \
        { OSSL_FUNC_KDF_GET_CTX_PARAMS, (void (*)(void))kdf_get_ctx_params },                      \
        { OSSL_FUNC_KDF_SETTABLE_CTX_PARAMS, (void (*)(void))kdf_settable_ctx_params },            \
        { OSSL_FUNC_KDF_SET_CTX_PARAMS, (void (*)(void))kdf_set_ctx_params },                      \
    {                                                                                              \
        0, NULL                                                                                    \
    }

const OSSL_DISPATCH tp_tls1_prf_functions[] = { TP_KDF(tls1_prf_newctx) };
#if defined(TP_HAVE_HKDF)
const OSSL_DISPATCH tp_hkdf_functions[] = { TP_KDF(hkdf_newctx) };
const OSSL_DISPATCH tp_tls13_kdf_functions[] = { TP_KDF(tls13_newctx) };
#endif
