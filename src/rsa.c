/*
 * RSA context: import, derivation of missing components, checks, and the
 * limb cache used by the public and private operations.
 *
 * Everything in this file runs once per key and uses variable-time tacit_mpi
 * arithmetic (see the top of rsa.h); the per-operation code is in
 * rsa_public.c and rsa_private.c.
 */
#include "rsa_internal.h"

#if defined(TACIT_RSA_C)

#include <stdlib.h>
#include <string.h>

#include "tacit/hmac_drbg.h"


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
        free(ctx->cache);
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
        dst->cache = (tacit_mpi_uint *)malloc(src->cache_limbs * sizeof(tacit_mpi_uint));
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

static int is_set(const tacit_mpi *X)
{
    return X->p != NULL && tacit_mpi_cmp_int(X, 0) != 0;
}

int tacit_rsa_check_pubkey(const tacit_rsa_context *ctx)
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

/* e * x == 1 mod (m - 1)?  0 if so. */
static int check_inverse_minus_one(const tacit_mpi *E, const tacit_mpi *X, const tacit_mpi *M)
{
    tacit_mpi M1, T;
    int ret;

    tacit_mpi_init(&M1);
    tacit_mpi_init(&T);
    TACIT_CHK(tacit_mpi_sub_int(&M1, M, 1));
    TACIT_CHK(tacit_mpi_mul_mpi(&T, E, X));
    TACIT_CHK(tacit_mpi_mod_mpi(&T, &T, &M1));
    ret = tacit_mpi_cmp_int(&T, 1) == 0 ? 0 : TACIT_ERR_RSA_KEY_CHECK_FAILED;
cleanup:
    tacit_mpi_free(&M1);
    tacit_mpi_free(&T);
    return ret;
}

/* x == d mod (m - 1)?  0 if so. */
static int check_crt_exponent(const tacit_mpi *X, const tacit_mpi *D, const tacit_mpi *M)
{
    tacit_mpi M1, T;
    int ret;

    tacit_mpi_init(&M1);
    tacit_mpi_init(&T);
    TACIT_CHK(tacit_mpi_sub_int(&M1, M, 1));
    TACIT_CHK(tacit_mpi_mod_mpi(&T, D, &M1));
    ret = tacit_mpi_cmp_mpi(&T, X) == 0 ? 0 : TACIT_ERR_RSA_KEY_CHECK_FAILED;
cleanup:
    tacit_mpi_free(&M1);
    tacit_mpi_free(&T);
    return ret;
}

int tacit_rsa_check_privkey(const tacit_rsa_context *ctx)
{
    tacit_mpi T;
    int ret;

    if ((ret = tacit_rsa_check_pubkey(ctx)) != 0) {
        return ret;
    }
    if (!is_set(&ctx->P) || !is_set(&ctx->Q) || !is_set(&ctx->D) || !is_set(&ctx->DP) ||
        !is_set(&ctx->DQ) || !is_set(&ctx->QP)) {
        return TACIT_ERR_RSA_KEY_CHECK_FAILED;
    }
    if (ctx->P.s < 0 || ctx->Q.s < 0 || ctx->D.s < 0 || ctx->DP.s < 0 || ctx->DQ.s < 0 ||
        ctx->QP.s < 0 || tacit_mpi_cmp_int(&ctx->P, 3) < 0 || tacit_mpi_cmp_int(&ctx->Q, 3) < 0 ||
        tacit_mpi_cmp_mpi(&ctx->D, &ctx->N) >= 0 || tacit_mpi_cmp_int(&ctx->D, 1) <= 0 ||
        tacit_mpi_cmp_mpi(&ctx->QP, &ctx->P) >= 0 || tacit_mpi_cmp_mpi(&ctx->P, &ctx->Q) == 0) {
        return TACIT_ERR_RSA_KEY_CHECK_FAILED;
    }
    tacit_mpi_init(&T);
    TACIT_CHK(tacit_mpi_mul_mpi(&T, &ctx->P, &ctx->Q));
    if (tacit_mpi_cmp_mpi(&T, &ctx->N) != 0) {
        ret = TACIT_ERR_RSA_KEY_CHECK_FAILED;
        goto cleanup;
    }
    TACIT_CHK(check_crt_exponent(&ctx->DP, &ctx->D, &ctx->P));
    TACIT_CHK(check_crt_exponent(&ctx->DQ, &ctx->D, &ctx->Q));
    TACIT_CHK(check_inverse_minus_one(&ctx->E, &ctx->DP, &ctx->P));
    TACIT_CHK(check_inverse_minus_one(&ctx->E, &ctx->DQ, &ctx->Q));
    /* QP * Q == 1 mod P */
    TACIT_CHK(tacit_mpi_mul_mpi(&T, &ctx->QP, &ctx->Q));
    TACIT_CHK(tacit_mpi_mod_mpi(&T, &T, &ctx->P));
    if (tacit_mpi_cmp_int(&T, 1) != 0) {
        ret = TACIT_ERR_RSA_KEY_CHECK_FAILED;
    }
cleanup:
    tacit_mpi_free(&T);
    if (ret < 0 && ret != TACIT_ERR_ALLOC_FAILED) {
        ret = TACIT_ERR_RSA_KEY_CHECK_FAILED;
    }
    return ret;
}

