/*
 * Key files for the tacit tool: format detection and dispatch to the rsa and
 * ecp modules (see cli_key.h).
 *
 * PEM: the label says what the block holds.  "PRIVATE KEY" (PKCS#8) and
 * "PUBLIC KEY" (SPKI) name their algorithm inside, by OID.  Text before the
 * block and "EC PARAMETERS" blocks (`openssl ecparam -genkey`) are skipped.
 * DER: PKCS#8 and SPKI are recognised by their envelope and OID; otherwise
 * the bare forms are tried in turn (PKCS#1 RSAPrivateKey, SEC1
 * ECPrivateKey, PKCS#1 RSAPublicKey).
 */
#include "cli_key.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tacit/asn1.h"
#include "tacit/pem.h"
#include "tacit/platform.h"

#if defined(CLI_RSA) || defined(CLI_EC)

/* Large enough for an 8192-bit RSA private key in PEM. */
#define CLI_KEY_BUF 16384

static const char *name_of(const char *path)
{
    return path == NULL || strcmp(path, "-") == 0 ? "stdin" : path;
}

void cli_key_init(cli_key *key)
{
    memset(key, 0, sizeof(*key));
#if defined(CLI_RSA)
    tacit_rsa_init(&key->rsa);
#endif
#if defined(CLI_EC)
    tacit_ecp_keypair_init(&key->ec);
#endif
}

void cli_key_free(cli_key *key)
{
#if defined(CLI_RSA)
    tacit_rsa_free(&key->rsa);
#endif
#if defined(CLI_EC)
    tacit_ecp_keypair_free(&key->ec);
#endif
    key->kind = CLI_KEY_NONE;
    key->is_private = 0;
}

const char *cli_key_describe(const cli_key *key)
{
    static char buf[32];

    buf[0] = '\0';
#if defined(CLI_RSA)
    if (key->kind == CLI_KEY_RSA) {
        snprintf(buf, sizeof(buf), "RSA-%u", (unsigned)tacit_rsa_bitlen(&key->rsa));
    }
#endif
#if defined(CLI_EC)
    if (key->kind == CLI_KEY_EC) {
        snprintf(buf, sizeof(buf), "EC %s", tacit_ecp_curve_name(key->ec.grp));
    }
#endif
    return buf;
}

/* Which algorithm an SPKI/PKCS#8 OID names. */
static cli_key_kind kind_of_oid(const tacit_asn1_buf *oid)
{
    if (TACIT_OID_EQUAL(TACIT_OID_RSA_ENCRYPTION, oid->p, oid->len) ||
        TACIT_OID_EQUAL(TACIT_OID_RSASSA_PSS, oid->p, oid->len)) {
        return CLI_KEY_RSA;
    }
    if (TACIT_OID_EQUAL(TACIT_OID_EC_PUBLIC_KEY, oid->p, oid->len)) {
        return CLI_KEY_EC;
    }
    return CLI_KEY_NONE;
}

/* Parse DER through one module. */
static int parse_as(cli_key *key, cli_key_kind kind, int priv, const unsigned char *der,
                    size_t len)
{
    int ret = TACIT_ERR_NOT_SUPPORTED;

    key->kind = kind;
    key->is_private = priv;
#if defined(CLI_RSA)
    if (kind == CLI_KEY_RSA) {
        ret = priv ? tacit_rsa_parse_key_der(&key->rsa, der, len)
                   : tacit_rsa_parse_public_key_der(&key->rsa, der, len);
    }
#endif
#if defined(CLI_EC)
    if (kind == CLI_KEY_EC) {
        ret = priv ? tacit_ecp_parse_key_der(&key->ec, der, len)
                   : tacit_ecp_parse_public_key_der(&key->ec, der, len);
    }
#endif
    if (ret != 0) {
        key->kind = CLI_KEY_NONE;
        key->is_private = 0;
    }
    return ret;
}

/* Is err only "this is not my kind of key" (try the next format)? */
static int is_wrong_kind(int err)
{
    if (err == TACIT_ERR_ASN1_UNEXPECTED_TAG || err == TACIT_ERR_NOT_SUPPORTED) {
        return 1;
    }
#if defined(CLI_RSA)
    if (err == TACIT_ERR_RSA_WRONG_KEY_TYPE) {
        return 1;
    }
#endif
#if defined(CLI_EC)
    if (err == TACIT_ERR_ECP_KEY_FORMAT) {
        return 1;
    }
#endif
    return 0;
}

