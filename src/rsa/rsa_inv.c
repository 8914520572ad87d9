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
 * <= 2^K1 per row), then applies it to a and b with an exact division by
 * 2^K1, over the limbs they still have, and to the cofactors u and v
 * without one (they stay exact signed integers; the accumulated power of
 * two is divided out mod n once at the end).  The low bits are exact, so
 * the result is exact; the approximated top bits only make some steps
 * suboptimal, which can leave a or b negative (negated back).  About
 * (bits(a) + bits(b)) / K1 outer steps.  K1 = 62 with 64-bit limbs and a
 * 128-bit integer type (the matrix entries still fit a limb and an
 * int64_t), else 31.  The inner steps take a run of halvings at once and
 * the subtract-and-swap step without a branch (it is a coin toss for the
 * branch predictor): variable time, but faster on random inputs.
 */
#include "rsa/rsa_internal.h"

#if defined(TACIT_RSA_C)

#include <stdint.h>
#include <string.h>

#include "bignum/bignum_core_limb.h" /* tacit_mpi_muladd: one limb product with carries */

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

/* The number of trailing zero bits of x, at least K1 for x = 0. */
static unsigned ctz_approx(approx x)
{
    unsigned k = 0;

    if (x == 0) {
        return K1;
    }
#if defined(__GNUC__) || defined(__clang__)
    if ((uint64_t)x == 0) {
        k = 64;
        x >>= 32; /* two shifts: x >> 64 is undefined when approx has 64 bits */
        x >>= 32;
    }
    return k + (unsigned)__builtin_ctzll((uint64_t)x);
#else
    while ((x & 1) == 0) {
        x >>= 1;
        k++;
    }
    return k;
#endif
}

/* out = -out (two's complement, n limbs) */
static void negate(tacit_mpi_uint *out, size_t n)
{
    tacit_mpi_uint cs = 1;
    size_t i;

    for (i = 0; i < n; i++) {
        out[i] = ~out[i] + cs;
        cs = (tacit_mpi_uint)(out[i] < cs);
    }
}

/*
 * The two combinations of a step in one pass over A and B (L limbs each;
 * OA and OB get L + 1 limbs and may be A and B themselves: limb i is
 * written after it is read): OA = |fa*A + ga*B|, OB = |fb*A + gb*B| for
 * |fa| + |ga|, |fb| + |gb| <= 2^K1.  Per value: the two products limb by
 * limb, each XORed with its sign mask and the two +1 of the two's
 * complement negations added as the first carry (0, 1 or 2), then a
 * negation pass when the sum is negative (its top bit: |value| < 2^(biL*L
 * + K1), K1 < biL).  Returns bit 0 set if the first value was negative,
 * bit 1 if the second was.
 */
static int lincomb2(tacit_mpi_uint *OA, tacit_mpi_uint *OB, const tacit_mpi_uint *A,
                    const tacit_mpi_uint *B, int64_t fa, int64_t ga, int64_t fb, int64_t gb,
                    size_t L)
{
    tacit_mpi_uint afa = (tacit_mpi_uint)(fa < 0 ? -fa : fa),
                   aga = (tacit_mpi_uint)(ga < 0 ? -ga : ga);
    tacit_mpi_uint afb = (tacit_mpi_uint)(fb < 0 ? -fb : fb),
                   agb = (tacit_mpi_uint)(gb < 0 ? -gb : gb);
    tacit_mpi_uint mfa = fa < 0 ? TACIT_MPI_UINT_MAX : 0, mga = ga < 0 ? TACIT_MPI_UINT_MAX : 0;
    tacit_mpi_uint mfb = fb < 0 ? TACIT_MPI_UINT_MAX : 0, mgb = gb < 0 ? TACIT_MPI_UINT_MAX : 0;
    tacit_mpi_uint c1 = 0, c2 = 0, c3 = 0, c4 = 0;
    tacit_mpi_uint sa = (tacit_mpi_uint)((fa < 0) + (ga < 0)),
                   sb = (tacit_mpi_uint)((fb < 0) + (gb < 0));
    size_t i;
    int neg = 0;

    for (i = 0; i <= L; i++) {
        tacit_mpi_uint p1, p2, p3, p4, s, t;
        if (i < L) {
            tacit_mpi_uint x = A[i], y = B[i];
            p1 = tacit_mpi_muladd(&c1, x, afa, c1, 0) ^ mfa;
            p2 = tacit_mpi_muladd(&c2, y, aga, c2, 0) ^ mga;
            p3 = tacit_mpi_muladd(&c3, x, afb, c3, 0) ^ mfb;
            p4 = tacit_mpi_muladd(&c4, y, agb, c4, 0) ^ mgb;
        } else {
            p1 = c1 ^ mfa;
            p2 = c2 ^ mga;
            p3 = c3 ^ mfb;
            p4 = c4 ^ mgb;
        }
        s = p1 + p2;
        t = (tacit_mpi_uint)(s < p1);
        OA[i] = s + sa;
        sa = t + (tacit_mpi_uint)(OA[i] < s);
        s = p3 + p4;
        t = (tacit_mpi_uint)(s < p3);
        OB[i] = s + sb;
        sb = t + (tacit_mpi_uint)(OB[i] < s);
    }
    if ((OA[L] >> (TACIT_MPI_LIMB_BITS - 1)) != 0) {
        negate(OA, L + 1);
        neg |= 1;
    }
    if ((OB[L] >> (TACIT_MPI_LIMB_BITS - 1)) != 0) {
        negate(OB, L + 1);
        neg |= 2;
    }
    return neg;
}

