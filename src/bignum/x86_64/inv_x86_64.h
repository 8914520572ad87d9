/*
 * x86-64 kernel for the divsteps of bignum_core_inv.c (internal to it):
 * n divsteps on the packed words a, b (value and matrix row in one word,
 * see divsteps_group there) with conditional moves instead of masks.
 *
 * Why: the mask form is about 16 instructions a step on a 6-cycle chain
 * (parity -> mask -> conditional negate -> add).  Here every candidate is
 * formed before the conditions are known and CMOV picks: 12 ALU
 * instructions (3 of them CMOV) plus 2 moves.  Only baseline x86-64
 * instructions (CMOVcc, SHL, SAR, IMUL): no CPU probe.
 *
 * One step j, with B_j = bit j of B (g_j odd) and zeta < 0 iff delta > 0:
 *   t1 = B + A,  t2 = B - A,  b2 = 2 B,  bs = B << (63 - j),
 *   if B_j: B = t1        (the SHL's sign flag is B_j: the odd case without swap),
 *   A = 2 A,
 *   bs = zeta & bs, SF = its sign  (swap = delta > 0 and g_j odd, one AND),
 *   if swap: B = t2, A = b2,
 *   zeta = (zeta ^ (bs >> 63)) - 1  (SAR spreads the swap to a mask; XOR, LEA).
 * That is the divstep of divsteps_group: (2A, B), (2A, B + A) or (2B, B - A),
 * and zeta' = (swap ? ~zeta : zeta) - 1.  14 instructions, 2 of them moves:
 * the SHL that isolates B_j for the AND sets the flag of the first CMOV
 * (no BT), and the AND's result is the swap mask's source.  Measured on
 * Zen 3 (cycles from a dependent-add calibration), 14 steps back to back:
 * 3.98 cycles a step, against 4.45 for the 15-instruction form that picked
 * ~zeta with a third CMOV (a copy and a NOT).  The steps are bound by
 * issue, not by a chain (B: SHL, CMOV, CMOV, 3 cycles; zeta: AND, SAR,
 * XOR, LEA, 4 cycles, one step behind).
 *
 * Constant time: the same instructions run for every value; CMOV, SHL and
 * TEST do not branch, and they take the same time whatever the condition
 * (memcheck propagates undefinedness through CMOV without a report, so the
 * ct suites still see any secret reaching a branch or an address after it).
 * Build with -DTACIT_MPI_NO_ASM for the C loop (tests/bignum/test_bignum_ct_gmp_c.c
 * tests that one on x86-64).
 */
#ifndef TACIT_BIGNUM_CORE_INV_X86_64_H
#define TACIT_BIGNUM_CORE_INV_X86_64_H

#if !defined(TACIT_MPI_NO_ASM) && !defined(TACIT_MPI_CORE_FORCE_PORTABLE) &&                       \
    defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && INV_W == 64
#define TACIT_MPI_HAVE_X86_64_INV_ASM

/*
 * One divstep: bit j of B is tested, j an assembler expression (a number,
 * or the .rept counter below).  Operands a, b, z and the temporaries t1,
 * t2, bs, b2 (see INV_X86_64_STEP_OPERANDS).  Also the step of the
 * AVX2 kernel, bignum_core_inv_x86_64_avx2.c, which runs the steps one at a
 * time between the vector digits of the update.
 */
#define INV_X86_64_STEP_ASM(j)                                                                     \
    "lea (%[b],%[a]), %[t1]\n\t"                                                                   \
    "mov %[b], %[t2]\n\t"                                                                          \
    "sub %[a], %[t2]\n\t"                                                                          \
    "lea (%[b],%[b]), %[b2]\n\t"                                                                   \
    "mov %[b], %[bs]\n\t"                                                                          \
    "shl $(63 - (" j ")), %[bs]\n\t"                                                               \
    "cmovs %[t1], %[b]\n\t"                                                                        \
    "add %[a], %[a]\n\t"                                                                           \
    "and %[z], %[bs]\n\t"                                                                          \
    "cmovs %[t2], %[b]\n\t"                                                                        \
    "cmovs %[b2], %[a]\n\t"                                                                        \
    "sar $63, %[bs]\n\t"                                                                           \
    "xor %[bs], %[z]\n\t"                                                                          \
    "lea -1(%[z]), %[z]\n\t"
