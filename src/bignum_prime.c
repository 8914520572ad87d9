/*
 * tacit_mpi random numbers and primes: fill_random, uniform random in a
 * range by rejection, Miller-Rabin after trial division, prime generation.
 *
 * Miller-Rabin raises a random witness to the odd part of X - 1 with the
 * constant-time tacit_mpi_exp_mod: during key generation X is a secret
 * candidate.  The rest (trial division, the squaring chain) is ordinary
 * arithmetic, as in other libraries' key generation.
 */
#include "tacit/config.h"

#if defined(TACIT_BIGNUM_C)

#include <stdlib.h>

#include "bignum_core.h"
#include "bignum_internal.h"
#include "tacit/bignum.h"
#include "tacit/platform.h"

/* The odd primes below 1000. */
static const unsigned short small_primes[] = {
    3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47,
    53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101, 103, 107, 109,
    113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179, 181, 191,
    193, 197, 199, 211, 223, 227, 229, 233, 239, 241, 251, 257, 263, 269,
    271, 277, 281, 283, 293, 307, 311, 313, 317, 331, 337, 347, 349, 353,
    359, 367, 373, 379, 383, 389, 397, 401, 409, 419, 421, 431, 433, 439,
    443, 449, 457, 461, 463, 467, 479, 487, 491, 499, 503, 509, 521, 523,
    541, 547, 557, 563, 569, 571, 577, 587, 593, 599, 601, 607, 613, 617,
    619, 631, 641, 643, 647, 653, 659, 661, 673, 677, 683, 691, 701, 709,
    719, 727, 733, 739, 743, 751, 757, 761, 769, 773, 787, 797, 809, 811,
    821, 823, 827, 829, 839, 853, 857, 859, 863, 877, 881, 883, 887, 907,
    911, 919, 929, 937, 941, 947, 953, 967, 971, 977, 983, 991, 997,
};
#define N_SMALL_PRIMES (sizeof(small_primes) / sizeof(small_primes[0]))

