/*
 * SHA-256 compression back ends (internal).
 *
 * On x86 with the SHA extensions (SHA-NI: Goldmont, Ice Lake, Zen and
 * later) sha256.c hands whole blocks to tacit_sha256_shani_blocks, chosen
 * once at run time from CPUID.  The instructions have data-independent
 * timing, like the portable code.  Define TACIT_SHA256_NO_ACCEL to build
 * the portable code only.
 */
#ifndef TACIT_SHA256_INTERNAL_H
#define TACIT_SHA256_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "tacit/config.h"

#if !defined(TACIT_SHA256_NO_ACCEL) && (defined(__x86_64__) || defined(__i386__)) && \
    (defined(__GNUC__) || defined(__clang__))
#define TACIT_SHA256_HAVE_SHANI 1

/* Non-zero when the CPU has SHA-NI and SSE4.1. */
int tacit_sha256_shani_available(void);

/* Compress nblocks 64-byte blocks with the SHA extensions. */
void tacit_sha256_shani_blocks(uint32_t state[8], const unsigned char *p, size_t nblocks);
#endif

#if defined(TACIT_TEST_HOOKS)
/* Tests set this to 1 to force the portable compression function. */
extern int tacit_sha256_hook_portable;
#endif

#endif /* TACIT_SHA256_INTERNAL_H */
