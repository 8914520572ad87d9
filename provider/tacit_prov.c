/*
 * tacit's OpenSSL 3 provider: entry point, algorithm tables, provider
 * parameters, TLS-GROUP capabilities and error reporting.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>

#include "prov.h"
#include "tacit/error.h"
#include "tacit/version.h"

#define TP_PROPS "provider=tacit"

/* ---- errors ----------------------------------------------------------------------------------- */

static OSSL_FUNC_core_new_error_fn *c_new_error;
static OSSL_FUNC_core_set_error_debug_fn *c_set_error_debug;
static OSSL_FUNC_core_vset_error_fn *c_vset_error;

static void set_error(const TP_PROV_CTX *pc, int reason, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    c_vset_error(pc->handle, (uint32_t)reason, fmt, ap);
    va_end(ap);
}

void tp_raise(const TP_PROV_CTX *pc, const char *file, int line, const char *func, int reason,
              int tacit_code, const char *fmt, ...)
{
    char msg[256];
    va_list ap;

    if (c_new_error == NULL || c_vset_error == NULL || pc == NULL) {
        return;
    }
    va_start(ap, fmt);
    if (vsnprintf(msg, sizeof(msg), fmt, ap) < 0) {
        msg[0] = '\0';
    }
    va_end(ap);
    c_new_error(pc->handle);
    if (c_set_error_debug != NULL) {
        c_set_error_debug(pc->handle, file, line, func);
    }
    if (tacit_code != 0) {
        set_error(pc, reason, "%s: tacit error -0x%04X (%s)", msg, (unsigned)-tacit_code,
                  tacit_strerror(tacit_code));
    } else {
        set_error(pc, reason, "%s", msg);
    }
}

static const OSSL_ITEM reason_strings[] = { { TP_R_TACIT_ERROR, "tacit operation failed" },
                                            { TP_R_BAD_PARAM, "bad or missing parameter" },
                                            { TP_R_UNSUPPORTED, "not supported by tacit" },
                                            { TP_R_NO_KEY, "missing key" },
                                            { TP_R_BUFFER_TOO_SMALL, "output buffer too small" },
                                            { TP_R_WRONG_STATE, "call out of order" },
                                            { TP_R_KEY_MISMATCH, "keys do not match" },
                                            { TP_R_ALLOC, "out of memory" },
                                            { TP_R_VERIFY_FAILED, "verification failed" },
                                            { 0, NULL } };

/* ---- helpers shared by the operations ----------------------------------------------------------- */

tacit_md_type tp_md_from_name(const char *name)
{
    static const struct {
        const char *name;
        tacit_md_type md;
    } names[] = {
        { "SHA1", TACIT_MD_SHA1 },
        { "SSL3SHA1", TACIT_MD_SHA1 },
        { "1.3.14.3.2.26", TACIT_MD_SHA1 },
        { "SHA224", TACIT_MD_SHA224 },
        { "SHA2224", TACIT_MD_SHA224 },
        { "2.16.840.1.101.3.4.2.4", TACIT_MD_SHA224 },
        { "SHA256", TACIT_MD_SHA256 },
        { "SHA2256", TACIT_MD_SHA256 },
        { "2.16.840.1.101.3.4.2.1", TACIT_MD_SHA256 },
        { "SHA384", TACIT_MD_SHA384 },
        { "SHA2384", TACIT_MD_SHA384 },
        { "2.16.840.1.101.3.4.2.2", TACIT_MD_SHA384 },
        { "SHA512", TACIT_MD_SHA512 },
        { "SHA2512", TACIT_MD_SHA512 },
        { "2.16.840.1.101.3.4.2.3", TACIT_MD_SHA512 },
#if defined(TACIT_SHA3_C)
        { "SHA3224", TACIT_MD_SHA3_224 },
        { "2.16.840.1.101.3.4.2.7", TACIT_MD_SHA3_224 },
        { "SHA3256", TACIT_MD_SHA3_256 },
        { "2.16.840.1.101.3.4.2.8", TACIT_MD_SHA3_256 },
        { "SHA3384", TACIT_MD_SHA3_384 },
        { "2.16.840.1.101.3.4.2.9", TACIT_MD_SHA3_384 },
        { "SHA3512", TACIT_MD_SHA3_512 },
        { "2.16.840.1.101.3.4.2.10", TACIT_MD_SHA3_512 },
#endif
    };
    char norm[32];
    size_t i, n = 0;

    if (name == NULL) {
        return TACIT_MD_NONE;
    }
    /* Upper case, '-' dropped unless inside an OID (digits and dots only keep theirs). */
    for (i = 0; name[i] != '\0' && n + 1 < sizeof(norm); i++) {
        if (name[i] != '-') {
            norm[n++] = (char)toupper((unsigned char)name[i]);
        }
    }
    if (name[i] != '\0') {
        return TACIT_MD_NONE;
    }
    norm[n] = '\0';
    for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        if (strcmp(norm, names[i].name) == 0) {
            return names[i].md;
        }
    }
    return TACIT_MD_NONE;
}

