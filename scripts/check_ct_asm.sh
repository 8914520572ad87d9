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

_RC = {}


def _m(pat, s_):
    # re.match with the compiled patterns kept in a plain dict (the tracer's hot path)
    r_ = _RC.get(pat)
    if r_ is None:
        r_ = _RC[pat] = re.compile(pat)
    return r_.match(s_)

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
# Options after the file: displacements whose non-stack loads are public
# (default 240; 'none': no public displacement), --secret=FN:REG,REG (these
# argument registers of FN are secret at its entry), --skip=REGEX (functions
# not checked: the _unsafe ones, leaky by contract), --vector-flow (vector
# registers are secret at entry, after a call and when loaded from memory that
# is not the stack, and otherwise follow the data: a broadcast of a public size
# or a shuffle of public counters stays public; the default treats every
# vector write other than a plain move of a public value as secret).
opts = sys.argv[2:]
nums = [int(x, 0) for x in opts if _m(r'^-?(0x)?[0-9a-fA-F]+$', x)]
public_disp = set(nums) if (nums or 'none' in opts) else {240}
secret_entry = {}
for x in opts:
    if x.startswith('--secret='):
        f_, r_ = x[len('--secret='):].split(':')
        secret_entry.setdefault(f_, set()).update(r_.split(','))
skip_re = [x[len('--skip='):] for x in opts if x.startswith('--skip=')]
vector_flow = '--vector-flow' in opts
# Declared public memory (the pointers and sizes that live in memory: a
# kernel table, a workspace's part pointers, the curve's table address):
# --region=NAME:OFF=KIND,... a region's public 8-byte words: OFF a byte
# offset, A-B the words from A to B, or * every word at any public index;
# KIND pub (a public value) or @OTHER (a public pointer to region OTHER).
# --arg=FNREGEX:REG=@NAME,... at the entry of each function matching FNREGEX,
# REG points to region NAME; --static=SYMREGEX=@NAME: lea SYM(%rip) does.
# A load from a public word is public (and a pointer load carries its
# region); the pointer follows moves, spills and public offsets (in a region
# with *).  Soundness: a store of a secret into a public word is a
# violation; a call of a function of the file with a pointer into the frame
# for a region argument checks the public words there are not secret, and
# the callee (checked under the same declaration) leaves them public.
REGIONS = {}
ARGREG = []
STATIC = []
for x in opts:
    if x.startswith('--region='):
        n_, spec_ = x[len('--region='):].split(':', 1)
        fl_, any_ = {}, None
        for it_ in spec_.split(','):
            o_, k_ = it_.split('=')
            k_ = '' if k_ == 'pub' else k_.lstrip('@')
            if o_ == '*':
                any_ = k_
            elif '-' in o_.lstrip('-'):
                a_, b_ = o_.split('-')
                for w_ in range(int(a_, 0), int(b_, 0) + 1, 8):
                    fl_[w_] = k_
            else:
                fl_[int(o_, 0)] = k_
        REGIONS[n_] = (fl_, any_)
    elif x.startswith('--arg='):
        f_, r_ = x[len('--arg='):].split(':', 1)
        for it_ in r_.split(','):
            rg_, nm_ = it_.split('=@')
            ARGREG.append((re.compile(f_), rg_, nm_))
    elif x.startswith('--static='):
        sy_, nm_ = x[len('--static='):].split('=@')
        STATIC.append((re.compile(sy_), nm_))
for _f, _r, nm_ in ARGREG:
    assert nm_ in REGIONS, nm_
    assert _m(r'^(r[a-ds][xip]|r\d+|s\d+)$', _r), _r  # a register, or sN: the stack argument at N(%rsp)
for _s, nm_ in STATIC:
    assert nm_ in REGIONS, nm_


def region_split(name):
    # 'NAME+OFF': a pointer OFF bytes into region NAME (lea OFF(%reg) of a pointer to it)
    n_, _, o_ = name.partition('+')
    return REGIONS[n_], int(o_ or 0)


def region_kind(name, d, w, indexed):
    # the kind of the w bytes at d of region name: '' public, a region name
    # (a public pointer to it), None secret
    (fl_, any_), off_ = region_split(name)
    if any_ is not None:
        return any_
    if indexed or d is None:
        return None
    d += off_
    ws_ = range(d - d % 8, d + w, 8)
    if not all(w_ in fl_ for w_ in ws_):
        return None
    return fl_[d] if (w == 8 and d % 8 == 0) else ''


def region_public_words(name):
    (fl_, any_), off_ = region_split(name)
    return None if any_ is not None else set(w_ - off_ for w_ in fl_ if w_ >= off_)


def arg_region(fn_, reg_):
    for f_, r_, nm_ in ARGREG:
        if r_ == reg_ and f_.search(fn_):
            return nm_
    return None
lines = open(path).read().split('\n')
funcs = re.findall(r'^\s*\.type\s+([\w.]+),\s*@function', '\n'.join(lines), re.M)
funcs = [f for f in funcs if not any(re.search(x, f) for x in skip_re)]

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
    m = _m(r'^([xyz])mm\d+$', n)
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
    m = _m(r'^(-?\w*)\(([^)]*)\)$', op)
    if not m:
        return None
    disp = m.group(1)
    regs = [x.strip() for x in m.group(2).split(',')]
    base = GPR.get(regs[0].lstrip('%')) if regs and regs[0] else None
    idx = GPR.get(regs[1].lstrip('%')) if len(regs) > 1 and regs[1] else None
    try:
        d = int(disp, 0) if disp else 0
    except ValueError:
        # inline assembly writes displacements like 3*8 or 8+16
        d = eval(disp, {'__builtins__': {}}) if _m(r'^[-+*0-9 ]+$', disp) else None
    return base, idx, d, disp

FLAGW = re.compile(r'^(add|sub|and|or|xor|cmp|test|inc|dec|neg|sh[lr]|sa[lr]|ro[lr]|imul|mul|bt|bs[fr]|lzcnt|tzcnt|popcnt|adc|sbb|andn|blsi|blsr|kortest|ktest|vptest|ptest|v?u?comis)')
MOVLIKE = re.compile(r'^(mov|lea|set|cvt|vmov|vpbroadcast|vbroadcast|kmov|pextr|vpextr|vextract|pmovmsk|vpmovmsk|movmsk|vmovmsk)')
SFX = {'b': 1, 'w': 2, 'l': 4, 'q': 8}
META_KINDS = frozenset(('d', 'p', 'c', 'ps', 'r', 'rs', 'px'))

# Interprocedural: a function of the file called with secret register
# arguments is analysed again with them secret at its entry (to a fixed
# point); a call elsewhere with a secret argument is a violation (for the
# external functions of ARITY, only their own argument registers count).
ARITY = {'memset': ('rdi', 'rdx'), 'memcpy': ('rdi', 'rdx'),
         'tacit_platform_zeroize': ('rdi', 'rsi'),
         # the AVX2 Poly1305 called by the AVX2 one-pass kernel (state and
         # data pointers, block count)
         'tacit_poly1305_blocks_avx2': ('rdi', 'rsi', 'rdx')}
# --public-ret=REGEX: callees whose result is public (sizes, CPU flags); with
# --vector-flow any other call's result (RAX) is secret
PUBLIC_RET = '^(%s)$' % '|'.join(['memset', 'memcpy', 'tacit_platform_zeroize'] +
                                  [x[len('--public-ret='):] for x in opts if x.startswith('--public-ret=')])
for x in opts:
    if x.startswith('--arity='):
        f_, r_ = x[len('--arity='):].split(':')
        ARITY[f_] = tuple(r_.split(','))
calls = {}
addr_taken = [f for f in funcs
              if re.search(r'^\s*(lea|mov)\w*\s+\$?%s(\(%%rip\))?,' % re.escape(f), '\n'.join(lines), re.M)]


