/*
 * tacit kem pubkey|encaps|decaps: ML-KEM (FIPS 203) with keys in the IETF
 * LAMPS formats (PKCS#8 "PRIVATE KEY" in the seed, expandedKey or both
 * forms, SubjectPublicKeyInfo "PUBLIC KEY"; PEM or DER), read and written by
 * tacit_pk (cli_key.h).  `tacit genkey ml-kem-768` writes the private key.
 */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tacit/config.h"
#include "tacit/error.h"

#if defined(CLI_KEM)

#include "tacit/mlkem.h"
#include "cli_key.h"

static const char usage[] =
    "usage: tacit kem pubkey [-k KEY] [--der] [-o FILE]\n"
    "       tacit kem encaps -k PUB -o CT [--ss FILE]\n"
    "       tacit kem decaps -k KEY [-i CT] [--ss FILE]\n"
    "  ML-KEM-512/768/1024 (FIPS 203).  Keys: `tacit genkey ml-kem-768` (PKCS#8, seed form);\n"
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

/* An ML-KEM key from path (through tacit_pk: PEM or DER, seed, expandedKey or both forms). */
static int load_key(const char *path, int need_private, cli_key *key, const tacit_pk_pq_key **k)
{
    int rc = cli_key_load("kem", path, need_private, key);

    if (rc == CLI_OK && key->kind != CLI_KEY_MLKEM) {
        cli_err("kem", "%s is not an ML-KEM key (it is %s)", path ? path : "stdin",
                cli_key_describe(key));
        rc = CLI_ERROR;
    }
    *k = rc == CLI_OK ? tacit_pk_pq(&key->pk) : NULL;
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

int cmd_kem(int argc, char **argv)
{
    cli_parser p;
    const char *op = NULL, *keyfile = NULL, *in = NULL, *out = NULL, *ss_path = NULL, *arg;
    unsigned char ct[TACIT_MLKEM_MAX_CT_BYTES], ss[32];
    tacit_mlkem_params params;
    const tacit_pk_pq_key *k;
    cli_key key;
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
    cli_key_init(&key);
    if (strcmp(op, "pubkey") == 0) {
        if ((rc = load_key(keyfile, 1, &key, &k)) == CLI_OK) {
            rc = cli_key_write_public("kem", &key, der, out);
        }
        cli_key_free(&key);
        return rc;
    }
    if (strcmp(op, "encaps") == 0) {
        if (keyfile == NULL || cli_is_stdin(keyfile)) {
            return cli_usage_error(&p, "encaps needs the public key file (-k PUB)");
        }
        if (out == NULL || (cli_is_stdin(out) && ss_path == NULL)) {
            return cli_usage_error(&p, "encaps needs -o CT (stdout carries the secret)");
        }
        if ((rc = load_key(keyfile, 0, &key, &k)) != CLI_OK) {
            cli_key_free(&key);
            return rc;
        }
        if (key.is_private) {
            cli_err("kem", "encaps takes the public key (tacit kem pubkey -k KEY)");
            cli_key_free(&key);
            return CLI_ERROR;
        }
        params = (tacit_mlkem_params)k->params;
        if ((ret = tacit_mlkem_encaps(params, k->pub, ct, ss, NULL, NULL)) != 0) {
            cli_err("kem", "encapsulation failed: %s", cli_strerror(ret));
            cli_key_free(&key);
            return CLI_ERROR;
        }
        rc = cli_write("kem", out, ct, tacit_mlkem_ct_bytes(params), 0);
        if (rc == CLI_OK) {
            rc = write_ss("kem", ss_path, ss);
        }
        memset(ss, 0, sizeof(ss));
        cli_key_free(&key);
        return rc;
    }
    if (strcmp(op, "decaps") == 0) {
        unsigned char *buf = NULL;
        size_t len = 0;
        if (cli_is_stdin(keyfile) && cli_is_stdin(in)) {
            return cli_usage_error(&p, "the key and the ciphertext cannot both come from stdin");
        }
        if ((rc = load_key(keyfile, 1, &key, &k)) != CLI_OK) {
            cli_key_free(&key);
            return rc;
        }
        params = (tacit_mlkem_params)k->params;
        if ((rc = cli_read("kem", in, &buf, &len)) != CLI_OK) {
            cli_key_free(&key);
            return rc;
        }
        if (len != tacit_mlkem_ct_bytes(params)) {
            cli_err("kem", "the ciphertext is %zu bytes; this key takes %zu", len,
                    tacit_mlkem_ct_bytes(params));
            rc = CLI_ERROR;
        } else if ((ret = tacit_mlkem_decaps(params, k->priv, buf, ss)) != 0) {
            cli_err("kem", "decapsulation failed: %s", cli_strerror(ret));
            rc = CLI_ERROR;
        } else {
            rc = write_ss("kem", ss_path, ss);
        }
        cli_free(buf, len);
        cli_key_free(&key);
        memset(ss, 0, sizeof(ss));
        return rc;
    }
    return cli_usage_error(&p, "unknown operation '%s' (pubkey, encaps, decaps)", op);
}

#else
typedef int tacit_cli_cmd_kem_unused; /* TACIT_CLI_UNUSED: no ML-KEM */
#endif
