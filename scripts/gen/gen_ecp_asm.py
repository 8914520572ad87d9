#!/usr/bin/env python3
"""Generate src/ec/x86_64/p256_asm_gen.h: straight-line x86-64 products for the ecp
field code (GNU extended asm, AT&T syntax, baseline x86-64 instructions).

    python3 scripts/gen/gen_ecp_asm.py > src/ec/x86_64/p256_asm_gen.h

Product scanning (Comba): column k of a*b is summed in three registers
(c0, c1, c2) with mulq / addq / adcq / adcq, stored, and the registers
rotate.  Squares add each cross product twice.  The Montgomery reduction
finds the quotient limbs column by column the same way.  No branch and no
memory index depends on the data.

P-256 also gets Montgomery products with the reduction fused in (a baseline
mulq version and MULX/ADCX/ADOX versions, see emit_p256).  Every asm
statement is volatile: gcc -O3 otherwise merged two of these (non-volatile,
"memory"-clobbering) statements with equal pointer inputs in an unrolled
chain of squarings, which gave wrong results.
"""

import re

SIZES = (4, 6, 9)
REDC_SIZES = (4, 6, 9)


def emit(lines):
    return "\n".join('        "%s\\n\\t"' % l for l in lines)


def comba(n, square):
    L = []
    regs = ["%[c0]", "%[c1]", "%[c2]"]
    L.append("xorq %[c0], %[c0]")
    L.append("xorq %[c1], %[c1]")
    L.append("xorq %[c2], %[c2]")
    for k in range(2 * n - 1):
        c0, c1, c2 = regs
        lo = max(0, k - n + 1)
        hi = min(k, n - 1)
        for i in range(lo, hi + 1):
            j = k - i
            if square and i > j:
                continue
            L.append("movq %d(%%[a]), %%%%rax" % (8 * i))
            L.append("mulq %d(%%[b])" % (8 * j))
            times = 2 if (square and i < j) else 1
            for _ in range(times):
                L.append("addq %%%%rax, %s" % c0)
                L.append("adcq %%%%rdx, %s" % c1)
                L.append("adcq $0, %s" % c2)
        L.append("movq %s, %d(%%[t])" % (c0, 8 * k))
        if k < 2 * n - 2:
            L.append("xorq %s, %s" % (c0, c0))
        regs = [c1, c2, c0]
    L.append("movq %s, %d(%%[t])" % (regs[0], 8 * (2 * n - 1)))
    return L


def redc(n):
    """v[0..n) + top = t / R mod m (before the final subtraction), Comba.
    q[] is scratch memory for the quotient limbs."""
    L = []
    regs = ["%[c0]", "%[c1]", "%[c2]"]
    L.append("xorq %[c0], %[c0]")
    L.append("xorq %[c1], %[c1]")
    L.append("xorq %[c2], %[c2]")
    for k in range(2 * n):
        c0, c1, c2 = regs
        L.append("addq %d(%%[t]), %s" % (8 * k, c0))
        L.append("adcq $0, %s" % c1)
        L.append("adcq $0, %s" % c2)
        lo = max(0, k - n + 1)
        hi = min(k - 1, n - 1) if k < n else n - 1
        for i in range(lo, hi + 1):
            L.append("movq %d(%%[q]), %%%%rax" % (8 * i))
            L.append("mulq %d(%%[m])" % (8 * (k - i)))
            L.append("addq %%%%rax, %s" % c0)
            L.append("adcq %%%%rdx, %s" % c1)
            L.append("adcq $0, %s" % c2)
        if k < n:
            L.append("movq %s, %%%%rax" % c0)
            L.append("imulq %[mm], %%rax")
            L.append("movq %%%%rax, %d(%%[q])" % (8 * k))
            L.append("mulq 0(%[m])")
            L.append("addq %%%%rax, %s" % c0)
            L.append("adcq %%%%rdx, %s" % c1)
            L.append("adcq $0, %s" % c2)
        else:
            L.append("movq %s, %d(%%[v])" % (c0, 8 * (k - n)))
        L.append("xorq %s, %s" % (c0, c0))
        regs = [c1, c2, c0]
    L.append("movq %s, %d(%%[v])" % (regs[0], 8 * n))
    return L


# ---- P-256 Montgomery products with the reduction fused in ------------------
#
# p = 2^256 - 2^224 + 2^192 + 2^96 - 1 and -p^-1 = 1 mod 2^64, so the quotient
# digit of a reduction step is the low limb m itself, and
#     (t + m p) / 2^64 = (t >> 64) + (m << 32) + (m >> 32) 2^64
#                        + m (2^64 - 2^32 + 1) 2^128
# (limb 0 of t + m p is zero; p's limb 2 is zero): two shifts and one
# product per step.  Operand scanning: round i adds a * b[i] and reduces one
# limb; the accumulator registers rotate instead of moving.  With inputs
# < p the accumulator stays < 2p (the usual Montgomery bound, p < 2^256), so
# one subtraction of p selected with cmov ends it.

P256_K = "0xffffffff00000001"