# --vector-flow: the vector registers a call to a function of the file may
# change (what it and its callees in the file write; every register if it
# calls anything else): gcc's interprocedural register allocation keeps values
# in the others across such a call.
VCLOB = {}
if vector_flow:
    all_f = re.findall(r'^\s*\.type\s+([\w.]+),\s*@function', '\n'.join(lines), re.M)
    w_, cs_, opaque_ = {}, {}, set()
    cur_ = None
    for ln in lines:
        m_ = _m(r'^([\w.]+):', ln)
        if m_ and m_.group(1) in all_f:
            cur_ = m_.group(1)
            w_[cur_], cs_[cur_] = set(), set()
            continue
        if cur_ is None:
            continue
        if _m(r'^\s*\.size\s+%s\b' % re.escape(cur_), ln) or _m(r'^\s*\.cfi_endproc', ln):
            cur_ = None
            continue
        s_ = ln.split('#')[0].strip()
        if not s_ or s_.endswith(':') or s_.startswith('.'):
            continue
        parts_ = s_.split(None, 1)
        mn_, ops_ = parts_[0], split_ops(re.sub(r'\s*\{%k[0-7]\}|\{z\}', '', parts_[1]) if len(parts_) > 1 else '')
        if mn_.startswith('call') or (mn_.startswith('jmp') and ops_ and (ops_[0].startswith('*') or re.sub(r'@PLT$', '', ops_[0]) in all_f)):
            tg_ = re.sub(r'@PLT$', '', ops_[0]) if ops_ else ''
            if tg_ in all_f:
                cs_[cur_].add(tg_)
            else:
                opaque_.add(cur_)
            continue
        if mn_ == 'vzeroall':
            opaque_.add(cur_)
        for i_, o_ in enumerate(ops_):
            mv_ = _m(r'^%[xyz]mm(\d+)$', o_)
            if mv_ and (i_ == len(ops_) - 1 or 'gather' in mn_ or mn_.startswith(('xchg', 'vpcmpestr', 'pcmpestr'))):
                w_[cur_].add(mv_.group(1))
        if _m(r'^v?(pcmp[ei]strm|pblendv|blendvp|sha256rnds2)', mn_):
            w_[cur_].add('0')
        # the general-purpose registers it may write: every one it names (a
        # superset), and the implicit ones
        for o_ in ops_:
            for g_ in re.findall(r'%(\w+)', o_):
                if g_ in GPR:
                    w_[cur_].add('g' + GPR[g_])
        if _m(r'^(i?mul|i?div|cq?to|cqo|cl?td|cdq|cltq|cdqe|cwtl|cpuid|rdtscp?|cmpxchg|xadd|rep|loop|movs|stos|lods|scas|cmps|syscall|sha|pcmp[ei]str|vpcmp[ei]str)', mn_):
            w_[cur_].update(('grax', 'grdx', 'grcx', 'grsi', 'grdi', 'grbx'))
    ALLV = set(str(i) for i in range(32)) | set('g' + r_ for r_ in ('rax', 'rcx', 'rdx', 'rsi', 'rdi', 'r8', 'r9', 'r10', 'r11'))
    VCLOB = dict((f, ALLV if f in opaque_ else set(w_.get(f, ()))) for f in all_f)
    for _ in range(len(all_f) + 1):
        ch_ = False
        for f in all_f:
            n_ = set(VCLOB[f])
            for g in cs_.get(f, ()):
                n_ |= VCLOB.get(g, ALLV)
            if n_ != VCLOB[f]:
                VCLOB[f] = n_
                ch_ = True
        if not ch_:
            break


