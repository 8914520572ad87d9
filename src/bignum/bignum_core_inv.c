/*
 * Constant-time modular inversion and gcd on fixed-size limb arrays.
 *
 * Both run Bernstein and Yang's "safegcd" divsteps (ePrint 2019/266): a
 * divstep maps (delta, f, g), f odd, to (1 - delta, g, (g - f) / 2) when
 * delta > 0 and g is odd, else to (1 + delta, f, (g + (g odd) f) / 2).
 * delta starts at 1/2 (the "half-delta" variant of libsecp256k1), for which
 * g = 0 and f = +-gcd(f0, g0) after n divsteps whenever 0 <= g0 <= f0 <=
 * 2^b, f0 odd and 9437 b + 1 <= 4096 n: a bound proven in HOL Light for
 * s2n-bignum (about 2.3 b divsteps, 20% fewer than the paper's 49 b / 17
 * for delta = 1).  b = limbs * biL + 2, so the count depends on `limbs`
 * only; g0 <= f0 is arranged by starting from f0 = M + 2 A, g0 = A (see
 * f_start).
 *
 * The next D divsteps depend only on the low D bits of f and g, so they run
 * on single words (D = 62 with 64-bit limbs and 128-bit products, 30
 * otherwise) while a 2x2 transition matrix (scaled by 2^D) is recorded; the
 * matrix is then applied to the full f, g (an exact division by 2^D) and,
 * for the inverse, to the cofactors d, e modulo M (made divisible by 2^D by
 * adding a multiple of M, as in Montgomery reduction; libsecp256k1's
 * modinv64 documents the same scheme and the argument that keeps d and e in
 * (-2M, M)).  The word-sized divsteps themselves run in groups of up to N
 * (14 or 6) steps on two packed words, value and matrix row in one word, so
 * one step is about 16 instructions (see divsteps_group; on x86-64, 17
 * with CMOV and a 3-cycle chain, bignum_core_inv_x86_64.h).  Every batch does
 * the same work on every digit: the timing depends on `limbs` only.
 *
 * Numbers inside are in "signed digits": K digits of D bits, each in
 * [0, 2^D) except the most significant, which is signed.
 */
#include "tacit/config.h"

/* -Os builds take the compact form instead: bignum_core_inv_small.c */
#if defined(TACIT_BIGNUM_C) && !defined(__OPTIMIZE_SIZE__)

#include <stdint.h>
#include <string.h>

#include "bignum/bignum_core.h"
#include "bignum/bignum_core_limb.h"
#include "core/constant_time_internal.h"

#if TACIT_MPI_LIMB_BITS == 64 && defined(__SIZEOF_INT128__) &&                                     \
    !defined(TACIT_MPI_CORE_FORCE_PORTABLE)
typedef int64_t inv_sd;  /* a signed digit */
typedef uint64_t inv_ud; /* the same bits, unsigned (for shifts and masks) */
__extension__ typedef __int128 inv_sdd;
#define INV_W 64
#define INV_D 62 /* divsteps per batch = bits per digit */
#define INV_N 14 /* divsteps per packed group: 4 N + 5 <= W */
#else
typedef int32_t inv_sd;
typedef uint32_t inv_ud;
typedef int64_t inv_sdd;
#define INV_W 32
#define INV_D 30
#define INV_N 6
#endif
#define INV_MASK (((inv_ud)1 << INV_D) - 1)
#include "bignum/bignum_core_inv_pack.h"

#include "bignum/x86_64/gcd_avx2.h"
#include "bignum/x86_64/inv_ifma.h"
#include "bignum/x86_64/inv_x86_64.h"
#if defined(TACIT_MPI_HAVE_X86_64_INV_ASM) && (INV_N != 14 || INV_D - 4 * INV_N != 6)
#error "the x86-64 divstep kernel is written for groups of 14 and 6 steps"
#endif

/* Unrolled word loops (constant shift counts) unless optimising for size. */
#if defined(__GNUC__) && !defined(__OPTIMIZE_SIZE__)
#define INV_UNROLL _Pragma("GCC unroll 16")
#else
#define INV_UNROLL
#endif

/*
 * Digits for values below 2^(b+2) in magnitude (f, g < 2^(b+2), see
 * f_start; d, e in (-2M, M)): D (K - 1) >= b + 3 - D, so the signed top
 * digit stays below 2^(D-1) in magnitude.
 */
static size_t inv_digits(size_t limbs)
{
    return (limbs * TACIT_MPI_LIMB_BITS + 2) / INV_D + 1;
}

#if INV_W != TACIT_MPI_LIMB_BITS
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
#endif

static void to_digits(inv_sd *x, size_t K, const tacit_mpi_uint *A, size_t limbs)
{
    size_t i;

#if INV_W == TACIT_MPI_LIMB_BITS
    /* a digit spans at most two limbs: two shifts, not get_digit's bit loop */
    for (i = 0; i < K; i++) {
        size_t pos = i * INV_D, li = pos / INV_W, off = pos % INV_W;
        inv_ud lo = li < limbs ? (inv_ud)A[li] : 0, hi = li + 1 < limbs ? (inv_ud)A[li + 1] : 0;
        if (off != 0) {
            lo = (lo >> off) | (hi << (INV_W - off));
        }
        x[i] = (inv_sd)(lo & INV_MASK);
    }
#else
    for (i = 0; i < K; i++) {
        x[i] = (inv_sd)get_digit(A, limbs, i * INV_D);
    }
#endif
}

