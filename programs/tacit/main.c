/*
 * tacit: one program, subcommands, in the manner of `openssl` and `bssl`.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

#include "cli_key.h"
#include "tacit/config.h"
#include "tacit/version.h"

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} cli_command;

static const cli_command commands[] = {
    { "speed", cmd_speed, "benchmark tacit (and with --peers, other libraries)" },
#if defined(CLI_RSA) || defined(CLI_EC)
    { "genkey", cmd_genkey, "generate a private key (RSA, EC, Ed25519, X25519, ML-KEM, ML-DSA)" },
    { "pubkey", cmd_pubkey, "write the public key of a key as SubjectPublicKeyInfo" },
    { "sign", cmd_sign, "sign a message (PKCS#1 v1.5, PSS, ECDSA, Ed25519, ML-DSA)" },
    { "verify", cmd_verify, "verify a signature" },
    { "encrypt", cmd_encrypt, "encrypt to an RSA public key (OAEP, PKCS#1 v1.5)" },
    { "decrypt", cmd_decrypt, "decrypt with an RSA private key" },
    { "ecdh", cmd_ecdh, "ECDH shared secret of a private key and a peer's public key" },
#endif
#if defined(CLI_KEM)
    { "kem", cmd_kem, "ML-KEM: encapsulate to a public key, decapsulate (kem encaps|decaps)" },
#endif
#if defined(TACIT_X509_C)
    { "x509", cmd_x509, "show a certificate, or verify a certificate path (x509 show|verify)" },
#endif
#if defined(TACIT_AEAD_C)
    { "aead", cmd_aead,
      "authenticated encryption: AES-GCM, AES-CCM, ChaCha20-Poly1305 (seal|open)" },
#endif
#if defined(TACIT_MD_C)
    { "dgst", cmd_dgst, "hash or HMAC files (SHA-1/2/3, SHAKE), printed as openssl dgst does" },
#endif
#if defined(TACIT_HKDF_C)
    { "kdf", cmd_kdf, "derive keys: kdf hkdf (RFC 5869), output in hex" },
#endif
#if defined(TACIT_BASE64_C)
    { "base64", cmd_base64, "base64 encode, or decode with -d" },
#endif
};

static void usage(FILE *out)
{
    size_t i;
    fprintf(out, "usage: tacit COMMAND [options]   (tacit COMMAND -h for help)\n"
                 "       tacit --version\n\ncommands:\n");
    for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
        fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
    }
}

int main(int argc, char **argv)
{
    size_t i;

    if (argc < 2) {
        fprintf(stderr, "tacit: no command given (see 'tacit -h')\n");
        return CLI_USAGE;
    }
    if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0 ||
        strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return CLI_OK;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
        printf("tacit %s (library %s)\n", TACIT_VERSION_STRING, tacit_version());
        return CLI_OK;
    }
    for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
        if (strcmp(argv[1], commands[i].name) == 0) {
            return commands[i].run(argc - 1, argv + 1);
        }
    }
    fprintf(stderr, "tacit: unknown command '%s' (see 'tacit -h')\n", argv[1]);
    return CLI_USAGE;
}
