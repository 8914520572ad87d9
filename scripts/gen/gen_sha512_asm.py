#!/usr/bin/env python3
"""Generate src/hash/x86_64/sha512_avx2_gen.h: the SHA-512 compression of one 128-byte
block or of any number of pairs of them for x86-64 with AVX2 and BMI2 (GNU
extended asm, AT&T syntax), used by src/hash/x86_64/sha512_avx2.c.

    python3 scripts/gen/gen_sha512_asm.py > src/hash/x86_64/sha512_avx2_gen.h

Why asm: the compiler schedules the vector message schedule and the scalar
rounds as two separate bursts (or spills when they are interleaved in the
source), and the schedule then costs about a quarter of the time.  Here the
schedule of both blocks (two words of each per step, block 0 in the low
128-bit lane, block 1 in the high lane) is written between the rounds of
block 0, sixteen rounds ahead of its use, so the vector units work while the
scalar units run the rounds; block 1's rounds read what it stored.  K + W is
stored as one 32-byte row per pair of words (block 0's two, then block 1's),
and K is kept in the same shape, so a step adds K from memory and stores
once.  The rounds are loops of sixteen (the code stays small enough for the
micro-op cache).

One asm statement compresses every pair of blocks of a call (then the odd
block, if any, in a second one).  Block 1 of a pair loads the sixteen words
of both blocks of the next pair into the schedule ring (free once block 0's
schedule is done) and, during its rounds 16..31, after those rounds have
read rows 0..7, byte-swaps them, adds K and stores them there: the next pair
starts its rounds at once instead of behind its loads (3 % at 1 MiB on Zen
3, where the AVX2 kernel is bound by the 22-operation scalar rounds: with no
schedule at all, block 0 runs only about 2.5 % faster).  On the last pair
the pointer stays on that pair, so the wasted loads stay inside the input.

s0 is computed as (w >> 1) ^ ((w ^ (w >> 1)) >> 7) ^ ((w ^ (w << 7)) << 56):
eight vector operations instead of nine.

The round (FIPS 180-4, 6.4.2), 22 ALU operations:
  - Ch(e, f, g) = (e & f) + (~e & g) (the two terms have no common bit), with
    ANDN, added to h one term at a time;
  - Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)), where b ^ c is the previous
    round's a ^ b;
  - Sigma0(a) is added to the new a at the start of the next round, off the
    path from e to the next e (RORX, XOR, XOR, two additions);
  - Sigma0 and Sigma1 as three RORX and two XOR.

Two kernels are generated: SHA512_AVX2_ASM, with the round above, and
SHA512_AVX512_ASM for CPUs with AVX-512VL, whose schedule step rotates with
VPRORQ and XORs three terms with VPTERNLOGQ (fifteen vector instructions
instead of 24) and whose round is the same (see AVX512_ROUND_V2), or
round_insns_v2, which is shorter from e to the
next e: d + h + K + W is summed before e is known and Ch(e, f, g) = g ^
(e & (f ^ g)) and Sigma1(e) are added to it (four instructions deep instead
of five); Maj(a, b, c) = (a & (b ^ c)) + (b & c) (the terms have no common
bit), with b ^ c and b & c kept from the previous round and (b & c) - d
added to the next e, which gives T1 + (b & c) in one instruction; so the
chain through a is four deep too; 28 instructions.  Either change alone
(AVX-512 schedule, shorter round) measured nothing on Zen 5, the two
together 3-4 %: without the schedule the rounds run no faster, so the round
is the limit, by its instruction count as much as its depth.  The AVX2 kernel
stays for CPUs without AVX-512 and for valgrind, which cannot run AVX-512:
the constant-flow suites run it; the AVX-512 kernel has the same control
flow (the same loops, no other branch) and no data-dependent address.

Measured and left out on Zen 3 (in one process, min of thousands of runs):
the AVX-512 kernel's round in the AVX2 kernel (28 instructions, 4 deep) is
7 % slower, the four integer ALUs being the limit; orders of the round's
instructions other than the FIPS-like one used before session 4, 40 at
random, were 0-10 % slower (the present order was found on Zen 4 and is
not measured on Zen 3); s0 with
VPSHUFB for the rotation by 8 (seven vector operations instead of eight)
and ADD instead of LEA measured nothing; spreading the schedule over both
blocks about 1 %, within the noise.

Registers: the frame pointer in %rsi (the only operand), the eight working
variables in rax, rbx, rcx, rdx, r8..r11, temporaries in rdi, r12..r15; the
schedule ring in ymm0..ymm7, temporaries in ymm8..ymm14, the loop counter in
xmm15.  No branch and no address depends on the data: the loop counts and the
one/two-block choice are public.  The second kernel's round keeps the
pending Sigma0 in r12, b ^ c in r14 and b & c in r15 (rdi and r13 are its
temporaries).
"""