const char *tp_md_ossl_name(tacit_md_type md)
{
    switch (md) {
    case TACIT_MD_SHA1:
        return "SHA1";
    case TACIT_MD_SHA224:
        return "SHA2-224";
    case TACIT_MD_SHA256:
        return "SHA2-256";
    case TACIT_MD_SHA384:
        return "SHA2-384";
    case TACIT_MD_SHA512:
        return "SHA2-512";
#if defined(TACIT_SHA3_C)
    case TACIT_MD_SHA3_224:
        return "SHA3-224";
    case TACIT_MD_SHA3_256:
        return "SHA3-256";
    case TACIT_MD_SHA3_384:
        return "SHA3-384";
    case TACIT_MD_SHA3_512:
        return "SHA3-512";
#endif
    default:
        return NULL;
    }
}

static int host_is_little_endian(void)
{
    const unsigned int one = 1;
    return *(const unsigned char *)&one == 1;
}

int tp_param_get_be(const TP_PROV_CTX *pc, const OSSL_PARAM *p, unsigned char *out, size_t out_size,
                    size_t *out_len)
{
    const unsigned char *src;
    size_t len, i, skip = 0;

    if (p->data_type != OSSL_PARAM_UNSIGNED_INTEGER || p->data == NULL) {
        TP_ERR(pc, TP_R_BAD_PARAM, "parameter '%s' is not an unsigned integer", p->key);
        return 0;
    }
    src = p->data;
    len = p->data_size;
    /* Drop the high zero bytes. */
    if (host_is_little_endian()) {
        while (len > 0 && src[len - 1] == 0) {
            len--;
        }
    } else {
        while (skip < len && src[skip] == 0) {
            skip++;
        }
        len -= skip;
    }
    if (len > out_size) {
        TP_ERR(pc, TP_R_BAD_PARAM, "parameter '%s' is too large (%zu bytes)", p->key, len);
        return 0;
    }
    for (i = 0; i < len; i++) {
        out[i] = host_is_little_endian() ? src[len - 1 - i] : src[skip + i];
    }
    *out_len = len;
    return 1;
}

/* ---- algorithm tables -------------------------------------------------------------------------- */

