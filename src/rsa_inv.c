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
 * Each outer step looks only at the low K1 bits and the top K1 + 2 bits of
 * a and b (a 2 K1 + 2-bit approximation), runs K1 binary-GCD steps on them
 * while recording the transformation as a matrix [f0 g0; f1 g1] (|f|+|g|
 * <= 2^K1 per row), then applies it to the full numbers with a division by
 * 2^K1 (exact for a, b; Montgomery-style for the cofactors u, v mod n).
 * The low bits are exact, so the result is exact; the approximated top
 * bits only make some steps suboptimal, which can leave a or b negative
 * (negated back).  About (bits(a) + bits(b)) / K1 outer steps.  K1 = 62
 * with 64-bit limbs and a 128-bit integer type (the matrix entries still
 * fit a limb and an int64_t), else 31.
 */
#include "rsa_internal.h"

#if defined(TACIT_RSA_C)

#include <stdint.h>
#include <string.h>

#include "bignum_core_limb.h" /* tacit_mpi_muladd: one limb product with carries */

/* K1: inner steps per outer step; approx: the type of the approximations */
#if TACIT_MPI_LIMB_BITS == 64 && defined(__SIZEOF_INT128__)
#define K1 62
__extension__ typedef unsigned __int128 approx;
#else
#define K1 31
typedef uint64_t approx;
#endif
#define APPROX_BITS (2 * K1 + 2)

/* bits [pos, pos + count) of X (count <= 64; bits past the end are 0) */
static uint64_t get_bits(const tacit_mpi_uint *X, size_t limbs, size_t pos, size_t count)
{
    uint64_t r = 0;
    size_t limb = pos / TACIT_MPI_LIMB_BITS, sh = pos % TACIT_MPI_LIMB_BITS, got = 0;

    /* limb by limb: at most three 32-bit or two 64-bit limbs */
    while (got < count && limb < limbs) {
        uint64_t w = (uint64_t)(X[limb] >> sh);
        r |= w << got;
        got += TACIT_MPI_LIMB_BITS - sh;
        sh = 0;
        limb++;
    }
    return count == 64 ? r : r & (((uint64_t)1 << count) - 1);
}

/* bits [pos, pos + count) of X as an approx (count <= APPROX_BITS) */
static approx approx_bits(const tacit_mpi_uint *X, size_t limbs, size_t pos, size_t count)
{
#if K1 == 62
    if (count > 64) {
        return get_bits(X, limbs, pos, 64) | (approx)get_bits(X, limbs, pos + 64, count - 64) << 64;
    }
#endif
    return get_bits(X, limbs, pos, count);
}

/*
 * out (L+1 limbs) = |f*A + g*B| for A, B of L limbs, |f| + |g| <= 2^K1;
 * returns 1 if the value is negative.  One pass: the two products limb by
 * limb, each XORed with its sign mask and the two +1 of the two's
 * complement negations added as the first carry (0, 1 or 2), then a
 * negation pass when the sum is negative (its top bit: |value| < 2^(biL*L
 * + K1), K1 < biL).
 */
static int lincomb(tacit_mpi_uint *out, const tacit_mpi_uint *A, int64_t f, const tacit_mpi_uint *B,
                   int64_t g, size_t L)
{
    tacit_mpi_uint fa = (tacit_mpi_uint)(f < 0 ? -f : f), ga = (tacit_mpi_uint)(g < 0 ? -g : g);
    tacit_mpi_uint mf = f < 0 ? TACIT_MPI_UINT_MAX : 0, mg = g < 0 ? TACIT_MPI_UINT_MAX : 0;
    tacit_mpi_uint cp = 0, cq = 0, cs = (tacit_mpi_uint)((f < 0) + (g < 0));
    size_t i;

    for (i = 0; i <= L; i++) {
        tacit_mpi_uint p, q, s, c;
        if (i < L) {
            p = tacit_mpi_muladd(&cp, A[i], fa, cp, 0) ^ mf;
            q = tacit_mpi_muladd(&cq, B[i], ga, cq, 0) ^ mg;
        } else {
            p = cp ^ mf;
            q = cq ^ mg;
        }
        s = p + q;
        c = (tacit_mpi_uint)(s < p);
        out[i] = s + cs;
        cs = c + (tacit_mpi_uint)(out[i] < s);
    }
    if ((out[L] >> (TACIT_MPI_LIMB_BITS - 1)) == 0) {
        return 0;
    }
    /* negative: out = -out = ~out + 1 */
    cs = 1;
    for (i = 0; i <= L; i++) {
        out[i] = ~out[i] + cs;
        cs = (tacit_mpi_uint)(out[i] < cs);
    }
    return 1;
}

