/*
 * tacit_mpi greatest common divisor and modular inverse.
 *
 * tacit_mpi_gcd and tacit_mpi_inv_mod are constant flow (bignum_core_inv.c:
 * binary gcd with masks, safegcd divsteps), sized by the allocations; they
 * serve secrets (p - 1, lambda(n), q mod p).  An even modulus N is handled
 * with Bezout's identity: for A odd, A^-1 mod N = (1 + N (A - y)) / A with
 * y = N^-1 mod A, an inverse modulo the odd A followed by an exact division.
 * The _unsafe versions run Euclid's algorithm on divisions, for public
 * values.
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

#if !defined(__OPTIMIZE_SIZE__)
/*
 * Leaks: A and B (Euclid's quotient sequence; on (p, q) it factors n).
 * Only for: public values.
 */
int tacit_mpi_gcd_unsafe(tacit_mpi *G, const tacit_mpi *A, const tacit_mpi *B)
{
    tacit_mpi a, b, r;
    int ret;

    if (G == NULL || A == NULL || B == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    tacit_mpi_init(&a);
    tacit_mpi_init(&b);
    tacit_mpi_init(&r);
    if ((ret = tacit_mpi_copy(&a, A)) != 0 || (ret = tacit_mpi_copy(&b, B)) != 0) {
        goto cleanup;
    }
    a.s = 1;
    b.s = 1;
    while (tacit_mpi_used_limbs_unsafe(&b) != 0) {
        if ((ret = tacit_mpi_div_mpi_unsafe(NULL, &r, &a, &b)) != 0) {
            goto cleanup;
        }
        tacit_mpi_swap(&a, &b);
        tacit_mpi_swap(&b, &r);
    }
    tacit_mpi_swap(G, &a);
    ret = 0;
cleanup:
    tacit_mpi_free(&a);
    tacit_mpi_free(&b);
    tacit_mpi_free(&r);
    return ret;
}

/*
 * Leaks: A and N (Euclid's quotient sequence).
 * Only for: public values.
 */
int tacit_mpi_inv_mod_unsafe(tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *N)
{
    tacit_mpi r0, r1, t0, t1, q, tmp;
    int ret;

    if (X == NULL || A == NULL || N == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (tacit_mpi_cmp_int(N, 1) <= 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    tacit_mpi_init(&r0);
    tacit_mpi_init(&r1);
    tacit_mpi_init(&t0);
    tacit_mpi_init(&t1);
    tacit_mpi_init(&q);
    tacit_mpi_init(&tmp);
    /* invariant: t_i * A == r_i (mod N) */
    if ((ret = tacit_mpi_copy(&r0, N)) != 0 || (ret = tacit_mpi_mod_mpi_unsafe(&r1, A, N)) != 0 ||
        (ret = tacit_mpi_lset(&t0, 0)) != 0 || (ret = tacit_mpi_lset(&t1, 1)) != 0) {
        goto cleanup;
    }
    while (tacit_mpi_used_limbs_unsafe(&r1) != 0) {
        if ((ret = tacit_mpi_div_mpi_unsafe(&q, &tmp, &r0, &r1)) != 0) {
            goto cleanup;
        }
        tacit_mpi_swap(&r0, &r1);
        tacit_mpi_swap(&r1, &tmp); /* r1 = r0 mod r1 */
        /*
         * |t1| < N, but a product is sized by the allocations: shrink, or the
         * sizes add up step by step until TACIT_ERR_MPI_TOO_LARGE
         */
        if ((ret = tacit_mpi_mul_mpi(&tmp, &q, &t1)) != 0 ||
            (ret = tacit_mpi_sub_mpi(&tmp, &t0, &tmp)) != 0 ||
            (ret = tacit_mpi_shrink_unsafe(&tmp, 1)) != 0) {
            goto cleanup;
        }
        tacit_mpi_swap(&t0, &t1);
        tacit_mpi_swap(&t1, &tmp); /* t1 = t0 - q t1 */
    }
    if (tacit_mpi_cmp_int(&r0, 1) != 0) {
        ret = TACIT_ERR_MPI_NOT_ACCEPTABLE;
        goto cleanup;
    }
    if ((ret = tacit_mpi_mod_mpi_unsafe(&t0, &t0, N)) != 0) {
        goto cleanup;
    }
    tacit_mpi_swap(X, &t0);
cleanup:
    tacit_mpi_free(&r0);
    tacit_mpi_free(&r1);
    tacit_mpi_free(&t0);
    tacit_mpi_free(&t1);
    tacit_mpi_free(&q);
    tacit_mpi_free(&tmp);
    return ret;
}
#endif /* !__OPTIMIZE_SIZE__ */

/* ---- constant flow ---------------------------------------------------------------- */

/* T (fresh, n limbs) = |A| zero-extended (A->n <= n). */
static int load(tacit_mpi *T, const tacit_mpi *A, size_t n)
{
    int ret;

    tacit_mpi_init(T);
    if ((ret = tacit_mpi_grow(T, n)) != 0) {
        return ret;
    }
    if (A->n > 0) {
        memcpy(T->p, A->p, (A->n < n ? A->n : n) * sizeof(*T->p));
    }
    return 0;
}

static tacit_mpi_uint *scratch(size_t limbs)
{
    return (tacit_mpi_uint *)tacit_platform_calloc(limbs > 0 ? limbs : 1, sizeof(tacit_mpi_uint));
}

static void scratch_free(tacit_mpi_uint *T, size_t limbs)
{
    if (T != NULL) {
        tacit_platform_zeroize(T, limbs * sizeof(*T));
        tacit_platform_free(T);
    }
}

/*
 * Scratch of up to GCD_STACK_LIMBS limbs (4 KiB: operands up to 1024 bits,
 * B's zero-extended copy included) on the stack outside -Os builds: the
 * heap scratch and B's heap copy were some 8% of a 256-bit gcd.
 */
#if !defined(__OPTIMIZE_SIZE__)
#define GCD_STACK_LIMBS 512
#endif

int tacit_mpi_gcd(tacit_mpi *G, const tacit_mpi *A, const tacit_mpi *B)
{
    tacit_mpi a;
    tacit_mpi_uint *T, *Bp;
    size_t n, tl;
    int ret, direct;
#if defined(GCD_STACK_LIMBS)
    tacit_mpi_uint stack_T[GCD_STACK_LIMBS];
#endif

    if (G == NULL || A == NULL || B == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    n = A->n > B->n ? A->n : B->n;
    n = n > 0 ? n : 1;
    tl = tacit_mpi_core_gcd_ct_working_limbs(n) + n; /* and B zero-extended */
    /*
     * G with room (public: its size) takes |A| and then the gcd in its own
     * limbs, with no allocation; G may be A or B (B is copied first).
     */
#if !defined(__OPTIMIZE_SIZE__)
    direct = G->n >= n;
#else
    direct = 0; /* code size */
#endif
    if (direct) {
        tacit_mpi_init(&a);
    } else if ((ret = load(&a, A, n)) != 0) {
        return ret;
    }
#if defined(GCD_STACK_LIMBS)
    T = tl <= GCD_STACK_LIMBS ? stack_T : scratch(tl); /* public: the size */
#else
    T = scratch(tl);
#endif
    if (T == NULL) {
        ret = TACIT_ERR_ALLOC_FAILED;
    } else {
        Bp = T + (tl - n);
        memset(Bp, 0, n * sizeof(*Bp));
        if (B->n > 0) {
            memcpy(Bp, B->p, B->n * sizeof(*Bp)); /* B->n <= n */
        }
        if (direct) {
            if (G != A && A->n > 0) {
                memcpy(G->p, A->p, A->n * sizeof(*G->p));
            }
            memset(G->p + A->n, 0, (G->n - A->n) * sizeof(*G->p));
            G->s = 1;
            tacit_mpi_core_gcd_ct(G->p, G->p, Bp, n, T);
        } else {
            tacit_mpi_core_gcd_ct(a.p, a.p, Bp, n, T);
            tacit_mpi_swap(G, &a);
        }
        ret = 0;
    }
#if defined(GCD_STACK_LIMBS)
    if (T == stack_T) {
        tacit_platform_zeroize(stack_T, tl * sizeof(*T));
        T = NULL;
    }
#endif
    scratch_free(T, tl);
    tacit_mpi_free(&a);
    return ret;
}

/*
 * X = A^-1 mod M for an odd M of n limbs and A of n limbs, in place in X
 * (fresh, n limbs); returns the invertibility mask.
 */
/*
 * Scratch of up to INV_STACK_LIMBS limbs (3 KiB: moduli up to 1024 bits, whose
 * 334 limbs had outgrown the former 320 and gone to the heap)
 * lives on the stack, outside -Os builds: the heap scratch's calloc, wipe
 * and free were some 5% of a 256-bit inverse.
 */
#if !defined(__OPTIMIZE_SIZE__)
#define INV_STACK_LIMBS 384
#endif

/*
 * out (n limbs) = A^-1 mod M, or 0; *ok = the invertibility mask.  out is
 * written only once the scratch is there (an error leaves it untouched).
 */
static int inv_odd_to(tacit_mpi_uint *out, const tacit_mpi_uint *A, const tacit_mpi_uint *M,
                      size_t n, tacit_mpi_uint *ok)
{
    size_t tl = tacit_mpi_core_inv_mod_odd_ct_working_limbs(n);
    tacit_mpi_uint *T;
#if defined(INV_STACK_LIMBS)
    tacit_mpi_uint stack_T[INV_STACK_LIMBS];

    T = tl <= INV_STACK_LIMBS ? stack_T : scratch(tl); /* public: the size */
#else
    T = scratch(tl);
#endif
    if (T == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    *ok = tacit_mpi_core_inv_mod_odd_ct(out, A, M, n, T);
#if defined(INV_STACK_LIMBS)
    if (T == stack_T) {
        tacit_platform_zeroize(stack_T, tl * sizeof(*T));
        return 0;
    }
#endif
    scratch_free(T, tl);
    return 0;
}

static int inv_odd(tacit_mpi *X, const tacit_mpi_uint *A, const tacit_mpi_uint *M, size_t n,
                   tacit_mpi_uint *ok)
{
    int ret;

    tacit_mpi_init(X);
    if ((ret = tacit_mpi_grow(X, n)) != 0) {
        return ret;
    }
    return inv_odd_to(X->p, A, M, n, ok);
}

/*
 * A^-1 mod an even N (A reduced, n limbs each): A odd, y = N^-1 mod A,
 * X = (1 + N (A - y)) / A, or 1 when A = 1.
 */
static int inv_even(tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *N, tacit_mpi_uint *ok)
{
    tacit_mpi NA, Y, T;
    tacit_mpi_uint one_mask, odd;
    int ret;

    tacit_mpi_init(&NA);
    tacit_mpi_init(&Y);
    tacit_mpi_init(&T);
    odd = tacit_ct_mask_from_bit_limb(A->p[0] & 1);
    /* an even A: use A + 1 (odd) so the arithmetic below stays defined; ok is 0 */
    if ((ret = tacit_mpi_copy(&T, A)) != 0) {
        goto cleanup;
    }
    T.p[0] |= 1;
    if ((ret = tacit_mpi_mod_mpi(&NA, N, &T)) != 0 || (ret = tacit_mpi_grow(&NA, T.n)) != 0 ||
        (ret = inv_odd(&Y, NA.p, T.p, T.n, ok)) != 0) {
        goto cleanup;
    }
    /* A = 1: the inverse mod 1 is 0 (and "ok"), the answer is 1 */
    T.p[0] ^= 1;
    one_mask = tacit_mpi_core_is_zero_ct(T.p, T.n);
    T.p[0] ^= 1;
    *ok &= odd;
    /* X = (1 + N (A - y)) / A */
    /* A - y > 0 (y < A): subtracted on the limbs, so the sign stays public */
    (void)tacit_mpi_core_sub(Y.p, T.p, Y.p, T.n);
    Y.s = 1;
    if ((ret = tacit_mpi_mul_mpi(&Y, &Y, N)) != 0 || (ret = tacit_mpi_add_int(&Y, &Y, 1)) != 0 ||
        (ret = tacit_mpi_div_mpi(&NA, NULL, &Y, &T)) != 0) {
        goto cleanup;
    }
    if ((ret = tacit_mpi_lset(&Y, 1)) != 0 ||
        (ret = tacit_mpi_safe_cond_assign(&NA, &Y, (unsigned char)(one_mask & 1))) != 0) {
        goto cleanup;
    }
    tacit_mpi_swap(X, &NA);
cleanup:
    tacit_mpi_free(&NA);
    tacit_mpi_free(&Y);
    tacit_mpi_free(&T);
    return ret;
}

int tacit_mpi_inv_mod(tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *N)
{
    tacit_mpi R, W, NN;
    tacit_mpi_uint ok = 0;
    size_t n;
    int ret;

    if (X == NULL || A == NULL || N == NULL || N->n == 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    /*
     * N > 1: a validity verdict, revealed.  N is nonnegative, so N > 1 iff
     * a limb above the first or the first's bits above bit 0 are set (one
     * OR a limb: tacit_mpi_cmp_int was some 30 TSC ticks of a 256-bit
     * inverse)
     */
#if !defined(__OPTIMIZE_SIZE__)
    if (N->s < 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    {
        tacit_mpi_uint above = N->p[0] >> 1;
        size_t i;
        for (i = 1; i < N->n; i++) {
            above |= N->p[i];
        }
        if (!tacit_ct_declassify_u32((uint32_t)(tacit_ct_mask_nonzero_limb(above) & 1))) {
            return TACIT_ERR_BAD_INPUT;
        }
    }
#else
    if (N->s < 0 || tacit_ct_declassify_u32((uint32_t)tacit_mpi_cmp_int(N, 1) + 1u) <= 1u) {
        return TACIT_ERR_BAD_INPUT; /* code size */
    }
#endif
    n = N->n;
#if !defined(__OPTIMIZE_SIZE__)
    /*
     * The common case (an odd N, A >= 0 of n limbs, X with room and neither
     * operand; public: the parity, sign, sizes and pointers): straight into
     * X's limbs, no tacit_mpi of its own (their init and free were some 10
     * TSC ticks of a 256-bit inverse).  X is written only once the scratch
     * is there; an uninvertible A leaves it 0.
     */
    if (tacit_ct_declassify_u32((uint32_t)(N->p[0] & 1)) && A->n == n && A->s > 0 && X != A &&
        X != N && X->n >= n) {
        size_t i;
        if ((ret = inv_odd_to(X->p, A->p, N->p, n, &ok)) != 0) {
            return ret;
        }
        for (i = n; i < X->n; i++) {
            X->p[i] = 0;
        }
        X->s = 1;
        return tacit_ct_declassify_u32((uint32_t)(ok & 1)) ? 0 : TACIT_ERR_MPI_NOT_ACCEPTABLE;
    }
#endif
    tacit_mpi_init(&R);
    tacit_mpi_init(&W);
    tacit_mpi_init(&NN);
    /* which method: the parity of N is revealed (lambda(n) is always even) */
    if (tacit_ct_declassify_u32((uint32_t)(N->p[0] & 1)) && A->n <= n) {
        /*
         * safegcd takes any |A| below 2^(n biL): no reduction first.  A
         * negative A (its sign is public): the inverse of |A|, negated.
         * N's limbs are read in place, and A's when it has n of them (the
         * allocation sizes are public): no copies.
         */
        const tacit_mpi_uint *ap = A->p;
        if (A->n < n || A->s < 0) {
            if ((ret = load(&R, A, n)) != 0) {
                goto cleanup;
            }
            ap = R.p;
        }
#if !defined(__OPTIMIZE_SIZE__)
        if (X != A && X != N && X->n >= n) {
            /*
             * X has room and is neither operand (public: the sizes and the
             * pointers): the result goes to its limbs, with no allocation
             * (at 256 bits the allocation, wipe and free were some 5% of the
             * inverse).  X is written only once the scratch is there; an
             * uninvertible A leaves it 0.
             */
            size_t i;
            if ((ret = inv_odd_to(X->p, ap, N->p, n, &ok)) != 0) {
                goto cleanup;
            }
            for (i = n; i < X->n; i++) {
                X->p[i] = 0;
            }
            X->s = 1;
            if (A->s < 0) {
                (void)tacit_mpi_core_sub(R.p, N->p, X->p, n);
                tacit_mpi_core_cond_assign(X->p, R.p, n, ok);
            }
            if (!tacit_ct_declassify_u32((uint32_t)(ok & 1))) {
                ret = TACIT_ERR_MPI_NOT_ACCEPTABLE;
            }
            goto cleanup;
        }
#endif
        if ((ret = inv_odd(&W, ap, N->p, n, &ok)) != 0) {
            goto cleanup;
        }
        if (A->s < 0) {
            (void)tacit_mpi_core_sub(R.p, N->p, W.p, n);
            tacit_mpi_core_cond_assign(W.p, R.p, n, ok);
        }
    } else if ((ret = load(&NN, N, n)) != 0) {
        goto cleanup;
    } else if ((ret = tacit_mpi_mod_mpi(&R, A, N)) != 0 || (ret = tacit_mpi_grow(&R, n)) != 0) {
        goto cleanup;
    } else if (tacit_ct_declassify_u32((uint32_t)(N->p[0] & 1))) {
        ret = inv_odd(&W, R.p, NN.p, n, &ok);
    } else {
        ret = inv_even(&W, &R, &NN, &ok);
    }
    if (ret != 0) {
        goto cleanup;
    }
    /* not invertible (gcd > 1, A = 0 mod N): the verdict is revealed */
    if (!tacit_ct_declassify_u32((uint32_t)(ok & 1))) {
        ret = TACIT_ERR_MPI_NOT_ACCEPTABLE;
        goto cleanup;
    }
    tacit_mpi_swap(X, &W);
cleanup:
    tacit_mpi_free(&R);
    tacit_mpi_free(&W);
    tacit_mpi_free(&NN);
    return ret;
}

#if defined(__OPTIMIZE_SIZE__)
/*
 * -Os (firmware): the constant-flow gcd and inverse serve public values
 * too; Euclid's versions would be 450 more bytes of Thumb code.
 * Leaks: nothing (the _unsafe contract allows more).
 * Only for: public values.
 */
int tacit_mpi_gcd_unsafe(tacit_mpi *G, const tacit_mpi *A, const tacit_mpi *B)
{
    return tacit_mpi_gcd(G, A, B);
}

/*
 * Leaks: nothing (as above).
 * Only for: public values.
 */
int tacit_mpi_inv_mod_unsafe(tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *N)
{
    return tacit_mpi_inv_mod(X, A, N);
}
#endif /* __OPTIMIZE_SIZE__ */

#else
typedef int tacit_bignum_gcd_unused;
#endif /* TACIT_BIGNUM_C */
