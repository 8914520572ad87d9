/*
 * Benchmark rows for the ecc area: ECDSA sign, ECDSA verify and ECDH on
 * P-256, P-384 and P-521, against OpenSSL (EC_KEY, ECDSA_do_sign/verify,
 * ECDH_compute_key), mbed TLS 2.28 (mbedtls_ecdsa_sign/verify,
 * mbedtls_ecdh_compute_shared), BearSSL (br_ec_get_default(),
 * br_ecdsa_i31_sign_raw/vrfy_raw, impl->mul) and nettle (ecdsa_sign/verify,
 * ecc_point_mul).
 *
 * Keys are generated once in setup, by each library for itself.  The hash
 * is SHA-256 / SHA-384 / SHA-512 sized for P-256 / P-384 / P-521.  tacit
 * signs deterministically (RFC 6979) with coordinate blinding from its
 * default generator; ECDH includes decoding and checking the peer point.
 */
#include "bench.h"

#include <stdlib.h>
#include <string.h>

#include "tacit/ecdh.h"
#include "tacit/ecdsa.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/ec.h>
#include <openssl/ecdh.h>
#include <openssl/ecdsa.h>
#include <openssl/obj_mac.h>
#endif
#if defined(TACIT_HAVE_MBEDTLS)
#include <mbedtls/ecdh.h>
#include <mbedtls/ecdsa.h>
#endif
#if defined(TACIT_HAVE_BEARSSL)
#include <bearssl.h>
#endif
#if defined(TACIT_HAVE_NETTLE)
#include <nettle/ecc-curve.h>
#include <nettle/ecc.h>
#include <nettle/ecdsa.h>
#endif

enum { OP_SIGN, OP_VERIFY, OP_ECDH };

typedef struct {
    int curve; /* 0: P-256, 1: P-384, 2: P-521 */
    int op;
} ecc_arg;

static const size_t hash_len[3] = { 32, 48, 64 };

#if defined(TACIT_HAVE_MBEDTLS) || defined(TACIT_HAVE_BEARSSL) || defined(TACIT_HAVE_NETTLE)
/* a deterministic byte source for the peers' key generation and nonces */
static unsigned long long bench_rng_state = 0x243F6A8885A308D3ull;
static void bench_fill(unsigned char *out, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++) {
        bench_rng_state ^= bench_rng_state << 13;
        bench_rng_state ^= bench_rng_state >> 7;
        bench_rng_state ^= bench_rng_state << 17;
        out[i] = (unsigned char)(bench_rng_state >> 24);
    }
}
#endif

static void fill_hash(unsigned char *h, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++) {
        h[i] = (unsigned char)(0xA5 ^ (i * 13));
    }
}

/* ---- tacit ----------------------------------------------------------------- */

typedef struct {
    const ecc_arg *a;
    tacit_ecp_keypair key;
    unsigned char peer[TACIT_ECP_MAX_PT_LEN];
    size_t peer_len;
    unsigned char hash[64];
    unsigned char sig[TACIT_ECDSA_MAX_DER_LEN];
    size_t sig_len;
} tacit_state;

static const tacit_ecp_group_id tacit_ids[3] = { TACIT_ECP_SECP256R1, TACIT_ECP_SECP384R1,
                                                 TACIT_ECP_SECP521R1 };

static void *tacit_setup(const void *arg)
{
    const ecc_arg *a = (const ecc_arg *)arg;
    tacit_state *s = (tacit_state *)calloc(1, sizeof(*s));
    tacit_ecp_keypair peer;

    if (s == NULL) {
        return NULL;
    }
    s->a = a;
    fill_hash(s->hash, hash_len[a->curve]);
    if (tacit_ecp_gen_key(&s->key, tacit_ids[a->curve], NULL, NULL) != 0 ||
        tacit_ecp_gen_key(&peer, tacit_ids[a->curve], NULL, NULL) != 0 ||
        tacit_ecp_write_public_point(&peer, 0, s->peer, sizeof(s->peer), &s->peer_len) != 0 ||
        tacit_ecdsa_sign_der(&s->key, TACIT_MD_NONE, s->hash, hash_len[a->curve], s->sig,
                             sizeof(s->sig), &s->sig_len, NULL, NULL) != 0) {
        free(s);
        return NULL;
    }
    tacit_ecp_keypair_free(&peer);
    return s;
}

