/*
 * Benchmark rows for the exp_mod area (see bench.h): modular
 * exponentiation as RSA uses it, in the shape of the table that exposed the
 * original regression -- a secret full-size exponent through the
 * constant-time path, and e = 65537 through the public-exponent path, with
 * the exponent's limb array grown to the modulus size ("padded").
 *
 * Every implementation gets the same modulus, base and exponent bytes,
 * made once in setup() by a fixed generator (no key generation per op).
 * "cold" rows pass no precomputed Montgomery data (each call derives
 * R^2 mod N / its Montgomery context); "hot" rows reuse it.
 *
 * Peers: OpenSSL BN_mod_exp_mont_consttime (ct rows) and BN_mod_exp_mont
 * (public-exponent rows), mbed TLS mbedtls_mpi_exp_mod (its only one),
 * GMP mpz_powm_sec (ct rows) and mpz_powm (public-exponent rows).
 */
#include "bench.h"

#include <stdlib.h>
#include <string.h>

#include "tacit/bignum.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/bn.h>
#endif
#if defined(TACIT_HAVE_MBEDTLS)
#include <mbedtls/bignum.h>
#endif
#if defined(TACIT_HAVE_GMP)
#include <gmp.h>
#endif

typedef struct {
    unsigned nbits; /* modulus size */
    unsigned ebits; /* 0: e = 65537, else a random exponent of this size */
    int hot;        /* reuse R^2 / the Montgomery context */
    int padded;     /* grow e's limb array to the modulus size */
} expmod_arg;

/* The operands as big-endian bytes, the same for every implementation. */
typedef struct {
    unsigned char n[512], a[512], e[512];
    size_t nlen, alen, elen;
} expmod_bytes;

static void make_bytes(const expmod_arg *arg, expmod_bytes *b)
{
    uint64_t s = 0x9E3779B97F4A7C15u ^ arg->nbits;
    size_t i;

    b->nlen = arg->nbits / 8;
    for (i = 0; i < b->nlen; i++) {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        b->n[i] = (unsigned char)((s * 0x2545F4914F6CDD1Du) >> 56);
        b->a[i] = (unsigned char)((s * 0x9E3779B97F4A7C15u) >> 48);
        b->e[i] = (unsigned char)((s * 0xBF58476D1CE4E5B9u) >> 40);
    }
    b->n[0] |= 0xC0;        /* full size */
    b->n[b->nlen - 1] |= 1; /* odd */
    b->a[0] &= 0x7F;        /* below N */
    b->alen = b->nlen;
    if (arg->ebits == 0) {
        b->e[0] = 0x01;
        b->e[1] = 0x00;
        b->e[2] = 0x01;
        b->elen = 3;
    } else {
        b->elen = arg->ebits / 8;
        b->e[0] |= 0x80;
    }
}

/* ---- tacit ------------------------------------------------------------------- */

typedef struct {
    tacit_mpi N, A, E, X, RR;
    int hot;
} tacit_state;

static void tacit_teardown(void *p)
{
    tacit_state *st = (tacit_state *)p;
    if (st == NULL) {
        return;
    }
    tacit_mpi_free(&st->N);
    tacit_mpi_free(&st->A);
    tacit_mpi_free(&st->E);
    tacit_mpi_free(&st->X);
    tacit_mpi_free(&st->RR);
    free(st);
}

static void *tacit_setup(const void *argp)
{
    const expmod_arg *arg = (const expmod_arg *)argp;
    tacit_state *st = (tacit_state *)calloc(1, sizeof(*st));
    expmod_bytes b;

    if (st == NULL) {
        return NULL;
    }
    make_bytes(arg, &b);
    tacit_mpi_init(&st->N);
    tacit_mpi_init(&st->A);
    tacit_mpi_init(&st->E);
    tacit_mpi_init(&st->X);
    tacit_mpi_init(&st->RR);
    st->hot = arg->hot;
    if (tacit_mpi_read_binary(&st->N, b.n, b.nlen) != 0 ||
        tacit_mpi_read_binary(&st->A, b.a, b.alen) != 0 ||
        tacit_mpi_read_binary(&st->E, b.e, b.elen) != 0 ||
        (arg->padded && tacit_mpi_grow(&st->E, st->N.n) != 0)) {
        tacit_teardown(st);
        return NULL;
    }
    return st;
}

static int tacit_run_ct(void *p)
{
    tacit_state *st = (tacit_state *)p;
    return tacit_mpi_exp_mod(&st->X, &st->A, &st->E, &st->N, st->hot ? &st->RR : NULL);
}

static int tacit_run_unsafe(void *p)
{
    tacit_state *st = (tacit_state *)p;
    return tacit_mpi_exp_mod_unsafe(&st->X, &st->A, &st->E, &st->N, st->hot ? &st->RR : NULL);
}

