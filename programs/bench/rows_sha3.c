/*
 * Benchmark rows for SHA-3, SHAKE and HKDF: SHA3-256 of 16 B and 1 MiB,
 * SHAKE128 of 1 MiB (32-byte output), HKDF-SHA256 with a 32-byte output
 * (extract + expand), against OpenSSL (EVP one-shots; HKDF through
 * EVP_PKEY_HKDF), nettle, libgcrypt and mbed TLS where they have them; and
 * the four-way SHAKE128 (absorb 34 bytes, squeeze 3 blocks: one ML-KEM
 * matrix row batch) against four single streams, and the eight-way one
 * against two four-way runs and eight single streams.
 */
#include "bench.h"

#include <stdlib.h>
#include <string.h>

#include "tacit/config.h"

#if defined(TACIT_SHA3_C) && defined(TACIT_HKDF_C)

#include "tacit/hkdf.h"
#include "tacit/sha3.h"

#include "hash/keccak.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/evp.h>
#include <openssl/kdf.h>
#endif
#if defined(TACIT_HAVE_NETTLE)
#include <nettle/hkdf.h>
#include <nettle/hmac.h>
#include <nettle/sha3.h>
#endif
#if defined(TACIT_HAVE_GCRYPT)
#include <gcrypt.h>
#endif
#if defined(TACIT_HAVE_MBEDTLS)
#include <mbedtls/hkdf.h>
#include <mbedtls/md.h>
#endif

typedef struct {
    size_t len;
    unsigned char out[8 * 3 * 168];
    unsigned char msg[]; /* len bytes */
} s3_state;

static const size_t len16 = 16, len32 = 32, len34 = 34, len1m = 1024 * 1024;

static void *s3_setup(const void *arg)
{
    size_t len = *(const size_t *)arg, i;
    s3_state *s = (s3_state *)malloc(sizeof(*s) + len + 8 * 64);

    if (s == NULL) {
        return NULL;
    }
    s->len = len;
    for (i = 0; i < len + 8 * 64; i++) {
        s->msg[i] = (unsigned char)(i * 31 + 7);
    }
    return s;
}

static void s3_teardown(void *state)
{
    free(state);
}

static int tacit_s3_256(void *st)
{
    s3_state *s = (s3_state *)st;
    return tacit_sha3_256(s->msg, s->len, s->out);
}

static int tacit_shake(void *st)
{
    s3_state *s = (s3_state *)st;
    return tacit_shake128(s->msg, s->len, s->out, 32);
}

/* HKDF-SHA256: salt 32 B, IKM = msg (32 B), info 10 B, 32 B out */
static int tacit_hkdf32(void *st)
{
    s3_state *s = (s3_state *)st;
    return tacit_hkdf(TACIT_MD_SHA256, s->msg + 32, 32, s->msg, s->len, s->msg + 64, 10, s->out,
                      32);
}

static int tacit_x4(void *st)
{
    s3_state *s = (s3_state *)st;
    tacit_shake_x4 x;

    tacit_shake128_x4_absorb_once(&x, s->msg, s->msg + 1, s->msg + 2, s->msg + 3, s->len);
    tacit_shake128_x4_squeezeblocks(&x, s->out, s->out + 504, s->out + 1008, s->out + 1512, 3);
    return 0;
}

static int tacit_4x1(void *st)
{
    s3_state *s = (s3_state *)st;
    uint64_t a[25];
    int j;

    for (j = 0; j < 4; j++) {
        tacit_shake128_absorb_once(a, s->msg + j, s->len);
        tacit_shake128_squeezeblocks(a, s->out + 504 * j, 3);
    }
    return 0;
}

static int tacit_x8(void *st)
{
    s3_state *s = (s3_state *)st;
    tacit_shake_x8 x;
    const unsigned char *in[8];
    unsigned char *out[8];
    size_t len[8];
    int j;

    for (j = 0; j < 8; j++) {
        in[j] = s->msg + j;
        len[j] = s->len;
        out[j] = s->out + 504 * j;
    }
    tacit_shake128_x8_absorb_once(&x, in, len);
    tacit_shake128_x8_squeezeblocks(&x, out, 3);
    return 0;
}

static int tacit_2x4(void *st)
{
    s3_state *s = (s3_state *)st;
    tacit_shake_x4 x;
    int h;

    for (h = 0; h < 8; h += 4) {
        unsigned char *o = s->out + 504 * h;
        tacit_shake128_x4_absorb_once(&x, s->msg + h, s->msg + h + 1, s->msg + h + 2,
                                      s->msg + h + 3, s->len);
        tacit_shake128_x4_squeezeblocks(&x, o, o + 504, o + 1008, o + 1512, 3);
    }
    return 0;
}

static int tacit_8x1(void *st)
{
    s3_state *s = (s3_state *)st;
    uint64_t a[25];
    int j;

    for (j = 0; j < 8; j++) {
        tacit_shake128_absorb_once(a, s->msg + j, s->len);
        tacit_shake128_squeezeblocks(a, s->out + 504 * j, 3);
    }
    return 0;
}

#define T(f)                                                                                       \
    {                                                                                              \
        "tacit", s3_setup, f, s3_teardown, 0                                                       \
    }

