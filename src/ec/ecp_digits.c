/*
 * What every ec scalar multiplication shares: the signed-window digits of a
 * secret scalar (see ecp_mul.c for the recoding), Booth digits for the
 * larger fixed-base combs, the masked table scan, and random field elements
 * for blinding.  ecp_mul.c and the curve-specific files (ecp_p521.c,
 * x86_64/p256_adx.c) call these; they call nothing back.
 */
#include "ec/ecp_internal.h"
#include "bignum/bignum_core.h"

#if defined(TACIT_ECP_C) && !defined(TACIT_ECP_SMALL)

#include <string.h>

#define W TACIT_ECP_W

/*
 * width (<= 8) bits of k starting at bit pos (bits beyond the n limbs read
 * as 0); pos and width are public.
 */
static uint32_t window_bits(const tacit_mpi_uint *k, size_t n, size_t pos, unsigned width)
{
    size_t limb = pos / TACIT_MPI_LIMB_BITS, off = pos % TACIT_MPI_LIMB_BITS;
    tacit_mpi_uint v = 0;

    if (limb < n) {
        v = k[limb] >> off;
        if (off + width > TACIT_MPI_LIMB_BITS && limb + 1 < n) {
            v |= k[limb + 1] << (TACIT_MPI_LIMB_BITS - off);
        }
    }
    return (uint32_t)v & ((1u << width) - 1);
}

/* W+1 bits of k starting at bit pos. */
static uint32_t scalar_bits(const tacit_mpi_uint *k, size_t n, size_t pos)
{
    return window_bits(k, n, pos, W + 1);
}

/*
 * Digit i of the odd scalar k as (table index, negative mask):
 * |d_i| = 2 * index + 1.
 */
static void scalar_digit(const tacit_ecp_curve *c, const tacit_mpi_uint *k, size_t i,
                         uint32_t *index, uint32_t *neg)
{
    uint32_t v = scalar_bits(k, c->limbs, W * i);
    uint32_t d, m;

    if (i + 1 == c->digits) {
        /* the last digit is the rest of k, positive; i is public */
        *index = ((v | 1u) - 1u) >> 1;
        *neg = 0;
        return;
    }
    if (i > 0) {
        v |= 1u;
    }
    d = v - (1u << W);                                    /* two's complement digit */
    m = tacit_ct_mask_from_bit_u32(((v >> W) & 1u) ^ 1u); /* negative when bit W is clear */
    *index = (((d ^ m) - m) - 1u) >> 1;
    *neg = m;
}

/*
 * Replace k by an odd scalar: kk = k or n - k; returns the mask "k was
 * even" (the result must then be negated).  k in [1, n-1].
 */
static tacit_mpi_uint make_odd(const tacit_ecp_curve *c, tacit_mpi_uint *kk,
                               const tacit_mpi_uint *k)
{
    tacit_mpi_uint even = tacit_ct_mask_from_bit_limb((k[0] & 1) ^ 1);
    tacit_mpi_uint t[TACIT_ECP_N];
    size_t i;

    tacit_ecp_modsub(t, c->n, k, c->n, c->limbs);
    for (i = 0; i < c->limbs; i++) {
        kk[i] = tacit_ct_select_limb(even, t[i], k[i]);
    }
    tacit_platform_zeroize(t, sizeof(t));
    return even;
}

#if defined(TACIT_TEST_HOOKS)
int tacit_ecp_test_select_path = TACIT_ECP_SELECT_AUTO;
#endif

/* The path depends on the CPU and the public entry size only, never on index. */
void tacit_ecp_select(tacit_mpi_uint *dst, const tacit_mpi_uint *table, size_t limbs, size_t count,
                      size_t index)
{
#if defined(TACIT_ECP_X86_64_AVX2)
    size_t bytes = limbs * sizeof(tacit_mpi_uint);

#if defined(TACIT_TEST_HOOKS)
    if (tacit_ecp_test_select_path == TACIT_ECP_SELECT_C) {
        bytes = 1; /* no vector path takes it */
    }
#endif
#if defined(TACIT_ECP_X86_64_AVX512)
    if (bytes % 32 == 0 && bytes >= 64 &&
#if defined(TACIT_TEST_HOOKS)
        tacit_ecp_test_select_path == TACIT_ECP_SELECT_AUTO &&
#endif
        tacit_ecp_cpu_has_avx512()) {
        tacit_ecp_select_avx512(dst, table, bytes / 32, count, index);
        return;
    }
#endif
    if (bytes % 32 == 0 && tacit_ecp_cpu_has_avx2()) {
        tacit_ecp_select_avx2(dst, table, bytes / 32, count, index);
        return;
    }
#endif
    tacit_ct_table_select_limbs(dst, table, limbs, count, index);
}

/* A random non-zero field element in Montgomery form, for blinding. */
static int random_fe(const tacit_ecp_curve *c, tacit_mpi_uint *r, tacit_rng_func f_rng, void *p_rng)
{
    tacit_mpi_uint k[TACIT_ECP_N];
    int ret;

    /* n < p for the three curves, so a scalar in [1, n-1] is a non-zero element */
    ret = tacit_ecp_random_scalar(c, k, f_rng, p_rng);
    if (ret == 0) {
        tacit_ecp_fe_to_mont(c, r, k);
    }
    tacit_platform_zeroize(k, sizeof(k));
    return ret;
}

void tacit_ecp_mul_digit(const tacit_ecp_curve *c, const tacit_mpi_uint *kk, size_t i,
                         uint32_t *index, uint32_t *neg)
{
    scalar_digit(c, kk, i, index, neg);
}

tacit_mpi_uint tacit_ecp_mul_make_odd(const tacit_ecp_curve *c, tacit_mpi_uint *kk,
                                      const tacit_mpi_uint *k)
{
    return make_odd(c, kk, k);
}

int tacit_ecp_mul_random_fe(const tacit_ecp_curve *c, tacit_mpi_uint *r, tacit_rng_func f_rng,
                            void *p_rng)
{
    return random_fe(c, r, f_rng, p_rng);
}

/*
 * Booth window t of width w (w <= 7) of k: the w + 1 bits wt - 1 .. wt + w - 1
 * (bit -1 reads as 0) as (magnitude 0..2^(w-1), negative mask) of the digit
 *     d_t = b(wt-1) + sum_{i<w-1} b(wt+i) 2^i - 2^(w-1) b(wt+w-1)
 *         = ((v + 1) >> 1) - 2^w (v >> w).
 * Summed with weights 2^(wt) the digits give k back exactly when the bits
 * above the last window are zero (k < 2^256 with 37 windows of 7 bits,
 * k < 2^521 with 105 windows of 5).
 */
void tacit_ecp_booth_digit(const tacit_mpi_uint *k, size_t n, size_t t, unsigned w, uint32_t *mag,
                           uint32_t *neg)
{
    uint32_t v, d, m;

    if (t == 0) {
        v = (uint32_t)(k[0] << 1) & ((2u << w) - 1u); /* t is public */
    } else {
        v = window_bits(k, n, w * t - 1, w + 1);
    }
    m = tacit_ct_mask_from_bit_u32(v >> w);
    d = (v + 1u) >> 1;
    *mag = ((d ^ m) - m) + (m & (1u << w)); /* d or 2^w - d */
    *neg = m;
}

#endif /* TACIT_ECP_C && !TACIT_ECP_SMALL */

typedef int tacit_ecp_digits_unused;