def p256_mul_base():
    """Baseline x86-64 (mulq): r0..r5 rotate, bi and c are scratch."""
    L = []
    R = ["%[r0]", "%[r1]", "%[r2]", "%[r3]", "%[r4]", "%[r5]"]
    for i in range(4):
        u = R
        L.append("movq %d(%%[b]), %%[bi]" % (8 * i))
        if i == 0:
            L += ["movq 0(%[a]), %%rax", "mulq %[bi]", "movq %%rax, " + u[0], "movq %%rdx, " + u[1]]
            for j in (1, 2, 3):
                L += ["movq %d(%%[a]), %%%%rax" % (8 * j), "mulq %[bi]", "addq %%rax, " + u[j],
                      "adcq $0, %%rdx", "movq %%rdx, " + u[j + 1]]
            L.append("xorq %s, %s" % (u[5], u[5]))
        else:
            L.append("xorq %s, %s" % (u[5], u[5]))
            L += ["movq 0(%[a]), %%rax", "mulq %[bi]", "addq %%rax, " + u[0], "adcq $0, %%rdx",
                  "movq %%rdx, %[c]"]
            for j in (1, 2, 3):
                L += ["movq %d(%%[a]), %%%%rax" % (8 * j), "mulq %[bi]", "addq %[c], %%rax",
                      "adcq $0, %%rdx", "addq %%rax, " + u[j], "adcq $0, %%rdx"]
                if j < 3:
                    L.append("movq %%rdx, %[c]")
            L += ["addq %%rdx, " + u[4], "adcq $0, " + u[5]]
        L += ["movabsq $%s, %%%%rax" % P256_K, "mulq " + u[0], "movq %s, %%[c]" % u[0],
              "shlq $32, %[c]", "movq %s, %%[bi]" % u[0], "shrq $32, %[bi]",
              "addq %[c], " + u[1], "adcq %[bi], " + u[2], "adcq %%rax, " + u[3],
              "adcq %%rdx, " + u[4], "adcq $0, " + u[5]]
        R = R[1:] + R[:1]
    u = R
    L += ["movq %s, %%[bi]" % u[0], "movq %s, %%[c]" % u[1], "movq %s, %%[a]" % u[2],
          "movq %s, %%[b]" % u[3], "subq $-1, %[bi]", "movl $0xffffffff, %%eax",
          "sbbq %%rax, %[c]", "sbbq $0, %[a]", "movabsq $%s, %%%%rdx" % P256_K,
          "sbbq %%rdx, %[b]", "sbbq $0, " + u[4],
          "cmovncq %[bi], " + u[0], "cmovncq %[c], " + u[1], "cmovncq %[a], " + u[2],
          "cmovncq %[b], " + u[3]]
    return L, u


def adx_round(L, u, src, zero_first=True):
    """u[0..5] += a * rdx (u[5] becomes the new top): two carry chains."""
    L.append("xorq %s, %s" % (u[5], u[5]))   # also clears CF and OF
    for j in range(4):
        L += ["mulxq %d(%%[%s]), %%[lo], %%[hi]" % (8 * j, src),
              "adcxq %%[lo], %s" % u[j], "adoxq %%[hi], %s" % u[j + 1]]
    L += ["adcxq %s, %s" % (u[5], u[4]), "adoxq %s, %s" % (u[5], u[5]), "adcq $0, " + u[5]]


def p256_reduce_step(L, u):
    """(u + m p) / 2^64 with m = u[0]; the result is u[1..5]."""
    L += ["movq %s, %%%%rdx" % u[0], "mulxq 0(%[k]), %[lo], %[hi]",
          "shlq $32, %%rdx", "shrq $32, " + u[0],
          "addq %%rdx, " + u[1], "adcq %s, %s" % (u[0], u[2]), "adcq %%[lo], %s" % u[3],
          "adcq %%[hi], %s" % u[4], "adcq $0, " + u[5]]


def final_sub_k(L, u, spare):
    """u[0..3] (+ top u[4]) -= p if >= p, with p read from k[] (k[1] = p1)."""
    t = [ "%[lo]", "%[hi]", spare, "%%rdx"]
    L += ["movq %s, %s" % (u[j], t[j]) for j in range(4)]
    L += ["subq $-1, %s" % t[0], "sbbq 8(%%[k]), %s" % t[1], "sbbq $0, %s" % t[2],
          "sbbq 0(%%[k]), %s" % t[3], "sbbq $0, " + u[4]]
    L += ["cmovncq %s, %s" % (t[j], u[j]) for j in range(4)]


def p256_mul_adx():
    L = []
    R = ["%[t0]", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]"]
    for i in range(4):
        u = R
        L.append("movq %d(%%[b]), %%%%rdx" % (8 * i))
        if i == 0:
            L += ["mulxq 0(%%[a]), %s, %s" % (u[0], u[1]),
                  "mulxq 8(%%[a]), %%[lo], %s" % u[2], "addq %%[lo], %s" % u[1],
                  "mulxq 16(%%[a]), %%[lo], %s" % u[3], "adcq %%[lo], %s" % u[2],
                  "mulxq 24(%%[a]), %%[lo], %s" % u[4], "adcq %%[lo], %s" % u[3],
                  "adcq $0, " + u[4], "xorq %s, %s" % (u[5], u[5])]
        else:
            adx_round(L, u, "a")
        p256_reduce_step(L, u)
        R = R[1:] + R[:1]
    final_sub_k(L, R, R[5])
    return L, R


def p256_sqr_adx():
    """Cross products once, doubled, plus the squares; then four reduction
    steps on the low half and the high half added (< 2p), one subtraction."""
    L = []
    t = ["%%[t%d]" % i for i in range(8)]
    t = [x.replace("%%", "%") for x in t]
    # cross products a_i a_j, i < j, into t1..t6
    L += ["movq 0(%[a]), %%rdx",
          "mulxq 8(%%[a]), %s, %s" % (t[1], t[2]),
          "mulxq 16(%%[a]), %%[lo], %s" % t[3], "addq %%[lo], %s" % t[2],
          "mulxq 24(%%[a]), %%[lo], %s" % t[4], "adcq %%[lo], %s" % t[3], "adcq $0, " + t[4],
          "movq 8(%[a]), %%rdx",
          "xorq %s, %s" % (t[5], t[5]),
          "mulxq 16(%[a]), %[lo], %[hi]", "adcxq %%[lo], %s" % t[3], "adoxq %%[hi], %s" % t[4],
          "mulxq 24(%[a]), %[lo], %[hi]", "adcxq %%[lo], %s" % t[4], "adoxq %%[hi], %s" % t[5],
          "movq 16(%[a]), %%rdx",
          "mulxq 24(%%[a]), %%[lo], %s" % t[6],
          "adcxq %%[lo], %s" % t[5],
          "movl $0, %k[hi]", "adoxq %%[hi], %s" % t[6], "adcxq %%[hi], %s" % t[6]]
    # double t1..t6 into t1..t7, then add the squares
    L += ["xorq %s, %s" % (t[7], t[7])]
    L += ["addq %s, %s" % (t[1], t[1])] + ["adcq %s, %s" % (t[j], t[j]) for j in range(2, 7)]
    L += ["adcq $0, " + t[7]]
    L += ["movq 0(%[a]), %%rdx", "mulxq %%%%rdx, %s, %%[hi]" % t[0], "addq %%[hi], %s" % t[1]]
    for i in (1, 2, 3):
        L += ["movq %d(%%[a]), %%%%rdx" % (8 * i), "mulxq %%rdx, %[lo], %[hi]",
              "adcq %%[lo], %s" % t[2 * i], "adcq %%[hi], %s" % t[2 * i + 1]]
    # reduce the low half: after four steps t4..t7 + (s0..s3) is the result
    u = t[0:4]
    for s in range(4):
        # m = u[0]: add m p to the four limbs u[0..3] + carry out to a fifth
        L += ["movq %s, %%%%rdx" % u[0], "mulxq 0(%[k]), %[lo], %[hi]",
              "shlq $32, %%rdx", "shrq $32, " + u[0],
              "addq %%rdx, " + u[1], "adcq %s, %s" % (u[0], u[2]), "adcq %%[lo], %s" % u[3],
              "adcq $0, %[hi]", "movq %[hi], " + u[0]]
        # the limb that fell off (m >> 32 went in; the hi of m k is the new top)
        u = u[1:] + u[:1]
    # now u[0..3] holds the reduced low half (t + m p) / 2^256; add t4..t7
    L += ["addq %s, %s" % (t[4], u[0]), "adcq %s, %s" % (t[5], u[1]),
          "adcq %s, %s" % (t[6], u[2]), "adcq %s, %s" % (t[7], u[3]),
          "movl $0, %k[a]", "adcq $0, %[a]"]
    return L, u


