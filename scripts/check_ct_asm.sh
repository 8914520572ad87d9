#!/bin/sh
# Check that the constant-time primitives compile to branch-free code.
#
# Compiles a few functions built only from constant_time_internal.h (a mask
# select, a limb less-than select, a byte range mask, the table select) with
# gcc and clang at -O2, -O3 and -Os, for x86-64 and (if the cross compilers
# are installed) 32-bit Arm and Thumb, and fails if any of them contains a
# conditional branch.  The classic trap this catches: clang -Os turning
# `(a & m) | (b & ~m)` back into a branch when it can see that m is a
# boolean; the barrier on the finished mask is what prevents it.
#
# Then the ecp table scans (src/ec/x86_64/select_avx2.c, AVX2, and
# src/ec/x86_64/select_avx512.c, AVX-512, which valgrind cannot run): the
# index argument is traced through each compiled function (a forward data
# flow over its basic blocks, registers, flags and stack slots), and the
# check fails if a conditional branch, a memory address, a division, a
# call argument or the mask of a masked memory access (a masked load or
# store may skip masked-off lanes' memory) depends on it.
#
# Then the AES-GCM kernels (src/aes/x86_64/gcm_*.c: AES-NI, VAES-256,
# VAES-512; valgrind cannot run AVX-512), every function of each compiled
# file: every vector register is taken as secret (round keys, powers of H,
# counters, data, GHASH state), and so is every general-purpose load from
# memory that is not the stack (the key bytes; the round count at offset 240
# of the state is public), and every stack byte stored from a secret; the
# check fails if a secret reaches a conditional branch, a memory address, a
# division, a call argument or the mask of a masked memory access.  Not
# tracked: general-purpose reads of a buffer a memcpy filled (the kernels
# read their zero-padded tail buffers into vector registers only).  A
# negative control (a table lookup, a branch on AES output, a store mask
# from data, a key word through a stack array into an index) must be caught.
#
# Then the ChaCha20-Poly1305 kernels (src/chacha/x86_64/: AVX2, AVX-512,
# MULX, IFMA) with the same tracer, interprocedural and with nothing public,
# and their own negative control (see that section).
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cat >"$tmp/probe.c" <<'EOC'
#include "core/constant_time_internal.h"
uint32_t probe_select_eq(uint32_t a, uint32_t b, uint32_t x, uint32_t y)
{ return tacit_ct_select_u32(tacit_ct_mask_eq_u32(a, b), x, y); }
uint32_t probe_select_nonzero(uint32_t c, uint32_t x, uint32_t y)
{ return tacit_ct_select_u32(tacit_ct_mask_nonzero_u32(c), x, y); }
tacit_mpi_uint probe_limb_min(tacit_mpi_uint a, tacit_mpi_uint b)
{ return tacit_ct_select_limb(tacit_ct_mask_lt_limb(a, b), a, b); }
uint32_t probe_b64(uint32_t c)
{ return (tacit_ct_mask_in_range_u32('A', 'Z', c) & (c - 'A')) |
         (tacit_ct_mask_in_range_u32('a', 'z', c) & (c - 'a' + 26)); }
size_t probe_size_max(size_t a, size_t b)
{ return tacit_ct_select_size(tacit_ct_mask_gt_size(a, b), a, b); }
EOC

fail=0
check() {
    cc=$1; target=$2; shift 2
    for opt in -O2 -O3 -Os; do
        if ! $cc $target $opt -std=c99 -Iinclude -Isrc -S -o "$tmp/probe.s" "$tmp/probe.c" 2>"$tmp/err"; then
            echo "skip  $cc $target $opt (cannot compile: $(head -1 "$tmp/err"))"
            continue
        fi
        # conditional branches: x86 j<cc> (not jmp), Arm b<cc>/cbz/cbnz
        branches=$(grep -E '^\s+(j[a-ln-z][a-z]*|jmp[a-z]+|b(eq|ne|cs|cc|hs|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le)(\.[nw])?|cbn?z)\s' "$tmp/probe.s" | grep -v -E '^\s+jmp\s' || true)
        if [ -n "$branches" ]; then
            echo "FAIL  $cc $target $opt: conditional branch in constant-time code:"
            echo "$branches" | sed 's/^/        /'
            fail=1
        else
            echo "ok    $cc $target $opt"
        fi
    done
}
check gcc ""
check clang ""
command -v arm-linux-gnueabihf-gcc >/dev/null && check arm-linux-gnueabihf-gcc "-marm"
command -v arm-linux-gnueabihf-gcc >/dev/null && check arm-linux-gnueabihf-gcc "-mthumb"
check clang "--target=armv7m-none-eabi -mthumb -ffreestanding"

# ---- the ecp table scans: the index (5th argument, %r8) traced through the code ----
cat >"$tmp/taint.py" <<'EOPY'
import re, sys

# usage: taint.py file.s function index-register
path, fn, src = sys.argv[1], sys.argv[2], sys.argv[3]
text = open(path).read().split('\n')
body, on = [], False
for ln in text:
    if re.match(r'^%s:' % re.escape(fn), ln):
        on = True
        continue
    if on:
        if re.match(r'^\s*\.size\s+%s\b' % re.escape(fn), ln) or re.match(r'^\s*\.cfi_endproc', ln):
            break
        ln = ln.split('#')[0].rstrip()
        if not ln.strip() or re.match(r'^\s*\.(?!L)', ln.strip()) and not ln.strip().endswith(':'):
            continue
        body.append(ln.strip())
if not body:
    print('no function %s' % fn); sys.exit(2)

GPR = {}
for r in 'abcd':
    for n in ('r%sx' % r, 'e%sx' % r, '%sx' % r, '%sl' % r, '%sh' % r):
        GPR[n] = 'r%sx' % r
for r in ('si', 'di', 'bp', 'sp'):
    for n in ('r' + r, 'e' + r, r, r + 'l'):
        GPR[n] = 'r' + r
for i in range(8, 16):
    for n in ('r%d' % i, 'r%dd' % i, 'r%dw' % i, 'r%db' % i):
        GPR[n] = 'r%d' % i

