/*
 * tacit_mpi division.  tacit_mpi_div_mpi / mod_mpi / div_int / mod_int are
 * constant flow: binary long division (tacit_mpi_core_divmod_ct) over the
 * allocated limbs, so a secret divisor (p - 1) and a secret dividend (d)
 * are fine; the cost is A->n * biL * B->n.  The _unsafe versions run
 * Knuth's algorithm D on the significant limbs, for public values.
 */
#include "tacit/config.h"

#if defined(TACIT_BIGNUM_C)

#include <stdlib.h>
#include <string.h>

#include "bignum/bignum_core.h"
#include "bignum/bignum_core_limb.h"
#include "bignum/bignum_internal.h"
#include "core/constant_time_internal.h"
#include "tacit/bignum.h"
#include "tacit/platform.h"
#include "core/platform_internal.h"

#if !defined(__OPTIMIZE_SIZE__)
void tacit_mpi_div_limbs_unsafe(tacit_mpi_uint *Q, tacit_mpi_uint *R, const tacit_mpi_uint *A,
                                size_t na, const tacit_mpi_uint *B, size_t nb, tacit_mpi_uint *T)
{
    tacit_mpi_uint *U = T, *V = T + na + 1, d, top;
    size_t s = 0, i, j;

    /* normalise: shift both so the divisor's top bit is set */
    for (top = B[nb - 1]; (top >> (TACIT_MPI_LIMB_BITS - 1)) == 0; top <<= 1) {
        s++;
    }
    memcpy(U, A, na * sizeof(*U));
    U[na] = 0;
    tacit_mpi_core_shift_l(U, na + 1, s);
    memcpy(V, B, nb * sizeof(*V));
    tacit_mpi_core_shift_l(V, nb, s);
    d = V[nb - 1];

    for (j = na - nb + 1; j-- > 0;) {
        tacit_mpi_uint hi = U[j + nb], lo = U[j + nb - 1], q, mc = 0, br = 0;

        /* the estimate from the top limbs is at most 2 too large (Knuth, Theorem B) */
        q = hi >= d ? TACIT_MPI_UINT_MAX : tacit_mpi_div21_unsafe(hi, lo, d);
        for (i = 0; i < nb; i++) {
            tacit_mpi_uint p = tacit_mpi_muladd(&mc, q, V[i], mc, 0);
            tacit_mpi_uint u = U[j + i], df = u - p;
            tacit_mpi_uint b1 = (tacit_mpi_uint)(u < p);
            U[j + i] = df - br;
            br = b1 | (tacit_mpi_uint)(df < br);
        }
        {
            tacit_mpi_uint u = U[j + nb], df = u - mc;
            tacit_mpi_uint b1 = (tacit_mpi_uint)(u < mc);
            U[j + nb] = df - br;
            br = b1 | (tacit_mpi_uint)(df < br);
        }
        while (br != 0) {
            tacit_mpi_uint c = tacit_mpi_core_add(U + j, U + j, V, nb), old = U[j + nb];
            U[j + nb] += c;
            br = (tacit_mpi_uint)(U[j + nb] >= old); /* still negative: no carry out */
            q--;
        }
        if (Q != NULL) {
            Q[j] = q;
        }
    }
    if (R != NULL) {
        tacit_mpi_core_shift_r(U, nb, s);
        memcpy(R, U, nb * sizeof(*R));
    }
}

/*
 * Leaks: A and B (their lengths, Knuth's quotient estimates and corrections).
 * Only for: public values.
 */