static int tacit_run(void *st)
{
    tacit_state *s = (tacit_state *)st;
    unsigned char out[TACIT_ECDSA_MAX_DER_LEN];
    size_t olen;

    switch (s->a->op) {
    case OP_SIGN:
        return tacit_ecdsa_sign_der(&s->key, TACIT_MD_NONE, s->hash, hash_len[s->a->curve], out,
                                    sizeof(out), &olen, NULL, NULL);
    case OP_VERIFY:
        return tacit_ecdsa_verify_der(&s->key, s->hash, hash_len[s->a->curve], s->sig, s->sig_len);
    default:
        return tacit_ecdh_compute_shared(&s->key, s->peer, s->peer_len, out, sizeof(out), &olen,
                                         NULL, NULL);
    }
}

static void tacit_teardown(void *st)
{
    tacit_state *s = (tacit_state *)st;
    tacit_ecp_keypair_free(&s->key);
    free(s);
}

#define TACIT_IMPL                                                                                 \
    {                                                                                              \
        "tacit", tacit_setup, tacit_run, tacit_teardown, 0                                         \
    }

/* ---- OpenSSL ------------------------------------------------------------------ */
#if defined(TACIT_HAVE_OPENSSL)
typedef struct {
    const ecc_arg *a;
    EC_KEY *key, *peer;
    ECDSA_SIG *sig;
    unsigned char hash[64];
} ossl_state;

static const int ossl_nids[3] = { NID_X9_62_prime256v1, NID_secp384r1, NID_secp521r1 };

static void ossl_teardown(void *st)
{
    ossl_state *s = (ossl_state *)st;
    EC_KEY_free(s->key);
    EC_KEY_free(s->peer);
    ECDSA_SIG_free(s->sig);
    free(s);
}

static void *ossl_setup(const void *arg)
{
    const ecc_arg *a = (const ecc_arg *)arg;
    ossl_state *s = (ossl_state *)calloc(1, sizeof(*s));

    if (s == NULL) {
        return NULL;
    }
    s->a = a;
    fill_hash(s->hash, hash_len[a->curve]);
    s->key = EC_KEY_new_by_curve_name(ossl_nids[a->curve]);
    s->peer = EC_KEY_new_by_curve_name(ossl_nids[a->curve]);
    if (s->key == NULL || s->peer == NULL || EC_KEY_generate_key(s->key) != 1 ||
        EC_KEY_generate_key(s->peer) != 1 ||
        (s->sig = ECDSA_do_sign(s->hash, (int)hash_len[a->curve], s->key)) == NULL) {
        ossl_teardown(s);
        return NULL;
    }
    return s;
}

