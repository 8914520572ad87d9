/*
 * ML-DSA internals: parameter sets, polynomial arithmetic mod q = 8380417
 * (32-bit signed coefficients, Montgomery form with R = 2^32), the NTT,
 * rounding (Power2Round, Decompose, hints), bit packing and sampling.
 *
 * Every function here is constant time in its inputs unless its name ends
 * in _unsafe.  No division or modulo by a non-power-of-two: Decompose and
 * reductions use multiply-and-shift.
 */
#ifndef TACIT_MLDSA_INTERNAL_H
#define TACIT_MLDSA_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "tacit/mldsa.h"

#define TACIT_MLDSA_N 256
#define TACIT_MLDSA_Q 8380417
#define TACIT_MLDSA_QINV 58728449 /* q^-1 mod 2^32 */
#define TACIT_MLDSA_D 13
#define TACIT_MLDSA_KMAX 8
#define TACIT_MLDSA_LMAX 7
#define TACIT_MLDSA_TAU_MAX 60

typedef struct tacit_mldsa_poly {
    int32_t c[TACIT_MLDSA_N];
} tacit_mldsa_poly;

typedef struct tacit_mldsa_param_set {
    unsigned k, l;
    unsigned eta;
    unsigned tau;
    unsigned beta;
    unsigned omega;
    unsigned ctilde_bytes; /* lambda / 4 */
    int32_t gamma1;
    int32_t gamma2;
    unsigned z_bits;   /* 1 + bitlen(gamma1 - 1): 18 or 20 */
    unsigned eta_bits; /* 3 or 4 */
    unsigned w1_bits;  /* 6 or 4 */
    size_t pk_bytes, sk_bytes, sig_bytes;
} tacit_mldsa_param_set;

/* NULL for an unknown parameter set. */
const tacit_mldsa_param_set *tacit_mldsa_param_get(tacit_mldsa_params p);

#define TACIT_MLDSA_POLY_T1_BYTES 320
#define TACIT_MLDSA_POLY_T0_BYTES 416

/* ---- scalar arithmetic ---- */

/* a * 2^-32 mod q, |result| < q, for |a| < 2^31 q. */
static inline int32_t tacit_mldsa_mont_reduce(int64_t a)
{
    int32_t t = (int32_t)((uint32_t)(uint64_t)a * (uint32_t)TACIT_MLDSA_QINV);
    return (int32_t)((a - (int64_t)t * TACIT_MLDSA_Q) >> 32);
}

/* a mod q in (-6283009, 6283009), for a <= 2^31 - 2^22 - 1. */
static inline int32_t tacit_mldsa_reduce32(int32_t a)
{
    int32_t t = (a + (1 << 22)) >> 23;
    return a - t * TACIT_MLDSA_Q;
}

/* Add q if a is negative. */
static inline int32_t tacit_mldsa_caddq(int32_t a)
{
    return a + ((a >> 31) & TACIT_MLDSA_Q);
}

/* ---- polynomial kernels (portable; the dispatch may pick others) ---- */

/* zeta^brv8(k) * 2^32 mod q, centred (mldsa_poly.c; the AVX2 NTT reads it too). */
extern const int32_t tacit_mldsa_zetas[TACIT_MLDSA_N];

void tacit_mldsa_ntt_c(int32_t a[TACIT_MLDSA_N]);
void tacit_mldsa_invntt_tomont_c(int32_t a[TACIT_MLDSA_N]);
void tacit_mldsa_pointwise_c(int32_t r[TACIT_MLDSA_N], const int32_t a[TACIT_MLDSA_N],
                             const int32_t b[TACIT_MLDSA_N]);
void tacit_mldsa_pointwise_acc_c(int32_t r[TACIT_MLDSA_N], const int32_t a[TACIT_MLDSA_N],
                                 const int32_t b[TACIT_MLDSA_N]);

void tacit_mldsa_poly_reduce(tacit_mldsa_poly *a);
void tacit_mldsa_poly_caddq(tacit_mldsa_poly *a);
void tacit_mldsa_poly_add(tacit_mldsa_poly *r, const tacit_mldsa_poly *a,
                          const tacit_mldsa_poly *b);
void tacit_mldsa_poly_sub(tacit_mldsa_poly *r, const tacit_mldsa_poly *a,
                          const tacit_mldsa_poly *b);

/* Power2Round on a in [0, q): a = a1 * 2^13 + a0, a0 in (-2^12, 2^12]. */
void tacit_mldsa_power2round(int32_t *a1, int32_t *a0, int32_t a);

/* Decompose (FIPS 204 Algorithm 36) on a in [0, q): a1 = HighBits, *a0 = LowBits. */
int32_t tacit_mldsa_decompose(int32_t *a0, int32_t a, int32_t gamma2);

/* UseHint on a in [0, q), h in {0, 1}. */
int32_t tacit_mldsa_use_hint(int32_t a, unsigned h, int32_t gamma2);

/*
 * Decompose and UseHint on whole polynomials (the kernel table's portable
 * entries); the output may be the input array.
 */
