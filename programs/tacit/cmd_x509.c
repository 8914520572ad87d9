/*
 * tacit x509 show|verify: print a certificate, or validate a path from it to
 * a trust anchor (x509.h).
 */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tacit/config.h"

#if defined(TACIT_X509_C)

#include "tacit/pem.h"
#include "tacit/pk.h"
#include "tacit/x509.h"

#define DEFAULT_ROOTS "/etc/ssl/certs/ca-certificates.crt"

static const char usage[] =
    "usage: tacit x509 show [CERT]\n"
    "       tacit x509 verify [--roots FILE] [--untrusted FILE] [--host NAME | --ip ADDR]\n"
    "                         [--time SECONDS] [--purpose server|client|any] [--max-depth N] "
    "[CERT]\n"
    "  show     print the subject, issuer, validity, key, subjectAltNames and extensions\n"
    "           of CERT, one per line\n"
    "  verify   look for a valid path from CERT through the --untrusted certificates to a\n"
    "           trust anchor of --roots; print OK (exit 0) or 'verification failure: REASON'\n"
    "           (exit 1).  Exit 2: usage; exit 3: unreadable input.\n"
    "  CERT               PEM or DER (default: stdin); further PEM certificates in it are\n"
    "                     used as untrusted intermediates\n"
    "  --roots FILE       PEM bundle of trust anchors (default: " DEFAULT_ROOTS ")\n"
    "  --untrusted FILE   PEM bundle of intermediates\n"
    "  --host NAME        DNS name the certificate must carry (subjectAltName, no CN fallback)\n"
    "  --ip ADDR          IPv4 or IPv6 address the certificate must carry\n"
    "  --time SECONDS     Unix time at which to check validity (default: now)\n"
    "  --purpose P        server (default: extKeyUsage serverAuth), client, any\n"
    "  --max-depth N      most intermediates in the path (default 6, at most 8)\n"
    "  --allow-sha1       accept SHA-1 signatures\n"
    "  --strict-anchors   server purpose: apply every Web PKI root rule to the trust anchor\n"
    "                     (basicConstraints critical, SKI, no AKI issuer/serial, serial not 0)\n";

/* The certificates of one file: DER kept alive for the parsed leaf, the rest in a store. */
typedef struct {
    unsigned char *der; /* the first certificate's DER: in data or in block */
    size_t der_len;
    unsigned char *data; /* the file (cli_read) */
    size_t data_len;
    tacit_pem_block block;
    tacit_x509_store rest;
} cert_file;

/*
 * Read CERT: DER (starts with a SEQUENCE) or PEM, whose first CERTIFICATE
 * block is the leaf and the others go to rest.  CLI_ERROR when the file
 * cannot be read or holds no certificate encoding.
 */
static int read_certs(const char *cmd, const char *path, cert_file *cf)
{
    unsigned char *data = NULL;
    size_t len = 0, consumed = 0;
    tacit_pem_block block;
    const char *name = path == NULL || strcmp(path, "-") == 0 ? "stdin" : path;
    int rc, ret;

    memset(cf, 0, sizeof(*cf));
    tacit_x509_store_init(&cf->rest);
    rc = cli_read(cmd, path, &data, &len);
    if (rc != CLI_OK) {
        return rc;
    }
    cf->data = data;
    cf->data_len = len;
    if (len > 0 && data[0] == 0x30) {
        cf->der = data;
        cf->der_len = len;
        return CLI_OK;
    }
    ret = tacit_pem_read("CERTIFICATE", data, len, &block, &consumed);
    if (ret != 0) {
        cli_err(cmd, "'%s': no PEM CERTIFICATE block or DER certificate: %s", name,
                cli_strerror(ret));
        return CLI_ERROR;
    }
    cf->block = block;
    cf->der = block.der;
    cf->der_len = block.der_len;
    if (consumed < len) {
        size_t failed = 0;
        (void)tacit_x509_store_add_pem(&cf->rest, data + consumed, len - consumed, NULL, &failed);
        if (failed > 0) {
            cli_err(cmd, "'%s': %zu further certificate%s could not be loaded", name, failed,
                    failed == 1 ? "" : "s");
        }
    }
    return CLI_OK;
}

