/*
 * Ed25519 group arithmetic (the formulas: ed25519_point_impl.h) on the
 * MULX/ADX field: four saturated 64-bit limbs (limbs 0..3 of a
 * tacit_fe25519; limb 4 is not used), the kernels of
 * curve25519_fe64_x86_64_adx.h inlined into the formulas.  ed25519_point.c
 * calls these entry points, once per operation, when
 * tacit_curve25519_cpu_has_adx() says so.
 *
 * The elements are any values below 2^256 (congruent mod p), so every
 * output is "carried" in the sense of curve25519_fe.h and fe_carry is a
 * copy.  Constant time as the kernels are.
 */
#include "tacit/config.h"

#if defined(TACIT_ED25519_C)

#include "curve25519/curve25519_fe.h"

#if defined(TACIT_FE25519_HAVE_ADX)

#include <string.h>

#include "core/constant_time_internal.h"
#include "curve25519/x86_64/fe64_adx.h"
#include "curve25519/ge25519.h"
#include "tacit/platform.h"

static inline void fe_0(tacit_fe25519 h)
{
    int i;
    for (i = 0; i < TACIT_FE25519_LIMBS; i++) {
        h[i] = 0;
    }
}

static inline void fe_1(tacit_fe25519 h)
{
    fe_0(h);
    h[0] = 1;
}

static inline void fe_copy(tacit_fe25519 h, const tacit_fe25519 f)
{
    int i;
    for (i = 0; i < 4; i++) {
        h[i] = f[i];
    }
}

static inline void fe_add(tacit_fe25519 h, const tacit_fe25519 f, const tacit_fe25519 g)
{
    fe4_add(h, f, g);
}

static inline void fe_sub(tacit_fe25519 h, const tacit_fe25519 f, const tacit_fe25519 g)
{
    fe4_sub(h, f, g);
}

static inline void fe_mul(tacit_fe25519 h, const tacit_fe25519 f, const tacit_fe25519 g)
{
    fe4_mul(h, f, g);
}

static inline void fe_sq(tacit_fe25519 h, const tacit_fe25519 f)
{
    fe4_sq(h, f);
}

static inline void fe_carry(tacit_fe25519 h, const tacit_fe25519 f)
{
    fe_copy(h, f);
}

static inline void fe_neg(tacit_fe25519 h, const tacit_fe25519 f)
{
    static const uint64_t zero[4] = { 0, 0, 0, 0 };
    fe4_sub(h, zero, f);
}

static inline void fe_cswap(tacit_fe25519 f, tacit_fe25519 g, tacit_mpi_uint mask)
{
    fe4_cswap(f, g, mask);
}

static inline void fe_cmov(tacit_fe25519 f, const tacit_fe25519 g, tacit_mpi_uint mask)
{
    int i;
    for (i = 0; i < 4; i++) {
        f[i] ^= mask & (f[i] ^ g[i]);
    }
}

static inline void fe_frombytes(tacit_fe25519 h, const unsigned char s[32])
{
    tacit_fe25519_adx_frombytes(h, s);
    h[4] = 0;
}

static inline void fe_tobytes(unsigned char s[32], const tacit_fe25519 h)
{
    tacit_fe25519_adx_tobytes(s, h);
}

/* A table entry or constant of ed25519_table.c (canonical radix 2^51, limbs
 * below 2^51) repacked into four 64-bit limbs. */
static inline void fe_from_table(tacit_fe25519 h, const tacit_fe25519 t)
{
    uint64_t t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = t[4];
    h[0] = t0 | (t1 << 51);
    h[1] = (t1 >> 13) | (t2 << 38);
    h[2] = (t2 >> 26) | (t3 << 25);
    h[3] = (t3 >> 39) | (t4 << 12);
    h[4] = 0;
}

static inline void fe_invert(tacit_fe25519 h, const tacit_fe25519 f)
{
    tacit_fe25519_adx_invert(h, f);
}

static inline void fe_pow22523(tacit_fe25519 h, const tacit_fe25519 f)
{
    tacit_fe25519_adx_pow22523(h, f);
}

static inline tacit_mpi_uint fe_iszero(const tacit_fe25519 f)
{
    unsigned char s[32];
    uint32_t acc = 0;
    int i;

    fe_tobytes(s, f);
    for (i = 0; i < 32; i++) {
        acc |= s[i];
    }
    return (tacit_mpi_uint)tacit_ct_mask_eq_limb((tacit_mpi_uint)acc, 0);
}

static inline unsigned fe_isnegative(const tacit_fe25519 f)
{
    unsigned char s[32];
    fe_tobytes(s, f);
    return s[0] & 1u;
}

#define ED_API
#define ED_FN(name) tacit_ge25519_adx_##name

#include "curve25519/ed25519_point_impl.h"

#endif /* TACIT_FE25519_HAVE_ADX */

#endif /* TACIT_ED25519_C */
