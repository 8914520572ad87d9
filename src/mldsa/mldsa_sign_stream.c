/*
 * The streaming ML-DSA signer (see mldsa_sign_stream.h): the signer of
 * TACIT_MLDSA_SMALL_STACK builds.  Per attempt (mask nonce kappa):
 *   1. for each row i: w_i = InvNTT(sum_j A[i][j] NTT(y_j)), with y_j
 *      expanded again for each product and A[i][j] accumulated as it is
 *      sampled (never stored); HighBits(w_i) packed and
 *      absorbed into H(mu || w1) row by row;
 *   2. c~ squeezed, c = SampleInBall(c~) (constant time), kept as bytes and
 *      transformed again for each product;
 *   3. for each j: z_j = y_j + c s1_j (y_j and s1_j again), its norm test,
 *      z_j packed into the signature buffer;
 *   4. for each row i: w_i again, r = w_i - c s2_i, r1 = HighBits(r) (kept
 *      as bytes), the LowBits test, c t0_i, its test and the hint bits
 *      HighBits(r + c t0_i) != r1.
 * The operations on each coefficient are those of the normal signer in
 * mldsa.c, in the same order, so the signatures are the same bit for bit.
 */
#include "tacit/config.h"

#if defined(TACIT_MLDSA_C)

#include <string.h>

#include "tacit/constant_time.h"
#include "tacit/platform.h"
#include "tacit/sha3.h"
#include "core/constant_time_internal.h"
#include "mldsa/mldsa_internal.h"
#include "mldsa/mldsa_kernel.h"
#include "mldsa/mldsa_sign_stream.h"

typedef struct stream_ws {
    tacit_mldsa_poly w, a, y;
    signed char c[TACIT_MLDSA_N];    /* the challenge, coefficients in {-1, 0, 1} */
    unsigned char r1[TACIT_MLDSA_N]; /* HighBits(w_i - c s2_i); packed w1_i in step 1 */
    unsigned char hint[TACIT_MLDSA_KMAX][TACIT_MLDSA_N / 8]; /* bitmap */
    unsigned char rhopp[64];
    unsigned char ctilde[64];
    unsigned char rho[32];
} stream_ws;

typedef struct stream_key {
    const tacit_mldsa_param_set *ps;
    const tacit_mldsa_kernel *kern;
    const unsigned char *s1, *s2, *t0; /* packed in sk */
    size_t eta_bytes;
} stream_key;

/* s = the packed polynomial p of s1 or s2 */
static void unpack_eta(tacit_mldsa_poly *s, const unsigned char *p, const stream_key *key)
{
    tacit_mldsa_unpack(s->c, p, key->ps->eta_bits, (int32_t)key->ps->eta);
}

/* ws->w = w_i = InvNTT(sum_j A[i][j] NTT(y_j)) in [0, q); uses ws->y. */
static void w_row(stream_ws *ws, const stream_key *key, unsigned kappa, unsigned i)
{
    const tacit_mldsa_param_set *ps = key->ps;
    const tacit_mldsa_kernel *kern = key->kern;
    unsigned j;

    memset(&ws->w, 0, sizeof(ws->w));
    for (j = 0; j < ps->l; j++) {
        tacit_mldsa_expand_mask(&ws->y, ws->rhopp, kappa + j, ps);
        kern->ntt(ws->y.c);
        tacit_mldsa_expand_a_acc(ws->w.c, ws->rho, i, j, ws->y.c); /* A is public */
    }
    tacit_mldsa_poly_reduce(&ws->w);
    kern->invntt_tomont(ws->w.c);
    tacit_mldsa_poly_caddq(&ws->w);
}

/*
 * r = NTT(c) * a (a: a transformed key polynomial), NTT(c) built in p; r is
 * p (the kernels' pointwise product is elementwise: r may be an input).
 */
static void times_c(tacit_mldsa_poly *r, tacit_mldsa_poly *p, const tacit_mldsa_poly *a,
                    const stream_ws *ws, const tacit_mldsa_kernel *kern)
{
    unsigned n;

    for (n = 0; n < TACIT_MLDSA_N; n++) {
        p->c[n] = ws->c[n];
    }
    kern->ntt(p->c);
    kern->pointwise(r->c, p->c, a->c);
}

