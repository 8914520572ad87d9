/*
 * Ed25519 group arithmetic (the formulas: ed25519_point_impl.h) on the field
 * of curve25519_fe.h: radix 2^51 with 64-bit limbs, radix 2^25.5 with 32-bit
 * limbs.
 *
 * Where the MULX/ADX field is built (TACIT_FE25519_HAVE_ADX), the same
 * formulas are compiled a second time on it (ed25519_point_x86_64_adx.c),
 * and each entry point below picks one of the two once per call from
 * bignum_core's cached CPU probe (tacit_curve25519_cpu_has_adx; the test hook
 * tacit_mpi_core_test_path forces either), so that the field operations
 * inside pay no per-operation check.  Points only travel between entry
 * points under one answer of the probe: it does not change during a process,
 * except when a test sets the hook, which it does between operations.
 */
#include "tacit/config.h"

#if defined(TACIT_ED25519_C)

#include <string.h>

#include "core/constant_time_internal.h"
#include "curve25519/ge25519.h"
#include "tacit/platform.h"

#define fe_0 tacit_fe25519_0
#define fe_1 tacit_fe25519_1
#define fe_copy tacit_fe25519_copy
#define fe_add tacit_fe25519_add
#define fe_sub tacit_fe25519_sub
#define fe_mul tacit_fe25519_mul
#define fe_sq tacit_fe25519_sq
#define fe_carry tacit_fe25519_carry
#define fe_neg tacit_fe25519_neg
#define fe_cswap tacit_fe25519_cswap
#define fe_cmov tacit_fe25519_cmov
#define fe_frombytes tacit_fe25519_frombytes
#define fe_tobytes tacit_fe25519_tobytes
#define fe_from_table tacit_fe25519_from_table
#define fe_invert tacit_fe25519_invert
#define fe_pow22523 tacit_fe25519_pow22523
#define fe_iszero tacit_fe25519_iszero
#define fe_isnegative tacit_fe25519_isnegative

#if defined(TACIT_FE25519_HAVE_ADX)
#define ED_API static
#define ED_FN(name) portable_##name
#else
#define ED_API
#define ED_FN(name) tacit_ge25519_##name
#endif

#include "curve25519/ed25519_point_impl.h"

#if defined(TACIT_FE25519_HAVE_ADX)

void tacit_ge25519_scalarmult_base(tacit_ge25519_p3 *h, const unsigned char a[32])
{
    if (tacit_curve25519_cpu_has_adx()) {
        tacit_ge25519_adx_scalarmult_base(h, a);
    } else {
        portable_scalarmult_base(h, a);
    }
}

void tacit_ge25519_tobytes(unsigned char s[32], const tacit_ge25519_p3 *h)
{
    if (tacit_curve25519_cpu_has_adx()) {
        tacit_ge25519_adx_tobytes(s, h);
    } else {
        portable_tobytes(s, h);
    }
}

void tacit_ge25519_p2_tobytes(unsigned char s[32], const tacit_ge25519_p2 *h)
{
    if (tacit_curve25519_cpu_has_adx()) {
        tacit_ge25519_adx_p2_tobytes(s, h);
    } else {
        portable_p2_tobytes(s, h);
    }
}

int tacit_ge25519_frombytes_negate_unsafe(tacit_ge25519_p3 *h, const unsigned char s[32])
{
    if (tacit_curve25519_cpu_has_adx()) {
        return tacit_ge25519_adx_frombytes_negate_unsafe(h, s);
    }
    return portable_frombytes_negate_unsafe(h, s);
}

void tacit_ge25519_double_scalarmult_unsafe(tacit_ge25519_p2 *r, const unsigned char a[32],
                                            const tacit_ge25519_p3 *A, const unsigned char b[32])
{
    if (tacit_curve25519_cpu_has_adx()) {
        tacit_ge25519_adx_double_scalarmult_unsafe(r, a, A, b);
    } else {
        portable_double_scalarmult_unsafe(r, a, A, b);
    }
}

#if defined(TACIT_X25519_C)
void tacit_ge25519_scalarmult_base_u(unsigned char u[32], const unsigned char a[32])
{
    if (tacit_curve25519_cpu_has_adx()) {
        tacit_ge25519_adx_scalarmult_base_u(u, a);
    } else {
        portable_scalarmult_base_u(u, a);
    }
}
#endif

#endif /* TACIT_FE25519_HAVE_ADX */

#endif /* TACIT_ED25519_C */
