/*
 * ML-DSA (FIPS 204): key generation, signing and verification.
 *
 * Key generation and verification stream the matrix A one polynomial at a
 * time; signing keeps the whole expanded A (unless TACIT_MLDSA_SMALL_STACK)
 * because every attempt uses it again.
 */
#include "tacit/config.h"

#if defined(TACIT_MLDSA_C)

#include <stddef.h>
#include <string.h>

#include "core/common.h"
#include "core/constant_time_internal.h"
#include "hash/keccak.h"
#include "mldsa/mldsa_internal.h"
#include "mldsa/mldsa_kernel.h"
#include "mldsa/mldsa_matrix.h"
#include "mldsa/mldsa_sign_stream.h"
#include "tacit/constant_time.h"
#include "tacit/mldsa.h"
#include "tacit/sha3.h"

static const tacit_mldsa_param_set param_sets[3] = {
    /* k, l, eta, tau, beta, omega, ctilde, gamma1, gamma2, z_bits, eta_bits, w1_bits, pk, sk, sig */
    { 4, 4, 2, 39, 78, 80, 32, 1 << 17, (TACIT_MLDSA_Q - 1) / 88, 18, 3, 6, TACIT_MLDSA44_PK_BYTES,
      TACIT_MLDSA44_SK_BYTES, TACIT_MLDSA44_SIG_BYTES },
    { 6, 5, 4, 49, 196, 55, 48, 1 << 19, (TACIT_MLDSA_Q - 1) / 32, 20, 4, 4, TACIT_MLDSA65_PK_BYTES,
      TACIT_MLDSA65_SK_BYTES, TACIT_MLDSA65_SIG_BYTES },
    { 8, 7, 2, 60, 120, 75, 64, 1 << 19, (TACIT_MLDSA_Q - 1) / 32, 20, 3, 4, TACIT_MLDSA87_PK_BYTES,
      TACIT_MLDSA87_SK_BYTES, TACIT_MLDSA87_SIG_BYTES },
};

const tacit_mldsa_param_set *tacit_mldsa_param_get(tacit_mldsa_params p)
{
    switch (p) {
    case TACIT_MLDSA_44:
        return &param_sets[0];
    case TACIT_MLDSA_65:
        return &param_sets[1];
    case TACIT_MLDSA_87:
        return &param_sets[2];
    default:
        return NULL;
    }
}

size_t tacit_mldsa_pk_bytes(tacit_mldsa_params p)
{
    const tacit_mldsa_param_set *ps = tacit_mldsa_param_get(p);
    return ps != NULL ? ps->pk_bytes : 0;
}

size_t tacit_mldsa_sk_bytes(tacit_mldsa_params p)
{
    const tacit_mldsa_param_set *ps = tacit_mldsa_param_get(p);
    return ps != NULL ? ps->sk_bytes : 0;
}

size_t tacit_mldsa_sig_bytes(tacit_mldsa_params p)
{
    const tacit_mldsa_param_set *ps = tacit_mldsa_param_get(p);
    return ps != NULL ? ps->sig_bytes : 0;
}

/* Bytes of one packed polynomial of the private key's s1/s2. */
static size_t eta_bytes(const tacit_mldsa_param_set *ps)
{
    return (size_t)ps->eta_bits * 32;
}

static size_t w1_bytes(const tacit_mldsa_param_set *ps)
{
    return (size_t)ps->w1_bits * 32;
}

static size_t z_bytes(const tacit_mldsa_param_set *ps)
{
    return (size_t)ps->z_bits * 32;
}

/* SHAKE256 of up to three pieces (NULL/0 for absent ones). */
static void shake256_3(unsigned char *out, size_t out_len, const unsigned char *a, size_t a_len,
                       const unsigned char *b, size_t b_len, const unsigned char *c, size_t c_len)
{
    tacit_shake_context ctx;

    tacit_shake_init(&ctx, TACIT_SHAKE256);
    tacit_shake_absorb(&ctx, a, a_len);
    if (b_len != 0) {
        tacit_shake_absorb(&ctx, b, b_len);
    }
    if (c_len != 0) {
        tacit_shake_absorb(&ctx, c, c_len);
    }
    tacit_shake_squeeze(&ctx, out, out_len);
    tacit_shake_free(&ctx);
}

/* The matrix streaming of verification (mldsa_matrix.h). */
#define ROW_BUF TACIT_MLDSA_ROW_BUF
#define W_ROWS TACIT_MLDSA_W_ROWS

/* ---- key generation ------------------------------------------------------ */

/*
 * s1 || s2 = ExpandS(rho') (nonces 0 .. l + k - 1) packed into sk_s1 as
 * they come (not inlined: its polynomials are off the stack before t is
 * computed).
 */
