/*
 * The small ECC profile (TACIT_ECP_SMALL): what ecp_small_data.c,
 * ecp_small_field.c and ecp_small_mul.c share with ecp_curves.c and the
 * tests.  One generic Montgomery field (bignum_core's product) serves every
 * curve, p and n alike; points are projective (x = X/Z, y = Y/Z) and added
 * with one complete formula; one constant-time scalar multiplication,
 * u1 G + u2 Q by Shamir's trick, serves k P, k G and verification.
 * No tables, no heap, nothing unrolled: code size and stack first.
 */
#ifndef TACIT_ECP_SMALL_H
#define TACIT_ECP_SMALL_H

#include "ec/ecp_internal.h"

#if defined(TACIT_ECP_C) && defined(TACIT_ECP_SMALL)

/* Limbs of a curve of `bits` bits (R = 2^(64 * ceil(bits / 64)) for both limb widths). */
#define TACIT_ECP_SMALL_LIMBS(bits) (((bits) + 63) / 64 * 64 / TACIT_MPI_LIMB_BITS)

/*
 * -p^-1 and -n^-1 mod 2^64 (scripts/gen/gen_ecp_data.py prints them); the cast
 * to a limb keeps the low 32 bits for 32-bit limbs.
 */
#define TACIT_ECP_SMALL_P256_PMM 0x0000000000000001u
#define TACIT_ECP_SMALL_P256_NMM 0xccd1c8aaee00bc4fu
#define TACIT_ECP_SMALL_P384_PMM 0x0000000100000001u
#define TACIT_ECP_SMALL_P384_NMM 0x6ed46089e88fdc45u
#define TACIT_ECP_SMALL_P521_PMM 0x0000000000000001u
#define TACIT_ECP_SMALL_P521_NMM 0x1d2f5ccd79a995c7u

/* Per curve: constants (ecp_small_data.c) and the field entry points of the curve table. */
#define TACIT_ECP_SMALL_DECLARE_CURVE(name)                                                        \
    extern const tacit_mpi_uint tacit_ecp_small_##name##_p[], tacit_ecp_small_##name##_n[],        \
        tacit_ecp_small_##name##_b[], tacit_ecp_small_##name##_one[],                              \
        tacit_ecp_small_##name##_rr_p[], tacit_ecp_small_##name##_gx[],                            \
        tacit_ecp_small_##name##_gy[], tacit_ecp_small_##name##_rr_n[],                            \
        tacit_ecp_small_##name##_one_n[];                                                          \
    void tacit_ecp_small_##name##_mul(tacit_mpi_uint *r, const tacit_mpi_uint *a,                  \
                                      const tacit_mpi_uint *b);                                    \
    void tacit_ecp_small_##name##_add(tacit_mpi_uint *r, const tacit_mpi_uint *a,                  \
                                      const tacit_mpi_uint *b);                                    \
    void tacit_ecp_small_##name##_sub(tacit_mpi_uint *r, const tacit_mpi_uint *a,                  \
                                      const tacit_mpi_uint *b);                                    \
    void tacit_ecp_small_##name##_sc_mul(tacit_mpi_uint *r, const tacit_mpi_uint *a,               \
                                         const tacit_mpi_uint *b);

#if defined(TACIT_ECP_SECP256R1_C)
TACIT_ECP_SMALL_DECLARE_CURVE(p256)
#endif
#if defined(TACIT_ECP_SECP384R1_C)
TACIT_ECP_SMALL_DECLARE_CURVE(p384)
#endif
#if defined(TACIT_ECP_SECP521R1_C)
TACIT_ECP_SMALL_DECLARE_CURVE(p521)
#endif

/*
 * The generic field (not inlined into the per-curve functions: size):
 * r = a b / R mod m for a, b < m, and r = a^(m-2) mod m (Fermat inverse,
 * 0 -> 0), Montgomery form in and out with one = R mod m.
 */
void tacit_ecp_small_mont_mul(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b,
                              const tacit_mpi_uint *m, size_t n, tacit_mpi_uint mm);
void tacit_ecp_small_mont_inv(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *m,
                              size_t n, tacit_mpi_uint mm, const tacit_mpi_uint *one);

/*
 * R = P + Q, projective (X:Y:Z), any P and Q on the curve including the
 * point at infinity (0:Y:0) and P == Q: the complete formula of Renes,
 * Costello and Batina (EUROCRYPT 2016, Algorithm 4, a = -3).  R may alias
 * P and/or Q.  Constant time.
 */
void tacit_ecp_small_add(const tacit_ecp_curve *c, tacit_mpi_uint *R, const tacit_mpi_uint *P,
                         const tacit_mpi_uint *Q);

#endif /* TACIT_ECP_C && TACIT_ECP_SMALL */

#endif /* TACIT_ECP_SMALL_H */
