/*
 * Key files for the tacit tool: reading, writing and naming keys through
 * tacit_pk (pk.h does the format detection), and the tool's algorithm names
 * (see cli_key.h).
 */
#include "cli_key.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tacit/pk.h"
#include "tacit/platform.h"

#if defined(CLI_RSA) || defined(CLI_EC)

static const char *name_of(const char *path)
{
    return path == NULL || strcmp(path, "-") == 0 ? "stdin" : path;
}

void cli_key_init(cli_key *key)
{
    memset(key, 0, sizeof(*key));
    tacit_pk_init(&key->pk);
}

/* Mirror the pk context's type into the fields the subcommands read. */
static void cli_key_sync(cli_key *key)
{
    tacit_pk_type t = tacit_pk_get_type(&key->pk);

    key->kind = t == TACIT_PK_RSA       ? CLI_KEY_RSA
                : t == TACIT_PK_EC      ? CLI_KEY_EC
                : t == TACIT_PK_ED25519 ? CLI_KEY_ED25519
                : t == TACIT_PK_X25519  ? CLI_KEY_X25519
                : t == TACIT_PK_MLKEM   ? CLI_KEY_MLKEM
                : t == TACIT_PK_MLDSA   ? CLI_KEY_MLDSA
                                        : CLI_KEY_NONE;
    key->is_private = key->pk.is_private;
#if defined(CLI_RSA)
    key->rsa = tacit_pk_rsa(&key->pk);
#endif
#if defined(CLI_EC)
    key->ec = tacit_pk_ec(&key->pk);
#endif
}

void cli_key_free(cli_key *key)
{
    tacit_pk_free(&key->pk);
    cli_key_sync(key);
}

const char *cli_key_describe(const cli_key *key)
{
    static char buf[32];

    tacit_pk_describe(&key->pk, buf, sizeof(buf));
    return buf;
}

#if defined(CLI_RSA)
int cli_key_gen_rsa(cli_key *key, unsigned bits)
{
    int ret = tacit_pk_gen_rsa(&key->pk, bits, 65537, NULL, NULL);
    cli_key_sync(key);
    return ret;
}
#endif

int cli_key_gen_25519(cli_key *key, int ed25519)
{
    int ret = TACIT_ERR_NOT_SUPPORTED;
#if defined(TACIT_ED25519_C)
    if (ed25519) {
        ret = tacit_pk_gen_ed25519(&key->pk, NULL, NULL);
    }
#endif
#if defined(TACIT_X25519_C)
    if (!ed25519) {
        ret = tacit_pk_gen_x25519(&key->pk, NULL, NULL);
    }
#endif
    (void)ed25519;
    cli_key_sync(key);
    return ret;
}

static const struct {
    const char *name, *alias;
    tacit_pk_type type;
    int params; /* tacit_mlkem_params / tacit_mldsa_params: 0, 1, 2 in both enums */
} pq_names[] = {
    { "ml-kem-512", "mlkem512", TACIT_PK_MLKEM, 0 },
    { "ml-kem-768", "mlkem768", TACIT_PK_MLKEM, 1 },
    { "ml-kem-1024", "mlkem1024", TACIT_PK_MLKEM, 2 },
    { "ml-dsa-44", "mldsa44", TACIT_PK_MLDSA, 0 },
    { "ml-dsa-65", "mldsa65", TACIT_PK_MLDSA, 1 },
    { "ml-dsa-87", "mldsa87", TACIT_PK_MLDSA, 2 },
};

int cli_pq_name(const char *name, tacit_pk_type *type, int *params)
{
    size_t i;

    for (i = 0; i < sizeof(pq_names) / sizeof(pq_names[0]); i++) {
        if (strcmp(name, pq_names[i].name) == 0 || strcmp(name, pq_names[i].alias) == 0) {
            *type = pq_names[i].type;
            *params = pq_names[i].params;
            return 0;
        }
    }
    return -1;
}

