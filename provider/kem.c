/*
 * Key encapsulation of the tacit provider: ML-KEM-512/768/1024 (FIPS 203)
 * and the TLS hybrid X25519MLKEM768 (draft-ietf-tls-ecdhe-mlkem, group
 * 0x11EC), key management and the KEM operation, over include/tacit/mlkem.h.
 *
 * Keys hold tacit's byte strings:
 *   ML-KEM-n:        pub = ek, priv = dk (the expanded FIPS 203 form), and
 *                    the 64-byte seed d || z when the key came from one;
 *   X25519MLKEM768:  pub = the TLS client share ek || X25519 public key
 *                    (1216 bytes), priv = dk || X25519 private key (2432).
 * libssl's KEM groups (TLS-GROUP with tls-group-is-kem = 1): the client
 * generates a key and sends its encoded public key; the server sets that
 * share on a parameters-only key (encoded-pub-key), encapsulates to it and
 * sends the ciphertext (for the hybrid: ct || X25519 public key, 1120
 * bytes); the client decapsulates.  The shared secret is what tacit
 * returns (hybrid: ML-KEM ss || X25519 secret, 64 bytes).
 */
#include <stdlib.h>
#include <string.h>

#include "prov.h"

#if defined(TACIT_MLKEM_C) && defined(TACIT_X25519_C)

#include "tacit/constant_time.h"
#include "tacit/hmac_drbg.h"
#include "tacit/mlkem.h"
#include "tacit/platform.h"

enum { TP_KEM_512, TP_KEM_768, TP_KEM_1024, TP_KEM_X25519MLKEM768 };

typedef struct {
    const char *name; /* OpenSSL's group/algorithm name */
    tacit_mlkem_params p;
    size_t pub, priv, ct, ss;
    int secbits;
    int bits; /* "bits": the parameter set's 512/768/1024 (the hybrid: its ML-KEM's), as OpenSSL 3.5 */
} tp_kem_info;

static const tp_kem_info kem_info[4] = {
    { "ML-KEM-512", TACIT_MLKEM_512, TACIT_MLKEM512_EK_BYTES, TACIT_MLKEM512_DK_BYTES,
      TACIT_MLKEM512_CT_BYTES, TACIT_MLKEM_SS_BYTES, 128, 512 },
    { "ML-KEM-768", TACIT_MLKEM_768, TACIT_MLKEM768_EK_BYTES, TACIT_MLKEM768_DK_BYTES,
      TACIT_MLKEM768_CT_BYTES, TACIT_MLKEM_SS_BYTES, 192, 768 },
    { "ML-KEM-1024", TACIT_MLKEM_1024, TACIT_MLKEM1024_EK_BYTES, TACIT_MLKEM1024_DK_BYTES,
      TACIT_MLKEM1024_CT_BYTES, TACIT_MLKEM_SS_BYTES, 256, 1024 },
    { "X25519MLKEM768", TACIT_MLKEM_768, TACIT_X25519MLKEM768_CLIENT_SHARE_BYTES,
      TACIT_X25519MLKEM768_CLIENT_KEY_BYTES, TACIT_X25519MLKEM768_SERVER_SHARE_BYTES,
      TACIT_X25519MLKEM768_SS_BYTES, 192, 768 },
};

typedef struct {
    TP_PROV_CTX *pc;
    int alg;
    int has_pub, has_priv, has_seed;
    unsigned char pub[TACIT_MLKEM_MAX_EK_BYTES];
    unsigned char priv[TACIT_MLKEM_MAX_DK_BYTES];
    unsigned char seed[TACIT_MLKEM_SEED_BYTES];
} TP_KEM_KEY;

/* The offset of ek inside an ML-KEM dk (dk = dkPKE || ek || H(ek) || z, dkPKE = 384k bytes). */
static size_t ek_offset(const tp_kem_info *ki)
{
    return ki->priv - ki->pub - 64;
}

/* ---- key object --------------------------------------------------------------------------------- */

static void *kem_key_new(void *provctx, int alg)
{
    TP_KEM_KEY *k = calloc(1, sizeof(*k));

    if (k == NULL) {
        TP_ERR(provctx, TP_R_ALLOC, "KEM key");
        return NULL;
    }
    k->pc = provctx;
    k->alg = alg;
    return k;
}

static void kem_key_free(void *vkey)
{
    TP_KEM_KEY *k = vkey;

    if (k != NULL) {
        tacit_platform_zeroize(k, sizeof(*k));
        free(k);
    }
}