static int load_der(cli_key *key, const unsigned char *der, size_t len, const char **what)
{
    tacit_asn1_key_info info;
    int ret, best = TACIT_ERR_ASN1_UNEXPECTED_TAG;

    if (tacit_asn1_parse_pkcs8(der, len, &info) == 0) {
        *what = "PKCS#8 private key";
        return parse_as(key, kind_of_oid(&info.alg), 1, der, len);
    }
    if (tacit_asn1_parse_spki(der, len, &info) == 0) {
        *what = "public key (SubjectPublicKeyInfo)";
        return parse_as(key, kind_of_oid(&info.alg), 0, der, len);
    }
    *what = "DER key";
    /* the bare forms: PKCS#1 private, SEC1 private, PKCS#1 public */
    if ((ret = parse_as(key, CLI_KEY_RSA, 1, der, len)) == 0) {
        return 0;
    }
    if (!is_wrong_kind(ret)) {
        best = ret;
    }
    if ((ret = parse_as(key, CLI_KEY_EC, 1, der, len)) == 0) {
        return 0;
    }
    if (!is_wrong_kind(ret) && is_wrong_kind(best)) {
        best = ret;
    }
    if ((ret = parse_as(key, CLI_KEY_RSA, 0, der, len)) == 0) {
        return 0;
    }
    if (!is_wrong_kind(ret) && is_wrong_kind(best)) {
        best = ret;
    }
    return best;
}

/*
 * A decoded PEM block.  The label must match the contents: the PKCS#1/SEC1
 * labels hold the bare key, never an SPKI or PKCS#8 envelope (OpenSSL 3
 * ignores the label; tacit does not).
 */
static int load_pem_block(const char *cmd, const char *name, cli_key *key,
                          const tacit_pem_block *block)
{
    const char *label = block->label;
    tacit_asn1_key_info info;
    int ret, priv;
    cli_key_kind kind;

    if (strcmp(label, "RSA PRIVATE KEY") == 0 || strcmp(label, "RSA PUBLIC KEY") == 0 ||
        strcmp(label, "EC PRIVATE KEY") == 0) {
        kind = label[0] == 'R' ? CLI_KEY_RSA : CLI_KEY_EC;
        priv = strstr(label, "PRIVATE") != NULL;
        if (tacit_asn1_parse_pkcs8(block->der, block->der_len, &info) == 0 ||
            tacit_asn1_parse_spki(block->der, block->der_len, &info) == 0) {
            cli_err(cmd, "'%s': the PEM label '%s' does not match its contents (PKCS#8 or SPKI)",
                    name, label);
            return CLI_ERROR;
        }
    } else if (strcmp(label, "PRIVATE KEY") == 0) {
        priv = 1;
        ret = tacit_asn1_parse_pkcs8(block->der, block->der_len, &info);
        if (ret != 0) {
            cli_err(cmd, "'%s': malformed PKCS#8 private key: %s", name, cli_strerror(ret));
            return CLI_ERROR;
        }
        kind = kind_of_oid(&info.alg);
    } else if (strcmp(label, "PUBLIC KEY") == 0) {
        priv = 0;
        ret = tacit_asn1_parse_spki(block->der, block->der_len, &info);
        if (ret != 0) {
            cli_err(cmd, "'%s': malformed public key: %s", name, cli_strerror(ret));
            return CLI_ERROR;
        }
        kind = kind_of_oid(&info.alg);
    } else if (strcmp(label, "ENCRYPTED PRIVATE KEY") == 0) {
        cli_err(cmd, "'%s': encrypted private keys are not supported "
                "(decrypt it first: openssl pkey -in KEY -out PLAIN)", name);
        return CLI_ERROR;
    } else {
        cli_err(cmd, "'%s': PEM block '%s' is not a key", name, label);
        return CLI_ERROR;
    }
    if (kind == CLI_KEY_NONE) {
        cli_err(cmd, "'%s': not an RSA or EC key (unknown algorithm OID)", name);
        return CLI_ERROR;
    }
    ret = parse_as(key, kind, priv, block->der, block->der_len);
    if (ret == TACIT_ERR_NOT_SUPPORTED) {
        cli_err(cmd, "'%s': %s keys are not supported in this build", name,
                kind == CLI_KEY_RSA ? "RSA" : "EC");
        return CLI_ERROR;
    }
    if (ret != 0) {
        cli_err(cmd, "'%s': invalid %s: %s", name, label, cli_strerror(ret));
        return CLI_ERROR;
    }
    return CLI_OK;
}