void tacit_mldsa_poly_decompose_c(int32_t r1[TACIT_MLDSA_N], int32_t r0[TACIT_MLDSA_N],
                                  const int32_t a[TACIT_MLDSA_N], int32_t gamma2);
void tacit_mldsa_poly_use_hint_c(int32_t r[TACIT_MLDSA_N], const int32_t a[TACIT_MLDSA_N],
                                 const int32_t h[TACIT_MLDSA_N], int32_t gamma2);

/*
 * Signing's passes between transforms (mldsa_sign_kernels.c; the kernel
 * table's portable entries):
 * - reduce: a = reduce32(a) (before an inverse NTT);
 * - split_w: w1 = HighBits(w mod q), w0 = LowBits(w mod q) for |w| < q (w0 may be w);
 * - make_z: z = reduce32(z + y) (z = c s1 from the inverse NTT); all-ones if
 *   some |z| >= bound;
 * - make_hint: the two LowBits tests of an attempt's row and its hints
 *   h[n] in {0, 1} (from w0, w1 of split_w and c s2, c t0 from the inverse
 *   NTT); adds the number of hints to *count; all-ones if rejected.
 */
void tacit_mldsa_reduce_c(int32_t a[TACIT_MLDSA_N]);
void tacit_mldsa_split_w_c(int32_t w1[TACIT_MLDSA_N], int32_t w0[TACIT_MLDSA_N],
                           const int32_t w[TACIT_MLDSA_N], int32_t gamma2);
uint32_t tacit_mldsa_make_z_c(int32_t z[TACIT_MLDSA_N], const int32_t y[TACIT_MLDSA_N],
                              int32_t bound);
uint32_t tacit_mldsa_make_hint_c(unsigned char h[TACIT_MLDSA_N], const int32_t w0[TACIT_MLDSA_N],
                                 const int32_t w1[TACIT_MLDSA_N], const int32_t cs2[TACIT_MLDSA_N],
                                 const int32_t ct0[TACIT_MLDSA_N], int32_t gamma2, int32_t beta,
                                 uint32_t *count);

/*
 * The mask's and w1's packings (the kernel table's portable entries):
 * unpack_z: a[i] = gamma1 - v[i] for the z_bits-bit fields v of in
 * (gamma1 = 2^(z_bits - 1), z_bits 18 or 20; reads z_bits * 32 bytes);
 * pack_w1: SimpleBitPack of a, bits 4 or 6 each.
 */
void tacit_mldsa_unpack_z_c(int32_t a[TACIT_MLDSA_N], const unsigned char *in, unsigned z_bits);
void tacit_mldsa_pack_w1_c(unsigned char *out, const int32_t a[TACIT_MLDSA_N], unsigned bits);

/*
 * Signing's row of A y: r = reduce32(sum_{j < l} a[j] v[j]) (Montgomery
 * products summed in order, as pointwise then pointwise_acc, then reduce);
 * and key generation's t = A s1 + s2 split: t1, t0 = Power2Round(t mod q)
 * for t = reduce32(a) (a from the inverse NTT plus s2).
 */
void tacit_mldsa_matvec_row_c(int32_t r[TACIT_MLDSA_N], const tacit_mldsa_poly *a,
                              const tacit_mldsa_poly *v, unsigned l);
void tacit_mldsa_power2round_poly_c(int32_t t1[TACIT_MLDSA_N], int32_t t0[TACIT_MLDSA_N],
                                    const int32_t a[TACIT_MLDSA_N]);

/*
 * make_z_cs2: z holds c (s1 + 2^9 s2) from the inverse NTT (|.| < q,
 * the true value below 2^17 in magnitude); splits it into c s1 (the
 * centred remainder mod 2^9) and c s2 (exact), then z = y + c s1 and
 * cs2 = c s2; all-ones if some |z| >= bound.
 */
uint32_t tacit_mldsa_make_z_cs2_c(int32_t z[TACIT_MLDSA_N], int32_t cs2[TACIT_MLDSA_N],
                                  const int32_t y[TACIT_MLDSA_N], int32_t bound);

/* All-ones if some coefficient (centred, |a| < q/2) has |a| >= bound, else 0. */
uint32_t tacit_mldsa_poly_norm_mask(const tacit_mldsa_poly *a, int32_t bound);

/* ---- bit packing (little-endian bit order, FIPS 204 SimpleBitPack / BitPack) ---- */

/* Pack v[i] = off - a[i] (off != 0) or v[i] = a[i] (off == 0), bits each. */
void tacit_mldsa_pack(unsigned char *out, const int32_t a[TACIT_MLDSA_N], unsigned bits,
                      int32_t off);
/* The inverse: a[i] = off - v[i] (off != 0) or v[i]. */
void tacit_mldsa_unpack(int32_t a[TACIT_MLDSA_N], const unsigned char *in, unsigned bits,
                        int32_t off);
/* The same for eight coefficients (bits bytes of in). */
void tacit_mldsa_unpack8(int32_t a[8], const unsigned char *in, unsigned bits, int32_t off);

/* ---- sampling ---- */

