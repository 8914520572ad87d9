/*
 * Benchmark rows for the AEADs, one engine for all of them: seal and open,
 * 13 bytes of AAD, 12-byte nonce, one-shot calls with a key set up once
 * (the per-message work), open given a valid message (the tag is checked,
 * then the plaintext released).
 *
 * AES-GCM (bench_rows_aead): 16 KiB (AES-128 and AES-256) and 1350 B (a
 * TLS record, AES-128), against OpenSSL (EVP, its default dispatch),
 * libgcrypt, BearSSL (its best: AES-NI CTR and PCLMUL GHASH; and
 * "bearssl-ct", the portable constant-time aes_ct64 and ghash_ctmul64),
 * nettle, mbed TLS and libsodium (AES-256-GCM only).
 *
 * ChaCha20-Poly1305 (bench_rows_chachapoly): 16 KiB and 1350 B, against
 * OpenSSL, libsodium, libgcrypt, BearSSL (its best: SSE2 ChaCha20 and
 * ctmulq Poly1305; and "bearssl-ct", the portable constant-time ChaCha20
 * and ctmul Poly1305), nettle and mbed TLS.
 *
 * In a TACIT_TEST_HOOKS build, tacit with some CPU kernels switched off
 * (tacit_cpu_hook_disable, during setup and each call): "tacit-aesni" (GCM:
 * AES-NI + PCLMULQDQ, no VAES), "tacit-avx2" (ChaCha20-Poly1305: AVX2
 * ChaCha20 + MULX Poly1305, no AVX-512, what an AVX2-only CPU runs) and
 * "tacit-c" (every kernel off: the portable C).
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
#include <nettle/chacha-poly1305.h>
#include <nettle/gcm.h>
#endif
#if defined(TACIT_HAVE_MBEDTLS)
#include <mbedtls/chachapoly.h>
#include <mbedtls/gcm.h>
#endif

#if defined(TACIT_AEAD_C) && (defined(TACIT_GCM_C) || defined(TACIT_CHACHAPOLY_C))

#define AAD_LEN 13

typedef struct {
    tacit_aead_alg alg;
    size_t key_len, len;
} aead_arg;

typedef struct {
    tacit_aead_alg alg;
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
    mbedtls_chachapoly_context mbcp;
    int mb_init; /* 1: mb, 2: mbcp */
#endif
#if defined(TACIT_HAVE_NETTLE)
    struct gcm_aes128_ctx nt128;
    struct gcm_aes256_ctx nt256;
    struct chacha_poly1305_ctx ntcp;
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
} aead_state;

#if defined(TACIT_HAVE_OPENSSL) || defined(TACIT_HAVE_GCRYPT)
static int is_gcm(const aead_state *s)
{
    return s->alg != TACIT_AEAD_CHACHA20_POLY1305;
}
#endif

static void aead_teardown(void *st)
{
    aead_state *s = (aead_state *)st;

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
    if (s->mb_init == 1) {
        mbedtls_gcm_free(&s->mb);
    } else if (s->mb_init == 2) {
        mbedtls_chachapoly_free(&s->mbcp);
    }
#endif
    free(s->pt);
    free(s->sealed);
    free(s->out);
    free(s);
}

