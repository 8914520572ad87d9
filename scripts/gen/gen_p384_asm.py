#!/usr/bin/env python3
"""Generate src/ec/x86_64/p384_asm_gen.h: the P-384 Montgomery products for
x86-64 CPUs with BMI2 and ADX (GNU extended asm, AT&T syntax).

    python3 scripts/gen/gen_p384_asm.py > src/ec/x86_64/p384_asm_gen.h

P-384 keeps the Montgomery form of the generic field (R = 2^384, so the
constants and tables of ecp_data_gen.c serve unchanged).  The prime
p = 2^384 - 2^128 - 2^96 + 2^32 - 1 gives -p^-1 = 2^32 + 1 mod 2^64, so the
quotient limb of a reduction step is m = u0 + (u0 << 32) (a shift and an
add, no multiplication), and the multiples of p come from the constant's
limbs in memory (RIP-relative operands: no register holds them).

ecp_asm_p384_mul_adx: operand scanning with the reduction fused in.  Round
i adds a * b[i] into the accumulator on two carry chains (MULX, ADCX,
ADOX), then one reduction step adds m p on two chains and drops the zero
low limb; eight registers rotate instead of moving.  With a, b < p the
accumulator stays below 2p (the usual Montgomery bound, p < 2^384), so one
subtraction of p kept with cmov ends it.

ecp_asm_p384_mont_mul_adx: the same rounds as the product for any odd
6-limb modulus m with mm = -m^-1 mod 2^64 (the group order n), the
quotient by one IMUL.

ecp_asm_p384_redc_mulq: the baseline build's reduction (CPUs without
BMI2/ADX), after the Comba product of gen_ecp_asm.py; see redc_mulq.

ecp_asm_p384_sqr_adx: the square's cross products once (15 MULX) by rows,
stored to a 12-limb buffer as they become final, doubled with the six
squares added in one pass on two chains; then six reduction steps on the
low half, the high half added (the sum is below 2p), one subtraction.

No branch and no memory address depends on the data.  Every asm statement
is volatile (see gen_ecp_asm.py for the gcc merge this avoids).
"""

P = 2**384 - 2**128 - 2**96 + 2**32 - 1
N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC7634D81F4372DDF581A0DB248B0A77AECEC196ACCC52973


def limbs(x):
    return [(x >> (64 * i)) & (2**64 - 1) for i in range(6)]


def emit(lines):
    return "\n".join('        "%s\\n\\t"' % l for l in lines)


def final_sub(L, u, top, tmp, modname):
    """u[0..5] (+ top) -= mod if >= mod, kept with cmov (tmp: six scratch registers)."""
    L += ["movq %s, %s" % (u[j], tmp[j]) for j in range(6)]
    L += ["subq %%[%s0], %s" % (modname, tmp[0])]
    L += ["sbbq %%[%s%d], %s" % (modname, j, tmp[j]) for j in range(1, 6)]
    L += ["sbbq $0, " + top]
    L += ["cmovncq %s, %s" % (tmp[j], u[j]) for j in range(6)]


def reduce_step(L, u, quotient_of, modname="p"):
    """u[0..7] += m * mod with m = quotient of u[0]; u[0] becomes zero, the
    chains' last carries go to u[6], u[7]."""
    L += ["movq %s, %%%%rdx" % u[0]] + quotient_of(u[0]) + ["xorq %[lo], %[lo]"]
    for j in range(6):
        L += ["mulxq %%[%s%d], %%[lo], %%[hi]" % (modname, j),
              "adcxq %%[lo], %s" % u[j], "adoxq %%[hi], %s" % u[j + 1]]
    L += ["adcxq %s, %s" % (u[0], u[6]), "adoxq %s, %s" % (u[0], u[7]),
          "adcxq %s, %s" % (u[0], u[7])]


def p_quotient(u0):
    return ["shlq $32, %%rdx", "addq %s, %%%%rdx" % u0]


