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

#include "bignum_core.h"
#include "bignum_internal.h"
#include "constant_time_internal.h"
#include "tacit/bignum.h"
#include "tacit/platform.h"

/*
 * Number of limbs up to N's most significant nonzero one, found without a
 * branch on the limbs and then declassified: the modulus' length is public
 * (the size of the key), its value need not be (RSA-CRT primes).
 */
static size_t modulus_limbs(const tacit_mpi *N)
{
    size_t i, used = 0;

    for (i = 0; i < N->n; i++) {
        size_t nz = tacit_ct_mask_to_size_u32(
            (uint32_t)tacit_ct_mask_nonzero_limb(N->p[i]));
        used = tacit_ct_select_size(nz, i + 1, used);
    }
    return tacit_ct_declassify_size(used);
}

static int exp_mod_common(tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *E,
                          const tacit_mpi *N, tacit_mpi *RR, int unsafe)
{
    size_t n, elimbs, work, total;
    tacit_mpi_uint *buf = NULL, *rr, *abar, *res, *T, mm;
    const tacit_mpi_uint *rrp;
    int ret;

    if (X == NULL || A == NULL || E == NULL || N == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    /*
     * Validity checks on N reveal only their verdicts (length, parity,
     * N = 1), through tacit_ct_declassify.
     */
    n = modulus_limbs(N);
    if (n == 0 || N->s < 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (tacit_ct_declassify_u32((uint32_t)(N->p[0] & 1)) == 0) {
        return TACIT_ERR_MPI_EVEN_MODULUS;
    }
    if (n > TACIT_MPI_MAX_LIMBS) {
        return TACIT_ERR_MPI_TOO_LARGE;
    }
    if (E->s < 0 && tacit_mpi_used_limbs(E) != 0) {
        return TACIT_ERR_MPI_NEGATIVE_VALUE;
    }
    if (n == 1 && tacit_ct_declassify_u32((uint32_t)(tacit_ct_mask_eq_limb(N->p[0], 1) & 1))) {
        return tacit_mpi_lset(X, 0); /* everything is 0 mod 1 */
    }
    elimbs = E->n;
    if (elimbs > TACIT_MPI_GROW_MAX_LIMBS) {
        return TACIT_ERR_MPI_TOO_LARGE;
    }
    work = unsafe ? tacit_mpi_core_exp_mod_unsafe_working_limbs(n, elimbs)
                  : tacit_mpi_core_exp_mod_working_limbs(n, elimbs);
    if (work < TACIT_MPI_CORE_MOD_CT_WORKING_LIMBS(n)) {
        work = TACIT_MPI_CORE_MOD_CT_WORKING_LIMBS(n);
    }
    total = 3 * n + work;
    buf = (tacit_mpi_uint *)calloc(total, sizeof(*buf));
    if (buf == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    rr = buf;
    abar = rr + n;
    res = abar + n;
    T = res + n;

    /* R^2 mod N: from the cache, or computed (and cached when asked) */
    if (RR != NULL && RR->p != NULL && RR->n >= n) {
        rrp = RR->p;
    } else {
        /* the constant-time path may serve a secret modulus (RSA-CRT) */
        if (unsafe) {
            tacit_mpi_core_get_mont_r2_unsafe(rr, N->p, n);
        } else {
            tacit_mpi_core_get_mont_r2_ct(rr, N->p, n);
        }
        rrp = rr;
        if (RR != NULL) {
            if ((ret = tacit_mpi_grow(RR, n)) != 0) {
                goto cleanup;
            }
            tacit_mpi_set_zero(RR);
            memcpy(RR->p, rr, n * sizeof(*rr));
        }
    }

    /*
     * The core takes any base below R and reduces it on the way into
     * Montgomery form, so a non-negative A of at most n limbs goes in as it
     * is.  A longer or negative one is first reduced with mod_ct: constant
     * time in A's value (A->n and the sign are public).
     */
    if (A->n <= n && A->s > 0) {
        if (A->n > 0) {
            memcpy(abar, A->p, A->n * sizeof(*abar));
        }
    } else {
        mm = tacit_mpi_core_mont_init(N->p);
        tacit_mpi_core_mod_ct(abar, A->p, A->n, N->p, n, mm, rrp, T);
    }
    if (A->s < 0) {
        /* -|A| mod N = N - (|A| mod N), or 0; the sign is public */
        memset(res, 0, n * sizeof(*res));
        tacit_mpi_core_sub_mod(abar, res, abar, N->p, n);
    }

    if (unsafe) {
        tacit_mpi_core_exp_mod_unsafe(res, abar, N->p, n, E->p, elimbs, rrp, T);
    } else {
        tacit_mpi_core_exp_mod(res, abar, N->p, n, E->p, elimbs, rrp, T);
    }

    /* only now touch X: it may alias A, E, N or RR */
    if ((ret = tacit_mpi_grow(X, n)) != 0) {
        goto cleanup;
    }
    tacit_mpi_set_zero(X);
    memcpy(X->p, res, n * sizeof(*res));
    ret = 0;
cleanup:
    tacit_platform_zeroize(buf, total * sizeof(*buf));
    free(buf);
    return ret;
}

int tacit_mpi_exp_mod(tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *E,
                      const tacit_mpi *N, tacit_mpi *RR)
{
    return exp_mod_common(X, A, E, N, RR, 0);
}

int tacit_mpi_exp_mod_unsafe(tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *E,
                             const tacit_mpi *N, tacit_mpi *RR)
{
    return exp_mod_common(X, A, E, N, RR, 1);
}

#else
typedef int tacit_bignum_exp_unused;
#endif /* TACIT_BIGNUM_C */