static void free_certs(cert_file *cf)
{
    tacit_pem_block_free(&cf->block);
    cli_free(cf->data, cf->data_len);
    tacit_x509_store_free(&cf->rest);
    memset(cf, 0, sizeof(*cf));
}

/* ---- show ------------------------------------------------------------------------ */

static void print_hex(const char *label, const unsigned char *p, size_t len)
{
    size_t i;

    printf("%s: ", label);
    for (i = 0; i < len; i++) {
        printf("%02x%s", p[i], i + 1 < len ? ":" : "");
    }
    printf("\n");
}

/* Unix seconds as YYYY-MM-DD HH:MM:SSZ (proleptic Gregorian; C99 has no gmtime_r). */
static void print_time(const char *label, int64_t t)
{
    int64_t days = t >= 0 ? t / 86400 : -((-t + 86399) / 86400), secs = t - days * 86400;
    int64_t z = days + 719468, era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097, yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t y = yoe + era * 400, doy = doe - (365 * yoe + yoe / 4 - yoe / 100),
            mp = (5 * doy + 2) / 153;
    int64_t d = doy - (153 * mp + 2) / 5 + 1, m = mp < 10 ? mp + 3 : mp - 9;

    y += m <= 2;
    printf("%s: %04lld-%02lld-%02lld %02lld:%02lld:%02lldZ (%lld)\n", label, (long long)y,
           (long long)m, (long long)d, (long long)(secs / 3600), (long long)(secs / 60 % 60),
           (long long)(secs % 60), (long long)t);
}

static const char *md_label(tacit_md_type md)
{
    return md == TACIT_MD_SHA1     ? "SHA1"
           : md == TACIT_MD_SHA256 ? "SHA256"
           : md == TACIT_MD_SHA384 ? "SHA384"
           : md == TACIT_MD_SHA512 ? "SHA512"
                                   : "?";
}

static void print_sig_alg(const tacit_x509_crt *c)
{
    tacit_pk_sig_alg alg;

    if (tacit_pk_sig_alg_from_x509(c->sig_alg.p, c->sig_alg.len, &alg) != 0) {
        printf("signature: unsupported algorithm\n");
    } else if (alg.scheme == TACIT_PK_SIG_ECDSA) {
        printf("signature: ecdsa-with-%s\n", md_label(alg.md));
    } else if (alg.scheme == TACIT_PK_SIG_RSA_PKCS1) {
        static const char *const names[] = { "sha1", "sha256", "sha384", "sha512" };
        int i = alg.md == TACIT_MD_SHA1     ? 0
                : alg.md == TACIT_MD_SHA256 ? 1
                : alg.md == TACIT_MD_SHA384 ? 2
                                            : 3;
        printf("signature: %sWithRSAEncryption\n", names[i]);
    } else if (alg.scheme == TACIT_PK_SIG_ED25519) {
        printf("signature: Ed25519\n");
    } else if (alg.scheme == TACIT_PK_SIG_MLDSA) {
        printf("signature: ML-DSA-%u\n", alg.curve_bits);
    } else {
        printf("signature: RSASSA-PSS %s, MGF1-%s, salt %d\n", md_label(alg.md),
               md_label(alg.mgf1_md), alg.saltlen);
    }
}

static void print_name(const char *label, const tacit_x509_buf *name)
{
    char buf[1024];

    tacit_x509_name_text(name, buf, sizeof(buf));
    printf("%s: %s\n", label, buf);
}

static void print_ip(const unsigned char *ip, size_t len)
{
    size_t i;

    if (len == 4) {
        printf("%u.%u.%u.%u", ip[0], ip[1], ip[2], ip[3]);
        return;
    }
    for (i = 0; i < len; i += 2) {
        printf("%x%s", (ip[i] << 8) | ip[i + 1], i + 2 < len ? ":" : "");
    }
}

