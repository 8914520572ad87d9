#!/usr/bin/env python3
"""Every public function's definition uses its prototype's parameter names,
and public prototypes use the buffer names of docs/api.md ((in, in_len),
(out, out_size, out_len), (sig, sig_len), (msg, msg_len)) instead of the old
short forms (ilen, olen, slen, mlen, siglen, hlen...).
Usage: scripts/check_param_names.py   (exit 1 on a difference)"""
import os, re, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(root)

def strip_comments(s):
    s = re.sub(r'/\*.*?\*/', ' ', s, flags=re.S)
    return re.sub(r'//[^\n]*', ' ', s)

def params(text):
    text = text.strip()
    if text in ('', 'void'):
        return []
    names = []
    depth, cur = 0, ''
    for ch in text:
        if ch == '(':
            depth += 1
        elif ch == ')':
            depth -= 1
        if ch == ',' and depth == 0:
            names.append(cur); cur = ''
        else:
            cur += ch
    names.append(cur)
    out = []
    for p in names:
        p = re.sub(r'\[[^\]]*\]', '', p).strip()
        m = re.search(r'\(\s*\*\s*(\w+)\s*\)', p)  # function pointer
        if m:
            out.append(m.group(1)); continue
        m = re.search(r'(\w+)\s*$', p)
        out.append(m.group(1) if m else p)
    return out

proto = {}
decl = re.compile(r'(?:^|\n)[ \t]*(?:const\s+)?[A-Za-z_][\w \t\*]*?\b(tacit_\w+)\s*\(([^;{}]*?)\)\s*;', re.S)
for h in sorted(os.listdir('include/tacit')):
    s = strip_comments(open('include/tacit/' + h).read())
    for m in decl.finditer(s):
        if 'typedef' in s[max(0, m.start() - 40):m.start(1)]:
            continue
        proto[m.group(1)] = (h, params(m.group(2)))

defn = re.compile(r'(?:^|\n)(?:static\s+)?(?:const\s+)?[A-Za-z_][\w \t\*]*?\b(tacit_\w+)\s*\(([^;{}]*?)\)\s*\{', re.S)
problems = []
seen = set()
for d, _, fs in os.walk('src'):
    for f in sorted(fs):
        if not f.endswith('.c'):
            continue
        path = os.path.join(d, f)
        s = strip_comments(open(path, errors='replace').read())
        for m in defn.finditer(s):
            name = m.group(1)
            if name not in proto:
                continue
            seen.add(name)
            got, (h, want) = params(m.group(2)), proto[name]
            if got != want:
                problems.append('%s: %s(%s) but include/tacit/%s says (%s)'
                                % (path, name, ', '.join(got), h, ', '.join(want)))

old = {'ilen': 'in_len', 'olen': 'out_size/out_len', 'slen': 'sig_len', 'mlen': 'msg_len',
       'siglen': 'sig_len', 'written': 'out_len'}
for name, (h, ps) in sorted(proto.items()):
    for p in ps:
        if p in old:
            problems.append('include/tacit/%s: %s has parameter %s (the convention: %s)' % (h, name, p, old[p]))

for p in problems:
    print('check_param_names: ' + p)
print('check_param_names: %d public prototypes, %d definitions compared, %d problems'
      % (len(proto), len(seen), len(problems)))
sys.exit(1 if problems else 0)
