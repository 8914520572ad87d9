/*
 * ML-KEM and ML-DSA keys in pk (see pk.h, "ML-KEM and ML-DSA keys"): one
 * mechanism for both, driven by a table of the six parameter sets.
 *
 *   SPKI:   SEQUENCE { SEQUENCE { OID }, BIT STRING (ek / pk) }
 *   PKCS#8: SEQUENCE { INTEGER 0, SEQUENCE { OID }, OCTET STRING { key } }
 *   key ::= CHOICE { seed [0] IMPLICIT OCTET STRING,          (64 / 32 bytes)
 *                    expandedKey OCTET STRING,                  (dk / sk)
 *                    both SEQUENCE { seed OCTET STRING, expandedKey OCTET STRING } }
 * (draft-ietf-lamps-kyber-certificates, RFC 9881).
 *
 * Secrets: the seed and the expanded key are copied into the key's
 * allocation (zeroized when freed) and handled by the modules' constant-time
 * key generation and checks; the comparison of "both" forms is a
 * constant-time comparison whose verdict alone is made public.  Lengths,
 * tags and OIDs are public.
 */
#include "tacit/pk.h"

#if defined(TACIT_PK_C)

#include <string.h>

#include "tacit/asn1.h"
#include "tacit/constant_time.h"
#include "tacit/platform.h"
#include "core/common.h"
#include "core/constant_time_internal.h"
#include "core/platform_internal.h"
#include "pk/pk_internal.h"
#if defined(TACIT_MLKEM_C)
#include "tacit/sha3.h"
#endif
#if defined(TACIT_MLDSA_C)
#include "mldsa/mldsa_keys.h"
#endif
#if defined(TACIT_MLKEM_C)
#include "mlkem/mlkem_internal.h"
#endif

typedef struct pq_alg {
    tacit_pk_type type;
    int params;
    unsigned char oid_arc;  /* 2.16.840.1.101.3.4.<arc>.<last>: 4 ML-KEM, 3 ML-DSA */
    unsigned char oid_last; /* ML-KEM 1..3, ML-DSA 17..19 */
    size_t seed_len, pub_len, priv_len;
    const char *name;
    size_t number;
} pq_alg;

static const pq_alg pq_algs[] = {
#if defined(TACIT_MLKEM_C)
    { TACIT_PK_MLKEM, TACIT_MLKEM_512, 4, 1, 64, TACIT_MLKEM512_EK_BYTES, TACIT_MLKEM512_DK_BYTES,
      "ML-KEM-512", 512 },
    { TACIT_PK_MLKEM, TACIT_MLKEM_768, 4, 2, 64, TACIT_MLKEM768_EK_BYTES, TACIT_MLKEM768_DK_BYTES,
      "ML-KEM-768", 768 },
    { TACIT_PK_MLKEM, TACIT_MLKEM_1024, 4, 3, 64, TACIT_MLKEM1024_EK_BYTES,
      TACIT_MLKEM1024_DK_BYTES, "ML-KEM-1024", 1024 },
#endif
#if defined(TACIT_MLDSA_C)
    { TACIT_PK_MLDSA, TACIT_MLDSA_44, 3, 17, 32, TACIT_MLDSA44_PK_BYTES, TACIT_MLDSA44_SK_BYTES,
      "ML-DSA-44", 44 },
    { TACIT_PK_MLDSA, TACIT_MLDSA_65, 3, 18, 32, TACIT_MLDSA65_PK_BYTES, TACIT_MLDSA65_SK_BYTES,
      "ML-DSA-65", 65 },
    { TACIT_PK_MLDSA, TACIT_MLDSA_87, 3, 19, 32, TACIT_MLDSA87_PK_BYTES, TACIT_MLDSA87_SK_BYTES,
      "ML-DSA-87", 87 },
#endif
    { TACIT_PK_NONE, 0, 0, 0, 0, 0, 0, "", 0 },
};

/* 2.16.840.1.101.3.4 */
static const unsigned char oid_nist[7] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04 };

