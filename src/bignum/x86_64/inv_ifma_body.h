/*
 * The body of the IFMA divsteps (see inv_ifma.c for the method), written
 * against vector operations the includer defines, so that the same source
 * is the kernel (inv_ifma.c: AVX-512 intrinsics on 256-bit vectors) and
 * the C model that runs under valgrind (tests/bignum/ct_inv_ifma.c, and
 * test_inv_ifma.c, which checks that both give the same bits):
 *   V_T, K_T                 a vector of 4 64-bit lanes, a lane mask
 *   V_ZERO(), V_SET1(x), V_SET4(l3, l2, l1, l0), V_LOAD(p), V_STORE(p, v)
 *   V_SWAP(x)                lanes (1, 0, 3, 2) of x (VPSHUFD 0x4E)
 *   V_ADD(a, b), V_SUB(a, b), V_AND(a, b), V_SLLI2(a), V_SRAI52(a) (arithmetic)
 *   V_MADDLO(c, a, b), V_MADDHI(c, a, b)   c + low / high 52 bits of the
 *                            104-bit product of the lanes' low 52 bits
 *   V_MASK_SUB(v, k, w)      v - w in the lanes of k, v elsewhere
 *   V_LTZ(a)                 the mask of the negative lanes
 *   V_KEEP(v)                keeps the compiler from re-associating a sum
 *   IFMA_FN(name), IFMA_ATTR names and attributes of the functions.
 * The includer also provides inv_sd/inv_ud/inv_sdd/inv_udd, INV_N 14 and
 * includes bignum_core_inv_pack.h and inv_x86_64.h (the CMOV steps).
 * Included once per configuration; no include guard.
 */
#define VD 50 /* divsteps per batch */
#define DB 52 /* bits per digit */
#define VMASK (((inv_ud)1 << VD) - 1)
#define DMASK (((inv_ud)1 << DB) - 1)
#define BIAS ((inv_ud)1 << 50)   /* added to the matrix entries */
#define BIAS_M ((inv_ud)1 << 51) /* added to md, me */

/* Digits of 52 bits for values below 2^(64 limbs + 2) in magnitude (top digit below 2^51). */
static size_t IFMA_FN(digits)(size_t limbs)
{
    return (limbs * 64 + 2) / DB + 1;
}

/* Lane `lane` (of `lanes`) of the K digits at x = the 52-bit digits of A (limbs limbs). */
static void IFMA_FN(to_lane)(inv_sd *x, size_t K, size_t lanes, size_t lane,
                             const tacit_mpi_uint *A, size_t limbs)
{
    size_t i;

    for (i = 0; i < K; i++) {
        size_t pos = i * DB, li = pos / 64, off = pos % 64;
        inv_ud lo = li < limbs ? (inv_ud)A[li] : 0, hi = li + 1 < limbs ? (inv_ud)A[li + 1] : 0;
        if (off != 0) {
            lo = (lo >> off) | (hi << (64 - off));
        }
        x[lanes * i + lane] = (inv_sd)(lo & DMASK);
    }
}

/* X (n limbs) = the two's complement of lane 0 of the K blocks at x (signed top digit). */
static void IFMA_FN(from_lane)(tacit_mpi_uint *X, size_t n, const inv_sd *x, size_t K)
{
    inv_sdd acc = 0;
    size_t have = 0, i, j = 0;

    for (i = 0; i < K; i++) {
        acc += (inv_sdd)x[4 * i] * ((inv_sdd)1 << have); /* a multiply: x may be negative */
        have += DB;
        if (have >= 64) {
            if (j < n) {
                X[j++] = (tacit_mpi_uint)acc;
            }
            acc >>= 64;
            have -= 64;
        }
    }
    while (j < n) {
        X[j++] = (tacit_mpi_uint)acc;
        acc >>= 64;
    }
}

/*
 * Digit j of the update: its low products plus the high products of digit
 * j - 1 (h), times 4 into the carry chain, less the biases' share of digit
 * j - 1 (v); the result's digit j - 1 is stored.  Then h and v of digit j
 * for the next one.  The low products start from zero, not from h (one
 * addition more): the chain of dependent multiply-adds a digit is three
 * long, not six, which measured 6% fewer TSC ticks at 4096 bits on Zen 4
 * (fewer vector instructions waiting keeps the steps' dispatch moving).
 * The sum is formed off the chain (V_KEEP keeps the compiler from folding
 * the accumulator in early): the chain is one shift and one add a digit.
 */
