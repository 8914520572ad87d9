/*
 * The one place that picks a Keccak kernel (from the hash area's CPU
 * answer, hash_dispatch.c), and the four-way SHAKE API of keccak.h on top of it.
 *
 *   single state: AVX-512VL (the four-way round on xmm, one lane used),
 *                 else BMI1 + BMI2 (ANDN, RORX; x86_64/keccak_bmi.c),
 *                 else the portable C (keccak_f1600.c, 64-bit lanes; on
 *                 32-bit targets keccak_f1600_inter32.c, bit-interleaved);
 *   four states:  AVX-512VL (vprolq, vpternlogq on ymm), else AVX2, else
 *                 four portable permutations;
 *   eight states: AVX-512 (zmm), else two four-way permutations (the x8
 *                 SHAKE API then keeps two x4 states, see x8_absorb_once).
 *
 * The four-way layout (lane i of stream j at s[4 * i + j]) is the same for
 * every kernel, so a state may be absorbed with one and squeezed with
 * another.  Lanes go in and out through LANE_IN / LANE_OUT (bit-interleaved
 * state on 32-bit targets, keccak_internal.h).  Kernels are chosen by CPU features only, never by data.
 */
#include "tacit/config.h"

#if defined(TACIT_SHA3_C)

#include <string.h>

#include "hash/keccak_internal.h"

#define LANE_IN TACIT_KECCAK_LANE_IN
#define LANE_OUT TACIT_KECCAK_LANE_OUT

void tacit_keccak_f1600(uint64_t state[25])
{
#if defined(TACIT_KECCAK_X86_64)
    unsigned cpu = tacit_keccak_cpu();

    if (cpu & TACIT_CPU_AVX512) {
        tacit_keccak_f1600_avx512(state);
        return;
    }
    if (cpu & TACIT_CPU_BMI2) {
        tacit_keccak_f1600_bmi(state);
        return;
    }
#endif
    tacit_keccak_f1600_scalar(state);
}

/* Four portable permutations on the interleaved layout. */
static void keccak_x4_portable(uint64_t s[100])
{
    uint64_t t[25];
    unsigned i, j;

    for (j = 0; j < 4; j++) {
        for (i = 0; i < 25; i++) {
            t[i] = s[4 * i + j];
        }
        tacit_keccak_f1600_scalar(t);
        for (i = 0; i < 25; i++) {
            s[4 * i + j] = t[i];
        }
    }
}

void tacit_keccak_f1600_x4(uint64_t s[100])
{
#if defined(TACIT_KECCAK_X86_64)
    unsigned cpu = tacit_keccak_cpu();

    if (cpu & TACIT_CPU_AVX512) {
        tacit_keccak_f1600_x4_avx512(s);
        return;
    }
    if (cpu & TACIT_CPU_AVX2) {
        tacit_keccak_f1600_x4_avx2(s);
        return;
    }
#endif
    keccak_x4_portable(s);
}

/* Eight permutations as two four-way ones (copied to and from the x4 layout). */
static void keccak_x8_halves(uint64_t s[200])
{
    uint64_t t[100];
    unsigned h, i, j;

    for (h = 0; h < 2; h++) {
        for (i = 0; i < 25; i++) {
            for (j = 0; j < 4; j++) {
                t[4 * i + j] = s[8 * i + 4 * h + j];
            }
        }
        tacit_keccak_f1600_x4(t);
        for (i = 0; i < 25; i++) {
            for (j = 0; j < 4; j++) {
                s[8 * i + 4 * h + j] = t[4 * i + j];
            }
        }
    }
}

void tacit_keccak_f1600_x8(uint64_t s[200])
{
#if defined(TACIT_KECCAK_X86_64)
    if (tacit_keccak_cpu() & TACIT_CPU_AVX512) {
        tacit_keccak_f1600_x8_avx512(s);
        return;
    }
#endif
    keccak_x8_halves(s);
}

static uint64_t load64_le(const unsigned char *p)
{
    return (uint64_t)p[0] | ((uint64_t)p[1] << 8) | ((uint64_t)p[2] << 16) |
           ((uint64_t)p[3] << 24) | ((uint64_t)p[4] << 32) | ((uint64_t)p[5] << 40) |
           ((uint64_t)p[6] << 48) | ((uint64_t)p[7] << 56);
}