#define TACIT_CT                                                                                   \
    {                                                                                              \
        "tacit", tacit_setup, tacit_run_ct, tacit_teardown, 0                                      \
    }
#define TACIT_UNSAFE                                                                               \
    {                                                                                              \
        "tacit", tacit_setup, tacit_run_unsafe, tacit_teardown, 0                                  \
    }

/* ---- OpenSSL ------------------------------------------------------------------- */

#if defined(TACIT_HAVE_OPENSSL)
typedef struct {
    BIGNUM *n, *a, *e, *x;
    BN_CTX *ctx;
    BN_MONT_CTX *mont;
} ossl_state;

static void ossl_teardown(void *p)
{
    ossl_state *st = (ossl_state *)p;
    if (st == NULL) {
        return;
    }
    BN_free(st->n);
    BN_free(st->a);
    BN_free(st->e);
    BN_free(st->x);
    BN_MONT_CTX_free(st->mont);
    BN_CTX_free(st->ctx);
    free(st);
}

static void *ossl_setup(const void *argp)
{
    const expmod_arg *arg = (const expmod_arg *)argp;
    ossl_state *st = (ossl_state *)calloc(1, sizeof(*st));
    expmod_bytes b;

    if (st == NULL) {
        return NULL;
    }
    make_bytes(arg, &b);
    st->n = BN_bin2bn(b.n, (int)b.nlen, NULL);
    st->a = BN_bin2bn(b.a, (int)b.alen, NULL);
    st->e = BN_bin2bn(b.e, (int)b.elen, NULL);
    st->x = BN_new();
    st->ctx = BN_CTX_new();
    if (arg->hot) {
        st->mont = BN_MONT_CTX_new();
        if (st->mont == NULL || st->ctx == NULL || !BN_MONT_CTX_set(st->mont, st->n, st->ctx)) {
            ossl_teardown(st);
            return NULL;
        }
    }
    if (st->n == NULL || st->a == NULL || st->e == NULL || st->x == NULL || st->ctx == NULL) {
        ossl_teardown(st);
        return NULL;
    }
    return st;
}

static int ossl_run_ct(void *p)
{
    ossl_state *st = (ossl_state *)p;
    return BN_mod_exp_mont_consttime(st->x, st->a, st->e, st->n, st->ctx, st->mont) ? 0 : 1;
}

static int ossl_run_unsafe(void *p)
{
    ossl_state *st = (ossl_state *)p;
    return BN_mod_exp_mont(st->x, st->a, st->e, st->n, st->ctx, st->mont) ? 0 : 1;
}
#define OSSL_CT                                                                                    \
    ,                                                                                              \
    {                                                                                              \
        "openssl", ossl_setup, ossl_run_ct, ossl_teardown, 0                                       \
    }
#define OSSL_UNSAFE                                                                                \
    ,                                                                                              \
    {                                                                                              \
        "openssl", ossl_setup, ossl_run_unsafe, ossl_teardown, 0                                   \
    }
#else
#define OSSL_CT
#define OSSL_UNSAFE
#endif

/* ---- mbed TLS ------------------------------------------------------------------- */

#if defined(TACIT_HAVE_MBEDTLS)
typedef struct {
    mbedtls_mpi n, a, e, x, rr;
    int hot;
} mbed_state;

static void mbed_teardown(void *p)
{
    mbed_state *st = (mbed_state *)p;
    if (st == NULL) {
        return;
    }
    mbedtls_mpi_free(&st->n);
    mbedtls_mpi_free(&st->a);
    mbedtls_mpi_free(&st->e);
    mbedtls_mpi_free(&st->x);
    mbedtls_mpi_free(&st->rr);
    free(st);
}

static void *mbed_setup(const void *argp)
{
    const expmod_arg *arg = (const expmod_arg *)argp;
    mbed_state *st = (mbed_state *)calloc(1, sizeof(*st));
    expmod_bytes b;

    if (st == NULL) {
        return NULL;
    }
    make_bytes(arg, &b);
    mbedtls_mpi_init(&st->n);
    mbedtls_mpi_init(&st->a);
    mbedtls_mpi_init(&st->e);
    mbedtls_mpi_init(&st->x);
    mbedtls_mpi_init(&st->rr);
    st->hot = arg->hot;
    if (mbedtls_mpi_read_binary(&st->n, b.n, b.nlen) != 0 ||
        mbedtls_mpi_read_binary(&st->a, b.a, b.alen) != 0 ||
        mbedtls_mpi_read_binary(&st->e, b.e, b.elen) != 0 ||
        (arg->padded && mbedtls_mpi_grow(&st->e, st->n.n) != 0)) {
        mbed_teardown(st);
        return NULL;
    }
    return st;
}

static int mbed_run(void *p)
{
    mbed_state *st = (mbed_state *)p;
    return mbedtls_mpi_exp_mod(&st->x, &st->a, &st->e, &st->n, st->hot ? &st->rr : NULL);
}
#define MBED                                                                                       \
    ,                                                                                              \
    {                                                                                              \
        "mbedtls", mbed_setup, mbed_run, mbed_teardown, 0                                          \
    }
