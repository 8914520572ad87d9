/*
 * Benchmark rows for curve25519: one X25519 shared secret, an Ed25519
 * signature of a 64-byte message, and its verification, against OpenSSL
 * (EVP_PKEY_derive, EVP_DigestSign/Verify; its default dispatch, with the
 * ADX X25519 kernel where the CPU has it), libsodium (crypto_scalarmult,
 * crypto_sign_detached, crypto_sign_verify_detached) and nettle
 * (curve25519_mul, ed25519_sha512_sign/verify).
 *
 * Keys are made once in setup.  X25519 includes the all-zero check in every
 * library that does it (tacit, libsodium, OpenSSL).
 */
#include "bench.h"

#include <stdlib.h>
#include <string.h>

#include "tacit/ed25519.h"
#include "tacit/x25519.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/evp.h>
#endif
#if defined(TACIT_HAVE_SODIUM)
#include <sodium.h>
#endif
#if defined(TACIT_HAVE_NETTLE)
#include <nettle/curve25519.h>
#include <nettle/eddsa.h>
#endif

enum { OP_X25519, OP_SIGN, OP_VERIFY };

static const int ops[3] = { OP_X25519, OP_SIGN, OP_VERIFY };

#define MSG_LEN 64

typedef struct {
    int op;
    unsigned char priv[32], peer_priv[32], peer_pub[32], pub[32];
    unsigned char msg[MSG_LEN], sig[64], out[64];
    void *lib1, *lib2; /* library objects */
} state;

static state *new_state(const void *arg)
{
    state *s = (state *)calloc(1, sizeof(*s));
    size_t i;

    if (s == NULL) {
        return NULL;
    }
    s->op = *(const int *)arg;
    for (i = 0; i < 32; i++) {
        s->priv[i] = (unsigned char)(i * 29 + 7);
        s->peer_priv[i] = (unsigned char)(i * 53 + 1);
    }
    for (i = 0; i < MSG_LEN; i++) {
        s->msg[i] = (unsigned char)(0xA5 ^ (i * 13));
    }
    return s;
}

/* ---- tacit ----------------------------------------------------------------- */

typedef struct {
    state st;
    tacit_x25519_key xk;
    tacit_ed25519_key ek;
} tacit_state;

static void *tacit_setup(const void *arg)
{
    tacit_state *t = (tacit_state *)calloc(1, sizeof(*t));
    state *s;
    size_t olen;

    if (t == NULL) {
        return NULL;
    }
    s = new_state(arg);
    if (s == NULL) {
        free(t);
        return NULL;
    }
    t->st = *s;
    free(s);
    if (tacit_x25519_key_from_private(&t->xk, t->st.priv, 32) != 0 ||
        tacit_x25519_public_key(t->st.peer_pub, t->st.peer_priv) != 0 ||
        tacit_ed25519_key_from_seed(&t->ek, t->st.priv, 32) != 0 ||
        tacit_ed25519_sign(&t->ek, t->st.msg, MSG_LEN, t->st.sig, 64, &olen) != 0) {
        free(t);
        return NULL;
    }
    return t;
}

static int tacit_run(void *p)
{
    tacit_state *t = (tacit_state *)p;
    size_t olen;

    switch (t->st.op) {
    case OP_X25519:
        return tacit_x25519_compute_shared(&t->xk, t->st.peer_pub, 32, t->st.out, 32, &olen);
    case OP_SIGN:
        return tacit_ed25519_sign(&t->ek, t->st.msg, MSG_LEN, t->st.out, 64, &olen);
    default:
        return tacit_ed25519_verify(&t->ek, t->st.msg, MSG_LEN, t->st.sig, 64);
    }
}

static void tacit_teardown(void *p)
{
    tacit_state *t = (tacit_state *)p;
    tacit_x25519_key_free(&t->xk);
    tacit_ed25519_key_free(&t->ek);
    free(t);
}
#define TACIT_IMPL                                                                                 \
    {                                                                                              \
        "tacit", tacit_setup, tacit_run, tacit_teardown, 0                                         \
    }

/* ---- OpenSSL ------------------------------------------------------------------ */
#if defined(TACIT_HAVE_OPENSSL)
static void ossl_teardown(void *p)
{
    state *s = (state *)p;
    EVP_PKEY_CTX_free((EVP_PKEY_CTX *)s->lib2);
    EVP_PKEY_free((EVP_PKEY *)s->lib1);
    free(s);
}

static void *ossl_setup(const void *arg)
{
    state *s = new_state(arg);
    EVP_PKEY *peer = NULL;
    EVP_MD_CTX *md = NULL;
    size_t len = 64;
    int ok;

    if (s == NULL) {
        return NULL;
    }
    if (s->op == OP_X25519) {
        s->lib1 = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, s->priv, 32);
        peer = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, s->peer_priv, 32);
        s->lib2 = s->lib1 != NULL ? EVP_PKEY_CTX_new((EVP_PKEY *)s->lib1, NULL) : NULL;
        ok = s->lib2 != NULL && peer != NULL &&
             EVP_PKEY_derive_init((EVP_PKEY_CTX *)s->lib2) == 1 &&
             EVP_PKEY_derive_set_peer((EVP_PKEY_CTX *)s->lib2, peer) == 1;
        EVP_PKEY_free(peer);
    } else {
        s->lib1 = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, s->priv, 32);
        md = EVP_MD_CTX_new();
        ok = s->lib1 != NULL && md != NULL &&
             EVP_DigestSignInit(md, NULL, NULL, NULL, (EVP_PKEY *)s->lib1) == 1 &&
             EVP_DigestSign(md, s->sig, &len, s->msg, MSG_LEN) == 1;
        EVP_MD_CTX_free(md);
    }
    if (!ok) {
        ossl_teardown(s);
        return NULL;
    }
    return s;
}

