/*
 * ML-DSA matrix products (see mldsa_matrix.h).
 */
#include "tacit/config.h"

#if defined(TACIT_MLDSA_C)

#include <string.h>

#include "tacit/constant_time.h"
#include "tacit/platform.h"
#include "core/constant_time_internal.h"
#include "hash/keccak.h"
#include "mldsa/mldsa_matrix.h"

void tacit_mldsa_mat_times_vec(const tacit_mldsa_kernel *kern, tacit_mldsa_poly *w,
                               tacit_mldsa_poly *abuf, const unsigned char *rho, unsigned i0,
                               unsigned rows, const tacit_mldsa_poly *v, unsigned l)
{
    unsigned e = 0, n = rows * l, row = 0, col = 0;

    memset(w, 0, rows * sizeof(*w));
#if TACIT_MLDSA_ROW_BUF == 4
    /* four entries at a time while at least two are left (a spare lane repeats one) */
    while (n - e >= 2) {
        unsigned char idx[4][2];
        unsigned er[4], ec[4], t, cnt = n - e < 4 ? n - e : 4;
        for (t = 0; t < 4; t++) {
            er[t] = t < cnt ? row : er[0];
            ec[t] = t < cnt ? col : ec[0];
            idx[t][0] = (unsigned char)(i0 + er[t]);
            idx[t][1] = (unsigned char)ec[t];
            if (t < cnt && ++col == l) {
                col = 0;
                row++;
            }
        }
        tacit_mldsa_expand_a_x4(&abuf[0], &abuf[1], &abuf[2], &abuf[3], rho,
                                (const unsigned char(*)[2])idx);
        for (t = 0; t < cnt; t++) {
            kern->pointwise_acc(w[er[t]].c, abuf[t].c, v[ec[t]].c);
        }
        e += cnt;
    }
#endif
    for (; e < n; e++) {
        tacit_mldsa_expand_a(&abuf[0], rho, i0 + row, col);
        kern->pointwise_acc(w[row].c, abuf[0].c, v[col].c);
        if (++col == l) {
            col = 0;
            row++;
        }
    }
}

#if !defined(TACIT_MLDSA_SMALL_STACK)
void tacit_mldsa_expand_a_masks_x4(tacit_mldsa_poly *a[4], const unsigned char rho[32],
                                   const unsigned char idx[4][2], unsigned na,
                                   tacit_mldsa_poly *y[4], const unsigned char rhopp[64],
                                   const tacit_mldsa_param_set *ps)
{
    const tacit_mldsa_kernel *kern = tacit_mldsa_kernel_get();
    static const unsigned char pad = 0x1F, last = 0x80;
    tacit_shake_x4 st;
    unsigned char seed[66];
    unsigned char buf[4][5 * TACIT_SHAKE128_RATE];
    unsigned ctr[4], t, b, more;

    memset(&st, 0, sizeof(st));
    for (t = 0; t < 4; t++) {
        if (t < na) { /* SHAKE128(rho || column || row) */
            memcpy(seed, rho, 32);
            seed[32] = idx[t][1];
            seed[33] = idx[t][0];
            tacit_keccak_x4_xor_bytes(&st, t, 0, seed, 34);
            tacit_keccak_x4_xor_bytes(&st, t, 34, &pad, 1);
            tacit_keccak_x4_xor_bytes(&st, t, TACIT_SHAKE128_RATE - 1, &last, 1);
        } else { /* SHAKE256(rho'' || nonce) */
            unsigned nonce = t - na;
            memcpy(seed, rhopp, 64);
            seed[64] = (unsigned char)nonce;
            seed[65] = (unsigned char)(nonce >> 8);
            tacit_keccak_x4_xor_bytes(&st, t, 0, seed, 66);
            tacit_keccak_x4_xor_bytes(&st, t, 66, &pad, 1);
            tacit_keccak_x4_xor_bytes(&st, t, TACIT_SHAKE256_RATE - 1, &last, 1);
        }
    }
    /* five blocks: 840 bytes of SHAKE128 (most entries of A), 680 of SHAKE256 (a mask) */
    for (b = 0; b < 5; b++) {
        tacit_keccak_x4_permute(&st);
        for (t = 0; t < 4; t++) {
            unsigned rate = t < na ? TACIT_SHAKE128_RATE : TACIT_SHAKE256_RATE;
            tacit_keccak_x4_extract_bytes(&st, t, 0, buf[t] + b * rate, rate);
        }
    }
    for (t = 0; t < 4; t++) {
        if (t < na) {
            tacit_ct_declassify(buf[t], sizeof(buf[t])); /* the matrix A is public */
            ctr[t] = kern->rej_uniform(a[t]->c, 0, buf[t], sizeof(buf[t]));
        } else {
            kern->unpack_z(y[t]->c, buf[t], ps->z_bits);
            ctr[t] = TACIT_MLDSA_N;
        }
    }
    /* more blocks while an entry of A needs them (public) */
    for (;;) {
        more = 0;
        for (t = 0; t < na; t++) {
            more |= ctr[t] < TACIT_MLDSA_N;
        }
        if (!more) {
            break;
        }
        tacit_keccak_x4_permute(&st);
        for (t = 0; t < na; t++) {
            tacit_keccak_x4_extract_bytes(&st, t, 0, buf[t], TACIT_SHAKE128_RATE);
            tacit_ct_declassify(buf[t], TACIT_SHAKE128_RATE);
            ctr[t] = kern->rej_uniform(a[t]->c, ctr[t], buf[t], TACIT_SHAKE128_RATE);
        }
    }
    tacit_platform_zeroize(buf, sizeof(buf));
    tacit_platform_zeroize(&st, sizeof(st));
    tacit_platform_zeroize(seed, sizeof(seed));
}
#endif

