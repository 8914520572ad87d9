/*
 * Inline limb arithmetic for the per-curve field files (ecp_p256.c,
 * ecp_p384.c, ecp_p521.c).  Every function takes the limb count n, which is
 * a compile-time constant at each call site so the compiler unrolls the
 * loops; all are constant time (no branch or index depends on values).
 */
#ifndef TACIT_ECP_FE_H
#define TACIT_ECP_FE_H

#include "ec/ecp_internal.h"

#define ECP_LB TACIT_MPI_LIMB_BITS

/*
 * x86-64 with 64-bit limbs: straight-line products in assembly and the
 * carry chain in adc / sbb, from the area's x86-64 folder.
 */
#if defined(TACIT_ECP_X86_64_ASM)
#include "ec/x86_64/fe_carry.h"
#endif

/*
 * One limb of an add-with-carry / subtract-with-borrow chain, c in {0, 1}
 * (x86-64: the adc / sbb of fe_carry.h).
 */
#if !defined(TACIT_ECP_X86_64_ASM)
#define ECP_ADC(c, a, b, r)                                                                        \
    do {                                                                                           \
        tacit_ecp_dlimb s_ = (tacit_ecp_dlimb)(a) + (b) + (c);                                     \
        (r) = (tacit_mpi_uint)s_;                                                                  \
        (c) = (unsigned char)(s_ >> ECP_LB);                                                       \
    } while (0)
#define ECP_SBB(c, a, b, r)                                                                        \
    do {                                                                                           \
        tacit_ecp_dlimb d_ = (tacit_ecp_dlimb)(a) - (b) - (c);                                     \
        (r) = (tacit_mpi_uint)d_;                                                                  \
        (c) = (unsigned char)((d_ >> ECP_LB) & 1);                                                 \
    } while (0)
#endif

/* gcc leaves these short loops rolled at -O3 unless told (clang unrolls). */
#if defined(__GNUC__) && !defined(__clang__)
#define ECP_UNROLL _Pragma("GCC unroll 40")
#else
#define ECP_UNROLL
#endif

/*
 * Product scanning (Comba): column k of the product is summed in a
 * three-limb accumulator (acc, c2).  Compilers turn this shape into
 * mul/add/adc chains far better than row-by-row carry propagation.
 */
#define ECP_ACC_DECL tacit_mpi_uint acc0 = 0, acc1 = 0, c2 = 0
#define ECP_ACC_LO acc0
#define ECP_ACC_ADD(p)                                                                             \
    do {                                                                                           \
        tacit_ecp_dlimb p_ = (p);                                                                  \
        unsigned char k_ = 0;                                                                      \
        ECP_ADC(k_, acc0, (tacit_mpi_uint)p_, acc0);                                               \
        ECP_ADC(k_, acc1, (tacit_mpi_uint)(p_ >> ECP_LB), acc1);                                   \
        c2 += k_;                                                                                  \
    } while (0)
#define ECP_ACC_SHIFT()                                                                            \
    do {                                                                                           \
        acc0 = acc1;                                                                               \
        acc1 = c2;                                                                                 \
        c2 = 0;                                                                                    \
    } while (0)

/* t[0..2n) = a * b */
static inline void ecp_fe_mul_wide(tacit_mpi_uint *t, const tacit_mpi_uint *a,
                                   const tacit_mpi_uint *b, size_t n)
{
    ECP_ACC_DECL;
    size_t i, k;

    ECP_UNROLL
    for (k = 0; k + 1 < 2 * n; k++) {
        size_t lo = k < n ? 0 : k - n + 1, hi = k < n ? k : n - 1;
        ECP_UNROLL
        for (i = lo; i <= hi; i++) {
            ECP_ACC_ADD((tacit_ecp_dlimb)a[i] * b[k - i]);
        }
        t[k] = ECP_ACC_LO;
        ECP_ACC_SHIFT();
    }
    t[2 * n - 1] = ECP_ACC_LO;
}

/* t[0..2n) = a^2: cross products counted twice, squares once */
static inline void ecp_fe_sqr_wide(tacit_mpi_uint *t, const tacit_mpi_uint *a, size_t n)
{
    ECP_ACC_DECL;
    size_t i, k;

#if defined(TACIT_ECP_X86_64_ASM)
    if (n == 4) {
        ecp_asm_sqr_4(t, a);
        return;
    }
    if (n == 6) {
        ecp_asm_sqr_6(t, a);
        return;
    }
    if (n == 9) {
        ecp_asm_sqr_9(t, a);
        return;
    }
#endif
    ECP_UNROLL
    for (k = 0; k + 1 < 2 * n; k++) {
        size_t lo = k < n ? 0 : k - n + 1, hi = k < n ? k : n - 1;
        ECP_UNROLL
        for (i = lo; i <= hi; i++) {
            /* indices are public: after unrolling these tests are constants */
            if (i < k - i) {
                tacit_ecp_dlimb p = (tacit_ecp_dlimb)a[i] * a[k - i];
                ECP_ACC_ADD(p);
                ECP_ACC_ADD(p);
            } else if (i == k - i) {
                ECP_ACC_ADD((tacit_ecp_dlimb)a[i] * a[i]);
            }
        }
        t[k] = ECP_ACC_LO;
        ECP_ACC_SHIFT();
    }
    t[2 * n - 1] = ECP_ACC_LO;
}

