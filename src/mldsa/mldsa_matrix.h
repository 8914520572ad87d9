/*
 * ML-DSA matrix products shared by key generation, the key checks of the
 * key formats and verification: w = A v with A streamed from rho, and
 * t = A s1 + s2 with its Power2Round split (one function for keygen and
 * tacit_mldsa_pk_from_sk).
 */
#ifndef TACIT_MLDSA_MATRIX_H
#define TACIT_MLDSA_MATRIX_H

#include "mldsa/mldsa_internal.h"
#include "mldsa/mldsa_kernel.h"

/*
 * Where the matrix is streamed: entries of A expanded four at a time with
 * the parallel SHAKE128 (TACIT_MLDSA_ROW_BUF polynomials of scratch), into
 * TACIT_MLDSA_W_ROWS = k accumulated rows at once; with
 * TACIT_MLDSA_SMALL_STACK one entry and one row at a time.
 */
#if defined(TACIT_MLDSA_SMALL_STACK)
#define TACIT_MLDSA_ROW_BUF 1
#define TACIT_MLDSA_W_ROWS 1
#else
#define TACIT_MLDSA_ROW_BUF 4
#define TACIT_MLDSA_W_ROWS TACIT_MLDSA_KMAX
#endif

/*
 * w[r] = sum_j A[i0 + r][j] v[j] (NTT domain) for r < rows, A expanded from
 * the public rho into abuf (TACIT_MLDSA_ROW_BUF polynomials).
 */
void tacit_mldsa_mat_times_vec(const tacit_mldsa_kernel *kern, tacit_mldsa_poly *w,
                               tacit_mldsa_poly *abuf, const unsigned char *rho, unsigned i0,
                               unsigned rows, const tacit_mldsa_poly *v, unsigned l);

/*
 * One run of the parallel Keccak for the last na (1 to 3) entries of A when
 * k l is not a multiple of four, its spare lanes making masks: lane t < na
 * the entry a[t] = A[idx[t][0]][idx[t][1]] (as tacit_mldsa_expand_a, so in
 * the kernel's NTT order), lane t >= na the mask y[t] = ExpandMask(rho'',
 * nonce t - na) (as tacit_mldsa_expand_mask_x4).  The signer's first masks
 * come from here.  Constant time in rho''; A is public.
 */
void tacit_mldsa_expand_a_masks_x4(tacit_mldsa_poly *a[4], const unsigned char rho[32],
                                   const unsigned char idx[4][2], unsigned na,
                                   tacit_mldsa_poly *y[4], const unsigned char rhopp[64],
                                   const tacit_mldsa_param_set *ps);

/*
 * t = A s1 + s2 (FIPS 204 Algorithm 6, steps 5-6) for the s1 and s2 packed
 * as in skEncode (sk_s1: l polynomials, then k of s2), then Power2Round:
 * t1 packed into pk_t1 (public: declassified), t0 packed into t0_out if it
 * is not NULL, else compared with t0_ref.  Returns all-ones if an s1/s2
 * coefficient is outside [-eta, eta] or t0 differs from t0_ref, else 0
 * (the caller decides what to reveal).  Constant time in s1, s2 and t0.
 * With TACIT_MLDSA_SMALL_STACK two polynomials of workspace (s1_j
 * unpacked and transformed again for every row, A's entries accumulated as
 * they are sampled).
 */
uint32_t tacit_mldsa_make_t(const tacit_mldsa_param_set *ps, const unsigned char rho[32],
                            const unsigned char *sk_s1, unsigned char *pk_t1, unsigned char *t0_out,
                            const unsigned char *t0_ref);

#endif /* TACIT_MLDSA_MATRIX_H */