static const OSSL_ALGORITHM tp_digests[] = {
    { "SHA1:SHA-1:SSL3-SHA1:1.3.14.3.2.26", TP_PROPS, tp_sha1_functions, "tacit SHA-1" },
    { "SHA2-224:SHA-224:SHA224:2.16.840.1.101.3.4.2.4", TP_PROPS, tp_sha224_functions,
      "tacit SHA-224" },
    { "SHA2-256:SHA-256:SHA256:2.16.840.1.101.3.4.2.1", TP_PROPS, tp_sha256_functions,
      "tacit SHA-256" },
    { "SHA2-384:SHA-384:SHA384:2.16.840.1.101.3.4.2.2", TP_PROPS, tp_sha384_functions,
      "tacit SHA-384" },
    { "SHA2-512:SHA-512:SHA512:2.16.840.1.101.3.4.2.3", TP_PROPS, tp_sha512_functions,
      "tacit SHA-512" },
#if defined(TACIT_SHA3_C)
    { "SHA3-224:2.16.840.1.101.3.4.2.7", TP_PROPS, tp_sha3_224_functions, "tacit SHA3-224" },
    { "SHA3-256:2.16.840.1.101.3.4.2.8", TP_PROPS, tp_sha3_256_functions, "tacit SHA3-256" },
    { "SHA3-384:2.16.840.1.101.3.4.2.9", TP_PROPS, tp_sha3_384_functions, "tacit SHA3-384" },
    { "SHA3-512:2.16.840.1.101.3.4.2.10", TP_PROPS, tp_sha3_512_functions, "tacit SHA3-512" },
#endif
    { NULL, NULL, NULL, NULL }
};

static const OSSL_ALGORITHM tp_macs[] = { { "HMAC", TP_PROPS, tp_hmac_functions, "tacit HMAC" },
                                          { NULL, NULL, NULL, NULL } };

/*
 * libcrypto's default DRBG chain fetches "CTR-DRBG" over "SEED-SRC" unless a
 * [random] section names others: both names answer here with tacit's
 * per-thread HMAC-DRBG (tacit_rng_default) and its entropy source, so that
 * `-provider tacit -provider base` has a random generator at all.
 */
static const OSSL_ALGORITHM tp_rands[] = {
    { "CTR-DRBG", TP_PROPS, tp_drbg_functions, "tacit HMAC-DRBG (tacit_rng_default)" },
    { "HMAC-DRBG", TP_PROPS, tp_drbg_functions, "tacit HMAC-DRBG (tacit_rng_default)" },
    { "SEED-SRC", TP_PROPS, tp_seed_functions, "tacit entropy (tacit_entropy_default)" },
    { NULL, NULL, NULL, NULL }
};

