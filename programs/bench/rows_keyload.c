/*
 * Private-key loading: DER in, a key ready to sign out, through each
 * library's generic entry point -- tacit_pk_parse_key (with its constant-flow
 * checks of every CRT value), OpenSSL's d2i_AutoPrivateKey (no checks),
 * mbed TLS's mbedtls_pk_parse_key, BearSSL's br_skey_decoder (no checks).
 * Every server restart and every short-lived `tacit sign` pays this.
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "tacit/ecp.h"
#include "tacit/pk.h"
#include "ec/ecp_internal.h"

#include "rows_rsa_keys.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/evp.h>
#include <openssl/x509.h>
#endif
#if defined(TACIT_HAVE_MBEDTLS)
#include <mbedtls/ecp.h>
#include <mbedtls/pk.h>
#include <mbedtls/rsa.h>
#endif
#if defined(TACIT_HAVE_BEARSSL)
#include <bearssl.h>
#endif

typedef struct {
    unsigned char der[4096];
    size_t len;
} key_der;

/* arg: the hex of an RSA PKCS#1 key, or NULL for a fixed P-256 key as PKCS#8 */
static int load_der(key_der *k, const char *hex)
{
    size_t i;

    if (hex == NULL) {
        static const unsigned char d[32] = { 0x1f, 0x3a, 0x5c, 0x77, 0x91, 0x0b, 0x2d, 0x4e,
                                             0x6f, 0x80, 0xa2, 0xc4, 0xe6, 0x08, 0x2a, 0x4c,
                                             0x6e, 0x81, 0xa3, 0xc5, 0xe7, 0x09, 0x2b, 0x4d,
                                             0x6f, 0x80, 0x91, 0xa2, 0xb3, 0xc4, 0xd5, 0xe6 };
        tacit_ecp_keypair key;
        int ret;

        tacit_ecp_keypair_init(&key);
        ret = tacit_ecp_set_private(&key, TACIT_ECP_SECP256R1, d, sizeof(d));
        if (ret == 0) {
            ret = tacit_ecp_write_key_der(&key, TACIT_KEY_FORMAT_PKCS8, k->der, sizeof(k->der),
                                          &k->len);
        }
        tacit_ecp_keypair_free(&key);
        return ret;
    }
    k->len = strlen(hex) / 2;
    if (k->len > sizeof(k->der)) {
        return -1;
    }
    for (i = 0; i < k->len; i++) {
        unsigned v = 0, j;
        for (j = 0; j < 2; j++) {
            char c = hex[2 * i + j];
            v = v * 16 + (unsigned)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
        }
        k->der[i] = (unsigned char)v;
    }
    return 0;
}

static void *der_setup(const void *arg)
{
    key_der *k = (key_der *)calloc(1, sizeof(*k));

    if (k != NULL && load_der(k, (const char *)arg) != 0) {
        free(k);
        k = NULL;
    }
    return k;
}

static void der_teardown(void *st)
{
    free(st);
}

static int tacit_parse(void *st)
{
    const key_der *k = (const key_der *)st;
    tacit_pk_context pk;
    int ret;

    tacit_pk_init(&pk);
    ret = tacit_pk_parse_key(&pk, k->der, k->len);
    tacit_pk_free(&pk);
    return ret;
}

#if defined(TACIT_HAVE_OPENSSL)
static int openssl_parse(void *st)
{
    const key_der *k = (const key_der *)st;
    const unsigned char *p = k->der;
    EVP_PKEY *pkey = d2i_AutoPrivateKey(NULL, &p, (long)k->len);

    if (pkey == NULL) {
        return -1;
    }
    EVP_PKEY_free(pkey);
    return 0;
}
#endif

#if defined(TACIT_HAVE_MBEDTLS)
static int mbedtls_parse(void *st)
{
    const key_der *k = (const key_der *)st;
    mbedtls_pk_context pk;
    int ret;

    mbedtls_pk_init(&pk);
    ret = mbedtls_pk_parse_key(&pk, k->der, k->len, NULL, 0);
    mbedtls_pk_free(&pk);
    return ret;
}

