/*
 * The public key of an expanded ML-DSA private key (see mldsa_keys.h): the
 * second half of FIPS 204 Algorithm 6 (ML-DSA.KeyGen_internal) run on the
 * s1 and s2 read from skEncode instead of the ones ExpandS gives, with the
 * parts of sk that KeyGen derives from them (t0, tr) compared.
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
#include "mldsa/mldsa_keys.h"

typedef struct pk_ws {
    tacit_mldsa_poly s1hat[TACIT_MLDSA_LMAX];
    tacit_mldsa_poly a, t, s2;
    unsigned char t0[TACIT_MLDSA_POLY_T0_BYTES];
    unsigned char tr[64];
} pk_ws;

int tacit_mldsa_pk_from_sk(tacit_mldsa_params p, const unsigned char *sk, unsigned char *pk)
{
    const tacit_mldsa_param_set *ps = tacit_mldsa_param_get(p);
    const tacit_mldsa_kernel *kern;
    const unsigned char *sk_s1, *sk_s2, *sk_t0;
    size_t eta_bytes;
    uint32_t bad = 0;
    unsigned i, j, n;
    pk_ws ws;
    tacit_shake_context hc;

    if (ps == NULL || sk == NULL || pk == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    kern = tacit_mldsa_kernel_get();
    eta_bytes = (size_t)ps->eta_bits * 32;
    sk_s1 = sk + 128;
    sk_s2 = sk_s1 + ps->l * eta_bytes;
    sk_t0 = sk_s2 + ps->k * eta_bytes;

    /* rho is public: it is the first half of the public key */
    memcpy(pk, sk, 32);
    tacit_ct_declassify(pk, 32);
    for (j = 0; j < ps->l; j++) {
        tacit_mldsa_unpack(ws.s1hat[j].c, sk_s1 + j * eta_bytes, ps->eta_bits, (int32_t)ps->eta);
        bad |= tacit_mldsa_poly_norm_mask(&ws.s1hat[j], (int32_t)ps->eta + 1);
        kern->ntt(ws.s1hat[j].c);
    }
    for (i = 0; i < ps->k; i++) {
        memset(&ws.t, 0, sizeof(ws.t));
        for (j = 0; j < ps->l; j++) {
            tacit_mldsa_expand_a(&ws.a, pk, i, j);
            kern->pointwise_acc(ws.t.c, ws.a.c, ws.s1hat[j].c);
        }
        tacit_mldsa_poly_reduce(&ws.t);
        kern->invntt_tomont(ws.t.c);
        tacit_mldsa_unpack(ws.s2.c, sk_s2 + i * eta_bytes, ps->eta_bits, (int32_t)ps->eta);
        bad |= tacit_mldsa_poly_norm_mask(&ws.s2, (int32_t)ps->eta + 1);
        tacit_mldsa_poly_add(&ws.t, &ws.t, &ws.s2);
        tacit_mldsa_poly_reduce(&ws.t);
        tacit_mldsa_poly_caddq(&ws.t);
        for (n = 0; n < TACIT_MLDSA_N; n++) {
            tacit_mldsa_power2round(&ws.a.c[n], &ws.t.c[n], ws.t.c[n]);
        }
        /* t1 is the public key (meaningful only if the key checks out; the verdict is public) */
        tacit_ct_declassify(ws.a.c, sizeof(ws.a.c));
        tacit_mldsa_pack(pk + 32 + i * TACIT_MLDSA_POLY_T1_BYTES, ws.a.c, 10, 0);
        tacit_mldsa_pack(ws.t0, ws.t.c, 13, 1 << (TACIT_MLDSA_D - 1));
        bad |= tacit_ct_mask_nonzero_u32((uint32_t)tacit_ct_memcmp(
            ws.t0, sk_t0 + i * TACIT_MLDSA_POLY_T0_BYTES, TACIT_MLDSA_POLY_T0_BYTES));
    }
    /* tr = H(pk, 64) */
    tacit_shake_init(&hc, TACIT_SHAKE256);
    tacit_shake_absorb(&hc, pk, ps->pk_bytes);
    tacit_shake_squeeze(&hc, ws.tr, 64);
    tacit_shake_free(&hc);
    bad |= tacit_ct_mask_nonzero_u32((uint32_t)tacit_ct_memcmp(ws.tr, sk + 64, 64));
    tacit_platform_zeroize(&ws, sizeof(ws));
    if (tacit_ct_declassify_u32(bad) != 0) {
        tacit_platform_zeroize(pk, ps->pk_bytes);
        return TACIT_ERR_BAD_INPUT;
    }
    return 0;
}

#else
typedef int tacit_mldsa_keys_unused;
#endif /* TACIT_MLDSA_C */
