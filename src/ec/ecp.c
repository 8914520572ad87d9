/*
 * Public ecp API: key pairs, key generation, checks, point encodings of a
 * key, and scalar multiplication on encoded points.
 */
#include "ec/ecp_internal.h"

#if defined(TACIT_ECP_C)

#include <string.h>

void tacit_ecp_keypair_init(tacit_ecp_keypair *key)
{
    if (key != NULL) {
        memset(key, 0, sizeof(*key));
    }
}

void tacit_ecp_keypair_free(tacit_ecp_keypair *key)
{
    if (key != NULL) {
        tacit_platform_zeroize(key, sizeof(*key));
    }
}

/* Q = d*G into the key (plain affine coordinates). */
static int compute_public(const tacit_ecp_curve *c, tacit_ecp_keypair *key, tacit_rng_func f_rng,
                          void *p_rng)
{
    tacit_mpi_uint x[TACIT_ECP_N], y[TACIT_ECP_N];
    int ret = tacit_ecp_mul_base_ct(c, x, y, key->d, f_rng, p_rng);

    if (ret == 0) {
        tacit_ecp_fe_from_mont(c, key->Qx, x);
        tacit_ecp_fe_from_mont(c, key->Qy, y);
    }
    tacit_platform_zeroize(x, sizeof(x));
    tacit_platform_zeroize(y, sizeof(y));
    return ret;
}

