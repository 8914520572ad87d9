/*
 * Benchmark rows for modular inversion and gcd (see bench.h): what key
 * loading and generation need on secrets.
 *
 * tacit_mpi_inv_mod is constant flow (safegcd divsteps with a fixed count,
 * src/bignum/bignum_core_inv.c); the peers are GMP's mpz_invert (variable time,
 * Lehmer's algorithm: the speed to match), OpenSSL's BN_mod_inverse with
 * BN_FLG_CONSTTIME and mbed TLS's mbedtls_mpi_inv_mod.  The operands are
 * the same bytes for everyone: an odd modulus of the row's size and a value
 * below it, from a fixed generator; every run inverts the same value (tacit's
 * cost does not depend on it; the peers' does, a little).
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
    unsigned nbits;
} inv_arg;

typedef struct {
    unsigned char n[512], a[512];
    size_t len;
} inv_bytes;

static void make_bytes(const inv_arg *arg, inv_bytes *b)
{
    uint64_t s = 0xD1B54A32D192ED03u ^ arg->nbits;
    size_t i;

    b->len = arg->nbits / 8;
    for (i = 0; i < b->len; i++) {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        b->n[i] = (unsigned char)((s * 0x2545F4914F6CDD1Du) >> 56);
        b->a[i] = (unsigned char)((s * 0x9E3779B97F4A7C15u) >> 48);
    }
    b->n[0] |= 0x80;
    b->n[b->len - 1] |= 1;
    b->a[0] &= 0x7F;
}

/* ---- tacit ----------------------------------------------------------------------- */

typedef struct {
    tacit_mpi N, A, X;
} tacit_state;

static void tacit_teardown(void *p)
{
    tacit_state *st = (tacit_state *)p;

    if (st != NULL) {
        tacit_mpi_free(&st->N);
        tacit_mpi_free(&st->A);
        tacit_mpi_free(&st->X);
        free(st);
    }
}

static void *tacit_setup(const void *argp)
{
    tacit_state *st = (tacit_state *)calloc(1, sizeof(*st));
    inv_bytes b;

    if (st == NULL) {
        return NULL;
    }
    make_bytes((const inv_arg *)argp, &b);
    tacit_mpi_init(&st->N);
    tacit_mpi_init(&st->A);
    tacit_mpi_init(&st->X);
    if (tacit_mpi_read_binary(&st->N, b.n, b.len) != 0 ||
        tacit_mpi_read_binary(&st->A, b.a, b.len) != 0) {
        tacit_teardown(st);
        return NULL;
    }
    return st;
}

static int tacit_run_inv(void *p)
{
    tacit_state *st = (tacit_state *)p;
    int ret = tacit_mpi_inv_mod(&st->X, &st->A, &st->N);

    return ret == TACIT_ERR_MPI_NOT_ACCEPTABLE ? 0 : ret;
}

static int tacit_run_gcd(void *p)
{
    tacit_state *st = (tacit_state *)p;

    return tacit_mpi_gcd(&st->X, &st->A, &st->N);
}

#define TACIT_INV                                                                                  \
    {                                                                                              \
        "tacit", tacit_setup, tacit_run_inv, tacit_teardown, 0                                     \
    }
#define TACIT_GCD                                                                                  \
    {                                                                                              \
        "tacit", tacit_setup, tacit_run_gcd, tacit_teardown, 0                                     \
    }

/* ---- GMP ----------------------------------------------------------------------------- */

#if defined(TACIT_HAVE_GMP)
typedef struct {
    mpz_t n, a, x;
} gmp_state;

static void gmp_teardown(void *p)
{
    gmp_state *st = (gmp_state *)p;

    if (st != NULL) {
        mpz_clears(st->n, st->a, st->x, NULL);
        free(st);
    }
}

static void *gmp_setup(const void *argp)
{
    gmp_state *st = (gmp_state *)calloc(1, sizeof(*st));
    inv_bytes b;

    if (st == NULL) {
        return NULL;
    }
    make_bytes((const inv_arg *)argp, &b);
    mpz_inits(st->n, st->a, st->x, NULL);
    mpz_import(st->n, b.len, 1, 1, 1, 0, b.n);
    mpz_import(st->a, b.len, 1, 1, 1, 0, b.a);
    return st;
}

static int gmp_run_inv(void *p)
{
    gmp_state *st = (gmp_state *)p;

    (void)mpz_invert(st->x, st->a, st->n);
    return 0;
}

static int gmp_run_gcd(void *p)
{
    gmp_state *st = (gmp_state *)p;

    mpz_gcd(st->x, st->a, st->n);
    return 0;
}
#define GMP_INV                                                                                    \
    ,                                                                                              \
    {                                                                                              \
        "gmp", gmp_setup, gmp_run_inv, gmp_teardown, 0                                             \
    }
