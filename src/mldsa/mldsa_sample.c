/*
 * ML-DSA sampling (FIPS 204 section 7.3): ExpandA (RejNTTPoly on
 * SHAKE128), ExpandS (RejBoundedPoly on SHAKE256), ExpandMask and
 * SampleInBall.
 */
#include "tacit/config.h"

#if defined(TACIT_MLDSA_C)

#include <string.h>

#include "core/constant_time_internal.h"
#include "hash/keccak.h"
#include "mldsa/mldsa_internal.h"
#include "mldsa/mldsa_kernel.h"
#include "mldsa/mldsa_sample_ct.h"
#include "tacit/platform.h"
#include "tacit/sha3.h"

/* SHAKE128 blocks squeezed at first for one entry of A (one with SMALL_STACK). */
#if defined(TACIT_MLDSA_SMALL_STACK)
#define EXPAND_A_BLOCKS 1
#else
#define EXPAND_A_BLOCKS 5
#endif

void tacit_mldsa_expand_a(tacit_mldsa_poly *a, const unsigned char rho[32], unsigned row,
                          unsigned col)
{
    uint64_t st[25];
    unsigned char seed[34];
    unsigned char buf[EXPAND_A_BLOCKS * TACIT_SHAKE128_RATE];
    const tacit_mldsa_kernel *kern = tacit_mldsa_kernel_get();
    unsigned ctr;

    memcpy(seed, rho, 32);
    seed[32] = (unsigned char)col;
    seed[33] = (unsigned char)row;
    tacit_shake128_absorb_once(st, seed, sizeof(seed));
    tacit_shake128_squeezeblocks(st, buf, EXPAND_A_BLOCKS);
    ctr = kern->rej_uniform(a->c, 0, buf, sizeof(buf));
    while (ctr < TACIT_MLDSA_N) {
        tacit_shake128_squeezeblocks(st, buf, 1);
        ctr = kern->rej_uniform(a->c, ctr, buf, TACIT_SHAKE128_RATE);
    }
}

/*
 * Branches only on which SHAKE128 candidates are below q: the rejection
 * sampling of A's entry, public (rho is in the public key), as in
 * tacit_mldsa_expand_a.  v may be secret (s1 in key generation, y in
 * signing): its products are constant time and its index is the public
 * count of accepted candidates.
 */
void tacit_mldsa_expand_a_acc(int32_t w[TACIT_MLDSA_N], const unsigned char rho[32], unsigned row,
                              unsigned col, const int32_t v[TACIT_MLDSA_N])
{
    tacit_shake_context sc;
    unsigned char buf[24]; /* eight candidates a squeeze (168-byte blocks: seven of them) */
    /* the kernel's NTT order (mldsa_kernel.h) */
    const uint8_t *idx = tacit_mldsa_kernel_get()->ntt_index;
    unsigned ctr = 0, pos;

    (void)tacit_shake_init(&sc, TACIT_SHAKE128);
    (void)tacit_shake_absorb(&sc, rho, 32);
    buf[0] = (unsigned char)col;
    buf[1] = (unsigned char)row;
    (void)tacit_shake_absorb(&sc, buf, 2);
    while (ctr < TACIT_MLDSA_N) {
        (void)tacit_shake_squeeze(&sc, buf, sizeof(buf));
        for (pos = 0; pos < sizeof(buf) && ctr < TACIT_MLDSA_N; pos += 3) {
            uint32_t t = (uint32_t)buf[pos] | ((uint32_t)buf[pos + 1] << 8) |
                         ((uint32_t)(buf[pos + 2] & 0x7f) << 16);
            if (t < TACIT_MLDSA_Q) {
                /* the same product as the kernels' pointwise_acc */
                unsigned p = idx != NULL ? idx[ctr] : ctr;
                w[p] += tacit_mldsa_mont_reduce((int64_t)(int32_t)t * v[p]);
                ctr++;
            }
        }
    }
    tacit_shake_free(&sc);
}

void tacit_mldsa_expand_a_x4(tacit_mldsa_poly *a0, tacit_mldsa_poly *a1, tacit_mldsa_poly *a2,
                             tacit_mldsa_poly *a3, const unsigned char rho[32],
                             const unsigned char idx[4][2])
{
    tacit_shake_x4 st;
    unsigned char seed[4][34];
    unsigned char buf[4][5 * TACIT_SHAKE128_RATE];
    tacit_mldsa_poly *out[4];
    const tacit_mldsa_kernel *kern = tacit_mldsa_kernel_get();
    unsigned ctr[4], i;

    out[0] = a0;
    out[1] = a1;
    out[2] = a2;
    out[3] = a3;
    for (i = 0; i < 4; i++) {
        memcpy(seed[i], rho, 32);
        seed[i][32] = idx[i][1]; /* column */
        seed[i][33] = idx[i][0]; /* row */
    }
    tacit_shake128_x4_absorb_once(&st, seed[0], seed[1], seed[2], seed[3], 34);
    tacit_shake128_x4_squeezeblocks(&st, buf[0], buf[1], buf[2], buf[3], 5);
    for (i = 0; i < 4; i++) {
        ctr[i] = kern->rej_uniform(out[i]->c, 0, buf[i], sizeof(buf[i]));
    }
    while (ctr[0] < TACIT_MLDSA_N || ctr[1] < TACIT_MLDSA_N || ctr[2] < TACIT_MLDSA_N ||
           ctr[3] < TACIT_MLDSA_N) {
        tacit_shake128_x4_squeezeblocks(&st, buf[0], buf[1], buf[2], buf[3], 1);
        for (i = 0; i < 4; i++) {
            ctr[i] = kern->rej_uniform(out[i]->c, ctr[i], buf[i], TACIT_SHAKE128_RATE);
        }
    }
}