def n_quotient(u0):
    return ["imulq %[mm], %%rdx"]


def mul_adx(quotient_of, modname):
    L = []
    R = ["%[t" + str(i) + "]" for i in range(8)]
    for i in range(6):
        u = R
        L.append("movq %d(%%[b]), %%%%rdx" % (8 * i))
        if i == 0:
            L += ["mulxq 0(%%[a]), %s, %s" % (u[0], u[1])]
            for j in range(1, 6):
                L += ["mulxq %d(%%[a]), %%[lo], %s" % (8 * j, u[j + 1]),
                      ("addq" if j == 1 else "adcq") + " %%[lo], %s" % u[j]]
            L += ["adcq $0, " + u[6], "xorq %s, %s" % (u[7], u[7])]
        else:
            L.append("xorq %s, %s" % (u[7], u[7]))  # also clears CF and OF
            for j in range(6):
                L += ["mulxq %d(%%[a]), %%[lo], %%[hi]" % (8 * j),
                      "adcxq %%[lo], %s" % u[j], "adoxq %%[hi], %s" % u[j + 1]]
            L += ["adcxq %s, %s" % (u[7], u[6]), "adoxq %s, %s" % (u[7], u[7]),
                  "adcq $0, " + u[7]]
        reduce_step(L, u, quotient_of, modname)
        R = R[1:] + R[:1]
    u = R
    final_sub(L, u, u[6], ["%[lo]", "%[hi]", u[7], "%%rdx", "%[a]", "%[b]"], modname)
    return L, u


def sqr_adx():
    """a^2 / 2^384 mod p: the cross products a_i a_j (i < j) once, row by
    row on two carry chains, each limb stored to the buffer w[0..12) when no
    later row reaches it; then one pass doubles them (ADCX x, x) and adds
    the squares (ADOX); then six reduction steps on the low half, the high
    half added (the sum is below 2p) and one subtraction."""
    L = []
    acc = {}
    free = ["%[t" + str(i) + "]" for i in range(8)]

    def get(limb):
        acc[limb] = free.pop(0)
        return acc[limb]

    def flush(below):
        for lb in sorted(acc):
            if lb < below:
                L.append("movq %s, %d(%%[w])" % (acc[lb], 8 * lb))
                free.append(acc.pop(lb))

    # row 0: a_0 a_j at limbs 1..6
    L.append("movq 0(%[a]), %%rdx")
    r1, r2 = get(1), get(2)
    L.append("mulxq 8(%%[a]), %s, %s" % (r1, r2))
    for j in range(2, 6):
        hi = get(j + 1)
        L += ["mulxq %d(%%[a]), %%[lo], %s" % (8 * j, hi),
              ("addq" if j == 2 else "adcq") + " %%[lo], %s" % acc[j]]
    L.append("adcq $0, " + acc[6])
    flush(3)
    # rows 1..3: a_i a_j (j > i) at limbs 2i+1 .. i+6, the top limb fresh
    for i in range(1, 4):
        L.append("movq %d(%%[a]), %%%%rdx" % (8 * i))
        top = get(i + 6)
        L.append("xorq %s, %s" % (top, top))  # also clears CF and OF
        for j in range(i + 1, 6):
            L += ["mulxq %d(%%[a]), %%[lo], %%[hi]" % (8 * j),
                  "adcxq %%[lo], %s" % acc[i + j], "adoxq %%[hi], %s" % acc[i + j + 1]]
        # the OF chain ended in the fresh top (no carry out); CF goes there too
        L += ["movl $0, %k[hi]", "adcxq %[hi], " + top]
        flush(2 * i + 3)
    # row 4: a_4 a_5 at limbs 9, 10
    L.append("movq 32(%[a]), %%rdx")
    hi = get(10)
    L += ["mulxq 40(%%[a]), %%[lo], %s" % hi, "addq %%[lo], %s" % acc[9], "adcq $0, " + hi]
    flush(11)
    # w[k] = 2 cross_k + squares (cross_0 = cross_11 = 0)
    sl, sh, x = "%[t0]", "%[t1]", "%[t2]"
    L.append("xorl %k[lo], %k[lo]")  # clears CF and OF
    for i in range(6):
        L += ["movq %d(%%[a]), %%%%rdx" % (8 * i), "mulxq %%%%rdx, %s, %s" % (sl, sh)]
        for k, sq in ((2 * i, sl), (2 * i + 1, sh)):
            if k in (0, 11):
                L.append("movl $0, %%k%s" % x[1:])
            else:
                L.append("movq %d(%%[w]), %s" % (8 * k, x))
            L += ["adcxq %s, %s" % (x, x), "adoxq %s, %s" % (sq, x)]
            if k < 6:
                L.append("movq %s, %d(%%[w])" % (x, 8 * k))
            else:
                L.append("movq %s, %d(%%[w])" % (x, 8 * k))
    # reduction of the low half
    u = ["%[t" + str(i) + "]" for i in range(8)]
    L += ["movq %d(%%[w]), %s" % (8 * j, u[j]) for j in range(6)]
    L += ["xorq %s, %s" % (u[6], u[6]), "xorq %s, %s" % (u[7], u[7])]
    R = u
    for s_ in range(6):
        reduce_step(L, R, p_quotient, "p")
        R = R[1:] + R[:1]   # the new u[7] is the zeroed u[0]
    u = R
    L += ["addq 48(%%[w]), %s" % u[0]] + ["adcq %d(%%[w]), %s" % (48 + 8 * j, u[j]) for j in range(1, 6)]
    L += ["adcq $0, " + u[6]]
    final_sub(L, u, u[6], ["%[lo]", "%[hi]", u[7], "%%rdx", "%[a]", "%[w]"], "p")
    return L, u


