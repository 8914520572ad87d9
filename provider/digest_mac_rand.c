/*
 * Digests (SHA-1, SHA-2, SHA-3), HMAC and the random generators of the tacit
 * provider: thin adapters over tacit_md_*, tacit_hmac_* and
 * tacit_rng_default / tacit_entropy_default.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>

#include "prov.h"
#include "tacit/hmac.h"
#include "tacit/hmac_drbg.h"
#include "tacit/platform.h"

/* ---- digests -------------------------------------------------------------------------------------- */

typedef struct {
    TP_PROV_CTX *pc;
    tacit_md_type type;
    tacit_md_context md;
} TP_DIGEST_CTX;

static void *digest_newctx(void *provctx, tacit_md_type type)
{
    TP_DIGEST_CTX *c = calloc(1, sizeof(*c));

    if (c == NULL) {
        TP_ERR(provctx, TP_R_ALLOC, "digest context");
        return NULL;
    }
    c->pc = provctx;
    c->type = type;
    return c;
}

static void digest_freectx(void *vctx)
{
    TP_DIGEST_CTX *c = vctx;

    if (c != NULL) {
        tacit_md_free(&c->md);
        free(c);
    }
}

static void *digest_dupctx(void *vctx)
{
    TP_DIGEST_CTX *c = vctx, *d = malloc(sizeof(*d));

    if (d == NULL) {
        TP_ERR(c->pc, TP_R_ALLOC, "digest context");
        return NULL;
    }
    *d = *c; /* tacit_md_context may be copied by assignment */
    return d;
}

static int digest_init(void *vctx, const OSSL_PARAM params[])
{
    TP_DIGEST_CTX *c = vctx;
    int ret = tacit_md_init(&c->md, c->type);

    (void)params;
    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, "tacit_md_init");
        return 0;
    }
    return 1;
}

static int digest_update(void *vctx, const unsigned char *in, size_t inl)
{
    TP_DIGEST_CTX *c = vctx;
    int ret = tacit_md_update(&c->md, in, inl);

    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, "tacit_md_update");
        return 0;
    }
    return 1;
}

static int digest_final(void *vctx, unsigned char *out, size_t *outl, size_t outsz)
{
    TP_DIGEST_CTX *c = vctx;
    size_t n = tacit_md_size(c->type);
    int ret;

    if (outsz < n) {
        TP_ERR(c->pc, TP_R_BUFFER_TOO_SMALL, "digest needs %zu bytes, got %zu", n, outsz);
        return 0;
    }
    ret = tacit_md_finish(&c->md, out);
    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, "tacit_md_finish");
        return 0;
    }
    *outl = n;
    return 1;
}

static const OSSL_PARAM digest_param_types[] = {
    OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_BLOCK_SIZE, NULL),
    OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, NULL), OSSL_PARAM_int(OSSL_DIGEST_PARAM_XOF, NULL),
    OSSL_PARAM_int(OSSL_DIGEST_PARAM_ALGID_ABSENT, NULL), OSSL_PARAM_END
};

static const OSSL_PARAM *digest_gettable_params(void *provctx)
{
    (void)provctx;
    return digest_param_types;
}

static int digest_get_params(OSSL_PARAM params[], tacit_md_type type)
{
    OSSL_PARAM *p;

    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_BLOCK_SIZE)) != NULL &&
        !OSSL_PARAM_set_size_t(p, tacit_md_block_size(type))) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_SIZE)) != NULL &&
        !OSSL_PARAM_set_size_t(p, tacit_md_size(type))) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_XOF)) != NULL &&
        !OSSL_PARAM_set_int(p, 0)) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_ALGID_ABSENT)) != NULL &&
        !OSSL_PARAM_set_int(p, 1)) {
        return 0;
    }
    return 1;
}

