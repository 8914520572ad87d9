/*
 * Keccak kernels and sponge helpers (internal to src/hash/).
 *
 * The kernels are chosen in one place, src/hash/keccak_dispatch.c: callers
 * use tacit_keccak_f1600 (keccak.h) and tacit_keccak_f1600_x4 below, never a
 * kernel directly (the tests reach the others through tacit_cpu_hook_disable).
 */
#ifndef TACIT_HASH_KECCAK_INTERNAL_H
#define TACIT_HASH_KECCAK_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "hash/keccak.h"
#include "tacit/config.h"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#include "core/cpu_x86.h"
#endif
#if defined(TACIT_HAVE_CPU_X86) && defined(__x86_64__)
#define TACIT_KECCAK_X86_64 1
#endif

/* The 24 round constants (keccak_f1600.c). */
extern const uint64_t tacit_keccak_rc[24];

/* Portable C (keccak_f1600.c): 64-bit lanes, lane complementing where it pays. */
void tacit_keccak_f1600_portable(uint64_t state[25]);

/*
 * Portable C on the bit-interleaved 32-bit form (keccak_f1600_inter32.c):
 * lane = (even bits) | (odd bits) << 32.  _raw permutes a state held in that
 * form; tacit_keccak_f1600_inter32 converts a plain state in and out (tests).
 */
void tacit_keccak_f1600_inter32_raw(uint64_t state[25]);
void tacit_keccak_f1600_inter32(uint64_t state[25]);
uint64_t tacit_keccak_lane_to_inter32(uint64_t lane);
uint64_t tacit_keccak_lane_from_inter32(uint64_t w);

/*
 * TACIT_KECCAK_INTER32: the bit-interleaved kernel, chosen at compile time
 * on targets with 32-bit registers (UINTPTR_MAX is 2^32 - 1: Thumb, armhf,
 * i386), in 32-bit-limb builds (TACIT_MPI_LIMB_BITS 32, which stand in for
 * those targets on a 64-bit host), or when the config defines
 * TACIT_KECCAK_INTERLEAVED.  Then every sponge state (single, x4, x8) holds
 * its lanes in the interleaved form between calls, the x86-64 vector
 * kernels are not used, and the sponge code converts each lane it XORs in
 * or reads out with TACIT_KECCAK_LANE_IN / TACIT_KECCAK_LANE_OUT (identity
 * otherwise).
 */
#if defined(TACIT_KECCAK_INTERLEAVED) || UINTPTR_MAX == 0xffffffffU ||                             \
    (defined(TACIT_MPI_LIMB_BITS) && TACIT_MPI_LIMB_BITS == 32)
#define TACIT_KECCAK_INTER32 1
#undef TACIT_KECCAK_X86_64
#define tacit_keccak_f1600_scalar tacit_keccak_f1600_inter32_raw
#define TACIT_KECCAK_LANE_IN(v) tacit_keccak_lane_to_inter32(v)
#define TACIT_KECCAK_LANE_OUT(w) tacit_keccak_lane_from_inter32(w)
#else
#define tacit_keccak_f1600_scalar tacit_keccak_f1600_portable
#define TACIT_KECCAK_LANE_IN(v) (v)
#define TACIT_KECCAK_LANE_OUT(w) (w)
#endif

/*
 * Four permutations on the interleaved layout of tacit_shake_x4: lane i of
 * state j is s[4 * i + j].
 */
void tacit_keccak_f1600_x4(uint64_t s[100]);

/* Eight permutations on the tacit_shake_x8 layout: lane i of state j is s[8 * i + j]. */
void tacit_keccak_f1600_x8(uint64_t s[200]);

#if defined(TACIT_KECCAK_X86_64)
/* The TACIT_CPU_* bits of this CPU, for the Keccak kernels (hash_dispatch.c). */
unsigned tacit_keccak_cpu(void);
/* x86_64/keccak_x4_avx2.c: four states in the ymm lanes (needs TACIT_CPU_AVX2). */
void tacit_keccak_f1600_x4_avx2(uint64_t s[100]);
/* The same four-way in x86_64/keccak_x4_avx2.c, with vprolq/vpternlogq (TACIT_CPU_AVX512). */
void tacit_keccak_f1600_x4_avx512(uint64_t s[100]);
/* x86_64/keccak_x8_avx512.c: eight states in the zmm lanes (needs TACIT_CPU_AVX512). */
void tacit_keccak_f1600_x8_avx512(uint64_t s[200]);
/* x86_64/keccak_bmi.c: one state in general registers, ANDN and RORX (TACIT_CPU_BMI2). */
void tacit_keccak_f1600_bmi(uint64_t state[25]);
/*
 * The same kernel on a whole short message (x86_64/keccak_bmi.c): len < rate
 * input bytes padded with ds, one permutation, out_len <= rate bytes out.
 */
void tacit_keccak_bmi_short(const unsigned char *in, size_t len, unsigned rate, unsigned char ds,
                            unsigned char *out, size_t out_len);
/* The same kernel XORing in and permuting whole blocks (x86_64/keccak_bmi.c; rate <= 168). */
void tacit_keccak_absorb_blocks_bmi(uint64_t state[25], const unsigned char *in, size_t nblocks,
                                    unsigned rate);
/* One state, that round on xmm registers (x86_64/keccak_x4_avx2.c; TACIT_CPU_AVX512). */
void tacit_keccak_f1600_avx512(uint64_t state[25]);
#endif

/*
 * Sponge helpers on one state (keccak.c).  pos is the byte offset in the
 * current block; rate in bytes (a multiple of 8, at most 168).
 */
/*
 * nblocks whole blocks of rate bytes XORed in from the start of the block,
 * each permuted (keccak_dispatch.c picks the kernel).
 */
void tacit_keccak_absorb_blocks(uint64_t state[25], const unsigned char *in, size_t nblocks,
                                unsigned rate);
/*
 * A whole message of in_len < rate bytes hashed with one permutation, when
 * this CPU's best kernel for it holds the state in registers: padded with
 * ds, out_len <= rate bytes written, 1 returned.  0 (nothing done) when the
 * caller's general path is the one to run.
 */
int tacit_keccak_short(const unsigned char *in, size_t in_len, unsigned rate, unsigned char ds,
                       unsigned char *out, size_t out_len);
/* XOR in bytes, permuting at each full block; returns the new pos. */
unsigned tacit_keccak_absorb(uint64_t state[25], unsigned pos, unsigned rate,
                             const unsigned char *in, size_t in_len);
/*
 * Pad (domain byte dsbyte: 0x06 SHA-3, 0x1F SHAKE) at pos.  Not permuted:
 * squeeze from pos = rate (it permutes first).
 */
void tacit_keccak_pad(uint64_t state[25], unsigned pos, unsigned rate, unsigned char dsbyte);
/* Read out bytes from pos (permuting first whenever pos == rate); returns the new pos. */
unsigned tacit_keccak_squeeze(uint64_t state[25], unsigned pos, unsigned rate, unsigned char *out,
                              size_t out_len);

#endif /* TACIT_HASH_KECCAK_INTERNAL_H */
