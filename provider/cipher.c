/*
 * AEAD ciphers of the tacit provider: AES-128/256-GCM and ChaCha20-Poly1305
 * over tacit_aead_seal / tacit_aead_open.
 *
 * tacit's AEAD is one-shot (the tag is checked before any plaintext is
 * released), so a message here is: any number of AAD updates (out NULL),
 * then ONE data update, which seals or opens the whole message; final
 * writes nothing.  That is exactly how libssl drives an AEAD:
 *   - TLS 1.3: IV per record, AAD = the record header, one data update,
 *     final, then the tag (encrypt) or the tag set before (decrypt);
 *   - TLS 1.2 ChaCha20-Poly1305 (RFC 7905): the 12-byte IV at init, then per
 *     record TLS1_AAD and one in-place update of payload || tag (nonce = IV
 *     XOR the record's sequence number);
 *   - TLS 1.2 GCM: TLS1_IV_FIXED once (4 bytes; the 8-byte explicit part
 *     starts random and counts up), then per record TLS1_AAD and one
 *     in-place update over explicit IV || payload || tag.
 * A second data update in one message is refused (TP_R_WRONG_STATE), as is
 * a decryption whose tag was not set before its data.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include "prov.h"
#include "tacit/aead.h"
#include "tacit/hmac_drbg.h"
#include "tacit/platform.h"

#define TP_AEAD_IV_MAX 16
#define TP_TLS_AAD_LEN 13     /* seq(8) type(1) version(2) length(2) */
#define TP_TLS_FIXED_IV_LEN 4 /* GCM: the salt of RFC 5288 */
#define TP_TLS_EXPLICIT_IV_LEN 8

typedef struct {
    TP_PROV_CTX *pc;
    tacit_aead_alg alg;
    size_t key_len, iv_len, tag_len;
    unsigned int mode; /* EVP_CIPH_GCM_MODE or 0 (ChaCha20-Poly1305, a stream AEAD) */
    int enc;
    int key_set, iv_set, tag_set, data_done;
    tacit_aead_context aead;
    unsigned char iv[TP_AEAD_IV_MAX];
    unsigned char tag[TACIT_AEAD_MAX_TAG_SIZE];
    unsigned char *aad; /* AAD collected for the coming data update */
    size_t aad_len, aad_cap;
    unsigned char *tmp; /* scratch: ciphertext || tag for tacit's one-shot calls */
    size_t tmp_cap;
    /* TLS 1.2 record mode */
    unsigned char tls_aad[TP_TLS_AAD_LEN];
    int tls_aad_set, tls_iv_fixed;
} TP_AEAD_CTX;

static void *aead_newctx(void *provctx, tacit_aead_alg alg, size_t key_len, unsigned int mode)
{
    TP_AEAD_CTX *c = calloc(1, sizeof(*c));

    if (c == NULL) {
        TP_ERR(provctx, TP_R_ALLOC, "cipher context");
        return NULL;
    }
    c->pc = provctx;
    c->alg = alg;
    c->key_len = key_len;
    c->iv_len = 12;
    c->tag_len = 16;
    c->mode = mode;
    tacit_aead_init(&c->aead);
    return c;
}

static void aead_freectx(void *vctx)
{
    TP_AEAD_CTX *c = vctx;

    if (c == NULL) {
        return;
    }
    tacit_aead_free(&c->aead);
    if (c->aad != NULL) {
        tacit_platform_zeroize(c->aad, c->aad_cap);
        free(c->aad);
    }
    if (c->tmp != NULL) {
        tacit_platform_zeroize(c->tmp, c->tmp_cap);
        free(c->tmp);
    }
    tacit_platform_zeroize(c, sizeof(*c));
    free(c);
}

static void *aead_dupctx(void *vctx)
{
    TP_AEAD_CTX *c = vctx, *d = malloc(sizeof(*d));

    if (d == NULL) {
        TP_ERR(c->pc, TP_R_ALLOC, "cipher context");
        return NULL;
    }
    *d = *c;
    d->aad = NULL;
    d->aad_cap = 0;
    d->tmp = NULL;
    d->tmp_cap = 0;
    if (c->aad_len > 0) {
        d->aad = malloc(c->aad_len);
        if (d->aad == NULL) {
            free(d);
            TP_ERR(c->pc, TP_R_ALLOC, "cipher context");
            return NULL;
        }
        memcpy(d->aad, c->aad, c->aad_len);
        d->aad_cap = c->aad_len;
    }
    return d;
}

