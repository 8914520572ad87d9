#!/usr/bin/env python3
"""Generate src/sha512_avx2_asm.h: the SHA-512 compression of one or two
128-byte blocks for x86-64 with AVX2 and BMI2 (GNU extended asm, AT&T
syntax), used by src/sha512_avx2.c.

    python3 scripts/gen_sha512_asm.py > src/sha512_avx2_asm.h

Why asm: the compiler schedules the vector message schedule and the scalar
rounds as two separate bursts (or spills when they are interleaved in the
source), and the schedule then costs about a quarter of the time.  Here the
schedule of both blocks (two words of each per step, block 0 in the low
128-bit lane, block 1 in the high lane) is written between the rounds of
block 0, sixteen rounds ahead of its use, so the vector units work while the
scalar units run the rounds; block 1's rounds read what it stored.  The
rounds are loops of sixteen (the code stays small enough for the micro-op
cache).

The round (FIPS 180-4, 6.4.2), 22 ALU operations:
  - Ch(e, f, g) = (e & f) + (~e & g) (the two terms have no common bit), with
    ANDN, added to h one term at a time;
  - Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)), where b ^ c is the previous
    round's a ^ b;
  - Sigma0(a) is added to the new a at the start of the next round, off the
    path from e to the next e (RORX, XOR, XOR, two additions);
  - Sigma0 and Sigma1 as three RORX and two XOR.

Registers: the frame pointer in %rsi (the only operand), the eight working
variables in rax, rbx, rcx, rdx, r8..r11, temporaries in rdi, r12..r15; the
schedule ring in ymm0..ymm7, temporaries in ymm8..ymm14, the loop counter in
xmm15.  No branch and no address depends on the data: the loop counts and the
one/two-block choice are public.
"""

# Frame layout (bytes), checked against struct sha512_frame in sha512_avx2.c.
WK0, WK1, K, ST, MASK, P0, P1, NB = 0, 640, 1280, 1920, 1984, 2016, 2024, 2032

VARS = ["rax", "rbx", "rcx", "rdx", "r8", "r9", "r10", "r11"]
T0, T1, T2, T3, T4 = "rdi", "r12", "r13", "r14", "r15"
P = "rsi"


def r(x):
    return "%%" + x


def mem(off):
    return "%d(%s)" % (off, r(P))


def round_insns(i, src):
    """Round i (mod 16 in a loop body) reading K + W from src (an address)."""
    k = i % 8
    a, b, c, d, e, f, g, h = [VARS[(j - k) % 8] for j in range(8)]
    # this round's a ^ b is the next round's b ^ c: T2 and T3 swap each round
    t2, t3 = (T2, T3) if i % 2 == 0 else (T3, T2)
    a, b, c, d, e, f, g, h = map(r, (a, b, c, d, e, f, g, h))
    t0, t1, t2, t3, t4 = map(r, (T0, T1, t2, t3, T4))
    return [
        "addq %s, %s" % (src, h),  # h + K + W
        "andq %s, %s" % (e, t4),  # e & f (t4 holds f)
        "rorxq $41, %s, %s" % (e, t0),
        "rorxq $18, %s, %s" % (e, t2),
        "leaq (%s,%s), %s" % (a, t1, a),  # a += Sigma0 of the previous round
        "leaq (%s,%s), %s" % (h, t4, h),
        "andnq %s, %s, %s" % (g, e, t4),  # ~e & g
        "xorq %s, %s" % (t2, t0),
        "rorxq $14, %s, %s" % (e, t1),
        "leaq (%s,%s), %s" % (h, t4, h),  # + Ch(e, f, g)
        "xorq %s, %s" % (t1, t0),  # Sigma1(e)
        "movq %s, %s" % (a, t2),
        "rorxq $39, %s, %s" % (a, t4),
        "leaq (%s,%s), %s" % (h, t0, h),  # h = T1
        "xorq %s, %s" % (b, t2),  # a ^ b
        "rorxq $34, %s, %s" % (a, t1),
        "rorxq $28, %s, %s" % (a, t0),
        "leaq (%s,%s), %s" % (d, h, d),  # d += T1: the next e
        "andq %s, %s" % (t2, t3),  # (a ^ b) & (b ^ c)
        "xorq %s, %s" % (t4, t1),
        "xorq %s, %s" % (b, t3),  # Maj(a, b, c)
        "xorq %s, %s" % (t0, t1),  # Sigma0(a), added next round
        "leaq (%s,%s), %s" % (h, t3, h),  # the next a, but Sigma0(a)
        "movq %s, %s" % (e, t4),  # the next f
    ]


