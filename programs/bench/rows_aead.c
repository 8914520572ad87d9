/*
 * Benchmark rows for AES-GCM: seal and open of a 16 KiB message (AES-128
 * and AES-256) and of a 1350-byte one (a TLS record, AES-128), 13 bytes of
 * AAD, 12-byte nonce, one-shot calls with a key set up once, against
 * OpenSSL (EVP, its default dispatch), libgcrypt, BearSSL (its best: AES-NI
 * CTR and PCLMUL GHASH; and "bearssl-ct", the portable constant-time
 * aes_ct64 and ghash_ctmul64), nettle, mbed TLS and libsodium (AES-256-GCM
 * only).  Open is given a valid message.  In a TACIT_TEST_HOOKS build,
 * "tacit-aesni" is tacit forced to its AES-NI + PCLMULQDQ kernel (no VAES)
 * and "tacit-c" is tacit with every CPU kernel off (bitsliced AES).
 */
#include "bench.h"

#include <stdint.h>
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
#include <nettle/gcm.h>
#endif
#if defined(TACIT_HAVE_MBEDTLS)
#include <mbedtls/gcm.h>
#endif

#if defined(TACIT_GCM_C) && defined(TACIT_AEAD_C)

#define AAD_LEN 13

typedef struct {
    size_t key_len, len;
} gcm_arg;

typedef struct {
    size_t key_len, len;
    unsigned char key[32], nonce[12], aad[AAD_LEN], tag[16];
    tacit_aead_context tctx;
#if defined(TACIT_HAVE_OPENSSL)
    EVP_CIPHER_CTX *ossl;
#endif
#if defined(TACIT_HAVE_GCRYPT)
    gcry_cipher_hd_t gc;
#endif
#if defined(TACIT_HAVE_MBEDTLS)
    mbedtls_gcm_context mb;
    int mb_init;
#endif
#if defined(TACIT_HAVE_NETTLE)
    struct gcm_aes128_ctx nt128;
    struct gcm_aes256_ctx nt256;
#endif
#if defined(TACIT_HAVE_BEARSSL)
    br_gcm_context br;
    union {
        br_aes_x86ni_ctr_keys ni;
        br_aes_ct64_ctr_keys ct64;
    } brk;
#endif
#if defined(TACIT_HAVE_SODIUM)
    crypto_aead_aes256gcm_state *na; /* in na_buf, 16-byte aligned */
    unsigned char na_buf[sizeof(crypto_aead_aes256gcm_state) + 16];
#endif
    unsigned char *pt, *sealed, *out; /* len, len + 16, len + 16 */
} gcm_state;

static const gcm_arg a128_16k = { 16, 16384 }, a256_16k = { 32, 16384 }, a128_1350 = { 16, 1350 };

static void gcm_teardown(void *st)
{
    gcm_state *s = (gcm_state *)st;

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
    if (s->mb_init) {
        mbedtls_gcm_free(&s->mb);
    }
#endif
    free(s->pt);
    free(s->sealed);
    free(s->out);
    free(s);
}