#define TP_DIGEST(name, type)                                                                      \
    static void *name##_newctx(void *provctx)                                                      \
    {                                                                                              \
        return digest_newctx(provctx, type);                                                       \
    }                                                                                              \
    static int name##_get_params(OSSL_PARAM params[])                                              \
    {                                                                                              \
        return digest_get_params(params, type);                                                    \
    }                                                                                              \
    const OSSL_DISPATCH tp_##name##_functions[] = {                                                \
        { OSSL_FUNC_DIGEST_NEWCTX, (void (*)(void))name##_newctx },                                \
        { OSSL_FUNC_DIGEST_FREECTX, (void (*)(void))digest_freectx },                              \
        { OSSL_FUNC_DIGEST_DUPCTX, (void (*)(void))digest_dupctx },                                \
        { OSSL_FUNC_DIGEST_INIT, (void (*)(void))digest_init },                                    \
        { OSSL_FUNC_DIGEST_UPDATE, (void (*)(void))digest_update },                                \
        { OSSL_FUNC_DIGEST_FINAL, (void (*)(void))digest_final },                                  \
        { OSSL_FUNC_DIGEST_GET_PARAMS, (void (*)(void))name##_get_params },                        \
        { OSSL_FUNC_DIGEST_GETTABLE_PARAMS, (void (*)(void))digest_gettable_params },              \
        { 0, NULL }                                                                                \
    };

TP_DIGEST(sha1, TACIT_MD_SHA1)
TP_DIGEST(sha224, TACIT_MD_SHA224)
TP_DIGEST(sha256, TACIT_MD_SHA256)
TP_DIGEST(sha384, TACIT_MD_SHA384)
TP_DIGEST(sha512, TACIT_MD_SHA512)
#if defined(TACIT_SHA3_C)
TP_DIGEST(sha3_224, TACIT_MD_SHA3_224)
TP_DIGEST(sha3_256, TACIT_MD_SHA3_256)
TP_DIGEST(sha3_384, TACIT_MD_SHA3_384)
TP_DIGEST(sha3_512, TACIT_MD_SHA3_512)
#endif

/* ---- HMAC ------------------------------------------------------------------------------------------ */

typedef struct {
    TP_PROV_CTX *pc;
    tacit_md_type md;
    unsigned char *key; /* kept so that a digest set after the key re-keys */
    size_t key_len;
    int keyed;
    tacit_hmac_context h;
} TP_HMAC_CTX;

static void *hmac_newctx(void *provctx)
{
    TP_HMAC_CTX *c = calloc(1, sizeof(*c));

    if (c == NULL) {
        TP_ERR(provctx, TP_R_ALLOC, "HMAC context");
        return NULL;
    }
    c->pc = provctx;
    return c;
}

static void hmac_freectx(void *vctx)
{
    TP_HMAC_CTX *c = vctx;

    if (c == NULL) {
        return;
    }
    if (c->key != NULL) {
        tacit_platform_zeroize(c->key, c->key_len);
        free(c->key);
    }
    tacit_hmac_free(&c->h);
    free(c);
}

static void *hmac_dupctx(void *vctx)
{
    TP_HMAC_CTX *c = vctx, *d = malloc(sizeof(*d));

    if (d == NULL) {
        TP_ERR(c->pc, TP_R_ALLOC, "HMAC context");
        return NULL;
    }
    *d = *c;
    d->key = NULL;
    if (c->key != NULL) {
        d->key = malloc(c->key_len ? c->key_len : 1);
        if (d->key == NULL) {
            free(d);
            TP_ERR(c->pc, TP_R_ALLOC, "HMAC key");
            return NULL;
        }
        memcpy(d->key, c->key, c->key_len);
    }
    return d;
}

static int hmac_rekey(TP_HMAC_CTX *c)
{
    int ret;

    c->keyed = 0;
    if (c->md == TACIT_MD_NONE || c->key == NULL) {
        return 1; /* not yet: init or set_ctx_params will come back */
    }
    ret = tacit_hmac_init(&c->h, c->md, c->key, c->key_len);
    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, "tacit_hmac_init");
        return 0;
    }
    c->keyed = 1;
    return 1;
}

static int hmac_set_key(TP_HMAC_CTX *c, const unsigned char *key, size_t len)
{
    unsigned char *k = malloc(len ? len : 1);

    if (k == NULL) {
        TP_ERR(c->pc, TP_R_ALLOC, "HMAC key");
        return 0;
    }
    if (len > 0) {
        memcpy(k, key, len);
    }
    if (c->key != NULL) {
        tacit_platform_zeroize(c->key, c->key_len);
        free(c->key);
    }
    c->key = k;
    c->key_len = len;
    return hmac_rekey(c);
}

