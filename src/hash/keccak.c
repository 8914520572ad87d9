/*
 * Keccak-f[1600] in portable C on 64-bit lanes, and the sponge helpers
 * SHA-3, SHAKE and the block API share.
 *
 * The rounds come from src/hash/keccak_round_gen.h (scripts/gen/gen_keccak.py),
 * two per loop iteration (state A to E, E back to A: no copies).  Where the
 * target has no and-not instruction (x86-64 without BMI1), the round runs on
 * the lane-complemented state (six lanes kept inverted, see the generator):
 * chi then needs one NOT per row instead of five.  The six lanes are
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
#include "hash/keccak_round_gen.h"

#if (defined(__x86_64__) || defined(__i386__)) && !defined(__BMI__)
#define KECCAK_LANE_COMPLEMENT 1
#endif

#define ROL64(x, n) (((x) << (n)) | ((x) >> (64 - (n))))

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
    uint64_t Aba, Abe, Abi, Abo, Abu, Aga, Age, Agi, Ago, Agu, Aka, Ake, Aki, Ako, Aku;
    uint64_t Ama, Ame, Ami, Amo, Amu, Asa, Ase, Asi, Aso, Asu;
    uint64_t Eba, Ebe, Ebi, Ebo, Ebu, Ega, Ege, Egi, Ego, Egu, Eka, Eke, Eki, Eko, Eku;
    uint64_t Ema, Eme, Emi, Emo, Emu, Esa, Ese, Esi, Eso, Esu;
    uint64_t Ca, Ce, Ci, Co, Cu, Da, De, Di, Do, Du, Ba, Be, Bi, Bo, Bu;
    unsigned r;

#if defined(KECCAK_LANE_COMPLEMENT)
    complement_lanes(state);
#endif
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

    for (r = 0; r < 24; r += 2) {
        KECCAK_ROUND(A, E, tacit_keccak_rc[r]);
        KECCAK_ROUND(E, A, tacit_keccak_rc[r + 1]);
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
#if defined(KECCAK_LANE_COMPLEMENT)
    complement_lanes(state);
#endif
}

static uint64_t load64_le(const unsigned char *p)
{
    return (uint64_t)p[0] | ((uint64_t)p[1] << 8) | ((uint64_t)p[2] << 16) |
           ((uint64_t)p[3] << 24) | ((uint64_t)p[4] << 32) | ((uint64_t)p[5] << 40) |
           ((uint64_t)p[6] << 48) | ((uint64_t)p[7] << 56);
}

static void store64_le(unsigned char *p, uint64_t v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
    p[4] = (unsigned char)(v >> 32);
    p[5] = (unsigned char)(v >> 40);
    p[6] = (unsigned char)(v >> 48);
    p[7] = (unsigned char)(v >> 56);
}

unsigned tacit_keccak_absorb(uint64_t state[25], unsigned pos, unsigned rate,
                             const unsigned char *in, size_t in_len)
{
    unsigned i;

    /* finish a partial block byte by byte */
    while (in_len > 0 && (pos & 7) != 0) {
        state[pos >> 3] ^= (uint64_t)*in++ << (8 * (pos & 7));
        in_len--;
        if (++pos == rate) {
            tacit_keccak_f1600(state);
            pos = 0;
        }
    }
    /* whole blocks */
    if (pos == 0) {
        while (in_len >= rate) {
            for (i = 0; i < rate / 8; i++) {
                state[i] ^= load64_le(in + 8 * i);
            }
            tacit_keccak_f1600(state);
            in += rate;
            in_len -= rate;
        }
    }
    /* whole lanes, then bytes */
    while (in_len >= 8) {
        state[pos >> 3] ^= load64_le(in);
        in += 8;
        in_len -= 8;
        pos += 8;
        if (pos == rate) {
            tacit_keccak_f1600(state);
            pos = 0;
        }
    }
    while (in_len > 0) {
        state[pos >> 3] ^= (uint64_t)*in++ << (8 * (pos & 7));
        in_len--;
        pos++; /* in_len < 8 and pos was a lane boundary before these: pos < rate */
    }
    return pos;
}

void tacit_keccak_pad(uint64_t state[25], unsigned pos, unsigned rate, unsigned char dsbyte)
{
    state[pos >> 3] ^= (uint64_t)dsbyte << (8 * (pos & 7));
    state[(rate - 1) >> 3] ^= 0x80ULL << 56;
}

unsigned tacit_keccak_squeeze(uint64_t state[25], unsigned pos, unsigned rate, unsigned char *out,
                              size_t out_len)
{
    while (out_len > 0) {
        if (pos == rate) {
            tacit_keccak_f1600(state);
            pos = 0;
        }
        if ((pos & 7) == 0 && out_len >= 8) {
            store64_le(out, state[pos >> 3]);
            out += 8;
            out_len -= 8;
            pos += 8;
        } else {
            *out++ = (unsigned char)(state[pos >> 3] >> (8 * (pos & 7)));
            out_len--;
            pos++;
        }
    }
    return pos;
}

/* The block API of keccak.h (ML-KEM, ML-DSA). */
void tacit_shake128_absorb_once(uint64_t state[25], const unsigned char *in, size_t in_len)
{
    unsigned pos;

    memset(state, 0, 25 * sizeof(uint64_t));
    pos = tacit_keccak_absorb(state, 0, TACIT_SHAKE128_RATE, in, in_len);
    tacit_keccak_pad(state, pos, TACIT_SHAKE128_RATE, 0x1F);
}

void tacit_shake256_absorb_once(uint64_t state[25], const unsigned char *in, size_t in_len)
{
    unsigned pos;

    memset(state, 0, 25 * sizeof(uint64_t));
    pos = tacit_keccak_absorb(state, 0, TACIT_SHAKE256_RATE, in, in_len);
    tacit_keccak_pad(state, pos, TACIT_SHAKE256_RATE, 0x1F);
}

/* The state is padded, not yet permuted: permute, then read a block (no permutation is wasted). */
static void squeezeblocks(uint64_t state[25], unsigned char *out, size_t nblocks, unsigned rate)
{
    unsigned i;

    while (nblocks-- > 0) {
        tacit_keccak_f1600(state);
        for (i = 0; i < rate / 8; i++) {
            store64_le(out + 8 * i, state[i]);
        }
        out += rate;
    }
}

void tacit_shake128_squeezeblocks(uint64_t state[25], unsigned char *out, size_t nblocks)
{
    squeezeblocks(state, out, nblocks, TACIT_SHAKE128_RATE);
}

void tacit_shake256_squeezeblocks(uint64_t state[25], unsigned char *out, size_t nblocks)
{
    squeezeblocks(state, out, nblocks, TACIT_SHAKE256_RATE);
}

#else
typedef int tacit_keccak_unused;
#endif /* TACIT_SHA3_C */
