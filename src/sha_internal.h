/*
 * SHA back ends (internal).
 *
 * Two portable forms of each compression function:
 *   - unrolled (default): every round written out, the working variables
 *     renamed instead of moved.  Fast; large in Thumb-2 code (SHA-1
 *     4.5 KiB, SHA-256 7 KiB, SHA-512 33 KiB at -O2).
 *   - compact: one loop over the rounds.  About 1.7x the instructions on
 *     x86-64 (gcc -O2), 1.2 KiB (SHA-256) and 1.9 KiB (SHA-512) of Thumb-2
 *     code at -Os (SHA-1 0.8 KiB).  Chosen when TACIT_SHA_SMALL is defined
 *     or the compiler optimises for size (-Os defines __OPTIMIZE_SIZE__).
 * Both index memory by the round number only: no secret-dependent branch
 * or address.
 *
 * On x86 with the SHA extensions (SHA-NI: Goldmont, Ice Lake, Zen and
 * later) sha256.c hands whole blocks to tacit_sha256_shani_blocks, chosen
 * once at run time from CPUID.  The instructions have data-independent
 * timing, like the portable code.  Define TACIT_SHA256_NO_ACCEL to build
 * the portable code only.
 */
#ifndef TACIT_SHA_INTERNAL_H
#define TACIT_SHA_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "tacit/config.h"

#if defined(TACIT_SHA_SMALL) || defined(__OPTIMIZE_SIZE__)
#define TACIT_SHA_COMPACT 1
#endif

#if !defined(TACIT_SHA256_NO_ACCEL) && (defined(__x86_64__) || defined(__i386__)) && \
    (defined(__GNUC__) || defined(__clang__))
#define TACIT_SHA256_HAVE_SHANI 1

/* Non-zero when the CPU has SHA-NI and SSE4.1. */
int tacit_sha256_shani_available(void);

/* Compress nblocks 64-byte blocks with the SHA extensions. */
void tacit_sha256_shani_blocks(uint32_t state[8], const unsigned char *p, size_t nblocks);
#endif

#if defined(TACIT_TEST_HOOKS)
/* Tests set this to 1 to force the portable SHA-256 code (no SHA-NI). */
extern int tacit_sha256_hook_portable;
/*
 * Tests set this to 1 to run the compact compression functions of SHA-1,
 * SHA-256 and SHA-512 in a build that otherwise uses the unrolled ones
 * (test builds compile both).
 */
extern int tacit_sha_hook_compact;
#endif

#endif /* TACIT_SHA_INTERNAL_H */
