/*
 * tacit_mpi_exp_mod (constant time in A and E) and tacit_mpi_exp_mod_unsafe
 * (public exponent): argument checks, R^2 caching and scratch management
 * around tacit_mpi_core_exp_mod / _exp_mod_unsafe.
 *
 * The base is reduced with tacit_mpi_core_mod_ct (Montgomery, no division)
 * in both, so a secret base of any length never meets a leaky division.
 * The ct path passes the exponent's allocated limb count E->n to the core,
 * never its significant length, and computes R^2 with the constant-time
 * doubling ladder, so the modulus may be secret too (RSA-CRT primes): only
 * its limb length and validity verdicts are revealed.
 */
#include "tacit/config.h"

#if defined(TACIT_BIGNUM_C)

#include <stdlib.h>
#include <string.h>

#include "bignum/bignum_core.h"
#include "bignum/bignum_internal.h"
#include "core/constant_time_internal.h"
#include "tacit/bignum.h"
#include "tacit/platform.h"
#include "core/platform_internal.h"

/*
 * Number of limbs up to N's most significant nonzero one, found without a
 * branch on the limbs and then declassified: the modulus' length is public
 * (the size of the key), its value need not be (RSA-CRT primes).
 */
static size_t modulus_limbs(const tacit_mpi *N)
{
    size_t i, used = 0;

    for (i = 0; i < N->n; i++) {
        size_t nz = tacit_ct_mask_to_size_u32((uint32_t)tacit_ct_mask_nonzero_limb(N->p[i]));
        used = tacit_ct_select_size(nz, i + 1, used);
    }
    return tacit_ct_declassify_size(used);
}

/*
 * Checks shared by both exponentiations: *n = N's length in limbs.
 * Returns 1 when N = 1 (the answer is 0), 0 to go on, or an error.  Only
 * validity verdicts (length, sign, parity, N = 1, E negative) are revealed.
 */