#define TP_KEM_NEW(name, alg)                                                                      \
    static void *name##_new(void *provctx)                                                         \
    {                                                                                              \
        return kem_key_new(provctx, alg);                                                          \
    }
TP_KEM_NEW(mlkem512, TP_KEM_512)
TP_KEM_NEW(mlkem768, TP_KEM_768)
TP_KEM_NEW(mlkem1024, TP_KEM_1024)
TP_KEM_NEW(hybrid, TP_KEM_X25519MLKEM768)

static int kem_key_has(const void *vkey, int selection)
{
    const TP_KEM_KEY *k = vkey;

    if (k == NULL) {
        return 0;
    }
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && !k->has_pub) {
        return 0;
    }
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && !k->has_priv) {
        return 0;
    }
    return 1;
}

static int kem_key_match(const void *va, const void *vb, int selection)
{
    const TP_KEM_KEY *a = va, *b = vb;

    if (a->alg != b->alg) {
        return 0;
    }
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) {
        return 1;
    }
    return a->has_pub && b->has_pub && memcmp(a->pub, b->pub, kem_info[a->alg].pub) == 0;
}

/*
 * An encapsulation key passes FIPS 203's modulus check: tacit_mlkem_encaps_m
 * runs it (the result is thrown away).
 */
static int ek_check(const TP_KEM_KEY *k, const unsigned char *ek)
{
    const tp_kem_info *ki = &kem_info[k->alg];
    unsigned char m[32], ct[TACIT_MLKEM_MAX_CT_BYTES], ss[32];
    int ret;

    memset(m, 0, sizeof(m));
    ret = tacit_mlkem_encaps_m(ki->p, ek, m, ct, ss);
    tacit_platform_zeroize(ss, sizeof(ss));
    if (ret != 0) {
        TP_TACIT_ERR(k->pc, ret, "ML-KEM encapsulation key check");
        return 0;
    }
    return 1;
}

/* A decapsulation key passes its hash check: tacit_mlkem_decaps runs it on a zero ciphertext. */
static int dk_check(const TP_KEM_KEY *k, const unsigned char *dk)
{
    const tp_kem_info *ki = &kem_info[k->alg];
    unsigned char ct[TACIT_MLKEM_MAX_CT_BYTES], ss[32];
    int ret;

    memset(ct, 0, sizeof(ct));
    ret = tacit_mlkem_decaps(ki->p, dk, ct, ss);
    tacit_platform_zeroize(ss, sizeof(ss));
    if (ret != 0) {
        TP_TACIT_ERR(k->pc, ret, "ML-KEM decapsulation key check");
        return 0;
    }
    return 1;
}

static int kem_key_validate(const void *vkey, int selection, int checktype)
{
    const TP_KEM_KEY *k = vkey;

    (void)checktype;
    if (!kem_key_has(k, selection)) {
        return 0;
    }
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0) {
        return dk_check(k, k->priv);
    }
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0) {
        return ek_check(k, k->pub);
    }
    return 1;
}

/* ---- setting keys ----------------------------------------------------------------------------------- */

/* The public key (ML-KEM: ek; hybrid: the client share). */
static int kem_set_pub(TP_KEM_KEY *k, const OSSL_PARAM *p)
{
    const tp_kem_info *ki = &kem_info[k->alg];

    if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data == NULL || p->data_size != ki->pub) {
        TP_ERR(k->pc, TP_R_BAD_PARAM, "%s public key must be an octet string of %zu bytes",
               ki->name, ki->pub);
        return 0;
    }
    if (!ek_check(k, p->data)) {
        return 0;
    }
    memcpy(k->pub, p->data, ki->pub);
    k->has_pub = 1;
    k->has_priv = k->has_seed = 0;
    return 1;
}

