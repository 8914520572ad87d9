#define _POSIX_C_SOURCE 200809L
/*
 * load_roots: how long does it take to load a PEM bundle of root
 * certificates (find every block, base64-decode it into a fresh DER buffer)?
 *
 *   load_roots [-n LOADS] [PATH]      PATH defaults to Debian's bundle,
 *                                     /etc/ssl/certs/ca-certificates.crt
 *
 * Compared in the same run: tacit's constant-flow PEM reader, a plain
 * 256-entry-table decoder written here (the leaky baseline:
 * bench/base64_table.h), OpenSSL (its PEM reader PEM_read_bio, and its
 * EVP_DecodeUpdate decoder), mbed TLS (mbedtls_base64_decode, and its PEM
 * reader) when built with them.  The baseline decoders share one simple
 * frame finder; every implementation must produce the same DER bytes.  Then
 * raw decode speed on 1 MiB of base64, as one line and in 64-column lines.
 *
 * With --verify, every certificate is also parsed and every self-signature
 * verified (tacit x509, OpenSSL PEM_read_bio_X509 + X509_verify, mbed TLS
 * mbedtls_x509_crt_parse + its signature check; see bench/rows_x509.c), the
 * three are timed, and the last line reads
 *   N certificates, N self-signatures verified, N failed, N not self-signed
 *
 * Times are the best of 5 rounds (the machine may be shared).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base64_table.h"
#include "bench_x509.h"
#include "tacit/base64.h"
#include "tacit/pem.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/bio.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#endif
#if defined(TACIT_HAVE_MBEDTLS)
#include <mbedtls/base64.h>
#include <mbedtls/pem.h>
#endif

#define DEFAULT_BUNDLE "/etc/ssl/certs/ca-certificates.crt"
#define ROUNDS 5

typedef struct {
    const unsigned char *pem; /* NUL-terminated */
    size_t len;
} bundle;

/* What one full load found: checked equal across implementations. */
typedef struct {
    size_t certs, der_bytes;
    uint32_t hash;
} load_result;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void account(load_result *r, const unsigned char *der, size_t len)
{
    size_t i;
    uint32_t h = r->hash;

    for (i = 0; i < len; i++) {
        h = (h ^ der[i]) * 16777619u;
    }
    r->hash = h;
    r->certs++;
    r->der_bytes += len;
}

/* ---- tacit -------------------------------------------------------------------- */

static int load_tacit(const bundle *b, load_result *r, int check)
{
    size_t off = 0, consumed;
    tacit_pem_block blk;

    for (;;) {
        int ret = tacit_pem_read("CERTIFICATE", b->pem + off, b->len - off, &blk, &consumed);
        if (ret == TACIT_ERR_PEM_NO_BLOCK) {
            return 0;
        }
        if (ret != 0) {
            fprintf(stderr, "load_roots: tacit_pem_read: error -0x%04x at offset %zu\n",
                    (unsigned)-ret, off);
            return -1;
        }
        if (check) {
            account(r, blk.der, blk.der_len);
        } else {
            r->certs++;
        }
        tacit_pem_block_free(&blk);
        off += consumed;
    }
}

/* ---- baselines: one plain frame finder, different decoders ----------------------- */

typedef int (*decode_fn)(const unsigned char *src, size_t slen, unsigned char *dst, size_t dlen,
                         size_t *olen);

/* Next CERTIFICATE body after *pos: [*body, *body + *blen).  0 or -1 (none). */
static int next_body(const bundle *b, size_t *pos, size_t *body, size_t *blen)
{
    static const char begin[] = "-----BEGIN CERTIFICATE-----";
    static const char end[] = "-----END CERTIFICATE-----";
    const char *s = strstr((const char *)b->pem + *pos, begin), *e;

    if (s == NULL) {
        return -1;
    }
    s += sizeof(begin) - 1;
    s += *s == '\r';
    s += *s == '\n';
    e = strstr(s, end);
    if (e == NULL) {
        return -1;
    }
    *body = (size_t)((const unsigned char *)s - b->pem);
    *blen = (size_t)(e - s);
    *pos = (size_t)((const unsigned char *)e - b->pem) + sizeof(end) - 1;
    return 0;
}

