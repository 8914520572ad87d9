/*
 * RSA encryption of the tacit provider (OSSL_OP_ASYM_CIPHER): RSAES-OAEP and
 * RSAES-PKCS1-v1_5 over tacit_rsa_oaep_* / tacit_rsa_pkcs1_encrypt and
 * tacit_rsa_pkcs1_decrypt.
 *
 * PKCS#1 v1.5 decryption uses IMPLICIT REJECTION (tacit_rsa_pkcs1_decrypt,
 * as OpenSSL 3.2+ by default): a ciphertext with bad padding decrypts to a
 * synthetic message instead of failing, so there is no padding oracle.
 * Asking for explicit rejection ("implicit-rejection" = 0) is refused, as
 * are raw RSA (no padding) and libssl's RSA key exchange padding
 * (RSA_PKCS1_WITH_TLS_PADDING, TLS 1.2 RSA key transport).
 */
#include <stdlib.h>
#include <string.h>

#include "prov.h"

/* OpenSSL's RSA padding numbers (rsa.h) */
#define TP_RSA_PKCS1 1
#define TP_RSA_OAEP 4

typedef struct {
    TP_PROV_CTX *pc;
    TP_KEY *key;
    int op; /* 1 encrypt, 2 decrypt */
    int pad;
    tacit_md_type md, mgf1; /* OAEP; mgf1 NONE: the same as md */
    unsigned char *label;
    size_t label_len;
} TP_ASYM_CTX;

static void *asym_newctx(void *provctx)
{
    TP_ASYM_CTX *c = calloc(1, sizeof(*c));

    if (c == NULL) {
        TP_ERR(provctx, TP_R_ALLOC, "RSA encryption context");
        return NULL;
    }
    c->pc = provctx;
    c->pad = TP_RSA_PKCS1;
    c->md = TACIT_MD_SHA1; /* OpenSSL's OAEP default */
    c->mgf1 = TACIT_MD_NONE;
    return c;
}

static void asym_freectx(void *vctx)
{
    TP_ASYM_CTX *c = vctx;

    if (c != NULL) {
        free(c->label);
        free(c);
    }
}

static void *asym_dupctx(void *vctx)
{
    TP_ASYM_CTX *c = vctx, *d = malloc(sizeof(*d));

    if (d == NULL) {
        TP_ERR(c->pc, TP_R_ALLOC, "RSA encryption context");
        return NULL;
    }
    *d = *c;
    d->label = NULL;
    if (c->label != NULL) {
        d->label = malloc(c->label_len ? c->label_len : 1);
        if (d->label == NULL) {
            free(d);
            TP_ERR(c->pc, TP_R_ALLOC, "RSA encryption context");
            return NULL;
        }
        memcpy(d->label, c->label, c->label_len);
    }
    return d;
}

static int asym_set_ctx_params(void *vctx, const OSSL_PARAM params[]);

static int asym_init(TP_ASYM_CTX *c, TP_KEY *k, const OSSL_PARAM params[], int op)
{
    if (k == NULL || k->type != TP_KEY_RSA) {
        TP_ERR(c->pc, TP_R_KEY_MISMATCH, "RSA encryption needs an RSA (not RSA-PSS) key");
        return 0;
    }
    if (op == 2 ? !k->has_priv : !k->has_pub) {
        TP_ERR(c->pc, TP_R_NO_KEY, "RSA %s needs a %s key", op == 2 ? "decryption" : "encryption",
               op == 2 ? "private" : "public");
        return 0;
    }
    c->key = k;
    c->op = op;
    return asym_set_ctx_params(c, params);
}

static int asym_encrypt_init(void *vctx, void *vkey, const OSSL_PARAM params[])
{
    return asym_init(vctx, vkey, params, 1);
}

static int asym_decrypt_init(void *vctx, void *vkey, const OSSL_PARAM params[])
{
    return asym_init(vctx, vkey, params, 2);
}

