/*
 * Key management of the tacit provider: RSA, RSA-PSS, EC (P-256, P-384,
 * P-521), X25519 and Ed25519 keys held in tacit's own types, imported from
 * and exported to OSSL_PARAMs (which is how keys decoded by OpenSSL's base
 * provider reach tacit), generated, compared and described with the
 * parameters libssl asks for.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>

#include "prov.h"
#include "tacit/ecdsa.h"
#include "tacit/platform.h"

#define TP_RSA_MAX_BYTES TACIT_MPI_MAX_BYTES

static int host_le(void)
{
    const unsigned int one = 1;
    return *(const unsigned char *)&one == 1;
}

/* ---- key object --------------------------------------------------------------------------------- */

static TP_KEY *key_new(void *provctx, int type)
{
    TP_KEY *k = calloc(1, sizeof(*k));

    if (k == NULL) {
        TP_ERR(provctx, TP_R_ALLOC, "key");
        return NULL;
    }
    k->pc = provctx;
    k->type = type;
    switch (type) {
    case TP_KEY_RSA:
    case TP_KEY_RSA_PSS:
        tacit_rsa_init(&k->u.rsa);
        break;
    case TP_KEY_EC:
        tacit_ecp_keypair_init(&k->u.ec);
        break;
    default:
        break;
    }
    return k;
}

static void key_free(void *vkey)
{
    TP_KEY *k = vkey;

    if (k == NULL) {
        return;
    }
    switch (k->type) {
    case TP_KEY_RSA:
    case TP_KEY_RSA_PSS:
        tacit_rsa_free(&k->u.rsa);
        break;
    case TP_KEY_EC:
        tacit_ecp_keypair_free(&k->u.ec);
        break;
    case TP_KEY_X25519:
        tacit_x25519_key_free(&k->u.x25519);
        break;
    case TP_KEY_ED25519:
        tacit_ed25519_key_free(&k->u.ed25519);
        break;
    default:
        break;
    }
    tacit_platform_zeroize(k, sizeof(*k));
    free(k);
}

#define TP_KEY_NEW(name, type)                                                                     \
    static void *name##_new(void *provctx)                                                         \
    {                                                                                              \
        return key_new(provctx, type);                                                             \
    }
TP_KEY_NEW(rsa, TP_KEY_RSA)
TP_KEY_NEW(rsapss, TP_KEY_RSA_PSS)
TP_KEY_NEW(ec, TP_KEY_EC)
TP_KEY_NEW(x25519, TP_KEY_X25519)
TP_KEY_NEW(ed25519, TP_KEY_ED25519)

static int is_rsa(const TP_KEY *k)
{
    return k->type == TP_KEY_RSA || k->type == TP_KEY_RSA_PSS;
}

size_t tp_ec_point(const TP_KEY *key, unsigned char *out, size_t out_size)
{
    size_t len = 0;

    if (key->type != TP_KEY_EC || !key->has_pub ||
        tacit_ecp_write_public_point(&key->u.ec, 0, out, out_size, &len) != 0) {
        return 0;
    }
    return len;
}

size_t tp_key_max_size(const TP_KEY *key)
{
    switch (key->type) {
    case TP_KEY_RSA:
    case TP_KEY_RSA_PSS:
        return tacit_rsa_len(&key->u.rsa);
    case TP_KEY_EC:
        return 3 + 2 * (3 + 1 + tacit_ecp_curve_bytes(key->grp));
    case TP_KEY_X25519:
        return TACIT_X25519_KEY_SIZE;
    case TP_KEY_ED25519:
        return TACIT_ED25519_SIG_SIZE;
    default:
        return 0;
    }
}

static int key_bits(const TP_KEY *k)
{
    switch (k->type) {
    case TP_KEY_RSA:
    case TP_KEY_RSA_PSS:
        return (int)tacit_rsa_bitlen(&k->u.rsa);
    case TP_KEY_EC:
        return k->grp == TACIT_ECP_SECP521R1 ? 521 : (int)(8 * tacit_ecp_curve_bytes(k->grp));
    case TP_KEY_X25519:
        return 253;
    case TP_KEY_ED25519:
        return 256;
    default:
        return 0;
    }
}

static int key_security_bits(const TP_KEY *k)
{
    int bits = key_bits(k);

    if (is_rsa(k)) { /* SP 800-57 part 1, table 2 */
        return bits >= 15360  ? 256
               : bits >= 7680 ? 192
               : bits >= 3072 ? 128
               : bits >= 2048 ? 112
                              : 80;
    }
    if (k->type == TP_KEY_EC) {
        return bits >= 512 ? 256 : bits / 2;
    }
    return 128;
}

/* OpenSSL's short name of a curve (what EVP_PKEY_get_group_name gives). */
static const char *ec_group_name(tacit_ecp_group_id grp)
{
    switch (grp) {
    case TACIT_ECP_SECP256R1:
        return "prime256v1";
    case TACIT_ECP_SECP384R1:
        return "secp384r1";
    case TACIT_ECP_SECP521R1:
        return "secp521r1";
    default:
        return NULL;
    }
}

/* ---- has, match, validate ------------------------------------------------------------------------- */