def mont_mul4_adx():
    """Montgomery product mod a general 4-limb m with mm = -m^-1 mod 2^64
    (the group order n of P-256): a * b[i] and one reduction step per round,
    each on two carry chains; one subtraction of m selected with cmov."""
    L = []
    R = ["%[t0]", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]"]
    for i in range(4):
        u = R
        L.append("movq %d(%%[b]), %%%%rdx" % (8 * i))
        if i == 0:
            L += ["mulxq 0(%%[a]), %s, %s" % (u[0], u[1]),
                  "mulxq 8(%%[a]), %%[lo], %s" % u[2], "addq %%[lo], %s" % u[1],
                  "mulxq 16(%%[a]), %%[lo], %s" % u[3], "adcq %%[lo], %s" % u[2],
                  "mulxq 24(%%[a]), %%[lo], %s" % u[4], "adcq %%[lo], %s" % u[3],
                  "adcq $0, " + u[4], "xorq %s, %s" % (u[5], u[5])]
        else:
            adx_round(L, u, "a")
        L += ["movq %s, %%%%rdx" % u[0], "imulq %[mm], %%rdx", "xorq %[lo], %[lo]"]
        for j in range(4):
            L += ["mulxq %d(%%[m]), %%[lo], %%[hi]" % (8 * j),
                  "adcxq %%[lo], %s" % u[j], "adoxq %%[hi], %s" % u[j + 1]]
        # u[0] is now zero: it carries the two chains' last bits into u[5]
        L += ["adcxq %s, %s" % (u[0], u[4]), "adoxq %s, %s" % (u[0], u[5]),
              "adcxq %s, %s" % (u[0], u[5])]
        R = R[1:] + R[:1]
    u = R
    t = ["%[lo]", "%[hi]", u[5], "%%rdx"]
    L += ["movq %s, %s" % (u[j], t[j]) for j in range(4)]
    L += ["subq 0(%%[m]), %s" % t[0]] + ["sbbq %d(%%[m]), %s" % (8 * j, t[j]) for j in (1, 2, 3)]
    L += ["sbbq $0, " + u[4]]
    L += ["cmovncq %s, %s" % (t[j], u[j]) for j in range(4)]
    return L, u


def outputs(u, regs=4):
    return "".join("    r[%d] = %s;\n" % (j, u[j][2:-1]) for j in range(regs))


