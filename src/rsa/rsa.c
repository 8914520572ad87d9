/*
 * RSA context: import, derivation of missing components, checks, and the
 * limb cache used by the public and private operations.
 *
 * Constant flow in the private key (p, q, d, dP, dQ, qInv): the checks and
 * derivations use the constant-flow tacit_mpi arithmetic (binary long
 * division, masked gcd, safegcd inversion, the constant-time
 * exponentiation), every check ANDs into one mask, and the only things
 * revealed, through tacit_ct_declassify, are: which components are present
 * (nonzero), the bit lengths of p and q (the key's shape, which sizes the
 * limb cache), the valid/invalid verdict, and, when p and q are recovered
 * from (n, e, d), which base g first gave a factor.  CRT values given by
 * the caller are kept and checked, never recomputed (recomputing them with
 * leaky arithmetic at every load is what CVE-2018-0737 and ePrint 2020/055
 * exploited).  The per-operation code is in rsa_public.c and rsa_private.c.
 */
#include "rsa/rsa_internal.h"

#if defined(TACIT_RSA_C)

#include <stdlib.h>
#include <string.h>

#include "core/constant_time_internal.h"

#include "tacit/hmac_drbg.h"
#include "core/platform_internal.h"

void tacit_rsa_init(tacit_rsa_context *ctx)
{
    if (ctx == NULL) {
        return;
    }
    memset(ctx, 0, sizeof(*ctx));
    tacit_mpi_init(&ctx->N);
    tacit_mpi_init(&ctx->E);
    tacit_mpi_init(&ctx->D);
    tacit_mpi_init(&ctx->P);
    tacit_mpi_init(&ctx->Q);
    tacit_mpi_init(&ctx->DP);
    tacit_mpi_init(&ctx->DQ);
    tacit_mpi_init(&ctx->QP);
}

static void free_cache(tacit_rsa_context *ctx)
{
    if (ctx->cache != NULL) {
        tacit_platform_zeroize(ctx->cache, ctx->cache_limbs * sizeof(tacit_mpi_uint));
        tacit_platform_free(ctx->cache);
    }
    ctx->cache = NULL;
    ctx->cache_limbs = 0;
    ctx->nlimbs = ctx->hlimbs = ctx->elimbs = 0;
    ctx->mm_n = ctx->mm_p = ctx->mm_q = 0;
}

void tacit_rsa_clear_key(tacit_rsa_context *ctx)
{
    free_cache(ctx);
    tacit_mpi_free(&ctx->N);
    tacit_mpi_free(&ctx->E);
    tacit_mpi_free(&ctx->D);
    tacit_mpi_free(&ctx->P);
    tacit_mpi_free(&ctx->Q);
    tacit_mpi_free(&ctx->DP);
    tacit_mpi_free(&ctx->DQ);
    tacit_mpi_free(&ctx->QP);
    ctx->len = 0;
    ctx->is_private = 0;
}

void tacit_rsa_free(tacit_rsa_context *ctx)
{
    if (ctx == NULL) {
        return;
    }
    tacit_rsa_clear_key(ctx);
    tacit_platform_zeroize(ctx, sizeof(*ctx));
}

size_t tacit_rsa_len(const tacit_rsa_context *ctx)
{
    return ctx == NULL ? 0 : ctx->len;
}

size_t tacit_rsa_bitlen(const tacit_rsa_context *ctx)
{
    return ctx == NULL ? 0 : tacit_mpi_bitlen(&ctx->N);
}

size_t tacit_rsa_md_size(tacit_md_type md)
{
    return md == TACIT_MD_NONE ? 0 : tacit_md_size(md);
}