static void *aead_setup(const void *arg)
{
    const aead_arg *a = (const aead_arg *)arg;
    aead_state *s = (aead_state *)calloc(1, sizeof(*s));
    size_t i, olen;

    if (s == NULL) {
        return NULL;
    }
    tacit_aead_init(&s->tctx);
    s->alg = a->alg;
    s->key_len = a->key_len;
    s->len = a->len;
    s->pt = (unsigned char *)malloc(s->len);
    s->sealed = (unsigned char *)malloc(s->len + 16);
    s->out = (unsigned char *)malloc(s->len + 16);
    if (s->pt == NULL || s->sealed == NULL || s->out == NULL) {
        aead_teardown(s);
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
    if (tacit_aead_setkey(&s->tctx, s->alg, s->key, s->key_len, 0) != 0 ||
        tacit_aead_seal(&s->tctx, s->nonce, 12, s->aad, AAD_LEN, s->pt, s->len, s->sealed,
                        s->len + 16, &olen) != 0) {
        aead_teardown(s);
        return NULL;
    }
    memcpy(s->tag, s->sealed + s->len, 16);
    return s;
}

/* ---- tacit ---------------------------------------------------------------- */

static int tacit_seal(void *st)
{
    aead_state *s = (aead_state *)st;
    size_t olen;

    return tacit_aead_seal(&s->tctx, s->nonce, 12, s->aad, AAD_LEN, s->pt, s->len, s->out,
                           s->len + 16, &olen);
}

static int tacit_open(void *st)
{
    aead_state *s = (aead_state *)st;
    size_t olen;

    return tacit_aead_open(&s->tctx, s->nonce, 12, s->aad, AAD_LEN, s->sealed, s->len + 16, s->out,
                           s->len + 16, &olen);
}

#define TACIT_SEAL { "tacit", aead_setup, tacit_seal, aead_teardown, 0 },
#define TACIT_OPEN { "tacit", aead_setup, tacit_open, aead_teardown, 0 },

/*
 * tacit with the CPU bits `bits` off (core/cpu_x86.h, test builds only),
 * during setup (GCM picks its kernel at setkey) and each call (ChaCha20-
 * Poly1305 picks per call): NAME_setup, NAME_seal, NAME_open.  The bits
 * TACIT_BENCH_CPU_DISABLE switched off stay off, for these and for the
 * "tacit" column.
 */
#if defined(TACIT_TEST_HOOKS) && (defined(__x86_64__) || defined(__i386__))
extern unsigned tacit_cpu_hook_disable;
#define HOOKED(NAME, BITS)                                                                         \
    static void *NAME##_setup(const void *arg)                                                     \
    {                                                                                              \
        unsigned saved = tacit_cpu_hook_disable;                                                   \
        void *s;                                                                                   \
        tacit_cpu_hook_disable = saved | (BITS);                                                   \
        s = aead_setup(arg);                                                                       \
        tacit_cpu_hook_disable = saved;                                                            \
        return s;                                                                                  \
    }                                                                                              \
    static int NAME##_seal(void *st)                                                               \
    {                                                                                              \
        unsigned saved = tacit_cpu_hook_disable;                                                   \
        int r;                                                                                     \
        tacit_cpu_hook_disable = saved | (BITS);                                                   \
        r = tacit_seal(st);                                                                        \
        tacit_cpu_hook_disable = saved;                                                            \
        return r;                                                                                  \
    }                                                                                              \
    static int NAME##_open(void *st)                                                               \
    {                                                                                              \
        unsigned saved = tacit_cpu_hook_disable;                                                   \
        int r;                                                                                     \
        tacit_cpu_hook_disable = saved | (BITS);                                                   \
        r = tacit_open(st);                                                                        \
        tacit_cpu_hook_disable = saved;                                                            \
        return r;                                                                                  \
    }
#define HOOKED_IMPL(WHO, NAME, OP) { WHO, NAME##_setup, NAME##_##OP, aead_teardown, 0 },
HOOKED(tacitc, ~0u)
#define TACITC_SEAL HOOKED_IMPL("tacit-c", tacitc, seal)
#define TACITC_OPEN HOOKED_IMPL("tacit-c", tacitc, open)
#if defined(TACIT_GCM_C)
HOOKED(tacitni, 0x200u) /* TACIT_CPU_VAES */
#define TACITNI_SEAL HOOKED_IMPL("tacit-aesni", tacitni, seal)
#define TACITNI_OPEN HOOKED_IMPL("tacit-aesni", tacitni, open)
#endif
#if defined(TACIT_CHACHAPOLY_C)
HOOKED(tacitavx2, 0x60u) /* TACIT_CPU_AVX512 | TACIT_CPU_IFMA */
#define TACITAVX2_SEAL HOOKED_IMPL("tacit-avx2", tacitavx2, seal)
#define TACITAVX2_OPEN HOOKED_IMPL("tacit-avx2", tacitavx2, open)
#endif
#else
#define TACITC_SEAL
#define TACITC_OPEN
#define TACITNI_SEAL
#define TACITNI_OPEN
#define TACITAVX2_SEAL
#define TACITAVX2_OPEN
#endif

/* ---- OpenSSL ------------------------------------------------------------------ */

#if defined(TACIT_HAVE_OPENSSL)
static void *ossl_setup(const void *arg)
{
    aead_state *s = (aead_state *)aead_setup(arg);
    const EVP_CIPHER *c;

    if (s == NULL) {
        return NULL;
    }
    c = !is_gcm(s)         ? EVP_chacha20_poly1305()
        : s->key_len == 16 ? EVP_aes_128_gcm()
                           : EVP_aes_256_gcm();
    s->ossl = EVP_CIPHER_CTX_new();
    if (s->ossl == NULL || EVP_CipherInit_ex(s->ossl, c, NULL, s->key, NULL, -1) != 1) {
        aead_teardown(s);
        return NULL;
    }
    return s;
}
static int ossl_run(aead_state *s, int enc)
{
    int n;

    if (EVP_CipherInit_ex(s->ossl, NULL, NULL, NULL, s->nonce, enc) != 1 ||
        EVP_CipherUpdate(s->ossl, NULL, &n, s->aad, AAD_LEN) != 1 ||
        EVP_CipherUpdate(s->ossl, s->out, &n, enc ? s->pt : s->sealed, (int)s->len) != 1) {
        return 1;
    }
    if (!enc && EVP_CIPHER_CTX_ctrl(s->ossl, EVP_CTRL_AEAD_SET_TAG, 16, s->tag) != 1) {
        return 1;
    }
    if (EVP_CipherFinal_ex(s->ossl, s->out + s->len, &n) != 1) {
        return 1;
    }
    return enc && EVP_CIPHER_CTX_ctrl(s->ossl, EVP_CTRL_AEAD_GET_TAG, 16, s->out + s->len) != 1;
}
static int ossl_seal(void *st)
{
    return ossl_run((aead_state *)st, 1);
}
static int ossl_open(void *st)
{
    return ossl_run((aead_state *)st, 0);
}
#define OSSL_SEAL { "openssl", ossl_setup, ossl_seal, aead_teardown, 0 },
#define OSSL_OPEN { "openssl", ossl_setup, ossl_open, aead_teardown, 0 },
#else
#define OSSL_SEAL
#define OSSL_OPEN
#endif

/* ---- libgcrypt ---------------------------------------------------------------- */

#if defined(TACIT_HAVE_GCRYPT)
static void *gc_setup(const void *arg)
{
    aead_state *s;
    int cipher, mode;

    if (gcry_check_version(NULL) == NULL) {
        return NULL;
    }
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    s = (aead_state *)aead_setup(arg);
    if (s == NULL) {
        return NULL;
    }
    cipher = !is_gcm(s)         ? GCRY_CIPHER_CHACHA20
             : s->key_len == 16 ? GCRY_CIPHER_AES128
                                : GCRY_CIPHER_AES256;
    mode = is_gcm(s) ? GCRY_CIPHER_MODE_GCM : GCRY_CIPHER_MODE_POLY1305;
    if (gcry_cipher_open(&s->gc, cipher, mode, 0) != 0 ||
        gcry_cipher_setkey(s->gc, s->key, s->key_len) != 0) {
        aead_teardown(s);
        return NULL;
    }
    return s;
}
static int gc_seal(void *st)
{
    aead_state *s = (aead_state *)st;

    return gcry_cipher_setiv(s->gc, s->nonce, 12) != 0 ||
           gcry_cipher_authenticate(s->gc, s->aad, AAD_LEN) != 0 || gcry_cipher_final(s->gc) != 0 ||
           gcry_cipher_encrypt(s->gc, s->out, s->len, s->pt, s->len) != 0 ||
           gcry_cipher_gettag(s->gc, s->out + s->len, 16) != 0;
}
static int gc_open(void *st)
{
    aead_state *s = (aead_state *)st;

    return gcry_cipher_setiv(s->gc, s->nonce, 12) != 0 ||
           gcry_cipher_authenticate(s->gc, s->aad, AAD_LEN) != 0 || gcry_cipher_final(s->gc) != 0 ||
           gcry_cipher_decrypt(s->gc, s->out, s->len, s->sealed, s->len) != 0 ||
           gcry_cipher_checktag(s->gc, s->tag, 16) != 0;
}
#define GC_SEAL { "libgcrypt", gc_setup, gc_seal, aead_teardown, 0 },
#define GC_OPEN { "libgcrypt", gc_setup, gc_open, aead_teardown, 0 },
#else
#define GC_SEAL
#define GC_OPEN
#endif

/* ======== AES-GCM only ======== */

#if defined(TACIT_GCM_C)

/* ---- BearSSL ------------------------------------------------------------------ */

#if defined(TACIT_HAVE_BEARSSL)
static void *bear_setup_with(const void *arg, int ct)
{
    aead_state *s = (aead_state *)aead_setup(arg);
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
        aead_teardown(s);
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
static int bear_run(aead_state *s, int enc)
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
    return bear_run((aead_state *)st, 1);
}
static int bear_open(void *st)
{
    return bear_run((aead_state *)st, 0);
}
#define BEAR_SEAL                                                                                  \
    { "bearssl", bear_setup, bear_seal, aead_teardown, 0 },                                        \
        { "bearssl-ct", bearct_setup, bear_seal, aead_teardown, 0 },
#define BEAR_OPEN                                                                                  \
    { "bearssl", bear_setup, bear_open, aead_teardown, 0 },                                        \
        { "bearssl-ct", bearct_setup, bear_open, aead_teardown, 0 },
#else
#define BEAR_SEAL
#define BEAR_OPEN
#endif

/* ---- nettle ------------------------------------------------------------------- */

#if defined(TACIT_HAVE_NETTLE)
static void *nt_setup(const void *arg)
{
    aead_state *s = (aead_state *)aead_setup(arg);

    if (s != NULL) {
        if (s->key_len == 16) {
            gcm_aes128_set_key(&s->nt128, s->key);
        } else {
            gcm_aes256_set_key(&s->nt256, s->key);
        }
    }
    return s;
}
static int nt_run(aead_state *s, int enc)
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
    return nt_run((aead_state *)st, 1);
}
static int nt_open(void *st)
{
    return nt_run((aead_state *)st, 0);
}
#define NT_SEAL { "nettle", nt_setup, nt_seal, aead_teardown, 0 },
#define NT_OPEN { "nettle", nt_setup, nt_open, aead_teardown, 0 },
#else
#define NT_SEAL
#define NT_OPEN
#endif

