/*
 * bench_mlkem: cycles (rdtsc, median of N) of ML-KEM key generation,
 * encapsulation and decapsulation at each parameter set, and of an
 * X25519MLKEM768 exchange.  In a test-hooks build (TACIT_TEST_HOOKS) the
 * portable kernels are measured too, in the same process, by clearing the
 * CPU bits (tacit_cpu_hook_disable).
 *
 * Usage: bench_mlkem [N]   (default 2001 runs per figure)
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime where there is no TSC */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tacit/mlkem.h"

#if defined(TACIT_TEST_HOOKS) && (defined(__x86_64__) || defined(__i386__))
extern unsigned tacit_cpu_hook_disable;
#define HAVE_HOOK 1
#endif

#if defined(__x86_64__) || defined(__i386__)
static uint64_t cycles(void)
{
    uint32_t lo, hi;
    __asm__ volatile("lfence\n\trdtsc" : "=a"(lo), "=d"(hi)::"memory");
    return ((uint64_t)hi << 32) | lo;
}
#else
#include <time.h>
static uint64_t cycles(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec; /* ns where no TSC */
}
#endif

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

#if defined(TACIT_MLKEM_C)
static unsigned char ek[TACIT_MLKEM_MAX_EK_BYTES], dk[TACIT_MLKEM_MAX_DK_BYTES];
static unsigned char ct[TACIT_MLKEM_MAX_CT_BYTES], ss[64], seed[64];
static unsigned char share[TACIT_X25519MLKEM768_CLIENT_SHARE_BYTES];
static unsigned char ckey[TACIT_X25519MLKEM768_CLIENT_KEY_BYTES];
static unsigned char sshare[TACIT_X25519MLKEM768_SERVER_SHARE_BYTES];

static int run_op(tacit_mlkem_params p, int op)
{
    switch (op) {
    case 0:
        return tacit_mlkem_keygen_seed(p, seed, ek, dk);
    case 1:
        return tacit_mlkem_encaps_m(p, ek, seed, ct, ss);
    case 2:
        return tacit_mlkem_decaps(p, dk, ct, ss);
    default:
#if defined(TACIT_X25519_C)
        if (tacit_x25519mlkem768_keygen(share, ckey, NULL, NULL) != 0 ||
            tacit_x25519mlkem768_encaps(share, sshare, ss, NULL, NULL) != 0) {
            return -1;
        }
        return tacit_x25519mlkem768_decaps(ckey, sshare, ss);
#else
        return -1;
#endif
    }
}

static uint64_t median(tacit_mlkem_params p, int op, uint64_t *t, size_t n)
{
    size_t i;
    for (i = 0; i < n / 10 + 1; i++) { /* warm up */
        (void)run_op(p, op);
    }
    for (i = 0; i < n; i++) {
        uint64_t c0 = cycles();
        if (run_op(p, op) != 0) {
            return 0;
        }
        t[i] = cycles() - c0;
    }
    qsort(t, n, sizeof(t[0]), cmp_u64);
    return t[n / 2];
}

int main(int argc, char **argv)
{
    static const char *const names[3] = { "ML-KEM-512", "ML-KEM-768", "ML-KEM-1024" };
    static const tacit_mlkem_params ps[3] = { TACIT_MLKEM_512, TACIT_MLKEM_768, TACIT_MLKEM_1024 };
    size_t n = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 2001;
    uint64_t *t = (uint64_t *)malloc((n ? n : 1) * sizeof(uint64_t));
    int kn, pi, nk = 1;

    if (t == NULL || n == 0) {
        return 2;
    }
    memset(seed, 0x5A, sizeof(seed));
#if defined(HAVE_HOOK)
    nk = 2;
#endif
    printf("%-14s %-9s %10s %10s %10s   (cycles, median of %zu)\n", "", "kernels", "keygen",
           "encaps", "decaps", n);
    for (kn = 0; kn < nk; kn++) {
#if defined(HAVE_HOOK)
        tacit_cpu_hook_disable = kn == 0 ? 0u : ~0u;
#endif
        for (pi = 0; pi < 3; pi++) {
            uint64_t k = median(ps[pi], 0, t, n), e = median(ps[pi], 1, t, n),
                     d = median(ps[pi], 2, t, n);
            printf("%-14s %-9s %10llu %10llu %10llu\n", names[pi], kn == 0 ? "default" : "portable",
                   (unsigned long long)k, (unsigned long long)e, (unsigned long long)d);
        }
#if defined(TACIT_X25519_C)
        printf("%-14s %-9s %10llu   (X25519MLKEM768 client keygen + server encaps + client "
               "decaps)\n",
               "X25519MLKEM768", kn == 0 ? "default" : "portable",
               (unsigned long long)median(TACIT_MLKEM_768, 3, t, n / 4 + 1));
#endif
    }
    free(t);
    return 0;
}
#else
int main(void)
{
    printf("ML-KEM compiled out (TACIT_MLKEM_C)\n");
    return 0;
}
#endif
