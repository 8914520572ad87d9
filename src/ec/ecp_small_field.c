/*
 * The small profile's field and scalar arithmetic: every curve, modulo p
 * and modulo n alike, through bignum_core's generic Montgomery product
 * (tacit_mpi_core_montmul) and modular addition; inversion and square roots
 * by square-and-multiply over a public exponent.  The per-curve functions
 * below only bind a modulus to the generic code, for the curve table's
 * function pointers.  Constant time in the field elements.
 */
#include "ec/ecp_small.h"

#if defined(TACIT_ECP_C) && defined(TACIT_ECP_SMALL)

#include <string.h>

#include "bignum/bignum_core.h"

#define LB TACIT_MPI_LIMB_BITS

/* r = a b / R mod m (a, b < m); bignum_core's product with its scratch on the stack. */
void tacit_ecp_small_mont_mul(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b,
                              const tacit_mpi_uint *m, size_t n, tacit_mpi_uint mm)
{
    tacit_mpi_uint T[TACIT_MPI_CORE_MONTMUL_WORKING_LIMBS(TACIT_ECP_N)];

    tacit_mpi_core_montmul(r, a, b, m, n, mm, T);
}

#define SMALL_FIELD(name, BITS, PMM, NMM)                                                          \
    void tacit_ecp_small_##name##_mul(tacit_mpi_uint *r, const tacit_mpi_uint *a,                  \
                                      const tacit_mpi_uint *b)                                     \
    {                                                                                              \
        tacit_ecp_small_mont_mul(r, a, b, tacit_ecp_small_##name##_p, TACIT_ECP_SMALL_LIMBS(BITS), \
                                 (tacit_mpi_uint)(PMM));                                           \
    }                                                                                              \
    void tacit_ecp_small_##name##_add(tacit_mpi_uint *r, const tacit_mpi_uint *a,                  \
                                      const tacit_mpi_uint *b)                                     \
    {                                                                                              \
        tacit_mpi_core_add_mod(r, a, b, tacit_ecp_small_##name##_p, TACIT_ECP_SMALL_LIMBS(BITS));  \
    }                                                                                              \
    void tacit_ecp_small_##name##_sub(tacit_mpi_uint *r, const tacit_mpi_uint *a,                  \
                                      const tacit_mpi_uint *b)                                     \
    {                                                                                              \
        tacit_mpi_core_sub_mod(r, a, b, tacit_ecp_small_##name##_p, TACIT_ECP_SMALL_LIMBS(BITS));  \
    }                                                                                              \
    void tacit_ecp_small_##name##_sc_mul(tacit_mpi_uint *r, const tacit_mpi_uint *a,               \
                                         const tacit_mpi_uint *b)                                  \
    {                                                                                              \
        tacit_ecp_small_mont_mul(r, a, b, tacit_ecp_small_##name##_n, TACIT_ECP_SMALL_LIMBS(BITS), \
                                 (tacit_mpi_uint)(NMM));                                           \
    }

#if defined(TACIT_ECP_SECP256R1_C)
SMALL_FIELD(p256, 256, TACIT_ECP_SMALL_P256_PMM, TACIT_ECP_SMALL_P256_NMM)
#endif
#if defined(TACIT_ECP_SECP384R1_C)
SMALL_FIELD(p384, 384, TACIT_ECP_SMALL_P384_PMM, TACIT_ECP_SMALL_P384_NMM)
#endif
#if defined(TACIT_ECP_SECP521R1_C)
SMALL_FIELD(p521, 521, TACIT_ECP_SMALL_P521_PMM, TACIT_ECP_SMALL_P521_NMM)
#endif

/*
 * r = a^e mod m, Montgomery form in and out (one = R mod m), left-to-right
 * square-and-multiply over all n limbs of e.  e is PUBLIC (p - 2, n - 2,
 * (p + 1) / 4): branching on its bits reveals nothing about a.
 */
static void mont_pow(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *e,
                     const tacit_mpi_uint *m, size_t n, tacit_mpi_uint mm,
                     const tacit_mpi_uint *one)
{
    tacit_mpi_uint acc[TACIT_ECP_N];
    size_t i;

    memcpy(acc, one, n * sizeof(tacit_mpi_uint));
    for (i = n * LB; i-- > 0;) {
        tacit_ecp_small_mont_mul(acc, acc, acc, m, n, mm);
        if ((e[i / LB] >> (i % LB)) & 1) {
            tacit_ecp_small_mont_mul(acc, acc, a, m, n, mm);
        }
    }
    memcpy(r, acc, n * sizeof(tacit_mpi_uint));
    tacit_platform_zeroize(acc, sizeof(acc));
}

/*
 * Leaks: the exponent e (the square-and-multiply sequence).
 * Only for: public exponents ((p + 1) / 4 for square roots); a may be secret.
 */
void tacit_ecp_fe_pow_unsafe(const tacit_ecp_curve *c, tacit_mpi_uint *r, const tacit_mpi_uint *a,
                             const tacit_mpi_uint *e)
{
    mont_pow(r, a, e, c->p, c->limbs, c->p_mm, c->one);
}

void tacit_ecp_small_mont_inv(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *m,
                              size_t n, tacit_mpi_uint mm, const tacit_mpi_uint *one)
{
    tacit_mpi_uint e[TACIT_ECP_N];

    (void)tacit_mpi_core_sub_limb(e, m, 2, n);
    mont_pow(r, a, e, m, n, mm, one);
}

void tacit_ecp_fe_inv(const tacit_ecp_curve *c, tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    tacit_ecp_small_mont_inv(r, a, c->p, c->limbs, c->p_mm, c->one);
}

void tacit_ecp_sc_inv(const tacit_ecp_curve *c, tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    tacit_ecp_small_mont_inv(r, a, c->n, c->limbs, c->n_mm, c->one_n);
}

#else
typedef int tacit_ecp_small_field_unused;
#endif /* TACIT_ECP_C && TACIT_ECP_SMALL */