int tacit_rsa_check_pub_priv(const tacit_rsa_context *pub, const tacit_rsa_context *prv)
{
    int ret;

    if (pub == NULL || prv == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = tacit_rsa_check_pubkey(pub)) != 0 || (ret = tacit_rsa_check_privkey(prv)) != 0) {
        return ret;
    }
    if (tacit_mpi_cmp_mpi(&pub->N, &prv->N) != 0 || tacit_mpi_cmp_mpi(&pub->E, &prv->E) != 0) {
        return TACIT_ERR_RSA_KEY_CHECK_FAILED;
    }
    return 0;
}

/* ---- derivation ----------------------------------------------------------------- */

/*
 * Recover P and Q from N, E, D (RFC 8017 keys may come as (n, e, d) only):
 * k = d*e - 1 = 2^t * r with r odd; for small bases g, the sequence
 * g^r, g^2r, ... mod n reaches 1, and the element before it, if not -1, is
 * a non-trivial square root of 1, whose gcd with n is a factor.
 */
static int factor_from_d(tacit_rsa_context *ctx)
{
    tacit_mpi K, R, G, Y, X, N1, F;
    size_t t, i;
    tacit_mpi_sint g;
    int ret;

    tacit_mpi_init(&K);
    tacit_mpi_init(&R);
    tacit_mpi_init(&G);
    tacit_mpi_init(&Y);
    tacit_mpi_init(&X);
    tacit_mpi_init(&N1);
    tacit_mpi_init(&F);
    TACIT_CHK(tacit_mpi_mul_mpi(&K, &ctx->D, &ctx->E));
    TACIT_CHK(tacit_mpi_sub_int(&K, &K, 1));
    TACIT_CHK(tacit_mpi_sub_int(&N1, &ctx->N, 1));
    t = tacit_mpi_lsb(&K);
    if (t == 0 || tacit_mpi_cmp_int(&K, 0) <= 0) {
        ret = TACIT_ERR_RSA_KEY_CHECK_FAILED;
        goto cleanup;
    }
    TACIT_CHK(tacit_mpi_copy(&R, &K));
    TACIT_CHK(tacit_mpi_shift_r(&R, t));
    for (g = 2; g < 200; g++) {
        TACIT_CHK(tacit_mpi_lset(&G, g));
        TACIT_CHK(tacit_mpi_exp_mod(&Y, &G, &R, &ctx->N, NULL));
        if (tacit_mpi_cmp_int(&Y, 1) == 0 || tacit_mpi_cmp_mpi(&Y, &N1) == 0) {
            continue;
        }
        for (i = 0; i < t; i++) {
            TACIT_CHK(tacit_mpi_mul_mpi(&X, &Y, &Y));
            TACIT_CHK(tacit_mpi_mod_mpi(&X, &X, &ctx->N));
            if (tacit_mpi_cmp_int(&X, 1) == 0) {
                TACIT_CHK(tacit_mpi_sub_int(&Y, &Y, 1));
                TACIT_CHK(tacit_mpi_gcd(&F, &Y, &ctx->N));
                if (tacit_mpi_cmp_int(&F, 1) > 0 && tacit_mpi_cmp_mpi(&F, &ctx->N) < 0) {
                    TACIT_CHK(tacit_mpi_copy(&ctx->P, &F));
                    TACIT_CHK(tacit_mpi_div_mpi(&ctx->Q, NULL, &ctx->N, &F));
                    ret = 0;
                    goto cleanup;
                }
                break;
            }
            if (tacit_mpi_cmp_mpi(&X, &N1) == 0) {
                break;
            }
            TACIT_CHK(tacit_mpi_copy(&Y, &X));
        }
    }
    ret = TACIT_ERR_RSA_KEY_CHECK_FAILED;
cleanup:
    tacit_mpi_free(&K);
    tacit_mpi_free(&R);
    tacit_mpi_free(&G);
    tacit_mpi_free(&Y);
    tacit_mpi_free(&X);
    tacit_mpi_free(&N1);
    tacit_mpi_free(&F);
    return ret;
}