static int grow(TP_AEAD_CTX *c, unsigned char **buf, size_t *cap, size_t need)
{
    unsigned char *n;

    if (need <= *cap) {
        return 1;
    }
    n = malloc(need);
    if (n == NULL) {
        TP_ERR(c->pc, TP_R_ALLOC, "cipher buffer");
        return 0;
    }
    if (*buf != NULL) {
        memcpy(n, *buf, *cap);
        tacit_platform_zeroize(*buf, *cap);
        free(*buf);
    }
    *buf = n;
    *cap = need;
    return 1;
}

/* A new message: drop the AAD and the tag state. */
static void aead_reset_msg(TP_AEAD_CTX *c)
{
    c->aad_len = 0;
    c->data_done = 0;
    if (!c->enc) {
        return; /* the tag of a decryption may be set before the IV */
    }
    c->tag_set = 0;
}

static int aead_set_ctx_params(void *vctx, const OSSL_PARAM params[]);

static int aead_init(TP_AEAD_CTX *c, const unsigned char *key, size_t keylen,
                     const unsigned char *iv, size_t ivlen, const OSSL_PARAM params[], int enc)
{
    int ret;

    c->enc = enc;
    if (!aead_set_ctx_params(c, params)) {
        return 0;
    }
    if (key != NULL) {
        if (keylen != c->key_len) {
            TP_ERR(c->pc, TP_R_BAD_PARAM, "key of %zu bytes (want %zu)", keylen, c->key_len);
            return 0;
        }
        ret = tacit_aead_setkey(&c->aead, c->alg, key, keylen, 16);
        if (ret != 0) {
            c->key_set = 0;
            TP_TACIT_ERR(c->pc, ret, "tacit_aead_setkey");
            return 0;
        }
        c->key_set = 1;
        c->tls_iv_fixed = 0;
    }
    if (iv != NULL) {
        if (ivlen != c->iv_len) {
            TP_ERR(c->pc, TP_R_BAD_PARAM, "IV of %zu bytes (want %zu)", ivlen, c->iv_len);
            return 0;
        }
        memcpy(c->iv, iv, ivlen);
        c->iv_set = 1;
    }
    c->tag_set = enc ? 0 : c->tag_set;
    aead_reset_msg(c);
    return 1;
}

static int aead_einit(void *vctx, const unsigned char *key, size_t keylen, const unsigned char *iv,
                      size_t ivlen, const OSSL_PARAM params[])
{
    return aead_init(vctx, key, keylen, iv, ivlen, params, 1);
}

static int aead_dinit(void *vctx, const unsigned char *key, size_t keylen, const unsigned char *iv,
                      size_t ivlen, const OSSL_PARAM params[])
{
    return aead_init(vctx, key, keylen, iv, ivlen, params, 0);
}

/*
 * TLS 1.2 records, in place, after TLS1_AAD:
 *   AES-GCM (RFC 5288): explicit IV(8) || payload || tag(16), nonce = fixed(4) || explicit(8);
 *   ChaCha20-Poly1305 (RFC 7905): payload || tag(16), nonce = IV XOR (0^4 || sequence number).
 */
