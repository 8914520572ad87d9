/*
 * Constant-time modular inversion and gcd on fixed-size limb arrays.
 *
 * Inversion modulo an odd M: Bernstein and Yang's "safegcd" divsteps
 * (ePrint 2019/266), in the form libsecp256k1 documents for its modinv64:
 * the divsteps of one batch depend only on the low bits of f and g, so D of
 * them (D = 62 with 64-bit digits, 30 with 32-bit ones) are run on single
 * words while a 2x2 transition matrix (scaled by 2^D) is recorded; the
 * matrix is then applied to the full f, g (an exact division by 2^D) and to
 * the cofactors d, e modulo M (made divisible by 2^D by adding a multiple of
 * M, as in Montgomery reduction).  The number of divsteps is the bound of
 * the paper's Theorem 11.2 for inputs below 2^b, b = limbs * biL: at least
 * (49b + 80) / 17, after which g = 0 and f = +-gcd(M, A).  Every batch does
 * the same work on every digit: the timing depends on `limbs` only.
 *
 * Numbers inside are in "signed digits": K digits of D bits, each in
 * [0, 2^D) except the most significant, which is signed.  d and e stay in
 * (-2M, M) (libsecp256k1's argument, which needs only |u| + |v| <= 2^D for
 * each row of the scaled matrix, true after D divsteps).
 *
 * gcd: the binary (Stein) algorithm with masks: the common power of two is
 * counted with masks, then 2 * b steps of "both odd: subtract the smaller
 * from the larger; halve the even one", then the power of two is restored
 * by a shift whose count is secret (log2(b) masked passes).
 */
#include "tacit/config.h"

#if defined(TACIT_BIGNUM_C)

#include <stdint.h>
#include <string.h>

#include "bignum_core.h"
#include "bignum_core_limb.h"
#include "constant_time_internal.h"

#if TACIT_MPI_LIMB_BITS == 64 && defined(__SIZEOF_INT128__) &&                                     \
    !defined(TACIT_MPI_CORE_FORCE_PORTABLE)
typedef int64_t inv_sd;  /* a signed digit */
typedef uint64_t inv_ud; /* the same bits, unsigned (for shifts and masks) */
__extension__ typedef __int128 inv_sdd;
#define INV_D 62
#define INV_W 64
#else
typedef int32_t inv_sd;
typedef uint32_t inv_ud;
typedef int64_t inv_sdd;
#define INV_D 30
#define INV_W 32
#endif
#define INV_MASK (((inv_ud)1 << INV_D) - 1)

/* Digits for a b-bit modulus: values up to 2^(b+2) in magnitude, plus a margin. */
static size_t inv_digits(size_t limbs)
{
    return (limbs * TACIT_MPI_LIMB_BITS) / INV_D + 2;
}

size_t tacit_mpi_core_inv_mod_odd_ct_working_limbs(size_t limbs)
{
    /* f, g, d, e, M: five arrays of K digits, as limbs (a digit is at most a limb) */
    size_t bytes = 5 * inv_digits(limbs) * sizeof(inv_sd);
    return (bytes + sizeof(tacit_mpi_uint) - 1) / sizeof(tacit_mpi_uint) + 2 * (limbs + 1);
}

/* Bits [pos, pos + D) of A (limbs limbs; bits past the end are 0).  pos is public. */
static inv_ud get_digit(const tacit_mpi_uint *A, size_t limbs, size_t pos)
{
    inv_ud r = 0;
    size_t got = 0;

    while (got < INV_D) {
        size_t bit = pos + got, li = bit / TACIT_MPI_LIMB_BITS, off = bit % TACIT_MPI_LIMB_BITS;
        size_t take = TACIT_MPI_LIMB_BITS - off;
        tacit_mpi_uint w;
        if (li >= limbs) {
            break;
        }
        if (take > INV_D - got) {
            take = INV_D - got;
        }
        w = A[li] >> off;
        if (take < TACIT_MPI_LIMB_BITS) {
            w &= ((tacit_mpi_uint)1 << take) - 1;
        }
        r |= (inv_ud)w << got;
        got += take;
    }
    return r;
}

static void to_digits(inv_sd *x, size_t K, const tacit_mpi_uint *A, size_t limbs)
{
    size_t i;

    for (i = 0; i < K; i++) {
        x[i] = (inv_sd)get_digit(A, limbs, i * INV_D);
    }
}

