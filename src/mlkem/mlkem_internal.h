/*
 * ML-KEM internals: polynomial arithmetic in Z_q[X]/(X^256 + 1), q = 3329,
 * shared by mlkem.c, the kernels and the unit tests.
 *
 * Coefficients are int16_t.  Representations:
 *   - "reduced": 0 <= c < q (what ByteEncode12 and Compress take);
 *   - "centred": |c| <= (q - 1) / 2 (what Barrett reduction returns);
 *   - "small":   |c| < 2^15 with a bound stated per function.
 * Montgomery arithmetic uses R = 2^16: mont_reduce(a) = a * R^-1 mod q for
 * |a| < q * 2^15, result |r| < q.  The NTT is FIPS 203's (algorithms 9-12)
 * in the same bit-reversed order; twiddles are kept times R so that a
 * Montgomery product by them is an exact product mod q.
 *
 * Every function here is constant time in its polynomial inputs except
 * tacit_mlkem_rej_uniform_unsafe (rejection sampling of the public matrix).
 */
#ifndef TACIT_MLKEM_INTERNAL_H
#define TACIT_MLKEM_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "tacit/mlkem.h"

#define TACIT_MLKEM_N 256
#define TACIT_MLKEM_Q 3329
#define TACIT_MLKEM_POLY_BYTES 384 /* ByteEncode12 of one polynomial */
#define TACIT_MLKEM_XOF_BLOCKS 3   /* SHAKE128 blocks squeezed at first for one matrix entry */

typedef struct {
    int16_t c[TACIT_MLKEM_N];
} tacit_mlkem_poly;

/* 32-byte aligned where the compiler allows it, for the vector kernels. */
#if defined(__GNUC__) || defined(__clang__)
#define TACIT_MLKEM_ALIGN __attribute__((aligned(32)))
#else
#define TACIT_MLKEM_ALIGN
#endif

/* One parameter set. */
typedef struct {
    unsigned k;    /* module rank: 2, 3, 4 */
    unsigned eta1; /* 3 or 2 */
    unsigned eta2; /* 2 */
    unsigned du;   /* 10 or 11 */
    unsigned dv;   /* 4 or 5 */
    size_t ek_bytes, dk_bytes, ct_bytes;
} tacit_mlkem_param_set;

const tacit_mlkem_param_set *tacit_mlkem_params_get(tacit_mlkem_params p);

/* ---- scalar reductions (portable; exact for the stated ranges) ---------- */

/* a * R^-1 mod q for |a| < q * 2^15; |result| < q. */
static inline int16_t tacit_mlkem_mont_reduce(int32_t a)
{
    /* t = a * q^-1 mod 2^16 (62209 = q^-1 mod 2^16), as a signed 16-bit value */
    int16_t t = (int16_t)(uint16_t)((uint32_t)a * 62209u);
    return (int16_t)((a - (int32_t)t * TACIT_MLKEM_Q) >> 16);
}

/* a * b * R^-1 mod q; |a * b| < q * 2^15. */
static inline int16_t tacit_mlkem_fqmul(int16_t a, int16_t b)
{
    return tacit_mlkem_mont_reduce((int32_t)a * b);
}

/* The centred representative of a mod q (any int16_t a): |result| <= 1664. */
static inline int16_t tacit_mlkem_barrett(int16_t a)
{
    /* 20159 = round(2^26 / q) */
    int32_t t = ((int32_t)20159 * a + (1 << 25)) >> 26;
    return (int16_t)(a - t * TACIT_MLKEM_Q);
}

/* -q < a < q  ->  0 <= a < q, by the sign bit as a mask. */
static inline int16_t tacit_mlkem_caddq(int16_t a)
{
    uint32_t neg = 0u - ((uint32_t)(int32_t)a >> 31);
    return (int16_t)(a + (int16_t)(neg & TACIT_MLKEM_Q));
}

/*
 * Compress_d(x) = round(2^d x / q) mod 2^d for 0 <= x < q and d <= 11:
 * floor((2^d x + 1664) / q) by a multiplication with ceil(2^36 / q) and a
 * shift, exact for every numerator below 2^23 (checked for every x and d by
 * test_mlkem).  No division.
 */
static inline uint32_t tacit_mlkem_compress(uint32_t x, unsigned d)
{
    uint64_t n = ((uint64_t)x << d) + 1664u;
    return (uint32_t)((n * 20642679u) >> 36) & ((1u << d) - 1u);
}

/* Decompress_d(y) = round(q y / 2^d) for 0 <= y < 2^d. */
static inline int16_t tacit_mlkem_decompress(uint32_t y, unsigned d)
{
    return (int16_t)((y * TACIT_MLKEM_Q + (1u << (d - 1))) >> d);
}

/* ---- polynomial operations (portable C, src/mlkem/mlkem_poly.c) ------------ */

/* NTT in place: coefficients |c| < q in, centred out (FIPS 203 algorithm 9). */
void tacit_mlkem_ntt_c(tacit_mlkem_poly *a);
/* Inverse NTT in place, times R (algorithm 10): |c| < q in, |c| < q out. */
void tacit_mlkem_invntt_c(tacit_mlkem_poly *a);

/*
 * acc[2i], acc[2i+1] += the base-case product (FIPS 203 algorithm 12) of
 * a and b, unreduced: 32-bit accumulators, the result times R^-1 after
 * tacit_mlkem_acc_reduce.  Bounds: 0 <= a < 4096 and |b| <= 1664 (or the
 * reverse), at most 4 products accumulated.
 */
void tacit_mlkem_basemul_acc_c(int32_t acc[TACIT_MLKEM_N], const tacit_mlkem_poly *a,
                               const tacit_mlkem_poly *b);
