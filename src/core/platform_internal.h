/*
 * The library's one door to the heap (see TACIT_PLATFORM_CALLOC in
 * tacit/platform.h): every allocation calls tacit_platform_calloc and every
 * release tacit_platform_free, so a configuration can redirect them and the
 * tests can count them and make them fail.
 */
#ifndef TACIT_PLATFORM_INTERNAL_H
#define TACIT_PLATFORM_INTERNAL_H

#include <stddef.h>

#include "tacit/platform.h"

/* Zeroed memory for count * size bytes (overflow-checked), or NULL. */
void *tacit_platform_calloc(size_t count, size_t size);
/* Release memory from tacit_platform_calloc; NULL is a no-op. */
void tacit_platform_free(void *p);

#if defined(TACIT_TEST_HOOKS)
/*
 * Test allocator (test builds only): tacit_platform_test_alloc_fail_at = N
 * (N >= 1) makes the Nth allocation from now on fail, once;
 * 0 fails none.  The counters count every allocation since the program
 * started and the blocks still live; they are updated atomically so
 * multi-threaded suites keep them right.
 */
extern unsigned long tacit_platform_test_alloc_fail_at;
unsigned long tacit_platform_test_alloc_count(void);
long tacit_platform_test_alloc_live(void);
#endif

#endif /* TACIT_PLATFORM_INTERNAL_H */