def reg(name):
    name = name.lstrip('%')
    if name in GPR:
        return GPR[name]
    m = re.match(r'^[xyz]mm(\d+)$', name)
    if m:
        return 'v' + m.group(1)
    if re.match(r'^k[0-7]$', name):
        return name
    return None

def split_ops(s):
    ops, depth, cur = [], 0, ''
    for ch in s:
        if ch == '(':
            depth += 1
        elif ch == ')':
            depth -= 1
        if ch == ',' and depth == 0:
            ops.append(cur.strip()); cur = ''
        else:
            cur += ch
    if cur.strip():
        ops.append(cur.strip())
    return ops

# parse into instructions and blocks
insns = []  # (label or None, mnemonic, ops, mask, zeroing)
for ln in body:
    if ln.endswith(':'):
        insns.append((ln[:-1], None, [], None, False)); continue
    parts = ln.split(None, 1)
    mn = parts[0]
    rest = parts[1] if len(parts) > 1 else ''
    mask = None; zero = False
    m = re.search(r'\{%(k[0-7])\}', rest)
    if m:
        mask = m.group(1)
        zero = '{z}' in rest
        rest = re.sub(r'\s*\{%k[0-7]\}', '', rest).replace('{z}', '')
    insns.append((None, mn, split_ops(rest), mask, zero))

FLAGW = re.compile(r'^(add|sub|and|or|xor|cmp|test|inc|dec|neg|sh[lr]|sa[lr]|ro[lr]|rc[lr]|imul|mul|bt|bs[fr]|lzcnt|tzcnt|popcnt|adc|sbb|adcx|adox|kortest|ktest|vptest|ptest|u?comis|vu?comis|bextr|andn|blsi|blsr)')
FLAGR = re.compile(r'^(j(?!mp)[a-z]+|cmov[a-z]+|set[a-z]+|adc|sbb|adcx|adox|rc[lr])')
MOVLIKE = re.compile(r'^(mov|vmov|lea|vpbroadcast|vbroadcast|kmov|pop|set|cvt|vcvt|vpmovzx|vpmovsx|vextract|vpextr|pextr)')
viol = []

def mem_regs(op):
    m = re.search(r'\(([^)]*)\)', op)
    if not m:
        return []
    return [reg(x.strip()) for x in m.group(1).split(',') if x.strip().startswith('%')]

def is_mem(op):
    return '(' in op or (not op.startswith('%') and not op.startswith('$') and not op.startswith('.') and op != '')

def stack_slot(op):
    rs = mem_regs(op)
    return op if rs and rs[0] in ('rsp', 'rbp') and len(rs) == 1 else None

def step(state, ins, report):
    lab, mn, ops, mask, zero = ins
    t = set(state)
    def tainted(op):
        if op.startswith('$'):
            return False
        if '(' in op:
            s = stack_slot(op)
            return ('mem:' + s) in t if s else 'heap' in t
        r = reg(op)
        return r in t if r else False
    def set_dst(op, val):
        if '(' in op:
            s = stack_slot(op)
            key = 'mem:' + s if s else 'heap'
            if val: t.add(key)
            elif s: t.discard(key)
            return
        r = reg(op)
        if r:
            if val: t.add(r)
            else: t.discard(r)
    for op in ops:
        for r in mem_regs(op):
            if r in t and report:
                viol.append('address from the index: %s %s' % (mn, ', '.join(ops)))
    if mask and any('(' in op for op in ops) and mask in t and report:
        viol.append('masked memory access under an index mask: %s %s' % (mn, ', '.join(ops)))
    if mn.startswith('div') or mn.startswith('idiv'):
        if any(tainted(o) for o in ops) or 'rax' in t or 'rdx' in t:
            if report: viol.append('division by or of an index value: %s' % mn)
    if FLAGR.match(mn) and mn.startswith('j') and 'flags' in t and report:
        viol.append('conditional branch on the index: %s %s' % (mn, ', '.join(ops)))
    if mn.startswith('call'):
        target = ops[0] if ops else ''
        if not re.match(r'^(memset|memcpy)(@PLT)?$', target):
            if report: viol.append('call of %s' % target)
        elif any(r in t for r in ('rdi', 'rsi', 'rdx')) and report:
            viol.append('call of %s with an index argument' % target)
        for r in ('rax', 'rcx', 'rdx', 'rsi', 'rdi', 'r8', 'r9', 'r10', 'r11', 'flags'):
            t.discard(r)
        for i in range(32):
            t.discard('v%d' % i)
        return t
    if mn.startswith('j') or mn in ('ret', 'retq', 'vzeroupper', 'nop', 'endbr64') or mn.startswith('push'):
        return t
    srcs = ops[:-1] if ops else []
    dst = ops[-1] if ops else None
    rmw = not (MOVLIKE.match(mn) or (mn.startswith('v') and len(ops) >= 3))
    if mn.startswith(('cmp', 'test', 'kortest', 'ktest', 'vptest', 'ptest', 'ucomis', 'comis', 'vucomis', 'vcomis', 'bt')) and not mn.startswith('btr') and not mn.startswith('bts'):
        srcs, dst = ops, None
    val = any(tainted(o) for o in srcs)
    if dst is not None and (rmw or (mask and not zero)):
        val = val or tainted(dst)
    if mask:
        val = val or mask in t
    if FLAGR.match(mn):
        val = val or 'flags' in t
    # x ^ x, x - x: a constant whatever x is
    if len(ops) >= 2 and re.match(r'^v?p?(xor|sub)', mn) and len(set(ops)) == 1:
        val = False
    if len(ops) == 3 and re.match(r'^vpxor|^vpsub|^vxorp', mn) and ops[0] == ops[1]:
        val = False
    if FLAGW.match(mn) and not mn.startswith('v') or mn.startswith(('kortest', 'ktest', 'vptest', 'vucomis', 'vcomis')):
        if val: t.add('flags')
        else: t.discard('flags')
    if dst is not None:
        set_dst(dst, val)
    return t