# Frame layout (bytes), checked against struct sha512_frame in sha512_avx2.c.
WK, KD, ST, MASK, P0, P1, NB, NP, LAST = 0, 1280, 2560, 2624, 2656, 2664, 2672, 2680, 2688

# FIPS 180-4, 4.2.3
K512 = [
    0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc,
    0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118,
    0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2,
    0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694,
    0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
    0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5,
    0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4,
    0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70,
    0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df,
    0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
    0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30,
    0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8,
    0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8,
    0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3,
    0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
    0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b,
    0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178,
    0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b,
    0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c,
    0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
]

VARS = ["rax", "rbx", "rcx", "rdx", "r8", "r9", "r10", "r11"]
T0, T1, T2, T3, T4 = "rdi", "r12", "r13", "r14", "r15"
P = "rsi"


def r(x):
    return "%%" + x


def mem(off):
    return "%d(%s)" % (off, r(P))


def round_insns(i, src):
    """Round i (mod 16 in a loop body) reading K + W from src (an address).

    The order (session 4, Zen 4): Sigma1(e) and e & f first, then the
    additions into h as their terms arrive, Sigma0(a) and Maj last; found
    by a search over the orders the dependencies allow (random orders,
    then moves of one instruction), each kernel checked against OpenSSL's
    compression and timed on 1 MiB.  On Zen 4 it runs 6.2 cycles a round
    instead of 6.5 (1 MiB 5 % faster); the order before it (the FIPS
    order of the terms) was the best of 40 on Zen 3, where this one is not
    measured."""
    if ROUND_V2:
        return round_insns_v2(i, src)
    k = i % 8
    a, b, c, d, e, f, g, h = [VARS[(j - k) % 8] for j in range(8)]
    # this round's a ^ b is the next round's b ^ c: T2 and T3 swap each round
    t2, t3 = (T2, T3) if i % 2 == 0 else (T3, T2)
    a, b, c, d, e, f, g, h = map(r, (a, b, c, d, e, f, g, h))
    t0, t1, t2, t3, t4 = map(r, (T0, T1, t2, t3, T4))
    return [
        "rorxq $41, %s, %s" % (e, t0),
        "andq %s, %s" % (e, t4),  # e & f (t4 holds f)
        "rorxq $18, %s, %s" % (e, t2),
        "xorq %s, %s" % (t2, t0),
        "addq %s, %s" % (src, h),  # h + K + W
        "leaq (%s,%s), %s" % (a, t1, a),  # a += Sigma0 of the previous round
        "movq %s, %s" % (a, t2),
        "leaq (%s,%s), %s" % (h, t4, h),
        "rorxq $14, %s, %s" % (e, t1),
        "xorq %s, %s" % (b, t2),  # a ^ b
        "andnq %s, %s, %s" % (g, e, t4),  # ~e & g
        "leaq (%s,%s), %s" % (h, t4, h),  # + Ch(e, f, g)
        "xorq %s, %s" % (t1, t0),  # Sigma1(e)
        "rorxq $39, %s, %s" % (a, t4),
        "rorxq $34, %s, %s" % (a, t1),
        "andq %s, %s" % (t2, t3),  # (a ^ b) & (b ^ c)
        "xorq %s, %s" % (t4, t1),
        "leaq (%s,%s), %s" % (h, t0, h),  # h = T1
        "rorxq $28, %s, %s" % (a, t0),
        "leaq (%s,%s), %s" % (d, h, d),  # d += T1: the next e
        "movq %s, %s" % (e, t4),  # the next f
        "xorq %s, %s" % (t0, t1),  # Sigma0(a), added next round
        "xorq %s, %s" % (b, t3),  # Maj(a, b, c)
        "leaq (%s,%s), %s" % (h, t3, h),  # the next a, but Sigma0(a)
    ]


