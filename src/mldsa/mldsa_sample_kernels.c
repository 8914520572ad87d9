/*
 * The portable sampling kernels of ML-DSA's kernel table (mldsa_kernel.h):
 * rejection sampling of A's candidates and of ExpandS's nibbles, and the
 * constant-time SampleInBall.
 * They sit apart from mldsa_sample.c, which asks the table for the best
 * kernel, so that neither the dispatch file nor the x86-64 kernels (which
 * finish their tails with the portable sampler) call back into a caller of
 * the table.
 */
#include "tacit/config.h"

#if defined(TACIT_MLDSA_C)

#include "core/constant_time_internal.h"
#include "mldsa/mldsa_internal.h"
#include "mldsa/mldsa_sample_ct.h"

/*
 * Append the accepted 23-bit candidates of buf to a (from ctr on).
 * Leaks: which candidates of buf are below q, and how many.
 * Only for: the matrix A, expanded from the public seed rho.
 */
unsigned tacit_mldsa_rej_uniform_unsafe(int32_t *a, unsigned ctr, const unsigned char *buf,
                                        size_t len)
{
    size_t pos = 0;

    while (ctr < TACIT_MLDSA_N && pos + 3 <= len) {
        uint32_t t = (uint32_t)buf[pos] | ((uint32_t)buf[pos + 1] << 8) |
                     ((uint32_t)(buf[pos + 2] & 0x7f) << 16);
        pos += 3;
        if (t < TACIT_MLDSA_Q) {
            a[ctr++] = (int32_t)t;
        }
    }
    return ctr;
}

/*
 * RejBoundedPoly.  The coefficient values are computed without a branch
 * or a division; whether a nibble is skipped is declassified (the skipped
 * positions are independent of the coefficients kept, and rho' serves
 * only this sampling).
 */
unsigned tacit_mldsa_rej_eta_c(int32_t *a, unsigned ctr, const unsigned char *buf, size_t len,
                               unsigned eta)
{
    uint32_t limit = eta == 2 ? 15 : 9; /* public parameter */
    size_t i;

    for (i = 0; i < 2 * len && ctr < TACIT_MLDSA_N; i++) {
        uint32_t z = (uint32_t)(buf[i >> 1] >> ((i & 1) * 4)) & 15;
        int32_t v;
        uint32_t ok;
        if (eta == 2) {
            /* 2 - (z mod 5) for z < 15: z mod 5 = z - 5 floor(z * 205 / 1024) */
            v = 2 - (int32_t)(z - 5 * ((z * 205) >> 10));
        } else {
            v = 4 - (int32_t)z;
        }
        ok = tacit_ct_declassify_u32((z - limit) >> 31);
        a[ctr] = v;
        ctr += ok;
    }
    return ctr;
}

void tacit_mldsa_sample_in_ball_c(tacit_mldsa_poly *c, const unsigned char *ctilde,
                                  size_t ctilde_len, unsigned tau)
{
    tacit_mldsa_sample_in_ball_body(c, ctilde, ctilde_len, tau);
}

#else
typedef int tacit_mldsa_sample_kernels_unused;
#endif /* TACIT_MLDSA_C */
