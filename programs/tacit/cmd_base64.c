/* tacit base64: encode (64-column lines, like `openssl base64`) or decode with -d. */
#include "cli.h"

#include <stdlib.h>

#include "tacit/base64.h"

static const char usage[] =
    "usage: tacit base64 [-d] [-w N] [-i IN] [-o OUT]\n"
    "  Base64 (RFC 4648) encode IN, or decode it with -d.\n"
    "  -d, --decode   decode (strict: lines of whole 4-character groups, '=' padding)\n"
    "  -w, --wrap N   encode: a line break every N characters (multiple of 4; 0 = one line;\n"
    "                 default 64)\n"
    "  -i, --in IN    input file (default: stdin)\n"
    "  -o, --out OUT  output file (default: stdout)\n";

int cmd_base64(int argc, char **argv)
{
    cli_parser p;
    const char *in = NULL, *out = NULL, *wrap = NULL;
    int decode = 0, rc, ret;
    unsigned char *src = NULL, *dst = NULL;
    size_t slen = 0, dlen = 0, olen = 0;
    unsigned long cols = 64;

    cli_parser_init(&p, "base64", usage, argc, argv);
    while (cli_next(&p)) {
        if (cli_flag(&p, "-d", "--decode")) {
            decode = 1;
        } else if (cli_value(&p, "-w", "--wrap", &wrap) || cli_value(&p, "-i", "--in", &in) ||
                   cli_value(&p, "-o", "--out", &out)) {
        } else {
            cli_unknown(&p);
        }
    }
    if (p.status >= 0) {
        return p.status;
    }
    if (wrap != NULL) {
        char *end;
        cols = strtoul(wrap, &end, 10);
        if (*wrap == '\0' || *end != '\0' || cols % 4 != 0 || cols > 1u << 20) {
            return cli_usage_error(&p, "--wrap needs a multiple of 4, got '%s'", wrap);
        }
    }
    rc = cli_read("base64", in, &src, &slen);
    if (rc != CLI_OK) {
        return rc;
    }
    if (decode) {
        dlen = 3 * (slen / 4) + 1;
    } else if (cols == 0) {
        tacit_base64_encode(src, slen, NULL, 0, &dlen);
        dlen += 1;
    } else {
        tacit_base64_encode_lines(src, slen, (size_t)cols, NULL, 0, &dlen);
    }
    dst = (unsigned char *)malloc(dlen + 1);
    if (dst == NULL) {
        cli_err("base64", "out of memory");
        cli_free(src, slen);
        return CLI_ERROR;
    }
    if (decode) {
        ret = tacit_base64_decode(src, slen, dst, dlen, &olen);
    } else if (cols == 0) {
        ret = tacit_base64_encode(src, slen, dst, dlen, &olen);
        if (ret == 0 && olen > 0) {
            dst[olen++] = '\n';
        }
    } else {
        ret = tacit_base64_encode_lines(src, slen, (size_t)cols, dst, dlen, &olen);
    }
    if (ret != 0) {
        cli_err("base64", "cannot %s '%s': %s", decode ? "decode" : "encode",
                in == NULL ? "stdin" : in, cli_strerror(ret));
        rc = CLI_ERROR;
    } else {
        rc = cli_write("base64", out, dst, olen, decode);
    }
    cli_free(src, slen);
    cli_free(dst, dlen + 1);
    return rc;
}