static int key_has(const void *vkey, int selection)
{
    const TP_KEY *k = vkey;

    if (k == NULL) {
        return 0;
    }
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && !k->has_pub) {
        return 0;
    }
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && !k->has_priv) {
        return 0;
    }
    if ((selection & OSSL_KEYMGMT_SELECT_DOMAIN_PARAMETERS) != 0 && k->type == TP_KEY_EC &&
        k->grp == TACIT_ECP_NONE) {
        return 0;
    }
    return 1;
}

/* The public key as bytes (RSA: n || e; EC: the point; 25519: the 32 bytes). */
static size_t key_pub_bytes(const TP_KEY *k, unsigned char *out, size_t out_size)
{
    size_t n, e;

    if (!k->has_pub) {
        return 0;
    }
    switch (k->type) {
    case TP_KEY_RSA:
    case TP_KEY_RSA_PSS:
        n = tacit_mpi_size(&k->u.rsa.N);
        e = tacit_mpi_size(&k->u.rsa.E);
        if (n + e > out_size || tacit_mpi_write_binary(&k->u.rsa.N, out, n) != 0 ||
            tacit_mpi_write_binary(&k->u.rsa.E, out + n, e) != 0) {
            return 0;
        }
        return n + e;
    case TP_KEY_EC:
        return tp_ec_point(k, out, out_size);
    case TP_KEY_X25519:
        memcpy(out, k->u.x25519.pub, 32);
        return 32;
    case TP_KEY_ED25519:
        memcpy(out, k->u.ed25519.pub, 32);
        return 32;
    default:
        return 0;
    }
}

static int key_match(const void *va, const void *vb, int selection)
{
    const TP_KEY *a = va, *b = vb;
    unsigned char *ba, *bb;
    size_t la, lb, sz = 2 * TP_RSA_MAX_BYTES + 16;
    int ok = 1;

    if (a->type != b->type) {
        return 0;
    }
    if (a->type == TP_KEY_EC && (selection & OSSL_KEYMGMT_SELECT_ALL_PARAMETERS) != 0 &&
        a->grp != b->grp) {
        return 0;
    }
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) {
        return 1;
    }
    /* Both halves are judged by the public key (a private key implies it). */
    ba = malloc(sz);
    bb = malloc(sz);
    if (ba == NULL || bb == NULL) {
        free(ba);
        free(bb);
        return 0;
    }
    la = key_pub_bytes(a, ba, sz);
    lb = key_pub_bytes(b, bb, sz);
    ok = la != 0 && la == lb && memcmp(ba, bb, la) == 0;
    free(ba);
    free(bb);
    return ok;
}

static int key_validate(const void *vkey, int selection, int checktype)
{
    const TP_KEY *k = vkey;
    int ret = 0;

    (void)checktype;
    if (!key_has(k, selection)) {
        return 0;
    }
    switch (k->type) {
    case TP_KEY_RSA:
    case TP_KEY_RSA_PSS:
        if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0) {
            ret = tacit_rsa_check_priv(&k->u.rsa);
        } else if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0) {
            ret = tacit_rsa_check_pub(&k->u.rsa);
        }
        break;
    case TP_KEY_EC:
        if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0) {
            ret = tacit_ecp_check_priv(&k->u.ec);
        } else if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0) {
            ret = tacit_ecp_check_pub(&k->u.ec);
        }
        break;
    default:
        break; /* 25519 keys are checked when set */
    }
    if (ret != 0) {
        TP_TACIT_ERR(k->pc, ret, "key check");
        return 0;
    }
    return 1;
}

/* ---- import --------------------------------------------------------------------------------------- */

static const char *const rsa_param_names[8] = {
    OSSL_PKEY_PARAM_RSA_N,         OSSL_PKEY_PARAM_RSA_E,           OSSL_PKEY_PARAM_RSA_D,
    OSSL_PKEY_PARAM_RSA_FACTOR1,   OSSL_PKEY_PARAM_RSA_FACTOR2,     OSSL_PKEY_PARAM_RSA_EXPONENT1,
    OSSL_PKEY_PARAM_RSA_EXPONENT2, OSSL_PKEY_PARAM_RSA_COEFFICIENT1
};