def analyze(fn, entry):
    body, on = [], False
    for ln in lines:
        if _m(r'^%s:' % re.escape(fn), ln):
            on = True; continue
        if on:
            if _m(r'^\s*\.size\s+%s\b' % re.escape(fn), ln) or _m(r'^\s*\.cfi_endproc', ln):
                break
            ln = ln.split('#')[0].rstrip()
            s = ln.strip()
            if not s or (s.startswith('.') and not s.endswith(':')):
                continue
            body.append(s)
    insns = []
    for ln in body:
        if ln.endswith(':'):
            insns.append((ln[:-1], None, [], None, False)); continue
        parts = ln.split(None, 1)
        mn = parts[0]; rest = parts[1] if len(parts) > 1 else ''
        mask = None
        m = re.search(r'\{%(k[0-7])\}', rest)
        if m:
            mask = m.group(1)
        zero = '{z}' in rest
        rest = re.sub(r'\s*\{%k[0-7]\}', '', rest).replace('{z}', '')
        insns.append((None, mn, split_ops(rest), mask, zero))
    viol = []
    lea_offs = set()  # the stack offsets whose address the function takes

    def step(t, ins, report):
        lab, mn, ops, mask, zero = ins
        t = set(t)
        # the few bookkeeping entries (stack delta, pointers into the frame, their
        # spills, constants), read from here on instead of scanning the whole state
        meta = [k_ for k_ in t if k_.__class__ is tuple and k_[0] in META_KINDS]
        regw = max([width(o) for o in ops] + [0])
        if regw == 0 and mn[-1] in SFX:
            regw = SFX[mn[-1]]
        if mn.startswith('movzb') or mn.startswith('movsb'):
            regw = 1
        if mn.startswith('movzw') or mn.startswith('movsw'):
            regw = 2
        if _m(r'^v?(pextr[bwdq]|mov[dq])$', mn) and any('(' in o for o in ops):
            regw = SFX.get(mn[-1], 4)  # one lane to or from memory
        delta = next((k_[1] for k_ in meta if k_[0] == 'd'), 0)
        def reg_region(r_):
            # the region a register points to (declared public memory), or None
            return next((k_[2] for k_ in meta if k_[0] == 'r' and k_[1] == r_), None)
        def canon(base_, d_):
            return d_ - delta if base_ == 'rsp' else d_
        def set_delta(v):
            for k_ in [k_ for k_ in meta if k_[0] == 'd']:
                t.discard(k_)
            t.add(('d', v))
        def loadw():
            return regw or 8
        def stack_off(op):
            # the canonical stack offset of a memory operand (rsp-based, or through a
            # register that points into the frame), else None
            mp_ = memparts(op)
            if not mp_ or mp_[1] is not None or mp_[2] is None:
                return None
            if mp_[0] == 'rsp':
                return canon('rsp', mp_[2])
            sp_ = [k_[2] for k_ in meta if k_[0] == 'p' and k_[1] == mp_[0]]
            return sp_[0] + mp_[2] if sp_ else None
        def stack_taint(base_, d, n):
            return any(('s', base_, canon(base_, d) + i) in t for i in range(n))
        def tainted(op, is_src=True):
            if op.startswith('$') or op.startswith('.') or op.startswith('*'):
                return op.startswith('*') and tainted(op[1:])
            n = op.lstrip('%')
            if _m(r'^[xyz]mm\d+$', n):
                return ('vsec', n[3:]) in t
            if _m(r'^k[0-7]$', n):
                return n in t
            if n in GPR:
                return GPR[n] in t
            mp = memparts(op)
            if mp is None:
                return False  # a symbol
            base, idx, d, disp = mp
            if base in ('rsp', 'rbp') and idx is None and d is not None:
                return stack_taint(base, d, loadw())
            sp = [k_[2] for k_ in meta if k_[0] == 'p' and k_[1] == base]
            if sp and idx is None and d is not None:
                return any(('s', 'rsp', sp[0] + d + i) in t for i in range(loadw()))
            rg_ = reg_region(base) if base and base not in t else None
            if rg_ is not None and not (idx and idx in t):
                if region_kind(rg_, d, loadw(), idx is not None) is not None:
                    return False  # declared public memory
            if '%rip' in op:
                return False
            if vector_flow and mp[0] is None and disp and _m(r'^[A-Za-z_.]', disp):
                return False  # a static table of the file (constants, kernel pointers)
            return d not in public_disp
        # a vector register is secret (at entry, after a call, and from any
        # write) unless its last write was a plain move of a public value (a
        # general-purpose register, a stack slot or another vector register:
        # compilers park pointers and lengths in vector registers)
        if ops and _m(r'^%[xyz]mm\d+$', ops[-1]) and not vector_flow:
            vn = ops[-1][4:]
            mp0 = memparts(ops[0]) if len(ops) == 2 else None
            if (_m(r'^v?mov(d|q|dq[au](32|64)?|[au]p[sd])$', mn) and len(ops) == 2
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
                    # (only with --vector-flow: the default model takes every vector
                    # register as secret, the public pointers clang gathers through too)
                    vi = re.search(r',\s*%[xyz]mm(\d+)', op) if vector_flow else None
                    if vi and ('vsec', vi.group(1)) in t:
                        viol.append('gather/scatter index from a secret: %s %s' % (mn, ', '.join(ops)))
            if mask and mask in t and any(memparts(o) for o in ops):
                viol.append('masked memory access under a secret mask: %s %s' % (mn, ', '.join(ops)))
            if (mn.startswith('div') or mn.startswith('idiv')) and (any(tainted(o) for o in ops) or 'rax' in t or 'rdx' in t):
                viol.append('division of or by a secret: %s' % mn)
            if _m(r'^(jr?e?cxz|loop)', mn):
                # JRCXZ / LOOP branch on RCX, not on the flags (ADX loops keep their carries across them)
                if 'rcx' in t:
                    viol.append('conditional branch on a secret: %s %s' % (mn, ', '.join(ops)))
            elif mn.startswith('j') and not mn.startswith('jmp') and 'flags' in t:
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
                for k_ in meta:
                    # a pointer into the frame for a region argument: its public words must be
                    rn_ = arg_region(name, k_[1]) if k_[0] == 'p' and name in funcs else None
                    for w_ in sorted(region_public_words(rn_) or ()) if rn_ else ():
                        if any(('s', 'rsp', k_[2] + w_ + i) in t for i in range(8)):
                            viol.append('call of %s: a secret in public word %d of its %s argument (%s)' % (tgt, w_, rn_, k_[1]))
            if _m(r'^(memset|memcpy)(@PLT)?$', tgt) and 'stackptr_rdi' in t:
                pass
            name_ = re.sub(r'@PLT$', '', tgt)
            # the caller-saved registers the callee may change (gcc's interprocedural
            # register allocation keeps values across a call of a function of the file
            # in the others; they keep their taint and what they point to)
            clob_ = set(r_ for r_ in ('rax', 'rcx', 'rdx', 'rsi', 'rdi', 'r8', 'r9', 'r10', 'r11')
                        if name_ not in VCLOB or 'g' + r_ in VCLOB[name_]) | {'rax'}
            for k_ in clob_ | {'flags'}:
                t.discard(k_)
            if name_ in VCLOB:
                t.update(('vsec', n_) for n_ in VCLOB[name_] if n_[0] != 'g')  # what that callee may change
            else:
                t.update(VSEC_ALL)  # the callee may leave secrets in any vector register
            if vector_flow and not _m(PUBLIC_RET, re.sub(r'@PLT$', '', tgt)):
                t.add('rax')  # the result may be secret (a carry, a window)
            if vector_flow and not _m(r'^(memset|tacit_platform_zeroize)(@PLT)?$', tgt):
                # the callee may write secrets where a pointer into the frame lets it:
                # from each such argument up to the next stack object whose address the
                # function takes (at most 256 bytes)
                for k_ in meta:
                    if isinstance(k_, tuple) and k_[0] == 'p' and k_[1] in ('rdi', 'rsi', 'rdx', 'rcx', 'r8', 'r9'):
                        end = min([o_ for o_ in lea_offs if o_ > k_[2]] + [k_[2] + 256])
                        # (a declared region argument of a function of the file: the
                        # callee, checked, stores no secret in its public words)
                        rn_ = arg_region(name_, k_[1]) if name_ in funcs else None
                        pw_ = (region_public_words(rn_) if rn_ else set()) or set()
                        if rn_ and region_public_words(rn_) is None:
                            continue
                        for i in range(k_[2], end):
                            if (i - k_[2]) - (i - k_[2]) % 8 not in pw_:
                                t.add(('s', 'rsp', i))
            # a memcpy/memset to a stack buffer: its bytes are secret from now on (conservative)
            for k_ in meta:
                if isinstance(k_, tuple) and k_[0] in ('p', 'c', 'r') and (
                        k_[1] in clob_
                        or (k_[1][0] == 'v' and (name_ not in VCLOB or k_[1][1:] in VCLOB[name_]))):
                    t.discard(k_)  # (a vector register the callee leaves alone keeps its pointer)
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
        if _m(r'^i?mul[bwlq]?$', mn) and len(ops) == 1:
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
        if ops and ops[-1] == '%rsp' and _m(r'^(sub|add)q$', mn) and _m(r'^\$-?\d+$', ops[0]):
            set_delta(delta + (int(ops[0][1:]) if mn.startswith('sub') else -int(ops[0][1:])))
            return t
        if ops and ops[-1] == '%rsp' and _m(r'^andq$', mn):
            # a realigned stack: from here rsp is at an unknown distance below the
            # entry frame; its slots are kept apart from those above (the stack
            # arguments, what rbp addresses)
            set_delta(delta + (1 << 20))
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
        if _m(r'^(cmp|test|bt[^rsc]?$|kortest|ktest|vptest|ptest|v?u?comis)', mn) and not _m(r'^%k[0-7]$', ops[-1] if ops else ''):
            srcs, dst = ops, None
        if vector_flow and _m(r'^(pblendv|blendvp|sha256rnds2)', mn):
            srcs = srcs + ['%xmm0']  # the implicit operand
        if mn.startswith('lea'):
            mp = memparts(srcs[0]) if srcs else None
            val = bool(mp) and ((mp[0] in t if mp[0] else False) or (mp[1] in t if mp[1] else False))
        else:
            val = any(tainted(o) for o in srcs)
        rmw = not MOVLIKE.match(mn) and not (mn.startswith('v') and len(ops) >= 3)
        if len(ops) == 3 and _m(r'^(imul|andn|shlx|shrx|sarx|rorx|bextr|bzhi|pdep|pext)', mn):
            rmw = False  # three-operand forms: the destination is not read
        if vector_flow and len(ops) == 2 and _m(r'^v?(mov(s[sd]|[lh]p[sd]|hlps|lhps)|cvt)', mn):
            rmw = True  # these keep the destination's other lanes
        if dst is not None and rmw:
            val = val or tainted(dst)
        if mask and dst is not None:
            val = val or mask in t
            if not zero:
                val = val or tainted(dst)  # merge masking keeps the other lanes
        if _m(r'^(cmov|set|adc|sbb|adox)', mn):
            val = val or 'flags' in t
        if len(ops) == 2 and _m(r'^(xor|sub)', mn) and ops[0] == ops[1]:
            val = False
        if (vector_flow and len(ops) >= 2 and ops[-2] == (ops[-3] if len(ops) == 3 else ops[-1])
                and not mask and _m(r'^v?(p(xor|sub[bwdq]|andn|cmpeq[bwdq]|cmpgt[bwdq])|xorp[sd]|andnp[sd])$', mn)):
            val = False  # x ^ x, x - x, x == x: a constant whatever x is
        # (a vector ALU instruction whose name starts like a flag writer, orps, xorps,
        # andnpd, addps, subsd, mulps, cmpps, leaves RFLAGS alone; ptest and comis write them)
        if FLAGW.match(mn) and not (ops and _m(r'^%[xyz]mm\d+$', ops[-1])
                                    and not _m(r'^(v?ptest|v?u?comis)', mn)):
            if val or (mn.startswith(('v', 'p', 'k')) and any(tainted(o) for o in ops)):
                t.add('flags')
            else:
                t.discard('flags')
        if dst is None:
            return t
        # stack pointers: lea d(%rsp), reg
        r = GPR.get(dst.lstrip('%'))
        if r:
            # the region a public pointer written to r points to
            nr_ = None
            if (regw == 8 or _m(r'^v?movq$', mn)) and srcs:
                s0_ = srcs[0]
                mp0_ = memparts(s0_)
                if mn.startswith('mov') and len(srcs) == 1 and GPR.get(s0_.lstrip('%')):
                    nr_ = reg_region(GPR[s0_.lstrip('%')])
                elif (mn.startswith('cmov') and len(srcs) == 1 and GPR.get(s0_.lstrip('%'))
                      and reg_region(GPR[s0_.lstrip('%')]) == reg_region(r)):
                    nr_ = reg_region(r)  # a choice between two pointers to the same region
                elif _m(r'^v?movq$', mn) and _m(r'^%xmm\d+$', s0_):
                    nr_ = reg_region('v' + s0_[4:])  # a pointer parked in a vector register
                elif _m(r'^movq?$', mn) and len(srcs) == 1 and mp0_:
                    so_ = stack_off(s0_)
                    if so_ is not None:
                        nr_ = next((k_[2] for k_ in meta if k_[0] == 'rs' and k_[1] == so_), None)
                    elif mp0_[0] and mp0_[0] not in t and reg_region(mp0_[0]) and not (mp0_[1] and mp0_[1] in t):
                        nr_ = region_kind(reg_region(mp0_[0]), mp0_[2], 8, mp0_[1] is not None) or None
                elif mn.startswith('lea') and mp0_:
                    rb_ = reg_region(mp0_[0]) if mp0_[0] and mp0_[0] not in t else None
                    if mp0_[0] is None and '%rip' in s0_:
                        nr_ = next((nm_ for sy_, nm_ in STATIC if sy_.search(mp0_[3])), None)
                    elif rb_ and not (mp0_[1] and mp0_[1] in t) and region_split(rb_)[0][1] is not None:
                        nr_ = rb_
                    elif (not rb_ and mp0_[1] and mp0_[1] not in t and not (mp0_[0] and mp0_[0] in t)
                          and reg_region(mp0_[1]) and region_split(reg_region(mp0_[1]))[0][1] is not None):
                        nr_ = reg_region(mp0_[1])  # lea d(%public, %region): the same, the other way round
                    elif rb_ and mp0_[1] is None and mp0_[2] is not None:
                        # a pointer into a region: its fields from there
                        o_ = region_split(rb_)[1] + mp0_[2]
                        nr_ = rb_.partition('+')[0] + ('+%d' % o_ if o_ else '')
                elif _m(r'^(add|sub)q$', mn) and reg_region(r) and region_split(reg_region(r))[0][1] is not None and not tainted(s0_):
                    nr_ = reg_region(r)  # a public offset into a region of public words
                elif (mn == 'addq' and GPR.get(s0_.lstrip('%')) and reg_region(GPR[s0_.lstrip('%')])
                      and region_split(reg_region(GPR[s0_.lstrip('%')]))[0][1] is not None and r not in t):
                    nr_ = reg_region(GPR[s0_.lstrip('%')])  # the same, the other way round
            for k_ in meta:
                if isinstance(k_, tuple) and k_[0] in ('p', 'c', 'r', 'px') and k_[1] == r:
                    t.discard(k_)
            if nr_ and not val:
                t.add(('r', r, nr_))
            if _m(r'^(add|sub)q$', mn) and srcs and _m(r'^\$-?\d+$', srcs[0]) and not val:
                # a pointer into the frame stepped by a constant (the SHA-512 asm walks
                # its frame struct so) is followed; where two paths (a loop that steps
                # it for good) disagree on where it points, it is not (the join below)
                po_ = [k_[2] for k_ in meta if k_[0] == 'p' and k_[1] == r]
                if len(po_) == 1 and abs(int(srcs[0][1:])) < 8192:
                    t.add(('p', r, po_[0] + (int(srcs[0][1:]) if mn.startswith('add') else -int(srcs[0][1:]))))
            if mn.startswith('mov') and srcs and _m(r'^\$-?\d+$', srcs[0]):
                t.add(('c', r, int(srcs[0][1:])))
            if mn.startswith('lea') and srcs:
                mp = memparts(srcs[0])
                if mp and mp[0] in ('rsp', 'rbp') and mp[1] is None and mp[2] is not None:
                    t.add(('p', r, canon(mp[0], mp[2])))
                    lea_offs.add(canon(mp[0], mp[2]))
                elif mp and mp[1] is None and mp[2] is not None and mp[0] != r:
                    # lea d(%reg) of a pointer into the stack: a pointer into the stack
                    # (not lea d(%r), %r: a pointer stepped in a loop would never settle;
                    # it stops being followed, and loads through it count as secret)
                    for k_ in meta:
                        if isinstance(k_, tuple) and k_[0] == 'p' and k_[1] == mp[0] and abs(k_[2] + mp[2]) < 8192:
                            t.add(('p', r, k_[2] + mp[2]))
            if _m(r'^v?movq$', mn) and srcs and _m(r'^%xmm\d+$', srcs[0]):
                for k_ in meta:
                    if k_[0] == 'p' and k_[1] == 'v' + srcs[0][4:]:
                        t.add(('p', r, k_[2]))
            if mn.startswith('mov') and srcs and srcs[0] == '%rsp':
                t.add(('p', r, canon('rsp', 0)))
                lea_offs.add(canon('rsp', 0))
            if mn.startswith('mov') and srcs and GPR.get(srcs[0].lstrip('%')):
                sr = GPR[srcs[0].lstrip('%')]
                for k_ in meta:
                    if isinstance(k_, tuple) and k_[0] == 'p' and k_[1] == sr:
                        t.add(('p', r, k_[2]))
            if _m(r'^movq?$', mn) and srcs and memparts(srcs[0]):
                # a pointer into the frame reloaded from its spill slot
                so = stack_off(srcs[0])
                for k_ in meta:
                    if so is not None and isinstance(k_, tuple) and k_[0] == 'ps' and k_[1] == so:
                        t.add(('p', r, k_[2]))
            if val:
                if report and DEBUG and r not in t: print('    taints %s: %s %s' % (r, mn, ', '.join(ops)))
                t.add(r)
            else: t.discard(r)
            return t
        n = dst.lstrip('%')
        if _m(r'^k[0-7]$', n):
            if val and report and DEBUG and n not in t: print('    taints %s: %s %s' % (n, mn, ', '.join(ops)))
            if val: t.add(n)
            else: t.discard(n)
            return t
        if vector_flow and _m(r'^[xyz]mm\d+$', n):
            if val: t.add(('vsec', n[3:]))
            else: t.discard(('vsec', n[3:]))
            # a pointer parked in a vector register (vmovq %gpr, %xmmN) keeps what it points to
            for k_ in meta:
                if k_[0] in ('p', 'r') and k_[1] == 'v' + n[3:]:
                    t.discard(k_)
            sr_ = GPR.get(srcs[0].lstrip('%')) if srcs and len(srcs) == 1 and _m(r'^v?movq$', mn) else None
            if (srcs and len(srcs) == 1 and not mask and _m(r'^%[xyz]mm\d+$', srcs[0])
                    and _m(r'^v?mov(dq[au](8|16|32|64)?|[au]p[sd]|q)$', mn)):
                sr_ = 'v' + srcs[0][4:]  # a vector register copied whole
            if sr_ and not val:
                for k_ in meta:
                    if k_[0] in ('p', 'r') and k_[1] == sr_:
                        t.add((k_[0], 'v' + n[3:], k_[2]))
            if srcs and len(srcs) == 1 and _m(r'^v?movq$', mn) and memparts(srcs[0]) and not val:
                so_ = stack_off(srcs[0])  # reloaded from its spill slot
                for k_ in meta:
                    if so_ is not None and k_[0] == 'rs' and k_[1] == so_:
                        t.add(('r', 'v' + n[3:], k_[2]))
            return t
        so = stack_off(dst)
        if so is not None:
            # a spilled pointer into the frame: remembered with its slot
            w = regw or 8
            for k_ in meta:
                if isinstance(k_, tuple) and k_[0] == 'ps' and so - 8 < k_[1] < so + w:
                    t.discard(k_)
            sr = GPR.get(srcs[0].lstrip('%')) if srcs and _m(r'^movq?$', mn) and w == 8 else None
            for k_ in meta:
                if sr and isinstance(k_, tuple) and k_[0] == 'p' and k_[1] == sr:
                    t.add(('ps', so, k_[2]))
            # a spilled region pointer likewise
            for k_ in meta:
                if isinstance(k_, tuple) and k_[0] == 'rs' and so - 8 < k_[1] < so + w:
                    t.discard(k_)
            if _m(r'^v?movq$', mn) and srcs and _m(r'^%xmm\d+$', srcs[0]):
                sr = 'v' + srcs[0][4:]  # a vector register's low lane spilled
            if sr and reg_region(sr) and not val:
                t.add(('rs', so, reg_region(sr)))
        mp = memparts(dst)
        if mp and mp[0] in ('rsp', 'rbp') and mp[1] is None and mp[2] is not None:
            w = regw or 8
            for i in range(w):
                if val: t.add(('s', mp[0], canon(mp[0], mp[2]) + i))
                else: t.discard(('s', mp[0], canon(mp[0], mp[2]) + i))
        elif mp and mp[1] is None and mp[2] is not None:
            # a store through a register that points into the stack frame
            sp = [k_[2] for k_ in meta if k_[0] == 'p' and k_[1] == mp[0]]
            if sp:
                for i in range(regw or 8):
                    if val: t.add(('s', 'rsp', sp[0] + mp[2] + i))
                    else: t.discard(('s', 'rsp', sp[0] + mp[2] + i))
        if report and val and mp and mp[0] and mp[0] not in ('rsp', 'rbp') and reg_region(mp[0]):
            # a secret stored into declared public memory
            pw_ = region_public_words(reg_region(mp[0]))
            d_ = mp[2]
            if pw_ is None or mp[1] is not None or d_ is None or any(
                    w_ in pw_ for w_ in range(d_ - d_ % 8, d_ + (regw or 8), 8)):
                viol.append('a secret stored into public memory (%s): %s %s' % (reg_region(mp[0]), mn, ', '.join(ops)))
        return t

    blocks, cur, labels, numlab = [], [], {}, {}
    for ins in insns:
        if ins[0] is not None:
            if cur: blocks.append(cur)
            cur = [ins]; labels[ins[0]] = len(blocks)
            numlab.setdefault(ins[0], []).append(len(blocks)); continue
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
            m_ = _m(r'^(\d+)([bf])$', tgt)
            if m_:
                # an inline-assembly local label: 1b the nearest 1: before, 1f after
                occ = numlab.get(m_.group(1), [])
                c_ = [b for b in occ if b <= bi] if m_.group(2) == 'b' else [b for b in occ if b > bi]
                if c_: out.append(max(c_) if m_.group(2) == 'b' else min(c_))
            elif tgt in labels: out.append(labels[tgt])
            if last[-1][1] == 'jmp':
                return out
        if bi + 1 < len(blocks): out.append(bi + 1)
        return out
    for rnd in range(2):
        # (with --vector-flow a second round starts again knowing every stack
        # object whose address the function takes: the bounds of the callee
        # writes above)
        n_lea = len(lea_offs)
        IN = [None] * len(blocks)
        IN[0] = set(entry) | VSEC_ALL | set(('r', r_, nm_) for f_, r_, nm_ in ARGREG
                                            if r_ not in entry and r_[0] != 's' and f_.search(fn))
        IN[0] |= set(('rs', int(r_[1:]), nm_) for f_, r_, nm_ in ARGREG if r_[0] == 's' and f_.search(fn))
        work = [0]
        while work:
            bi = work.pop()
            st = set(IN[bi])
            for ins in blocks[bi]:
                if ins[1] is not None:
                    st = step(st, ins, False)
            for s in succ(bi):
                if IN[s] is None:
                    IN[s] = st
                    work.append(s)
                    continue
                new = IN[s] | st
                # what a region pointer grants (public loads) holds after a join only
                # if it holds on every path into it
                new -= set(k_ for k_ in new if k_.__class__ is tuple and k_[0] in ('r', 'rs')) - (IN[s] & st)
                # a register that points into the frame at two offsets after a join (a
                # pointer stepped in a loop, or set apart on two paths) is followed on
                # neither (loads through it secret): marked 'px' at this join for good
                po_ = {}
                for k_ in new:
                    if k_.__class__ is tuple and k_[0] == 'p':
                        po_.setdefault(k_[1], set()).add(k_[2])
                for r_, os_ in po_.items():
                    if len(os_) > 1 or ('px', r_) in new:
                        new -= set(('p', r_, o_) for o_ in os_)
                        new.add(('px', r_))
                if new != IN[s]:
                    IN[s] = new
                    work.append(s)
        if not vector_flow or len(lea_offs) == n_lea:
            break
    for bi in range(len(blocks)):
        if IN[bi] is None:
            continue
        st = set(IN[bi])
        for ins in blocks[bi]:
            if ins[1] is not None:
                st = step(st, ins, True)
    n = sum(1 for i in insns if i[1] is not None)
    return sorted(set(viol)), n

entry = dict((f, set(secret_entry.get(f, ()))) for f in funcs)
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
                   src/aes/x86_64/gcm_vaes256.c src/aes/x86_64/gcm_vaes512.c \
                   src/aes/x86_64/ccm_aesni.c; do
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

# ---- the P-256 / P-384 inline-assembly blocks (ADX; valgrind cannot run them) ----
# src/ec/x86_64/p256_asm_gen.h and p384_asm_gen.h (generated by
# scripts/gen/gen_ecp_asm.py / gen_p384_asm.py): the MULX/ADCX/ADOX field
# products, the Jacobian doubling and additions, and the comb's mixed
# addition with the next table scan woven in (ecp_asm_p256_jac_madd_scan_avx2;
# valgrind hides ADX, so ct_ecp runs the portable comb, never this block).
# The blocks are static inline: each is compiled inside a one-line function
# of a generated file and traced with the "every vector register and every
# non-stack load is secret" model (--vector-flow): the frame's coordinates,
# the field constants and the scan's index (s[85], offset 680) are secret;
# only the scan's table address (s[84], offset 672) and destination (s[86],
# offset 688) are public.  So no address may depend on the index or a
# coordinate (every entry is loaded, the index only meets vector compares),
# no branch on a carry (the reductions select by CMOV), no division.  The
# negative control mutates the woven-scan block five ways (the index as the
# table address, the entry loaded at table + 64 index, a branch on the index,
# a branch instead of the CMOV of a final subtraction, an entry mask moved to
# a general-purpose register and used as an index): each must be caught.
# The C around the block (tacit_ecp_p256_adx_comb: digits, masks, copies) is
# not traced: it loads the table address from the curve, which this model
# would call secret; ct_ecp runs the same digit and mask code under valgrind.
cat >"$tmp/ecp_wrap.py" <<'EOPY'
import re, sys

# usage: ecp_wrap.py OUTDIR: C files that call each inline-assembly block of
# the generated P-256 / P-384 headers from an ordinary function (the blocks
# are static inline: only a caller gives them a compiled body), and mutated
# copies of the woven-scan block for the negative control.
out = sys.argv[1]
SCAN = 'ecp_asm_p256_jac_madd_scan_avx2'

def blocks(path):
    text = open(path).read()
    res = []
    for m in re.finditer(r'^static inline void (ecp_asm_\w+)\(([^)]*)\)\n\{', text, re.M):
        name, params = m.group(1), ' '.join(m.group(2).split())
        args = [re.findall(r'\w+', p_)[-1] for p_ in params.split(',')]
        end = text.index('\n}\n', m.end()) + 3
        res.append((name, params, args, text[m.start():end]))
    return res

p256 = blocks('src/ec/x86_64/p256_asm_gen.h')
p384 = blocks('src/ec/x86_64/p384_asm_gen.h')
names = [b[0] for b in p256 + p384]
if SCAN not in names or len(p256) < 10 or len(p384) < 3:
    sys.exit('the generated headers do not hold the expected blocks: %s' % names)

def wrap(name, params, args):
    return 'void ct_%s(%s);\nvoid ct_%s(%s) { %s(%s); }\n' % (name, params, name, params, name, ', '.join(args))

with open(out + '/ecp_blocks.c', 'w') as f:
    f.write('#include "ec/x86_64/p256_asm_gen.h"\n#include "ec/x86_64/p384_asm_gen.h"\n')
    for name, params, args, _ in p256 + p384:
        if name != SCAN:
            f.write(wrap(name, params, args))
scan = [b for b in p256 if b[0] == SCAN][0]
with open(out + '/ecp_scan.c', 'w') as f:
    f.write('#include "ec/x86_64/p256_asm_gen.h"\n' + wrap(*scan[:3]))

# the negative control: the woven-scan block with one leak each
body = scan[3]
first_line = re.search(r'"vpbroadcastq 680\(%\[s\]\), %%ymm0\\n\\t"\n', body).group(0)
muts = {
    # the table address taken from the index slot
    'neg_index_base': ('"movq 672(%[s]), %[g0]\\n\\t"', '"movq 680(%[s]), %[g0]\\n\\t"'),
    # the wanted entry loaded directly: index * 64 added to the table address
    'neg_index_lookup': ('"vpand 0(%[g0]), %%ymm3, %%ymm6\\n\\t"',
                         '"movq 680(%[s]), %%rdx\\n\\t" "shlq $6, %%rdx\\n\\t" "vpand 0(%[g0],%%rdx), %%ymm3, %%ymm6\\n\\t"'),
    # a branch on the index
    'neg_index_branch': (first_line, first_line + '        "cmpq $0, 680(%[s])\\n\\t" "je 7f\\n\\t" "7:\\n\\t"\n'),
    # the final subtraction of a field product by a branch instead of CMOV
    'neg_carry_branch': ('"cmovncq %[g8], %[g0]\\n\\t"', '"jc 7f\\n\\t" "movq %[g8], %[g0]\\n\\t" "7:\\n\\t"'),
    # an entry's mask moved to a general-purpose register and used as an index
    'neg_mask_index': ('"vpaddq %%ymm2, %%ymm1, %%ymm1\\n\\t"',
                       '"vpaddq %%ymm2, %%ymm1, %%ymm1\\n\\t" "vmovq %%xmm3, %%rdx\\n\\t" "andq $8, %%rdx\\n\\t" "movq 0(%[g0],%%rdx), %%rdx\\n\\t"'),
}
with open(out + '/ecp_neg.c', 'w') as f:
    f.write('#include <stdint.h>\n')
    for neg, (old, new) in muts.items():
        if old not in body:
            sys.exit('mutation %s: pattern not found in the block' % neg)
        b = body.replace(SCAN, 'ecp_asm_' + neg, 1).replace(old, new, 1)
        f.write(b + '\n' + wrap('ecp_asm_' + neg, 'uint64_t *s', ['s']))
print(' '.join('ct_ecp_asm_' + n for n in muts))
EOPY
if [ "$(uname -m)" = x86_64 ] && command -v python3 >/dev/null; then
    mkdir -p "$tmp/ecpw"
    ecp_ccs="gcc clang"
    if ! ecp_negs=$(python3 "$tmp/ecp_wrap.py" "$tmp/ecpw" 2>&1); then
        echo "FAIL  ecp blocks: $ecp_negs"
        fail=1
        ecp_ccs=""
    fi
    for cc in $ecp_ccs; do
        command -v $cc >/dev/null || continue
        for opt in -O2 -O3 -Os; do
            for w in ecp_blocks ecp_scan; do
                pub=none
                [ $w = ecp_scan ] && pub="672 688"
                if ! $cc $opt -std=c99 -Iinclude -Isrc -S -o "$tmp/ecpw/$w.s" "$tmp/ecpw/$w.c" 2>"$tmp/err"; then
                    echo "FAIL  $cc $opt $w (cannot compile: $(head -1 "$tmp/err"))"
                    fail=1
                    continue
                fi
                # shellcheck disable=SC2086
                if out=$(python3 "$tmp/secret.py" "$tmp/ecpw/$w.s" $pub --vector-flow); then
                    echo "ok    $cc $opt ec/x86_64 $w:$(echo "$out" | sed 's/^ *//' | tr '\n' ';' | sed 's/;$//')"
                else
                    echo "FAIL  $cc $opt ec/x86_64 $w: a secret reaches:"
                    echo "$out" | sed 's/^/        /'
                    fail=1
                fi
            done
        done
        for opt in -O2 -Os; do
            $cc $opt -std=c99 -S -o "$tmp/ecpw/neg.s" "$tmp/ecpw/ecp_neg.c" || echo >"$tmp/ecpw/neg.s"
            out=$(python3 "$tmp/secret.py" "$tmp/ecpw/neg.s" 672 688 --vector-flow || true)
            missed=""
            for f in $ecp_negs; do
                echo "$out" | grep -q "^$f: " || missed="$missed $f"
            done
            if [ -n "$missed" ] || [ -z "$ecp_negs" ]; then
                echo "FAIL  $cc $opt woven-scan negative control: not caught:$missed"
                fail=1
            else
                echo "ok    $cc $opt woven-scan negative control: all $(echo $ecp_negs | wc -w) leaks caught"
            fi
        done
    done
else
    echo "skip  P-256 / P-384 blocks (needs an x86-64 host and python3)"
fi

# ---- bignum and Curve25519 x86-64 kernels: the same tracer, data-flow vectors ----
# src/bignum/x86_64/mont_adx.c (MULX/ADCX/ADOX Montgomery products, the 8-limb
# window rows), mont_avx2.c (tacit_mpi_core_avx2_table_select), inv_avx2.c (the
# AVX2 divsteps of the safegcd inverse), gcd_avx2.c (the gcd's packed AVX2
# divsteps), inv_ifma.c (the AVX-512 IFMA divsteps,
# which valgrind cannot run), src/curve25519/x86_64/fe64_adx.c (the
# X25519 ladder, field operations) and ed25519_point_adx.c (the Ed25519 base
# multiplication).  valgrind runs the MULX, AVX2 scan and divsteps code in the
# ct suites but hides ADX (the C models of ct_bignum_core_adx / ct_x25519_adx
# stand in); this traces the compiled code itself at -O2, -O3, -Os, gcc and
# clang.  Model (--vector-flow): every load from memory that is not the stack
# is secret (operands, moduli: RSA's primes are secret, the scalar, the
# table), and so are the named secret arguments (the table scan's index %r8,
# the Montgomery constant mm, the multiplier limb of mla); vector registers
# are secret at entry, after calls and when loaded, and otherwise follow the
# data (a broadcast of a public size stays public: the window code parks its
# counters in a vector store); the sizes (the other arguments) are public.
# Stack slots are tracked through registers that point into the frame (the
# window code addresses its frame through one) and through their spills, and
# a call may write secrets into the frame where a pointer argument lets it.
# _unsafe functions (leaky by contract: Ed25519 verification's decoder and
# double-scalar multiplication, and wnaf5, which only it calls) are not
# checked; a checked function that passes them a secret fails.  Not covered:
# src/bignum/x86_64/exp_ifma.c (its kernel table and workspace pointers live
# in memory, which this model would call secret; ct_bignum_core_ifma runs
# its kernel source against a C model under valgrind).  The negative control
# (below) must be caught: the index in an address, a scan that skips entries,
# a final subtraction by a branch, a JRCXZ loop counted by a secret, a secret
# through a frame pointer register, a callee filling a stack array, a callee's
# result (a carry) deciding a branch, a vector a callee returns as an index, a
# vector lane as an index, a load from an
# address chosen by a secret bit.  A call's result is secret (--public-ret
# names the callees whose result is a size).
cat >"$tmp/mpi_neg.c" <<'EOC'
#include <immintrin.h>
#include <stdint.h>
#include <stddef.h>
static const uint64_t tbl[16] = {1, 2, 3};
void neg_select_index(uint64_t *X, const uint64_t *table, size_t limbs, size_t count, size_t index);
void neg_select_index(uint64_t *X, const uint64_t *table, size_t limbs, size_t count, size_t index)
{ /* the wanted entry read directly (the index, a secret argument, in an address) */
    size_t j;
    (void)count;
    for (j = 0; j < limbs; j++) X[j] = table[index * limbs + j];
}
__attribute__((target("avx2"))) void neg_select_skip(uint64_t *X, const uint64_t *table, size_t limbs, size_t count, size_t index);
__attribute__((target("avx2"))) void neg_select_skip(uint64_t *X, const uint64_t *table, size_t limbs, size_t count, size_t index)
{ /* an AVX2 scan that skips the entries its mask rejects (a branch on a vector compare) */
    __m256i idx = _mm256_set1_epi64x((long long)index), a = _mm256_setzero_si256();
    size_t i;
    (void)limbs;
    for (i = 0; i < count; i++) {
        __m256i m = _mm256_cmpeq_epi64(_mm256_set1_epi64x((long long)i), idx);
        if (_mm256_testz_si256(m, m)) continue;
        a = _mm256_or_si256(a, _mm256_loadu_si256((const __m256i *)(const void *)(table + 4 * i)));
    }
    _mm256_storeu_si256((__m256i *)(void *)X, a);
}
void neg_adx_final_branch(uint64_t *r, const uint64_t *a, const uint64_t *n);
void neg_adx_final_branch(uint64_t *r, const uint64_t *a, const uint64_t *n)
{ /* a final subtraction taken or not by a branch on the borrow */
    uint64_t t0, t1;
    __asm__ volatile("movq (%[a]), %[t0]\n\t"
                     "movq 8(%[a]), %[t1]\n\t"
                     "subq (%[n]), %[t0]\n\t"
                     "sbbq 8(%[n]), %[t1]\n\t"
                     "jc 1f\n\t"
                     "movq %[t0], (%[r])\n\t"
                     "movq %[t1], 8(%[r])\n\t"
                     "1:\n\t"
                     : [t0] "=&r"(t0), [t1] "=&r"(t1)
                     : [r] "r"(r), [a] "r"(a), [n] "r"(n)
                     : "cc", "memory");
}
void neg_jrcxz_count(uint64_t *r, const uint64_t *a);
void neg_jrcxz_count(uint64_t *r, const uint64_t *a)
{ /* an ADX-style loop (JRCXZ keeps the flags) whose count is a secret limb */
    uint64_t c, x;
    __asm__ volatile("movq (%[a]), %%rcx\n\t"
                     "xorl %k[x], %k[x]\n\t"
                     "1:\n\t"
                     "adcx 8(%[a]), %[x]\n\t"
                     "lea -1(%%rcx), %%rcx\n\t"
                     "jrcxz 2f\n\t"
                     "jmp 1b\n\t"
                     "2:\n\t"
                     "movq %[x], (%[r])\n\t"
                     : "=&c"(c), [x] "=&r"(x)
                     : [r] "r"(r), [a] "r"(a)
                     : "cc", "memory");
    (void)c;
}
uint64_t neg_frame_spill(const uint64_t *a);
uint64_t neg_frame_spill(const uint64_t *a)
{ /* a secret limb parked in a stack frame through a pointer register
     (as the 8-limb window code parks its counters), read back, used as an index */
    uint64_t st[4], v;
    __asm__ volatile("movq (%[a]), %[v]\n\t"
                     "movq %[v], 16(%[st])\n\t"
                     "xorl %k[v], %k[v]\n\t"
                     "movq 16(%[st]), %[v]\n\t"
                     "andq $15, %[v]\n\t"
                     "movq (%[t],%[v],8), %[v]\n\t"
                     : [v] "=&r"(v)
                     : [a] "r"(a), [st] "r"(st), [t] "r"(tbl)
                     : "memory");
    return v;
}
__attribute__((noinline)) static void fill_digits(uint64_t *d, const uint64_t *k)
{
    int i;
    for (i = 0; i < 4; i++) d[i] = k[i] & 15;
}
uint64_t neg_callee_writes(const uint64_t *k);
uint64_t neg_callee_writes(const uint64_t *k)
{ /* a callee writes secret digits into the caller's stack array; the caller indexes with one */
    uint64_t d[4], s = 0;
    int i;
    fill_digits(d, k);
    for (i = 0; i < 4; i++) s += tbl[d[i]];
    return s;
}
__attribute__((noinline)) static uint64_t top_carry(const uint64_t *a, const uint64_t *b)
{
    return (a[3] + b[3]) < a[3];
}
uint64_t neg_secret_result(uint64_t *r, const uint64_t *a, const uint64_t *b);
uint64_t neg_secret_result(uint64_t *r, const uint64_t *a, const uint64_t *b)
{ /* a callee's result (a carry out of secret limbs) decides a branch */
    if (top_carry(a, b)) {
        r[0] = a[0] - b[0];
        return 1;
    }
    return 0;
}
__attribute__((noinline, target("avx2"))) static __m128i load_lanes(const uint64_t *a)
{
    return _mm_add_epi64(_mm_loadu_si128((const __m128i *)(const void *)a), _mm_set1_epi64x(1));
}
__attribute__((target("avx2"))) uint64_t neg_vector_callee(const uint64_t *a);
__attribute__((target("avx2"))) uint64_t neg_vector_callee(const uint64_t *a)
{ /* a vector a callee of the file returns, its lane used as an index */
    return tbl[(uint64_t)_mm_cvtsi128_si64(load_lanes(a)) & 15];
}
__attribute__((target("avx2"))) uint64_t neg_vector_extract(const uint64_t *a);
__attribute__((target("avx2"))) uint64_t neg_vector_extract(const uint64_t *a)
{ /* a secret vector lane moved to a general-purpose register and used as an index */
    __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)a);
    x = _mm256_add_epi64(x, _mm256_set1_epi64x(3));
    return tbl[(uint64_t)_mm256_extract_epi64(x, 2) & 15];
}
uint64_t neg_pointer_select(const uint64_t *h, const uint64_t *k);
uint64_t neg_pointer_select(const uint64_t *h, const uint64_t *k)
{ /* a load from one of two addresses chosen by a secret bit (the pattern clang -Os made of fe4_canon's select) */
    uint64_t t[4];
    int i;
    for (i = 0; i < 4; i++) t[i] = h[i] + 19;
    __asm__ volatile("" ::"r"(t) : "memory");
    return *((k[0] >> 63) ? &t[1] : &h[1]);
}
EOC
mpi_arity="--arity=tacit_mpi_core_inv_mod_odd_ct_working_limbs:rdi --arity=tacit_fe25519_adx_tobytes:rdi,rsi \
--public-ret=tacit_mpi_core_inv_mod_odd_ct_working_limbs --public-ret=tacit_mpi_core_cpu_has_avx512 \
--arity=tacit_fe25519_adx_pow22523:rdi,rsi --arity=tacit_fe25519_adx_invert:rdi,rsi"
mpi_secret="--secret=tacit_mpi_core_avx2_table_select:r8 --secret=tacit_mpi_core_adx_mla:rcx \
--secret=tacit_mpi_core_adx_redc_rows:rcx --secret=tacit_mpi_core_adx_montmul:r9 \
--secret=tacit_mpi_core_adx_redc:r8 --secret=tacit_mpi_core_adx_montsqr:r8"
if [ "$(uname -m)" = x86_64 ] && command -v python3 >/dev/null; then
    for cc in gcc clang; do
        command -v $cc >/dev/null || continue
        for src in src/bignum/x86_64/mont_adx.c src/bignum/x86_64/mont_avx2.c src/bignum/x86_64/inv_avx2.c \
                   src/bignum/x86_64/gcd_avx2.c \
                   src/bignum/x86_64/inv_ifma.c \
                   src/curve25519/x86_64/fe64_adx.c src/curve25519/x86_64/ed25519_point_adx.c; do
            for opt in -O2 -O3 -Os; do
                if ! $cc $opt -std=c99 -Iinclude -Isrc -S -o "$tmp/mpi.s" "$src" 2>"$tmp/err"; then
                    echo "skip  $cc $opt $src (cannot compile: $(head -1 "$tmp/err"))"
                    continue
                fi
                if ! grep -q '@function' "$tmp/mpi.s"; then
                    # -Os builds leave out the AVX2 divsteps; at -O2 every file must compile to code
                    if [ "$opt" = -O2 ]; then
                        echo "FAIL  $cc $opt $src: no function compiled (a configuration guard changed?)"
                        fail=1
                    else
                        echo "skip  $cc $opt $src: no function compiled at $opt"
                    fi
                    continue
                fi
                # shellcheck disable=SC2086
                if out=$(python3 "$tmp/secret.py" "$tmp/mpi.s" none --vector-flow $mpi_secret $mpi_arity \
                         '--skip=_unsafe$' '--skip=^wnaf5$'); then
                    echo "ok    $cc $opt $src:$(echo "$out" | sed 's/^ *//' | tr '\n' ';' | sed 's/;$//')"
                else
                    echo "FAIL  $cc $opt $src: a secret reaches:"
                    echo "$out" | sed 's/^/        /'
                    fail=1
                fi
            done
        done
        for opt in -O2 -Os; do
            $cc $opt -std=c99 -S -o "$tmp/mneg.s" "$tmp/mpi_neg.c" || echo >"$tmp/mneg.s"
            out=$(python3 "$tmp/secret.py" "$tmp/mneg.s" none --vector-flow \
                  --secret=neg_select_index:r8 --secret=neg_select_skip:r8 || true)
            missed=""
            for f in neg_select_index neg_select_skip neg_adx_final_branch neg_jrcxz_count neg_frame_spill \
                     neg_callee_writes neg_secret_result neg_vector_callee neg_vector_extract neg_pointer_select; do
                echo "$out" | grep -q "^$f: " || missed="$missed $f"
            done
            if [ -n "$missed" ]; then
                echo "FAIL  $cc $opt bignum/Curve25519 negative control: not caught:$missed"
                fail=1
            else
                echo "ok    $cc $opt bignum/Curve25519 negative control: all ten leaks caught"
            fi
        done
    done
