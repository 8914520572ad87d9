/*
 * tacit_mpi: arbitrary-precision signed integers on the heap, for RSA and
 * the tools around it (key generation, parsing, printing).
 *
 * A tacit_mpi is { s, n, p }: sign (+1 or -1; zero has s = +1), number of
 * allocated limbs, limbs (least significant first; p may be NULL when n is
 * 0).  Initialise with tacit_mpi_init, release with tacit_mpi_free (which
 * zeroizes).  Results are written to the first argument(s); unless stated
 * otherwise an output may be the same object as any input.
 *
 * Constant flow: every function whose name does not end in _unsafe has
 * timing and memory accesses that depend only on the allocated limb counts
 * (X->n) and the signs, which are public, never on the values: comparisons
 * and bit lengths are computed with masks, sums and products are sized from
 * the allocations, division is binary long division, gcd and inversion are
 * a masked binary gcd and safegcd divsteps, Miller-Rabin uses the
 * constant-time exponentiation.  What such a function reveals on purpose
 * (an error verdict: division by zero, not invertible, composite) goes
 * through tacit_ct_declassify and is listed in its comment.  The _unsafe
 * functions are faster and leaky: each says what it leaks (Leaks:) and for
 * which public inputs it is meant (Only for:).
 *
 * Functions return 0 or a negative error code; on error the outputs are
 * left unchanged or zero (never a partial result).
 *
 * Threads: no hidden state.  A tacit_mpi that is only read (a const
 * argument) may be shared between threads; one that is written may not.
 */
#ifndef TACIT_BIGNUM_H
#define TACIT_BIGNUM_H

#include <stddef.h>

#include "tacit/config.h"
#include "tacit/error.h"
#include "tacit/limb.h"
#include "tacit/platform.h"

#if !defined(TACIT_MPI_MAX_BITS)
#define TACIT_MPI_MAX_BITS 8192
#endif
#define TACIT_MPI_MAX_LIMBS ((TACIT_MPI_MAX_BITS + TACIT_MPI_LIMB_BITS - 1) / TACIT_MPI_LIMB_BITS)
#define TACIT_MPI_MAX_BYTES ((TACIT_MPI_MAX_BITS + 7) / 8)

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tacit_mpi {
    int s;             /* sign: 1 or -1 */
    size_t n;          /* number of limbs allocated */
    tacit_mpi_uint *p; /* limbs, least significant first */
} tacit_mpi;

/* ---- memory ------------------------------------------------------------------ */

void tacit_mpi_init(tacit_mpi *X);
/* Zeroize and release the limbs; X is then as after init.  NULL is a no-op. */
void tacit_mpi_free(tacit_mpi *X);
/* Ensure at least `limbs` limbs (new ones zero); TACIT_ERR_MPI_TOO_LARGE past the maximum. */
int tacit_mpi_grow(tacit_mpi *X, size_t limbs);
/*
 * Leaks: X's significant length (the limbs kept).
 * Only for: public values.
 * Release unused top limbs, keeping at least `limbs`.
 */
int tacit_mpi_shrink_unsafe(tacit_mpi *X, size_t limbs);
int tacit_mpi_copy(tacit_mpi *X, const tacit_mpi *Y);
void tacit_mpi_swap(tacit_mpi *X, tacit_mpi *Y);
/* X = z */
int tacit_mpi_lset(tacit_mpi *X, tacit_mpi_sint z);

/*
 * Constant-time helpers: if assign is 1, X = Y / swap X and Y; assign is
 * 0 or 1 and may be secret.  The limb counts (public) may grow.
 */
int tacit_mpi_safe_cond_assign(tacit_mpi *X, const tacit_mpi *Y, unsigned char assign);
int tacit_mpi_safe_cond_swap(tacit_mpi *X, tacit_mpi *Y, unsigned char swap);

/* ---- bits and sizes ---------------------------------------------------------- */

/* Bit lengths and the lowest set bit are computed with masks over every limb. */
size_t tacit_mpi_bitlen(const tacit_mpi *X);           /* bits of |X|; 0 for 0 */
size_t tacit_mpi_size(const tacit_mpi *X);             /* bytes of |X| */
size_t tacit_mpi_lsb(const tacit_mpi *X);              /* index of the lowest set bit; 0 for 0 */
int tacit_mpi_get_bit(const tacit_mpi *X, size_t pos); /* 0 or 1 */
int tacit_mpi_set_bit(tacit_mpi *X, size_t pos, unsigned char val);

/* ---- import / export --------------------------------------------------------- */

/* X = the unsigned big-endian number buf[0..buflen) (leading zeros allowed). */
int tacit_mpi_read_binary(tacit_mpi *X, const unsigned char *buf, size_t buflen);
int tacit_mpi_read_binary_le(tacit_mpi *X, const unsigned char *buf, size_t buflen);
/*
 * |X| as exactly buflen big-endian bytes (zero-padded on the left);
 * TACIT_ERR_BUFFER_TOO_SMALL (buf zeroed) if it does not fit.
 */