int tacit_rsa_copy(tacit_rsa_context *dst, const tacit_rsa_context *src)
{
    int ret;

    if (dst == NULL || src == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (dst == src) {
        return 0;
    }
    tacit_rsa_clear_key(dst);
    TACIT_CHK(tacit_mpi_copy(&dst->N, &src->N));
    TACIT_CHK(tacit_mpi_copy(&dst->E, &src->E));
    TACIT_CHK(tacit_mpi_copy(&dst->D, &src->D));
    TACIT_CHK(tacit_mpi_copy(&dst->P, &src->P));
    TACIT_CHK(tacit_mpi_copy(&dst->Q, &src->Q));
    TACIT_CHK(tacit_mpi_copy(&dst->DP, &src->DP));
    TACIT_CHK(tacit_mpi_copy(&dst->DQ, &src->DQ));
    TACIT_CHK(tacit_mpi_copy(&dst->QP, &src->QP));
    if (src->cache != NULL) {
        dst->cache =
            (tacit_mpi_uint *)tacit_platform_calloc(1, src->cache_limbs * sizeof(tacit_mpi_uint));
        if (dst->cache == NULL) {
            ret = TACIT_ERR_ALLOC_FAILED;
            goto cleanup;
        }
        memcpy(dst->cache, src->cache, src->cache_limbs * sizeof(tacit_mpi_uint));
    }
    dst->cache_limbs = src->cache_limbs;
    dst->nlimbs = src->nlimbs;
    dst->hlimbs = src->hlimbs;
    dst->elimbs = src->elimbs;
    dst->mm_n = src->mm_n;
    dst->mm_p = src->mm_p;
    dst->mm_q = src->mm_q;
    dst->len = src->len;
    dst->is_private = src->is_private;
    return 0;
cleanup:
    tacit_rsa_clear_key(dst);
    return ret;
}

/* ---- checks ------------------------------------------------------------------- */

/* The component is present: allocated and nonzero (that verdict is revealed). */
static int is_set(const tacit_mpi *X)
{
    return X->p != NULL && X->n > 0 &&
           !tacit_ct_declassify_u32((uint32_t)(tacit_mpi_core_is_zero_ct(X->p, X->n) & 1));
}

int tacit_rsa_check_pub(const tacit_rsa_context *ctx)
{
    size_t bits;

    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (!is_set(&ctx->N) || !is_set(&ctx->E) || ctx->N.s < 0 || ctx->E.s < 0) {
        return TACIT_ERR_RSA_KEY_CHECK_FAILED;
    }
    bits = tacit_mpi_bitlen(&ctx->N);
    if (bits < TACIT_RSA_MIN_BITS || bits > TACIT_RSA_MAX_BITS ||
        tacit_mpi_get_bit(&ctx->N, 0) == 0) {
        return TACIT_ERR_RSA_KEY_CHECK_FAILED;
    }
    if (tacit_mpi_get_bit(&ctx->E, 0) == 0 || tacit_mpi_cmp_int(&ctx->E, 3) < 0 ||
        tacit_mpi_cmp_mpi(&ctx->E, &ctx->N) >= 0) {
        return TACIT_ERR_RSA_KEY_CHECK_FAILED;
    }
    return 0;
}

/* Masks from a constant-flow comparison (-1, 0, 1 made with masks). */
static tacit_mpi_uint mask_eq(const tacit_mpi *X, const tacit_mpi *Y)
{
    uint32_t r = (uint32_t)tacit_mpi_cmp_abs(X, Y);
    return tacit_ct_mask_eq_limb((tacit_mpi_uint)(r & 3), 0);
}

static tacit_mpi_uint mask_lt(const tacit_mpi *X, const tacit_mpi *Y)
{
    uint32_t r = (uint32_t)tacit_mpi_cmp_abs(X, Y);
    return tacit_ct_mask_from_bit_limb((tacit_mpi_uint)(r >> 31));
}

static tacit_mpi_uint mask_eq_int(const tacit_mpi *X, tacit_mpi_uint v)
{
    tacit_mpi_uint one = v;
    tacit_mpi V;

    V.s = 1;
    V.n = 1;
    V.p = &one;
    return mask_eq(X, &V);
}

static tacit_mpi_uint mask_gt_int(const tacit_mpi *X, tacit_mpi_uint v)
{
    tacit_mpi_uint one = v;
    tacit_mpi V;

    V.s = 1;
    V.n = 1;
    V.p = &one;
    return mask_lt(&V, X);
}

int tacit_rsa_minus_one(tacit_mpi *T, const tacit_mpi *X)
{
    int ret;

    if ((ret = tacit_mpi_copy(T, X)) != 0 || (ret = tacit_mpi_grow(T, 1)) != 0) {
        return ret;
    }
    (void)tacit_mpi_core_sub_limb(T->p, T->p, 1, T->n);
    T->s = 1;
    return 0;
}

/*
 * X = A mod M1 (M1: ml limbs, not zero for a valid key), by the constant-time
 * long division; `top`: M1's top limb is known nonzero (public), then the
 * division needs alimbs - ml + 2 quotient steps instead of alimbs + 1.
 */
static void mod_secret(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t alimbs,
                       const tacit_mpi_uint *M1, size_t ml, int top, tacit_mpi_uint *W)
{
    if (top && alimbs + 1 >= ml) {
        tacit_mpi_core_divmod_top_ct(NULL, X, A, alimbs, M1, ml, W);
    } else {
        tacit_mpi_core_divmod_ct(NULL, X, A, alimbs, M1, ml, W);
    }
}

/* X's ml limbs seen as a nonnegative tacit_mpi (read only). */
static tacit_mpi limbs_mpi(const tacit_mpi_uint *X, size_t ml)
{
    tacit_mpi V;

    V.s = 1;
    V.n = ml;
    V.p = (tacit_mpi_uint *)(uintptr_t)X;
    return V;
}

/*
 * *ok &= (e * x mod (m - 1) == 1) and (d mod (m - 1) == x).  m's bit length
 * is the key's public shape (normalise_private): for an odd m > 2, m - 1 has
 * the same one, so whether its top limb is nonzero is public and the
 * divisions take the short form (an even m or m <= 2 fails elsewhere and
 * only makes these remainders garbage).  One allocation for all scratch.
 */
static int check_crt_exponent(const tacit_mpi *E, const tacit_mpi *D, const tacit_mpi *X,
                              const tacit_mpi *M, tacit_mpi_uint *ok)
{
    size_t ml = M->n, dl = D->n, pl = E->n + X->n, al = dl > pl ? dl : pl, tl;
    tacit_mpi_uint *T, *M1, *R, *EX, *W;
    tacit_mpi V;
    int top;

    tl = 2 * ml + pl + TACIT_MPI_CORE_DIVMOD_CT_WORKING_LIMBS(al, ml);
    T = (tacit_mpi_uint *)tacit_platform_calloc(tl, sizeof(*T));
    if (T == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    M1 = T;
    R = M1 + ml;
    EX = R + ml;
    W = EX + pl;
    top = tacit_ct_declassify_size(tacit_mpi_bitlen(M)) > (ml - 1) * TACIT_MPI_LIMB_BITS;
    memcpy(M1, M->p, ml * sizeof(*M1));
    (void)tacit_mpi_core_sub_limb(M1, M1, 1, ml);
    mod_secret(R, D->p, dl, M1, ml, top, W);
    V = limbs_mpi(R, ml);
    *ok &= mask_eq(&V, X);
    tacit_mpi_core_mul(EX, E->p, E->n, X->p, X->n);
    mod_secret(R, EX, pl, M1, ml, top, W);
    *ok &= mask_eq_int(&V, 1);
    tacit_platform_zeroize(T, tl * sizeof(*T));
    tacit_platform_free(T);
    return 0;
}

/*
 * The private-key checks in constant flow: every condition ANDs into *ok,
 * nothing is branched on.  n = p*q, p and q odd and > 2, p != q, 1 < d < n,
 * dP = d mod (p-1) with e*dP = 1 mod (p-1), the same for q, qInv < p and
 * qInv*q = 1 mod p.  qinv_later: the last one is left to check_qinv_cached
 * (after tacit_rsa_setup_cache, by one Montgomery product).
 */
static int check_private_mask(const tacit_rsa_context *ctx, int qinv_later, tacit_mpi_uint *ok)
{
    tacit_mpi T;
    int ret;

    *ok = (tacit_mpi_uint)0 - 1;
    tacit_mpi_init(&T);
    *ok &= mask_gt_int(&ctx->P, 2) & mask_gt_int(&ctx->Q, 2) & ~mask_eq(&ctx->P, &ctx->Q);
    *ok &= tacit_ct_mask_from_bit_limb(ctx->P.p[0] & ctx->Q.p[0] & 1);
    TACIT_CHK(tacit_mpi_mul_mpi(&T, &ctx->P, &ctx->Q));
    *ok &= mask_eq(&T, &ctx->N);
    *ok &= mask_gt_int(&ctx->D, 1) & mask_lt(&ctx->D, &ctx->N);
    TACIT_CHK(check_crt_exponent(&ctx->E, &ctx->D, &ctx->DP, &ctx->P, ok));
    TACIT_CHK(check_crt_exponent(&ctx->E, &ctx->D, &ctx->DQ, &ctx->Q, ok));
    *ok &= mask_lt(&ctx->QP, &ctx->P);
    if (!qinv_later) {
        TACIT_CHK(tacit_mpi_mul_mpi(&T, &ctx->QP, &ctx->Q));
        TACIT_CHK(tacit_mpi_mod_mpi(&T, &T, &ctx->P));
        *ok &= mask_eq_int(&T, 1);
    }
cleanup:
    tacit_mpi_free(&T);
    return ret;
}

/*
 * *ok &= (qInv * q mod p == 1), from the cache: QPM holds qInv * R mod p
 * (to_mont, fully reduced) and q < R, so one Montgomery product gives
 * qInv * q mod p fully reduced, with no division.
 */
static int check_qinv_cached(const tacit_rsa_context *ctx, tacit_mpi_uint *ok)
{
    size_t hl = ctx->hlimbs, tl = TACIT_MPI_CORE_MONTMUL_WORKING_LIMBS(hl) + hl;
    tacit_mpi_uint *T = (tacit_mpi_uint *)tacit_platform_calloc(tl, sizeof(*T)), *X;
    tacit_mpi V;

    if (T == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    X = T + TACIT_MPI_CORE_MONTMUL_WORKING_LIMBS(hl);
    tacit_mpi_core_montmul(X, RSA_C_QPM(ctx), RSA_C_Q(ctx), RSA_C_P(ctx), hl, ctx->mm_p, T);
    V = limbs_mpi(X, hl);
    *ok &= mask_eq_int(&V, 1);
    tacit_platform_zeroize(T, tl * sizeof(*T));
    tacit_platform_free(T);
    return 0;
}

int tacit_rsa_check_priv(const tacit_rsa_context *ctx)
{
    tacit_mpi_uint ok;
    int ret;

    if ((ret = tacit_rsa_check_pub(ctx)) != 0) {
        return ret;
    }
    if (!is_set(&ctx->P) || !is_set(&ctx->Q) || !is_set(&ctx->D) || !is_set(&ctx->DP) ||
        !is_set(&ctx->DQ) || !is_set(&ctx->QP)) {
        return TACIT_ERR_RSA_KEY_CHECK_FAILED;
    }
    if (ctx->P.s < 0 || ctx->Q.s < 0 || ctx->D.s < 0 || ctx->DP.s < 0 || ctx->DQ.s < 0 ||
        ctx->QP.s < 0) {
        return TACIT_ERR_RSA_KEY_CHECK_FAILED;
    }
    ret = check_private_mask(ctx, 0, &ok);
    if (ret == TACIT_ERR_ALLOC_FAILED) {
        return ret;
    }
    /* the one verdict, revealed */
    if (ret != 0 || !tacit_ct_declassify_u32((uint32_t)(ok & 1))) {
        return TACIT_ERR_RSA_KEY_CHECK_FAILED;
    }
    return 0;
}

int tacit_rsa_check_pub_priv(const tacit_rsa_context *pub, const tacit_rsa_context *prv)
{
    int ret;

    if (pub == NULL || prv == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = tacit_rsa_check_pub(pub)) != 0 || (ret = tacit_rsa_check_priv(prv)) != 0) {
        return ret;
    }
    if (tacit_mpi_cmp_mpi(&pub->N, &prv->N) != 0 || tacit_mpi_cmp_mpi(&pub->E, &prv->E) != 0) {
        return TACIT_ERR_RSA_KEY_CHECK_FAILED;
    }
    return 0;
}

/* ---- derivation ----------------------------------------------------------------- */

/*
 * X keeps exactly `limbs` limbs (public).  A value that does not fit is
 * invalid: that verdict is revealed.
 */
static int fit(tacit_mpi *X, size_t limbs)
{
    tacit_mpi T;
    size_t keep = X->n < limbs ? X->n : limbs;
    int ret;

    if (X->n > limbs && !tacit_ct_declassify_u32((
                            uint32_t)(tacit_mpi_core_is_zero_ct(X->p + limbs, X->n - limbs) & 1))) {
        return TACIT_ERR_RSA_KEY_CHECK_FAILED;
    }
    tacit_mpi_init(&T);
    if ((ret = tacit_mpi_grow(&T, limbs)) != 0) {
        return ret;
    }
    if (keep > 0) {
        memcpy(T.p, X->p, keep * sizeof(*T.p));
    }
    T.s = X->s;
    tacit_mpi_free(X);
    *X = T;
    return 0;
}

/*
 * Recover P and Q from N, E, D (RFC 8017 keys may come as (n, e, d) only):
 * k = d*e - 1 = 2^t * r with r odd; for small bases g, the sequence
 * y = g^r, y^2, ... mod n reaches 1, and the element before it, if not -1,
 * is a non-trivial square root of 1, whose gcd with n is a factor.  In
 * constant flow: t and r = k >> t with masks, g^r with the constant-time
 * exponentiation, then a fixed number of Montgomery squarings (k's bit
 * size) where the square root is caught with masks, then a masked gcd.
 * Revealed: whether base g gave a factor.  P > Q on return.
 */
static int factor_from_d(tacit_rsa_context *ctx)
{
    tacit_mpi K, G, Y, F;
    tacit_mpi_uint *buf = NULL, *RR, *one, *mone, *y, *nx, *root, *T, mm, found;
    size_t nl = ctx->N.n, t, i, bits, tl = 0;
    tacit_mpi_sint g;
    int ret;

    tacit_mpi_init(&K);
    tacit_mpi_init(&G);
    tacit_mpi_init(&Y);
    tacit_mpi_init(&F);
    TACIT_CHK(tacit_mpi_mul_mpi(&K, &ctx->D, &ctx->E));
    TACIT_CHK(tacit_rsa_minus_one(&K, &K));
    /* k = 0 (d = 0 or e*d = 1) or odd k: not a key (verdicts revealed) */
    if (K.s < 0 || tacit_ct_declassify_u32((uint32_t)((tacit_mpi_core_is_zero_ct(K.p, K.n) |
                                                       tacit_ct_mask_from_bit_limb(K.p[0] & 1)) &
                                                      1))) {
        ret = TACIT_ERR_RSA_KEY_CHECK_FAILED;
        goto cleanup;
    }
    bits = K.n * TACIT_MPI_LIMB_BITS;
    tl = TACIT_MPI_CORE_MONTMUL_WORKING_LIMBS(nl);
    if (tl < K.n) {
        tl = K.n;
    }
    buf = (tacit_mpi_uint *)tacit_platform_calloc(6 * nl + tl, sizeof(*buf));
    if (buf == NULL) {
        ret = TACIT_ERR_ALLOC_FAILED;
        goto cleanup;
    }
    RR = buf;
    one = RR + nl;
    mone = one + nl;
    y = mone + nl;
    nx = y + nl;
    root = nx + nl;
    T = root + nl;
    t = tacit_mpi_core_ctz_ct(K.p, K.n);
    tacit_mpi_core_shift_r_secret(K.p, K.n, t, bits, T);
    mm = tacit_mpi_core_mont_init(ctx->N.p);
    tacit_mpi_core_get_mont_r2_unsafe(RR, ctx->N.p, nl); /* n is public */
    memset(y, 0, nl * sizeof(*y));
    y[0] = 1;
    tacit_mpi_core_to_mont(one, y, ctx->N.p, nl, mm, RR, T);
    memset(y, 0, nl * sizeof(*y));
    tacit_mpi_core_sub_mod(mone, y, one, ctx->N.p, nl);
    for (g = 2; g < 200; g++) {
        TACIT_CHK(tacit_mpi_lset(&G, g));
        TACIT_CHK(tacit_mpi_exp_mod(&Y, &G, &K, &ctx->N, NULL));
        TACIT_CHK(tacit_mpi_grow(&Y, nl));
        tacit_mpi_core_to_mont(y, Y.p, ctx->N.p, nl, mm, RR, T);
        found = 0;
        memset(root, 0, nl * sizeof(*root));
        for (i = 0; i < bits; i++) {
            /* y^2 = 1 with y != +-1, at a step before t: y is the root */
            tacit_mpi_uint cand =
                ~tacit_mpi_core_eq_ct(y, one, nl) & ~tacit_mpi_core_eq_ct(y, mone, nl) & ~found &
                tacit_ct_mask_lt_limb((tacit_mpi_uint)tacit_ct_barrier_size(i), (tacit_mpi_uint)t);
            tacit_mpi_core_montsqr(nx, y, ctx->N.p, nl, mm, T);
            cand &= tacit_mpi_core_eq_ct(nx, one, nl);
            tacit_mpi_core_cond_assign(root, y, nl, cand);
            found |= cand;
            memcpy(y, nx, nl * sizeof(*y));
        }
        if (!tacit_ct_declassify_u32((uint32_t)(found & 1))) {
            continue;
        }
        /* F = gcd(root - 1, n), root out of Montgomery form */
        tacit_mpi_core_from_mont(root, root, ctx->N.p, nl, mm, T);
        TACIT_CHK(tacit_mpi_grow(&Y, nl));
        memcpy(Y.p, root, nl * sizeof(*root));
        Y.s = 1;
        TACIT_CHK(tacit_rsa_minus_one(&Y, &Y));
        TACIT_CHK(tacit_mpi_gcd(&F, &Y, &ctx->N));
        TACIT_CHK(tacit_mpi_div_mpi(&ctx->Q, NULL, &ctx->N, &F));
        TACIT_CHK(tacit_mpi_copy(&ctx->P, &F));
        TACIT_CHK(tacit_mpi_grow(&ctx->P, ctx->Q.n));
        TACIT_CHK(tacit_mpi_grow(&ctx->Q, ctx->P.n));
        /* P > Q, as key files have it */
        TACIT_CHK(tacit_mpi_safe_cond_swap(&ctx->P, &ctx->Q,
                                           (unsigned char)(mask_lt(&ctx->P, &ctx->Q) & 1)));
        ret = 0;
        goto cleanup;
    }
    ret = TACIT_ERR_RSA_KEY_CHECK_FAILED;
cleanup:
    if (buf != NULL) {
        tacit_platform_zeroize(buf, (6 * nl + tl) * sizeof(*buf));
        tacit_platform_free(buf);
    }
    tacit_mpi_free(&K);
    tacit_mpi_free(&G);
    tacit_mpi_free(&Y);
    tacit_mpi_free(&F);
    return ret;
}

/* D = E^-1 mod lcm(P-1, Q-1), constant flow (gcd, division and inverse). */
static int derive_d(tacit_rsa_context *ctx)
{
    tacit_mpi P1, Q1, G, L;
    int ret;

    tacit_mpi_init(&P1);
    tacit_mpi_init(&Q1);
    tacit_mpi_init(&G);
    tacit_mpi_init(&L);
    TACIT_CHK(tacit_rsa_minus_one(&P1, &ctx->P));
    TACIT_CHK(tacit_rsa_minus_one(&Q1, &ctx->Q));
    TACIT_CHK(tacit_mpi_gcd(&G, &P1, &Q1));
    TACIT_CHK(tacit_mpi_mul_mpi(&L, &P1, &Q1));
    TACIT_CHK(tacit_mpi_div_mpi(&L, NULL, &L, &G));
    ret = tacit_mpi_inv_mod(&ctx->D, &ctx->E, &L);
cleanup:
    tacit_mpi_free(&P1);
    tacit_mpi_free(&Q1);
    tacit_mpi_free(&G);
    tacit_mpi_free(&L);
    return ret;
}

/* DP, DQ, QP from P, Q, D, constant flow. */
static int derive_crt(const tacit_mpi *P, const tacit_mpi *Q, const tacit_mpi *D, tacit_mpi *DP,
                      tacit_mpi *DQ, tacit_mpi *QP)
{
    tacit_mpi T;
    int ret;

    tacit_mpi_init(&T);
    TACIT_CHK(tacit_rsa_minus_one(&T, P));
    TACIT_CHK(tacit_mpi_mod_mpi(DP, D, &T));
    TACIT_CHK(tacit_rsa_minus_one(&T, Q));
    TACIT_CHK(tacit_mpi_mod_mpi(DQ, D, &T));
    ret = tacit_mpi_inv_mod(QP, Q, P);
cleanup:
    tacit_mpi_free(&T);
    return ret;
}

/* Copy X into dst[0 .. limbs) (X fits: checked by the caller through bit lengths). */
static void mpi_to_limbs(tacit_mpi_uint *dst, size_t limbs, const tacit_mpi *X)
{
    size_t i;

    for (i = 0; i < limbs; i++) {
        dst[i] = i < X->n ? X->p[i] : 0;
    }
}

static void r2_secret(tacit_mpi_uint *RR, const tacit_mpi_uint *M, const tacit_mpi *X, size_t hl)
{
    /* the bit length of p and q is the key's public shape (normalise_private) */
    size_t bits = tacit_ct_declassify_size(tacit_mpi_bitlen(X));

    if (bits > (hl - 1) * TACIT_MPI_LIMB_BITS) {
        tacit_mpi_core_get_mont_r2_full_ct(RR, M, hl);
    } else {
        tacit_mpi_core_get_mont_r2_ct(RR, M, hl);
    }
}

/*
 * RR = R^2 mod M for a prime M of n = p q with n of 2 * hl limbs, so that
 * R_n = R^2: RN = R_n^2 mod n = R^4 mod n, which is R^4 mod M too.  With
 * RN = H R + L (H, L < R), three Montgomery products by 1 give
 * H R^-1 + L R^-2 = RN R^-2 = R^2 mod M, fully reduced (each product's A is
 * below R and B = 1 below M).  Replaces ~70 doublings and 10 squarings mod
 * the secret M.  For a key with n != p q (rejected by check_private_mask)
 * the result is only wrong.  T: TACIT_MPI_CORE_MONTMUL_WORKING_LIMBS(hl) +
 * 2 hl limbs.
 */
static void r2_from_n(tacit_mpi_uint *RR, const tacit_mpi_uint *M, tacit_mpi_uint mm,
                      const tacit_mpi_uint *RN, size_t hl, tacit_mpi_uint *T)
{
    tacit_mpi_uint *one = T + TACIT_MPI_CORE_MONTMUL_WORKING_LIMBS(hl), *X = one + hl;

    memset(one, 0, hl * sizeof(*one));
    one[0] = 1;
    tacit_mpi_core_montmul(RR, RN + hl, one, M, hl, mm, T);
    tacit_mpi_core_montmul(X, RN, one, M, hl, mm, T);
    tacit_mpi_core_montmul(X, X, one, M, hl, mm, T);
    tacit_mpi_core_add_mod(RR, RR, X, M, hl);
}

int tacit_rsa_setup_cache(tacit_rsa_context *ctx)
{
    size_t nl, el, hl, total, tl;
    tacit_mpi_uint *c, *T = NULL;
    int ret = 0;

    free_cache(ctx);
    nl = TACIT_MPI_CORE_BITS_TO_LIMBS(tacit_mpi_bitlen(&ctx->N));
    el = TACIT_MPI_CORE_BITS_TO_LIMBS(tacit_mpi_bitlen(&ctx->E));
    hl = 0;
    if (ctx->is_private) {
        /* normalise_private gave P and Q the same public limb count */
        hl = ctx->P.n;
    }
    total = 2 * nl + el + RSA_C_PRIV_COUNT * hl;
    c = (tacit_mpi_uint *)tacit_platform_calloc(total, sizeof(tacit_mpi_uint));
    if (c == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    ctx->cache = c;
    ctx->cache_limbs = total;
    ctx->nlimbs = nl;
    ctx->elimbs = el;
    ctx->hlimbs = hl;
    mpi_to_limbs(RSA_C_N(ctx), nl, &ctx->N);
    mpi_to_limbs(RSA_C_E(ctx), el, &ctx->E);
    ctx->mm_n = tacit_mpi_core_mont_init(RSA_C_N(ctx));
    tacit_mpi_core_get_mont_r2_unsafe(RSA_C_RN(ctx), RSA_C_N(ctx), nl);
    if (!ctx->is_private) {
        return 0;
    }
    mpi_to_limbs(RSA_C_P(ctx), hl, &ctx->P);
    mpi_to_limbs(RSA_C_Q(ctx), hl, &ctx->Q);
    mpi_to_limbs(RSA_C_DP(ctx), hl, &ctx->DP);
    mpi_to_limbs(RSA_C_DQ(ctx), hl, &ctx->DQ);
    mpi_to_limbs(RSA_C_QPM(ctx), hl, &ctx->QP);
    ctx->mm_p = tacit_mpi_core_mont_init(RSA_C_P(ctx));
    ctx->mm_q = tacit_mpi_core_mont_init(RSA_C_Q(ctx));
    tl = TACIT_MPI_CORE_MONTMUL_WORKING_LIMBS(hl) + 2 * hl;
    T = (tacit_mpi_uint *)tacit_platform_calloc(tl, sizeof(tacit_mpi_uint));
    if (T == NULL) {
        free_cache(ctx);
        return TACIT_ERR_ALLOC_FAILED;
    }
    if (nl == 2 * hl) {
        /* R^2 mod p and mod q from R_n^2 mod n (n = p q, public, computed above) */
        r2_from_n(RSA_C_RP(ctx), RSA_C_P(ctx), ctx->mm_p, RSA_C_RN(ctx), hl, T);
        r2_from_n(RSA_C_RQ(ctx), RSA_C_Q(ctx), ctx->mm_q, RSA_C_RN(ctx), hl, T);
    } else {
        /*
         * p and q are secret: the constant-time R^2.  Where a prime fills its
         * top limb (its bit length, public since normalise_private, says so)
         * the doublings start just below that limb: ~100 instead of 2 * 64 * hl.
         */
        r2_secret(RSA_C_RP(ctx), RSA_C_P(ctx), &ctx->P, hl);
        r2_secret(RSA_C_RQ(ctx), RSA_C_Q(ctx), &ctx->Q, hl);
    }
    tacit_mpi_core_to_mont(RSA_C_QPM(ctx), RSA_C_QPM(ctx), RSA_C_P(ctx), hl, ctx->mm_p,
                           RSA_C_RP(ctx), T);
    tacit_platform_zeroize(T, tl * sizeof(tacit_mpi_uint));
    tacit_platform_free(T);
    return ret;
}

/*
 * The key's shape, revealed once: the bit lengths of p and q size every
 * secret in limbs (hlimbs for p, q, dP, dQ, qInv; n's limbs for d).
 */
static int normalise_private(tacit_rsa_context *ctx)
{
    size_t pb = tacit_ct_declassify_size(tacit_mpi_bitlen(&ctx->P));
    size_t qb = tacit_ct_declassify_size(tacit_mpi_bitlen(&ctx->Q));
    size_t hl = TACIT_MPI_CORE_BITS_TO_LIMBS(pb > qb ? pb : qb), nl = ctx->N.n;
    int ret;

    if (hl == 0) {
        return TACIT_ERR_RSA_KEY_CHECK_FAILED;
    }
    if ((ret = fit(&ctx->P, hl)) != 0 || (ret = fit(&ctx->Q, hl)) != 0) {
        return ret;
    }
    if (ctx->D.p != NULL && (ret = fit(&ctx->D, nl)) != 0) {
        return ret;
    }
    return 0;
}

/*
 * Derive what is missing, check, and build the cache.  given_crt: DP, DQ,
 * QP came from the caller: they are kept and checked, never recomputed.
 */
static int rsa_complete(tacit_rsa_context *ctx, int given_crt)
{
    int ret, priv = 0;
    int have_n = is_set(&ctx->N), have_p = is_set(&ctx->P), have_q = is_set(&ctx->Q),
        have_d = is_set(&ctx->D), have_e = is_set(&ctx->E);
    tacit_mpi_uint ok;

    if (!have_e || (!have_n && !(have_p && have_q)) || (have_p != have_q)) {
        /* not enough components (returned as is: below, BAD_INPUT means an invalid key) */
        tacit_rsa_clear_key(ctx);
        return TACIT_ERR_BAD_INPUT;
    }
    if (ctx->P.s < 0 || ctx->Q.s < 0 || ctx->D.s < 0 || ctx->DP.s < 0 || ctx->DQ.s < 0 ||
        ctx->QP.s < 0) {
        ret = TACIT_ERR_RSA_KEY_CHECK_FAILED;
        goto cleanup;
    }
    if (!have_n) {
        /* n = p*q is public: revealed */
        TACIT_CHK(tacit_mpi_mul_mpi(&ctx->N, &ctx->P, &ctx->Q));
        tacit_ct_declassify(ctx->N.p, ctx->N.n * sizeof(*ctx->N.p));
    }
    /* n's allocation fits its value (n is public) */
    TACIT_CHK(fit(&ctx->N, TACIT_MPI_CORE_BITS_TO_LIMBS(tacit_mpi_bitlen(&ctx->N))));
    ctx->len = tacit_mpi_size(&ctx->N);
    TACIT_CHK(tacit_rsa_check_pub(ctx));
    if (have_p || have_d) {
        if (!have_p) {
            TACIT_CHK(factor_from_d(ctx));
        }
        TACIT_CHK(normalise_private(ctx));
        if (!have_d) {
            TACIT_CHK(derive_d(ctx));
            TACIT_CHK(fit(&ctx->D, ctx->N.n));
        }
        if (!given_crt) {
            TACIT_CHK(derive_crt(&ctx->P, &ctx->Q, &ctx->D, &ctx->DP, &ctx->DQ, &ctx->QP));
        }
        if (!is_set(&ctx->DP) || !is_set(&ctx->DQ) || !is_set(&ctx->QP)) {
            ret = TACIT_ERR_RSA_KEY_CHECK_FAILED;
            goto cleanup;
        }
        TACIT_CHK(fit(&ctx->DP, ctx->P.n));
        TACIT_CHK(fit(&ctx->DQ, ctx->P.n));
        TACIT_CHK(fit(&ctx->QP, ctx->P.n));
        TACIT_CHK(check_private_mask(ctx, 1, &ok));
        ctx->is_private = 1;
        priv = 1;
    }
    /* the cache first: qInv * q = 1 mod p then reuses its R^2 mod p and qInv in Montgomery form */
    TACIT_CHK(tacit_rsa_setup_cache(ctx));
    if (priv) {
        TACIT_CHK(check_qinv_cached(ctx, &ok));
        /* the one verdict on the private key, revealed */
        if (!tacit_ct_declassify_u32((uint32_t)(ok & 1))) {
            ret = TACIT_ERR_RSA_KEY_CHECK_FAILED;
            goto cleanup;
        }
    }
cleanup:
    if (ret != 0) {
        /* a failed inversion or division (or a bignum argument out of range) means an inconsistent key */
        if (ret == TACIT_ERR_MPI_NOT_ACCEPTABLE || ret == TACIT_ERR_MPI_DIVISION_BY_ZERO ||
            ret == TACIT_ERR_MPI_NEGATIVE_VALUE || ret == TACIT_ERR_BAD_INPUT) {
            ret = TACIT_ERR_RSA_KEY_CHECK_FAILED;
        }
        tacit_rsa_clear_key(ctx);
    }
    return ret;
}

int tacit_rsa_import(tacit_rsa_context *ctx, const tacit_mpi *N, const tacit_mpi *P,
                     const tacit_mpi *Q, const tacit_mpi *D, const tacit_mpi *E)
{
    int ret;

    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    tacit_rsa_clear_key(ctx);
    if ((N != NULL && (ret = tacit_mpi_copy(&ctx->N, N)) != 0) ||
        (P != NULL && (ret = tacit_mpi_copy(&ctx->P, P)) != 0) ||
        (Q != NULL && (ret = tacit_mpi_copy(&ctx->Q, Q)) != 0) ||
        (D != NULL && (ret = tacit_mpi_copy(&ctx->D, D)) != 0) ||
        (E != NULL && (ret = tacit_mpi_copy(&ctx->E, E)) != 0)) {
        tacit_rsa_clear_key(ctx);
        return ret;
    }
    return rsa_complete(ctx, 0);
}

static int read_opt(tacit_mpi *X, const unsigned char *b, size_t len)
{
    if (b == NULL) {
        return 0;
    }
    if (len > TACIT_MPI_MAX_BYTES + 1) {
        return TACIT_ERR_RSA_KEY_CHECK_FAILED;
    }
    return tacit_mpi_read_binary(X, b, len);
}

int tacit_rsa_import_raw(tacit_rsa_context *ctx, const unsigned char *n, size_t nlen,
                         const unsigned char *p, size_t plen, const unsigned char *q, size_t qlen,
                         const unsigned char *d, size_t dlen, const unsigned char *e, size_t elen)
{
    int ret;

    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    tacit_rsa_clear_key(ctx);
    if ((ret = read_opt(&ctx->N, n, nlen)) != 0 || (ret = read_opt(&ctx->P, p, plen)) != 0 ||
        (ret = read_opt(&ctx->Q, q, qlen)) != 0 || (ret = read_opt(&ctx->D, d, dlen)) != 0 ||
        (ret = read_opt(&ctx->E, e, elen)) != 0) {
        tacit_rsa_clear_key(ctx);
        return ret;
    }
    return rsa_complete(ctx, 0);
}

int tacit_rsa_import_crt_raw(tacit_rsa_context *ctx, const unsigned char *n, size_t nlen,
                             const unsigned char *e, size_t elen, const unsigned char *d,
                             size_t dlen, const unsigned char *p, size_t plen,
                             const unsigned char *q, size_t qlen, const unsigned char *dp,
                             size_t dplen, const unsigned char *dq, size_t dqlen,
                             const unsigned char *qp, size_t qplen)
{
    int ret;

    if (ctx == NULL || n == NULL || e == NULL || d == NULL || p == NULL || q == NULL ||
        dp == NULL || dq == NULL || qp == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    tacit_rsa_clear_key(ctx);
    if ((ret = read_opt(&ctx->N, n, nlen)) != 0 || (ret = read_opt(&ctx->E, e, elen)) != 0 ||
        (ret = read_opt(&ctx->D, d, dlen)) != 0 || (ret = read_opt(&ctx->P, p, plen)) != 0 ||
        (ret = read_opt(&ctx->Q, q, qlen)) != 0 || (ret = read_opt(&ctx->DP, dp, dplen)) != 0 ||
        (ret = read_opt(&ctx->DQ, dq, dqlen)) != 0 || (ret = read_opt(&ctx->QP, qp, qplen)) != 0) {
        tacit_rsa_clear_key(ctx);
        return ret;
    }
    if (!is_set(&ctx->N) || !is_set(&ctx->P) || !is_set(&ctx->Q) || !is_set(&ctx->D)) {
        tacit_rsa_clear_key(ctx);
        return TACIT_ERR_RSA_KEY_CHECK_FAILED;
    }
    return rsa_complete(ctx, 1);
}

#else
typedef int tacit_rsa_unused;
#endif /* TACIT_RSA_C */
