/*
 * Zeroization the optimiser cannot remove, and the library's heap door.
 */
#include "core/platform_internal.h"

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

#if defined(TACIT_TEST_HOOKS)
unsigned long tacit_platform_test_alloc_fail_at;
static unsigned long alloc_count;
static long alloc_live;

#if defined(__GNUC__) || defined(__clang__)
#define ATOMIC_ADD(p, v) __atomic_add_fetch((p), (v), __ATOMIC_SEQ_CST)
#define ATOMIC_LOAD(p) __atomic_load_n((p), __ATOMIC_SEQ_CST)
#else
#define ATOMIC_ADD(p, v) (*(p) += (v))
#define ATOMIC_LOAD(p) (*(p))
#endif

unsigned long tacit_platform_test_alloc_count(void)
{
    return ATOMIC_LOAD(&alloc_count);
}

long tacit_platform_test_alloc_live(void)
{
    return ATOMIC_LOAD(&alloc_live);
}
#endif

void *tacit_platform_calloc(size_t count, size_t size)
{
    void *p;

#if defined(TACIT_TEST_HOOKS)
    if (tacit_platform_test_alloc_fail_at != 0 && --tacit_platform_test_alloc_fail_at == 0) {
        return NULL;
    }
#endif
    p = TACIT_PLATFORM_CALLOC(count, size);
#if defined(TACIT_TEST_HOOKS)
    if (p != NULL) {
        ATOMIC_ADD(&alloc_count, 1);
        ATOMIC_ADD(&alloc_live, 1);
    }
#endif
    return p;
}

void tacit_platform_free(void *p)
{
#if defined(TACIT_TEST_HOOKS)
    if (p != NULL) {
        ATOMIC_ADD(&alloc_live, -1);
    }
#endif
    TACIT_PLATFORM_FREE(p);
}