static int load_pem(const char *cmd, const char *name, cli_key *key, const unsigned char *text,
                    size_t len)
{
    size_t off = 0, consumed;
    tacit_pem_block block;
    int ret, rc;

    memset(&block, 0, sizeof(block));
    for (;;) {
        ret = tacit_pem_read(NULL, text + off, len - off, &block, &consumed);
        if (ret != 0) {
            cli_err(cmd, "'%s': %s", name, cli_strerror(ret));
            return CLI_ERROR;
        }
        if (strcmp(block.label, "EC PARAMETERS") != 0) {
            break;
        }
        tacit_pem_block_free(&block);
        off += consumed;
    }
    rc = load_pem_block(cmd, name, key, &block);
    tacit_pem_block_free(&block);
    return rc;
}

/* DER keys start with a SEQUENCE; anything else is taken for PEM text. */
static int looks_like_pem(const unsigned char *data, size_t len)
{
    return len > 0 && data[0] != 0x30;
}

int cli_key_load(const char *cmd, const char *path, int need_private, cli_key *key)
{
    unsigned char *data;
    size_t len;
    const char *name = name_of(path), *what = "key";
    int rc, ret;

    cli_key_free(key);
    rc = cli_read(cmd, path, &data, &len);
    if (rc != CLI_OK) {
        return rc;
    }
    if (len == 0) {
        cli_err(cmd, "'%s' is empty, not a key", name);
        rc = CLI_ERROR;
    } else if (looks_like_pem(data, len)) {
        rc = load_pem(cmd, name, key, data, len);
    } else {
        ret = load_der(key, data, len, &what);
        if (ret == TACIT_ERR_NOT_SUPPORTED) {
            cli_err(cmd, "'%s': this key type is not supported in this build", name);
            rc = CLI_ERROR;
        } else if (ret != 0) {
            cli_err(cmd, "'%s' is not a key tacit can read (%s: %s)", name, what,
                    cli_strerror(ret));
            rc = CLI_ERROR;
        }
    }
    cli_free(data, len);
    if (rc == CLI_OK && need_private && !key->is_private) {
        cli_err(cmd, "'%s' is a public key; this needs a private key", name);
        rc = CLI_ERROR;
    }
    if (rc != CLI_OK) {
        cli_key_free(key);
    }
    return rc;
}

static int write_key(const char *cmd, const cli_key *key, int priv, int der, const char *path)
{
    unsigned char *buf = (unsigned char *)malloc(2 * CLI_KEY_BUF);
    unsigned char *pem = buf + CLI_KEY_BUF;
    size_t olen = 0, plen = 0;
    int ret = TACIT_ERR_NOT_SUPPORTED, rc;

    if (buf == NULL) {
        cli_err(cmd, "out of memory");
        return CLI_ERROR;
    }
#if defined(CLI_RSA)
    if (key->kind == CLI_KEY_RSA) {
        ret = priv ? tacit_rsa_write_key_der(&key->rsa, TACIT_KEY_FORMAT_PKCS8, buf,
                                             CLI_KEY_BUF, &olen)
                   : tacit_rsa_write_public_key_der(&key->rsa, TACIT_KEY_FORMAT_SPKI, buf,
                                                    CLI_KEY_BUF, &olen);
    }
#endif
#if defined(CLI_EC)
    if (key->kind == CLI_KEY_EC) {
        ret = priv ? tacit_ecp_write_key_der(&key->ec, TACIT_KEY_FORMAT_PKCS8, buf,
                                             CLI_KEY_BUF, &olen)
                   : tacit_ecp_write_public_key_der(&key->ec, TACIT_KEY_FORMAT_SPKI, buf, CLI_KEY_BUF, &olen);
    }
#endif
    if (ret == 0 && !der) {
        ret = tacit_pem_write(priv ? "PRIVATE KEY" : "PUBLIC KEY", buf, olen, pem, CLI_KEY_BUF,
                              &plen);
    }
    if (ret != 0) {
        cli_err(cmd, "cannot encode the %s key: %s", priv ? "private" : "public",
                cli_strerror(ret));
        rc = CLI_ERROR;
    } else {
        rc = der ? cli_write(cmd, path, buf, olen, priv) : cli_write(cmd, path, pem, plen, priv);
    }
    tacit_platform_zeroize(buf, 2 * CLI_KEY_BUF);
    free(buf);
    return rc;
}

