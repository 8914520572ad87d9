/*
 * tacit_mpi random numbers and primes, constant flow in the candidate:
 * during key generation every candidate is a secret until it is rejected.
 *
 * - Trial division without `%`: the candidate is reduced modulo products of
 *   small primes (each below 2^32) one 32-bit chunk at a time with Barrett's
 *   method (multiplications and masked corrections), then each residue
 *   modulo its primes the same way.  Only the verdict "has a small factor"
 *   is revealed: the candidate is then thrown away.
 * - Miller-Rabin: witnesses uniform in [2, X - 2] (64 extra random bits
 *   reduced with the constant-flow division), b^r with the constant-time
 *   Montgomery exponentiation over all of r's limbs, then a FIXED number of
 *   Montgomery squarings (MR_SQUARINGS, or all bits in the 1-in-2^32 case
 *   where X - 1 has more trailing zeros -- that verdict is revealed), the
 *   "-1 seen before step s" test done with masks.  "Composite" is revealed
 *   (the candidate is thrown away); a prime reveals nothing but that.
 * - Revealed for any X: whether it is < 2, even, or below 1009^2 (then the
 *   trial division alone decides), and its bit length when the caller asks
 *   for the default number of rounds.
 */
#include "tacit/config.h"

#if defined(TACIT_BIGNUM_C)

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bignum/bignum_core.h"
#include "bignum/bignum_internal.h"
#include "core/constant_time_internal.h"
#include "tacit/bignum.h"
#include "tacit/platform.h"
#include "core/platform_internal.h"

/*
 * The odd primes below 1000 come from a sieve of Eratosthenes run for each
 * candidate (a few hundred operations on public data, and no 334-byte
 * table in the image).  composite: bit (n - 1) / 2 for odd n < 1000.
 */
#define SMALL_PRIME_LIMIT 1000

static void sieve(unsigned char composite[SMALL_PRIME_LIMIT / 16 + 1])
{
    unsigned d, n;

    memset(composite, 0, SMALL_PRIME_LIMIT / 16 + 1);
    for (d = 3; d * d < SMALL_PRIME_LIMIT; d += 2) {
        for (n = d * d; n < SMALL_PRIME_LIMIT; n += 2 * d) {
            composite[n / 16] |= (unsigned char)(1u << ((n / 2) % 8));
        }
    }
}

/* The next odd prime after the odd p (SMALL_PRIME_LIMIT or more when there is none). */
static unsigned next_prime(const unsigned char *composite, unsigned p)
{
    do {
        p += 2;
    } while (p < SMALL_PRIME_LIMIT && ((composite[p / 16] >> ((p / 2) % 8)) & 1));
    return p;
}

/* Squarings after b^r in Miller-Rabin when X - 1 = 2^s r with s <= MR_SQUARINGS. */
#define MR_SQUARINGS 32

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
    buf = (unsigned char *)tacit_platform_calloc(1, size > 0 ? size : 1);
    if (buf == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    if (f_rng(p_rng, buf, size) != 0) {
        ret = TACIT_ERR_RNG_FAILED;
    } else {
        ret = tacit_mpi_read_binary(X, buf, size);
    }
    tacit_platform_zeroize(buf, size);
    tacit_platform_free(buf);
    return ret;
}

/*
 * X = min + (r mod (N - min)) for r of 64 more random bits than N has
 * limbs: uniform within 2^-64, constant flow in N and X (no rejection).
 */