/* One attempt: 0 and sig written, or 1 (rejected; sig holds secret scraps). */
static int stream_attempt(stream_ws *ws, const stream_key *key, const unsigned char mu[64],
                          unsigned kappa, unsigned char *sig)
{
    const tacit_mldsa_param_set *ps = key->ps;
    const tacit_mldsa_kernel *kern = key->kern;
    size_t w1_bytes = (size_t)ps->w1_bits * 32, z_bytes = (size_t)ps->z_bits * 32;
    unsigned char *sig_z = sig + ps->ctilde_bytes;
    uint32_t reject = 0, hints = 0;
    unsigned i, j, n, t;
    tacit_shake_context hc;

    /* 1. w1 = HighBits(A y), row by row into H(mu || w1) */
    tacit_shake_init(&hc, TACIT_SHAKE256);
    tacit_shake_absorb(&hc, mu, 64);
    for (i = 0; i < ps->k; i++) {
        w_row(ws, key, kappa, i);
        kern->decompose(ws->a.c, ws->y.c, ws->w.c, ps->gamma2);
        tacit_mldsa_pack(ws->r1, ws->a.c, ps->w1_bits, 0);
        tacit_shake_absorb(&hc, ws->r1, w1_bytes);
    }
    /* 2. the challenge (secret until the attempt is accepted) */
    tacit_shake_squeeze(&hc, ws->ctilde, ps->ctilde_bytes);
    tacit_shake_free(&hc);
    kern->sample_in_ball(&ws->w, ws->ctilde, ps->ctilde_bytes, ps->tau);
    for (n = 0; n < TACIT_MLDSA_N; n++) {
        ws->c[n] = (signed char)ws->w.c[n];
    }

    /* 3. z = y + c s1, ||z|| < gamma1 - beta; packed into sig */
    for (j = 0; j < ps->l; j++) {
        tacit_mldsa_expand_mask(&ws->y, ws->rhopp, kappa + j, ps);
        unpack_eta(&ws->a, key->s1 + j * key->eta_bytes, key);
        kern->ntt(ws->a.c);
        times_c(&ws->w, &ws->w, &ws->a, ws, kern);
        kern->invntt_tomont(ws->w.c);
        tacit_mldsa_poly_add(&ws->w, &ws->w, &ws->y);
        tacit_mldsa_poly_reduce(&ws->w);
        reject |= tacit_mldsa_poly_norm_mask(&ws->w, ps->gamma1 - (int32_t)ps->beta);
        tacit_mldsa_pack(sig_z + j * z_bytes, ws->w.c, ps->z_bits, ps->gamma1);
    }

    /* 4. per row: r = w - c s2, ||LowBits(r)|| < gamma2 - beta, ||c t0|| < gamma2, hints */
    for (i = 0; i < ps->k; i++) {
        w_row(ws, key, kappa, i);
        unpack_eta(&ws->a, key->s2 + i * key->eta_bytes, key);
        kern->ntt(ws->a.c);
        times_c(&ws->y, &ws->y, &ws->a, ws, kern);
        kern->invntt_tomont(ws->y.c);
        tacit_mldsa_poly_sub(&ws->w, &ws->w, &ws->y);
        tacit_mldsa_poly_reduce(&ws->w);
        tacit_mldsa_poly_caddq(&ws->w);
        kern->decompose(ws->a.c, ws->y.c, ws->w.c, ps->gamma2);
        reject |= tacit_mldsa_poly_norm_mask(&ws->y, ps->gamma2 - (int32_t)ps->beta);
        for (n = 0; n < TACIT_MLDSA_N; n++) {
            ws->r1[n] = (unsigned char)ws->a.c[n]; /* below 44 */
        }
        tacit_mldsa_unpack(ws->a.c, key->t0 + i * TACIT_MLDSA_POLY_T0_BYTES, 13,
                           1 << (TACIT_MLDSA_D - 1));
        kern->ntt(ws->a.c);
        times_c(&ws->y, &ws->y, &ws->a, ws, kern);
        kern->invntt_tomont(ws->y.c);
        tacit_mldsa_poly_reduce(&ws->y);
        reject |= tacit_mldsa_poly_norm_mask(&ws->y, ps->gamma2);
        /* h = MakeHint(-c t0, r + c t0): HighBits(r + c t0) != HighBits(r) */
        tacit_mldsa_poly_add(&ws->w, &ws->w, &ws->y);
        tacit_mldsa_poly_reduce(&ws->w);
        tacit_mldsa_poly_caddq(&ws->w);
        kern->decompose(ws->w.c, ws->y.c, ws->w.c, ps->gamma2);
        for (n = 0; n < TACIT_MLDSA_N; n += 8) {
            uint32_t b = 0;
            for (t = 0; t < 8; t++) {
                uint32_t h = (0u - ((uint32_t)ws->r1[n + t] ^ (uint32_t)ws->w.c[n + t])) >> 31;
                b |= h << t;
                hints += h;
            }
            ws->hint[i][n / 8] = (unsigned char)b;
        }
    }
    reject |= tacit_ct_mask_gt_u32(hints, ps->omega);
    if (tacit_ct_declassify_u32(reject) != 0) {
        return 1;
    }

    /* accepted: c~, z and h are the signature, public from here on */
    {
        unsigned char *p = sig_z + ps->l * z_bytes;
        unsigned idx = 0;

        tacit_ct_declassify(ws->ctilde, ps->ctilde_bytes);
        memcpy(sig, ws->ctilde, ps->ctilde_bytes);
        tacit_ct_declassify(sig_z, ps->l * z_bytes);
        tacit_ct_declassify(ws->hint, sizeof(ws->hint));
        memset(p, 0, ps->omega + ps->k);
        for (i = 0; i < ps->k; i++) {
            for (n = 0; n < TACIT_MLDSA_N; n++) {
                if ((ws->hint[i][n / 8] >> (n % 8)) & 1) {
                    p[idx++] = (unsigned char)n;
                }
            }
            p[ps->omega + i] = (unsigned char)idx;
        }
    }
    return 0;
}

