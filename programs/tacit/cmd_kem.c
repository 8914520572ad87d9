/*
 * tacit kem pubkey|encaps|decaps: ML-KEM (FIPS 203) with keys in the IETF
 * LAMPS formats (PKCS#8 seed form "PRIVATE KEY", SubjectPublicKeyInfo
 * "PUBLIC KEY"; PEM or DER).  `tacit genkey mlkem512|mlkem768|mlkem1024`
 * writes the private key (cli_kem_genkey).
 */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tacit/config.h"
#include "tacit/error.h"

#if defined(CLI_KEM)

#include "tacit/mlkem.h"
#include "tacit/hmac_drbg.h"
#include "tacit/pem.h"

static const char usage[] =
    "usage: tacit kem pubkey [-k KEY] [--der] [-o FILE]\n"
    "       tacit kem encaps -k PUB -o CT [--ss FILE]\n"
    "       tacit kem decaps -k KEY [-i CT] [--ss FILE]\n"
    "  ML-KEM-512/768/1024 (FIPS 203).  Keys: `tacit genkey mlkem768` (PKCS#8, seed form);\n"
    "  public keys are SubjectPublicKeyInfo; PEM or DER.\n"
    "  pubkey          write the public key of KEY (PEM, or DER with --der)\n"
    "  encaps          encapsulate to PUB: the ciphertext (raw bytes) to CT, the shared\n"
    "                  secret as hex on stdout, or raw to --ss FILE\n"
    "  decaps          the shared secret of ciphertext CT (default: stdin) with KEY, as hex\n"
    "                  on stdout or raw to --ss FILE (a wrong ciphertext gives the implicit-\n"
    "                  rejection secret, as FIPS 203 requires; it is not an error)\n"
    "  -k, --key FILE  the key\n"
    "  -i, --in FILE   the ciphertext\n"
    "  -o, --out FILE  output file\n"
    "  --ss FILE       the shared secret, raw, to FILE (mode 0600)\n"
    "  --der           write DER instead of PEM\n";

/* The DER inside a PEM block with this label, or the bytes themselves when not PEM. */
static int der_of(const char *cmd, const unsigned char *buf, size_t len, const char *label,
                  tacit_pem_block *blk, const unsigned char **der, size_t *der_len)
{
    int ret;
    memset(blk, 0, sizeof(*blk));
    if (len >= 10 && memcmp(buf, "-----BEGIN", 10) == 0) {
        ret = tacit_pem_read(label, buf, len, blk, NULL);
        if (ret != 0) {
            cli_err(cmd, "cannot read the PEM %s: %s", label, cli_strerror(ret));
            return CLI_ERROR;
        }
        *der = blk->der;
        *der_len = blk->der_len;
    } else {
        *der = buf;
        *der_len = len;
    }
    return CLI_OK;
}

static int load_private(const char *cmd, const char *path, tacit_mlkem_params *p, unsigned char *dk,
                        unsigned char *ek)
{
    unsigned char *buf = NULL;
    size_t len = 0, der_len = 0;
    const unsigned char *der = NULL;
    tacit_pem_block blk;
    int rc, ret;

    if ((rc = cli_read(cmd, path, &buf, &len)) != CLI_OK) {
        return rc;
    }
    rc = der_of(cmd, buf, len, "PRIVATE KEY", &blk, &der, &der_len);
    if (rc == CLI_OK) {
        ret = tacit_mlkem_parse_private_der(der, der_len, p, dk, ek);
        if (ret != 0) {
            cli_err(cmd, "%s is not an ML-KEM private key: %s", path ? path : "stdin",
                    cli_strerror(ret));
            rc = CLI_ERROR;
        }
    }
    tacit_pem_block_free(&blk);
    cli_free(buf, len);
    return rc;
}

