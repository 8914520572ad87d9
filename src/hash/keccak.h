/*
 * Keccak-f[1600] and parallel SHAKE streams (internal).
 *
 * ML-KEM and ML-DSA expand their matrices and masks from many independent
 * SHAKE streams: the _x4 functions run four of them at once (AVX2 on x86-64
 * when the CPU has it, four single permutations elsewhere).  The choice of
 * kernel is made here, in src/hash/keccak*.c, from the one CPU probe.
 */
#ifndef TACIT_HASH_KECCAK_H
#define TACIT_HASH_KECCAK_H

#include <stddef.h>
#include <stdint.h>

#define TACIT_SHAKE128_RATE 168
#define TACIT_SHAKE256_RATE 136

/* The permutation on 25 lanes (lane i = state[x + 5 y], FIPS 202 little-endian lanes). */
void tacit_keccak_f1600(uint64_t state[25]);

/* Four SHAKE states, lane-interleaved as the kernels want them (private layout). */
typedef struct tacit_shake_x4 {
    uint64_t s[25 * 4];
} tacit_shake_x4;

/*
 * Absorb four inputs of the same length in one go (and pad: the streams are
 * then ready to squeeze), SHAKE128 or SHAKE256.
 */
void tacit_shake128_x4_absorb_once(tacit_shake_x4 *st, const unsigned char *in0,
                                   const unsigned char *in1, const unsigned char *in2,
                                   const unsigned char *in3, size_t in_len);
void tacit_shake256_x4_absorb_once(tacit_shake_x4 *st, const unsigned char *in0,
                                   const unsigned char *in1, const unsigned char *in2,
                                   const unsigned char *in3, size_t in_len);

/* Squeeze nblocks whole blocks (168 or 136 bytes each) from each of the four streams. */
void tacit_shake128_x4_squeezeblocks(tacit_shake_x4 *st, unsigned char *out0, unsigned char *out1,
                                     unsigned char *out2, unsigned char *out3, size_t nblocks);
void tacit_shake256_x4_squeezeblocks(tacit_shake_x4 *st, unsigned char *out0, unsigned char *out1,
                                     unsigned char *out2, unsigned char *out3, size_t nblocks);

/*
 * Four sponges driven by the caller, each with its own rate, input and
 * padding (e.g. a SHA3-256, a SHAKE256 and a SHAKE128 at once): XOR bytes
 * into stream j's state at byte offset off (off + len <= 200), permute the
 * four states, read bytes of stream j's state, or all of it as a single
 * state for the one-stream helpers below.  tacit_keccak_x4_parallel() is 1
 * when the four permutations run at about the cost of one (vector kernels),
 * 0 when they are four single permutations.
 */
void tacit_keccak_x4_xor_bytes(tacit_shake_x4 *st, unsigned j, unsigned off,
                               const unsigned char *in, size_t len);
void tacit_keccak_x4_permute(tacit_shake_x4 *st);
void tacit_keccak_x4_extract_bytes(const tacit_shake_x4 *st, unsigned j, unsigned off,
                                   unsigned char *out, size_t len);
void tacit_keccak_x4_get_state(const tacit_shake_x4 *st, unsigned j, uint64_t state[25]);
int tacit_keccak_x4_parallel(void);

/*
 * Eight SHAKE states: with AVX-512 one permutation runs all eight (a state
 * per 64-bit lane of the zmm registers: tacit_keccak_x8_parallel() is 1),
 * elsewhere as two four-way states side by side (private layout, chosen at
 * absorb: halves == 0, lane i of stream j at s[8 * i + j]; halves == 1, two
 * tacit_shake_x4 states, streams 0..3 then 4..7).
 */
typedef struct tacit_shake_x8 {
    uint64_t s[25 * 8];
    unsigned halves;
} tacit_shake_x8;

/*
 * Absorb eight inputs in one go, in[j] of in_len[j] bytes (the lengths may
 * differ; they are public: the number of permutations depends on them),
 * and pad: the streams are then ready to squeeze.
 */
void tacit_shake128_x8_absorb_once(tacit_shake_x8 *st, const unsigned char *const in[8],
                                   const size_t in_len[8]);
void tacit_shake256_x8_absorb_once(tacit_shake_x8 *st, const unsigned char *const in[8],
                                   const size_t in_len[8]);
/* Squeeze nblocks whole blocks (168 or 136 bytes each) from each stream j into out[j]. */
void tacit_shake128_x8_squeezeblocks(tacit_shake_x8 *st, unsigned char *const out[8],
                                     size_t nblocks);
void tacit_shake256_x8_squeezeblocks(tacit_shake_x8 *st, unsigned char *const out[8],
                                     size_t nblocks);
int tacit_keccak_x8_parallel(void);

/* Single-stream block helpers for callers that squeeze whole blocks (ML-KEM, ML-DSA). */
void tacit_shake128_absorb_once(uint64_t state[25], const unsigned char *in, size_t in_len);
void tacit_shake256_absorb_once(uint64_t state[25], const unsigned char *in, size_t in_len);
void tacit_shake128_squeezeblocks(uint64_t state[25], unsigned char *out, size_t nblocks);
void tacit_shake256_squeezeblocks(uint64_t state[25], unsigned char *out, size_t nblocks);

#endif /* TACIT_HASH_KECCAK_H */
