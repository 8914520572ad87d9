/*
 * Modular inversion of a PUBLIC value modulo a public odd n, fast: the
 * binary GCD with word-sized approximations (T. Pornin, "Optimized Binary
 * GCD for Modular Inversion", 2020), in a variable-time form.
 *
 * RSA blinding inverts t = r*u/R, which is uniformly random and independent
 * of the secret blinding factor r (see rsa_private.c), so a leaky inversion
 * is fine there; tacit_mpi_inv_mod (a textbook Euclid over heap integers)
 * cost a quarter of an RSA-2048 signature.
 *
 * Each outer step looks only at the low 31 bits and the top 33 bits of a
 * and b (a 64-bit approximation), runs 31 binary-GCD steps on them while
 * recording the transformation as a matrix [f0 g0; f1 g1] (|f|+|g| <= 2^31
 * per row), then applies it to the full numbers with a division by 2^31
 * (exact for a, b; Montgomery-style for the cofactors u, v mod n).  The low
 * bits are exact, so the result is exact; the approximated top bits only
 * make some steps suboptimal, which can leave a or b negative (negated
 * back).  About (bits(a) + bits(b)) / 31 outer steps.
 */
#include "rsa_internal.h"

#if defined(TACIT_RSA_C)

#include <stdint.h>
#include <string.h>

#define K1 31 /* inner steps per outer step */

/* bits [pos, pos + count) of X (count <= 64; bits past the end are 0) */
static uint64_t get_bits(const tacit_mpi_uint *X, size_t limbs, size_t pos, size_t count)
{
    uint64_t r = 0;
    size_t i;

    for (i = 0; i < count; i++) {
        size_t bit = pos + i, limb = bit / TACIT_MPI_LIMB_BITS;
        if (limb < limbs) {
            r |= (uint64_t)((X[limb] >> (bit % TACIT_MPI_LIMB_BITS)) & 1u) << i;
        }
    }
    return r;
}

/*
 * out (L+1 limbs) = |f*A + g*B| for A, B of L limbs, |f|, |g| <= 2^31;
 * returns 1 if the value is negative.  P, Q: L+1 limbs of scratch each.
 */
static int lincomb(tacit_mpi_uint *out, const tacit_mpi_uint *A, int64_t f, const tacit_mpi_uint *B,
                   int64_t g, size_t L, tacit_mpi_uint *P, tacit_mpi_uint *Q)
{
    tacit_mpi_uint fa = (tacit_mpi_uint)(f < 0 ? -f : f), ga = (tacit_mpi_uint)(g < 0 ? -g : g);

    memset(P, 0, (L + 1) * sizeof(*P));
    memset(Q, 0, (L + 1) * sizeof(*Q));
    P[L] = tacit_mpi_core_mla(P, A, L, fa);
    Q[L] = tacit_mpi_core_mla(Q, B, L, ga);
    if ((f < 0) == (g < 0)) {
        tacit_mpi_core_add(out, P, Q, L + 1); /* no carry: < 2^31 * 2^(L*biL) * 2 */
        return f < 0;
    }
    if (!tacit_mpi_core_lt_ct(P, Q, L + 1)) {
        tacit_mpi_core_sub(out, P, Q, L + 1);
        return f < 0;
    }
    tacit_mpi_core_sub(out, Q, P, L + 1);
    return g < 0;
}

/*
 * X = (f*U + g*V) / 2^31 mod N for U, V < N (L limbs); mm = -N^-1 mod 2^biL.
 * W: L+1 limbs, P, Q: L+1 limbs each.
 */
static void cofactor_update(tacit_mpi_uint *X, const tacit_mpi_uint *U, int64_t f,
                            const tacit_mpi_uint *V, int64_t g, const tacit_mpi_uint *N,
                            tacit_mpi_uint mm, size_t L, tacit_mpi_uint *W, tacit_mpi_uint *P,
                            tacit_mpi_uint *Q)
{
    int neg = lincomb(W, U, f, V, g, L, P, Q);
    /* W + t*N is divisible by 2^31: t = W * (-1/N) mod 2^31; W + tN < 2^32 N fits */
    tacit_mpi_uint t = (W[0] * mm) & (((tacit_mpi_uint)1 << K1) - 1);

    W[L] += tacit_mpi_core_mla(W, N, L, t);
    tacit_mpi_core_shift_r(W, L + 1, K1);
    /* now W < 2N */
    if (W[L] != 0 || !tacit_mpi_core_lt_ct(W, N, L)) {
        W[L] -= tacit_mpi_core_sub(W, W, N, L);
    }
    if (neg && !tacit_mpi_core_is_zero_ct(W, L)) {
        tacit_mpi_core_sub(W, N, W, L);
    }
    memcpy(X, W, L * sizeof(*X));
}