static void store64_le(unsigned char *p, uint64_t v)
{
    unsigned k;

    for (k = 0; k < 8; k++) {
        p[k] = (unsigned char)(v >> (8 * k));
    }
}

int tacit_keccak_short(const unsigned char *in, size_t in_len, unsigned rate, unsigned char ds,
                       unsigned char *out, size_t out_len)
{
#if defined(TACIT_KECCAK_X86_64)
    if ((tacit_keccak_cpu() & (TACIT_CPU_AVX512 | TACIT_CPU_BMI2)) == TACIT_CPU_BMI2 &&
        in_len < rate && out_len <= rate) {
        tacit_keccak_bmi_short(in, in_len, rate, ds, out, out_len);
        return 1;
    }
#else
    (void)in;
    (void)in_len;
    (void)rate;
    (void)ds;
    (void)out;
    (void)out_len;
#endif
    return 0;
}

void tacit_keccak_absorb_blocks(uint64_t state[25], const unsigned char *in, size_t nblocks,
                                unsigned rate)
{
    unsigned i;

#if defined(TACIT_KECCAK_X86_64)
    if ((tacit_keccak_cpu() & (TACIT_CPU_AVX512 | TACIT_CPU_BMI2)) == TACIT_CPU_BMI2) {
        tacit_keccak_absorb_blocks_bmi(state, in, nblocks, rate);
        return;
    }
#endif
    for (; nblocks > 0; nblocks--, in += rate) {
        for (i = 0; i < rate / 8; i++) {
            state[i] ^= LANE_IN(load64_le(in + 8 * i));
        }
        tacit_keccak_f1600(state);
    }
}

/*
 * A stream's last partial block (rem < rate bytes at p) and the SHAKE
 * padding, XORed into its lanes s[0], s[stride], ...: a lane at a time,
 * each assembled in a register (bytewise read-modify-writes of the state
 * made a long store-forwarding chain before the vector permutation).
 */
static void xor_last_block(uint64_t *s, unsigned stride, const unsigned char *p, size_t rem,
                           unsigned rate)
{
    uint64_t w = 0;
    size_t i, k;

    for (i = 0; i + 8 <= rem; i += 8) {
        s[stride * (i >> 3)] ^= LANE_IN(load64_le(p + i));
    }
    for (k = 0; i + k < rem; k++) {
        w |= (uint64_t)p[i + k] << (8 * k);
    }
    w |= (uint64_t)0x1F << (8 * k);
    s[stride * (i >> 3)] ^= LANE_IN(w);
    s[stride * ((rate - 1) >> 3)] ^= LANE_IN(0x80ULL << 56);
}

static void x4_absorb_once(tacit_shake_x4 *st, const unsigned char *in[4], size_t in_len,
                           unsigned rate)
{
    size_t off = 0;
    unsigned i, j;

    memset(st->s, 0, sizeof(st->s));
    while (in_len - off >= rate) {
        for (i = 0; i < rate / 8; i++) {
            for (j = 0; j < 4; j++) {
                st->s[4 * i + j] ^= LANE_IN(load64_le(in[j] + off + 8 * i));
            }
        }
        tacit_keccak_f1600_x4(st->s);
        off += rate;
    }
    for (j = 0; j < 4; j++) {
        xor_last_block(st->s + j, 4, in[j] + off, in_len - off, rate);
    }
}

static void x4_squeezeblocks(tacit_shake_x4 *st, unsigned char *out[4], size_t nblocks,
                             unsigned rate)
{
    unsigned i, j;

    while (nblocks-- > 0) {
        tacit_keccak_f1600_x4(st->s);
        for (j = 0; j < 4; j++) {
            for (i = 0; i < rate / 8; i++) {
                store64_le(out[j] + 8 * i, LANE_OUT(st->s[4 * i + j]));
            }
            out[j] += rate;
        }
    }
}

/*
 * ns streams (4 or 8, lane i of stream j at s[ns * i + j]) absorb their
 * whole blocks side by side through perm; a stream with fewer blocks than
 * the longest waits, its lanes kept aside across the permutations that are
 * not its own.  Then each XORs in its last partial block and the padding.
 * Branches depend on the (public) lengths only.
 */
