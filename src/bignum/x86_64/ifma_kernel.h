/*
 * The radix-2^52 Montgomery kernel of the AVX-512 IFMA exponentiation
 * (bignum_core_x86_64_ifma.c), written once against a few vector
 * operations so that the same source also compiles against a portable C
 * model of them (tests/bignum/ct_bignum_core_ifma.c runs that model under
 * valgrind, where AVX-512 cannot run).  No include guard: the includer
 * defines, before each inclusion,
 *
 *   IFMA_LANES     lanes per vector (8: 512-bit, 4: 256-bit)
 *   IFMA_NV        number of vectors; d = IFMA_LANES * IFMA_NV digits
 *   IFMA_FN(name)  the name of this instance's copy of a function
 *   IFMA_ATTR      attributes of every function (the target, or nothing)
 *   V_T, K_T       a vector of IFMA_LANES unsigned 64-bit lanes; a lane mask
 *   V_ZERO() V_LOAD(p) V_STORE(p, v) V_SET1(x) V_ADD(a, b) V_AND(a, b)
 *   V_SCAN_MERGE(v, k, p)  V_MASK_MOV(v, k, V_LOAD(p)) with no masked memory
 *                        access (the table scans: every entry read in full,
 *                        the accumulator written in full); that if not defined
 *   V_SRLI52(a)          lanes >> 52
 *   V_MADDLO(c, a, b)    c + low 52 bits of a * b (lanes' low 52 bits)
 *   V_MADDHI(c, a, b)    c + bits 52..103 of a * b
 *   V_DOWN1(lo, hi)      lanes lo[1..], hi[0] (one lane down)
 *   V_UP1(cur, prev)     lanes prev[last], cur[0..last-1] (one lane up)
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

#define IFMA_MAX_LIMBS 64
#define IFMA_MAX_DIGITS 80
#define IFMA_WINDOW_MAX 5

/* One instance of the kernel: its digit count and its functions. */
typedef struct {
    size_t d;
    void (*amm)(uint64_t *, const uint64_t *, const uint64_t *, const tacit_ifma_mod *);
    void (*ladder)(uint64_t *, uint64_t *, uint64_t *, const uint64_t *, const uint64_t *,
                   const uint64_t *, size_t, size_t, const tacit_ifma_mod *);
    void (*ladder2)(uint64_t *const *, uint64_t *const *, uint64_t *const *,
                    const uint64_t *const *, const uint64_t *const *, const uint64_t *const *,
                    size_t, size_t, const tacit_ifma_mod *const *);
    /* NULL, or ladder2 with both halves in one set of 512-bit vectors (IFMA_PAIR) */
    void (*ladder2p)(uint64_t *const *, uint64_t *, const uint64_t *const *,
                     const uint64_t *const *, const uint64_t *const *, size_t, size_t,
                     const tacit_ifma_mod *const *);
    /* NULL, or the paired square-and-multiply for one public exponent (IFMA_PAIR) */
    void (*pair_pow_unsafe)(uint64_t *const *, uint64_t *, const uint64_t *const *,
                            const uint64_t *, size_t, const tacit_ifma_mod *const *);
} tacit_ifma_kernel;

/*
 * The scratch of ladder2p for halves of d digits, in uint64_t: the table
 * (2^IFMA_WINDOW_MAX paired entries) and the selected entry, 2 d words
 * each, and the shifted copies of the moduli and of the ladder's value
 * (amm_ps; the value itself is one of them), 8 d + 64 words each.
 */
#define IFMA_PAIR_WORDS(d) ((((size_t)1 << IFMA_WINDOW_MAX) + 1) * 2 * (d) + 2 * (8 * (d) + 64))

/*
 * The paired layout of two numbers x0, x1 of d digits (d a multiple of 4):
 * 512-bit vector v holds x0's digits 4v..4v+3 in lanes 0..3 and x1's in
 * lanes 4..7.  Public addresses only.
 */
static void ifma_pair_interleave(uint64_t *p, const uint64_t *x0, const uint64_t *x1, size_t d)
{
    size_t j;

    for (j = 0; j < d; j++) {
        p[8 * (j / 4) + j % 4] = x0[j];
        p[8 * (j / 4) + 4 + j % 4] = x1[j];
    }
}

static void ifma_pair_split(uint64_t *x0, uint64_t *x1, const uint64_t *p, size_t d)
{
    size_t j;

    for (j = 0; j < d; j++) {
        x0[j] = p[8 * (j / 4) + j % 4];
        x1[j] = p[8 * (j / 4) + 4 + j % 4];
    }
}

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

/*
 * The scratch of one exponentiation of d digits and limbs limbs, in
 * uint64_t, a multiple of 8 (the caller aligns it to 64 bytes; d is a
 * multiple of the lane count, so every part is aligned for its vectors).
 */
#define IFMA_WORK_WORDS(d, limbs)                                                                  \
    (((((size_t)1 << IFMA_WINDOW_MAX) + 7) * (d) + (limbs) + 7) & ~(size_t)7)

/* The parts of a work area. */
typedef struct {
    uint64_t *table, *m, *rr, *t0, *t1, *y, *sel, *tmp;
    tacit_mpi_uint *dl;
    tacit_ifma_mod md;
} ifma_half;

static void ifma_half_init(ifma_half *h, uint64_t *work, size_t d)
{
    h->table = work;
    h->m = h->table + ((size_t)1 << IFMA_WINDOW_MAX) * d;
    h->rr = h->m + d;
    h->t0 = h->rr + d;
    h->t1 = h->t0 + d;
    h->y = h->t1 + d;
    h->sel = h->y + d;
    h->tmp = h->sel + d;
    h->dl = (tacit_mpi_uint *)(h->tmp + d);
}

/*
 * Into the domain of R' = 2^(52 d): the modulus digits and k0, t0 = R' mod N
 * and t1 = A R' mod N (below 2 N; A may be >= N: A < 2^(52 d - 2)).  rr =
 * R'^2 mod N from RR = R^2 mod N (R = 2^(64 limbs)): AMM(RR, RR) = R^4 / R',
 * then AMM(that, 2^k) = R'^2 for k = 208 d - 256 limbs (0 <= k < 52 d for
 * every size handled).  h->tmp is left holding the number 1.  t0 only if
 * with_t0 (the ladders' table starts with it; square-and-multiply needs
 * none: one product less).
 */
