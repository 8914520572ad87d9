/*
 * The AVX2 kernels of ML-DSA (poly_avx2.c), declared once for their file and
 * for the area's dispatch (mldsa_dispatch.c), which puts them in its kernel
 * table.  Each does what the portable entry of the table does, bit for bit,
 * except in the NTT domain (its order, and the inverse NTT's output
 * representative: poly_avx2.c).
 */
#ifndef TACIT_MLDSA_X86_64_POLY_AVX2_H
#define TACIT_MLDSA_X86_64_POLY_AVX2_H

#include <stddef.h>
#include <stdint.h>

#include "mldsa/mldsa_internal.h"

void tacit_mldsa_ntt_avx2(int32_t a[TACIT_MLDSA_N]);
void tacit_mldsa_invntt_tomont_avx2(int32_t a[TACIT_MLDSA_N]);
void tacit_mldsa_ntt_order_avx2(int32_t a[TACIT_MLDSA_N]);
extern const uint8_t tacit_mldsa_ntt_index_avx2[TACIT_MLDSA_N];
void tacit_mldsa_pointwise_avx2(int32_t r[TACIT_MLDSA_N], const int32_t a[TACIT_MLDSA_N],
                                const int32_t b[TACIT_MLDSA_N]);
void tacit_mldsa_pointwise_acc_avx2(int32_t r[TACIT_MLDSA_N], const int32_t a[TACIT_MLDSA_N],
                                    const int32_t b[TACIT_MLDSA_N]);
void tacit_mldsa_poly_decompose_avx2(int32_t r1[TACIT_MLDSA_N], int32_t r0[TACIT_MLDSA_N],
                                     const int32_t a[TACIT_MLDSA_N], int32_t gamma2);
void tacit_mldsa_poly_use_hint_avx2(int32_t r[TACIT_MLDSA_N], const int32_t a[TACIT_MLDSA_N],
                                    const int32_t h[TACIT_MLDSA_N], int32_t gamma2);
void tacit_mldsa_reduce_avx2(int32_t a[TACIT_MLDSA_N]);
void tacit_mldsa_split_w_avx2(int32_t w1[TACIT_MLDSA_N], int32_t w0[TACIT_MLDSA_N],
                              const int32_t w[TACIT_MLDSA_N], int32_t gamma2);
uint32_t tacit_mldsa_make_z_avx2(int32_t z[TACIT_MLDSA_N], const int32_t y[TACIT_MLDSA_N],
                                 int32_t bound);
uint32_t tacit_mldsa_make_z_cs2_avx2(int32_t z[TACIT_MLDSA_N], int32_t cs2[TACIT_MLDSA_N],
                                     const int32_t y[TACIT_MLDSA_N], int32_t bound);
uint32_t tacit_mldsa_make_hint_avx2(unsigned char h[TACIT_MLDSA_N], const int32_t w0[TACIT_MLDSA_N],
                                    const int32_t w1[TACIT_MLDSA_N],
                                    const int32_t cs2[TACIT_MLDSA_N],
                                    const int32_t ct0[TACIT_MLDSA_N], int32_t gamma2, int32_t beta,
                                    uint32_t *count);
void tacit_mldsa_unpack_z_avx2(int32_t a[TACIT_MLDSA_N], const unsigned char *in, unsigned z_bits);
void tacit_mldsa_pack_w1_avx2(unsigned char *out, const int32_t a[TACIT_MLDSA_N], unsigned bits);
void tacit_mldsa_matvec_row_avx2(int32_t r[TACIT_MLDSA_N], const tacit_mldsa_poly *a,
                                 const tacit_mldsa_poly *v, unsigned l);
void tacit_mldsa_power2round_poly_avx2(int32_t t1[TACIT_MLDSA_N], int32_t t0[TACIT_MLDSA_N],
                                       const int32_t a[TACIT_MLDSA_N]);
void tacit_mldsa_pack_avx2(unsigned char *out, const int32_t a[TACIT_MLDSA_N], unsigned bits,
                           int32_t off);
void tacit_mldsa_unpack_avx2(int32_t a[TACIT_MLDSA_N], const unsigned char *in, unsigned bits,
                             int32_t off);
unsigned tacit_mldsa_rej_uniform_avx2_unsafe(int32_t *a, unsigned ctr, const unsigned char *buf,
                                             size_t len);
unsigned tacit_mldsa_rej_eta_avx2(int32_t *a, unsigned ctr, const unsigned char *buf, size_t len,
                                  unsigned eta);
void tacit_mldsa_sample_in_ball_avx2(tacit_mldsa_poly *c, const unsigned char *ctilde,
                                     size_t ctilde_len, unsigned tau);

#endif /* TACIT_MLDSA_X86_64_POLY_AVX2_H */