static int load_with(const bundle *b, load_result *r, int check, decode_fn dec)
{
    size_t pos = 0, body, blen;

    while (next_body(b, &pos, &body, &blen) == 0) {
        size_t cap = blen / 4 * 3 + 3, olen;
        unsigned char *der = malloc(cap);
        if (der == NULL || dec(b->pem + body, blen, der, cap, &olen) != 0) {
            free(der);
            return -1;
        }
        if (check) {
            account(r, der, olen);
        } else {
            r->certs++;
        }
        free(der);
    }
    return 0;
}

static int dec_table(const unsigned char *src, size_t slen, unsigned char *dst, size_t dlen,
                     size_t *olen)
{
    return b64t_decode(dst, dlen, olen, src, slen);
}

static int load_table(const bundle *b, load_result *r, int check)
{
    return load_with(b, r, check, dec_table);
}

#if defined(TACIT_HAVE_OPENSSL)
static int dec_openssl_evp(const unsigned char *src, size_t slen, unsigned char *dst, size_t dlen,
                           size_t *olen)
{
    EVP_ENCODE_CTX *ctx = EVP_ENCODE_CTX_new();
    int n = 0, m = 0, ret = -1;

    (void)dlen;
    if (ctx != NULL) {
        EVP_DecodeInit(ctx);
        if (EVP_DecodeUpdate(ctx, dst, &n, src, (int)slen) >= 0 &&
            EVP_DecodeFinal(ctx, dst + n, &m) == 1) {
            *olen = (size_t)(n + m);
            ret = 0;
        }
        EVP_ENCODE_CTX_free(ctx);
    }
    return ret;
}

static int load_openssl_evp(const bundle *b, load_result *r, int check)
{
    return load_with(b, r, check, dec_openssl_evp);
}

static int load_openssl_pem(const bundle *b, load_result *r, int check)
{
    BIO *bio = BIO_new_mem_buf(b->pem, (int)b->len);
    char *name = NULL, *header = NULL;
    unsigned char *data = NULL;
    long len = 0;

    if (bio == NULL) {
        return -1;
    }
    while (PEM_read_bio(bio, &name, &header, &data, &len) == 1) {
        if (strcmp(name, "CERTIFICATE") == 0) {
            if (check) {
                account(r, data, (size_t)len);
            } else {
                r->certs++;
            }
        }
        OPENSSL_free(name);
        OPENSSL_free(header);
        OPENSSL_free(data);
    }
    BIO_free(bio);
    return 0;
}
#endif

#if defined(TACIT_HAVE_MBEDTLS)
static int dec_mbedtls(const unsigned char *src, size_t slen, unsigned char *dst, size_t dlen,
                       size_t *olen)
{
    return mbedtls_base64_decode(dst, dlen, olen, src, slen);
}

static int load_mbedtls_b64(const bundle *b, load_result *r, int check)
{
    return load_with(b, r, check, dec_mbedtls);
}

static int load_mbedtls_pem(const bundle *b, load_result *r, int check)
{
    size_t off = 0, used;

    for (;;) {
        mbedtls_pem_context ctx;
        int ret;
        mbedtls_pem_init(&ctx);
        ret = mbedtls_pem_read_buffer(&ctx, "-----BEGIN CERTIFICATE-----",
                                      "-----END CERTIFICATE-----", b->pem + off, NULL, 0, &used);
        if (ret == MBEDTLS_ERR_PEM_NO_HEADER_FOOTER_PRESENT) {
            mbedtls_pem_free(&ctx);
            return 0;
        }
        if (ret != 0) {
            mbedtls_pem_free(&ctx);
            return -1;
        }
        if (check) {
            account(r, ctx.buf, ctx.buflen);
        } else {
            r->certs++;
        }
        mbedtls_pem_free(&ctx);
        off += used;
    }
}
#endif

/* ---- timing ------------------------------------------------------------------------ */

typedef struct {
    const char *name;
    int (*load)(const bundle *, load_result *, int check);
} loader;