static int aead_tls12_record(TP_AEAD_CTX *c, unsigned char *out, size_t *outl, size_t outsize,
                             const unsigned char *in, size_t inl)
{
    unsigned char nonce[12];
    size_t len, got = 0, i,
                explicit_len = c->mode == EVP_CIPH_GCM_MODE ? TP_TLS_EXPLICIT_IV_LEN : 0;
    unsigned char *body = out + explicit_len;
    int ret;

    c->tls_aad_set = 0;
    if (out != in || inl < explicit_len + 16 || outsize < inl ||
        (explicit_len != 0 ? !c->tls_iv_fixed : (!c->iv_set || c->iv_len != 12))) {
        TP_ERR(c->pc, TP_R_BAD_PARAM, "TLS record: in place, with the IV set and room");
        return 0;
    }
    len = inl - explicit_len - 16;
    if (explicit_len == 0) {
        memcpy(nonce, c->iv, 12);
        for (i = 0; i < 8; i++) {
            nonce[4 + i] ^= c->tls_aad[i];
        }
    } else if (c->enc) {
        memcpy(out, c->iv + TP_TLS_FIXED_IV_LEN, TP_TLS_EXPLICIT_IV_LEN);
        memcpy(nonce, c->iv, 12);
        /* next record: the explicit part counts up (big-endian) */
        for (i = 12; i-- > TP_TLS_FIXED_IV_LEN;) {
            if (++c->iv[i] != 0) {
                break;
            }
        }
    } else {
        memcpy(nonce, c->iv, TP_TLS_FIXED_IV_LEN);
        memcpy(nonce + TP_TLS_FIXED_IV_LEN, in, TP_TLS_EXPLICIT_IV_LEN);
    }
    if (c->enc) {
        ret = tacit_aead_seal(&c->aead, nonce, 12, c->tls_aad, TP_TLS_AAD_LEN, body, len, body,
                              len + 16, &got);
        *outl = inl;
    } else {
        ret = tacit_aead_open(&c->aead, nonce, 12, c->tls_aad, TP_TLS_AAD_LEN, body, len + 16, body,
                              len + 16, &got);
        *outl = len;
    }
    if (ret != 0) {
        *outl = 0;
        TP_TACIT_ERR(c->pc, ret, c->enc ? "tacit_aead_seal" : "tacit_aead_open");
        return 0;
    }
    return 1;
}

static int aead_update(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                       const unsigned char *in, size_t inl)
{
    TP_AEAD_CTX *c = vctx;
    size_t got = 0;
    int ret;

    if (!c->key_set) {
        TP_ERR(c->pc, TP_R_WRONG_STATE, "cipher update without a key");
        return 0;
    }
    if (c->tls_aad_set) {
        return aead_tls12_record(c, out, outl, outsize, in, inl);
    }
    if (out == NULL) { /* AAD */
        if (c->data_done) {
            TP_ERR(c->pc, TP_R_WRONG_STATE, "AAD after the data");
            return 0;
        }
        if (inl > 0) {
            if (!grow(c, &c->aad, &c->aad_cap, c->aad_len + inl)) {
                return 0;
            }
            memcpy(c->aad + c->aad_len, in, inl);
            c->aad_len += inl;
        }
        *outl = inl;
        return 1;
    }
    if (!c->iv_set) {
        TP_ERR(c->pc, TP_R_WRONG_STATE, "cipher update without an IV");
        return 0;
    }
    if (c->data_done) {
        TP_ERR(c->pc, TP_R_WRONG_STATE, "tacit's AEAD takes a message in one update");
        return 0;
    }
    if (outsize < inl) {
        TP_ERR(c->pc, TP_R_BUFFER_TOO_SMALL, "output of %zu bytes for %zu", outsize, inl);
        return 0;
    }
    if (!c->enc && !c->tag_set) {
        TP_ERR(c->pc, TP_R_WRONG_STATE, "decryption needs the tag before the data");
        return 0;
    }
    if (!grow(c, &c->tmp, &c->tmp_cap, inl + TACIT_AEAD_MAX_TAG_SIZE)) {
        return 0;
    }
    if (c->enc) {
        ret = tacit_aead_seal(&c->aead, c->iv, c->iv_len, c->aad, c->aad_len, in, inl, c->tmp,
                              inl + 16, &got);
        if (ret == 0) {
            memcpy(out, c->tmp, inl);
            memcpy(c->tag, c->tmp + inl, 16);
            c->tag_set = 1;
        }
    } else {
        memcpy(c->tmp, in, inl);
        memcpy(c->tmp + inl, c->tag, 16);
        ret = tacit_aead_open(&c->aead, c->iv, c->iv_len, c->aad, c->aad_len, c->tmp, inl + 16,
                              c->tmp, inl + 16, &got);
        if (ret == 0) {
            memcpy(out, c->tmp, inl);
        }
        c->tag_set = 0; /* a tag checks one message */
    }
    if (!c->enc) {
        tacit_platform_zeroize(c->tmp, inl + 16); /* plaintext; a seal leaves ciphertext only */
    }
    c->data_done = 1;
    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, c->enc ? "tacit_aead_seal" : "tacit_aead_open");
        return 0;
    }
    *outl = inl;
    return 1;
}

