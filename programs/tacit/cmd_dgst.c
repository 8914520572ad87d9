/*
 * tacit dgst: hash or HMAC files as `openssl dgst` prints them,
 * "ALG(FILE)= hex", streaming (constant memory whatever the file size).
 */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tacit/config.h"
#include "tacit/hmac.h"
#include "tacit/md.h"
#include "tacit/platform.h"
#include "tacit/sha3.h"

#if defined(TACIT_MD_C) && defined(TACIT_HMAC_C)

static const char usage[] =
    "usage: tacit dgst -a ALG [--len N] [--hmac KEYHEX] [FILE...]\n"
    "  Print ALG(FILE)= <hex digest> for each FILE (default: stdin), as `openssl dgst`.\n"
    "  -a, --algorithm ALG  sha1, sha224, sha256, sha384, sha512, sha3-224, sha3-256,\n"
    "                       sha3-384, sha3-512, sha512-224, sha512-256, shake128, shake256\n"
    "  --len N              SHAKE output length in bytes (default 16 for shake128, 32 for\n"
    "                       shake256, as openssl)\n"
    "  --hmac KEYHEX        HMAC with this key (hex) instead of the plain hash (not SHAKE)\n";

/* openssl's names for the output lines */
static const struct {
    const char *name;
    const char *label;
} labels[] = {
    { "sha1", "SHA1" },
    { "sha224", "SHA2-224" },
    { "sha256", "SHA2-256" },
    { "sha384", "SHA2-384" },
    { "sha512", "SHA2-512" },
    { "sha3-224", "SHA3-224" },
    { "sha3-256", "SHA3-256" },
    { "sha3-384", "SHA3-384" },
    { "sha3-512", "SHA3-512" },
    { "sha512-224", "SHA2-512/224" },
    { "sha512-256", "SHA2-512/256" },
};

typedef struct {
    tacit_md_type md; /* NONE for SHAKE */
    int shake;        /* 128 or 256 */
    const unsigned char *key;
    size_t key_len;
    int hmac;
    size_t out_len;
} dgst_alg;

#define CHUNK 65536

/* Hash one file (NULL: stdin) into out; CLI_OK or CLI_ERROR (reported). */
static int hash_file(const dgst_alg *a, const char *path, unsigned char *buf, unsigned char *out)
{
    FILE *f = path == NULL ? stdin : fopen(path, "rb");
    tacit_md_context md;
    tacit_hmac_context hm;
#if defined(TACIT_SHA3_C)
    tacit_shake_context sh;
#endif
    size_t n;
    int ret = 0;

    if (f == NULL) {
        cli_err("dgst", "cannot open '%s': %s", path, strerror(errno));
        return CLI_ERROR;
    }
    memset(&md, 0, sizeof(md));
    memset(&hm, 0, sizeof(hm));
#if defined(TACIT_SHA3_C)
    tacit_sha3_init(&sh);
    if (a->shake) {
        ret = tacit_shake_init(&sh, a->shake == 128 ? TACIT_SHAKE128 : TACIT_SHAKE256);
    } else
#endif
        if (a->hmac) {
        ret = tacit_hmac_init(&hm, a->md, a->key, a->key_len);
    } else {
        ret = tacit_md_init(&md, a->md);
    }
    while (ret == 0 && (n = fread(buf, 1, CHUNK, f)) > 0) {
#if defined(TACIT_SHA3_C)
        if (a->shake) {
            ret = tacit_shake_absorb(&sh, buf, n);
        } else
#endif
            if (a->hmac) {
            ret = tacit_hmac_update(&hm, buf, n);
        } else {
            ret = tacit_md_update(&md, buf, n);
        }
    }
    if (ret == 0 && ferror(f)) {
        cli_err("dgst", "cannot read '%s': %s", path == NULL ? "stdin" : path, strerror(errno));
        ret = -1;
    } else if (ret == 0) {
#if defined(TACIT_SHA3_C)
        if (a->shake) {
            ret = tacit_shake_squeeze(&sh, out, a->out_len);
        } else
#endif
            if (a->hmac) {
            ret = tacit_hmac_finish(&hm, out);
        } else {
            ret = tacit_md_finish(&md, out);
        }
        if (ret != 0) {
            cli_err("dgst", "'%s': %s", path == NULL ? "stdin" : path, cli_strerror(ret));
        }
    } else {
        cli_err("dgst", "'%s': %s", path == NULL ? "stdin" : path, cli_strerror(ret));
    }
    if (f != stdin) {
        fclose(f);
    }
    tacit_md_free(&md);
    tacit_hmac_free(&hm);
#if defined(TACIT_SHA3_C)
    tacit_shake_free(&sh);
#endif
    return ret == 0 ? CLI_OK : CLI_ERROR;
}