int cli_key_gen_pq(cli_key *key, tacit_pk_type type, int params)
{
    int ret = TACIT_ERR_NOT_SUPPORTED;
#if defined(TACIT_MLKEM_C)
    if (type == TACIT_PK_MLKEM) {
        ret = tacit_pk_gen_mlkem(&key->pk, (tacit_mlkem_params)params, NULL, NULL);
    }
#endif
#if defined(TACIT_MLDSA_C)
    if (type == TACIT_PK_MLDSA) {
        ret = tacit_pk_gen_mldsa(&key->pk, (tacit_mldsa_params)params, NULL, NULL);
    }
#endif
    (void)type;
    (void)params;
    cli_key_sync(key);
    return ret;
}

#if defined(CLI_EC)
int cli_key_gen_ec(cli_key *key, tacit_ecp_group_id grp)
{
    int ret = tacit_pk_gen_ec(&key->pk, grp, NULL, NULL);
    cli_key_sync(key);
    return ret;
}
#endif

int cli_key_load(const char *cmd, const char *path, int need_private, cli_key *key)
{
    unsigned char *data;
    size_t len;
    const char *name = name_of(path);
    int rc, ret;

    cli_key_free(key);
    rc = cli_read(cmd, path, &data, &len);
    if (rc != CLI_OK) {
        return rc;
    }
    if (len == 0) {
        cli_err(cmd, "'%s' is empty, not a key", name);
        rc = CLI_ERROR;
    } else if ((ret = tacit_pk_parse_key(&key->pk, data, len)) != 0) {
        if (ret == TACIT_ERR_PK_ENCRYPTED) {
            cli_err(cmd,
                    "'%s': encrypted private keys are not supported "
                    "(decrypt it first: openssl pkey -in KEY -out PLAIN)",
                    name);
        } else if (ret == TACIT_ERR_NOT_SUPPORTED) {
            cli_err(cmd, "'%s': this key type is not supported in this build", name);
        } else {
            cli_err(cmd, "'%s' is not a key tacit can read: %s", name, cli_strerror(ret));
        }
        rc = CLI_ERROR;
    }
    cli_free(data, len);
    cli_key_sync(key);
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
    tacit_key_format fmt = priv ? TACIT_KEY_FORMAT_PKCS8 : TACIT_KEY_FORMAT_SPKI;
    unsigned char *buf = NULL;
    size_t need = 0, olen = 0;
    int ret, rc;

    ret = tacit_pk_write(&key->pk, fmt, der ? TACIT_KEY_ENCODING_DER : TACIT_KEY_ENCODING_PEM, NULL,
                         0, &need);
    if (ret == TACIT_ERR_BUFFER_TOO_SMALL) {
        buf = (unsigned char *)malloc(need);
        ret = buf == NULL ? TACIT_ERR_ALLOC_FAILED
                          : tacit_pk_write(&key->pk, fmt,
                                           der ? TACIT_KEY_ENCODING_DER : TACIT_KEY_ENCODING_PEM,
                                           buf, need, &olen);
    }
    if (ret != 0) {
        cli_err(cmd, "cannot encode the %s key: %s", priv ? "private" : "public",
                cli_strerror(ret));
        rc = CLI_ERROR;
    } else {
        rc = cli_write(cmd, path, buf, olen, priv);
    }
    if (buf != NULL) {
        tacit_platform_zeroize(buf, need);
        free(buf);
    }
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
    alg->mldsa = 0;
    if (strcmp(name, "ed25519") == 0) {
        alg->scheme = CLI_ALG_ED25519; /* hashes the message itself */
        return 0;
    }
    {
        tacit_pk_type type;
        int params;
        if (cli_pq_name(name, &type, &params) == 0 && type == TACIT_PK_MLDSA) {
            static const unsigned sets[3] = { 44, 65, 87 };
            alg->scheme = CLI_ALG_MLDSA; /* pure: the message itself */
            alg->mldsa = sets[params];
            return 0;
        }
    }
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
    alg->mldsa = 0;
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

int cli_alg_digest(const char *cmd, const cli_alg *alg, const unsigned char *msg, size_t mlen,
                   unsigned char *hash, size_t *hlen)
{
    int ret;

    *hlen = 0;
    if (alg->scheme == CLI_ALG_ED25519 || alg->scheme == CLI_ALG_MLDSA) {
        return CLI_OK;
    }
    ret = tacit_md(alg->md, msg, mlen, hash);
    if (ret != 0) {
        cli_err(cmd, "cannot hash the message: %s", cli_strerror(ret));
        return CLI_ERROR;
    }
    *hlen = tacit_md_size(alg->md);
    return CLI_OK;
}

int cli_key_check_alg(const char *cmd, const cli_key *key, const cli_alg *alg, const char *name)
{
    cli_key_kind want = alg->scheme == CLI_ALG_ECDSA     ? CLI_KEY_EC
                        : alg->scheme == CLI_ALG_ED25519 ? CLI_KEY_ED25519
                        : alg->scheme == CLI_ALG_MLDSA   ? CLI_KEY_MLDSA
                                                         : CLI_KEY_RSA;

    if (key->kind != want) {
        cli_err(cmd, "%s needs %s key, this one is %s", name,
                want == CLI_KEY_EC        ? "an EC"
                : want == CLI_KEY_ED25519 ? "an Ed25519"
                : want == CLI_KEY_MLDSA   ? "an ML-DSA"
                                          : "an RSA",
                cli_key_describe(key));
        return CLI_ERROR;
    }
    if (want == CLI_KEY_MLDSA && tacit_pk_bitlen(&key->pk) != alg->mldsa) {
        cli_err(cmd, "%s needs an ML-DSA-%u key, this one is %s", name, alg->mldsa,
                cli_key_describe(key));
        return CLI_ERROR;
    }
    /* RFC 4055: a key whose OID is id-RSASSA-PSS makes PSS signatures and nothing else */
    if (want == CLI_KEY_RSA && key->pk.rsa_pss_key && alg->scheme != CLI_ALG_PSS) {
        cli_err(cmd, "%s cannot use this %s key: an id-RSASSA-PSS key is for PSS signatures only",
                name, cli_key_describe(key));
        return CLI_ERROR;
    }
    /* ... and, with RSASSA-PSS-params, with their hash (the tool's MGF1 uses the same hash) */
    if (want == CLI_KEY_RSA && alg->scheme == CLI_ALG_PSS &&
        cli_pss_key_allows(cmd, key, alg->md, -1) != CLI_OK) {
        return CLI_ERROR;
    }
    return CLI_OK;
}

int cli_pss_key_allows(const char *cmd, const cli_key *key, tacit_md_type md, int saltlen)
{
    tacit_pk_sig_alg lim;

    if (tacit_pk_rsa_pss_limits(&key->pk, &lim) != 0) {
        return CLI_OK; /* no parameters: any PSS signature */
    }
    if (md == lim.md && lim.mgf1_md == lim.md && (saltlen < 0 || saltlen >= lim.saltlen)) {
        return CLI_OK;
    }
    if (lim.mgf1_md != lim.md) {
        cli_err(cmd,
                "this %s key's parameters ask for MGF1 with %s under %s, which the tool does "
                "not offer",
                cli_key_describe(key), tacit_md_name(lim.mgf1_md), tacit_md_name(lim.md));
    } else {
        cli_err(cmd, "this %s key's parameters allow pss-%s only, with a salt of %d bytes or more",
                cli_key_describe(key), tacit_md_name(lim.md), lim.saltlen);
    }
    return CLI_ERROR;
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

int cli_pss_alg(const char *cmd, const cli_key *key, tacit_md_type md, int saltlen,
                tacit_pk_sig_alg *pss)
{
    memset(pss, 0, sizeof(*pss));
    pss->scheme = TACIT_PK_SIG_RSA_PSS;
    pss->md = md;
    pss->mgf1_md = md;
    /* not given, or "auto": pk's default (sign: the hash length or the key's longer floor;
     * verify: any salt from the key's floor) */
    pss->saltlen = saltlen < 0 ? -1 : saltlen;
#if defined(CLI_RSA)
    if (saltlen == CLI_SALT_MAX && key->rsa != NULL) {
        /* emLen - hLen - 2, emLen = ceil((modBits - 1) / 8) */
        size_t emlen = (tacit_rsa_bitlen(key->rsa) - 1 + 7) / 8, hlen = tacit_md_size(md);
        pss->saltlen = emlen >= hlen + 2 ? (int)(emlen - hlen - 2) : 0;
    }
#endif
    return cli_pss_key_allows(cmd, key, md, pss->saltlen);
}