def redc_mulq():
    """Baseline x86-64 (mulq, no BMI2/ADX): the Montgomery reduction of
    t[0..12) in place, v = t / 2^384 (before the final subtraction) into
    t[0..6) and its top limb (0 or 1) into t[6].

    With c = 2^384 - p = 2^128 + 2^96 - 2^32 + 1 (limbs c0 = 2^64 - 2^32 + 1,
    c1 = 2^32 - 1, c2 = 1), a step adds m p = m 2^384 - m c to the 7-limb
    window w[0..7) of t, m = w0 + (w0 << 32): m c takes two mulq by the
    constants and one addition of m; its low limb equals w0 (that is how m
    was chosen), so w0 drops out without a subtraction.  The window holds a
    value >= 0 after each step (m 2^384 > m c), the carry above it is kept
    in cr (taken modulo 2^64 in between: it may wrap while m c is
    subtracted, and m 2^384 brings it back), and the next limb of t enters
    as the low one leaves.  Thirteen registers.
    """
    w = ["%%[w%d]" % j for j in range(7)]
    L = ["movq %d(%%[t]), %s" % (8 * j, w[j]) for j in range(7)]
    L += ["xorq %[cr], %[cr]"]
    for i in range(6):
        m = w[0]
        L += ["xorq %[x2], %[x2]",
              "movq %s, %%[x1]" % m,
              "shlq $32, %[x1]",
              "addq %%[x1], %s" % m,                       # m
              "movq $0xffffffff00000001, %%rax",
              "mulq %s" % m,                               # rdx = hi(m c0)
              "movq %%rdx, %[x1]",
              "movl $0xffffffff, %%eax",
              "mulq %s" % m,                               # rdx:rax = m c1
              "addq %%rax, %[x1]",                         # (m c)_1
              "adcq $0, %%rdx",
              "addq %s, %%%%rdx" % m,                      # (m c)_2
              "adcq $0, %[x2]",                            # (m c)_3
              "subq %%[x1], %s" % w[1],
              "sbbq %%%%rdx, %s" % w[2],
              "sbbq %%[x2], %s" % w[3],
              "sbbq $0, %s" % w[4],
              "sbbq $0, %s" % w[5],
              "sbbq $0, %s" % w[6],
              "sbbq $0, %[cr]",
              "addq %s, %s" % (m, w[6]),                   # + m 2^384
              "adcq $0, %[cr]"]
        if i < 5:
            L += ["movq %d(%%[t]), %s" % (8 * (i + 7), m),
                  "addq %%[cr], %s" % m,
                  "movq $0, %[cr]",
                  "adcq $0, %[cr]"]
        else:
            L += ["movq %%[cr], %s" % m]
        w = w[1:] + [m]
    L += ["movq %s, %d(%%[t])" % (w[j], 8 * j) for j in range(7)]
    return L