static int aead_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
    TP_AEAD_CTX *c = vctx;
    static const unsigned char empty[1] = { 0 };

    (void)out;
    (void)outsize;
    if (!c->key_set || !c->iv_set) {
        TP_ERR(c->pc, TP_R_WRONG_STATE, "cipher final without a key and IV");
        return 0;
    }
    *outl = 0;
    if (!c->data_done) { /* an AAD-only message: seal or open the empty text now */
        unsigned char dummy[1];
        size_t dl = 0;
        if (!aead_update(c, dummy, &dl, sizeof(dummy), empty, 0)) {
            return 0;
        }
    }
    c->aad_len = 0;
    return 1;
}

static int aead_cipher(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                       const unsigned char *in, size_t inl)
{
    return aead_update(vctx, out, outl, outsize, in, inl);
}

/* ---- parameters ---------------------------------------------------------------------------------- */

/* Keys are matched by their first byte before strcmp: libssl asks for one or two per record. */
#define TP_IS(p, k) ((p)->key[0] == (k)[0] && strcmp((p)->key, (k)) == 0)

/*
 * One parameter of the algorithm (c NULL) or of a context: 1 done, 0 failed,
 * -1 not one of the algorithm's (the context's own are handled by the caller).
 */
static int aead_get_one(const TP_AEAD_CTX *c, OSSL_PARAM *p, unsigned int mode, size_t key_len)
{
    if (TP_IS(p, OSSL_CIPHER_PARAM_IVLEN)) {
        return OSSL_PARAM_set_size_t(p, c != NULL ? c->iv_len : 12);
    }
    if (TP_IS(p, OSSL_CIPHER_PARAM_MODE)) {
        return OSSL_PARAM_set_uint(p, mode);
    }
    if (TP_IS(p, OSSL_CIPHER_PARAM_KEYLEN)) {
        return OSSL_PARAM_set_size_t(p, key_len);
    }
    if (TP_IS(p, OSSL_CIPHER_PARAM_BLOCK_SIZE)) {
        return OSSL_PARAM_set_size_t(p, 1);
    }
    if (TP_IS(p, OSSL_CIPHER_PARAM_AEAD) || TP_IS(p, OSSL_CIPHER_PARAM_CUSTOM_IV)) {
        return OSSL_PARAM_set_int(p, 1);
    }
    if (TP_IS(p, OSSL_CIPHER_PARAM_CTS) || TP_IS(p, OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK) ||
        TP_IS(p, OSSL_CIPHER_PARAM_HAS_RAND_KEY)) {
        return OSSL_PARAM_set_int(p, 0);
    }
    return -1;
}

static int aead_get_params_common(OSSL_PARAM params[], unsigned int mode, size_t key_len)
{
    OSSL_PARAM *p;

    for (p = params; p != NULL && p->key != NULL; p++) {
        if (aead_get_one(NULL, p, mode, key_len) == 0) {
            return 0;
        }
    }
    return 1;
}

static const OSSL_PARAM aead_gettable[] = { OSSL_PARAM_uint(OSSL_CIPHER_PARAM_MODE, NULL),
                                            OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
                                            OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
                                            OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_BLOCK_SIZE, NULL),
                                            OSSL_PARAM_int(OSSL_CIPHER_PARAM_AEAD, NULL),
                                            OSSL_PARAM_int(OSSL_CIPHER_PARAM_CUSTOM_IV, NULL),
                                            OSSL_PARAM_int(OSSL_CIPHER_PARAM_CTS, NULL),
                                            OSSL_PARAM_int(OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, NULL),
                                            OSSL_PARAM_int(OSSL_CIPHER_PARAM_HAS_RAND_KEY, NULL),
                                            OSSL_PARAM_END };

static const OSSL_PARAM *aead_gettable_params(void *provctx)
{
    (void)provctx;
    return aead_gettable;
}