static void show(const tacit_x509_crt *c)
{
    static const char *const ku_names[] = { "digitalSignature", "nonRepudiation", "keyEncipherment",
                                            "dataEncipherment", "keyAgreement",   "keyCertSign",
                                            "cRLSign",          "encipherOnly",   "decipherOnly" };
    tacit_pk_context pk;
    tacit_x509_buf v;
    char desc[64];
    size_t i;
    int tag;

    printf("version: %d\n", c->version);
    print_hex("serial", c->serial.p, c->serial.len);
    print_name("subject", &c->subject);
    print_name("issuer", &c->issuer);
    print_time("not before", c->not_before);
    print_time("not after", c->not_after);
    tacit_pk_init(&pk);
    if (tacit_pk_parse_public_key(&pk, c->spki.p, c->spki.len) == 0) {
        tacit_pk_describe(&pk, desc, sizeof(desc));
        printf("key: %s\n", desc);
    } else {
        printf("key: unsupported\n");
    }
    tacit_pk_free(&pk);
    print_sig_alg(c);
    for (i = 0; (tag = tacit_x509_crt_san(c, i, &v)) >= 0; i++) {
        if (tag == 2) {
            printf("san: DNS:%.*s\n", (int)v.len, (const char *)v.p);
        } else if (tag == 7) {
            printf("san: IP:");
            print_ip(v.p, v.len);
            printf("\n");
        } else if (tag == 1) {
            printf("san: email:%.*s\n", (int)v.len, (const char *)v.p);
        } else if (tag == 6) {
            printf("san: URI:%.*s\n", (int)v.len, (const char *)v.p);
        } else if (tag == 4) {
            print_name("san: DirName", &v);
        } else {
            printf("san: other [%d]\n", tag);
        }
    }
    if (c->ext_present & TACIT_X509_EXT_BASIC_CONSTRAINTS) {
        if (c->max_pathlen >= 0) {
            printf("basic constraints: CA:%s, pathlen:%d\n", c->ca ? "TRUE" : "FALSE",
                   c->max_pathlen);
        } else {
            printf("basic constraints: CA:%s\n", c->ca ? "TRUE" : "FALSE");
        }
    }
    if (c->ext_present & TACIT_X509_EXT_KEY_USAGE) {
        const char *sep = "";
        printf("key usage: ");
        for (i = 0; i < 9; i++) {
            if (c->key_usage & (1u << i)) {
                printf("%s%s", sep, ku_names[i]);
                sep = ", ";
            }
        }
        printf("\n");
    }
    if (c->ext_present & TACIT_X509_EXT_EXT_KEY_USAGE) {
        printf("extended key usage:%s%s%s%s\n",
               c->ext_key_usage & TACIT_X509_EKU_SERVER_AUTH ? " serverAuth" : "",
               c->ext_key_usage & TACIT_X509_EKU_CLIENT_AUTH ? " clientAuth" : "",
               c->ext_key_usage & TACIT_X509_EKU_ANY ? " anyExtendedKeyUsage" : "",
               c->ext_key_usage & TACIT_X509_EKU_OTHER ? " (others)" : "");
    }
    if (c->ext_present & TACIT_X509_EXT_NAME_CONSTRAINTS) {
        printf("name constraints: present\n");
    }
    if (c->ext_present & TACIT_X509_EXT_CERT_POLICIES) {
        printf("certificate policies: present\n");
    }
    if (c->subject_key_id.p != NULL) {
        print_hex("subject key id", c->subject_key_id.p, c->subject_key_id.len);
    }
    if (c->authority_key_id.p != NULL) {
        print_hex("authority key id", c->authority_key_id.p, c->authority_key_id.len);
    }
    if (c->ext_present & TACIT_X509_EXT_UNKNOWN_CRITICAL) {
        printf("unknown critical extension: present\n");
    }
}

