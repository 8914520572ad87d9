/*
 * AEAD throughput through EVP: tacit's provider (a library context with only
 * tacit and base) against OpenSSL's default provider, and tacit_aead called
 * directly, in one process and one loop (the way libssl seals a record:
 * set the IV, one AAD update of 13 bytes, one in-place data update, final,
 * get the tag).  `openssl speed -evp aes-128-gcm` cannot do this on
 * OpenSSL 3.0: it runs libcrypto's built-in GCM whatever providers are
 * loaded.  Usage: provider_bench_aead MODULE_DIR [SECONDS] [ROUNDS];
 * prints MB/s (1e6 bytes/s), median [min-max] of ROUNDS, per size.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/evp.h>
#include <openssl/provider.h>

#include "tacit/aead.h"

static unsigned char buf[16384 + 64], key[32], iv[12], aad[13], tag[16];

static double now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* MB/s of sealing len-byte messages through EVP in lib (0 on error). */
static double evp_rate(OSSL_LIB_CTX *lib, const char *name, size_t len, double secs)
{
    EVP_CIPHER *c = EVP_CIPHER_fetch(lib, name, NULL);
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    long n = 0;
    double t0, r = 0;
    int ol, ok = 1, i;

    if (c == NULL || x == NULL || EVP_EncryptInit_ex2(x, c, key, iv, NULL) <= 0) {
        goto done;
    }
    t0 = now();
    while (ok && now() - t0 < secs) {
        for (i = 0; i < 100 && ok; i++) {
            ok = EVP_EncryptInit_ex2(x, NULL, NULL, iv, NULL) > 0 &&
                 EVP_EncryptUpdate(x, NULL, &ol, aad, 13) > 0 &&
                 EVP_EncryptUpdate(x, buf, &ol, buf, (int)len) > 0 &&
                 EVP_EncryptFinal_ex(x, buf + ol, &ol) > 0 &&
                 EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag) > 0;
        }
        n += 100;
    }
    if (ok) {
        r = (double)n * (double)len / (now() - t0) / 1e6;
    }
done:
    EVP_CIPHER_CTX_free(x);
    EVP_CIPHER_free(c);
    return r;
}

/* The same messages through tacit_aead_seal, in place (ciphertext || tag). */
static double tacit_rate(tacit_aead_alg alg, size_t klen, size_t len, double secs)
{
    tacit_aead_context a;
    size_t got;
    long n = 0;
    double t0, r = 0;
    int i, ok = 1;

    tacit_aead_init(&a);
    if (tacit_aead_setkey(&a, alg, key, klen, 16) != 0) {
        return 0;
    }
    t0 = now();
    while (ok && now() - t0 < secs) {
        for (i = 0; i < 100 && ok; i++) {
            ok = tacit_aead_seal(&a, iv, 12, aad, 13, buf, len, buf, len + 16, &got) == 0;
        }
        n += 100;
    }
    if (ok) {
        r = (double)n * (double)len / (now() - t0) / 1e6;
    }
    tacit_aead_free(&a);
    return r;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        tacit_aead_alg alg;
        size_t klen;
    } algs[] = { { "AES-128-GCM", TACIT_AEAD_AES_128_GCM, 16 },
                 { "AES-256-GCM", TACIT_AEAD_AES_256_GCM, 32 },
                 { "ChaCha20-Poly1305", TACIT_AEAD_CHACHA20_POLY1305, 32 } };
    static const size_t lens[] = { 1024, 16384 };
    OSSL_LIB_CTX *lt, *ld;
    double secs = argc > 2 ? atof(argv[2]) : 0.5, v[3][16];
    int rounds = argc > 3 ? atoi(argv[3]) : 3, r, w, a, l;

    if (argc < 2 || rounds < 1 || rounds > 16) {
        fprintf(stderr, "usage: %s MODULE_DIR [SECONDS] [ROUNDS <= 16]\n", argv[0]);
        return 2;
    }
    lt = OSSL_LIB_CTX_new();
    ld = OSSL_LIB_CTX_new();
    if (lt == NULL || ld == NULL || !OSSL_PROVIDER_set_default_search_path(lt, argv[1]) ||
        OSSL_PROVIDER_load(lt, "tacit") == NULL || OSSL_PROVIDER_load(lt, "base") == NULL ||
        OSSL_PROVIDER_load(ld, "default") == NULL) {
        fprintf(stderr, "cannot load tacit.so from %s (or the default provider)\n", argv[1]);
        return 1;
    }
    printf(
        "| AEAD seal, MB/s | tacit_aead direct | tacit provider (EVP) | default provider (EVP) | "
        "tacit provider / default |\n| --- | --- | --- | --- | --- |\n");
    for (a = 0; a < 3; a++) {
        for (l = 0; l < 2; l++) {
            for (r = 0; r < rounds; r++) { /* the three take turns within a round */
                v[0][r] = tacit_rate(algs[a].alg, algs[a].klen, lens[l], secs);
                v[1][r] = evp_rate(lt, algs[a].name, lens[l], secs);
                v[2][r] = evp_rate(ld, algs[a].name, lens[l], secs);
            }
            printf("| %s %zu B |", algs[a].name, lens[l]);
            for (w = 0; w < 3; w++) {
                qsort(v[w], (size_t)rounds, sizeof(double), cmp);
                printf(" %.0f [%.0f-%.0f] |", v[w][rounds / 2], v[w][0], v[w][rounds - 1]);
            }
            printf(" %.2f |\n", v[2][rounds / 2] > 0 ? v[1][rounds / 2] / v[2][rounds / 2] : 0);
        }
    }
    OSSL_LIB_CTX_free(lt);
    OSSL_LIB_CTX_free(ld);
    return 0;
}