def round_insns_v2(i, src):
    """Round i of the AVX-512 kernel (see the top): d + h + K + W summed off
    the path from e, Maj(a, b, c) = (a & (b ^ c)) + (b & c) with b & c - d
    and the next e giving T1 + (b & c) in one step; four instructions from e
    to the next e and from a to the next a, 28 in all."""
    k = i % 8
    a, b, c, d, e, f, g, h = [r(VARS[(j - k) % 8]) for j in range(8)]
    S, P, U, BX, BA = map(r, (T0, T1, T2, T3, T4))
    return [
        "addq %s, %s" % (src, h),  # h + K + W
        "leaq (%s,%s), %s" % (a, P, a),  # a += Sigma0 of the previous round
        "subq %s, %s" % (d, BA),  # (b & c) - d
        "leaq (%s,%s), %s" % (d, h, d),  # d + h + K + W
        "movq %s, %s" % (f, S),
        "xorq %s, %s" % (g, S),
        "andq %s, %s" % (e, S),
        "xorq %s, %s" % (g, S),  # Ch(e, f, g) = g ^ (e & (f ^ g))
        "addq %s, %s" % (S, d),
        "rorxq $41, %s, %s" % (e, S),
        "rorxq $18, %s, %s" % (e, U),
        "xorq %s, %s" % (U, S),
        "rorxq $14, %s, %s" % (e, U),
        "xorq %s, %s" % (U, S),  # Sigma1(e)
        "addq %s, %s" % (S, d),  # the next e = d + T1
        "leaq (%s,%s), %s" % (BA, d, h),  # T1 + (b & c)
        "movq %s, %s" % (a, S),
        "andq %s, %s" % (BX, S),
        "addq %s, %s" % (S, h),  # T1 + Maj: the next a, but Sigma0(a)
        "movq %s, %s" % (a, BX),
        "xorq %s, %s" % (b, BX),  # the next b ^ c
        "movq %s, %s" % (a, BA),
        "andq %s, %s" % (b, BA),  # the next b & c
        "rorxq $39, %s, %s" % (a, P),
        "rorxq $34, %s, %s" % (a, U),
        "xorq %s, %s" % (U, P),
        "rorxq $28, %s, %s" % (a, U),
        "xorq %s, %s" % (U, P),  # Sigma0(a), added next round
    ]


ROUND_V2 = False  # set while the AVX-512 kernel is generated, if AVX512_ROUND_V2

# The AVX-512 kernel's round: round_insns_v2 (True) or the AVX2 kernel's
# round_insns (False).  On Zen 4 (session 4, 1 MiB, min TSC) the AVX2
# kernel's round in its present order runs 6.2 cycles a round with either
# schedule, round_insns_v2 6.5 (no order of it found better than 6.45 in a
# search like the one that found round_insns's): so False.  On Zen 5, with
# six ALUs, the shallower round_insns_v2 measured 3-4 % faster than the
# AVX2 kernel of session 3 (round_insns in its earlier order); that
# comparison is not repeated for the present order.
AVX512_ROUND_V2 = False


def y(n):
    return r("ymm%d" % n)


def x(n):
    return r("xmm%d" % n)


def sched_step_avx512(j):
    """sched_step with the AVX-512VL rotations (VPRORQ) and three-way XOR
    (VPTERNLOGQ 0x96): s0 and s1 in four instructions each, fifteen in all.
    Only ymm0..ymm15 (EVEX encoded), so vzeroall still clears them all."""
    X = [y((j + m) % 8) for m in range(8)]
    w15, w7, s, tmp, kw = y(8), y(9), y(10), y(11), y(12)
    return [
        "vpalignr $8, %s, %s, %s" % (X[0], X[1], w15),  # W[t-15], W[t-14]
        "vpalignr $8, %s, %s, %s" % (X[4], X[5], w7),  # W[t-7], W[t-6]
        "vpaddq %s, %s, %s" % (w7, X[0], X[0]),
        "vprorq $1, %s, %s" % (w15, s),
        "vprorq $8, %s, %s" % (w15, tmp),
        "vpsrlq $7, %s, %s" % (w15, w15),
        "vpternlogq $0x96, %s, %s, %s" % (tmp, w15, s),  # s0
        "vpaddq %s, %s, %s" % (s, X[0], X[0]),
        "vprorq $19, %s, %s" % (X[7], s),
        "vprorq $61, %s, %s" % (X[7], tmp),
        "vpsrlq $6, %s, %s" % (X[7], w7),
        "vpternlogq $0x96, %s, %s, %s" % (tmp, w7, s),  # s1
        "vpaddq %s, %s, %s" % (s, X[0], X[0]),
        "vpaddq %s, %s, %s" % (mem(KD + 256 + 32 * j), X[0], kw),
        "vmovdqu %s, %s" % (kw, mem(WK + 256 + 32 * j)),
    ]