static void ifma_enter(ifma_half *h, const tacit_mpi_uint *A, const tacit_mpi_uint *N, size_t limbs,
                       const tacit_mpi_uint *RR, const tacit_ifma_kernel *kn, int with_t0)
{
    size_t d = kn->d, k = 208 * d - 256 * limbs;

    limbs_to_digits(h->m, N, limbs, d);
    h->md.m = h->m;
    h->md.m0 = h->m[0];
    h->md.m1 = h->m[1];
    h->md.k0 = tacit_mpi_core_mont_init(N) & IFMA_M52;

    limbs_to_digits(h->tmp, RR, limbs, d);
    kn->amm(h->rr, h->tmp, h->tmp, &h->md);
    memset(h->tmp, 0, d * sizeof(uint64_t));
    h->tmp[k / 52] = (uint64_t)1 << (k % 52);
    kn->amm(h->rr, h->rr, h->tmp, &h->md);

    memset(h->tmp, 0, d * sizeof(uint64_t));
    h->tmp[0] = 1;
    if (with_t0) {
        kn->amm(h->t0, h->rr, h->tmp, &h->md);
    }
    limbs_to_digits(h->y, A, limbs, d);
    kn->amm(h->t1, h->y, h->rr, &h->md);
}

/* Out of the domain: Y / R' <= N; then X = Y - N unless that borrows (a masked select). */
static void ifma_leave(ifma_half *h, tacit_mpi_uint *X, const tacit_mpi_uint *N, size_t limbs,
                       const tacit_ifma_kernel *kn)
{
    tacit_mpi_uint borrow;

    kn->amm(h->y, h->y, h->tmp, &h->md);
    digits_to_limbs(X, h->y, kn->d, limbs);
    borrow = tacit_mpi_core_sub(h->dl, X, N, limbs);
    tacit_mpi_core_cond_assign(X, h->dl, limbs, tacit_ct_mask_from_bit_limb(borrow ^ 1));
}

/*
 * X = A^E mod N (limbs limbs, 16..64; elimbs >= 1; RR = 2^(128 limbs) mod N)
 * with the kernel kn: the whole exponentiation but the CPU check, shared by
 * bignum_core_x86_64_ifma.c and the C model of tests/bignum/ct_bignum_core_ifma.c.
 * work: IFMA_WORK_WORDS(kn->d, limbs) words, 64-byte aligned; wiped.
 */
static void tacit_ifma_exp_mod(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *N,
                               size_t limbs, const tacit_mpi_uint *E, size_t elimbs,
                               const tacit_mpi_uint *RR, const tacit_ifma_kernel *kn,
                               uint64_t *work)
{
    ifma_half h;

    ifma_half_init(&h, work, kn->d);
    ifma_enter(&h, A, N, limbs, RR, kn, 1);
    kn->ladder(h.y, h.table, h.sel, h.t0, h.t1, E, elimbs, ifma_window(elimbs * 64), &h.md);
    ifma_leave(&h, X, N, limbs, kn);
    tacit_platform_zeroize(work, IFMA_WORK_WORDS(kn->d, limbs) * sizeof(uint64_t));
}

/*
 * Leaks: E (its bit length and every bit: a multiplication follows each
 * one bit).
 * Only for: public exponents (the RSA e), as tacit_mpi_core_exp_mod_unsafe.
 *
 * X = A^E mod N (limbs limbs, 16..64; RR = 2^(128 limbs) mod N) by left-to-
 * right square-and-multiply over the ebits >= 1 bits of E: e = 65537 is 16
 * squarings and one multiplication.  Constant time in A and N (X may alias
 * A).  work: IFMA_WORK_WORDS(kn->d, limbs) words, 64-byte aligned (the
 * table part unused); the used part is wiped.
 */
static void tacit_ifma_exp_mod_unsafe(tacit_mpi_uint *X, const tacit_mpi_uint *A,
                                      const tacit_mpi_uint *N, size_t limbs,
                                      const tacit_mpi_uint *E, size_t ebits,
                                      const tacit_mpi_uint *RR, const tacit_ifma_kernel *kn,
                                      uint64_t *work)
{
    ifma_half h;
    size_t i, skip = ((size_t)1 << IFMA_WINDOW_MAX) * kn->d;

    ifma_half_init(&h, work, kn->d);
    ifma_enter(&h, A, N, limbs, RR, kn, 0);
    memcpy(h.y, h.t1, kn->d * sizeof(uint64_t));
    for (i = ebits - 1; i-- > 0;) {
        kn->amm(h.y, h.y, h.y, &h.md);
        if ((E[i / 64] >> (i % 64)) & 1) {
            kn->amm(h.y, h.y, h.t1, &h.md);
        }
    }
    ifma_leave(&h, X, N, limbs, kn);
    tacit_platform_zeroize(work + skip, (IFMA_WORK_WORDS(kn->d, limbs) - skip) * sizeof(uint64_t));
}

/*
 * Both X1 = A1^E1 mod N1 and X2 = A2^E2 mod N2 (same limbs and elimbs),
 * the two ladders interleaved step by step (the RSA CRT halves).  Xi may
 * alias Ai.  work: twice IFMA_WORK_WORDS(kn->d, limbs) words, plus
 * IFMA_PAIR_WORDS(kn->d) if kn->ladder2p is set; wiped.
 */