int tacit_ecp_gen_key(tacit_ecp_keypair *key, tacit_ecp_group_id grp, tacit_rng_func f_rng,
                      void *p_rng)
{
    const tacit_ecp_curve *c = tacit_ecp_curve_get(grp);
    int ret;

    if (key == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (c == NULL) {
        return TACIT_ERR_ECP_UNKNOWN_CURVE;
    }
    tacit_ecp_keypair_init(key);
    f_rng = tacit_rng_or_default(f_rng, &p_rng);
    ret = tacit_ecp_random_scalar(c, key->d, f_rng, p_rng);
    if (ret == 0) {
        ret = compute_public(c, key, f_rng, p_rng);
    }
    if (ret != 0) {
        tacit_ecp_keypair_free(key);
        return ret;
    }
    key->grp = grp;
    key->has_private = 1;
    return 0;
}

int tacit_ecp_set_private(tacit_ecp_keypair *key, tacit_ecp_group_id grp, const unsigned char *d,
                          size_t dlen)
{
    const tacit_ecp_curve *c = tacit_ecp_curve_get(grp);
    tacit_ecp_keypair tmp;
    int ret;

    if (key == NULL || (d == NULL && dlen != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (c == NULL) {
        return TACIT_ERR_ECP_UNKNOWN_CURVE;
    }
    if (dlen != c->bytes) {
        return TACIT_ERR_ECP_INVALID_KEY;
    }
    tacit_ecp_keypair_init(&tmp);
    tacit_ecp_from_bytes(tmp.d, c->limbs, d, dlen);
    /* the verdict on d's range is the one thing revealed */
    if (!tacit_ct_declassify_u32((uint32_t)(tacit_ecp_sc_in_range_ct(c, tmp.d) & 1u))) {
        tacit_ecp_keypair_free(&tmp);
        return TACIT_ERR_ECP_INVALID_KEY;
    }
    ret = compute_public(c, &tmp, tacit_rng_default, NULL);
    if (ret == 0) {
        tmp.grp = grp;
        tmp.has_private = 1;
        *key = tmp;
    }
    tacit_ecp_keypair_free(&tmp);
    return ret;
}

int tacit_ecp_set_public(tacit_ecp_keypair *key, tacit_ecp_group_id grp, const unsigned char *pt,
                         size_t plen)
{
    const tacit_ecp_curve *c = tacit_ecp_curve_get(grp);
    tacit_mpi_uint x[TACIT_ECP_N], y[TACIT_ECP_N];
    int ret;

    if (key == NULL || (pt == NULL && plen != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (c == NULL) {
        return TACIT_ERR_ECP_UNKNOWN_CURVE;
    }
    ret = tacit_ecp_point_read(c, x, y, pt, plen);
    if (ret != 0) {
        return ret;
    }
    tacit_ecp_keypair_free(key);
    key->grp = grp;
    tacit_ecp_fe_from_mont(c, key->Qx, x);
    tacit_ecp_fe_from_mont(c, key->Qy, y);
    return 0;
}

/* The key's Q as affine Montgomery coordinates, checked; 0 or an error. */
static int key_point(const tacit_ecp_curve *c, const tacit_ecp_keypair *key, tacit_mpi_uint *x,
                     tacit_mpi_uint *y)
{
    if (!tacit_ecp_lt_ct(key->Qx, c->p, c->limbs) || !tacit_ecp_lt_ct(key->Qy, c->p, c->limbs)) {
        return TACIT_ERR_ECP_INVALID_POINT;
    }
    tacit_ecp_fe_to_mont(c, x, key->Qx);
    tacit_ecp_fe_to_mont(c, y, key->Qy);
    if (!tacit_ecp_on_curve(c, x, y)) {
        return TACIT_ERR_ECP_INVALID_POINT;
    }
    return 0;
}

int tacit_ecp_check_pub(const tacit_ecp_keypair *key)
{
    const tacit_ecp_curve *c;
    tacit_mpi_uint x[TACIT_ECP_N], y[TACIT_ECP_N];

    if (key == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((c = tacit_ecp_curve_get(key->grp)) == NULL) {
        return TACIT_ERR_ECP_UNKNOWN_CURVE;
    }
    return key_point(c, key, x, y);
}

int tacit_ecp_check_priv(const tacit_ecp_keypair *key)
{
    const tacit_ecp_curve *c;
    tacit_ecp_keypair tmp;
    int ret;

    if (key == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((c = tacit_ecp_curve_get(key->grp)) == NULL) {
        return TACIT_ERR_ECP_UNKNOWN_CURVE;
    }
    if (!key->has_private ||
        !tacit_ct_declassify_u32((uint32_t)(tacit_ecp_sc_in_range_ct(c, key->d) & 1u))) {
        return TACIT_ERR_ECP_INVALID_KEY;
    }
    tmp = *key;
    ret = compute_public(c, &tmp, tacit_rng_default, NULL);
    /* d*G = Q: the verdict is revealed (Q is public, d is not) */
    if (ret == 0 && tacit_ct_declassify_u32(
                        (uint32_t)(tacit_ct_memcmp(tmp.Qx, key->Qx, sizeof(tmp.Qx)) |
                                   tacit_ct_memcmp(tmp.Qy, key->Qy, sizeof(tmp.Qy)))) != 0) {
        ret = TACIT_ERR_ECP_INVALID_KEY;
    }
    tacit_ecp_keypair_free(&tmp);
    return ret;
}

int tacit_ecp_write_public_point(const tacit_ecp_keypair *key, int compressed, unsigned char *out,
                                 size_t out_size, size_t *out_len)
{
    const tacit_ecp_curve *c;
    tacit_mpi_uint x[TACIT_ECP_N], y[TACIT_ECP_N];
    int ret;

    if (key == NULL || out_len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((c = tacit_ecp_curve_get(key->grp)) == NULL) {
        return TACIT_ERR_ECP_UNKNOWN_CURVE;
    }
    if ((ret = key_point(c, key, x, y)) != 0) {
        return ret;
    }
    return tacit_ecp_point_write(c, x, y, compressed, out, out_size, out_len);
}

int tacit_ecp_write_private(const tacit_ecp_keypair *key, unsigned char *out, size_t out_size,
                            size_t *out_len)
{
    const tacit_ecp_curve *c;

    if (key == NULL || out_len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((c = tacit_ecp_curve_get(key->grp)) == NULL) {
        return TACIT_ERR_ECP_UNKNOWN_CURVE;
    }
    if (!key->has_private) {
        return TACIT_ERR_NO_PRIVATE_KEY;
    }
    *out_len = c->bytes;
    if (out == NULL || out_size < c->bytes) {
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    tacit_ecp_to_bytes(key->d, c->limbs, out, c->bytes);
    return 0;
}

int tacit_ecp_mul(tacit_ecp_group_id grp, const unsigned char *k, size_t klen,
                  const unsigned char *pt, size_t plen, unsigned char *out, size_t out_size,
                  size_t *out_len, tacit_rng_func f_rng, void *p_rng)
{
    const tacit_ecp_curve *c = tacit_ecp_curve_get(grp);
    tacit_mpi_uint kk[TACIT_ECP_N], px[TACIT_ECP_N], py[TACIT_ECP_N];
    tacit_mpi_uint x[TACIT_ECP_N], y[TACIT_ECP_N];
    int ret;

    if ((k == NULL && klen != 0) || out_len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (c == NULL) {
        return TACIT_ERR_ECP_UNKNOWN_CURVE;
    }
    if (klen != c->bytes) {
        return TACIT_ERR_ECP_INVALID_KEY;
    }
    if (out == NULL || out_size < 1 + 2 * c->bytes) {
        *out_len = 1 + 2 * c->bytes;
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    f_rng = tacit_rng_or_default(f_rng, &p_rng);
    if ((ret = tacit_ecp_point_read(c, px, py, pt, plen)) != 0) {
        return ret;
    }
    tacit_ecp_from_bytes(kk, c->limbs, k, klen);
    if (!tacit_ct_declassify_u32((uint32_t)(tacit_ecp_sc_in_range_ct(c, kk) & 1u))) {
        ret = TACIT_ERR_ECP_INVALID_KEY;
        goto cleanup;
    }
    ret = tacit_ecp_mul_ct(c, x, y, kk, px, py, f_rng, p_rng);
    if (ret == 0) {
        ret = tacit_ecp_point_write(c, x, y, 0, out, out_size, out_len);
    }
cleanup:
    tacit_platform_zeroize(kk, sizeof(kk));
    return ret;
}

#else
typedef int tacit_ecp_unused;
#endif /* TACIT_ECP_C */
