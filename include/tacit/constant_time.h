/*
 * Public constant-time helpers.
 *
 * The full set of primitives (masks, selects, the optimisation barrier) is
 * internal to the library (src/core/constant_time_internal.h); users get what a
 * protocol implementation needs: comparing a secret tag or MAC.
 *
 * Threads: no state; every function is reentrant.
 */
#ifndef TACIT_CONSTANT_TIME_H
#define TACIT_CONSTANT_TIME_H

#include <stddef.h>

#include "tacit/config.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Compare len bytes of a and b.  Returns 0 when they are equal and a non-zero
 * value otherwise.  The time taken depends on len only, never on the content
 * or on the position of the first difference.  Unlike memcmp there is no
 * ordering: use it for equality only.
 */
int tacit_ct_memcmp(const void *a, const void *b, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_CONSTANT_TIME_H */
