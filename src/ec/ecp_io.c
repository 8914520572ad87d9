/*
 * SEC1 point encodings (SEC 1 v2, 2.3.3 and 2.3.4): 04||X||Y and 02/03||X.
 * Points come from outside: they are public, and every one is checked
 * (coordinates below p, on the curve, not the point at infinity) before
 * any secret scalar touches it, which rules out invalid-curve attacks.
 */
#include "ec/ecp_internal.h"

#if defined(TACIT_ECP_C)

#include <string.h>

/* x < p as a plain integer from big-endian bytes; public input. */
static int read_coord(const tacit_ecp_curve *c, tacit_mpi_uint *r, const unsigned char *buf)
{
    tacit_ecp_from_bytes(r, c->limbs, buf, c->bytes);
    if (!tacit_ecp_lt_ct(r, c->p, c->limbs)) {
        return TACIT_ERR_ECP_INVALID_POINT;
    }
    tacit_ecp_fe_to_mont(c, r, r);
    return 0;
}

int tacit_ecp_point_read(const tacit_ecp_curve *c, tacit_mpi_uint *x, tacit_mpi_uint *y,
                         const unsigned char *buf, size_t blen)
{
    tacit_mpi_uint rx[TACIT_ECP_N], ry[TACIT_ECP_N];
    int ret;

    if (buf == NULL || blen == 0) {
        return TACIT_ERR_ECP_INVALID_POINT;
    }
    if (buf[0] == 0x04 && blen == 1 + 2 * c->bytes) {
        if ((ret = read_coord(c, rx, buf + 1)) != 0 ||
            (ret = read_coord(c, ry, buf + 1 + c->bytes)) != 0) {
            return ret;
        }
        if (!tacit_ecp_on_curve(c, rx, ry)) {
            return TACIT_ERR_ECP_INVALID_POINT;
        }
    } else if ((buf[0] == 0x02 || buf[0] == 0x03) && blen == 1 + c->bytes) {
        tacit_mpi_uint rhs[TACIT_ECP_N], t[TACIT_ECP_N], e[TACIT_ECP_N];
        size_t i;

        if ((ret = read_coord(c, rx, buf + 1)) != 0) {
            return ret;
        }
        /* y = rhs^((p+1)/4) as p = 3 mod 4 */
        tacit_ecp_curve_rhs(c, rhs, rx);
        for (i = 0; i < c->limbs; i++) {
            e[i] =
                (c->p[i] >> 2) | (i + 1 < c->limbs ? c->p[i + 1] << (TACIT_MPI_LIMB_BITS - 2) : 0);
        }
        /* (p + 1) / 4 = (p >> 2) + 1 because p = 3 mod 4; p is public */
        for (i = 0; i < c->limbs; i++) {
            if (++e[i] != 0) {
                break;
            }
        }
        tacit_ecp_fe_pow_unsafe(c, ry, rhs, e);
        c->sqr(t, ry, ry);
        tacit_ecp_fe_sub(c, t, t, rhs);
        if (!tacit_ecp_is_zero_ct(t, c->limbs)) {
            return TACIT_ERR_ECP_INVALID_POINT; /* x^3 - 3x + b is not a square */
        }
        tacit_ecp_fe_from_mont(c, t, ry);
        if ((t[0] & 1) != (tacit_mpi_uint)(buf[0] & 1)) {
            memset(t, 0, sizeof(t));
            tacit_ecp_fe_sub(c, ry, t, ry); /* p - y; y is public */
        }
    } else {
        /* 00 (infinity), hybrid 06/07, wrong length: all rejected */
        return TACIT_ERR_ECP_INVALID_POINT;
    }
    memcpy(x, rx, c->limbs * sizeof(tacit_mpi_uint));
    memcpy(y, ry, c->limbs * sizeof(tacit_mpi_uint));
    return 0;
}

int tacit_ecp_point_write(const tacit_ecp_curve *c, const tacit_mpi_uint *x,
                          const tacit_mpi_uint *y, int compressed, unsigned char *out,
                          size_t outsize, size_t *olen)
{
    tacit_mpi_uint t[TACIT_ECP_N];
    size_t len = compressed ? 1 + c->bytes : 1 + 2 * c->bytes;

    if (olen == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (out == NULL || outsize < len) {
        *olen = len;
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    tacit_ecp_fe_from_mont(c, t, x);
    tacit_ecp_to_bytes(t, c->limbs, out + 1, c->bytes);
    tacit_ecp_fe_from_mont(c, t, y);
    if (compressed) {
        out[0] = (unsigned char)(0x02 | (t[0] & 1));
    } else {
        out[0] = 0x04;
        tacit_ecp_to_bytes(t, c->limbs, out + 1 + c->bytes, c->bytes);
    }
    *olen = len;
    return 0;
}

#else
typedef int tacit_ecp_io_unused;
#endif /* TACIT_ECP_C */