#else
#define MBED
#endif

/* ---- GMP ------------------------------------------------------------------------- */

#if defined(TACIT_HAVE_GMP)
typedef struct {
    mpz_t n, a, e, x;
} gmp_state;

static void gmp_teardown(void *p)
{
    gmp_state *st = (gmp_state *)p;
    if (st == NULL) {
        return;
    }
    mpz_clears(st->n, st->a, st->e, st->x, NULL);
    free(st);
}

static void *gmp_setup(const void *argp)
{
    const expmod_arg *arg = (const expmod_arg *)argp;
    gmp_state *st = (gmp_state *)calloc(1, sizeof(*st));
    expmod_bytes b;

    if (st == NULL) {
        return NULL;
    }
    make_bytes(arg, &b);
    mpz_inits(st->n, st->a, st->e, st->x, NULL);
    mpz_import(st->n, b.nlen, 1, 1, 1, 0, b.n);
    mpz_import(st->a, b.alen, 1, 1, 1, 0, b.a);
    mpz_import(st->e, b.elen, 1, 1, 1, 0, b.e);
    return st;
}

static int gmp_run_sec(void *p)
{
    gmp_state *st = (gmp_state *)p;
    mpz_powm_sec(st->x, st->a, st->e, st->n);
    return 0;
}

static int gmp_run(void *p)
{
    gmp_state *st = (gmp_state *)p;
    mpz_powm(st->x, st->a, st->e, st->n);
    return 0;
}
#define GMP_CT                                                                                     \
    ,                                                                                              \
    {                                                                                              \
        "gmp", gmp_setup, gmp_run_sec, gmp_teardown, 0                                             \
    }
#define GMP_UNSAFE                                                                                 \
    ,                                                                                              \
    {                                                                                              \
        "gmp", gmp_setup, gmp_run, gmp_teardown, 0                                                 \
    }
#else
#define GMP_CT
#define GMP_UNSAFE
#endif

/* ---- the rows ------------------------------------------------------------------------ */

static const expmod_arg ct1024 = { 1024, 1024, 0, 0 };
static const expmod_arg ct1024hot = { 1024, 1024, 1, 0 };
static const expmod_arg e1024 = { 1024, 0, 0, 0 };
static const expmod_arg e1024hot = { 1024, 0, 1, 0 };
static const expmod_arg e1024pad = { 1024, 0, 1, 1 };
static const expmod_arg ct2048 = { 2048, 2048, 1, 0 };
static const expmod_arg e2048 = { 2048, 0, 1, 0 };
static const expmod_arg ct4096 = { 4096, 4096, 1, 0 };
static const expmod_arg e4096 = { 4096, 0, 1, 0 };

const bench_row bench_rows_exp_mod[] = {
    { "expmod-ct-1024-cold",
      "exp_mod 1024/1024 ct, cold RR",
      0,
      &ct1024,
      { TACIT_CT OSSL_CT MBED GMP_CT } },
    { "expmod-ct-1024",
      "exp_mod 1024/1024 ct, hot RR",
      0,
      &ct1024hot,
      { TACIT_CT OSSL_CT MBED GMP_CT } },
    { "expmod-unsafe-17-1024-cold",
      "exp_mod 17/1024 unsafe, cold RR",
      0,
      &e1024,
      { TACIT_UNSAFE OSSL_UNSAFE MBED GMP_UNSAFE } },
    { "expmod-unsafe-17-1024",
      "exp_mod 17/1024 unsafe, hot RR",
      0,
      &e1024hot,
      { TACIT_UNSAFE OSSL_UNSAFE MBED GMP_UNSAFE } },
    { "expmod-unsafe-17pad-1024",
      "exp_mod '17'/1024 unsafe, e padded",
      0,
      &e1024pad,
      { TACIT_UNSAFE OSSL_UNSAFE MBED GMP_UNSAFE } },
    { "expmod-ct-2048",
      "exp_mod 2048/2048 ct, hot RR",
      0,
      &ct2048,
      { TACIT_CT OSSL_CT MBED GMP_CT } },
    { "expmod-unsafe-17-2048",
      "exp_mod 17/2048 unsafe, hot RR",
      0,
      &e2048,
      { TACIT_UNSAFE OSSL_UNSAFE MBED GMP_UNSAFE } },
    { "expmod-ct-4096",
      "exp_mod 4096/4096 ct, hot RR",
      0,
      &ct4096,
      { TACIT_CT OSSL_CT MBED GMP_CT } },
    { "expmod-unsafe-17-4096",
      "exp_mod 17/4096 unsafe, hot RR",
      0,
      &e4096,
      { TACIT_UNSAFE OSSL_UNSAFE MBED GMP_UNSAFE } },
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};
