/*
 * Benchmark rows for the rsa area: RSA-2048/3072/4096 private operation
 * (PKCS#1 v1.5 SHA-256 sign) and public operation (verify, e = 65537), and
 * 2048-bit key generation, against OpenSSL (RSA_sign/RSA_verify, blinded),
 * mbed TLS 2.28 (blinded), BearSSL (i62 or its default; constant-time, not
 * blinded) and nettle (rsa_sha256_sign_digest_tr: blinded and checked).
 *
 * The keys are fixed (rows_rsa_keys.h); each implementation imports the
 * same components.  Run OpenSSL without its vector/ADX code with
 * OPENSSL_ia32cap=0 in the environment (a separate invocation).
 */
#include "bench.h"

#include <stdlib.h>
#include <string.h>

#include "tacit/rsa.h"
#include "tacit/sha256.h"
#include "rsa/rsa_internal.h"

#include "rows_rsa_keys.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/bn.h>
#include <openssl/objects.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#endif
#if defined(TACIT_HAVE_MBEDTLS)
#include <mbedtls/rsa.h>
#endif
#if defined(TACIT_HAVE_BEARSSL)
#include <bearssl.h>
#endif
#if defined(TACIT_HAVE_NETTLE)
#include <nettle/bignum.h>
#include <nettle/rsa.h>
#endif

/* ---- the shared part: key components, hash, a signature ------------------------ */

typedef struct {
    unsigned bits;
    const char *hex;
} rsa_arg;

static const rsa_arg arg2048 = { 2048, bench_rsa_key_2048 };
static const rsa_arg arg3072 = { 3072, bench_rsa_key_3072 };
static const rsa_arg arg4096 = { 4096, bench_rsa_key_4096 };
static const rsa_arg gen2048 = { 2048, NULL };

/* component i of the key: n e d p q dp dq qinv */
#define NCOMP 8
typedef struct {
    unsigned char *c[NCOMP];
    size_t len[NCOMP];
    size_t k;
    unsigned char hash[32];
    unsigned char sig[512];
} rsa_common;

static unsigned char *unhex(const char *hex, size_t *len)
{
    size_t n = strlen(hex) / 2, i;
    unsigned char *b = (unsigned char *)malloc(n);

    for (i = 0; b != NULL && i < n; i++) {
        unsigned hi = (unsigned)(hex[2 * i] <= '9' ? hex[2 * i] - '0' : hex[2 * i] - 'a' + 10);
        unsigned lo =
            (unsigned)(hex[2 * i + 1] <= '9' ? hex[2 * i + 1] - '0' : hex[2 * i + 1] - 'a' + 10);
        b[i] = (unsigned char)(hi << 4 | lo);
    }
    *len = n;
    return b;
}

static void common_free(rsa_common *c)
{
    int i;
    for (i = 0; i < NCOMP; i++) {
        free(c->c[i]);
    }
}

/* Parse the key with tacit, export the components, make a reference signature. */
static int common_init(rsa_common *c, const rsa_arg *a)
{
    size_t olen;
    tacit_rsa_context rsa;
    const tacit_mpi *parts[NCOMP];
    unsigned char *der, msg[32];
    size_t dlen;
    int i, ret;

    memset(c, 0, sizeof(*c));
    tacit_rsa_init(&rsa);
    der = unhex(a->hex, &dlen);
    ret = der == NULL ? -1 : tacit_rsa_parse_key_der(&rsa, der, dlen);
    free(der);
    parts[0] = &rsa.N;
    parts[1] = &rsa.E;
    parts[2] = &rsa.D;
    parts[3] = &rsa.P;
    parts[4] = &rsa.Q;
    parts[5] = &rsa.DP;
    parts[6] = &rsa.DQ;
    parts[7] = &rsa.QP;
    for (i = 0; ret == 0 && i < NCOMP; i++) {
        c->len[i] = tacit_mpi_size(parts[i]);
        c->c[i] = (unsigned char *)malloc(c->len[i]);
        ret = c->c[i] == NULL ? -1 : tacit_mpi_write_binary(parts[i], c->c[i], c->len[i]);
    }
    c->k = tacit_rsa_len(&rsa);
    memset(msg, 0x61, sizeof(msg));
    if (ret == 0) {
        ret = tacit_sha256(msg, sizeof(msg), c->hash);
    }
    if (ret == 0) {
        ret = tacit_rsa_pkcs1_sign(&rsa, TACIT_MD_SHA256, c->hash, 32, c->sig, sizeof(c->sig),
                                   &olen, NULL, NULL);
    }
    tacit_rsa_free(&rsa);
    if (ret != 0) {
        common_free(c);
    }
    return ret;
}

