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

/*
 * The heap.  Every allocation the library makes goes through
 * TACIT_PLATFORM_CALLOC(count, size) (zeroed memory or NULL, like calloc)
 * and every release through TACIT_PLATFORM_FREE(ptr) (NULL allowed, like
 * free).  Both default to the C library's calloc and free; a firmware
 * configuration (TACIT_CONFIG_FILE) may define both, e.g. to an RTOS pool
 * allocator, declaring the functions it names.  Defining only one of them
 * is refused.  A failed allocation makes the operation return
 * TACIT_ERR_ALLOC_FAILED with nothing leaked.  The ECC modules and bignum_core never allocate.
 */
#if defined(TACIT_PLATFORM_CALLOC) != defined(TACIT_PLATFORM_FREE)
#error "define both TACIT_PLATFORM_CALLOC and TACIT_PLATFORM_FREE, or neither"
#endif
#if !defined(TACIT_PLATFORM_CALLOC)
#include <stdlib.h>
#define TACIT_PLATFORM_CALLOC calloc
#define TACIT_PLATFORM_FREE free
#endif

#ifdef __cplusplus
}
#endif

#endif /* TACIT_PLATFORM_H */