/* The private key; the public key follows from it. */
static int kem_set_priv(TP_KEM_KEY *k, const unsigned char *priv, size_t len)
{
    const tp_kem_info *ki = &kem_info[k->alg];
    size_t off = ek_offset(&kem_info[TP_KEM_768]);
    int ret;

    if (len != ki->priv) {
        TP_ERR(k->pc, TP_R_BAD_PARAM, "%s private key of %zu bytes (not %zu)", ki->name, len,
               ki->priv);
        return 0;
    }
    if (!dk_check(k, priv)) {
        return 0;
    }
    if (k->alg == TP_KEM_X25519MLKEM768) {
        /* dk (2400) || X25519 private key (32) -> ek (1184) || X25519 public key (32) */
        memcpy(k->pub, priv + off, TACIT_MLKEM768_EK_BYTES);
        ret = tacit_x25519_public_key(k->pub + TACIT_MLKEM768_EK_BYTES,
                                      priv + TACIT_MLKEM768_DK_BYTES);
        if (ret != 0) {
            TP_TACIT_ERR(k->pc, ret, "X25519 public key");
            return 0;
        }
    } else {
        memcpy(k->pub, priv + ek_offset(ki), ki->pub);
    }
    memcpy(k->priv, priv, ki->priv);
    k->has_pub = k->has_priv = 1;
    k->has_seed = 0;
    return 1;
}

static int kem_set_seed(TP_KEM_KEY *k, const unsigned char seed[64])
{
    const tp_kem_info *ki = &kem_info[k->alg];
    int ret = tacit_mlkem_keygen_seed(ki->p, seed, k->pub, k->priv);

    if (ret != 0) {
        TP_TACIT_ERR(k->pc, ret, "ML-KEM key from its seed");
        return 0;
    }
    memcpy(k->seed, seed, 64);
    k->has_pub = k->has_priv = k->has_seed = 1;
    return 1;
}

static int kem_key_import(void *vkey, int selection, const OSSL_PARAM params[])
{
    TP_KEM_KEY *k = vkey;
    const OSSL_PARAM *seed, *priv, *pub;

    if (k == NULL || params == NULL) {
        return 0;
    }
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) {
        return 1; /* no domain parameters */
    }
    seed = OSSL_PARAM_locate_const(params, "seed");
    priv = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY);
    pub = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PUB_KEY);
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && (seed != NULL || priv != NULL)) {
        int ok;
        if (seed != NULL && k->alg != TP_KEM_X25519MLKEM768) {
            if (seed->data_type != OSSL_PARAM_OCTET_STRING || seed->data_size != 64) {
                TP_ERR(k->pc, TP_R_BAD_PARAM, "ML-KEM seed must be an octet string of 64 bytes");
                return 0;
            }
            ok = kem_set_seed(k, seed->data);
            /* a given expanded key must be the seed's (secret data: compared in constant time) */
            if (ok && priv != NULL &&
                (priv->data_type != OSSL_PARAM_OCTET_STRING ||
                 priv->data_size != kem_info[k->alg].priv ||
                 tacit_ct_memcmp(priv->data, k->priv, priv->data_size) != 0)) {
                TP_ERR(k->pc, TP_R_KEY_MISMATCH, "ML-KEM private key does not match its seed");
                ok = 0;
            }
        } else if (priv == NULL || priv->data_type != OSSL_PARAM_OCTET_STRING) {
            TP_ERR(k->pc, TP_R_BAD_PARAM, "private key must be an octet string");
            return 0;
        } else {
            ok = kem_set_priv(k, priv->data, priv->data_size);
        }
        if (ok && pub != NULL &&
            (pub->data_type != OSSL_PARAM_OCTET_STRING || pub->data_size != kem_info[k->alg].pub ||
             memcmp(pub->data, k->pub, pub->data_size) != 0)) {
            TP_ERR(k->pc, TP_R_KEY_MISMATCH, "public key does not match the private key");
            ok = 0;
        }
        if (!ok) {
            tacit_platform_zeroize(k->priv, sizeof(k->priv));
            tacit_platform_zeroize(k->seed, sizeof(k->seed));
            k->has_pub = k->has_priv = k->has_seed = 0;
        }
        return ok;
    }
    if (pub == NULL) {
        TP_ERR(k->pc, TP_R_BAD_PARAM, "missing public key");
        return 0;
    }
    return kem_set_pub(k, pub);
}

static int kem_key_export(void *vkey, int selection, OSSL_CALLBACK *cb, void *arg)
{
    TP_KEM_KEY *k = vkey;
    const tp_kem_info *ki;
    OSSL_PARAM params[4];
    size_t n = 0;

    if (k == NULL) {
        return 0;
    }
    ki = &kem_info[k->alg];
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != 0 && k->has_pub) {
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, k->pub, ki->pub);
    }
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && k->has_priv) {
        params[n++] =
            OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, k->priv, ki->priv);
        if (k->has_seed) {
            params[n++] = OSSL_PARAM_construct_octet_string("seed", k->seed, 64);
        }
    }
    params[n] = OSSL_PARAM_construct_end();
    return cb(params, arg);
}

