/*
 * Generic limb arithmetic of the ecp module (modular add/sub for the
 * scalar field, comparisons, byte conversion) and the field
 * operations that are not hot enough for per-curve code: inversion and
 * exponentiation by a public exponent, conversions.  The per-curve
 * products and point formulas are in ecp_p256.c, ecp_p384.c, ecp_p521.c.
 * Constant time.
 */
#include "ec/ecp_internal.h"

#if defined(TACIT_ECP_C)

#include <string.h>

#include "bignum/bignum_core.h"

#define LB TACIT_MPI_LIMB_BITS

/* Thin names over bignum_core, so the ecp files read in field terms and share its code. */
void tacit_ecp_modadd(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b,
                      const tacit_mpi_uint *m, size_t n)
{
    tacit_mpi_core_add_mod(r, a, b, m, n);
}

void tacit_ecp_modsub(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b,
                      const tacit_mpi_uint *m, size_t n)
{
    tacit_mpi_core_sub_mod(r, a, b, m, n);
}

tacit_mpi_uint tacit_ecp_lt_ct(const tacit_mpi_uint *a, const tacit_mpi_uint *b, size_t n)
{
    return tacit_mpi_core_lt_ct(a, b, n);
}

tacit_mpi_uint tacit_ecp_is_zero_ct(const tacit_mpi_uint *a, size_t n)
{
    tacit_mpi_uint acc = 0;
    size_t i;

    for (i = 0; i < n; i++) {
        acc |= a[i];
    }
    return tacit_ct_mask_eq_limb(acc, 0);
}

void tacit_ecp_from_bytes(tacit_mpi_uint *r, size_t n, const unsigned char *buf, size_t blen)
{
    size_t i, full = blen / TACIT_MPI_LIMB_BYTES;

    for (i = 0; i < n; i++) {
        r[i] = 0;
    }
    /* whole limbs first, a limb at a time (the lengths are public) */
    for (i = 0; i < full && i < n; i++) {
        const unsigned char *p = buf + blen - (i + 1) * TACIT_MPI_LIMB_BYTES;
        tacit_mpi_uint v = 0;
        size_t j;

        for (j = 0; j < TACIT_MPI_LIMB_BYTES; j++) {
            v = (v << 8) | p[j];
        }
        r[i] = v;
    }
    for (i = full * TACIT_MPI_LIMB_BYTES; i < blen && i < n * TACIT_MPI_LIMB_BYTES; i++) {
        r[i / TACIT_MPI_LIMB_BYTES] |= (tacit_mpi_uint)buf[blen - 1 - i]
                                       << (8 * (i % TACIT_MPI_LIMB_BYTES));
    }
}

void tacit_ecp_to_bytes(const tacit_mpi_uint *a, size_t n, unsigned char *buf, size_t blen)
{
    size_t i;

    for (i = 0; i < blen; i++) {
        buf[blen - 1 - i] =
            (i < n * TACIT_MPI_LIMB_BYTES)
                ? (unsigned char)(a[i / TACIT_MPI_LIMB_BYTES] >> (8 * (i % TACIT_MPI_LIMB_BYTES)))
                : 0;
    }
}

/* ---- field operations ------------------------------------------------------- */

void tacit_ecp_fe_add(const tacit_ecp_curve *c, tacit_mpi_uint *r, const tacit_mpi_uint *a,
                      const tacit_mpi_uint *b)
{
    c->add(r, a, b);
}

void tacit_ecp_fe_sub(const tacit_ecp_curve *c, tacit_mpi_uint *r, const tacit_mpi_uint *a,
                      const tacit_mpi_uint *b)
{
    c->sub(r, a, b);
}

void tacit_ecp_fe_cond_neg(const tacit_ecp_curve *c, tacit_mpi_uint *r, const tacit_mpi_uint *a,
                           tacit_mpi_uint mask)
{
    tacit_mpi_uint neg[TACIT_ECP_N], zero[TACIT_ECP_N];
    size_t i, n = c->limbs;

    memset(zero, 0, sizeof(zero));
    c->sub(neg, zero, a); /* the curve's field subtraction: p - a, or 0 */
    for (i = 0; i < n; i++) {
        r[i] = tacit_ct_select_limb(mask, neg[i], a[i]);
    }
}