else
    echo "skip  bignum and Curve25519 kernels (needs an x86-64 host and python3)"
fi

# ---- the AVX-512 IFMA exponentiation: declared public memory ----
# src/bignum/x86_64/exp_ifma.c (the RSA private-key path on every IFMA CPU;
# valgrind cannot run AVX-512: ct_bignum_core_ifma runs the kernel source
# against a C model of the intrinsics).  The same tracer and model as the
# bignum section (every non-stack load secret: the moduli, the exponent, the
# Montgomery constants, every digit), except the pointers and sizes that
# live in memory, declared public by --region/--arg/--static (see the
# tracer's options): the kernel table (its digit count and function
# pointers), the work area's part pointers and the modulus pointer (ifma_half,
# tacit_ifma_mod's m; k0, m0, m1 stay secret), the arrays of pointers that the
# two-ladder functions take.  A store of a secret into a declared public word
# fails, and so does a call that passes a frame struct whose declared public
# words hold a secret.  gcc at -O2 and -O3 (the Release build); -Os compiles
# no IFMA code.  Not yet: clang (its code parks the pointers in ways the
# model does not follow yet: false positives, so not run).  The negative
# control (a declared-region file: a secret word of a workspace as an index,
# a branch on data read through a public pointer, a secret stored into a
# public word and then used as a pointer, a masked load under a data mask,
# a frame workspace whose public word holds a secret passed to a declared
# function, a static table of public kernels at a secret index) must be caught,
# and its positive control (public pointers and size from the workspace)
# must pass.
cat >"$tmp/region_neg.c" <<'EOC'
#include <immintrin.h>
#include <stdint.h>
#include <stddef.h>
typedef struct {
    uint64_t *tab, *out;
    size_t n;
    uint64_t k;
} ws;
typedef struct {
    size_t d;
    void (*fn)(ws *);
} kern;
void neg_region_ok(ws *w);
void neg_region_ok(ws *w)
{ /* the positive control: public pointers and size from the workspace, secret data through them */
    size_t i;
    for (i = 0; i < w->n; i++) w->out[i] = w->tab[i] * w->k;
}
void neg_region_index(ws *w);
void neg_region_index(ws *w)
{ /* the secret word of the workspace as an index */
    w->out[0] = w->tab[w->k & 15];
}
void neg_region_branch(ws *w);
void neg_region_branch(ws *w)
{ /* a branch on a secret read through a public pointer */
    if (w->tab[0] == 7) w->out[0] = 1;
}
void neg_region_forge(ws *w);
void neg_region_forge(ws *w)
{ /* a secret stored into a public word, then used as a pointer */
    w->out = (uint64_t *)(uintptr_t)(w->tab[0] & ~(uint64_t)7);
    __asm__ volatile("" ::: "memory");
    w->out[0] = 0;
}
__attribute__((target("avx512f"))) void neg_region_mask(ws *w);
__attribute__((target("avx512f"))) void neg_region_mask(ws *w)
{ /* a masked load under a mask from secret data (the IFMA scan's old VPBLENDMQ from memory) */
    __m512i x = _mm512_loadu_si512(w->tab);
    __mmask8 m = _mm512_cmpeq_epi64_mask(x, _mm512_set1_epi64(1));
    _mm512_storeu_si512(w->out, _mm512_mask_mov_epi64(x, m, _mm512_loadu_si512(w->tab + 8)));
}
__attribute__((noinline)) void neg_region_callee(ws *w);
__attribute__((noinline)) void neg_region_callee(ws *w)
{
    w->out[0] = w->tab[1] + w->k;
}
void neg_region_caller(const uint64_t *s, uint64_t *o);
void neg_region_caller(const uint64_t *s, uint64_t *o)
{ /* a frame workspace whose public pointer word holds secret data, passed to a declared function */
    ws w;
    w.tab = (uint64_t *)(uintptr_t)s[0];
    w.out = o;
    w.n = 4;
    w.k = s[1];
    neg_region_callee(&w);
}
static void kfn(ws *w) { w->out[0] = 1; }
static const kern kerns[2] = {{4, kfn}, {8, kfn}};
void neg_static_index(ws *w);
void neg_static_index(ws *w)
{ /* a table of public kernels at a secret index */
    kerns[w->k & 1].fn(w);
}
EOC
# exp_ifma.c's declarations: the structs of bignum/x86_64/ifma_kernel.h
# (tacit_ifma_kernel: every word public; ifma_half: the nine part pointers
# and md.m at 0..72; tacit_ifma_mod: m at 0) and which arguments point to
# them (the ladders' ninth argument on the stack: s24 / s16).
ifma_regions="--region=kernel:*=pub --region=half:0-72=pub --region=mod:0=pub --region=ptrs:*=pub \
--region=mods:*=@mod --static=^ifma_kernel=@kernel \
--arg=^ifma_enter\$:rdi=@half,r9=@kernel --arg=^ifma_leave\$:r8=@kernel \
--arg=^ifma_leave(\\.constprop\\.[0-9]+)?\$:rdi=@half --arg=^ifma_amm_[0-9y]+\$:rcx=@mod \
--arg=^ifma_amm2_[0-9y]+\$:rdi=@ptrs,rsi=@ptrs,rdx=@ptrs,rcx=@mods --arg=^ifma_ladder_[0-9y]+\$:s24=@mod \
--arg=^ifma_ladder2_[0-9y]+\$:rdi=@ptrs,rsi=@ptrs,rdx=@ptrs,rcx=@ptrs,r8=@ptrs,r9=@ptrs,s24=@mods \
--arg=^ifma_ladder2p_p5\$:rdi=@ptrs,rdx=@ptrs,rcx=@ptrs,r8=@ptrs,s16=@mods \
--arg=^ifma_amm_pt_p5\$:r8=@mods --arg=^ifma_amm_pv_p5\$:rcx=@mods --arg=^ifma_sqr_pv_p5\$:rdx=@mods \
--arity=tacit_mpi_core_mont_init:rdi --arity=memmove:rdi,rsi,rdx \
--public-ret=tacit_mpi_core_cpu_has_ifma|tacit_mpi_core_cpu_prefers_ifma_pair"
region_negs="--region=ws:0-16=pub --region=kern:*=pub --static=^kerns\$=@kern \
--arg=^(neg_region_(ok|index|branch|forge|mask|callee)|neg_static_index|kfn)\$:rdi=@ws"
if [ "$(uname -m)" = x86_64 ] && command -v python3 >/dev/null; then
    for opt in -O2 -O3; do
        src=src/bignum/x86_64/exp_ifma.c
        if ! gcc $opt -std=c99 -Iinclude -Isrc -S -o "$tmp/ifma.s" "$src" 2>"$tmp/err"; then
            echo "FAIL  gcc $opt $src (cannot compile: $(head -1 "$tmp/err"))"
            fail=1
            continue
        fi
        if ! grep -q 'ifma_amm_y5' "$tmp/ifma.s"; then
            echo "FAIL  gcc $opt $src: no IFMA kernel compiled (a configuration guard changed?)"
            fail=1
            continue
        fi
        # shellcheck disable=SC2086
        if out=$(python3 "$tmp/secret.py" "$tmp/ifma.s" none --vector-flow $ifma_regions '--skip=_unsafe$'); then
            echo "ok    gcc $opt $src: $(echo "$out" | grep -c instructions) functions"
        else
            echo "FAIL  gcc $opt $src: a secret reaches:"
            echo "$out" | grep -v '^  ' | sed 's/^/        /'
            fail=1
        fi
    done
    for cc in gcc clang; do
        command -v $cc >/dev/null || continue
        for opt in -O2 -Os; do
            $cc $opt -std=c99 -S -o "$tmp/rneg.s" "$tmp/region_neg.c" || echo >"$tmp/rneg.s"
            # shellcheck disable=SC2086
            out=$(python3 "$tmp/secret.py" "$tmp/rneg.s" none --vector-flow $region_negs || true)
            missed=""
            for f in neg_region_index neg_region_branch neg_region_forge neg_region_mask neg_region_caller \
                     neg_static_index; do
                echo "$out" | grep -q "^$f: " || missed="$missed $f"
            done
            for f in neg_region_ok neg_region_callee; do
                echo "$out" | grep -q "^  $f: " || missed="$missed $f(positive)"
            done
            if [ -n "$missed" ]; then
                echo "FAIL  $cc $opt declared-memory negative control: not caught:$missed"
                fail=1
            else
                echo "ok    $cc $opt declared-memory negative control: all six leaks caught, the positive control passes"
            fi
        done
    done