/*
 * X (limbs limbs) = the low limbs*biL bits of the two's complement of x
 * (digits in [0, 2^D) below a signed top digit).
 */
#if INV_W == TACIT_MPI_LIMB_BITS
/* Digit k of x as a word, the sign word past the top digit. */
static inv_ud digit_or_sign(const inv_sd *x, size_t K, size_t k)
{
    return k < K ? (inv_ud)x[k] : (inv_ud)(x[K - 1] >> (INV_W - 1));
}

/*
 * A limb starts at an even bit offset of a digit (W - D = 2 and W is
 * even), at most D - 2, so the digit holds D - off of its bits and the
 * next digit the other off + 2 <= D: two digits, two shifts.  The digits
 * below the top are in [0, 2^D), so the OR adds nothing above them; the
 * top digit, negative, brings its sign bits, as the sign word does.
 */
static void from_digits(tacit_mpi_uint *X, size_t limbs, const inv_sd *x, size_t K)
{
    size_t j;

    for (j = 0; j < limbs; j++) {
        size_t pos = j * INV_W, k = pos / INV_D, off = pos % INV_D;
        X[j] = (tacit_mpi_uint)((digit_or_sign(x, K, k) >> off) |
                                (digit_or_sign(x, K, k + 1) << (INV_D - off)));
    }
}
#else
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
#endif

/*
 * n <= N divsteps on packed words; *zeta = -(delta + 1/2) is updated, m gets the
 * transition matrix scaled by 2^n: 2^n (f', g') = (m0 f + m1 g, m2 f + m3 g).
 *
 * Instead of halving g, each step doubles f's row: after j steps the f side
 * holds 2^j f_j = u f + v g and the g side 2^j g_j = q f + r g, so a divstep
 * is one of (A, B) -> (2A, B), (2A, B + A), (2B, B - A) applied alike to a
 * value and its row.  That lets one word carry all three: A = L + 2^PA u +
 * 2^PB v with L = u (f mod 2^N) + v (g mod 2^N), and B likewise with q, r.
 * Bit j of L_B is the parity of g_j (only the low N bits of f and g can
 * reach it), and the fields never collide: |u| + |v| <= 2^j <= 2^N, so
 * |L| < 2^(2N) fits below PA = 2N + 1 and u, v fit N + 2 bits each.  All
 * masks: c1 = (delta > 0) is the sign of zeta, c2 = (g_j odd) the bit j of B.
 */
static inline void divsteps_group(inv_sd *zeta, inv_ud f, inv_ud g, inv_sd m[4], inv_ud p[4], int n)
{
    inv_ud a, b, z = (inv_ud)*zeta;

    inv_pack(&a, &b, f, g);
#if defined(TACIT_MPI_HAVE_X86_64_INV_ASM)
    /* the same steps with CMOV (bignum_core_inv_x86_64.h); n is N or D - 4 N */
    if (n == INV_N) {
        INV_X86_64_STEPS(a, b, z, 14);
    } else {
        INV_X86_64_STEPS(a, b, z, 6);
    }
#else
    inv_ud c1, c2, x, s;
    int j;

    INV_UNROLL
    for (j = 0; j < n; j++) {
        c1 = (inv_ud)((inv_sd)z >> (INV_W - 1));                      /* delta > 0 */
        c2 = (inv_ud)((inv_sd)(b << (INV_W - 1 - j)) >> (INV_W - 1)); /* g_j odd */
        c1 &= c2;                                                     /* swap */
        x = ((a & c2) ^ c1) - c1;                                     /* 0, A or -A */
        s = (a ^ b) & c1;
        b += x;
        a = (a ^ s) << 1;
        z = (z ^ c1) - 1; /* delta = 1 + (swap ? -delta : delta) */
    }
#endif
    *zeta = (inv_sd)z;
    inv_unpack(a, b, m, p);
}

/*
 * D divsteps from the low words of f and g, in groups of N (the last one
 * shorter); t gets the product of the groups' matrices, scaled by 2^D.
 * Each row of a group's matrix has |u| + |v| <= 2^n, so each row of t has
 * |.| + |.| <= 2^D (what the update of d and e needs).  After `done` steps
 * the words nf, ng (the previous words times the last group's matrix, over
 * 2^n, modulo 2^W) have W - done >= n correct low bits for the next group;
 * forming them from the last group alone, not from the product t, keeps
 * the product's multiplications off the chain from group to group.
 *
 * steps (public) is D, or for a last batch fewer (a multiple of N): t is
 * then shifted up to the same scale 2^D, which the updates divide by.
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
divsteps_n(inv_sd *zeta, inv_ud f, inv_ud g, inv_sd t[4], int steps)
{
    /* locals (no pointer may alias them): zeta and the matrices stay in registers */
    inv_sd z = *zeta, m[4], r[4], t0, t1;
    inv_ud nf, ng, fg, p[4];
    int done;

    fg = (f + g) << (INV_N + 1); /* the biases' share, off the chain */
    divsteps_group(&z, f, g, r, p, INV_N);
    nf = inv_next_word(p[0], p[1], f, g, fg, INV_N);
    ng = inv_next_word(p[2], p[3], f, g, fg, INV_N);
    INV_UNROLL
    for (done = INV_N; done < steps; done += INV_N) {
        int n = steps - done < INV_N ? steps - done : INV_N;
        inv_ud f2;
        fg = (nf + ng) << (INV_N + 1);
        divsteps_group(&z, nf, ng, m, p, n);
        /* the next start from this group's matrix: off the chain through r */
        if (done + n < steps) {
            f2 = inv_next_word(p[0], p[1], nf, ng, fg, n);
            ng = inv_next_word(p[2], p[3], nf, ng, fg, n);
            nf = f2;
        }
        t0 = m[0] * r[0] + m[1] * r[2];
        t1 = m[0] * r[1] + m[1] * r[3];
        r[2] = m[2] * r[0] + m[3] * r[2];
        r[3] = m[2] * r[1] + m[3] * r[3];
        r[0] = t0;
        r[1] = t1;
    }
    *zeta = z;
    t[0] = (inv_sd)((inv_ud)r[0] << (INV_D - steps));
    t[1] = (inv_sd)((inv_ud)r[1] << (INV_D - steps));
    t[2] = (inv_sd)((inv_ud)r[2] << (INV_D - steps));
    t[3] = (inv_sd)((inv_ud)r[3] << (INV_D - steps));
}

