/*
 * Signatures of the tacit provider: RSA (PKCS#1 v1.5 and PSS), ECDSA and
 * Ed25519, over a digest given by the caller (EVP_PKEY_sign) or computed
 * here with tacit_md (EVP_DigestSign).
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>

#include "prov.h"
#include "tacit/asn1.h"
#include "tacit/ecdsa.h"
#include "tacit/platform.h"

/* OpenSSL's RSA padding numbers (rsa.h), as OSSL_SIGNATURE_PARAM_PAD_MODE integers. */
#define TP_PAD_PKCS1 1
#define TP_PAD_NONE 3
#define TP_PAD_PSS 6
/* OpenSSL's special salt lengths (rsa.h). */
#define TP_SALT_DIGEST (-1)
#define TP_SALT_AUTO (-2)
#define TP_SALT_MAX (-3)

typedef struct {
    TP_PROV_CTX *pc;
    int alg; /* TP_KEY_RSA, TP_KEY_EC, TP_KEY_ED25519: which signature */
    TP_KEY *key;
    int signing;
    tacit_md_type md, mgf1;
    int md_set;
    int mgf1_set; /* else MGF1 uses md */
    tacit_md_context mdctx;
    int in_digest; /* a DigestSign/DigestVerify is running */
    int pad, saltlen;
} TP_SIG_CTX;

static void *sig_newctx(void *provctx, int alg)
{
    TP_SIG_CTX *c = calloc(1, sizeof(*c));

    if (c == NULL) {
        TP_ERR(provctx, TP_R_ALLOC, "signature context");
        return NULL;
    }
    c->pc = provctx;
    c->alg = alg;
    return c;
}

static void *rsa_sig_newctx(void *provctx, const char *propq)
{
    (void)propq;
    return sig_newctx(provctx, TP_KEY_RSA);
}
static void *ecdsa_sig_newctx(void *provctx, const char *propq)
{
    (void)propq;
    return sig_newctx(provctx, TP_KEY_EC);
}
static void *ed25519_sig_newctx(void *provctx, const char *propq)
{
    (void)propq;
    return sig_newctx(provctx, TP_KEY_ED25519);
}

static void sig_freectx(void *vctx)
{
    TP_SIG_CTX *c = vctx;

    if (c != NULL) {
        tacit_md_free(&c->mdctx);
        free(c);
    }
}

static void *sig_dupctx(void *vctx)
{
    TP_SIG_CTX *c = vctx, *d = malloc(sizeof(*d));

    if (d == NULL) {
        TP_ERR(c->pc, TP_R_ALLOC, "signature context");
        return NULL;
    }
    *d = *c; /* the key is shared, as OpenSSL's keys are (the EVP_PKEY owns it) */
    return d;
}

static int sig_set_md(TP_SIG_CTX *c, const char *name)
{
    tacit_md_type md = tp_md_from_name(name);

    if (md == TACIT_MD_NONE) {
        TP_ERR(c->pc, TP_R_UNSUPPORTED, "digest '%s'", name);
        return 0;
    }
    c->md = md;
    c->md_set = 1;
    return 1;
}