static TACIT_NOINLINE void keygen_expand_s(const tacit_mldsa_param_set *ps,
                                           const unsigned char rhop[64], unsigned char *sk_s1)
{
    const tacit_mldsa_kernel *kern = tacit_mldsa_kernel_get();
    tacit_mldsa_poly s[ROW_BUF];
    unsigned j = 0, n = ps->l + ps->k;

#if ROW_BUF == 4
    /* four at a time while at least two are left (a spare lane repeats one) */
    while (n - j >= 2) {
        tacit_mldsa_poly *ss[4];
        unsigned nonce[4], t, cnt = n - j < 4 ? n - j : 4;
        for (t = 0; t < 4; t++) {
            ss[t] = &s[t];
            nonce[t] = j + (t < cnt ? t : 0);
        }
        tacit_mldsa_expand_s_x4(ss, rhop, nonce, ps->eta);
        for (t = 0; t < cnt; t++) {
            kern->pack(sk_s1 + (j + t) * eta_bytes(ps), s[t].c, ps->eta_bits, (int32_t)ps->eta);
        }
        j += cnt;
    }
#endif
    for (; j < n; j++) {
        tacit_mldsa_expand_s(&s[0], rhop, j, ps->eta);
        kern->pack(sk_s1 + j * eta_bytes(ps), s[0].c, ps->eta_bits, (int32_t)ps->eta);
    }
    tacit_platform_zeroize(s, sizeof(s));
}

