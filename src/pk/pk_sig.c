/*
 * Signature algorithms by name (TLS SignatureScheme, X.509
 * AlgorithmIdentifier) and signing/verification through a tacit_pk_context
 * (see pk.h).
 *
 * Verification handles public data only and calls the modules' verify
 * functions, which use the fast public paths (RSA: the public exponent's
 * sliding window; ECDSA: tacit_ecp_muladd_unsafe).  Signing calls the
 * modules' constant-time signing.
 */
#include "tacit/pk.h"

#if defined(TACIT_PK_C)

#include <string.h>

#include "tacit/asn1.h"

#if defined(TACIT_ECP_C)
#include "tacit/ecdsa.h"
#endif
#if defined(TACIT_RSA_C)
#include "rsa/rsa_internal.h"
#endif

/* ---- names ------------------------------------------------------------------- */

typedef struct {
    uint16_t code;
    const char *name;
    tacit_pk_sig_scheme scheme;
    tacit_md_type md;
    unsigned curve_bits;
} tls_scheme;

static const tls_scheme tls_schemes[] = {
    { TACIT_PK_TLS_RSA_PKCS1_SHA1, "rsa_pkcs1_sha1", TACIT_PK_SIG_RSA_PKCS1, TACIT_MD_SHA1, 0 },
    { TACIT_PK_TLS_ECDSA_SHA1, "ecdsa_sha1", TACIT_PK_SIG_ECDSA, TACIT_MD_SHA1, 0 },
    { TACIT_PK_TLS_RSA_PKCS1_SHA256, "rsa_pkcs1_sha256", TACIT_PK_SIG_RSA_PKCS1, TACIT_MD_SHA256,
      0 },
    { TACIT_PK_TLS_RSA_PKCS1_SHA384, "rsa_pkcs1_sha384", TACIT_PK_SIG_RSA_PKCS1, TACIT_MD_SHA384,
      0 },
    { TACIT_PK_TLS_RSA_PKCS1_SHA512, "rsa_pkcs1_sha512", TACIT_PK_SIG_RSA_PKCS1, TACIT_MD_SHA512,
      0 },
    { TACIT_PK_TLS_ECDSA_SECP256R1_SHA256, "ecdsa_secp256r1_sha256", TACIT_PK_SIG_ECDSA,
      TACIT_MD_SHA256, 256 },
    { TACIT_PK_TLS_ECDSA_SECP384R1_SHA384, "ecdsa_secp384r1_sha384", TACIT_PK_SIG_ECDSA,
      TACIT_MD_SHA384, 384 },
    { TACIT_PK_TLS_ECDSA_SECP521R1_SHA512, "ecdsa_secp521r1_sha512", TACIT_PK_SIG_ECDSA,
      TACIT_MD_SHA512, 521 },
    { TACIT_PK_TLS_RSA_PSS_RSAE_SHA256, "rsa_pss_rsae_sha256", TACIT_PK_SIG_RSA_PSS_RSAE,
      TACIT_MD_SHA256, 0 },
    { TACIT_PK_TLS_RSA_PSS_RSAE_SHA384, "rsa_pss_rsae_sha384", TACIT_PK_SIG_RSA_PSS_RSAE,
      TACIT_MD_SHA384, 0 },
    { TACIT_PK_TLS_RSA_PSS_RSAE_SHA512, "rsa_pss_rsae_sha512", TACIT_PK_SIG_RSA_PSS_RSAE,
      TACIT_MD_SHA512, 0 },
    { TACIT_PK_TLS_RSA_PSS_PSS_SHA256, "rsa_pss_pss_sha256", TACIT_PK_SIG_RSA_PSS_PSS,
      TACIT_MD_SHA256, 0 },
    { TACIT_PK_TLS_RSA_PSS_PSS_SHA384, "rsa_pss_pss_sha384", TACIT_PK_SIG_RSA_PSS_PSS,
      TACIT_MD_SHA384, 0 },
    { TACIT_PK_TLS_RSA_PSS_PSS_SHA512, "rsa_pss_pss_sha512", TACIT_PK_SIG_RSA_PSS_PSS,
      TACIT_MD_SHA512, 0 },
#if defined(TACIT_ED25519_C)
    { TACIT_PK_TLS_ED25519, "ed25519", TACIT_PK_SIG_ED25519, TACIT_MD_NONE, 0 },
#endif
#if defined(TACIT_MLDSA_C)
    { TACIT_PK_TLS_MLDSA44, "mldsa44", TACIT_PK_SIG_MLDSA, TACIT_MD_NONE, 44 },
    { TACIT_PK_TLS_MLDSA65, "mldsa65", TACIT_PK_SIG_MLDSA, TACIT_MD_NONE, 65 },
    { TACIT_PK_TLS_MLDSA87, "mldsa87", TACIT_PK_SIG_MLDSA, TACIT_MD_NONE, 87 },
#endif
};