static int sig_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    TP_SIG_CTX *c = vctx;
    const OSSL_PARAM *p;

    if (params == NULL) {
        return 1;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_SIGNATURE_PARAM_DIGEST)) != NULL) {
        const char *name = NULL;
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &name)) {
            TP_ERR(c->pc, TP_R_BAD_PARAM, "digest must be a string");
            return 0;
        }
        if (c->alg == TP_KEY_ED25519) {
            if (name[0] != '\0') {
                TP_ERR(c->pc, TP_R_UNSUPPORTED, "Ed25519 takes no digest");
                return 0;
            }
        } else {
            if (!sig_set_md(c, name)) {
                return 0;
            }
        }
    }
    if (c->alg != TP_KEY_RSA) {
        return 1;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_SIGNATURE_PARAM_PAD_MODE)) != NULL) {
        int pad = 0;
        if (p->data_type == OSSL_PARAM_UTF8_STRING) {
            const char *s = p->data;
            pad = strcmp(s, "pkcs1") == 0 ? TP_PAD_PKCS1 : strcmp(s, "pss") == 0 ? TP_PAD_PSS : 0;
        } else if (!OSSL_PARAM_get_int(p, &pad)) {
            pad = 0;
        }
        if (pad != TP_PAD_PKCS1 && pad != TP_PAD_PSS) {
            TP_ERR(c->pc, TP_R_UNSUPPORTED, "RSA padding mode (PKCS#1 v1.5 and PSS only)");
            return 0;
        }
        if (pad == TP_PAD_PKCS1 && c->key != NULL && c->key->type == TP_KEY_RSA_PSS) {
            TP_ERR(c->pc, TP_R_BAD_PARAM, "an RSA-PSS key signs with PSS only");
            return 0;
        }
        c->pad = pad;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_SIGNATURE_PARAM_PSS_SALTLEN)) != NULL) {
        int salt;
        if (p->data_type == OSSL_PARAM_UTF8_STRING) {
            const char *s = p->data;
            if (strcmp(s, "digest") == 0) {
                salt = TP_SALT_DIGEST;
            } else if (strcmp(s, "max") == 0) {
                salt = TP_SALT_MAX;
            } else if (strcmp(s, "auto") == 0) {
                salt = TP_SALT_AUTO;
            } else {
                salt = atoi(s);
                if (salt < 0 || (salt == 0 && strcmp(s, "0") != 0)) {
                    TP_ERR(c->pc, TP_R_BAD_PARAM, "PSS salt length '%s'", s);
                    return 0;
                }
            }
        } else if (!OSSL_PARAM_get_int(p, &salt) || salt < TP_SALT_MAX) {
            TP_ERR(c->pc, TP_R_BAD_PARAM, "PSS salt length");
            return 0;
        }
        c->saltlen = salt;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_SIGNATURE_PARAM_MGF1_DIGEST)) != NULL) {
        const char *name = NULL;
        tacit_md_type md;
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &name) ||
            (md = tp_md_from_name(name)) == TACIT_MD_NONE) {
            TP_ERR(c->pc, TP_R_UNSUPPORTED, "MGF1 digest");
            return 0;
        }
        c->mgf1 = md;
        c->mgf1_set = 1;
    }
    return 1;
}

static int sig_init(TP_SIG_CTX *c, void *vkey, const OSSL_PARAM params[], int signing)
{
    TP_KEY *k = vkey;

    if (k == NULL) {
        if (c->key == NULL) {
            TP_ERR(c->pc, TP_R_NO_KEY, "signature init without a key");
            return 0;
        }
        k = c->key;
    }
    if ((c->alg == TP_KEY_RSA && k->type != TP_KEY_RSA && k->type != TP_KEY_RSA_PSS) ||
        (c->alg != TP_KEY_RSA && k->type != c->alg)) {
        TP_ERR(c->pc, TP_R_KEY_MISMATCH, "key of another type");
        return 0;
    }
    if (signing ? !k->has_priv : !k->has_pub) {
        TP_ERR(c->pc, TP_R_NO_KEY, signing ? "signing needs a private key" : "no public key");
        return 0;
    }
    c->key = k;
    c->signing = signing;
    c->md = c->mgf1 = TACIT_MD_NONE;
    c->md_set = c->mgf1_set = 0;
    c->in_digest = 0;
    c->pad = k->type == TP_KEY_RSA_PSS ? TP_PAD_PSS : TP_PAD_PKCS1;
    c->saltlen = signing ? TP_SALT_AUTO : TP_SALT_AUTO;
    return sig_set_ctx_params(c, params);
}

static int sig_sign_init(void *vctx, void *vkey, const OSSL_PARAM params[])
{
    return sig_init(vctx, vkey, params, 1);
}

static int sig_verify_init(void *vctx, void *vkey, const OSSL_PARAM params[])
{
    return sig_init(vctx, vkey, params, 0);
}