int cmd_dgst(int argc, char **argv)
{
    cli_parser p;
    const char *alg = NULL, *len = NULL, *keyhex = NULL, *file;
    const char **files = NULL;
    char label[32];
    size_t nfiles = 0, i, j;
    unsigned char *buf = NULL, *out = NULL, *key = NULL;
    dgst_alg a;
    int rc = CLI_OK;

    memset(&a, 0, sizeof(a));
    files = (const char **)calloc((size_t)argc + 1, sizeof(*files));
    if (files == NULL) {
        cli_err("dgst", "out of memory");
        return CLI_ERROR;
    }
    cli_parser_init(&p, "dgst", usage, argc, argv);
    while (cli_next(&p)) {
        if (cli_value(&p, "-a", "--algorithm", &alg) || cli_value(&p, NULL, "--len", &len) ||
            cli_value(&p, NULL, "--hmac", &keyhex)) {
        } else if (cli_positional(&p, &file)) {
            files[nfiles++] = file;
        } else {
            cli_unknown(&p);
        }
    }
    if (p.status >= 0) {
        rc = p.status;
        goto done;
    }
    if (alg == NULL) {
        rc = cli_usage_error(&p, "-a ALG is required");
        goto done;
    }
#if defined(TACIT_SHA3_C)
    if (strcmp(alg, "shake128") == 0 || strcmp(alg, "shake256") == 0) {
        a.shake = alg[5] == '1' ? 128 : 256;
        a.out_len = a.shake == 128 ? 16 : 32;
        snprintf(label, sizeof(label), "SHAKE-%d", a.shake);
        if (keyhex != NULL) {
            rc = cli_usage_error(&p, "--hmac does not apply to %s", alg);
            goto done;
        }
    } else
#endif
    {
        a.md = tacit_md_from_name(alg);
        if (a.md == TACIT_MD_NONE) {
            rc = cli_usage_error(&p, "unknown algorithm '%s'", alg);
            goto done;
        }
        for (j = 0; j < sizeof(labels) / sizeof(labels[0]); j++) {
            if (strcmp(labels[j].name, tacit_md_name(a.md)) == 0) {
                snprintf(label, sizeof(label), "%s%s", keyhex != NULL ? "HMAC-" : "",
                         labels[j].label);
            }
        }
        a.out_len = tacit_md_size(a.md);
        if (len != NULL) {
            rc = cli_usage_error(&p, "--len applies to shake128 and shake256 only");
            goto done;
        }
    }
    if (len != NULL) {
        char *end;
        unsigned long v = strtoul(len, &end, 10);
        if (*len == '\0' || *end != '\0' || v == 0 || v > (1u << 24)) {
            rc = cli_usage_error(&p, "--len needs a byte count from 1 to 16777216, got '%s'", len);
            goto done;
        }
        a.out_len = (size_t)v;
    }
    if (keyhex != NULL) {
        rc = cli_unhex("dgst", "--hmac key", keyhex, &key, &a.key_len);
        if (rc != CLI_OK) {
            goto done;
        }
        a.key = key;
        a.hmac = 1;
    }
    buf = (unsigned char *)malloc(CHUNK);
    out = (unsigned char *)malloc(a.out_len);
    if (buf == NULL || out == NULL) {
        cli_err("dgst", "out of memory");
        rc = CLI_ERROR;
        goto done;
    }
    for (i = 0; i < (nfiles == 0 ? 1 : nfiles); i++) {
        const char *path = nfiles == 0 || cli_is_stdin(files[i]) ? NULL : files[i];
        if (hash_file(&a, path, buf, out) != CLI_OK) {
            rc = CLI_ERROR;
            continue;
        }
        /* openssl dgst (3.0) leaves "HMAC-" out of the label on stdin: so do we */
        printf("%s(%s)= ", path == NULL && a.hmac ? label + 5 : label,
               path == NULL ? "stdin" : path);
        for (j = 0; j < a.out_len; j++) {
            printf("%02x", out[j]);
        }
        printf("\n");
    }
    if (fflush(stdout) != 0) {
        cli_err("dgst", "cannot write the output: %s", strerror(errno));
        rc = CLI_ERROR;
    }
done:
    if (key != NULL) {
        cli_free(key, a.key_len);
    }
    free(buf);
    free(out);
    free((void *)files);
    return rc;
}

#else
typedef int cli_dgst_unused;
#endif