/*
 * X = (f*U + g*V) / 2^K1 mod N for U, V < N (L limbs); mm = -N^-1 mod 2^biL.
 * W: L+1 limbs.
 */
static void cofactor_update(tacit_mpi_uint *X, const tacit_mpi_uint *U, int64_t f,
                            const tacit_mpi_uint *V, int64_t g, const tacit_mpi_uint *N,
                            tacit_mpi_uint mm, size_t L, tacit_mpi_uint *W)
{
    int neg = lincomb(W, U, f, V, g, L);
    /* W + t*N is divisible by 2^K1: t = W * (-1/N) mod 2^K1; W + tN < 2^(K1+1) N fits */
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
    tacit_mpi_uint *a = T, *b = a + L, *u = b + L, *v = u + L, *na = v + L, *nb = na + L + 1;
    size_t iter, max_iter = (2 * L * TACIT_MPI_LIMB_BITS) / 16 + 16;

    memcpy(a, Y, L * sizeof(*a));
    memcpy(b, N, L * sizeof(*b));
    memset(u, 0, L * sizeof(*u));
    memset(v, 0, L * sizeof(*v));
    u[0] = 1;
    for (iter = 0; !tacit_mpi_core_is_zero_ct(a, L); iter++) {
        size_t la = tacit_mpi_core_bitlen_unsafe(a, L), lb = tacit_mpi_core_bitlen_unsafe(b, L), n,
               i;
        approx xa, xb;
        int64_t f0 = 1, g0 = 0, f1 = 0, g1 = 1;
        int neg;

        if (iter == max_iter) {
            return TACIT_ERR_RSA_PRIVATE_FAILED; /* cannot happen: the bound is loose */
        }
        n = la > lb ? la : lb;
        if (n <= APPROX_BITS) {
            xa = approx_bits(a, L, 0, APPROX_BITS);
            xb = approx_bits(b, L, 0, APPROX_BITS);
        } else {
            xa = approx_bits(a, L, 0, K1) | approx_bits(a, L, n - (K1 + 2), K1 + 2) << K1;
            xb = approx_bits(b, L, 0, K1) | approx_bits(b, L, n - (K1 + 2), K1 + 2) << K1;
        }
        for (i = 0; i < K1; i++) {
            if ((xa & 1) == 0) {
                xa >>= 1;
            } else {
                if (xa < xb) {
                    approx tx = xa;
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
        /* a' = (f0 a + g0 b) / 2^K1, b' = (f1 a + g1 b) / 2^K1, exactly */
        neg = lincomb(na, a, f0, b, g0, L);
        if ((na[0] & (((tacit_mpi_uint)1 << K1) - 1)) != 0) {
            return TACIT_ERR_RSA_PRIVATE_FAILED; /* not exact: a bug, never the input */
        }
        tacit_mpi_core_shift_r(na, L + 1, K1);
        if (neg) {
            f0 = -f0;
            g0 = -g0;
        }
        neg = lincomb(nb, a, f1, b, g1, L);
        tacit_mpi_core_shift_r(nb, L + 1, K1);
        if (neg) {
            f1 = -f1;
            g1 = -g1;
        }
        memcpy(a, na, L * sizeof(*a));
        memcpy(b, nb, L * sizeof(*b));
        /* u' = (f0 u + g0 v) / 2^K1 mod N, v' likewise; na, nb are free again */
        cofactor_update(na, u, f0, v, g0, N, mm, L, nb);
        cofactor_update(v, u, f1, v, g1, N, mm, L, nb);
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
