/*
 * X25519 (RFC 7748): the Montgomery ladder of section 5 on u-coordinates in
 * projective form, with the conditional swaps done by masked XOR, and one
 * inversion at the end.
 *
 * Constant time in the scalar: every one of the 255 steps does the same
 * field operations; the scalar bit only reaches a mask.  The u input is
 * public, but nothing here depends on it either.
 */
#include "tacit/config.h"

#if defined(TACIT_X25519_C)

#include <string.h>

#include "tacit/x25519.h"
#include "core/common.h"
#include "core/constant_time_internal.h"
#include "curve25519/curve25519_fe.h"
#include "curve25519/x25519_internal.h"
#if defined(TACIT_ED25519_C)
#include "curve25519/ge25519.h"
#endif

/* (A - 2) / 4 for A = 486662: the ladder's constant. */
#define A24 121665u

void tacit_x25519_clamp(unsigned char k[32])
{
    k[0] &= 248;
    k[31] &= 127;
    k[31] |= 64;
}

void tacit_x25519_ladder(tacit_fe25519 x2, tacit_fe25519 z2, const unsigned char k[32],
                         const tacit_fe25519 x1)
{
    tacit_fe25519 x3, z3, a, aa, b, bb, e, c, d, da, cb;
    tacit_mpi_uint swap = 0;
    int t;

    tacit_fe25519_1(x2);
    tacit_fe25519_0(z2);
    tacit_fe25519_copy(x3, x1);
    tacit_fe25519_1(z3);

    for (t = 254; t >= 0; t--) {
        tacit_mpi_uint bit = (tacit_mpi_uint)((k[t >> 3] >> (t & 7)) & 1);
        tacit_mpi_uint mask;

        swap ^= bit;
        mask = tacit_ct_mask_from_bit_limb(swap);
        tacit_fe25519_cswap(x2, x3, mask);
        tacit_fe25519_cswap(z2, z3, mask);
        swap = bit;

        tacit_fe25519_add(a, x2, z2);
        tacit_fe25519_sq(aa, a);
        tacit_fe25519_sub(b, x2, z2);
        tacit_fe25519_sq(bb, b);
        tacit_fe25519_sub(e, aa, bb);
        tacit_fe25519_add(c, x3, z3);
        tacit_fe25519_sub(d, x3, z3);
        tacit_fe25519_mul(da, d, a);
        tacit_fe25519_mul(cb, c, b);
        tacit_fe25519_add(x3, da, cb);
        tacit_fe25519_sq(x3, x3);
        tacit_fe25519_sub(z3, da, cb);
        tacit_fe25519_sq(z3, z3);
        tacit_fe25519_mul(z3, z3, x1);
        tacit_fe25519_mul(x2, aa, bb);
        tacit_fe25519_mul_small(z2, e, A24);
        tacit_fe25519_add(z2, z2, aa);
        tacit_fe25519_mul(z2, z2, e);
    }
    {
        tacit_mpi_uint mask = tacit_ct_mask_from_bit_limb(swap);
        tacit_fe25519_cswap(x2, x3, mask);
        tacit_fe25519_cswap(z2, z3, mask);
    }
    tacit_platform_zeroize(x3, sizeof(x3));
    tacit_platform_zeroize(z3, sizeof(z3));
    tacit_platform_zeroize(a, sizeof(a));
    tacit_platform_zeroize(b, sizeof(b));
    tacit_platform_zeroize(aa, sizeof(aa));
    tacit_platform_zeroize(bb, sizeof(bb));
    tacit_platform_zeroize(e, sizeof(e));
    tacit_platform_zeroize(c, sizeof(c));
    tacit_platform_zeroize(d, sizeof(d));
    tacit_platform_zeroize(da, sizeof(da));
    tacit_platform_zeroize(cb, sizeof(cb));
}

/* out = all-ones mask when the 32 bytes are all zero: the §6.1 check.  The
 * one bit it yields is the documented leak (an all-zero secret is refused). */
static int refuse_zero(unsigned char out[32])
{
    uint32_t acc = 0;
    int i;

    for (i = 0; i < 32; i++) {
        acc |= out[i];
    }
    if (tacit_ct_declassify_u32(tacit_ct_mask_eq_u32(acc, 0)) != 0) {
        memset(out, 0, 32);
        return TACIT_ERR_X25519_SHARED_ZERO;
    }
    return 0;
}

