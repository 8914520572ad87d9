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
 * Constant time: only tacit_mpi_exp_mod (in A and E), tacit_mpi_safe_cond_*
 * and tacit_mpi_lt_mpi_ct are.  The rest is ordinary, leaky arithmetic on
 * values the caller treats as public (or whose size and timing it accepts
 * to reveal, as in key generation).  tacit_mpi_exp_mod_unsafe is for
 * public exponents only.
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

#define TACIT_ERR_MPI_INVALID_CHARACTER  -0x0011 /* a string holds a character that is not a digit */
#define TACIT_ERR_MPI_NEGATIVE_VALUE     -0x0013 /* a negative value where none is allowed */
#define TACIT_ERR_MPI_DIVISION_BY_ZERO   -0x0014 /* division or reduction by zero */
#define TACIT_ERR_MPI_NOT_ACCEPTABLE     -0x0015 /* not invertible, not prime, no prime found */
#define TACIT_ERR_MPI_TOO_LARGE          -0x0017 /* more than TACIT_MPI_MAX_BITS bits requested */
#define TACIT_ERR_MPI_EVEN_MODULUS       -0x0018 /* exp_mod needs an odd modulus */

#if !defined(TACIT_MPI_MAX_BITS)
#define TACIT_MPI_MAX_BITS 8192
#endif
#define TACIT_MPI_MAX_LIMBS ((TACIT_MPI_MAX_BITS + TACIT_MPI_LIMB_BITS - 1) / TACIT_MPI_LIMB_BITS)
#define TACIT_MPI_MAX_BYTES ((TACIT_MPI_MAX_BITS + 7) / 8)

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tacit_mpi {
    int s;               /* sign: 1 or -1 */
    size_t n;            /* number of limbs allocated */
    tacit_mpi_uint *p;   /* limbs, least significant first */
} tacit_mpi;

/* ---- memory ------------------------------------------------------------------ */

void tacit_mpi_init(tacit_mpi *X);
/* Zeroize and release the limbs; X is then as after init.  NULL is a no-op. */
void tacit_mpi_free(tacit_mpi *X);
/* Ensure at least `limbs` limbs (new ones zero); TACIT_ERR_MPI_TOO_LARGE past the maximum. */
int tacit_mpi_grow(tacit_mpi *X, size_t limbs);
/* Release unused top limbs, keeping at least `limbs`. */
int tacit_mpi_shrink(tacit_mpi *X, size_t limbs);
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

size_t tacit_mpi_bitlen(const tacit_mpi *X);    /* bits of |X|; 0 for 0 */
size_t tacit_mpi_size(const tacit_mpi *X);      /* bytes of |X| */
size_t tacit_mpi_lsb(const tacit_mpi *X);       /* index of the lowest set bit; 0 for 0 */
int tacit_mpi_get_bit(const tacit_mpi *X, size_t pos);          /* 0 or 1 */
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
 * Radix 10 or 16; an optional leading '-'; hex digits in either case.
 * Empty string or stray character: TACIT_ERR_MPI_INVALID_CHARACTER.
 */
int tacit_mpi_read_string(tacit_mpi *X, int radix, const char *s);
/*
 * NUL-terminated text: an optional '-', then the digits without leading
 * zeros (hex in upper case; zero is "0").  *olen = bytes written including
 * the NUL; on TACIT_ERR_BUFFER_TOO_SMALL, *olen = the size needed.
 */
int tacit_mpi_write_string(const tacit_mpi *X, int radix, char *buf, size_t buflen,
                           size_t *olen);

/* ---- comparison -------------------------------------------------------------- */

int tacit_mpi_cmp_abs(const tacit_mpi *X, const tacit_mpi *Y);  /* -1, 0, 1 */
int tacit_mpi_cmp_mpi(const tacit_mpi *X, const tacit_mpi *Y);  /* -1, 0, 1 */
int tacit_mpi_cmp_int(const tacit_mpi *X, tacit_mpi_sint z);    /* -1, 0, 1 */
/*
 * Constant time in the values (both must have the same sign, limb counts
 * public): *ret = 1 if X < Y else 0.
 */