static int mbedtls_parse_check(void *st)
{
    const key_der *k = (const key_der *)st;
    mbedtls_pk_context pk;
    int ret;

    mbedtls_pk_init(&pk);
    ret = mbedtls_pk_parse_key(&pk, k->der, k->len, NULL, 0);
    if (ret == 0 && mbedtls_pk_get_type(&pk) == MBEDTLS_PK_RSA) {
        ret = mbedtls_rsa_check_privkey(mbedtls_pk_rsa(pk));
    } else if (ret == 0 && mbedtls_pk_get_type(&pk) == MBEDTLS_PK_ECKEY) {
        ret = mbedtls_ecp_check_pub_priv(mbedtls_pk_ec(pk), mbedtls_pk_ec(pk));
    }
    mbedtls_pk_free(&pk);
    return ret;
}
#endif

#if defined(TACIT_HAVE_BEARSSL)
static int bearssl_parse(void *st)
{
    const key_der *k = (const key_der *)st;
    br_skey_decoder_context dc;

    br_skey_decoder_init(&dc);
    br_skey_decoder_push(&dc, k->der, k->len);
    return br_skey_decoder_last_error(&dc) == 0 && br_skey_decoder_key_type(&dc) != 0 ? 0 : -1;
}

/* EC keys only: decode, then compute Q = d*G (the P-256 row) */
static int bearssl_parse_pub(void *st)
{
    const key_der *k = (const key_der *)st;
    br_skey_decoder_context dc;
    const br_ec_private_key *sk;
    br_ec_public_key pk;
    unsigned char q[BR_EC_KBUF_PUB_MAX_SIZE];

    br_skey_decoder_init(&dc);
    br_skey_decoder_push(&dc, k->der, k->len);
    if (br_skey_decoder_last_error(&dc) != 0 || (sk = br_skey_decoder_get_ec(&dc)) == NULL) {
        return -1;
    }
    return br_ec_compute_pub(br_ec_get_default(), &pk, q, sk) != 0 ? 0 : -1;
}
#endif

#define KEYLOAD_IMPLS                                                                              \
    { "tacit", der_setup, tacit_parse, der_teardown, 0 }, OPENSSL_IMPL MBEDTLS_IMPL BEARSSL_IMPL
#define KEYLOAD_EC_IMPLS KEYLOAD_IMPLS BEARSSL_PUB_IMPL
#if defined(TACIT_HAVE_OPENSSL)
#define OPENSSL_IMPL { "openssl", der_setup, openssl_parse, der_teardown, 0 },
#else
#define OPENSSL_IMPL
#endif
#if defined(TACIT_HAVE_MBEDTLS)
#define MBEDTLS_IMPL                                                                               \
    { "mbedtls", der_setup, mbedtls_parse, der_teardown, 0 },                                      \
        { "mbedtls+check", der_setup, mbedtls_parse_check, der_teardown, 0 },
#else
#define MBEDTLS_IMPL
#endif
#if defined(TACIT_HAVE_BEARSSL)
#define BEARSSL_IMPL { "bearssl", der_setup, bearssl_parse, der_teardown, 0 },
#define BEARSSL_PUB_IMPL { "bearssl+pub", der_setup, bearssl_parse_pub, der_teardown, 0 },
#else
#define BEARSSL_IMPL
#define BEARSSL_PUB_IMPL
#endif

const bench_row bench_rows_keyload[] = {
    { "rsa2048-parse",
      "RSA-2048 private key parse (PKCS#1 DER)",
      0,
      bench_rsa_key_2048,
      { KEYLOAD_IMPLS } },
    { "rsa4096-parse",
      "RSA-4096 private key parse (PKCS#1 DER)",
      0,
      bench_rsa_key_4096,
      { KEYLOAD_IMPLS } },
    { "ec-p256-parse", "P-256 private key parse (PKCS#8 DER)", 0, NULL, { KEYLOAD_EC_IMPLS } },
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};