static tacit_md_type mgf1_md(const TP_SIG_CTX *c)
{
    return c->mgf1_set ? c->mgf1 : c->md;
}

static int pss_salt(const TP_SIG_CTX *c)
{
    switch (c->saltlen) {
    case TP_SALT_DIGEST:
        return TACIT_RSA_SALT_LEN_HASH;
    case TP_SALT_AUTO:
    case TP_SALT_MAX:
        return c->signing ? TACIT_RSA_SALT_LEN_MAX : TACIT_RSA_SALT_LEN_ANY;
    default:
        return c->saltlen;
    }
}

/*
 * PKCS#1 v1.5 without a DigestInfo (no digest set: OpenSSL's raw
 * EVP_PKEY_sign, as `openssl speed rsa` and TLS 1.0/1.1's MD5+SHA-1 use it):
 * tacit_rsa_pkcs1_sign_raw / tacit_rsa_pkcs1_verify_raw.
 */
static int rsa_sign_raw_pkcs1(TP_SIG_CTX *c, unsigned char *sig, size_t *siglen, size_t sigsize,
                              const unsigned char *tbs, size_t tbslen)
{
    int ret = tacit_rsa_pkcs1_sign_raw(&c->key->u.rsa, tbs, tbslen, sig, sigsize, siglen, TP_RNG);

    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, "tacit_rsa_pkcs1_sign_raw");
        return 0;
    }
    return 1;
}

static int rsa_verify_raw_pkcs1(TP_SIG_CTX *c, const unsigned char *sig, size_t siglen,
                                const unsigned char *tbs, size_t tbslen)
{
    int ret = tacit_rsa_pkcs1_verify_raw(&c->key->u.rsa, tbs, tbslen, sig, siglen);

    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, "tacit_rsa_pkcs1_verify_raw");
        return 0;
    }
    return 1;
}

static int sig_sign(void *vctx, unsigned char *sig, size_t *siglen, size_t sigsize,
                    const unsigned char *tbs, size_t tbslen)
{
    TP_SIG_CTX *c = vctx;
    size_t max;
    int ret;

    if (c->key == NULL || !c->signing) {
        TP_ERR(c->pc, TP_R_WRONG_STATE, "sign without sign_init");
        return 0;
    }
    max = tp_key_max_size(c->key);
    if (sig == NULL) {
        *siglen = max;
        return 1;
    }
    if (sigsize < max && c->alg != TP_KEY_EC) {
        TP_ERR(c->pc, TP_R_BUFFER_TOO_SMALL, "signature needs %zu bytes, got %zu", max, sigsize);
        return 0;
    }
    if (c->md_set && tbslen != tacit_md_size(c->md)) {
        TP_ERR(c->pc, TP_R_BAD_PARAM, "digest of %zu bytes for %s", tbslen, tp_md_ossl_name(c->md));
        return 0;
    }
    switch (c->alg) {
    case TP_KEY_RSA:
        if (!c->md_set) {
            if (c->pad != TP_PAD_PKCS1) {
                TP_ERR(c->pc, TP_R_BAD_PARAM, "PSS needs a digest");
                return 0;
            }
            return rsa_sign_raw_pkcs1(c, sig, siglen, sigsize, tbs, tbslen);
        }
        ret = c->pad == TP_PAD_PSS
                  ? tacit_rsa_pss_sign(&c->key->u.rsa, c->md, mgf1_md(c), pss_salt(c), tbs, tbslen,
                                       sig, sigsize, siglen, TP_RNG)
                  : tacit_rsa_pkcs1_sign(&c->key->u.rsa, c->md, tbs, tbslen, sig, sigsize, siglen,
                                         TP_RNG);
        break;
    case TP_KEY_EC:
        ret = tacit_ecdsa_sign_der(&c->key->u.ec, c->md, tbs, tbslen, sig, sigsize, siglen, TP_RNG);
        break;
    default:
        TP_ERR(c->pc, TP_R_UNSUPPORTED, "Ed25519 signs whole messages (EVP_DigestSign)");
        return 0;
    }
    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, "sign");
        return 0;
    }
    return 1;
}

