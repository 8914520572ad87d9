/*
 * Constant-time modular inversion and gcd, compact form: the binary
 * extended gcd with one full-width step per iteration and a fixed
 * iteration count.  Compiled instead of bignum_core_inv.c's safegcd when
 * optimising for size (-Os defines __OPTIMIZE_SIZE__): a fraction of its
 * code (firmware), 9 (256 bits) to 40 (2048 bits) times slower on the
 * host: 2 b iterations of a dozen passes over the limbs, against 2.3 b
 * divsteps batched on words.
 *
 * One step on a, b (b odd) with a = u x, b = v x (mod M) for the inverse:
 *   if a is odd:  if a < b, swap (a, u) and (b, v);  a -= b, u -= v (mod M)
 *   then:         a /= 2, u /= 2 (mod M)
 * gcd(a, b) never changes (b stays odd, so halving a keeps it), and every
 * step with a != 0 lowers bitlen(a) + bitlen(b) by at least one, so after
 * 2 b steps (a, b < 2^b) a = 0 and b = gcd.  Every step does the same
 * masked work whatever the values: the timing depends on `limbs` only.
 */
#include "tacit/config.h"

#if defined(TACIT_BIGNUM_C) && defined(__OPTIMIZE_SIZE__)

#include <string.h>

#include "bignum/bignum_core.h"
#include "core/constant_time_internal.h"

/*
 * 2 * limbs * biL steps on a and b (b odd); with u != NULL (public) also
 * on u, v in [0, M), keeping them in [0, M).
 */
static void binary_steps(tacit_mpi_uint *a, tacit_mpi_uint *b, tacit_mpi_uint *u, tacit_mpi_uint *v,
                         const tacit_mpi_uint *M, size_t limbs)
{
    size_t i, steps = 2 * limbs * TACIT_MPI_LIMB_BITS;

    for (i = 0; i < steps; i++) {
        tacit_mpi_uint odd = tacit_ct_mask_from_bit_limb(a[0] & 1);
        tacit_mpi_uint swap = odd & tacit_mpi_core_lt_ct(a, b, limbs), c;

        tacit_mpi_core_cond_swap(a, b, limbs, swap);
        (void)tacit_mpi_core_sub_if(a, b, limbs, odd);
        tacit_mpi_core_shift_r(a, limbs, 1);
        if (u != NULL) {
            tacit_mpi_core_cond_swap(u, v, limbs, swap);
            c = tacit_mpi_core_sub_if(u, v, limbs, odd);
            (void)tacit_mpi_core_add_if(u, M, limbs, tacit_ct_mask_from_bit_limb(c));
            /* u / 2 mod M: (u + M) / 2 when u is odd, the carry shifted back in */
            c = tacit_mpi_core_add_if(u, M, limbs, tacit_ct_mask_from_bit_limb(u[0] & 1));
            tacit_mpi_core_shift_r(u, limbs, 1);
            u[limbs - 1] |= c << (TACIT_MPI_LIMB_BITS - 1);
        }
    }
}

size_t tacit_mpi_core_inv_mod_odd_ct_working_limbs(size_t limbs)
{
    return 4 * limbs; /* a, b, u, v */
}

tacit_mpi_uint tacit_mpi_core_inv_mod_odd_ct(tacit_mpi_uint *X, const tacit_mpi_uint *A,
                                             const tacit_mpi_uint *M, size_t limbs,
                                             tacit_mpi_uint *T)
{
    tacit_mpi_uint *a = T, *b = a + limbs, *u = b + limbs, *v = u + limbs, ok;
    size_t i;

    memcpy(a, A, limbs * sizeof(*a));
    memcpy(b, M, limbs * sizeof(*b));
    memset(u, 0, 2 * limbs * sizeof(*u));
    u[0] = 1; /* A = 1 A, M = 0 A */
    binary_steps(a, b, u, v, M, limbs);
    /* b = gcd(A, M) = v A (mod M): invertible iff b = 1 */
    b[0] ^= 1;
    ok = tacit_mpi_core_is_zero_ct(b, limbs);
    for (i = 0; i < limbs; i++) {
        X[i] = v[i] & ok;
    }
    return ok;
}

size_t tacit_mpi_core_gcd_ct_working_limbs(size_t limbs)
{
    return 3 * limbs; /* a, b, the secret shift's scratch */
}

/*
 * gcd(A, B) = 2^k gcd(a, b) with k the common power of two (a secret
 * count: masked shifts) and one of a = A / 2^k, b = B / 2^k odd, made b.
 * A = B = 0 runs on garbage and the result is masked to 0.
 */
void tacit_mpi_core_gcd_ct(tacit_mpi_uint *G, const tacit_mpi_uint *A, const tacit_mpi_uint *B,
                           size_t limbs, tacit_mpi_uint *T)
{
    size_t bits = limbs * TACIT_MPI_LIMB_BITS, k, i;
    tacit_mpi_uint *a = T, *b = a + limbs, *S = b + limbs, nz;

    /* b is made the odd one (the arguments in the other order) */
    k = tacit_mpi_core_gcd_prologue_ct(b, a, B, A, limbs, S, &nz);
    binary_steps(a, b, NULL, NULL, NULL, limbs);
    tacit_mpi_core_shift_l_secret(b, limbs, k, bits);
    for (i = 0; i < limbs; i++) {
        G[i] = b[i] & nz;
    }
}

#else
typedef int tacit_bignum_core_inv_small_unused;
#endif /* TACIT_BIGNUM_C && __OPTIMIZE_SIZE__ */