static void multi_absorb(uint64_t *s, unsigned ns, void (*perm)(uint64_t *),
                         const unsigned char *const in[], const size_t in_len[], unsigned rate)
{
    uint64_t keep[25 * 8];
    size_t nfull[8], most = 0, b;
    unsigned i, j;

    memset(s, 0, 25 * ns * sizeof(uint64_t));
    for (j = 0; j < ns; j++) {
        nfull[j] = in_len[j] / rate;
        most = nfull[j] > most ? nfull[j] : most;
    }
    for (b = 0; b < most; b++) {
        for (j = 0; j < ns; j++) {
            if (b < nfull[j]) {
                for (i = 0; i < rate / 8; i++) {
                    s[ns * i + j] ^= LANE_IN(load64_le(in[j] + b * rate + 8 * i));
                }
            } else {
                for (i = 0; i < 25; i++) {
                    keep[ns * i + j] = s[ns * i + j];
                }
            }
        }
        perm(s);
        for (j = 0; j < ns; j++) {
            if (b >= nfull[j]) {
                for (i = 0; i < 25; i++) {
                    s[ns * i + j] = keep[ns * i + j];
                }
            }
        }
    }
    for (j = 0; j < ns; j++) {
        xor_last_block(s + j, ns, in[j] + nfull[j] * rate, in_len[j] - nfull[j] * rate, rate);
    }
}

static void multi_squeezeblocks(uint64_t *s, unsigned ns, void (*perm)(uint64_t *),
                                unsigned char *const out[], size_t nblocks, unsigned rate)
{
    size_t b;
    unsigned i, j;

    for (b = 0; b < nblocks; b++) {
        perm(s);
        for (j = 0; j < ns; j++) {
            for (i = 0; i < rate / 8; i++) {
                store64_le(out[j] + b * rate + 8 * i, LANE_OUT(s[ns * i + j]));
            }
        }
    }
}

/*
 * Eight streams: one eight-way state when the CPU runs the eight-way
 * permutation, else two four-way states side by side (streams 0..3 in
 * s[0..99], 4..7 in s[100..199], each in the x4 layout), each absorbed and
 * squeezed as an x4 state: no copy between layouts around each
 * permutation.  The choice is made once, at absorb, and kept in the state.
 */
static void x8_absorb_once(tacit_shake_x8 *st, const unsigned char *const in[8],
                           const size_t in_len[8], unsigned rate)
{
    st->halves = tacit_keccak_x8_parallel() ? 0 : 1;
    if (st->halves) {
        multi_absorb(st->s, 4, tacit_keccak_f1600_x4, in, in_len, rate);
        multi_absorb(st->s + 100, 4, tacit_keccak_f1600_x4, in + 4, in_len + 4, rate);
    } else {
        multi_absorb(st->s, 8, tacit_keccak_f1600_x8, in, in_len, rate);
    }
}

static void x8_squeezeblocks(tacit_shake_x8 *st, unsigned char *const out[8], size_t nblocks,
                             unsigned rate)
{
    if (st->halves) {
        multi_squeezeblocks(st->s, 4, tacit_keccak_f1600_x4, out, nblocks, rate);
        multi_squeezeblocks(st->s + 100, 4, tacit_keccak_f1600_x4, out + 4, nblocks, rate);
    } else {
        multi_squeezeblocks(st->s, 8, tacit_keccak_f1600_x8, out, nblocks, rate);
    }
}

void tacit_shake128_x8_absorb_once(tacit_shake_x8 *st, const unsigned char *const in[8],
                                   const size_t in_len[8])
{
    x8_absorb_once(st, in, in_len, TACIT_SHAKE128_RATE);
}

void tacit_shake256_x8_absorb_once(tacit_shake_x8 *st, const unsigned char *const in[8],
                                   const size_t in_len[8])
{
    x8_absorb_once(st, in, in_len, TACIT_SHAKE256_RATE);
}

void tacit_shake128_x8_squeezeblocks(tacit_shake_x8 *st, unsigned char *const out[8],
                                     size_t nblocks)
{
    x8_squeezeblocks(st, out, nblocks, TACIT_SHAKE128_RATE);
}

void tacit_shake256_x8_squeezeblocks(tacit_shake_x8 *st, unsigned char *const out[8],
                                     size_t nblocks)
{
    x8_squeezeblocks(st, out, nblocks, TACIT_SHAKE256_RATE);
}

