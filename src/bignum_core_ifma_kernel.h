/*
 * The radix-2^52 Montgomery kernel of the AVX-512 IFMA exponentiation
 * (bignum_core_x86_64_ifma.c), written once against a few vector
 * operations so that the same source also compiles against a portable C
 * model of them (tests/ct_bignum_core_ifma.c runs that model under
 * valgrind, where AVX-512 cannot run).  No include guard: the includer
 * defines, before each inclusion,
 *
 *   IFMA_NV        number of 8-lane vectors; d = 8 * IFMA_NV digits
 *   IFMA_FN(name)  the name of this instance's copy of a function
 *   IFMA_ATTR      attributes of every function (the target, or nothing)
 *   V_T, K_T       a vector of 8 unsigned 64-bit lanes; an 8-bit lane mask
 *   V_ZERO() V_LOAD(p) V_STORE(p, v) V_SET1(x) V_ADD(a, b) V_AND(a, b)
 *   V_SRLI52(a)          lanes >> 52
 *   V_MADDLO(c, a, b)    c + low 52 bits of a * b (lanes' low 52 bits)
 *   V_MADDHI(c, a, b)    c + bits 52..103 of a * b
 *   V_DOWN1(lo, hi)      lanes lo[1..7], hi[0] (one lane down)
 *   V_UP1(cur, prev)     lanes prev[7], cur[0..6] (one lane up)
 *   V_LANE0(v) V_LANE1(v)  lane 0 / lane 1 as a uint64_t
 *   V_LANE0_ONLY(x)      x in lane 0, zero elsewhere
 *   V_CMPGT(a, b) V_CMPEQ(a, b)  lane masks (unsigned compare)
 *   V_MASK_ADD(v, k, w)  v + w in the lanes of k, v elsewhere
 *   V_MASK_MOV(v, k, w)  w in the lanes of k, v elsewhere
 *   K_TO_U64(k) U64_TO_K(x)
 *
 * Numbers are d digits of 52 bits, one per 64-bit lane, least significant
 * first, in 64-byte aligned arrays; R' = 2^(52 d).  The modulus m is odd and
 * 4 m <= R', so "almost Montgomery" products of values below 2 m stay below
 * 2 m (for a, b < 2 m: (a b + y m) / R' < (4 m^2 + R' m) / R' <= 2 m): no
 * conditional subtraction inside the ladder; the caller reduces once at
 * the end.
 *
 * Constant flow: every loop bound and every address depends only on d and
 * on the (public) table size and exponent length; secret values reach only
 * vector lanes, mask registers used as masks, and scalar multiplications,
 * additions and shifts.
 */

#ifndef TACIT_IFMA_KERNEL_ONCE
#define TACIT_IFMA_KERNEL_ONCE

#define IFMA_M52 ((uint64_t)0xFFFFFFFFFFFFFu)

__extension__ typedef unsigned __int128 tacit_ifma_u128;

/* The modulus as the kernel uses it: its digits and -m^-1 mod 2^52. */
typedef struct {
    const uint64_t *m;
    uint64_t k0, m0, m1;
} tacit_ifma_mod;

/* Bits [pos, pos + len) of E (len <= 64, pos public). */
static size_t tacit_ifma_exp_bits(const uint64_t *E, size_t elimbs, size_t pos, size_t len)
{
    size_t li = pos / 64, bi = pos % 64;
    uint64_t v = E[li] >> bi;

    if (bi + len > 64 && li + 1 < elimbs) {
        v |= E[li + 1] << (64 - bi);
    }
    return (size_t)(v & (((uint64_t)1 << len) - 1));
}

typedef void (*ifma_amm_fn)(uint64_t *, const uint64_t *, const uint64_t *, const tacit_ifma_mod *);
typedef void (*ifma_ladder_fn)(uint64_t *, uint64_t *, uint64_t *, const uint64_t *,
                               const uint64_t *, const uint64_t *, size_t, size_t,
                               const tacit_ifma_mod *);

#define IFMA_MAX_LIMBS 64
#define IFMA_MAX_DIGITS 80
#define IFMA_WINDOW_MAX 5