static void tacit_ifma_exp_mod_x2(tacit_mpi_uint *X1, const tacit_mpi_uint *A1,
                                  const tacit_mpi_uint *N1, const tacit_mpi_uint *E1,
                                  const tacit_mpi_uint *RR1, tacit_mpi_uint *X2,
                                  const tacit_mpi_uint *A2, const tacit_mpi_uint *N2,
                                  const tacit_mpi_uint *E2, const tacit_mpi_uint *RR2, size_t limbs,
                                  size_t elimbs, const tacit_ifma_kernel *kn, uint64_t *work)
{
    ifma_half h[2];
    size_t ww = IFMA_WORK_WORDS(kn->d, limbs);
    uint64_t *Y[2], *table[2], *sel[2];
    const uint64_t *t0[2], *t1[2], *E[2];
    const tacit_ifma_mod *md[2];
    int q;

    ifma_half_init(&h[0], work, kn->d);
    ifma_half_init(&h[1], work + ww, kn->d);
    ifma_enter(&h[0], A1, N1, limbs, RR1, kn, 1);
    ifma_enter(&h[1], A2, N2, limbs, RR2, kn, 1);
    E[0] = E1;
    E[1] = E2;
    for (q = 0; q < 2; q++) {
        Y[q] = h[q].y;
        table[q] = h[q].table;
        sel[q] = h[q].sel;
        t0[q] = h[q].t0;
        t1[q] = h[q].t1;
        md[q] = &h[q].md;
    }
    if (kn->ladder2p != NULL) {
        kn->ladder2p(Y, work + 2 * ww, t0, t1, E, elimbs, ifma_window(elimbs * 64), md);
    } else {
        kn->ladder2(Y, table, sel, t0, t1, E, elimbs, ifma_window(elimbs * 64), md);
    }
    ifma_leave(&h[0], X1, N1, limbs, kn);
    ifma_leave(&h[1], X2, N2, limbs, kn);
    tacit_platform_zeroize(work, (2 * ww + (kn->ladder2p != NULL ? IFMA_PAIR_WORDS(kn->d) : 0)) *
                                     sizeof(uint64_t));
}

/*
 * Leaks: E (its bit length and every bit: a multiplication follows each
 * one bit).
 * Only for: public exponents (the RSA e of the blinding factors r^e mod p
 * and mod q), as tacit_ifma_exp_mod_unsafe.
 *
 * Both X1 = A1^E mod N1 and X2 = A2^E mod N2 (same limbs, one E of ebits
 * >= 1 bits) by the paired square-and-multiply kn->pair_pow_unsafe (set).
 * Constant time in A1, A2, N1, N2.  work: twice IFMA_WORK_WORDS(kn->d,
 * limbs) words plus IFMA_PAIR_WORDS(kn->d), 64-byte aligned; wiped.
 */
static void tacit_ifma_exp_mod_x2_unsafe(tacit_mpi_uint *X1, const tacit_mpi_uint *A1,
                                         const tacit_mpi_uint *N1, const tacit_mpi_uint *RR1,
                                         tacit_mpi_uint *X2, const tacit_mpi_uint *A2,
                                         const tacit_mpi_uint *N2, const tacit_mpi_uint *RR2,
                                         size_t limbs, const tacit_mpi_uint *E, size_t ebits,
                                         const tacit_ifma_kernel *kn, uint64_t *work)
{
    ifma_half h[2];
    size_t ww = IFMA_WORK_WORDS(kn->d, limbs);
    uint64_t *Y[2];
    const uint64_t *t1[2];
    const tacit_ifma_mod *md[2];
    int q;

    ifma_half_init(&h[0], work, kn->d);
    ifma_half_init(&h[1], work + ww, kn->d);
    ifma_enter(&h[0], A1, N1, limbs, RR1, kn, 0);
    ifma_enter(&h[1], A2, N2, limbs, RR2, kn, 0);
    for (q = 0; q < 2; q++) {
        Y[q] = h[q].y;
        t1[q] = h[q].t1;
        md[q] = &h[q].md;
    }
    kn->pair_pow_unsafe(Y, work + 2 * ww, t1, E, ebits, md);
    ifma_leave(&h[0], X1, N1, limbs, kn);
    ifma_leave(&h[1], X2, N2, limbs, kn);
    tacit_platform_zeroize(work, (2 * ww + IFMA_PAIR_WORDS(kn->d)) * sizeof(uint64_t));
}

#endif /* TACIT_IFMA_KERNEL_ONCE */

#if !defined(V_SCAN_MERGE)
#define V_SCAN_MERGE(v, k, p) V_MASK_MOV((v), (k), V_LOAD(p))
#endif

#if !defined(IFMA_PAIR)

#define IFMA_D (IFMA_LANES * IFMA_NV)
#define IFMA_KMASK (((uint64_t)1 << IFMA_LANES) - 1)