static const OSSL_PARAM kem_io[] = { OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
                                     OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
                                     OSSL_PARAM_octet_string("seed", NULL, 0), OSSL_PARAM_END };

static const OSSL_PARAM *kem_io_types(int selection)
{
    (void)selection;
    return kem_io;
}

/* ---- parameters ------------------------------------------------------------------------------------- */

static int kem_key_get_params(void *vkey, OSSL_PARAM params[])
{
    TP_KEM_KEY *k = vkey;
    const tp_kem_info *ki = &kem_info[k->alg];
    OSSL_PARAM *p;

    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_BITS)) != NULL &&
        !OSSL_PARAM_set_int(p, ki->bits)) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_SECURITY_BITS)) != NULL &&
        !OSSL_PARAM_set_int(p, ki->secbits)) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MAX_SIZE)) != NULL &&
        !OSSL_PARAM_set_int(p, (int)ki->ct)) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY)) != NULL &&
        (!k->has_pub || !OSSL_PARAM_set_octet_string(p, k->pub, ki->pub))) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PUB_KEY)) != NULL &&
        (!k->has_pub || !OSSL_PARAM_set_octet_string(p, k->pub, ki->pub))) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PRIV_KEY)) != NULL &&
        (!k->has_priv || !OSSL_PARAM_set_octet_string(p, k->priv, ki->priv))) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate(params, "seed")) != NULL &&
        (!k->has_seed || !OSSL_PARAM_set_octet_string(p, k->seed, sizeof(k->seed)))) {
        return 0;
    }
    return 1;
}

static const OSSL_PARAM kem_gettable[] = {
    OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
    OSSL_PARAM_octet_string("seed", NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *kem_gettable_params(void *provctx)
{
    (void)provctx;
    return kem_gettable;
}

/* libssl's server sets the client's key share on a parameters-only key. */
static int kem_key_set_params(void *vkey, const OSSL_PARAM params[])
{
    TP_KEM_KEY *k = vkey;
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY);

    return p == NULL || kem_set_pub(k, p);
}

static const OSSL_PARAM kem_settable[] = {
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0), OSSL_PARAM_END
};

static const OSSL_PARAM *kem_settable_params(void *provctx)
{
    (void)provctx;
    return kem_settable;
}

/* ---- generation ------------------------------------------------------------------------------------- */

typedef struct {
    TP_PROV_CTX *pc;
    int alg, selection;
    int has_seed;
    unsigned char seed[64];
} TP_KEM_GEN;

static int name_eq(const char *a, const char *b)
{
    for (; *a != '\0' && *b != '\0'; a++, b++) {
        char x = *a >= 'a' && *a <= 'z' ? (char)(*a - 32) : *a;
        char y = *b >= 'a' && *b <= 'z' ? (char)(*b - 32) : *b;
        if (x != y) {
            return 0;
        }
    }
    return *a == *b;
}

static int kem_gen_set_params(void *vgen, const OSSL_PARAM params[])
{
    TP_KEM_GEN *g = vgen;
    const OSSL_PARAM *p;

    if (params == NULL) {
        return 1;
    }
    /* libssl names the group it generates for; it must be this algorithm */
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME)) != NULL) {
        const char *name = NULL;
        static const char *const tls_names[4] = { "MLKEM512", "MLKEM768", "MLKEM1024",
                                                  "X25519MLKEM768" };
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &name)) {
            TP_ERR(g->pc, TP_R_BAD_PARAM, "group must be a string");
            return 0;
        }
        if (!name_eq(name, kem_info[g->alg].name) && !name_eq(name, tls_names[g->alg])) {
            TP_ERR(g->pc, TP_R_UNSUPPORTED, "group '%s' for %s", name, kem_info[g->alg].name);
            return 0;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, "seed")) != NULL) {
        if (g->alg == TP_KEM_X25519MLKEM768 || p->data_type != OSSL_PARAM_OCTET_STRING ||
            p->data_size != 64) {
            TP_ERR(g->pc, TP_R_BAD_PARAM, "ML-KEM seed must be an octet string of 64 bytes");
            return 0;
        }
        memcpy(g->seed, p->data, 64);
        g->has_seed = 1;
    }
    return 1;
}