int tacit_mldsa_sign_stream(const tacit_mldsa_param_set *ps, const unsigned char *sk,
                            const unsigned char mu[64], const unsigned char rnd[32],
                            unsigned char *sig)
{
    stream_ws ws;
    stream_key key;
    tacit_shake_context hc;
    uint32_t bad = 0;
    unsigned j, kappa;
    int ret = TACIT_ERR_CORRUPTION_DETECTED;

    key.ps = ps;
    key.kern = tacit_mldsa_kernel_get();
    key.eta_bytes = (size_t)ps->eta_bits * 32;
    key.s1 = sk + 128;
    key.s2 = key.s1 + ps->l * key.eta_bytes;
    key.t0 = key.s2 + ps->k * key.eta_bytes;

    memcpy(ws.rho, sk, 32);
    tacit_ct_declassify(ws.rho, 32); /* rho is part of the public key */
    /* the key check of the normal signer: s1, s2 coefficients in [-eta, eta] */
    for (j = 0; j < ps->l + ps->k; j++) {
        unpack_eta(&ws.a, key.s1 + j * key.eta_bytes, &key);
        bad |= tacit_mldsa_poly_norm_mask(&ws.a, (int32_t)ps->eta + 1);
    }
    if (tacit_ct_declassify_u32(bad) != 0) {
        ret = TACIT_ERR_BAD_INPUT;
        goto cleanup;
    }
    /* rho'' = H(K || rnd || mu, 64) */
    tacit_shake_init(&hc, TACIT_SHAKE256);
    tacit_shake_absorb(&hc, sk + 32, 32);
    tacit_shake_absorb(&hc, rnd, 32);
    tacit_shake_absorb(&hc, mu, 64);
    tacit_shake_squeeze(&hc, ws.rhopp, 64);
    tacit_shake_free(&hc);
    /* FIPS 204 allows a bound on the attempts; 16-bit nonces give 814 attempts of l */
    for (kappa = 0; kappa + ps->l <= 0xffff; kappa += ps->l) {
        if (stream_attempt(&ws, &key, mu, kappa, sig) == 0) {
            ret = 0;
            break;
        }
    }
cleanup:
    tacit_platform_zeroize(&ws, sizeof(ws));
    return ret;
}

#else
typedef int tacit_mldsa_sign_stream_unused;
#endif /* TACIT_MLDSA_C */