static const loader loaders[] = {
    { "tacit  tacit_pem_read (constant-flow)", load_tacit },
    { "table  256-entry table (leaky baseline)", load_table },
#if defined(TACIT_HAVE_OPENSSL)
    { "openssl PEM_read_bio", load_openssl_pem },
    { "openssl EVP_DecodeUpdate", load_openssl_evp },
#endif
#if defined(TACIT_HAVE_MBEDTLS)
    { "mbedtls mbedtls_pem_read_buffer", load_mbedtls_pem },
    { "mbedtls mbedtls_base64_decode", load_mbedtls_b64 },
#endif
};
#define N_LOADERS (sizeof(loaders) / sizeof(loaders[0]))

/* Best-of-ROUNDS seconds per call of fn(arg). */
static double time_best(int (*fn)(void *), void *arg, long reps)
{
    double best = 1e30;
    int round;

    for (round = 0; round < ROUNDS; round++) {
        double t0 = now(), t;
        long i;
        for (i = 0; i < reps; i++) {
            if (fn(arg) != 0) {
                return -1;
            }
        }
        t = (now() - t0) / (double)reps;
        best = t < best ? t : best;
    }
    return best;
}

typedef struct {
    const bundle *b;
    const loader *l;
} load_job;

static int run_load(void *arg)
{
    load_job *j = arg;
    load_result r = { 0, 0, 2166136261u };
    return j->l->load(j->b, &r, 0);
}

typedef struct {
    decode_fn dec;
    const unsigned char *in;
    size_t ilen;
    unsigned char *out;
    size_t ocap;
} decode_job;

static int run_decode(void *arg)
{
    decode_job *j = arg;
    size_t olen;
    return j->dec(j->in, j->ilen, j->out, j->ocap, &olen);
}

#if defined(TACIT_HAVE_OPENSSL)
static int dec_openssl_block(const unsigned char *src, size_t slen, unsigned char *dst, size_t dlen,
                             size_t *olen)
{
    int n = EVP_DecodeBlock(dst, src, (int)slen);
    (void)dlen;
    if (n < 0) {
        return -1;
    }
    *olen = (size_t)n;
    return 0;
}
#endif

static int raw_decode(void)
{
    static const struct {
        const char *name;
        decode_fn line, lines; /* NULL: cannot */
    } decs[] = {
        { "tacit (constant-flow)", tacit_base64_decode, tacit_base64_decode },
        { "table (leaky baseline)", dec_table, dec_table },
#if defined(TACIT_HAVE_OPENSSL)
        { "openssl EVP_DecodeBlock/Update", dec_openssl_block, dec_openssl_evp },
#endif
#if defined(TACIT_HAVE_MBEDTLS)
        { "mbedtls mbedtls_base64_decode", dec_mbedtls, dec_mbedtls },
#endif
    };
    size_t n = 1024 * 1024 / 4 * 3, i, k, llen, slen;
    unsigned char *bin = malloc(n), *line = malloc(n / 3 * 4 + 8),
                  *lines = malloc(n / 3 * 4 + n / 48 + 8), *out = malloc(n + 64);
    double tacit_rate[2] = { 0, 0 };
    uint32_t x = 1;

    if (bin == NULL || line == NULL || lines == NULL || out == NULL) {
        fprintf(stderr, "load_roots: out of memory\n");
        return -1;
    }
    for (i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        bin[i] = (unsigned char)(x >> 16);
    }
    if (tacit_base64_encode(bin, n, line, n / 3 * 4 + 8, &slen) != 0 ||
        tacit_base64_encode_lines(bin, n, 64, lines, n / 3 * 4 + n / 48 + 8, &llen) != 0) {
        return -1;
    }
    printf("\nraw decode of 1 MiB of base64 (best of %d):\n", ROUNDS);
    printf("  %-34s %14s %9s %16s %9s\n", "", "one line MB/s", "tacit/x", "64 columns MB/s",
           "tacit/x");
    for (k = 0; k < sizeof(decs) / sizeof(decs[0]); k++) {
        double rate[2];
        int form;
        for (form = 0; form < 2; form++) {
            decode_job j;
            double t;
            j.dec = form == 0 ? decs[k].line : decs[k].lines;
            j.in = form == 0 ? line : lines;
            j.ilen = form == 0 ? slen : llen;
            j.out = out;
            j.ocap = n + 64;
            t = time_best(run_decode, &j, 20);
            rate[form] = t > 0 ? (double)j.ilen / t / 1e6 : -1;
            if (k == 0) {
                tacit_rate[form] = rate[form];
            }
        }
        printf("  %-34s %14.0f %8.2fx %16.0f %8.2fx\n", decs[k].name, rate[0],
               tacit_rate[0] / rate[0], rate[1], tacit_rate[1] / rate[1]);
    }
    free(bin);
    free(line);
    free(lines);
    free(out);
    return 0;
}