# blocks
blocks, cur, labels = [], [], {}
for ins in insns:
    if ins[0] is not None:
        if cur: blocks.append(cur)
        cur = [ins]
        labels[ins[0]] = len(blocks)
        continue
    cur.append(ins)
    if ins[1].startswith('j') or ins[1].startswith('ret'):
        blocks.append(cur); cur = []
if cur: blocks.append(cur)

def succ(bi):
    last = [i for i in blocks[bi] if i[1] is not None]
    out = []
    if last and last[-1][1].startswith('ret'):
        return []
    if last and last[-1][1].startswith('j'):
        tgt = last[-1][2][0] if last[-1][2] else ''
        if tgt in labels: out.append(labels[tgt])
        elif not tgt.startswith('*'): pass
        if last[-1][1] == 'jmp':
            return out
    if bi + 1 < len(blocks): out.append(bi + 1)
    return out

IN = [None] * len(blocks)
IN[0] = {reg(src)}
work = [0]
while work:
    bi = work.pop()
    st = set(IN[bi])
    for ins in blocks[bi]:
        if ins[1] is not None:
            st = step(st, ins, False)
    for s in succ(bi):
        if IN[s] is None or not st <= IN[s]:
            IN[s] = (IN[s] or set()) | st
            work.append(s)
for bi in range(len(blocks)):
    if IN[bi] is None:
        continue
    st = set(IN[bi])
    for ins in blocks[bi]:
        if ins[1] is not None:
            st = step(st, ins, True)
n = sum(1 for i in insns if i[1] is not None)
if viol:
    for v in sorted(set(viol)):
        print(v)
    sys.exit(1)
print('%d instructions, index traced through %d blocks' % (n, len(blocks)))
EOPY
scan() {
    cc=$1; src=$2; fn=$3
    for opt in -O2 -O3 -Os; do
        if ! $cc $opt -std=c99 -Iinclude -Isrc -S -o "$tmp/scan.s" "$src" 2>"$tmp/err"; then
            echo "skip  $cc $opt $fn (cannot compile: $(head -1 "$tmp/err"))"
            continue
        fi
        if out=$(python3 "$tmp/taint.py" "$tmp/scan.s" "$fn" %r8); then
            echo "ok    $cc $opt $fn: $out"
        else
            echo "FAIL  $cc $opt $fn: the index reaches:"
            echo "$out" | sed 's/^/        /'
            fail=1
        fi
    done
}
if [ "$(uname -m)" = x86_64 ] && command -v python3 >/dev/null; then
    for cc in gcc clang; do
        command -v $cc >/dev/null || continue
        scan $cc src/ec/x86_64/select_avx2.c tacit_ecp_select_avx2
        scan $cc src/ec/x86_64/select_avx512.c tacit_ecp_select_avx512
    done
else
    echo "skip  ecp table scans (needs an x86-64 host and python3)"
fi

# ---- the AES-GCM kernels: secret data traced through every function ----
cat >"$tmp/secret.py" <<'EOPY'
import re, sys

# usage: secret_taint.py file.s  -- checks every function of the file
# Model: every vector register holds secret data (keys, H powers, counters,
# plaintext, ciphertext, GHASH state); so does every general-purpose load from
# memory that is not the stack (the key bytes) except the public round count
# (offset 240 of the state); stack bytes are tracked by offset (stores of
# secret values taint them; memcpy/memset into a stack buffer taints 256
# bytes from its start).  Fails if a secret value reaches a conditional
# branch, a memory address, a division, a call argument or the mask of a
# masked memory access.
path = sys.argv[1]
import os
DEBUG = os.environ.get('TAINT_DEBUG')
public_disp = set(int(x) for x in sys.argv[2:] if x != 'none') if len(sys.argv) > 2 else {240}
lines = open(path).read().split('\n')
funcs = re.findall(r'^\s*\.type\s+([\w.]+),\s*@function', '\n'.join(lines), re.M)

GPR = {}
for r in 'abcd':
    for n in ('r%sx' % r, 'e%sx' % r, '%sx' % r, '%sl' % r, '%sh' % r):
        GPR[n] = 'r%sx' % r
for r in ('si', 'di', 'bp', 'sp'):
    for n in ('r' + r, 'e' + r, r, r + 'l'):
        GPR[n] = 'r' + r
for i in range(8, 16):
    for n in ('r%d' % i, 'r%dd' % i, 'r%dw' % i, 'r%db' % i):
        GPR[n] = 'r%d' % i
VW = {'x': 16, 'y': 32, 'z': 64}
VSEC_ALL = set(('vsec', str(i)) for i in range(32))

def width(op):
    n = op.lstrip('%')
    m = re.match(r'^([xyz])mm\d+$', n)
    if m:
        return VW[m.group(1)]
    if n in GPR:
        if n.startswith('r') and not n[-1] in 'dwb' or n in ('rax', 'rbx', 'rcx', 'rdx', 'rsi', 'rdi', 'rbp', 'rsp'):
            return 8
        if n.startswith('e') or n.endswith('d'):
            return 4
        if n.endswith('l') or n.endswith('b') or n.endswith('h'):
            return 1
        return 2
    return 0

def split_ops(s):
    ops, depth, cur = [], 0, ''
    for ch in s:
        if ch == '(':
            depth += 1
        elif ch == ')':
            depth -= 1
        if ch == ',' and depth == 0:
            ops.append(cur.strip()); cur = ''
        else:
            cur += ch
    if cur.strip():
        ops.append(cur.strip())
    return ops

def memparts(op):
    m = re.match(r'^(-?\w*)\(([^)]*)\)$', op)
    if not m:
        return None
    disp = m.group(1)
    regs = [x.strip() for x in m.group(2).split(',')]
    base = GPR.get(regs[0].lstrip('%')) if regs and regs[0] else None
    idx = GPR.get(regs[1].lstrip('%')) if len(regs) > 1 and regs[1] else None
    try:
        d = int(disp, 0) if disp else 0
    except ValueError:
        d = None
    return base, idx, d, disp