static int aead_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    TP_AEAD_CTX *c = vctx;
    OSSL_PARAM *p;
    int r;

    for (p = params; p != NULL && p->key != NULL; p++) {
        r = aead_get_one(c, p, c->mode, c->key_len);
        if (r == 0) {
            return 0;
        }
        if (r > 0) {
            continue;
        }
        if (TP_IS(p, OSSL_CIPHER_PARAM_AEAD_TAG)) {
            if (!c->enc || !c->tag_set || p->data_type != OSSL_PARAM_OCTET_STRING ||
                p->data_size == 0 || p->data_size > 16) {
                TP_ERR(c->pc, TP_R_WRONG_STATE, "the tag is there after an encryption only");
                return 0;
            }
            memcpy(p->data, c->tag, p->data_size);
            p->return_size = p->data_size;
        } else if (TP_IS(p, OSSL_CIPHER_PARAM_AEAD_TAGLEN)) {
            if (!OSSL_PARAM_set_size_t(p, c->tag_len)) {
                return 0;
            }
        } else if (TP_IS(p, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD)) {
            if (!OSSL_PARAM_set_size_t(p, 16)) {
                return 0;
            }
        } else if (TP_IS(p, OSSL_CIPHER_PARAM_IV) || TP_IS(p, OSSL_CIPHER_PARAM_UPDATED_IV)) {
            if (!OSSL_PARAM_set_octet_string(p, c->iv, c->iv_len)) {
                return 0;
            }
        }
    }
    return 1;
}

static int aead_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    TP_AEAD_CTX *c = vctx;
    const OSSL_PARAM *p;

    if (params == NULL) {
        return 1;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_IVLEN)) != NULL) {
        size_t n;
        /* tacit's ChaCha20-Poly1305 takes 12 bytes; its GCM 1 .. 2^32 (12 the fast path). */
        if (!OSSL_PARAM_get_size_t(p, &n) || n == 0 || n > TP_AEAD_IV_MAX ||
            (c->mode == 0 && n != 12)) {
            TP_ERR(c->pc, TP_R_BAD_PARAM, "IV length");
            return 0;
        }
        c->iv_len = n;
        c->iv_set = 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TAG)) != NULL) {
        if (p->data_type != OSSL_PARAM_OCTET_STRING) {
            TP_ERR(c->pc, TP_R_BAD_PARAM, "tag must be an octet string");
            return 0;
        }
        if (p->data == NULL) { /* a tag length for the encryption to come */
            if (p->data_size != 16) {
                TP_ERR(c->pc, TP_R_UNSUPPORTED, "tags of other than 16 bytes");
                return 0;
            }
        } else {
            if (c->enc || p->data_size != 16) {
                TP_ERR(c->pc, TP_R_BAD_PARAM, "a 16-byte tag, for decryption");
                return 0;
            }
            memcpy(c->tag, p->data, 16);
            c->tag_set = 1;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_KEYLEN)) != NULL) {
        size_t n;
        if (!OSSL_PARAM_get_size_t(p, &n) || n != c->key_len) {
            TP_ERR(c->pc, TP_R_BAD_PARAM, "key length");
            return 0;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED)) != NULL) {
        if (c->mode != EVP_CIPH_GCM_MODE || p->data_type != OSSL_PARAM_OCTET_STRING ||
            p->data_size != TP_TLS_FIXED_IV_LEN || c->iv_len != 12) {
            TP_ERR(c->pc, TP_R_UNSUPPORTED, "TLS 1.2 fixed IV (AES-GCM, 4 bytes)");
            return 0;
        }
        memcpy(c->iv, p->data, TP_TLS_FIXED_IV_LEN);
        if (c->enc &&
            tacit_rng_default(NULL, c->iv + TP_TLS_FIXED_IV_LEN, 12 - TP_TLS_FIXED_IV_LEN) != 0) {
            TP_ERR(c->pc, TP_R_TACIT_ERROR, "random explicit IV");
            return 0;
        }
        c->tls_iv_fixed = 1;
        c->iv_set = 1;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD)) != NULL) {
        unsigned int len, explicit_len = c->mode == EVP_CIPH_GCM_MODE ? TP_TLS_EXPLICIT_IV_LEN : 0;
        if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size != TP_TLS_AAD_LEN) {
            TP_ERR(c->pc, TP_R_UNSUPPORTED, "TLS 1.2 AAD (13 bytes)");
            return 0;
        }
        memcpy(c->tls_aad, p->data, TP_TLS_AAD_LEN);
        len = (unsigned int)c->tls_aad[11] << 8 | c->tls_aad[12];
        /* the record length covers the explicit IV (GCM), and the tag when decrypting */
        if (len < explicit_len + (c->enc ? 0u : 16u)) {
            TP_ERR(c->pc, TP_R_BAD_PARAM, "TLS record too short");
            return 0;
        }
        len -= explicit_len + (c->enc ? 0 : 16);
        c->tls_aad[11] = (unsigned char)(len >> 8);
        c->tls_aad[12] = (unsigned char)len;
        c->tls_aad_set = 1;
    }
    return 1;
}