else
    echo "skip  IFMA exponentiation (needs an x86-64 host and python3)"
fi

# ---- SHA-NI SHA-256 and the P-384 ADX point code: the same tracer, nothing public ----
# src/hash/x86_64/sha256_shani.c (SHA-NI: HMAC keys, HKDF secrets, ML-KEM and
# ML-DSA seeds go through it; valgrind 3.19 cannot run SHA-NI) and
# src/ec/x86_64/p384_adx.c (the P-384 formulas over the ADX products of
# p384_asm_gen.h; valgrind hides ADX): every vector register and every load
# that is not from the stack is secret (the default model of the GCM
# section, no public displacement); _unsafe functions (verification) are not
# checked.  The negative controls of the sections above hold for this model.
# Every level of both compilers: sha256_shani.c's two gcc -Os flags were the
# model's (orps between a length test and its branch was taken as a flag
# writer), p384_adx.c at clang -Os passes since the realigned-frame fix.
# And src/hash/x86_64/sha512_avx2.c (SHA-384/512 with AVX2 and BMI2, and its
# AVX-512VL variant valgrind cannot run: Ed25519 secret keys and nonces,
# HMAC-SHA512/384 keys, HKDF): its asm reaches everything through one pointer
# into its stack frame struct, which it steps by constants (addq $256 ...);
# the tracer follows a frame pointer stepped by a constant and stops
# following it where two paths disagree on where it points.  The block
# pointers and counts the C code stores there are public, the state and the
# schedule secret.  gcc and clang -O2/-O3 (-Os compiles the compact C code
# instead).  The negative control below (a secret word read through a
# stepped frame pointer, a pointer stepped for good in a loop, two paths
# pointing at two words, a branch on ptest of secret data) must be caught
# and its positive controls (a public pointer read back through a stepped
# frame pointer; orps of secrets between a public test and its branch)
# must pass.
cat >"$tmp/step_neg.c" <<'EOC'
#include <stdint.h>
typedef struct {
    uint64_t pad[4];
    const uint64_t *p; /* public: a pointer */
    uint64_t n;        /* public: a count */
    uint64_t s;        /* secret: a data word */
} fr_t;
uint64_t neg_step_ok(const uint64_t *in, uint64_t n);
uint64_t neg_step_ok(const uint64_t *in, uint64_t n)
{ /* the positive control: the public pointer read back through a stepped frame pointer */
    fr_t f;
    uint64_t r;
    void *q = &f;
    f.p = in;
    f.n = n;
    f.s = in[0];
    __asm__ volatile("addq $16, %1\n\tsubq $8, %1\n\tmovq 24(%1), %%rax\n\tmovq (%%rax), %0"
                     : "=r"(r), "+r"(q) : "m"(f) : "rax", "memory");
    return r;
}
uint64_t neg_step_index(const uint64_t *in, uint64_t n);
uint64_t neg_step_index(const uint64_t *in, uint64_t n)
{ /* the secret word read through a stepped frame pointer, used as an address */
    fr_t f;
    uint64_t r;
    void *q = &f;
    f.p = in;
    f.n = n;
    f.s = in[0];
    __asm__ volatile("addq $16, %1\n\tsubq $8, %1\n\tmovq 40(%1), %%rax\n\tmovq (%%rax), %0"
                     : "=r"(r), "+r"(q) : "m"(f) : "rax", "memory");
    return r;
}
uint64_t neg_step_loop(const uint64_t *in, uint64_t n);
uint64_t neg_step_loop(const uint64_t *in, uint64_t n)
{ /* a pointer stepped for good in a loop: the third word it reads is the secret one */
    fr_t f;
    uint64_t r, c = 3;
    void *q = &f;
    f.p = in;
    f.n = n;
    f.s = in[0];
    __asm__ volatile("1:\n\tmovq 32(%1), %%rax\n\tmovq (%%rax), %0\n\taddq $8, %1\n\tdecq %2\n\tjnz 1b"
                     : "=&r"(r), "+r"(q), "+r"(c) : "m"(f) : "rax", "memory", "cc");
    return r;
}
uint64_t neg_step_join(const uint64_t *in, uint64_t n);
uint64_t neg_step_join(const uint64_t *in, uint64_t n)
{ /* two paths point into the frame at two places (the public pointer, the secret word) */
    fr_t f;
    uint64_t r;
    void *q = &f;
    f.p = in;
    f.n = n;
    f.s = in[0];
    __asm__ volatile("testq $1, %2\n\tjz 1f\n\taddq $16, %1\n\tjmp 2f\n1:\n\taddq $32, %1\n2:\n\t"
                     "movq 16(%1), %%rax\n\tmovq (%%rax), %0"
                     : "=r"(r), "+r"(q) : "r"(n), "m"(f) : "rax", "memory", "cc");
    return r;
}
uint64_t neg_flags_ok(const uint64_t *in, uint64_t n);
uint64_t neg_flags_ok(const uint64_t *in, uint64_t n)
{ /* the positive control: orps of secrets between a public test and its branch */
    uint64_t r = 0;
    __asm__ volatile("movdqu (%1), %%xmm0\n\ttestq %2, %2\n\torps %%xmm0, %%xmm0\n\tjz 1f\n\t"
                     "movq %%xmm0, %0\n1:"
                     : "+r"(r) : "r"(in), "r"(n) : "xmm0", "memory", "cc");
    return r;
}
uint64_t neg_flags_ptest(const uint64_t *in, uint64_t n);
uint64_t neg_flags_ptest(const uint64_t *in, uint64_t n)
{ /* a branch on ptest of secret data */
    uint64_t r = n;
    __asm__ volatile("movdqu (%1), %%xmm0\n\tptest %%xmm0, %%xmm0\n\tjz 1f\n\tmovq %%xmm0, %0\n1:"
                     : "+r"(r) : "r"(in) : "xmm0", "memory", "cc");
    return r;
}
EOC
if [ "$(uname -m)" = x86_64 ] && command -v python3 >/dev/null; then
    for job in "gcc -O2 src/hash/x86_64/sha256_shani.c" "gcc -O3 src/hash/x86_64/sha256_shani.c" \
               "gcc -Os src/hash/x86_64/sha256_shani.c" \
               "clang -O2 src/hash/x86_64/sha256_shani.c" "clang -O3 src/hash/x86_64/sha256_shani.c" \
               "clang -Os src/hash/x86_64/sha256_shani.c" \
               "gcc -O2 src/ec/x86_64/p384_adx.c" "gcc -O3 src/ec/x86_64/p384_adx.c" \
               "gcc -Os src/ec/x86_64/p384_adx.c" "clang -O2 src/ec/x86_64/p384_adx.c" \
               "clang -O3 src/ec/x86_64/p384_adx.c" "clang -Os src/ec/x86_64/p384_adx.c" \
               "gcc -O2 src/hash/x86_64/sha512_avx2.c" "gcc -O3 src/hash/x86_64/sha512_avx2.c" \
               "clang -O2 src/hash/x86_64/sha512_avx2.c" "clang -O3 src/hash/x86_64/sha512_avx2.c"; do
        # shellcheck disable=SC2086
        set -- $job
        command -v "$1" >/dev/null || continue
        if ! "$1" "$2" -std=c99 -Iinclude -Isrc -S -o "$tmp/np2.s" "$3" 2>"$tmp/err"; then
            echo "skip  $job (cannot compile: $(head -1 "$tmp/err"))"
            continue
        fi
        if ! grep -q '@function' "$tmp/np2.s"; then
            echo "FAIL  $job: no function compiled (a configuration guard changed?)"
            fail=1
        elif out=$(python3 "$tmp/secret.py" "$tmp/np2.s" none '--skip=_unsafe$'); then
            echo "ok    $job: $(echo "$out" | grep -c instructions) functions"
        else
            echo "FAIL  $job: a secret reaches:"
            echo "$out" | grep -v '^  ' | sed 's/^/        /'
            fail=1
        fi
    done
    for cc in gcc clang; do
        command -v $cc >/dev/null || continue
        for opt in -O2 -Os; do
            $cc $opt -std=c99 -S -o "$tmp/sneg.s" "$tmp/step_neg.c" || echo >"$tmp/sneg.s"
            out=$(python3 "$tmp/secret.py" "$tmp/sneg.s" none || true)
            missed=""
            for f in neg_step_index neg_step_loop neg_step_join neg_flags_ptest; do
                echo "$out" | grep -q "^$f: " || missed="$missed $f"
            done
            for f in neg_step_ok neg_flags_ok; do
                echo "$out" | grep -q "^  $f: " || missed="$missed $f(positive)"
            done
            if [ -n "$missed" ]; then
                echo "FAIL  $cc $opt stepped frame pointer negative control: not caught:$missed"
                fail=1
            else
                echo "ok    $cc $opt stepped frame pointer and vector flags negative control: all four leaks caught, both positive controls pass"
            fi
        done
    done
else
    echo "skip  SHA-NI, P-384 ADX and SHA-512 AVX2/AVX-512 (needs an x86-64 host and python3)"
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
