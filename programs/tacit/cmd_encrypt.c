/* tacit encrypt / tacit decrypt: RSAES-OAEP and RSAES-PKCS1-v1_5. */
#include "cli.h"
#include "cli_key.h"

#include <stdlib.h>
#include <string.h>

#if defined(CLI_RSA) || defined(CLI_EC)

static const char usage_encrypt[] =
    "usage: tacit encrypt -k KEY -a ALG [--label HEX] [-i IN] [-o OUT]\n"
    "  Encrypt the short message IN to the RSA public key in KEY.\n"
    "  -k, --key KEY   public key (SPKI or PKCS#1 RSAPublicKey) or a private key, PEM or DER\n"
    "  -a, --alg ALG   oaep-sha256|oaep-sha384|oaep-sha512|oaep-sha1 (OAEP, MGF1 same hash;\n"
    "                  oaep-sha1 is OpenSSL's default) or pkcs1 (RSAES-PKCS1-v1_5)\n"
    "  --label HEX     OAEP label (default: empty)\n"
    "  -i, --in IN     message (default: stdin)\n"
    "  -o, --out OUT   ciphertext file (default: stdout)\n";

static const char usage_decrypt[] =
    "usage: tacit decrypt -k KEY -a ALG [--label HEX] [-i IN] [-o OUT]\n"
    "  Decrypt the ciphertext IN with the RSA private key in KEY.\n"
    "  -k, --key KEY   private key, PEM or DER (PKCS#1, PKCS#8)\n"
    "  -a, --alg ALG   oaep-sha256|oaep-sha384|oaep-sha512|oaep-sha1 or pkcs1\n"
    "  --label HEX     OAEP label (default: empty)\n"
    "  -i, --in IN     ciphertext (default: stdin)\n"
    "  -o, --out OUT   plaintext file, created with mode 0600 (default: stdout)\n";

static int run(int argc, char **argv, int decrypt)
{
    const char *cmd = decrypt ? "decrypt" : "encrypt";
    cli_parser p;
    const char *keyfile = NULL, *algname = NULL, *in = NULL, *out = NULL, *labelhex = NULL;
    int rc, ret = TACIT_ERR_NOT_SUPPORTED;
    cli_alg alg;
    cli_key key;
    unsigned char *input = NULL, *output = NULL, *label = NULL;
    size_t ilen = 0, olen = 0, osize = 0, llen = 0;

    cli_parser_init(&p, cmd, decrypt ? usage_decrypt : usage_encrypt, argc, argv);
    while (cli_next(&p)) {
        if (cli_value(&p, "-k", "--key", &keyfile) || cli_value(&p, "-a", "--alg", &algname) ||
            cli_value(&p, NULL, "--label", &labelhex) || cli_value(&p, "-i", "--in", &in) ||
            cli_value(&p, "-o", "--out", &out)) {
        } else {
            cli_unknown(&p);
        }
    }
    if (p.status >= 0) {
        return p.status;
    }
    if (keyfile == NULL) {
        return cli_usage_error(&p, "-k KEY is required");
    }
    if (algname == NULL || cli_alg_enc(algname, &alg) != 0) {
        return cli_usage_error(&p,
                               "-a needs oaep-sha1|oaep-sha256|oaep-sha384|oaep-sha512 or "
                               "pkcs1%s%s",
                               algname != NULL ? ", got " : "", algname != NULL ? algname : "");
    }
    if (labelhex != NULL && alg.scheme != CLI_ALG_OAEP) {
        return cli_usage_error(&p, "--label is for oaep-* only");
    }
    if (cli_is_stdin(keyfile) && cli_is_stdin(in)) {
        return cli_usage_error(&p, "the key and the input cannot both come from stdin");
    }
    if (labelhex != NULL) {
        rc = cli_unhex(cmd, "--label", labelhex, &label, &llen);
        if (rc != CLI_OK) {
            return rc;
        }
    }

    cli_key_init(&key);
    rc = cli_key_load(cmd, keyfile, decrypt, &key);
    if (rc == CLI_OK && key.kind != CLI_KEY_RSA) {
        cli_err(cmd, "%s needs an RSA key, this one is %s", algname, cli_key_describe(&key));
        rc = CLI_ERROR;
    }
    if (rc == CLI_OK && key.pk.rsa_pss_key) {
        /* RFC 4055: id-RSASSA-PSS keys make PSS signatures and nothing else */
        cli_err(cmd, "%s cannot use this %s key: an id-RSASSA-PSS key is for PSS signatures only",
                algname, cli_key_describe(&key));
        rc = CLI_ERROR;
    }
    if (rc == CLI_OK) {
        rc = cli_read(cmd, in, &input, &ilen);
    }
    if (rc != CLI_OK) {
        goto exit;
    }
    osize = 1024; /* 8192-bit RSA */
    output = (unsigned char *)malloc(osize);
    if (output == NULL) {
        cli_err(cmd, "out of memory");
        rc = CLI_ERROR;
        goto exit;
    }
#if defined(CLI_RSA)
    if (!decrypt) {
        olen = tacit_rsa_len(key.rsa);
        ret = alg.scheme == CLI_ALG_OAEP
                  ? tacit_rsa_oaep_encrypt(key.rsa, alg.md, alg.md, label, llen, input, ilen,
                                           output, osize, &olen, NULL, NULL)
                  : tacit_rsa_pkcs1_encrypt(key.rsa, input, ilen, output, osize, &olen, NULL, NULL);
    } else {
        ret = alg.scheme == CLI_ALG_OAEP
                  ? tacit_rsa_oaep_decrypt(key.rsa, alg.md, alg.md, label, llen, input, ilen,
                                           output, osize, &olen, NULL, NULL)
                  : tacit_rsa_pkcs1_decrypt(key.rsa, input, ilen, output, osize, &olen, NULL, NULL);
    }
#endif
    if (ret != 0) {
        if (decrypt) {
            cli_err(cmd,
                    "decryption with the %s key failed (%s): wrong key, algorithm or "
                    "label, or a corrupted ciphertext",
                    cli_key_describe(&key), cli_strerror(ret));
        } else {
            cli_err(cmd, "encryption to the %s key failed: %s", cli_key_describe(&key),
                    cli_strerror(ret));
        }
        rc = CLI_ERROR;
        goto exit;
    }
    rc = cli_write(cmd, out, output, olen, decrypt);

exit:
    cli_free(input, ilen);
    cli_free(output, osize);
    cli_free(label, llen);
    cli_key_free(&key);
    return rc;
}

int cmd_encrypt(int argc, char **argv)
{
    return run(argc, argv, 0);
}

int cmd_decrypt(int argc, char **argv)
{
    return run(argc, argv, 1);
}

#else
typedef int tacit_cli_cmd_encrypt_unused; /* TACIT_CLI_UNUSED: no RSA, no EC */
#endif