static int sig_verify(void *vctx, const unsigned char *sig, size_t siglen, const unsigned char *tbs,
                      size_t tbslen)
{
    TP_SIG_CTX *c = vctx;
    int ret;

    if (c->key == NULL || c->signing) {
        TP_ERR(c->pc, TP_R_WRONG_STATE, "verify without verify_init");
        return 0;
    }
    switch (c->alg) {
    case TP_KEY_RSA:
        if (!c->md_set) {
            if (c->pad != TP_PAD_PKCS1) {
                TP_ERR(c->pc, TP_R_BAD_PARAM, "PSS needs a digest");
                return 0;
            }
            return rsa_verify_raw_pkcs1(c, sig, siglen, tbs, tbslen);
        }
        ret = c->pad == TP_PAD_PSS
                  ? tacit_rsa_pss_verify(&c->key->u.rsa, c->md, mgf1_md(c), pss_salt(c), tbs,
                                         tbslen, sig, siglen)
                  : tacit_rsa_pkcs1_verify(&c->key->u.rsa, c->md, tbs, tbslen, sig, siglen);
        break;
    case TP_KEY_EC:
        ret = tacit_ecdsa_verify_der(&c->key->u.ec, tbs, tbslen, sig, siglen);
        break;
    default:
        TP_ERR(c->pc, TP_R_UNSUPPORTED, "Ed25519 verifies whole messages (EVP_DigestVerify)");
        return 0;
    }
    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, "verify");
        return 0;
    }
    return 1;
}

/* ---- digest-sign / digest-verify ---------------------------------------------------------------- */

static int sig_digest_init(TP_SIG_CTX *c, const char *mdname, void *vkey, const OSSL_PARAM params[],
                           int signing)
{
    int ret;

    if (!sig_init(c, vkey, params, signing)) {
        return 0;
    }
    if (c->alg == TP_KEY_ED25519) {
        if (mdname != NULL && mdname[0] != '\0') {
            TP_ERR(c->pc, TP_R_UNSUPPORTED, "Ed25519 takes no digest ('%s')", mdname);
            return 0;
        }
        c->in_digest = 1;
        return 1;
    }
    if (mdname == NULL || mdname[0] == '\0') {
        mdname = "SHA256";
    }
    if (!sig_set_md(c, mdname)) {
        return 0;
    }
    ret = tacit_md_init(&c->mdctx, c->md);
    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, "tacit_md_init");
        return 0;
    }
    c->in_digest = 1;
    return 1;
}

static int sig_digest_sign_init(void *vctx, const char *mdname, void *vkey,
                                const OSSL_PARAM params[])
{
    return sig_digest_init(vctx, mdname, vkey, params, 1);
}

static int sig_digest_verify_init(void *vctx, const char *mdname, void *vkey,
                                  const OSSL_PARAM params[])
{
    return sig_digest_init(vctx, mdname, vkey, params, 0);
}

static int sig_digest_update(void *vctx, const unsigned char *data, size_t datalen)
{
    TP_SIG_CTX *c = vctx;
    int ret;

    if (!c->in_digest || c->alg == TP_KEY_ED25519) {
        TP_ERR(c->pc, TP_R_WRONG_STATE, "digest update without digest init");
        return 0;
    }
    ret = tacit_md_update(&c->mdctx, data, datalen);
    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, "tacit_md_update");
        return 0;
    }
    return 1;
}