def emit_p256(out):
    out.append("""
/*
 * P-256: Montgomery products mod p with the reduction fused in (see
 * scripts/gen/gen_ecp_asm.py for the derivation), r = a b / 2^256 mod p for
 * a, b < p, fully reduced.  ecp_asm_p256_mul uses baseline instructions
 * (mulq); the _adx versions need BMI2 and ADX (MULX and two carry chains,
 * ADCX / ADOX), so their callers check the CPU first (ecp_curves.c).
 */
static const uint64_t ecp_asm_p256_k[2] = { 0xffffffff00000001u, 0x00000000ffffffffu };
""")
    L, u = p256_mul_base()
    out.append("static inline void ecp_asm_p256_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)\n{\n"
               "    uint64_t r0, r1, r2, r3, r4, r5, bi, c;\n    const uint64_t *ap = a, *bp = b;\n\n"
               "    __asm__ __volatile__(\n" + emit(L) + "\n"
               "        : [r0] \"=&r\"(r0), [r1] \"=&r\"(r1), [r2] \"=&r\"(r2), [r3] \"=&r\"(r3), [r4] \"=&r\"(r4),\n"
               "          [r5] \"=&r\"(r5), [bi] \"=&r\"(bi), [c] \"=&r\"(c), [a] \"+r\"(ap), [b] \"+r\"(bp)\n"
               "        :\n        : \"rax\", \"rdx\", \"cc\", \"memory\");\n"
               "    (void)bi;\n    (void)c;\n" +
               "".join("    (void)%s;\n" % x[2:-1] for x in u[4:]) + outputs(u) + "}\n")
    L, u = p256_mul_adx()
    out.append("static inline void ecp_asm_p256_mul_adx(uint64_t *r, const uint64_t *a, const uint64_t *b)\n{\n"
               "    uint64_t t0, t1, t2, t3, t4, t5, lo, hi;\n\n"
               "    __asm__ __volatile__(\n" + emit(L) + "\n"
               "        : [t0] \"=&r\"(t0), [t1] \"=&r\"(t1), [t2] \"=&r\"(t2), [t3] \"=&r\"(t3), [t4] \"=&r\"(t4),\n"
               "          [t5] \"=&r\"(t5), [lo] \"=&r\"(lo), [hi] \"=&r\"(hi)\n"
               "        : [a] \"r\"(a), [b] \"r\"(b), [k] \"r\"(ecp_asm_p256_k)\n"
               "        : \"rdx\", \"cc\", \"memory\");\n"
               "    (void)lo;\n    (void)hi;\n" +
               "".join("    (void)%s;\n" % x[2:-1] for x in u[4:]) + outputs(u) + "}\n")
    L, u = p256_sqr_adx()
    final_sub_k(L, u + ["%[a]"], "%[t4]")
    out.append("static inline void ecp_asm_p256_sqr_adx(uint64_t *r, const uint64_t *a)\n{\n"
               "    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;\n    const uint64_t *ap = a;\n\n"
               "    __asm__ __volatile__(\n" + emit(L).replace("%[a]", "%[a]") + "\n"
               "        : [t0] \"=&r\"(t0), [t1] \"=&r\"(t1), [t2] \"=&r\"(t2), [t3] \"=&r\"(t3), [t4] \"=&r\"(t4),\n"
               "          [t5] \"=&r\"(t5), [t6] \"=&r\"(t6), [t7] \"=&r\"(t7), [lo] \"=&r\"(lo), [hi] \"=&r\"(hi),\n"
               "          [a] \"+r\"(ap)\n"
               "        : [k] \"r\"(ecp_asm_p256_k)\n"
               "        : \"rdx\", \"cc\", \"memory\");\n"
               "    (void)t4;\n    (void)t5;\n    (void)t6;\n    (void)t7;\n    (void)lo;\n    (void)hi;\n"
               "    (void)ap;\n" + outputs(u) + "}\n")
    emit_p256_addsub(out)
    emit_p256_small_multiples(out)
    L, u = mont_mul4_adx()
    out.append("/* r = a b / 2^256 mod m (a, b < m < 2^256, m odd, mm = -m^-1 mod 2^64); BMI2 + ADX */\n"
               "static inline void ecp_asm_mont_mul_4_adx(uint64_t *r, const uint64_t *a, const uint64_t *b,\n"
               "                                          const uint64_t *m, uint64_t mm)\n{\n"
               "    uint64_t t0, t1, t2, t3, t4, t5, lo, hi;\n\n"
               "    __asm__ __volatile__(\n" + emit(L) + "\n"
               "        : [t0] \"=&r\"(t0), [t1] \"=&r\"(t1), [t2] \"=&r\"(t2), [t3] \"=&r\"(t3), [t4] \"=&r\"(t4),\n"
               "          [t5] \"=&r\"(t5), [lo] \"=&r\"(lo), [hi] \"=&r\"(hi)\n"
               "        : [a] \"r\"(a), [b] \"r\"(b), [m] \"r\"(m), [mm] \"r\"(mm)\n"
               "        : \"rdx\", \"cc\", \"memory\");\n"
               "    (void)lo;\n    (void)hi;\n" +
               "".join("    (void)%s;\n" % x[2:-1] for x in u[4:]) + outputs(u) + "}\n")


def p256_add():
    """r = a + b mod p (a, b < p): add, subtract p, keep the sum on borrow."""
    s = ["%[s0]", "%[s1]", "%[s2]", "%[s3]"]
    d = ["%[d0]", "%[d1]", "%[d2]", "%[d3]"]
    L = ["xorl %k[top], %k[top]"]
    L += ["movq %d(%%[a]), %s" % (8 * j, s[j]) for j in range(4)]
    L += ["addq 0(%%[b]), %s" % s[0]] + ["adcq %d(%%[b]), %s" % (8 * j, s[j]) for j in (1, 2, 3)]
    L += ["adcq $0, %[top]"]
    L += ["movq %s, %s" % (s[j], d[j]) for j in range(4)]
    L += ["subq $-1, %s" % d[0], "sbbq 8(%%[k]), %s" % d[1], "sbbq $0, %s" % d[2],
          "sbbq 0(%%[k]), %s" % d[3], "sbbq $0, %[top]"]
    L += ["cmovcq %s, %s" % (s[j], d[j]) for j in range(4)]
    return L, d


def p256_sub():
    """r = a - b mod p (a, b < p): subtract, add p under the borrow mask."""
    s = ["%[s0]", "%[s1]", "%[s2]", "%[s3]"]
    L = ["movq %d(%%[a]), %s" % (8 * j, s[j]) for j in range(4)]
    L += ["subq 0(%%[b]), %s" % s[0]] + ["sbbq %d(%%[b]), %s" % (8 * j, s[j]) for j in (1, 2, 3)]
    L += ["sbbq %[m], %[m]",                  # all-ones on borrow
          "movq %[m], %[m1]", "shrq $32, %[m1]",  # p1 = 2^32 - 1
          "movq 0(%[k]), %[m3]", "andq %[m], %[m3]",  # p3
          "addq %%[m], %s" % s[0], "adcq %%[m1], %s" % s[1], "adcq $0, %s" % s[2],
          "adcq %%[m3], %s" % s[3]]
    return L, s


def p256_small_multiple(steps):
    """r = m a mod p for a small m, in registers: steps is a list of "dbl"
    (s = 2 s) and "add" (s = s + a), each reduced at once like p256_add
    (the sum < 2p: subtract p, keep the sum on borrow)."""
    x = ["%[s0]", "%[s1]", "%[s2]", "%[s3]"]
    y = ["%[d0]", "%[d1]", "%[d2]", "%[d3]"]
    L = ["movq %d(%%[a]), %s" % (8 * j, x[j]) for j in range(4)]
    for st in steps:
        L += ["xorl %k[top], %k[top]"]
        if st == "dbl":
            L += ["addq %s, %s" % (x[0], x[0])] + ["adcq %s, %s" % (x[j], x[j]) for j in (1, 2, 3)]
        else:
            L += ["addq 0(%%[a]), %s" % x[0]] + ["adcq %d(%%[a]), %s" % (8 * j, x[j]) for j in (1, 2, 3)]
        L += ["adcq $0, %[top]"]
        L += ["movq %s, %s" % (x[j], y[j]) for j in range(4)]
        L += ["subq $-1, %s" % y[0], "sbbq 8(%%[k]), %s" % y[1], "sbbq $0, %s" % y[2],
              "sbbq 0(%%[k]), %s" % y[3], "sbbq $0, %[top]"]
        L += ["cmovcq %s, %s" % (x[j], y[j]) for j in range(4)]
        x, y = y, x
    return L, x