def y(n):
    return r("ymm%d" % n)


def x(n):
    return r("xmm%d" % n)


def sched_step(j):
    """W[t], W[t+1] of both blocks, t = 16 + 2j past the loop position.

    ymm(j) held W[t-16], W[t-15]; the ring is ymm0..ymm7."""
    X = [y((j + m) % 8) for m in range(8)]
    w15, w7, s, tmp, kw = y(8), y(9), y(10), y(11), y(12)
    L = [
        "vpalignr $8, %s, %s, %s" % (X[0], X[1], w15),  # W[t-15], W[t-14]
        "vpalignr $8, %s, %s, %s" % (X[4], X[5], w7),  # W[t-7], W[t-6]
        "vpsrlq $1, %s, %s" % (w15, s),
        "vpsllq $63, %s, %s" % (w15, tmp),
        "vpaddq %s, %s, %s" % (w7, X[0], X[0]),
        "vpxor %s, %s, %s" % (tmp, s, s),
        "vpsrlq $8, %s, %s" % (w15, tmp),
        "vpxor %s, %s, %s" % (tmp, s, s),
        "vpsllq $56, %s, %s" % (w15, tmp),
        "vpxor %s, %s, %s" % (tmp, s, s),
        "vpsrlq $7, %s, %s" % (w15, tmp),
        "vpxor %s, %s, %s" % (tmp, s, s),  # s0
        "vpaddq %s, %s, %s" % (s, X[0], X[0]),
        "vpsrlq $19, %s, %s" % (X[7], s),
        "vpsllq $45, %s, %s" % (X[7], tmp),
        "vpxor %s, %s, %s" % (tmp, s, s),
        "vpsrlq $61, %s, %s" % (X[7], tmp),
        "vpxor %s, %s, %s" % (tmp, s, s),
        "vpsllq $3, %s, %s" % (X[7], tmp),
        "vpxor %s, %s, %s" % (tmp, s, s),
        "vpsrlq $6, %s, %s" % (X[7], tmp),
        "vpxor %s, %s, %s" % (tmp, s, s),  # s1
        "vpaddq %s, %s, %s" % (s, X[0], X[0]),
        "vbroadcasti128 %s, %s" % (mem(K + 128 + 16 * j), kw),
        "vpaddq %s, %s, %s" % (X[0], kw, kw),
        "vmovdqu %s, %s" % (x(12), mem(WK0 + 128 + 16 * j)),
        "vextracti128 $1, %s, %s" % (kw, mem(WK1 + 128 + 16 * j)),
    ]
    return L


def merge(s, v):
    """Spread the vector instructions v evenly between the scalar ones s."""
    out, n, m = [], len(s), len(v)
    vi = 0
    for si, ins in enumerate(s):
        out.append(ins)
        want = (si + 1) * m // n
        while vi < want:
            out.append(v[vi])
            vi += 1
    out.extend(v[vi:])
    return out


def rounds16(sched):
    L = []
    for pair in range(8):
        s = round_insns(2 * pair, mem(16 * pair)) + round_insns(2 * pair + 1, mem(16 * pair + 8))
        L += merge(s, sched_step(pair)) if sched else s
    return L


