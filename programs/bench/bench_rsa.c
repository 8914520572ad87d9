/*
 * bench_rsa: RSA sign (private op), verify (public op) and key generation,
 * tacit against OpenSSL, mbed TLS, BearSSL and nettle (--peers).  The rows
 * are in programs/bench/rows_rsa.c.  For OpenSSL without its vector/ADX
 * code run it again with OPENSSL_ia32cap=0 in the environment.
 *
 *   bench_rsa --keygen-median N [BITS]
 *
 * generates N keys (default BITS 2048) with tacit and with OpenSSL and
 * prints the median and the spread of the times: key generation time
 * varies a lot from key to key, so a mean over a short run says little.
 */
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tacit/rsa.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/evp.h>
#include <openssl/rsa.h>
#endif

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int gen_tacit(unsigned bits)
{
    tacit_rsa_context rsa;
    int ret;

    tacit_rsa_init(&rsa);
    ret = tacit_rsa_gen_key(&rsa, bits, 65537, NULL, NULL);
    tacit_rsa_free(&rsa);
    return ret;
}

#if defined(TACIT_HAVE_OPENSSL)
static int gen_openssl(unsigned bits)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_id(EVP_PKEY_RSA, NULL);
    EVP_PKEY *pk = NULL;
    int ok = c != NULL && EVP_PKEY_keygen_init(c) == 1 &&
             EVP_PKEY_CTX_set_rsa_keygen_bits(c, (int)bits) == 1 && EVP_PKEY_keygen(c, &pk) == 1;

    EVP_PKEY_free(pk);
    EVP_PKEY_CTX_free(c);
    return ok ? 0 : -1;
}
#endif

/* time n runs of gen(bits) and print median, min and max in ms */
static int report(const char *who, int (*gen)(unsigned), unsigned bits, int n, double *median)
{
    double *t = (double *)malloc((size_t)n * sizeof(double));
    int i;

    if (t == NULL) {
        return 3;
    }
    for (i = 0; i < n; i++) {
        double t0 = bench_now();
        if (gen(bits) != 0) {
            free(t);
            fprintf(stderr, "%s: key generation failed\n", who);
            return 3;
        }
        t[i] = (bench_now() - t0) * 1000.0;
        fprintf(stderr, "\r%s %d/%d", who, i + 1, n);
    }
    fprintf(stderr, "\n");
    qsort(t, (size_t)n, sizeof(double), cmp_double);
    *median = n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
    printf("RSA-%u keygen %-8s median %8.1f ms  min %8.1f  max %8.1f  (%d keys)\n", bits, who,
           *median, t[0], t[n - 1], n);
    free(t);
    return 0;
}

static int keygen_median(int n, unsigned bits)
{
    double mt = 0, mo = 0;
    int ret = report("tacit", gen_tacit, bits, n, &mt);

#if defined(TACIT_HAVE_OPENSSL)
    if (ret == 0 && (ret = report("openssl", gen_openssl, bits, n, &mo)) == 0) {
        printf("RSA-%u keygen median: tacit/openssl speed %.2fx\n", bits, mo / mt);
    }
#else
    (void)mo;
#endif
    return ret;
}

int main(int argc, char **argv)
{
    static const bench_row *const tables[] = { bench_rows_rsa, NULL };

    if (argc >= 3 && strcmp(argv[1], "--keygen-median") == 0) {
        int n = atoi(argv[2]);
        unsigned bits = argc >= 4 ? (unsigned)atoi(argv[3]) : 2048;
        if (n < 1 || bits < 1024 || bits > 8192) {
            fprintf(stderr, "usage: bench_rsa --keygen-median N [BITS]\n");
            return 2;
        }
        return keygen_median(n, bits);
    }
    /* bench_main takes the arguments after the program name */
    return bench_main("bench_rsa", argc - 1, argv + 1, tables);
}