def main():
    print("/*\n * Generated by scripts/gen/gen_p384_asm.py: do not edit.\n"
          " * P-384 Montgomery products (R = 2^384) for x86-64 with BMI2 and ADX, and\n"
          " * the baseline (mulq) reduction; see the generator for the derivation.\n"
          " * Included by src/ec/x86_64/p384_adx.c and ecp_p384.c under their guards.\n */")
    print("#ifndef TACIT_EC_P384_ASM_GEN_H\n#define TACIT_EC_P384_ASM_GEN_H\n\n#include <stdint.h>\n")
    print("static const uint64_t ecp_asm_p384_p[6] = {\n    " +
          ", ".join("0x%016xu" % x for x in limbs(P)) + "\n};")
    print("static const uint64_t ecp_asm_p384_n[6] = {\n    " +
          ", ".join("0x%016xu" % x for x in limbs(N)) + "\n};")
    mm = (-pow(N, -1, 2**64)) % 2**64
    print("static const uint64_t ecp_asm_p384_n_mm = 0x%016xu; /* -n^-1 mod 2^64 */\n" % mm)

    def mod_operands(modname, arr):
        return ", ".join('[%s%d] "m"(%s[%d])' % (modname, j, arr, j) for j in range(6))

    L, u = mul_adx(p_quotient, "p")
    print("/* r = a b / 2^384 mod p for a, b < p, fully reduced */\n"
          "static inline void ecp_asm_p384_mul_adx(uint64_t *r, const uint64_t *a, const uint64_t *b)\n{\n"
          "    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;\n"
          "    const uint64_t *ap = a, *bp = b;\n\n"
          "    __asm__ __volatile__(\n" + emit(L) + "\n"
          "        : [t0] \"=&r\"(t0), [t1] \"=&r\"(t1), [t2] \"=&r\"(t2), [t3] \"=&r\"(t3), [t4] \"=&r\"(t4),\n"
          "          [t5] \"=&r\"(t5), [t6] \"=&r\"(t6), [t7] \"=&r\"(t7), [lo] \"=&r\"(lo), [hi] \"=&r\"(hi),\n"
          "          [a] \"+r\"(ap), [b] \"+r\"(bp)\n"
          "        : " + mod_operands("p", "ecp_asm_p384_p") + "\n"
          "        : \"rdx\", \"cc\", \"memory\");\n"
          "    (void)lo;\n    (void)hi;\n    (void)ap;\n    (void)bp;\n" +
          "".join("    (void)%s;\n" % x[2:-1] for x in u[6:]) +
          "".join("    r[%d] = %s;\n" % (j, u[j][2:-1]) for j in range(6)) + "}\n")
    L, u = sqr_adx()
    print("/* r = a^2 / 2^384 mod p for a < p, fully reduced */\n"
          "static inline void ecp_asm_p384_sqr_adx(uint64_t *r, const uint64_t *a)\n{\n"
          "    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi, w[12];\n"
          "    const uint64_t *ap = a;\n    uint64_t *wp = w;\n\n"
          "    __asm__ __volatile__(\n" + emit(L) + "\n"
          "        : [t0] \"=&r\"(t0), [t1] \"=&r\"(t1), [t2] \"=&r\"(t2), [t3] \"=&r\"(t3), [t4] \"=&r\"(t4),\n"
          "          [t5] \"=&r\"(t5), [t6] \"=&r\"(t6), [t7] \"=&r\"(t7), [lo] \"=&r\"(lo), [hi] \"=&r\"(hi),\n"
          "          [a] \"+r\"(ap), [w] \"+r\"(wp)\n"
          "        : " + mod_operands("p", "ecp_asm_p384_p") + "\n"
          "        : \"rdx\", \"cc\", \"memory\");\n"
          "    (void)lo;\n    (void)hi;\n    (void)ap;\n    (void)wp;\n" +
          "".join("    (void)%s;\n" % x[2:-1] for x in u[6:]) +
          "".join("    r[%d] = %s;\n" % (j, u[j][2:-1]) for j in range(6)) + "}\n")
    L, u = mul_adx(n_quotient, "n")
    print("/* r = a b / 2^384 mod n (the group order) for a, b < n, fully reduced */\n"
          "static inline void ecp_asm_p384_mul_n_adx(uint64_t *r, const uint64_t *a, const uint64_t *b)\n{\n"
          "    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;\n"
          "    const uint64_t *ap = a, *bp = b;\n\n"
          "    __asm__ __volatile__(\n" + emit(L) + "\n"
          "        : [t0] \"=&r\"(t0), [t1] \"=&r\"(t1), [t2] \"=&r\"(t2), [t3] \"=&r\"(t3), [t4] \"=&r\"(t4),\n"
          "          [t5] \"=&r\"(t5), [t6] \"=&r\"(t6), [t7] \"=&r\"(t7), [lo] \"=&r\"(lo), [hi] \"=&r\"(hi),\n"
          "          [a] \"+r\"(ap), [b] \"+r\"(bp)\n"
          "        : " + mod_operands("n", "ecp_asm_p384_n") + ", [mm] \"m\"(ecp_asm_p384_n_mm)\n"
          "        : \"rdx\", \"cc\", \"memory\");\n"
          "    (void)lo;\n    (void)hi;\n    (void)ap;\n    (void)bp;\n" +
          "".join("    (void)%s;\n" % x[2:-1] for x in u[6:]) +
          "".join("    r[%d] = %s;\n" % (j, u[j][2:-1]) for j in range(6)) + "}\n")
    L = redc_mulq()
    print("/*\n * Baseline x86-64 (mulq): t[0..6) + top t[6] = t / 2^384 for t < p 2^384, the\n"
          " * value below 2p (the caller subtracts p once); t[0..12) is overwritten.\n */\n"
          "static inline void ecp_asm_p384_redc_mulq(uint64_t *t)\n{\n"
          "    uint64_t w0, w1, w2, w3, w4, w5, w6, x1, x2, cr;\n\n"
          "    __asm__ __volatile__(\n" + emit(L) + "\n"
          "        : [w0] \"=&r\"(w0), [w1] \"=&r\"(w1), [w2] \"=&r\"(w2), [w3] \"=&r\"(w3), [w4] \"=&r\"(w4),\n"
          "          [w5] \"=&r\"(w5), [w6] \"=&r\"(w6), [x1] \"=&r\"(x1), [x2] \"=&r\"(x2), [cr] \"=&r\"(cr)\n"
          "        : [t] \"r\"(t)\n"
          "        : \"rax\", \"rdx\", \"cc\", \"memory\");\n"
          "    (void)w0;\n    (void)w1;\n    (void)w2;\n    (void)w3;\n    (void)w4;\n    (void)w5;\n"
          "    (void)w6;\n    (void)x1;\n    (void)x2;\n    (void)cr;\n}\n")
    print("#endif /* TACIT_EC_P384_ASM_GEN_H */")


if __name__ == "__main__":
    main()