static int rsa_import(TP_KEY *k, int selection, const OSSL_PARAM params[])
{
    unsigned char *buf;
    const unsigned char *v[8] = { NULL };
    size_t len[8] = { 0 };
    int i, ret, want_priv = (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0;

    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) {
        return 1; /* RSA has no domain parameters */
    }
    buf = malloc(8 * TP_RSA_MAX_BYTES);
    if (buf == NULL) {
        TP_ERR(k->pc, TP_R_ALLOC, "RSA import");
        return 0;
    }
    for (i = 0; i < (want_priv ? 8 : 2); i++) {
        const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, rsa_param_names[i]);
        if (p == NULL) {
            continue;
        }
        if (!tp_param_get_be(k->pc, p, buf + i * TP_RSA_MAX_BYTES, TP_RSA_MAX_BYTES, &len[i])) {
            goto fail;
        }
        v[i] = buf + i * TP_RSA_MAX_BYTES;
    }
    if (v[0] == NULL || v[1] == NULL) {
        TP_ERR(k->pc, TP_R_BAD_PARAM, "RSA key needs n and e");
        goto fail;
    }
    if (want_priv && v[2] != NULL && v[3] && v[4] && v[5] && v[6] && v[7]) {
        ret = tacit_rsa_import_crt_raw(&k->u.rsa, v[0], len[0], v[1], len[1], v[2], len[2], v[3],
                                       len[3], v[4], len[4], v[5], len[5], v[6], len[6], v[7],
                                       len[7]);
    } else if (want_priv && v[2] != NULL) {
        ret = tacit_rsa_import_raw(&k->u.rsa, v[0], len[0], v[3], len[3], v[4], len[4], v[2],
                                   len[2], v[1], len[1]);
    } else {
        ret =
            tacit_rsa_import_raw(&k->u.rsa, v[0], len[0], NULL, 0, NULL, 0, NULL, 0, v[1], len[1]);
    }
    tacit_platform_zeroize(buf, 8 * TP_RSA_MAX_BYTES);
    free(buf);
    if (ret != 0) {
        TP_TACIT_ERR(k->pc, ret, "RSA key import");
        return 0;
    }
    k->has_pub = 1;
    k->has_priv = k->u.rsa.is_private;
    return 1;
fail:
    tacit_platform_zeroize(buf, 8 * TP_RSA_MAX_BYTES);
    free(buf);
    return 0;
}

static int ec_set_group_param(TP_KEY *k, const OSSL_PARAM *p)
{
    const char *name = NULL;
    tacit_ecp_group_id grp;

    if (!OSSL_PARAM_get_utf8_string_ptr(p, &name)) {
        TP_ERR(k->pc, TP_R_BAD_PARAM, "EC group must be a string");
        return 0;
    }
    grp = tacit_ecp_curve_from_name(name);
    if (grp == TACIT_ECP_NONE) {
        TP_ERR(k->pc, TP_R_UNSUPPORTED, "EC group '%s'", name);
        return 0;
    }
    k->grp = grp;
    return 1;
}

static int ec_set_public(TP_KEY *k, const void *pt, size_t len)
{
    int ret;

    if (k->grp == TACIT_ECP_NONE) {
        TP_ERR(k->pc, TP_R_WRONG_STATE, "EC public key before its group");
        return 0;
    }
    ret = tacit_ecp_set_public(&k->u.ec, k->grp, pt, len);
    if (ret != 0) {
        k->has_pub = k->has_priv = 0;
        TP_TACIT_ERR(k->pc, ret, "EC public key");
        return 0;
    }
    k->has_pub = 1;
    k->has_priv = 0;
    return 1;
}

static int ec_import(TP_KEY *k, int selection, const OSSL_PARAM params[])
{
    const OSSL_PARAM *p;
    unsigned char d[TACIT_ECP_MAX_BYTES], dpad[TACIT_ECP_MAX_BYTES];
    unsigned char mine[TACIT_ECP_MAX_PT_LEN];
    size_t dlen = 0, cb, mlen;
    int ret;

    p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME);
    if (p != NULL) {
        if (!ec_set_group_param(k, p)) {
            return 0;
        }
    } else if (k->grp == TACIT_ECP_NONE) {
        TP_ERR(k->pc, TP_R_BAD_PARAM, "EC key needs a named group (explicit curves unsupported)");
        return 0;
    }
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) {
        return 1;
    }
    cb = tacit_ecp_curve_bytes(k->grp);
    p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY);
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && p != NULL) {
        if (!tp_param_get_be(k->pc, p, d, sizeof(d), &dlen) || dlen > cb) {
            if (dlen > cb) {
                TP_ERR(k->pc, TP_R_BAD_PARAM, "EC private key longer than the curve");
            }
            return 0;
        }
        memset(dpad, 0, sizeof(dpad));
        memcpy(dpad + cb - dlen, d, dlen);
        ret = tacit_ecp_set_private(&k->u.ec, k->grp, dpad, cb);
        tacit_platform_zeroize(d, sizeof(d));
        tacit_platform_zeroize(dpad, sizeof(dpad));
        if (ret != 0) {
            TP_TACIT_ERR(k->pc, ret, "EC private key");
            return 0;
        }
        k->has_pub = k->has_priv = 1;
        p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PUB_KEY);
        if (p != NULL) { /* the given public key must be d*G */
            tacit_ecp_keypair pub;
            unsigned char theirs[TACIT_ECP_MAX_PT_LEN];
            size_t tlen = 0;

            tacit_ecp_keypair_init(&pub);
            mlen = tp_ec_point(k, mine, sizeof(mine));
            ret = p->data_type == OSSL_PARAM_OCTET_STRING
                      ? tacit_ecp_set_public(&pub, k->grp, p->data, p->data_size)
                      : TACIT_ERR_BAD_INPUT;
            if (ret == 0) {
                ret = tacit_ecp_write_public_point(&pub, 0, theirs, sizeof(theirs), &tlen);
            }
            tacit_ecp_keypair_free(&pub);
            if (ret != 0 || tlen != mlen || memcmp(mine, theirs, mlen) != 0) {
                tacit_ecp_keypair_free(&k->u.ec);
                k->has_pub = k->has_priv = 0;
                TP_ERR(k->pc, TP_R_KEY_MISMATCH, "EC public key is not d*G");
                return 0;
            }
        }
        return 1;
    }
    p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PUB_KEY);
    if (p == NULL || p->data_type != OSSL_PARAM_OCTET_STRING) {
        TP_ERR(k->pc, TP_R_BAD_PARAM, "EC key needs an octet-string public key");
        return 0;
    }
    return ec_set_public(k, p->data, p->data_size);
}