static int cmd_show(int argc, char **argv)
{
    cli_parser p;
    const char *in = NULL, *arg;
    cert_file cf;
    tacit_x509_crt crt;
    int rc, ret;

    cli_parser_init(&p, "x509 show", usage, argc, argv);
    while (cli_next(&p)) {
        if (in == NULL && cli_positional(&p, &arg)) {
            in = arg;
        } else {
            cli_unknown(&p);
        }
    }
    if (p.status >= 0) {
        return p.status;
    }
    rc = read_certs("x509", in, &cf);
    if (rc != CLI_OK) {
        free_certs(&cf);
        return rc;
    }
    ret = tacit_x509_parse_crt(&crt, cf.der, cf.der_len);
    if (ret != 0) {
        cli_err("x509", "not a valid certificate: %s", cli_strerror(ret));
        rc = CLI_ERROR;
    } else {
        show(&crt);
        fflush(stdout);
    }
    free_certs(&cf);
    return rc;
}

/* ---- verify ---------------------------------------------------------------------- */

static int load_store(const char *path, tacit_x509_store *store)
{
    unsigned char *data = NULL;
    size_t len = 0, added = 0, failed = 0;
    int rc, ret;

    rc = cli_read("x509", path, &data, &len);
    if (rc != CLI_OK) {
        return rc;
    }
    /* a file without usable certificates is an empty set: verification will say so */
    ret = tacit_x509_store_add_pem(store, data, len, &added, &failed);
    (void)ret;
    if (failed > 0) {
        /* say so rather than let a certificate vanish into "unknown issuer" */
        cli_err("x509", "'%s': %zu certificate%s could not be loaded (malformed or unsupported)",
                path, failed, failed == 1 ? "" : "s");
    }
    cli_free(data, len);
    return CLI_OK;
}

