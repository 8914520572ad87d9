/*
 * Keccak-f[1600] for 32-bit targets, on the bit-interleaved form (the Keccak
 * team's "bit interleaving" technique): each 64-bit lane is held as two
 * 32-bit words, one with its even bits and one with its odd bits, so that
 * every 64-bit rotation of theta and rho becomes one or two 32-bit
 * rotations (free on Arm, where an operand may be rotated in the same
 * instruction) instead of four shifts and two ors on register pairs.
 *
 * Where it is the kernel (TACIT_KECCAK_INTER32, keccak_internal.h: targets
 * with 32-bit registers), the sponge state stays in that form from absorb to
 * squeeze (lane = even word | odd word << 32): keccak.c and keccak_dispatch.c
 * convert the lanes they XOR in and read out (TACIT_KECCAK_LANE_IN/OUT), so
 * a permutation (tacit_keccak_f1600_inter32_raw) converts nothing.
 * tacit_keccak_f1600_inter32 takes and returns the plain FIPS 202 state (the
 * tests compare it bit for bit with the 64-bit code on every host).  The
 * round is KECCAK_ROUND_INTER32 of keccak_round_gen.h
 * (scripts/gen/gen_keccak.py).  No branch or address depends on the data.
 */
#include "tacit/config.h"

#if defined(TACIT_SHA3_C)

#include "hash/keccak_internal.h"
#include "hash/keccak_round_gen.h"

#define ROL32(x, n) ((uint32_t)(((x) << (n)) | ((x) >> (32 - (n)))))

/* The round constants of tacit_keccak_rc, interleaved: even-bit word, odd-bit word. */
static const uint32_t rc_inter32[48] = {
    0x00000001U, 0x00000000U, 0x00000000U, 0x00000089U, 0x00000000U, 0x8000008BU, 0x00000000U,
    0x80008080U, 0x00000001U, 0x0000008BU, 0x00000001U, 0x00008000U, 0x00000001U, 0x80008088U,
    0x00000001U, 0x80000082U, 0x00000000U, 0x0000000BU, 0x00000000U, 0x0000000AU, 0x00000001U,
    0x00008082U, 0x00000000U, 0x00008003U, 0x00000001U, 0x0000808BU, 0x00000001U, 0x8000000BU,
    0x00000001U, 0x8000008AU, 0x00000001U, 0x80000081U, 0x00000000U, 0x80000081U, 0x00000000U,
    0x80000008U, 0x00000000U, 0x00000083U, 0x00000000U, 0x80008003U, 0x00000001U, 0x80008088U,
    0x00000000U, 0x80000088U, 0x00000001U, 0x00008000U, 0x00000000U, 0x80008082U,
};

/* Even bits of x to the low half, odd bits to the high half (four delta swaps). */
static uint32_t unshuffle32(uint32_t x)
{
    uint32_t t;

    t = (x ^ (x >> 1)) & 0x22222222U;
    x ^= t ^ (t << 1);
    t = (x ^ (x >> 2)) & 0x0C0C0C0CU;
    x ^= t ^ (t << 2);
    t = (x ^ (x >> 4)) & 0x00F000F0U;
    x ^= t ^ (t << 4);
    t = (x ^ (x >> 8)) & 0x0000FF00U;
    x ^= t ^ (t << 8);
    return x;
}

/* The inverse of unshuffle32. */
static uint32_t shuffle32(uint32_t x)
{
    uint32_t t;

    t = (x ^ (x >> 8)) & 0x0000FF00U;
    x ^= t ^ (t << 8);
    t = (x ^ (x >> 4)) & 0x00F000F0U;
    x ^= t ^ (t << 4);
    t = (x ^ (x >> 2)) & 0x0C0C0C0CU;
    x ^= t ^ (t << 2);
    t = (x ^ (x >> 1)) & 0x22222222U;
    x ^= t ^ (t << 1);
    return x;
}

uint64_t tacit_keccak_lane_to_inter32(uint64_t lane)
{
    uint32_t lo = unshuffle32((uint32_t)lane);
    uint32_t hi = unshuffle32((uint32_t)(lane >> 32));

    return (uint64_t)((lo & 0xFFFFU) | (hi << 16)) |
           ((uint64_t)((lo >> 16) | (hi & 0xFFFF0000U)) << 32);
}

uint64_t tacit_keccak_lane_from_inter32(uint64_t w)
{
    uint32_t even = (uint32_t)w, odd = (uint32_t)(w >> 32);
    uint32_t lo = shuffle32((even & 0xFFFFU) | (odd << 16));
    uint32_t hi = shuffle32((even >> 16) | (odd & 0xFFFF0000U));

    return (uint64_t)lo | ((uint64_t)hi << 32);
}