#if defined(TACIT_HAVE_MBEDTLS) || defined(TACIT_HAVE_NETTLE)
/* A cheap deterministic generator for the peers' blinding (benchmark only). */
static unsigned long long bench_rng_state = 0x9E3779B97F4A7C15ull;
static int bench_rng(void *p, unsigned char *out, size_t len)
{
    size_t i;
    (void)p;
    for (i = 0; i < len; i++) {
        bench_rng_state ^= bench_rng_state << 13;
        bench_rng_state ^= bench_rng_state >> 7;
        bench_rng_state ^= bench_rng_state << 17;
        out[i] = (unsigned char)(bench_rng_state >> 24);
    }
    return 0;
}
#endif

/* ---- tacit ------------------------------------------------------------------------ */

typedef struct {
    rsa_common c;
    tacit_rsa_context rsa;
    unsigned char out[512];
} tacit_state;

static void *tacit_setup(const void *arg)
{
    const rsa_arg *a = (const rsa_arg *)arg;
    tacit_state *s = (tacit_state *)calloc(1, sizeof(*s));
    size_t dlen;
    unsigned char *der;

    if (s == NULL || common_init(&s->c, a) != 0) {
        free(s);
        return NULL;
    }
    tacit_rsa_init(&s->rsa);
    der = unhex(a->hex, &dlen);
    if (der == NULL || tacit_rsa_parse_key_der(&s->rsa, der, dlen) != 0) {
        free(der);
        common_free(&s->c);
        free(s);
        return NULL;
    }
    free(der);
    return s;
}

static void tacit_teardown(void *st)
{
    tacit_state *s = (tacit_state *)st;
    tacit_rsa_free(&s->rsa);
    common_free(&s->c);
    free(s);
}

static int tacit_sign(void *st)
{
    size_t olen;
    tacit_state *s = (tacit_state *)st;
    return tacit_rsa_pkcs1_sign(&s->rsa, TACIT_MD_SHA256, s->c.hash, 32, s->out, sizeof(s->out),
                                &olen, NULL, NULL);
}

static int tacit_verify(void *st)
{
    tacit_state *s = (tacit_state *)st;
    return tacit_rsa_pkcs1_verify(&s->rsa, TACIT_MD_SHA256, s->c.hash, 32, s->c.sig, s->c.k);
}

static int tacit_keygen(void *st)
{
    tacit_rsa_context rsa;
    int ret;
    (void)st;
    tacit_rsa_init(&rsa);
    ret = tacit_rsa_gen_key(&rsa, 2048, 65537, NULL, NULL);
    tacit_rsa_free(&rsa);
    return ret;
}

#define TACIT_SIGN                                                                                 \
    {                                                                                              \
        "tacit", tacit_setup, tacit_sign, tacit_teardown, 0                                        \
    }
#define TACIT_VERIFY                                                                               \
    {                                                                                              \
        "tacit", tacit_setup, tacit_verify, tacit_teardown, 0                                      \
    }
#define TACIT_KEYGEN                                                                               \
    {                                                                                              \
        "tacit", NULL, tacit_keygen, NULL, 0                                                       \
    }

/* ---- OpenSSL ----------------------------------------------------------------------- */

#if defined(TACIT_HAVE_OPENSSL)
typedef struct {
    rsa_common c;
    RSA *rsa;
    unsigned char out[512];
} openssl_state;