static int cmd_verify_chain(int argc, char **argv)
{
    cli_parser p;
    const char *in = NULL, *arg, *roots = NULL, *untrusted = NULL, *host = NULL, *ip = NULL;
    const char *tstr = NULL, *purpose = NULL, *depth = NULL;
    tacit_x509_verify_params vp;
    tacit_x509_store anchors, inter;
    tacit_x509_reason why = TACIT_X509_INVALID_CERT;
    tacit_x509_crt leaf;
    cert_file cf;
    int rc, ret, sha1 = 0, strict_anchors = 0;
    size_t i;

    cli_parser_init(&p, "x509 verify", usage, argc, argv);
    while (cli_next(&p)) {
        if (cli_value(&p, NULL, "--roots", &roots) ||
            cli_value(&p, NULL, "--untrusted", &untrusted) ||
            cli_value(&p, NULL, "--host", &host) || cli_value(&p, NULL, "--ip", &ip) ||
            cli_value(&p, NULL, "--time", &tstr) || cli_value(&p, NULL, "--purpose", &purpose) ||
            cli_value(&p, NULL, "--max-depth", &depth)) {
        } else if (cli_flag(&p, NULL, "--allow-sha1")) {
            sha1 = 1;
        } else if (cli_flag(&p, NULL, "--strict-anchors")) {
            strict_anchors = 1;
        } else if (in == NULL && cli_positional(&p, &arg)) {
            in = arg;
        } else {
            cli_unknown(&p);
        }
    }
    if (p.status >= 0) {
        return p.status;
    }
    tacit_x509_verify_params_init(&vp);
    vp.time = (int64_t)time(NULL);
    if (host != NULL && ip != NULL) {
        return cli_usage_error(&p, "give --host or --ip, not both");
    }
    if (ip != NULL && tacit_x509_parse_ip(ip, vp.ip, &vp.ip_len) != 0) {
        return cli_usage_error(&p, "--ip wants an IPv4 or IPv6 address, got '%s'", ip);
    }
    if (host != NULL && host[0] == '\0') {
        return cli_usage_error(&p, "--host wants a DNS name");
    }
    vp.host = host;
    if (tstr != NULL) {
        char *end;
        long long t = strtoll(tstr, &end, 10);
        if (tstr[0] == '\0' || *end != '\0') {
            return cli_usage_error(&p, "--time wants Unix seconds, got '%s'", tstr);
        }
        vp.time = (int64_t)t;
    }
    if (purpose != NULL) {
        if (strcmp(purpose, "server") == 0) {
            vp.purpose = TACIT_X509_PURPOSE_SERVER;
        } else if (strcmp(purpose, "client") == 0) {
            vp.purpose = TACIT_X509_PURPOSE_CLIENT;
        } else if (strcmp(purpose, "any") == 0) {
            vp.purpose = TACIT_X509_PURPOSE_ANY;
        } else {
            return cli_usage_error(&p, "--purpose is server, client or any, not '%s'", purpose);
        }
    }
    if (depth != NULL) {
        char *end;
        long d = strtol(depth, &end, 10);
        if (depth[0] < '0' || depth[0] > '9' || *end != '\0' || d > TACIT_X509_MAX_INTERMEDIATES) {
            return cli_usage_error(&p, "--max-depth wants 0..%d, got '%s'",
                                   TACIT_X509_MAX_INTERMEDIATES, depth);
        }
        vp.max_intermediates = (int)d;
    }
    if (strict_anchors) {
        vp.flags |= TACIT_X509_STRICT_ANCHORS;
    }
    if (sha1) {
        vp.flags |= TACIT_X509_ALLOW_SHA1;
    }
    /* CERT defaults to stdin: any second use of stdin is a usage error */
    if (((in == NULL || strcmp(in, "-") == 0) + (roots != NULL && strcmp(roots, "-") == 0) +
         (untrusted != NULL && strcmp(untrusted, "-") == 0)) > 1) {
        return cli_usage_error(&p, "only one input can come from stdin");
    }

    tacit_x509_store_init(&anchors);
    tacit_x509_store_init(&inter);
    memset(&cf, 0, sizeof(cf));
    rc = read_certs("x509", in, &cf);
    if (rc == CLI_OK) {
        rc = load_store(roots != NULL ? roots : DEFAULT_ROOTS, &anchors);
    }
    if (rc == CLI_OK && untrusted != NULL) {
        rc = load_store(untrusted, &inter);
    }
    if (rc != CLI_OK) {
        goto exit;
    }
    /* the extra certificates of CERT join the intermediates */
    for (i = 0; i < tacit_x509_store_count(&cf.rest); i++) {
        const tacit_x509_crt *c = tacit_x509_store_get(&cf.rest, i);
        (void)tacit_x509_store_add_der(&inter, c->der.p, c->der.len);
    }
    ret = tacit_x509_parse_crt(&leaf, cf.der, cf.der_len);
    if (ret == 0) {
        ret = tacit_x509_verify(&leaf, &inter, &anchors, &vp, &why);
    } else {
        why = TACIT_X509_INVALID_CERT;
    }
    if (ret == 0) {
        printf("OK\n");
        rc = CLI_OK;
    } else if (ret == TACIT_ERR_X509_VERIFY_FAILED || ret == TACIT_ERR_X509_INVALID_FORMAT ||
               ret == TACIT_ERR_X509_UNSUPPORTED) {
        printf("verification failure: %s\n", tacit_x509_reason_text(why));
        rc = CLI_VERIFY_FAILED;
    } else {
        cli_err("x509", "cannot verify: %s", cli_strerror(ret));
        rc = CLI_ERROR;
    }
    fflush(stdout);
exit:
    free_certs(&cf);
    tacit_x509_store_free(&anchors);
    tacit_x509_store_free(&inter);
    return rc;
}

int cmd_x509(int argc, char **argv)
{
    cli_parser p;

    if (argc >= 2 && strcmp(argv[1], "show") == 0) {
        return cmd_show(argc - 1, argv + 1);
    }
    if (argc >= 2 && strcmp(argv[1], "verify") == 0) {
        return cmd_verify_chain(argc - 1, argv + 1);
    }
    cli_parser_init(&p, "x509", usage, argc, argv);
    while (cli_next(&p)) {
        cli_unknown(&p);
    }
    if (p.status >= 0) {
        return p.status;
    }
    return cli_usage_error(&p, "which? x509 show or x509 verify");
}

#else
int cmd_x509(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "tacit x509: not supported in this build\n");
    return CLI_ERROR;
}
#endif /* TACIT_X509_C */
