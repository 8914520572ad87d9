/*
 * Keccak-f[1600] in portable C on 64-bit lanes, and the round constants the
 * x86-64 kernels share.  (The sponge helpers on top of whichever permutation
 * keccak_dispatch.c picks are in keccak.c.)
 *
 * The rounds come from src/hash/keccak_round_gen.h (scripts/gen/gen_keccak.py),
 * two per loop iteration (state A to E, E back to A: no copies).  Where the
 * target has no and-not instruction (x86-64 without BMI1), the round runs on
 * the lane-complemented state (six lanes kept inverted, see the generator):
 * chi then needs one NOT per row instead of five (computed once into NB:
 * gcc would complement a lane once per use, 8 NOTs a round instead of 5).  The six lanes are
 * inverted on entry and on exit, so the state a caller sees is always the
 * plain FIPS 202 one.
 *
 * Everything here indexes memory by round number and byte position only:
 * no branch or address depends on the data.
 */
#include "tacit/config.h"

#if defined(TACIT_SHA3_C)

#include <string.h>

#include "hash/keccak_internal.h"
#include "hash/keccak_f1600_scalar.h"
#include "hash/keccak_round_gen.h"

#if (defined(__x86_64__) || defined(__i386__)) && !defined(__BMI__)
#define KECCAK_LANE_COMPLEMENT 1
#endif

const uint64_t tacit_keccak_rc[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808AULL, 0x8000000080008000ULL,
    0x000000000000808BULL, 0x0000000080000001ULL, 0x8000000080008081ULL, 0x8000000000008009ULL,
    0x000000000000008AULL, 0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000AULL,
    0x000000008000808BULL, 0x800000000000008BULL, 0x8000000000008089ULL, 0x8000000000008003ULL,
    0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800AULL, 0x800000008000000AULL,
    0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
};

#if defined(KECCAK_LANE_COMPLEMENT)
#define KECCAK_ROUND KECCAK_ROUND_LC
static void complement_lanes(uint64_t s[25])
{
    s[1] = ~s[1];
    s[2] = ~s[2];
    s[8] = ~s[8];
    s[12] = ~s[12];
    s[17] = ~s[17];
    s[20] = ~s[20];
}
#else
#define KECCAK_ROUND KECCAK_ROUND_PLAIN
#endif

void tacit_keccak_f1600_portable(uint64_t state[25])
{
#if defined(KECCAK_LANE_COMPLEMENT)
    complement_lanes(state);
#endif
    KECCAK_F1600_SCALAR(KECCAK_ROUND, state);
#if defined(KECCAK_LANE_COMPLEMENT)
    complement_lanes(state);
#endif
}

#endif /* TACIT_SHA3_C */

typedef int tacit_keccak_f1600_unused;