int tacit_mpi_lt_mpi_ct(const tacit_mpi *X, const tacit_mpi *Y, unsigned *ret);

/* ---- arithmetic -------------------------------------------------------------- */

int tacit_mpi_add_abs(tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *B);
/* |A| - |B|; TACIT_ERR_MPI_NEGATIVE_VALUE if |A| < |B| */
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
 * Q or R may be NULL.  B = 0: TACIT_ERR_MPI_DIVISION_BY_ZERO.
 */
int tacit_mpi_div_mpi(tacit_mpi *Q, tacit_mpi *R, const tacit_mpi *A, const tacit_mpi *B);
int tacit_mpi_div_int(tacit_mpi *Q, tacit_mpi *R, const tacit_mpi *A, tacit_mpi_sint b);
/* R = A mod B, 0 <= R < B; B <= 0: DIVISION_BY_ZERO / NEGATIVE_VALUE. */
int tacit_mpi_mod_mpi(tacit_mpi *R, const tacit_mpi *A, const tacit_mpi *B);
/* *r = A mod b for b > 0 */
int tacit_mpi_mod_int(tacit_mpi_uint *r, const tacit_mpi *A, tacit_mpi_sint b);

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
int tacit_mpi_exp_mod(tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *E,
                      const tacit_mpi *N, tacit_mpi *RR);
/*
 * Leaks: the exponent E (its bit length and bits, through the timing), and
 * N's value when R^2 mod N is computed here (RR NULL or empty).
 * Only for: public exponents and public moduli (RSA public operations).
 * Otherwise as tacit_mpi_exp_mod; its cost follows E's bit length, not its
 * limb count, so a grown e = 65537 costs what 17 bits cost.
 */
int tacit_mpi_exp_mod_unsafe(tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *E,
                             const tacit_mpi *N, tacit_mpi *RR);

/* G = gcd(A, B) (>= 0). */
int tacit_mpi_gcd(tacit_mpi *G, const tacit_mpi *A, const tacit_mpi *B);
/*
 * X = A^-1 mod N, 0 < X < N; N > 1 (else TACIT_ERR_BAD_INPUT), not
 * invertible: TACIT_ERR_MPI_NOT_ACCEPTABLE.  Not constant time.
 */
int tacit_mpi_inv_mod(tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *N);

/* ---- randomness and primes ---------------------------------------------------- */

/* X = `size` random bytes read as a big-endian number. */
int tacit_mpi_fill_random(tacit_mpi *X, size_t size, tacit_rng_func f_rng, void *p_rng);
/*
 * X uniformly random in [min, N) by rejection sampling (min >= 0, N > min);
 * TACIT_ERR_MPI_NOT_ACCEPTABLE after too many rejections (a broken RNG).
 */
int tacit_mpi_random(tacit_mpi *X, tacit_mpi_sint min, const tacit_mpi *N,
                     tacit_rng_func f_rng, void *p_rng);
/*
 * 0 if X is probably prime (trial division, then `rounds` Miller-Rabin
 * rounds with random bases; rounds 0 picks a count for an error below
 * 2^-80), TACIT_ERR_MPI_NOT_ACCEPTABLE if composite.
 */
int tacit_mpi_is_prime(const tacit_mpi *X, int rounds, tacit_rng_func f_rng, void *p_rng);
/* Flags for tacit_mpi_gen_prime. */
#define TACIT_MPI_GEN_PRIME_DH      0x1 /* (X-1)/2 prime too */
#define TACIT_MPI_GEN_PRIME_LOW_ERR 0x2 /* error below 2^-128 instead of 2^-80 */
/*
 * X = a random prime of exactly nbits bits (3 <= nbits <= TACIT_MPI_MAX_BITS)
 * with its two top bits set (so a product of two has 2 * nbits bits).
 */
int tacit_mpi_gen_prime(tacit_mpi *X, size_t nbits, int flags, tacit_rng_func f_rng,
                        void *p_rng);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_BIGNUM_H */