int tacit_x25519(unsigned char out[32], const unsigned char scalar[32], const unsigned char u[32])
{
    unsigned char k[32];
    tacit_fe25519 x1, x2, z2;

    if (out == NULL || scalar == NULL || u == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    memcpy(k, scalar, 32);
    tacit_x25519_clamp(k);
#if defined(TACIT_FE25519_HAVE_ADX)
    if (tacit_curve25519_cpu_has_adx()) {
        tacit_x25519_scalarmult_adx(out, k, u);
        tacit_platform_zeroize(k, sizeof(k));
        return refuse_zero(out);
    }
#endif
    tacit_fe25519_frombytes(x1, u); /* drops bit 255; values >= p reduce */
    tacit_x25519_ladder(x2, z2, k, x1);
    tacit_fe25519_invert(z2, z2);
    tacit_fe25519_mul(x2, x2, z2);
    tacit_fe25519_tobytes(out, x2);
    tacit_platform_zeroize(k, sizeof(k));
    tacit_platform_zeroize(x2, sizeof(x2));
    tacit_platform_zeroize(z2, sizeof(z2));
    return refuse_zero(out);
}

#if defined(TACIT_ED25519_C)
/* The Edwards comb computes k B about three times faster than the ladder
 * (tacit_ge25519_scalarmult_base_u converts to u). */
int tacit_x25519_base(unsigned char pub[32], const unsigned char priv[32])
{
    unsigned char k[32];

    memcpy(k, priv, 32);
    tacit_x25519_clamp(k);
    tacit_ge25519_scalarmult_base_u(pub, k);
    tacit_platform_zeroize(k, sizeof(k));
    return 0;
}
#else
int tacit_x25519_base(unsigned char pub[32], const unsigned char priv[32])
{
    static const unsigned char nine[32] = { 9 };
    return tacit_x25519(pub, priv, nine);
}
#endif

int tacit_x25519_public_key(unsigned char pub[32], const unsigned char priv[32])
{
    if (pub == NULL || priv == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    return tacit_x25519_base(pub, priv);
}

int tacit_x25519_gen_key(tacit_x25519_key *key, tacit_rng_func f_rng, void *p_rng)
{
    int ret;

    if (key == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    memset(key, 0, sizeof(*key));
    f_rng = tacit_rng_or_default(f_rng, &p_rng);
    if (f_rng(p_rng, key->priv, sizeof(key->priv)) != 0) {
        tacit_x25519_key_free(key);
        return TACIT_ERR_RNG_FAILED;
    }
    ret = tacit_x25519_base(key->pub, key->priv);
    if (ret != 0) {
        tacit_x25519_key_free(key);
        return ret;
    }
    key->has_private = 1;
    return 0;
}

int tacit_x25519_key_from_private(tacit_x25519_key *key, const unsigned char *priv, size_t len)
{
    int ret;

    if (key == NULL || priv == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    memset(key, 0, sizeof(*key));
    if (len != TACIT_X25519_KEY_SIZE) {
        return TACIT_ERR_CURVE25519_BAD_KEY;
    }
    memcpy(key->priv, priv, 32);
    ret = tacit_x25519_base(key->pub, key->priv);
    if (ret != 0) {
        tacit_x25519_key_free(key);
        return ret;
    }
    key->has_private = 1;
    return 0;
}

int tacit_x25519_key_from_public(tacit_x25519_key *key, const unsigned char *pub, size_t len)
{
    if (key == NULL || pub == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    memset(key, 0, sizeof(*key));
    if (len != TACIT_X25519_KEY_SIZE) {
        return TACIT_ERR_CURVE25519_BAD_KEY;
    }
    memcpy(key->pub, pub, 32);
    return 0;
}

int tacit_x25519_compute_shared(const tacit_x25519_key *ours, const unsigned char *peer,
                                size_t peer_len, unsigned char *out, size_t out_size,
                                size_t *out_len)
{
    unsigned char s[32];
    int ret;

    if (ours == NULL || (peer == NULL && peer_len != 0) || out_len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    *out_len = TACIT_X25519_KEY_SIZE;
    if (out == NULL || out_size < TACIT_X25519_KEY_SIZE) {
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    memset(out, 0, TACIT_X25519_KEY_SIZE);
    if (!ours->has_private) {
        return TACIT_ERR_NO_PRIVATE_KEY;
    }
    if (peer_len != TACIT_X25519_KEY_SIZE) {
        return TACIT_ERR_CURVE25519_BAD_KEY;
    }
    ret = tacit_x25519(s, ours->priv, peer);
    if (ret == 0) {
        memcpy(out, s, 32);
    }
    tacit_platform_zeroize(s, sizeof(s));
    return ret;
}

void tacit_x25519_key_free(tacit_x25519_key *key)
{
    if (key != NULL) {
        tacit_platform_zeroize(key, sizeof(*key));
    }
}

#endif /* TACIT_X25519_C */
