/*
 * The curve25519 area's one dispatch point: whether the MULX/ADX field runs.
 * It follows bignum's answer (the one probe, and bignum's test hook that
 * forces the portable path forces it here too).
 */
#include "tacit/config.h"

#include "curve25519/curve25519_fe.h"

#if defined(TACIT_FE25519_HAVE_ADX)

#include "bignum/bignum_core_limb.h"

int tacit_curve25519_cpu_has_adx(void)
{
    return tacit_mpi_core_cpu_has_adx();
}

#endif

typedef int tacit_curve25519_dispatch_unused;