/*
 * X = Z * 2^-s mod N for a non-negative Z of zl limbs (zl >= L), N odd of
 * L limbs, mm = -N^-1 mod 2^biL; Z is destroyed.  Z * 2^d first (d < biL,
 * so that s + d is a whole number j of limbs), then j word-by-word
 * Montgomery steps (Z += N * (Z[0] * mm), which clears the low limb, then
 * drop it), after which Z < Z 2^d / 2^(biL j) + N, then subtractions of N
 * (one at most when Z 2^d < 2^(biL j) N, as in RSA blinding: |v| < N and
 * at least bits(N) / K1 steps).  Returns 0, or -1 if more than four
 * subtractions were needed (never seen; the caller then draws again).  Z
 * has zl + 2 limbs of room.
 */
static int unscale(tacit_mpi_uint *X, tacit_mpi_uint *Z, size_t zl, size_t s,
                   const tacit_mpi_uint *N, size_t L, tacit_mpi_uint mm)
{
    size_t j = (s + TACIT_MPI_LIMB_BITS - 1) / TACIT_MPI_LIMB_BITS, d = j * TACIT_MPI_LIMB_BITS - s;
    size_t len = zl + 2, k;

    Z[zl] = 0;
    Z[zl + 1] = 0;
    tacit_mpi_core_shift_l(Z, len, d);
    for (k = 0; k < j; k++) {
        tacit_mpi_uint c = tacit_mpi_core_mla(Z, N, L, Z[0] * mm);
        tacit_mpi_core_add_limb(Z + L, Z + L, c, len - L);
        tacit_mpi_core_shift_r(Z, len, TACIT_MPI_LIMB_BITS);
    }
    for (k = 0; !tacit_mpi_core_is_zero_ct(Z + L, len - L) || !tacit_mpi_core_lt_ct(Z, N, L); k++) {
        if (k == 4) {
            return -1;
        }
        tacit_mpi_core_sub_limb(Z + L, Z + L, tacit_mpi_core_sub(Z, Z, N, L), len - L);
    }
    memcpy(X, Z, L * sizeof(*X));
    return 0;
}

/*
 * Leaks: Y and N (the running time follows their binary GCD).
 * Only for: a public Y and a public odd N (see rsa_internal.h).
 *
 * The transformation matrices are applied to the cofactors u, v exactly,
 * as signed integers (a magnitude and a sign), instead of dividing by
 * 2^K1 mod N every step: with k steps so far, 2^(K1 k) a = u Y and
 * 2^(K1 k) b = v Y mod N.  The cofactors grow while a and b shrink (|u| b
 * + |v| a stays near N), so a step costs about L limbs of products in
 * all, and one division by 2^(K1 k) mod N at the end (unscale) replaces
 * the per-step reductions.
 */