int tacit_mldsa_keygen_seed(tacit_mldsa_params p, const unsigned char seed[32], unsigned char *pk,
                            unsigned char *sk)
{
    const tacit_mldsa_param_set *ps = tacit_mldsa_param_get(p);
    unsigned char seedbuf[128]; /* rho, rho', K */
    unsigned char in[34];
    unsigned char *sk_s1, *sk_t0;

    if (ps == NULL || seed == NULL || pk == NULL || sk == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    memcpy(in, seed, 32);
    in[32] = (unsigned char)ps->k;
    in[33] = (unsigned char)ps->l;
    shake256_3(seedbuf, 128, in, sizeof(in), NULL, 0, NULL, 0);
    /* rho is public (it goes into the public key) */
    tacit_ct_declassify(seedbuf, 32);

    sk_s1 = sk + 128;
    sk_t0 = sk_s1 + (ps->l + ps->k) * eta_bytes(ps);
    memcpy(pk, seedbuf, 32);
    memcpy(sk, seedbuf, 32);
    memcpy(sk + 32, seedbuf + 96, 32);

    keygen_expand_s(ps, seedbuf + 32, sk_s1);
    /* t = A s1 + s2: t1 into pk, t0 into sk (s1, s2 in range: the mask is 0) */
    (void)tacit_mldsa_make_t(ps, seedbuf, sk_s1, pk + 32, sk_t0, NULL);
    /* tr = H(pk, 64) */
    shake256_3(sk + 64, 64, pk, ps->pk_bytes, NULL, 0, NULL, 0);
    tacit_platform_zeroize(seedbuf, sizeof(seedbuf));
    tacit_platform_zeroize(in, sizeof(in));
    return 0;
}

int tacit_mldsa_keygen(tacit_mldsa_params p, unsigned char *pk, unsigned char *sk,
                       tacit_rng_func f_rng, void *p_rng)
{
    unsigned char seed[32];
    int ret;

    if (tacit_mldsa_param_get(p) == NULL || pk == NULL || sk == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    f_rng = tacit_rng_or_default(f_rng, &p_rng);
    if (f_rng(p_rng, seed, sizeof(seed)) != 0) {
        tacit_platform_zeroize(seed, sizeof(seed));
        return TACIT_ERR_RNG_FAILED;
    }
    ret = tacit_mldsa_keygen_seed(p, seed, pk, sk);
    tacit_platform_zeroize(seed, sizeof(seed));
    return ret;
}

/* ---- mu ------------------------------------------------------------------ */

/* mu = H(tr || 0 || ctx_len || ctx || msg, 64). */
static void compute_mu(unsigned char mu[64], const unsigned char tr[64], const unsigned char *msg,
                       size_t msg_len, const unsigned char *ctx, size_t ctx_len)
{
    tacit_shake_context hc;
    unsigned char pre[2];

    pre[0] = 0;
    pre[1] = (unsigned char)ctx_len;
    tacit_shake_init(&hc, TACIT_SHAKE256);
    tacit_shake_absorb(&hc, tr, 64);
    tacit_shake_absorb(&hc, pre, 2);
    if (ctx_len != 0) {
        tacit_shake_absorb(&hc, ctx, ctx_len);
    }
    if (msg_len != 0) {
        tacit_shake_absorb(&hc, msg, msg_len);
    }
    tacit_shake_squeeze(&hc, mu, 64);
    tacit_shake_free(&hc);
}

static int check_msg_ctx(const unsigned char *msg, size_t msg_len, const unsigned char *ctx,
                         size_t ctx_len)
{
    if ((msg == NULL && msg_len != 0) || (ctx == NULL && ctx_len != 0) ||
        ctx_len > TACIT_MLDSA_MAX_CTX_BYTES) {
        return TACIT_ERR_BAD_INPUT;
    }
    return 0;
}

int tacit_mldsa_mu(tacit_mldsa_params p, const unsigned char *pk, const unsigned char *msg,
                   size_t msg_len, const unsigned char *ctx, size_t ctx_len, unsigned char mu[64])
{
    const tacit_mldsa_param_set *ps = tacit_mldsa_param_get(p);
    unsigned char tr[64];
    int ret;

    if (ps == NULL || pk == NULL || mu == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = check_msg_ctx(msg, msg_len, ctx, ctx_len)) != 0) {
        return ret;
    }
    shake256_3(tr, 64, pk, ps->pk_bytes, NULL, 0, NULL, 0);
    compute_mu(mu, tr, msg, msg_len, ctx, ctx_len);
    return 0;
}

/* ---- signing ------------------------------------------------------------- */

/*
 * With TACIT_MLDSA_SMALL_STACK signing is the streaming signer
 * (mldsa_sign_stream.c: a few polynomials of stack, the same signatures).
 */
#if defined(TACIT_MLDSA_SMALL_STACK)
#define sign_internal tacit_mldsa_sign_stream
#else
typedef struct sign_ws {
    tacit_mldsa_poly a[TACIT_MLDSA_KMAX * TACIT_MLDSA_LMAX]; /* all of A, expanded once */
    tacit_mldsa_poly s1[TACIT_MLDSA_LMAX]; /* s1_j + 2^9 s2_j, NTT domain (l <= k) */
    tacit_mldsa_poly s2[TACIT_MLDSA_KMAX]; /* NTT domain for rows i >= l */
    tacit_mldsa_poly t0[TACIT_MLDSA_KMAX]; /* NTT domain */
    tacit_mldsa_poly y[TACIT_MLDSA_LMAX];
    tacit_mldsa_poly z[TACIT_MLDSA_LMAX];  /* y in the NTT domain, then z */
    tacit_mldsa_poly w[TACIT_MLDSA_KMAX];  /* w = A y, then LowBits(w) */
    tacit_mldsa_poly r1[TACIT_MLDSA_KMAX]; /* HighBits(w) */
    tacit_mldsa_poly c, tmp, r0;
    tacit_mldsa_poly ybuf[4]; /* masks made four at a time; ybuf[ypos..3] are the next ones */
    unsigned ypos;
    unsigned char hint[TACIT_MLDSA_KMAX][TACIT_MLDSA_N];
    unsigned char w1buf[TACIT_MLDSA_KMAX * 192];
    unsigned char rhopp[64];
    unsigned char kbuf[64 + 32]; /* K || rnd */
    unsigned char ctilde[64];
} sign_ws;

/* A[i][j] from the expanded matrix (rho: the streaming signer's form expands it here). */
static const tacit_mldsa_poly *sign_a(sign_ws *ws, const tacit_mldsa_param_set *ps,
                                      const unsigned char *rho, unsigned i, unsigned j)
{
    (void)rho;
    return &ws->a[i * ps->l + j];
}

static void sign_expand_matrix(sign_ws *ws, const tacit_mldsa_param_set *ps,
                               const unsigned char *rho)
{
    unsigned n = ps->k * ps->l, e, t, row = 0, col = 0;
    unsigned char idx[4][2];

    /* rows and columns counted, not divided: no division in this file */
    for (e = 0; e + 4 <= n; e += 4) {
        for (t = 0; t < 4; t++) {
            idx[t][0] = (unsigned char)row;
            idx[t][1] = (unsigned char)col;
            if (++col == ps->l) {
                col = 0;
                row++;
            }
        }
        tacit_mldsa_expand_a_x4(&ws->a[e], &ws->a[e + 1], &ws->a[e + 2], &ws->a[e + 3], rho,
                                (const unsigned char(*)[2])idx);
    }
    if (e < n) { /* the last entries, with the first masks in the spare lanes */
        tacit_mldsa_poly *a[4], *y[4];
        for (t = 0; t < 4; t++) {
            a[t] = &ws->a[e + (t < n - e ? t : 0)];
            y[t] = &ws->ybuf[t];
            idx[t][0] = (unsigned char)row;
            idx[t][1] = (unsigned char)col;
            if (t < n - e && ++col == ps->l) {
                col = 0;
                row++;
            }
        }
        tacit_mldsa_expand_a_masks_x4(a, rho, (const unsigned char(*)[2])idx, n - e, y, ws->rhopp,
                                      ps);
        ws->ypos = n - e; /* ybuf[n - e ..] hold the masks of nonces 0, 1, .. */
    }
}

/*
 * Decode the private key into ws (s1, s2, t0 in the NTT domain).  Returns
 * TACIT_ERR_BAD_INPUT if an s1/s2 coefficient is out of [-eta, eta] (the
 * only fact about the key that is made public).
 */
static int sign_load_key(sign_ws *ws, const tacit_mldsa_param_set *ps,
                         const tacit_mldsa_kernel *kern, const unsigned char *sk)
{
    const unsigned char *p = sk + 128;
    uint32_t bad = 0;
    unsigned i, n;

    for (i = 0; i < ps->l + ps->k; i++, p += eta_bytes(ps)) {
        tacit_mldsa_poly *s = i < ps->l ? &ws->s1[i] : &ws->s2[i - ps->l];
        kern->unpack(s->c, p, ps->eta_bits, (int32_t)ps->eta);
        bad |= tacit_mldsa_poly_norm_mask(s, (int32_t)ps->eta + 1);
    }
    /*
     * c s1_j and c s2_j from one inverse NTT: |c s| <= beta < 2^8, so
     * c (s1_j + 2^9 s2_j) is below q / 2 and splits exactly (make_z_cs2)
     */
    for (i = 0; i < ps->k; i++) {
        if (i < ps->l) {
            for (n = 0; n < TACIT_MLDSA_N; n++) {
                ws->s1[i].c[n] += ws->s2[i].c[n] * (1 << 9);
            }
            kern->ntt(ws->s1[i].c);
        } else {
            kern->ntt(ws->s2[i].c);
        }
    }
    for (i = 0; i < ps->k; i++, p += TACIT_MLDSA_POLY_T0_BYTES) {
        kern->unpack(ws->t0[i].c, p, 13, 1 << (TACIT_MLDSA_D - 1));
        kern->ntt(ws->t0[i].c);
    }
    return tacit_ct_declassify_u32(bad) != 0 ? TACIT_ERR_BAD_INPUT : 0;
}

/*
 * y_j = ExpandMask(rho'', kappa + j) for j < l.  The parallel SHAKE256 makes
 * four masks a run; those beyond this attempt are kept for the next one
 * (its nonces follow on), so every run's four streams are used but at the
 * end of the signing.
 */
static void sign_masks(sign_ws *ws, const tacit_mldsa_param_set *ps, unsigned kappa)
{
    unsigned j;

    for (j = 0; j < ps->l; j++) {
        if (ws->ypos == 4) {
            tacit_mldsa_poly *yy[4];
            unsigned nonce[4], t;
            for (t = 0; t < 4; t++) {
                yy[t] = &ws->ybuf[t];
                nonce[t] = kappa + j + t;
            }
            tacit_mldsa_expand_mask_x4(yy, ws->rhopp, nonce, ps);
            ws->ypos = 0;
        }
        ws->y[j] = ws->ybuf[ws->ypos++];
    }
}

/* One attempt with mask nonce kappa: 0 and sig written, or 1 (rejected). */
static int sign_attempt(sign_ws *ws, const tacit_mldsa_param_set *ps,
                        const tacit_mldsa_kernel *kern, const unsigned char *rho,
                        const unsigned char mu[64], unsigned kappa, unsigned char *sig)
{
    unsigned i, j, n;
    uint32_t reject = 0, hints = 0;
    tacit_shake_context hc;

    sign_masks(ws, ps, kappa);
    for (j = 0; j < ps->l; j++) {
        ws->z[j] = ws->y[j];
        kern->ntt(ws->z[j].c);
    }
    /* w = A y; w1 = HighBits(w) (packed for the challenge), w keeps LowBits(w) */
    for (i = 0; i < ps->k; i++) {
        TACIT_MLDSA_SK(kern, matvec_row, tacit_mldsa_matvec_row_c)
        (ws->w[i].c, sign_a(ws, ps, rho, i, 0), ws->z, ps->l);
        kern->invntt_tomont(ws->w[i].c);
        TACIT_MLDSA_SK(kern, split_w, tacit_mldsa_split_w_c)
        (ws->r1[i].c, ws->w[i].c, ws->w[i].c, ps->gamma2);
        kern->pack_w1(ws->w1buf + i * w1_bytes(ps), ws->r1[i].c, ps->w1_bits);
    }
    tacit_shake_init(&hc, TACIT_SHAKE256);
    tacit_shake_absorb(&hc, mu, 64);
    tacit_shake_absorb(&hc, ws->w1buf, ps->k * w1_bytes(ps));
    tacit_shake_squeeze(&hc, ws->ctilde, ps->ctilde_bytes);
    tacit_shake_free(&hc);
    /* the challenge stays secret until the attempt is accepted */
    kern->sample_in_ball(&ws->c, ws->ctilde, ps->ctilde_bytes, ps->tau);
    kern->ntt(ws->c.c);

    /*
     * The three rejection tests, all computed, then one bit made public:
     * whether the attempt is rejected (FIPS 204 allows the number of
     * attempts to be known).  Neither which test failed nor the challenge
     * of a rejected attempt is revealed.
     */
    /*
     * Row by row: z_j = y_j + c s1_j with ||z_j|| < gamma1 - beta (c s1_j
     * and c s2_j from one transform for j < l), then ||LowBits(w_i - c s2_i)||
     * < gamma2 - beta, ||c t0_i|| < gamma2 and the hints MakeHint(-c t0_i,
     * w_i - c s2_i + c t0_i), from LowBits(w_i) and HighBits(w_i)
     * (tacit_mldsa_make_hint_c says why that is the same)
     */
    for (i = 0; i < ps->k; i++) {
        if (i < ps->l) {
            kern->pointwise(ws->z[i].c, ws->c.c, ws->s1[i].c);
            kern->invntt_tomont(ws->z[i].c);
            reject |= TACIT_MLDSA_SK(kern, make_z_cs2, tacit_mldsa_make_z_cs2_c)(
                ws->z[i].c, ws->tmp.c, ws->y[i].c, ps->gamma1 - (int32_t)ps->beta);
        } else {
            kern->pointwise(ws->tmp.c, ws->c.c, ws->s2[i].c);
            kern->invntt_tomont(ws->tmp.c);
        }
        kern->pointwise(ws->r0.c, ws->c.c, ws->t0[i].c);
        kern->invntt_tomont(ws->r0.c);
        reject |= TACIT_MLDSA_SK(kern, make_hint, tacit_mldsa_make_hint_c)(
            ws->hint[i], ws->w[i].c, ws->r1[i].c, ws->tmp.c, ws->r0.c, ps->gamma2,
            (int32_t)ps->beta, &hints);
    }
    reject |= tacit_ct_mask_gt_u32(hints, ps->omega);
    if (tacit_ct_declassify_u32(reject) != 0) {
        return 1;
    }

    /* accepted: z and h are the signature, public from here on */
    {
        unsigned char *p = sig;
        unsigned idx = 0;

        tacit_ct_declassify(ws->ctilde, ps->ctilde_bytes);
        memcpy(p, ws->ctilde, ps->ctilde_bytes);
        p += ps->ctilde_bytes;
        for (j = 0; j < ps->l; j++, p += z_bytes(ps)) {
            tacit_ct_declassify(ws->z[j].c, sizeof(ws->z[j].c));
            kern->pack(p, ws->z[j].c, ps->z_bits, ps->gamma1);
        }
        tacit_ct_declassify(ws->hint, sizeof(ws->hint));
        memset(p, 0, ps->omega + ps->k);
        for (i = 0; i < ps->k; i++) {
            for (n = 0; n < TACIT_MLDSA_N; n++) {
                if (ws->hint[i][n]) {
                    p[idx++] = (unsigned char)n;
                }
            }
            p[ps->omega + i] = (unsigned char)idx;
        }
    }
    return 0;
}

static int sign_internal(const tacit_mldsa_param_set *ps, const unsigned char *sk,
                         const unsigned char mu[64], const unsigned char rnd[32],
                         unsigned char *sig)
{
    const tacit_mldsa_kernel *kern = tacit_mldsa_kernel_get();
    sign_ws ws;
    unsigned char rho[32];
    unsigned kappa;
    int ret;

    memcpy(rho, sk, 32);
    tacit_ct_declassify(rho, 32); /* rho is part of the public key */
    ws.ypos = 4;
    if ((ret = sign_load_key(&ws, ps, kern, sk)) != 0) {
        goto cleanup;
    }
    /* rho'' = H(K || rnd || mu, 64) */
    shake256_3(ws.rhopp, 64, sk + 32, 32, rnd, 32, mu, 64);
    sign_expand_matrix(&ws, ps, rho);
    ret = TACIT_ERR_CORRUPTION_DETECTED;
    /* FIPS 204 allows a bound on the attempts; 16-bit nonces give 814 attempts of l */
    for (kappa = 0; kappa + ps->l <= 0xffff; kappa += ps->l) {
        if (sign_attempt(&ws, ps, kern, rho, mu, kappa, sig) == 0) {
            ret = 0;
            break;
        }
    }
cleanup:
    /* everything but the matrix A (public, and the largest part) */
    tacit_platform_zeroize((unsigned char *)&ws + offsetof(sign_ws, s1),
                           sizeof(ws) - offsetof(sign_ws, s1));
    return ret;
}

#endif /* !TACIT_MLDSA_SMALL_STACK */

static int sign_common(tacit_mldsa_params p, const unsigned char *sk, const unsigned char *mu_in,
                       const unsigned char *msg, size_t msg_len, const unsigned char *ctx,
                       size_t ctx_len, const unsigned char *rnd_in, unsigned char *sig,
                       size_t sig_size, size_t *sig_len, tacit_rng_func f_rng, void *p_rng)
{
    const tacit_mldsa_param_set *ps = tacit_mldsa_param_get(p);
    unsigned char mu[64], rnd[32];
    int ret;

    if (ps == NULL || sk == NULL || sig_len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (mu_in == NULL && (ret = check_msg_ctx(msg, msg_len, ctx, ctx_len)) != 0) {
        return ret;
    }
    if (sig == NULL || sig_size < ps->sig_bytes) {
        *sig_len = ps->sig_bytes;
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    if (rnd_in != NULL) {
        memcpy(rnd, rnd_in, 32);
    } else {
        f_rng = tacit_rng_or_default(f_rng, &p_rng);
        if (f_rng(p_rng, rnd, sizeof(rnd)) != 0) {
            ret = TACIT_ERR_RNG_FAILED;
            goto cleanup;
        }
    }
    if (mu_in != NULL) {
        memcpy(mu, mu_in, 64);
    } else {
        compute_mu(mu, sk + 64, msg, msg_len, ctx, ctx_len);
    }
    ret = sign_internal(ps, sk, mu, rnd, sig);
    if (ret == 0) {
        *sig_len = ps->sig_bytes;
    } else {
        memset(sig, 0, ps->sig_bytes);
    }
cleanup:
    tacit_platform_zeroize(rnd, sizeof(rnd));
    tacit_platform_zeroize(mu, sizeof(mu));
    return ret;
}

/* rnd of the deterministic variant */
static const unsigned char zero_rnd[32] = { 0 };

int tacit_mldsa_sign(tacit_mldsa_params p, const unsigned char *sk, const unsigned char *msg,
                     size_t msg_len, const unsigned char *ctx, size_t ctx_len, unsigned char *sig,
                     size_t sig_size, size_t *sig_len, tacit_rng_func f_rng, void *p_rng)
{
    return sign_common(p, sk, NULL, msg, msg_len, ctx, ctx_len, NULL, sig, sig_size, sig_len, f_rng,
                       p_rng);
}

int tacit_mldsa_sign_det(tacit_mldsa_params p, const unsigned char *sk, const unsigned char *msg,
                         size_t msg_len, const unsigned char *ctx, size_t ctx_len,
                         unsigned char *sig, size_t sig_size, size_t *sig_len)
{
    return sign_common(p, sk, NULL, msg, msg_len, ctx, ctx_len, zero_rnd, sig, sig_size, sig_len,
                       NULL, NULL);
}

int tacit_mldsa_sign_mu(tacit_mldsa_params p, const unsigned char *sk, const unsigned char mu[64],
                        unsigned char *sig, size_t sig_size, size_t *sig_len, tacit_rng_func f_rng,
                        void *p_rng)
{
    if (mu == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    return sign_common(p, sk, mu, NULL, 0, NULL, 0, NULL, sig, sig_size, sig_len, f_rng, p_rng);
}

int tacit_mldsa_sign_mu_det(tacit_mldsa_params p, const unsigned char *sk,
                            const unsigned char mu[64], unsigned char *sig, size_t sig_size,
                            size_t *sig_len)
{
    if (mu == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    return sign_common(p, sk, mu, NULL, 0, NULL, 0, zero_rnd, sig, sig_size, sig_len, NULL, NULL);
}

int tacit_mldsa_sign_mu_rnd(tacit_mldsa_params p, const unsigned char *sk,
                            const unsigned char mu[64], const unsigned char rnd[32],
                            unsigned char *sig, size_t sig_size, size_t *sig_len)
{
    if (mu == NULL || rnd == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    return sign_common(p, sk, mu, NULL, 0, NULL, 0, rnd, sig, sig_size, sig_len, NULL, NULL);
}

/* ---- verification -------------------------------------------------------- */

/*
 * Check the hint encoding (FIPS 204 Algorithm 21, HintBitUnpack): the
 * per-row end offsets never decrease and stay <= omega, the indices of a
 * row strictly increase, the unused bytes are zero.
 * Leaks: the signature (a branch per check).
 * Only for: a public signature (verification).
 */
static int hints_valid_unsafe(const unsigned char *y, const tacit_mldsa_param_set *ps)
{
    unsigned idx = 0, i, t;

    for (i = 0; i < ps->k; i++) {
        unsigned end = y[ps->omega + i];
        if (end < idx || end > ps->omega) {
            return 0;
        }
        for (t = idx + 1; t < end; t++) {
            if (y[t - 1] >= y[t]) {
                return 0;
            }
        }
        idx = end;
    }
    for (t = idx; t < ps->omega; t++) {
        if (y[t] != 0) {
            return 0;
        }
    }
    return 1;
}

/*
 * Verification keeps z (NTT domain) and c; with TACIT_MLDSA_SMALL_STACK it
 * keeps two polynomials only (the boot-loader case: about 3.5 KiB of
 * stack): row i of A z is accumulated entry by entry as A's candidates
 * come out of SHAKE128 (A is never stored), z_j unpacked and transformed
 * again for every row (k l NTTs instead of l); then the inverse NTT, and
 * c t1_i 2^d subtracted in the normal domain from c's tau nonzero
 * coefficients (no NTT of c or t1).
 */
typedef struct verify_ws {
#if defined(TACIT_MLDSA_SMALL_STACK)
    tacit_mldsa_poly w, t; /* t: z_j, then t1_i 2^d, then w1 packed */
    unsigned char cpos[TACIT_MLDSA_TAU_MAX];
    uint64_t cneg;
#else
    tacit_mldsa_poly z[TACIT_MLDSA_LMAX]; /* NTT domain */
    tacit_mldsa_poly c, t1;
    tacit_mldsa_poly w[W_ROWS];
    tacit_mldsa_poly a[ROW_BUF];
    unsigned char w1buf[192];
    unsigned char ctilde2[64];
#endif
} verify_ws;

/*
 * Verification from mu.
 * Leaks: everything it reads (early exits on malformed signatures).
 * Only for: public inputs (public key, mu, signature).
 */
static int verify_mu_unsafe(const tacit_mldsa_param_set *ps, const unsigned char *pk,
                            const unsigned char mu[64], const unsigned char *sig, size_t sig_len)
{
    const tacit_mldsa_kernel *kern = tacit_mldsa_kernel_get();
    verify_ws ws;
    tacit_shake_context hc;
    const unsigned char *hy;
    unsigned char *ctilde2;
    unsigned i, j, n, hidx;

    if (sig_len != ps->sig_bytes) {
        return TACIT_ERR_VERIFY_FAILED;
    }
    hy = sig + ps->ctilde_bytes + ps->l * z_bytes(ps);
    if (!hints_valid_unsafe(hy, ps)) {
        return TACIT_ERR_VERIFY_FAILED;
    }
    for (j = 0; j < ps->l; j++) {
#if defined(TACIT_MLDSA_SMALL_STACK)
        tacit_mldsa_poly *zj = &ws.t;
#else
        tacit_mldsa_poly *zj = &ws.z[j];
#endif
        kern->unpack_z(zj->c, sig + ps->ctilde_bytes + j * z_bytes(ps), ps->z_bits);
        if (tacit_mldsa_poly_norm_mask(zj, ps->gamma1 - (int32_t)ps->beta) != 0) {
            return TACIT_ERR_VERIFY_FAILED;
        }
#if !defined(TACIT_MLDSA_SMALL_STACK)
        kern->ntt(zj->c);
#endif
    }
#if defined(TACIT_MLDSA_SMALL_STACK)
    tacit_mldsa_sample_in_ball_sparse_unsafe(ws.cpos, &ws.cneg, sig, ps->ctilde_bytes, ps->tau);
#else
    tacit_mldsa_sample_in_ball_unsafe(&ws.c, sig, ps->ctilde_bytes, ps->tau);
    kern->ntt(ws.c.c);
#endif

    tacit_shake_init(&hc, TACIT_SHAKE256);
    tacit_shake_absorb(&hc, mu, 64);
    hidx = 0;
    for (i = 0; i < ps->k; i++) {
        unsigned end = hy[ps->omega + i];
#if defined(TACIT_MLDSA_SMALL_STACK)
        int32_t *w = ws.w.c, *t = ws.t.c;
        unsigned char *w1buf = (unsigned char *)ws.t.c;
        /* A z, row i: z_j from the signature again, A[i][j] as it is sampled */
        memset(w, 0, sizeof(ws.w.c));
        for (j = 0; j < ps->l; j++) {
            kern->unpack_z(t, sig + ps->ctilde_bytes + j * z_bytes(ps), ps->z_bits);
            kern->ntt(t);
            tacit_mldsa_expand_a_acc(w, pk, i, j, t);
        }
        tacit_mldsa_poly_reduce(&ws.w);
        kern->invntt_tomont(w);
        /* - c t1 2^d: |w| < q + tau 2^23 < 2^29 */
        kern->unpack(t, pk + 32 + i * TACIT_MLDSA_POLY_T1_BYTES, 10, 0);
        for (n = 0; n < TACIT_MLDSA_N; n++) {
            t[n] <<= TACIT_MLDSA_D;
        }
        tacit_mldsa_poly_sub_sparse_unsafe(w, t, ws.cpos, ws.cneg, ps->tau);
        tacit_mldsa_poly_reduce(&ws.w);
        tacit_mldsa_poly_caddq(&ws.w);
        /* w1' = UseHint(h, w'), the row's hint indices in increasing order */
        for (n = 0; n < TACIT_MLDSA_N; n++) {
            unsigned h = hidx < end && hy[hidx] == n;
            hidx += h;
            w[n] = tacit_mldsa_use_hint(w[n], h, ps->gamma2);
        }
        kern->pack_w1(w1buf, w, ps->w1_bits);
        tacit_shake_absorb(&hc, w1buf, w1_bytes(ps));
#else
        tacit_mldsa_poly *w = &ws.w[W_ROWS == 1 ? 0 : i], *c = &ws.c, *t1 = &ws.t1;
        if (W_ROWS == 1 || i == 0) { /* A z: all rows at once, or row i */
            tacit_mldsa_mat_times_vec(kern, ws.w, ws.a, pk, i, W_ROWS == 1 ? 1 : ps->k, ws.z,
                                      ps->l);
        }
        /* - c t1 2^d */
        kern->unpack(t1->c, pk + 32 + i * TACIT_MLDSA_POLY_T1_BYTES, 10, 0);
        for (n = 0; n < TACIT_MLDSA_N; n++) {
            t1->c[n] <<= TACIT_MLDSA_D;
        }
        kern->ntt(t1->c);
        kern->pointwise(t1->c, t1->c, c->c);
        tacit_mldsa_poly_sub(w, w, t1);
        tacit_mldsa_poly_reduce(w);
        kern->invntt_tomont(w->c);
        tacit_mldsa_poly_caddq(w);
        /* w1' = UseHint(h, w') */
        memset(t1->c, 0, sizeof(t1->c));
        for (; hidx < end; hidx++) {
            t1->c[hy[hidx]] = 1;
        }
        kern->use_hint(w->c, w->c, t1->c, ps->gamma2);
        kern->pack_w1(ws.w1buf, w->c, ps->w1_bits);
        tacit_shake_absorb(&hc, ws.w1buf, w1_bytes(ps));
#endif
    }
#if defined(TACIT_MLDSA_SMALL_STACK)
    ctilde2 = (unsigned char *)ws.t.c;
#else
    ctilde2 = ws.ctilde2;
#endif
    tacit_shake_squeeze(&hc, ctilde2, ps->ctilde_bytes);
    tacit_shake_free(&hc);
    if (tacit_ct_memcmp(ctilde2, sig, ps->ctilde_bytes) != 0) {
        return TACIT_ERR_VERIFY_FAILED;
    }
    return 0;
}

int tacit_mldsa_verify_mu(tacit_mldsa_params p, const unsigned char *pk, const unsigned char mu[64],
                          const unsigned char *sig, size_t sig_len)
{
    const tacit_mldsa_param_set *ps = tacit_mldsa_param_get(p);

    if (ps == NULL || pk == NULL || mu == NULL || (sig == NULL && sig_len != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    return verify_mu_unsafe(ps, pk, mu, sig, sig_len);
}

int tacit_mldsa_verify(tacit_mldsa_params p, const unsigned char *pk, const unsigned char *msg,
                       size_t msg_len, const unsigned char *ctx, size_t ctx_len,
                       const unsigned char *sig, size_t sig_len)
{
    unsigned char mu[64];
    int ret;

    if (tacit_mldsa_param_get(p) == NULL || pk == NULL || (sig == NULL && sig_len != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((ret = check_msg_ctx(msg, msg_len, ctx, ctx_len)) != 0) {
        return ret;
    }
    if ((ret = tacit_mldsa_mu(p, pk, msg, msg_len, ctx, ctx_len, mu)) != 0) {
        return ret;
    }
    return tacit_mldsa_verify_mu(p, pk, mu, sig, sig_len);
}

#else
typedef int tacit_mldsa_unused;
#endif /* TACIT_MLDSA_C */
