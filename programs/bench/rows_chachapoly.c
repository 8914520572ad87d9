/*
 * Benchmark rows for ChaCha20-Poly1305: seal and open of a 16 KiB message
 * and of a 1350-byte one (a TLS record), 13 bytes of AAD, one-shot calls
 * with a key set up once (the per-message work: one-time key, ChaCha20,
 * Poly1305, tag), against OpenSSL (EVP), libsodium, libgcrypt, BearSSL
 * (its best: SSE2 ChaCha20 and ctmulq Poly1305; and "bearssl-ct", the
 * portable constant-time ChaCha20 and ctmul Poly1305), nettle and mbed TLS.
 * Open is given a valid message (the tag is checked, then decrypted).  In a
 * TACIT_TEST_HOOKS build, "tacit-c" is tacit with every CPU kernel off.
 */
#include "bench.h"

#include <stdlib.h>
#include <string.h>

#include "tacit/aead.h"

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
#include <nettle/chacha-poly1305.h>
#endif
#if defined(TACIT_HAVE_MBEDTLS)
#include <mbedtls/chachapoly.h>
#endif

#if defined(TACIT_CHACHAPOLY_C) && defined(TACIT_AEAD_C)

#define AAD_LEN 13

typedef struct {
    size_t len;
    unsigned char key[32], nonce[12], aad[AAD_LEN], tag[16];
    tacit_aead_context tctx;
#if defined(TACIT_HAVE_OPENSSL)
    EVP_CIPHER_CTX *ossl;
#endif
#if defined(TACIT_HAVE_GCRYPT)
    gcry_cipher_hd_t gc;
#endif
#if defined(TACIT_HAVE_MBEDTLS)
    mbedtls_chachapoly_context mb;
#endif
#if defined(TACIT_HAVE_NETTLE)
    struct chacha_poly1305_ctx nt;
#endif
    unsigned char *pt, *sealed, *out; /* len, len + 16, len + 16 */
} cp_state;

static const size_t len16k = 16384, len1350 = 1350;

static void *cp_setup(const void *arg)
{
    size_t len = *(const size_t *)arg, i, olen;
    cp_state *s = (cp_state *)calloc(1, sizeof(*s));

    if (s == NULL) {
        return NULL;
    }
    s->len = len;
    s->pt = (unsigned char *)malloc(len);
    s->sealed = (unsigned char *)malloc(len + 16);
    s->out = (unsigned char *)malloc(len + 16);
    if (s->pt == NULL || s->sealed == NULL || s->out == NULL) {
        free(s->pt);
        free(s->sealed);
        free(s->out);
        free(s);
        return NULL;
    }
    for (i = 0; i < 32; i++) {
        s->key[i] = (unsigned char)(i * 7 + 1);
    }
    for (i = 0; i < 12; i++) {
        s->nonce[i] = (unsigned char)(i * 3 + 5);
    }
    for (i = 0; i < AAD_LEN; i++) {
        s->aad[i] = (unsigned char)i;
    }
    for (i = 0; i < len; i++) {
        s->pt[i] = (unsigned char)(i * 31 + 7);
    }
    tacit_aead_init(&s->tctx);
    if (tacit_aead_setkey(&s->tctx, TACIT_AEAD_CHACHA20_POLY1305, s->key, 32, 0) != 0 ||
        tacit_aead_seal(&s->tctx, s->nonce, 12, s->aad, AAD_LEN, s->pt, len, s->sealed, len + 16,
                        &olen) != 0) {
        tacit_aead_free(&s->tctx);
        free(s->pt);
        free(s->sealed);
        free(s->out);
        free(s);
        return NULL;
    }
    memcpy(s->tag, s->sealed + len, 16);
    return s;
}

static void cp_teardown(void *st)
{
    cp_state *s = (cp_state *)st;

    tacit_aead_free(&s->tctx);
#if defined(TACIT_HAVE_OPENSSL)
    EVP_CIPHER_CTX_free(s->ossl);
#endif
#if defined(TACIT_HAVE_GCRYPT)
    if (s->gc != NULL) {
        gcry_cipher_close(s->gc);
    }
#endif
#if defined(TACIT_HAVE_MBEDTLS)
    mbedtls_chachapoly_free(&s->mb);
#endif
    free(s->pt);
    free(s->sealed);
    free(s->out);
    free(s);
}

