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
#include "hash/x86_64/load_le_part.h"

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
    KECCAK_SCALAR_LOCALS;
    unsigned r_;

    KECCAK_SCALAR_LOAD(state);
    KECCAK_THETA_C(A);
    for (r_ = 0; r_ < 24; r_ += 2) {
        KECCAK_ROUND_PT(A, E, tacit_keccak_rc[r_]);
        KECCAK_ROUND_PT(E, A, tacit_keccak_rc[r_ + 1]);
    }
    KECCAK_SCALAR_STORE(state);
}

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
    KECCAK_SCALAR_LOCALS;
    uint64_t v_;
    unsigned r_;

    KECCAK_SCALAR_LOAD(state);
    /* the column parities, kept up to date: each round leaves its output's, each input lane is XORed in */
    KECCAK_THETA_C(A);
    for (; nblocks > 0; nblocks--, in += rate) {
        v_ = keccak_bmi_load(in + 0);
        Aba ^= v_;
        Ca ^= v_;
        v_ = keccak_bmi_load(in + 8);
        Abe ^= v_;
        Ce ^= v_;
        v_ = keccak_bmi_load(in + 16);
        Abi ^= v_;
        Ci ^= v_;
        v_ = keccak_bmi_load(in + 24);
        Abo ^= v_;
        Co ^= v_;
        v_ = keccak_bmi_load(in + 32);
        Abu ^= v_;
        Cu ^= v_;
        v_ = keccak_bmi_load(in + 40);
        Aga ^= v_;
        Ca ^= v_;
        v_ = keccak_bmi_load(in + 48);
        Age ^= v_;
        Ce ^= v_;
        v_ = keccak_bmi_load(in + 56);
        Agi ^= v_;
        Ci ^= v_;
        v_ = keccak_bmi_load(in + 64);
        Ago ^= v_;
        Co ^= v_;
        if (rate > 72) {
            v_ = keccak_bmi_load(in + 72);
            Agu ^= v_;
            Cu ^= v_;
            v_ = keccak_bmi_load(in + 80);
            Aka ^= v_;
            Ca ^= v_;
            v_ = keccak_bmi_load(in + 88);
            Ake ^= v_;
            Ce ^= v_;
            v_ = keccak_bmi_load(in + 96);
            Aki ^= v_;
            Ci ^= v_;
        }
        if (rate > 104) {
            v_ = keccak_bmi_load(in + 104);
            Ako ^= v_;
            Co ^= v_;
            v_ = keccak_bmi_load(in + 112);
            Aku ^= v_;
            Cu ^= v_;
            v_ = keccak_bmi_load(in + 120);
            Ama ^= v_;
            Ca ^= v_;
            v_ = keccak_bmi_load(in + 128);
            Ame ^= v_;
            Ce ^= v_;
        }
        if (rate > 136) {
            v_ = keccak_bmi_load(in + 136);
            Ami ^= v_;
            Ci ^= v_;
        }
        if (rate > 144) {
            v_ = keccak_bmi_load(in + 144);
            Amo ^= v_;
            Co ^= v_;
            v_ = keccak_bmi_load(in + 152);
            Amu ^= v_;
            Cu ^= v_;
            v_ = keccak_bmi_load(in + 160);
            Asa ^= v_;
            Ca ^= v_;
        }
        for (r_ = 0; r_ < 24; r_ += 2) {
            KECCAK_ROUND_PT(A, E, tacit_keccak_rc[r_]);
            KECCAK_ROUND_PT(E, A, tacit_keccak_rc[r_ + 1]);
        }
    }
    KECCAK_SCALAR_STORE(state);
}

/* Lane i of a short message: the input's whole lanes, then its last bytes and the two pad bits. */
#define SHORT_LANE(i, L)                                                                           \
    L = (nl > (i) ? keccak_bmi_load(in + 8 * (i)) : 0) ^ (nl == (i) ? w : 0) ^                     \
        (pl == (i) ? 0x8000000000000000ULL : 0)