/* ---- --verify ------------------------------------------------------------------ */

typedef int (*verify_fn)(const unsigned char *pem, size_t len, bench_x509_counts *c);

typedef struct {
    const bundle *b;
    verify_fn fn;
} verify_job;

static int run_verify(void *arg)
{
    verify_job *j = arg;
    bench_x509_counts c;
    return j->fn(j->b->pem, j->b->len, &c) != 0 || c.failed != 0;
}

static int verify_bundle(const bundle *b)
{
    static const struct {
        const char *name;
        verify_fn fn;
    } impls[] = {
        { "tacit (x509 store + check_signature)", bench_x509_tacit },
#if defined(TACIT_HAVE_OPENSSL)
        { "openssl PEM_read_bio_X509 + X509_verify", bench_x509_openssl },
#endif
#if defined(TACIT_HAVE_MBEDTLS)
        { "mbedtls x509_crt_parse + pk_verify_ext", bench_x509_mbedtls },
#endif
    };
    bench_x509_counts ref, c;
    double t_tacit = 0;
    size_t k;

    if (bench_x509_tacit(b->pem, b->len, &ref) != 0) {
        fprintf(stderr, "load_roots: tacit could not load the bundle\n");
        return 1;
    }
    printf(
        "\nload, parse and verify every self-signature (SHA-1 and RSA-1024 allowed), best of %d:\n",
        ROUNDS);
    printf("  %-42s %10s %14s %s\n", "", "ms/load", "time / tacit",
           "verified/failed/not self-signed");
    for (k = 0; k < sizeof(impls) / sizeof(impls[0]); k++) {
        verify_job j;
        double t;
        if (impls[k].fn(b->pem, b->len, &c) != 0) {
            printf("  %-42s %10s\n", impls[k].name, "failed");
            continue;
        }
        j.b = b;
        j.fn = impls[k].fn;
        t = c.failed == 0 ? time_best(run_verify, &j, 3) : -1;
        if (k == 0) {
            t_tacit = t;
        }
        if (t < 0) {
            printf("  %-42s %10s %14s %zu/%zu/%zu\n", impls[k].name, "-", "-", c.verified, c.failed,
                   c.not_self_signed);
        } else {
            printf("  %-42s %10.3f %13.2fx %zu/%zu/%zu\n", impls[k].name, t * 1e3,
                   t_tacit > 0 ? t / t_tacit : 0.0, c.verified, c.failed, c.not_self_signed);
        }
        if (c.certs != ref.certs || c.verified != ref.verified) {
            printf("  (%s disagrees with tacit: %zu certificates, %zu verified)\n", impls[k].name,
                   c.certs, c.verified);
        }
    }
    printf("%zu certificates, %zu self-signatures verified, %zu failed, %zu not self-signed\n",
           ref.certs, ref.verified, ref.failed, ref.not_self_signed);
    return ref.failed == 0 && ref.parse_failed == 0 ? 0 : 1;
}

static void usage(FILE *out)
{
    fprintf(out,
            "usage: load_roots [-n LOADS] [--verify] [PATH]\n"
            "  Load every certificate of a PEM bundle LOADS times per round (default: about\n"
            "  0.1 s worth) with tacit, a leaky table decoder, OpenSSL and mbed TLS, and\n"
            "  print ms per full load; then raw base64 decode MB/s on 1 MiB.\n"
            "  --verify: also parse every certificate and verify every self-signature\n"
            "  (tacit, OpenSSL, mbed TLS), time it, and end with the counts.\n"
            "  PATH defaults to %s.\n",
            DEFAULT_BUNDLE);
}