int tacit_mpi_fill_random(tacit_mpi *X, size_t size, tacit_rng_func f_rng, void *p_rng)
{
    unsigned char *buf;
    int ret;

    if (X == NULL || f_rng == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (size > TACIT_MPI_GROW_MAX_LIMBS * TACIT_MPI_LIMB_BYTES) {
        return TACIT_ERR_MPI_TOO_LARGE;
    }
    buf = (unsigned char *)malloc(size > 0 ? size : 1);
    if (buf == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    if (f_rng(p_rng, buf, size) != 0) {
        ret = TACIT_ERR_RNG_FAILED;
    } else {
        ret = tacit_mpi_read_binary(X, buf, size);
    }
    tacit_platform_zeroize(buf, size);
    free(buf);
    return ret;
}

int tacit_mpi_random(tacit_mpi *X, tacit_mpi_sint min, const tacit_mpi *N,
                     tacit_rng_func f_rng, void *p_rng)
{
    size_t bits, bytes;
    int tries, ret;

    if (X == NULL || N == NULL || f_rng == NULL || min < 0 || tacit_mpi_cmp_int(N, min) <= 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    bits = tacit_mpi_bitlen(N);
    bytes = (bits + 7) / 8;
    /* each try succeeds with probability > 1/2 when min is small */
    for (tries = 0; tries < 128; tries++) {
        if ((ret = tacit_mpi_fill_random(X, bytes, f_rng, p_rng)) != 0 ||
            (ret = tacit_mpi_shift_r(X, 8 * bytes - bits)) != 0) {
            return ret;
        }
        if (tacit_mpi_cmp_int(X, min) >= 0 && tacit_mpi_cmp_mpi(X, N) < 0) {
            return 0;
        }
    }
    return TACIT_ERR_MPI_NOT_ACCEPTABLE;
}

/*
 * Trial division: 0 = no small factor (continue), 1 = X is a small prime,
 * NOT_ACCEP    3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47,
    53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101, 103, 107, 109,
    113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179, 181, 191,
    193, 197, 199, 211, 223, 227, 229, 233, 239, 241, 251, 257, 263, 269,
    271, 277, 281, 283, 293, 307, 311, 313, 317, 331, 337, 347, 349, 353,
    359, 367, 373, 379, 383, 389, 397, 401, 409, 419, 421, 431, 433, 439,
    443, 449, 457, 461, 463, 467, 479, 487, 491, 499, 503, 509, 521, 523,
    541, 547, 557, 563, 569, 571, 577, 587, 593, 599, 601, 607, 613, 617,
    619, 631, 641, 643, 647, 653, 659, 661, 673, 677, 683, 691, 701, 709,
    719, 727, 733, 739, 743, 751, 757, 761, 769, 773, 787, 797, 809, 811,
    821, 823, 827, 829, 839, 853, 857, 859, 863, 877, 881, 883, 887, 907,
    911, 919, 929, 937, 941, 947, 953, 967, 971, 977, 983, 991, 997, = composite.  X > 1, odd.
 */
static int trial_division(const tacit_mpi *X)
{
    size_t i;
    int ret;

    for (i = 0; i < N_SMALL_PRIMES; i++) {
        tacit_mpi_uint r;
        if (tacit_mpi_cmp_int(X, small_primes[i]) == 0) {
            return 1;
        }
        if ((ret = tacit_mpi_mod_int(&r, X, small_primes[i])) != 0) {
            return ret;
        }
        if (r == 0) {
            return TACIT_ERR_MPI_NOT_ACCEPTABLE;
        }
    }
    /* no factor below 1000 and X < 1009^2: prime */
    if (tacit_mpi_cmp_int(X, 1009 * 1009) < 0) {
        return 1;
    }
    return 0;
}

static int miller_rabin(const tacit_mpi *X, int rounds, tacit_rng_func f_rng, void *p_rng)
{
    tacit_mpi W, R, A, Y, RR;
    size_t s, j;
    int i, ret;

    tacit_mpi_init(&W);
    tacit_mpi_init(&R);
    tacit_mpi_init(&A);
    tacit_mpi_init(&Y);
    tacit_mpi_init(&RR);
    /* X - 1 = 2^s R, R odd */
    if ((ret = tacit_mpi_sub_int(&W, X, 1)) != 0 || (ret = tacit_mpi_copy(&R, &W)) != 0) {
        goto cleanup;
    }
    s = tacit_mpi_lsb(&W);
    if ((ret = tacit_mpi_shift_r(&R, s)) != 0) {
        goto cleanup;
    }
    for (i = 0; i < rounds; i++) {
        /* witness in [2, X - 2] */
        if ((ret = tacit_mpi_random(&A, 2, &W, f_rng, p_rng)) != 0 ||
            (ret = tacit_mpi_exp_mod(&Y, &A, &R, X, &RR)) != 0) {
            goto cleanup;
        }
        if (tacit_mpi_cmp_int(&Y, 1) == 0 || tacit_mpi_cmp_mpi(&Y, &W) == 0) {
            continue;
        }
        for (j = 1; j < s; j++) {
            if ((ret = tacit_mpi_mul_mpi(&Y, &Y, &Y)) != 0 ||
                (ret = tacit_mpi_mod_mpi(&Y, &Y, X)) != 0) {
                goto cleanup;
            }
            if (tacit_mpi_cmp_mpi(&Y, &W) == 0 || tacit_mpi_cmp_int(&Y, 1) == 0) {
                break;
            }
        }
        if (tacit_mpi_cmp_mpi(&Y, &W) != 0) {
            ret = TACIT_ERR_MPI_NOT_ACCEPTABLE;
            goto cleanup;
        }
    }
    ret = 0;
cleanup:
    tacit_mpi_free(&W);
    tacit_mpi_free(&R);
    tacit_mpi_free(&A);
    tacit_mpi_free(&Y);
    tacit_mpi_free(&RR);
    return ret;
}

/*
 * Rounds for a random candidate of `bits` bits to err with probability
 * below 2^-80 (the table of FIPS 186-4, C.3, for random candidates).
 */
static int default_rounds(size_t bits)
{
    return bits >= 1300 ? 2 : bits >= 850 ? 3 : bits >= 650 ? 4 : bits >= 350 ? 8 :
           bits >= 250 ? 12 : bits >= 150 ? 18 : 27;
}

int tacit_mpi_is_prime(const tacit_mpi *X, int rounds, tacit_rng_func f_rng, void *p_rng)
{
    int ret;

    if (X == NULL || f_rng == NULL || rounds < 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (X->s < 0 || tacit_mpi_cmp_int(X, 2) < 0) {
        return TACIT_ERR_MPI_NOT_ACCEPTABLE;
    }
    if (tacit_mpi_cmp_int(X, 2) == 0) {
        return 0;
    }
    if (tacit_mpi_get_bit(X, 0) == 0) {
        return TACIT_ERR_MPI_NOT_ACCEPTABLE;
    }
    ret = trial_division(X);
    if (ret != 0) {
        return ret == 1 ? 0 : ret;
    }
    if (rounds == 0) {
        rounds = default_rounds(tacit_mpi_bitlen(X));
    }
    return miller_rabin(X, rounds, f_rng, p_rng);
}

int tacit_mpi_gen_prime(tacit_mpi *X, size_t nbits, int flags, tacit_rng_func f_rng,
                        void *p_rng)
{
    tacit_mpi H;
    size_t tries;
    int rounds, ret;

    if (X == NULL || f_rng == NULL || nbits < 3 || nbits > TACIT_MPI_MAX_BITS ||
        (flags & ~(TACIT_MPI_GEN_PRIME_DH | TACIT_MPI_GEN_PRIME_LOW_ERR)) != 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    rounds = default_rounds(nbits);
    if (flags & TACIT_MPI_GEN_PRIME_LOW_ERR) {
        rounds *= 2; /* error squared: below 2^-160 */
    }
    tacit_mpi_init(&H);
    /* ~nbits * ln 2 / 2 odd candidates on average; give up far beyond that */
    for (tries = 0; tries < 1000 * nbits; tries++) {
        if ((ret = tacit_mpi_fill_random(X, (nbits + 7) / 8, f_rng, p_rng)) != 0 ||
            (ret = tacit_mpi_shift_r(X, 8 * ((nbits + 7) / 8) - nbits)) != 0 ||
            (ret = tacit_mpi_set_bit(X, nbits - 1, 1)) != 0 ||
            (ret = tacit_mpi_set_bit(X, nbits - 2, 1)) != 0 ||
            (ret = tacit_mpi_set_bit(X, 0, 1)) != 0) {
            goto cleanup;
        }
        if (flags & TACIT_MPI_GEN_PRIME_DH) {
            /* X = 3 mod 4, so (X - 1) / 2 is odd */
            if ((ret = tacit_mpi_set_bit(X, 1, 1)) != 0) {
                goto cleanup;
            }
        }
        ret = tacit_mpi_is_prime(X, rounds, f_rng, p_rng);
        if (ret == 0 && (flags & TACIT_MPI_GEN_PRIME_DH)) {
            if ((ret = tacit_mpi_copy(&H, X)) != 0 || (ret = tacit_mpi_shift_r(&H, 1)) != 0) {
                goto cleanup;
            }
            ret = tacit_mpi_is_prime(&H, rounds, f_rng, p_rng);
        }
        if (ret == 0) {
            goto cleanup;
        }
        if (ret != TACIT_ERR_MPI_NOT_ACCEPTABLE) {
            goto cleanup;
        }
    }
    ret = TACIT_ERR_MPI_NOT_ACCEPTABLE;
cleanup:
    if (ret != 0) {
        tacit_mpi_set_zero(X);
    }
    tacit_mpi_free(&H);
    return ret;
}

#else
typedef int tacit_bignum_prime_unused;
#endif /* TACIT_BIGNUM_C */