/* D = E^-1 mod lcm(P-1, Q-1) */
static int derive_d(tacit_rsa_context *ctx)
{
    tacit_mpi P1, Q1, G, L;
    int ret;

    tacit_mpi_init(&P1);
    tacit_mpi_init(&Q1);
    tacit_mpi_init(&G);
    tacit_mpi_init(&L);
    TACIT_CHK(tacit_mpi_sub_int(&P1, &ctx->P, 1));
    TACIT_CHK(tacit_mpi_sub_int(&Q1, &ctx->Q, 1));
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

/* DP, DQ, QP from P, Q, D */
static int derive_crt(const tacit_mpi *P, const tacit_mpi *Q, const tacit_mpi *D,
                      tacit_mpi *DP, tacit_mpi *DQ, tacit_mpi *QP)
{
    tacit_mpi T;
    int ret;

    tacit_mpi_init(&T);
    TACIT_CHK(tacit_mpi_sub_int(&T, P, 1));
    TACIT_CHK(tacit_mpi_mod_mpi(DP, D, &T));
    TACIT_CHK(tacit_mpi_sub_int(&T, Q, 1));
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
        size_t pl = TACIT_MPI_CORE_BITS_TO_LIMBS(tacit_mpi_bitlen(&ctx->P));
        size_t ql = TACIT_MPI_CORE_BITS_TO_LIMBS(tacit_mpi_bitlen(&ctx->Q));
        hl = pl > ql ? pl : ql;
    }
    total = 2 * nl + el + RSA_C_PRIV_COUNT * hl;
    c = (tacit_mpi_uint *)calloc(total, sizeof(tacit_mpi_uint));
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
    /* p and q are secret: the constant-time R^2 */
    tacit_mpi_core_get_mont_r2_ct(RSA_C_RP(ctx), RSA_C_P(ctx), hl);
    tacit_mpi_core_get_mont_r2_ct(RSA_C_RQ(ctx), RSA_C_Q(ctx), hl);
    tl = TACIT_MPI_CORE_MONTMUL_WORKING_LIMBS(hl);
    T = (tacit_mpi_uint *)calloc(tl, sizeof(tacit_mpi_uint));
    if (T == NULL) {
        free_cache(ctx);
        return TACIT_ERR_ALLOC_FAILED;
    }
    tacit_mpi_core_to_mont(RSA_C_QPM(ctx), RSA_C_QPM(ctx), RSA_C_P(ctx), hl, ctx->mm_p,
                           RSA_C_RP(ctx), T);
    tacit_platform_zeroize(T, tl * sizeof(tacit_mpi_uint));
    free(T);
    return ret;
}

/*
 * Derive what is missing, check, and build the cache.  given_crt: DP, DQ,
 * QP came from the caller and must match the derived values.
 */
static int rsa_complete(tacit_rsa_context *ctx, int given_crt)
{
    int ret;
    int have_n = is_set(&ctx->N), have_p = is_set(&ctx->P), have_q = is_set(&ctx->Q),
        have_d = is_set(&ctx->D), have_e = is_set(&ctx->E);
    tacit_mpi DP, DQ, QP;

    if (!have_e || (!have_n && !(have_p && have_q)) || (have_p != have_q)) {
        tacit_rsa_clear_key(ctx);
        return TACIT_ERR_BAD_INPUT; /* not enough components */
    }
    tacit_mpi_init(&DP);
    tacit_mpi_init(&DQ);
    tacit_mpi_init(&QP);
    if (!have_n) {
        TACIT_CHK(tacit_mpi_mul_mpi(&ctx->N, &ctx->P, &ctx->Q));
    }
    ctx->len = tacit_mpi_size(&ctx->N);
    TACIT_CHK(tacit_rsa_check_pubkey(ctx));
    if (have_p || have_d) {
        if (!have_p) {
            TACIT_CHK(factor_from_d(ctx));
        }
        if (tacit_mpi_cmp_int(&ctx->P, 3) < 0 || tacit_mpi_cmp_int(&ctx->Q, 3) < 0 ||
            ctx->P.s < 0 || ctx->Q.s < 0) {
            ret = TACIT_ERR_RSA_KEY_CHECK_FAILED;
            goto cleanup;
        }
        if (!have_d) {
            TACIT_CHK(derive_d(ctx));
        }
        TACIT_CHK(derive_crt(&ctx->P, &ctx->Q, &ctx->D, &DP, &DQ, &QP));
        if (given_crt) {
            if (tacit_mpi_cmp_mpi(&DP, &ctx->DP) != 0 || tacit_mpi_cmp_mpi(&DQ, &ctx->DQ) != 0 ||
                tacit_mpi_cmp_mpi(&QP, &ctx->QP) != 0) {
                ret = TACIT_ERR_RSA_KEY_CHECK_FAILED;
                goto cleanup;
            }
        } else {
            tacit_mpi_swap(&DP, &ctx->DP);
            tacit_mpi_swap(&DQ, &ctx->DQ);
            tacit_mpi_swap(&QP, &ctx->QP);
        }
        TACIT_CHK(tacit_rsa_check_privkey(ctx));
        ctx->is_private = 1;
    }
    TACIT_CHK(tacit_rsa_setup_cache(ctx));
cleanup:
    tacit_mpi_free(&DP);
    tacit_mpi_free(&DQ);
    tacit_mpi_free(&QP);
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
                         const unsigned char *p, size_t plen, const unsigned char *q,
                         size_t qlen, const unsigned char *d, size_t dlen,
                         const unsigned char *e, size_t elen)
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
