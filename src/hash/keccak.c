/*
 * The sponge helpers SHA-3, SHAKE and the block API share, on top of the
 * permutation keccak_dispatch.c picks (tacit_keccak_f1600).
 *
 * Lanes go in and out through LANE_IN / LANE_OUT: the identity, except on
 * 32-bit targets where the state is kept bit-interleaved (keccak_internal.h).
 * Everything here indexes memory by byte position only: no branch or
 * address depends on the data.
 */
#include "tacit/config.h"

#if defined(TACIT_SHA3_C)

#include <string.h>

#include "hash/keccak_internal.h"

#define LANE_IN TACIT_KECCAK_LANE_IN
#define LANE_OUT TACIT_KECCAK_LANE_OUT

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
    /* finish a partial block byte by byte */
    while (in_len > 0 && (pos & 7) != 0) {
        state[pos >> 3] ^= LANE_IN((uint64_t)*in++ << (8 * (pos & 7)));
        in_len--;
        if (++pos == rate) {
            tacit_keccak_f1600(state);
            pos = 0;
        }
    }
    /* whole blocks */
    if (pos == 0 && in_len >= rate) {
        size_t nb = in_len / rate;

        tacit_keccak_absorb_blocks(state, in, nb, rate);
        in += nb * rate;
        in_len -= nb * rate;
    }
    /* whole lanes, then bytes */
    while (in_len >= 8) {
        state[pos >> 3] ^= LANE_IN(load64_le(in));
        in += 8;
        in_len -= 8;
        pos += 8;
        if (pos == rate) {
            tacit_keccak_f1600(state);
            pos = 0;
        }
    }
    while (in_len > 0) {
        state[pos >> 3] ^= LANE_IN((uint64_t)*in++ << (8 * (pos & 7)));
        in_len--;
        pos++; /* in_len < 8 and pos was a lane boundary before these: pos < rate */
    }
    return pos;
}

void tacit_keccak_pad(uint64_t state[25], unsigned pos, unsigned rate, unsigned char dsbyte)
{
    state[pos >> 3] ^= LANE_IN((uint64_t)dsbyte << (8 * (pos & 7)));
    state[(rate - 1) >> 3] ^= LANE_IN(0x80ULL << 56);
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
            store64_le(out, LANE_OUT(state[pos >> 3]));
            out += 8;
            out_len -= 8;
            pos += 8;
        } else {
            *out++ = (unsigned char)(LANE_OUT(state[pos >> 3]) >> (8 * (pos & 7)));
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
            store64_le(out + 8 * i, LANE_OUT(state[i]));
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