static void *kem_gen_init(void *provctx, int alg, int selection, const OSSL_PARAM params[])
{
    TP_KEM_GEN *g = calloc(1, sizeof(*g));

    if (g == NULL) {
        TP_ERR(provctx, TP_R_ALLOC, "key generation context");
        return NULL;
    }
    g->pc = provctx;
    g->alg = alg;
    g->selection = selection;
    if (!kem_gen_set_params(g, params)) {
        free(g);
        return NULL;
    }
    return g;
}

#define TP_KEM_GEN_INIT(name, alg)                                                                 \
    static void *name##_gen_init(void *provctx, int selection, const OSSL_PARAM params[])          \
    {                                                                                              \
        return kem_gen_init(provctx, alg, selection, params);                                      \
    }
TP_KEM_GEN_INIT(mlkem512, TP_KEM_512)
TP_KEM_GEN_INIT(mlkem768, TP_KEM_768)
TP_KEM_GEN_INIT(mlkem1024, TP_KEM_1024)
TP_KEM_GEN_INIT(hybrid, TP_KEM_X25519MLKEM768)

static void *kem_gen(void *vgen, OSSL_CALLBACK *cb, void *cbarg)
{
    TP_KEM_GEN *g = vgen;
    TP_KEM_KEY *k;
    int ret;

    (void)cb;
    (void)cbarg;
    k = kem_key_new(g->pc, g->alg);
    if (k == NULL || (g->selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) {
        return k; /* parameters only: the peer's key share is set on it */
    }
    if (g->alg == TP_KEM_X25519MLKEM768) {
        ret = tacit_x25519mlkem768_keygen(k->pub, k->priv, TP_RNG);
        if (ret != 0) {
            TP_TACIT_ERR(g->pc, ret, "X25519MLKEM768 key generation");
            kem_key_free(k);
            return NULL;
        }
        k->has_pub = k->has_priv = 1;
        return k;
    }
    /* ML-KEM: from a seed (given, or 64 bytes of tacit_rng_default), kept for export */
    if (!g->has_seed) {
        ret = tacit_rng_default(NULL, g->seed, sizeof(g->seed));
        if (ret != 0) {
            TP_TACIT_ERR(g->pc, ret, "ML-KEM seed");
            kem_key_free(k);
            return NULL;
        }
    }
    if (!kem_set_seed(k, g->seed)) {
        kem_key_free(k);
        k = NULL;
    }
    tacit_platform_zeroize(g->seed, sizeof(g->seed));
    g->has_seed = 0;
    return k;
}

static void kem_gen_cleanup(void *vgen)
{
    if (vgen != NULL) {
        tacit_platform_zeroize(vgen, sizeof(TP_KEM_GEN));
        free(vgen);
    }
}

static const OSSL_PARAM kem_gen_settable[] = {
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0),
    OSSL_PARAM_octet_string("seed", NULL, 0), OSSL_PARAM_END
};

static const OSSL_PARAM *kem_gen_settable_params(void *vgen, void *provctx)
{
    (void)vgen;
    (void)provctx;
    return kem_gen_settable;
}

static void *kem_key_dup(const void *vsrc, int selection)
{
    const TP_KEM_KEY *s = vsrc;
    TP_KEM_KEY *d = kem_key_new(s->pc, s->alg);

    (void)selection;
    if (d != NULL) {
        memcpy(d, s, sizeof(*d));
    }
    return d;
}

