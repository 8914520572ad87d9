/*
 * tacit's OpenSSL 3 provider: shared declarations.
 *
 * Every operation delegates to tacit's public API (include/tacit/ headers); the
 * provider itself only moves bytes between OSSL_PARAMs and tacit's types.
 */
#ifndef TACIT_PROVIDER_PROV_H
#define TACIT_PROVIDER_PROV_H

#include <stdarg.h>
#include <stddef.h>

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

#include "tacit/ecp.h"
#include "tacit/ed25519.h"
#include "tacit/md.h"
#include "tacit/rsa.h"
#include "tacit/x25519.h"

typedef struct tp_prov_ctx {
    const OSSL_CORE_HANDLE *handle;
    OSSL_LIB_CTX *libctx; /* the core's, for nothing but completeness */
} TP_PROV_CTX;

/* Reason codes (the provider's reason strings, tacit_prov.c). */
#define TP_R_TACIT_ERROR 1      /* a tacit function failed: its tacit_strerror text follows */
#define TP_R_BAD_PARAM 2        /* a parameter is missing, of the wrong type or out of range */
#define TP_R_UNSUPPORTED 3      /* an algorithm, digest or mode tacit does not offer */
#define TP_R_NO_KEY 4           /* the operation needs a key (or its private half) it lacks */
#define TP_R_BUFFER_TOO_SMALL 5 /* the caller's output buffer is too small */
#define TP_R_WRONG_STATE 6      /* the call is out of order for this context */
#define TP_R_KEY_MISMATCH 7     /* keys of different types or curves */
#define TP_R_ALLOC 8            /* out of memory */
#define TP_R_VERIFY_FAILED 9    /* a signature or tag does not verify */

/*
 * Put an error on OpenSSL's error stack through the core's new_error,
 * set_error_debug and vset_error.  tacit_code (0: none) adds tacit_strerror's
 * text.
 */
void tp_raise(const TP_PROV_CTX *pc, const char *file, int line, const char *func, int reason,
              int tacit_code, const char *fmt, ...);
#define TP_ERR(pc, reason, fmt, ...)                                                               \
    tp_raise((pc), __FILE__, __LINE__, __func__, (reason), 0, fmt, ##__VA_ARGS__)
#define TP_TACIT_ERR(pc, code, what)                                                               \
    tp_raise((pc), __FILE__, __LINE__, __func__, TP_R_TACIT_ERROR, (code), "%s", (what))

/* "SHA2-256", "SHA-256", "SHA256", "sha256", OIDs ... -> tacit type; TACIT_MD_NONE if unknown. */
tacit_md_type tp_md_from_name(const char *name);
/* OpenSSL's name for a tacit digest ("SHA2-256"). */
const char *tp_md_ossl_name(tacit_md_type md);

/* ---- keys -------------------------------------------------------------------- */
enum { TP_KEY_RSA = 1, TP_KEY_RSA_PSS, TP_KEY_EC, TP_KEY_X25519, TP_KEY_ED25519 };

typedef struct tp_key {
    TP_PROV_CTX *pc;
    int type;
    int has_pub, has_priv;
    tacit_ecp_group_id grp; /* EC: also set for a parameters-only key */
    union {
        tacit_rsa_context rsa;
        tacit_ecp_keypair ec;
        tacit_x25519_key x25519;
        tacit_ed25519_key ed25519;
    } u;
} TP_KEY;

/* The EC SEC1 uncompressed public point; returns its length, 0 on error. */
size_t tp_ec_point(const TP_KEY *key, unsigned char *out, size_t out_size);
/* Bytes of a signature for the key (RSA: k; ECDSA: the largest DER; Ed25519: 64). */
size_t tp_key_max_size(const TP_KEY *key);

/* Big-endian bytes <-> an OSSL_PARAM unsigned integer (native byte order). */
int tp_param_get_be(const TP_PROV_CTX *pc, const OSSL_PARAM *p, unsigned char *out, size_t out_size,
                    size_t *out_len);

/* The default RNG callback every tacit call uses (NULL = tacit_rng_default). */
#define TP_RNG NULL, NULL

/* ---- dispatch tables ---------------------------------------------------------- */
extern const OSSL_DISPATCH tp_sha1_functions[], tp_sha224_functions[], tp_sha256_functions[],
    tp_sha384_functions[], tp_sha512_functions[];
#if defined(TACIT_SHA3_C)
extern const OSSL_DISPATCH tp_sha3_224_functions[], tp_sha3_256_functions[],
    tp_sha3_384_functions[], tp_sha3_512_functions[];
#endif
extern const OSSL_DISPATCH tp_hmac_functions[];
/* HMAC as an EVP_PKEY (raw private key + EVP_DigestSign): libssl's TLS 1.3 PSK binder */
extern const OSSL_DISPATCH tp_hmac_keymgmt_functions[], tp_hmac_signature_functions[];
extern const OSSL_DISPATCH tp_drbg_functions[], tp_seed_functions[];
extern const OSSL_DISPATCH tp_rsa_keymgmt_functions[], tp_rsapss_keymgmt_functions[],
    tp_ec_keymgmt_functions[], tp_x25519_keymgmt_functions[], tp_ed25519_keymgmt_functions[];
extern const OSSL_DISPATCH tp_rsa_signature_functions[], tp_ecdsa_signature_functions[],
    tp_ed25519_signature_functions[];
extern const OSSL_DISPATCH tp_ecdh_keyexch_functions[], tp_x25519_keyexch_functions[];
extern const OSSL_DISPATCH tp_aes128gcm_functions[], tp_aes256gcm_functions[],
    tp_chacha20poly1305_functions[];
extern const OSSL_DISPATCH tp_tls1_prf_functions[];
extern const OSSL_DISPATCH tp_rsa_asym_cipher_functions[];
#if defined(TP_HAVE_HKDF)
extern const OSSL_DISPATCH tp_hkdf_functions[], tp_tls13_kdf_functions[];
#endif

#if defined(TACIT_MLKEM_C) && defined(TACIT_X25519_C)
#define TP_HAVE_MLKEM 1
extern const OSSL_DISPATCH tp_mlkem512_keymgmt_functions[], tp_mlkem768_keymgmt_functions[],
    tp_mlkem1024_keymgmt_functions[], tp_hybrid_keymgmt_functions[];
extern const OSSL_DISPATCH tp_mlkem512_kem_functions[], tp_mlkem768_kem_functions[],
    tp_mlkem1024_kem_functions[], tp_hybrid_kem_functions[];
#endif

/* 1 when tacit's build has the AEAD (0: AES-128-GCM, 1: AES-256-GCM, 2: ChaCha20-Poly1305). */
int tp_aead_available(int which);

#endif /* TACIT_PROVIDER_PROV_H */