/* ---- mbed TLS ------------------------------------------------------------------ */

#if defined(TACIT_HAVE_MBEDTLS)
static void *mb_setup(const void *arg)
{
    aead_state *s = (aead_state *)aead_setup(arg);

    if (s != NULL) {
        mbedtls_gcm_init(&s->mb);
        s->mb_init = 1;
        if (mbedtls_gcm_setkey(&s->mb, MBEDTLS_CIPHER_ID_AES, s->key, (unsigned)(8 * s->key_len)) !=
            0) {
            aead_teardown(s);
            return NULL;
        }
    }
    return s;
}
static int mb_seal(void *st)
{
    aead_state *s = (aead_state *)st;

    return mbedtls_gcm_crypt_and_tag(&s->mb, MBEDTLS_GCM_ENCRYPT, s->len, s->nonce, 12, s->aad,
                                     AAD_LEN, s->pt, s->out, 16, s->out + s->len);
}
static int mb_open(void *st)
{
    aead_state *s = (aead_state *)st;

    return mbedtls_gcm_auth_decrypt(&s->mb, s->len, s->nonce, 12, s->aad, AAD_LEN, s->tag, 16,
                                    s->sealed, s->out);
}
#define MB_SEAL { "mbedtls", mb_setup, mb_seal, aead_teardown, 0 },
#define MB_OPEN { "mbedtls", mb_setup, mb_open, aead_teardown, 0 },
#else
#define MB_SEAL
#define MB_OPEN
#endif