static int x25519_set_pub(TP_KEY *k, const void *pub, size_t len)
{
    int ret = tacit_x25519_key_from_public(&k->u.x25519, pub, len);

    if (ret != 0) {
        TP_TACIT_ERR(k->pc, ret, "X25519 public key");
        return 0;
    }
    k->has_pub = 1;
    k->has_priv = 0;
    return 1;
}

static int ecx_import(TP_KEY *k, int selection, const OSSL_PARAM params[])
{
    const OSSL_PARAM *priv = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY);
    const OSSL_PARAM *pub = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PUB_KEY);
    unsigned char given[32];
    int ret, ed = k->type == TP_KEY_ED25519;

    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) {
        return 1;
    }
    if ((priv != NULL && priv->data_type != OSSL_PARAM_OCTET_STRING) ||
        (pub != NULL && pub->data_type != OSSL_PARAM_OCTET_STRING)) {
        TP_ERR(k->pc, TP_R_BAD_PARAM, "keys must be octet strings");
        return 0;
    }
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && priv != NULL) {
        ret = ed ? tacit_ed25519_key_from_seed(&k->u.ed25519, priv->data, priv->data_size)
                 : tacit_x25519_key_from_private(&k->u.x25519, priv->data, priv->data_size);
        if (ret != 0) {
            TP_TACIT_ERR(k->pc, ret, ed ? "Ed25519 private key" : "X25519 private key");
            return 0;
        }
        k->has_pub = k->has_priv = 1;
        if (pub != NULL) {
            if (pub->data_size != 32) {
                TP_ERR(k->pc, TP_R_BAD_PARAM, "public key of %zu bytes", pub->data_size);
                return 0;
            }
            memcpy(given, pub->data, 32);
            if (memcmp(given, ed ? k->u.ed25519.pub : k->u.x25519.pub, 32) != 0) {
                k->has_pub = k->has_priv = 0;
                TP_ERR(k->pc, TP_R_KEY_MISMATCH, "public key does not match the private key");
                return 0;
            }
        }
        return 1;
    }
    if (pub == NULL) {
        TP_ERR(k->pc, TP_R_BAD_PARAM, "missing public key");
        return 0;
    }
    if (!ed) {
        return x25519_set_pub(k, pub->data, pub->data_size);
    }
    ret = tacit_ed25519_key_from_public(&k->u.ed25519, pub->data, pub->data_size);
    if (ret != 0) {
        TP_TACIT_ERR(k->pc, ret, "Ed25519 public key");
        return 0;
    }
    k->has_pub = 1;
    k->has_priv = 0;
    return 1;
}

static int key_import(void *vkey, int selection, const OSSL_PARAM params[])
{
    TP_KEY *k = vkey;

    if (k == NULL || params == NULL) {
        return 0;
    }
    switch (k->type) {
    case TP_KEY_RSA:
    case TP_KEY_RSA_PSS:
        return rsa_import(k, selection, params);
    case TP_KEY_EC:
        return ec_import(k, selection, params);
    default:
        return ecx_import(k, selection, params);
    }
}

/* ---- export --------------------------------------------------------------------------------------- */