/*
 * (f, g) = (t0 f + t1 g, t2 f + t3 g) / 2^D, exactly.  (The matrix is copied
 * to locals, and each product accumulated on its own, so the compiler keeps
 * it in registers across the stores and adds each 128-bit product once.)
 */
static void update_fg(inv_sd *f, inv_sd *g, size_t K, const inv_sd t[4])
{
    const inv_sd t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3];
    inv_sdd cf, cg;
    inv_sd fi, gi;
    size_t i;

    fi = f[0];
    gi = g[0];
    cf = (inv_sdd)t0 * fi;
    cf += (inv_sdd)t1 * gi;
    cg = (inv_sdd)t2 * fi;
    cg += (inv_sdd)t3 * gi;
    cf >>= INV_D;
    cg >>= INV_D;
    for (i = 1; i < K; i++) {
        fi = f[i];
        gi = g[i];
        cf += (inv_sdd)t0 * fi;
        cf += (inv_sdd)t1 * gi;
        cg += (inv_sdd)t2 * fi;
        cg += (inv_sdd)t3 * gi;
        f[i - 1] = (inv_sd)((inv_ud)cf & INV_MASK);
        g[i - 1] = (inv_sd)((inv_ud)cg & INV_MASK);
        cf >>= INV_D;
        cg >>= INV_D;
    }
    f[K - 1] = (inv_sd)cf;
    g[K - 1] = (inv_sd)cg;
}

#if !defined(TACIT_MPI_HAVE_X86_64_INV_ASM) /* else update_fgde does its work */
/*
 * (d, e) = (t0 d + t1 e, t2 d + t3 e) / 2^D mod M, keeping both in (-2M, M);
 * mi = M^-1 mod 2^D.
 */
static void update_de(inv_sd *d, inv_sd *e, size_t K, const inv_sd t[4], const inv_sd *M, inv_ud mi)
{
    const inv_sd t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3];
    inv_ud sd = (inv_ud)0 - ((inv_ud)d[K - 1] >> (INV_W - 1));
    inv_ud se = (inv_ud)0 - ((inv_ud)e[K - 1] >> (INV_W - 1));
    inv_ud md, me;
    inv_sd di, ei, mdi, mei;
    inv_sdd cd, ce;
    size_t i;

    /* a negative d or e gets M added (through the matrix) to stay in range */
    md = ((inv_ud)t0 & sd) + ((inv_ud)t1 & se);
    me = ((inv_ud)t2 & sd) + ((inv_ud)t3 & se);
    di = d[0];
    ei = e[0];
    cd = (inv_sdd)t0 * di;
    cd += (inv_sdd)t1 * ei;
    ce = (inv_sdd)t2 * di;
    ce += (inv_sdd)t3 * ei;
    /* and a multiple of M that makes the low D bits zero */
    md -= (mi * (inv_ud)cd + md) & INV_MASK;
    me -= (mi * (inv_ud)ce + me) & INV_MASK;
    mdi = (inv_sd)md;
    mei = (inv_sd)me;
    cd += (inv_sdd)M[0] * mdi;
    ce += (inv_sdd)M[0] * mei;
    cd >>= INV_D;
    ce >>= INV_D;
    for (i = 1; i < K; i++) {
        inv_sd mk = M[i];
        di = d[i];
        ei = e[i];
        cd += (inv_sdd)t0 * di;
        cd += (inv_sdd)t1 * ei;
        cd += (inv_sdd)mk * mdi;
        ce += (inv_sdd)t2 * di;
        ce += (inv_sdd)t3 * ei;
        ce += (inv_sdd)mk * mei;
        d[i - 1] = (inv_sd)((inv_ud)cd & INV_MASK);
        e[i - 1] = (inv_sd)((inv_ud)ce & INV_MASK);
        cd >>= INV_D;
        ce >>= INV_D;
    }
    d[K - 1] = (inv_sd)cd;
    e[K - 1] = (inv_sd)ce;
}
#endif

/*
 * Both updates of a batch of the inverse, on the five arrays of K digits
 * laid out one after the other: f, g, d, e, M at x, x + K, .. x + 4K.
 * On x86-64 one pass does the four rows (bignum_core_inv_x86_64.h); the
 * first digit, which sets d and e's multiples of M, and the top digits
 * stay here.  Elsewhere the two loops above.
 */