def emit_p256_small_multiples(out):
    out.append("/* r = 2a, 3a, 4a, 8a mod p for P-256 (a < p): one block each, values kept in registers */")
    for name, steps in (("x2", ["dbl"]), ("x3", ["dbl", "add"]), ("x4", ["dbl", "dbl"]),
                        ("x8", ["dbl", "dbl", "dbl"])):
        L, res = p256_small_multiple(steps)
        names = [v[2:-1] for v in res]
        out.append("static inline void ecp_asm_p256_%s(uint64_t *r, const uint64_t *a)\n{\n" % name +
                   "    uint64_t s0, s1, s2, s3, d0, d1, d2, d3, top;\n\n"
                   "    __asm__ __volatile__(\n" + emit(L) + "\n"
                   "        : [s0] \"=&r\"(s0), [s1] \"=&r\"(s1), [s2] \"=&r\"(s2), [s3] \"=&r\"(s3),\n"
                   "          [d0] \"=&r\"(d0), [d1] \"=&r\"(d1), [d2] \"=&r\"(d2), [d3] \"=&r\"(d3), [top] \"=&r\"(top)\n"
                   "        : [a] \"r\"(a), [k] \"r\"(ecp_asm_p256_k)\n"
                   "        : \"cc\", \"memory\");\n" +
                   "".join("    (void)%s;\n" % v for v in ["s0", "s1", "s2", "s3", "d0", "d1", "d2", "d3", "top"]
                           if v not in names) +
                   "".join("    r[%d] = %s;\n" % (j, names[j]) for j in range(4)) + "}\n")


def emit_p256_addsub(out):
    L, d = p256_add()
    out.append("/* r = a + b mod p and r = a - b mod p for P-256 (a, b < p); baseline instructions */\n"
               "static inline void ecp_asm_p256_add(uint64_t *r, const uint64_t *a, const uint64_t *b)\n{\n"
               "    uint64_t s0, s1, s2, s3, d0, d1, d2, d3, top;\n\n"
               "    __asm__ __volatile__(\n" + emit(L) + "\n"
               "        : [s0] \"=&r\"(s0), [s1] \"=&r\"(s1), [s2] \"=&r\"(s2), [s3] \"=&r\"(s3),\n"
               "          [d0] \"=&r\"(d0), [d1] \"=&r\"(d1), [d2] \"=&r\"(d2), [d3] \"=&r\"(d3), [top] \"=&r\"(top)\n"
               "        : [a] \"r\"(a), [b] \"r\"(b), [k] \"r\"(ecp_asm_p256_k)\n"
               "        : \"cc\", \"memory\");\n"
               "    (void)s0;\n    (void)s1;\n    (void)s2;\n    (void)s3;\n    (void)top;\n"
               "    r[0] = d0;\n    r[1] = d1;\n    r[2] = d2;\n    r[3] = d3;\n}\n")
    L, s = p256_sub()
    out.append("static inline void ecp_asm_p256_sub(uint64_t *r, const uint64_t *a, const uint64_t *b)\n{\n"
               "    uint64_t s0, s1, s2, s3, m, m1, m3;\n\n"
               "    __asm__ __volatile__(\n" + emit(L) + "\n"
               "        : [s0] \"=&r\"(s0), [s1] \"=&r\"(s1), [s2] \"=&r\"(s2), [s3] \"=&r\"(s3),\n"
               "          [m] \"=&r\"(m), [m1] \"=&r\"(m1), [m3] \"=&r\"(m3)\n"
               "        : [a] \"r\"(a), [b] \"r\"(b), [k] \"r\"(ecp_asm_p256_k)\n"
               "        : \"cc\", \"memory\");\n"
               "    (void)m;\n    (void)m1;\n    (void)m3;\n"
               "    r[0] = s0;\n    r[1] = s1;\n    r[2] = s2;\n    r[3] = s3;\n}\n")


# ---- P-256 point formulas as single asm blocks (MULX/ADX) -------------------
#
# The field operations above, rewritten to work on a frame of field elements
# in memory (one base register, %[s]): element e is the 32 bytes at 32 e, and
# element 0 holds the constants k (p3, p1).  Each operation loads its inputs,
# computes in registers and stores its result; the registers come from one
# pool.  One block per formula: no calls, no C between the operations, and
# the CPU overlaps the independent operations it sees in one stream.

POOL = ["%%[g%d]" % i for i in range(11)]


def relocate(L, mem, regs):
    """Rewrite an operation's template: memory operands N(%[name]) to the
    frame (mem[name] = element number), register names to the pool."""
    out = []
    for line in L:
        line = re.sub(r"(-?\d+)\(%\[(\w+)\]\)",
                      lambda m: "%d(%%[s])" % (int(m.group(1)) + 32 * mem[m.group(2)]), line)
        line = re.sub(r"%(k?)\[(\w+)\]",
                      lambda m: m.group(0) if m.group(2) == "s" else
                      "%%%s[%s]" % (m.group(1), regs[m.group(2)][2:-1]), line)
        out.append(line)
    return out


def pool_map(names):
    return {nm: POOL[i] for i, nm in enumerate(names)}


def store(res, regs, d):
    return ["movq %s, %d(%%[s])" % (regs[r[2:-1]], 32 * d + 8 * j) for j, r in enumerate(res[:4])]


def f_mul(d, a, b):
    L, u = p256_mul_adx()
    regs = pool_map(["t0", "t1", "t2", "t3", "t4", "t5", "lo", "hi"])
    return relocate(L, {"a": a, "b": b, "k": 0}, regs) + store(u, regs, d)