static int load_public(const char *cmd, const char *path, tacit_mlkem_params *p, unsigned char *ek)
{
    unsigned char *buf = NULL;
    size_t len = 0, der_len = 0;
    const unsigned char *der = NULL;
    tacit_pem_block blk;
    int rc, ret;

    if ((rc = cli_read(cmd, path, &buf, &len)) != CLI_OK) {
        return rc;
    }
    rc = der_of(cmd, buf, len, "PUBLIC KEY", &blk, &der, &der_len);
    if (rc == CLI_OK) {
        ret = tacit_mlkem_parse_public_der(der, der_len, p, ek);
        if (ret != 0) {
            cli_err(cmd, "%s is not an ML-KEM public key: %s", path ? path : "stdin",
                    cli_strerror(ret));
            rc = CLI_ERROR;
        }
    }
    tacit_pem_block_free(&blk);
    cli_free(buf, len);
    return rc;
}

/* DER, or PEM with label, to path. */
static int write_der_or_pem(const char *cmd, const char *path, const char *label,
                            const unsigned char *der, size_t der_len, int as_der, int secret)
{
    unsigned char *pem;
    size_t pem_len = 0;
    int rc;

    if (as_der) {
        return cli_write(cmd, path, der, der_len, secret);
    }
    (void)tacit_pem_write(label, der, der_len, NULL, 0, &pem_len);
    pem = (unsigned char *)malloc(pem_len ? pem_len : 1);
    if (pem == NULL || tacit_pem_write(label, der, der_len, pem, pem_len, &pem_len) != 0) {
        free(pem);
        cli_err(cmd, "cannot write PEM");
        return CLI_ERROR;
    }
    rc = cli_write(cmd, path, pem, pem_len, secret);
    cli_free(pem, pem_len);
    return rc;
}

/* The shared secret: raw to ss_path (0600), else hex on stdout. */
static int write_ss(const char *cmd, const char *ss_path, const unsigned char ss[32])
{
    char hex[65];
    int i;

    if (ss_path != NULL) {
        return cli_write(cmd, ss_path, ss, 32, 1);
    }
    for (i = 0; i < 32; i++) {
        snprintf(hex + 2 * i, 3, "%02x", ss[i]);
    }
    printf("%s\n", hex);
    return fflush(stdout) == 0 ? CLI_OK : CLI_ERROR;
}

int cli_kem_genkey(const char *type, int der, const char *out)
{
    tacit_mlkem_params p;
    unsigned char seed[64], buf[86];
    size_t len;
    int rc, ret;

    if (strcmp(type, "mlkem512") == 0) {
        p = TACIT_MLKEM_512;
    } else if (strcmp(type, "mlkem768") == 0) {
        p = TACIT_MLKEM_768;
    } else if (strcmp(type, "mlkem1024") == 0) {
        p = TACIT_MLKEM_1024;
    } else {
        cli_err("genkey", "unknown key type '%s' (mlkem512, mlkem768, mlkem1024)", type);
        return CLI_USAGE;
    }
    if ((ret = tacit_rng_default(NULL, seed, sizeof(seed))) != 0 ||
        (ret = tacit_mlkem_write_private_der(p, seed, buf, sizeof(buf), &len)) != 0) {
        cli_err("genkey", "key generation failed: %s", cli_strerror(ret));
        memset(seed, 0, sizeof(seed));
        return CLI_ERROR;
    }
    rc = write_der_or_pem("genkey", out, "PRIVATE KEY", buf, len, der, 1);
    memset(seed, 0, sizeof(seed));
    memset(buf, 0, sizeof(buf));
    return rc;
}

