/*
 * One Keccak-f[1600] state in general registers with BMI1 and BMI2: the
 * plain round of keccak_round_gen.h (chi's and-nots are ANDN, no lane
 * complementing needed) and RORX for the rotations (three-operand: fewer
 * register copies).  About 4,700 instructions a permutation against 5,700
 * for the portable code compiled for baseline x86-64 (callgrind).  Chosen
 * by src/hash/keccak_dispatch.c on CPUs with BMI1 and BMI2
 * (TACIT_CPU_BMI2) but without AVX-512VL.  No branch or address depends on
 * the data.
 */
#include "hash/keccak_internal.h"

#if defined(TACIT_SHA3_C) && defined(TACIT_KECCAK_X86_64)

#include <string.h>

#include "hash/keccak_f1600_scalar.h"
#include "hash/keccak_round_gen.h"

/*
 * GCC: without its second scheduling pass and with its loop unrolling
 * (which also renames registers) the permutation takes 624 TSC ticks instead
 * of 650 on Zen 4 (gcc 12, min of 200k runs), the order of the round as
 * written keeping the lanes' live ranges short.  Clang ignores neither
 * attribute silently, hence the test.
 */
#if defined(__GNUC__) && !defined(__clang__)
#define KECCAK_BMI_TUNING , optimize("no-schedule-insns2", "unroll-loops")
#else
#define KECCAK_BMI_TUNING
#endif

__attribute__((target("bmi,bmi2") KECCAK_BMI_TUNING)) void tacit_keccak_f1600_bmi(
    uint64_t state[25])
{
    KECCAK_F1600_SCALAR(KECCAK_ROUND_PLAIN, state);
}

#define KECCAK_BMI_LOCALS                                                                          \
    uint64_t Aba, Abe, Abi, Abo, Abu, Aga, Age, Agi, Ago, Agu, Aka, Ake, Aki, Ako, Aku;            \
    uint64_t Ama, Ame, Ami, Amo, Amu, Asa, Ase, Asi, Aso, Asu;                                     \
    uint64_t Eba, Ebe, Ebi, Ebo, Ebu, Ega, Ege, Egi, Ego, Egu, Eka, Eke, Eki, Eko, Eku;            \
    uint64_t Ema, Eme, Emi, Emo, Emu, Esa, Ese, Esi, Eso, Esu;                                     \
    uint64_t Ca, Ce, Ci, Co, Cu, Da, De, Di, Do, Du, Ba, Be, Bi, Bo, Bu

/* A little-endian lane of the input (x86-64 is little-endian; any alignment). */
static inline uint64_t keccak_bmi_load(const unsigned char *p)
{
    uint64_t v;

    memcpy(&v, p, sizeof(v));
    return v;
}

/*
 * Whole blocks of rate bytes (72, 104, 136, 144 or 168) XORed in and
 * permuted, the lanes kept in locals from one block to the next: no call,
 * no store and reload of the state between blocks.  The branches depend on
 * the rate and the block count (public) only.
 */
__attribute__((target("bmi,bmi2") KECCAK_BMI_TUNING)) void tacit_keccak_absorb_blocks_bmi(
    uint64_t state[25], const unsigned char *in, size_t nblocks, unsigned rate)
{
    KECCAK_BMI_LOCALS;
    unsigned r_;

    Aba = state[0];
    Abe = state[1];
    Abi = state[2];
    Abo = state[3];
    Abu = state[4];
    Aga = state[5];
    Age = state[6];
    Agi = state[7];
    Ago = state[8];
    Agu = state[9];
    Aka = state[10];
    Ake = state[11];
    Aki = state[12];
    Ako = state[13];
    Aku = state[14];
    Ama = state[15];
    Ame = state[16];
    Ami = state[17];
    Amo = state[18];
    Amu = state[19];
    Asa = state[20];
    Ase = state[21];
    Asi = state[22];
    Aso = state[23];
    Asu = state[24];
    for (; nblocks > 0; nblocks--, in += rate) {
        Aba ^= keccak_bmi_load(in + 0);
        Abe ^= keccak_bmi_load(in + 8);
        Abi ^= keccak_bmi_load(in + 16);
        Abo ^= keccak_bmi_load(in + 24);
        Abu ^= keccak_bmi_load(in + 32);
        Aga ^= keccak_bmi_load(in + 40);
        Age ^= keccak_bmi_load(in + 48);
        Agi ^= keccak_bmi_load(in + 56);
        Ago ^= keccak_bmi_load(in + 64);
        if (rate > 72) {
            Agu ^= keccak_bmi_load(in + 72);
            Aka ^= keccak_bmi_load(in + 80);
            Ake ^= keccak_bmi_load(in + 88);
            Aki ^= keccak_bmi_load(in + 96);
        }
        if (rate > 104) {
            Ako ^= keccak_bmi_load(in + 104);
            Aku ^= keccak_bmi_load(in + 112);
            Ama ^= keccak_bmi_load(in + 120);
            Ame ^= keccak_bmi_load(in + 128);
        }
        if (rate > 136) {
            Ami ^= keccak_bmi_load(in + 136);
        }
        if (rate > 144) {
            Amo ^= keccak_bmi_load(in + 144);
            Amu ^= keccak_bmi_load(in + 152);
            Asa ^= keccak_bmi_load(in + 160);
        }
        for (r_ = 0; r_ < 24; r_ += 2) {
            KECCAK_ROUND_PLAIN(A, E, tacit_keccak_rc[r_]);
            KECCAK_ROUND_PLAIN(E, A, tacit_keccak_rc[r_ + 1]);
        }
    }
    state[0] = Aba;
    state[1] = Abe;
    state[2] = Abi;
    state[3] = Abo;
    state[4] = Abu;
    state[5] = Aga;
    state[6] = Age;
    state[7] = Agi;
    state[8] = Ago;
    state[9] = Agu;
    state[10] = Aka;
    state[11] = Ake;
    state[12] = Aki;
    state[13] = Ako;
    state[14] = Aku;
    state[15] = Ama;
    state[16] = Ame;
    state[17] = Ami;
    state[18] = Amo;
    state[19] = Amu;
    state[20] = Asa;
    state[21] = Ase;
    state[22] = Asi;
    state[23] = Aso;
    state[24] = Asu;
}

#else
typedef int tacit_keccak_bmi_unused;
#endif
