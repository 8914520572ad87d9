/*
 * Shared by the fuzz targets: a deterministic RNG (so a crash replays), and
 * an abort with a message when a target finds a wrong answer (not only a
 * crash): libFuzzer and the replay driver both report an abort.
 */
#ifndef TACIT_FUZZ_UTIL_H
#define TACIT_FUZZ_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_CHECK(cond)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);               \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* xorshift-based byte stream; fuzz_rng_state is seeded per input. */
typedef struct {
    uint64_t s;
} fuzz_rng;

static inline int fuzz_rng_bytes(void *p, unsigned char *out, size_t len)
{
    fuzz_rng *r = (fuzz_rng *)p;
    size_t i;
    for (i = 0; i < len; i++) {
        r->s ^= r->s << 13;
        r->s ^= r->s >> 7;
        r->s ^= r->s << 17;
        out[i] = (unsigned char)(r->s >> 24);
    }
    return 0;
}

static inline void fuzz_rng_seed(fuzz_rng *r, const uint8_t *data, size_t size)
{
    size_t i;
    r->s = 0x9e3779b97f4a7c15ULL;
    for (i = 0; i < size && i < 64; i++) {
        r->s = (r->s ^ data[i]) * 0x100000001b3ULL;
    }
    if (r->s == 0) {
        r->s = 1;
    }
}

#endif
