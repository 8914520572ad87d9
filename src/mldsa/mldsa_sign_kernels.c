/*
 * The portable entries of ML-DSA's kernel table for the arithmetic that
 * signing does between its transforms, each one pass over a polynomial
 * (the AVX2 kernels in x86_64/poly_avx2.c compute the same, bit for bit):
 * the reduction before an inverse NTT, a row of A y, the split of w into
 * HighBits and LowBits, z with its norm test, the row test that yields the
 * hints, the packings of the masks and of w1; and key generation's
 * Power2Round of t.
 */
#include "tacit/config.h"

#if defined(TACIT_MLDSA_C)

#include "core/constant_time_internal.h"
#include "mldsa/mldsa_internal.h"

void tacit_mldsa_reduce_c(int32_t a[TACIT_MLDSA_N])
{
    unsigned i;
    for (i = 0; i < TACIT_MLDSA_N; i++) {
        a[i] = tacit_mldsa_reduce32(a[i]);
    }
}

void tacit_mldsa_split_w_c(int32_t w1[TACIT_MLDSA_N], int32_t w0[TACIT_MLDSA_N],
                           const int32_t w[TACIT_MLDSA_N], int32_t gamma2)
{
    unsigned i;
    for (i = 0; i < TACIT_MLDSA_N; i++) {
        w0[i] = tacit_mldsa_caddq(w[i]);
    }
    /* the polynomial loop inlines Decompose with gamma2 fixed */
    tacit_mldsa_poly_decompose_c(w1, w0, w0, gamma2);
}

/* 1 if |x| >= bound (|x| < 2^30, bound > 0) */
static inline uint32_t over(int32_t x, int32_t bound)
{
    int32_t s = x >> 31;
    return (uint32_t)(bound - 1 - ((x ^ s) - s)) >> 31;
}

uint32_t tacit_mldsa_make_z_c(int32_t z[TACIT_MLDSA_N], const int32_t y[TACIT_MLDSA_N],
                              int32_t bound)
{
    uint32_t bad = 0;
    unsigned i;

    for (i = 0; i < TACIT_MLDSA_N; i++) {
        int32_t x = tacit_mldsa_reduce32(z[i] + y[i]);
        z[i] = x;
        bad |= over(x, bound);
    }
    return tacit_ct_mask_from_bit_u32(bad);
}

uint32_t tacit_mldsa_make_z_cs2_c(int32_t z[TACIT_MLDSA_N], int32_t cs2[TACIT_MLDSA_N],
                                  const int32_t y[TACIT_MLDSA_N], int32_t bound)
{
    uint32_t bad = 0;
    unsigned i;

    for (i = 0; i < TACIT_MLDSA_N; i++) {
        int32_t v = tacit_mldsa_reduce32(z[i]);
        int32_t lo = (int32_t)(((uint32_t)v + 256u) & 511u) - 256;
        int32_t x = y[i] + lo;
        cs2[i] = (v - lo) >> 9; /* exact: v - lo is a multiple of 2^9 */
        z[i] = x;
        bad |= over(x, bound);
    }
    return tacit_ct_mask_from_bit_u32(bad);
}

/*
 * With r0 = w0 - c s2 and a0 = r0 + c t0 (exact integers after the
 * reductions): rejected if |r0| >= gamma2 - beta or |c t0| >= gamma2.
 * When neither holds, HighBits(w - c s2) = w1, LowBits(w - c s2) = r0 and
 * FIPS 204's MakeHint(-c t0, w - c s2 + c t0) is 1 exactly when a0 leaves
 * (-gamma2, gamma2], except a0 = -gamma2 with w1 = 0 (Decompose's wrap at
 * q - 1): so the hint is computed from a0 and w1 without a second
 * Decompose.  A rejected attempt's hints are never used.
 */
uint32_t tacit_mldsa_make_hint_c(unsigned char h[TACIT_MLDSA_N], const int32_t w0[TACIT_MLDSA_N],
                                 const int32_t w1[TACIT_MLDSA_N], const int32_t cs2[TACIT_MLDSA_N],
                                 const int32_t ct0[TACIT_MLDSA_N], int32_t gamma2, int32_t beta,
                                 uint32_t *count)
{
    uint32_t bad = 0, cnt = 0;
    unsigned i;

    for (i = 0; i < TACIT_MLDSA_N; i++) {
        int32_t r0 = tacit_mldsa_reduce32(w0[i] - cs2[i]);
        int32_t t = tacit_mldsa_reduce32(ct0[i]);
        int32_t a0 = r0 + t;
        uint32_t gt = (uint32_t)(gamma2 - a0) >> 31;     /* a0 > gamma2 */
        uint32_t lt = (uint32_t)(a0 + gamma2) >> 31;     /* a0 < -gamma2 */
        uint32_t le = (uint32_t)(a0 + gamma2 - 1) >> 31; /* a0 <= -gamma2 */
        uint32_t nz = (0u - (uint32_t)w1[i]) >> 31;      /* w1 != 0 (w1 >= 0) */
        uint32_t hint = gt | lt | (le & nz);
        bad |= over(r0, gamma2 - beta) | over(t, gamma2);
        h[i] = (unsigned char)hint;
        cnt += hint;
    }
    *count += cnt;
    return tacit_ct_mask_from_bit_u32(bad);
}

void tacit_mldsa_unpack_z_c(int32_t a[TACIT_MLDSA_N], const unsigned char *in, unsigned z_bits)
{
    tacit_mldsa_unpack(a, in, z_bits, (int32_t)1 << (z_bits - 1));
}

void tacit_mldsa_pack_w1_c(unsigned char *out, const int32_t a[TACIT_MLDSA_N], unsigned bits)
{
    tacit_mldsa_pack(out, a, bits, 0);
}

void tacit_mldsa_matvec_row_c(int32_t r[TACIT_MLDSA_N], const tacit_mldsa_poly *a,
                              const tacit_mldsa_poly *v, unsigned l)
{
    unsigned j;

    tacit_mldsa_pointwise_c(r, a[0].c, v[0].c);
    for (j = 1; j < l; j++) {
        tacit_mldsa_pointwise_acc_c(r, a[j].c, v[j].c);
    }
    tacit_mldsa_reduce_c(r);
}

void tacit_mldsa_power2round_poly_c(int32_t t1[TACIT_MLDSA_N], int32_t t0[TACIT_MLDSA_N],
                                    const int32_t a[TACIT_MLDSA_N])
{
    unsigned i;
    for (i = 0; i < TACIT_MLDSA_N; i++) {
        tacit_mldsa_power2round(&t1[i], &t0[i], tacit_mldsa_caddq(tacit_mldsa_reduce32(a[i])));
    }
}

#else
typedef int tacit_mldsa_sign_kernels_unused;
#endif /* TACIT_MLDSA_C */