static void update_fgde(inv_sd *x, size_t K, const inv_sd t[4], inv_ud mi)
{
#if defined(TACIT_MPI_HAVE_X86_64_INV_ASM)
    const inv_sd t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3];
    inv_sd *f = x, *g = x + K, *d = x + 2 * K, *e = x + 3 * K, *M = x + 4 * K;
    inv_ud sd = (inv_ud)0 - ((inv_ud)d[K - 1] >> (INV_W - 1));
    inv_ud se = (inv_ud)0 - ((inv_ud)e[K - 1] >> (INV_W - 1));
    inv_ud md, me, c[9], l[4], h[4];
    inv_sdd cf, cg, cd, ce;

    /* as update_de: M added for a negative d or e, and a multiple of M for zero low bits */
    md = ((inv_ud)t0 & sd) + ((inv_ud)t1 & se);
    me = ((inv_ud)t2 & sd) + ((inv_ud)t3 & se);
    cd = (inv_sdd)t0 * d[0] + (inv_sdd)t1 * e[0];
    ce = (inv_sdd)t2 * d[0] + (inv_sdd)t3 * e[0];
    md -= (mi * (inv_ud)cd + md) & INV_MASK;
    me -= (mi * (inv_ud)ce + me) & INV_MASK;
    cd += (inv_sdd)M[0] * (inv_sd)md;
    ce += (inv_sdd)M[0] * (inv_sd)me;
    cf = (inv_sdd)t0 * f[0] + (inv_sdd)t1 * g[0];
    cg = (inv_sdd)t2 * f[0] + (inv_sdd)t3 * g[0];
    /* the carries out of digit 0, 128 bits wide */
    cf >>= INV_D;
    cg >>= INV_D;
    cd >>= INV_D;
    ce >>= INV_D;
    l[0] = (inv_ud)cf;
    l[1] = (inv_ud)cg;
    l[2] = (inv_ud)cd;
    l[3] = (inv_ud)ce;
    h[0] = (inv_ud)(cf >> INV_W);
    h[1] = (inv_ud)(cg >> INV_W);
    h[2] = (inv_ud)(cd >> INV_W);
    h[3] = (inv_ud)(ce >> INV_W);
    c[0] = (inv_ud)t0;
    c[1] = (inv_ud)t1;
    c[2] = (inv_ud)t2;
    c[3] = (inv_ud)t3;
    c[4] = md;
    c[5] = me;
    c[6] = INV_MASK;
    c[7] = (inv_ud)(uintptr_t)(f + K);
    c[8] = (inv_ud)(K - 1); /* digits for the asm loop: its parity picks the first turn */
    if (K > 1) {            /* always (limbs >= 1); the asm loop does at least one digit */
        inv_x86_64_update_fgde(f + 1, K, l, h, c);
    }
    f[K - 1] = (inv_sd)l[0];
    g[K - 1] = (inv_sd)l[1];
    d[K - 1] = (inv_sd)l[2];
    e[K - 1] = (inv_sd)l[3];
#else
    update_fg(x, x + K, K, t);
    update_de(x + 2 * K, x + 3 * K, K, t, x + 4 * K, mi);
#endif
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

/*
 * A whole batch (the shift counts constant), and a last one of `steps`.
 * On x86-64 the whole batch is inlined into its two callers: measured on
 * Zen 5, the call (register saves, t through memory) cost 2% of the inverse
 * and 3% of the gcd.  Elsewhere one copy (code size).
 */
#if defined(TACIT_MPI_HAVE_X86_64_INV_ASM)
__attribute__((always_inline))
#endif
static inline void
divsteps(inv_sd *zeta, inv_ud f, inv_ud g, inv_sd t[4])
{
    divsteps_n(zeta, f, g, t, INV_D);
}

static void divsteps_last(inv_sd *zeta, inv_ud f, inv_ud g, inv_sd t[4], int steps)
{
    divsteps_n(zeta, f, g, t, steps);
}

/*
 * Batches for inputs 0 <= g <= f <= 2^b, f odd, with delta starting at 1/2:
 * g = 0 after n divsteps when 9437 b + 1 <= 4096 n (the bound proven in HOL
 * Light for s2n-bignum, DIVSTEP_ENDTOEND_BITS_SIMPLE; about 2.3 b, against
 * (49 b + 57) / 17 for the paper's delta = 1).  Here f = M + 2 A < 2^b,
 * b = limbs biL + 2 (see f_start).
 */
static size_t inv_steps(size_t limbs)
{
    size_t b = limbs * TACIT_MPI_LIMB_BITS + 2;

    return (9437 * b + 1 + 4095) / 4096;
}

static size_t inv_batches(size_t limbs)
{
    return (inv_steps(limbs) + INV_D - 1) / INV_D;
}

/*
 * Divsteps of the last batch: what the bound still asks for, rounded up to
 * whole groups of N (D when that is more than D - N).  At 1024 bits the
 * bound asks for 2364 = 38 D + 8 steps: 14 in the last batch, not 62.
 */
static int inv_last_steps(size_t limbs)
{
    size_t left = inv_steps(limbs) - (inv_batches(limbs) - 1) * INV_D;
    size_t steps = (left + INV_N - 1) / INV_N * INV_N;

    return steps > INV_D - INV_N ? INV_D : (int)steps;
}

/*
 * F (limbs + 1 limbs) = M + 2 A for an odd M: odd, at least A, below
 * 2^(limbs biL + 2), with gcd(F, A) = gcd(M, A) and F = 2 A mod M.  Taking
 * f = F and g = A meets the bound's g <= f for any A (no reduction of A
 * first), and the cofactor of f starts at 2.
 */