int tacit_keccak_x8_parallel(void)
{
#if defined(TACIT_KECCAK_X86_64)
    return (tacit_keccak_cpu() & TACIT_CPU_AVX512) != 0;
#else
    return 0;
#endif
}

int tacit_keccak_x4_parallel(void)
{
#if defined(TACIT_KECCAK_X86_64)
    return (tacit_keccak_cpu() & (TACIT_CPU_AVX512 | TACIT_CPU_AVX2)) != 0;
#else
    return 0;
#endif
}

void tacit_keccak_x4_permute(tacit_shake_x4 *st)
{
    tacit_keccak_f1600_x4(st->s);
}

void tacit_keccak_x4_xor_bytes(tacit_shake_x4 *st, unsigned j, unsigned off,
                               const unsigned char *in, size_t len)
{
    for (; len > 0 && (off & 7) != 0; len--, off++) {
        st->s[4 * (off >> 3) + j] ^= LANE_IN((uint64_t)*in++ << (8 * (off & 7)));
    }
    for (; len >= 8; len -= 8, off += 8, in += 8) {
        st->s[4 * (off >> 3) + j] ^= LANE_IN(load64_le(in));
    }
    for (; len > 0; len--, off++) {
        st->s[4 * (off >> 3) + j] ^= LANE_IN((uint64_t)*in++ << (8 * (off & 7)));
    }
}

void tacit_keccak_x4_extract_bytes(const tacit_shake_x4 *st, unsigned j, unsigned off,
                                   unsigned char *out, size_t len)
{
    for (; len > 0 && (off & 7) != 0; len--, off++) {
        *out++ = (unsigned char)(LANE_OUT(st->s[4 * (off >> 3) + j]) >> (8 * (off & 7)));
    }
    for (; len >= 8; len -= 8, off += 8, out += 8) {
        store64_le(out, LANE_OUT(st->s[4 * (off >> 3) + j]));
    }
    for (; len > 0; len--, off++) {
        *out++ = (unsigned char)(LANE_OUT(st->s[4 * (off >> 3) + j]) >> (8 * (off & 7)));
    }
}

void tacit_keccak_x4_get_state(const tacit_shake_x4 *st, unsigned j, uint64_t state[25])
{
    unsigned i;

    for (i = 0; i < 25; i++) {
        state[i] = st->s[4 * i + j];
    }
}

void tacit_shake128_x4_absorb_once(tacit_shake_x4 *st, const unsigned char *in0,
                                   const unsigned char *in1, const unsigned char *in2,
                                   const unsigned char *in3, size_t in_len)
{
    const unsigned char *in[4];

    in[0] = in0;
    in[1] = in1;
    in[2] = in2;
    in[3] = in3;
    x4_absorb_once(st, in, in_len, TACIT_SHAKE128_RATE);
}

void tacit_shake256_x4_absorb_once(tacit_shake_x4 *st, const unsigned char *in0,
                                   const unsigned char *in1, const unsigned char *in2,
                                   const unsigned char *in3, size_t in_len)
{
    const unsigned char *in[4];

    in[0] = in0;
    in[1] = in1;
    in[2] = in2;
    in[3] = in3;
    x4_absorb_once(st, in, in_len, TACIT_SHAKE256_RATE);
}

void tacit_shake128_x4_squeezeblocks(tacit_shake_x4 *st, unsigned char *out0, unsigned char *out1,
                                     unsigned char *out2, unsigned char *out3, size_t nblocks)
{
    unsigned char *out[4];

    out[0] = out0;
    out[1] = out1;
    out[2] = out2;
    out[3] = out3;
    x4_squeezeblocks(st, out, nblocks, TACIT_SHAKE128_RATE);
}

void tacit_shake256_x4_squeezeblocks(tacit_shake_x4 *st, unsigned char *out0, unsigned char *out1,
                                     unsigned char *out2, unsigned char *out3, size_t nblocks)
{
    unsigned char *out[4];

    out[0] = out0;
    out[1] = out1;
    out[2] = out2;
    out[3] = out3;
    x4_squeezeblocks(st, out, nblocks, TACIT_SHAKE256_RATE);
}

#else
typedef int tacit_keccak_dispatch_unused;
#endif /* TACIT_SHA3_C */
