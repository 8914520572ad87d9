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
 * On x86 (GCC/clang) the CPU is probed once (CPUID) and:
 *   - SHA-256 runs on the SHA extensions (SHA-NI: Goldmont, Ice Lake, Zen
 *     and later) when present (sha256_shani.c);
 *   - otherwise the unrolled C is run from a copy compiled for BMI2 when
 *     the CPU has it (Haswell and later): RORX is a three-operand rotate,
 *     which saves the register copies the two-operand ROR needs.
 * All of these have data-independent timing.  TACIT_SHA_NO_ACCEL builds
 * the plain C only.
 */
#ifndef TACIT_SHA_INTERNAL_H
#define TACIT_SHA_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "tacit/config.h"

/* Compress nblocks consecutive 64-byte blocks into a 32-bit-word state. */
typedef void (*tacit_sha_blocks32_func)(uint32_t *state, const unsigned char *p, size_t nblocks);

/*
 * Streaming input of the 64-byte-block hashes (sha_block64.c): *total is the
 * byte count so far, buffer holds its last *total % 64 bytes.  ilen > 0.
 */
void tacit_sha_block64_update(uint32_t *state, unsigned char buffer[64], uint64_t *total,
                              const unsigned char *in, size_t ilen, tacit_sha_blocks32_func blocks);

#if defined(TACIT_SHA_SMALL) || defined(__OPTIMIZE_SIZE__)
#define TACIT_SHA_COMPACT 1
#endif

#if !defined(TACIT_SHA_NO_ACCEL) && (defined(__x86_64__) || defined(__i386__)) &&                  \
    (defined(__GNUC__) || defined(__clang__))
#define TACIT_SHA_X86 1

#include "core/cpu_x86.h"
/* the bits of the shared probe (cpu_x86.h) the SHA code uses */
#define TACIT_SHA_CPU_SHANI TACIT_CPU_SHANI /* SHA extensions and SSE4.1 */
#define TACIT_SHA_CPU_BMI2 TACIT_CPU_BMI2
#define TACIT_SHA_CPU_AVX2 TACIT_CPU_AVX2 /* AVX2 and the OS saves the YMM registers */
#define TACIT_SHA_CPU_AVX512VL                                                                     \
    TACIT_CPU_AVX512 /* AVX-512F and VL, and the OS saves the ZMM registers */

/*
 * Features of this CPU the SHA code can use (probed once); 0 under
 * tacit_sha_hook_plain, no AVX512VL under tacit_sha_hook_no_avx512.
 */
unsigned tacit_sha_cpu(void);

/* SHA-512: nblocks 128-byte blocks, schedule in AVX2 (sha512_avx2.c; x86-64, needs AVX2 and BMI2). */
void tacit_sha512_avx2_blocks(uint64_t state[8], const unsigned char *p, size_t nblocks);
/* The same with the schedule's rotations in AVX-512VL (needs TACIT_SHA_CPU_AVX512VL too). */
void tacit_sha512_avx512_blocks(uint64_t state[8], const unsigned char *p, size_t nblocks);

/* Compress nblocks 64-byte blocks with the SHA extensions. */
void tacit_sha256_shani_blocks(uint32_t state[8], const unsigned char *p, size_t nblocks);
/*
 * Compress the len / 64 whole blocks at p into init, then the other len % 64
 * bytes as the end of a total-byte message, padded in registers; write the
 * out_len-byte (28 or 32) digest to out and, if final_state is not NULL, the
 * final state words there.
 */
void tacit_sha256_shani_digest(const uint32_t init[8], uint32_t *final_state,
                               const unsigned char *p, size_t len, uint64_t total,
                               unsigned char *out, size_t out_len);
/* HMAC-SHA256's inner tail and outer block in registers (see tacit_sha256_raw_hmac_final). */
void tacit_sha256_shani_hmac_final(const uint32_t inner[8], const unsigned char *tail,
                                   size_t tail_len, uint64_t total, const uint32_t outer[8],
                                   unsigned char out[32]);

/*
 * For a copy of the unrolled code compiled for BMI2: the generic body is
 * always inlined into a wrapper carrying the target attribute.
 */
#define TACIT_SHA_INLINE static inline __attribute__((always_inline))
#define TACIT_SHA_TARGET_BMI2 __attribute__((target("bmi2")))
#else
#define TACIT_SHA_INLINE static
#endif

#if defined(TACIT_SHA256_C)
/*
 * SHA-256 on a bare state, without a context: the one-shots and
 * HMAC-SHA256 (hmac.c) use it so that a short message costs its
 * compressions and little else (no context to clear, copy or wipe).
 * tacit_sha256_raw_blocks compresses nblocks 64-byte blocks with the kernel
 * this CPU runs; tacit_sha256_raw_final pads the last tail_len (< 64) bytes
 * of a message of total bytes, compresses, writes out_len (28 or 32) bytes
 * and wipes its stack copy of the tail.  Lengths only decide what happens.
 */
extern const uint32_t tacit_sha256_iv[8];
void tacit_sha256_raw_blocks(uint32_t state[8], const unsigned char *p, size_t nblocks);
void tacit_sha256_raw_final(uint32_t state[8], const unsigned char *tail, size_t tail_len,
                            uint64_t total, unsigned char *out, size_t out_len);
/*
 * HMAC-SHA256's end: finish the inner hash (state, as raw_final) and hash
 * its digest from the outer state; out receives the 32-byte tag.  With the
 * SHA extensions the inner digest stays in registers.  state is wiped.
 */
void tacit_sha256_raw_hmac_final(uint32_t state[8], const unsigned char *tail, size_t tail_len,
                                 uint64_t total, const uint32_t outer[8], unsigned char out[32]);
#endif

#if defined(TACIT_TEST_HOOKS)
/* Tests set this to 1 to run the plain C code: no SHA-NI, no BMI2 copy. */
extern int tacit_sha_hook_plain;
/*
 * Tests set this to 1 (with tacit_sha_hook_plain) to run the compact
 * compression functions of SHA-1, SHA-256 and SHA-512 in a build that
 * otherwise uses the unrolled ones (test builds compile both).
 */
extern int tacit_sha_hook_compact;
/*
 * Tests set this to 1 to run SHA-512's AVX2 kernel on a CPU that would get
 * the AVX-512VL one (valgrind runs only the AVX2 one: it has no AVX-512).
 */
extern int tacit_sha_hook_no_avx512;
#endif

#endif /* TACIT_SHA_INTERNAL_H */
