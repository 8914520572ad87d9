/* tacit genkey rsa[:BITS] | ec:p256|p384|p521 | ed25519 | x25519 | ml-kem-N | ml-dsa-N: a new
 * private key, PKCS#8 PEM (or DER). */
#include "cli.h"
#include "cli_key.h"

#include <stdlib.h>
#include <string.h>

#if defined(CLI_RSA) || defined(CLI_EC)

static const char usage[] =
    "usage: tacit genkey TYPE [--der] [-o FILE]\n"
    "  Generate a private key and write it as PKCS#8 (PEM, or DER with --der).\n"
    "  TYPE           rsa[:BITS] (BITS 1024..8192, default 2048, e = 65537)\n"
    "                 ec:p256 | ec:p384 | ec:p521 | ed25519 | x25519\n"
    "                 ml-kem-512 | ml-kem-768 | ml-kem-1024 (PKCS#8 seed form; `tacit kem`)\n"
    "                 ml-dsa-44 | ml-dsa-65 | ml-dsa-87 (PKCS#8 seed form; `tacit sign`)\n"
    "                 (mlkem768, mldsa65, ... are accepted too)\n"
    "  --der          write DER instead of PEM\n"
    "  -o, --out FILE output file, created with mode 0600 (default: stdout)\n";

int cmd_genkey(int argc, char **argv)
{
    cli_parser p;
    const char *type = NULL, *out = NULL, *arg;
    int der = 0, rc, ret = TACIT_ERR_NOT_SUPPORTED, pq_params;
    tacit_pk_type pq_type;
    cli_key key;

    cli_parser_init(&p, "genkey", usage, argc, argv);
    while (cli_next(&p)) {
        if (cli_flag(&p, NULL, "--der")) {
            der = 1;
        } else if (cli_value(&p, "-o", "--out", &out)) {
        } else if (type == NULL && cli_positional(&p, &arg)) {
            type = arg;
        } else {
            cli_unknown(&p);
        }
    }
    if (p.status >= 0) {
        return p.status;
    }
    if (type == NULL) {
        return cli_usage_error(&p, "which key? rsa[:BITS], ec:p256|p384|p521, ed25519, x25519, "
                                   "ml-kem-512|768|1024 or ml-dsa-44|65|87");
    }
    cli_key_init(&key);
    if (cli_pq_name(type, &pq_type, &pq_params) == 0) {
        ret = cli_key_gen_pq(&key, pq_type, pq_params);
    } else if (strcmp(type, "rsa") == 0 || strncmp(type, "rsa:", 4) == 0) {
        unsigned long bits = 2048;
        if (type[3] == ':') {
            char *end;
            bits = strtoul(type + 4, &end, 10);
            if (type[4] == '\0' || *end != '\0' || bits < 1024 || bits > 8192) {
                return cli_usage_error(&p, "RSA key size must be 1024..8192 bits, got '%s'",
                                       type + 4);
            }
        }
#if defined(CLI_RSA)
        ret = cli_key_gen_rsa(&key, (unsigned)bits);
#else
        (void)bits;
#endif
    } else if (strcmp(type, "ed25519") == 0 || strcmp(type, "x25519") == 0) {
        ret = cli_key_gen_25519(&key, type[0] == 'e');
    } else if (strncmp(type, "ec:", 3) == 0) {
        const char *curve = type + 3;
        if (strcmp(curve, "p256") != 0 && strcmp(curve, "p384") != 0 &&
            strcmp(curve, "p521") != 0) {
            return cli_usage_error(&p, "unknown curve '%s' (p256, p384 or p521)", curve);
        }
#if defined(CLI_EC)
        {
            tacit_ecp_group_id grp = strcmp(curve, "p256") == 0   ? TACIT_ECP_SECP256R1
                                     : strcmp(curve, "p384") == 0 ? TACIT_ECP_SECP384R1
                                                                  : TACIT_ECP_SECP521R1;
            ret = cli_key_gen_ec(&key, grp);
            if (ret == TACIT_ERR_ECP_UNKNOWN_CURVE) {
                ret = TACIT_ERR_NOT_SUPPORTED; /* curve compiled out (TACIT_ECP_SECPxxxR1_C) */
            }
        }
#endif
    } else {
        return cli_usage_error(
            &p,
            "unknown key type '%s' (rsa[:BITS], ec:p256|p384|p521, ed25519, x25519, "
            "ml-kem-512|768|1024, ml-dsa-44|65|87)",
            type);
    }
    if (ret == TACIT_ERR_NOT_SUPPORTED) {
        cli_err("genkey", "%s keys are not supported in this build", type);
        cli_key_free(&key);
        return CLI_ERROR;
    }
    if (ret != 0) {
        cli_err("genkey", "key generation failed: %s", cli_strerror(ret));
        cli_key_free(&key);
        return CLI_ERROR;
    }
    rc = cli_key_write_private("genkey", &key, der, out);
    cli_key_free(&key);
    return rc;
}

#else
typedef int tacit_cli_cmd_genkey_unused; /* TACIT_CLI_UNUSED: no RSA, no EC */
#endif
