/*
 * Scalars modulo the Ed25519 group order
 * L = 2^252 + 27742317777372353535851937790883648493, on the bignum_core
 * layer (fixed-size limb arrays, constant-time Montgomery reduction): a
 * 512-bit value (a SHA-512 output, or r + k a) is reduced with
 * tacit_mpi_core_mod_ct, whose time depends only on the limb counts.
 */
#include "tacit/config.h"

#if defined(TACIT_ED25519_C)

#include <string.h>

#include "bignum/bignum_core.h"
#include "curve25519/ed25519_internal.h"
#include "tacit/platform.h"

#define SC_LIMBS (32 / TACIT_MPI_LIMB_BYTES)

/* L and R^2 mod L (R = 2^256), little-endian. */
static const unsigned char L_BYTES[32] = {
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10,
};
static const unsigned char RR_BYTES[32] = {
    0x01, 0x0f, 0x9c, 0x44, 0xe3, 0x11, 0x06, 0xa4, 0x47, 0x93, 0x85, 0x68, 0xa7, 0x1b, 0x0e, 0xd0,
    0x65, 0xbe, 0xf5, 0x17, 0xd2, 0x73, 0xec, 0xce, 0x3d, 0x9a, 0x30, 0x7c, 0x1b, 0x41, 0x99, 0x03,
};

/* out = A mod L for A of 2 * SC_LIMBS limbs. */
static void reduce_limbs(unsigned char out[32], const tacit_mpi_uint *A)
{
    tacit_mpi_uint N[SC_LIMBS], RR[SC_LIMBS], X[SC_LIMBS];
    tacit_mpi_uint T[TACIT_MPI_CORE_MOD_CT_WORKING_LIMBS(SC_LIMBS)];
    tacit_mpi_uint mm;

    (void)tacit_mpi_core_read_le(N, SC_LIMBS, L_BYTES, 32);
    (void)tacit_mpi_core_read_le(RR, SC_LIMBS, RR_BYTES, 32);
    mm = tacit_mpi_core_mont_init(N);
    tacit_mpi_core_mod_ct(X, A, 2 * SC_LIMBS, N, SC_LIMBS, mm, RR, T);
    (void)tacit_mpi_core_write_le(X, SC_LIMBS, out, 32);
    tacit_platform_zeroize(X, sizeof(X));
    tacit_platform_zeroize(T, sizeof(T));
}

void tacit_sc25519_reduce64(unsigned char out[32], const unsigned char in[64])
{
    tacit_mpi_uint A[2 * SC_LIMBS];

    (void)tacit_mpi_core_read_le(A, 2 * SC_LIMBS, in, 64);
    reduce_limbs(out, A);
    tacit_platform_zeroize(A, sizeof(A));
}

void tacit_sc25519_muladd(unsigned char s[32], const unsigned char k[32], const unsigned char a[32],
                          const unsigned char r[32])
{
    tacit_mpi_uint K[SC_LIMBS], A[SC_LIMBS], P[2 * SC_LIMBS], R[2 * SC_LIMBS];

    (void)tacit_mpi_core_read_le(K, SC_LIMBS, k, 32);
    (void)tacit_mpi_core_read_le(A, SC_LIMBS, a, 32);
    (void)tacit_mpi_core_read_le(R, 2 * SC_LIMBS, r, 32);
    tacit_mpi_core_mul(P, K, SC_LIMBS, A, SC_LIMBS);
    /* k a < 2^509 and r < 2^256: the sum does not carry out of 512 bits */
    (void)tacit_mpi_core_add(P, P, R, 2 * SC_LIMBS);
    reduce_limbs(s, P);
    tacit_platform_zeroize(A, sizeof(A));
    tacit_platform_zeroize(P, sizeof(P));
    tacit_platform_zeroize(R, sizeof(R));
    tacit_platform_zeroize(K, sizeof(K));
}

int tacit_sc25519_is_canonical(const unsigned char s[32])
{
    uint32_t borrow = 0;
    int i;
    /* the borrow out of s - L, byte by byte (no early exit) */
    for (i = 0; i < 32; i++) {
        borrow = ((uint32_t)s[i] - L_BYTES[i] - borrow) >> 31;
    }
    return (int)borrow;
}

#endif /* TACIT_ED25519_C */