FLAGW = re.compile(r'^(add|sub|and|or|xor|cmp|test|inc|dec|neg|sh[lr]|sa[lr]|ro[lr]|imul|mul|bt|bs[fr]|lzcnt|tzcnt|popcnt|adc|sbb|andn|blsi|blsr|kortest|ktest|vptest|ptest|v?u?comis)')
MOVLIKE = re.compile(r'^(mov|lea|set|cvt|vmov|vpbroadcast|vbroadcast|kmov|pextr|vpextr|vextract|pmovmsk|vpmovmsk|movmsk|vmovmsk)')
SFX = {'b': 1, 'w': 2, 'l': 4, 'q': 8}

# Interprocedural: a function of the file called with secret register
# arguments is analysed again with them secret at its entry (to a fixed
# point); a call elsewhere with a secret argument is a violation (for the
# external functions of ARITY, only their own argument registers count).
ARITY = {'memset': ('rdi', 'rdx'), 'memcpy': ('rdi', 'rdx'),
         'tacit_platform_zeroize': ('rdi', 'rsi'),
         # the AVX2 Poly1305 called by the AVX2 one-pass kernel (state and
         # data pointers, block count)
         'tacit_poly1305_blocks_avx2': ('rdi', 'rsi', 'rdx')}
calls = {}
addr_taken = [f for f in funcs
              if re.search(r'^\s*(lea|mov)\w*\s+\$?%s(\(%%rip\))?,' % re.escape(f), '\n'.join(lines), re.M)]


