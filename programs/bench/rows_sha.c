/*
 * Benchmark rows for the sha area: SHA-256 and SHA-512 throughput on 16 B,
 * 1 KiB and 1 MiB messages (one-shot hash of the whole message per op),
 * against OpenSSL (SHA256()/SHA512(), its low-level one-shot: no EVP fetch
 * on the small sizes), mbed TLS, BearSSL and nettle.  Run OpenSSL without
 * its assembly with OPENSSL_ia32cap=0 in the environment.
 */
#include "bench.h"

#include <stdlib.h>
#include <string.h>

#include "tacit/sha256.h"
#include "tacit/sha512.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/sha.h>
#endif
#if defined(TACIT_HAVE_MBEDTLS)
#include <mbedtls/sha256.h>
#include <mbedtls/sha512.h>
#endif
#if defined(TACIT_HAVE_BEARSSL)
#include <bearssl.h>
#endif
#if defined(TACIT_HAVE_NETTLE)
#include <nettle/sha2.h>
#endif

typedef struct {
    size_t len;
    unsigned char out[64];
    unsigned char msg[]; /* len bytes */
} sha_state;

static const size_t len16 = 16, len1k = 1024, len1m = 1024 * 1024;

static void *sha_setup(const void *arg)
{
    size_t len = *(const size_t *)arg, i;
    sha_state *s = (sha_state *)malloc(sizeof(*s) + len);

    if (s == NULL) {
        return NULL;
    }
    s->len = len;
    for (i = 0; i < len; i++) {
        s->msg[i] = (unsigned char)(i * 31 + 7);
    }
    return s;
}

static void sha_teardown(void *state)
{
    free(state);
}

static int tacit_256(void *st)
{
    sha_state *s = (sha_state *)st;
    return tacit_sha256(s->msg, s->len, s->out);
}

static int tacit_512(void *st)
{
    sha_state *s = (sha_state *)st;
    return tacit_sha512(s->msg, s->len, s->out);
}

#define TACIT_256                                                                                  \
    {                                                                                              \
        "tacit", sha_setup, tacit_256, sha_teardown, 0                                             \
    }
#define TACIT_512                                                                                  \
    {                                                                                              \
        "tacit", sha_setup, tacit_512, sha_teardown, 0                                             \
    }

#if defined(TACIT_HAVE_OPENSSL)
static int openssl_256(void *st)
{
    sha_state *s = (sha_state *)st;
    return SHA256(s->msg, s->len, s->out) == NULL;
}
static int openssl_512(void *st)
{
    sha_state *s = (sha_state *)st;
    return SHA512(s->msg, s->len, s->out) == NULL;
}
#define OPENSSL_256 { "openssl", sha_setup, openssl_256, sha_teardown, 0 },
#define OPENSSL_512 { "openssl", sha_setup, openssl_512, sha_teardown, 0 },
#else
#define OPENSSL_256
#define OPENSSL_512
#endif

#if defined(TACIT_HAVE_MBEDTLS)
static int mbedtls_256(void *st)
{
    sha_state *s = (sha_state *)st;
    return mbedtls_sha256_ret(s->msg, s->len, s->out, 0);
}
static int mbedtls_512(void *st)
{
    sha_state *s = (sha_state *)st;
    return mbedtls_sha512_ret(s->msg, s->len, s->out, 0);
}
#define MBEDTLS_256 { "mbedtls", sha_setup, mbedtls_256, sha_teardown, 0 },
#define MBEDTLS_512 { "mbedtls", sha_setup, mbedtls_512, sha_teardown, 0 },
#else
#define MBEDTLS_256
#define MBEDTLS_512
#endif

#if defined(TACIT_HAVE_BEARSSL)
static int bearssl_256(void *st)
{
    sha_state *s = (sha_state *)st;
    br_sha256_context c;

    br_sha256_init(&c);
    br_sha256_update(&c, s->msg, s->len);
    br_sha256_out(&c, s->out);
    return 0;
}
static int bearssl_512(void *st)
{
    sha_state *s = (sha_state *)st;
    br_sha512_context c;

    br_sha512_init(&c);
    br_sha512_update(&c, s->msg, s->len);
    br_sha512_out(&c, s->out);
    return 0;
}
#define BEARSSL_256 { "bearssl", sha_setup, bearssl_256, sha_teardown, 0 },
#define BEARSSL_512 { "bearssl", sha_setup, bearssl_512, sha_teardown, 0 },
#else
#define BEARSSL_256
#define BEARSSL_512
#endif

#if defined(TACIT_HAVE_NETTLE)
static int nettle_256(void *st)
{
    sha_state *s = (sha_state *)st;
    struct sha256_ctx c;

    sha256_init(&c);
    sha256_update(&c, s->len, s->msg);
    sha256_digest(&c, SHA256_DIGEST_SIZE, s->out);
    return 0;
}
static int nettle_512(void *st)
{
    sha_state *s = (sha_state *)st;
    struct sha512_ctx c;

    sha512_init(&c);
    sha512_update(&c, s->len, s->msg);
    sha512_digest(&c, SHA512_DIGEST_SIZE, s->out);
    return 0;
}
#define NETTLE_256 { "nettle", sha_setup, nettle_256, sha_teardown, 0 },
#define NETTLE_512 { "nettle", sha_setup, nettle_512, sha_teardown, 0 },
#else
#define NETTLE_256
#define NETTLE_512
#endif

const bench_row bench_rows_sha[] = {
    { "sha256-16",
      "SHA-256 16 B",
      16,
      &len16,
      { TACIT_256, OPENSSL_256 MBEDTLS_256 BEARSSL_256 NETTLE_256 } },
    { "sha256-1k",
      "SHA-256 1 KiB",
      1024,
      &len1k,
      { TACIT_256, OPENSSL_256 MBEDTLS_256 BEARSSL_256 NETTLE_256 } },
    { "sha256-1m",
      "SHA-256 1 MiB",
      1024 * 1024,
      &len1m,
      { TACIT_256, OPENSSL_256 MBEDTLS_256 BEARSSL_256 NETTLE_256 } },
    { "sha512-16",
      "SHA-512 16 B",
      16,
      &len16,
      { TACIT_512, OPENSSL_512 MBEDTLS_512 BEARSSL_512 NETTLE_512 } },
    { "sha512-1k",
      "SHA-512 1 KiB",
      1024,
      &len1k,
      { TACIT_512, OPENSSL_512 MBEDTLS_512 BEARSSL_512 NETTLE_512 } },
    { "sha512-1m",
      "SHA-512 1 MiB",
      1024 * 1024,
      &len1m,
      { TACIT_512, OPENSSL_512 MBEDTLS_512 BEARSSL_512 NETTLE_512 } },
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};