#define TP_KEM_KEYMGMT(name)                                                                       \
    const OSSL_DISPATCH tp_##name##_keymgmt_functions[] = {                                        \
        { OSSL_FUNC_KEYMGMT_NEW, (void (*)(void))name##_new },                                     \
        { OSSL_FUNC_KEYMGMT_FREE, (void (*)(void))kem_key_free },                                  \
        { OSSL_FUNC_KEYMGMT_HAS, (void (*)(void))kem_key_has },                                    \
        { OSSL_FUNC_KEYMGMT_MATCH, (void (*)(void))kem_key_match },                                \
        { OSSL_FUNC_KEYMGMT_VALIDATE, (void (*)(void))kem_key_validate },                          \
        { OSSL_FUNC_KEYMGMT_IMPORT, (void (*)(void))kem_key_import },                              \
        { OSSL_FUNC_KEYMGMT_IMPORT_TYPES, (void (*)(void))kem_io_types },                          \
        { OSSL_FUNC_KEYMGMT_EXPORT, (void (*)(void))kem_key_export },                              \
        { OSSL_FUNC_KEYMGMT_EXPORT_TYPES, (void (*)(void))kem_io_types },                          \
        { OSSL_FUNC_KEYMGMT_GET_PARAMS, (void (*)(void))kem_key_get_params },                      \
        { OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, (void (*)(void))kem_gettable_params },                \
        { OSSL_FUNC_KEYMGMT_SET_PARAMS, (void (*)(void))kem_key_set_params },                      \
        { OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, (void (*)(void))kem_settable_params },                \
        { OSSL_FUNC_KEYMGMT_GEN_INIT, (void (*)(void))name##_gen_init },                           \
        { OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, (void (*)(void))kem_gen_set_params },                  \
        { OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, (void (*)(void))kem_gen_settable_params },        \
        { OSSL_FUNC_KEYMGMT_GEN, (void (*)(void))kem_gen },                                        \
        { OSSL_FUNC_KEYMGMT_GEN_CLEANUP, (void (*)(void))kem_gen_cleanup },                        \
        { OSSL_FUNC_KEYMGMT_DUP, (void (*)(void))kem_key_dup },                                    \
        { 0, NULL }                                                                                \
    }
TP_KEM_KEYMGMT(mlkem512);
TP_KEM_KEYMGMT(mlkem768);
TP_KEM_KEYMGMT(mlkem1024);
TP_KEM_KEYMGMT(hybrid);

/* ---- the KEM operation ------------------------------------------------------------------------------ */

typedef struct {
    TP_PROV_CTX *pc;
    int alg;
    TP_KEM_KEY *key;
    int op; /* 1 encapsulate, 2 decapsulate */
} TP_KEM_CTX;

static void *kem_newctx_common(void *provctx, int alg)
{
    TP_KEM_CTX *c = calloc(1, sizeof(*c));

    if (c == NULL) {
        TP_ERR(provctx, TP_R_ALLOC, "KEM context");
        return NULL;
    }
    c->pc = provctx;
    c->alg = alg;
    return c;
}

#define TP_KEM_NEWCTX(name, alg)                                                                   \
    static void *name##_newctx(void *provctx)                                                      \
    {                                                                                              \
        return kem_newctx_common(provctx, alg);                                                    \
    }
TP_KEM_NEWCTX(mlkem512, TP_KEM_512)
TP_KEM_NEWCTX(mlkem768, TP_KEM_768)
TP_KEM_NEWCTX(mlkem1024, TP_KEM_1024)
TP_KEM_NEWCTX(hybrid, TP_KEM_X25519MLKEM768)

static void kem_freectx(void *vctx)
{
    free(vctx);
}

static void *kem_dupctx(void *vctx)
{
    TP_KEM_CTX *c = vctx, *d = malloc(sizeof(*d));

    if (d == NULL) {
        TP_ERR(c->pc, TP_R_ALLOC, "KEM context");
        return NULL;
    }
    *d = *c;
    return d;
}

static int kem_op_init(TP_KEM_CTX *c, TP_KEM_KEY *k, int op)
{
    if (k == NULL || k->alg != c->alg) {
        TP_ERR(c->pc, TP_R_KEY_MISMATCH, "%s needs a key of its own type", kem_info[c->alg].name);
        return 0;
    }
    if (op == 1 ? !k->has_pub : !k->has_priv) {
        TP_ERR(c->pc, TP_R_NO_KEY, "%s needs a %s key", op == 1 ? "encapsulation" : "decapsulation",
               op == 1 ? "public" : "private");
        return 0;
    }
    c->key = k;
    c->op = op;
    return 1;
}

static int kem_encapsulate_init(void *vctx, void *vkey, const OSSL_PARAM params[])
{
    (void)params;
    return kem_op_init(vctx, vkey, 1);
}

static int kem_decapsulate_init(void *vctx, void *vkey, const OSSL_PARAM params[])
{
    (void)params;
    return kem_op_init(vctx, vkey, 2);
}

static int kem_encapsulate(void *vctx, unsigned char *out, size_t *outlen, unsigned char *secret,
                           size_t *secretlen)
{
    TP_KEM_CTX *c = vctx;
    const tp_kem_info *ki = &kem_info[c->alg];
    int ret;

    if (c->key == NULL || c->op != 1) {
        TP_ERR(c->pc, TP_R_WRONG_STATE, "encapsulate before encapsulate_init");
        return 0;
    }
    if (out == NULL || secret == NULL) { /* the sizes */
        if (outlen != NULL) {
            *outlen = ki->ct;
        }
        if (secretlen != NULL) {
            *secretlen = ki->ss;
        }
        return outlen != NULL || secretlen != NULL;
    }
    if ((outlen != NULL && *outlen < ki->ct) || (secretlen != NULL && *secretlen < ki->ss)) {
        TP_ERR(c->pc, TP_R_BUFFER_TOO_SMALL, "%s needs %zu + %zu bytes", ki->name, ki->ct, ki->ss);
        return 0;
    }
    if (c->alg == TP_KEM_X25519MLKEM768) {
        ret = tacit_x25519mlkem768_encaps(c->key->pub, out, secret, TP_RNG);
    } else {
        ret = tacit_mlkem_encaps(ki->p, c->key->pub, out, secret, TP_RNG);
    }
    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, "encapsulation");
        return 0;
    }
    if (outlen != NULL) {
        *outlen = ki->ct;
    }
    if (secretlen != NULL) {
        *secretlen = ki->ss;
    }
    return 1;
}