#if defined(TP_HAVE_MLKEM)
/* ML-KEM and the TLS hybrid: the key management and the KEM share their names. */
#define TP_MLKEM_ALGS(op)                                                                          \
    { "ML-KEM-512:MLKEM512:id-alg-ml-kem-512:2.16.840.1.101.3.4.4.1", TP_PROPS,                    \
      tp_mlkem512_##op##_functions, "tacit ML-KEM-512" },                                          \
        { "ML-KEM-768:MLKEM768:id-alg-ml-kem-768:2.16.840.1.101.3.4.4.2", TP_PROPS,                \
          tp_mlkem768_##op##_functions, "tacit ML-KEM-768" },                                      \
        { "ML-KEM-1024:MLKEM1024:id-alg-ml-kem-1024:2.16.840.1.101.3.4.4.3", TP_PROPS,             \
          tp_mlkem1024_##op##_functions, "tacit ML-KEM-1024" },                                    \
    {                                                                                              \
        "X25519MLKEM768", TP_PROPS, tp_hybrid_##op##_functions,                                    \
            "tacit X25519MLKEM768 (draft-ietf-tls-ecdhe-mlkem)"                                    \
    }

static const OSSL_ALGORITHM tp_kems[] = { TP_MLKEM_ALGS(kem), { NULL, NULL, NULL, NULL } };
#endif

static const OSSL_ALGORITHM tp_keymgmt[] = {
    { "RSA:rsaEncryption:1.2.840.113549.1.1.1", TP_PROPS, tp_rsa_keymgmt_functions, "tacit RSA" },
    { "RSA-PSS:RSASSA-PSS:1.2.840.113549.1.1.10", TP_PROPS, tp_rsapss_keymgmt_functions,
      "tacit RSA-PSS" },
    { "EC:id-ecPublicKey:1.2.840.10045.2.1", TP_PROPS, tp_ec_keymgmt_functions,
      "tacit EC (P-256, P-384, P-521)" },
    { "X25519:1.3.101.110", TP_PROPS, tp_x25519_keymgmt_functions, "tacit X25519" },
    { "ED25519:1.3.101.112", TP_PROPS, tp_ed25519_keymgmt_functions, "tacit Ed25519" },
    { "HMAC", TP_PROPS, tp_hmac_keymgmt_functions, "tacit HMAC key (EVP_PKEY HMAC)" },
#if defined(TP_HAVE_MLKEM)
    TP_MLKEM_ALGS(keymgmt),
#endif
    { NULL, NULL, NULL, NULL }
};

static const OSSL_ALGORITHM tp_signatures[] = {
    { "RSA:rsaEncryption:1.2.840.113549.1.1.1", TP_PROPS, tp_rsa_signature_functions,
      "tacit RSA PKCS#1 v1.5 and PSS" },
    { "ECDSA", TP_PROPS, tp_ecdsa_signature_functions, "tacit ECDSA" },
    { "ED25519:1.3.101.112", TP_PROPS, tp_ed25519_signature_functions, "tacit Ed25519" },
    { "HMAC", TP_PROPS, tp_hmac_signature_functions, "tacit HMAC (EVP_DigestSign)" },
    { NULL, NULL, NULL, NULL }
};

static const OSSL_ALGORITHM tp_asym_ciphers[] = {
    { "RSA:rsaEncryption:1.2.840.113549.1.1.1", TP_PROPS, tp_rsa_asym_cipher_functions,
      "tacit RSA OAEP and PKCS#1 v1.5 (implicit rejection)" },
    { NULL, NULL, NULL, NULL }
};

static const OSSL_ALGORITHM tp_keyexch[] = {
    { "ECDH", TP_PROPS, tp_ecdh_keyexch_functions, "tacit ECDH" },
    { "X25519:1.3.101.110", TP_PROPS, tp_x25519_keyexch_functions, "tacit X25519" },
    { NULL, NULL, NULL, NULL }
};

/*
 * The AEADs that this build of tacit has (an algorithm compiled out answers
 * TACIT_ERR_NOT_SUPPORTED to setkey): filled once at the first init.
 */
static OSSL_ALGORITHM tp_ciphers[4];

static void tp_fill_ciphers(void)
{
    static const OSSL_ALGORITHM all[3] = {
        { "AES-128-GCM:id-aes128-GCM:2.16.840.1.101.3.4.1.6", TP_PROPS, tp_aes128gcm_functions,
          "tacit AES-128-GCM" },
        { "AES-256-GCM:id-aes256-GCM:2.16.840.1.101.3.4.1.46", TP_PROPS, tp_aes256gcm_functions,
          "tacit AES-256-GCM" },
        { "ChaCha20-Poly1305", TP_PROPS, tp_chacha20poly1305_functions, "tacit ChaCha20-Poly1305" }
    };
    size_t i, n = 0;

    for (i = 0; i < 3; i++) {
        if (tp_aead_available((int)i)) {
            tp_ciphers[n++] = all[i];
        }
    }
    tp_ciphers[n].algorithm_names = NULL;
}

static const OSSL_ALGORITHM tp_kdfs[] = {
    { "TLS1-PRF", TP_PROPS, tp_tls1_prf_functions, "tacit TLS 1.2 PRF (over tacit_hmac)" },
#if defined(TP_HAVE_HKDF)
    { "HKDF", TP_PROPS, tp_hkdf_functions, "tacit HKDF" },
    { "TLS13-KDF", TP_PROPS, tp_tls13_kdf_functions, "tacit TLS 1.3 key schedule" },
#endif
    { NULL, NULL, NULL, NULL }
};

static const OSSL_ALGORITHM *tp_query(void *provctx, int operation_id, int *no_cache)
{
    (void)provctx;
    *no_cache = 0;
    switch (operation_id) {
    case OSSL_OP_DIGEST:
        return tp_digests;
    case OSSL_OP_MAC:
        return tp_macs;
    case OSSL_OP_RAND:
        return tp_rands;
    case OSSL_OP_KEYMGMT:
        return tp_keymgmt;
    case OSSL_OP_SIGNATURE:
        return tp_signatures;
    case OSSL_OP_KEYEXCH:
        return tp_keyexch;
    case OSSL_OP_ASYM_CIPHER:
        return tp_asym_ciphers;
    case OSSL_OP_CIPHER:
        return tp_ciphers;
    case OSSL_OP_KDF:
        return tp_kdfs;
#if defined(TP_HAVE_MLKEM)
    case OSSL_OP_KEM:
        return tp_kems;
#endif
    default:
        return NULL;
    }
}

/* ---- provider parameters ---------------------------------------------------------------------------- */

static const OSSL_PARAM tp_param_types[] = {
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_NAME, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_VERSION, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_BUILDINFO, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_STATUS, OSSL_PARAM_INTEGER, NULL, 0), OSSL_PARAM_END
};

static const OSSL_PARAM *tp_gettable_params(void *provctx)
{
    (void)provctx;
    return tp_param_types;
}

static int tp_get_params(void *provctx, OSSL_PARAM params[])
{
    OSSL_PARAM *p;

    (void)provctx;
    p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME);
    if (p != NULL && !OSSL_PARAM_set_utf8_ptr(p, "tacit provider")) {
        return 0;
    }
    p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION);
    if (p != NULL && !OSSL_PARAM_set_utf8_ptr(p, TACIT_VERSION_STRING)) {
        return 0;
    }
    p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO);
    if (p != NULL && !OSSL_PARAM_set_utf8_ptr(p, "tacit " TACIT_VERSION_STRING)) {
        return 0;
    }
    p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS);
    if (p != NULL && !OSSL_PARAM_set_int(p, 1)) {
        return 0;
    }
    return 1;
}