/* dst = the d 52-bit digits of src (limbs limbs); 64 limbs + 2 bits fit. */
static void limbs_to_digits(uint64_t *dst, const tacit_mpi_uint *src, size_t limbs, size_t d)
{
    size_t j;

    for (j = 0; j < d; j++) {
        size_t bit = 52 * j, li = bit / 64, bi = bit % 64;
        uint64_t v = 0;
        if (li < limbs) {
            v = src[li] >> bi;
            if (bi > 12 && li + 1 < limbs) {
                v |= src[li + 1] << (64 - bi);
            }
        }
        dst[j] = v & IFMA_M52;
    }
}

/* dst = the low limbs * 64 bits of src (d digits). */
static void digits_to_limbs(tacit_mpi_uint *dst, const uint64_t *src, size_t d, size_t limbs)
{
    size_t li;

    for (li = 0; li < limbs; li++) {
        size_t bit = 64 * li, j = bit / 52, bi = bit % 52;
        uint64_t v = src[j] >> bi;
        if (j + 1 < d) {
            v |= src[j + 1] << (52 - bi);
        }
        if (bi > 40 && j + 2 < d) {
            v |= src[j + 2] << (104 - bi);
        }
        dst[li] = v;
    }
}

/* The ct ladder's window for ebits exponent bits (as bignum_core_exp.c). */
static size_t ifma_window(size_t ebits)
{
    if (ebits <= 8) {
        return 1;
    }
    if (ebits <= 48) {
        return 2;
    }
    if (ebits <= 128) {
        return 3;
    }
    if (ebits <= 384) {
        return 4;
    }
    return IFMA_WINDOW_MAX;
}

/* The scratch of one exponentiation, 64-byte aligned for the vector loads. */
struct ifma_work {
    uint64_t table[((size_t)1 << IFMA_WINDOW_MAX) * IFMA_MAX_DIGITS];
    uint64_t m[IFMA_MAX_DIGITS], rr[IFMA_MAX_DIGITS], t0[IFMA_MAX_DIGITS];
    uint64_t t1[IFMA_MAX_DIGITS], y[IFMA_MAX_DIGITS], sel[IFMA_MAX_DIGITS];
    uint64_t tmp[IFMA_MAX_DIGITS];
    tacit_mpi_uint d[IFMA_MAX_LIMBS];
} __attribute__((aligned(64)));

/* The vector count for a modulus of limbs limbs: 52 * 8 nv >= 64 limbs + 2. */
static size_t tacit_ifma_vectors(size_t limbs)
{
    return ((64 * limbs + 2 + 51) / 52 + 7) / 8;
}

/*
 * X = A^E mod N (limbs limbs, 16..64; elimbs >= 1; RR = 2^(128 limbs) mod N)
 * with the kernels of nv vectors (amm, ladder): the whole exponentiation
 * but the CPU check, shared by bignum_core_x86_64_ifma.c and the C model of
 * tests/ct_bignum_core_ifma.c.  wk is wiped before returning.
 */
static void tacit_ifma_exp_mod(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *N,
                               size_t limbs, const tacit_mpi_uint *E, size_t elimbs,
                               const tacit_mpi_uint *RR, size_t nv, ifma_amm_fn amm,
                               ifma_ladder_fn ladder, struct ifma_work *wkp)
{
    struct ifma_work *const wk = wkp;
    tacit_ifma_mod md;
    size_t d = 8 * nv, k = 208 * d - 256 * limbs;
    tacit_mpi_uint borrow;

    limbs_to_digits(wk->m, N, limbs, d);
    md.m = wk->m;
    md.m0 = wk->m[0];
    md.m1 = wk->m[1];
    md.k0 = tacit_mpi_core_mont_init(N) & IFMA_M52;

    /* rr = R'^2 mod N (below 2 N) from RR */
    limbs_to_digits(wk->tmp, RR, limbs, d);
    amm(wk->rr, wk->tmp, wk->tmp, &md);
    memset(wk->tmp, 0, d * sizeof(uint64_t));
    wk->tmp[k / 52] = (uint64_t)1 << (k % 52);
    amm(wk->rr, wk->rr, wk->tmp, &md);

    /* t0 = R' mod N, t1 = A R' mod N (A may be >= N: A < 2^(52 d - 2)) */
    memset(wk->tmp, 0, d * sizeof(uint64_t));
    wk->tmp[0] = 1;
    amm(wk->t0, wk->rr, wk->tmp, &md);
    limbs_to_digits(wk->y, A, limbs, d);
    amm(wk->t1, wk->y, wk->rr, &md);

    ladder(wk->y, wk->table, wk->sel, wk->t0, wk->t1, E, elimbs, ifma_window(elimbs * 64), &md);

    /* out of the domain: Y / R' <= N; then X = Y - N unless that borrows */
    amm(wk->y, wk->y, wk->tmp, &md);
    digits_to_limbs(X, wk->y, d, limbs);
    borrow = tacit_mpi_core_sub(wk->d, X, N, limbs);
    tacit_mpi_core_cond_assign(X, wk->d, limbs, tacit_ct_mask_from_bit_limb(borrow ^ 1));

    tacit_platform_zeroize(wk, sizeof(*wk));
}