static void f_start(tacit_mpi_uint *F, const tacit_mpi_uint *M, const tacit_mpi_uint *A,
                    size_t limbs)
{
    tacit_mpi_uint c = 0, hi = 0, s;
    size_t i;

    for (i = 0; i < limbs; i++) {
        s = (A[i] << 1) | hi;
        hi = A[i] >> (TACIT_MPI_LIMB_BITS - 1);
        s += c;
        c = (tacit_mpi_uint)(s < c);
        s += M[i];
        c += (tacit_mpi_uint)(s < M[i]);
        F[i] = s;
    }
    F[limbs] = hi + c;
}

/*
 * The AVX2 divsteps (bignum_core_inv_x86_64_avx2.c) on F, G with the
 * cofactor D of f, if the build has them and the CPU has AVX2 (a public
 * choice): returns 1 if they ran, 0 for the scalar divsteps below.
 */
#if defined(TACIT_MPI_HAVE_X86_64_INV_ASM) && defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)
#define INV_HAVE_AVX2 1
static int avx2_divsteps(tacit_mpi_uint *F, tacit_mpi_uint *D, const tacit_mpi_uint *G,
                         const tacit_mpi_uint *M, size_t limbs, tacit_mpi_uint *T)
{
    if (!tacit_mpi_core_cpu_has_avx2()) {
        return 0;
    }
#if defined(TACIT_MPI_HAVE_X86_64_IFMA_INV)
    /* the inverse from TACIT_MPI_IFMA_INV_MIN_LIMBS limbs on: x86_64/inv_ifma.c (public choice) */
    if (D != NULL && limbs >= TACIT_MPI_IFMA_INV_MIN_LIMBS && tacit_mpi_core_cpu_has_ifma()) {
        tacit_mpi_core_ifma_divsteps(F, D, G, M, limbs, inv_steps(limbs), T);
        return 1;
    }
#endif
    if (limbs >= TACIT_MPI_AVX2_DIVSTEPS_WIDE_LIMBS) { /* public: the size */
        tacit_mpi_core_avx2_divsteps_wide(F, D, G, M, limbs, inv_steps(limbs), T);
    } else {
        tacit_mpi_core_avx2_divsteps(F, D, G, M, limbs, inv_steps(limbs), T);
    }
    return 1;
}
#else
#define INV_HAVE_AVX2 0
static int avx2_divsteps(tacit_mpi_uint *F, tacit_mpi_uint *D, const tacit_mpi_uint *G,
                         const tacit_mpi_uint *M, size_t limbs, tacit_mpi_uint *T)
{
    (void)F, (void)D, (void)G, (void)M, (void)limbs, (void)T;
    return 0;
}
#endif

size_t tacit_mpi_core_inv_mod_odd_ct_working_limbs(size_t limbs)
{
    /* f, g, d, e, M: five arrays of K digits, as limbs (a digit is at most a limb) */
    size_t bytes = 5 * inv_digits(limbs) * sizeof(inv_sd);
    size_t n = (bytes + sizeof(tacit_mpi_uint) - 1) / sizeof(tacit_mpi_uint);

#if INV_HAVE_AVX2
    {
        size_t v = tacit_mpi_core_avx2_divsteps_working_limbs(limbs);
        n = n < v ? v : n;
    }
#endif
#if defined(TACIT_MPI_HAVE_X86_64_IFMA_INV)
    if (limbs >= TACIT_MPI_IFMA_INV_MIN_LIMBS) { /* the sizes the IFMA kernel serves */
        size_t v = tacit_mpi_core_ifma_divsteps_working_limbs(limbs);
        n = n < v ? v : n;
    }
#endif
    return n + 2 * (limbs + 1);
}

/*
 * X = d mod M made nonnegative and signed like f, if |f| = 1 (else 0);
 * returns the mask of |f| = 1.  W = d, in (-2M, M), and V = f, both
 * limbs + 1 limbs of two's complement; W is overwritten.  One pass: r = W
 * plus M if negative (now in (-M, M)), negated if f is, into W, and r + M
 * into X on a carry chain of its own one limb behind; then, once the top
 * limb gives r's sign, X = r + M or r ([0, M)), masked by |f| = 1 (V = 1,
 * or V = -1: all ones), a pass without carries.  (Five passes before, two
 * of them calls; then two passes, the second's carries waiting for the
 * first's last limb.)
 */
static tacit_mpi_uint inv_finish(tacit_mpi_uint *X, tacit_mpi_uint *W, const tacit_mpi_uint *V,
                                 const tacit_mpi_uint *M, size_t limbs)
{
    const tacit_mpi_uint n1 = (tacit_mpi_uint)0 - (W[limbs] >> (TACIT_MPI_LIMB_BITS - 1));
    const tacit_mpi_uint sf = (tacit_mpi_uint)0 - (V[limbs] >> (TACIT_MPI_LIMB_BITS - 1));
    tacit_mpi_uint c1 = 0, c2 = sf & 1, c3 = 0, diff = V[0] ^ (sf | 1), n3, ok, t, u;
    size_t i;

    for (i = 0; i < limbs; i++) {
        t = tacit_mpi_add3(W[i], M[i] & n1, &c1); /* (-M, M) */
        u = (t ^ sf) + c2;                        /* sign of f */
        c2 = (tacit_mpi_uint)(u < c2);
        W[i] = u;
        X[i] = tacit_mpi_add3(u, M[i], &c3); /* r + M, if r < 0 */
    }
    for (i = 1; i <= limbs; i++) {
        diff |= V[i] ^ sf; /* V = 1 (sf = 0) or all ones (sf = -1) */
    }
    /* the top limb (M's is 0): only r's sign */
    u = ((W[limbs] + c1) ^ sf) + c2;
    n3 = (tacit_mpi_uint)0 - (u >> (TACIT_MPI_LIMB_BITS - 1));
    ok = ~tacit_ct_mask_nonzero_limb(diff); /* invertible iff |f| = 1 */
    for (i = 0; i < limbs; i++) {
        X[i] = ((X[i] & n3) | (W[i] & ~n3)) & ok; /* [0, M) */
    }
    return ok;
}