/*
 * X (limbs limbs) = the low limbs*biL bits of the two's complement of x
 * (digits in [0, 2^D) below a signed top digit).
 */
static void from_digits(tacit_mpi_uint *X, size_t limbs, const inv_sd *x, size_t K)
{
    size_t i, li = 0, have = 0;
    tacit_mpi_uint acc = 0;
    tacit_mpi_uint sign = (tacit_mpi_uint)0 - (tacit_mpi_uint)((inv_ud)x[K - 1] >> (INV_W - 1));

    memset(X, 0, limbs * sizeof(*X));
    for (i = 0; i < K && li < limbs; i++) {
        inv_ud v = (inv_ud)x[i];
        size_t left = INV_D;
        if (i == K - 1) {
            left = INV_W; /* the top digit carries the sign on */
        } else {
            v &= INV_MASK;
        }
        while (left > 0 && li < limbs) {
            size_t room = TACIT_MPI_LIMB_BITS - have, take = left < room ? left : room;
            tacit_mpi_uint part = (tacit_mpi_uint)v;
            if (take < TACIT_MPI_LIMB_BITS) {
                part &= ((tacit_mpi_uint)1 << take) - 1;
            }
            acc |= part << have;
            have += take;
            left -= take;
            v = take < INV_W ? v >> take : 0;
            if (have == TACIT_MPI_LIMB_BITS) {
                X[li++] = acc;
                acc = 0;
                have = 0;
            }
        }
    }
    if (li < limbs) {
        /* sign-extend the rest */
        acc |= sign << have;
        X[li++] = acc;
        while (li < limbs) {
            X[li++] = (tacit_mpi_uint)sign;
        }
    }
}

/*
 * D divsteps on the low words of f and g; *delta is updated and t gets the
 * transition matrix scaled by 2^D: 2^D (f', g') = (t0 f + t1 g, t2 f + t3 g).
 */
static void divsteps(inv_sd *delta, inv_ud f, inv_ud g, inv_sd t[4])
{
    inv_ud u = 1, v = 0, q = 0, r = 1, d = (inv_ud)*delta, c1, c2, x, y, z;
    int i;

    for (i = 0; i < INV_D; i++) {
        /*
         * c1: delta > 0; c2: g odd.  g += (c1 ? -f : f) when g is odd; when
         * both hold, f += the new g, which makes it the old g: the swap
         * (delta, f, g) -> (-delta, g, (g - f) / 2) without a swap.  The
         * rows (u, v) and (q, r) of the matrix follow f and g.
         */
        c1 = (inv_ud)((inv_sd)((inv_ud)0 - d) >> (INV_W - 1)); /* arithmetic shift */
        c2 = (inv_ud)0 - (g & 1);
        x = (f ^ c1) - c1;
        y = (u ^ c1) - c1;
        z = (v ^ c1) - c1;
        g += x & c2;
        q += y & c2;
        r += z & c2;
        c1 &= c2;
        d = ((d ^ c1) - c1) + 1;
        f += g & c1;
        u += q & c1;
        v += r & c1;
        /* g /= 2, which the matrix records by doubling the other row */
        g >>= 1;
        u <<= 1;
        v <<= 1;
    }
    *delta = (inv_sd)d;
    t[0] = (inv_sd)u;
    t[1] = (inv_sd)v;
    t[2] = (inv_sd)q;
    t[3] = (inv_sd)r;
}

/* (f, g) = (t0 f + t1 g, t2 f + t3 g) / 2^D, exactly. */
static void update_fg(inv_sd *f, inv_sd *g, size_t K, const inv_sd t[4])
{
    inv_sdd cf, cg;
    size_t i;

    cf = (inv_sdd)t[0] * f[0] + (inv_sdd)t[1] * g[0];
    cg = (inv_sdd)t[2] * f[0] + (inv_sdd)t[3] * g[0];
    cf >>= INV_D;
    cg >>= INV_D;
    for (i = 1; i < K; i++) {
        cf += (inv_sdd)t[0] * f[i] + (inv_sdd)t[1] * g[i];
        cg += (inv_sdd)t[2] * f[i] + (inv_sdd)t[3] * g[i];
        f[i - 1] = (inv_sd)((inv_ud)cf & INV_MASK);
        g[i - 1] = (inv_sd)((inv_ud)cg & INV_MASK);
        cf >>= INV_D;
        cg >>= INV_D;
    }
    f[K - 1] = (inv_sd)cf;
    g[K - 1] = (inv_sd)cg;
}

