/*
 * Path validation (RFC 5280 section 6, with the Web PKI rules of x509.h):
 * a depth-first search from the leaf through untrusted certificates to a
 * trust anchor, with bounded work.  Certificates are public data, so the
 * signatures are checked with the public verification paths of pk
 * (tacit_rsa_public's sliding window for e, tacit_ecp_muladd_unsafe).
 */
#include "tacit/x509.h"

#if defined(TACIT_X509_C)

#include <string.h>

#include "tacit/asn1.h"
#include "tacit/pk.h"
#include "pk/pk_internal.h"
#include "x509/x509_internal.h"
#include "x509/x509_verify_internal.h"

static const char *const reason_texts[TACIT_X509_REASON_COUNT] = {
    "ok",
    "certificate has expired",
    "certificate is not yet valid",
    "unable to get issuer certificate (unknown issuer or missing intermediate)",
    "certificate signature failure",
    "hostname or IP address mismatch",
    "path length constraint exceeded",
    "unsupported critical extension",
    "issuer is not a CA certificate",
    "CA certificate used as end entity",
    "key usage does not permit this use",
    "extended key usage does not permit this purpose",
    "name constraints violated",
    "key too weak (RSA below 2048 bits)",
    "unsupported public key algorithm or curve",
    "unsupported signature algorithm",
    "SHA-1 signature not allowed",
    "certificate chain too long",
    "path building gave up (too many candidates or signature checks)",
    "invalid certificate",
    "certificate breaks the Web PKI profile (CA/Browser Forum BR 7.1.2)",
};

const char *tacit_x509_reason_text(tacit_x509_reason reason)
{
    return (unsigned)reason < TACIT_X509_REASON_COUNT ? reason_texts[reason] : "unknown reason";
}

void tacit_x509_verify_params_init(tacit_x509_verify_params *params)
{
    if (params != NULL) {
        memset(params, 0, sizeof(*params));
        params->purpose = TACIT_X509_PURPOSE_SERVER;
        params->max_intermediates = TACIT_X509_DEFAULT_MAX_INTERMEDIATES;
    }
}

/* ---- keys and signatures ------------------------------------------------------------- */

/*
 * Parse crt's key into pk and apply the key rules: RSA >= 2048 bits (1024
 * for anchors when allowed), EC on the three NIST curves (pk refuses others),
 * Ed25519 (RFC 8410) and ML-DSA (RFC 9881) when compiled in.
 */
static reason_t load_key(const tacit_x509_crt *crt, int anchor, unsigned flags,
                         tacit_pk_context *pk)
{
    const unsigned char *p = crt->spki.p;
    tacit_asn1_key_info info;
    int is_rsa;

    if (tacit_asn1_get_spki(&p, crt->spki.p + crt->spki.len, &info) != 0) {
        return TACIT_X509_UNSUPPORTED_KEY;
    }
    is_rsa = TACIT_OID_EQUAL(TACIT_OID_RSA_ENCRYPTION, info.alg.p, info.alg.len) ||
             TACIT_OID_EQUAL(TACIT_OID_RSASSA_PSS, info.alg.p, info.alg.len);
    if (!is_rsa && !TACIT_OID_EQUAL(TACIT_OID_EC_PUBLIC_KEY, info.alg.p, info.alg.len) &&
        !TACIT_OID_EQUAL(TACIT_OID_ED25519, info.alg.p, info.alg.len) &&
        tacit_pk_pq_type_of_oid(&info.alg) != TACIT_PK_MLDSA) {
        return TACIT_X509_UNSUPPORTED_KEY; /* DSA, X25519, ML-KEM (no signatures), Ed448, ... */
    }
    if (tacit_pk_parse_public_key(pk, crt->spki.p, crt->spki.len) != 0) {
        /* an RSA modulus below TACIT_RSA_MIN_BITS does not even load */
        return is_rsa ? TACIT_X509_WEAK_KEY : TACIT_X509_UNSUPPORTED_KEY;
    }
    if (is_rsa) {
        size_t bits = tacit_pk_bitlen(pk);
        size_t min = anchor && (flags & TACIT_X509_ALLOW_RSA1024_ANCHORS) ? 1024 : 2048;
        if (bits < min) {
            tacit_pk_free(pk);
            return TACIT_X509_WEAK_KEY;
        }
    }
    return TACIT_X509_OK;
}