int cli_key_write_private(const char *cmd, const cli_key *key, int der, const char *path)
{
    return write_key(cmd, key, 1, der, path);
}

int cli_key_write_public(const char *cmd, const cli_key *key, int der, const char *path)
{
    return write_key(cmd, key, 0, der, path);
}

/* ---- algorithm names ------------------------------------------------------- */

static int split_alg(const char *name, const char *prefix, tacit_md_type *md)
{
    size_t n = strlen(prefix);

    if (strncmp(name, prefix, n) != 0 || name[n] != '-') {
        return -1;
    }
    *md = tacit_md_from_name(name + n + 1);
    return *md == TACIT_MD_NONE ? -1 : 0;
}

int cli_alg_sig(const char *name, cli_alg *alg)
{
    alg->scheme = CLI_ALG_NONE;
    alg->md = TACIT_MD_NONE;
    if (split_alg(name, "pkcs1", &alg->md) == 0) {
        alg->scheme = CLI_ALG_PKCS1_SIG;
    } else if (split_alg(name, "pss", &alg->md) == 0) {
        alg->scheme = CLI_ALG_PSS;
    } else if (split_alg(name, "ecdsa", &alg->md) == 0) {
        alg->scheme = CLI_ALG_ECDSA;
    }
    /* SHA-1 and SHA-224 are not offered for signing by the tool */
    if (alg->md != TACIT_MD_SHA256 && alg->md != TACIT_MD_SHA384 && alg->md != TACIT_MD_SHA512) {
        alg->scheme = CLI_ALG_NONE;
        return -1;
    }
    return alg->scheme == CLI_ALG_NONE ? -1 : 0;
}

int cli_alg_enc(const char *name, cli_alg *alg)
{
    alg->scheme = CLI_ALG_NONE;
    alg->md = TACIT_MD_NONE;
    if (strcmp(name, "pkcs1") == 0) {
        alg->scheme = CLI_ALG_PKCS1_ENC;
        return 0;
    }
    if (split_alg(name, "oaep", &alg->md) == 0 && alg->md != TACIT_MD_SHA224) {
        alg->scheme = CLI_ALG_OAEP;
        return 0;
    }
    return -1;
}

int cli_key_check_alg(const char *cmd, const cli_key *key, const cli_alg *alg, const char *name)
{
    cli_key_kind want = alg->scheme == CLI_ALG_ECDSA ? CLI_KEY_EC : CLI_KEY_RSA;

    if (key->kind != want) {
        cli_err(cmd, "%s needs an %s key, this one is %s", name,
                want == CLI_KEY_EC ? "EC" : "RSA", cli_key_describe(key));
        return CLI_ERROR;
    }
    return CLI_OK;
}

int cli_saltlen(const char *arg, int *saltlen)
{
    char *end;
    long v;

    if (strcmp(arg, "max") == 0) {
        *saltlen = CLI_SALT_MAX;
        return 0;
    }
    if (strcmp(arg, "auto") == 0) {
        *saltlen = CLI_SALT_AUTO;
        return 0;
    }
    v = strtol(arg, &end, 10);
    if (arg[0] < '0' || arg[0] > '9' || *end != '\0' || v > 65536) {
        return -1;
    }
    *saltlen = (int)v;
    return 0;
}

#else
typedef int tacit_cli_key_unused; /* TACIT_CLI_UNUSED: no RSA, no EC */
#endif