/* n, e, d, p, q, dp, dq, qinv as native-order unsigned integers. */
static int rsa_export(TP_KEY *k, int selection, OSSL_CALLBACK *cb, void *arg)
{
    const tacit_mpi *v[8];
    OSSL_PARAM params[9];
    unsigned char *buf;
    size_t i, n, count = (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && k->has_priv ? 8 : 2;
    int ok = 0;

    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0 || !k->has_pub) {
        return (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0;
    }
    v[0] = &k->u.rsa.N;
    v[1] = &k->u.rsa.E;
    v[2] = &k->u.rsa.D;
    v[3] = &k->u.rsa.P;
    v[4] = &k->u.rsa.Q;
    v[5] = &k->u.rsa.DP;
    v[6] = &k->u.rsa.DQ;
    v[7] = &k->u.rsa.QP;
    buf = malloc(8 * TP_RSA_MAX_BYTES);
    if (buf == NULL) {
        TP_ERR(k->pc, TP_R_ALLOC, "RSA export");
        return 0;
    }
    for (i = 0; i < count; i++) {
        unsigned char *b = buf + i * TP_RSA_MAX_BYTES;
        n = tacit_mpi_size(v[i]);
        if (n == 0) {
            n = 1;
        }
        if ((host_le() ? tacit_mpi_write_binary_le(v[i], b, n)
                       : tacit_mpi_write_binary(v[i], b, n)) != 0) {
            goto done;
        }
        params[i] = OSSL_PARAM_construct_BN(rsa_param_names[i], b, n);
    }
    params[count] = OSSL_PARAM_construct_end();
    ok = cb(params, arg);
done:
    tacit_platform_zeroize(buf, 8 * TP_RSA_MAX_BYTES);
    free(buf);
    return ok;
}

static int key_export(void *vkey, int selection, OSSL_CALLBACK *cb, void *arg)
{
    TP_KEY *k = vkey;
    OSSL_PARAM params[4];
    unsigned char pub[TACIT_ECP_MAX_PT_LEN], priv[TACIT_ECP_MAX_BYTES];
    size_t n = 0, len;
    int ok;

    if (k == NULL) {
        return 0;
    }
    if (is_rsa(k)) {
        return rsa_export(k, selection, cb, arg);
    }
    if (k->type == TP_KEY_EC && k->grp != TACIT_ECP_NONE) {
        const char *g = ec_group_name(k->grp);
        params[n++] = OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, (char *)g, 0);
    }
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != 0 && k->has_pub) {
        len = key_pub_bytes(k, pub, sizeof(pub));
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, pub, len);
    }
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && k->has_priv) {
        if (k->type == TP_KEY_EC) {
            size_t i, cbytes = tacit_ecp_curve_bytes(k->grp);
            unsigned char be[TACIT_ECP_MAX_BYTES];
            if (tacit_ecp_write_private(&k->u.ec, be, sizeof(be), &len) != 0) {
                return 0;
            }
            for (i = 0; i < cbytes; i++) {
                priv[i] = host_le() ? be[cbytes - 1 - i] : be[i];
            }
            tacit_platform_zeroize(be, sizeof(be));
            params[n++] = OSSL_PARAM_construct_BN(OSSL_PKEY_PARAM_PRIV_KEY, priv, cbytes);
        } else {
            memcpy(priv, k->type == TP_KEY_ED25519 ? k->u.ed25519.seed : k->u.x25519.priv, 32);
            params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, priv, 32);
        }
    }
    params[n] = OSSL_PARAM_construct_end();
    ok = cb(params, arg);
    tacit_platform_zeroize(priv, sizeof(priv));
    return ok;
}

static const OSSL_PARAM rsa_types[] = { OSSL_PARAM_BN(OSSL_PKEY_PARAM_RSA_N, NULL, 0),
                                        OSSL_PARAM_BN(OSSL_PKEY_PARAM_RSA_E, NULL, 0),
                                        OSSL_PARAM_BN(OSSL_PKEY_PARAM_RSA_D, NULL, 0),
                                        OSSL_PARAM_BN(OSSL_PKEY_PARAM_RSA_FACTOR1, NULL, 0),
                                        OSSL_PARAM_BN(OSSL_PKEY_PARAM_RSA_FACTOR2, NULL, 0),
                                        OSSL_PARAM_BN(OSSL_PKEY_PARAM_RSA_EXPONENT1, NULL, 0),
                                        OSSL_PARAM_BN(OSSL_PKEY_PARAM_RSA_EXPONENT2, NULL, 0),
                                        OSSL_PARAM_BN(OSSL_PKEY_PARAM_RSA_COEFFICIENT1, NULL, 0),
                                        OSSL_PARAM_END };
static const OSSL_PARAM ec_types[] = { OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0),
                                       OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
                                       OSSL_PARAM_BN(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
                                       OSSL_PARAM_END };
static const OSSL_PARAM ecx_types[] = { OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
                                        OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
                                        OSSL_PARAM_END };

static const OSSL_PARAM *rsa_io_types(int selection)
{
    (void)selection;
    return rsa_types;
}
static const OSSL_PARAM *ec_io_types(int selection)
{
    (void)selection;
    return ec_types;
}
static const OSSL_PARAM *ecx_io_types(int selection)
{
    (void)selection;
    return ecx_types;
}

/* ---- parameters ------------------------------------------------------------------------------------- */