/*
 * The scalar divsteps of the inverse: V = f and W = d (limbs + 1 limbs
 * each) at the end, from V = f and g = A; R holds the digits.  A function
 * of its own, so that the AVX2 path does not compute its sizes.
 */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void
inv_divsteps_scalar(tacit_mpi_uint *V, tacit_mpi_uint *W, const tacit_mpi_uint *A,
                    const tacit_mpi_uint *M, size_t limbs, tacit_mpi_uint *R)
{
    size_t K = inv_digits(limbs), batches = inv_batches(limbs), i;
    int last = inv_last_steps(limbs);
    inv_sd *f = (inv_sd *)(void *)R, *g = f + K, *d = g + K, *e = d + K, *m = e + K, t[4];
    inv_sd zeta = -1;                                      /* -(delta + 1/2), delta = 1/2 */
    inv_ud mi = (inv_ud)(0 - tacit_mpi_core_mont_init(M)); /* M^-1 mod 2^W */

    to_digits(f, K, V, limbs + 1);
    to_digits(m, K, M, limbs);
    to_digits(g, K, A, limbs);
    memset(d, 0, K * sizeof(*d));
    memset(e, 0, K * sizeof(*e));
    d[0] = 2;
    e[0] = 1;
    for (i = 0; i < batches; i++) {
        if (i + 1 < batches) {
            divsteps(&zeta, (inv_ud)f[0], (inv_ud)g[0], t);
        } else {
            divsteps_last(&zeta, (inv_ud)f[0], (inv_ud)g[0], t, last);
        }
        update_fgde(f, K, t, mi); /* f, g, d, e, m one after the other */
    }
    /* f = +-gcd(M, A) = +-d A (mod M), d in (-2M, M) */
    from_digits(W, limbs + 1, d, K);
    from_digits(V, limbs + 1, f, K);
}

tacit_mpi_uint tacit_mpi_core_inv_mod_odd_ct(tacit_mpi_uint *X, const tacit_mpi_uint *A,
                                             const tacit_mpi_uint *M, size_t limbs,
                                             tacit_mpi_uint *T)
{
    tacit_mpi_uint *W = T, *V = W + limbs + 1, *R = V + limbs + 1;

    /* f = M + 2 A = 2 A (mod M), g = A: cofactors d = 2, e = 1 */
    f_start(V, M, A, limbs);
    if (!avx2_divsteps(V, W, A, M, limbs, R)) {
        inv_divsteps_scalar(V, W, A, M, limbs, R);
    }
    return inv_finish(X, W, V, M, limbs);
}

/* ---- gcd ---------------------------------------------------------------------- */

/*
 * The gcd's packed AVX2 divsteps (x86_64/gcd_avx2.c: two digits of f and g
 * a block), at the sizes where they are faster (public): returns 1 if they
 * ran.
 */
#if INV_HAVE_AVX2 && defined(TACIT_MPI_HAVE_X86_64_GCD_PACKED)
#define GCD_HAVE_PACKED 1
static int gcd_packed_divsteps(tacit_mpi_uint *F, const tacit_mpi_uint *G, size_t limbs,
                               tacit_mpi_uint *T)
{
    if (limbs < TACIT_MPI_GCD_PACKED_MIN_LIMBS || !tacit_mpi_core_cpu_has_avx2()) {
        return 0;
    }
    tacit_mpi_core_avx2_gcd_divsteps(F, G, limbs, inv_steps(limbs), T);
    return 1;
}
#else
static int gcd_packed_divsteps(tacit_mpi_uint *F, const tacit_mpi_uint *G, size_t limbs,
                               tacit_mpi_uint *T)
{
    (void)F, (void)G, (void)limbs, (void)T;
    return 0;
}
#endif

size_t tacit_mpi_core_gcd_ct_working_limbs(size_t limbs)
{
    size_t bytes = 2 * inv_digits(limbs) * sizeof(inv_sd);
    size_t n = (bytes + sizeof(tacit_mpi_uint) - 1) / sizeof(tacit_mpi_uint);

#if INV_HAVE_AVX2
    /*
     * the AVX2 gcd divsteps (no cofactor, no M: some half of the
     * inverse's; at 1024 bits 365 -> 229 limbs to wipe, 100 -> 50 TSC ticks)
     */
    {
        size_t v = tacit_mpi_core_avx2_divsteps_gcd_working_limbs(limbs);
        n = n < v ? v : n;
    }
#endif
#if defined(GCD_HAVE_PACKED)
    {
        size_t v = tacit_mpi_core_avx2_gcd_divsteps_working_limbs(limbs);
        n = n < v ? v : n;
    }
#endif
    return n + 3 * limbs + 1; /* a, b, V */
}

/*
 * Trailing zero bits of x (biL for 0): x & -x keeps the lowest set bit, so
 * (x & -x) - 1 has exactly ctz(x) ones (all ones for 0), counted by the
 * SWAR popcount.  No branch and no shift by a secret count.
 */