static int sig_digest_sign_final(void *vctx, unsigned char *sig, size_t *siglen, size_t sigsize)
{
    TP_SIG_CTX *c = vctx;
    unsigned char h[TACIT_MD_MAX_SIZE];
    tacit_md_context copy;
    int ret;

    if (!c->in_digest || c->alg == TP_KEY_ED25519) {
        TP_ERR(c->pc, TP_R_WRONG_STATE, "digest final without digest init");
        return 0;
    }
    if (sig == NULL) {
        *siglen = tp_key_max_size(c->key);
        return 1;
    }
    copy = c->mdctx; /* EVP may finalise more than once */
    ret = tacit_md_finish(&copy, h);
    tacit_md_free(&copy);
    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, "tacit_md_finish");
        return 0;
    }
    return sig_sign(c, sig, siglen, sigsize, h, tacit_md_size(c->md));
}

static int sig_digest_verify_final(void *vctx, const unsigned char *sig, size_t siglen)
{
    TP_SIG_CTX *c = vctx;
    unsigned char h[TACIT_MD_MAX_SIZE];
    tacit_md_context copy;
    int ret;

    if (!c->in_digest || c->alg == TP_KEY_ED25519) {
        TP_ERR(c->pc, TP_R_WRONG_STATE, "digest final without digest init");
        return 0;
    }
    copy = c->mdctx;
    ret = tacit_md_finish(&copy, h);
    tacit_md_free(&copy);
    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, "tacit_md_finish");
        return 0;
    }
    return sig_verify(c, sig, siglen, h, tacit_md_size(c->md));
}

/* Ed25519: one-shot over the whole message. */
static int ed_digest_sign(void *vctx, unsigned char *sig, size_t *siglen, size_t sigsize,
                          const unsigned char *tbs, size_t tbslen)
{
    TP_SIG_CTX *c = vctx;
    int ret;

    if (!c->in_digest || !c->signing) {
        TP_ERR(c->pc, TP_R_WRONG_STATE, "Ed25519 sign without digest-sign init");
        return 0;
    }
    if (sig == NULL) {
        *siglen = TACIT_ED25519_SIG_SIZE;
        return 1;
    }
    ret = tacit_ed25519_sign(&c->key->u.ed25519, tbs, tbslen, sig, sigsize, siglen);
    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, "tacit_ed25519_sign");
        return 0;
    }
    return 1;
}

static int ed_digest_verify(void *vctx, const unsigned char *sig, size_t siglen,
                            const unsigned char *tbs, size_t tbslen)
{
    TP_SIG_CTX *c = vctx;
    int ret;

    if (!c->in_digest || c->signing) {
        TP_ERR(c->pc, TP_R_WRONG_STATE, "Ed25519 verify without digest-verify init");
        return 0;
    }
    ret = tacit_ed25519_verify(&c->key->u.ed25519, tbs, tbslen, sig, siglen);
    if (ret != 0) {
        TP_TACIT_ERR(c->pc, ret, "tacit_ed25519_verify");
        return 0;
    }
    return 1;
}

/* ---- parameters ---------------------------------------------------------------------------------- */

static const unsigned char *sha2_oid(tacit_md_type md, size_t *len)
{
    switch (md) {
    case TACIT_MD_SHA224:
        *len = TACIT_OID_LEN(TACIT_OID_SHA224);
        return (const unsigned char *)TACIT_OID_SHA224;
    case TACIT_MD_SHA256:
        *len = TACIT_OID_LEN(TACIT_OID_SHA256);
        return (const unsigned char *)TACIT_OID_SHA256;
    case TACIT_MD_SHA384:
        *len = TACIT_OID_LEN(TACIT_OID_SHA384);
        return (const unsigned char *)TACIT_OID_SHA384;
    case TACIT_MD_SHA512:
        *len = TACIT_OID_LEN(TACIT_OID_SHA512);
        return (const unsigned char *)TACIT_OID_SHA512;
    default:
        return NULL;
    }
}