/* r = a - b over n limbs; returns the borrow (0 or 1) */
static inline tacit_mpi_uint ecp_fe_sub_raw(tacit_mpi_uint *r, const tacit_mpi_uint *a,
                                            const tacit_mpi_uint *b, size_t n)
{
    unsigned char borrow = 0;
    size_t i;

    ECP_UNROLL
    for (i = 0; i < n; i++) {
        ECP_SBB(borrow, a[i], b[i], r[i]);
    }
    return borrow;
}

/* r = v - m if (top != 0 or v >= m) else v; v < 2m given as n limbs + top */
static inline void ecp_fe_final_sub(tacit_mpi_uint *r, const tacit_mpi_uint *v, tacit_mpi_uint top,
                                    const tacit_mpi_uint *m, size_t n)
{
    tacit_mpi_uint d[TACIT_ECP_N];
    tacit_mpi_uint borrow = ecp_fe_sub_raw(d, v, m, n);
    tacit_mpi_uint use_d = tacit_ct_mask_nonzero_limb(top) | tacit_ct_mask_eq_limb(borrow, 0);
    size_t i;

    ECP_UNROLL
    for (i = 0; i < n; i++) {
        r[i] = tacit_ct_select_limb(use_d, d[i], v[i]);
    }
}

/*
 * Montgomery reduction of t[0..2n), product scanning: r = t / R mod m for
 * t < m R.  The quotient limbs q_k are found column by column.
 */
static inline void ecp_fe_mont_reduce(tacit_mpi_uint *r, const tacit_mpi_uint *t,
                                      const tacit_mpi_uint *m, size_t n, tacit_mpi_uint mm)
{
    tacit_mpi_uint q[TACIT_ECP_N], v[TACIT_ECP_N + 1];
    ECP_ACC_DECL;
    size_t i, k;

#if defined(TACIT_ECP_X86_64_ASM)
    if (n == 4 || n == 6 || n == 9) {
        if (n == 4) {
            ecp_asm_redc_4(v, t, m, mm);
        } else if (n == 6) {
            ecp_asm_redc_6(v, t, m, mm);
        } else {
            ecp_asm_redc_9(v, t, m, mm);
        }
        ecp_fe_final_sub(r, v, v[n], m, n);
        return;
    }
#endif
    ECP_UNROLL
    for (k = 0; k < n; k++) {
        ECP_ACC_ADD(t[k]);
        ECP_UNROLL
        for (i = 0; i < k; i++) {
            ECP_ACC_ADD((tacit_ecp_dlimb)q[i] * m[k - i]);
        }
        q[k] = ECP_ACC_LO * mm;
        ECP_ACC_ADD((tacit_ecp_dlimb)q[k] * m[0]); /* clears the low limb */
        ECP_ACC_SHIFT();
    }
    ECP_UNROLL
    for (k = n; k < 2 * n; k++) {
        ECP_ACC_ADD(t[k]);
        ECP_UNROLL
        for (i = k - n + 1; i < n; i++) {
            ECP_ACC_ADD((tacit_ecp_dlimb)q[i] * m[k - i]);
        }
        v[k - n] = ECP_ACC_LO;
        ECP_ACC_SHIFT();
    }
    ecp_fe_final_sub(r, v, ECP_ACC_LO, m, n);
}

/* r = a + b mod m (a, b < m) */
static inline void ecp_fe_add(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b,
                              const tacit_mpi_uint *m, size_t n)
{
    tacit_mpi_uint s[TACIT_ECP_N];
    unsigned char carry = 0;
    size_t i;

    ECP_UNROLL
    for (i = 0; i < n; i++) {
        ECP_ADC(carry, a[i], b[i], s[i]);
    }
    ecp_fe_final_sub(r, s, carry, m, n);
}

/* r = a - b mod m (a, b < m): add m back under the borrow's mask */
static inline void ecp_fe_sub(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b,
                              const tacit_mpi_uint *m, size_t n)
{
    tacit_mpi_uint d[TACIT_ECP_N];
    tacit_mpi_uint mask = tacit_ct_mask_from_bit_limb(ecp_fe_sub_raw(d, a, b, n));
    unsigned char carry = 0;
    size_t i;

    ECP_UNROLL
    for (i = 0; i < n; i++) {
        ECP_ADC(carry, d[i], m[i] & mask, r[i]);
    }
}

#endif /* TACIT_ECP_FE_H */
