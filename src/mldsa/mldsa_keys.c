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
#include "mldsa/mldsa_keys.h"
#include "mldsa/mldsa_matrix.h"

int tacit_mldsa_pk_from_sk(tacit_mldsa_params p, const unsigned char *sk, unsigned char *pk)
{
    const tacit_mldsa_param_set *ps = tacit_mldsa_param_get(p);
    const unsigned char *sk_s1, *sk_t0;
    uint32_t bad;
    unsigned char tr[64];
    tacit_shake_context hc;

    if (ps == NULL || sk == NULL || pk == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    sk_s1 = sk + 128;
    sk_t0 = sk_s1 + (ps->l + ps->k) * (size_t)ps->eta_bits * 32;

    /* rho is public: it is the first half of the public key */
    memcpy(pk, sk, 32);
    tacit_ct_declassify(pk, 32);
    bad = tacit_mldsa_make_t(ps, pk, sk_s1, pk + 32, NULL, sk_t0);
    /* tr = H(pk, 64) */
    tacit_shake_init(&hc, TACIT_SHAKE256);
    tacit_shake_absorb(&hc, pk, ps->pk_bytes);
    tacit_shake_squeeze(&hc, tr, 64);
    tacit_shake_free(&hc);
    bad |= tacit_ct_mask_nonzero_u32((uint32_t)tacit_ct_memcmp(tr, sk + 64, 64));
    tacit_platform_zeroize(tr, sizeof(tr));
    if (tacit_ct_declassify_u32(bad) != 0) {
        tacit_platform_zeroize(pk, ps->pk_bytes);
        return TACIT_ERR_BAD_INPUT;
    }
    return 0;
}

#else
typedef int tacit_mldsa_keys_unused;
#endif /* TACIT_MLDSA_C */