#endif /* TACIT_IFMA_KERNEL_ONCE */

/*
 * out = a * b / R' mod m, almost reduced (below 2 m for a, b < 2 m), fully
 * normalised digits.  out may alias a or b.
 *
 * Word-by-word Montgomery over the digits b_i of b, with the accumulator
 * split in two vector sets: R collects the a * b_i products and S the
 * y_i * m products, so the two dependency chains run side by side (R's
 * does not wait for y_i at all).  Each step adds the low halves, drops
 * lane 0 (its value is the multiple of 2^52 that y_i makes), moves every
 * lane down one and adds the high halves.  Lane 0 is tracked exactly in
 * scalar code: u = the carry c + R's lane 0 + S's lane 0, where S's lane 0
 * is rebuilt from S's lane 1 of the step before plus the two y products
 * that reach it (lo(m_1 y) and hi(m_0 y)); y_i = u * k0 mod 2^52 then
 * depends on y_(i-1) through a few scalar operations only.  The lanes
 * never overflow: each gets at most four 52-bit terms per step over d <= 80
 * steps (below 2^61).  The carries between lanes are resolved once at the
 * end: one shift-and-add pass, then the generate/propagate masks of all
 * lanes added as one wide integer.
 */
static IFMA_ATTR void IFMA_FN(amm)(uint64_t *out, const uint64_t *a, const uint64_t *b,
                                   const tacit_ifma_mod *md)
{
    V_T A[IFMA_NV], M[IFMA_NV], R[IFMA_NV], S[IFMA_NV], H[IFMA_NV];
    V_T m52 = V_SET1(IFMA_M52), zero = V_ZERO();
    uint64_t c = 0, s0 = 0, k0 = md->k0, m0 = md->m0, m1 = md->m1;
    tacit_ifma_u128 g = 0, p = 0, carries;
    size_t i, v;

    for (v = 0; v < IFMA_NV; v++) {
        A[v] = V_LOAD(a + 8 * v);
        M[v] = V_LOAD(md->m + 8 * v);
        R[v] = zero;
        S[v] = zero;
    }
    for (i = 0; i < 8 * IFMA_NV; i++) {
        V_T bv = V_SET1(b[i]), yv;
        uint64_t u, y, s1;
        tacit_ifma_u128 my;

        for (v = 0; v < IFMA_NV; v++) {
            R[v] = V_MADDLO(R[v], A[v], bv);
        }
        s1 = V_LANE1(S[0]);
        u = c + V_LANE0(R[0]) + s0;
        y = (u * k0) & IFMA_M52;
        yv = V_SET1(y);
        for (v = 0; v < IFMA_NV; v++) {
            S[v] = V_MADDLO(S[v], M[v], yv);
        }
        my = (tacit_ifma_u128)m0 * y;
        c = (u + ((uint64_t)my & IFMA_M52)) >> 52;
        s0 = s1 + ((m1 * y) & IFMA_M52) + (uint64_t)(my >> 52);
        for (v = 0; v + 1 < IFMA_NV; v++) {
            R[v] = V_DOWN1(R[v], R[v + 1]);
            S[v] = V_DOWN1(S[v], S[v + 1]);
        }
        R[IFMA_NV - 1] = V_DOWN1(R[IFMA_NV - 1], zero);
        S[IFMA_NV - 1] = V_DOWN1(S[IFMA_NV - 1], zero);
        for (v = 0; v < IFMA_NV; v++) {
            R[v] = V_MADDHI(R[v], A[v], bv);
            S[v] = V_MADDHI(S[v], M[v], yv);
        }
    }

    /* the value: R + S + c; one pass of lane carries, then the last +1s */
    R[0] = V_ADD(R[0], V_LANE0_ONLY(c));
    for (v = 0; v < IFMA_NV; v++) {
        R[v] = V_ADD(R[v], S[v]);
        H[v] = V_SRLI52(R[v]);
        R[v] = V_AND(R[v], m52);
    }
    for (v = 0; v < IFMA_NV; v++) {
        R[v] = V_ADD(R[v], V_UP1(H[v], v > 0 ? H[v - 1] : zero));
    }
    /* every lane is now below 2^53: it carries one (above 2^52 - 1,
     * "generate") or passes a carry on (exactly 2^52 - 1, "propagate") */
    for (v = 0; v < IFMA_NV; v++) {
        g |= (tacit_ifma_u128)K_TO_U64(V_CMPGT(R[v], m52)) << (8 * v);
        p |= (tacit_ifma_u128)K_TO_U64(V_CMPEQ(R[v], m52)) << (8 * v);
    }
    carries = ((g << 1) + p) ^ p;
    for (v = 0; v < IFMA_NV; v++) {
        R[v] = V_MASK_ADD(R[v], U64_TO_K((uint64_t)(carries >> (8 * v)) & 0xFF), V_SET1(1));
        V_STORE(out + 8 * v, V_AND(R[v], m52));
    }
}