#define INV_X86_64_STEP_OPERANDS(a_, b_, z_, t1_, t2_, bs_, b2_)                                   \
    [a] "+r"(a_), [b] "+r"(b_), [z] "+r"(z_), [t1] "=&r"(t1_), [t2] "=&r"(t2_), [bs] "=&r"(bs_),   \
        [b2] "=&r"(b2_)

/* n (a literal) divsteps; bit j of B is tested at step j = 0 .. n - 1 */
#define INV_X86_64_STEPS(a, b, z, n)                                                               \
    do {                                                                                           \
        inv_ud t1_, t2_, bs_, b2_;                                                                 \
        __asm__(".set .Ltacit_inv_j, 0\n\t"                                                        \
                ".rept " #n "\n\t" INV_X86_64_STEP_ASM(                                            \
                    ".Ltacit_inv_j") ".set .Ltacit_inv_j, .Ltacit_inv_j + 1\n\t"                   \
                                     ".endr"                                                       \
                : INV_X86_64_STEP_OPERANDS(a, b, z, t1_, t2_, bs_, b2_)                            \
                :                                                                                  \
                : "cc");                                                                           \
    } while (0)

/*
 * The divstep groups of the AVX2 and IFMA kernels (inv_avx2.c,
 * inv_ifma_body.h), on the includer's locals: a, b, z (the packed words and
 * zero), r and m (the batch's and the group's matrices), p (the biased row of
 * inv_unpack), nf and ng (the next words of f and g).  INV_STEP(j, DIG, n) is
 * divstep j of a group, then DIG(n): the slice of the vector update that runs
 * beside it.
 */