def analyze(fn, entry):
    body, on = [], False
    for ln in lines:
        if re.match(r'^%s:' % re.escape(fn), ln):
            on = True; continue
        if on:
            if re.match(r'^\s*\.size\s+%s\b' % re.escape(fn), ln) or re.match(r'^\s*\.cfi_endproc', ln):
                break
            ln = ln.split('#')[0].rstrip()
            s = ln.strip()
            if not s or (s.startswith('.') and not s.endswith(':')):
                continue
            body.append(s)
    insns = []
    for ln in body:
        if ln.endswith(':'):
            insns.append((ln[:-1], None, [], None)); continue
        parts = ln.split(None, 1)
        mn = parts[0]; rest = parts[1] if len(parts) > 1 else ''
        mask = None
        m = re.search(r'\{%(k[0-7])\}', rest)
        if m:
            mask = m.group(1)
        rest = re.sub(r'\s*\{%k[0-7]\}', '', rest).replace('{z}', '')
        insns.append((None, mn, split_ops(rest), mask))
    viol = []

    def step(t, ins, report):
        lab, mn, ops, mask = ins
        t = set(t)
        regw = max([width(o) for o in ops] + [0])
        if regw == 0 and mn[-1] in SFX:
            regw = SFX[mn[-1]]
        if mn.startswith('movzb') or mn.startswith('movsb'):
            regw = 1
        if mn.startswith('movzw') or mn.startswith('movsw'):
            regw = 2
        delta = next((k_[1] for k_ in t if isinstance(k_, tuple) and k_[0] == 'd'), 0)
        def canon(base_, d_):
            return d_ - delta if base_ == 'rsp' else d_
        def set_delta(v):
            for k_ in [k_ for k_ in t if isinstance(k_, tuple) and k_[0] == 'd']:
                t.discard(k_)
            t.add(('d', v))
        def loadw():
            return regw or 8
        def stack_taint(base_, d, n):
            return any(('s', base_, canon(base_, d) + i) in t for i in range(n))
        def tainted(op, is_src=True):
            if op.startswith('$') or op.startswith('.') or op.startswith('*'):
                return op.startswith('*') and tainted(op[1:])
            n = op.lstrip('%')
            if re.match(r'^[xyz]mm\d+$', n):
                return ('vsec', n[3:]) in t
            if re.match(r'^k[0-7]$', n):
                return n in t
            if n in GPR:
                return GPR[n] in t
            mp = memparts(op)
            if mp is None:
                return False  # a symbol
            base, idx, d, disp = mp
            if base in ('rsp', 'rbp') and idx is None and d is not None:
                return stack_taint(base, d, loadw())
            sp = [k_[2] for k_ in t if isinstance(k_, tuple) and k_[0] == 'p' and k_[1] == base]
            if sp and idx is None and d is not None:
                return any(('s', 'rsp', sp[0] + d + i) in t for i in range(loadw()))
            if '%rip' in op:
                return False
            return d not in public_disp
        # a vector register is secret (at entry, after a call, and from any
        # write) unless its last write was a plain move of a public value (a
        # general-purpose register, a stack slot or another vector register:
        # compilers park pointers and lengths in vector registers)
        if ops and re.match(r'^%[xyz]mm\d+$', ops[-1]):
            vn = ops[-1][4:]
            mp0 = memparts(ops[0]) if len(ops) == 2 else None
            if (re.match(r'^v?mov(d|q|dq[au](32|64)?|[au]p[sd])$', mn) and len(ops) == 2
                    and (mp0 is None or mp0[0] in ('rsp', 'rbp')) and not tainted(ops[0])):
                t.discard(('vsec', vn))
            else:
                t.add(('vsec', vn))
        # addresses
        if report:
            for op in ops:
                mp = memparts(op.lstrip('*'))
                if mp and not mn.startswith('lea'):
                    base, idx, d, disp = mp
                    if (base and base in t) or (idx and idx in t):
                        viol.append('address from a secret: %s %s' % (mn, ', '.join(ops)))
            if mask and mask in t and any(memparts(o) for o in ops):
                viol.append('masked memory access under a secret mask: %s %s' % (mn, ', '.join(ops)))
            if (mn.startswith('div') or mn.startswith('idiv')) and (any(tainted(o) for o in ops) or 'rax' in t or 'rdx' in t):
                viol.append('division of or by a secret: %s' % mn)
            if mn.startswith('j') and not mn.startswith('jmp') and 'flags' in t:
                viol.append('conditional branch on a secret: %s %s' % (mn, ', '.join(ops)))
            if mn.startswith('jmp') and ops and ops[0].startswith('*') and tainted(ops[0][1:]):
                viol.append('indirect jump through a secret: %s' % ops[0])
        if mn.startswith('call'):
            tgt = ops[0] if ops else ''
            args = ('rdi', 'rsi', 'rdx', 'rcx', 'r8', 'r9')
            if report:
                if tgt.startswith('*') and tainted(tgt[1:]):
                    viol.append('indirect call through a secret: %s' % tgt)
                name = re.sub(r'@PLT$', '', tgt)
                bad = [a for a in ARITY.get(name, args) if a in t]
                if name in funcs or (tgt.startswith('*') and addr_taken):
                    # a function of this file (an indirect call: any whose address
                    # the file takes): analysed again with these arguments secret
                    for g in ([name] if name in funcs else addr_taken):
                        calls.setdefault(g, set()).update(bad)
                    bad = []
                if bad:
                    viol.append('call of %s with secret arguments %s' % (tgt, bad))
            if re.match(r'^(memset|memcpy)(@PLT)?$', tgt) and 'stackptr_rdi' in t:
                pass
            for k_ in list(t):
                if isinstance(k_, str) and k_ in ('rax', 'rcx', 'rdx', 'rsi', 'rdi', 'r8', 'r9', 'r10', 'r11', 'flags'):
                    t.discard(k_)
            t.update(VSEC_ALL)  # the callee may leave secrets in any vector register
            # a memcpy/memset to a stack buffer: its bytes are secret from now on (conservative)
            for k_ in list(t):
                if isinstance(k_, tuple) and k_[0] in ('p', 'c') and k_[1] in ('rax', 'rcx', 'rdx', 'rsi', 'rdi', 'r8', 'r9', 'r10', 'r11'):
                    t.discard(k_)
            return t
        if mn.startswith('jmp') and ops and (ops[0].startswith('*') or re.sub(r'@PLT$', '', ops[0]) in funcs):
            # a tail call: the callee gets the secret argument registers
            name = re.sub(r'@PLT$', '', ops[0])
            bad = [a for a in ('rdi', 'rsi', 'rdx', 'rcx', 'r8', 'r9') if a in t]
            for g in ([name] if name in funcs else addr_taken):
                calls.setdefault(g, set()).update(bad)
        if mn.startswith('push'):
            # the pushed value lands at 0(%rsp): its taint goes with it
            pv = any(tainted(o) for o in ops)
            set_delta(delta + 8)
            for i in range(8):
                k_ = ('s', 'rsp', -(delta + 8) + i)
                if pv: t.add(k_)
                else: t.discard(k_)
            return t
        # implicit operands: one-operand mul/imul (rdx:rax = rax * op), mulx (lo, hi = rdx * op),
        # cqto/cltd (rdx from rax), xchg (a swap)
        if re.match(r'^i?mul[bwlq]?$', mn) and len(ops) == 1:
            v = tainted(ops[0]) or 'rax' in t
            for r in ('rax', 'rdx'):
                if v: t.add(r)
                else: t.discard(r)
            if v: t.add('flags')
            else: t.discard('flags')
            return t
        if mn.startswith('mulx') and len(ops) == 3:
            v = tainted(ops[0]) or 'rdx' in t
            for o in ops[1:]:
                r = GPR.get(o.lstrip('%'))
                if r:
                    if v: t.add(r)
                    else: t.discard(r)
            return t
        if mn in ('cqto', 'cqo', 'cltd', 'cdq', 'cwtd'):
            if 'rax' in t: t.add('rdx')
            else: t.discard('rdx')
            return t
        if mn.startswith('xchg') and len(ops) == 2 and all(GPR.get(o.lstrip('%')) for o in ops):
            a_, b_ = GPR[ops[0].lstrip('%')], GPR[ops[1].lstrip('%')]
            ta, tb = a_ in t, b_ in t
            for r, v in ((a_, tb), (b_, ta)):
                if v: t.add(r)
                else: t.discard(r)
            return t
        if ops and ops[-1] == '%rsp' and re.match(r'^(sub|add)q$', mn) and re.match(r'^\$\d+$', ops[0]):
            set_delta(delta + (int(ops[0][1:]) if mn.startswith('sub') else -int(ops[0][1:])))
            return t
        if mn.startswith('j') or mn.startswith('ret') or mn in ('vzeroupper', 'nop', 'endbr64', 'leave', 'cltq') or mn.startswith('nop'):
            return t
        if mn.startswith('pop'):
            pv = stack_taint('rsp', 0, 8)
            set_delta(delta - 8)
            for o in ops:
                r = GPR.get(o.lstrip('%'))
                if r:
                    if pv: t.add(r)
                    else: t.discard(r)
            return t
        srcs, dst = (ops[:-1], ops[-1]) if ops else ([], None)
        if re.match(r'^(cmp|test|bt[^rsc]?$|kortest|ktest|vptest|ptest|v?u?comis)', mn) and not re.match(r'^%k[0-7]$', ops[-1] if ops else ''):
            srcs, dst = ops, None
        if mn.startswith('lea'):
            mp = memparts(srcs[0]) if srcs else None
            val = bool(mp) and ((mp[0] in t if mp[0] else False) or (mp[1] in t if mp[1] else False))
        else:
            val = any(tainted(o) for o in srcs)
        rmw = not MOVLIKE.match(mn) and not (mn.startswith('v') and len(ops) >= 3)
        if dst is not None and rmw:
            val = val or tainted(dst)
        if mask and dst is not None:
            val = val or mask in t
        if re.match(r'^(cmov|set|adc|sbb|adox)', mn):
            val = val or 'flags' in t
        if len(ops) == 2 and re.match(r'^(xor|sub)', mn) and ops[0] == ops[1]:
            val = False
        if FLAGW.match(mn):
            if val or (mn.startswith(('v', 'p', 'k')) and any(tainted(o) for o in ops)):
                t.add('flags')
            else:
                t.discard('flags')
        if dst is None:
            return t
        # stack pointers: lea d(%rsp), reg
        r = GPR.get(dst.lstrip('%'))
        if r:
            for k_ in list(t):
                if isinstance(k_, tuple) and k_[0] in ('p', 'c') and k_[1] == r:
                    t.discard(k_)
            if mn.startswith('mov') and srcs and re.match(r'^\$-?\d+$', srcs[0]):
                t.add(('c', r, int(srcs[0][1:])))
            if mn.startswith('lea') and srcs:
                mp = memparts(srcs[0])
                if mp and mp[0] in ('rsp', 'rbp') and mp[1] is None and mp[2] is not None:
                    t.add(('p', r, canon(mp[0], mp[2])))
            if mn.startswith('mov') and srcs and GPR.get(srcs[0].lstrip('%')):
                sr = GPR[srcs[0].lstrip('%')]
                for k_ in list(t):
                    if isinstance(k_, tuple) and k_[0] == 'p' and k_[1] == sr:
                        t.add(('p', r, k_[2]))
            if val:
                if report and DEBUG and r not in t: print('    taints %s: %s %s' % (r, mn, ', '.join(ops)))
                t.add(r)
            else: t.discard(r)
            return t
        n = dst.lstrip('%')
        if re.match(r'^k[0-7]$', n):
            if val and report and DEBUG and n not in t: print('    taints %s: %s %s' % (n, mn, ', '.join(ops)))
            if val: t.add(n)
            else: t.discard(n)
            return t
        mp = memparts(dst)
        if mp and mp[0] in ('rsp', 'rbp') and mp[1] is None and mp[2] is not None:
            w = regw or 8
            for i in range(w):
                if val: t.add(('s', mp[0], canon(mp[0], mp[2]) + i))
                else: t.discard(('s', mp[0], canon(mp[0], mp[2]) + i))
        return t

    blocks, cur, labels = [], [], {}
    for ins in insns:
        if ins[0] is not None:
            if cur: blocks.append(cur)
            cur = [ins]; labels[ins[0]] = len(blocks); continue
        cur.append(ins)
        if ins[1].startswith('j') or ins[1].startswith('ret'):
            blocks.append(cur); cur = []
    if cur: blocks.append(cur)
    if not blocks:
        return [], 0
    def succ(bi):
        last = [i for i in blocks[bi] if i[1] is not None]
        out = []
        if last and last[-1][1].startswith('ret'):
            return []
        if last and last[-1][1].startswith('j'):
            tgt = last[-1][2][0] if last[-1][2] else ''
            if tgt in labels: out.append(labels[tgt])
            if last[-1][1] == 'jmp':
                return out
        if bi + 1 < len(blocks): out.append(bi + 1)
        return out
    IN = [None] * len(blocks)
    IN[0] = set(entry) | VSEC_ALL
    work = [0]
    while work:
        bi = work.pop()
        st = set(IN[bi])
        for ins in blocks[bi]:
            if ins[1] is not None:
                st = step(st, ins, False)
        for s in succ(bi):
            if IN[s] is None or not st <= IN[s]:
                IN[s] = (IN[s] or set()) | st
                work.append(s)
    for bi in range(len(blocks)):
        if IN[bi] is None:
            continue
        st = set(IN[bi])
        for ins in blocks[bi]:
            if ins[1] is not None:
                st = step(st, ins, True)
    n = sum(1 for i in insns if i[1] is not None)
    return sorted(set(viol)), n