/*
 * K (1 or 2) independent products out[q] = a[q] * b[q] / R' mod m[q],
 * almost reduced (below 2 m for a, b < 2 m), fully normalised digits.
 * out[q] may alias a[q] or b[q].  Two products interleaved step by step
 * keep the multipliers busy while each one's scalar chain (below) waits.
 *
 * Word-by-word Montgomery over the digits b_i of b, with the accumulator
 * split in two vector sets (a and m are read from memory at each use, as
 * operands of the multiply-adds, so that two products fit the registers): R collects the a * b_i products and S the
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
static inline __attribute__((always_inline)) IFMA_ATTR void IFMA_FN(amm_k)(
    size_t K, uint64_t *const *out, const uint64_t *const *a, const uint64_t *const *b,
    const tacit_ifma_mod *const *md)
{
    V_T R[2][IFMA_NV], S[2][IFMA_NV], H[IFMA_NV];
    V_T m52 = V_SET1(IFMA_M52), zero = V_ZERO();
    uint64_t c[2], s0[2], k0[2], m0[2], m1[2];
    size_t i, v, q;

    for (q = 0; q < K; q++) {
        c[q] = 0;
        s0[q] = 0;
        k0[q] = md[q]->k0;
        m0[q] = md[q]->m0;
        m1[q] = md[q]->m1;
        for (v = 0; v < IFMA_NV; v++) {
            R[q][v] = zero;
            S[q][v] = zero;
        }
    }
    for (i = 0; i < IFMA_D; i++) {
        V_T bv[2], yv[2];

        for (q = 0; q < K; q++) {
            bv[q] = V_SET1(b[q][i]);
            for (v = 0; v < IFMA_NV; v++) {
                R[q][v] = V_MADDLO(R[q][v], V_LOAD(a[q] + IFMA_LANES * v), bv[q]);
            }
        }
        for (q = 0; q < K; q++) {
            uint64_t s1 = V_LANE1(S[q][0]), u = c[q] + V_LANE0(R[q][0]) + s0[q];
            uint64_t y = (u * k0[q]) & IFMA_M52;
            tacit_ifma_u128 my = (tacit_ifma_u128)m0[q] * y;

            yv[q] = V_SET1(y);
            for (v = 0; v < IFMA_NV; v++) {
                S[q][v] = V_MADDLO(S[q][v], V_LOAD(md[q]->m + IFMA_LANES * v), yv[q]);
            }
            c[q] = (u + ((uint64_t)my & IFMA_M52)) >> 52;
            s0[q] = s1 + ((m1[q] * y) & IFMA_M52) + (uint64_t)(my >> 52);
        }
        for (q = 0; q < K; q++) {
            for (v = 0; v + 1 < IFMA_NV; v++) {
                R[q][v] = V_DOWN1(R[q][v], R[q][v + 1]);
                S[q][v] = V_DOWN1(S[q][v], S[q][v + 1]);
            }
            R[q][IFMA_NV - 1] = V_DOWN1(R[q][IFMA_NV - 1], zero);
            S[q][IFMA_NV - 1] = V_DOWN1(S[q][IFMA_NV - 1], zero);
            for (v = 0; v < IFMA_NV; v++) {
                R[q][v] = V_MADDHI(R[q][v], V_LOAD(a[q] + IFMA_LANES * v), bv[q]);
                S[q][v] = V_MADDHI(S[q][v], V_LOAD(md[q]->m + IFMA_LANES * v), yv[q]);
            }
        }
    }

    for (q = 0; q < K; q++) {
        tacit_ifma_u128 g = 0, p = 0, carries;

        /* the value: R + S + c; one pass of lane carries, then the last +1s */
        R[q][0] = V_ADD(R[q][0], V_LANE0_ONLY(c[q]));
        for (v = 0; v < IFMA_NV; v++) {
            R[q][v] = V_ADD(R[q][v], S[q][v]);
            H[v] = V_SRLI52(R[q][v]);
            R[q][v] = V_AND(R[q][v], m52);
        }
        for (v = 0; v < IFMA_NV; v++) {
            R[q][v] = V_ADD(R[q][v], V_UP1(H[v], v > 0 ? H[v - 1] : zero));
        }
        /* every lane is now below 2^53: it carries one (above 2^52 - 1,
         * "generate") or passes a carry on (exactly 2^52 - 1, "propagate") */
        for (v = 0; v < IFMA_NV; v++) {
            g |= (tacit_ifma_u128)K_TO_U64(V_CMPGT(R[q][v], m52)) << (IFMA_LANES * v);
            p |= (tacit_ifma_u128)K_TO_U64(V_CMPEQ(R[q][v], m52)) << (IFMA_LANES * v);
        }
        carries = ((g << 1) + p) ^ p;
        for (v = 0; v < IFMA_NV; v++) {
            R[q][v] = V_MASK_ADD(
                R[q][v], U64_TO_K((uint64_t)(carries >> (IFMA_LANES * v)) & IFMA_KMASK), V_SET1(1));
            V_STORE(out[q] + IFMA_LANES * v, V_AND(R[q][v], m52));
        }
    }
}

/* One product (see amm_k). */
static IFMA_ATTR void IFMA_FN(amm)(uint64_t *out, const uint64_t *a, const uint64_t *b,
                                   const tacit_ifma_mod *md)
{
    uint64_t *o[1];
    const uint64_t *x[1], *y[1];
    const tacit_ifma_mod *m[1];

    o[0] = out;
    x[0] = a;
    y[0] = b;
    m[0] = md;
    IFMA_FN(amm_k)(1, o, x, y, m);
}

