#!/usr/bin/env python3
"""Generate src/hash/keccak_round_gen.h: one round of Keccak-f[1600] on 25
named lanes, as C macros: two forms on 64-bit lanes, a generic one for SIMD
kernels and one on the bit-interleaved 32-bit form (KECCAK_ROUND_INTER32).

    python3 scripts/gen/gen_keccak.py > src/hash/keccak_round_gen.h

KECCAK_ROUND_PLAIN(A, E, rc): theta, rho, pi, chi and iota from the lanes
A##ba .. A##su into E##ba .. E##su, chi written as FIPS 202 has it
(b ^ (~b1 & b2)): right where the target has an and-not instruction.

KECCAK_ROUND_LC(A, E, rc): the same round on the lane-complemented state
(the Keccak team's "lane complementing" transform): six lanes (see
COMPLEMENTED) are kept inverted, which lets chi be computed with far fewer
NOTs (most of its and-nots become ands or ors).  The expression of every
output lane is found here by search: for each lane, every form
maybe_not(b0) ^ op(maybe_not(b1), maybe_not(b2)), op in {and, or}, is
checked on the truth table against chi with the inputs' and outputs'
complement flags, and per row the choice with the fewest distinct NOTs is
kept.  The caller complements the six lanes before the first round and after
the last (rounds map the complemented pattern onto itself; this is checked).

Lane (x, y) is lane x + 5y of FIPS 202; names: row y in "bgkms", column x in
"aeiou" (A##ba is (0,0), A##be is (1,0), A##ga is (0,1), ...).
"""

import itertools

ROWS = "bgkms"
COLS = "aeiou"
COMPLEMENTED = {1, 2, 8, 12, 17, 20}


def name(x, y):
    return ROWS[y] + COLS[x]