/* ---- tacit ---------------------------------------------------------------- */

static int tacit_seal(void *st)
{
    cp_state *s = (cp_state *)st;
    size_t olen;

    return tacit_aead_seal(&s->tctx, s->nonce, 12, s->aad, AAD_LEN, s->pt, s->len, s->out,
                           s->len + 16, &olen);
}

static int tacit_open(void *st)
{
    cp_state *s = (cp_state *)st;
    size_t olen;

    return tacit_aead_open(&s->tctx, s->nonce, 12, s->aad, AAD_LEN, s->sealed, s->len + 16, s->out,
                           s->len + 16, &olen);
}

#define TACIT_SEAL { "tacit", cp_setup, tacit_seal, cp_teardown, 0 },
#define TACIT_OPEN { "tacit", cp_setup, tacit_open, cp_teardown, 0 },

#if defined(TACIT_TEST_HOOKS) && (defined(__x86_64__) || defined(__i386__))
extern unsigned tacit_cpu_hook_disable; /* core/cpu_x86.h: test builds only */
static int tacitc_seal(void *st)
{
    int r;
    tacit_cpu_hook_disable = ~0u;
    r = tacit_seal(st);
    tacit_cpu_hook_disable = 0;
    return r;
}
static int tacitc_open(void *st)
{
    int r;
    tacit_cpu_hook_disable = ~0u;
    r = tacit_open(st);
    tacit_cpu_hook_disable = 0;
    return r;
}
#define TACITC_SEAL { "tacit-c", cp_setup, tacitc_seal, cp_teardown, 0 },
#define TACITC_OPEN { "tacit-c", cp_setup, tacitc_open, cp_teardown, 0 },
#else
#define TACITC_SEAL
#define TACITC_OPEN
#endif

/* ---- OpenSSL ------------------------------------------------------------------ */

#if defined(TACIT_HAVE_OPENSSL)
static void *ossl_setup(const void *arg)
{
    cp_state *s = (cp_state *)cp_setup(arg);

    if (s == NULL) {
        return NULL;
    }
    s->ossl = EVP_CIPHER_CTX_new();
    if (s->ossl == NULL ||
        EVP_CipherInit_ex(s->ossl, EVP_chacha20_poly1305(), NULL, s->key, NULL, -1) != 1) {
        cp_teardown(s);
        return NULL;
    }
    return s;
}

static int ossl_run(cp_state *s, int enc)
{
    int ol = 0, ol2 = 0;
    const unsigned char *in = enc ? s->pt : s->sealed;

    if (EVP_CipherInit_ex(s->ossl, NULL, NULL, NULL, s->nonce, enc) != 1 ||
        EVP_CipherUpdate(s->ossl, NULL, &ol, s->aad, AAD_LEN) != 1) {
        return 1;
    }
    if (!enc && EVP_CIPHER_CTX_ctrl(s->ossl, EVP_CTRL_AEAD_SET_TAG, 16, s->tag) != 1) {
        return 1;
    }
    if (EVP_CipherUpdate(s->ossl, s->out, &ol, in, (int)s->len) != 1 ||
        EVP_CipherFinal_ex(s->ossl, s->out + ol, &ol2) != 1) {
        return 1;
    }
    if (enc) {
        return EVP_CIPHER_CTX_ctrl(s->ossl, EVP_CTRL_AEAD_GET_TAG, 16, s->out + s->len) != 1;
    }
    return 0;
}
static int ossl_seal(void *st)
{
    return ossl_run((cp_state *)st, 1);
}
static int ossl_open(void *st)
{
    return ossl_run((cp_state *)st, 0);
}
#define OSSL_SEAL { "openssl", ossl_setup, ossl_seal, cp_teardown, 0 },
#define OSSL_OPEN { "openssl", ossl_setup, ossl_open, cp_teardown, 0 },
#else
#define OSSL_SEAL
#define OSSL_OPEN
#endif

/* ---- libsodium -------------------------------------------------------------- */