/*
 * The RSASSA-PSS AlgorithmIdentifier of a signing context (RFC 4055, RFC 8017
 * A.2.3), written backwards into buf[0 .. size) with tacit's DER writer:
 *   SEQUENCE { id-RSASSA-PSS, SEQUENCE { [0] hashAlgorithm, [1] maskGenAlgorithm
 *   { id-mgf1, hash AlgorithmIdentifier }, [2] saltLength } }
 * SHA-2 AlgorithmIdentifiers with NULL parameters (RFC 4055 accepts NULL or
 * absent; NULL is what OpenSSL writes, byte for byte); saltLength is the number of bytes tacit_rsa_pss_sign will use and is
 * left out when it is the default 20; trailerField is always the default.
 * Returns the length (the encoding starts at *der), 0 when there is none.
 */
static size_t pss_algorithm_id(const TP_SIG_CTX *c, unsigned char *buf, size_t size,
                               const unsigned char **der)
{
    static const unsigned char null_der[2] = { 0x05, 0x00 };
    unsigned char *p = buf + size;
    const unsigned char *h, *m;
    size_t hl = 0, ml = 0, hlen = tacit_md_size(c->md), emlen;
    int salt, n, len = 0, inner;

    h = sha2_oid(c->md, &hl);
    m = sha2_oid(mgf1_md(c), &ml);
    if (!c->md_set || !c->signing || h == NULL || m == NULL || c->key == NULL) {
        return 0;
    }
    emlen = (tacit_rsa_bitlen(&c->key->u.rsa) - 1 + 7) / 8;
    if (emlen < hlen + 2) {
        return 0;
    }
    switch (pss_salt(c)) {
    case TACIT_RSA_SALT_LEN_HASH:
        salt = (int)hlen;
        break;
    case TACIT_RSA_SALT_LEN_MAX:
        salt = (int)(emlen - hlen - 2);
        break;
    default:
        salt = pss_salt(c);
    }
    if (salt < 0) {
        return 0;
    }
    if (salt != 20) { /* [2] saltLength */
        if ((n = tacit_asn1_write_int(&p, buf, salt)) < 0 ||
            (inner = tacit_asn1_write_header(&p, buf, TACIT_ASN1_CONTEXT_EXPLICIT(2), (size_t)n)) <
                0) {
            return 0;
        }
        len += n + inner;
    }
    /* [1] maskGenAlgorithm: { id-mgf1, { hash } } */
    if ((inner = tacit_asn1_write_alg(&p, buf, m, ml, null_der, 2)) < 0 ||
        (n = tacit_asn1_write_oid(&p, buf, (const unsigned char *)TACIT_OID_MGF1,
                                  TACIT_OID_LEN(TACIT_OID_MGF1))) < 0) {
        return 0;
    }
    inner += n;
    if ((n = tacit_asn1_write_header(&p, buf, TACIT_ASN1_SEQUENCE, (size_t)inner)) < 0) {
        return 0;
    }
    inner += n;
    if ((n = tacit_asn1_write_header(&p, buf, TACIT_ASN1_CONTEXT_EXPLICIT(1), (size_t)inner)) < 0) {
        return 0;
    }
    len += inner + n;
    /* [0] hashAlgorithm */
    if ((inner = tacit_asn1_write_alg(&p, buf, h, hl, null_der, 2)) < 0 ||
        (n = tacit_asn1_write_header(&p, buf, TACIT_ASN1_CONTEXT_EXPLICIT(0), (size_t)inner)) < 0) {
        return 0;
    }
    len += inner + n;
    /* RSASSA-PSS-params, then the AlgorithmIdentifier around it */
    if ((n = tacit_asn1_write_header(&p, buf, TACIT_ASN1_SEQUENCE, (size_t)len)) < 0) {
        return 0;
    }
    len += n;
    if ((n = tacit_asn1_write_oid(&p, buf, (const unsigned char *)TACIT_OID_RSASSA_PSS,
                                  TACIT_OID_LEN(TACIT_OID_RSASSA_PSS))) < 0) {
        return 0;
    }
    len += n;
    if ((n = tacit_asn1_write_header(&p, buf, TACIT_ASN1_SEQUENCE, (size_t)len)) < 0) {
        return 0;
    }
    len += n;
    *der = p;
    return (size_t)len;
}