static int hmac_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    TP_HMAC_CTX *c = vctx;
    const OSSL_PARAM *p;

    if (params == NULL) {
        return 1;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_DIGEST)) != NULL) {
        const char *name = NULL;
        tacit_md_type md;

        if (!OSSL_PARAM_get_utf8_string_ptr(p, &name)) {
            TP_ERR(c->pc, TP_R_BAD_PARAM, "HMAC digest must be a string");
            return 0;
        }
        md = tp_md_from_name(name);
        if (md == TACIT_MD_NONE) {
            TP_ERR(c->pc, TP_R_UNSUPPORTED, "HMAC digest '%s'", name);
            return 0;
        }
        c->md = md;
        if (!hmac_rekey(c)) {
            return 0;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_KEY)) != NULL) {
        if (p->data_type != OSSL_PARAM_OCTET_STRING) {
            TP_ERR(c->pc, TP_R_BAD_PARAM, "HMAC key must be an octet string");
            return 0;
        }
        if (!hmac_set_key(c, p->data, p->data_size)) {
            return 0;
        }
    }
    return 1;
}

static int hmac_init(void *vctx, const unsigned char *key, size_t keylen, const OSSL_PARAM params[])
{
    TP_HMAC_CTX *c = vctx;

    if (!hmac_set_ctx_params(c, params)) {
        return 0;
    }
    if (key != NULL) {
        if (!hmac_set_key(c, key, keylen)) {
            return 0;
        }
    } else if (c->keyed) {
        int ret = tacit_hmac_reset(&c->h);
        if (ret != 0) {
            TP_TACIT_ERR(c->pc, ret, "tacit_hmac_reset");
            return 0;
        }
    } else if (!hmac_rekey(c)) {
        return 0;
    }
    if (!c->keyed) {
        TP_ERR(c->pc, TP_R_NO_KEY, "HMAC needs a digest and a key");
        return 0;
    }
    return 1;
}

static int hmac_update(void *vctx, const unsigned char *in, size_t inl)
{
    TP_HMAC_CTX *c = vctx;
    int ret;

    if (!c->keyed) {
        TP_ERR(c->pc, TP_R_WRONG_STATE, "HMAC update before init");
        return 0;
    }
    ret = tacit_hmac_update(&c->h, in, inl);
    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, "tacit_hmac_update");
        return 0;
    }
    return 1;
}

static int hmac_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
    TP_HMAC_CTX *c = vctx;
    size_t n;
    int ret;

    if (!c->keyed) {
        TP_ERR(c->pc, TP_R_WRONG_STATE, "HMAC final before init");
        return 0;
    }
    n = tacit_md_size(c->md);
    if (outsize < n) {
        TP_ERR(c->pc, TP_R_BUFFER_TOO_SMALL, "HMAC needs %zu bytes, got %zu", n, outsize);
        return 0;
    }
    ret = tacit_hmac_finish(&c->h, out);
    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, "tacit_hmac_finish");
        return 0;
    }
    *outl = n;
    return 1;
}

static const OSSL_PARAM hmac_gettable[] = { OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, NULL),
                                            OSSL_PARAM_size_t(OSSL_MAC_PARAM_BLOCK_SIZE, NULL),
                                            OSSL_PARAM_END };
static const OSSL_PARAM hmac_settable[] = {
    OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_DIGEST, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, NULL, 0), OSSL_PARAM_END
};

static const OSSL_PARAM *hmac_gettable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return hmac_gettable;
}

static const OSSL_PARAM *hmac_settable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return hmac_settable;
}

static int hmac_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    TP_HMAC_CTX *c = vctx;
    OSSL_PARAM *p;

    if ((p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_SIZE)) != NULL &&
        !OSSL_PARAM_set_size_t(p, tacit_md_size(c->md))) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_BLOCK_SIZE)) != NULL &&
        !OSSL_PARAM_set_size_t(p, tacit_md_block_size(c->md))) {
        return 0;
    }
    return 1;
}

const OSSL_DISPATCH tp_hmac_functions[] = {
    { OSSL_FUNC_MAC_NEWCTX, (void (*)(void))hmac_newctx },
    { OSSL_FUNC_MAC_DUPCTX, (void (*)(void))hmac_dupctx },
    { OSSL_FUNC_MAC_FREECTX, (void (*)(void))hmac_freectx },
    { OSSL_FUNC_MAC_INIT, (void (*)(void))hmac_init },
    { OSSL_FUNC_MAC_UPDATE, (void (*)(void))hmac_update },
    { OSSL_FUNC_MAC_FINAL, (void (*)(void))hmac_final },
    { OSSL_FUNC_MAC_GETTABLE_CTX_PARAMS, (void (*)(void))hmac_gettable_ctx_params },
    { OSSL_FUNC_MAC_GET_CTX_PARAMS, (void (*)(void))hmac_get_ctx_params },
    { OSSL_FUNC_MAC_SETTABLE_CTX_PARAMS, (void (*)(void))hmac_settable_ctx_params },
    { OSSL_FUNC_MAC_SET_CTX_PARAMS, (void (*)(void))hmac_set_ctx_params },
    { 0, NULL }
};