int tacit_rsa_inv_mod_unsafe(tacit_mpi_uint *X, const tacit_mpi_uint *Y, const tacit_mpi_uint *N,
                             size_t L, tacit_mpi_uint mm, tacit_mpi_uint *T)
{
    size_t CL = L + 4; /* room for the cofactors (they stay below about N) */
    tacit_mpi_uint *a = T, *b = a + L, *u = b + L, *v = u + CL, *na = v + CL, *nb = na + CL + 1;
    size_t iter, max_iter = (2 * L * TACIT_MPI_LIMB_BITS) / 16 + 16, lu = 1;
    int su = 0, sv = 0;

    memcpy(a, Y, L * sizeof(*a));
    memcpy(b, N, L * sizeof(*b));
    memset(u, 0, CL * sizeof(*u));
    memset(v, 0, CL * sizeof(*v));
    u[0] = 1;
    for (iter = 0; !tacit_mpi_core_is_zero_ct(a, L); iter++) {
        size_t la = tacit_mpi_core_bitlen_unsafe(a, L), lb = tacit_mpi_core_bitlen_unsafe(b, L), n,
               i, ln;
        approx xa, xb;
        int64_t f0 = 1, g0 = 0, f1 = 0, g1 = 1;
        int neg;

        if (iter == max_iter || lu >= CL) {
            return TACIT_ERR_RSA_PRIVATE_FAILED; /* cannot happen: the bounds are loose */
        }
        n = la > lb ? la : lb;
        if (n <= APPROX_BITS) {
            xa = approx_bits(a, L, 0, APPROX_BITS);
            xb = approx_bits(b, L, 0, APPROX_BITS);
        } else {
            xa = approx_bits(a, L, 0, K1) | approx_bits(a, L, n - (K1 + 2), K1 + 2) << K1;
            xb = approx_bits(b, L, 0, K1) | approx_bits(b, L, n - (K1 + 2), K1 + 2) << K1;
        }
        /*
         * A run of halvings first (a is odd after it unless the K1 steps
         * are used up), then rounds of one subtract-and-swap (a odd, so
         * a - b is even) followed by the run of halvings it leaves:
         * (a, b) = (|a - b| / 2^k, min(a, b)) with the matrix rows to
         * match.  Both are selected with masks, not branches: which way a
         * round goes and how far it shifts are coin tosses a branch
         * predictor would miss.
         */
        i = ctz_approx(xa);
        if (i > K1) {
            i = K1;
        }
        xa >>= i;
        f1 = (int64_t)((uint64_t)f1 << i);
        g1 = (int64_t)((uint64_t)g1 << i);
        while (i < K1) {
            uint64_t m = (uint64_t)0 - (uint64_t)(xa < xb); /* all ones: swap */
            approx mw = (approx)m << 32 << 32 | m, d = xa - xb;
            int64_t df = f0 - f1, dg = g0 - g1;
            unsigned k;

            d = (d ^ mw) - mw;    /* |a - b| */
            xb ^= (xa ^ xb) & mw; /* min(a, b) */
            f1 ^= (f0 ^ f1) & (int64_t)m;
            g1 ^= (g0 ^ g1) & (int64_t)m;
            f0 = (df ^ (int64_t)m) - (int64_t)m;
            g0 = (dg ^ (int64_t)m) - (int64_t)m;
            k = ctz_approx(d);
            if (k == 0) {
                return TACIT_ERR_RSA_PRIVATE_FAILED; /* b even: N was not odd */
            }
            if (k > K1 - i) {
                k = (unsigned)(K1 - i);
            }
            xa = d >> k;
            f1 = (int64_t)((uint64_t)f1 << k);
            g1 = (int64_t)((uint64_t)g1 << k);
            i += k;
        }
        /*
         * a' = (f0 a + g0 b) / 2^K1, b' = (f1 a + g1 b) / 2^K1, exactly; both
         * are at most max(a, b) (|f| + |g| <= 2^K1), so only the ln limbs
         * that a and b still have take part (the ones above stay zero).
         */
        ln = (n + TACIT_MPI_LIMB_BITS - 1) / TACIT_MPI_LIMB_BITS;
        neg = lincomb2(na, nb, a, b, f0, g0, f1, g1, ln);
        if (((na[0] | nb[0]) & (((tacit_mpi_uint)1 << K1) - 1)) != 0) {
            return TACIT_ERR_RSA_PRIVATE_FAILED; /* not exact: a bug, never the input */
        }
        if (neg & 1) {
            f0 = -f0;
            g0 = -g0;
        }
        if (neg & 2) {
            f1 = -f1;
            g1 = -g1;
        }
        /* a, b = na, nb >> K1 (below 2^(biL ln): the top limb's bits shift in) */
        for (i = 0; i < ln; i++) {
            a[i] = na[i] >> K1 | na[i + 1] << (TACIT_MPI_LIMB_BITS - K1);
            b[i] = nb[i] >> K1 | nb[i + 1] << (TACIT_MPI_LIMB_BITS - K1);
        }
        /* u' = f0 u + g0 v, v' = f1 u + g1 v, exactly, in place (the signs of u, v folded into f, g) */
        neg = lincomb2(u, v, u, v, su ? -f0 : f0, sv ? -g0 : g0, su ? -f1 : f1, sv ? -g1 : g1, lu);
        su = neg & 1;
        sv = neg >> 1;
        if (u[lu] != 0 || v[lu] != 0) {
            lu++;
        }
    }
    /* b = gcd(Y, N); the inverse exists iff it is 1 */
    memset(na, 0, L * sizeof(*na));
    na[0] = 1;
    if (!tacit_mpi_core_eq_ct(b, na, L)) {
        return TACIT_ERR_RSA_PRIVATE_FAILED;
    }
    /* 2^(K1 iter) = v Y mod N: Y^-1 = v / 2^(K1 iter), negated if v < 0 */
    if (lu < L) {
        lu = L;
    }
    memcpy(na, v, lu * sizeof(*na));
    if (unscale(na, na, lu, K1 * iter, N, L, mm) != 0) {
        return TACIT_ERR_RSA_PRIVATE_FAILED;
    }
    if (sv && !tacit_mpi_core_is_zero_ct(na, L)) {
        tacit_mpi_core_sub(na, N, na, L);
    }
    memcpy(X, na, L * sizeof(*X));
    return 0;
}

#else
typedef int tacit_rsa_inv_unused;
#endif /* TACIT_RSA_C */