static int key_get_params(void *vkey, OSSL_PARAM params[])
{
    TP_KEY *k = vkey;
    OSSL_PARAM *p;

    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_BITS)) != NULL &&
        !OSSL_PARAM_set_int(p, key_bits(k))) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_SECURITY_BITS)) != NULL &&
        !OSSL_PARAM_set_int(p, key_security_bits(k))) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MAX_SIZE)) != NULL &&
        !OSSL_PARAM_set_int(p, (int)tp_key_max_size(k))) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_DEFAULT_DIGEST)) != NULL &&
        (is_rsa(k) || k->type == TP_KEY_EC) && !OSSL_PARAM_set_utf8_string(p, "SHA256")) {
        return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MANDATORY_DIGEST)) != NULL &&
        k->type == TP_KEY_ED25519 && !OSSL_PARAM_set_utf8_string(p, "")) {
        return 0;
    }
    if (k->type == TP_KEY_EC) {
        if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_GROUP_NAME)) != NULL &&
            (k->grp == TACIT_ECP_NONE || !OSSL_PARAM_set_utf8_string(p, ec_group_name(k->grp)))) {
            return 0;
        }
        if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT)) != NULL &&
            !OSSL_PARAM_set_utf8_string(p, "uncompressed")) {
            return 0;
        }
        if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_EC_ENCODING)) != NULL &&
            !OSSL_PARAM_set_utf8_string(p, "named_curve")) {
            return 0;
        }
        /* X509_V_FLAG_X509_STRICT verification asks (tacit takes named curves only) */
        if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_EC_DECODED_FROM_EXPLICIT_PARAMS)) !=
                NULL &&
            !OSSL_PARAM_set_int(p, 0)) {
            return 0;
        }
        if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_EC_FIELD_TYPE)) != NULL &&
            !OSSL_PARAM_set_utf8_string(p, "prime-field")) {
            return 0;
        }
    }
    if (!is_rsa(k)) {
        unsigned char pub[TACIT_ECP_MAX_PT_LEN];
        size_t len = k->has_pub ? key_pub_bytes(k, pub, sizeof(pub)) : 0;

        if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY)) != NULL &&
            k->type != TP_KEY_ED25519 && (len == 0 || !OSSL_PARAM_set_octet_string(p, pub, len))) {
            return 0;
        }
        if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PUB_KEY)) != NULL &&
            (len == 0 || !OSSL_PARAM_set_octet_string(p, pub, len))) {
            return 0;
        }
        if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PRIV_KEY)) != NULL &&
            k->type != TP_KEY_EC) {
            const unsigned char *priv =
                k->type == TP_KEY_ED25519 ? k->u.ed25519.seed : k->u.x25519.priv;
            if (!k->has_priv || !OSSL_PARAM_set_octet_string(p, priv, 32)) {
                return 0;
            }
        }
    }
    return 1;
}

static const OSSL_PARAM rsa_gettable[] = {
    OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL), OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_DEFAULT_DIGEST, NULL, 0), OSSL_PARAM_END
};
static const OSSL_PARAM ec_gettable[] = {
    OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_DEFAULT_DIGEST, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_ENCODING, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_FIELD_TYPE, NULL, 0),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_EC_DECODED_FROM_EXPLICIT_PARAMS, NULL),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_END
};
static const OSSL_PARAM ecx_gettable[] = {
    OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_MANDATORY_DIGEST, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *rsa_gettable_params(void *provctx)
{
    (void)provctx;
    return rsa_gettable;
}
static const OSSL_PARAM *ec_gettable_params(void *provctx)
{
    (void)provctx;
    return ec_gettable;
}
static const OSSL_PARAM *ecx_gettable_params(void *provctx)
{
    (void)provctx;
    return ecx_gettable;
}

/* TLS sets the peer's key share this way on a parameters-only key. */
static int key_set_params(void *vkey, const OSSL_PARAM params[])
{
    TP_KEY *k = vkey;
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY);

    if (p == NULL) {
        return 1;
    }
    if (p->data_type != OSSL_PARAM_OCTET_STRING) {
        TP_ERR(k->pc, TP_R_BAD_PARAM, "encoded public key must be an octet string");
        return 0;
    }
    if (k->type == TP_KEY_EC) {
        return ec_set_public(k, p->data, p->data_size);
    }
    if (k->type == TP_KEY_X25519) {
        return x25519_set_pub(k, p->data, p->data_size);
    }
    TP_ERR(k->pc, TP_R_UNSUPPORTED, "encoded public key for this key type");
    return 0;
}

static const OSSL_PARAM kex_settable[] = {
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0), OSSL_PARAM_END
};
static const OSSL_PARAM none_settable[] = { OSSL_PARAM_END };

static const OSSL_PARAM *kex_settable_params(void *provctx)
{
    (void)provctx;
    return kex_settable;
}
static const OSSL_PARAM *none_settable_params(void *provctx)
{
    (void)provctx;
    return none_settable;
}

/* ---- generation ------------------------------------------------------------------------------------- */

typedef struct {
    TP_PROV_CTX *pc;
    int type, selection;
    tacit_ecp_group_id grp;
    size_t bits;
    int exponent;
} TP_GEN_CTX;

static int gen_set_params(void *vgen, const OSSL_PARAM params[])
{
    TP_GEN_CTX *g = vgen;
    const OSSL_PARAM *p;

    if (params == NULL) {
        return 1;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME)) != NULL) {
        const char *name = NULL;
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &name)) {
            TP_ERR(g->pc, TP_R_BAD_PARAM, "group must be a string");
            return 0;
        }
        if (g->type == TP_KEY_EC) {
            g->grp = tacit_ecp_curve_from_name(name);
            if (g->grp == TACIT_ECP_NONE) {
                TP_ERR(g->pc, TP_R_UNSUPPORTED, "EC group '%s'", name);
                return 0;
            }
        } else if (g->type == TP_KEY_X25519) {
            const char *x = "x25519";
            size_t i;
            for (i = 0; x[i] != '\0' && (name[i] | 0x20) == x[i]; i++) {
            }
            if (x[i] != '\0' || name[i] != '\0') {
                TP_ERR(g->pc, TP_R_UNSUPPORTED, "X25519 group '%s'", name);
                return 0;
            }
        }
    }
    if (g->type == TP_KEY_RSA || g->type == TP_KEY_RSA_PSS) {
        if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_RSA_BITS)) != NULL &&
            !OSSL_PARAM_get_size_t(p, &g->bits)) {
            TP_ERR(g->pc, TP_R_BAD_PARAM, "RSA bits");
            return 0;
        }
        if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_RSA_PRIMES)) != NULL) {
            size_t primes = 0;
            if (!OSSL_PARAM_get_size_t(p, &primes) || primes != 2) {
                TP_ERR(g->pc, TP_R_UNSUPPORTED, "RSA keys of other than two primes");
                return 0;
            }
        }
        if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_RSA_E)) != NULL) {
            unsigned char e[8];
            size_t len = 0, i;
            unsigned long v = 0;
            if (!tp_param_get_be(g->pc, p, e, sizeof(e), &len) || len > 4) {
                TP_ERR(g->pc, TP_R_BAD_PARAM, "RSA public exponent");
                return 0;
            }
            for (i = 0; i < len; i++) {
                v = (v << 8) | e[i];
            }
            if (v > 0x7FFFFFFFUL) {
                TP_ERR(g->pc, TP_R_BAD_PARAM, "RSA public exponent too large");
                return 0;
            }
            g->exponent = (int)v;
        }
    }
    return 1;
}