/* ---- libsodium (AES-256-GCM only, and only with AES-NI + PCLMUL) -------------- */

#if defined(TACIT_HAVE_SODIUM)
static void *na_setup(const void *arg)
{
    aead_state *s;

    if (sodium_init() < 0 || !crypto_aead_aes256gcm_is_available() ||
        ((const aead_arg *)arg)->key_len != 32) {
        return NULL;
    }
    s = (aead_state *)aead_setup(arg);
    if (s == NULL) {
        return NULL;
    }
    /* the state wants 16-byte alignment */
    s->na = (crypto_aead_aes256gcm_state *)(void *)(s->na_buf +
                                                    ((16 - ((uintptr_t)s->na_buf & 15)) & 15));
    if (crypto_aead_aes256gcm_beforenm(s->na, s->key) != 0) {
        aead_teardown(s);
        return NULL;
    }
    return s;
}
static int na_seal(void *st)
{
    aead_state *s = (aead_state *)st;
    unsigned long long ml;

    return crypto_aead_aes256gcm_encrypt_detached_afternm(
        s->out, s->out + s->len, &ml, s->pt, s->len, s->aad, AAD_LEN, NULL, s->nonce, s->na);
}
static int na_open(void *st)
{
    aead_state *s = (aead_state *)st;

    return crypto_aead_aes256gcm_decrypt_detached_afternm(s->out, NULL, s->sealed, s->len, s->tag,
                                                          s->aad, AAD_LEN, s->nonce, s->na);
}
#define NA_SEAL { "libsodium", na_setup, na_seal, aead_teardown, 0 },
#define NA_OPEN { "libsodium", na_setup, na_open, aead_teardown, 0 },
#else
#define NA_SEAL
#define NA_OPEN
#endif