#if !defined(TACIT_ECP_SMALL) /* the small profile's are in ecp_small_field.c */
/*
 * Leaks: the exponent e (zero windows skip a multiplication, windows index the table).
 * Only for: public exponents; the base a may be secret (it is never branched on).
 * Left-to-right 4-bit fixed windows.
 */
void tacit_ecp_fe_pow_unsafe(const tacit_ecp_curve *c, tacit_mpi_uint *r, const tacit_mpi_uint *a,
                             const tacit_mpi_uint *e)
{
    tacit_mpi_uint tab[16][TACIT_ECP_N];
    tacit_mpi_uint acc[TACIT_ECP_N];
    size_t n = c->limbs, i, started = 0;
    int bit;

    memcpy(tab[0], c->one, n * sizeof(tacit_mpi_uint));
    memcpy(tab[1], a, n * sizeof(tacit_mpi_uint));
    for (i = 2; i < 16; i++) {
        c->mul(tab[i], tab[i - 1], a);
    }
    memcpy(acc, c->one, n * sizeof(tacit_mpi_uint));
    for (bit = (int)(n * LB) - 4; bit >= 0; bit -= 4) {
        unsigned w = (unsigned)(e[bit / LB] >> (bit % LB)) & 15u;
        if (started) {
            c->sqr(acc, acc, acc);
            c->sqr(acc, acc, acc);
            c->sqr(acc, acc, acc);
            c->sqr(acc, acc, acc);
        }
        if (w != 0) {
            if (started) {
                c->mul(acc, acc, tab[w]);
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

#if defined(TACIT_BIGNUM_C)
int tacit_ecp_mont_inv_ct(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *m,
                          const tacit_mpi_uint *rr, tacit_ecp_mul_func mul, size_t n)
{
    /* 192 limbs needed for P-521 by the AVX2 divsteps (x86-64), 80 by the scalar ones */
#if TACIT_MPI_LIMB_BITS == 64
    tacit_mpi_uint T[21 * TACIT_ECP_N + 16], r3[TACIT_ECP_N];
#else
    tacit_mpi_uint T[16 * TACIT_ECP_N + 16], r3[TACIT_ECP_N];
#endif

    if (tacit_mpi_core_inv_mod_odd_ct_working_limbs(n) > sizeof(T) / sizeof(T[0])) {
        return 0; /* public: the limb count */
    }
    mul(r3, rr, rr);                                    /* R^3 */
    (void)tacit_mpi_core_inv_mod_odd_ct(r, a, m, n, T); /* (x R)^-1 = x^-1 R^-1; 0 -> 0 */
    mul(r, r, r3);                                      /* x^-1 R */
    tacit_platform_zeroize(T, sizeof(T));
    return 1;
}
#endif

void tacit_ecp_fe_inv(const tacit_ecp_curve *c, tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    tacit_mpi_uint e[TACIT_ECP_N];

#if defined(TACIT_BIGNUM_C)
    if (tacit_ecp_mont_inv_ct(r, a, c->p, c->rr_p, c->mul, c->limbs)) {
        return;
    }
#endif
    if (c->fe_inv != NULL) {
        c->fe_inv(r, a); /* the curve's addition chain */
        return;
    }
    (void)tacit_mpi_core_sub_limb(e, c->p, 2, c->limbs);
    tacit_ecp_fe_pow_unsafe(c, r, a, e);
}

#endif /* !TACIT_ECP_SMALL */

void tacit_ecp_fe_to_mont(const tacit_ecp_curve *c, tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    c->mul(r, a, c->rr_p);
}

void tacit_ecp_fe_from_mont(const tacit_ecp_curve *c, tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    tacit_mpi_uint one[TACIT_ECP_N];

    memset(one, 0, sizeof(one));
    one[0] = 1;
    c->mul(r, a, one);
}

#else
typedef int tacit_ecp_field_unused;
#endif /* TACIT_ECP_C */
