/*
 * Arithmetic modulo the group order n: what ECDSA needs (products, the
 * inverse of the nonce, hash-to-integer) and random scalars.  Montgomery
 * form with the same R as the coordinate field.  Constant time.
 */
#include "ec/ecp_internal.h"

#if defined(TACIT_ECP_C)

#include <string.h>

#include "bignum/bignum_core.h"
#include "tacit/hmac_drbg.h"

void tacit_ecp_sc_mul(const tacit_ecp_curve *c, tacit_mpi_uint *r, const tacit_mpi_uint *a,
                      const tacit_mpi_uint *b)
{
    c->sc_mul(r, a, b);
}

void tacit_ecp_sc_reduce_once(const tacit_ecp_curve *c, tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    tacit_mpi_uint d[TACIT_ECP_N];
    /* a - n when that does not borrow (a >= n); a otherwise */
    tacit_mpi_uint borrow = tacit_mpi_core_sub(d, a, c->n, c->limbs);

    memmove(r, a, c->limbs * sizeof(tacit_mpi_uint));
    tacit_mpi_core_cond_assign(r, d, c->limbs, tacit_ct_mask_from_bit_limb(borrow ^ 1));
}

#if !defined(TACIT_ECP_SMALL) /* the small profile's is in ecp_small_field.c */
/*
 * The safegcd inversion of bignum_core (fixed divstep count) when bignum is
 * built in; else the curve's addition chain, or a^(n-2) with 4-bit windows
 * (n - 2 is public, so the window values may steer branches and indices;
 * the base a is secret, the ECDSA nonce).
 */
void tacit_ecp_sc_inv(const tacit_ecp_curve *c, tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    tacit_mpi_uint tab[16][TACIT_ECP_N];
    tacit_mpi_uint acc[TACIT_ECP_N];
    tacit_mpi_uint e[TACIT_ECP_N];
    size_t n = c->limbs, i;
    int bit, started = 0;

#if defined(TACIT_BIGNUM_C)
    if (tacit_ecp_mont_inv_ct(r, a, c->n, c->rr_n, c->sc_mul, n)) {
        return;
    }
#endif
    if (c->sc_inv != NULL) {
        c->sc_inv(r, a); /* the curve's addition chain */
        return;
    }
    memcpy(e, c->n, n * sizeof(tacit_mpi_uint));
    e[0] -= 2; /* n is odd and > 2: no borrow */
    memcpy(tab[0], c->one_n, n * sizeof(tacit_mpi_uint));
    memcpy(tab[1], a, n * sizeof(tacit_mpi_uint));
    for (i = 2; i < 16; i++) {
        tacit_ecp_sc_mul(c, tab[i], tab[i - 1], a);
    }
    memcpy(acc, c->one_n, n * sizeof(tacit_mpi_uint));
    for (bit = (int)(n * TACIT_MPI_LIMB_BITS) - 4; bit >= 0; bit -= 4) {
        unsigned w = (unsigned)(e[bit / TACIT_MPI_LIMB_BITS] >> (bit % TACIT_MPI_LIMB_BITS)) & 15u;
        if (started) {
            tacit_ecp_sc_mul(c, acc, acc, acc);
            tacit_ecp_sc_mul(c, acc, acc, acc);
            tacit_ecp_sc_mul(c, acc, acc, acc);
            tacit_ecp_sc_mul(c, acc, acc, acc);
        }
        if (w != 0) {
            if (started) {
                tacit_ecp_sc_mul(c, acc, acc, tab[w]);
            } else {
                memcpy(acc, tab[w], n * sizeof(tacit_mpi_uint));
                started = 1;
            }
        }
    }
    memcpy(r, acc, n * sizeof(tacit_mpi_uint));
    tacit_platform_zeroize(tab, sizeof(tab));
    tacit_platform_zeroize(acc, sizeof(acc));
}

#endif /* !TACIT_ECP_SMALL */

tacit_mpi_uint tacit_ecp_sc_in_range_ct(const tacit_ecp_curve *c, const tacit_mpi_uint *a)
{
    return tacit_ecp_lt_ct(a, c->n, c->limbs) & ~tacit_ecp_is_zero_ct(a, c->limbs);
}

void tacit_ecp_sc_from_hash(const tacit_ecp_curve *c, tacit_mpi_uint *r, const unsigned char *hash,
                            size_t hlen)
{
    size_t n = c->limbs, i;
    size_t use = hlen < c->bytes ? hlen : c->bytes;

    tacit_ecp_from_bytes(r, n, hash, use);
    /* More hash bits than n has: keep the leftmost c->bits. */
    if (use * 8 > c->bits) {
        unsigned shift = (unsigned)(use * 8 - c->bits); /* < 8 */
        for (i = 0; i < n; i++) {
            r[i] = (r[i] >> shift) | (i + 1 < n ? r[i + 1] << (TACIT_MPI_LIMB_BITS - shift) : 0);
        }
    }
    tacit_ecp_sc_reduce_once(c, r, r);
}

int tacit_ecp_random_scalar(const tacit_ecp_curve *c, tacit_mpi_uint *k, tacit_rng_func f_rng,
                            void *p_rng)
{
    unsigned char buf[TACIT_ECP_MAX_BYTES];
    int tries, ret = TACIT_ERR_RNG_FAILED;

    /*
     * n is within a factor 2 of 2^bits, so a candidate is accepted with
     * probability > 1/2; 64 failures in a row mean a broken generator.
     * Only the accept/reject verdict is revealed (it is about a discarded
     * candidate when it says reject).
     */
    for (tries = 0; tries < 64; tries++) {
        if (f_rng(p_rng, buf, c->bytes) != 0) {
            ret = TACIT_ERR_RNG_FAILED;
            break;
        }
        buf[0] &= (unsigned char)(0xFFu >> (c->bytes * 8 - c->bits));
        tacit_ecp_from_bytes(k, c->limbs, buf, c->bytes);
        if (tacit_ct_declassify_u32((uint32_t)(tacit_ecp_sc_in_range_ct(c, k) & 1u))) {
            ret = 0;
            break;
        }
    }
    tacit_platform_zeroize(buf, sizeof(buf));
    if (ret != 0) {
        tacit_platform_zeroize(k, c->limbs * sizeof(tacit_mpi_uint));
    }
    return ret;
}

#else
typedef int tacit_ecp_scalar_unused;
#endif /* TACIT_ECP_C */
