/*
 * What every module needs from its surroundings: a way to wipe secrets that
 * the compiler cannot remove, and the shape of a random generator callback.
 */
#ifndef TACIT_PLATFORM_H
#define TACIT_PLATFORM_H

#include <stddef.h>

#include "tacit/config.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Random bytes for blinding, key generation and nonces: fill out[0..len)
 * and return 0, or return a negative error code.  tacit's own generator is
 * tacit_hmac_drbg_random (hmac_drbg.h); any function of this shape will do.
 */
typedef int (*tacit_rng_func)(void *p_rng, unsigned char *out, size_t len);

/*
 * Overwrite len bytes at p with zeros in a way the optimiser may not elide
 * (a dead-store elimination would otherwise remove the wipe of a buffer that
 * is about to be freed).  p may be NULL when len is 0.
 */
void tacit_platform_zeroize(void *p, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_PLATFORM_H */