static int asym_encrypt(void *vctx, unsigned char *out, size_t *outlen, size_t outsize,
                        const unsigned char *in, size_t inlen)
{
    TP_ASYM_CTX *c = vctx;
    size_t k;
    int ret;

    if (c->key == NULL || c->op != 1) {
        TP_ERR(c->pc, TP_R_WRONG_STATE, "encrypt before encrypt_init");
        return 0;
    }
    k = tacit_rsa_len(&c->key->u.rsa);
    if (out == NULL) {
        *outlen = k;
        return 1;
    }
    if (c->pad == TP_RSA_OAEP) {
        ret = tacit_rsa_oaep_encrypt(&c->key->u.rsa, c->md,
                                     c->mgf1 != TACIT_MD_NONE ? c->mgf1 : c->md, c->label,
                                     c->label_len, in, inlen, out, outsize, outlen, TP_RNG);
    } else {
        ret = tacit_rsa_pkcs1_encrypt(&c->key->u.rsa, in, inlen, out, outsize, outlen, TP_RNG);
    }
    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret,
                     c->pad == TP_RSA_OAEP ? "tacit_rsa_oaep_encrypt" : "tacit_rsa_pkcs1_encrypt");
        return 0;
    }
    return 1;
}

static int asym_decrypt(void *vctx, unsigned char *out, size_t *outlen, size_t outsize,
                        const unsigned char *in, size_t inlen)
{
    TP_ASYM_CTX *c = vctx;
    size_t k;
    int ret;

    if (c->key == NULL || c->op != 2) {
        TP_ERR(c->pc, TP_R_WRONG_STATE, "decrypt before decrypt_init");
        return 0;
    }
    k = tacit_rsa_len(&c->key->u.rsa);
    if (out == NULL) {
        *outlen = k;
        return 1;
    }
    if (c->pad == TP_RSA_OAEP) {
        ret = tacit_rsa_oaep_decrypt(&c->key->u.rsa, c->md,
                                     c->mgf1 != TACIT_MD_NONE ? c->mgf1 : c->md, c->label,
                                     c->label_len, in, inlen, out, outsize, outlen, TP_RNG);
    } else {
        ret = tacit_rsa_pkcs1_decrypt(&c->key->u.rsa, in, inlen, out, outsize, outlen, TP_RNG);
    }
    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret,
                     c->pad == TP_RSA_OAEP ? "tacit_rsa_oaep_decrypt" : "tacit_rsa_pkcs1_decrypt");
        return 0;
    }
    return 1;
}

static int asym_set_md(TP_ASYM_CTX *c, const OSSL_PARAM *p, tacit_md_type *dst)
{
    const char *name = NULL;
    tacit_md_type md;

    if (!OSSL_PARAM_get_utf8_string_ptr(p, &name)) {
        TP_ERR(c->pc, TP_R_BAD_PARAM, "digest name must be a string");
        return 0;
    }
    md = tp_md_from_name(name);
    if (md == TACIT_MD_NONE) {
        TP_ERR(c->pc, TP_R_UNSUPPORTED, "digest '%s' for OAEP", name);
        return 0;
    }
    *dst = md;
    return 1;
}

static int asym_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    TP_ASYM_CTX *c = vctx;
    const OSSL_PARAM *p;

    if (params == NULL) {
        return 1;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_ASYM_CIPHER_PARAM_PAD_MODE)) != NULL) {
        int pad = 0;
        if (p->data_type == OSSL_PARAM_UTF8_STRING) {
            const char *s = p->data;
            pad = strcmp(s, "pkcs1") == 0 ? TP_RSA_PKCS1 : strcmp(s, "oaep") == 0 ? TP_RSA_OAEP : 0;
        } else if (!OSSL_PARAM_get_int(p, &pad)) {
            pad = 0;
        }
        if (pad != TP_RSA_PKCS1 && pad != TP_RSA_OAEP) {
            TP_ERR(c->pc, TP_R_UNSUPPORTED,
                   "RSA encryption padding (PKCS#1 v1.5 with implicit rejection, OAEP only)");
            return 0;
        }
        c->pad = pad;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_ASYM_CIPHER_PARAM_OAEP_DIGEST)) != NULL &&
        !asym_set_md(c, p, &c->md)) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_ASYM_CIPHER_PARAM_MGF1_DIGEST)) != NULL &&
        !asym_set_md(c, p, &c->mgf1)) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_ASYM_CIPHER_PARAM_OAEP_LABEL)) != NULL) {
        unsigned char *l;
        if (p->data_type != OSSL_PARAM_OCTET_STRING) {
            TP_ERR(c->pc, TP_R_BAD_PARAM, "OAEP label must be an octet string");
            return 0;
        }
        l = malloc(p->data_size ? p->data_size : 1);
        if (l == NULL) {
            TP_ERR(c->pc, TP_R_ALLOC, "OAEP label");
            return 0;
        }
        if (p->data_size > 0) {
            memcpy(l, p->data, p->data_size);
        }
        free(c->label);
        c->label = l;
        c->label_len = p->data_size;
    }
    if ((p = OSSL_PARAM_locate_const(params, "implicit-rejection")) != NULL) {
        unsigned int on = 1;
        if (!OSSL_PARAM_get_uint(p, &on) || on == 0) {
            TP_ERR(c->pc, TP_R_UNSUPPORTED,
                   "explicit rejection (a padding oracle): tacit decrypts PKCS#1 v1.5 with "
                   "implicit rejection only");
            return 0;
        }
    }
    if (OSSL_PARAM_locate_const(params, OSSL_ASYM_CIPHER_PARAM_TLS_CLIENT_VERSION) != NULL ||
        OSSL_PARAM_locate_const(params, OSSL_ASYM_CIPHER_PARAM_TLS_NEGOTIATED_VERSION) != NULL) {
        TP_ERR(c->pc, TP_R_UNSUPPORTED, "TLS RSA key transport padding");
        return 0;
    }
    return 1;
}

