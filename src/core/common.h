/*
 * Idioms shared by every source file of the library (internal header).
 *
 * Error propagation, the one way: a function keeps its result in `int ret`,
 * calls with TACIT_CHK(...) and ends in a `cleanup:` label that releases
 * what it holds and returns ret:
 *
 *     int ret;
 *     TACIT_CHK(tacit_mpi_grow(&X, n));
 *     TACIT_CHK(tacit_mpi_mul_mpi(&X, &A, &B));
 *     ret = 0;
 * cleanup:
 *     tacit_mpi_free(&T);
 *     return ret;
 *
 * TACIT_CHK_ADD is the same for the ASN.1 writers, which return a length
 * (>= 0) or an error (< 0): the length is added to `total`.
 */
#ifndef TACIT_COMMON_H
#define TACIT_COMMON_H

#include "tacit/config.h"
#include "tacit/error.h"
#include "tacit/hmac_drbg.h"
#include "tacit/platform.h"

#define TACIT_CHK(f)                                                                               \
    do {                                                                                           \
        if ((ret = (f)) != 0) {                                                                    \
            goto cleanup;                                                                          \
        }                                                                                          \
    } while (0)

#define TACIT_CHK_ADD(total, f)                                                                    \
    do {                                                                                           \
        int tacit_chk_r_ = (f);                                                                    \
        if (tacit_chk_r_ < 0) {                                                                    \
            ret = tacit_chk_r_;                                                                    \
            goto cleanup;                                                                          \
        }                                                                                          \
        (total) += tacit_chk_r_;                                                                   \
    } while (0)

/*
 * A function kept out of line, so that its locals are off the stack when
 * it has returned (stack depth: scripts/stack_usage.sh).  Only a hint for
 * compilers without the attribute.
 */
#if defined(__GNUC__) || defined(__clang__)
#define TACIT_NOINLINE __attribute__((noinline))
#else
#define TACIT_NOINLINE
#endif

/*
 * The RNG convention: every public function taking (f_rng, p_rng) uses
 * tacit_rng_default when f_rng is NULL.  Call this once at the top.
 */
static inline tacit_rng_func tacit_rng_or_default(tacit_rng_func f_rng, void **p_rng)
{
    if (f_rng != NULL) {
        return f_rng;
    }
    *p_rng = NULL;
    return tacit_rng_default;
}

#endif /* TACIT_COMMON_H */