/*
 * (d, e) = (t0 d + t1 e, t2 d + t3 e) / 2^D mod M, keeping both in (-2M, M);
 * mi = M^-1 mod 2^D.
 */
static void update_de(inv_sd *d, inv_sd *e, size_t K, const inv_sd t[4], const inv_sd *M, inv_ud mi)
{
    inv_ud sd = (inv_ud)0 - ((inv_ud)d[K - 1] >> (INV_W - 1));
    inv_ud se = (inv_ud)0 - ((inv_ud)e[K - 1] >> (INV_W - 1));
    inv_ud md, me;
    inv_sdd cd, ce;
    size_t i;

    /* a negative d or e gets M added (through the matrix) to stay in range */
    md = ((inv_ud)t[0] & sd) + ((inv_ud)t[1] & se);
    me = ((inv_ud)t[2] & sd) + ((inv_ud)t[3] & se);
    cd = (inv_sdd)t[0] * d[0] + (inv_sdd)t[1] * e[0];
    ce = (inv_sdd)t[2] * d[0] + (inv_sdd)t[3] * e[0];
    /* and a multiple of M that makes the low D bits zero */
    md -= (mi * (inv_ud)cd + md) & INV_MASK;
    me -= (mi * (inv_ud)ce + me) & INV_MASK;
    cd += (inv_sdd)M[0] * (inv_sd)md;
    ce += (inv_sdd)M[0] * (inv_sd)me;
    cd >>= INV_D;
    ce >>= INV_D;
    for (i = 1; i < K; i++) {
        cd += (inv_sdd)t[0] * d[i] + (inv_sdd)t[1] * e[i] + (inv_sdd)M[i] * (inv_sd)md;
        ce += (inv_sdd)t[2] * d[i] + (inv_sdd)t[3] * e[i] + (inv_sdd)M[i] * (inv_sd)me;
        d[i - 1] = (inv_sd)((inv_ud)cd & INV_MASK);
        e[i - 1] = (inv_sd)((inv_ud)ce & INV_MASK);
        cd >>= INV_D;
        ce >>= INV_D;
    }
    d[K - 1] = (inv_sd)cd;
    e[K - 1] = (inv_sd)ce;
}

/* If mask: X = -X (two's complement over limbs limbs). */
static void cond_neg(tacit_mpi_uint *X, size_t limbs, tacit_mpi_uint mask)
{
    tacit_mpi_uint c = mask & 1;
    size_t i;

    for (i = 0; i < limbs; i++) {
        tacit_mpi_uint v = (X[i] ^ mask) + c;
        c = (tacit_mpi_uint)(v < c);
        X[i] = v;
    }
}

tacit_mpi_uint tacit_mpi_core_inv_mod_odd_ct(tacit_mpi_uint *X, const tacit_mpi_uint *A,
                                             const tacit_mpi_uint *M, size_t limbs,
                                             tacit_mpi_uint *T)
{
    size_t K = inv_digits(limbs), b = limbs * TACIT_MPI_LIMB_BITS, steps, i;
    inv_sd *f = (inv_sd *)(void *)T, *g = f + K, *d = g + K, *e = d + K, *m = e + K, t[4];
    inv_sd delta = 1;
    tacit_mpi_uint *W =
        T + (5 * K * sizeof(inv_sd) + sizeof(tacit_mpi_uint) - 1) / sizeof(tacit_mpi_uint);
    tacit_mpi_uint *V = W + limbs + 1, neg, ok, one;
    inv_ud mi = (inv_ud)M[0];

    /* mi = M^-1 mod 2^W by Newton's iteration (each doubles the correct bits) */
    for (i = 0; i < 5; i++) {
        mi *= 2 - (inv_ud)M[0] * mi;
    }
    to_digits(f, K, M, limbs);
    to_digits(m, K, M, limbs);
    to_digits(g, K, A, limbs);
    memset(d, 0, K * sizeof(*d));
    memset(e, 0, K * sizeof(*e));
    e[0] = 1;
    /* Theorem 11.2 of the paper with f^2 + 4 g^2 < 5 * 2^(2b) */
    steps = (49 * b + 80 + 16) / 17;
    for (i = 0; i < steps; i += INV_D) {
        divsteps(&delta, (inv_ud)f[0], (inv_ud)g[0], t);
        update_fg(f, g, K, t);
        update_de(d, e, K, t, m, mi);
    }
    /* f = +-gcd(M, A); the inverse is +-d, d in (-2M, M) */
    from_digits(W, limbs + 1, d, K);
    from_digits(V, limbs + 1, f, K);
    neg = (tacit_mpi_uint)0 - (W[limbs] >> (TACIT_MPI_LIMB_BITS - 1));
    W[limbs] += tacit_mpi_core_add_if(W, M, limbs, neg); /* (-M, M) */
    neg = (tacit_mpi_uint)0 - (V[limbs] >> (TACIT_MPI_LIMB_BITS - 1));
    cond_neg(W, limbs + 1, neg); /* sign of f */
    cond_neg(V, limbs + 1, neg); /* |f| */
    neg = (tacit_mpi_uint)0 - (W[limbs] >> (TACIT_MPI_LIMB_BITS - 1));
    W[limbs] += tacit_mpi_core_add_if(W, M, limbs, neg); /* [0, M) */
    /* invertible iff |f| = 1 */
    one = V[0];
    V[0] ^= 1;
    ok = tacit_mpi_core_is_zero_ct(V, limbs + 1);
    V[0] = one;
    for (i = 0; i < limbs; i++) {
        X[i] = W[i] & ok;
    }
    return ok;
}