void tacit_mldsa_expand_s(tacit_mldsa_poly *s, const unsigned char rhop[64], unsigned nonce,
                          unsigned eta)
{
    uint64_t st[25];
    unsigned char seed[66];
    unsigned char buf[TACIT_SHAKE256_RATE];
    unsigned ctr = 0;

    memcpy(seed, rhop, 64);
    seed[64] = (unsigned char)nonce;
    seed[65] = (unsigned char)(nonce >> 8);
    tacit_shake256_absorb_once(st, seed, sizeof(seed));
    while (ctr < TACIT_MLDSA_N) {
        tacit_shake256_squeezeblocks(st, buf, 1);
        ctr = TACIT_MLDSA_SK(tacit_mldsa_kernel_get(), rej_eta,
                             tacit_mldsa_rej_eta_c)(s->c, ctr, buf, sizeof(buf), eta);
    }
    tacit_platform_zeroize(buf, sizeof(buf));
    tacit_platform_zeroize(st, sizeof(st));
    tacit_platform_zeroize(seed, sizeof(seed));
}

void tacit_mldsa_expand_s_x4(tacit_mldsa_poly *s[4], const unsigned char rhop[64],
                             const unsigned nonce[4], unsigned eta)
{
    const tacit_mldsa_kernel *kern = tacit_mldsa_kernel_get();
    tacit_shake_x4 st;
    unsigned char seed[4][66];
    unsigned char buf[4][TACIT_SHAKE256_RATE];
    unsigned ctr[4] = { 0, 0, 0, 0 }, t;

    for (t = 0; t < 4; t++) {
        memcpy(seed[t], rhop, 64);
        seed[t][64] = (unsigned char)nonce[t];
        seed[t][65] = (unsigned char)(nonce[t] >> 8);
    }
    tacit_shake256_x4_absorb_once(&st, seed[0], seed[1], seed[2], seed[3], 66);
    /* whether a stream still needs a block is declassified (as the skipped nibbles) */
    while (ctr[0] < TACIT_MLDSA_N || ctr[1] < TACIT_MLDSA_N || ctr[2] < TACIT_MLDSA_N ||
           ctr[3] < TACIT_MLDSA_N) {
        tacit_shake256_x4_squeezeblocks(&st, buf[0], buf[1], buf[2], buf[3], 1);
        for (t = 0; t < 4; t++) {
            ctr[t] = TACIT_MLDSA_SK(kern, rej_eta, tacit_mldsa_rej_eta_c)(s[t]->c, ctr[t], buf[t],
                                                                          TACIT_SHAKE256_RATE, eta);
        }
    }
    tacit_platform_zeroize(buf, sizeof(buf));
    tacit_platform_zeroize(&st, sizeof(st));
    tacit_platform_zeroize(seed, sizeof(seed));
}

void tacit_mldsa_expand_mask(tacit_mldsa_poly *y, const unsigned char rhopp[64], unsigned nonce,
                             const tacit_mldsa_param_set *ps)
{
    uint64_t st[25];
    unsigned char seed[66];
#if defined(TACIT_MLDSA_SMALL_STACK)
    /* one block at a time, unpacked eight coefficients (z_bits bytes) a step */
    unsigned char buf[TACIT_SHAKE256_RATE + 24];
    size_t have = 0, at = 0, zb = ps->z_bits;
    unsigned g;
#else
    unsigned char buf[5 * TACIT_SHAKE256_RATE]; /* 640 bytes needed at most */
#endif

    memcpy(seed, rhopp, 64);
    seed[64] = (unsigned char)nonce;
    seed[65] = (unsigned char)(nonce >> 8);
    tacit_shake256_absorb_once(st, seed, sizeof(seed));
#if defined(TACIT_MLDSA_SMALL_STACK)
    for (g = 0; g < TACIT_MLDSA_N / 8; g++) {
        if (have - at < zb) { /* public counts */
            memmove(buf, buf + at, have - at);
            have -= at;
            at = 0;
            tacit_shake256_squeezeblocks(st, buf + have, 1);
            have += TACIT_SHAKE256_RATE;
        }
        tacit_mldsa_unpack8(y->c + 8 * g, buf + at, ps->z_bits, ps->gamma1);
        at += zb;
    }
#else
    tacit_shake256_squeezeblocks(st, buf, 5);
    tacit_mldsa_kernel_get()->unpack_z(y->c, buf, ps->z_bits);
#endif
    tacit_platform_zeroize(buf, sizeof(buf));
    tacit_platform_zeroize(st, sizeof(st));
    tacit_platform_zeroize(seed, sizeof(seed));
}

