/*
 * Constant-flow test annotations.
 *
 * TACIT_TEST_CF_SECRET(p, len) tells valgrind memcheck that the bytes are
 * "undefined": any branch or memory address computed from them is reported
 * ("Conditional jump or move depends on uninitialised value(s)", "Use of
 * uninitialised value of size N").  TACIT_TEST_CF_PUBLIC(p, len) makes them
 * defined again, e.g. before comparing a result with the expected answer.
 * Both are no-ops unless the build has TACIT_TEST_CONSTANT_FLOW=ON, and
 * ctest runs the `ct` label under valgrind in that build only.
 */
#ifndef TACIT_TEST_CONSTANT_FLOW_H
#define TACIT_TEST_CONSTANT_FLOW_H

#if defined(TACIT_TEST_CONSTANT_FLOW)
#include <valgrind/memcheck.h>
#define TACIT_TEST_CF_SECRET(p, len) ((void)VALGRIND_MAKE_MEM_UNDEFINED((p), (len)))
#define TACIT_TEST_CF_PUBLIC(p, len) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (len)))
#define TACIT_TEST_CF_ENABLED 1
#else
#define TACIT_TEST_CF_SECRET(p, len) ((void)(p), (void)(len))
#define TACIT_TEST_CF_PUBLIC(p, len) ((void)(p), (void)(len))
#define TACIT_TEST_CF_ENABLED 0
#endif

#endif /* TACIT_TEST_CONSTANT_FLOW_H */