static const OSSL_PARAM aead_ctx_gettable[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, NULL, 0),
    OSSL_PARAM_END
};
static const OSSL_PARAM aead_ctx_settable[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *aead_gettable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return aead_ctx_gettable;
}

static const OSSL_PARAM *aead_settable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return aead_ctx_settable;
}

#define TP_AEAD(name, alg, keylen, mode)                                                           \
    static void *name##_newctx(void *provctx)                                                      \
    {                                                                                              \
        return aead_newctx(provctx, alg, keylen, mode);                                            \
    }                                                                                              \
    static int name##_get_params(OSSL_PARAM params[])                                              \
    {                                                                                              \
        return aead_get_params_common(params, mode, keylen);                                       \
    }                                                                                              \
    const OSSL_DISPATCH tp_##name##_functions[] = {                                                \
        { OSSL_FUNC_CIPHER_NEWCTX, (void (*)(void))name##_newctx },                                \
        { OSSL_FUNC_CIPHER_FREECTX, (void (*)(void))aead_freectx },                                \
        { OSSL_FUNC_CIPHER_DUPCTX, (void (*)(void))aead_dupctx },                                  \
        { OSSL_FUNC_CIPHER_ENCRYPT_INIT, (void (*)(void))aead_einit },                             \
        { OSSL_FUNC_CIPHER_DECRYPT_INIT, (void (*)(void))aead_dinit },                             \
        { OSSL_FUNC_CIPHER_UPDATE, (void (*)(void))aead_update },                                  \
        { OSSL_FUNC_CIPHER_FINAL, (void (*)(void))aead_final },                                    \
        { OSSL_FUNC_CIPHER_CIPHER, (void (*)(void))aead_cipher },                                  \
        { OSSL_FUNC_CIPHER_GET_PARAMS, (void (*)(void))name##_get_params },                        \
        { OSSL_FUNC_CIPHER_GETTABLE_PARAMS, (void (*)(void))aead_gettable_params },                \
        { OSSL_FUNC_CIPHER_GET_CTX_PARAMS, (void (*)(void))aead_get_ctx_params },                  \
        { OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, (void (*)(void))aead_gettable_ctx_params },        \
        { OSSL_FUNC_CIPHER_SET_CTX_PARAMS, (void (*)(void))aead_set_ctx_params },                  \
        { OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, (void (*)(void))aead_settable_ctx_params },        \
        { 0, NULL }                                                                                \
    };

TP_AEAD(aes128gcm, TACIT_AEAD_AES_128_GCM, 16, EVP_CIPH_GCM_MODE)
TP_AEAD(aes256gcm, TACIT_AEAD_AES_256_GCM, 32, EVP_CIPH_GCM_MODE)
TP_AEAD(chacha20poly1305, TACIT_AEAD_CHACHA20_POLY1305, 32, 0)

int tp_aead_available(int which)
{
    static const tacit_aead_alg algs[] = { TACIT_AEAD_AES_128_GCM, TACIT_AEAD_AES_256_GCM,
                                           TACIT_AEAD_CHACHA20_POLY1305 };
    static const size_t lens[] = { 16, 32, 32 };
    unsigned char key[32] = { 0 };
    tacit_aead_context ctx;
    int ret;

    tacit_aead_init(&ctx);
    ret = tacit_aead_setkey(&ctx, algs[which], key, lens[which], 16);
    tacit_aead_free(&ctx);
    return ret == 0;
}
