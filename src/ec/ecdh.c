/*
 * ECDH: x(d * Q_peer).  The work is tacit_ecp_mul_ct; this file checks the
 * inputs and shapes the output.
 */
#include "ec/ecp_internal.h"
#include "tacit/ecdh.h"

#if defined(TACIT_ECDH_C)

#include <string.h>

int tacit_ecdh_gen_key(tacit_ecp_keypair *key, tacit_ecp_group_id grp, tacit_rng_func f_rng,
                       void *p_rng)
{
    return tacit_ecp_gen_key(key, grp, f_rng, p_rng);
}

static int shared_from_point(const tacit_ecp_curve *c, const tacit_ecp_keypair *ours,
                             const tacit_mpi_uint *px, const tacit_mpi_uint *py, unsigned char *out,
                             size_t *olen, tacit_rng_func f_rng, void *p_rng)
{
    tacit_mpi_uint x[TACIT_ECP_N], y[TACIT_ECP_N];
    int ret;

    f_rng = tacit_rng_or_default(f_rng, &p_rng);
    ret = tacit_ecp_mul_ct(c, x, y, ours->d, px, py, f_rng, p_rng);
    if (ret == TACIT_ERR_ECP_INVALID_POINT) {
        ret = TACIT_ERR_ECDH_SHARED_ZERO;
    }
    if (ret == 0) {
        tacit_ecp_fe_from_mont(c, x, x);
        tacit_ecp_to_bytes(x, c->limbs, out, c->bytes);
        *olen = c->bytes;
    }
    tacit_platform_zeroize(x, sizeof(x));
    tacit_platform_zeroize(y, sizeof(y));
    return ret;
}

static int check_ours(const tacit_ecp_keypair *ours, unsigned char *out, size_t outsize,
                      size_t *olen, const tacit_ecp_curve **cp)
{
    const tacit_ecp_curve *c;

    if (ours == NULL || olen == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((c = tacit_ecp_curve_get(ours->grp)) == NULL) {
        return TACIT_ERR_ECP_UNKNOWN_CURVE;
    }
    if (!ours->has_private) {
        return TACIT_ERR_NO_PRIVATE_KEY;
    }
    if (out == NULL || outsize < c->bytes) {
        *olen = c->bytes;
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    *cp = c;
    return 0;
}

int tacit_ecdh_compute_shared(const tacit_ecp_keypair *ours, const unsigned char *peer_point,
                              size_t plen, unsigned char *out, size_t out_size, size_t *out_len,
                              tacit_rng_func f_rng, void *p_rng)
{
    const tacit_ecp_curve *c = NULL;
    tacit_mpi_uint px[TACIT_ECP_N], py[TACIT_ECP_N];
    int ret;

    if ((ret = check_ours(ours, out, out_size, out_len, &c)) != 0) {
        return ret;
    }
    if ((ret = tacit_ecp_point_read(c, px, py, peer_point, plen)) == 0) {
        ret = shared_from_point(c, ours, px, py, out, out_len, f_rng, p_rng);
    }
    if (ret != 0) {
        memset(out, 0, c->bytes);
    }
    return ret;
}

int tacit_ecdh_compute_shared_key(const tacit_ecp_keypair *ours, const tacit_ecp_keypair *peer,
                                  unsigned char *out, size_t out_size, size_t *out_len,
                                  tacit_rng_func f_rng, void *p_rng)
{
    unsigned char pt[TACIT_ECP_MAX_PT_LEN];
    size_t plen;
    int ret;

    if (peer == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (ours != NULL && peer->grp != ours->grp) {
        return TACIT_ERR_ECP_INVALID_POINT;
    }
    ret = tacit_ecp_write_public_point(peer, 0, pt, sizeof(pt), &plen);
    if (ret != 0) {
        return ret;
    }
    return tacit_ecdh_compute_shared(ours, pt, plen, out, out_size, out_len, f_rng, p_rng);
}

#else
typedef int tacit_ecdh_unused;
#endif /* TACIT_ECDH_C */
