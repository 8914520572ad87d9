/*
 * Reproducible pseudo-random inputs for the differential suites: a xorshift64* generator whose
 * state the suite seeds (from an environment variable or a fixed default), and random bit sizes
 * shaped for edges.  Not a cryptographic generator.
 */
#ifndef TACIT_TEST_RAND_H
#define TACIT_TEST_RAND_H

#include <stddef.h>
#include <stdint.h>

#include "tacit/limb.h"

static uint64_t rng_state;

static inline uint64_t rnd64(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1Du;
}

/* n random limbs */
static inline void rnd_fill_limbs(tacit_mpi_uint *X, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++) {
        X[i] = (tacit_mpi_uint)rnd64();
    }
}

/* A random size in bits, 1..max: often small, sometimes around limb boundaries. */
static inline size_t rnd_bits(size_t max)
{
    size_t r;

    switch (rnd64() % 4) {
    case 0:
        r = 1 + (size_t)(rnd64() % 96);
        break;
    case 1:
        r = max >= 32 ? 32 * (1 + (size_t)(rnd64() % (max / 32))) + (size_t)(rnd64() % 3) - 1 : max;
        break;
    default:
        r = 1 + (size_t)(rnd64() % max);
        break;
    }
    return r > max ? max : r;
}

#endif /* TACIT_TEST_RAND_H */