entry = dict((f, set()) for f in funcs)
results = {}
for _ in range(20):
    changed = False
    for fn in funcs:
        calls.clear()
        results[fn] = analyze(fn, entry[fn])
        for g, regs in calls.items():
            if not regs <= entry[g]:
                entry[g] |= regs
                changed = True
    if not changed:
        break
total_viol = []
for fn in funcs:
    viol, n = results[fn]
    if viol:
        for v in viol:
            total_viol.append('%s: %s' % (fn, v))
    else:
        print('  %s: %d instructions%s' % (fn, n, ' (secret arguments: %s)' % ','.join(sorted(entry[fn])) if entry[fn] else ''))
if total_viol:
    for v in total_viol:
        print(v)
    sys.exit(1)
EOPY
cat >"$tmp/gcm_neg.c" <<'EOC'
#include <immintrin.h>
#include <stdint.h>
#include <string.h>
static const uint8_t sbox[256] = {1,2,3};
__attribute__((target("aes,sse4.1"))) void neg_table(unsigned char *out, const unsigned char *key)
{ /* a table indexed by key bytes */
    int i; for (i = 0; i < 16; i++) out[i] = sbox[key[i]];
}
__attribute__((target("aes,sse4.1"))) int neg_branch(const unsigned char *st, const unsigned char *in)
{ /* a branch on AES output */
    __m128i x = _mm_aesenc_si128(_mm_loadu_si128((const __m128i *)in), _mm_loadu_si128((const __m128i *)st));
    int n = 0;
    while (_mm_extract_epi8(x, 0) != 7) { x = _mm_aesenc_si128(x, x); n++; }
    return n;
}
__attribute__((target("avx512f,avx512bw"))) void neg_mask(unsigned char *out, const unsigned char *in)
{ /* a store mask from data */
    __m512i x = _mm512_loadu_si512(in);
    _mm512_mask_storeu_epi8(out, _mm512_cmpeq_epi8_mask(x, _mm512_setzero_si512()), x);
}
__attribute__((target("sse4.1"))) unsigned neg_stack(const unsigned char *key, unsigned n)
{ /* a key word through a stack array, then an index */
    uint32_t w[8]; unsigned i; static const uint32_t t[16] = {1};
    for (i = 0; i < 8; i++) w[i] = (uint32_t)key[4*i] | (uint32_t)key[4*i+1] << 8;
    __asm__("" ::"r"(w) : "memory");
    return t[w[n & 7] & 15];
}
EOC
if [ "$(uname -m)" = x86_64 ] && command -v python3 >/dev/null; then
    for cc in gcc clang; do
        command -v $cc >/dev/null || continue
        for src in src/aes/x86_64/gcm_x86.c src/aes/x86_64/gcm_aesni.c \
                   src/aes/x86_64/gcm_vaes256.c src/aes/x86_64/gcm_vaes512.c; do
            for opt in -O2 -O3 -Os; do
                if ! $cc $opt -std=c99 -Iinclude -Isrc -S -o "$tmp/gcm.s" "$src" 2>"$tmp/err"; then
                    echo "skip  $cc $opt $src (cannot compile: $(head -1 "$tmp/err"))"
                    continue
                fi
                if out=$(python3 "$tmp/secret.py" "$tmp/gcm.s"); then
                    echo "ok    $cc $opt $src:$(echo "$out" | sed 's/^ *//' | tr '\n' ';' | sed 's/;$//')"
                else
                    echo "FAIL  $cc $opt $src: a secret reaches:"
                    echo "$out" | sed 's/^/        /'
                    fail=1
                fi
            done
        done
        # the negative control: each of its four functions must be flagged
        for opt in -O2 -Os; do
            $cc $opt -S -o "$tmp/neg.s" "$tmp/gcm_neg.c"
            out=$(python3 "$tmp/secret.py" "$tmp/neg.s" || true)
            missed=""
            for f in neg_table neg_branch neg_mask neg_stack; do
                echo "$out" | grep -q "^$f: " || missed="$missed $f"
            done
            if [ -n "$missed" ]; then
                echo "FAIL  $cc $opt negative control: not caught:$missed"
                fail=1
            else
                echo "ok    $cc $opt negative control: all four leaks caught"
            fi
        done
    done