static const OSSL_ITEM *tp_get_reason_strings(void *provctx)
{
    (void)provctx;
    return reason_strings;
}

/* ---- TLS-GROUP capability ------------------------------------------------------------------------ */

typedef struct {
    const char *name, *internal, *alg;
    unsigned int id, secbits, is_kem;
} tp_group;

static const tp_group tp_groups[] = {
    { "secp256r1", "prime256v1", "EC", 23, 128, 0 },
    { "P-256", "prime256v1", "EC", 23, 128, 0 },
    { "secp384r1", "secp384r1", "EC", 24, 192, 0 },
    { "P-384", "secp384r1", "EC", 24, 192, 0 },
    { "secp521r1", "secp521r1", "EC", 25, 256, 0 },
    { "P-521", "secp521r1", "EC", 25, 256, 0 },
    { "x25519", "X25519", "X25519", 29, 128, 0 },
    { "X25519", "X25519", "X25519", 29, 128, 0 },
#if defined(TP_HAVE_MLKEM)
    /* KEM groups, TLS 1.3 only: draft-ietf-tls-ecdhe-mlkem, draft-connolly-tls-mlkem-key-agreement */
    { "X25519MLKEM768", "X25519MLKEM768", "X25519MLKEM768", 0x11EC, 192, 1 },
    { "MLKEM512", "ML-KEM-512", "ML-KEM-512", 0x0200, 128, 1 },
    { "MLKEM768", "ML-KEM-768", "ML-KEM-768", 0x0201, 192, 1 },
    { "MLKEM1024", "ML-KEM-1024", "ML-KEM-1024", 0x0202, 256, 1 },
#endif
};

