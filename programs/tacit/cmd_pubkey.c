/* tacit pubkey -k KEY: the public key as SubjectPublicKeyInfo. */
#include "cli.h"
#include "cli_key.h"

#if defined(CLI_RSA) || defined(CLI_EC)

static const char usage[] =
    "usage: tacit pubkey [-k KEY] [--der] [-o FILE]\n"
    "  Write the public key of KEY as SubjectPublicKeyInfo (PEM \"PUBLIC KEY\", or DER).\n"
    "  -k, --key KEY  any private or public key, PEM or DER: PKCS#1, SEC1, PKCS#8, SPKI;\n"
    "                 RSA, EC, Ed25519, X25519, ML-KEM, ML-DSA (default: stdin)\n"
    "  --der          write DER instead of PEM\n"
    "  -o, --out FILE output file (default: stdout)\n";

int cmd_pubkey(int argc, char **argv)
{
    cli_parser p;
    const char *keyfile = NULL, *out = NULL;
    int der = 0, rc;
    cli_key key;

    cli_parser_init(&p, "pubkey", usage, argc, argv);
    while (cli_next(&p)) {
        if (cli_flag(&p, NULL, "--der")) {
            der = 1;
        } else if (cli_value(&p, "-k", "--key", &keyfile) || cli_value(&p, "-o", "--out", &out)) {
        } else {
            cli_unknown(&p);
        }
    }
    if (p.status >= 0) {
        return p.status;
    }
    cli_key_init(&key);
    rc = cli_key_load("pubkey", keyfile, 0, &key);
    if (rc == CLI_OK) {
        rc = cli_key_write_public("pubkey", &key, der, out);
    }
    cli_key_free(&key);
    return rc;
}

#else
typedef int tacit_cli_cmd_pubkey_unused; /* TACIT_CLI_UNUSED: no RSA, no EC */
#endif