static int kem_decapsulate(void *vctx, unsigned char *out, size_t *outlen, const unsigned char *in,
                           size_t inlen)
{
    TP_KEM_CTX *c = vctx;
    const tp_kem_info *ki = &kem_info[c->alg];
    int ret;

    if (c->key == NULL || c->op != 2) {
        TP_ERR(c->pc, TP_R_WRONG_STATE, "decapsulate before decapsulate_init");
        return 0;
    }
    if (out == NULL) {
        if (outlen == NULL) {
            return 0;
        }
        *outlen = ki->ss;
        return 1;
    }
    if (outlen != NULL && *outlen < ki->ss) {
        TP_ERR(c->pc, TP_R_BUFFER_TOO_SMALL, "%s shared secret needs %zu bytes", ki->name, ki->ss);
        return 0;
    }
    if (in == NULL || inlen != ki->ct) {
        TP_ERR(c->pc, TP_R_BAD_PARAM, "%s ciphertext of %zu bytes (not %zu)", ki->name, inlen,
               ki->ct);
        return 0;
    }
    if (c->alg == TP_KEM_X25519MLKEM768) {
        ret = tacit_x25519mlkem768_decaps(c->key->priv, in, out);
    } else {
        ret = tacit_mlkem_decaps(ki->p, c->key->priv, in, out);
    }
    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, "decapsulation");
        return 0;
    }
    if (outlen != NULL) {
        *outlen = ki->ss;
    }
    return 1;
}

static const OSSL_PARAM kem_ctx_params[] = { OSSL_PARAM_END };

static int kem_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    (void)vctx;
    (void)params;
    return 1;
}

static const OSSL_PARAM *kem_settable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return kem_ctx_params;
}

#define TP_KEM_OP(name)                                                                            \
    const OSSL_DISPATCH tp_##name##_kem_functions[] = {                                            \
        { OSSL_FUNC_KEM_NEWCTX, (void (*)(void))name##_newctx },                                   \
        { OSSL_FUNC_KEM_FREECTX, (void (*)(void))kem_freectx },                                    \
        { OSSL_FUNC_KEM_DUPCTX, (void (*)(void))kem_dupctx },                                      \
        { OSSL_FUNC_KEM_ENCAPSULATE_INIT, (void (*)(void))kem_encapsulate_init },                  \
        { OSSL_FUNC_KEM_ENCAPSULATE, (void (*)(void))kem_encapsulate },                            \
        { OSSL_FUNC_KEM_DECAPSULATE_INIT, (void (*)(void))kem_decapsulate_init },                  \
        { OSSL_FUNC_KEM_DECAPSULATE, (void (*)(void))kem_decapsulate },                            \
        { OSSL_FUNC_KEM_SET_CTX_PARAMS, (void (*)(void))kem_set_ctx_params },                      \
        { OSSL_FUNC_KEM_SETTABLE_CTX_PARAMS, (void (*)(void))kem_settable_ctx_params },            \
        { 0, NULL }                                                                                \
    }
TP_KEM_OP(mlkem512);
TP_KEM_OP(mlkem768);
TP_KEM_OP(mlkem1024);
TP_KEM_OP(hybrid);

#endif /* TACIT_MLKEM_C && TACIT_X25519_C */
