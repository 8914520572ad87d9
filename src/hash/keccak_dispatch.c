/*
 * The one place that picks a Keccak kernel (from the hash area's CPU
 * answer, hash_dispatch.c), and the four-way SHAKE API of keccak.h on top of it.
 *
 *   single state: AVX-512VL (the four-way round on xmm, one lane used),
 *                 else the portable C (keccak_f1600.c, 64-bit lanes; on
 *                 32-bit targets keccak_f1600_inter32.c, bit-interleaved);
 *   four states:  AVX-512VL (vprolq, vpternlogq on ymm), else AVX2, else
 *                 four portable permutations.
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
    if (tacit_keccak_cpu() & TACIT_CPU_AVX512) {
        tacit_keccak_f1600_avx512(state);
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
    for (i = 0; i < in_len - off; i++) {
        for (j = 0; j < 4; j++) {
            st->s[4 * (i >> 3) + j] ^= LANE_IN((uint64_t)in[j][off + i] << (8 * (i & 7)));
        }
    }
    for (j = 0; j < 4; j++) {
        i = (unsigned)(in_len - off);
        st->s[4 * (i >> 3) + j] ^= LANE_IN((uint64_t)0x1F << (8 * (i & 7)));
        st->s[4 * ((rate - 1) >> 3) + j] ^= LANE_IN(0x80ULL << 56);
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
