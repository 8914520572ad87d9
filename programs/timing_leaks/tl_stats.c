#define _POSIX_C_SOURCE 200809L
/* Welch's t-test with online (Welford) means and variances, and cycle counters. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tl.h"

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
uint64_t tl_cycles(void)
{
    unsigned int aux;
    return __rdtscp(&aux);
}
const char *tl_counter_name(void)
{
    return "rdtscp";
}
#elif defined(__aarch64__)
uint64_t tl_cycles(void)
{
    uint64_t v;
    __asm__ volatile("isb; mrs %0, cntvct_el0" : "=r"(v));
    return v;
}
const char *tl_counter_name(void)
{
    return "cntvct_el0";
}
#else
uint64_t tl_cycles(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
const char *tl_counter_name(void)
{
    return "clock_gettime";
}
#endif

static uint64_t rng_state = 0x853c49e6748fea9bULL;

void tl_random(unsigned char *out, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++) {
        rng_state ^= rng_state << 13;
        rng_state ^= rng_state >> 7;
        rng_state ^= rng_state << 17;
        out[i] = (unsigned char)(rng_state >> 32);
    }
}

int tl_rng(void *p, unsigned char *out, size_t len)
{
    (void)p;
    tl_random(out, len);
    return 0;
}

void tl_stats_init(tl_stats *s)
{
    memset(s, 0, sizeof(*s));
}

static void welch_add(tl_welch *w, int cls, double x)
{
    double d;
    w->n[cls] += 1;
    d = x - w->mean[cls];
    w->mean[cls] += d / w->n[cls];
    w->m2[cls] += d * (x - w->mean[cls]);
}

static double welch_t(const tl_welch *w)
{
    double v0, v1;
    if (w->n[0] < 2 || w->n[1] < 2) {
        return 0;
    }
    v0 = w->m2[0] / (w->n[0] - 1);
    v1 = w->m2[1] / (w->n[1] - 1);
    if (v0 + v1 == 0) {
        return 0;
    }
    return (w->mean[0] - w->mean[1]) / sqrt(v0 / w->n[0] + v1 / w->n[1]);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

void tl_stats_add_batch(tl_stats *s, const uint64_t *t, const unsigned char *cls, size_t n)
{
    static const double pct[TL_CROPS] = { 1.0, 0.5, 0.75, 0.9, 0.95, 0.99 };
    size_t i;
    int k;

    if (!s->have_thresh) {
        /* The first batch only calibrates (it also warms caches up). */
        uint64_t *sorted = malloc(n * sizeof(*sorted));
        if (sorted == NULL || n == 0) {
            free(sorted);
            return;
        }
        memcpy(sorted, t, n * sizeof(*sorted));
        qsort(sorted, n, sizeof(*sorted), cmp_u64);
        for (k = 0; k < TL_CROPS; k++) {
            size_t idx = (size_t)(pct[k] * (double)(n - 1));
            s->thresh[k] = k == 0 ? UINT64_MAX : sorted[idx];
        }
        free(sorted);
        s->have_thresh = 1;
        return;
    }
    for (i = 0; i < n; i++) {
        for (k = 0; k < TL_CROPS; k++) {
            if (t[i] <= s->thresh[k]) {
                welch_add(&s->test[k], cls[i], (double)t[i]);
            }
        }
    }
}

double tl_stats_max_t(const tl_stats *s, double *samples)
{
    double best = 0;
    int k;
    for (k = 0; k < TL_CROPS; k++) {
        double t = fabs(welch_t(&s->test[k]));
        /* A crop needs enough samples in both classes to mean anything. */
        if (s->test[k].n[0] > 100 && s->test[k].n[1] > 100 && t > best) {
            best = t;
        }
    }
    if (samples != NULL) {
        *samples = s->test[0].n[0] + s->test[0].n[1];
    }
    return best;
}

void tl_stats_print(const tl_stats *s)
{
    static const char *const name[TL_CROPS] = { "all", "p50", "p75", "p90", "p95", "p99" };
    int k;
    for (k = 0; k < TL_CROPS; k++) {
        const tl_welch *w = &s->test[k];
        printf("    %-4s n %6.0f/%6.0f  mean %12.1f / %12.1f  diff %+10.1f  t %+8.2f\n", name[k],
               w->n[0], w->n[1], w->mean[0], w->mean[1], w->mean[0] - w->mean[1], welch_t(w));
    }
}
