/*
 * Benchmark rows for the base64 area (see bench.h): decoding 1 MiB of base64
 * as one line and as 64-column PEM lines, and encoding 1 MiB.  Peers: the
 * leaky 256-entry-table decoder (base64_table.h, a local baseline), OpenSSL
 * (EVP_DecodeBlock / EVP_DecodeUpdate for lines / EVP_EncodeBlock) and mbed
 * TLS (mbedtls_base64_decode / _encode, its constant-flow code).
 */
#include "bench.h"

#include <stdlib.h>
#include <string.h>

#include "base64_table.h"
#include "tacit/base64.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/evp.h>
#endif
#if defined(TACIT_HAVE_MBEDTLS)
#include <mbedtls/base64.h>
#endif

#define MIB (1024u * 1024u)
#define BIN_1M_CHARS (MIB / 4 * 3) /* binary bytes behind 1 MiB of characters */

enum { DECODE_LINE, DECODE_LINES, ENCODE };

typedef struct {
    unsigned char *in, *out;
    size_t ilen, ocap;
} b64_state;

static const int mode_decode_line = DECODE_LINE;
static const int mode_decode_lines = DECODE_LINES;
static const int mode_encode = ENCODE;

static void *b64_setup(const void *arg)
{
    int mode = *(const int *)arg;
    size_t n = mode == ENCODE ? MIB : BIN_1M_CHARS, i, olen;
    b64_state *s = calloc(1, sizeof(*s));
    unsigned char *bin = malloc(n);
    uint32_t x = 1;

    if (s == NULL || bin == NULL) {
        goto fail;
    }
    for (i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        bin[i] = (unsigned char)(x >> 16);
    }
    b64t_init();
    if (mode == ENCODE) {
        s->in = bin;
        s->ilen = n;
        s->ocap = n / 3 * 4 + 8;
        bin = NULL;
    } else {
        s->ocap = n + 64;
        s->in = malloc(n / 3 * 4 + n / 48 + 8);
        if (s->in == NULL) {
            goto fail;
        }
        if (mode == DECODE_LINE) {
            if (tacit_base64_encode(bin, n, s->in, n / 3 * 4 + 8, &olen) != 0) {
                goto fail;
            }
        } else if (tacit_base64_encode_lines(bin, n, 64, s->in, n / 3 * 4 + n / 48 + 8, &olen) !=
                   0) {
            goto fail;
        }
        s->ilen = olen;
        free(bin);
        bin = NULL;
    }
    s->out = malloc(s->ocap);
    if (s->out == NULL) {
        goto fail;
    }
    return s;
fail:
    free(bin);
    if (s != NULL) {
        free(s->in);
        free(s);
    }
    return NULL;
}

static void b64_teardown(void *state)
{
    b64_state *s = state;
    free(s->in);
    free(s->out);
    free(s);
}

static int run_tacit_decode(void *state)
{
    b64_state *s = state;
    size_t olen;
    return tacit_base64_decode(s->in, s->ilen, s->out, s->ocap, &olen);
}

static int run_tacit_encode(void *state)
{
    b64_state *s = state;
    size_t olen;
    return tacit_base64_encode(s->in, s->ilen, s->out, s->ocap, &olen);
}

static int run_table_decode(void *state)
{
    b64_state *s = state;
    size_t olen;
    return b64t_decode(s->out, s->ocap, &olen, s->in, s->ilen);
}

#if defined(TACIT_HAVE_OPENSSL)
static int run_openssl_decode_block(void *state)
{
    b64_state *s = state;
    return EVP_DecodeBlock(s->out, s->in, (int)s->ilen) < 0;
}

static int run_openssl_decode_lines(void *state)
{
    b64_state *s = state;
    EVP_ENCODE_CTX *ctx = EVP_ENCODE_CTX_new();
    int n = 0, m = 0, ret = 1;

    if (ctx != NULL) {
        EVP_DecodeInit(ctx);
        if (EVP_DecodeUpdate(ctx, s->out, &n, s->in, (int)s->ilen) >= 0 &&
            EVP_DecodeFinal(ctx, s->out + n, &m) == 1) {
            ret = 0;
        }
        EVP_ENCODE_CTX_free(ctx);
    }
    return ret;
}

static int run_openssl_encode(void *state)
{
    b64_state *s = state;
    return EVP_EncodeBlock(s->out, s->in, (int)s->ilen) <= 0;
}
#define OPENSSL_IMPL(run)                                                                          \
    ,                                                                                              \
    {                                                                                              \
        "openssl", b64_setup, run, b64_teardown, 0                                                 \
    }
#else
#define OPENSSL_IMPL(run)
#endif

#if defined(TACIT_HAVE_MBEDTLS)
static int run_mbedtls_decode(void *state)
{
    b64_state *s = state;
    size_t olen;
    return mbedtls_base64_decode(s->out, s->ocap, &olen, s->in, s->ilen);
}

static int run_mbedtls_encode(void *state)
{
    b64_state *s = state;
    size_t olen;
    return mbedtls_base64_encode(s->out, s->ocap, &olen, s->in, s->ilen);
}
#define MBEDTLS_IMPL(run)                                                                          \
    ,                                                                                              \
    {                                                                                              \
        "mbedtls", b64_setup, run, b64_teardown, 0                                                 \
    }
#else
#define MBEDTLS_IMPL(run)
#endif

const bench_row bench_rows_base64[] = {
    { "base64-decode-1m",
      "base64 decode 1 MiB, one line",
      MIB,
      &mode_decode_line,
      { { "tacit", b64_setup, run_tacit_decode, b64_teardown, 0 },
        { "table", b64_setup, run_table_decode, b64_teardown,
          1 } OPENSSL_IMPL(run_openssl_decode_block) MBEDTLS_IMPL(run_mbedtls_decode) } },
    { "base64-decode-1m-lines",
      "base64 decode 1 MiB, 64 columns",
      MIB + MIB / 64,
      &mode_decode_lines,
      { { "tacit", b64_setup, run_tacit_decode, b64_teardown, 0 },
        { "table", b64_setup, run_table_decode, b64_teardown,
          1 } OPENSSL_IMPL(run_openssl_decode_lines) MBEDTLS_IMPL(run_mbedtls_decode) } },
    { "base64-encode-1m",
      "base64 encode 1 MiB",
      MIB,
      &mode_encode,
      { { "tacit", b64_setup, run_tacit_encode, b64_teardown, 0 } OPENSSL_IMPL(run_openssl_encode)
            MBEDTLS_IMPL(run_mbedtls_encode) } },
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};