static int tp_group_cb(const tp_group *g, OSSL_CALLBACK *cb, void *arg)
{
    unsigned int id = g->id, secbits = g->secbits, is_kem = g->is_kem;
    int min_tls = 0x0301 /* TLS 1.0 */, max_tls = 0, min_dtls = 0xFEFF /* DTLS 1.0 */, max_dtls = 0;
    OSSL_PARAM p[] = {
        OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME, (char *)g->name, strlen(g->name)),
        OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME_INTERNAL, (char *)g->internal,
                               strlen(g->internal)),
        OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_ALG, (char *)g->alg, strlen(g->alg)),
        OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_ID, &id),
        OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_SECURITY_BITS, &secbits),
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MIN_TLS, &min_tls),
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MAX_TLS, &max_tls),
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MIN_DTLS, &min_dtls),
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MAX_DTLS, &max_dtls),
        OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_IS_KEM, &is_kem),
        OSSL_PARAM_END
    };
    if (is_kem) { /* TLS 1.3 only, no DTLS */
        min_tls = 0x0304;
        min_dtls = max_dtls = -1;
    }
    return cb(p, arg);
}

static int tp_name_eq(const char *a, const char *b)
{
    for (; *a != '\0' && *b != '\0'; a++, b++) {
        if (toupper((unsigned char)*a) != toupper((unsigned char)*b)) {
            return 0;
        }
    }
    return *a == *b;
}

static int tp_get_capabilities(void *provctx, const char *capability, OSSL_CALLBACK *cb, void *arg)
{
    size_t i;

    (void)provctx;
    if (!tp_name_eq(capability, "TLS-GROUP")) {
        return 0;
    }
    for (i = 0; i < sizeof(tp_groups) / sizeof(tp_groups[0]); i++) {
        if (!tp_group_cb(&tp_groups[i], cb, arg)) {
            return 0;
        }
    }
    return 1;
}

/* ---- init and teardown ------------------------------------------------------------------------------ */

static void tp_teardown(void *provctx)
{
    free(provctx);
}

static const OSSL_DISPATCH tp_dispatch[] = {
    { OSSL_FUNC_PROVIDER_TEARDOWN, (void (*)(void))tp_teardown },
    { OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, (void (*)(void))tp_gettable_params },
    { OSSL_FUNC_PROVIDER_GET_PARAMS, (void (*)(void))tp_get_params },
    { OSSL_FUNC_PROVIDER_QUERY_OPERATION, (void (*)(void))tp_query },
    { OSSL_FUNC_PROVIDER_GET_REASON_STRINGS, (void (*)(void))tp_get_reason_strings },
    { OSSL_FUNC_PROVIDER_GET_CAPABILITIES, (void (*)(void))tp_get_capabilities },
    { 0, NULL }
};

/* The module's one exported symbol (everything else is hidden). */
#if defined(__GNUC__)
#define TP_EXPORT __attribute__((visibility("default")))
#else
#define TP_EXPORT
#endif

TP_EXPORT OSSL_provider_init_fn OSSL_provider_init;

TP_EXPORT int OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
                                 const OSSL_DISPATCH **out, void **provctx)
{
    TP_PROV_CTX *pc;

    for (; in->function_id != 0; in++) {
        switch (in->function_id) {
        case OSSL_FUNC_CORE_NEW_ERROR:
            c_new_error = OSSL_FUNC_core_new_error(in);
            break;
        case OSSL_FUNC_CORE_SET_ERROR_DEBUG:
            c_set_error_debug = OSSL_FUNC_core_set_error_debug(in);
            break;
        case OSSL_FUNC_CORE_VSET_ERROR:
            c_vset_error = OSSL_FUNC_core_vset_error(in);
            break;
        default:
            break;
        }
    }
    tp_fill_ciphers();
    pc = calloc(1, sizeof(*pc));
    if (pc == NULL) {
        return 0;
    }
    pc->handle = handle;
    *provctx = pc;
    *out = tp_dispatch;
    return 1;
}