int tacit_mpi_div_mpi_unsafe(tacit_mpi *Q, tacit_mpi *R, const tacit_mpi *A, const tacit_mpi *B)
{
    tacit_mpi TQ, TR;
    tacit_mpi_uint *T = NULL;
    size_t na, nb;
    int as, bs, ret;

    if (A == NULL || B == NULL || (Q != NULL && Q == R)) {
        return TACIT_ERR_BAD_INPUT;
    }
    na = tacit_mpi_used_limbs_unsafe(A);
    nb = tacit_mpi_used_limbs_unsafe(B);
    if (nb == 0) {
        return TACIT_ERR_MPI_DIVISION_BY_ZERO;
    }
    as = A->s;
    bs = B->s;
    tacit_mpi_init(&TQ);
    tacit_mpi_init(&TR);
    if (tacit_mpi_cmp_abs(A, B) < 0) {
        /* quotient 0, remainder A */
        if ((ret = tacit_mpi_grow(&TQ, 1)) != 0 || (ret = tacit_mpi_copy(&TR, A)) != 0) {
            goto cleanup;
        }
    } else {
        if ((ret = tacit_mpi_grow(&TQ, na - nb + 1)) != 0 || (ret = tacit_mpi_grow(&TR, nb)) != 0) {
            goto cleanup;
        }
        T = (tacit_mpi_uint *)tacit_platform_calloc(na + nb + 2, sizeof(*T));
        if (T == NULL) {
            ret = TACIT_ERR_ALLOC_FAILED;
            goto cleanup;
        }
        tacit_mpi_div_limbs_unsafe(TQ.p, TR.p, A->p, na, B->p, nb, T);
        TQ.s = as * bs;
    }
    TR.s = as;
    tacit_mpi_normalize_sign(&TQ);
    tacit_mpi_normalize_sign(&TR);
    if (Q != NULL) {
        tacit_mpi_swap(Q, &TQ);
    }
    if (R != NULL) {
        tacit_mpi_swap(R, &TR);
    }
    ret = 0;
cleanup:
    if (T != NULL) {
        tacit_platform_zeroize(T, (na + nb + 2) * sizeof(*T));
        tacit_platform_free(T);
    }
    tacit_mpi_free(&TQ);
    tacit_mpi_free(&TR);
    return ret;
}

/*
 * Leaks: A and B (as tacit_mpi_div_mpi_unsafe).
 * Only for: public values.
 */