def f_sqr(d, a):
    L, u = p256_sqr_adx()
    final_sub_k(L, u + ["%[a]"], "%[t4]")
    # after the memory operands, %[a] is a spare register (the top limb)
    regs = pool_map(["t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "lo", "hi", "a"])
    return relocate(L, {"a": a, "k": 0}, regs) + store(u, regs, d)


def f_add(d, a, b):
    L, r = p256_add()
    regs = pool_map(["s0", "s1", "s2", "s3", "d0", "d1", "d2", "d3", "top"])
    return relocate(L, {"a": a, "b": b, "k": 0}, regs) + store(r, regs, d)


def f_sub(d, a, b):
    L, r = p256_sub()
    regs = pool_map(["s0", "s1", "s2", "s3", "m", "m1", "m3"])
    return relocate(L, {"a": a, "b": b, "k": 0}, regs) + store(r, regs, d)


def f_small(d, a, steps):
    L, r = p256_small_multiple(steps)
    regs = pool_map(["s0", "s1", "s2", "s3", "d0", "d1", "d2", "d3", "top"])
    return relocate(L, {"a": a, "k": 0}, regs) + store(r, regs, d)


def p256_half():
    """r = a / 2 mod p (a < p): add p if a is odd (mask), shift right."""
    s = ["%[s0]", "%[s1]", "%[s2]", "%[s3]"]
    L = ["movq %d(%%[a]), %s" % (8 * j, s[j]) for j in range(4)]
    L += ["movq %s, %%[m]" % s[0], "andq $1, %[m]", "negq %[m]",
          "movq %[m], %[m1]", "shrq $32, %[m1]", "movq 0(%[k]), %[m3]", "andq %[m], %[m3]",
          "xorl %k[top], %k[top]",
          "addq %%[m], %s" % s[0], "adcq %%[m1], %s" % s[1], "adcq $0, %s" % s[2],
          "adcq %%[m3], %s" % s[3], "adcq $0, %[top]",
          "shrdq $1, %s, %s" % (s[1], s[0]), "shrdq $1, %s, %s" % (s[2], s[1]),
          "shrdq $1, %s, %s" % (s[3], s[2]), "shrdq $1, %%[top], %s" % s[3]]
    return L, s


def f_half(d, a):
    L, r = p256_half()
    regs = pool_map(["s0", "s1", "s2", "s3", "m", "m1", "m3", "top"])
    return relocate(L, {"a": a, "k": 0}, regs) + store(r, regs, d)


def p256_reduce_sum(L, x, y):
    """x (4 limbs) + %[top] < 2p, reduced in place: subtract p into y,
    keep x on borrow; the result is left in y."""
    L += ["movq %s, %s" % (x[j], y[j]) for j in range(4)]
    L += ["subq $-1, %s" % y[0], "sbbq 8(%%[k]), %s" % y[1], "sbbq $0, %s" % y[2],
          "sbbq 0(%%[k]), %s" % y[3], "sbbq $0, %[top]"]
    L += ["cmovcq %s, %s" % (x[j], y[j]) for j in range(4)]


def p256_half3():
    """r = 3a/2 = a + a/2 mod p (a < p): the halving of p256_half, then a
    added from memory and the sum (< 2p) reduced once."""
    L, s = p256_half()
    x = ["%[s0]", "%[s1]", "%[s2]", "%[s3]"]
    y = ["%[m]", "%[m1]", "%[m3]", "%[d0]"]  # the halving's masks are free now
    L += ["xorl %k[top], %k[top]", "addq 0(%%[a]), %s" % x[0]]
    L += ["adcq %d(%%[a]), %s" % (8 * j, x[j]) for j in (1, 2, 3)]
    L += ["adcq $0, %[top]"]
    p256_reduce_sum(L, x, y)
    return L, y


def p256_sub2():
    """r = a - 2b mod p (a, b < p): 2b reduced in registers, then the
    subtraction of p256_sub with b in registers."""
    x = ["%[s0]", "%[s1]", "%[s2]", "%[s3]"]
    y = ["%[d0]", "%[d1]", "%[d2]", "%[d3]"]
    L = ["movq %d(%%[b]), %s" % (8 * j, x[j]) for j in range(4)]
    L += ["xorl %k[top], %k[top]", "addq %s, %s" % (x[0], x[0])]
    L += ["adcq %s, %s" % (x[j], x[j]) for j in (1, 2, 3)]
    L += ["adcq $0, %[top]"]
    p256_reduce_sum(L, x, y)
    L += ["movq %d(%%[a]), %s" % (8 * j, x[j]) for j in range(4)]
    L += ["subq %s, %s" % (y[0], x[0])] + ["sbbq %s, %s" % (y[j], x[j]) for j in (1, 2, 3)]
    L += ["sbbq %[top], %[top]", "movq %[top], %[d0]", "shrq $32, %[d0]",
          "movq 0(%[k]), %[d3]", "andq %[top], %[d3]",
          "addq %%[top], %s" % x[0], "adcq %%[d0], %s" % x[1], "adcq $0, %s" % x[2],
          "adcq %%[d3], %s" % x[3]]
    return L, x


def f_half3(d, a):
    L, r = p256_half3()
    regs = pool_map(["s0", "s1", "s2", "s3", "m", "m1", "m3", "top", "d0"])
    return relocate(L, {"a": a, "k": 0}, regs) + store(r, regs, d)


def f_sub2(d, a, b):
    L, r = p256_sub2()
    regs = pool_map(["s0", "s1", "s2", "s3", "d0", "d1", "d2", "d3", "top"])
    return relocate(L, {"a": a, "b": b, "k": 0}, regs) + store(r, regs, d)


def p256_jac_dbl_adx():
    """2 (X : Y : Z) as (X3/4 : Y3/8 : Z3/2), the same point (Jacobian
    scaling by 1/2) of dbl-2001-b with a = -3: with A = 3/2 (X - Z^2)(X + Z^2)
    and beta = X Y^2,  X3' = A^2 - 2 beta,  Y3' = A (beta - X3') - Y^4,
    Z3' = Y Z.  4M + 4S; frame: 1..3 = X, Y, Z in and out."""
    X, Y, Z, D, G, B, T, U, A = range(1, 10)
    L = []
    L += f_sqr(D, Z)        # delta = Z^2
    L += f_sqr(G, Y)        # gamma = Y^2
    L += f_sub(T, X, D)
    L += f_add(U, X, D)
    L += f_mul(B, X, G)     # beta = X gamma
    L += f_mul(A, T, U)
    L += f_mul(Z, Y, Z)     # Z3' = Y Z
    L += f_half3(A, A)      # A = 3/2 (X - delta)(X + delta)
    L += f_sqr(G, G)        # gamma^2
    L += f_sqr(X, A)
    L += f_sub2(X, X, B)    # X3' = A^2 - 2 beta
    L += f_sub(T, B, X)
    L += f_mul(T, A, T)
    L += f_sub(Y, T, G)     # Y3' = A (beta - X3') - gamma^2
    return L, 10


def p256_jac_add_adx(mixed):
    """P + Q, add-1998-cmo-2 (12M + 4S) or, Q affine (Z2 = 1), the mixed
    addition (8M + 3S): the formulas of ecp_point_impl.h with 2v added as
    one doubled value.  Frame: 1..3 = P, 4..6 = Q (4, 5 when affine);
    the result goes to 7..9.  Same exceptional cases as the C formulas."""
    X1, Y1, Z1, X2, Y2, Z2, X3, Y3, Z3 = range(1, 10)
    ZZ1, ZZ2, U1, U2, S1, S2, H, R, HH, HHH, V = range(10, 21)
    L = []
    L += f_sqr(ZZ1, Z1)
    if mixed:
        U1, S1 = X1, Y1
    else:
        L += f_sqr(ZZ2, Z2)
        L += f_mul(U1, X1, ZZ2)
        L += f_mul(S1, Y1, Z2)
        L += f_mul(S1, S1, ZZ2)
    L += f_mul(U2, X2, ZZ1)
    L += f_mul(S2, Y2, Z1)
    L += f_mul(S2, S2, ZZ1)
    L += f_sub(H, U2, U1)
    L += f_sub(R, S2, S1)
    L += f_sqr(HH, H)
    L += f_mul(HHH, HH, H)
    L += f_mul(V, U1, HH)
    if mixed:
        L += f_mul(Z3, Z1, H)
    else:
        L += f_mul(Z3, Z1, Z2)
    L += f_sqr(X3, R)
    L += f_sub(X3, X3, HHH)
    L += f_sub2(X3, X3, V)     # X3 = r^2 - hhh - 2v
    L += f_sub(Y3, V, X3)
    L += f_mul(Y3, Y3, R)
    L += f_mul(S2, S1, HHH)
    L += f_sub(Y3, Y3, S2)     # Y3 = r (v - X3) - s1 hhh
    if not mixed:
        L += f_mul(Z3, Z3, H)  # Z3 = Z1 Z2 h
    return L, 21


def p256_jac_madd_ops():
    """The mixed addition of p256_jac_add_adx(True) as a list of its field
    operations (each a list of lines), for p256_jac_madd_scan."""
    X1, Y1, Z1, X2, Y2, Z2, X3, Y3, Z3 = range(1, 10)
    ZZ1, ZZ2, U1, U2, S1, S2, H, R, HH, HHH, V = range(10, 21)
    U1, S1 = X1, Y1
    return [f_sqr(ZZ1, Z1), f_mul(U2, X2, ZZ1), f_mul(S2, Y2, Z1), f_mul(S2, S2, ZZ1),
            f_sub(H, U2, U1), f_sub(R, S2, S1), f_sqr(HH, H), f_mul(HHH, HH, H), f_mul(V, U1, HH),
            f_mul(Z3, Z1, H), f_sqr(X3, R), f_sub(X3, X3, HHH), f_sub2(X3, X3, V),
            f_sub(Y3, V, X3), f_mul(Y3, Y3, R), f_mul(S2, S1, HHH), f_sub(Y3, Y3, S2)]


# Element 21 of the scanning block's frame: the next table's address, the
# index to select from it (entries 0..63; anything else selects nothing)
# and the address of the 64 bytes the entry goes to.
SCAN_SLOT = 32 * 21


def scan_avx2():
    """The same with AVX2: per entry a compare, two loads ANDed with its mask
    and ORed into the two halves."""
    pro = ["vpbroadcastq %d(%%[s]), %%%%ymm0" % (SCAN_SLOT + 8),
           "vpxor %%ymm1, %%ymm1, %%ymm1",          # counter
           "vpcmpeqq %%ymm3, %%ymm3, %%ymm3",       # all ones
           "vpsubq %%ymm3, %%ymm1, %%ymm2",         # 1
           "vpxor %%ymm4, %%ymm4, %%ymm4", "vpxor %%ymm5, %%ymm5, %%ymm5"]
    steps = []
    for j in range(32):
        st = []
        for e in (2 * j, 2 * j + 1):
            st += ["vpcmpeqq %%ymm0, %%ymm1, %%ymm3", "vpaddq %%ymm2, %%ymm1, %%ymm1",
                   "vpand %d(%%[g0]), %%%%ymm3, %%%%ymm6" % (64 * e),
                   "vpand %d(%%[g0]), %%%%ymm3, %%%%ymm7" % (64 * e + 32),
                   "vpor %%ymm6, %%ymm4, %%ymm4", "vpor %%ymm7, %%ymm5, %%ymm5"]
        steps.append(st)
    epi = ["movq %d(%%[s]), %%[g0]" % (SCAN_SLOT + 16),
           "vmovdqu %%ymm4, (%[g0])", "vmovdqu %%ymm5, 32(%[g0])", "vzeroupper"]
    # all sixteen: the closing vzeroupper clears the upper halves of every
    # one (code built with -mavx2 may keep a 256-bit value in any of them)
    return pro, steps, epi, ["xmm%d" % i for i in range(16)]


def p256_jac_madd_scan(scan):
    """The mixed addition with the comb's next table scan woven in: two
    entries of the scan after each field operation (the pool registers are
    free between operations; %[g0] holds the table address in a piece).
    The products keep the multiplier busy while the table's loads come from
    L2 behind them, instead of the scan waiting for the addition or the
    addition for the scan.  The instructions executed do not depend on any
    value: the scan is the fixed sequence of select_avx2.c (AVX2 only: an
    AVX-512 scan would need its opmask registers, which a block inlined
    into code built without AVX-512 cannot clobber; on Zen 4 a 64-byte
    load is two 32-byte ones anyway)."""
    pro, steps, epi, clobbers = scan
    ops = p256_jac_madd_ops()
    L = list(pro)
    per = (len(steps) + len(ops) - 2) // (len(ops) - 1)
    k = 0
    for i, op in enumerate(ops):
        L += op
        if k < len(steps):
            L.append("movq %d(%%[s]), %%[g0]" % SCAN_SLOT)
            for st in steps[k:k + per]:
                L += st
            k += per
    assert k >= len(steps)
    L += epi
    return L, clobbers


def emit_point_block(out, name, L, frame, doc, clobbers=()):
    regs = ", ".join("[g%d] \"=&r\"(g%d)" % (i, i) for i in range(11))
    out.append(doc)
    out.append("static inline void %s(uint64_t *s)\n{\n" % name +
               "    uint64_t " + ", ".join("g%d" % i for i in range(11)) + ";\n\n"
               "    __asm__ __volatile__(\n" + emit(L) + "\n"
               "        : " + regs + "\n"
               "        : [s] \"r\"(s)\n"
               "        : \"rdx\", \"cc\", \"memory\"" + "".join(", \"%s\"" % c for c in clobbers) + ");\n" +
               "".join("    (void)g%d;\n" % i for i in range(11)) + "}\n")
    out.append("#define %s_FRAME %d /* field elements in its frame s[] */\n" % (name.upper(), frame))


def emit_p256_points(out):
    L, frame = p256_jac_dbl_adx()
    emit_point_block(out, "ecp_asm_p256_jac_dbl_adx", L, frame,
                     "/*\n * P-256 Jacobian doubling, BMI2 + ADX, one block: s[4 * 1 .. 4 * 4) = X, Y, Z in and\n"
                     " * out (the same point, scaled: see scripts/gen/gen_ecp_asm.py), s[0], s[1] = the\n"
                     " * constants of ecp_asm_p256_k; the rest of the frame is scratch.\n */")
    for name, mixed in (("ecp_asm_p256_jac_add_adx", False), ("ecp_asm_p256_jac_madd_adx", True)):
        L, frame = p256_jac_add_adx(mixed)
        emit_point_block(out, name, L, frame,
                         "/* P-256 Jacobian %s, BMI2 + ADX, one block: s[4 .. 16) = P, s[16 .. %d) = Q,\n"
                         " * the sum to s[28 .. 40); s[0], s[1] as above. */" % (
                             "mixed addition (Q affine)" if mixed else "addition", 24 if mixed else 28))
    L, clobbers = p256_jac_madd_scan(scan_avx2())
    emit_point_block(out, "ecp_asm_p256_jac_madd_scan_avx2", L, 22,
                     "/*\n * The mixed addition of ecp_asm_p256_jac_madd_adx (same frame) with the comb's\n"
                     " * next table scan woven in (scripts/gen/gen_ecp_asm.py): s[84] = the table (64\n"
                     " * affine points of 64 bytes), s[85] = the index (0..63, else no entry: 0),\n"
                     " * s[86] = where the entry goes (64 bytes).  BMI2 + ADX + AVX2.\n */",
                     clobbers)


def main():
    out = []
    out.append("/*\n * Generated by scripts/gen/gen_ecp_asm.py: do not edit.\n"
               " * x86-64 Comba products t[0..2n) = a * b and a^2 for n = %s limbs.\n"
               " * Included by the per-curve field files under the same guard.\n */"
               % ", ".join(str(n) for n in SIZES))
    out.append("#ifndef TACIT_ECP_ASM_X86_64_H\n#define TACIT_ECP_ASM_X86_64_H\n\n#include <stdint.h>\n")
    for n in SIZES:
        for square in (False, True):
            name = "ecp_asm_%s_%d" % ("sqr" if square else "mul", n)
            if square:
                sig = "static inline void %s(uint64_t *t, const uint64_t *a)" % name
                binit = "    const uint64_t *b = a;\n"
            else:
                sig = "static inline void %s(uint64_t *t, const uint64_t *a, const uint64_t *b)" % name
                binit = ""
            out.append(sig + "\n{\n" + binit +
                       "    uint64_t c0, c1, c2;\n\n    __asm__ __volatile__(\n" + emit(comba(n, square)) +
                       "\n        : [c0] \"=&r\"(c0), [c1] \"=&r\"(c1), [c2] \"=&r\"(c2)\n"
                       "        : [a] \"r\"(a), [b] \"r\"(b), [t] \"r\"(t)\n"
                       "        : \"rax\", \"rdx\", \"cc\", \"memory\");\n"
                       "    (void)c0;\n    (void)c1;\n    (void)c2;\n}\n")
    for n in REDC_SIZES:
        name = "ecp_asm_redc_%d" % n
        out.append("/* v[0..%d] (v[%d] the top) = t / 2^%d mod m, not yet reduced below m */" % (n, n, 64 * n))
        out.append("static inline void %s(uint64_t *v, const uint64_t *t, const uint64_t *m, uint64_t mm)\n{\n"
                   "    uint64_t c0, c1, c2, q[%d];\n\n    __asm__ __volatile__(\n" % (name, n) + emit(redc(n)) +
                   "\n        : [c0] \"=&r\"(c0), [c1] \"=&r\"(c1), [c2] \"=&r\"(c2)\n"
                   "        : [v] \"r\"(v), [t] \"r\"(t), [m] \"r\"(m), [mm] \"r\"(mm), [q] \"r\"(q)\n"
                   "        : \"rax\", \"rdx\", \"cc\", \"memory\");\n"
                   "    (void)c0;\n    (void)c1;\n    (void)c2;\n}\n")
    emit_p256(out)
    emit_p256_points(out)
    out.append("#endif /* TACIT_ECP_ASM_X86_64_H */")
    print("\n".join(out))


if __name__ == "__main__":
    main()