static int ossl_run(void *p)
{
    state *s = (state *)p;
    EVP_MD_CTX *md;
    size_t len = 64;
    int ok;

    if (s->op == OP_X25519) {
        len = 32;
        return EVP_PKEY_derive((EVP_PKEY_CTX *)s->lib2, s->out, &len) != 1;
    }
    /* a signing context per operation, as an application would have */
    md = EVP_MD_CTX_new();
    if (s->op == OP_SIGN) {
        ok = md != NULL && EVP_DigestSignInit(md, NULL, NULL, NULL, (EVP_PKEY *)s->lib1) == 1 &&
             EVP_DigestSign(md, s->out, &len, s->msg, MSG_LEN) == 1;
    } else {
        ok = md != NULL && EVP_DigestVerifyInit(md, NULL, NULL, NULL, (EVP_PKEY *)s->lib1) == 1 &&
             EVP_DigestVerify(md, s->sig, 64, s->msg, MSG_LEN) == 1;
    }
    EVP_MD_CTX_free(md);
    return !ok;
}
#define OSSL_IMPL                                                                                  \
    {                                                                                              \
        "openssl", ossl_setup, ossl_run, ossl_teardown, 0                                          \
    }
#else
#define OSSL_IMPL                                                                                  \
    {                                                                                              \
        NULL, NULL, NULL, NULL, 0                                                                  \
    }
#endif

/* ---- libsodium ------------------------------------------------------------------ */
#if defined(TACIT_HAVE_SODIUM)
typedef struct {
    state st;
    unsigned char sk[64], pk[32];
} sodium_state;

static void *sodium_setup(const void *arg)
{
    sodium_state *t = (sodium_state *)calloc(1, sizeof(*t));
    state *s;

    if (t == NULL || sodium_init() < 0) {
        free(t);
        return NULL;
    }
    s = new_state(arg);
    if (s == NULL) {
        free(t);
        return NULL;
    }
    t->st = *s;
    free(s);
    crypto_scalarmult_base(t->st.peer_pub, t->st.peer_priv);
    crypto_sign_seed_keypair(t->pk, t->sk, t->st.priv);
    crypto_sign_detached(t->st.sig, NULL, t->st.msg, MSG_LEN, t->sk);
    return t;
}

static int sodium_run(void *p)
{
    sodium_state *t = (sodium_state *)p;

    switch (t->st.op) {
    case OP_X25519:
        return crypto_scalarmult(t->st.out, t->st.priv, t->st.peer_pub);
    case OP_SIGN:
        return crypto_sign_detached(t->st.out, NULL, t->st.msg, MSG_LEN, t->sk);
    default:
        return crypto_sign_verify_detached(t->st.sig, t->st.msg, MSG_LEN, t->pk);
    }
}
#define SODIUM_IMPL                                                                                \
    {                                                                                              \
        "libsodium", sodium_setup, sodium_run, free, 0                                             \
    }
#else
#define SODIUM_IMPL                                                                                \
    {                                                                                              \
        NULL, NULL, NULL, NULL, 0                                                                  \
    }
#endif

/* ---- nettle --------------------------------------------------------------------- */
#if defined(TACIT_HAVE_NETTLE)
static void *nettle_setup(const void *arg)
{
    state *s = new_state(arg);

    if (s == NULL) {
        return NULL;
    }
    curve25519_mul_g(s->peer_pub, s->peer_priv);
    ed25519_sha512_public_key(s->pub, s->priv);
    ed25519_sha512_sign(s->pub, s->priv, MSG_LEN, s->msg, s->sig);
    return s;
}

static int nettle_run(void *p)
{
    state *s = (state *)p;

    switch (s->op) {
    case OP_X25519:
        curve25519_mul(s->out, s->priv, s->peer_pub);
        return 0;
    case OP_SIGN:
        ed25519_sha512_sign(s->pub, s->priv, MSG_LEN, s->msg, s->out);
        return 0;
    default:
        return ed25519_sha512_verify(s->pub, MSG_LEN, s->msg, s->sig) != 1;
    }
}
#define NETTLE_IMPL                                                                                \
    {                                                                                              \
        "nettle", nettle_setup, nettle_run, free, 0                                                \
    }
#else
#define NETTLE_IMPL                                                                                \
    {                                                                                              \
        NULL, NULL, NULL, NULL, 0                                                                  \
    }
#endif

#define ROW(id, title, op)                                                                         \
    {                                                                                              \
        id, title, 0, &ops[op],                                                                    \
        {                                                                                          \
            TACIT_IMPL, OSSL_IMPL, SODIUM_IMPL, NETTLE_IMPL                                        \
        }                                                                                          \
    }

const bench_row bench_rows_25519[] = {
#if defined(TACIT_X25519_C)
    ROW("x25519", "X25519 shared secret", OP_X25519),
#endif
#if defined(TACIT_ED25519_C)
    ROW("ed25519-sign", "Ed25519 sign (64 bytes)", OP_SIGN),
    ROW("ed25519-verify", "Ed25519 verify (64 bytes)", OP_VERIFY),
#endif
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};