/* r = acc * R^-1 mod q (|r| < q). */
void tacit_mlkem_acc_reduce(tacit_mlkem_poly *r, const int32_t acc[TACIT_MLKEM_N]);

/* Centred representatives of every coefficient. */
void tacit_mlkem_poly_reduce(tacit_mlkem_poly *a);
/* a = a * R mod q (from the R^-1 domain of a product back to plain). */
void tacit_mlkem_poly_tomont(tacit_mlkem_poly *a);
/* r = a + b (no reduction). */
void tacit_mlkem_poly_add(tacit_mlkem_poly *r, const tacit_mlkem_poly *a,
                          const tacit_mlkem_poly *b);
/* r = a - b (no reduction). */
void tacit_mlkem_poly_sub(tacit_mlkem_poly *r, const tacit_mlkem_poly *a,
                          const tacit_mlkem_poly *b);

/* ByteEncode12 of a polynomial with |c| < q (normalised here); 384 bytes. */
void tacit_mlkem_poly_tobytes(unsigned char out[384], const tacit_mlkem_poly *a);
/* ByteDecode12 without reduction: 0 <= c < 4096. */
void tacit_mlkem_poly_frombytes(tacit_mlkem_poly *a, const unsigned char in[384]);
/* 1 when every 12-bit value of in is below q (the modulus check); public data. */
int tacit_mlkem_poly_check_modulus(const unsigned char in[384]);

/* ByteEncode_d(Compress_d(a)) for |c| < q; 32 d bytes. */
void tacit_mlkem_poly_compress(unsigned char *out, const tacit_mlkem_poly *a, unsigned d);
/* Decompress_d(ByteDecode_d(in)). */
void tacit_mlkem_poly_decompress(tacit_mlkem_poly *a, const unsigned char *in, unsigned d);

/* Decompress_1 of the 32-byte message, and ByteEncode_1(Compress_1(a)) for |c| < q. */
void tacit_mlkem_poly_frommsg(tacit_mlkem_poly *a, const unsigned char msg[32]);
void tacit_mlkem_poly_tomsg(unsigned char msg[32], const tacit_mlkem_poly *a);

/* SamplePolyCBD_eta (algorithm 8) from 64 eta bytes, eta 2 or 3. */
void tacit_mlkem_poly_cbd(tacit_mlkem_poly *a, const unsigned char *buf, unsigned eta);

/*
 * Rejection sampling (SampleNTT's loop, algorithm 7) from len bytes (a
 * multiple of 3): appends coefficients to a[ctr..255] and returns the new
 * count.
 * Leaks: which 12-bit values of buf are below q, and how many.
 * Only for: the matrix A, expanded from the public seed rho.
 */
unsigned tacit_mlkem_rej_uniform_unsafe(int16_t *a, unsigned ctr, const unsigned char *buf,
                                        size_t len);

/* ---- the kernels: one dispatch point (mlkem_dispatch.c) -------------------- */

typedef struct {
    void (*ntt)(tacit_mlkem_poly *a);
    void (*invntt)(tacit_mlkem_poly *a);
    void (*basemul_acc)(int32_t acc[TACIT_MLKEM_N], const tacit_mlkem_poly *a,
                        const tacit_mlkem_poly *b);
    unsigned (*rej_uniform)(int16_t *a, unsigned ctr, const unsigned char *buf, size_t len);
    void (*poly_reduce)(tacit_mlkem_poly *a);
    void (*poly_tomont)(tacit_mlkem_poly *a);
    void (*acc_reduce)(tacit_mlkem_poly *r, const int32_t acc[TACIT_MLKEM_N]);
    void (*poly_tobytes)(unsigned char out[384], const tacit_mlkem_poly *a);
    void (*poly_frombytes)(tacit_mlkem_poly *a, const unsigned char in[384]);
    int (*poly_check_modulus)(const unsigned char in[384]);
    void (*poly_compress)(unsigned char *out, const tacit_mlkem_poly *a, unsigned d);
    void (*poly_decompress)(tacit_mlkem_poly *a, const unsigned char *in, unsigned d);
    void (*poly_frommsg)(tacit_mlkem_poly *a, const unsigned char msg[32]);
    void (*poly_tomsg)(unsigned char msg[32], const tacit_mlkem_poly *a);
    void (*poly_cbd)(tacit_mlkem_poly *a, const unsigned char *buf, unsigned eta);
    const char *name;
} tacit_mlkem_kernels;

/* The kernels for this CPU (the hook in test builds can force the portable ones). */
const tacit_mlkem_kernels *tacit_mlkem_kernels_get(void);

/* ---- test access ---------------------------------------------------------- */

/*
 * KeyGen_internal with or without FIPS 203's domain separator (the byte k
 * after d in G(d || k)).  domain_sep = 0 is the FIPS 203 initial public
 * draft, which the CCTV intermediate, unlucky-sampling and accumulated
 * vectors follow; only the unit tests use it.
 */
int tacit_mlkem_keygen_internal(tacit_mlkem_params p, const unsigned char d[32],
                                const unsigned char z[32], unsigned char *ek, unsigned char *dk,
                                int domain_sep);

#if defined(TACIT_TEST_HOOKS)
/*
 * Test builds: when not 0, the bytes of the matrix entry that encapsulation
 * and decapsulation sample alongside their hashes (64-bit hosts with a
 * vector Keccak, ML-KEM-768) before squeezing more (a multiple of 168).
 */
extern size_t tacit_mlkem_fill_cap_hook;
#endif

#endif /* TACIT_MLKEM_INTERNAL_H */
