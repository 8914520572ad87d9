/*
 * Test hooks shared by the SHA modules (see sha_internal.h); compiled only
 * in builds with TACIT_TEST_HOOKS.
 */
#include "sha_internal.h"

#if defined(TACIT_TEST_HOOKS)
int tacit_sha_hook_compact;
#else
typedef int tacit_sha_hooks_unused;
#endif
