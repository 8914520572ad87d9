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
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cat >"$tmp/probe.c" <<'EOC'
#include "constant_time_internal.h"
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
exit $fail