def rho_offsets():
    r = [0] * 25
    x, y = 1, 0
    for t in range(24):
        r[x + 5 * y] = ((t + 1) * (t + 2) // 2) % 64
        x, y = y, (2 * x + 3 * y) % 5
    return r


R = rho_offsets()


def rot(expr, n):
    return "ROL64(%s, %d)" % (expr, n) if n else expr


def chi_forms(cin, cout):
    """Every (nots, op) giving output lane cout from inputs with flags cin."""
    found = []
    for n0, n1, n2 in itertools.product((0, 1), repeat=3):
        for op in ("&", "|"):
            ok = True
            for b0, b1, b2 in itertools.product((0, 1), repeat=3):
                want = (b0 ^ ((1 - b1) & b2)) ^ cout
                s0, s1, s2 = b0 ^ cin[0] ^ n0, b1 ^ cin[1] ^ n1, b2 ^ cin[2] ^ n2
                got = s0 ^ ((s1 & s2) if op == "&" else (s1 | s2))
                if got != want:
                    ok = False
                    break
            if ok:
                found.append(((n0, n1, n2), op))
    return found


def emit_round(lc):
    lines = []
    flag = (lambda i: 1 if i in COMPLEMENTED else 0) if lc else (lambda i: 0)
    cc = [sum(flag(x + 5 * y) for y in range(5)) & 1 for x in range(5)]
    cd = [cc[(x + 4) % 5] ^ cc[(x + 1) % 5] for x in range(5)]
    for x in range(5):
        lines.append("C%s = %s;" % (COLS[x], " ^ ".join("A##" + name(x, y) for y in range(5))))
    for x in range(5):
        lines.append("D%s = C%s ^ ROL64(C%s, 1);" % (COLS[x], COLS[(x + 4) % 5], COLS[(x + 1) % 5]))
    for y in range(5):
        bnames, cb = [], []
        for x in range(5):
            sx, sy = (x + 3 * y) % 5, x
            i = sx + 5 * sy
            b = "B" + COLS[x]
            bnames.append(b)
            cb.append(flag(i) ^ cd[sx])
            lines.append("%s = %s;" % (b, rot("A##%s ^ D%s" % (name(sx, sy), COLS[sx]), R[i])))
        # choose chi forms for the row: fewest distinct NOTs
        options = []
        for x in range(5):
            cin = (cb[x], cb[(x + 1) % 5], cb[(x + 2) % 5])
            forms = chi_forms(cin, flag(x + 5 * y))
            assert forms, (x, y)
            if not lc:  # FIPS 202's own form: one and-not per lane
                assert ((0, 1, 0), "&") in forms
                forms = [((0, 1, 0), "&")]
            options.append(forms)
        best = None
        for combo in itertools.product(*options):
            nots = set()
            for x, (n, op) in enumerate(combo):
                for k in range(3):
                    if n[k]:
                        nots.add((x + k) % 5)
            # prefer fewer NOTs, then and over or (no difference on most targets)
            key = (len(nots), sum(op == "|" for _, op in combo))
            if best is None or key < best[0]:
                best = (key, combo)
        # the row's one complemented B, computed once into NB (the compiler
        # would otherwise complement it once per use)
        negs = sorted({(x + k) % 5 for x, (n, op) in enumerate(best[1]) for k in range(3) if n[k]})
        if lc:
            assert len(negs) <= 1, (y, negs)
            for b in negs:
                lines.append("NB = ~%s;" % bnames[b])
        for x, (n, op) in enumerate(best[1]):
            terms = []
            for k in range(3):
                t = bnames[(x + k) % 5]
                terms.append(("NB" if lc else "~" + t) if n[k] else t)
            lines.append("E##%s = %s ^ (%s %s %s);" % (name(x, y), terms[0], terms[1], op, terms[2]))
        if y == 0:
            lines.append("E##ba ^= (rc);")
    return lines


def emit_theta_c():
    """Ca..Cu, the column parities of the lanes A##.. (before KECCAK_ROUND_PT's first round)."""
    return ["C%s = %s;" % (COLS[x], " ^ ".join("A##" + name(x, y) for y in range(5))) for x in range(5)]


def emit_round_pt():
    """The plain round taking the column parities of A in Ca..Cu and leaving E's there:
    each output row is XORed into them while its lanes are in registers, so the next
    round's theta reads no lane (the same 20 XORs)."""
    lines = []
    for l in emit_round(False)[5:]:
        lines.append(l)
    # after each row's five chi lines (and the iota line of row 0), accumulate
    out = []
    row = 0
    for l in lines:
        out.append(l)
        if l.startswith("E##") and "= " in l and "^=" not in l and l[4] == "u":
            y = ROWS.index(l[3])
            if y == 0:
                continue  # after the iota line
            for x in range(5):
                out.append("C%s ^= E##%s;" % (COLS[x], name(x, y)))
        if l.startswith("E##ba ^="):
            for x in range(5):
                out.append("C%s = E##%s;" % (COLS[x], name(x, 0)))
    return out


def emit_generic():
    """The plain round on abstract operations, for the SIMD kernels: the includer
    defines XOR5, XOR, ROL(x, n) (n in 1..63), CHI(a, b, c) = a ^ (~b & c) and XOR_RC."""
    lines = []
    for x in range(5):
        lines.append("C%s = XOR5(%s);" % (COLS[x], ", ".join("A##" + name(x, y) for y in range(5))))
    for x in range(5):
        lines.append("D%s = XOR(C%s, ROL(C%s, 1));" % (COLS[x], COLS[(x + 4) % 5], COLS[(x + 1) % 5]))
    for y in range(5):
        for x in range(5):
            sx, sy = (x + 3 * y) % 5, x
            i = sx + 5 * sy
            e = "XOR(A##%s, D%s)" % (name(sx, sy), COLS[sx])
            lines.append("B%s = %s;" % (COLS[x], "ROL(%s, %d)" % (e, R[i]) if R[i] else e))
        for x in range(5):
            lines.append("E##%s = CHI(B%s, B%s, B%s);" % (name(x, y), COLS[x], COLS[(x + 1) % 5],
                                                         COLS[(x + 2) % 5]))
        if y == 0:
            lines.append("E##ba = XOR_RC(E##ba, rc);")
    return lines


def emit_inter32():
    """The plain round on the bit-interleaved 32-bit form: lane L is two words,
    L##0 holding its even bits and L##1 its odd bits, so that ROL64 by 2m is
    ROL32 by m on both words and ROL64 by 2m + 1 swaps them (new even word =
    old odd word rotated by m + 1, new odd word = old even word rotated by m).
    rc is given as its two interleaved words (rc0, rc1)."""
    lines = []

    def rot64(w0, w1, n):
        m = n // 2
        r = lambda e, k: "ROL32(%s, %d)" % (e, k) if k % 32 else e
        if n % 2 == 0:
            return r(w0, m), r(w1, m)
        return r(w1, m + 1), r(w0, m)

    for x in range(5):
        for h in "01":
            lines.append("C%s%s = %s;" % (COLS[x], h, " ^ ".join("A##%s%s" % (name(x, y), h) for y in range(5))))
    for x in range(5):
        a, b = COLS[(x + 4) % 5], COLS[(x + 1) % 5]
        r0, r1 = rot64("C%s0" % b, "C%s1" % b, 1)
        lines.append("D%s0 = C%s0 ^ %s;" % (COLS[x], a, r0))
        lines.append("D%s1 = C%s1 ^ %s;" % (COLS[x], a, r1))
    for y in range(5):
        for x in range(5):
            sx, sy = (x + 3 * y) % 5, x
            i = sx + 5 * sy
            w0 = "(A##%s0 ^ D%s0)" % (name(sx, sy), COLS[sx])
            w1 = "(A##%s1 ^ D%s1)" % (name(sx, sy), COLS[sx])
            r0, r1 = rot64(w0, w1, R[i])
            lines.append("B%s0 = %s;" % (COLS[x], r0))
            lines.append("B%s1 = %s;" % (COLS[x], r1))
        for h in "01":
            for x in range(5):
                lines.append("E##%s%s = B%s%s ^ (~B%s%s & B%s%s);" % (name(x, y), h, COLS[x], h,
                                                                   COLS[(x + 1) % 5], h, COLS[(x + 2) % 5], h))
        if y == 0:
            lines.append("E##ba0 ^= (rc0);")
            lines.append("E##ba1 ^= (rc1);")
    return lines


def macro(mname, lines, args="A, E, rc", decl=None):
    out = ["#define %s(%s) \\" % (mname, args), "    do { \\"]
    if decl:
        out.append("        %s \\" % decl)
    for l in lines:
        out.append("        %s \\" % l)
    out.append("    } while (0)")
    return "\n".join(out)


def main():
    print("/* Generated by scripts/gen/gen_keccak.py: do not edit. */")
    print("#ifndef TACIT_HASH_KECCAK_ROUND_GEN_H")
    print("#define TACIT_HASH_KECCAK_ROUND_GEN_H")
    print()
    print("/* Lanes kept complemented by KECCAK_ROUND_LC (indices x + 5y). */")
    print("#define KECCAK_LC_LANES %s" % ", ".join(str(i) for i in sorted(COMPLEMENTED)))
    print()
    print("/* Needs locals Ca..Cu, Da..Du, Ba..Bu (uint64_t) and ROL64. */")
    print(macro("KECCAK_ROUND_PLAIN", emit_round(False)))
    print()
    print("/* Ca..Cu of the lanes A##ba .. A##su, for KECCAK_ROUND_PT's first round. */")
    print(macro("KECCAK_THETA_C", emit_theta_c(), "A"))
    print()
    print("/*")
    print(" * KECCAK_ROUND_PLAIN with theta's column parities carried in Ca..Cu: A's on")
    print(" * entry, E's on exit (each row of E is XORed in while it is in registers).")
    print(" */")
    print(macro("KECCAK_ROUND_PT", emit_round_pt()))
    print()
    print(macro("KECCAK_ROUND_LC", emit_round(True), decl="uint64_t NB;"))
    print()
    print("/* The plain round on abstract operations (XOR5, XOR, ROL, CHI, XOR_RC) for SIMD kernels. */")
    print(macro("KECCAK_ROUND_GENERIC", emit_generic()))
    print()
    print("/*")
    print(" * The plain round on the bit-interleaved form (32-bit targets): lane L as")
    print(" * L##0 (even bits) and L##1 (odd bits).  Needs locals Ca0..Cu1, Da0..Du1,")
    print(" * Ba0..Bu1 (uint32_t) and ROL32 (n in 1..31).")
    print(" */")
    print(macro("KECCAK_ROUND_INTER32", emit_inter32(), "A, E, rc0, rc1"))
    print()
    print("#endif")


if __name__ == "__main__":
    main()