int tacit_mpi_write_binary(const tacit_mpi *X, unsigned char *buf, size_t buflen);
int tacit_mpi_write_binary_le(const tacit_mpi *X, unsigned char *buf, size_t buflen);

/*
 * Leaks: the text (its characters steer branches).
 * Only for: public text (test vectors, configuration).
 * Radix 10 or 16; an optional leading '-'; hex digits in either case.
 * Empty string or stray character: TACIT_ERR_MPI_INVALID_CHARACTER.
 */
int tacit_mpi_read_string_unsafe(tacit_mpi *X, int radix, const char *s);
/*
 * Leaks: X (its significant length and digits, through division by the radix).
 * Only for: public values, or values whose text is revealed anyway.
 * NUL-terminated text: an optional '-', then the digits without leading
 * zeros (hex in upper case; zero is "0").  *out_len = bytes written including
 * the NUL; on TACIT_ERR_BUFFER_TOO_SMALL, *out_len = the size needed.
 */
int tacit_mpi_write_string_unsafe(const tacit_mpi *X, int radix, char *buf, size_t buflen,
                                  size_t *out_len);

/* ---- comparison -------------------------------------------------------------- */

/* Computed with masks over every allocated limb (the signs are public). */
int tacit_mpi_cmp_abs(const tacit_mpi *X, const tacit_mpi *Y); /* -1, 0, 1 */
int tacit_mpi_cmp_mpi(const tacit_mpi *X, const tacit_mpi *Y); /* -1, 0, 1 */
int tacit_mpi_cmp_int(const tacit_mpi *X, tacit_mpi_sint z);   /* -1, 0, 1 */
/*
 * Constant time in the values (both must have the same sign, limb counts
 * public): *ret = 1 if X < Y else 0.
 */
int tacit_mpi_lt_mpi_ct(const tacit_mpi *X, const tacit_mpi *Y, unsigned *ret);

/* ---- arithmetic -------------------------------------------------------------- */

/*
 * Results have max(A->n, B->n) + 1 limbs (sums), max(A->n, B->n) (sub_abs),
 * A->n + B->n (products): sizes follow the allocations, not the values.
 */
int tacit_mpi_add_abs(tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *B);
/* |A| - |B|; TACIT_ERR_MPI_NEGATIVE_VALUE (that verdict revealed) if |A| < |B| */
int tacit_mpi_sub_abs(tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *B);
int tacit_mpi_add_mpi(tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *B);
int tacit_mpi_sub_mpi(tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *B);
int tacit_mpi_add_int(tacit_mpi *X, const tacit_mpi *A, tacit_mpi_sint b);
int tacit_mpi_sub_int(tacit_mpi *X, const tacit_mpi *A, tacit_mpi_sint b);
int tacit_mpi_mul_mpi(tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *B);
int tacit_mpi_mul_int(tacit_mpi *X, const tacit_mpi *A, tacit_mpi_uint b);
int tacit_mpi_shift_l(tacit_mpi *X, size_t count);
int tacit_mpi_shift_r(tacit_mpi *X, size_t count);

/*
 * A = Q * B + R, truncating toward zero (R has the sign of A, |R| < |B|).
 * Q or R may be NULL.  B = 0: TACIT_ERR_MPI_DIVISION_BY_ZERO (revealed).
 * Binary long division: A->n * biL steps over B->n limbs, for a secret
 * dividend and divisor (d mod (p - 1)).  Q has A->n limbs, R has B->n.
 */
int tacit_mpi_div_mpi(tacit_mpi *Q, tacit_mpi *R, const tacit_mpi *A, const tacit_mpi *B);
int tacit_mpi_div_int(tacit_mpi *Q, tacit_mpi *R, const tacit_mpi *A, tacit_mpi_sint b);
/* R = A mod B, 0 <= R < B; B = 0 / B < 0: DIVISION_BY_ZERO / NEGATIVE_VALUE. */
int tacit_mpi_mod_mpi(tacit_mpi *R, const tacit_mpi *A, const tacit_mpi *B);
/* *r = A mod b for b > 0 */
int tacit_mpi_mod_int(tacit_mpi_uint *r, const tacit_mpi *A, tacit_mpi_sint b);
/*
 * Leaks: A and B (their significant lengths, Knuth's quotient estimates
 * and corrections).
 * Only for: public values.
 * As tacit_mpi_div_mpi / mod_mpi, by Knuth's algorithm D: far faster.
 */
int tacit_mpi_div_mpi_unsafe(tacit_mpi *Q, tacit_mpi *R, const tacit_mpi *A, const tacit_mpi *B);
/*
 * Leaks: A and B (as tacit_mpi_div_mpi_unsafe).
 * Only for: public values.
 */