def sched_step(j, avx512=False):
    """W[t], W[t+1] of both blocks, t = 16 + 2j past the loop position.

    ymm(j) held W[t-16], W[t-15]; the ring is ymm0..ymm7."""
    if avx512:
        return sched_step_avx512(j)
    X = [y((j + m) % 8) for m in range(8)]
    w15, w7, s, tmp, kw = y(8), y(9), y(10), y(11), y(12)
    L = [
        "vpalignr $8, %s, %s, %s" % (X[0], X[1], w15),  # W[t-15], W[t-14]
        "vpalignr $8, %s, %s, %s" % (X[4], X[5], w7),  # W[t-7], W[t-6]
        "vpsrlq $1, %s, %s" % (w15, s),
        "vpxor %s, %s, %s" % (s, w15, tmp),
        "vpaddq %s, %s, %s" % (w7, X[0], X[0]),
        "vpsrlq $7, %s, %s" % (tmp, tmp),  # (w >> 7) ^ (w >> 8)
        "vpxor %s, %s, %s" % (tmp, s, s),
        "vpsllq $7, %s, %s" % (w15, tmp),
        "vpxor %s, %s, %s" % (tmp, w15, tmp),
        "vpsllq $56, %s, %s" % (tmp, tmp),  # (w << 56) ^ (w << 63)
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
        "vpaddq %s, %s, %s" % (mem(KD + 256 + 32 * j), X[0], kw),
        "vmovdqu %s, %s" % (kw, mem(WK + 256 + 32 * j)),
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


def rounds16(sched, avx512=False):
    L = []
    for pair in range(8):
        s = round_insns(2 * pair, mem(32 * pair)) + round_insns(2 * pair + 1, mem(32 * pair + 8))
        L += merge(s, sched_step(pair, avx512)) if sched else s
    return L


def block_start(disp, loads):
    """loads: the working variables from the state (once per call); else the
    round's helpers from them (each block).  Block 1 and the next pair find
    the variables in their registers, where block_end left them: reloading
    them would put a store-to-load forwarding between two blocks' rounds."""
    a, b, c, d, e, f, g, h = map(r, VARS)
    if loads:
        return ["movq %s, %s" % (mem(ST + 8 * i - disp), r(VARS[i])) for i in range(8)]
    if ROUND_V2:
        return [
            "xorl %s, %s" % (r(T1 + "d"), r(T1 + "d")),  # no Sigma0 pending
            "movq %s, %s" % (b, r(T3)),
            "xorq %s, %s" % (c, r(T3)),  # b ^ c
            "movq %s, %s" % (b, r(T4)),
            "andq %s, %s" % (c, r(T4)),  # b & c
        ]
    return [
        "movq %s, %s" % (b, r(T3)),
        "xorq %s, %s" % (c, r(T3)),  # b ^ c
        "xorl %s, %s" % (r(T1 + "d"), r(T1 + "d")),  # no Sigma0 pending
        "movq %s, %s" % (f, r(T4)),
    ]


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
        "addq $256, %s" % r(P),
        "vmovq %s, %s" % (x(15), r(T0)),
        "subq $1, %s" % r(T0),
        "vmovq %s, %s" % (r(T0), x(15)),
        "jnz %s" % label,
    ]


def loop_align(avx512):
    """Where the two loops of the AVX2 kernel start: 56 bytes past a 64-byte
    boundary (a few NOPs, run once per loop entry).  Left to the linker,
    the place depended on where the function landed: on Zen 3, 1 MiB ran
    about 2 % slower at one place (34 and 16 bytes past) than at another
    (58 and 40), and 56 past measured as good as the best seen.  The AVX-512
    kernel is left as it was (not measured on its CPUs)."""
    if avx512:
        return []
    return [".p2align 6", ".nops 56"]


def next_pair_load(disp):
    """At the start of block 1 (%rsi = frame + disp): advance p[0] to the next
    pair, or leave it on the last pair (then the loads are wasted but stay
    inside the input), and load its sixteen words of both blocks into the
    schedule ring, free since block 0's schedule is done.  The pointers and
    the pair count are public."""
    return [
        "movq %s, %s" % (mem(P0 - disp), r(T0)),
        "addq $256, %s" % r(T0),
        "cmpq %s, %s" % (mem(LAST - disp), r(T0)),
        "cmovaq %s, %s" % (mem(LAST - disp), r(T0)),
        "movq %s, %s" % (r(T0), mem(P0 - disp)),
    ] + sum(([
        "vmovdqu %d(%s), %s" % (16 * j, r(T0), x(j)),
        "vinserti128 $1, %d(%s), %s, %s" % (128 + 16 * j, r(T0), y(j), y(j)),
    ] for j in range(8)), [])


def next_pair_step(j, disp):
    """Row j of the next pair's K + W (words 2j, 2j+1 of both blocks), stored
    while block 1 runs rounds 16..31, after it has read rows 0..7 (%rsi =
    frame + disp)."""
    return [
        "vpshufb %s, %s, %s" % (y(14), y(j), y(j)),
        "vpaddq %s, %s, %s" % (mem(KD + 32 * j - disp), y(j), y(8)),
        "vmovdqu %s, %s" % (y(8), mem(WK + 32 * j - disp)),
    ]