/*
 * out = entry number idx (secret) of the count entries of d digits: every
 * entry is read in full and merged under the lane mask "i == idx".
 */
static IFMA_ATTR void IFMA_FN(select)(uint64_t *out, const uint64_t *table, size_t count,
                                      size_t idx)
{
    V_T acc[IFMA_NV], iv = V_SET1(idx);
    size_t i, v;

    for (v = 0; v < IFMA_NV; v++) {
        acc[v] = V_ZERO();
    }
    for (i = 0; i < count; i++) {
        K_T k = V_CMPEQ(V_SET1(i), iv);
        for (v = 0; v < IFMA_NV; v++) {
            acc[v] = V_MASK_MOV(acc[v], k, V_LOAD(table + (i * IFMA_NV + v) * 8));
        }
    }
    for (v = 0; v < IFMA_NV; v++) {
        V_STORE(out + 8 * v, acc[v]);
    }
}

/*
 * The fixed-window ladder: Y = t1^E * R' (almost reduced), for t0 = R' and
 * t1 = base * R' (both below 2 m), E of elimbs 64-bit limbs (elimbs >= 1),
 * windows of w bits (1 <= w <= 5).  table has 2^w entries of d digits, sel
 * d digits.  Every window: w squarings, one scan of the whole table, one
 * multiplication, for every exponent value.
 */
static IFMA_ATTR void IFMA_FN(ladder)(uint64_t *Y, uint64_t *table, uint64_t *sel,
                                      const uint64_t *t0, const uint64_t *t1, const uint64_t *E,
                                      size_t elimbs, size_t w, const tacit_ifma_mod *md)
{
    size_t d = 8 * IFMA_NV, count = (size_t)1 << w, ebits = elimbs * 64, i, pos, first;

    memcpy(table, t0, d * sizeof(*table));
    memcpy(table + d, t1, d * sizeof(*table));
    for (i = 2; i < count; i++) {
        IFMA_FN(amm)(table + i * d, table + (i - 1) * d, t1, md);
    }
    first = ebits % w == 0 ? w : ebits % w;
    pos = ebits - first;
    IFMA_FN(select)(Y, table, count, tacit_ifma_exp_bits(E, elimbs, pos, first));
    while (pos > 0) {
        pos -= w;
        for (i = 0; i < w; i++) {
            IFMA_FN(amm)(Y, Y, Y, md);
        }
        IFMA_FN(select)(sel, table, count, tacit_ifma_exp_bits(E, elimbs, pos, w));
        IFMA_FN(amm)(Y, Y, sel, md);
    }
}