int cmd_kem(int argc, char **argv)
{
    cli_parser p;
    const char *op = NULL, *keyfile = NULL, *in = NULL, *out = NULL, *ss_path = NULL, *arg;
    unsigned char ek[TACIT_MLKEM_MAX_EK_BYTES], dk[TACIT_MLKEM_MAX_DK_BYTES];
    unsigned char ct[TACIT_MLKEM_MAX_CT_BYTES], ss[32];
    tacit_mlkem_params params;
    int der = 0, rc, ret;

    cli_parser_init(&p, "kem", usage, argc, argv);
    while (cli_next(&p)) {
        if (cli_flag(&p, NULL, "--der")) {
            der = 1;
        } else if (cli_value(&p, "-k", "--key", &keyfile) || cli_value(&p, "-i", "--in", &in) ||
                   cli_value(&p, "-o", "--out", &out) || cli_value(&p, NULL, "--ss", &ss_path)) {
        } else if (op == NULL && cli_positional(&p, &arg)) {
            op = arg;
        } else {
            cli_unknown(&p);
        }
    }
    if (p.status >= 0) {
        return p.status;
    }
    if (op == NULL) {
        return cli_usage_error(&p, "which operation? pubkey, encaps or decaps");
    }
    if (strcmp(op, "pubkey") == 0) {
        size_t len;
        unsigned char spki[TACIT_MLKEM_MAX_EK_BYTES + 32];
        if ((rc = load_private("kem", keyfile, &params, dk, ek)) != CLI_OK) {
            return rc;
        }
        memset(dk, 0, sizeof(dk));
        if ((ret = tacit_mlkem_write_public_der(params, ek, spki, sizeof(spki), &len)) != 0) {
            cli_err("kem", "cannot write the public key: %s", cli_strerror(ret));
            return CLI_ERROR;
        }
        return write_der_or_pem("kem", out, "PUBLIC KEY", spki, len, der, 0);
    }
    if (strcmp(op, "encaps") == 0) {
        if (keyfile == NULL || cli_is_stdin(keyfile)) {
            return cli_usage_error(&p, "encaps needs the public key file (-k PUB)");
        }
        if (out == NULL || (cli_is_stdin(out) && ss_path == NULL)) {
            return cli_usage_error(&p, "encaps needs -o CT (stdout carries the secret)");
        }
        if ((rc = load_public("kem", keyfile, &params, ek)) != CLI_OK) {
            return rc;
        }
        if ((ret = tacit_mlkem_encaps(params, ek, ct, ss, NULL, NULL)) != 0) {
            cli_err("kem", "encapsulation failed: %s", cli_strerror(ret));
            return CLI_ERROR;
        }
        rc = cli_write("kem", out, ct, tacit_mlkem_ct_bytes(params), 0);
        if (rc == CLI_OK) {
            rc = write_ss("kem", ss_path, ss);
        }
        memset(ss, 0, sizeof(ss));
        return rc;
    }
    if (strcmp(op, "decaps") == 0) {
        unsigned char *buf = NULL;
        size_t len = 0;
        if (cli_is_stdin(keyfile) && cli_is_stdin(in)) {
            return cli_usage_error(&p, "the key and the ciphertext cannot both come from stdin");
        }
        if ((rc = load_private("kem", keyfile, &params, dk, NULL)) != CLI_OK) {
            return rc;
        }
        if ((rc = cli_read("kem", in, &buf, &len)) != CLI_OK) {
            memset(dk, 0, sizeof(dk));
            return rc;
        }
        if (len != tacit_mlkem_ct_bytes(params)) {
            cli_err("kem", "the ciphertext is %zu bytes; this key takes %zu", len,
                    tacit_mlkem_ct_bytes(params));
            rc = CLI_ERROR;
        } else if ((ret = tacit_mlkem_decaps(params, dk, buf, ss)) != 0) {
            cli_err("kem", "decapsulation failed: %s", cli_strerror(ret));
            rc = CLI_ERROR;
        } else {
            rc = write_ss("kem", ss_path, ss);
        }
        cli_free(buf, len);
        memset(dk, 0, sizeof(dk));
        memset(ss, 0, sizeof(ss));
        return rc;
    }
    return cli_usage_error(&p, "unknown operation '%s' (pubkey, encaps, decaps)", op);
}

#else
typedef int tacit_cli_cmd_kem_unused; /* TACIT_CLI_UNUSED: no ML-KEM */
#endif