/* The first k (1..7) bytes of v, little-endian, at p. */
static inline void keccak_bmi_store_part(unsigned char *p, uint64_t v, size_t k)
{
    uint32_t a;
    uint16_t c;

    if (k >= 4) {
        a = (uint32_t)v;
        memcpy(p, &a, 4);
        p += 4;
        v >>= 32;
        k -= 4;
    }
    if (k >= 2) {
        c = (uint16_t)v;
        memcpy(p, &c, 2);
        p += 2;
        v >>= 16;
        k -= 2;
    }
    if (k == 1) {
        p[0] = (unsigned char)v;
    }
}

/* Lane i of the output: whole, or its first out_len % 8 bytes for the last, partial one. */
#define SHORT_OUT(i, L)                                                                            \
    do {                                                                                           \
        if (out_len >= 8 * (i) + 8) {                                                              \
            memcpy(out + 8 * (i), &L, 8);                                                          \
        } else if (out_len > 8 * (i)) {                                                            \
            keccak_bmi_store_part(out + 8 * (i), L, out_len - 8 * (i));                            \
        }                                                                                          \
    } while (0)

/*
 * A whole message of len < rate bytes, padded (ds, then the final bit),
 * permuted once, and its first out_len <= rate bytes out: the lanes in
 * locals from the input to the output (no state in memory to clear, fill,
 * reload and wipe).  The branches depend on len, rate and out_len only.
 */
__attribute__((target("bmi,bmi2") KECCAK_BMI_TUNING)) void tacit_keccak_bmi_short(
    const unsigned char *in, size_t len, unsigned rate, unsigned char ds, unsigned char *out,
    size_t out_len)
{
    KECCAK_SCALAR_LOCALS;
    size_t nl = len / 8, pl = (rate - 1) / 8;
    uint64_t w = (uint64_t)ds << (8 * (len % 8));
    unsigned r_;

    if (len % 8 != 0) {
        w |= tacit_hash_load_le_part(in + 8 * nl, len % 8);
    }

    SHORT_LANE(0, Aba);
    SHORT_LANE(1, Abe);
    SHORT_LANE(2, Abi);
    SHORT_LANE(3, Abo);
    SHORT_LANE(4, Abu);
    SHORT_LANE(5, Aga);
    SHORT_LANE(6, Age);
    SHORT_LANE(7, Agi);
    SHORT_LANE(8, Ago);
    SHORT_LANE(9, Agu);
    SHORT_LANE(10, Aka);
    SHORT_LANE(11, Ake);
    SHORT_LANE(12, Aki);
    SHORT_LANE(13, Ako);
    SHORT_LANE(14, Aku);
    SHORT_LANE(15, Ama);
    SHORT_LANE(16, Ame);
    SHORT_LANE(17, Ami);
    SHORT_LANE(18, Amo);
    SHORT_LANE(19, Amu);
    SHORT_LANE(20, Asa);
    Ase = 0;
    Asi = 0;
    Aso = 0;
    Asu = 0;
    KECCAK_THETA_C(A);
    for (r_ = 0; r_ < 24; r_ += 2) {
        KECCAK_ROUND_PT(A, E, tacit_keccak_rc[r_]);
        KECCAK_ROUND_PT(E, A, tacit_keccak_rc[r_ + 1]);
    }
    SHORT_OUT(0, Aba);
    SHORT_OUT(1, Abe);
    SHORT_OUT(2, Abi);
    SHORT_OUT(3, Abo);
    SHORT_OUT(4, Abu);
    SHORT_OUT(5, Aga);
    SHORT_OUT(6, Age);
    SHORT_OUT(7, Agi);
    SHORT_OUT(8, Ago);
    SHORT_OUT(9, Agu);
    SHORT_OUT(10, Aka);
    SHORT_OUT(11, Ake);
    SHORT_OUT(12, Aki);
    SHORT_OUT(13, Ako);
    SHORT_OUT(14, Aku);
    SHORT_OUT(15, Ama);
    SHORT_OUT(16, Ame);
    SHORT_OUT(17, Ami);
    SHORT_OUT(18, Amo);
    SHORT_OUT(19, Amu);
    SHORT_OUT(20, Asa);
}

#else
typedef int tacit_keccak_bmi_unused;
#endif