static void *gen_init_common(void *provctx, int type, int selection, const OSSL_PARAM params[])
{
    TP_GEN_CTX *g = calloc(1, sizeof(*g));

    if (g == NULL) {
        TP_ERR(provctx, TP_R_ALLOC, "key generation context");
        return NULL;
    }
    g->pc = provctx;
    g->type = type;
    g->selection = selection;
    g->bits = 2048;
    g->exponent = 65537;
    if (!gen_set_params(g, params)) {
        free(g);
        return NULL;
    }
    return g;
}

#define TP_GEN_INIT(name, type)                                                                    \
    static void *name##_gen_init(void *provctx, int selection, const OSSL_PARAM params[])          \
    {                                                                                              \
        return gen_init_common(provctx, type, selection, params);                                  \
    }
TP_GEN_INIT(rsa, TP_KEY_RSA)
TP_GEN_INIT(rsapss, TP_KEY_RSA_PSS)
TP_GEN_INIT(ec, TP_KEY_EC)
TP_GEN_INIT(x25519, TP_KEY_X25519)
TP_GEN_INIT(ed25519, TP_KEY_ED25519)

static int gen_set_template(void *vgen, void *vtempl)
{
    TP_GEN_CTX *g = vgen;
    TP_KEY *t = vtempl;

    if (g->type == TP_KEY_EC && t != NULL && t->type == TP_KEY_EC) {
        g->grp = t->grp;
    }
    return 1;
}

static void *gen(void *vgen, OSSL_CALLBACK *cb, void *cbarg)
{
    TP_GEN_CTX *g = vgen;
    TP_KEY *k;
    int ret = 0;

    (void)cb;
    (void)cbarg;
    k = key_new(g->pc, g->type);
    if (k == NULL) {
        return NULL;
    }
    if (g->type == TP_KEY_EC) {
        if (g->grp == TACIT_ECP_NONE) {
            TP_ERR(g->pc, TP_R_BAD_PARAM, "EC key generation needs a group");
            key_free(k);
            return NULL;
        }
        k->grp = g->grp;
    }
    if ((g->selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) {
        return k; /* parameters only (TLS: the peer's key share goes here) */
    }
    switch (g->type) {
    case TP_KEY_RSA:
    case TP_KEY_RSA_PSS:
        if (g->bits > TACIT_RSA_GEN_MAX_BITS) {
            ret = TACIT_ERR_BAD_INPUT;
            break;
        }
        ret = tacit_rsa_gen_key(&k->u.rsa, (unsigned int)g->bits, g->exponent, TP_RNG);
        break;
    case TP_KEY_EC:
        ret = tacit_ecp_gen_key(&k->u.ec, g->grp, TP_RNG);
        break;
    case TP_KEY_X25519:
        ret = tacit_x25519_gen_key(&k->u.x25519, TP_RNG);
        break;
    case TP_KEY_ED25519:
        ret = tacit_ed25519_gen_key(&k->u.ed25519, TP_RNG);
        break;
    default:
        ret = TACIT_ERR_NOT_SUPPORTED;
    }
    if (ret != 0) {
        TP_TACIT_ERR(g->pc, ret, "key generation");
        key_free(k);
        return NULL;
    }
    k->has_pub = k->has_priv = 1;
    return k;
}

static void gen_cleanup(void *vgen)
{
    free(vgen);
}

static const OSSL_PARAM rsa_gen_settable[] = { OSSL_PARAM_size_t(OSSL_PKEY_PARAM_RSA_BITS, NULL),
                                               OSSL_PARAM_size_t(OSSL_PKEY_PARAM_RSA_PRIMES, NULL),
                                               OSSL_PARAM_BN(OSSL_PKEY_PARAM_RSA_E, NULL, 0),
                                               OSSL_PARAM_END };
static const OSSL_PARAM group_gen_settable[] = {
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0), OSSL_PARAM_END
};