void tacit_mldsa_expand_mask_x4(tacit_mldsa_poly *y[4], const unsigned char rhopp[64],
                                const unsigned nonce[4], const tacit_mldsa_param_set *ps)
{
    const tacit_mldsa_kernel *kern = tacit_mldsa_kernel_get();
    tacit_shake_x4 st;
    unsigned char seed[4][66];
    unsigned char buf[4][5 * TACIT_SHAKE256_RATE];
    unsigned t;

    for (t = 0; t < 4; t++) {
        memcpy(seed[t], rhopp, 64);
        seed[t][64] = (unsigned char)nonce[t];
        seed[t][65] = (unsigned char)(nonce[t] >> 8);
    }
    tacit_shake256_x4_absorb_once(&st, seed[0], seed[1], seed[2], seed[3], 66);
    tacit_shake256_x4_squeezeblocks(&st, buf[0], buf[1], buf[2], buf[3], 5);
    for (t = 0; t < 4; t++) {
        kern->unpack_z(y[t]->c, buf[t], ps->z_bits);
    }
    tacit_platform_zeroize(buf, sizeof(buf));
    tacit_platform_zeroize(&st, sizeof(st));
    tacit_platform_zeroize(seed, sizeof(seed));
}

/*
 * SampleInBall's SHAKE256 stream: whole blocks from a bare state, or, with
 * TACIT_MLDSA_SMALL_STACK, 8 bytes at a time from a SHAKE context (no
 * block buffer on the stack).
 */
typedef struct ball_stream {
#if defined(TACIT_MLDSA_SMALL_STACK)
    tacit_shake_context sc;
    unsigned char buf[8];
#else
    uint64_t st[25];
    unsigned char buf[TACIT_SHAKE256_RATE];
#endif
    unsigned at;
} ball_stream;

static void ball_refill(ball_stream *b)
{
#if defined(TACIT_MLDSA_SMALL_STACK)
    (void)tacit_shake_squeeze(&b->sc, b->buf, sizeof(b->buf));
#else
    tacit_shake256_squeezeblocks(b->st, b->buf, 1);
#endif
    b->at = 0;
}

void tacit_mldsa_sample_in_ball_sparse_unsafe(unsigned char pos[TACIT_MLDSA_TAU_MAX], uint64_t *neg,
                                              const unsigned char *ctilde, size_t ctilde_len,
                                              unsigned tau)
{
    ball_stream b;
    uint64_t signs = 0;
    unsigned i, j, t, n = 0;

#if defined(TACIT_MLDSA_SMALL_STACK)
    (void)tacit_shake_init(&b.sc, TACIT_SHAKE256);
    (void)tacit_shake_absorb(&b.sc, ctilde, ctilde_len);
#else
    tacit_shake256_absorb_once(b.st, ctilde, ctilde_len);
#endif
    ball_refill(&b);
    for (i = 0; i < 8; i++) {
        signs |= (uint64_t)b.buf[i] << (8 * i);
    }
    b.at = 8;
    *neg = 0;
    /* c[i] = c[j], c[j] = +-1: the entry at j (if any) moves to i; a new one at j */
    for (i = TACIT_MLDSA_N - tau; i < TACIT_MLDSA_N; i++) {
        do {
            if (b.at == sizeof(b.buf)) {
                ball_refill(&b);
            }
            j = b.buf[b.at++];
        } while (j > i);
        for (t = 0; t < n; t++) {
            if (pos[t] == j) {
                pos[t] = (unsigned char)i;
            }
        }
        pos[n] = (unsigned char)j;
        *neg |= (signs & 1) << n;
        signs >>= 1;
        n++;
    }
}

void tacit_mldsa_sample_in_ball_unsafe(tacit_mldsa_poly *c, const unsigned char *ctilde,
                                       size_t ctilde_len, unsigned tau)
{
    unsigned char pos[TACIT_MLDSA_TAU_MAX];
    uint64_t neg;
    unsigned t;

    tacit_mldsa_sample_in_ball_sparse_unsafe(pos, &neg, ctilde, ctilde_len, tau);
    memset(c->c, 0, sizeof(c->c));
    for (t = 0; t < tau; t++) {
        c->c[pos[t]] = 1 - 2 * (int32_t)((neg >> t) & 1);
    }
}

#else
typedef int tacit_mldsa_sample_unused;
#endif /* TACIT_MLDSA_C */