int main(int argc, char **argv)
{
    const char *path = NULL;
    long loads = 0;
    int i, verify = 0;
    FILE *f;
    long sz;
    unsigned char *buf;
    bundle b;
    load_result ref = { 0, 0, 2166136261u };
    double t_tacit = 0, t_table = 0;
    size_t k;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(argv[i], "--verify") == 0) {
            verify = 1;
        } else if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
            char *endp;
            loads = strtol(argv[++i], &endp, 10);
            if (*endp != '\0' || loads <= 0) {
                fprintf(stderr, "load_roots: -n wants a positive number, not '%s'\n", argv[i]);
                usage(stderr);
                return 2;
            }
        } else if (argv[i][0] == '-' || path != NULL) {
            fprintf(stderr, "load_roots: unexpected argument '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        } else {
            path = argv[i];
        }
    }
    if (path == NULL) {
        path = DEFAULT_BUNDLE;
    }
    f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        fprintf(stderr, "load_roots: cannot open the bundle %s%s\n", path,
                strcmp(path, DEFAULT_BUNDLE) == 0
                    ? " (install Debian's ca-certificates package, or give a PEM file)"
                    : "");
        return 1;
    }
    if (fseek(f, 0, SEEK_END) != 0 || (sz = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0 ||
        (buf = malloc((size_t)sz + 1)) == NULL || fread(buf, 1, (size_t)sz, f) != (size_t)sz) {
        fprintf(stderr, "load_roots: cannot read %s\n", path);
        fclose(f);
        return 1;
    }
    fclose(f);
    buf[sz] = 0;
    b.pem = buf;
    b.len = (size_t)sz;

    b64t_init();
    /* every implementation must find the same certificates and DER bytes */
    for (k = 0; k < N_LOADERS; k++) {
        load_result r = { 0, 0, 2166136261u };
        if (loaders[k].load(&b, &r, 1) != 0) {
            fprintf(stderr, "load_roots: %s failed on %s\n", loaders[k].name, path);
            return 1;
        }
        if (k == 0) {
            ref = r;
            if (r.certs == 0) {
                fprintf(stderr, "load_roots: no certificates in %s\n", path);
                return 1;
            }
        } else if (r.certs != ref.certs || r.der_bytes != ref.der_bytes || r.hash != ref.hash) {
            fprintf(stderr, "load_roots: %s disagrees with tacit (%zu certs, %zu bytes)\n",
                    loaders[k].name, r.certs, r.der_bytes);
            return 1;
        }
    }
    if (loads == 0) {
        load_job j;
        double t0 = now();
        j.b = &b;
        j.l = &loaders[0];
        run_load(&j);
        t0 = now() - t0;
        loads = t0 > 0 ? (long)(0.1 / t0) : 100;
        loads = loads < 5 ? 5 : loads > 2000 ? 2000 : loads;
    }
    printf("load_roots: %s\n", path);
    printf("  %zu certificates, %zu bytes of PEM, %zu bytes of DER (all implementations agree)\n",
           ref.certs, b.len, ref.der_bytes);
    printf("\nfull load (find and decode every certificate), best of %d rounds of %ld loads:\n",
           ROUNDS, loads);
    printf("  %-42s %10s %14s\n", "", "ms/load", "time / tacit");
    for (k = 0; k < N_LOADERS; k++) {
        load_job j;
        double t;
        j.b = &b;
        j.l = &loaders[k];
        t = time_best(run_load, &j, loads);
        if (t < 0) {
            printf("  %-42s %10s\n", loaders[k].name, "failed");
            continue;
        }
        if (k == 0) {
            t_tacit = t;
        }
        if (k == 1) {
            t_table = t;
        }
        printf("  %-42s %10.4f %13.2fx\n", loaders[k].name, t * 1e3, t / t_tacit);
    }
    printf("  tacit time / table time = %.2f (target <= 1.3; moonshot <= 1.0)\n",
           t_tacit / t_table);
    if (raw_decode() != 0) {
        free(buf);
        return 1;
    }
    i = verify ? verify_bundle(&b) : 0;
    free(buf);
    return i;
}