static reason_t check_sig(const tacit_x509_crt *crt, const tacit_x509_crt *issuer, int anchor,
                          unsigned flags)
{
    tacit_pk_sig_alg alg;
    tacit_pk_context pk;
    unsigned char hash[TACIT_MD_MAX_SIZE];
    reason_t r;
    int ret;

    if (tacit_pk_sig_alg_from_x509(crt->sig_alg.p, crt->sig_alg.len, &alg) != 0) {
        return TACIT_X509_UNSUPPORTED_SIG_ALG;
    }
    if ((alg.md == TACIT_MD_SHA1 || alg.mgf1_md == TACIT_MD_SHA1) &&
        !(flags & TACIT_X509_ALLOW_SHA1)) {
        return TACIT_X509_SHA1_SIGNATURE;
    }
    tacit_pk_init(&pk);
    r = load_key(issuer, anchor, flags, &pk);
    if (r != TACIT_X509_OK) {
        return r;
    }
    if (tacit_pk_check_alg(&pk, &alg) != 0) {
        tacit_pk_free(&pk);
        return TACIT_X509_UNSUPPORTED_SIG_ALG;
    }
    if (alg.scheme == TACIT_PK_SIG_ED25519 || alg.scheme == TACIT_PK_SIG_MLDSA) {
        /* pure Ed25519 and ML-DSA sign the TBSCertificate bytes themselves (RFC 8410 section 6,
         * RFC 9881 section 3: the empty context string) */
        ret = tacit_pk_verify(&pk, &alg, crt->tbs.p, crt->tbs.len, crt->signature.p,
                              crt->signature.len, 0);
    } else {
        ret = tacit_md(alg.md, crt->tbs.p, crt->tbs.len, hash);
        if (ret == 0) {
            ret = tacit_pk_verify_hash(&pk, &alg, hash, tacit_md_size(alg.md), crt->signature.p,
                                       crt->signature.len, TACIT_PK_ALLOW_SHA1);
        }
    }
    tacit_pk_free(&pk);
    return ret == 0 ? TACIT_X509_OK : TACIT_X509_BAD_SIGNATURE;
}