int tacit_mpi_mod_mpi_unsafe(tacit_mpi *R, const tacit_mpi *A, const tacit_mpi *B)
{
    tacit_mpi T;
    int ret;

    if (R == NULL || A == NULL || B == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (tacit_mpi_used_limbs_unsafe(B) == 0) {
        return TACIT_ERR_MPI_DIVISION_BY_ZERO;
    }
    if (B->s < 0) {
        return TACIT_ERR_MPI_NEGATIVE_VALUE;
    }
    tacit_mpi_init(&T);
    if ((ret = tacit_mpi_div_mpi_unsafe(NULL, &T, A, B)) == 0 && T.s < 0) {
        /* |A mod B| < B: one addition makes it non-negative */
        ret = tacit_mpi_add_mpi(&T, &T, B);
    }
    if (ret == 0) {
        tacit_mpi_swap(R, &T);
    }
    tacit_mpi_free(&T);
    return ret;
}

#else
/*
 * -Os (firmware): the constant-flow division serves public values too; the
 * faster leaky one would be 760 more bytes of Thumb code.
 * Leaks: nothing (the _unsafe contract allows more).
 * Only for: public values.
 */
int tacit_mpi_div_mpi_unsafe(tacit_mpi *Q, tacit_mpi *R, const tacit_mpi *A, const tacit_mpi *B)
{
    return tacit_mpi_div_mpi(Q, R, A, B);
}

/*
 * Leaks: nothing (as above).
 * Only for: public values.
 */
int tacit_mpi_mod_mpi_unsafe(tacit_mpi *R, const tacit_mpi *A, const tacit_mpi *B)
{
    return tacit_mpi_mod_mpi(R, A, B);
}
#endif /* __OPTIMIZE_SIZE__ */

int tacit_mpi_div_int(tacit_mpi *Q, tacit_mpi *R, const tacit_mpi *A, tacit_mpi_sint b)
{
    tacit_mpi_uint limb = b < 0 ? (tacit_mpi_uint)0 - (tacit_mpi_uint)b : (tacit_mpi_uint)b;
    tacit_mpi B;

    B.s = b < 0 ? -1 : 1;
    B.n = 1;
    B.p = &limb;
    return tacit_mpi_div_mpi(Q, R, A, &B);
}

int tacit_mpi_mod_int(tacit_mpi_uint *r, const tacit_mpi *A, tacit_mpi_sint b)
{
    tacit_mpi_uint limb;
    tacit_mpi B, T;
    int ret;

    if (r == NULL || A == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (b == 0) {
        return TACIT_ERR_MPI_DIVISION_BY_ZERO;
    }
    if (b < 0) {
        return TACIT_ERR_MPI_NEGATIVE_VALUE;
    }
    limb = (tacit_mpi_uint)b;
    B.s = 1;
    B.n = 1;
    B.p = &limb;
    tacit_mpi_init(&T);
    if ((ret = tacit_mpi_mod_mpi(&T, A, &B)) == 0) {
        *r = T.p[0];
    }
    tacit_mpi_free(&T);
    return ret;
}

/*
 * Constant flow: A = Q * B + R truncating toward zero, by binary long
 * division over A->n and B->n limbs.  The signs and the allocations are
 * public; B = 0 is found with a mask and that verdict revealed.
 */
int tacit_mpi_div_mpi(tacit_mpi *Q, tacit_mpi *R, const tacit_mpi *A, const tacit_mpi *B)
{
    tacit_mpi TQ, TR;
    tacit_mpi_uint *T = NULL;
    size_t na, nb;
    int ret;

    if (A == NULL || B == NULL || (Q != NULL && Q == R)) {
        return TACIT_ERR_BAD_INPUT;
    }
    na = A->n > 0 ? A->n : 1;
    nb = B->n;
    if (nb == 0 || tacit_ct_declassify_u32((uint32_t)(tacit_mpi_core_is_zero_ct(B->p, nb) & 1))) {
        return TACIT_ERR_MPI_DIVISION_BY_ZERO;
    }
    tacit_mpi_init(&TQ);
    tacit_mpi_init(&TR);
    if ((ret = tacit_mpi_grow(&TQ, na)) != 0 || (ret = tacit_mpi_grow(&TR, nb)) != 0) {
        goto cleanup;
    }
    T = (tacit_mpi_uint *)tacit_platform_calloc(TACIT_MPI_CORE_DIVMOD_CT_WORKING_LIMBS(na, nb),
                                                sizeof(*T));
    if (T == NULL) {
        ret = TACIT_ERR_ALLOC_FAILED;
        goto cleanup;
    }
    if (A->n > 0) {
        tacit_mpi_core_divmod_ct(TQ.p, TR.p, A->p, A->n, B->p, nb, T);
    }
    TQ.s = A->s * B->s;
    TR.s = A->s;
    tacit_mpi_normalize_sign(&TQ);
    tacit_mpi_normalize_sign(&TR);
    if (Q != NULL) {
        tacit_mpi_swap(Q, &TQ);
    }
    if (R != NULL) {
        tacit_mpi_swap(R, &TR);
    }
    ret = 0;
cleanup:
    if (T != NULL) {
        tacit_platform_zeroize(T, TACIT_MPI_CORE_DIVMOD_CT_WORKING_LIMBS(na, nb) * sizeof(*T));
        tacit_platform_free(T);
    }
    tacit_mpi_free(&TQ);
    tacit_mpi_free(&TR);
    return ret;
}

/*
 * Constant flow: R = A mod B in [0, B) for B > 0.  A negative A (public
 * sign) gets B added when its remainder is nonzero, with a mask.
 */
int tacit_mpi_mod_mpi(tacit_mpi *R, const tacit_mpi *A, const tacit_mpi *B)
{
    tacit_mpi T, U;
    int ret;

    if (R == NULL || A == NULL || B == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (B->s < 0 && B->n > 0 &&
        !tacit_ct_declassify_u32((uint32_t)(tacit_mpi_core_is_zero_ct(B->p, B->n) & 1))) {
        return TACIT_ERR_MPI_NEGATIVE_VALUE;
    }
    tacit_mpi_init(&T);
    tacit_mpi_init(&U);
    if ((ret = tacit_mpi_div_mpi(NULL, &T, A, B)) != 0) {
        goto cleanup;
    }
    if (A->s < 0) {
        /* T = -|A mod B|: B + T unless T = 0 */
        tacit_mpi_uint nz = ~tacit_mpi_core_is_zero_ct(T.p, T.n);
        if ((ret = tacit_mpi_add_mpi(&U, &T, B)) != 0 ||
            (ret = tacit_mpi_safe_cond_assign(&T, &U, (unsigned char)(nz & 1))) != 0) {
            goto cleanup;
        }
        T.s = 1;
    }
    tacit_mpi_swap(R, &T);
cleanup:
    tacit_mpi_free(&T);
    tacit_mpi_free(&U);
    return ret;
}

#else
typedef int tacit_bignum_div_unused;
#endif /* TACIT_BIGNUM_C */