#if defined(TACIT_HAVE_OPENSSL)
static int openssl_s3_256(void *st)
{
    s3_state *s = (s3_state *)st;
    return EVP_Digest(s->msg, s->len, s->out, NULL, EVP_sha3_256(), NULL) != 1;
}
static int openssl_shake(void *st)
{
    s3_state *s = (s3_state *)st;
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    int ok = c != NULL && EVP_DigestInit_ex(c, EVP_shake128(), NULL) == 1 &&
             EVP_DigestUpdate(c, s->msg, s->len) == 1 && EVP_DigestFinalXOF(c, s->out, 32) == 1;
    EVP_MD_CTX_free(c);
    return !ok;
}
static int openssl_hkdf32(void *st)
{
    s3_state *s = (s3_state *)st;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, NULL);
    size_t n = 32;
    int ok =
        c != NULL && EVP_PKEY_derive_init(c) > 0 && EVP_PKEY_CTX_set_hkdf_md(c, EVP_sha256()) > 0 &&
        EVP_PKEY_CTX_set1_hkdf_salt(c, s->msg + 32, 32) > 0 &&
        EVP_PKEY_CTX_set1_hkdf_key(c, s->msg, (int)s->len) > 0 &&
        EVP_PKEY_CTX_add1_hkdf_info(c, s->msg + 64, 10) > 0 && EVP_PKEY_derive(c, s->out, &n) > 0;
    EVP_PKEY_CTX_free(c);
    return !ok;
}
#define O(f) { "openssl", s3_setup, f, s3_teardown, 0 },
#else
#define O(f)
#endif

#if defined(TACIT_HAVE_NETTLE)
static int nettle_s3_256(void *st)
{
    s3_state *s = (s3_state *)st;
    struct sha3_256_ctx c;

    sha3_256_init(&c);
    sha3_256_update(&c, s->len, s->msg);
    sha3_256_digest(&c, SHA3_256_DIGEST_SIZE, s->out);
    return 0;
}
static int nettle_hkdf32(void *st)
{
    s3_state *s = (s3_state *)st;
    struct hmac_sha256_ctx c;
    unsigned char prk[32];

    hmac_sha256_set_key(&c, 32, s->msg + 32);
    hkdf_extract(&c, (nettle_hash_update_func *)hmac_sha256_update,
                 (nettle_hash_digest_func *)hmac_sha256_digest, 32, s->len, s->msg, prk);
    hmac_sha256_set_key(&c, 32, prk);
    hkdf_expand(&c, (nettle_hash_update_func *)hmac_sha256_update,
                (nettle_hash_digest_func *)hmac_sha256_digest, 32, 10, s->msg + 64, 32, s->out);
    return 0;
}
#define N(f) { "nettle", s3_setup, f, s3_teardown, 0 },
#else
#define N(f)
#endif

#if defined(TACIT_HAVE_GCRYPT)
static int gcrypt_s3_256(void *st)
{
    s3_state *s = (s3_state *)st;
    gcry_md_hash_buffer(GCRY_MD_SHA3_256, s->out, s->msg, s->len);
    return 0;
}
static int gcrypt_shake(void *st)
{
    s3_state *s = (s3_state *)st;
    gcry_md_hd_t h;

    if (gcry_md_open(&h, GCRY_MD_SHAKE128, 0) != 0) {
        return 1;
    }
    gcry_md_write(h, s->msg, s->len);
    gcry_md_extract(h, GCRY_MD_SHAKE128, s->out, 32);
    gcry_md_close(h);
    return 0;
}
#define G(f) { "gcrypt", s3_setup, f, s3_teardown, 0 },
#else
#define G(f)
#endif

#if defined(TACIT_HAVE_MBEDTLS)
static int mbedtls_hkdf32(void *st)
{
    s3_state *s = (s3_state *)st;
    return mbedtls_hkdf(mbedtls_md_info_from_type(MBEDTLS_MD_SHA256), s->msg + 32, 32, s->msg,
                        s->len, s->msg + 64, 10, s->out, 32);
}
#define M(f) { "mbedtls", s3_setup, f, s3_teardown, 0 },
#else
#define M(f)
#endif

const bench_row bench_rows_sha3[] = {
    { "sha3-256-16",
      "SHA3-256 16 B",
      16,
      &len16,
      { T(tacit_s3_256), O(openssl_s3_256) N(nettle_s3_256) G(gcrypt_s3_256) } },
    { "sha3-256-1m",
      "SHA3-256 1 MiB",
      1024 * 1024,
      &len1m,
      { T(tacit_s3_256), O(openssl_s3_256) N(nettle_s3_256) G(gcrypt_s3_256) } },
    { "shake128-1m",
      "SHAKE128 1 MiB",
      1024 * 1024,
      &len1m,
      { T(tacit_shake), O(openssl_shake) G(gcrypt_shake) } },
    { "hkdf-sha256-32",
      "HKDF-SHA256 32 B",
      0,
      &len32,
      { T(tacit_hkdf32), O(openssl_hkdf32) N(nettle_hkdf32) M(mbedtls_hkdf32) } },
    { "shake128-x4",
      "SHAKE128 x4 vs 4x1 (34 B, 3 blocks)",
      4 * 3 * 168,
      &len34,
      { T(tacit_x4), { "tacit-4x1", s3_setup, tacit_4x1, s3_teardown, 1 } } },
    { "shake128-x8",
      "SHAKE128 x8 vs 2 x4 and 8x1 (34 B, 3 blocks)",
      8 * 3 * 168,
      &len34,
      { T(tacit_x8),
        { "tacit-2x4", s3_setup, tacit_2x4, s3_teardown, 1 },
        { "tacit-8x1", s3_setup, tacit_8x1, s3_teardown, 1 } } },
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};

#else
const bench_row bench_rows_sha3[] = {
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};
#endif