/*
 * Leaks: Y and N (the running time follows their binary GCD).
 * Only for: a public Y and a public odd N (see rsa_internal.h).
 */
int tacit_rsa_inv_mod_unsafe(tacit_mpi_uint *X, const tacit_mpi_uint *Y, const tacit_mpi_uint *N,
                             size_t L, tacit_mpi_uint mm, tacit_mpi_uint *T)
{
    tacit_mpi_uint *a = T, *b = a + L, *u = b + L, *v = u + L, *na = v + L, *nb = na + L + 1,
                   *P = nb + L + 1, *Q = P + L + 1;
    size_t iter, max_iter = (2 * L * TACIT_MPI_LIMB_BITS) / 16 + 16;

    memcpy(a, Y, L * sizeof(*a));
    memcpy(b, N, L * sizeof(*b));
    memset(u, 0, L * sizeof(*u));
    memset(v, 0, L * sizeof(*v));
    u[0] = 1;
    for (iter = 0; !tacit_mpi_core_is_zero_ct(a, L); iter++) {
        size_t la = tacit_mpi_core_bitlen_unsafe(a, L), lb = tacit_mpi_core_bitlen_unsafe(b, L), n,
               i;
        uint64_t xa, xb;
        int64_t f0 = 1, g0 = 0, f1 = 0, g1 = 1;
        int neg;

        if (iter == max_iter) {
            return TACIT_ERR_RSA_PRIVATE_FAILED; /* cannot happen: the bound is loose */
        }
        n = la > lb ? la : lb;
        if (n <= 64) {
            xa = get_bits(a, L, 0, 64);
            xb = get_bits(b, L, 0, 64);
        } else {
            xa = get_bits(a, L, 0, K1) | get_bits(a, L, n - 33, 33) << K1;
            xb = get_bits(b, L, 0, K1) | get_bits(b, L, n - 33, 33) << K1;
        }
        for (i = 0; i < K1; i++) {
            if ((xa & 1) == 0) {
                xa >>= 1;
            } else {
                if (xa < xb) {
                    uint64_t tx = xa;
                    int64_t tf = f0, tg = g0;
                    xa = xb;
                    xb = tx;
                    f0 = f1;
                    g0 = g1;
                    f1 = tf;
                    g1 = tg;
                }
                xa = (xa - xb) >> 1;
                f0 -= f1;
                g0 -= g1;
            }
            f1 *= 2;
            g1 *= 2;
        }
        /* a' = (f0 a + g0 b) / 2^31, b' = (f1 a + g1 b) / 2^31, exactly */
        neg = lincomb(na, a, f0, b, g0, L, P, Q);
        if ((na[0] & (((tacit_mpi_uint)1 << K1) - 1)) != 0) {
            return TACIT_ERR_RSA_PRIVATE_FAILED; /* not exact: a bug, never the input */
        }
        tacit_mpi_core_shift_r(na, L + 1, K1);
        if (neg) {
            f0 = -f0;
            g0 = -g0;
        }
        neg = lincomb(nb, a, f1, b, g1, L, P, Q);
        tacit_mpi_core_shift_r(nb, L + 1, K1);
        if (neg) {
            f1 = -f1;
            g1 = -g1;
        }
        memcpy(a, na, L * sizeof(*a));
        memcpy(b, nb, L * sizeof(*b));
        /* u' = (f0 u + g0 v) / 2^31 mod N, v' likewise; na, nb are free again */
        cofactor_update(na, u, f0, v, g0, N, mm, L, nb, P, Q);
        cofactor_update(v, u, f1, v, g1, N, mm, L, nb, P, Q);
        memcpy(u, na, L * sizeof(*u));
    }
    /* b = gcd(Y, N); the inverse exists iff it is 1 */
    memset(na, 0, L * sizeof(*na));
    na[0] = 1;
    if (!tacit_mpi_core_eq_ct(b, na, L)) {
        return TACIT_ERR_RSA_PRIVATE_FAILED;
    }
    memcpy(X, v, L * sizeof(*X));
    return 0;
}

#else
typedef int tacit_rsa_inv_unused;
#endif /* TACIT_RSA_C */
