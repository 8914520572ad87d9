/*
 * The constant-time SampleInBall, as an inline body: mldsa_sample.c
 * compiles it for the portable kernel, x86_64/poly_avx2.c for AVX2 (the
 * same code; the compiler vectorizes the slot loops on 16 lanes there).
 */
#ifndef TACIT_MLDSA_SAMPLE_CT_H
#define TACIT_MLDSA_SAMPLE_CT_H

#include <string.h>

#include "core/constant_time_internal.h"
#include "hash/keccak.h"
#include "mldsa/mldsa_internal.h"
#include "tacit/platform.h"

/*
 * SampleInBall without a branch or a memory index on ctilde.  The
 * Fisher-Yates steps are kept as tau slots: slot t holds the position and
 * the sign set at step i = N - tau + t, and step i's "c[i] = c[j]" moves
 * the slot at position j to position i.  Every candidate byte of the first
 * SHAKE256 block is processed with masks; the steps need more than these
 * 128 bytes with probability below 2^-87 (2^-140 for tau = 49, 2^-202 for
 * tau = 39: at least 197 of the 256 byte values are accepted at each
 * step), and only then one more bit (not done yet) is declassified and
 * more blocks are squeezed.
 */
#if defined(__GNUC__) || defined(__clang__)
#define TACIT_MLDSA_SIB_INLINE static inline __attribute__((always_inline))
#else
#define TACIT_MLDSA_SIB_INLINE static inline
#endif

/*
 * The slots: pos[t], sgn[t] (1: -1) for t < tau (pos[t] = N for t >= tau).
 * Always inlined: the AVX2 caller compiles it for its own target.
 */
TACIT_MLDSA_SIB_INLINE void tacit_mldsa_sample_in_ball_slots(uint16_t pos[64], uint16_t sgn[64],
                                                             const unsigned char *ctilde,
                                                             size_t ctilde_len, unsigned tau)
{
    uint64_t st[25];
    unsigned char buf[TACIT_SHAKE256_RATE];
    uint32_t i = TACIT_MLDSA_N - tau, t;
    size_t start = 8, b;

    tacit_shake256_absorb_once(st, ctilde, ctilde_len);
    tacit_shake256_squeezeblocks(st, buf, 1);
    for (t = 0; t < 64; t++) {
        sgn[t] = (uint16_t)((buf[t >> 3] >> (t & 7)) & 1); /* 1: -1 */
        pos[t] = TACIT_MLDSA_N; /* empty: matches no byte value and no index */
    }
    for (;;) {
        for (b = start; b < TACIT_SHAKE256_RATE; b++) {
            uint32_t j = buf[b];
            uint32_t slot = i - (TACIT_MLDSA_N - tau);
            /* accepted: j <= i and not yet done (i < N) */
            uint32_t acc = tacit_ct_mask_le_u32(j, i) & tacit_ct_mask_lt_u32(i, TACIT_MLDSA_N);
            uint16_t acc16 = (uint16_t)acc, i16 = (uint16_t)i, j16 = (uint16_t)j;
            uint16_t slot16 = (uint16_t)slot;
            /*
             * Plain arithmetic masks (x <= 0x1ff: bit 15 of x - 1 is
             * x == 0) so that the compiler vectorizes the 64 slots.
             */
            for (t = 0; t < 64; t++) {
                uint16_t x = (uint16_t)(pos[t] ^ j16), y = (uint16_t)(t ^ slot16);
                uint16_t move = (uint16_t)(acc16 & (0u - ((uint16_t)(x - 1u) >> 15)));
                uint16_t fill = (uint16_t)(acc16 & (0u - ((uint16_t)(y - 1u) >> 15)));
                pos[t] = (uint16_t)(pos[t] ^ ((pos[t] ^ i16) & move));
                pos[t] = (uint16_t)(pos[t] ^ ((pos[t] ^ j16) & fill));
            }
            i += acc & 1;
        }
        if (tacit_ct_declassify_u32(tacit_ct_mask_lt_u32(i, TACIT_MLDSA_N)) == 0) {
            break;
        }
        tacit_shake256_squeezeblocks(st, buf, 1);
        start = 0;
    }
    tacit_platform_zeroize(buf, sizeof(buf));
    tacit_platform_zeroize(st, sizeof(st));
}

/* The portable body: slots, then c[k] = +-1 where a slot sits at k. */
TACIT_MLDSA_SIB_INLINE void tacit_mldsa_sample_in_ball_body(tacit_mldsa_poly *c,
                                                            const unsigned char *ctilde,
                                                            size_t ctilde_len, unsigned tau)
{
    uint16_t pos[64], sgn[64]; /* tau <= 64 slots; the unused ones stay empty */
    uint16_t hit[TACIT_MLDSA_N], neg[TACIT_MLDSA_N];
    uint32_t t, k;

    tacit_mldsa_sample_in_ball_slots(pos, sgn, ctilde, ctilde_len, tau);
    /* 16-bit lanes, k innermost: vectorized */
    memset(hit, 0, sizeof(hit));
    memset(neg, 0, sizeof(neg));
    for (t = 0; t < tau; t++) {
        uint16_t p = pos[t], sg = (uint16_t)(0u - sgn[t]);
        for (k = 0; k < TACIT_MLDSA_N; k++) {
            uint16_t m = (uint16_t)(0u - ((uint16_t)((uint16_t)(p ^ k) - 1u) >> 15));
            hit[k] |= m;
            neg[k] |= (uint16_t)(m & sg);
        }
    }
    for (k = 0; k < TACIT_MLDSA_N; k++) {
        c->c[k] = (int32_t)((uint32_t)(hit[k] & 1) | (0u - (uint32_t)(neg[k] & 1)));
    }
    tacit_platform_zeroize(pos, sizeof(pos));
    tacit_platform_zeroize(sgn, sizeof(sgn));
    tacit_platform_zeroize(hit, sizeof(hit));
    tacit_platform_zeroize(neg, sizeof(neg));
}

#endif /* TACIT_MLDSA_SAMPLE_CT_H */