/*
 * The DER AlgorithmIdentifier of the signature (X.509 and CMS signing ask for it):
 * ecdsa-with-SHA*, Ed25519, sha*WithRSAEncryption (RSA-PSS: pss_algorithm_id).
 * Returns its length, 0 when there is none.
 */
static size_t sig_algorithm_id(const TP_SIG_CTX *c, const unsigned char **der)
{
    static const unsigned char ecdsa[4][12] = {
        { 0x30, 0x0a, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x01 },
        { 0x30, 0x0a, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02 },
        { 0x30, 0x0a, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x03 },
        { 0x30, 0x0a, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x04 }
    };
    static const unsigned char rsa[4][15] = { { 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86,
                                                0xf7, 0x0d, 0x01, 0x01, 0x0e, 0x05, 0x00 },
                                              { 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86,
                                                0xf7, 0x0d, 0x01, 0x01, 0x0b, 0x05, 0x00 },
                                              { 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86,
                                                0xf7, 0x0d, 0x01, 0x01, 0x0c, 0x05, 0x00 },
                                              { 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86,
                                                0xf7, 0x0d, 0x01, 0x01, 0x0d, 0x05, 0x00 } };
    static const unsigned char ed25519[7] = { 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70 };
    int i;

    if (c->alg == TP_KEY_ED25519) {
        *der = ed25519;
        return sizeof(ed25519);
    }
    switch (c->md) {
    case TACIT_MD_SHA224:
        i = 0;
        break;
    case TACIT_MD_SHA256:
        i = 1;
        break;
    case TACIT_MD_SHA384:
        i = 2;
        break;
    case TACIT_MD_SHA512:
        i = 3;
        break;
    default:
        return 0;
    }
    if (!c->md_set) {
        return 0;
    }
    if (c->alg == TP_KEY_EC) {
        *der = ecdsa[i];
        return sizeof(ecdsa[i]);
    }
    if (c->pad != TP_PAD_PKCS1) {
        return 0;
    }
    *der = rsa[i];
    return sizeof(rsa[i]);
}

static int sig_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    TP_SIG_CTX *c = vctx;
    OSSL_PARAM *p;

    if ((p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_ALGORITHM_ID)) != NULL) {
        const unsigned char *der = NULL;
        unsigned char buf[96];
        size_t len = c->alg == TP_KEY_RSA && c->pad == TP_PAD_PSS
                         ? pss_algorithm_id(c, buf, sizeof(buf), &der)
                         : sig_algorithm_id(c, &der);
        if (len == 0) {
            TP_ERR(c->pc, TP_R_UNSUPPORTED, "no AlgorithmIdentifier for this signature");
            return 0;
        }
        if (!OSSL_PARAM_set_octet_string(p, der, len)) {
            return 0;
        }
    }

    if ((p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_DIGEST)) != NULL &&
        (!c->md_set || !OSSL_PARAM_set_utf8_string(p, tp_md_ossl_name(c->md)))) {
        return 0;
    }
    if (c->alg == TP_KEY_RSA) {
        if ((p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_PAD_MODE)) != NULL) {
            if (p->data_type == OSSL_PARAM_UTF8_STRING) {
                if (!OSSL_PARAM_set_utf8_string(p, c->pad == TP_PAD_PSS ? "pss" : "pkcs1")) {
                    return 0;
                }
            } else if (!OSSL_PARAM_set_int(p, c->pad)) {
                return 0;
            }
        }
        if ((p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_PSS_SALTLEN)) != NULL &&
            p->data_type != OSSL_PARAM_UTF8_STRING && !OSSL_PARAM_set_int(p, c->saltlen)) {
            return 0;
        }
        if ((p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_MGF1_DIGEST)) != NULL &&
            (mgf1_md(c) == TACIT_MD_NONE ||
             !OSSL_PARAM_set_utf8_string(p, tp_md_ossl_name(mgf1_md(c))))) {
            return 0;
        }
    }
    return 1;
}