/*
 * RejNTTPoly's sampler: append the candidates of buf below q to a (from
 * ctr on, up to N); returns the new count.
 * Leaks: which 3-byte candidates of buf are below q, and how many.
 * Only for: the matrix A, expanded from the public seed rho.
 */
unsigned tacit_mldsa_rej_uniform_unsafe(int32_t *a, unsigned ctr, const unsigned char *buf,
                                        size_t len);
/*
 * RejBoundedPoly's sampler: append the coefficients of the nibbles of buf
 * below the bound (15 for eta = 2, 9 for eta = 4) to a (from ctr on, up to
 * N), values computed without a branch; returns the new count.  Whether a
 * nibble is skipped is declassified (the skipped positions are independent
 * of the coefficients kept, and rho' serves only this sampling).
 */
unsigned tacit_mldsa_rej_eta_c(int32_t *a, unsigned ctr, const unsigned char *buf, size_t len,
                               unsigned eta);
/* A[row][col] in the NTT domain (RejNTTPoly of rho || col || row). */
void tacit_mldsa_expand_a(tacit_mldsa_poly *a, const unsigned char rho[32], unsigned row,
                          unsigned col);
/*
 * w += A[row][col] v (pointwise Montgomery products, as the kernels'
 * pointwise_acc), the entry sampled one SHAKE128 block at a time and never
 * stored (the small-stack verifier, signer and key generation).  v may be
 * secret; only A's public rejection sampling branches.
 */
void tacit_mldsa_expand_a_acc(int32_t w[TACIT_MLDSA_N], const unsigned char rho[32], unsigned row,
                              unsigned col, const int32_t v[TACIT_MLDSA_N]);
/* Four entries at once (parallel SHAKE128 where the CPU has it). */
void tacit_mldsa_expand_a_x4(tacit_mldsa_poly *a0, tacit_mldsa_poly *a1, tacit_mldsa_poly *a2,
                             tacit_mldsa_poly *a3, const unsigned char rho[32],
                             const unsigned char idx[4][2]);
/* s = RejBoundedPoly(rho' || nonce (2 bytes LE)), coefficients in [-eta, eta]. */
void tacit_mldsa_expand_s(tacit_mldsa_poly *s, const unsigned char rhop[64], unsigned nonce,
                          unsigned eta);
/* Four at once (nonce[t] for s[t]; the parallel SHAKE256). */
void tacit_mldsa_expand_s_x4(tacit_mldsa_poly *s[4], const unsigned char rhop[64],
                             const unsigned nonce[4], unsigned eta);
/* y = ExpandMask entry: BitUnpack(SHAKE256(rho'' || nonce), gamma1). */
void tacit_mldsa_expand_mask(tacit_mldsa_poly *y, const unsigned char rhopp[64], unsigned nonce,
                             const tacit_mldsa_param_set *ps);
/* Four entries at once (nonce[t] for y[t]; the parallel SHAKE256). */
void tacit_mldsa_expand_mask_x4(tacit_mldsa_poly *y[4], const unsigned char rhopp[64],
                                const unsigned nonce[4], const tacit_mldsa_param_set *ps);
/*
 * c = SampleInBall(ctilde).
 * Leaks: ctilde (its SHAKE256 stream decides the loop count and the
 * coefficient indices).
 * Only for: a public ctilde (verification).
 */
void tacit_mldsa_sample_in_ball_unsafe(tacit_mldsa_poly *c, const unsigned char *ctilde,
                                       size_t ctilde_len, unsigned tau);
/*
 * The same c as a list: coefficient pos[t] is -1 if bit t of *neg is set,
 * else 1 (t < tau); every other coefficient is 0.
 * Leaks: ctilde, as tacit_mldsa_sample_in_ball_unsafe.
 * Only for: a public ctilde (verification).
 */
void tacit_mldsa_sample_in_ball_sparse_unsafe(unsigned char pos[TACIT_MLDSA_TAU_MAX], uint64_t *neg,
                                              const unsigned char *ctilde, size_t ctilde_len,
                                              unsigned tau);
/*
 * w -= c t in Z[X]/(X^256 + 1), c given as by
 * tacit_mldsa_sample_in_ball_sparse_unsafe (no reduction: the caller
 * bounds |w| + tau max |t|).
 * Leaks: the positions of c's nonzero coefficients.
 * Only for: a public c (verification).
 */
void tacit_mldsa_poly_sub_sparse_unsafe(int32_t w[TACIT_MLDSA_N], const int32_t t[TACIT_MLDSA_N],
                                        const unsigned char *pos, uint64_t neg, unsigned tau);
/*
 * The same c, constant time in ctilde (signing: the challenge of a
 * rejected attempt stays secret; the kernel table's sample_in_ball).
 * Declassifies one bit that is 1 with probability below 2^-87 (the
 * SHAKE256 stream needed more than one block).
 */
void tacit_mldsa_sample_in_ball_c(tacit_mldsa_poly *c, const unsigned char *ctilde,
                                  size_t ctilde_len, unsigned tau);

#endif /* TACIT_MLDSA_INTERNAL_H */