def block_start(disp):
    a, b, c, d, e, f, g, h = map(r, VARS)
    L = ["movq %s, %s" % (mem(ST + 8 * i - disp), r(VARS[i])) for i in range(8)]
    L += [
        "movq %s, %s" % (b, r(T3)),
        "xorq %s, %s" % (c, r(T3)),  # b ^ c
        "xorl %s, %s" % (r(T1 + "d"), r(T1 + "d")),  # no Sigma0 pending
        "movq %s, %s" % (f, r(T4)),
    ]
    return L


def block_end(disp):
    L = ["addq %s, %s" % (r(T1), r(VARS[0]))]  # the last Sigma0(a)
    for i in range(8):
        L.append("addq %s, %s" % (mem(ST + 8 * i - disp), r(VARS[i])))
        L.append("movq %s, %s" % (r(VARS[i]), mem(ST + 8 * i - disp)))
    return L


def counter_set(n):
    return ["movl $%d, %%%%edi" % n, "vmovq %s, %s" % (r(T0), x(15))]


def counter_loop(label):
    return [
        "addq $128, %s" % r(P),
        "vmovq %s, %s" % (x(15), r(T0)),
        "subq $1, %s" % r(T0),
        "vmovq %s, %s" % (r(T0), x(15)),
        "jnz %s" % label,
    ]


def program():
    L = []
    # W[0..15] + K of both blocks
    L += ["movq %s, %s" % (mem(P0), r(T0)), "movq %s, %s" % (mem(P1), r(T1))]
    L.append("vmovdqu %s, %s" % (mem(MASK), y(14)))
    for j in range(8):
        t = y(8 + j % 6)
        L += [
            "vmovdqu %d(%s), %s" % (16 * j, r(T0), x(j)),
            "vinserti128 $1, %d(%s), %s, %s" % (16 * j, r(T1), y(j), y(j)),
            "vpshufb %s, %s, %s" % (y(14), y(j), y(j)),
            "vbroadcasti128 %s, %s" % (mem(K + 16 * j), t),
            "vpaddq %s, %s, %s" % (y(j), t, t),
            "vmovdqu %s, %s" % (x(8 + j % 6), mem(WK0 + 16 * j)),
            "vextracti128 $1, %s, %s" % (t, mem(WK1 + 16 * j)),
        ]
    L += block_start(0)
    # block 0, rounds 0..63 with the schedule of W[16..79]
    L += counter_set(4)
    L.append("1:")
    L += rounds16(True)
    L += counter_loop("1b")
    # block 0, rounds 64..79
    L += rounds16(False)
    L.append("addq $128, %s" % r(P))
    L += block_end(WK1)
    L += ["cmpq $1, %s" % mem(NB - WK1), "je 3f"]
    # block 1
    L += block_start(WK1)
    L += counter_set(5)
    L.append("2:")
    L += rounds16(False)
    L += counter_loop("2b")
    L += block_end(2 * WK1)
    L.append("3:")
    L.append("vzeroall")
    return L


def main():
    out = []
    out.append("/*")
    out.append(" * Generated by scripts/gen_sha512_asm.py: do not edit.")
    out.append(" * SHA-512 compression of one or two blocks, x86-64 AVX2 + BMI2 (see the")
    out.append(" * generator for the design).  Frame layout: struct sha512_frame.")
    out.append(" */")
    out.append("#ifndef TACIT_SHA512_AVX2_ASM_H")
    out.append("#define TACIT_SHA512_AVX2_ASM_H")
    out.append("")
    for name, val in (("WK0", WK0), ("WK1", WK1), ("K", K), ("ST", ST), ("MASK", MASK),
                      ("P0", P0), ("P1", P1), ("NB", NB)):
        out.append("#define SHA512_FRAME_%s %d" % (name, val))
    out.append("")
    out.append("#define SHA512_AVX2_ASM \\")
    prog = program()
    for ins in prog:
        out.append('    "%s\\n\\t" \\' % ins)
    out.append('    ""')
    out.append("")
    out.append("#endif /* TACIT_SHA512_AVX2_ASM_H */")
    print("\n".join(out))


if __name__ == "__main__":
    main()