#define GCM_SEAL_IMPLS                                                                             \
    {                                                                                              \
        TACIT_SEAL TACITNI_SEAL TACITC_SEAL OSSL_SEAL GC_SEAL BEAR_SEAL NT_SEAL MB_SEAL NA_SEAL    \
    }
#define GCM_OPEN_IMPLS                                                                             \
    {                                                                                              \
        TACIT_OPEN TACITNI_OPEN TACITC_OPEN OSSL_OPEN GC_OPEN BEAR_OPEN NT_OPEN MB_OPEN NA_OPEN    \
    }

static const aead_arg a128_16k = { TACIT_AEAD_AES_128_GCM, 16, 16384 },
                      a256_16k = { TACIT_AEAD_AES_256_GCM, 32, 16384 },
                      a128_1350 = { TACIT_AEAD_AES_128_GCM, 16, 1350 };

const bench_row bench_rows_aead[] = {
    { "aes-128-gcm-16k-seal", "aes-128-gcm 16 KiB seal", 16384, &a128_16k, GCM_SEAL_IMPLS },
    { "aes-128-gcm-16k-open", "aes-128-gcm 16 KiB open", 16384, &a128_16k, GCM_OPEN_IMPLS },
    { "aes-256-gcm-16k-seal", "aes-256-gcm 16 KiB seal", 16384, &a256_16k, GCM_SEAL_IMPLS },
    { "aes-256-gcm-16k-open", "aes-256-gcm 16 KiB open", 16384, &a256_16k, GCM_OPEN_IMPLS },
    { "aes-128-gcm-1350-seal", "aes-128-gcm 1350 B seal", 1350, &a128_1350, GCM_SEAL_IMPLS },
    { "aes-128-gcm-1350-open", "aes-128-gcm 1350 B open", 1350, &a128_1350, GCM_OPEN_IMPLS },
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};

#endif /* TACIT_GCM_C */

/* ======== ChaCha20-Poly1305 only ======== */

#if defined(TACIT_CHACHAPOLY_C)

/* ---- libsodium -------------------------------------------------------------- */