#define INV_STEP(j, DIG, n)                                                                        \
    do {                                                                                           \
        inv_ud t1_, t2_, bs_, b2_;                                                                 \
        __asm__(INV_X86_64_STEP_ASM(#j)                                                            \
                : INV_X86_64_STEP_OPERANDS(a, b, z, t1_, t2_, bs_, b2_)                            \
                :                                                                                  \
                : "cc");                                                                           \
        DIG(n);                                                                                    \
    } while (0)
#define INV_STEPS7(DIG, j0, n0)                                                                    \
    INV_STEP(j0 + 0, DIG, (n0) + 0);                                                               \
    INV_STEP(j0 + 1, DIG, (n0) + 1);                                                               \
    INV_STEP(j0 + 2, DIG, (n0) + 2);                                                               \
    INV_STEP(j0 + 3, DIG, (n0) + 3);                                                               \
    INV_STEP(j0 + 4, DIG, (n0) + 4);                                                               \
    INV_STEP(j0 + 5, DIG, (n0) + 5);                                                               \
    INV_STEP(j0 + 6, DIG, (n0) + 6)
#define INV_STEPS14(DIG, n0)                                                                       \
    INV_STEP(0, DIG, (n0) + 0);                                                                    \
    INV_STEP(1, DIG, (n0) + 1);                                                                    \
    INV_STEP(2, DIG, (n0) + 2);                                                                    \
    INV_STEP(3, DIG, (n0) + 3);                                                                    \
    INV_STEP(4, DIG, (n0) + 4);                                                                    \
    INV_STEP(5, DIG, (n0) + 5);                                                                    \
    INV_STEP(6, DIG, (n0) + 6);                                                                    \
    INV_STEP(7, DIG, (n0) + 7);                                                                    \
    INV_STEP(8, DIG, (n0) + 8);                                                                    \
    INV_STEP(9, DIG, (n0) + 9);                                                                    \
    INV_STEP(10, DIG, (n0) + 10);                                                                  \
    INV_STEP(11, DIG, (n0) + 11);                                                                  \
    INV_STEP(12, DIG, (n0) + 12);                                                                  \
    INV_STEP(13, DIG, (n0) + 13)

/*
 * Groups of 15 divsteps (inv_avx2.c: a batch of 30 as 15 + 15, not 14 + 14
 * + 2), packed like bignum_core_inv_pack.h's words with N = 15 in 64 bits:
 * L in [0, 31), u in [31, 47), v in [47, 64).  The general bounds ask for
 * 4 N + 5 = 65 bits (|u| + |v| <= 2^N, so u and v in [-2^N, 2^N]), but a
 * row of a group's matrix is tighter: after n <= 15 steps each entry lies
 * in [-2^14, 2^15].  Enumerated over all 3^15 sequences of the three cases
 * (a superset of those the steps can take; the f row: a' = 2 a or 2 b,
 * the g row: b' = b, b + a or b - a): f row u in [-2^14, 2^15], v in
 * [-16382, 2^15], g row u in [-2^14, 2^15 - 1], v in [-16383, 2^15 - 1].
 * (An entry of magnitude 2^15 leaves the other 0, and the determinant is
 * +-2^n, so only the f row reaches it, as a doubling of (1, 0) or of the g
 * row's first (0, 1).)  The steps below, run on every 15-bit g with 128 f
 * and 48 deltas (201 million groups), gave exactly the matrix of the integer
 * model, these bounds included.  So u + 2^14 and v + 2^14 fit 16 bits, and
 * |u f + v g| < 2^15 2^15 (f, g < 2^15), L + 2^30 fits 31 bits.
 */
#define INV15_PA 31
#define INV15_PB 47
#define INV15_FBIAS ((inv_ud)1 << 14)
#define INV15_BIAS (((inv_ud)1 << 30) + (INV15_FBIAS << INV15_PA) + (INV15_FBIAS << INV15_PB))

static inline void inv15_pack(inv_ud *a, inv_ud *b, inv_ud f, inv_ud g)
{
    const inv_ud low = ((inv_ud)1 << 15) - 1;

    *a = (f & low) + ((inv_ud)1 << INV15_PA);
    *b = (g & low) + ((inv_ud)1 << INV15_PB);
}

/* as inv_unpack: p gets the biased fields (u + 2^14 ...), m the matrix */
static inline void inv15_unpack(inv_ud a, inv_ud b, inv_sd m[4], inv_ud p[4])
{
    const inv_ud fmask = ((inv_ud)1 << (INV15_PB - INV15_PA)) - 1;

    a += INV15_BIAS;
    b += INV15_BIAS;
    p[0] = (a >> INV15_PA) & fmask;
    p[1] = a >> INV15_PB;
    p[2] = (b >> INV15_PA) & fmask;
    p[3] = b >> INV15_PB;
    m[0] = (inv_sd)p[0] - (inv_sd)INV15_FBIAS;
    m[1] = (inv_sd)p[1] - (inv_sd)INV15_FBIAS;
    m[2] = (inv_sd)p[2] - (inv_sd)INV15_FBIAS;
    m[3] = (inv_sd)p[3] - (inv_sd)INV15_FBIAS;
}

/* The next words of f, g after a group of 15 (u f + v g = p0 f + p1 g - (f + g) 2^14). */
#define INV15_NEXT_WORDS()                                                                         \
    do {                                                                                           \
        inv_ud fg_ = (nf + ng) << 14, f2_;                                                         \
        f2_ = inv_next_word(p[0], p[1], nf, ng, fg_, 15);                                          \
        ng = inv_next_word(p[2], p[3], nf, ng, fg_, 15);                                           \
        nf = f2_;                                                                                  \
    } while (0)
#define INV_STEPS15(DIG, n0)                                                                       \
    INV_STEPS14(DIG, n0);                                                                          \
    INV_STEP(14, DIG, (n0) + 14)

/* r = m r (the groups' matrices multiplied up) */
#define INV_COMBINE()                                                                              \
    do {                                                                                           \
        inv_sd u0_ = m[0] * r[0] + m[1] * r[2], u1_ = m[0] * r[1] + m[1] * r[3];                   \
        r[2] = m[2] * r[0] + m[3] * r[2];                                                          \
        r[3] = m[2] * r[1] + m[3] * r[3];                                                          \
        r[0] = u0_;                                                                                \
        r[1] = u1_;                                                                                \
    } while (0)

/*
 * 30 divsteps from the words fw, gw (30 correct low bits), DIG() after
 * each; r gets the batch's matrix, scaled by 2^30.  The words of the second
 * group come from the first (as in divsteps_n; 15 correct low bits left).
 * Two groups of 15 (inv15_pack, inv_x86_64.h), not 14 + 14 + 2 as before:
 * one group boundary a batch fewer (unpack, next words, pack: a chain of
 * some 11 cycles from the last step to the next one) and one matrix product
 * (8 IMULs) fewer.  Min TSC on Zen 4, tacit_mpi_inv_mod 1024 bits (79
 * batches): 11225 -> 10290 ticks (AVX-512VL bodies), 11446 -> 10600 (AVX2).
 */
#define INV_STEPS30(fw, gw, DIG)                                                                   \
    do {                                                                                           \
        nf = (fw);                                                                                 \
        ng = (gw);                                                                                 \
        inv15_pack(&a, &b, nf, ng);                                                                \
        INV_STEPS15(DIG, 0);                                                                       \
        inv15_unpack(a, b, r, p);                                                                  \
        INV15_NEXT_WORDS();                                                                        \
        inv15_pack(&a, &b, nf, ng);                                                                \
        INV_STEPS15(DIG, 15);                                                                      \
        inv15_unpack(a, b, m, p);                                                                  \
        INV_COMBINE();                                                                             \
    } while (0)

/* The next words of f, g after a group of n steps (see inv_next_word). */
#define INV_NEXT_WORDS(n)                                                                          \
    do {                                                                                           \
        inv_ud fg_ = (nf + ng) << (INV_N + 1), f2_;                                                \
        f2_ = inv_next_word(p[0], p[1], nf, ng, fg_, n);                                           \
        ng = inv_next_word(p[2], p[3], nf, ng, fg_, n);                                            \
        nf = f2_;                                                                                  \
    } while (0)

/*
 * The four rows of a batch's update in one pass (bignum_core_inv.c,
 * update_fgde): for the digits i = 1 .. K - 1 of f, g, d, e at p, p + q,
 * p + 2q, p + 3q (q = K words; M's digits at p + 4q),
 *   f: lf + t0 f_i + t1 g_i,            g: lg + t2 f_i + t3 g_i,
 *   d: ld + t0 d_i + t1 e_i + md M_i,   e: le + t2 d_i + t3 e_i + me M_i,
 * each sum's low D = 62 bits stored as digit i - 1 and the sum shifted
 * right by 62 (arithmetic) carried on: l = {lf, lg, ld, le} the carries'
 * low words, h their high words (128-bit carries: d's out of digit 0 may
 * pass 2^63).  c = {t0, t1, t2, t3, md, me, 2^62 - 1, end, n}, end =
 * p + K - 1 (past the last digit, at least one digit after p), n = K - 1
 * the digit count.
 *
 * Why: the compiler's two loops (update_fg, update_de) took about 11 and
 * 15 cycles a digit on this Zen 3 (one-operand IMUL ties RAX and RDX, and
 * four rows live at once spill).  Here the matrix is read from memory, the
 * carries stay in eight registers, the ten products issue back to back,
 * and the carry shift is SHR plus LEA (the high word times 4 added), not
 * SHRD (several macro-ops on Zen): about 20 cycles for the four rows.
 * Two digits a turn (one first for an odd n): on Zen 5 about 8% fewer
 * cycles a digit than one a turn (the loop's own ADD/ADD/CMP halved, and
 * more room to schedule), 2-3% of the whole inverse at 1024 bits.
 * Registers: 12 operands plus RAX and RDX, so the constants are addressed
 * from one base register (c), not as separate memory operands, which at
 * -O0 take a register each and leave the asm without enough.
 *
 * Constant time: a fixed instruction stream a digit, K - 1 (public) digits
 * (the one branch on n's parity is public); IMUL, ADD/ADC and the shifts
 * take the same time for every value.
 */
#define INV_X86_64_PROD_(src, k, row)                                                              \
    "mov " src ", %%rax\n\t"                                                                       \
    "imulq " k "(%[c])\n\t"                                                                        \
    "add %%rax, %[l" row "]\n\t"                                                                   \
    "adc %%rdx, %[h" row "]\n\t"
#define INV_X86_64_OUT_(row, dst)                                                                  \
    "mov %[l" row "], %%rax\n\t"                                                                   \
    "and 48(%[c]), %%rax\n\t"                                                                      \
    "mov %%rax, " dst "\n\t"                                                                       \
    "shr $62, %[l" row "]\n\t"                                                                     \
    "lea (%[l" row "],%[h" row "],4), %[l" row "]\n\t"                                             \
    "sar $62, %[h" row "]\n\t"

/*
 * One digit of the four rows: the products of the digits at byte offset
 * `in` from p and r, the results stored at `out` (in - 8).
 */
#define INV_X86_64_DIGIT_(in, out)                                                                 \
    INV_X86_64_PROD_(in "(%[p])", "0", "f")                                                        \
    INV_X86_64_PROD_(in "(%[p],%[q])", "8", "f")                                                   \
    INV_X86_64_PROD_(in "(%[p])", "16", "g")                                                       \
    INV_X86_64_PROD_(in "(%[p],%[q])", "24", "g")                                                  \
    INV_X86_64_PROD_(in "(%[r])", "0", "d")                                                        \
    INV_X86_64_PROD_(in "(%[r],%[q])", "8", "d")                                                   \
    INV_X86_64_PROD_(in "(%[p],%[q],4)", "32", "d")                                                \
    INV_X86_64_PROD_(in "(%[r])", "16", "e")                                                       \
    INV_X86_64_PROD_(in "(%[r],%[q])", "24", "e")                                                  \
    INV_X86_64_PROD_(in "(%[p],%[q],4)", "40", "e")                                                \
    INV_X86_64_OUT_("f", out "(%[p])")                                                             \
    INV_X86_64_OUT_("g", out "(%[p],%[q])")                                                        \
    INV_X86_64_OUT_("d", out "(%[r])")                                                             \
    INV_X86_64_OUT_("e", out "(%[r],%[q])")

static inline void inv_x86_64_update_fgde(inv_sd *p, size_t K, inv_ud l[4], const inv_ud h[4],
                                          const inv_ud c[9])
{
    inv_ud lf = l[0], lg = l[1], ld = l[2], le = l[3], hf = h[0], hg = h[1], hd = h[2], he = h[3];
    inv_sd *r = p + 2 * K;
    size_t q = K * sizeof(inv_sd);

    /* one product, or one row's digit, a line */
    /* clang-format off */
    __asm__ volatile(
        /* an odd count (public): one digit first, then two a turn */
        "testb $1, 64(%[c])\n\t"
        "jz 1f\n\t"
        INV_X86_64_DIGIT_("", "-8")
        "add $8, %[p]\n\t"
        "add $8, %[r]\n\t"
        "cmp 56(%[c]), %[p]\n\t"
        "je 2f\n\t"
        "1:\n\t"
        INV_X86_64_DIGIT_("", "-8")
        INV_X86_64_DIGIT_("8", "")
        "add $16, %[p]\n\t"
        "add $16, %[r]\n\t"
        "cmp 56(%[c]), %[p]\n\t"
        "jne 1b\n\t"
        "2:"
        : [p] "+r"(p), [r] "+r"(r), [lf] "+r"(lf), [lg] "+r"(lg), [ld] "+r"(ld), [le] "+r"(le),
          [hf] "+r"(hf), [hg] "+r"(hg), [hd] "+r"(hd), [he] "+r"(he)
        : [q] "r"(q), [c] "r"(c)
        : "rax", "rdx", "cc", "memory");
    /* clang-format on */
    l[0] = lf;
    l[1] = lg;
    l[2] = ld;
    l[3] = le;
}
#endif

#endif /* TACIT_BIGNUM_CORE_INV_X86_64_H */
