/*
 * Benchmark row for the plain ChaCha20 stream (RFC 8439 §2.4): XOR 16 KiB
 * with the keystream of a 256-bit key and a 96-bit nonce, counter 0, key set
 * up once and the nonce per call (the per-message work).  tacit:
 * tacit_chacha20_xor (tacit/chacha20.h), which picks the AEAD's keystream
 * kernel on each call.  Peers:
 * OpenSSL (EVP_chacha20), libsodium (crypto_stream_chacha20_ietf_xor_ic),
 * libgcrypt (GCRY_CIPHER_CHACHA20 stream mode), BearSSL (its best, SSE2,
 * and "bearssl-ct", the portable constant-time code), nettle
 * (chacha_set_nonce96 + chacha_crypt32) and mbed TLS
 * (mbedtls_chacha20_crypt).
 *
 * In a TACIT_TEST_HOOKS build, also "tacit-avx2" (AVX-512 off: what an
 * AVX2-only CPU runs) and "tacit-c" (every kernel off: the portable C).
 */
#include "bench.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tacit/chacha20.h"
#include "tacit/config.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/evp.h>
#endif
#if defined(TACIT_HAVE_SODIUM)
#include <sodium.h>
#endif
#if defined(TACIT_HAVE_GCRYPT)
#include <gcrypt.h>
#endif
#if defined(TACIT_HAVE_BEARSSL)
#include <bearssl.h>
#endif
#if defined(TACIT_HAVE_NETTLE)
#include <nettle/chacha.h>
#endif
#if defined(TACIT_HAVE_MBEDTLS)
#include <mbedtls/chacha20.h>
#endif

#if defined(TACIT_CHACHAPOLY_C)

typedef struct {
    size_t len;
    unsigned char key[32], nonce[12];
    unsigned char *in, *out;
#if defined(TACIT_HAVE_OPENSSL)
    EVP_CIPHER_CTX *ossl;
#endif
#if defined(TACIT_HAVE_GCRYPT)
    gcry_cipher_hd_t gc;
    int gc_open;
#endif
#if defined(TACIT_HAVE_NETTLE)
    struct chacha_ctx nt;
#endif
} cc_state;

static void *cc_setup(const void *arg)
{
    cc_state *s = calloc(1, sizeof(*s));
    size_t i;

    if (s == NULL) {
        return NULL;
    }
    s->len = *(const size_t *)arg;
    s->in = malloc(s->len);
    s->out = malloc(s->len);
    if (s->in == NULL || s->out == NULL) {
        free(s->in);
        free(s->out);
        free(s);
        return NULL;
    }
    for (i = 0; i < s->len; i++) {
        s->in[i] = (unsigned char)(i * 131 + 7);
    }
    for (i = 0; i < 32; i++) {
        s->key[i] = (unsigned char)(3 * i + 1);
    }
    for (i = 0; i < 12; i++) {
        s->nonce[i] = (unsigned char)(5 * i + 2);
    }
    return s;
}

static void cc_teardown(void *state)
{
    cc_state *s = state;

#if defined(TACIT_HAVE_OPENSSL)
    EVP_CIPHER_CTX_free(s->ossl);
#endif
#if defined(TACIT_HAVE_GCRYPT)
    if (s->gc_open) {
        gcry_cipher_close(s->gc);
    }
#endif
    free(s->in);
    free(s->out);
    free(s);
}

/* ---- tacit ------------------------------------------------------------------ */

static int cc_tacit(void *state)
{
    cc_state *s = state;

    return tacit_chacha20_xor(s->key, s->nonce, 0, s->in, s->len, s->out);
}
#define CC_TACIT { "tacit", cc_setup, cc_tacit, cc_teardown, 0 },

/* tacit with the CPU bits `bits` off (core/cpu_x86.h, test builds only), on each call */
#if defined(TACIT_TEST_HOOKS) && (defined(__x86_64__) || defined(__i386__))
extern unsigned tacit_cpu_hook_disable;
#define CC_HOOKED(NAME, BITS)                                                                      \
    static int NAME(void *st)                                                                      \
    {                                                                                              \
        unsigned saved = tacit_cpu_hook_disable;                                                   \
        int r;                                                                                     \
        tacit_cpu_hook_disable = saved | (BITS);                                                   \
        r = cc_tacit(st);                                                                          \
        tacit_cpu_hook_disable = saved;                                                            \
        return r;                                                                                  \
    }
CC_HOOKED(cc_tacitavx2, 0x60u) /* TACIT_CPU_AVX512 | TACIT_CPU_IFMA */
CC_HOOKED(cc_tacitc, ~0u)
#define CC_TACIT_HOOKED                                                                            \
    { "tacit-avx2", cc_setup, cc_tacitavx2, cc_teardown, 0 },                                      \
        { "tacit-c", cc_setup, cc_tacitc, cc_teardown, 0 },
#else
#define CC_TACIT_HOOKED
#endif

/* ---- OpenSSL ------------------------------------------------------------------ */