static void *openssl_setup(const void *arg)
{
    openssl_state *s = (openssl_state *)calloc(1, sizeof(*s));
    BIGNUM *b[NCOMP];
    int i;

    if (s == NULL || common_init(&s->c, (const rsa_arg *)arg) != 0) {
        free(s);
        return NULL;
    }
    for (i = 0; i < NCOMP; i++) {
        b[i] = BN_bin2bn(s->c.c[i], (int)s->c.len[i], NULL);
    }
    s->rsa = RSA_new();
    RSA_set0_key(s->rsa, b[0], b[1], b[2]);
    RSA_set0_factors(s->rsa, b[3], b[4]);
    RSA_set0_crt_params(s->rsa, b[5], b[6], b[7]);
    return s;
}

static void openssl_teardown(void *st)
{
    openssl_state *s = (openssl_state *)st;
    RSA_free(s->rsa);
    common_free(&s->c);
    free(s);
}

static int openssl_sign(void *st)
{
    openssl_state *s = (openssl_state *)st;
    unsigned int sl = 0;
    return RSA_sign(NID_sha256, s->c.hash, 32, s->out, &sl, s->rsa) != 1;
}

static int openssl_verify(void *st)
{
    openssl_state *s = (openssl_state *)st;
    return RSA_verify(NID_sha256, s->c.hash, 32, s->c.sig, (unsigned)s->c.k, s->rsa) != 1;
}

static int openssl_keygen(void *st)
{
    RSA *rsa = RSA_new();
    BIGNUM *e = BN_new();
    int ok;
    (void)st;
    BN_set_word(e, 65537);
    ok = RSA_generate_key_ex(rsa, 2048, e, NULL);
    BN_free(e);
    RSA_free(rsa);
    return ok != 1;
}

#define OPENSSL_SIGN { "openssl", openssl_setup, openssl_sign, openssl_teardown, 0 },
#define OPENSSL_VERIFY { "openssl", openssl_setup, openssl_verify, openssl_teardown, 0 },
#define OPENSSL_KEYGEN { "openssl", NULL, openssl_keygen, NULL, 0 },
#else
#define OPENSSL_SIGN
#define OPENSSL_VERIFY
#define OPENSSL_KEYGEN
#endif

/* ---- mbed TLS 2.28 ------------------------------------------------------------------ */

#if defined(TACIT_HAVE_MBEDTLS)
typedef struct {
    rsa_common c;
    mbedtls_rsa_context rsa;
    unsigned char out[512];
} mbedtls_state;

static void *mbedtls_setup(const void *arg)
{
    mbedtls_state *s = (mbedtls_state *)calloc(1, sizeof(*s));
    rsa_common *c;

    if (s == NULL || common_init(&s->c, (const rsa_arg *)arg) != 0) {
        free(s);
        return NULL;
    }
    c = &s->c;
    mbedtls_rsa_init(&s->rsa, MBEDTLS_RSA_PKCS_V15, 0);
    if (mbedtls_rsa_import_raw(&s->rsa, c->c[0], c->len[0], c->c[3], c->len[3], c->c[4], c->len[4],
                               c->c[2], c->len[2], c->c[1], c->len[1]) != 0 ||
        mbedtls_rsa_complete(&s->rsa) != 0) {
        mbedtls_rsa_free(&s->rsa);
        common_free(c);
        free(s);
        return NULL;
    }
    return s;
}

static void mbedtls_teardown(void *st)
{
    mbedtls_state *s = (mbedtls_state *)st;
    mbedtls_rsa_free(&s->rsa);
    common_free(&s->c);
    free(s);
}

static int mbedtls_sign(void *st)
{
    mbedtls_state *s = (mbedtls_state *)st;
    return mbedtls_rsa_pkcs1_sign(&s->rsa, bench_rng, NULL, MBEDTLS_RSA_PRIVATE, MBEDTLS_MD_SHA256,
                                  32, s->c.hash, s->out);
}

static int mbedtls_verify(void *st)
{
    mbedtls_state *s = (mbedtls_state *)st;
    return mbedtls_rsa_pkcs1_verify(&s->rsa, NULL, NULL, MBEDTLS_RSA_PUBLIC, MBEDTLS_MD_SHA256, 32,
                                    s->c.hash, s->c.sig);
}