static const pq_alg *alg_of_oid(const tacit_asn1_buf *oid)
{
    const pq_alg *a;

    if (oid->len != 9 || memcmp(oid->p, oid_nist, 7) != 0) {
        return NULL;
    }
    for (a = pq_algs; a->type != TACIT_PK_NONE; a++) {
        if (oid->p[7] == a->oid_arc && oid->p[8] == a->oid_last) {
            return a;
        }
    }
    return NULL;
}

static const pq_alg *alg_of_key(const tacit_pk_context *ctx)
{
    const pq_alg *a;

    if (ctx == NULL || (ctx->type != TACIT_PK_MLKEM && ctx->type != TACIT_PK_MLDSA) ||
        ctx->u.pq == NULL) {
        return NULL;
    }
    for (a = pq_algs; a->type != TACIT_PK_NONE; a++) {
        if (a->type == ctx->type && a->params == ctx->u.pq->params) {
            return a;
        }
    }
    return NULL;
}

static const pq_alg *alg_of_params(tacit_pk_type type, int params)
{
    const pq_alg *a;

    for (a = pq_algs; a->type != TACIT_PK_NONE; a++) {
        if (a->type == type && a->params == params) {
            return a;
        }
    }
    return NULL;
}

tacit_pk_type tacit_pk_pq_type_of_oid(const tacit_asn1_buf *oid)
{
    const pq_alg *a = alg_of_oid(oid);
    return a != NULL ? a->type : TACIT_PK_NONE;
}

const char *tacit_pk_pq_name(const tacit_pk_context *ctx)
{
    const pq_alg *a = alg_of_key(ctx);
    return a != NULL ? a->name : "";
}

size_t tacit_pk_pq_number(const tacit_pk_context *ctx)
{
    const pq_alg *a = alg_of_key(ctx);
    return a != NULL ? a->number : 0;
}

const tacit_pk_pq_key *tacit_pk_pq(const tacit_pk_context *ctx)
{
    return alg_of_key(ctx) != NULL ? ctx->u.pq : NULL;
}

/* One allocation: the struct, then pub, then priv (private keys only). */
static size_t key_alloc_size(const tacit_pk_pq_key *k)
{
    return sizeof(*k) + k->pub_len + k->priv_len;
}

void tacit_pk_pq_free(tacit_pk_context *ctx)
{
    if (ctx != NULL && (ctx->type == TACIT_PK_MLKEM || ctx->type == TACIT_PK_MLDSA) &&
        ctx->u.pq != NULL) {
        tacit_pk_pq_key *k = ctx->u.pq;
        tacit_platform_zeroize(k, key_alloc_size(k));
        tacit_platform_free(k);
        ctx->u.pq = NULL;
    }
}

