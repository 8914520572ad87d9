/*
 * Key exchange of the tacit provider: ECDH (P-256, P-384, P-521) and
 * X25519, through tacit_ecdh_compute_shared and tacit_x25519_compute_shared.
 */
#include <stdlib.h>
#include <string.h>

#include "prov.h"
#include "tacit/ecdh.h"

typedef struct {
    TP_PROV_CTX *pc;
    int alg; /* TP_KEY_EC or TP_KEY_X25519 */
    TP_KEY *key, *peer;
} TP_KEX_CTX;

static void *kex_newctx(void *provctx, int alg)
{
    TP_KEX_CTX *c = calloc(1, sizeof(*c));

    if (c == NULL) {
        TP_ERR(provctx, TP_R_ALLOC, "key exchange context");
        return NULL;
    }
    c->pc = provctx;
    c->alg = alg;
    return c;
}

static void *ecdh_newctx(void *provctx)
{
    return kex_newctx(provctx, TP_KEY_EC);
}

static void *x25519_newctx(void *provctx)
{
    return kex_newctx(provctx, TP_KEY_X25519);
}

static void kex_freectx(void *vctx)
{
    free(vctx);
}

static void *kex_dupctx(void *vctx)
{
    TP_KEX_CTX *c = vctx, *d = malloc(sizeof(*d));

    if (d == NULL) {
        TP_ERR(c->pc, TP_R_ALLOC, "key exchange context");
        return NULL;
    }
    *d = *c;
    return d;
}

static int kex_init(void *vctx, void *vkey, const OSSL_PARAM params[])
{
    TP_KEX_CTX *c = vctx;
    TP_KEY *k = vkey;

    (void)params;
    if (k == NULL || k->type != c->alg) {
        TP_ERR(c->pc, TP_R_KEY_MISMATCH, "key exchange needs a key of its own type");
        return 0;
    }
    if (!k->has_priv) {
        TP_ERR(c->pc, TP_R_NO_KEY, "key exchange needs a private key");
        return 0;
    }
    c->key = k;
    c->peer = NULL;
    return 1;
}

static int kex_set_peer(void *vctx, void *vpeer)
{
    TP_KEX_CTX *c = vctx;
    TP_KEY *p = vpeer;

    if (p == NULL || p->type != c->alg || !p->has_pub ||
        (c->alg == TP_KEY_EC && c->key != NULL && p->grp != c->key->grp)) {
        TP_ERR(c->pc, TP_R_KEY_MISMATCH,
               "peer key of another type or curve, or without a public key");
        return 0;
    }
    c->peer = p;
    return 1;
}

static int kex_derive(void *vctx, unsigned char *secret, size_t *secretlen, size_t outlen)
{
    TP_KEX_CTX *c = vctx;
    size_t need;
    int ret;

    if (c->key == NULL || c->peer == NULL) {
        TP_ERR(c->pc, TP_R_WRONG_STATE, "derive needs init and a peer");
        return 0;
    }
    need = c->alg == TP_KEY_EC ? tacit_ecp_curve_bytes(c->key->grp) : TACIT_X25519_KEY_SIZE;
    if (secret == NULL) {
        *secretlen = need;
        return 1;
    }
    if (outlen < need) {
        TP_ERR(c->pc, TP_R_BUFFER_TOO_SMALL, "shared secret needs %zu bytes, got %zu", need,
               outlen);
        return 0;
    }
    if (c->alg == TP_KEY_EC) {
        ret = tacit_ecdh_compute_shared_key(&c->key->u.ec, &c->peer->u.ec, secret, outlen,
                                            secretlen, TP_RNG);
    } else {
        ret = tacit_x25519_compute_shared(&c->key->u.x25519, c->peer->u.x25519.pub,
                                          TACIT_X25519_KEY_SIZE, secret, outlen, secretlen);
    }
    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, c->alg == TP_KEY_EC ? "ECDH" : "X25519");
        return 0;
    }
    return 1;
}

static int kex_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    (void)vctx;
    (void)params;
    return 1;
}

static const OSSL_PARAM kex_settable[] = { OSSL_PARAM_END };

static const OSSL_PARAM *kex_settable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return kex_settable;
}

#define TP_KEX(newfn)                                                                              \
    { OSSL_FUNC_KEYEXCH_NEWCTX, (void (*)(void))newfn },                                           \
        { OSSL_FUNC_KEYEXCH_INIT, (void (*)(void))kex_init },                                      \
        { OSSL_FUNC_KEYEXCH_SET_PEER, (void (*)(void))kex_set_peer },                              \
        { OSSL_FUNC_KEYEXCH_DERIVE, (void (*)(void))kex_derive },                                  \
        { OSSL_FUNC_KEYEXCH_FREECTX, (void (*)(void))kex_freectx },                                \
        { OSSL_FUNC_KEYEXCH_DUPCTX, (void (*)(void))kex_dupctx },                                  \
        { OSSL_FUNC_KEYEXCH_SET_CTX_PARAMS, (void (*)(void))kex_set_ctx_params },                  \
        { OSSL_FUNC_KEYEXCH_SETTABLE_CTX_PARAMS, (void (*)(void))kex_settable_ctx_params },        \
    {                                                                                              \
        0, NULL                                                                                    \
    }

const OSSL_DISPATCH tp_ecdh_keyexch_functions[] = { TP_KEX(ecdh_newctx) };
const OSSL_DISPATCH tp_x25519_keyexch_functions[] = { TP_KEX(x25519_newctx) };