#if defined(TACIT_HAVE_SODIUM)
static void *cp_sodium_setup(const void *arg)
{
    if (sodium_init() < 0) {
        return NULL;
    }
    return aead_setup(arg);
}
static int cp_sodium_seal(void *st)
{
    aead_state *s = (aead_state *)st;
    unsigned long long ml;

    return crypto_aead_chacha20poly1305_ietf_encrypt_detached(
        s->out, s->out + s->len, &ml, s->pt, s->len, s->aad, AAD_LEN, NULL, s->nonce, s->key);
}
static int cp_sodium_open(void *st)
{
    aead_state *s = (aead_state *)st;

    return crypto_aead_chacha20poly1305_ietf_decrypt_detached(
        s->out, NULL, s->sealed, s->len, s->tag, s->aad, AAD_LEN, s->nonce, s->key);
}
#define CP_SODIUM_SEAL { "libsodium", cp_sodium_setup, cp_sodium_seal, aead_teardown, 0 },
#define CP_SODIUM_OPEN { "libsodium", cp_sodium_setup, cp_sodium_open, aead_teardown, 0 },
#else
#define CP_SODIUM_SEAL
#define CP_SODIUM_OPEN
#endif

/* ---- BearSSL ------------------------------------------------------------------ */

#if defined(TACIT_HAVE_BEARSSL)
static int cp_bear_run(aead_state *s, br_chacha20_run cc, br_poly1305_run pr, int enc)
{
    unsigned char tag[16];

    if (cc == 0 || pr == 0) {
        return 1;
    }
    memcpy(s->out, enc ? s->pt : s->sealed, s->len); /* BearSSL works in place */
    pr(s->key, s->nonce, s->out, s->len, s->aad, AAD_LEN, enc ? s->out + s->len : tag, cc, enc);
    return enc ? 0 : memcmp(tag, s->tag, 16) != 0;
}
static int cp_bear_seal(void *st)
{
    return cp_bear_run((aead_state *)st, br_chacha20_sse2_get(), br_poly1305_ctmulq_get(), 1);
}
static int cp_bear_open(void *st)
{
    return cp_bear_run((aead_state *)st, br_chacha20_sse2_get(), br_poly1305_ctmulq_get(), 0);
}
static int cp_bearct_seal(void *st)
{
    return cp_bear_run((aead_state *)st, br_chacha20_ct_run, br_poly1305_ctmul_run, 1);
}
static int cp_bearct_open(void *st)
{
    return cp_bear_run((aead_state *)st, br_chacha20_ct_run, br_poly1305_ctmul_run, 0);
}
#define CP_BEAR_SEAL                                                                               \
    { "bearssl", aead_setup, cp_bear_seal, aead_teardown, 0 },                                     \
        { "bearssl-ct", aead_setup, cp_bearct_seal, aead_teardown, 0 },
#define CP_BEAR_OPEN                                                                               \
    { "bearssl", aead_setup, cp_bear_open, aead_teardown, 0 },                                     \
        { "bearssl-ct", aead_setup, cp_bearct_open, aead_teardown, 0 },
#else
#define CP_BEAR_SEAL
#define CP_BEAR_OPEN
#endif

/* ---- nettle ------------------------------------------------------------------- */

#if defined(TACIT_HAVE_NETTLE)
static void *cp_nt_setup(const void *arg)
{
    aead_state *s = (aead_state *)aead_setup(arg);

    if (s != NULL) {
        chacha_poly1305_set_key(&s->ntcp, s->key);
    }
    return s;
}
static int cp_nt_seal(void *st)
{
    aead_state *s = (aead_state *)st;

    chacha_poly1305_set_nonce(&s->ntcp, s->nonce);
    chacha_poly1305_update(&s->ntcp, AAD_LEN, s->aad);
    chacha_poly1305_encrypt(&s->ntcp, s->len, s->out, s->pt);
    chacha_poly1305_digest(&s->ntcp, 16, s->out + s->len);
    return 0;
}
static int cp_nt_open(void *st)
{
    aead_state *s = (aead_state *)st;
    unsigned char tag[16];

    chacha_poly1305_set_nonce(&s->ntcp, s->nonce);
    chacha_poly1305_update(&s->ntcp, AAD_LEN, s->aad);
    chacha_poly1305_decrypt(&s->ntcp, s->len, s->out, s->sealed);
    chacha_poly1305_digest(&s->ntcp, 16, tag);
    return memcmp(tag, s->tag, 16) != 0;
}
#define CP_NT_SEAL { "nettle", cp_nt_setup, cp_nt_seal, aead_teardown, 0 },
#define CP_NT_OPEN { "nettle", cp_nt_setup, cp_nt_open, aead_teardown, 0 },
#else
#define CP_NT_SEAL
#define CP_NT_OPEN
#endif

