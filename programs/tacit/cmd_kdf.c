/* tacit kdf hkdf: HKDF (RFC 5869) output in hex. */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tacit/hkdf.h"
#include "tacit/md.h"
#include "tacit/platform.h"

#if defined(TACIT_HKDF_C)

static const char usage[] =
    "usage: tacit kdf hkdf -a ALG [--salt HEX] --ikm HEX [--info HEX] -L N\n"
    "  Print N bytes of HKDF-ALG(salt, ikm, info) in hex (RFC 5869).\n"
    "  -a, --algorithm ALG  sha1, sha224, sha256, sha384, sha512, sha3-224 .. sha3-512\n"
    "  --salt HEX           the salt (default: empty, i.e. HashLen zero bytes)\n"
    "  --ikm HEX            the input keying material\n"
    "  --info HEX           the context information (default: empty)\n"
    "  -L, --length N       output length in bytes (at most 255 * HashLen)\n";

int cmd_kdf(int argc, char **argv)
{
    cli_parser p;
    const char *kind = NULL, *alg = NULL, *salt_hex = NULL, *ikm_hex = NULL, *info_hex = NULL;
    const char *len = NULL;
    unsigned char *salt = NULL, *ikm = NULL, *info = NULL, *out = NULL;
    size_t salt_len = 0, ikm_len = 0, info_len = 0, out_len = 0, i;
    tacit_md_type md;
    int rc = CLI_OK, ret;

    cli_parser_init(&p, "kdf", usage, argc, argv);
    while (cli_next(&p)) {
        if (cli_value(&p, "-a", "--algorithm", &alg) || cli_value(&p, NULL, "--salt", &salt_hex) ||
            cli_value(&p, NULL, "--ikm", &ikm_hex) || cli_value(&p, NULL, "--info", &info_hex) ||
            cli_value(&p, "-L", "--length", &len)) {
        } else if (kind == NULL && cli_positional(&p, &kind)) {
        } else {
            cli_unknown(&p);
        }
    }
    if (p.status >= 0) {
        return p.status;
    }
    if (kind == NULL || strcmp(kind, "hkdf") != 0) {
        return cli_usage_error(&p, "the KDF must be 'hkdf'");
    }
    if (alg == NULL || ikm_hex == NULL || len == NULL) {
        return cli_usage_error(&p, "-a ALG, --ikm HEX and -L N are required");
    }
    md = tacit_md_from_name(alg);
    if (md == TACIT_MD_NONE) {
        return cli_usage_error(&p, "unknown algorithm '%s'", alg);
    }
    {
        char *end;
        unsigned long v = strtoul(len, &end, 10);
        if (*len == '\0' || *end != '\0' || v == 0 || v > 255 * tacit_md_size(md)) {
            return cli_usage_error(&p, "-L needs a length from 1 to %u, got '%s'",
                                   (unsigned)(255 * tacit_md_size(md)), len);
        }
        out_len = (size_t)v;
    }
    if ((salt_hex != NULL &&
         (rc = cli_unhex("kdf", "--salt", salt_hex, &salt, &salt_len)) != CLI_OK) ||
        (rc = cli_unhex("kdf", "--ikm", ikm_hex, &ikm, &ikm_len)) != CLI_OK ||
        (info_hex != NULL &&
         (rc = cli_unhex("kdf", "--info", info_hex, &info, &info_len)) != CLI_OK)) {
        goto done;
    }
    out = (unsigned char *)malloc(out_len);
    if (out == NULL) {
        cli_err("kdf", "out of memory");
        rc = CLI_ERROR;
        goto done;
    }
    ret = tacit_hkdf(md, salt, salt_len, ikm, ikm_len, info, info_len, out, out_len);
    if (ret != 0) {
        cli_err("kdf", "HKDF failed: %s", cli_strerror(ret));
        rc = CLI_ERROR;
        goto done;
    }
    for (i = 0; i < out_len; i++) {
        printf("%02x", out[i]);
    }
    printf("\n");
    if (fflush(stdout) != 0) {
        cli_err("kdf", "cannot write the output: %s", strerror(errno));
        rc = CLI_ERROR;
    }
done:
    if (salt != NULL) {
        cli_free(salt, salt_len);
    }
    if (ikm != NULL) {
        cli_free(ikm, ikm_len);
    }
    if (info != NULL) {
        cli_free(info, info_len);
    }
    if (out != NULL) {
        cli_free(out, out_len);
    }
    return rc;
}

#else
typedef int cli_kdf_unused;
#endif
