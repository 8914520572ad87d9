/*
 * ML-KEM keys in DER (draft-ietf-lamps-kyber-certificates):
 *   SubjectPublicKeyInfo: AlgorithmIdentifier { id-alg-ml-kem-N } (no
 *     parameters), the BIT STRING holds ek;
 *   PKCS#8 PrivateKeyInfo: the same AlgorithmIdentifier; the OCTET STRING
 *     holds ML-KEM-PrivateKey ::= CHOICE {
 *         seed        [0] IMPLICIT OCTET STRING (SIZE (64)),
 *         expandedKey OCTET STRING (dk),
 *         both        SEQUENCE { seed OCTET STRING (SIZE (64)), expandedKey OCTET STRING } }
 * The writer produces the seed form; the reader takes all three (for
 * "both", the expanded key must be the one the seed gives).
 */
#include "tacit/config.h"

#if defined(TACIT_MLKEM_C) && defined(TACIT_ASN1_C)

#include <string.h>

#include "tacit/asn1.h"
#include "tacit/mlkem.h"
#include "tacit/sha3.h"
#include "core/common.h"
#include "core/constant_time_internal.h"
#include "mlkem/mlkem_internal.h"

/* id-alg-ml-kem-512/768/1024: 2.16.840.1.101.3.4.4.1..3 (contents bytes) */
static const unsigned char oid_prefix[8] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04 };

static unsigned char oid_last(tacit_mlkem_params p)
{
    return (unsigned char)(p == TACIT_MLKEM_512 ? 1 : p == TACIT_MLKEM_768 ? 2 : 3);
}

static int params_of_oid(const tacit_asn1_buf *oid, const tacit_asn1_buf *params,
                         tacit_mlkem_params *p)
{
    if (oid->len != 9 || memcmp(oid->p, oid_prefix, 8) != 0 || oid->p[8] < 1 || oid->p[8] > 3 ||
        params->p != NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    *p = oid->p[8] == 1 ? TACIT_MLKEM_512 : oid->p[8] == 2 ? TACIT_MLKEM_768 : TACIT_MLKEM_1024;
    return 0;
}

/* A DER header (tag, length) forward into *w. */
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

static size_t hdr_len(size_t len)
{
    return len < 0x80 ? 2 : len < 0x100 ? 3 : 4;
}

static void put_alg(unsigned char **w, tacit_mlkem_params p)
{
    put_hdr(w, 0x30, 11);
    put_hdr(w, 0x06, 9);
    memcpy(*w, oid_prefix, 8);
    (*w)[8] = oid_last(p);
    *w += 9;
}

int tacit_mlkem_write_public_der(tacit_mlkem_params p, const unsigned char *ek, unsigned char *out,
                                 size_t out_size, size_t *out_len)
{
    size_t ekl = tacit_mlkem_ek_bytes(p), bits, inner, total;
    unsigned char *w = out;

    if (ekl == 0 || ek == NULL || out_len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    bits = ekl + 1;
    inner = 13 + hdr_len(bits) + bits;
    total = hdr_len(inner) + inner;
    *out_len = total;
    if (out == NULL || out_size < total) {
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    put_hdr(&w, 0x30, inner);
    put_alg(&w, p);
    put_hdr(&w, 0x03, bits);
    *w++ = 0;
    memcpy(w, ek, ekl);
    return 0;
}

int tacit_mlkem_write_private_der(tacit_mlkem_params p, const unsigned char seed[64],
                                  unsigned char *out, size_t out_size, size_t *out_len)
{
    unsigned char *w = out;

    if (tacit_mlkem_params_get(p) == NULL || seed == NULL || out_len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    *out_len = 86;
    if (out == NULL || out_size < 86) {
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    put_hdr(&w, 0x30, 84);
    put_hdr(&w, 0x02, 1);
    *w++ = 0; /* version 0 */
    put_alg(&w, p);
    put_hdr(&w, 0x04, 66);
    put_hdr(&w, 0x80, 64); /* seed [0] IMPLICIT OCTET STRING */
    memcpy(w, seed, 64);
    return 0;
}

int tacit_mlkem_parse_public_der(const unsigned char *der, size_t len, tacit_mlkem_params *p,
                                 unsigned char *ek)
{
    tacit_asn1_key_info info;
    tacit_mlkem_params q;
    int ret;

    if (der == NULL || p == NULL || ek == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = tacit_asn1_parse_spki(der, len, &info)) != 0) {
        return ret;
    }
    if ((ret = params_of_oid(&info.alg, &info.params, &q)) != 0) {
        return ret;
    }
    if (info.key.len != tacit_mlkem_ek_bytes(q)) {
        return TACIT_ERR_BAD_INPUT;
    }
    memcpy(ek, info.key.p, info.key.len);
    *p = q;
    return 0;
}

int tacit_mlkem_parse_private_der(const unsigned char *der, size_t len, tacit_mlkem_params *p,
                                  unsigned char *dk, unsigned char *ek)
{
    tacit_asn1_key_info info;
    tacit_mlkem_params q;
    const unsigned char *r, *end, *seed = NULL, *expanded = NULL;
    unsigned char ekbuf[TACIT_MLKEM_MAX_EK_BYTES], hash[32];
    size_t n, seed_len = 0, exp_len = 0, dkl, ekl;
    int ret;

    if (der == NULL || p == NULL || dk == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = tacit_asn1_parse_pkcs8(der, len, &info)) != 0) {
        return ret;
    }
    if ((ret = params_of_oid(&info.alg, &info.params, &q)) != 0) {
        return ret;
    }
    dkl = tacit_mlkem_dk_bytes(q);
    ekl = tacit_mlkem_ek_bytes(q);
    r = info.key.p;
    end = r + info.key.len;
    if (tacit_asn1_peek_tag(r, end, 0x80)) { /* seed */
        if ((ret = tacit_asn1_get_tag(&r, end, &n, 0x80)) != 0) {
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
    if ((seed != NULL && seed_len != 64) || (expanded != NULL && exp_len != dkl)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (seed != NULL) {
        if ((ret = tacit_mlkem_keygen_seed(q, seed, ekbuf, dk)) != 0) {
            return ret;
        }
        if (expanded != NULL) {
            /* both forms: they must agree (the verdict is public, the bytes are not) */
            uint32_t diff = 0;
            size_t i;
            for (i = 0; i < dkl; i++) {
                diff |= (uint32_t)(dk[i] ^ expanded[i]);
            }
            diff = tacit_ct_declassify_u32(tacit_ct_mask_nonzero_u32(diff));
            if (diff != 0) {
                tacit_platform_zeroize(dk, dkl);
                return TACIT_ERR_BAD_INPUT;
            }
        }
    } else {
        /* the expanded key alone: its hash check */
        uint32_t diff = 0;
        size_t i, off = dkl - 64 - ekl;
        tacit_sha3_256(expanded + off, ekl, hash);
        for (i = 0; i < 32; i++) {
            diff |= (uint32_t)(hash[i] ^ expanded[off + ekl + i]);
        }
        diff = tacit_ct_declassify_u32(tacit_ct_mask_nonzero_u32(diff));
        if (diff != 0) {
            return TACIT_ERR_BAD_INPUT;
        }
        memcpy(dk, expanded, dkl);
        memcpy(ekbuf, expanded + off, ekl);
    }
    if (ek != NULL) {
        memcpy(ek, ekbuf, ekl);
    }
    *p = q;
    return 0;
}

#endif /* TACIT_MLKEM_C && TACIT_ASN1_C */
