/*
 * Zeroization the optimiser cannot remove.
 */
#include "tacit/platform.h"

#include <string.h>

/*
 * Calling memset through a volatile function pointer: the compiler cannot
 * prove which function runs, so it cannot drop the call as a dead store.
 */
static void *(*const volatile tacit_memset_ptr)(void *, int, size_t) = memset;

void tacit_platform_zeroize(void *p, size_t len)
{
    if (len > 0) {
        tacit_memset_ptr(p, 0, len);
    }
}