/* A new zeroed key of alg in ctx (empty); its pub and priv buffers writable through *pub, *priv. */
static int key_new(tacit_pk_context *ctx, const pq_alg *a, int priv, unsigned char **pub,
                   unsigned char **privp)
{
    tacit_pk_pq_key *k;
    size_t priv_len = priv ? a->priv_len : 0;
    unsigned char *mem =
        (unsigned char *)tacit_platform_calloc(1, sizeof(*k) + a->pub_len + priv_len);

    if (mem == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    k = (tacit_pk_pq_key *)(void *)mem;
    k->params = a->params;
    k->pub_len = a->pub_len;
    k->priv_len = priv_len;
    *pub = mem + sizeof(*k);
    *privp = priv ? *pub + a->pub_len : NULL;
    k->pub = *pub;
    k->priv = *privp;
    ctx->type = a->type;
    ctx->u.pq = k;
    ctx->is_private = priv;
    return 0;
}

/* KeyGen_internal from the seed: pub and priv. */
static int expand_seed(const pq_alg *a, const unsigned char *seed, unsigned char *pub,
                       unsigned char *priv)
{
#if defined(TACIT_MLKEM_C)
    if (a->type == TACIT_PK_MLKEM) {
        return tacit_mlkem_keygen_seed((tacit_mlkem_params)a->params, seed, pub, priv);
    }
#endif
#if defined(TACIT_MLDSA_C)
    if (a->type == TACIT_PK_MLDSA) {
        return tacit_mldsa_keygen_seed((tacit_mldsa_params)a->params, seed, pub, priv);
    }
#endif
    (void)seed;
    (void)pub;
    (void)priv;
    return TACIT_ERR_PK_UNKNOWN_KEY;
}

/*
 * FIPS 203 section 7.2's encapsulation-key check (the modulus check: every
 * 12-bit coefficient of ek's k polynomials below q) on an ML-KEM public key
 * pk reads; other key types pass.  ek is public.
 */
static int check_public(const pq_alg *a, const unsigned char *pub)
{
#if defined(TACIT_MLKEM_C)
    if (a->type == TACIT_PK_MLKEM) {
        size_t i;
        for (i = 0; i + 32 < a->pub_len; i += 384) {
            if (!tacit_mlkem_poly_check_modulus(pub + i)) {
                return TACIT_ERR_BAD_INPUT;
            }
        }
    }
#endif
    (void)a;
    (void)pub;
    return 0;
}

/*
 * An expanded private key alone: check it and derive its public key.
 * ML-KEM: dk = dkPKE || ek || H(ek) || z, the hash check of FIPS 203
 * section 7.3 (ek is public once the check passes).  ML-DSA: the public key
 * recomputed from s1 and s2, t0 and tr compared.
 */
static int check_expanded(const pq_alg *a, const unsigned char *priv, unsigned char *pub)
{
#if defined(TACIT_MLKEM_C)
    if (a->type == TACIT_PK_MLKEM) {
        size_t off = a->priv_len - 64 - a->pub_len;
        unsigned char hash[32];
        uint32_t bad;
        tacit_sha3_256(priv + off, a->pub_len, hash);
        bad = tacit_ct_mask_nonzero_u32(
            (uint32_t)tacit_ct_memcmp(hash, priv + off + a->pub_len, sizeof(hash)));
        if (tacit_ct_declassify_u32(bad) != 0) {
            return TACIT_ERR_BAD_INPUT;
        }
        memcpy(pub, priv + off, a->pub_len);
        tacit_ct_declassify(pub, a->pub_len);
        return check_public(a, pub);
    }
#endif
#if defined(TACIT_MLDSA_C)
    if (a->type == TACIT_PK_MLDSA) {
        return tacit_mldsa_pk_from_sk((tacit_mldsa_params)a->params, priv, pub);
    }
#endif
    (void)priv;
    (void)pub;
    return TACIT_ERR_PK_UNKNOWN_KEY;
}

/* The privateKey CHOICE (contents of the PKCS#8 OCTET STRING) into a fresh key in ctx. */
static int parse_private(tacit_pk_context *ctx, const pq_alg *a, const unsigned char *r,
                         const unsigned char *end)
{
    const unsigned char *seed = NULL, *expanded = NULL;
    size_t seed_len = 0, exp_len = 0, n;
    unsigned char *pub, *priv;
    int ret;

    if (tacit_asn1_peek_tag(r, end, TACIT_ASN1_CONTEXT_IMPLICIT(0))) { /* seed */
        if ((ret = tacit_asn1_get_tag(&r, end, &n, TACIT_ASN1_CONTEXT_IMPLICIT(0))) != 0) {
            return ret;
        }
        seed = r;
        seed_len = n;
        r += n;
    } else if (tacit_asn1_peek_tag(r, end, TACIT_ASN1_OCTET_STRING)) { /* expandedKey */
        if ((ret = tacit_asn1_get_octet_string(&r, end, &expanded, &exp_len)) != 0) {
            return ret;
        }
    } else { /* both */
        const unsigned char *send;
        if ((ret = tacit_asn1_get_tag(&r, end, &n, TACIT_ASN1_SEQUENCE)) != 0) {
            return ret;
        }
        send = r + n;
        if ((ret = tacit_asn1_get_octet_string(&r, send, &seed, &seed_len)) != 0 ||
            (ret = tacit_asn1_get_octet_string(&r, send, &expanded, &exp_len)) != 0 ||
            (ret = tacit_asn1_expect_end(r, send)) != 0) {
            return ret;
        }
    }
    if ((ret = tacit_asn1_expect_end(r, end)) != 0) {
        return ret;
    }
    if ((seed != NULL && seed_len != a->seed_len) || (expanded != NULL && exp_len != a->priv_len)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = key_new(ctx, a, 1, &pub, &priv)) != 0) {
        return ret;
    }
    if (seed != NULL) {
        memcpy(ctx->u.pq->seed, seed, seed_len);
        ctx->u.pq->seed_len = seed_len;
        if ((ret = expand_seed(a, ctx->u.pq->seed, pub, priv)) != 0) {
            return ret;
        }
        if (expanded != NULL) {
            /* both forms: they must agree (the verdict is public, the bytes are not) */
            uint32_t bad =
                tacit_ct_mask_nonzero_u32((uint32_t)tacit_ct_memcmp(priv, expanded, exp_len));
            if (tacit_ct_declassify_u32(bad) != 0) {
                return TACIT_ERR_BAD_INPUT;
            }
        }
        return 0;
    }
    memcpy(priv, expanded, exp_len);
    return check_expanded(a, priv, pub);
}