typedef struct make_t_ws {
#if defined(TACIT_MLDSA_SMALL_STACK)
    tacit_mldsa_poly s; /* s1_j (NTT domain), then s2_i, then t1 */
#else
    tacit_mldsa_poly s1hat[TACIT_MLDSA_LMAX];
#endif
    tacit_mldsa_poly t[TACIT_MLDSA_W_ROWS];
#if !defined(TACIT_MLDSA_SMALL_STACK)
    tacit_mldsa_poly a[TACIT_MLDSA_ROW_BUF], s;
#endif
} make_t_ws;

/* s = the packed polynomial p of s1/s2; all-ones if a coefficient is outside [-eta, eta]. */
static uint32_t unpack_eta(tacit_mldsa_poly *s, const unsigned char *p,
                           const tacit_mldsa_param_set *ps, const tacit_mldsa_kernel *kern)
{
    kern->unpack(s->c, p, ps->eta_bits, (int32_t)ps->eta);
    return tacit_mldsa_poly_norm_mask(s, (int32_t)ps->eta + 1);
}

uint32_t tacit_mldsa_make_t(const tacit_mldsa_param_set *ps, const unsigned char rho[32],
                            const unsigned char *sk_s1, unsigned char *pk_t1, unsigned char *t0_out,
                            const unsigned char *t0_ref)
{
    const tacit_mldsa_kernel *kern = tacit_mldsa_kernel_get();
    size_t eb = (size_t)ps->eta_bits * 32;
    const unsigned char *sk_s2 = sk_s1 + ps->l * eb;
    uint32_t bad = 0;
    unsigned i, j, n;
    make_t_ws ws;

#if !defined(TACIT_MLDSA_SMALL_STACK)
    for (j = 0; j < ps->l; j++) {
        bad |= unpack_eta(&ws.s1hat[j], sk_s1 + j * eb, ps, kern);
        kern->ntt(ws.s1hat[j].c);
    }
#endif
    for (i = 0; i < ps->k; i++) {
        tacit_mldsa_poly *t = &ws.t[TACIT_MLDSA_W_ROWS == 1 ? 0 : i];
#if defined(TACIT_MLDSA_SMALL_STACK)
        /* row i of A s1, s1_j from sk again for every row */
        memset(t, 0, sizeof(*t));
        for (j = 0; j < ps->l; j++) {
            bad |= unpack_eta(&ws.s, sk_s1 + j * eb, ps, kern);
            kern->ntt(ws.s.c);
            tacit_mldsa_expand_a_acc(t->c, rho, i, j, ws.s.c); /* A is public */
        }
#else
        if (i == 0) { /* A s1: all rows at once */
            tacit_mldsa_mat_times_vec(kern, ws.t, ws.a, rho, 0, ps->k, ws.s1hat, ps->l);
        }
#endif
        TACIT_MLDSA_SK(kern, reduce, tacit_mldsa_reduce_c)(t->c);
        kern->invntt_tomont(t->c);
        bad |= unpack_eta(&ws.s, sk_s2 + i * eb, ps, kern);
        tacit_mldsa_poly_add(t, t, &ws.s);
        TACIT_MLDSA_SK(kern, power2round, tacit_mldsa_power2round_poly_c)(ws.s.c, t->c, t->c);
        /* t1 is the public key (for a bad key, meaningful only with the verdict) */
        tacit_ct_declassify(ws.s.c, sizeof(ws.s.c));
        kern->pack(pk_t1 + i * TACIT_MLDSA_POLY_T1_BYTES, ws.s.c, 10, 0);
        if (t0_out != NULL) {
            kern->pack(t0_out + i * TACIT_MLDSA_POLY_T0_BYTES, t->c, 13, 1 << (TACIT_MLDSA_D - 1));
        } else {
            /* unpacking is one to one on 13-bit fields: compare the coefficients */
            uint32_t diff = 0;
            kern->unpack(ws.s.c, t0_ref + i * TACIT_MLDSA_POLY_T0_BYTES, 13,
                         1 << (TACIT_MLDSA_D - 1));
            for (n = 0; n < TACIT_MLDSA_N; n++) {
                diff |= (uint32_t)(ws.s.c[n] ^ t->c[n]);
            }
            bad |= tacit_ct_mask_nonzero_u32(diff);
        }
    }
    tacit_platform_zeroize(&ws, sizeof(ws));
    return bad;
}

#else
typedef int tacit_mldsa_matrix_unused;
#endif /* TACIT_MLDSA_C */