void tacit_keccak_f1600_inter32(uint64_t state[25])
{
    unsigned i;

    for (i = 0; i < 25; i++) {
        state[i] = tacit_keccak_lane_to_inter32(state[i]);
    }
    tacit_keccak_f1600_inter32_raw(state);
    for (i = 0; i < 25; i++) {
        state[i] = tacit_keccak_lane_from_inter32(state[i]);
    }
}

#define LOAD(L, i)                                                                                 \
    do {                                                                                           \
        L##0 = (uint32_t)state[i];                                                                 \
        L##1 = (uint32_t)(state[i] >> 32);                                                         \
    } while (0)
#define STORE(L, i) state[i] = (uint64_t)L##0 | ((uint64_t)L##1 << 32)

void tacit_keccak_f1600_inter32_raw(uint64_t state[25])
{
    uint32_t Aba0, Abe0, Abi0, Abo0, Abu0, Aga0, Age0, Agi0, Ago0, Agu0, Aka0, Ake0, Aki0;
    uint32_t Ako0, Aku0, Ama0, Ame0, Ami0, Amo0, Amu0, Asa0, Ase0, Asi0, Aso0, Asu0;
    uint32_t Aba1, Abe1, Abi1, Abo1, Abu1, Aga1, Age1, Agi1, Ago1, Agu1, Aka1, Ake1, Aki1;
    uint32_t Ako1, Aku1, Ama1, Ame1, Ami1, Amo1, Amu1, Asa1, Ase1, Asi1, Aso1, Asu1;
    uint32_t Eba0, Ebe0, Ebi0, Ebo0, Ebu0, Ega0, Ege0, Egi0, Ego0, Egu0, Eka0, Eke0, Eki0;
    uint32_t Eko0, Eku0, Ema0, Eme0, Emi0, Emo0, Emu0, Esa0, Ese0, Esi0, Eso0, Esu0;
    uint32_t Eba1, Ebe1, Ebi1, Ebo1, Ebu1, Ega1, Ege1, Egi1, Ego1, Egu1, Eka1, Eke1, Eki1;
    uint32_t Eko1, Eku1, Ema1, Eme1, Emi1, Emo1, Emu1, Esa1, Ese1, Esi1, Eso1, Esu1;
    uint32_t Ca0, Ce0, Ci0, Co0, Cu0, Da0, De0, Di0, Do0, Du0, Ba0, Be0, Bi0, Bo0, Bu0;
    uint32_t Ca1, Ce1, Ci1, Co1, Cu1, Da1, De1, Di1, Do1, Du1, Ba1, Be1, Bi1, Bo1, Bu1;
    unsigned r;

    LOAD(Aba, 0);
    LOAD(Abe, 1);
    LOAD(Abi, 2);
    LOAD(Abo, 3);
    LOAD(Abu, 4);
    LOAD(Aga, 5);
    LOAD(Age, 6);
    LOAD(Agi, 7);
    LOAD(Ago, 8);
    LOAD(Agu, 9);
    LOAD(Aka, 10);
    LOAD(Ake, 11);
    LOAD(Aki, 12);
    LOAD(Ako, 13);
    LOAD(Aku, 14);
    LOAD(Ama, 15);
    LOAD(Ame, 16);
    LOAD(Ami, 17);
    LOAD(Amo, 18);
    LOAD(Amu, 19);
    LOAD(Asa, 20);
    LOAD(Ase, 21);
    LOAD(Asi, 22);
    LOAD(Aso, 23);
    LOAD(Asu, 24);

    for (r = 0; r < 48; r += 4) {
        KECCAK_ROUND_INTER32(A, E, rc_inter32[r], rc_inter32[r + 1]);
        KECCAK_ROUND_INTER32(E, A, rc_inter32[r + 2], rc_inter32[r + 3]);
    }

    STORE(Aba, 0);
    STORE(Abe, 1);
    STORE(Abi, 2);
    STORE(Abo, 3);
    STORE(Abu, 4);
    STORE(Aga, 5);
    STORE(Age, 6);
    STORE(Agi, 7);
    STORE(Ago, 8);
    STORE(Agu, 9);
    STORE(Aka, 10);
    STORE(Ake, 11);
    STORE(Aki, 12);
    STORE(Ako, 13);
    STORE(Aku, 14);
    STORE(Ama, 15);
    STORE(Ame, 16);
    STORE(Ami, 17);
    STORE(Amo, 18);
    STORE(Amu, 19);
    STORE(Asa, 20);
    STORE(Ase, 21);
    STORE(Asi, 22);
    STORE(Aso, 23);
    STORE(Asu, 24);
}

#else
typedef int tacit_keccak_f1600_inter32_unused;
#endif /* TACIT_SHA3_C */