else
    echo "skip  AES-GCM kernels (needs an x86-64 host and python3)"
fi

# ---- the ChaCha20-Poly1305 kernels: the same tracer, nothing public ----
# src/chacha/x86_64/: ChaCha20 AVX2 / AVX-512, Poly1305 MULX / AVX2 / AVX-512
# IFMA and the one-pass AVX2 (inline assembly with a MULX Poly1305:
# chachapoly_avx2_mulx.c; the tracer reads the assembly text gcc emits) and
# AVX-512 kernels (valgrind runs the AVX2 ChaCha20, the AVX2 one pass, the
# AVX2 and the MULX Poly1305 in ct_chachapoly, not the AVX-512 ones).  Every vector register and every
# load from memory that is not the stack is secret (key, nonce, counter,
# Poly1305 state, data: no displacement is public); the secrets are in
# memory and reach the kernel's own functions as arguments, so the tracer
# is interprocedural: a function of the file called (directly, by a tail
# call or through a pointer to a function whose address the file takes)
# with secret argument registers is analysed again with them secret, to a
# fixed point.  Implicit operands are followed (one-operand MUL: RDX:RAX,
# MULX: both outputs, CQTO, XCHG, push/pop).  The negative control must be
# caught: a branch on a ChaCha20 lane, a Poly1305 product as an index, a
# key word through a call into a function that indexes with it, the same
# through an indirect call, a store mask from an IFMA product.
cat >"$tmp/chacha_neg.c" <<'EOC'
#include <immintrin.h>
#include <stdint.h>
static const uint32_t tbl[16] = {1, 2, 3};
__attribute__((target("avx2"))) int neg_cc_branch(const uint32_t *st)
{ /* a branch on a ChaCha20 lane */
    __m256i a = _mm256_loadu_si256((const __m256i *)st), b = _mm256_loadu_si256((const __m256i *)(st + 8));
    int n = 0;
    while (_mm256_extract_epi32(b, 3) != 7) {
        a = _mm256_add_epi32(a, b);
        b = _mm256_xor_si256(b, a);
        b = _mm256_or_si256(_mm256_slli_epi32(b, 16), _mm256_srli_epi32(b, 16));
        n++;
    }
    return n;
}
__attribute__((target("bmi2"))) uint32_t neg_poly_index(const uint64_t *h, const uint64_t *r)
{ /* a Poly1305 product's high word as an index */
    unsigned __int128 p = (unsigned __int128)h[0] * r[0];
    return tbl[(uint64_t)(p >> 64) & 15];
}
__attribute__((noinline)) static uint32_t leaky_callee(uint64_t x)
{
    return tbl[x & 15];
}
uint32_t neg_local_call(const uint64_t *key)
{ /* a key word passed to a function of the file that uses it as an index */
    return leaky_callee(key[1] * 3) + 1;
}
__attribute__((noinline)) static int leaky_target(const uint32_t *p, uint32_t w)
{
    int n = 0;
    while (w != 0x61707865u) { w = w * 3 + p[0]; n++; }
    return n;
}
__attribute__((noinline)) static int quiet_target(const uint32_t *p, uint32_t w)
{
    return (int)(p[1] ^ w);
}
int neg_indirect(const uint32_t *st, int which)
{ /* a secret word through an indirect call to a function of the file */
    int (*volatile g)(const uint32_t *, uint32_t) = which ? leaky_target : quiet_target;
    return g(st, st[5]) + 1;
}
__attribute__((target("avx512f,avx512vl,avx512ifma"))) void neg_ifma_mask(uint64_t *out, const uint64_t *h)
{ /* a store mask from an IFMA product */
    __m512i x = _mm512_loadu_si512(h), y = _mm512_madd52lo_epu64(_mm512_setzero_si512(), x, x);
    _mm512_mask_storeu_epi64(out, _mm512_cmpeq_epi64_mask(y, _mm512_setzero_si512()), x);
}
EOC
# trace_nothing_public CC SRC...: each SRC compiled by CC at -O2, -O3 and -Os and
# traced with nothing public (every argument, vector register and non-stack
# load secret); a path where a secret reaches a branch, an address, a
# division or a mask sets fail=1.  (The ChaCha20-Poly1305 and Keccak kernels.)
trace_nothing_public() {
    tcc=$1; shift
    for src in "$@"; do
        for opt in -O2 -O3 -Os; do
            if ! $tcc $opt -std=c99 -Iinclude -Isrc -S -o "$tmp/np.s" "$src" 2>"$tmp/err"; then
                echo "skip  $tcc $opt $src (cannot compile: $(head -1 "$tmp/err"))"
                continue
            fi
            if out=$(python3 "$tmp/secret.py" "$tmp/np.s" none); then
                echo "ok    $tcc $opt $src:$(echo "$out" | sed 's/^ *//' | tr '\n' ';' | sed 's/;$//')"
            else
                echo "FAIL  $tcc $opt $src: a secret reaches:"
                echo "$out" | sed 's/^/        /'
                fail=1
            fi
        done
    done
}
if [ "$(uname -m)" = x86_64 ] && command -v python3 >/dev/null; then
    for cc in gcc clang; do
        command -v $cc >/dev/null || continue
        trace_nothing_public $cc src/chacha/x86_64/chacha20_avx.c src/chacha/x86_64/poly1305_x86.c \
            src/chacha/x86_64/poly1305_avx2.c src/chacha/x86_64/chachapoly_avx2_mulx.c \
            src/chacha/x86_64/chachapoly_x86.c
        for opt in -O2 -Os; do
            $cc $opt -S -o "$tmp/cneg.s" "$tmp/chacha_neg.c"
            out=$(python3 "$tmp/secret.py" "$tmp/cneg.s" none || true)
            missed=""
            for f in neg_cc_branch neg_poly_index leaky_callee leaky_target neg_ifma_mask; do
                echo "$out" | grep -q "^$f: " || missed="$missed $f"
            done
            if [ -n "$missed" ]; then
                echo "FAIL  $cc $opt ChaCha20-Poly1305 negative control: not caught:$missed"
                fail=1
            else
                echo "ok    $cc $opt ChaCha20-Poly1305 negative control: all five leaks caught"
            fi
        done
    done