/* ---- mbed TLS ------------------------------------------------------------------ */

#if defined(TACIT_HAVE_MBEDTLS)
static void *cp_mb_setup(const void *arg)
{
    aead_state *s = (aead_state *)aead_setup(arg);

    if (s != NULL) {
        mbedtls_chachapoly_init(&s->mbcp);
        s->mb_init = 2;
        if (mbedtls_chachapoly_setkey(&s->mbcp, s->key) != 0) {
            aead_teardown(s);
            return NULL;
        }
    }
    return s;
}
static int cp_mb_seal(void *st)
{
    aead_state *s = (aead_state *)st;

    return mbedtls_chachapoly_encrypt_and_tag(&s->mbcp, s->len, s->nonce, s->aad, AAD_LEN, s->pt,
                                              s->out, s->out + s->len);
}
static int cp_mb_open(void *st)
{
    aead_state *s = (aead_state *)st;

    return mbedtls_chachapoly_auth_decrypt(&s->mbcp, s->len, s->nonce, s->aad, AAD_LEN, s->tag,
                                           s->sealed, s->out);
}
#define CP_MB_SEAL { "mbedtls", cp_mb_setup, cp_mb_seal, aead_teardown, 0 },
#define CP_MB_OPEN { "mbedtls", cp_mb_setup, cp_mb_open, aead_teardown, 0 },
#else
#define CP_MB_SEAL
#define CP_MB_OPEN
#endif

#define CP_SEAL_IMPLS                                                                              \
    {                                                                                              \
        TACIT_SEAL TACITAVX2_SEAL TACITC_SEAL OSSL_SEAL CP_SODIUM_SEAL GC_SEAL CP_BEAR_SEAL        \
            CP_NT_SEAL CP_MB_SEAL                                                                  \
    }
#define CP_OPEN_IMPLS                                                                              \
    {                                                                                              \
        TACIT_OPEN TACITAVX2_OPEN TACITC_OPEN OSSL_OPEN CP_SODIUM_OPEN GC_OPEN CP_BEAR_OPEN        \
            CP_NT_OPEN CP_MB_OPEN                                                                  \
    }

static const aead_arg cp_16k = { TACIT_AEAD_CHACHA20_POLY1305, 32, 16384 },
                      cp_1350 = { TACIT_AEAD_CHACHA20_POLY1305, 32, 1350 };

const bench_row bench_rows_chachapoly[] = {
    { "chacha20-poly1305-16k-seal", "chacha20-poly1305 16 KiB seal", 16384, &cp_16k,
      CP_SEAL_IMPLS },
    { "chacha20-poly1305-16k-open", "chacha20-poly1305 16 KiB open", 16384, &cp_16k,
      CP_OPEN_IMPLS },
    { "chacha20-poly1305-1350-seal", "chacha20-poly1305 1350 B seal", 1350, &cp_1350,
      CP_SEAL_IMPLS },
    { "chacha20-poly1305-1350-open", "chacha20-poly1305 1350 B open", 1350, &cp_1350,
      CP_OPEN_IMPLS },
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};

#endif /* TACIT_CHACHAPOLY_C */

#endif /* TACIT_AEAD_C && (TACIT_GCM_C || TACIT_CHACHAPOLY_C) */

#if !defined(TACIT_AEAD_C) || !defined(TACIT_GCM_C)
const bench_row bench_rows_aead[] = {
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};
#endif
#if !defined(TACIT_AEAD_C) || !defined(TACIT_CHACHAPOLY_C)
const bench_row bench_rows_chachapoly[] = {
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};
#endif