/* ---- gcd ---------------------------------------------------------------------- */

size_t tacit_mpi_core_gcd_ct_working_limbs(size_t limbs)
{
    return 3 * limbs;
}

/* If mask: X >>= 1 (in place). */
static void cond_shr1(tacit_mpi_uint *X, size_t limbs, tacit_mpi_uint mask)
{
    size_t i;

    for (i = 0; i < limbs; i++) {
        tacit_mpi_uint hi = i + 1 < limbs ? X[i + 1] : 0;
        tacit_mpi_uint s = (X[i] >> 1) | (hi << (TACIT_MPI_LIMB_BITS - 1));
        X[i] = (s & mask) | (X[i] & ~mask);
    }
}

void tacit_mpi_core_gcd_ct(tacit_mpi_uint *G, const tacit_mpi_uint *A, const tacit_mpi_uint *B,
                           size_t limbs, tacit_mpi_uint *T)
{
    tacit_mpi_uint *a = T, *b = a + limbs, *w = b + limbs, still, both_even;
    size_t i, bits = limbs * TACIT_MPI_LIMB_BITS, k = 0;

    memcpy(a, A, limbs * sizeof(*a));
    memcpy(b, B, limbs * sizeof(*b));
    /* k = the common power of two (while both are even and not both zero) */
    still = ~tacit_mpi_core_is_zero_ct(a, limbs) | ~tacit_mpi_core_is_zero_ct(b, limbs);
    for (i = 0; i < bits; i++) {
        both_even = still & tacit_ct_mask_from_bit_limb(((a[0] | b[0]) & 1) ^ 1);
        cond_shr1(a, limbs, both_even);
        cond_shr1(b, limbs, both_even);
        k += (size_t)(both_even & 1);
        still = both_even;
    }
    /* one of a, b is odd now (or both are zero) */
    for (i = 0; i < 2 * bits; i++) {
        tacit_mpi_uint both_odd = tacit_ct_mask_from_bit_limb(a[0] & b[0] & 1);
        tacit_mpi_uint swap = both_odd & tacit_mpi_core_lt_ct(a, b, limbs), a_even;
        tacit_mpi_core_cond_swap(a, b, limbs, swap);
        (void)tacit_mpi_core_sub_if(a, b, limbs, both_odd);
        a_even = tacit_ct_mask_from_bit_limb((a[0] & 1) ^ 1);
        cond_shr1(a, limbs, a_even);
        cond_shr1(b, limbs, ~a_even);
    }
    /* one of them is zero: the other is the odd part of the gcd */
    for (i = 0; i < limbs; i++) {
        w[i] = a[i] | b[i];
    }
    tacit_mpi_core_shift_l_secret(w, limbs, k, bits);
    memcpy(G, w, limbs * sizeof(*G));
}

#else
typedef int tacit_bignum_core_inv_unused;
#endif /* TACIT_BIGNUM_C */