#define VDIGIT(j)                                                                                  \
    do {                                                                                           \
        V_T x_ = V_LOAD(s + 4 * (j)), sx_ = V_SWAP(x_), m_ = V_SET1(mw[j]), p_;                    \
        p_ = V_MADDLO(zero, c1, x_);                                                               \
        p_ = V_MADDLO(p_, c2, sx_);                                                                \
        p_ = V_MADDLO(p_, c3, m_);                                                                 \
        p_ = V_SUB(V_SLLI2(V_ADD(p_, h)), v);                                                      \
        V_KEEP(p_);                                                                                \
        acc = V_ADD(V_SRAI52(acc), p_);                                                            \
        V_STORE(s + 4 * (j)-4, V_AND(acc, dmask));                                                 \
        h = V_MADDHI(zero, c1, x_);                                                                \
        h = V_MADDHI(h, c2, sx_);                                                                  \
        h = V_MADDHI(h, c3, m_);                                                                   \
        v = V_ADD(V_ADD(x_, sx_), V_LOAD(m2 + 4 * (j)));                                           \
        xp = x_;                                                                                   \
    } while (0)

/*
 * After step n (0 .. 49) of a batch: digit n + min(n, E) + 1, and for n < E
 * the one after it too (E steps take two digits, so 50 + E digits overlap
 * the steps); digits past the top are skipped (K, E public; constants in
 * the specialised copies).
 */
#define VNEXT(n)                                                                                   \
    do {                                                                                           \
        const size_t j_ = (size_t)(n) + ((size_t)(n) < E ? (size_t)(n) : E) + 1;                   \
        if (j_ < K) {                                                                              \
            VDIGIT(j_);                                                                            \
        }                                                                                          \
        if ((size_t)(n) < E && j_ + 1 < K) {                                                       \
            VDIGIT(j_ + 1);                                                                        \
        }                                                                                          \
    } while (0)
#define VNONE(n) ((void)0)

/*
 * 50 divsteps from the words fw, gw (at least 50 correct low bits), DIG()
 * after each; r gets the batch's matrix, scaled by 2^50.  The words of each
 * group come from the group before (as in bignum_core_inv.c's divsteps_n):
 * 54 correct bits at the start leave 12 for the last group of 8.
 */
#define DIVSTEPS50(fw, gw, DIG)                                                                    \
    do {                                                                                           \
        nf = (fw);                                                                                 \
        ng = (gw);                                                                                 \
        inv_pack(&a, &b, nf, ng);                                                                  \
        INV_STEPS14(DIG, 0);                                                                       \
        inv_unpack(a, b, r, p);                                                                    \
        INV_NEXT_WORDS(14);                                                                        \
        inv_pack(&a, &b, nf, ng);                                                                  \
        INV_STEPS14(DIG, 14);                                                                      \
        inv_unpack(a, b, m, p);                                                                    \
        INV_NEXT_WORDS(14);                                                                        \
        INV_COMBINE();                                                                             \
        inv_pack(&a, &b, nf, ng);                                                                  \
        INV_STEPS14(DIG, 28);                                                                      \
        inv_unpack(a, b, m, p);                                                                    \
        INV_NEXT_WORDS(14);                                                                        \
        INV_COMBINE();                                                                             \
        inv_pack(&a, &b, nf, ng);                                                                  \
        INV_STEPS7(DIG, 0, 42);                                                                    \
        INV_STEP(7, DIG, 49);                                                                      \
        inv_unpack(a, b, m, p);                                                                    \
        INV_COMBINE();                                                                             \
    } while (0)

/*
 * The body: inlined into its callers with `limbs` and E (the number of
 * steps followed by two digits) constant for the sizes that have their
 * own copy, so every digit's test folds away there.  s: 4 K words, 32-byte
 * aligned (the blocks of f, g, d, e), then 4 K words (the blocks of 0, 0,
 * 2 M_j, 2 M_j), then K words (M's digits).
 */