def program(avx512=False):
    L = []
    # W[0..15] + K of both blocks of the first pair (or of the one block)
    L += ["movq %s, %s" % (mem(P0), r(T0)), "movq %s, %s" % (mem(P1), r(T1))]
    L.append("vmovdqu %s, %s" % (mem(MASK), y(14)))
    for j in range(8):
        t = y(8 + j % 6)
        L += [
            "vmovdqu %d(%s), %s" % (16 * j, r(T0), x(j)),
            "vinserti128 $1, %d(%s), %s, %s" % (16 * j, r(T1), y(j), y(j)),
            "vpshufb %s, %s, %s" % (y(14), y(j), y(j)),
            "vpaddq %s, %s, %s" % (mem(KD + 32 * j), y(j), t),
            "vmovdqu %s, %s" % (t, mem(WK + 32 * j)),
        ]
    L += block_start(0, True)
    # each pair starts here, the working variables in their registers
    L.append("4:")
    L += block_start(0, False)
    # block 0, rounds 0..63 with the schedule of W[16..79]
    L += counter_set(4)
    L += loop_align(avx512)
    L.append("1:")
    L += rounds16(True, avx512)
    L += counter_loop("1b")
    # block 0, rounds 64..79
    L += rounds16(False)
    L.append("addq $256, %s" % r(P))
    L += block_end(KD)
    L += ["cmpq $1, %s" % mem(NB - KD), "je 3f"]
    # block 1: its words are 16 bytes after block 0's
    L.append("subq $%d, %s" % (KD - 16, r(P)))
    L += next_pair_load(16)
    L += block_start(16, False)
    L += rounds16(False)  # rounds 0..15 read rows 0..7
    L.append("addq $256, %s" % r(P))
    for pair in range(8):  # rounds 16..31, with the next pair's rows 0..7
        sc = round_insns(2 * pair, mem(32 * pair)) + round_insns(2 * pair + 1, mem(32 * pair + 8))
        L += merge(sc, next_pair_step(pair, 16 + 256))
    L.append("addq $256, %s" % r(P))
    L += counter_set(3)
    L += loop_align(avx512)
    L.append("2:")
    L += rounds16(False)
    L += counter_loop("2b")
    L += block_end(KD + 16)
    # the next pair, if any (the count is public)
    L.append("subq $%d, %s" % (KD + 16, r(P)))
    L += ["subq $1, %s" % mem(NP), "jnz 4b"]
    L.append("3:")
    L.append("vzeroall")
    return L


def main():
    out = []
    out.append("/*")
    out.append(" * Generated by scripts/gen/gen_sha512_asm.py: do not edit.")
    out.append(" * SHA-512 compression of one block or of pairs, x86-64 AVX2 + BMI2 (see the")
    out.append(" * generator for the design).  Frame layout: struct sha512_frame.")
    out.append(" */")
    out.append("#ifndef TACIT_SHA512_AVX2_ASM_H")
    out.append("#define TACIT_SHA512_AVX2_ASM_H")
    out.append("")
    for name, val in (("WK", WK), ("KD", KD), ("ST", ST), ("MASK", MASK),
                      ("P0", P0), ("P1", P1), ("NB", NB),
                      ("NP", NP), ("LAST", LAST)):
        out.append("#define SHA512_FRAME_%s %d" % (name, val))
    out.append("")
    out.append("/* K with each pair of words twice (both 128-bit lanes), for struct sha512_frame. */")
    out.append("#define SHA512_KD_INIT \\")
    out.append("    { \\")
    for q in range(40):
        k0, k1 = K512[2 * q], K512[2 * q + 1]
        out.append("        { UINT64_C(0x%016x), UINT64_C(0x%016x), UINT64_C(0x%016x), UINT64_C(0x%016x) }, \\" % (k0, k1, k0, k1))
    out.append("    }")
    out.append("")
    for name, avx512 in (("AVX2", False), ("AVX512", True)):
        out.append("#define SHA512_%s_ASM \\" % name)
        global ROUND_V2
        ROUND_V2 = avx512 and AVX512_ROUND_V2
        for ins in program(avx512):
            out.append('    "%s\\n\\t" \\' % ins)
        out.append('    ""')
        out.append("")
    out.append("#endif /* TACIT_SHA512_AVX2_ASM_H */")
    print("\n".join(out))


if __name__ == "__main__":
    main()