#define GMP_GCD                                                                                    \
    ,                                                                                              \
    {                                                                                              \
        "gmp", gmp_setup, gmp_run_gcd, gmp_teardown, 0                                             \
    }
#else
#define GMP_INV
#define GMP_GCD
#endif

/* ---- OpenSSL --------------------------------------------------------------------------- */

#if defined(TACIT_HAVE_OPENSSL)
typedef struct {
    BIGNUM *n, *a, *x;
    BN_CTX *ctx;
} ossl_state;

static void ossl_teardown(void *p)
{
    ossl_state *st = (ossl_state *)p;

    if (st != NULL) {
        BN_free(st->n);
        BN_free(st->a);
        BN_free(st->x);
        BN_CTX_free(st->ctx);
        free(st);
    }
}

static void *ossl_setup(const void *argp)
{
    ossl_state *st = (ossl_state *)calloc(1, sizeof(*st));
    inv_bytes b;

    if (st == NULL) {
        return NULL;
    }
    make_bytes((const inv_arg *)argp, &b);
    st->n = BN_bin2bn(b.n, (int)b.len, NULL);
    st->a = BN_bin2bn(b.a, (int)b.len, NULL);
    st->x = BN_new();
    st->ctx = BN_CTX_new();
    if (st->n == NULL || st->a == NULL || st->x == NULL || st->ctx == NULL) {
        ossl_teardown(st);
        return NULL;
    }
    BN_set_flags(st->a, BN_FLG_CONSTTIME);
    return st;
}

static int ossl_run_inv(void *p)
{
    ossl_state *st = (ossl_state *)p;

    (void)BN_mod_inverse(st->x, st->a, st->n, st->ctx);
    return 0;
}
#define OSSL_INV                                                                                   \
    ,                                                                                              \
    {                                                                                              \
        "openssl", ossl_setup, ossl_run_inv, ossl_teardown, 0                                      \
    }
#else
#define OSSL_INV
#endif

/* ---- mbed TLS --------------------------------------------------------------------------- */

#if defined(TACIT_HAVE_MBEDTLS)
typedef struct {
    mbedtls_mpi n, a, x;
} mbed_state;

static void mbed_teardown(void *p)
{
    mbed_state *st = (mbed_state *)p;

    if (st != NULL) {
        mbedtls_mpi_free(&st->n);
        mbedtls_mpi_free(&st->a);
        mbedtls_mpi_free(&st->x);
        free(st);
    }
}

static void *mbed_setup(const void *argp)
{
    mbed_state *st = (mbed_state *)calloc(1, sizeof(*st));
    inv_bytes b;

    if (st == NULL) {
        return NULL;
    }
    make_bytes((const inv_arg *)argp, &b);
    mbedtls_mpi_init(&st->n);
    mbedtls_mpi_init(&st->a);
    mbedtls_mpi_init(&st->x);
    if (mbedtls_mpi_read_binary(&st->n, b.n, b.len) != 0 ||
        mbedtls_mpi_read_binary(&st->a, b.a, b.len) != 0) {
        mbed_teardown(st);
        return NULL;
    }
    return st;
}

static int mbed_run_inv(void *p)
{
    mbed_state *st = (mbed_state *)p;

    (void)mbedtls_mpi_inv_mod(&st->x, &st->a, &st->n);
    return 0;
}
#define MBED_INV                                                                                   \
    ,                                                                                              \
    {                                                                                              \
        "mbedtls", mbed_setup, mbed_run_inv, mbed_teardown, 0                                      \
    }
#else
#define MBED_INV
#endif

static const inv_arg a256 = { 256 }, a1024 = { 1024 }, a2048 = { 2048 }, a4096 = { 4096 };

const bench_row bench_rows_inv[] = {
    { "inv256",
      "mod inverse 256-bit (tacit: constant time)",
      0,
      &a256,
      { TACIT_INV GMP_INV OSSL_INV MBED_INV } },
    { "inv1024",
      "mod inverse 1024-bit (tacit: constant time)",
      0,
      &a1024,
      { TACIT_INV GMP_INV OSSL_INV MBED_INV } },
    { "inv2048",
      "mod inverse 2048-bit (tacit: constant time)",
      0,
      &a2048,
      { TACIT_INV GMP_INV OSSL_INV MBED_INV } },
    { "inv4096",
      "mod inverse 4096-bit (tacit: constant time)",
      0,
      &a4096,
      { TACIT_INV GMP_INV OSSL_INV MBED_INV } },
    { "gcd1024", "gcd 1024-bit (tacit: constant time)", 0, &a1024, { TACIT_GCD GMP_GCD } },
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};
