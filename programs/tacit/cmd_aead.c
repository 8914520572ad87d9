/*
 * tacit aead seal|open: authenticated encryption with a raw key and nonce
 * (tacit/aead.h).  seal writes ciphertext || tag; open checks the tag first
 * and writes nothing when it is wrong ("authentication failure", exit 1).
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "tacit/aead.h"

#if defined(TACIT_AEAD_C)

static const char usage[] =
    "usage: tacit aead seal|open -a ALG -K KEYHEX -n NONCEHEX [--aad HEX] [--tag-len N]\n"
    "                 [-i IN] [-o OUT]\n"
    "  seal: write ciphertext || tag; open: check the tag of ciphertext || tag, write the\n"
    "  plaintext (nothing, and exit 1, when the tag is wrong).\n"
    "  -a, --alg ALG    aes-128-gcm, aes-192-gcm, aes-256-gcm, aes-128-ccm, aes-192-ccm,\n"
    "                   aes-256-ccm, chacha20-poly1305, xchacha20-poly1305\n"
    "  -K, --key HEX    the key (16, 24 or 32 bytes, as the algorithm says)\n"
    "  -n, --nonce HEX  the nonce (GCM: 1 byte or more, 12 usual; CCM: 7..13; ChaCha20: 12,\n"
    "                   XChaCha20: 24)\n"
    "  --aad HEX        associated data (default: none)\n"
    "  --tag-len N      tag bytes (GCM 12..16, CCM 4..16 even; default 16)\n"
    "  -i, --in IN      input file (default: stdin)\n"
    "  -o, --out OUT    output file (default: stdout)\n";

static const struct {
    const char *name;
    tacit_aead_alg alg;
} algs[] = {
    { "aes-128-gcm", TACIT_AEAD_AES_128_GCM },
    { "aes-192-gcm", TACIT_AEAD_AES_192_GCM },
    { "aes-256-gcm", TACIT_AEAD_AES_256_GCM },
    { "aes-128-ccm", TACIT_AEAD_AES_128_CCM },
    { "aes-192-ccm", TACIT_AEAD_AES_192_CCM },
    { "aes-256-ccm", TACIT_AEAD_AES_256_CCM },
    { "chacha20-poly1305", TACIT_AEAD_CHACHA20_POLY1305 },
    { "xchacha20-poly1305", TACIT_AEAD_XCHACHA20_POLY1305 },
};

int cmd_aead(int argc, char **argv)
{
    cli_parser p;
    const char *mode = NULL, *alg_name = NULL, *key_hex = NULL, *nonce_hex = NULL, *aad_hex = NULL,
               *tag_arg = NULL, *in = NULL, *out = NULL;
    unsigned char *key = NULL, *nonce = NULL, *aad = NULL, *src = NULL, *dst = NULL;
    size_t key_len = 0, nonce_len = 0, aad_len = 0, slen = 0, dlen = 0, olen = 0, tag_len = 0, i;
    int seal, rc, ret, found = 0;
    tacit_aead_alg alg = TACIT_AEAD_AES_128_GCM;
    tacit_aead_context ctx;

    cli_parser_init(&p, "aead", usage, argc, argv);
    while (cli_next(&p)) {
        if (cli_value(&p, "-a", "--alg", &alg_name) || cli_value(&p, "-K", "--key", &key_hex) ||
            cli_value(&p, "-n", "--nonce", &nonce_hex) || cli_value(&p, NULL, "--aad", &aad_hex) ||
            cli_value(&p, NULL, "--tag-len", &tag_arg) || cli_value(&p, "-i", "--in", &in) ||
            cli_value(&p, "-o", "--out", &out)) {
        } else if (mode == NULL && cli_positional(&p, &mode)) {
        } else {
            cli_unknown(&p);
        }
    }
    if (p.status >= 0) {
        return p.status;
    }
    if (mode == NULL || (strcmp(mode, "seal") != 0 && strcmp(mode, "open") != 0)) {
        return cli_usage_error(&p, "give 'seal' or 'open'");
    }
    seal = strcmp(mode, "seal") == 0;
    if (alg_name == NULL || key_hex == NULL || nonce_hex == NULL) {
        return cli_usage_error(&p, "-a, -K and -n are required");
    }
    for (i = 0; i < sizeof(algs) / sizeof(algs[0]); i++) {
        if (strcmp(alg_name, algs[i].name) == 0) {
            alg = algs[i].alg;
            found = 1;
        }
    }
    if (!found) {
        return cli_usage_error(&p, "unknown algorithm '%s'", alg_name);
    }
    if (tag_arg != NULL) {
        char *end;
        unsigned long t = strtoul(tag_arg, &end, 10);
        if (*tag_arg == '\0' || *end != '\0' || t == 0 || t > 16) {
            return cli_usage_error(&p, "--tag-len needs 1..16, got '%s'", tag_arg);
        }
        tag_len = (size_t)t;
    }
    rc = cli_unhex("aead", "key", key_hex, &key, &key_len);
    if (rc == CLI_OK) {
        rc = cli_unhex("aead", "nonce", nonce_hex, &nonce, &nonce_len);
    }
    if (rc == CLI_OK && aad_hex != NULL) {
        rc = cli_unhex("aead", "aad", aad_hex, &aad, &aad_len);
    }
    if (rc != CLI_OK) {
        goto done;
    }
    tacit_aead_init(&ctx);
    ret = tacit_aead_setkey(&ctx, alg, key, key_len, tag_len);
    if (ret != 0) {
        cli_err("aead", "cannot use this key with %s: %s", alg_name, cli_strerror(ret));
        rc = ret == TACIT_ERR_NOT_SUPPORTED ? CLI_ERROR : CLI_USAGE;
        goto done;
    }
    rc = cli_read("aead", in, &src, &slen);
    if (rc != CLI_OK) {
        goto done_ctx;
    }
    dlen = slen + 16;
    dst = (unsigned char *)malloc(dlen);
    if (dst == NULL) {
        cli_err("aead", "out of memory");
        rc = CLI_ERROR;
        goto done_ctx;
    }
    if (seal) {
        ret = tacit_aead_seal(&ctx, nonce, nonce_len, aad, aad_len, src, slen, dst, dlen, &olen);
    } else {
        ret = tacit_aead_open(&ctx, nonce, nonce_len, aad, aad_len, src, slen, dst, dlen, &olen);
    }
    if (ret == TACIT_ERR_AUTH_FAILED) {
        cli_err("aead", "authentication failure");
        rc = CLI_VERIFY_FAILED;
    } else if (ret != 0) {
        cli_err("aead", "cannot %s: %s", mode, cli_strerror(ret));
        rc = CLI_ERROR;
    } else {
        rc = cli_write("aead", out, dst, olen, !seal);
    }
done_ctx:
    tacit_aead_free(&ctx);
done:
    cli_free(key, key_len);
    cli_free(nonce, nonce_len);
    cli_free(aad, aad_len);
    cli_free(src, slen);
    cli_free(dst, dlen);
    return rc;
}
#endif /* TACIT_AEAD_C */