static int asym_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    TP_ASYM_CTX *c = vctx;
    OSSL_PARAM *p;

    if ((p = OSSL_PARAM_locate(params, OSSL_ASYM_CIPHER_PARAM_PAD_MODE)) != NULL) {
        if (p->data_type == OSSL_PARAM_UTF8_STRING
                ? !OSSL_PARAM_set_utf8_string(p, c->pad == TP_RSA_OAEP ? "oaep" : "pkcs1")
                : !OSSL_PARAM_set_int(p, c->pad)) {
            return 0;
        }
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_ASYM_CIPHER_PARAM_OAEP_DIGEST)) != NULL &&
        !OSSL_PARAM_set_utf8_string(p, tp_md_ossl_name(c->md))) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_ASYM_CIPHER_PARAM_MGF1_DIGEST)) != NULL &&
        !OSSL_PARAM_set_utf8_string(p,
                                    tp_md_ossl_name(c->mgf1 != TACIT_MD_NONE ? c->mgf1 : c->md))) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_ASYM_CIPHER_PARAM_OAEP_LABEL)) != NULL &&
        !OSSL_PARAM_set_octet_ptr(p, c->label, c->label_len)) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate(params, "implicit-rejection")) != NULL &&
        !OSSL_PARAM_set_uint(p, 1)) {
        return 0;
    }
    return 1;
}

static const OSSL_PARAM asym_params[] = {
    OSSL_PARAM_utf8_string(OSSL_ASYM_CIPHER_PARAM_PAD_MODE, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_ASYM_CIPHER_PARAM_OAEP_DIGEST, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_ASYM_CIPHER_PARAM_MGF1_DIGEST, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_ASYM_CIPHER_PARAM_OAEP_LABEL, NULL, 0),
    OSSL_PARAM_uint("implicit-rejection", NULL),
    OSSL_PARAM_END
};

static const OSSL_PARAM *asym_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return asym_params;
}

const OSSL_DISPATCH tp_rsa_asym_cipher_functions[] = {
    { OSSL_FUNC_ASYM_CIPHER_NEWCTX, (void (*)(void))asym_newctx },
    { OSSL_FUNC_ASYM_CIPHER_FREECTX, (void (*)(void))asym_freectx },
    { OSSL_FUNC_ASYM_CIPHER_DUPCTX, (void (*)(void))asym_dupctx },
    { OSSL_FUNC_ASYM_CIPHER_ENCRYPT_INIT, (void (*)(void))asym_encrypt_init },
    { OSSL_FUNC_ASYM_CIPHER_ENCRYPT, (void (*)(void))asym_encrypt },
    { OSSL_FUNC_ASYM_CIPHER_DECRYPT_INIT, (void (*)(void))asym_decrypt_init },
    { OSSL_FUNC_ASYM_CIPHER_DECRYPT, (void (*)(void))asym_decrypt },
    { OSSL_FUNC_ASYM_CIPHER_GET_CTX_PARAMS, (void (*)(void))asym_get_ctx_params },
    { OSSL_FUNC_ASYM_CIPHER_GETTABLE_CTX_PARAMS, (void (*)(void))asym_ctx_params },
    { OSSL_FUNC_ASYM_CIPHER_SET_CTX_PARAMS, (void (*)(void))asym_set_ctx_params },
    { OSSL_FUNC_ASYM_CIPHER_SETTABLE_CTX_PARAMS, (void (*)(void))asym_ctx_params },
    { 0, NULL }
};