static int exp_check(const tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *E, const tacit_mpi *N,
                     size_t *n)
{
    if (X == NULL || A == NULL || E == NULL || N == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    *n = modulus_limbs(N);
    if (*n == 0 || N->s < 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (tacit_ct_declassify_u32((uint32_t)(N->p[0] & 1)) == 0) {
        return TACIT_ERR_MPI_EVEN_MODULUS;
    }
    if (*n > TACIT_MPI_MAX_LIMBS) {
        return TACIT_ERR_MPI_TOO_LARGE;
    }
    if (E->s < 0 &&
        !tacit_ct_declassify_u32((uint32_t)(tacit_mpi_core_is_zero_ct(E->p, E->n) & 1))) {
        return TACIT_ERR_MPI_NEGATIVE_VALUE;
    }
    if (E->n > TACIT_MPI_GROW_MAX_LIMBS) {
        return TACIT_ERR_MPI_TOO_LARGE;
    }
    if (*n == 1 && tacit_ct_declassify_u32((uint32_t)(tacit_ct_mask_eq_limb(N->p[0], 1) & 1))) {
        return 1;
    }
    return 0;
}

/* Scratch: rr, abar, res (n limbs each), then `work` limbs. */
static tacit_mpi_uint *exp_alloc(size_t n, size_t work, size_t *total)
{
    if (work < TACIT_MPI_CORE_MOD_CT_WORKING_LIMBS(n)) {
        work = TACIT_MPI_CORE_MOD_CT_WORKING_LIMBS(n);
    }
    *total = 3 * n + work;
    return (tacit_mpi_uint *)tacit_platform_calloc(*total, sizeof(tacit_mpi_uint));
}

/* Store a freshly computed R^2 mod N in the caller's cache RR (if any). */
static int cache_rr(tacit_mpi *RR, const tacit_mpi_uint *rr, size_t n)
{
    int ret;

    if (RR == NULL) {
        return 0;
    }
    if ((ret = tacit_mpi_grow(RR, n)) != 0) {
        return ret;
    }
    tacit_mpi_set_zero(RR);
    memcpy(RR->p, rr, n * sizeof(*rr));
    return 0;
}

/*
 * abar = A mod N, constant time in A's value.  The core takes any base
 * below R and reduces it on the way into Montgomery form, so a non-negative
 * A of at most n limbs goes in as it is; a longer or negative one is first
 * reduced with mod_ct (A->n and the sign are public).
 */
static void load_base(tacit_mpi_uint *abar, const tacit_mpi *A, const tacit_mpi *N, size_t n,
                      const tacit_mpi_uint *rrp, tacit_mpi_uint *res, tacit_mpi_uint *T)
{
    if (A->n <= n && A->s > 0) {
        if (A->n > 0) {
            memcpy(abar, A->p, A->n * sizeof(*abar));
        }
    } else {
        tacit_mpi_uint mm = tacit_mpi_core_mont_init(N->p);
        tacit_mpi_core_mod_ct(abar, A->p, A->n, N->p, n, mm, rrp, T);
    }
    if (A->s < 0) {
        /* -|A| mod N = N - (|A| mod N), or 0; the sign is public */
        memset(res, 0, n * sizeof(*res));
        tacit_mpi_core_sub_mod(abar, res, abar, N->p, n);
    }
}

/* X = res (n limbs); only now is X touched: it may alias A, E, N or RR. */
static int store_result(tacit_mpi *X, const tacit_mpi_uint *res, size_t n)
{
    int ret;

    if ((ret = tacit_mpi_grow(X, n)) != 0) {
        return ret;
    }
    tacit_mpi_set_zero(X);
    memcpy(X->p, res, n * sizeof(*res));
    return 0;
}

/*
 * What distinguishes the two exponentiations: the core ladder, its scratch
 * size and how R^2 is computed when the caller has none cached.  One body
 * (exp_run) serves both; which of the two is passed is fixed per public
 * function, never chosen from the values.
 */
typedef struct {
    size_t (*working_limbs)(size_t limbs, size_t elimbs);
    void (*rr)(tacit_mpi_uint *RR, const tacit_mpi_uint *N, size_t limbs);
    void (*exp)(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *N, size_t limbs,
                const tacit_mpi_uint *E, size_t elimbs, const tacit_mpi_uint *RR,
                tacit_mpi_uint *T);
} exp_path;

static int exp_run(const exp_path *path, tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *E,
                   const tacit_mpi *N, tacit_mpi *RR)
{
    size_t n, total;
    tacit_mpi_uint *buf, *rr, *abar, *res, *T;
    const tacit_mpi_uint *rrp;
    int ret;

    if ((ret = exp_check(X, A, E, N, &n)) != 0) {
        return ret == 1 ? tacit_mpi_lset(X, 0) : ret;
    }
    buf = exp_alloc(n, path->working_limbs(n, E->n), &total);
    if (buf == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    rr = buf;
    abar = rr + n;
    res = abar + n;
    T = res + n;
    if (RR != NULL && RR->p != NULL && RR->n >= n) {
        rrp = RR->p;
    } else {
        path->rr(rr, N->p, n);
        rrp = rr;
        if ((ret = cache_rr(RR, rr, n)) != 0) {
            goto cleanup;
        }
    }
    load_base(abar, A, N, n, rrp, res, T);
    /* the ct core gets the exponent's allocated limb count, never its significant length */
    path->exp(res, abar, N->p, n, E->p, E->n, rrp, T);
    ret = store_result(X, res, n);
cleanup:
    tacit_platform_zeroize(buf, total * sizeof(*buf));
    tacit_platform_free(buf);
    return ret;
}

int tacit_mpi_exp_mod(tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *E, const tacit_mpi *N,
                      tacit_mpi *RR)
{
    /*
     * the modulus may be secret (RSA-CRT, Miller-Rabin): the ct R^2, the
     * form for a nonzero top limb (n is N's length from modulus_limbs)
     */
    static const exp_path ct = { tacit_mpi_core_exp_mod_working_limbs,
                                 tacit_mpi_core_get_mont_r2_full_ct, tacit_mpi_core_exp_mod };

    return exp_run(&ct, X, A, E, N, RR);
}

int tacit_mpi_exp_mod_unsafe(tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *E,
                             const tacit_mpi *N, tacit_mpi *RR)
{
    static const exp_path leaky = { tacit_mpi_core_exp_mod_unsafe_working_limbs,
                                    tacit_mpi_core_get_mont_r2_unsafe,
                                    tacit_mpi_core_exp_mod_unsafe };

    return exp_run(&leaky, X, A, E, N, RR);
}

#else
typedef int tacit_bignum_exp_unused;
#endif /* TACIT_BIGNUM_C */