static size_t limb_ctz(tacit_mpi_uint x)
{
    tacit_mpi_uint v = (x & ((tacit_mpi_uint)0 - x)) - 1;
    const tacit_mpi_uint k1 = (tacit_mpi_uint)0x5555555555555555u,
                         k2 = (tacit_mpi_uint)0x3333333333333333u,
                         k4 = (tacit_mpi_uint)0x0F0F0F0F0F0F0F0Fu,
                         h01 = (tacit_mpi_uint)0x0101010101010101u;

    v -= (v >> 1) & k1;
    v = (v & k2) + ((v >> 2) & k2);
    v = (v + (v >> 4)) & k4;
    return (size_t)((tacit_mpi_uint)(v * h01) >> (TACIT_MPI_LIMB_BITS - 8));
}

/*
 * The gcd's start: X = the one of A, B with bit k set, over 2^k (odd), Y =
 * the other one as it is, k = ctz(A | B); returns k and sets *nz = "A or B
 * nonzero".  gcd(A, B) = 2^k gcd(X, Y): X is odd, so Y's powers of two do
 * not change the gcd and Y needs no shift (tacit_mpi_core_gcd_prologue_ct
 * shifts both).  k is the zero limbs below the first nonzero limb of A |
 * B, times biL, plus that limb's trailing zeros (one count, not one a
 * limb); which operand has bit k comes from the lowest set bit of that
 * limb; the shift is one in-place masked pass per bit of k / biL and one
 * multiplying pass for k mod biL (as tacit_mpi_core_shift_l_secret).  At
 * 1024 bits the former prologue (a count a bit, two shifts with copies and
 * selects) and the final shift were a fifth of the gcd.
 */
/*
 * dst = src shifted down (right) by ls < limbs whole limbs if m, else src;
 * dst and src distinct, so that the compiler vectorizes the selects.
 */
static void shr_limbs_if(tacit_mpi_uint *restrict dst, const tacit_mpi_uint *restrict src,
                         size_t limbs, size_t ls, tacit_mpi_uint m)
{
    size_t i;

    for (i = 0; i < limbs - ls; i++) {
        dst[i] = (src[i + ls] & m) | (src[i] & ~m);
    }
    for (; i < limbs; i++) {
        dst[i] = src[i] & ~m;
    }
}

/* dst = src shifted up (left) by ls < limbs whole limbs if m, else src (as above). */
static void shl_limbs_if(tacit_mpi_uint *restrict dst, const tacit_mpi_uint *restrict src,
                         size_t limbs, size_t ls, tacit_mpi_uint m)
{
    size_t i;

    for (i = 0; i < ls; i++) {
        dst[i] = src[i] & ~m;
    }
    for (; i < limbs; i++) {
        dst[i] = (src[i - ls] & m) | (src[i] & ~m);
    }
}

/* The passes of whole limbs for a shift by k < limbs biL: one a bit of k / biL (public: limbs). */
static size_t limb_passes(size_t limbs)
{
    size_t s, n = 0;

    for (s = TACIT_MPI_LIMB_BITS; s < limbs * TACIT_MPI_LIMB_BITS; s <<= 1) {
        n++;
    }
    return n;
}

#if TACIT_MPI_LIMB_BITS == 64
#define LIMB_LOG2 6
#else
#define LIMB_LOG2 5
#endif

/*
 * The gcd's start: X = the one of A, B with bit k set, over 2^k (odd), Y =
 * the other one as it is, k = ctz(A | B); returns k and sets *nz = "A or B
 * nonzero".  gcd(A, B) = 2^k gcd(X, Y): X is odd, so Y's powers of two do
 * not change the gcd and Y needs no shift (tacit_mpi_core_gcd_prologue_ct
 * shifts both).  k is the zero limbs below the first nonzero limb of A |
 * B, times biL, plus that limb's trailing zeros (one count, not one a
 * limb); which operand has bit k comes from the lowest set bit of that
 * limb.  The shift: one masked pass a bit of k / biL, between X and Tmp
 * (limbs limbs; distinct arrays, so the selects are vectorized), and one
 * multiplying pass for k mod biL (as tacit_mpi_core_shift_l_secret).
 */
static size_t gcd_prologue(tacit_mpi_uint *X, tacit_mpi_uint *Y, const tacit_mpi_uint *A,
                           const tacit_mpi_uint *B, size_t limbs, tacit_mpi_uint *nz,
                           tacit_mpi_uint *Tmp)
{
    size_t k, zl = 0, i, j, passes = limb_passes(limbs);
    tacit_mpi_uint seen = 0, abit = 0, first = 0, am, q, z, h, h1, *src, *dst, *sw;

    for (i = 0; i < limbs; i++) {
        tacit_mpi_uint t = A[i] | B[i], tz = tacit_ct_mask_nonzero_limb(t);
        /* the zero limbs below the first nonzero one, and that limb */
        zl += (size_t)(~(seen | tz) & 1);
        first |= t & ~seen;
        abit |= A[i] & (t & ((tacit_mpi_uint)0 - t)) & ~seen; /* bit k of A */
        seen |= tz;
    }
    /* one count of trailing zeros (limbs biL if A = B = 0, as a count a limb gave) */
    k = zl * TACIT_MPI_LIMB_BITS + (limb_ctz(first) & (size_t)seen);
    *nz = seen;
    am = tacit_ct_mask_nonzero_limb(abit);
    /* an odd number of passes starts in Tmp, so that the last one ends in X */
    src = (passes & 1) ? Tmp : X;
    dst = (passes & 1) ? X : Tmp;
    for (i = 0; i < limbs; i++) {
        src[i] = (A[i] & am) | (B[i] & ~am);
        Y[i] = (B[i] & am) | (A[i] & ~am);
    }
    /* k < limbs biL unless A = B = 0 (then X = Y = 0 whatever is shifted) */
    for (j = 0; j < passes; j++) {
        /* k / biL = zl (the first nonzero limb has fewer than biL trailing zeros) */
        tacit_mpi_uint m = tacit_ct_mask_from_bit_limb((tacit_mpi_uint)((zl >> j) & 1));
        shr_limbs_if(dst, src, limbs, (size_t)1 << j, m);
        sw = src;
        src = dst;
        dst = sw;
    }
    /*
     * the bits b = k mod biL: X times 2^(biL - 1 - b) (no secret shift
     * count), then shifted right by biL - 1: limb i of the product is lo_i
     * | hi_(i-1) (disjoint bits), and limb i of the result its top bit with
     * limb i + 1 of the product shifted left by one
     */
    q = tacit_mpi_core_pow2_ct(TACIT_MPI_LIMB_BITS - 1 - k % TACIT_MPI_LIMB_BITS);
    z = tacit_mpi_mul11(&h, X[0], q);
    for (i = 0; i < limbs; i++) {
        tacit_mpi_uint lo = tacit_mpi_mul11(&h1, i + 1 < limbs ? X[i + 1] : 0, q), z1 = lo | h;
        X[i] = (z >> (TACIT_MPI_LIMB_BITS - 1)) | (z1 << 1);
        z = z1;
        h = h1;
    }
    return k;
}