static const OSSL_PARAM *rsa_gen_settable_params(void *vgen, void *provctx)
{
    (void)vgen;
    (void)provctx;
    return rsa_gen_settable;
}
static const OSSL_PARAM *group_gen_settable_params(void *vgen, void *provctx)
{
    (void)vgen;
    (void)provctx;
    return group_gen_settable;
}

/* ---- dup, operation names ------------------------------------------------------------------------- */

static void *key_dup(const void *vsrc, int selection)
{
    const TP_KEY *s = vsrc;
    TP_KEY *d;

    (void)selection; /* the whole key is copied */
    d = key_new(s->pc, s->type);
    if (d == NULL) {
        return NULL;
    }
    if (is_rsa(s)) {
        int ret = tacit_rsa_copy(&d->u.rsa, &s->u.rsa);
        if (ret != 0) {
            TP_TACIT_ERR(s->pc, ret, "tacit_rsa_copy");
            key_free(d);
            return NULL;
        }
        d->has_pub = s->has_pub;
        d->has_priv = s->has_priv;
        return d;
    }
    memcpy(d, s, sizeof(*d)); /* EC and 25519 keys are plain values */
    return d;
}

static const char *ec_query_operation_name(int operation_id)
{
    switch (operation_id) {
    case OSSL_OP_KEYEXCH:
        return "ECDH";
    case OSSL_OP_SIGNATURE:
        return "ECDSA";
    default:
        return NULL;
    }
}

static const char *rsa_query_operation_name(int operation_id)
{
    (void)operation_id;
    return "RSA";
}

#define TP_KEYMGMT_COMMON(name, io, gettable, settable, gen_settable)                              \
    { OSSL_FUNC_KEYMGMT_NEW, (void (*)(void))name##_new },                                         \
        { OSSL_FUNC_KEYMGMT_FREE, (void (*)(void))key_free },                                      \
        { OSSL_FUNC_KEYMGMT_HAS, (void (*)(void))key_has },                                        \
        { OSSL_FUNC_KEYMGMT_MATCH, (void (*)(void))key_match },                                    \
        { OSSL_FUNC_KEYMGMT_VALIDATE, (void (*)(void))key_validate },                              \
        { OSSL_FUNC_KEYMGMT_IMPORT, (void (*)(void))key_import },                                  \
        { OSSL_FUNC_KEYMGMT_IMPORT_TYPES, (void (*)(void))io },                                    \
        { OSSL_FUNC_KEYMGMT_EXPORT, (void (*)(void))key_export },                                  \
        { OSSL_FUNC_KEYMGMT_EXPORT_TYPES, (void (*)(void))io },                                    \
        { OSSL_FUNC_KEYMGMT_GET_PARAMS, (void (*)(void))key_get_params },                          \
        { OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, (void (*)(void))gettable },                           \
        { OSSL_FUNC_KEYMGMT_SET_PARAMS, (void (*)(void))key_set_params },                          \
        { OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, (void (*)(void))settable },                           \
        { OSSL_FUNC_KEYMGMT_GEN_INIT, (void (*)(void))name##_gen_init },                           \
        { OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, (void (*)(void))gen_set_params },                      \
        { OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, (void (*)(void))gen_settable },                   \
        { OSSL_FUNC_KEYMGMT_GEN_SET_TEMPLATE, (void (*)(void))gen_set_template },                  \
        { OSSL_FUNC_KEYMGMT_GEN, (void (*)(void))gen },                                            \
        { OSSL_FUNC_KEYMGMT_GEN_CLEANUP, (void (*)(void))gen_cleanup },                            \
    {                                                                                              \
        OSSL_FUNC_KEYMGMT_DUP, (void (*)(void))key_dup                                             \
    }

const OSSL_DISPATCH tp_rsa_keymgmt_functions[] = {
    TP_KEYMGMT_COMMON(rsa, rsa_io_types, rsa_gettable_params, none_settable_params,
                      rsa_gen_settable_params),
    { 0, NULL }
};
const OSSL_DISPATCH tp_rsapss_keymgmt_functions[] = {
    TP_KEYMGMT_COMMON(rsapss, rsa_io_types, rsa_gettable_params, none_settable_params,
                      rsa_gen_settable_params),
    { OSSL_FUNC_KEYMGMT_QUERY_OPERATION_NAME, (void (*)(void))rsa_query_operation_name },
    { 0, NULL }
};
const OSSL_DISPATCH tp_ec_keymgmt_functions[] = {
    TP_KEYMGMT_COMMON(ec, ec_io_types, ec_gettable_params, kex_settable_params,
                      group_gen_settable_params),
    { OSSL_FUNC_KEYMGMT_QUERY_OPERATION_NAME, (void (*)(void))ec_query_operation_name },
    { 0, NULL }
};
const OSSL_DISPATCH tp_x25519_keymgmt_functions[] = {
    TP_KEYMGMT_COMMON(x25519, ecx_io_types, ecx_gettable_params, kex_settable_params,
                      group_gen_settable_params),
    { 0, NULL }
};
const OSSL_DISPATCH tp_ed25519_keymgmt_functions[] = {
    TP_KEYMGMT_COMMON(ed25519, ecx_io_types, ecx_gettable_params, none_settable_params,
                      group_gen_settable_params),
    { 0, NULL }
};