/* ---- random generators ------------------------------------------------------------------------------ */

/*
 * Both the DRBG and the seed source are stateless views of tacit's own
 * generators: tacit_rng_default keeps one HMAC-DRBG per thread (seeded and
 * reseeded from tacit_entropy_default), so no lock is needed; the
 * parent OpenSSL passes is not used.
 */
typedef struct {
    TP_PROV_CTX *pc;
    int state; /* EVP_RAND_STATE_* */
    int seed;  /* 1: SEED-SRC (tacit_entropy_default) */
} TP_RAND_CTX;

static void *rand_newctx_common(void *provctx, int seed)
{
    TP_RAND_CTX *c = calloc(1, sizeof(*c));

    if (c == NULL) {
        TP_ERR(provctx, TP_R_ALLOC, "random generator context");
        return NULL;
    }
    c->pc = provctx;
    c->seed = seed;
    return c;
}

static void *drbg_newctx(void *provctx, void *parent, const OSSL_DISPATCH *parent_calls)
{
    (void)parent;
    (void)parent_calls;
    return rand_newctx_common(provctx, 0);
}

static void *seed_newctx(void *provctx, void *parent, const OSSL_DISPATCH *parent_calls)
{
    (void)parent;
    (void)parent_calls;
    return rand_newctx_common(provctx, 1);
}

static void rand_freectx(void *vctx)
{
    free(vctx);
}

static int rand_instantiate(void *vctx, unsigned int strength, int prediction_resistance,
                            const unsigned char *pstr, size_t pstr_len, const OSSL_PARAM params[])
{
    TP_RAND_CTX *c = vctx;

    (void)prediction_resistance;
    (void)pstr;
    (void)pstr_len;
    (void)params;
    if (strength > 256) {
        TP_ERR(c->pc, TP_R_BAD_PARAM, "strength %u above 256 bits", strength);
        return 0;
    }
    c->state = 1; /* EVP_RAND_STATE_READY */
    return 1;
}

static int rand_uninstantiate(void *vctx)
{
    TP_RAND_CTX *c = vctx;

    c->state = 0;
    return 1;
}

static int rand_generate(void *vctx, unsigned char *out, size_t outlen, unsigned int strength,
                         int prediction_resistance, const unsigned char *adin, size_t adin_len)
{
    TP_RAND_CTX *c = vctx;
    int ret;

    (void)prediction_resistance;
    (void)adin;
    (void)adin_len;
    if (strength > 256) {
        TP_ERR(c->pc, TP_R_BAD_PARAM, "strength %u above 256 bits", strength);
        return 0;
    }
    ret = c->seed ? tacit_entropy_default(NULL, out, outlen) : tacit_rng_default(NULL, out, outlen);
    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, c->seed ? "tacit_entropy_default" : "tacit_rng_default");
        return 0;
    }
    return 1;
}

static int rand_reseed(void *vctx, int prediction_resistance, const unsigned char *ent,
                       size_t ent_len, const unsigned char *adin, size_t adin_len)
{
    (void)vctx;
    (void)prediction_resistance;
    (void)ent;
    (void)ent_len;
    (void)adin;
    (void)adin_len;
    return 1; /* tacit_rng_default reseeds itself on its interval and after fork */
}

static int rand_enable_locking(void *vctx)
{
    (void)vctx;
    return 1;
}

static int rand_lock(void *vctx)
{
    (void)vctx;
    return 1;
}

static void rand_unlock(void *vctx)
{
    (void)vctx;
}