static void *gcm_setup(const void *arg)
{
    const gcm_arg *a = (const gcm_arg *)arg;
    gcm_state *s = (gcm_state *)calloc(1, sizeof(*s));
    size_t i, olen;

    if (s == NULL) {
        return NULL;
    }
    tacit_aead_init(&s->tctx);
    s->key_len = a->key_len;
    s->len = a->len;
    s->pt = (unsigned char *)malloc(s->len);
    s->sealed = (unsigned char *)malloc(s->len + 16);
    s->out = (unsigned char *)malloc(s->len + 16);
    if (s->pt == NULL || s->sealed == NULL || s->out == NULL) {
        gcm_teardown(s);
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
    for (i = 0; i < s->len; i++) {
        s->pt[i] = (unsigned char)(i * 31 + 7);
    }
    if (tacit_aead_setkey(&s->tctx,
                          s->key_len == 16 ? TACIT_AEAD_AES_128_GCM : TACIT_AEAD_AES_256_GCM,
                          s->key, s->key_len, 0) != 0 ||
        tacit_aead_seal(&s->tctx, s->nonce, 12, s->aad, AAD_LEN, s->pt, s->len, s->sealed,
                        s->len + 16, &olen) != 0) {
        gcm_teardown(s);
        return NULL;
    }
    memcpy(s->tag, s->sealed + s->len, 16);
    return s;
}

/* ---- tacit ---------------------------------------------------------------- */

static int tacit_seal(void *st)
{
    gcm_state *s = (gcm_state *)st;
    size_t olen;

    return tacit_aead_seal(&s->tctx, s->nonce, 12, s->aad, AAD_LEN, s->pt, s->len, s->out,
                           s->len + 16, &olen);
}

static int tacit_open(void *st)
{
    gcm_state *s = (gcm_state *)st;
    size_t olen;

    return tacit_aead_open(&s->tctx, s->nonce, 12, s->aad, AAD_LEN, s->sealed, s->len + 16, s->out,
                           s->len + 16, &olen);
}

#define TACIT_SEAL { "tacit", gcm_setup, tacit_seal, gcm_teardown, 0 },
#define TACIT_OPEN { "tacit", gcm_setup, tacit_open, gcm_teardown, 0 },

#if defined(TACIT_TEST_HOOKS) && (defined(__x86_64__) || defined(__i386__))
extern unsigned tacit_cpu_hook_disable; /* core/cpu_x86.h: test builds only */
#define CPU_VAES_BIT 0x200u             /* TACIT_CPU_VAES */
/* the x86 kernel is chosen per call: clearing VAES leaves AES-NI + PCLMULQDQ */
static int tacitni_seal(void *st)
{
    int r;
    tacit_cpu_hook_disable = CPU_VAES_BIT;
    r = tacit_seal(st);
    tacit_cpu_hook_disable = 0;
    return r;
}
static int tacitni_open(void *st)
{
    int r;
    tacit_cpu_hook_disable = CPU_VAES_BIT;
    r = tacit_open(st);
    tacit_cpu_hook_disable = 0;
    return r;
}
/* the portable path is chosen at setkey */
static void *tacitc_setup(const void *arg)
{
    void *s;
    tacit_cpu_hook_disable = ~0u;
    s = gcm_setup(arg);
    tacit_cpu_hook_disable = 0;
    return s;
}
#define TACITX_SEAL                                                                                \
    { "tacit-aesni", gcm_setup, tacitni_seal, gcm_teardown, 0 },                                   \
        { "tacit-c", tacitc_setup, tacit_seal, gcm_teardown, 0 },
#define TACITX_OPEN                                                                                \
    { "tacit-aesni", gcm_setup, tacitni_open, gcm_teardown, 0 },                                   \
        { "tacit-c", tacitc_setup, tacit_open, gcm_teardown, 0 },
#else
#define TACITX_SEAL
#define TACITX_OPEN
#endif

/* ---- OpenSSL ------------------------------------------------------------------ */

#if defined(TACIT_HAVE_OPENSSL)
static void *ossl_setup(const void *arg)
{
    gcm_state *s = (gcm_state *)gcm_setup(arg);

    if (s == NULL) {
        return NULL;
    }
    s->ossl = EVP_CIPHER_CTX_new();
    if (s->ossl == NULL ||
        EVP_CipherInit_ex(s->ossl, s->key_len == 16 ? EVP_aes_128_gcm() : EVP_aes_256_gcm(), NULL,
                          s->key, NULL, -1) != 1) {
        gcm_teardown(s);
        return NULL;
    }
    return s;
}
static int ossl_run(gcm_state *s, int enc)
{
    int n;

    if (EVP_CipherInit_ex(s->ossl, NULL, NULL, NULL, s->nonce, enc) != 1 ||
        EVP_CipherUpdate(s->ossl, NULL, &n, s->aad, AAD_LEN) != 1 ||
        EVP_CipherUpdate(s->ossl, s->out, &n, enc ? s->pt : s->sealed, (int)s->len) != 1) {
        return 1;
    }
    if (!enc && EVP_CIPHER_CTX_ctrl(s->ossl, EVP_CTRL_GCM_SET_TAG, 16, s->tag) != 1) {
        return 1;
    }
    if (EVP_CipherFinal_ex(s->ossl, s->out + s->len, &n) != 1) {
        return 1;
    }
    return enc && EVP_CIPHER_CTX_ctrl(s->ossl, EVP_CTRL_GCM_GET_TAG, 16, s->out + s->len) != 1;
}
static int ossl_seal(void *st)
{
    return ossl_run((gcm_state *)st, 1);
}
static int ossl_open(void *st)
{
    return ossl_run((gcm_state *)st, 0);
}
#define OSSL_SEAL { "openssl", ossl_setup, ossl_seal, gcm_teardown, 0 },
#define OSSL_OPEN { "openssl", ossl_setup, ossl_open, gcm_teardown, 0 },
#else
#define OSSL_SEAL
#define OSSL_OPEN
#endif

/* ---- libgcrypt ---------------------------------------------------------------- */

#if defined(TACIT_HAVE_GCRYPT)
static void *gc_setup(const void *arg)
{
    gcm_state *s;

    if (gcry_check_version(NULL) == NULL) {
        return NULL;
    }
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    s = (gcm_state *)gcm_setup(arg);
    if (s == NULL) {
        return NULL;
    }
    if (gcry_cipher_open(&s->gc, s->key_len == 16 ? GCRY_CIPHER_AES128 : GCRY_CIPHER_AES256,
                         GCRY_CIPHER_MODE_GCM, 0) != 0 ||
        gcry_cipher_setkey(s->gc, s->key, s->key_len) != 0) {
        gcm_teardown(s);
        return NULL;
    }
    return s;
}
static int gc_seal(void *st)
{
    gcm_state *s = (gcm_state *)st;

    return gcry_cipher_setiv(s->gc, s->nonce, 12) != 0 ||
           gcry_cipher_authenticate(s->gc, s->aad, AAD_LEN) != 0 || gcry_cipher_final(s->gc) != 0 ||
           gcry_cipher_encrypt(s->gc, s->out, s->len, s->pt, s->len) != 0 ||
           gcry_cipher_gettag(s->gc, s->out + s->len, 16) != 0;
}
static int gc_open(void *st)
{
    gcm_state *s = (gcm_state *)st;

    return gcry_cipher_setiv(s->gc, s->nonce, 12) != 0 ||
           gcry_cipher_authenticate(s->gc, s->aad, AAD_LEN) != 0 || gcry_cipher_final(s->gc) != 0 ||
           gcry_cipher_decrypt(s->gc, s->out, s->len, s->sealed, s->len) != 0 ||
           gcry_cipher_checktag(s->gc, s->tag, 16) != 0;
}
#define GC_SEAL { "libgcrypt", gc_setup, gc_seal, gcm_teardown, 0 },
#define GC_OPEN { "libgcrypt", gc_setup, gc_open, gcm_teardown, 0 },
#else
#define GC_SEAL
#define GC_OPEN
#endif

/* ---- BearSSL ------------------------------------------------------------------ */

#if defined(TACIT_HAVE_BEARSSL)
static void *bear_setup_with(const void *arg, int ct)
{
    gcm_state *s = (gcm_state *)gcm_setup(arg);
    br_ghash gh;

    if (s == NULL) {
        return NULL;
    }
    if (ct) {
        br_aes_ct64_ctr_init(&s->brk.ct64, s->key, s->key_len);
        br_gcm_init(&s->br, &s->brk.ct64.vtable, br_ghash_ctmul64);
        return s;
    }
    gh = br_ghash_pclmul_get();
    if (gh == 0 || br_aes_x86ni_ctr_get_vtable() == NULL) {
        gcm_teardown(s);
        return NULL;
    }
    br_aes_x86ni_ctr_init(&s->brk.ni, s->key, s->key_len);
    br_gcm_init(&s->br, &s->brk.ni.vtable, gh);
    return s;
}
static void *bear_setup(const void *arg)
{
    return bear_setup_with(arg, 0);
}
static void *bearct_setup(const void *arg)
{
    return bear_setup_with(arg, 1);
}
static int bear_run(gcm_state *s, int enc)
{
    memcpy(s->out, enc ? s->pt : s->sealed, s->len); /* BearSSL works in place */
    br_gcm_reset(&s->br, s->nonce, 12);
    br_gcm_aad_inject(&s->br, s->aad, AAD_LEN);
    br_gcm_flip(&s->br);
    br_gcm_run(&s->br, enc, s->out, s->len);
    if (enc) {
        br_gcm_get_tag(&s->br, s->out + s->len);
        return 0;
    }
    return br_gcm_check_tag(&s->br, s->tag) != 1;
}
static int bear_seal(void *st)
{
    return bear_run((gcm_state *)st, 1);
}
static int bear_open(void *st)
{
    return bear_run((gcm_state *)st, 0);
}
#define BEAR_SEAL                                                                                  \
    { "bearssl", bear_setup, bear_seal, gcm_teardown, 0 },                                         \
        { "bearssl-ct", bearct_setup, bear_seal, gcm_teardown, 0 },
#define BEAR_OPEN                                                                                  \
    { "bearssl", bear_setup, bear_open, gcm_teardown, 0 },                                         \
        { "bearssl-ct", bearct_setup, bear_open, gcm_teardown, 0 },
#else
#define BEAR_SEAL
#define BEAR_OPEN
#endif

/* ---- nettle ------------------------------------------------------------------- */

#if defined(TACIT_HAVE_NETTLE)
static void *nt_setup(const void *arg)
{
    gcm_state *s = (gcm_state *)gcm_setup(arg);

    if (s != NULL) {
        if (s->key_len == 16) {
            gcm_aes128_set_key(&s->nt128, s->key);
        } else {
            gcm_aes256_set_key(&s->nt256, s->key);
        }
    }
    return s;
}
static int nt_run(gcm_state *s, int enc)
{
    unsigned char tag[16];

    if (s->key_len == 16) {
        gcm_aes128_set_iv(&s->nt128, 12, s->nonce);
        gcm_aes128_update(&s->nt128, AAD_LEN, s->aad);
        if (enc) {
            gcm_aes128_encrypt(&s->nt128, s->len, s->out, s->pt);
        } else {
            gcm_aes128_decrypt(&s->nt128, s->len, s->out, s->sealed);
        }
        gcm_aes128_digest(&s->nt128, 16, enc ? s->out + s->len : tag);
    } else {
        gcm_aes256_set_iv(&s->nt256, 12, s->nonce);
        gcm_aes256_update(&s->nt256, AAD_LEN, s->aad);
        if (enc) {
            gcm_aes256_encrypt(&s->nt256, s->len, s->out, s->pt);
        } else {
            gcm_aes256_decrypt(&s->nt256, s->len, s->out, s->sealed);
        }
        gcm_aes256_digest(&s->nt256, 16, enc ? s->out + s->len : tag);
    }
    return enc ? 0 : memcmp(tag, s->tag, 16) != 0;
}
static int nt_seal(void *st)
{
    return nt_run((gcm_state *)st, 1);
}
static int nt_open(void *st)
{
    return nt_run((gcm_state *)st, 0);
}
#define NT_SEAL { "nettle", nt_setup, nt_seal, gcm_teardown, 0 },
#define NT_OPEN { "nettle", nt_setup, nt_open, gcm_teardown, 0 },
#else
#define NT_SEAL
#define NT_OPEN
#endif

/* ---- mbed TLS ------------------------------------------------------------------ */

#if defined(TACIT_HAVE_MBEDTLS)
static void *mb_setup(const void *arg)
{
    gcm_state *s = (gcm_state *)gcm_setup(arg);

    if (s != NULL) {
        mbedtls_gcm_init(&s->mb);
        s->mb_init = 1;
        if (mbedtls_gcm_setkey(&s->mb, MBEDTLS_CIPHER_ID_AES, s->key, (unsigned)(8 * s->key_len)) !=
            0) {
            gcm_teardown(s);
            return NULL;
        }
    }
    return s;
}
static int mb_seal(void *st)
{
    gcm_state *s = (gcm_state *)st;

    return mbedtls_gcm_crypt_and_tag(&s->mb, MBEDTLS_GCM_ENCRYPT, s->len, s->nonce, 12, s->aad,
                                     AAD_LEN, s->pt, s->out, 16, s->out + s->len);
}
static int mb_open(void *st)
{
    gcm_state *s = (gcm_state *)st;

    return mbedtls_gcm_auth_decrypt(&s->mb, s->len, s->nonce, 12, s->aad, AAD_LEN, s->tag, 16,
                                    s->sealed, s->out);
}
#define MB_SEAL { "mbedtls", mb_setup, mb_seal, gcm_teardown, 0 },
#define MB_OPEN { "mbedtls", mb_setup, mb_open, gcm_teardown, 0 },
#else
#define MB_SEAL
#define MB_OPEN
#endif

/* ---- libsodium (AES-256-GCM only, and only with AES-NI + PCLMUL) -------------- */

#if defined(TACIT_HAVE_SODIUM)
static void *na_setup(const void *arg)
{
    gcm_state *s;

    if (sodium_init() < 0 || !crypto_aead_aes256gcm_is_available() ||
        ((const gcm_arg *)arg)->key_len != 32) {
        return NULL;
    }
    s = (gcm_state *)gcm_setup(arg);
    if (s == NULL) {
        return NULL;
    }
    /* the state wants 16-byte alignment */
    s->na = (crypto_aead_aes256gcm_state *)(void *)(s->na_buf +
                                                    ((16 - ((uintptr_t)s->na_buf & 15)) & 15));
    if (crypto_aead_aes256gcm_beforenm(s->na, s->key) != 0) {
        gcm_teardown(s);
        return NULL;
    }
    return s;
}
static int na_seal(void *st)
{
    gcm_state *s = (gcm_state *)st;
    unsigned long long ml;

    return crypto_aead_aes256gcm_encrypt_detached_afternm(
        s->out, s->out + s->len, &ml, s->pt, s->len, s->aad, AAD_LEN, NULL, s->nonce, s->na);
}
static int na_open(void *st)
{
    gcm_state *s = (gcm_state *)st;

    return crypto_aead_aes256gcm_decrypt_detached_afternm(s->out, NULL, s->sealed, s->len, s->tag,
                                                          s->aad, AAD_LEN, s->nonce, s->na);
}
#define NA_SEAL { "libsodium", na_setup, na_seal, gcm_teardown, 0 },
#define NA_OPEN { "libsodium", na_setup, na_open, gcm_teardown, 0 },
#else
#define NA_SEAL
#define NA_OPEN
#endif

#define SEAL_IMPLS                                                                                 \
    {                                                                                              \
        TACIT_SEAL TACITX_SEAL OSSL_SEAL GC_SEAL BEAR_SEAL NT_SEAL MB_SEAL NA_SEAL                 \
    }
#define OPEN_IMPLS                                                                                 \
    {                                                                                              \
        TACIT_OPEN TACITX_OPEN OSSL_OPEN GC_OPEN BEAR_OPEN NT_OPEN MB_OPEN NA_OPEN                 \
    }

const bench_row bench_rows_aead[] = {
    { "aes-128-gcm-16k-seal", "aes-128-gcm 16 KiB seal", 16384, &a128_16k, SEAL_IMPLS },
    { "aes-128-gcm-16k-open", "aes-128-gcm 16 KiB open", 16384, &a128_16k, OPEN_IMPLS },
    { "aes-256-gcm-16k-seal", "aes-256-gcm 16 KiB seal", 16384, &a256_16k, SEAL_IMPLS },
    { "aes-256-gcm-16k-open", "aes-256-gcm 16 KiB open", 16384, &a256_16k, OPEN_IMPLS },
    { "aes-128-gcm-1350-seal", "aes-128-gcm 1350 B seal", 1350, &a128_1350, SEAL_IMPLS },
    { "aes-128-gcm-1350-open", "aes-128-gcm 1350 B open", 1350, &a128_1350, OPEN_IMPLS },
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};

#else
const bench_row bench_rows_aead[] = {
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};
#endif
