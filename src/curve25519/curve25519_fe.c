/*
 * GF(2^255 - 19): the operations that do not depend on the limb layout
 * (inversion and the square-root power by the fixed addition chains of
 * curve25519_fe_chain_impl.h, masked swap and move, comparisons through the
 * canonical encoding).
 */
#include "tacit/config.h"

#if defined(TACIT_X25519_C) || defined(TACIT_ED25519_C)

#include "curve25519/curve25519_fe.h"
#include "core/constant_time_internal.h"
#include "tacit/platform.h"

void tacit_fe25519_0(tacit_fe25519 h)
{
    int i;
    for (i = 0; i < TACIT_FE25519_LIMBS; i++) {
        h[i] = 0;
    }
}

void tacit_fe25519_1(tacit_fe25519 h)
{
    tacit_fe25519_0(h);
    h[0] = 1;
}

void tacit_fe25519_copy(tacit_fe25519 h, const tacit_fe25519 f)
{
    int i;
    for (i = 0; i < TACIT_FE25519_LIMBS; i++) {
        h[i] = f[i];
    }
}

void tacit_fe25519_neg(tacit_fe25519 h, const tacit_fe25519 f)
{
    tacit_fe25519 z;
    tacit_fe25519_0(z);
    tacit_fe25519_sub(h, z, f);
}

#define FE_CHAIN_API
#define FE_CHAIN_FN(name) tacit_fe25519_##name
#define FE_CHAIN_T tacit_fe25519
#define fe_sq tacit_fe25519_sq
#define fe_mul tacit_fe25519_mul
#include "curve25519/curve25519_fe_chain_impl.h"

void tacit_fe25519_cswap(tacit_fe25519 f, tacit_fe25519 g, tacit_mpi_uint mask)
{
    int i;
    for (i = 0; i < TACIT_FE25519_LIMBS; i++) {
        tacit_mpi_uint x = mask & (f[i] ^ g[i]);
        f[i] ^= x;
        g[i] ^= x;
    }
}

void tacit_fe25519_cmov(tacit_fe25519 f, const tacit_fe25519 g, tacit_mpi_uint mask)
{
    int i;
    for (i = 0; i < TACIT_FE25519_LIMBS; i++) {
        f[i] ^= mask & (f[i] ^ g[i]);
    }
}

tacit_mpi_uint tacit_fe25519_iszero(const tacit_fe25519 f)
{
    unsigned char s[32];
    uint32_t acc = 0;
    int i;

    tacit_fe25519_tobytes(s, f);
    for (i = 0; i < 32; i++) {
        acc |= s[i];
    }
    return (tacit_mpi_uint)tacit_ct_mask_eq_limb((tacit_mpi_uint)acc, 0);
}

unsigned tacit_fe25519_isnegative(const tacit_fe25519 f)
{
    unsigned char s[32];
    tacit_fe25519_tobytes(s, f);
    return s[0] & 1u;
}

#endif /* TACIT_X25519_C || TACIT_ED25519_C */