/* The seed a child DRBG of another provider asks for. */
static size_t rand_get_seed(void *vctx, unsigned char **pout, int entropy, size_t min_len,
                            size_t max_len, int prediction_resistance, const unsigned char *adin,
                            size_t adin_len)
{
    TP_RAND_CTX *c = vctx;
    unsigned char *buf;
    size_t len = min_len < 32 ? 32 : min_len;

    (void)entropy;
    (void)prediction_resistance;
    (void)adin;
    (void)adin_len;
    if (len > max_len) {
        len = max_len;
    }
    buf = OPENSSL_secure_malloc(len ? len : 1);
    if (buf == NULL) {
        TP_ERR(c->pc, TP_R_ALLOC, "seed buffer");
        return 0;
    }
    if (!rand_generate(c, buf, len, 0, 0, NULL, 0)) {
        OPENSSL_secure_clear_free(buf, len);
        return 0;
    }
    *pout = buf;
    return len;
}

static void rand_clear_seed(void *vctx, unsigned char *out, size_t outlen)
{
    (void)vctx;
    OPENSSL_secure_clear_free(out, outlen);
}

static const OSSL_PARAM rand_gettable[] = { OSSL_PARAM_int(OSSL_RAND_PARAM_STATE, NULL),
                                            OSSL_PARAM_uint(OSSL_RAND_PARAM_STRENGTH, NULL),
                                            OSSL_PARAM_size_t(OSSL_RAND_PARAM_MAX_REQUEST, NULL),
                                            OSSL_PARAM_END };

static const OSSL_PARAM *rand_gettable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return rand_gettable;
}

static int rand_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    TP_RAND_CTX *c = vctx;
    OSSL_PARAM *p;

    if ((p = OSSL_PARAM_locate(params, OSSL_RAND_PARAM_STATE)) != NULL &&
        !OSSL_PARAM_set_int(p, c->state)) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_RAND_PARAM_STRENGTH)) != NULL &&
        !OSSL_PARAM_set_uint(p, 256)) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_RAND_PARAM_MAX_REQUEST)) != NULL &&
        !OSSL_PARAM_set_size_t(p, 1 << 16)) {
        return 0;
    }
    return 1;
}

static const OSSL_PARAM rand_settable[] = { OSSL_PARAM_END };

static const OSSL_PARAM *rand_settable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return rand_settable;
}

static int rand_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    (void)vctx;
    (void)params;
    return 1; /* the cipher/digest OpenSSL names for its own DRBGs do not apply */
}

static int rand_verify_zeroization(void *vctx)
{
    (void)vctx;
    return 1;
}

#define TP_RAND_DISPATCH(newfn)                                                                    \
    { OSSL_FUNC_RAND_NEWCTX, (void (*)(void))newfn },                                              \
        { OSSL_FUNC_RAND_FREECTX, (void (*)(void))rand_freectx },                                  \
        { OSSL_FUNC_RAND_INSTANTIATE, (void (*)(void))rand_instantiate },                          \
        { OSSL_FUNC_RAND_UNINSTANTIATE, (void (*)(void))rand_uninstantiate },                      \
        { OSSL_FUNC_RAND_GENERATE, (void (*)(void))rand_generate },                                \
        { OSSL_FUNC_RAND_RESEED, (void (*)(void))rand_reseed },                                    \
        { OSSL_FUNC_RAND_ENABLE_LOCKING, (void (*)(void))rand_enable_locking },                    \
        { OSSL_FUNC_RAND_LOCK, (void (*)(void))rand_lock },                                        \
        { OSSL_FUNC_RAND_UNLOCK, (void (*)(void))rand_unlock },                                    \
        { OSSL_FUNC_RAND_GETTABLE_CTX_PARAMS, (void (*)(void))rand_gettable_ctx_params },          \
        { OSSL_FUNC_RAND_GET_CTX_PARAMS, (void (*)(void))rand_get_ctx_params },                    \
        { OSSL_FUNC_RAND_SETTABLE_CTX_PARAMS, (void (*)(void))rand_settable_ctx_params },          \
        { OSSL_FUNC_RAND_SET_CTX_PARAMS, (void (*)(void))rand_set_ctx_params },                    \
        { OSSL_FUNC_RAND_VERIFY_ZEROIZATION, (void (*)(void))rand_verify_zeroization },            \
        { OSSL_FUNC_RAND_GET_SEED, (void (*)(void))rand_get_seed },                                \
        { OSSL_FUNC_RAND_CLEAR_SEED, (void (*)(void))rand_clear_seed },                            \
    {                                                                                              \
        0, NULL                                                                                    \
    }

const OSSL_DISPATCH tp_drbg_functions[] = { TP_RAND_DISPATCH(drbg_newctx) };
const OSSL_DISPATCH tp_seed_functions[] = { TP_RAND_DISPATCH(seed_newctx) };