static int ossl_run(void *st)
{
    ossl_state *s = (ossl_state *)st;
    unsigned char out[80];
    ECDSA_SIG *sig;

    switch (s->a->op) {
    case OP_SIGN:
        sig = ECDSA_do_sign(s->hash, (int)hash_len[s->a->curve], s->key);
        ECDSA_SIG_free(sig);
        return sig == NULL;
    case OP_VERIFY:
        return ECDSA_do_verify(s->hash, (int)hash_len[s->a->curve], s->sig, s->key) != 1;
    default:
        return ECDH_compute_key(out, sizeof(out), EC_KEY_get0_public_key(s->peer), s->key, NULL) <=
               0;
    }
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

/* ---- mbed TLS 2.28 -------------------------------------------------------------- */
#if defined(TACIT_HAVE_MBEDTLS)
typedef struct {
    const ecc_arg *a;
    mbedtls_ecp_keypair key, peer;
    mbedtls_mpi r, s, z;
    unsigned char hash[64];
} mbed_state;

static const mbedtls_ecp_group_id mbed_ids[3] = { MBEDTLS_ECP_DP_SECP256R1,
                                                  MBEDTLS_ECP_DP_SECP384R1,
                                                  MBEDTLS_ECP_DP_SECP521R1 };

static int mbed_rng(void *p, unsigned char *out, size_t len)
{
    (void)p;
    bench_fill(out, len);
    return 0;
}

static void mbed_teardown(void *st)
{
    mbed_state *s = (mbed_state *)st;
    mbedtls_ecp_keypair_free(&s->key);
    mbedtls_ecp_keypair_free(&s->peer);
    mbedtls_mpi_free(&s->r);
    mbedtls_mpi_free(&s->s);
    mbedtls_mpi_free(&s->z);
    free(s);
}

static void *mbed_setup(const void *arg)
{
    const ecc_arg *a = (const ecc_arg *)arg;
    mbed_state *s = (mbed_state *)calloc(1, sizeof(*s));

    if (s == NULL) {
        return NULL;
    }
    s->a = a;
    fill_hash(s->hash, hash_len[a->curve]);
    mbedtls_ecp_keypair_init(&s->key);
    mbedtls_ecp_keypair_init(&s->peer);
    mbedtls_mpi_init(&s->r);
    mbedtls_mpi_init(&s->s);
    mbedtls_mpi_init(&s->z);
    if (mbedtls_ecp_gen_key(mbed_ids[a->curve], &s->key, mbed_rng, NULL) != 0 ||
        mbedtls_ecp_gen_key(mbed_ids[a->curve], &s->peer, mbed_rng, NULL) != 0 ||
        mbedtls_ecdsa_sign(&s->key.grp, &s->r, &s->s, &s->key.d, s->hash, hash_len[a->curve],
                           mbed_rng, NULL) != 0) {
        mbed_teardown(s);
        return NULL;
    }
    return s;
}

static int mbed_run(void *st)
{
    mbed_state *s = (mbed_state *)st;
    mbedtls_mpi r, ss;
    int ret;

    switch (s->a->op) {
    case OP_SIGN:
        mbedtls_mpi_init(&r);
        mbedtls_mpi_init(&ss);
        ret = mbedtls_ecdsa_sign(&s->key.grp, &r, &ss, &s->key.d, s->hash, hash_len[s->a->curve],
                                 mbed_rng, NULL);
        mbedtls_mpi_free(&r);
        mbedtls_mpi_free(&ss);
        return ret;
    case OP_VERIFY:
        return mbedtls_ecdsa_verify(&s->key.grp, s->hash, hash_len[s->a->curve], &s->key.Q, &s->r,
                                    &s->s);
    default:
        return mbedtls_ecdh_compute_shared(&s->key.grp, &s->z, &s->peer.Q, &s->key.d, mbed_rng,
                                           NULL);
    }
}
#define MBED_IMPL                                                                                  \
    {                                                                                              \
        "mbedtls", mbed_setup, mbed_run, mbed_teardown, 0                                          \
    }
#else
#define MBED_IMPL                                                                                  \
    {                                                                                              \
        NULL, NULL, NULL, NULL, 0                                                                  \
    }
#endif

/* ---- BearSSL ---------------------------------------------------------------------- */
#if defined(TACIT_HAVE_BEARSSL)
typedef struct {
    const ecc_arg *a;
    const br_ec_impl *impl;
    br_ec_private_key sk;
    br_ec_public_key pk, peer;
    unsigned char kbuf[BR_EC_KBUF_PRIV_MAX_SIZE], pbuf[BR_EC_KBUF_PUB_MAX_SIZE];
    unsigned char peer_sk_buf[BR_EC_KBUF_PRIV_MAX_SIZE], peer_buf[BR_EC_KBUF_PUB_MAX_SIZE];
    unsigned char hash[64];
    unsigned char sig[140];
    size_t sig_len;
} bear_state;

static const int bear_ids[3] = { BR_EC_secp256r1, BR_EC_secp384r1, BR_EC_secp521r1 };
static const br_hash_class *bear_hash(int curve)
{
    return curve == 0 ? &br_sha256_vtable : curve == 1 ? &br_sha384_vtable : &br_sha512_vtable;
}

static void *bear_setup(const void *arg)
{
    const ecc_arg *a = (const ecc_arg *)arg;
    bear_state *s = (bear_state *)calloc(1, sizeof(*s));
    br_hmac_drbg_context drbg;
    br_ec_private_key peer_sk;
    unsigned char seed[32];

    if (s == NULL) {
        return NULL;
    }
    s->a = a;
    s->impl = br_ec_get_default();
    fill_hash(s->hash, hash_len[a->curve]);
    bench_fill(seed, sizeof(seed));
    br_hmac_drbg_init(&drbg, &br_sha256_vtable, seed, sizeof(seed));
    if (br_ec_keygen(&drbg.vtable, s->impl, &s->sk, s->kbuf, bear_ids[a->curve]) == 0 ||
        br_ec_compute_pub(s->impl, &s->pk, s->pbuf, &s->sk) == 0 ||
        br_ec_keygen(&drbg.vtable, s->impl, &peer_sk, s->peer_sk_buf, bear_ids[a->curve]) == 0 ||
        br_ec_compute_pub(s->impl, &s->peer, s->peer_buf, &peer_sk) == 0) {
        free(s);
        return NULL;
    }
    s->sig_len = br_ecdsa_i31_sign_raw(s->impl, bear_hash(a->curve), s->hash, &s->sk, s->sig);
    if (s->sig_len == 0) {
        free(s);
        return NULL;
    }
    return s;
}

static int bear_run(void *st)
{
    bear_state *s = (bear_state *)st;
    unsigned char sig[140], pt[BR_EC_KBUF_PUB_MAX_SIZE];

    switch (s->a->op) {
    case OP_SIGN:
        return br_ecdsa_i31_sign_raw(s->impl, bear_hash(s->a->curve), s->hash, &s->sk, sig) == 0;
    case OP_VERIFY:
        return br_ecdsa_i31_vrfy_raw(s->impl, s->hash, hash_len[s->a->curve], &s->pk, s->sig,
                                     s->sig_len) != 1;
    default:
        memcpy(pt, s->peer.q, s->peer.qlen);
        return s->impl->mul(pt, s->peer.qlen, s->sk.x, s->sk.xlen, s->sk.curve) != 1;
    }
}

static void bear_teardown(void *st)
{
    free(st);
}
#define BEAR_IMPL                                                                                  \
    {                                                                                              \
        "bearssl", bear_setup, bear_run, bear_teardown, 0                                          \
    }
#else
#define BEAR_IMPL                                                                                  \
    {                                                                                              \
        NULL, NULL, NULL, NULL, 0                                                                  \
    }
#endif

/* ---- nettle ---------------------------------------------------------------------- */
#if defined(TACIT_HAVE_NETTLE)
typedef struct {
    const ecc_arg *a;
    struct ecc_point pub, peer, out;
    struct ecc_scalar key, peer_key;
    struct dsa_signature sig;
    unsigned char hash[64];
} nettle_state;

static void nettle_rng(void *ctx, size_t len, uint8_t *dst)
{
    (void)ctx;
    bench_fill(dst, len);
}

static const struct ecc_curve *nettle_curve(int c)
{
    return c == 0   ? nettle_get_secp_256r1()
           : c == 1 ? nettle_get_secp_384r1()
                    : nettle_get_secp_521r1();
}

static void *nettle_setup(const void *arg)
{
    const ecc_arg *a = (const ecc_arg *)arg;
    nettle_state *s = (nettle_state *)calloc(1, sizeof(*s));
    const struct ecc_curve *c;

    if (s == NULL) {
        return NULL;
    }
    s->a = a;
    c = nettle_curve(a->curve);
    fill_hash(s->hash, hash_len[a->curve]);
    ecc_point_init(&s->pub, c);
    ecc_point_init(&s->peer, c);
    ecc_point_init(&s->out, c);
    ecc_scalar_init(&s->key, c);
    ecc_scalar_init(&s->peer_key, c);
    dsa_signature_init(&s->sig);
    ecdsa_generate_keypair(&s->pub, &s->key, NULL, nettle_rng);
    ecdsa_generate_keypair(&s->peer, &s->peer_key, NULL, nettle_rng);
    ecdsa_sign(&s->key, NULL, nettle_rng, hash_len[a->curve], s->hash, &s->sig);
    return s;
}

static int nettle_run(void *st)
{
    nettle_state *s = (nettle_state *)st;
    struct dsa_signature sig;

    switch (s->a->op) {
    case OP_SIGN:
        dsa_signature_init(&sig);
        ecdsa_sign(&s->key, NULL, nettle_rng, hash_len[s->a->curve], s->hash, &sig);
        dsa_signature_clear(&sig);
        return 0;
    case OP_VERIFY:
        return ecdsa_verify(&s->pub, hash_len[s->a->curve], s->hash, &s->sig) != 1;
    default:
        ecc_point_mul(&s->out, &s->key, &s->peer);
        return 0;
    }
}

static void nettle_teardown(void *st)
{
    nettle_state *s = (nettle_state *)st;
    ecc_point_clear(&s->pub);
    ecc_point_clear(&s->peer);
    ecc_point_clear(&s->out);
    ecc_scalar_clear(&s->key);
    ecc_scalar_clear(&s->peer_key);
    dsa_signature_clear(&s->sig);
    free(s);
}
#define NETTLE_IMPL                                                                                \
    {                                                                                              \
        "nettle", nettle_setup, nettle_run, nettle_teardown, 0                                     \
    }
#else
#define NETTLE_IMPL                                                                                \
    {                                                                                              \
        NULL, NULL, NULL, NULL, 0                                                                  \
    }
#endif

static const ecc_arg args[3][3] = {
    { { 0, OP_SIGN }, { 0, OP_VERIFY }, { 0, OP_ECDH } },
    { { 1, OP_SIGN }, { 1, OP_VERIFY }, { 1, OP_ECDH } },
    { { 2, OP_SIGN }, { 2, OP_VERIFY }, { 2, OP_ECDH } },
};

#define ROW(id, title, c, op)                                                                      \
    {                                                                                              \
        id, title, 0, &args[c][op],                                                                \
        {                                                                                          \
            TACIT_IMPL, OSSL_IMPL, MBED_IMPL, BEAR_IMPL, NETTLE_IMPL                               \
        }                                                                                          \
    }

/* Only the curves compiled in (TACIT_ECP_SECPxxxR1_C). */
const bench_row bench_rows_ecc[] = {
#if defined(TACIT_ECP_SECP256R1_C)
    ROW("ecdsa-p256-sign", "ECDSA P-256 sign", 0, OP_SIGN),
    ROW("ecdsa-p256-verify", "ECDSA P-256 verify", 0, OP_VERIFY),
    ROW("ecdh-p256", "ECDH P-256", 0, OP_ECDH),
#endif
#if defined(TACIT_ECP_SECP384R1_C)
    ROW("ecdsa-p384-sign", "ECDSA P-384 sign", 1, OP_SIGN),
    ROW("ecdsa-p384-verify", "ECDSA P-384 verify", 1, OP_VERIFY),
    ROW("ecdh-p384", "ECDH P-384", 1, OP_ECDH),
#endif
#if defined(TACIT_ECP_SECP521R1_C)
    ROW("ecdsa-p521-sign", "ECDSA P-521 sign", 2, OP_SIGN),
    ROW("ecdsa-p521-verify", "ECDSA P-521 verify", 2, OP_VERIFY),
    ROW("ecdh-p521", "ECDH P-521", 2, OP_ECDH),
#endif
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};