static inline __attribute__((always_inline)) IFMA_ATTR void IFMA_FN(body)(
    tacit_mpi_uint *F, tacit_mpi_uint *D, const tacit_mpi_uint *G, const tacit_mpi_uint *M,
    const size_t limbs, size_t steps, inv_sd *s, const size_t E)
{
    const size_t K = IFMA_FN(digits)(limbs), batches = (steps + VD - 1) / VD;
    inv_sd *m2 = s + 4 * K, *mw = m2 + 4 * K, r[4], m[4];
    inv_ud mi = 0 - tacit_mpi_core_mont_init(M), a, b, nf, ng, fw, gw, p[4];
    inv_ud z = ~(inv_ud)0; /* zeta = -(delta + 1/2), delta = 1/2 */
    const V_T dmask = V_SET1(DMASK), zero = V_ZERO();
    V_T acc, c1, c2, c3, xp, h, v;
    size_t j, bi;

    memset(s, 0, 4 * K * sizeof(*s));
    IFMA_FN(to_lane)(s, K, 4, 0, F, limbs + 1);
    IFMA_FN(to_lane)(s, K, 4, 1, G, limbs);
    s[2] = 2; /* d: f = M + 2 A = 2 A (mod M) */
    s[3] = 1; /* e: g = A */
    IFMA_FN(to_lane)(mw, K, 1, 0, M, limbs);
    for (j = 0; j < K; j++) {
        m2[4 * j] = m2[4 * j + 1] = 0;
        m2[4 * j + 2] = m2[4 * j + 3] = 2 * mw[j];
    }

    DIVSTEPS50((inv_ud)s[0], (inv_ud)s[1], VNONE);
    for (bi = 0; bi < batches; bi++) {
        const inv_udd flo = (inv_ud)s[0] | ((inv_udd)(inv_ud)s[4] << DB),
                      glo = (inv_ud)s[1] | ((inv_udd)(inv_ud)s[5] << DB);
        {
            /*
             * md, me: M added for a negative d or e (the signs of the top
             * digits), less the multiple of M that zeroes the low 50 bits:
             * md in [-2^50, 2^50] - [0, 2^50), in (-2^51, 2^50]
             */
            inv_ud sd = (inv_ud)0 - ((inv_ud)s[4 * (K - 1) + 2] >> 63);
            inv_ud se = (inv_ud)0 - ((inv_ud)s[4 * (K - 1) + 3] >> 63);
            inv_ud md = ((inv_ud)r[0] & sd) + ((inv_ud)r[1] & se);
            inv_ud me = ((inv_ud)r[2] & sd) + ((inv_ud)r[3] & se);
            inv_ud cd = (inv_ud)r[0] * (inv_ud)s[2] + (inv_ud)r[1] * (inv_ud)s[3];
            inv_ud ce = (inv_ud)r[2] * (inv_ud)s[2] + (inv_ud)r[3] * (inv_ud)s[3];
            md -= (mi * cd + md) & VMASK;
            me -= (mi * ce + me) & VMASK;
            c3 = V_SET4(me + BIAS_M, md + BIAS_M, 0, 0);
        }
        /* lanes f, g, d, e times (f, g, d, e) and times (g, f, e, d), biased */
        c1 = V_SET4((inv_ud)r[3] + BIAS, (inv_ud)r[0] + BIAS, (inv_ud)r[3] + BIAS,
                    (inv_ud)r[0] + BIAS);
        c2 = V_SET4((inv_ud)r[2] + BIAS, (inv_ud)r[1] + BIAS, (inv_ud)r[2] + BIAS,
                    (inv_ud)r[1] + BIAS);
        /* the next batch's words: bits 50..99 of t (f, g) from the digits 0 and 1 */
        fw = (inv_ud)(((inv_udd)(inv_sdd)r[0] * flo + (inv_udd)(inv_sdd)r[1] * glo) >> VD);
        gw = (inv_ud)(((inv_udd)(inv_sdd)r[2] * flo + (inv_udd)(inv_sdd)r[3] * glo) >> VD);
        /* digit 0: low products only (4 P's digit 0 is zero, nothing is stored), its h and v */
        {
            V_T x_ = V_LOAD(s), sx_ = V_SWAP(x_), m_ = V_SET1(mw[0]);
            acc = V_MADDLO(zero, c1, x_);
            acc = V_MADDLO(acc, c2, sx_);
            acc = V_SLLI2(V_MADDLO(acc, c3, m_));
            h = V_MADDHI(zero, c1, x_);
            h = V_MADDHI(h, c2, sx_);
            h = V_MADDHI(h, c3, m_);
            v = V_ADD(V_ADD(x_, sx_), V_LOAD(m2));
            xp = x_;
        }
        j = 1;
        if (bi + 1 < batches) {
            DIVSTEPS50(fw, gw, VNEXT);
            j = VD + E + 1 < K ? VD + E + 1 : K;
        }
        for (; j < K; j++) {
            VDIGIT(j);
        }
        {
            /* the top: high products of digit K - 1 less the surplus of its sign, less v */
            V_T p_ = V_MASK_SUB(h, V_LTZ(xp), c1);
            p_ = V_MASK_SUB(p_, V_LTZ(V_SWAP(xp)), c2);
            acc = V_ADD(V_SRAI52(acc), V_SUB(V_SLLI2(p_), v));
            V_STORE(s + 4 * (K - 1), acc);
        }
    }
    IFMA_FN(from_lane)(F, limbs + 1, s, K);
    IFMA_FN(from_lane)(D, limbs + 1, s + 2, K);
}

#undef VD
#undef DB
#undef VMASK
#undef DMASK
#undef BIAS
#undef BIAS_M
#undef VDIGIT
#undef VNEXT
#undef VNONE
#undef DIVSTEPS50