int tacit_mpi_random(tacit_mpi *X, tacit_mpi_sint min, const tacit_mpi *N, tacit_rng_func f_rng,
                     void *p_rng)
{
    tacit_mpi R, M;
    int ret;

    if (X == NULL || N == NULL || f_rng == NULL || min < 0 || tacit_mpi_cmp_int(N, min) <= 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    tacit_mpi_init(&R);
    tacit_mpi_init(&M);
    if ((ret = tacit_mpi_sub_int(&M, N, min)) == 0 &&
        (ret = tacit_mpi_fill_random(&R, N->n * TACIT_MPI_LIMB_BYTES + 8, f_rng, p_rng)) == 0 &&
        (ret = tacit_mpi_mod_mpi(&R, &R, &M)) == 0 && (ret = tacit_mpi_add_int(&R, &R, min)) == 0 &&
        (ret = tacit_mpi_grow(&R, N->n)) == 0) {
        /* R < N fits N->n limbs: keep that many */
        tacit_mpi_swap(X, &R);
        if (X->n > N->n) {
            memset(X->p + N->n, 0, (X->n - N->n) * sizeof(*X->p));
        }
    }
    tacit_mpi_free(&R);
    tacit_mpi_free(&M);
    return ret;
}

/* ---- trial division ------------------------------------------------------------ */

/* floor(v / d) for v < 2^64 and d < 2^32 given m = floor((2^64 - 1) / d): two masked fixes. */
static uint64_t mulhi64(uint64_t a, uint64_t b)
{
#if defined(__SIZEOF_INT128__)
    __extension__ typedef unsigned __int128 u128;
    return (uint64_t)(((u128)a * b) >> 64);
#else
    uint64_t al = a & 0xFFFFFFFFu, ah = a >> 32, bl = b & 0xFFFFFFFFu, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (lh & 0xFFFFFFFFu) + (hl & 0xFFFFFFFFu);
    return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
#endif
}

/* v mod d, v < 2^64, d < 2^32, m = floor((2^64 - 1) / d); constant time. */
static uint64_t mod_barrett(uint64_t v, uint64_t d, uint64_t m)
{
    uint64_t r = v - mulhi64(v, m) * d; /* < 3d */
    int i;

    for (i = 0; i < 2; i++) {
        r -= d & tacit_ct_mask_ge_u64(r, d);
    }
    return r;
}

/* Bits [32 i, 32 i + 32) of X. */
static uint64_t chunk32(const tacit_mpi *X, size_t i)
{
#if TACIT_MPI_LIMB_BITS == 64
    return (uint64_t)(X->p[i / 2] >> (32 * (i % 2))) & 0xFFFFFFFFu;
#else
    return (uint64_t)X->p[i];
#endif
}

/*
 * Mask: X (odd, > 997) is divisible by a prime below 1000.  Every prime is
 * looked at for every candidate.  A prime equal to X does not count.
 */
static tacit_mpi_uint small_factor_mask(const tacit_mpi *X)
{
    size_t chunks = X->n * (TACIT_MPI_LIMB_BITS / 32), k;
    unsigned char composite[SMALL_PRIME_LIMIT / 16 + 1];
    unsigned p = 3, q, end;
    uint64_t hit = 0;

    sieve(composite);
    while (p < SMALL_PRIME_LIMIT) {
        /* a group of consecutive primes [p, end) whose product stays below 2^32 */
        uint64_t M = p, m, r = 0;
        for (end = next_prime(composite, p);
             end < SMALL_PRIME_LIMIT && M * end < ((uint64_t)1 << 32);
             end = next_prime(composite, end)) {
            M *= end;
        }
        m = UINT64_MAX / M;
        for (k = chunks; k-- > 0;) {
            r = mod_barrett((r << 32) | chunk32(X, k), M, m);
        }
        for (q = p; q < end; q = next_prime(composite, q)) {
            hit |= tacit_ct_mask_eq_u64(mod_barrett(r, q, UINT64_MAX / q), 0);
        }
        p = end;
    }
    /* X = p itself is not "divisible" (only small X can be) */
    for (p = 3; p < SMALL_PRIME_LIMIT; p = next_prime(composite, p)) {
        tacit_mpi_uint eq = tacit_ct_mask_eq_limb(X->p[0], p);
        for (k = 1; k < X->n; k++) {
            eq &= tacit_ct_mask_eq_limb(X->p[k], 0);
        }
        hit &= ~(uint64_t)tacit_ct_mask_widen_u32((uint32_t)(eq & 1) * 0xFFFFFFFFu);
    }
    return tacit_ct_mask_from_bit_limb((tacit_mpi_uint)(hit & 1));
}

/* ---- Miller-Rabin -------------------------------------------------------------- */

/*
 * `rounds` Miller-Rabin rounds on X (odd, >= 1009^2, n = X->n limbs).
 * 0: probably prime; TACIT_ERR_MPI_NOT_ACCEPTABLE: composite (revealed).
 */
static int miller_rabin(const tacit_mpi *X, int rounds, tacit_rng_func f_rng, void *p_rng)
{
    size_t n = X->n, bits = n * TACIT_MPI_LIMB_BITS, s, sq, j, tl;
    tacit_mpi_uint *buf, *W, *R, *RR, *Y, *one, *mone, *T, mm, ok;
    tacit_mpi B, M3;
    int i, ret;

    tl = tacit_mpi_core_exp_mod_working_limbs(n, n);
    if (tl < TACIT_MPI_CORE_MOD_CT_WORKING_LIMBS(n)) {
        tl = TACIT_MPI_CORE_MOD_CT_WORKING_LIMBS(n);
    }
    buf = (tacit_mpi_uint *)tacit_platform_calloc(6 * n + tl, sizeof(*buf));
    if (buf == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    W = buf;
    R = W + n;
    RR = R + n;
    Y = RR + n;
    one = Y + n;
    mone = one + n;
    T = mone + n;
    tacit_mpi_init(&B);
    tacit_mpi_init(&M3);
    /* X - 1 = 2^s R, R odd: s and the shift by s in constant time */
    (void)tacit_mpi_core_sub_limb(W, X->p, 1, n);
    s = tacit_mpi_core_ctz_ct(W, n);
    memcpy(R, W, n * sizeof(*R));
    tacit_mpi_core_shift_r_secret(R, n, s, bits, T);
    /* a fixed number of squarings, unless s is larger (1 candidate in 2^32) */
    sq = tacit_ct_declassify_size(tacit_ct_mask_gt_size(s, MR_SQUARINGS)) ? bits : MR_SQUARINGS;
    /* Montgomery constants of the secret X */
    mm = tacit_mpi_core_mont_init(X->p);
    tacit_mpi_core_get_mont_r2_ct(RR, X->p, n);
    memset(Y, 0, n * sizeof(*Y));
    Y[0] = 1;
    tacit_mpi_core_to_mont(one, Y, X->p, n, mm, RR, T); /* R mod X */
    memset(Y, 0, n * sizeof(*Y));
    tacit_mpi_core_sub_mod(mone, Y, one, X->p, n); /* -R mod X */
    /* witnesses: 2 + (random mod (X - 3)) */
    if ((ret = tacit_mpi_copy(&M3, X)) != 0) {
        goto cleanup;
    }
    /* X - 3 > 0 on the limbs: a difference's sign would be computed from the values */
    (void)tacit_mpi_core_sub_limb(M3.p, M3.p, 3, M3.n);
    for (i = 0; i < rounds; i++) {
        if ((ret = tacit_mpi_fill_random(&B, n * TACIT_MPI_LIMB_BYTES + 8, f_rng, p_rng)) != 0 ||
            (ret = tacit_mpi_mod_mpi(&B, &B, &M3)) != 0 ||
            (ret = tacit_mpi_add_int(&B, &B, 2)) != 0) {
            goto cleanup;
        }
        /* Y = b^R mod X (B fits n limbs: it is < X) */
        memcpy(Y, B.p, n * sizeof(*Y));
        tacit_mpi_core_exp_mod(Y, Y, X->p, n, R, n, RR, T);
        tacit_mpi_core_to_mont(Y, Y, X->p, n, mm, RR, T);
        ok = tacit_mpi_core_eq_ct(Y, one, n) | tacit_mpi_core_eq_ct(Y, mone, n);
        for (j = 1; j < sq; j++) {
            /* the barrier keeps the compiler from rewriting the loop counter in terms of s */
            tacit_mpi_uint before_s =
                tacit_ct_mask_lt_limb((tacit_mpi_uint)tacit_ct_barrier_size(j), (tacit_mpi_uint)s);
            tacit_mpi_core_montsqr(Y, Y, X->p, n, mm, T);
            ok |= before_s & tacit_mpi_core_eq_ct(Y, mone, n);
        }
        if (!tacit_ct_declassify_u32((uint32_t)(ok & 1))) {
            ret = TACIT_ERR_MPI_NOT_ACCEPTABLE;
            goto cleanup;
        }
    }
    ret = 0;
cleanup:
    tacit_platform_zeroize(buf, (6 * n + tl) * sizeof(*buf));
    tacit_platform_free(buf);
    tacit_mpi_free(&B);
    tacit_mpi_free(&M3);
    return ret;
}

/*
 * Rounds for a random candidate of `bits` bits to err with probability
 * below 2^-80 (the table of FIPS 186-4, C.3, for random candidates).
 */
static int default_rounds(size_t bits)
{
    return bits >= 1300  ? 2
           : bits >= 850 ? 3
           : bits >= 650 ? 4
           : bits >= 350 ? 8
           : bits >= 250 ? 12
           : bits >= 150 ? 18
                         : 27;
}

/* X odd and > 2: trial division, then (X >= 1009^2) Miller-Rabin. */
static int is_prime_odd(const tacit_mpi *X, int rounds, tacit_rng_func f_rng, void *p_rng)
{
    if (tacit_ct_declassify_u32((uint32_t)(small_factor_mask(X) & 1))) {
        return TACIT_ERR_MPI_NOT_ACCEPTABLE;
    }
    /* no factor below 1000 and X < 1009^2: prime (that verdict is revealed) */
    if (tacit_ct_declassify_u32((uint32_t)tacit_mpi_cmp_int(X, 1009 * 1009) >> 31)) {
        return 0;
    }
    return miller_rabin(X, rounds, f_rng, p_rng);
}

int tacit_mpi_is_prime(const tacit_mpi *X, int rounds, tacit_rng_func f_rng, void *p_rng)
{
    if (X == NULL || f_rng == NULL || rounds < 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    /* verdicts revealed: X < 2, X = 2, X even */
    if (X->s < 0 || X->n == 0 || tacit_mpi_cmp_int(X, 2) < 0) {
        return TACIT_ERR_MPI_NOT_ACCEPTABLE;
    }
    if (tacit_mpi_cmp_int(X, 2) == 0) {
        return 0;
    }
    if (tacit_ct_declassify_u32((uint32_t)(X->p[0] & 1)) == 0) {
        return TACIT_ERR_MPI_NOT_ACCEPTABLE;
    }
    if (rounds == 0) {
        rounds = default_rounds(tacit_ct_declassify_size(tacit_mpi_bitlen(X)));
    }
    return is_prime_odd(X, rounds, f_rng, p_rng);
}

int tacit_mpi_gen_prime(tacit_mpi *X, size_t nbits, int flags, tacit_rng_func f_rng, void *p_rng)
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
        /* every rejection below is revealed: the candidate is thrown away */
        ret = nbits == 3 ? tacit_mpi_is_prime(X, rounds, f_rng, p_rng)
                         : is_prime_odd(X, rounds, f_rng, p_rng);
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