static const OSSL_PARAM sig_gettable[] = {
    OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_DIGEST, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_PAD_MODE, NULL, 0),
    OSSL_PARAM_int(OSSL_SIGNATURE_PARAM_PSS_SALTLEN, NULL),
    OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_MGF1_DIGEST, NULL, 0),
    OSSL_PARAM_END
};
static const OSSL_PARAM rsa_settable[] = {
    OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_DIGEST, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_PAD_MODE, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_PSS_SALTLEN, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_MGF1_DIGEST, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_MGF1_PROPERTIES, NULL, 0),
    OSSL_PARAM_END
};
static const OSSL_PARAM md_settable[] = {
    OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_DIGEST, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_PROPERTIES, NULL, 0), OSSL_PARAM_END
};

static const OSSL_PARAM *sig_gettable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return sig_gettable;
}
static const OSSL_PARAM *rsa_settable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return rsa_settable;
}
static const OSSL_PARAM *md_settable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return md_settable;
}

#define TP_SIG_COMMON(newfn, settable)                                                             \
    { OSSL_FUNC_SIGNATURE_NEWCTX, (void (*)(void))newfn },                                         \
        { OSSL_FUNC_SIGNATURE_FREECTX, (void (*)(void))sig_freectx },                              \
        { OSSL_FUNC_SIGNATURE_DUPCTX, (void (*)(void))sig_dupctx },                                \
        { OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT, (void (*)(void))sig_digest_sign_init },            \
        { OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT, (void (*)(void))sig_digest_verify_init },        \
        { OSSL_FUNC_SIGNATURE_GET_CTX_PARAMS, (void (*)(void))sig_get_ctx_params },                \
        { OSSL_FUNC_SIGNATURE_GETTABLE_CTX_PARAMS, (void (*)(void))sig_gettable_ctx_params },      \
        { OSSL_FUNC_SIGNATURE_SET_CTX_PARAMS, (void (*)(void))sig_set_ctx_params },                \
    {                                                                                              \
        OSSL_FUNC_SIGNATURE_SETTABLE_CTX_PARAMS, (void (*)(void))settable                          \
    }

#define TP_SIG_HASHED                                                                              \
    { OSSL_FUNC_SIGNATURE_SIGN_INIT, (void (*)(void))sig_sign_init },                              \
        { OSSL_FUNC_SIGNATURE_VERIFY_INIT, (void (*)(void))sig_verify_init },                      \
        { OSSL_FUNC_SIGNATURE_SIGN, (void (*)(void))sig_sign },                                    \
        { OSSL_FUNC_SIGNATURE_VERIFY, (void (*)(void))sig_verify },                                \
        { OSSL_FUNC_SIGNATURE_DIGEST_SIGN_UPDATE, (void (*)(void))sig_digest_update },             \
        { OSSL_FUNC_SIGNATURE_DIGEST_SIGN_FINAL, (void (*)(void))sig_digest_sign_final },          \
        { OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_UPDATE, (void (*)(void))sig_digest_update },           \
    {                                                                                              \
        OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_FINAL, (void (*)(void))sig_digest_verify_final           \
    }

const OSSL_DISPATCH tp_rsa_signature_functions[] = {
    TP_SIG_COMMON(rsa_sig_newctx, rsa_settable_ctx_params), TP_SIG_HASHED, { 0, NULL }
};
const OSSL_DISPATCH tp_ecdsa_signature_functions[] = {
    TP_SIG_COMMON(ecdsa_sig_newctx, md_settable_ctx_params), TP_SIG_HASHED, { 0, NULL }
};
const OSSL_DISPATCH tp_ed25519_signature_functions[] = {
    TP_SIG_COMMON(ed25519_sig_newctx, md_settable_ctx_params),
    { OSSL_FUNC_SIGNATURE_DIGEST_SIGN, (void (*)(void))ed_digest_sign },
    { OSSL_FUNC_SIGNATURE_DIGEST_VERIFY, (void (*)(void))ed_digest_verify },
    { 0, NULL }
};