#if defined(TACIT_HAVE_SODIUM)
static void *sodium_setup(const void *arg)
{
    if (sodium_init() < 0) {
        return NULL;
    }
    return cp_setup(arg);
}
static int sodium_seal(void *st)
{
    cp_state *s = (cp_state *)st;
    unsigned long long ml;

    return crypto_aead_chacha20poly1305_ietf_encrypt_detached(
        s->out, s->out + s->len, &ml, s->pt, s->len, s->aad, AAD_LEN, NULL, s->nonce, s->key);
}
static int sodium_open(void *st)
{
    cp_state *s = (cp_state *)st;

    return crypto_aead_chacha20poly1305_ietf_decrypt_detached(
        s->out, NULL, s->sealed, s->len, s->tag, s->aad, AAD_LEN, s->nonce, s->key);
}
#define SODIUM_SEAL { "libsodium", sodium_setup, sodium_seal, cp_teardown, 0 },
#define SODIUM_OPEN { "libsodium", sodium_setup, sodium_open, cp_teardown, 0 },
#else
#define SODIUM_SEAL
#define SODIUM_OPEN
#endif

/* ---- libgcrypt ---------------------------------------------------------------- */

#if defined(TACIT_HAVE_GCRYPT)
static void *gc_setup(const void *arg)
{
    cp_state *s;

    if (gcry_check_version(NULL) == NULL) {
        return NULL;
    }
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    s = (cp_state *)cp_setup(arg);
    if (s == NULL) {
        return NULL;
    }
    if (gcry_cipher_open(&s->gc, GCRY_CIPHER_CHACHA20, GCRY_CIPHER_MODE_POLY1305, 0) != 0 ||
        gcry_cipher_setkey(s->gc, s->key, 32) != 0) {
        cp_teardown(s);
        return NULL;
    }
    return s;
}
static int gc_seal(void *st)
{
    cp_state *s = (cp_state *)st;

    return gcry_cipher_setiv(s->gc, s->nonce, 12) != 0 ||
           gcry_cipher_authenticate(s->gc, s->aad, AAD_LEN) != 0 || gcry_cipher_final(s->gc) != 0 ||
           gcry_cipher_encrypt(s->gc, s->out, s->len, s->pt, s->len) != 0 ||
           gcry_cipher_gettag(s->gc, s->out + s->len, 16) != 0;
}
static int gc_open(void *st)
{
    cp_state *s = (cp_state *)st;

    return gcry_cipher_setiv(s->gc, s->nonce, 12) != 0 ||
           gcry_cipher_authenticate(s->gc, s->aad, AAD_LEN) != 0 || gcry_cipher_final(s->gc) != 0 ||
           gcry_cipher_decrypt(s->gc, s->out, s->len, s->sealed, s->len) != 0 ||
           gcry_cipher_checktag(s->gc, s->tag, 16) != 0;
}
#define GC_SEAL { "libgcrypt", gc_setup, gc_seal, cp_teardown, 0 },
#define GC_OPEN { "libgcrypt", gc_setup, gc_open, cp_teardown, 0 },
#else
#define GC_SEAL
#define GC_OPEN
#endif

/* ---- BearSSL ------------------------------------------------------------------ */

#if defined(TACIT_HAVE_BEARSSL)
static int bear_run(cp_state *s, br_chacha20_run cc, br_poly1305_run pr, int enc)
{
    unsigned char tag[16];

    if (cc == 0 || pr == 0) {
        return 1;
    }
    memcpy(s->out, enc ? s->pt : s->sealed, s->len); /* BearSSL works in place */
    pr(s->key, s->nonce, s->out, s->len, s->aad, AAD_LEN, enc ? s->out + s->len : tag, cc, enc);
    return enc ? 0 : memcmp(tag, s->tag, 16) != 0;
}
static int bear_seal(void *st)
{
    return bear_run((cp_state *)st, br_chacha20_sse2_get(), br_poly1305_ctmulq_get(), 1);
}
static int bear_open(void *st)
{
    return bear_run((cp_state *)st, br_chacha20_sse2_get(), br_poly1305_ctmulq_get(), 0);
}
static int bearct_seal(void *st)
{
    return bear_run((cp_state *)st, br_chacha20_ct_run, br_poly1305_ctmul_run, 1);
}
static int bearct_open(void *st)
{
    return bear_run((cp_state *)st, br_chacha20_ct_run, br_poly1305_ctmul_run, 0);
}
#define BEAR_SEAL                                                                                  \
    { "bearssl", cp_setup, bear_seal, cp_teardown, 0 },                                            \
        { "bearssl-ct", cp_setup, bearct_seal, cp_teardown, 0 },