static int mbedtls_keygen(void *st)
{
    mbedtls_rsa_context rsa;
    int ret;
    (void)st;
    mbedtls_rsa_init(&rsa, MBEDTLS_RSA_PKCS_V15, 0);
    ret = mbedtls_rsa_gen_key(&rsa, bench_rng, NULL, 2048, 65537);
    mbedtls_rsa_free(&rsa);
    return ret;
}

#define MBEDTLS_SIGN { "mbedtls", mbedtls_setup, mbedtls_sign, mbedtls_teardown, 0 },
#define MBEDTLS_VERIFY { "mbedtls", mbedtls_setup, mbedtls_verify, mbedtls_teardown, 0 },
#define MBEDTLS_KEYGEN { "mbedtls", NULL, mbedtls_keygen, NULL, 0 },
#else
#define MBEDTLS_SIGN
#define MBEDTLS_VERIFY
#define MBEDTLS_KEYGEN
#endif

/* ---- BearSSL --------------------------------------------------------------------- */

#if defined(TACIT_HAVE_BEARSSL)
typedef struct {
    rsa_common c;
    br_rsa_private_key sk;
    br_rsa_public_key pk;
    br_rsa_pkcs1_sign sign;
    br_rsa_pkcs1_vrfy vrfy;
    unsigned char out[512];
} bearssl_state;

static void *bearssl_setup(const void *arg)
{
    bearssl_state *s = (bearssl_state *)calloc(1, sizeof(*s));
    rsa_common *c;

    if (s == NULL || common_init(&s->c, (const rsa_arg *)arg) != 0) {
        free(s);
        return NULL;
    }
    c = &s->c;
    s->sk.n_bitlen = ((const rsa_arg *)arg)->bits;
    s->sk.p = c->c[3];
    s->sk.plen = c->len[3];
    s->sk.q = c->c[4];
    s->sk.qlen = c->len[4];
    s->sk.dp = c->c[5];
    s->sk.dplen = c->len[5];
    s->sk.dq = c->c[6];
    s->sk.dqlen = c->len[6];
    s->sk.iq = c->c[7];
    s->sk.iqlen = c->len[7];
    s->pk.n = c->c[0];
    s->pk.nlen = c->len[0];
    s->pk.e = c->c[1];
    s->pk.elen = c->len[1];
    /* i62 where the compiler has 64x64->128 multiplications, else the default */
    s->sign = br_rsa_i62_pkcs1_sign_get();
    s->vrfy = br_rsa_i62_pkcs1_vrfy_get();
    if (s->sign == 0) {
        s->sign = br_rsa_pkcs1_sign_get_default();
    }
    if (s->vrfy == 0) {
        s->vrfy = br_rsa_pkcs1_vrfy_get_default();
    }
    return s;
}

static void bearssl_teardown(void *st)
{
    bearssl_state *s = (bearssl_state *)st;
    common_free(&s->c);
    free(s);
}

static int bearssl_sign(void *st)
{
    bearssl_state *s = (bearssl_state *)st;
    return s->sign(BR_HASH_OID_SHA256, s->c.hash, 32, &s->sk, s->out) != 1;
}

static int bearssl_verify(void *st)
{
    bearssl_state *s = (bearssl_state *)st;
    unsigned char h[32];
    return s->vrfy(s->c.sig, s->c.k, BR_HASH_OID_SHA256, 32, &s->pk, h) != 1 ||
           memcmp(h, s->c.hash, 32) != 0;
}

#define BEARSSL_SIGN { "bearssl", bearssl_setup, bearssl_sign, bearssl_teardown, 0 },
#define BEARSSL_VERIFY { "bearssl", bearssl_setup, bearssl_verify, bearssl_teardown, 0 },
#else
#define BEARSSL_SIGN
#define BEARSSL_VERIFY
#endif

/* ---- nettle ------------------------------------------------------------------------ */

#if defined(TACIT_HAVE_NETTLE)
typedef struct {
    rsa_common c;
    struct rsa_public_key pub;
    struct rsa_private_key key;
    mpz_t s, sig;
} nettle_state;

static void nettle_rng(void *ctx, size_t len, uint8_t *dst)
{
    bench_rng(ctx, dst, len);
}