/* A scheme that signs the message itself (no md): Ed25519, ML-DSA. */
static int is_pure(tacit_pk_sig_scheme s)
{
    return s == TACIT_PK_SIG_ED25519 || s == TACIT_PK_SIG_MLDSA;
}
#define N_TLS_SCHEMES (sizeof(tls_schemes) / sizeof(tls_schemes[0]))

static void fill(const tls_scheme *t, tacit_pk_sig_alg *alg)
{
    memset(alg, 0, sizeof(*alg));
    alg->scheme = t->scheme;
    alg->md = t->md;
    alg->mgf1_md = t->md;
    alg->saltlen = t->md == TACIT_MD_NONE ? 0 : (int)tacit_md_size(t->md);
    alg->curve_bits = t->curve_bits;
    alg->tls_scheme = t->code;
}

int tacit_pk_sig_alg_from_tls(uint16_t codepoint, tacit_pk_sig_alg *alg)
{
    size_t i;

    if (alg == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    for (i = 0; i < N_TLS_SCHEMES; i++) {
        if (tls_schemes[i].code == codepoint &&
            (tacit_md_size(tls_schemes[i].md) != 0 || is_pure(tls_schemes[i].scheme))) {
            fill(&tls_schemes[i], alg);
            return 0;
        }
    }
    memset(alg, 0, sizeof(*alg));
    return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
}

int tacit_pk_sig_alg_from_name(const char *name, tacit_pk_sig_alg *alg)
{
    size_t i;

    if (alg == NULL || name == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    for (i = 0; i < N_TLS_SCHEMES; i++) {
        if (strcmp(tls_schemes[i].name, name) == 0 &&
            (tacit_md_size(tls_schemes[i].md) != 0 || is_pure(tls_schemes[i].scheme))) {
            fill(&tls_schemes[i], alg);
            return 0;
        }
    }
    memset(alg, 0, sizeof(*alg));
    return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
}

const char *tacit_pk_sig_alg_name(const tacit_pk_sig_alg *alg)
{
    size_t i;

    for (i = 0; alg != NULL && i < N_TLS_SCHEMES; i++) {
        if (tls_schemes[i].code == alg->tls_scheme) {
            return tls_schemes[i].name;
        }
    }
    return NULL;
}

/* ---- X.509 AlgorithmIdentifier ------------------------------------------------- */

static tacit_md_type md_of_oid(const unsigned char *oid, size_t len)
{
    if (TACIT_OID_EQUAL(TACIT_OID_SHA1, oid, len)) {
        return TACIT_MD_SHA1;
    }
    if (TACIT_OID_EQUAL(TACIT_OID_SHA256, oid, len)) {
        return TACIT_MD_SHA256;
    }
    if (TACIT_OID_EQUAL(TACIT_OID_SHA384, oid, len)) {
        return TACIT_MD_SHA384;
    }
    if (TACIT_OID_EQUAL(TACIT_OID_SHA512, oid, len)) {
        return TACIT_MD_SHA512;
    }
    return TACIT_MD_NONE;
}

/* HashAlgorithm ::= AlgorithmIdentifier, parameters NULL or absent. */
static int get_hash_alg(const unsigned char **p, const unsigned char *end, tacit_md_type *md)
{
    tacit_asn1_buf oid, params;

    if (tacit_asn1_get_alg(p, end, &oid, &params) != 0 ||
        (params.tag != 0 && (params.tag != TACIT_ASN1_NULL || params.len != 0))) {
        return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
    }
    *md = md_of_oid(oid.p, oid.len);
    return *md == TACIT_MD_NONE ? TACIT_ERR_PK_UNKNOWN_SIG_ALG : 0;
}

/*
 * RSASSA-PSS-params (RFC 4055 / RFC 8017 A.2.3), the contents of the
 * SEQUENCE.  Absent fields take their defaults (SHA-1, MGF1-SHA-1, 20, 1).
 */
static int parse_pss_params(const unsigned char *p, const unsigned char *end, tacit_pk_sig_alg *alg)
{
    size_t len;
    const unsigned char *fend;
    int v;

    alg->md = TACIT_MD_SHA1;
    alg->mgf1_md = TACIT_MD_SHA1;
    alg->saltlen = 20;
    if (tacit_asn1_peek_tag(p, end, TACIT_ASN1_CONTEXT_EXPLICIT(0))) {
        if (tacit_asn1_get_tag(&p, end, &len, TACIT_ASN1_CONTEXT_EXPLICIT(0)) != 0) {
            return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
        }
        fend = p + len;
        if (get_hash_alg(&p, fend, &alg->md) != 0 || p != fend) {
            return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
        }
    }
    if (tacit_asn1_peek_tag(p, end, TACIT_ASN1_CONTEXT_EXPLICIT(1))) {
        tacit_asn1_buf oid, params;
        const unsigned char *q;
        if (tacit_asn1_get_tag(&p, end, &len, TACIT_ASN1_CONTEXT_EXPLICIT(1)) != 0) {
            return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
        }
        fend = p + len;
        if (tacit_asn1_get_alg(&p, fend, &oid, &params) != 0 || p != fend ||
            !TACIT_OID_EQUAL(TACIT_OID_MGF1, oid.p, oid.len) || params.tag != TACIT_ASN1_SEQUENCE) {
            return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
        }
        /* params holds the contents of MGF1's hash AlgorithmIdentifier */
        q = params.p;
        {
            const unsigned char *qend = params.p + params.len, *hoid;
            size_t hoidlen;
            if (tacit_asn1_get_oid(&q, qend, &hoid, &hoidlen) != 0) {
                return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
            }
            if (q != qend && (tacit_asn1_get_null(&q, qend) != 0 || q != qend)) {
                return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
            }
            alg->mgf1_md = md_of_oid(hoid, hoidlen);
            if (alg->mgf1_md == TACIT_MD_NONE) {
                return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
            }
        }
    }
    if (tacit_asn1_peek_tag(p, end, TACIT_ASN1_CONTEXT_EXPLICIT(2))) {
        if (tacit_asn1_get_tag(&p, end, &len, TACIT_ASN1_CONTEXT_EXPLICIT(2)) != 0) {
            return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
        }
        fend = p + len;
        if (tacit_asn1_get_int(&p, fend, &v) != 0 || p != fend || v > 4096) {
            return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
        }
        alg->saltlen = v;
    }
    if (tacit_asn1_peek_tag(p, end, TACIT_ASN1_CONTEXT_EXPLICIT(3))) {
        if (tacit_asn1_get_tag(&p, end, &len, TACIT_ASN1_CONTEXT_EXPLICIT(3)) != 0) {
            return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
        }
        fend = p + len;
        if (tacit_asn1_get_int(&p, fend, &v) != 0 || p != fend || v != 1) {
            return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
        }
    }
    return p == end ? 0 : TACIT_ERR_PK_UNKNOWN_SIG_ALG;
}

int tacit_pk_sig_alg_from_x509(const unsigned char *alg_contents, size_t len, tacit_pk_sig_alg *alg)
{
    static const struct {
        const char *oid;
        size_t oidlen;
        tacit_pk_sig_scheme scheme;
        tacit_md_type md;
    } table[] = {
        { TACIT_OID_SHA1_WITH_RSA, TACIT_OID_LEN(TACIT_OID_SHA1_WITH_RSA), TACIT_PK_SIG_RSA_PKCS1,
          TACIT_MD_SHA1 },
        { TACIT_OID_SHA256_WITH_RSA, TACIT_OID_LEN(TACIT_OID_SHA256_WITH_RSA),
          TACIT_PK_SIG_RSA_PKCS1, TACIT_MD_SHA256 },
        { TACIT_OID_SHA384_WITH_RSA, TACIT_OID_LEN(TACIT_OID_SHA384_WITH_RSA),
          TACIT_PK_SIG_RSA_PKCS1, TACIT_MD_SHA384 },
        { TACIT_OID_SHA512_WITH_RSA, TACIT_OID_LEN(TACIT_OID_SHA512_WITH_RSA),
          TACIT_PK_SIG_RSA_PKCS1, TACIT_MD_SHA512 },
        { TACIT_OID_ECDSA_WITH_SHA1, TACIT_OID_LEN(TACIT_OID_ECDSA_WITH_SHA1), TACIT_PK_SIG_ECDSA,
          TACIT_MD_SHA1 },
        { TACIT_OID_ECDSA_WITH_SHA256, TACIT_OID_LEN(TACIT_OID_ECDSA_WITH_SHA256),
          TACIT_PK_SIG_ECDSA, TACIT_MD_SHA256 },
        { TACIT_OID_ECDSA_WITH_SHA384, TACIT_OID_LEN(TACIT_OID_ECDSA_WITH_SHA384),
          TACIT_PK_SIG_ECDSA, TACIT_MD_SHA384 },
        { TACIT_OID_ECDSA_WITH_SHA512, TACIT_OID_LEN(TACIT_OID_ECDSA_WITH_SHA512),
          TACIT_PK_SIG_ECDSA, TACIT_MD_SHA512 },
    };
    const unsigned char *p = alg_contents, *end = alg_contents + len, *oid;
    size_t oidlen, i;
    tacit_asn1_buf params;

    if (alg == NULL || (alg_contents == NULL && len != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    memset(alg, 0, sizeof(*alg));
    if (tacit_asn1_get_oid(&p, end, &oid, &oidlen) != 0) {
        return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
    }
    memset(&params, 0, sizeof(params));
    if (p != end && (tacit_asn1_get_any(&p, end, &params) != 0 || p != end)) {
        return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
    }
    for (i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
        if (oidlen == table[i].oidlen && memcmp(oid, table[i].oid, oidlen) == 0) {
            alg->scheme = table[i].scheme;
            alg->md = table[i].md;
            alg->mgf1_md = table[i].md;
            /* RSA: NULL parameters (RFC 4055 allows them absent too); ECDSA: absent (RFC 5758) */
            if (alg->scheme == TACIT_PK_SIG_RSA_PKCS1
                    ? !(params.tag == 0 || (params.tag == TACIT_ASN1_NULL && params.len == 0))
                    : params.tag != 0) {
                memset(alg, 0, sizeof(*alg));
                return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
            }
            return tacit_md_size(alg->md) != 0 ? 0 : TACIT_ERR_PK_UNKNOWN_SIG_ALG;
        }
    }
#if defined(TACIT_ED25519_C)
    /* id-Ed25519, parameters absent (RFC 8410 section 3) */
    if (TACIT_OID_EQUAL(TACIT_OID_ED25519, oid, oidlen) && params.tag == 0) {
        alg->scheme = TACIT_PK_SIG_ED25519;
        alg->tls_scheme = TACIT_PK_TLS_ED25519;
        return 0;
    }
#endif
#if defined(TACIT_MLDSA_C)
    /* id-ml-dsa-44/65/87 = 2.16.840.1.101.3.4.3.17..19, parameters absent (RFC 9881) */
    if (oidlen == 9 && memcmp(oid, "\x60\x86\x48\x01\x65\x03\x04\x03", 8) == 0 && oid[8] >= 17 &&
        oid[8] <= 19 && params.tag == 0) {
        static const unsigned sets[3] = { 44, 65, 87 };
        static const uint16_t codes[3] = { TACIT_PK_TLS_MLDSA44, TACIT_PK_TLS_MLDSA65,
                                           TACIT_PK_TLS_MLDSA87 };
        alg->scheme = TACIT_PK_SIG_MLDSA;
        alg->curve_bits = sets[oid[8] - 17];
        alg->tls_scheme = codes[oid[8] - 17];
        return 0;
    }
#endif
    if (TACIT_OID_EQUAL(TACIT_OID_RSASSA_PSS, oid, oidlen) && params.tag == TACIT_ASN1_SEQUENCE) {
        alg->scheme = TACIT_PK_SIG_RSA_PSS;
        if (parse_pss_params(params.p, params.p + params.len, alg) == 0 &&
            tacit_md_size(alg->md) != 0 && tacit_md_size(alg->mgf1_md) != 0) {
            return 0;
        }
    }
    memset(alg, 0, sizeof(*alg));
    return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
}

/* ---- key and algorithm --------------------------------------------------------- */

int tacit_pk_rsa_pss_limits(const tacit_pk_context *ctx, tacit_pk_sig_alg *alg)
{
    const unsigned char *p, *end;
    size_t len;

    if (ctx == NULL || alg == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    memset(alg, 0, sizeof(*alg));
    if (ctx->type != TACIT_PK_RSA || !ctx->rsa_pss_key || ctx->rsa_pss_params_len == 0) {
        return TACIT_ERR_PK_TYPE_MISMATCH;
    }
    p = ctx->rsa_pss_params;
    end = p + ctx->rsa_pss_params_len;
    if (tacit_asn1_get_tag(&p, end, &len, TACIT_ASN1_SEQUENCE) != 0 || p + len != end ||
        parse_pss_params(p, end, alg) != 0 || tacit_md_size(alg->md) == 0 ||
        tacit_md_size(alg->mgf1_md) == 0) {
        memset(alg, 0, sizeof(*alg));
        return TACIT_ERR_PK_KEY_FORMAT;
    }
    alg->scheme = TACIT_PK_SIG_RSA_PSS;
    return 0;
}

/*
 * RFC 4055 section 3.3: the signatures of an id-RSASSA-PSS key with parameters use the key's hash
 * and MGF1 hash, and a salt at least as long as the key's saltLength.  0 when alg (a PSS scheme)
 * fits, or the key has no parameters; *min_salt gets the floor on the salt length (0: none).
 */
static int pss_fits_key(const tacit_pk_context *ctx, const tacit_pk_sig_alg *alg, size_t *min_salt)
{
    tacit_pk_sig_alg lim;

    *min_salt = 0;
    if (!ctx->rsa_pss_key || ctx->rsa_pss_params_len == 0) {
        return 0;
    }
    if (tacit_pk_rsa_pss_limits(ctx, &lim) != 0 || alg->md != lim.md ||
        alg->mgf1_md != lim.mgf1_md || (alg->saltlen >= 0 && alg->saltlen < lim.saltlen)) {
        return TACIT_ERR_PK_TYPE_MISMATCH;
    }
    *min_salt = (size_t)lim.saltlen;
    return 0;
}

int tacit_pk_check_alg(const tacit_pk_context *ctx, const tacit_pk_sig_alg *alg)
{
    size_t min_salt;

    if (ctx == NULL || alg == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    switch (alg->scheme) {
    case TACIT_PK_SIG_RSA_PKCS1:
    case TACIT_PK_SIG_RSA_PSS_RSAE:
        return ctx->type == TACIT_PK_RSA && !ctx->rsa_pss_key ? 0 : TACIT_ERR_PK_TYPE_MISMATCH;
    case TACIT_PK_SIG_RSA_PSS:
        return ctx->type == TACIT_PK_RSA ? pss_fits_key(ctx, alg, &min_salt)
                                         : TACIT_ERR_PK_TYPE_MISMATCH;
    case TACIT_PK_SIG_RSA_PSS_PSS:
        return ctx->type == TACIT_PK_RSA && ctx->rsa_pss_key ? pss_fits_key(ctx, alg, &min_salt)
                                                             : TACIT_ERR_PK_TYPE_MISMATCH;
    case TACIT_PK_SIG_ECDSA:
        if (ctx->type != TACIT_PK_EC) {
            return TACIT_ERR_PK_TYPE_MISMATCH;
        }
        return alg->curve_bits == 0 || alg->curve_bits == tacit_pk_bitlen(ctx)
                   ? 0
                   : TACIT_ERR_PK_TYPE_MISMATCH;
    case TACIT_PK_SIG_ED25519:
        return ctx->type == TACIT_PK_ED25519 ? 0 : TACIT_ERR_PK_TYPE_MISMATCH;
    case TACIT_PK_SIG_MLDSA:
        if (ctx->type != TACIT_PK_MLDSA) {
            return TACIT_ERR_PK_TYPE_MISMATCH;
        }
        return alg->curve_bits == 0 || alg->curve_bits == tacit_pk_bitlen(ctx)
                   ? 0
                   : TACIT_ERR_PK_TYPE_MISMATCH;
    default:
        return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
    }
}

static int is_pss(tacit_pk_sig_scheme s)
{
    return s == TACIT_PK_SIG_RSA_PSS || s == TACIT_PK_SIG_RSA_PSS_RSAE ||
           s == TACIT_PK_SIG_RSA_PSS_PSS;
}

/* ---- verify ----------------------------------------------------------------------- */

int tacit_pk_verify_hash(const tacit_pk_context *ctx, const tacit_pk_sig_alg *alg,
                         const unsigned char *hash, size_t hlen, const unsigned char *sig,
                         size_t sig_len, unsigned flags)
{
    int ret = TACIT_ERR_PK_UNKNOWN_SIG_ALG;

    if (ctx == NULL || alg == NULL || (hash == NULL && hlen != 0) ||
        (sig == NULL && sig_len != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = tacit_pk_check_alg(ctx, alg)) != 0) {
        return ret;
    }
    if (tacit_md_size(alg->md) == 0) {
        return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
    }
    if (hlen != tacit_md_size(alg->md)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (alg->md == TACIT_MD_SHA1 && !(flags & TACIT_PK_ALLOW_SHA1)) {
        return TACIT_ERR_PK_SHA1_NOT_ALLOWED;
    }
    ret = TACIT_ERR_PK_UNKNOWN_SIG_ALG;
#if defined(TACIT_RSA_C)
    if (alg->scheme == TACIT_PK_SIG_RSA_PKCS1) {
        ret = tacit_rsa_pkcs1_verify(&ctx->u.rsa, alg->md, hash, hlen, sig, sig_len);
    } else if (is_pss(alg->scheme)) {
        size_t min_salt;
        if (tacit_md_size(alg->mgf1_md) == 0) {
            return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
        }
        if ((ret = pss_fits_key(ctx, alg, &min_salt)) != 0) {
            return ret;
        }
        ret =
            tacit_rsa_pss_verify_min_salt(&ctx->u.rsa, alg->md, alg->mgf1_md,
                                          alg->saltlen < 0 ? TACIT_RSA_SALT_LEN_ANY : alg->saltlen,
                                          min_salt, hash, hlen, sig, sig_len);
    }
    if (ret == TACIT_ERR_RSA_INPUT_OUT_OF_RANGE || ret == TACIT_ERR_RSA_INVALID_PADDING ||
        ret == TACIT_ERR_BAD_INPUT) {
        ret = TACIT_ERR_VERIFY_FAILED;
    }
#endif
#if defined(TACIT_ECP_C) && defined(TACIT_ECDSA_C)
    if (alg->scheme == TACIT_PK_SIG_ECDSA) {
        ret = tacit_ecdsa_verify_der(&ctx->u.ec, hash, hlen, sig, sig_len);
        if (ret == TACIT_ERR_ECDSA_BAD_SIGNATURE) {
            ret = TACIT_ERR_VERIFY_FAILED;
        }
    }
#endif
    return ret;
}

int tacit_pk_verify(const tacit_pk_context *ctx, const tacit_pk_sig_alg *alg,
                    const unsigned char *msg, size_t msg_len, const unsigned char *sig,
                    size_t sig_len, unsigned flags)
{
    unsigned char hash[TACIT_MD_MAX_SIZE];
    int ret;

    if (alg == NULL || (msg == NULL && msg_len != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (is_pure(alg->scheme)) {
        /* pure Ed25519 and ML-DSA (empty context string) hash the message themselves */
        if (ctx == NULL || (sig == NULL && sig_len != 0)) {
            return TACIT_ERR_BAD_INPUT;
        }
        if ((ret = tacit_pk_check_alg(ctx, alg)) != 0) {
            return ret;
        }
        (void)flags;
#if defined(TACIT_ED25519_C)
        if (alg->scheme == TACIT_PK_SIG_ED25519) {
            return tacit_ed25519_verify(&ctx->u.ed25519, msg, msg_len, sig, sig_len);
        }
#endif
#if defined(TACIT_MLDSA_C)
        if (alg->scheme == TACIT_PK_SIG_MLDSA) {
            const tacit_pk_pq_key *k = tacit_pk_pq(ctx);
            return tacit_mldsa_verify((tacit_mldsa_params)k->params, k->pub, msg, msg_len, NULL, 0,
                                      sig, sig_len);
        }
#endif
        return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
    }
    if (tacit_md_size(alg->md) == 0) {
        return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
    }
    if ((ret = tacit_md(alg->md, msg, msg_len, hash)) != 0) {
        return ret;
    }
    return tacit_pk_verify_hash(ctx, alg, hash, tacit_md_size(alg->md), sig, sig_len, flags);
}

/* ---- sign --------------------------------------------------------------------------- */

int tacit_pk_sign_hash(const tacit_pk_context *ctx, const tacit_pk_sig_alg *alg,
                       const unsigned char *hash, size_t hlen, unsigned char *sig, size_t sig_size,
                       size_t *sig_len, tacit_rng_func f_rng, void *p_rng)
{
    int ret;
    size_t need = 0;

    if (ctx == NULL || alg == NULL || sig_len == NULL || (hash == NULL && hlen != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = tacit_pk_check_alg(ctx, alg)) != 0) {
        return ret;
    }
    if (!ctx->is_private) {
        return TACIT_ERR_NO_PRIVATE_KEY;
    }
    if (alg->md == TACIT_MD_SHA1 || alg->mgf1_md == TACIT_MD_SHA1) {
        return TACIT_ERR_PK_SHA1_NOT_ALLOWED;
    }
    if (tacit_md_size(alg->md) == 0) {
        return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
    }
    if (hlen != tacit_md_size(alg->md)) {
        return TACIT_ERR_BAD_INPUT;
    }
    ret = TACIT_ERR_PK_UNKNOWN_SIG_ALG;
#if defined(TACIT_RSA_C)
    if (ctx->type == TACIT_PK_RSA) {
        need = tacit_rsa_len(&ctx->u.rsa);
        *sig_len = need;
        if (sig == NULL || sig_size < need) {
            return TACIT_ERR_BUFFER_TOO_SMALL;
        }
        if (alg->scheme == TACIT_PK_SIG_RSA_PKCS1) {
            ret = tacit_rsa_pkcs1_sign(&ctx->u.rsa, alg->md, hash, hlen, sig, sig_size, sig_len,
                                       f_rng, p_rng);
        } else if (is_pss(alg->scheme)) {
            /* the default salt is the hash's length, or the key's floor when that is longer */
            size_t min_salt;
            int salt = alg->saltlen;
            if ((ret = pss_fits_key(ctx, alg, &min_salt)) != 0) {
                return ret;
            }
            if (salt < 0) {
                salt = min_salt > hlen ? (int)min_salt : TACIT_RSA_SALT_LEN_HASH;
            }
            ret = tacit_rsa_pss_sign(&ctx->u.rsa, alg->md, alg->mgf1_md, salt, hash, hlen, sig,
                                     sig_size, sig_len, f_rng, p_rng);
        }
    }
#endif
#if defined(TACIT_ECP_C) && defined(TACIT_ECDSA_C)
    if (ctx->type == TACIT_PK_EC && alg->scheme == TACIT_PK_SIG_ECDSA) {
        size_t b = tacit_ecp_curve_bytes(ctx->u.ec.grp);
        /* SEQUENCE { INTEGER r, INTEGER s }, each up to b + 1 bytes */
        need = 2 * (b + 1 + 2) + 3;
        if (sig == NULL || sig_size < need) {
            *sig_len = need;
            return TACIT_ERR_BUFFER_TOO_SMALL;
        }
        ret = tacit_ecdsa_sign_der(&ctx->u.ec, alg->md, hash, hlen, sig, sig_size, sig_len, f_rng,
                                   p_rng);
    }
#endif
    (void)need;
    return ret;
}

int tacit_pk_sign(const tacit_pk_context *ctx, const tacit_pk_sig_alg *alg,
                  const unsigned char *msg, size_t msg_len, unsigned char *sig, size_t sig_size,
                  size_t *sig_len, tacit_rng_func f_rng, void *p_rng)
{
    unsigned char hash[TACIT_MD_MAX_SIZE];
    int ret;

    if (alg == NULL || (msg == NULL && msg_len != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (is_pure(alg->scheme)) {
        /* pure Ed25519 (deterministic, no generator) and ML-DSA (empty context string, hedged:
         * rnd from f_rng) hash the message themselves */
        if (ctx == NULL || sig_len == NULL) {
            return TACIT_ERR_BAD_INPUT;
        }
        if ((ret = tacit_pk_check_alg(ctx, alg)) != 0) {
            return ret;
        }
        if (!ctx->is_private) {
            return TACIT_ERR_NO_PRIVATE_KEY;
        }
#if defined(TACIT_ED25519_C)
        if (alg->scheme == TACIT_PK_SIG_ED25519) {
            return tacit_ed25519_sign(&ctx->u.ed25519, msg, msg_len, sig, sig_size, sig_len);
        }
#endif
#if defined(TACIT_MLDSA_C)
        if (alg->scheme == TACIT_PK_SIG_MLDSA) {
            const tacit_pk_pq_key *k = tacit_pk_pq(ctx);
            return tacit_mldsa_sign((tacit_mldsa_params)k->params, k->priv, msg, msg_len, NULL, 0,
                                    sig, sig_size, sig_len, f_rng, p_rng);
        }
#endif
        (void)f_rng;
        (void)p_rng;
        return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
    }
    if (tacit_md_size(alg->md) == 0) {
        return TACIT_ERR_PK_UNKNOWN_SIG_ALG;
    }
    if ((ret = tacit_md(alg->md, msg, msg_len, hash)) != 0) {
        return ret;
    }
    ret = tacit_pk_sign_hash(ctx, alg, hash, tacit_md_size(alg->md), sig, sig_size, sig_len, f_rng,
                             p_rng);
    tacit_platform_zeroize(hash, sizeof(hash));
    return ret;
}

#else
typedef int tacit_pk_sig_unused;
#endif /* TACIT_PK_C */