/*
 * What follows the privateKey in a PKCS#8 (its shape already checked by
 * tacit_asn1_get_pkcs8): attributes [0], then in version 1 (RFC 5958) the
 * publicKey [1], which must be the public key the private key gave: a whole
 * key of the right length, no unused bits, the same bytes.  (A public key:
 * compared openly.)
 */
static int check_given_public(const pq_alg *a, const unsigned char *pub, const unsigned char *p,
                              const unsigned char *end)
{
    tacit_asn1_buf b;

    if (tacit_asn1_peek_tag(p, end, TACIT_ASN1_CONTEXT_EXPLICIT(0)) &&
        tacit_asn1_get_any(&p, end, &b) != 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (!tacit_asn1_peek_tag(p, end, TACIT_ASN1_CONTEXT_IMPLICIT(1))) {
        return 0;
    }
    if (tacit_asn1_get_any(&p, end, &b) != 0 || b.len != a->pub_len + 1 || b.p[0] != 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    tacit_ct_declassify(pub, a->pub_len);
    return memcmp(b.p + 1, pub, a->pub_len) == 0 ? 0 : TACIT_ERR_BAD_INPUT;
}

int tacit_pk_pq_parse(tacit_pk_context *ctx, const tacit_asn1_key_info *info, int priv,
                      const unsigned char *end)
{
    const pq_alg *a = alg_of_oid(&info->alg);
    int ret;

    if (a == NULL) {
        return TACIT_ERR_PK_UNKNOWN_KEY;
    }
    if (info->params.tag != 0 || info->params.p != NULL) {
        return TACIT_ERR_PK_KEY_FORMAT;
    }
    if (priv) {
        ret = parse_private(ctx, a, info->key.p, info->key.p + info->key.len);
        if (ret == 0) {
            ret = check_given_public(a, ctx->u.pq->pub, info->key.p + info->key.len, end);
        }
    } else if (info->key.len != a->pub_len) {
        ret = TACIT_ERR_BAD_INPUT;
    } else {
        unsigned char *pub, *unused;
        ret = key_new(ctx, a, 0, &pub, &unused);
        if (ret == 0) {
            memcpy(pub, info->key.p, a->pub_len);
            ret = check_public(a, pub);
        }
    }
    if (ret != 0) {
        tacit_pk_pq_free(ctx); /* the caller (pk_parse.c) empties the rest */
    }
    return ret;
}

/* ---- writing ----------------------------------------------------------------- */

/* A DER header (tag, length < 65536) forward at *w; its size. */
static size_t hdr_len(size_t len)
{
    return len < 0x80 ? 2 : len < 0x100 ? 3 : 4;
}

static void put_hdr(unsigned char **w, unsigned char tag, size_t len)
{
    unsigned char *o = *w;
    *o++ = tag;
    if (len < 0x80) {
        *o++ = (unsigned char)len;
    } else if (len < 0x100) {
        *o++ = 0x81;
        *o++ = (unsigned char)len;
    } else {
        *o++ = 0x82;
        *o++ = (unsigned char)(len >> 8);
        *o++ = (unsigned char)len;
    }
    *w = o;
}

/* AlgorithmIdentifier: 30 0b 06 09 <oid>, 13 bytes. */
#define ALG_ID_LEN 13

static void put_alg(unsigned char **w, const pq_alg *a)
{
    put_hdr(w, TACIT_ASN1_SEQUENCE, 11);
    put_hdr(w, TACIT_ASN1_OID, 9);
    memcpy(*w, oid_nist, 7);
    (*w)[7] = a->oid_arc;
    (*w)[8] = a->oid_last;
    *w += 9;
}

int tacit_pk_pq_write_der(const tacit_pk_context *ctx, tacit_key_format format, unsigned char *out,
                          size_t out_size, size_t *out_len)
{
    const pq_alg *a = alg_of_key(ctx);
    const tacit_pk_pq_key *k;
    unsigned char *w = out;
    size_t inner, total, body, key_len;

    if (a == NULL || out_len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    k = ctx->u.pq;
    if (format == TACIT_KEY_FORMAT_SPKI) {
        body = k->pub_len + 1;
        inner = ALG_ID_LEN + hdr_len(body) + body;
        total = hdr_len(inner) + inner;
        *out_len = total;
        if (out == NULL || out_size < total) {
            return TACIT_ERR_BUFFER_TOO_SMALL;
        }
        put_hdr(&w, TACIT_ASN1_SEQUENCE, inner);
        put_alg(&w, a);
        put_hdr(&w, TACIT_ASN1_BIT_STRING, body);
        *w++ = 0;
        memcpy(w, k->pub, k->pub_len);
        return 0;
    }
    if (format != TACIT_KEY_FORMAT_PKCS8) {
        return TACIT_ERR_PK_TYPE_MISMATCH;
    }
    if (!ctx->is_private || k->priv == NULL) {
        return TACIT_ERR_NO_PRIVATE_KEY;
    }
    /* seed [0] when the key has its seed, else expandedKey OCTET STRING */
    key_len = k->seed_len != 0 ? k->seed_len : k->priv_len;
    body = hdr_len(key_len) + key_len;
    inner = 3 + ALG_ID_LEN + hdr_len(body) + body;
    total = hdr_len(inner) + inner;
    *out_len = total;
    if (out == NULL || out_size < total) {
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    put_hdr(&w, TACIT_ASN1_SEQUENCE, inner);
    put_hdr(&w, TACIT_ASN1_INTEGER, 1);
    *w++ = 0; /* version 0 */
    put_alg(&w, a);
    put_hdr(&w, TACIT_ASN1_OCTET_STRING, body);
    if (k->seed_len != 0) {
        put_hdr(&w, TACIT_ASN1_CONTEXT_IMPLICIT(0), key_len);
        memcpy(w, k->seed, key_len);
    } else {
        put_hdr(&w, TACIT_ASN1_OCTET_STRING, key_len);
        memcpy(w, k->priv, key_len);
    }
    return 0;
}

/* ---- generation -------------------------------------------------------------- */

int tacit_pk_pq_gen(tacit_pk_context *ctx, tacit_pk_type type, int params, tacit_rng_func f_rng,
                    void *p_rng)
{
    const pq_alg *a = alg_of_params(type, params);
    unsigned char *pub, *priv;
    int ret;

    if (a == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    f_rng = tacit_rng_or_default(f_rng, &p_rng);
    if ((ret = key_new(ctx, a, 1, &pub, &priv)) != 0) {
        return ret;
    }
    if (f_rng(p_rng, ctx->u.pq->seed, a->seed_len) != 0) {
        ret = TACIT_ERR_RNG_FAILED;
    } else {
        ctx->u.pq->seed_len = a->seed_len;
        ret = expand_seed(a, ctx->u.pq->seed, pub, priv);
    }
    return ret;
}

#else
typedef int tacit_pk_pq_unused;
#endif /* TACIT_PK_C */