int tacit_x509_crt_get_pk(const tacit_x509_crt *crt, tacit_pk_context *pk)
{
    if (crt == NULL || pk == NULL || crt->spki.p == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    return tacit_pk_parse_public_key(pk, crt->spki.p, crt->spki.len);
}

int tacit_x509_check_signature(const tacit_x509_crt *crt, const tacit_x509_crt *issuer,
                               unsigned flags, tacit_x509_reason *reason)
{
    reason_t r;

    if (crt == NULL || issuer == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    r = check_sig(crt, issuer, 1, flags);
    if (reason != NULL) {
        *reason = r;
    }
    return r == TACIT_X509_OK ? 0 : TACIT_ERR_X509_VERIFY_FAILED;
}

/* ---- per-certificate rules ------------------------------------------------------------- */

static reason_t check_time(const vstate *v, const tacit_x509_crt *c)
{
    if (c->not_before > c->not_after) {
        return TACIT_X509_INVALID_CERT;
    }
    if (v->params->time < c->not_before) {
        return TACIT_X509_NOT_YET_VALID;
    }
    if (v->params->time > c->not_after) {
        return TACIT_X509_EXPIRED;
    }
    return TACIT_X509_OK;
}

static unsigned purpose_eku(const vstate *v)
{
    return v->params->purpose == TACIT_X509_PURPOSE_SERVER   ? TACIT_X509_EKU_SERVER_AUTH
           : v->params->purpose == TACIT_X509_PURPOSE_CLIENT ? TACIT_X509_EKU_CLIENT_AUTH
                                                             : 0;
}

static int self_issued(const tacit_x509_crt *c);

static int is_server(const vstate *v)
{
    return v->params->purpose == TACIT_X509_PURPOSE_SERVER;
}

/* The Web PKI rules (x509.h) for any certificate below the anchor. */
static reason_t profile_below_anchor(const tacit_x509_crt *c)
{
    if ((c->details & TACIT_X509_DETAIL_SERIAL_ZERO) ||
        (c->authority_key_id.p == NULL && !self_issued(c)) ||
        ((c->details & TACIT_X509_DETAIL_SAN_CRITICAL) &&
         !tacit_x509_name_is_empty(c->subject.p, c->subject.len))) {
        return TACIT_X509_PROFILE;
    }
    return TACIT_X509_OK;
}

/* The Web PKI rules (x509.h) for a trust anchor given as a version 3 certificate. */
static reason_t profile_anchor(const vstate *v, const tacit_x509_crt *c)
{
    int strict = (v->params->flags & TACIT_X509_STRICT_ANCHORS) != 0;

    if (c->version != 3) {
        return TACIT_X509_OK;
    }
    if (!(c->ext_present & TACIT_X509_EXT_BASIC_CONSTRAINTS) || !c->ca ||
        (c->ext_present & TACIT_X509_EXT_EXT_KEY_USAGE)) {
        return TACIT_X509_PROFILE;
    }
    if (c->ext_present & TACIT_X509_EXT_AUTHORITY_KEY_ID) {
        if (c->authority_key_id.p == NULL ||
            (c->subject_key_id.p != NULL &&
             (c->authority_key_id.len != c->subject_key_id.len ||
              memcmp(c->authority_key_id.p, c->subject_key_id.p, c->subject_key_id.len) != 0))) {
            return TACIT_X509_PROFILE;
        }
    }
    if (strict && (!(c->details & TACIT_X509_DETAIL_BC_CRITICAL) ||
                   (c->details & (TACIT_X509_DETAIL_AKI_ISSUER | TACIT_X509_DETAIL_SERIAL_ZERO)) ||
                   c->subject_key_id.p == NULL)) {
        return TACIT_X509_PROFILE;
    }
    return TACIT_X509_OK;
}

/*
 * The Web PKI profile over a path that is otherwise valid (so that a
 * structural failure keeps its own reason, and path building may still try
 * another candidate).
 */
static reason_t check_path_profile(const vstate *v, const tacit_x509_crt *anchor)
{
    const tacit_x509_crt *leaf = v->path[0];
    size_t i;
    reason_t r;

    if (!is_server(v)) {
        return TACIT_X509_OK;
    }
    for (i = 0; i < v->depth; i++) {
        r = profile_below_anchor(v->path[i]);
        if (r != TACIT_X509_OK) {
            return r;
        }
        /*
         * BR 7.1.2.2: a subordinate CA has a subjectKeyIdentifier, and (BR
         * 7.1.2.10.4, RFC 5280 4.2.1.9) a critical basicConstraints
         */
        if (i > 0 && (v->path[i]->subject_key_id.p == NULL ||
                      !(v->path[i]->details & TACIT_X509_DETAIL_BC_CRITICAL))) {
            return TACIT_X509_PROFILE;
        }
    }
    /* BR 7.1.2.7.10: anyExtendedKeyUsage is never in a TLS server certificate */
    if ((leaf->ext_present & TACIT_X509_EXT_EXT_KEY_USAGE) &&
        (leaf->ext_key_usage & TACIT_X509_EKU_ANY)) {
        return TACIT_X509_PROFILE;
    }
    return profile_anchor(v, anchor);
}

/* A CA certificate above the leaf (intermediate or anchor); n = intermediates below it. */
static reason_t check_ca(const vstate *v, const tacit_x509_crt *c, size_t n, int anchor)
{
    unsigned eku = purpose_eku(v);

    if (!anchor || c->version == 3) {
        if (c->version != 3 || !(c->ext_present & TACIT_X509_EXT_BASIC_CONSTRAINTS) || !c->ca) {
            /* anchors without basicConstraints (old v3 roots) are trusted as CAs */
            if (!(anchor && !(c->ext_present & TACIT_X509_EXT_BASIC_CONSTRAINTS))) {
                return TACIT_X509_NOT_A_CA;
            }
        }
    }
    if (!anchor && (c->ext_present & TACIT_X509_EXT_UNKNOWN_CRITICAL)) {
        return TACIT_X509_UNSUPPORTED_CRITICAL_EXT;
    }

    if (c->max_pathlen >= 0 && n > (size_t)c->max_pathlen) {
        return TACIT_X509_PATH_LEN_EXCEEDED;
    }
    if ((c->ext_present & TACIT_X509_EXT_KEY_USAGE) &&
        !(c->key_usage & TACIT_X509_KU_KEY_CERT_SIGN)) {
        return TACIT_X509_BAD_KEY_USAGE;
    }
    /*
     * An intermediate's extKeyUsage, when present, must name the purpose:
     * anyExtendedKeyUsage alone is not enough (CA/Browser Forum BR 7.1.2.2;
     * OpenSSL agrees).  An anchor's may be anyExtendedKeyUsage.
     */
    if (eku != 0 && (c->ext_present & TACIT_X509_EXT_EXT_KEY_USAGE) &&
        !(c->ext_key_usage & (eku | (anchor ? TACIT_X509_EKU_ANY : 0)))) {
        return TACIT_X509_BAD_EXT_KEY_USAGE;
    }
    return check_time(v, c);
}

static reason_t check_leaf(const vstate *v, const tacit_x509_crt *c)
{
    unsigned eku = purpose_eku(v);
    tacit_pk_context pk;
    reason_t r;

    if (c->version != 3) {
        return TACIT_X509_INVALID_CERT; /* version 1 only as a trust anchor */
    }
    if (c->ext_present & TACIT_X509_EXT_UNKNOWN_CRITICAL) {
        return TACIT_X509_UNSUPPORTED_CRITICAL_EXT;
    }
    if (v->params->purpose != TACIT_X509_PURPOSE_ANY) {
        if ((c->ext_present & TACIT_X509_EXT_BASIC_CONSTRAINTS) && c->ca) {
            return TACIT_X509_CA_AS_LEAF;
        }
        if ((c->ext_present & TACIT_X509_EXT_KEY_USAGE) &&
            (!(c->key_usage & TACIT_X509_KU_DIGITAL_SIGNATURE) ||
             (c->key_usage & TACIT_X509_KU_KEY_CERT_SIGN))) {
            return TACIT_X509_BAD_KEY_USAGE;
        }
        /* anyExtendedKeyUsage is not enough for a leaf */
        if ((c->ext_present & TACIT_X509_EXT_EXT_KEY_USAGE) && !(c->ext_key_usage & eku)) {
            return TACIT_X509_BAD_EXT_KEY_USAGE;
        }
    }

    tacit_pk_init(&pk);
    r = load_key(c, 0, 0, &pk);
    tacit_pk_free(&pk);
    if (r != TACIT_X509_OK) {
        return r;
    }
    return check_time(v, c);
}

/* ---- path search ----------------------------------------------------------------------- */

static void fail(vstate *v, reason_t r)
{
    if (v->best == TACIT_X509_OK || v->depth > v->best_depth ||
        (v->depth == v->best_depth && v->best == TACIT_X509_UNKNOWN_ISSUER)) {
        v->best = r;
        v->best_depth = v->depth;
    }
}

static int same_cert(const tacit_x509_crt *a, const tacit_x509_crt *b)
{
    return a->der.len == b->der.len && memcmp(a->der.p, b->der.p, a->der.len) == 0;
}

/* Is c (or a certificate with c's subject and key) already in the path?  (RFC 4158 loops) */
static int in_path(const vstate *v, const tacit_x509_crt *c)
{
    size_t i;

    for (i = 0; i < v->depth; i++) {
        const tacit_x509_crt *p = v->path[i];
        if (same_cert(p, c) ||
            (p->spki.len == c->spki.len && memcmp(p->spki.p, c->spki.p, c->spki.len) == 0 &&
             tacit_x509_name_equal(p->subject.p, p->subject.len, c->subject.p, c->subject.len))) {
            return 1;
        }
    }
    return 0;
}

static int self_issued(const tacit_x509_crt *c)
{
    return tacit_x509_name_equal(c->subject.p, c->subject.len, c->issuer.p, c->issuer.len);
}

/* Name constraints of every CA in the finished path (anchor included) over what is below it. */
static reason_t check_path_nc(vstate *v, const tacit_x509_crt *anchor)
{
    size_t i, j;
    reason_t r;

    for (i = v->depth + 1; i-- > 1;) {
        const tacit_x509_crt *ca = i == v->depth ? anchor : v->path[i];
        if (!(ca->ext_present & TACIT_X509_EXT_NAME_CONSTRAINTS)) {
            continue;
        }
        for (j = 0; j < i; j++) {
            const tacit_x509_crt *c = v->path[j];
            if (j > 0 && self_issued(c)) {
                continue; /* RFC 5280 6.1.3 (b): self-issued intermediates are exempt */
            }
            r = tacit_x509_check_nc(v, &ca->name_constraints, c);
            if (r != TACIT_X509_OK) {
                return r;
            }
        }
    }
    return TACIT_X509_OK;
}

/* Intermediates in the path below position `depth` that count for pathLen. */
static size_t counted_below(const vstate *v)
{
    size_t i, n = 0;

    for (i = 1; i < v->depth; i++) {
        n += !self_issued(v->path[i]);
    }
    return n;
}

static reason_t extend(vstate *v);

static reason_t try_anchor(vstate *v, const tacit_x509_crt *child, const tacit_x509_crt *a)
{
    reason_t r = check_ca(v, a, counted_below(v), 1);

    if (r == TACIT_X509_OK) {
        if (++v->sig_checks > TACIT_X509_MAX_SIG_CHECKS) {
            return TACIT_X509_BUDGET_EXCEEDED;
        }
        r = check_sig(child, a, 1, v->params->flags);
    }
    if (r == TACIT_X509_OK) {
        r = check_path_nc(v, a);
    }
    if (r == TACIT_X509_OK) {
        r = check_path_profile(v, a);
    }
    return r;
}

static reason_t try_intermediate(vstate *v, const tacit_x509_crt *child, const tacit_x509_crt *c)
{
    reason_t r;

    /*
     * RFC 5280 6.1: self-issued intermediates are not counted in the path
     * length, nor against max_intermediates; the path array's size still
     * caps the depth.
     */
    if (v->depth > TACIT_X509_MAX_INTERMEDIATES ||
        counted_below(v) + !self_issued(c) > (size_t)v->params->max_intermediates) {
        return TACIT_X509_DEPTH_EXCEEDED;
    }
    r = check_ca(v, c, counted_below(v), 0);
    if (r != TACIT_X509_OK) {
        return r;
    }
    if (++v->sig_checks > TACIT_X509_MAX_SIG_CHECKS) {
        return TACIT_X509_BUDGET_EXCEEDED;
    }
    r = check_sig(child, c, 0, v->params->flags);
    if (r != TACIT_X509_OK) {
        return r;
    }
    v->path[v->depth++] = c;
    r = extend(v);
    v->depth--;
    return r;
}

/*
 * Candidates come in two rounds: those whose subject key identifier equals
 * the child's authority key identifier (or that have none to compare), then
 * the others (Go's ordering); a mismatch alone never rules one out.
 */
static int aki_matches(const tacit_x509_crt *child, const tacit_x509_crt *c)
{
    if (child->authority_key_id.p == NULL || c->subject_key_id.p == NULL) {
        return 1;
    }
    return child->authority_key_id.len == c->subject_key_id.len &&
           memcmp(child->authority_key_id.p, c->subject_key_id.p, c->subject_key_id.len) == 0;
}

static reason_t extend(vstate *v)
{
    const tacit_x509_crt *child = v->path[v->depth - 1], *c;
    int round, found = 0;
    size_t iter;
    reason_t r;

    for (round = 0; round < 2; round++) {
        iter = 0;
        while ((c = tacit_x509_store_find(v->anchors, &child->issuer, &iter)) != NULL) {
            if (aki_matches(child, c) != (round == 0)) {
                continue;
            }
            found = 1;
            if (++v->steps > TACIT_X509_MAX_BUILD_STEPS) {
                return TACIT_X509_BUDGET_EXCEEDED;
            }
            r = try_anchor(v, child, c);
            if (r == TACIT_X509_OK || r == TACIT_X509_BUDGET_EXCEEDED) {
                return r;
            }
            fail(v, r);
        }
    }
    for (round = 0; v->untrusted != NULL && round < 2; round++) {
        iter = 0;
        while ((c = tacit_x509_store_find(v->untrusted, &child->issuer, &iter)) != NULL) {
            if (aki_matches(child, c) != (round == 0) || in_path(v, c)) {
                continue;
            }
            found = 1;
            if (++v->steps > TACIT_X509_MAX_BUILD_STEPS) {
                return TACIT_X509_BUDGET_EXCEEDED;
            }
            r = try_intermediate(v, child, c);
            if (r == TACIT_X509_OK || r == TACIT_X509_BUDGET_EXCEEDED) {
                return r;
            }
            if (r != TACIT_X509_UNKNOWN_ISSUER) {
                fail(v, r);
            }
        }
    }
    if (!found) {
        fail(v, TACIT_X509_UNKNOWN_ISSUER);
    }
    return TACIT_X509_UNKNOWN_ISSUER;
}

int tacit_x509_verify(const tacit_x509_crt *leaf, const tacit_x509_store *untrusted,
                      const tacit_x509_store *anchors, const tacit_x509_verify_params *params,
                      tacit_x509_reason *reason)
{
    vstate v;
    reason_t r;
    size_t iter = 0;
    const tacit_x509_crt *a;

    if (reason != NULL) {
        *reason = TACIT_X509_INVALID_CERT;
    }
    if (leaf == NULL || anchors == NULL || params == NULL || leaf->der.p == NULL ||
        params->max_intermediates < 0 || params->max_intermediates > TACIT_X509_MAX_INTERMEDIATES ||
        (params->ip_len != 0 && params->ip_len != 4 && params->ip_len != 16) ||
        params->purpose < TACIT_X509_PURPOSE_SERVER || params->purpose > TACIT_X509_PURPOSE_ANY) {
        return TACIT_ERR_BAD_INPUT;
    }
    memset(&v, 0, sizeof(v));
    v.params = params;
    v.untrusted = untrusted;
    v.anchors = anchors;
    v.path[0] = leaf;
    v.depth = 1;

    /* the leaf is itself a trust anchor: only its time (and the name below) */
    r = TACIT_X509_UNKNOWN_ISSUER;
    while ((a = tacit_x509_store_find(anchors, &leaf->subject, &iter)) != NULL) {
        if (same_cert(a, leaf)) {
            r = check_time(&v, leaf);
            break;
        }
    }
    if (r == TACIT_X509_UNKNOWN_ISSUER) {
        r = check_leaf(&v, leaf);
        if (r == TACIT_X509_OK) {
            r = extend(&v);
            if (r != TACIT_X509_OK && r != TACIT_X509_BUDGET_EXCEEDED) {
                r = v.best != TACIT_X509_OK ? v.best : TACIT_X509_UNKNOWN_ISSUER;
            }
        }
    }
    if (r == TACIT_X509_OK && (params->host != NULL || params->ip_len != 0) &&
        !tacit_x509_match_peer(leaf, params->host, params->ip, params->ip_len)) {
        r = TACIT_X509_NAME_MISMATCH;
    }
    if (reason != NULL) {
        *reason = r;
    }
    return r == TACIT_X509_OK ? 0 : TACIT_ERR_X509_VERIFY_FAILED;
}

#else
typedef int tacit_x509_verify_unused;
#endif /* TACIT_X509_C */