/*
 * G = (V << k) & nz (limbs limbs; k < limbs biL): V's limbs are V and Tmp
 * in turn (as gcd_prologue), then the bits, multiplied into G with the
 * mask.  (tacit_mpi_core_shift_l_secret works in place: its selects were
 * not vectorized.)
 */
static void gcd_shift_out(tacit_mpi_uint *G, tacit_mpi_uint *V, size_t limbs, size_t k,
                          tacit_mpi_uint nz, tacit_mpi_uint *Tmp)
{
    size_t i, j, passes = limb_passes(limbs);
    tacit_mpi_uint *src = V, *dst = Tmp, *sw, p, hi, carry = 0;

    for (j = 0; j < passes; j++) {
        tacit_mpi_uint m =
            tacit_ct_mask_from_bit_limb((tacit_mpi_uint)((k >> (LIMB_LOG2 + j)) & 1));
        shl_limbs_if(dst, src, limbs, (size_t)1 << j, m);
        sw = src;
        src = dst;
        dst = sw;
    }
    p = tacit_mpi_core_pow2_ct(k % TACIT_MPI_LIMB_BITS);
    for (i = 0; i < limbs; i++) {
        tacit_mpi_uint lo = tacit_mpi_mul11(&hi, src[i], p);
        G[i] = (lo | carry) & nz;
        carry = hi;
    }
}

/* The scalar divsteps of the gcd on V = f and g = b (limbs + 1 and limbs limbs); R holds the digits. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void
gcd_divsteps_scalar(tacit_mpi_uint *V, const tacit_mpi_uint *b, size_t limbs, tacit_mpi_uint *R)
{
    size_t K = inv_digits(limbs), batches = inv_batches(limbs), i;
    int last = inv_last_steps(limbs);
    inv_sd *f = (inv_sd *)(void *)R, *g = f + K, t[4];
    inv_sd zeta = -1;

    to_digits(f, K, V, limbs + 1);
    to_digits(g, K, b, limbs);
    for (i = 0; i < batches; i++) {
        if (i + 1 < batches) {
            divsteps(&zeta, (inv_ud)f[0], (inv_ud)g[0], t);
        } else {
            divsteps_last(&zeta, (inv_ud)f[0], (inv_ud)g[0], t, last);
        }
        update_fg(f, g, K, t);
    }
    from_digits(V, limbs + 1, f, K);
}

/*
 * gcd(A, B) = 2^k gcd(a, b) with k the common power of two (a secret
 * count: masked shifts), a the one of A / 2^k, B / 2^k that is odd and b
 * the other operand unshifted (see gcd_prologue); then the divsteps run on
 * f = a + 2 b and g = b (the same gcd, g <= f, see f_start) until g = 0
 * and f = +-gcd: the inverse's divsteps with M = a and A = b, whose
 * cofactors are not needed.  A = B = 0 runs on garbage and the result is
 * masked to 0.
 */
void tacit_mpi_core_gcd_ct(tacit_mpi_uint *G, const tacit_mpi_uint *A, const tacit_mpi_uint *B,
                           size_t limbs, tacit_mpi_uint *T)
{
    tacit_mpi_uint *a = T, *b = a + limbs, *V = b + limbs, *R = V + limbs + 1, nz;
    size_t k;

    k = gcd_prologue(a, b, A, B, limbs, &nz, R); /* R: the kernel's room, not yet in use */
    f_start(V, a, b, limbs);
    if (!gcd_packed_divsteps(V, b, limbs, R) &&
        !avx2_divsteps(V, NULL, b, a, limbs, R)) { /* D = NULL: no cofactors */
        gcd_divsteps_scalar(V, b, limbs, R);
    }
    cond_neg(V, limbs + 1, (tacit_mpi_uint)0 - (V[limbs] >> (TACIT_MPI_LIMB_BITS - 1)));
    gcd_shift_out(G, V, limbs, k, nz, R); /* k < limbs biL unless A = B = 0 */
}

#else
typedef int tacit_bignum_core_inv_unused;
#endif /* TACIT_BIGNUM_C && !__OPTIMIZE_SIZE__ */