int tacit_mpi_mod_mpi_unsafe(tacit_mpi *R, const tacit_mpi *A, const tacit_mpi *B);

/*
 * X = A^E mod N, constant time in the values of A, E and N (revealed: the
 * limb counts A->n and E->n, N's length in limbs, the signs, and whether N
 * is valid).  N odd and > 0 (even: TACIT_ERR_MPI_EVEN_MODULUS, N <= 0:
 * TACIT_ERR_BAD_INPUT), E >= 0 (TACIT_ERR_MPI_NEGATIVE_VALUE).  A may
 * be negative or >= N.  Time grows with E->n, not with E's value: a secret
 * exponent should be stored in a fixed number of limbs.
 * RR: NULL, or a cache of R^2 mod N -- if RR->p is NULL it is computed
 * (constant time) and stored there, otherwise it is used as is (pass the
 * same RR only with the same N).
 */
int tacit_mpi_exp_mod(tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *E, const tacit_mpi *N,
                      tacit_mpi *RR);
/*
 * Leaks: the exponent E (its bit length and bits, through the timing), and
 * N's value when R^2 mod N is computed here (RR NULL or empty).
 * Only for: public exponents and public moduli (RSA public operations).
 * Otherwise as tacit_mpi_exp_mod; its cost follows E's bit length, not its
 * limb count, so a grown e = 65537 costs what 17 bits cost.
 */
int tacit_mpi_exp_mod_unsafe(tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *E,
                             const tacit_mpi *N, tacit_mpi *RR);

/*
 * G = gcd(A, B) (>= 0), binary gcd with masks: 3 * n * biL steps for n =
 * max(A->n, B->n).
 */
int tacit_mpi_gcd(tacit_mpi *G, const tacit_mpi *A, const tacit_mpi *B);
/*
 * X = A^-1 mod N, 0 < X < N; N > 1 (else TACIT_ERR_BAD_INPUT), not
 * invertible: TACIT_ERR_MPI_NOT_ACCEPTABLE.  Constant flow: safegcd
 * divsteps (a fixed count for N->n limbs) for an odd N; for an even N,
 * Bezout's identity with an inverse modulo A (then A->n limbs matter).
 * Revealed: N > 1, N's parity, and whether the inverse exists.
 */
int tacit_mpi_inv_mod(tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *N);
/*
 * Leaks: A and B (Euclid's quotient sequence; on p and q it factors n).
 * Only for: public values.
 */
int tacit_mpi_gcd_unsafe(tacit_mpi *G, const tacit_mpi *A, const tacit_mpi *B);
/*
 * Leaks: A and N (Euclid's quotient sequence).
 * Only for: public values.
 * As tacit_mpi_inv_mod.
 */
int tacit_mpi_inv_mod_unsafe(tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *N);

/* ---- randomness and primes ---------------------------------------------------- */

/* X = `size` random bytes read as a big-endian number. */
int tacit_mpi_fill_random(tacit_mpi *X, size_t size, tacit_rng_func f_rng, void *p_rng);
/*
 * X random in [min, N) (min >= 0, N > min): 64 more random bits than N's
 * allocation reduced modulo N - min, uniform within 2^-64, constant flow.
 */
int tacit_mpi_random(tacit_mpi *X, tacit_mpi_sint min, const tacit_mpi *N, tacit_rng_func f_rng,
                     void *p_rng);
/*
 * 0 if X is probably prime (trial division, then `rounds` Miller-Rabin
 * rounds with random bases; rounds 0 picks a count for an error below
 * 2^-80), TACIT_ERR_MPI_NOT_ACCEPTABLE if composite.  Constant flow in X
 * (see src/bignum/bignum_prime.c): revealed are the verdict, whether X < 2, X even,
 * X < 1009^2, and with rounds 0 X's bit length.
 */
int tacit_mpi_is_prime(const tacit_mpi *X, int rounds, tacit_rng_func f_rng, void *p_rng);
/* Flags for tacit_mpi_gen_prime. */
#define TACIT_MPI_GEN_PRIME_DH 0x1      /* (X-1)/2 prime too */
#define TACIT_MPI_GEN_PRIME_LOW_ERR 0x2 /* error below 2^-128 instead of 2^-80 */
/*
 * X = a random prime of exactly nbits bits (3 <= nbits <= TACIT_MPI_MAX_BITS)
 * with its two top bits set (so a product of two has 2 * nbits bits).
 * Constant flow: only the rejection of a candidate (then thrown away) is
 * revealed.
 */
int tacit_mpi_gen_prime(tacit_mpi *X, size_t nbits, int flags, tacit_rng_func f_rng, void *p_rng);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_BIGNUM_H */