/* Two independent products at once (see amm_k). */
static IFMA_ATTR void IFMA_FN(amm2)(uint64_t *const *out, const uint64_t *const *a,
                                    const uint64_t *const *b, const tacit_ifma_mod *const *md)
{
    IFMA_FN(amm_k)(2, out, a, b, md);
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
            acc[v] = V_SCAN_MERGE(acc[v], k, table + (i * IFMA_NV + v) * IFMA_LANES);
        }
    }
    for (v = 0; v < IFMA_NV; v++) {
        V_STORE(out + IFMA_LANES * v, acc[v]);
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
    size_t count = (size_t)1 << w, ebits = elimbs * 64, i, pos, first;

    memcpy(table, t0, IFMA_D * sizeof(*table));
    memcpy(table + IFMA_D, t1, IFMA_D * sizeof(*table));
    for (i = 2; i < count; i++) {
        IFMA_FN(amm)(table + i * IFMA_D, table + (i - 1) * IFMA_D, t1, md);
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

/* Two ladders (the same w and elimbs, two moduli) in lock step: see ladder. */
static IFMA_ATTR void IFMA_FN(ladder2)(uint64_t *const *Y, uint64_t *const *table,
                                       uint64_t *const *sel, const uint64_t *const *t0,
                                       const uint64_t *const *t1, const uint64_t *const *E,
                                       size_t elimbs, size_t w, const tacit_ifma_mod *const *md)
{
    size_t count = (size_t)1 << w, ebits = elimbs * 64, i, pos, first, q;
    uint64_t *o[2];
    const uint64_t *x[2];

    for (q = 0; q < 2; q++) {
        memcpy(table[q], t0[q], IFMA_D * sizeof(uint64_t));
        memcpy(table[q] + IFMA_D, t1[q], IFMA_D * sizeof(uint64_t));
    }
    for (i = 2; i < count; i++) {
        for (q = 0; q < 2; q++) {
            o[q] = table[q] + i * IFMA_D;
            x[q] = table[q] + (i - 1) * IFMA_D;
        }
        IFMA_FN(amm2)(o, x, t1, md);
    }
    first = ebits % w == 0 ? w : ebits % w;
    pos = ebits - first;
    for (q = 0; q < 2; q++) {
        IFMA_FN(select)(Y[q], table[q], count, tacit_ifma_exp_bits(E[q], elimbs, pos, first));
    }
    while (pos > 0) {
        pos -= w;
        for (i = 0; i < w; i++) {
            IFMA_FN(amm2)(Y, (const uint64_t *const *)Y, (const uint64_t *const *)Y, md);
        }
        for (q = 0; q < 2; q++) {
            IFMA_FN(select)(sel[q], table[q], count, tacit_ifma_exp_bits(E[q], elimbs, pos, w));
        }
        IFMA_FN(amm2)(Y, (const uint64_t *const *)Y, (const uint64_t *const *)sel, md);
    }
}

#undef IFMA_D
#undef IFMA_KMASK

#else /* IFMA_PAIR */

/*
 * The paired instance (IFMA_PAIR defined, IFMA_LANES 8): the two CRT
 * halves of ladder2, each of IFMA_HD = 4 IFMA_NV digits, share one set of
 * IFMA_NV 512-bit vectors in the paired layout (ifma_pair_interleave):
 * lanes 0..3 the first half, 4..7 the second.  Every vector instruction
 * then works for both products, half the instructions of amm2 on 256-bit
 * vectors; on a CPU that executes 512-bit operations at full width (Zen 5)
 * that halves the multiply-add issue slots.  The extra operations:
 *
 *   V_SET1_PAIR(x0, x1)    x0 in lanes 0..3, x1 in lanes 4..7
 *   V_UP1_PAIR(cur, prev)  each half one lane up: prev[3], cur[0..2], prev[7], cur[4..6]
 *                          (a two-source permute)
 *   V_LANE_AT(v, n)        lane n (a constant once inlined) as a uint64_t
 *   V_MASK_MADDLO(c, k, a, b), V_MASK_MADDHI(c, k, a, b)
 *                          V_MADDLO / V_MADDHI in the lanes of k (a constant), c elsewhere
 *   V_SQR_SPREAD0(lo, hi)  lo[0], hi[0], lo[1], hi[1], lo[4], hi[4], lo[5], hi[5]
 *   V_SQR_SPREAD1(lo, hi)  lo[2], hi[2], lo[3], hi[3], lo[6], hi[6], lo[7], hi[7]
 *                          (two-source permutes: the squares' halves at their digits)
 */
/* multiply-adds whose vector operand is read from memory (the includer may
 * make them one instruction with a memory operand, never cached in a register) */
#if !defined(V_MADDLO_MEM)
#define V_MADDLO_MEM(c, p, b) V_MADDLO((c), V_LOAD(p), (b))
#define V_MADDHI_MEM(c, p, b) V_MADDHI((c), V_LOAD(p), (b))
#define V_MASK_MADDLO_MEM(c, k, p, b) V_MASK_MADDLO((c), (k), V_LOAD(p), (b))
#define V_MASK_MADDHI_MEM(c, k, p, b) V_MASK_MADDHI((c), (k), V_LOAD(p), (b))
#endif

#define IFMA_HD (4 * IFMA_NV)
/* the lanes of the first half / the second in IFMA_NV 8-bit lane masks side by side */
#define IFMA_H0 ((((uint64_t)1 << (8 * IFMA_NV)) - 1) / 0xFF * 0x0F)
#define IFMA_H1 (IFMA_H0 << 4)

/*
 * Product scanning on the paired layout: no lane moves inside the loop.
 * x's shifted copies ("variants"): X_k holds x moved up k digits in each
 * half (k = 0..3), as IFMA_NV + 2 vectors: slot 0 zero, then X_k's
 * vectors 0..IFMA_NV (vector j: digits 4 j - k .. 4 j - k + 3, zero outside
 * 0..IFMA_HD - 1).  X_4 is X_0 one vector up: slots 0..IFMA_NV of X_0.
 */
#define IFMA_PVAR_WORDS (4 * (IFMA_NV + 2) * 8)
#define IFMA_PSLOT(k, jj) (((k) * (IFMA_NV + 2) + (jj)) * 8)
/* X_k's vector j, and X_(k+1)'s (the high halves land one digit up) */
#define IFMA_PLO(k, j) IFMA_PSLOT((k), (j) + 1)
#define IFMA_PHI(k, j) ((k) < 3 ? IFMA_PSLOT((k) + 1, (j) + 1) : IFMA_PSLOT(0, (j)))

/*
 * X_1..X_3 of x (in registers) into var, and X_0 too if x0; the slots
 * that are always zero (slot 0 of each X_k, slot IFMA_NV + 1 of X_0) are
 * not written: var holds them already (pair_variants wrote them).
 */
static inline __attribute__((always_inline)) IFMA_ATTR void IFMA_FN(pair_variants_v)(uint64_t *var,
                                                                                     const V_T *x,
                                                                                     int x0)
{
    V_T cur[IFMA_NV + 1], nxt[IFMA_NV + 1], zero = V_ZERO();
    int k, j;

    for (j = 0; j < IFMA_NV; j++) {
        cur[j] = x[j];
    }
    cur[IFMA_NV] = zero;
    for (k = 0; k < 4; k++) {
        if (k > 0 || x0) {
            for (j = 0; j < (k > 0 ? IFMA_NV + 1 : IFMA_NV); j++) {
                V_STORE(var + IFMA_PSLOT(k, j + 1), cur[j]);
            }
        }
        if (k < 3) {
            for (j = 0; j <= IFMA_NV; j++) {
                nxt[j] = V_UP1_PAIR(cur[j], j > 0 ? cur[j - 1] : zero);
            }
            for (j = 0; j <= IFMA_NV; j++) {
                cur[j] = nxt[j];
            }
        }
    }
}

/* All the variants of x (paired, in memory) into var, the zero slots too. */
static IFMA_ATTR void IFMA_FN(pair_variants)(uint64_t *var, const uint64_t *x)
{
    V_T cur[IFMA_NV], zero = V_ZERO();
    int k, j;

    for (j = 0; j < IFMA_NV; j++) {
        cur[j] = V_LOAD(x + 8 * j);
    }
    for (k = 0; k < 4; k++) {
        V_STORE(var + IFMA_PSLOT(k, 0), zero);
    }
    V_STORE(var + IFMA_PSLOT(0, IFMA_NV + 1), zero);
    IFMA_FN(pair_variants_v)(var, cur, 1);
}

/*
 * Step i = 4 w + k of amm_ps: W (the a b products) and Z (the y m
 * products) are windows of IFMA_NV + 1 vectors over digits 4 w ..
 * 4 w + 4 IFMA_NV + 3 of each half.  The scalar state st: c[2] (the carry
 * into digit i), s0[2] (Z's part of digit i), t[2] (Z's part of digit
 * i + 1 but for y_i's share), and the moduli's constants.  k is a constant
 * once inlined: every lane index and every skipped product is fixed.
 */
typedef struct {
    uint64_t c[2], s0[2], t[2], k0[2], m0s[2], m1[2], m1s[2], m2[2];
} IFMA_FN(ps_state);

/*
 * ACC += the row of shifted copies src times the per-half factor f at step
 * offset k: low halves at IFMA_PLO, high halves at IFMA_PHI; the products
 * that fall outside the window (k and j constants once inlined) are skipped.
 */
static inline __attribute__((always_inline)) IFMA_ATTR void IFMA_FN(ps_row)(V_T *acc,
                                                                            const uint64_t *src,
                                                                            V_T f, int k)
{
    int j;

    for (j = 0; j <= IFMA_NV; j++) {
        if (!(k == 0 && j == IFMA_NV)) {
            acc[j] = V_MADDLO_MEM(acc[j], src + IFMA_PLO(k, j), f);
        }
        if (!(k == 3 && j == 0)) {
            acc[j] = V_MADDHI_MEM(acc[j], src + IFMA_PHI(k, j), f);
        }
    }
}

/*
 * The paired lane mask (the same lanes t = 0..3 in both halves) of the t
 * with 4 J + t > th: see ps_row_sqr.
 */
#define IFMA_SQR_LANES(J, th)                                                                      \
    (4 * (J) > (th)        ? 0xFFu                                                                 \
     : 4 * (J) + 3 <= (th) ? 0u                                                                    \
                           : (0xFu & ~((1u << ((th)-4 * (J) + 1)) - 1u)) * 0x11u)

/*
 * ps_row for the squaring at step j = 4 w + k: only the products a_i a_j
 * with i > j (each counted once: the caller doubles the sum), skipping the
 * window vectors below w (digits i <= j only) and masking the lanes of
 * vectors w and w + 1 that hold i <= j.  X_k's vector jj holds a's digits
 * 4 jj - k + t: the low half of a_i a_j lands in window vector jj when
 * 4 (jj - w) + t > 2 k, the high half (from X_(k+1)) when 4 (jj - w) + t
 * > 2 k + 1.  w, k are constants once inlined: every mask is too.
 */
static inline __attribute__((always_inline)) IFMA_ATTR void IFMA_FN(ps_row_sqr)(V_T *acc,
                                                                                const uint64_t *src,
                                                                                V_T f, int k, int w)
{
    int j;

    for (j = w; j <= IFMA_NV; j++) {
        unsigned lo = IFMA_SQR_LANES(j - w, 2 * k), hi = IFMA_SQR_LANES(j - w, 2 * k + 1);

        if (!(k == 0 && j == IFMA_NV) && lo != 0) {
            acc[j] = lo == 0xFFu ? V_MADDLO_MEM(acc[j], src + IFMA_PLO(k, j), f)
                                 : V_MASK_MADDLO_MEM(acc[j], U64_TO_K(lo), src + IFMA_PLO(k, j), f);
        }
        if (!(k == 3 && j == 0) && hi != 0) {
            acc[j] = hi == 0xFFu ? V_MADDHI_MEM(acc[j], src + IFMA_PHI(k, j), f)
                                 : V_MASK_MADDHI_MEM(acc[j], U64_TO_K(hi), src + IFMA_PHI(k, j), f);
        }
    }
}

static inline __attribute__((always_inline)) IFMA_ATTR void IFMA_FN(ps_step)(
    V_T *W, V_T *Z, const uint64_t *av, const uint64_t *mv, const uint64_t *bw, int k, int w,
    int sq, IFMA_FN(ps_state) * st)
{
    V_T bv = V_SET1_PAIR(bw[k], bw[4 + k]), yv;
    uint64_t u[2], y[2], z2[2];
    int q;

    if (sq) {
        IFMA_FN(ps_row_sqr)(W, av, bv, k, w);
    } else {
        IFMA_FN(ps_row)(W, av, bv, k);
    }
    for (q = 0; q < 2; q++) {
        /* squaring: W holds each a_i a_j (i > j) once, the doubled sum is the value */
        u[q] = st->c[q] + (V_LANE_AT(W[0], 4 * q + k) << sq) + st->s0[q];
        z2[q] = V_LANE_AT(Z[(k + 2) / 4], 4 * q + (k + 2) % 4);
        y[q] = (u[q] * st->k0[q]) & IFMA_M52;
    }
    yv = V_SET1_PAIR(y[0], y[1]);
    IFMA_FN(ps_row)(Z, mv, yv, k);
    for (q = 0; q < 2; q++) {
        uint64_t h0 = (uint64_t)(((tacit_ifma_u128)st->m0s[q] * y[q]) >> 64);
        uint64_t h1 = (uint64_t)(((tacit_ifma_u128)st->m1s[q] * y[q]) >> 64);
        st->c[q] = (u[q] + IFMA_M52) >> 52;
        st->s0[q] = st->t[q] + ((st->m1[q] * y[q]) & IFMA_M52) + h0;
        st->t[q] = z2[q] + ((st->m2[q] * y[q]) & IFMA_M52) + h1;
    }
}

/*
 * out = the two products a_q * b_q / R' mod m_q of amm_k (same bounds:
 * below 2 m_q for inputs below 2 m_q; fully normalised digits), in the
 * paired layout, by product scanning: av: a's variants (pair_variants),
 * mv: the moduli's, b and out paired (out may alias b or the a the
 * variants came from); md: each half's k0, m0, m1 and modulus.
 *
 * Digit i of the sum gets lo(a_(i-j) b_j) + hi(a_(i-j-1) b_j) from step j,
 * and the same of m and y_j: X_k and X_(k+1) put those at their digits,
 * so the accumulators never move (no lane moves in the loop, whose
 * multiply-adds then only wait for their own accumulator); after every
 * four steps the lowest vector of each window is finished (its digits
 * went into the scalar u) and the windows move one vector up.  Each lane
 * gets at most 2 IFMA_HD terms of 52 bits in W and as many in Z.
 *
 * The scalar part tracks each half's digit i exactly, as amm_k does, but
 * reaches one digit further: the Z part of digit i + 2 is read at step i,
 * before y_i's products reach it, and y_i's and y_(i+1)'s shares of it
 * are added in scalar code (with Z_i the Z part of digit i,
 *   Z_(i+1) = Z_(i+1)[read at step i - 1] + lo(m_2 y_(i-1)) + hi(m_1 y_(i-1))
 *                                         + lo(m_1 y_i) + hi(m_0 y_i)),
 * so the path from y_i through the vectors back to a later y spans three
 * steps.  The carry out of digit i is (u + 2^52 - 1) >> 52: u + lo(m_0 y)
 * is a multiple of 2^52, so lo(m_0 y) is (-u) mod 2^52 and the carry does
 * not wait for m_0 y.  hi(x y) for x, y < 2^52 is the high word of
 * (x 2^12) y: one MULX.
 */
static inline __attribute__((always_inline)) IFMA_ATTR void IFMA_FN(amm_ps)(
    uint64_t *out, const uint64_t *av, const uint64_t *b, const uint64_t *mv,
    const tacit_ifma_mod *const *md, int sq, uint64_t *ovar)
{
    V_T W[IFMA_NV + 1], Z[IFMA_NV + 1], R[IFMA_NV], H[IFMA_NV], D[2 * IFMA_NV];
    V_T m52 = V_SET1(IFMA_M52), zero = V_ZERO();
    IFMA_FN(ps_state) st;
    uint64_t g, p, carries;
    size_t w, v, q;

    for (q = 0; q < 2; q++) {
        st.c[q] = 0;
        st.s0[q] = 0;
        st.t[q] = 0;
        st.k0[q] = md[q]->k0;
        st.m0s[q] = md[q]->m0 << 12;
        st.m1[q] = md[q]->m1;
        st.m1s[q] = md[q]->m1 << 12;
        st.m2[q] = md[q]->m[2];
    }
    for (v = 0; v < 2 * IFMA_NV; v++) {
        D[v] = zero;
    }
    if (sq) {
        /*
         * The squares a_i^2 (the diagonal): low half at digit 2 i, high half
         * at 2 i + 1, i.e. vector v's lanes spread over vectors 2 v, 2 v + 1.
         * They start in Z (Z's digits 0 and 1 in the scalar state), which
         * is added to the doubled W at the end.
         */
        for (v = 0; v < IFMA_NV; v++) {
            V_T x = V_LOAD(b + 8 * v);
            V_T lo = V_MADDLO(zero, x, x), hi = V_MADDHI(zero, x, x);
            D[2 * v] = V_SQR_SPREAD0(lo, hi);
            D[2 * v + 1] = V_SQR_SPREAD1(lo, hi);
        }
        for (q = 0; q < 2; q++) {
            st.s0[q] = V_LANE_AT(D[0], 4 * q);
            st.t[q] = V_LANE_AT(D[0], 4 * q + 1);
        }
    }
    for (v = 0; v <= IFMA_NV; v++) {
        W[v] = zero;
        Z[v] = D[v];
    }
    /* unrolled, so that the windows stay in registers */
#pragma GCC unroll 16
    for (w = 0; w < IFMA_NV; w++) {
        IFMA_FN(ps_step)(W, Z, av, mv, b + 8 * w, 0, (int)w, sq, &st);
        IFMA_FN(ps_step)(W, Z, av, mv, b + 8 * w, 1, (int)w, sq, &st);
        IFMA_FN(ps_step)(W, Z, av, mv, b + 8 * w, 2, (int)w, sq, &st);
        IFMA_FN(ps_step)(W, Z, av, mv, b + 8 * w, 3, (int)w, sq, &st);
        for (v = 0; v < IFMA_NV; v++) {
            W[v] = W[v + 1];
            Z[v] = Z[v + 1];
        }
        W[IFMA_NV] = zero;
        Z[IFMA_NV] = w + IFMA_NV + 1 < 2 * IFMA_NV ? D[w + IFMA_NV + 1] : zero;
    }

    if (sq) {
        for (v = 0; v < IFMA_NV; v++) {
            W[v] = V_ADD(W[v], W[v]);
        }
    }
    R[0] = V_ADD(W[0], V_MASK_MOV(zero, U64_TO_K(0x11), V_SET1_PAIR(st.c[0], st.c[1])));
    for (v = 0; v < IFMA_NV; v++) {
        R[v] = V_ADD(v == 0 ? R[0] : W[v], Z[v]);
        H[v] = V_SRLI52(R[v]);
        R[v] = V_AND(R[v], m52);
    }
    for (v = 0; v < IFMA_NV; v++) {
        R[v] = V_ADD(R[v], V_UP1_PAIR(H[v], v > 0 ? H[v - 1] : zero));
    }
    /*
     * The lane masks side by side, vector v at bits 8 v .. 8 v + 7: each
     * half's lanes are every other nibble.  Each half's carries are added
     * with the other half's nibbles set to "propagate", so that a carry
     * out of lane 3 of vector v crosses them into lane 0 of vector v + 1.
     */
    g = p = 0;
    for (v = 0; v < IFMA_NV; v++) {
        g |= K_TO_U64(V_CMPGT(R[v], m52)) << (8 * v);
        p |= K_TO_U64(V_CMPEQ(R[v], m52)) << (8 * v);
    }
    carries = (((((g & IFMA_H0) << 1) + (p | IFMA_H1)) ^ (p | IFMA_H1)) & IFMA_H0) |
              (((((g & IFMA_H1) << 1) + (p | IFMA_H0)) ^ (p | IFMA_H0)) & IFMA_H1);
    for (v = 0; v < IFMA_NV; v++) {
        R[v] = V_AND(V_MASK_ADD(R[v], U64_TO_K((carries >> (8 * v)) & 0xFF), V_SET1(1)), m52);
        V_STORE(out + 8 * v, R[v]);
    }
    if (ovar != NULL) {
        IFMA_FN(pair_variants_v)(ovar, R, 0);
    }
}

/* amm_ps for the table: out = a * b, a's variants av (made once). */
static IFMA_ATTR void IFMA_FN(amm_pt)(uint64_t *out, const uint64_t *av, const uint64_t *b,
                                      const uint64_t *mv, const tacit_ifma_mod *const *md)
{
    IFMA_FN(amm_ps)(out, av, b, mv, md, 0, NULL);
}

/*
 * The ladder's products on x = X_0 of av (slots 1..IFMA_NV, where x
 * lives): x = x * b (amm_pv) or x = x * x (sqr_pv, the squaring's half of
 * the a products: each a_i a_j, i > j, once, doubled at the end, plus the
 * squares a_i^2; see amm_ps, ps_row_sqr), and av = the result's variants,
 * made from the registers that hold it (no reload, no call).
 */
static IFMA_ATTR void IFMA_FN(amm_pv)(uint64_t *av, const uint64_t *b, const uint64_t *mv,
                                      const tacit_ifma_mod *const *md)
{
    IFMA_FN(amm_ps)(av + IFMA_PSLOT(0, 1), av, b, mv, md, 0, av);
}

static IFMA_ATTR void IFMA_FN(sqr_pv)(uint64_t *av, const uint64_t *mv,
                                      const tacit_ifma_mod *const *md)
{
    IFMA_FN(amm_ps)(av + IFMA_PSLOT(0, 1), av, av + IFMA_PSLOT(0, 1), mv, md, 1, av);
}

/*
 * out = entry idx0 of the first half's table and idx1 of the second's
 * (both secret), from count paired entries: every entry is read in full
 * and merged under the lane mask "i == idx" of each half.
 */
static IFMA_ATTR void IFMA_FN(select_pair)(uint64_t *out, const uint64_t *table, size_t count,
                                           size_t idx0, size_t idx1)
{
    V_T acc[IFMA_NV], iv = V_SET1_PAIR(idx0, idx1);
    size_t i, v;

    for (v = 0; v < IFMA_NV; v++) {
        acc[v] = V_ZERO();
    }
    for (i = 0; i < count; i++) {
        K_T k = V_CMPEQ(V_SET1(i), iv);
        for (v = 0; v < IFMA_NV; v++) {
            acc[v] = V_SCAN_MERGE(acc[v], k, table + (i * IFMA_NV + v) * 8);
        }
    }
    for (v = 0; v < IFMA_NV; v++) {
        V_STORE(out + 8 * v, acc[v]);
    }
}

/*
 * ladder2 on the paired layout: Y[q] = t1[q]^E[q] * R' (almost reduced),
 * from t0[q] = R', t1[q] = base * R' in the plain layout of IFMA_HD
 * digits, the moduli md[q]->m likewise.  work: IFMA_PAIR_WORDS(IFMA_HD)
 * words, 64-byte aligned (the caller wipes it).  The same windows,
 * squarings, scans and multiplications as ladder2, whatever E holds.
 */
static IFMA_ATTR void IFMA_FN(ladder2p)(uint64_t *const *Y, uint64_t *work,
                                        const uint64_t *const *t0, const uint64_t *const *t1,
                                        const uint64_t *const *E, size_t elimbs, size_t w,
                                        const tacit_ifma_mod *const *md)
{
    size_t count = (size_t)1 << w, ebits = elimbs * 64, i, pos, first, pd = 2 * IFMA_HD;
    uint64_t *table = work, *mv = table + ((size_t)1 << IFMA_WINDOW_MAX) * pd;
    uint64_t *sel = mv + IFMA_PVAR_WORDS, *av = sel + pd, *py = av + IFMA_PSLOT(0, 1);

    /* the paired moduli go to sel first, then their variants to mv */
    ifma_pair_interleave(sel, md[0]->m, md[1]->m, IFMA_HD);
    IFMA_FN(pair_variants)(mv, sel);
    ifma_pair_interleave(table, t0[0], t0[1], IFMA_HD);
    ifma_pair_interleave(table + pd, t1[0], t1[1], IFMA_HD);
    /* t1's variants for the table, then (zero slots kept) the ladder's value's */
    IFMA_FN(pair_variants)(av, table + pd);
    for (i = 2; i < count; i++) {
        IFMA_FN(amm_pt)(table + i * pd, av, table + (i - 1) * pd, mv, md);
    }
    first = ebits % w == 0 ? w : ebits % w;
    pos = ebits - first;
    IFMA_FN(select_pair)
    (py, table, count, tacit_ifma_exp_bits(E[0], elimbs, pos, first),
     tacit_ifma_exp_bits(E[1], elimbs, pos, first));
    IFMA_FN(pair_variants)(av, py);
    while (pos > 0) {
        pos -= w;
        for (i = 0; i < w; i++) {
            IFMA_FN(sqr_pv)(av, mv, md);
        }
        IFMA_FN(select_pair)
        (sel, table, count, tacit_ifma_exp_bits(E[0], elimbs, pos, w),
         tacit_ifma_exp_bits(E[1], elimbs, pos, w));
        IFMA_FN(amm_pv)(av, sel, mv, md);
    }
    ifma_pair_split(Y[0], Y[1], py, IFMA_HD);
}

/*
 * Leaks: E (its bit length and every bit).
 * Only for: public exponents, from tacit_ifma_exp_mod_x2_unsafe.
 *
 * Y[q] = t1[q]^E * R' (almost reduced) for both halves, one public E of
 * ebits >= 1 bits, by left-to-right square-and-multiply on the paired
 * layout (sqr_pv, amm_pv): e = 65537 is 16 paired squarings and one
 * paired multiplication.  t1, md as for ladder2p; work as ladder2p's
 * (its first table entry holds the paired base).
 */
static IFMA_ATTR void ifma_pair_pow_unsafe(uint64_t *const *Y, uint64_t *work,
                                           const uint64_t *const *t1, const uint64_t *E,
                                           size_t ebits, const tacit_ifma_mod *const *md)
{
    size_t i, pd = 2 * IFMA_HD;
    uint64_t *base = work, *mv = base + ((size_t)1 << IFMA_WINDOW_MAX) * pd;
    uint64_t *sel = mv + IFMA_PVAR_WORDS, *av = sel + pd, *py = av + IFMA_PSLOT(0, 1);

    ifma_pair_interleave(sel, md[0]->m, md[1]->m, IFMA_HD);
    IFMA_FN(pair_variants)(mv, sel);
    ifma_pair_interleave(base, t1[0], t1[1], IFMA_HD);
    IFMA_FN(pair_variants)(av, base);
    for (i = ebits - 1; i-- > 0;) {
        IFMA_FN(sqr_pv)(av, mv, md);
        if ((E[i / 64] >> (i % 64)) & 1) {
            IFMA_FN(amm_pv)(av, base, mv, md);
        }
    }
    ifma_pair_split(Y[0], Y[1], py, IFMA_HD);
}

#undef IFMA_HD
#undef IFMA_H0
#undef IFMA_H1
#undef IFMA_PVAR_WORDS
#undef IFMA_PSLOT
#undef IFMA_PLO
#undef IFMA_PHI
#undef IFMA_SQR_LANES

#endif /* IFMA_PAIR */