else
    echo "skip  ChaCha20-Poly1305 kernels (needs an x86-64 host and python3)"
fi

# ---- the x86-64 Keccak kernels: the same tracer, nothing public ----
# src/hash/x86_64/keccak_x4_avx2.c (four-way AVX2 and AVX-512VL, one-state
# AVX-512VL), keccak_x8_avx512.c (eight-way AVX-512F) and keccak_bmi.c (one
# state, ANDN and RORX): valgrind runs the AVX2 and BMI kernels in ct_sha3 /
# ct_mlkem / ct_mldsa, not the AVX-512 ones.  Every
# vector register and every load from memory that is not the stack is
# secret (the states; the round constants too): no branch, address,
# division or mask may depend on them.  The negative controls above show
# that the tracer catches such leaks.
if [ "$(uname -m)" = x86_64 ] && command -v python3 >/dev/null; then
    for cc in gcc clang; do
        command -v $cc >/dev/null || continue
        trace_nothing_public $cc src/hash/x86_64/keccak_x4_avx2.c \
            src/hash/x86_64/keccak_x8_avx512.c src/hash/x86_64/keccak_bmi.c
    done
else
    echo "skip  Keccak kernels (needs an x86-64 host and python3)"
fi

# ---- no division in the lattice code (ML-KEM, ML-DSA) ----
# Every source listed in scripts/ct_div_free.txt is compiled at -O0 .. -Os
# with gcc and clang for x86-64, 32-bit Arm and Thumb (Cortex-M3/M4, where
# gcc would call a division helper), and its assembly must hold no
# division instruction (div, idiv, udiv, sdiv) and no call to a division
# helper (__aeabi_*div*, __*div?i3, __*mod?i3).  A division by q or
# 2 gamma2 on a secret is a timing leak on most cores; one on public data
# is refused too (the scan cannot tell them apart): count, compare or
# multiply instead.
divcheck() {
    cc=$1; target=$2
    for opt in -O0 -O1 -O2 -O3 -Os; do
        grep -v '^#' scripts/ct_div_free.txt | while read -r src; do
            [ -n "$src" ] || continue
            if [ ! -f "$src" ]; then
                echo "FAIL  $src is listed in scripts/ct_div_free.txt but does not exist"
                echo fail >>"$tmp/divfail"
                continue
            fi
            if ! $cc $target $opt -std=c99 -Iinclude -Isrc -S -o "$tmp/div.s" "$src" 2>"$tmp/err"; then
                echo "skip  $cc $target $opt $src (cannot compile: $(head -1 "$tmp/err"))"
                continue
            fi
            divs=$(grep -E '^\s+(u?s?div[a-z]*|idiv[a-z]*|div[bwlq]?|sdiv|udiv)\s|__aeabi_[a-z]*div|__aeabi_[a-z]*mod|__u?(div|mod)[sdt]i3' "$tmp/div.s" || true)
            if [ -n "$divs" ]; then
                echo "FAIL  $cc $target $opt $src: division:"
                echo "$divs" | sed 's/^/        /'
                echo fail >>"$tmp/divfail"
            fi
        done
    done
    echo "ok    $cc $target: no division in $(grep -vc '^#' scripts/ct_div_free.txt) sources (unless listed above)"
}
if [ -f scripts/ct_div_free.txt ]; then
    divcheck gcc ""
    command -v clang >/dev/null && divcheck clang ""
    command -v arm-linux-gnueabihf-gcc >/dev/null && divcheck arm-linux-gnueabihf-gcc "-marm"
    command -v arm-linux-gnueabihf-gcc >/dev/null && divcheck arm-linux-gnueabihf-gcc "-mthumb"
    command -v arm-none-eabi-gcc >/dev/null && divcheck arm-none-eabi-gcc "-mthumb -mcpu=cortex-m4"
    command -v arm-none-eabi-gcc >/dev/null && divcheck arm-none-eabi-gcc "-mthumb -mcpu=cortex-m0"
    if command -v clang >/dev/null && [ -d /usr/lib/arm-none-eabi/include ]; then
        divcheck clang "--target=armv7m-none-eabi -mthumb -isystem /usr/lib/arm-none-eabi/include"
    fi
    if [ -f "$tmp/divfail" ]; then
        fail=1
    fi
fi
exit $fail