#if defined(TACIT_HAVE_OPENSSL)
static void *cc_ossl_setup(const void *arg)
{
    cc_state *s = cc_setup(arg);

    if (s == NULL) {
        return NULL;
    }
    s->ossl = EVP_CIPHER_CTX_new();
    if (s->ossl == NULL || EVP_CipherInit_ex(s->ossl, EVP_chacha20(), NULL, s->key, NULL, 1) != 1) {
        cc_teardown(s);
        return NULL;
    }
    return s;
}
static int cc_ossl(void *state)
{
    cc_state *s = state;
    unsigned char iv[16] = { 0 }; /* le32 counter 0 || nonce */
    int n;

    memcpy(iv + 4, s->nonce, 12);
    return EVP_CipherInit_ex(s->ossl, NULL, NULL, NULL, iv, 1) != 1 ||
           EVP_CipherUpdate(s->ossl, s->out, &n, s->in, (int)s->len) != 1;
}
#define CC_OSSL { "openssl", cc_ossl_setup, cc_ossl, cc_teardown, 0 },
#else
#define CC_OSSL
#endif

/* ---- libsodium ---------------------------------------------------------------- */

#if defined(TACIT_HAVE_SODIUM)
static void *cc_sodium_setup(const void *arg)
{
    if (sodium_init() < 0) {
        return NULL;
    }
    return cc_setup(arg);
}
static int cc_sodium(void *state)
{
    cc_state *s = state;

    return crypto_stream_chacha20_ietf_xor_ic(s->out, s->in, s->len, s->nonce, 0, s->key);
}
#define CC_SODIUM { "libsodium", cc_sodium_setup, cc_sodium, cc_teardown, 0 },
#else
#define CC_SODIUM
#endif

/* ---- libgcrypt ---------------------------------------------------------------- */

#if defined(TACIT_HAVE_GCRYPT)
static void *cc_gc_setup(const void *arg)
{
    cc_state *s;

    if (gcry_check_version(NULL) == NULL) {
        return NULL;
    }
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    s = cc_setup(arg);
    if (s == NULL) {
        return NULL;
    }
    if (gcry_cipher_open(&s->gc, GCRY_CIPHER_CHACHA20, GCRY_CIPHER_MODE_STREAM, 0) != 0) {
        cc_teardown(s);
        return NULL;
    }
    s->gc_open = 1;
    if (gcry_cipher_setkey(s->gc, s->key, 32) != 0) {
        cc_teardown(s);
        return NULL;
    }
    return s;
}
static int cc_gc(void *state)
{
    cc_state *s = state;

    return gcry_cipher_setiv(s->gc, s->nonce, 12) != 0 ||
           gcry_cipher_encrypt(s->gc, s->out, s->len, s->in, s->len) != 0;
}
#define CC_GC { "libgcrypt", cc_gc_setup, cc_gc, cc_teardown, 0 },
#else
#define CC_GC
#endif

/* ---- BearSSL ------------------------------------------------------------------ */

#if defined(TACIT_HAVE_BEARSSL)
static int cc_bear_run(cc_state *s, br_chacha20_run run)
{
    if (run == 0) {
        return 1;
    }
    memcpy(s->out, s->in, s->len); /* BearSSL works in place */
    run(s->key, s->nonce, 0, s->out, s->len);
    return 0;
}
static int cc_bear(void *state)
{
    return cc_bear_run(state, br_chacha20_sse2_get());
}
static int cc_bearct(void *state)
{
    return cc_bear_run(state, br_chacha20_ct_run);
}
#define CC_BEAR                                                                                    \
    { "bearssl", cc_setup, cc_bear, cc_teardown, 0 },                                              \
        { "bearssl-ct", cc_setup, cc_bearct, cc_teardown, 0 },
#else
#define CC_BEAR
#endif

/* ---- nettle ------------------------------------------------------------------- */

#if defined(TACIT_HAVE_NETTLE)
static void *cc_nt_setup(const void *arg)
{
    cc_state *s = cc_setup(arg);

    if (s != NULL) {
        chacha_set_key(&s->nt, s->key);
    }
    return s;
}
static int cc_nt(void *state)
{
    cc_state *s = state;

    chacha_set_nonce96(&s->nt, s->nonce); /* counter 0 */
    chacha_crypt32(&s->nt, s->len, s->out, s->in);
    return 0;
}
#define CC_NT { "nettle", cc_nt_setup, cc_nt, cc_teardown, 0 },
#else
#define CC_NT
#endif

/* ---- mbed TLS ------------------------------------------------------------------ */

#if defined(TACIT_HAVE_MBEDTLS)
static int cc_mb(void *state)
{
    cc_state *s = state;

    return mbedtls_chacha20_crypt(s->key, s->nonce, 0, s->len, s->in, s->out);
}
#define CC_MB { "mbedtls", cc_setup, cc_mb, cc_teardown, 0 },
#else
#define CC_MB
#endif

static const size_t cc_16k = 16384;

const bench_row bench_rows_chacha20[] = {
    { "chacha20-16k",
      "chacha20 16 KiB",
      16384,
      &cc_16k,
      { CC_TACIT CC_TACIT_HOOKED CC_OSSL CC_SODIUM CC_GC CC_BEAR CC_NT CC_MB } },
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};

#else
const bench_row bench_rows_chacha20[] = {
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};
#endif /* TACIT_CHACHAPOLY_C */