#define BEAR_OPEN                                                                                  \
    { "bearssl", cp_setup, bear_open, cp_teardown, 0 },                                            \
        { "bearssl-ct", cp_setup, bearct_open, cp_teardown, 0 },
#else
#define BEAR_SEAL
#define BEAR_OPEN
#endif

/* ---- nettle ------------------------------------------------------------------- */

#if defined(TACIT_HAVE_NETTLE)
static void *nt_setup(const void *arg)
{
    cp_state *s = (cp_state *)cp_setup(arg);

    if (s != NULL) {
        chacha_poly1305_set_key(&s->nt, s->key);
    }
    return s;
}
static int nt_seal(void *st)
{
    cp_state *s = (cp_state *)st;

    chacha_poly1305_set_nonce(&s->nt, s->nonce);
    chacha_poly1305_update(&s->nt, AAD_LEN, s->aad);
    chacha_poly1305_encrypt(&s->nt, s->len, s->out, s->pt);
    chacha_poly1305_digest(&s->nt, 16, s->out + s->len);
    return 0;
}
static int nt_open(void *st)
{
    cp_state *s = (cp_state *)st;
    unsigned char tag[16];

    chacha_poly1305_set_nonce(&s->nt, s->nonce);
    chacha_poly1305_update(&s->nt, AAD_LEN, s->aad);
    chacha_poly1305_decrypt(&s->nt, s->len, s->out, s->sealed);
    chacha_poly1305_digest(&s->nt, 16, tag);
    return memcmp(tag, s->tag, 16) != 0;
}
#define NT_SEAL { "nettle", nt_setup, nt_seal, cp_teardown, 0 },
#define NT_OPEN { "nettle", nt_setup, nt_open, cp_teardown, 0 },
#else
#define NT_SEAL
#define NT_OPEN
#endif

/* ---- mbed TLS ------------------------------------------------------------------ */

#if defined(TACIT_HAVE_MBEDTLS)
static void *mb_setup(const void *arg)
{
    cp_state *s = (cp_state *)cp_setup(arg);

    if (s != NULL) {
        mbedtls_chachapoly_init(&s->mb);
        if (mbedtls_chachapoly_setkey(&s->mb, s->key) != 0) {
            cp_teardown(s);
            return NULL;
        }
    }
    return s;
}
static int mb_seal(void *st)
{
    cp_state *s = (cp_state *)st;

    return mbedtls_chachapoly_encrypt_and_tag(&s->mb, s->len, s->nonce, s->aad, AAD_LEN, s->pt,
                                              s->out, s->out + s->len);
}
static int mb_open(void *st)
{
    cp_state *s = (cp_state *)st;

    return mbedtls_chachapoly_auth_decrypt(&s->mb, s->len, s->nonce, s->aad, AAD_LEN, s->tag,
                                           s->sealed, s->out);
}
#define MB_SEAL { "mbedtls", mb_setup, mb_seal, cp_teardown, 0 },
#define MB_OPEN { "mbedtls", mb_setup, mb_open, cp_teardown, 0 },
#else
#define MB_SEAL
#define MB_OPEN
#endif

#define SEAL_IMPLS                                                                                 \
    {                                                                                              \
        TACIT_SEAL TACITC_SEAL OSSL_SEAL SODIUM_SEAL GC_SEAL BEAR_SEAL NT_SEAL MB_SEAL             \
    }
#define OPEN_IMPLS                                                                                 \
    {                                                                                              \
        TACIT_OPEN TACITC_OPEN OSSL_OPEN SODIUM_OPEN GC_OPEN BEAR_OPEN NT_OPEN MB_OPEN             \
    }

const bench_row bench_rows_chachapoly[] = {
    { "chacha20-poly1305-16k-seal", "chacha20-poly1305 16 KiB seal", 16384, &len16k, SEAL_IMPLS },
    { "chacha20-poly1305-16k-open", "chacha20-poly1305 16 KiB open", 16384, &len16k, OPEN_IMPLS },
    { "chacha20-poly1305-1350-seal", "chacha20-poly1305 1350 B seal", 1350, &len1350, SEAL_IMPLS },
    { "chacha20-poly1305-1350-open", "chacha20-poly1305 1350 B open", 1350, &len1350, OPEN_IMPLS },
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};

#else
const bench_row bench_rows_chachapoly[] = {
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};
#endif