static void *nettle_setup(const void *arg)
{
    nettle_state *s = (nettle_state *)calloc(1, sizeof(*s));
    rsa_common *c;

    if (s == NULL || common_init(&s->c, (const rsa_arg *)arg) != 0) {
        free(s);
        return NULL;
    }
    c = &s->c;
    rsa_public_key_init(&s->pub);
    rsa_private_key_init(&s->key);
    nettle_mpz_set_str_256_u(s->pub.n, c->len[0], c->c[0]);
    nettle_mpz_set_str_256_u(s->pub.e, c->len[1], c->c[1]);
    nettle_mpz_set_str_256_u(s->key.d, c->len[2], c->c[2]);
    nettle_mpz_set_str_256_u(s->key.p, c->len[3], c->c[3]);
    nettle_mpz_set_str_256_u(s->key.q, c->len[4], c->c[4]);
    nettle_mpz_set_str_256_u(s->key.a, c->len[5], c->c[5]);
    nettle_mpz_set_str_256_u(s->key.b, c->len[6], c->c[6]);
    nettle_mpz_set_str_256_u(s->key.c, c->len[7], c->c[7]);
    mpz_init(s->s);
    mpz_init(s->sig);
    nettle_mpz_set_str_256_u(s->sig, c->k, c->sig);
    if (!rsa_public_key_prepare(&s->pub) || !rsa_private_key_prepare(&s->key)) {
        return NULL;
    }
    return s;
}

static void nettle_teardown(void *st)
{
    nettle_state *s = (nettle_state *)st;
    rsa_public_key_clear(&s->pub);
    rsa_private_key_clear(&s->key);
    mpz_clear(s->s);
    mpz_clear(s->sig);
    common_free(&s->c);
    free(s);
}

static int nettle_sign(void *st)
{
    nettle_state *s = (nettle_state *)st;
    return !rsa_sha256_sign_digest_tr(&s->pub, &s->key, NULL, nettle_rng, s->c.hash, s->s);
}

static int nettle_verify(void *st)
{
    nettle_state *s = (nettle_state *)st;
    return !rsa_sha256_verify_digest(&s->pub, s->c.hash, s->sig);
}

#define NETTLE_SIGN { "nettle", nettle_setup, nettle_sign, nettle_teardown, 0 },
#define NETTLE_VERIFY { "nettle", nettle_setup, nettle_verify, nettle_teardown, 0 },
#else
#define NETTLE_SIGN
#define NETTLE_VERIFY
#endif

/* ---- the table ---------------------------------------------------------------------- */

#define SIGN_ROW(id, title, arg)                                                                   \
    {                                                                                              \
        id, title, 0, arg,                                                                         \
        {                                                                                          \
            TACIT_SIGN, OPENSSL_SIGN MBEDTLS_SIGN BEARSSL_SIGN NETTLE_SIGN                         \
        }                                                                                          \
    }
#define VERIFY_ROW(id, title, arg)                                                                 \
    {                                                                                              \
        id, title, 0, arg,                                                                         \
        {                                                                                          \
            TACIT_VERIFY, OPENSSL_VERIFY MBEDTLS_VERIFY BEARSSL_VERIFY NETTLE_VERIFY               \
        }                                                                                          \
    }

const bench_row bench_rows_rsa[] = {
    SIGN_ROW("rsa2048-sign", "RSA-2048 sign (private op)", &arg2048),
    VERIFY_ROW("rsa2048-verify", "RSA-2048 verify (public op)", &arg2048),
    SIGN_ROW("rsa3072-sign", "RSA-3072 sign (private op)", &arg3072),
    VERIFY_ROW("rsa3072-verify", "RSA-3072 verify (public op)", &arg3072),
    SIGN_ROW("rsa4096-sign", "RSA-4096 sign (private op)", &arg4096),
    VERIFY_ROW("rsa4096-verify", "RSA-4096 verify (public op)", &arg4096),
    { "rsa2048-keygen",
      "RSA-2048 key generation",
      0,
      &gen2048,
      { TACIT_KEYGEN, OPENSSL_KEYGEN MBEDTLS_KEYGEN } },
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};
