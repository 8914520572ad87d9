#!/usr/bin/env python3
"""Check src/ against the layer map scripts/layers.txt.

Edges between files come from two sources:
  - includes: #include "area/..." in every .c and .h of src/;
  - calls: the symbols each object of the library defines and uses (nm), when
    a build folder is given (its CMakeFiles/tacit.dir holds one .o per .c).
Fails (exit 1) on
  - an edge from an area to an area of a higher layer, or to another area of the
    same layer that the map does not list under "uses";
  - a loop: two or more .c files that call each other in a cycle (a strongly
    connected component of the call graph), or areas that depend on each other;
  - a TACIT_ERR_ code defined outside include/tacit/error.h's one list;
  - more than one file of an area asking the CPU (calling the probe
    tacit_cpu_x86() of src/core/, or a CPU function of another area);
  - asm or intrinsics in a portable file: inline asm, an <*intrin.h> header,
    SIMD or carry intrinsics belong in src/<area>/x86_64/ (later aarch64/);
    the one exception is the empty-asm optimisation barrier, src/core/barrier.h.
Usage: scripts/check_layers.py [BUILD_DIR]
"""
import os, re, subprocess, sys
from collections import defaultdict

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(root)

layer, uses = {}, defaultdict(set)
for line in open('scripts/layers.txt'):
    line = line.split('#')[0].split()
    if not line:
        continue
    layer[line[0]] = int(line[1])
    if len(line) > 3 and line[2] == 'uses':
        uses[line[0]].update(line[3:])

def area_of(path):
    parts = path.split('/')
    return parts[1] if len(parts) > 2 and parts[0] == 'src' else None

files = sorted(os.path.join(d, f) for d, _, fs in os.walk('src') for f in fs if f.endswith(('.c', '.h')))
problems = []
for f in files:
    if area_of(f) not in layer:
        problems.append('%s: area %s is not in scripts/layers.txt' % (f, area_of(f)))

def allowed(a, b):
    return a == b or layer[b] < layer[a] or (layer[b] == layer[a] and b in uses[a])

# include edges
inc = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
edges = defaultdict(set)  # file -> files
for f in files:
    for name in inc.findall(open(f, errors='replace').read()):
        target = os.path.join('src', name)
        if os.path.exists(target):
            edges[f].add(target)
            a, b = area_of(f), area_of(target)
            if a in layer and b in layer and not allowed(a, b):
                problems.append('%s includes %s: %s (layer %d) may not use %s (layer %d)'
                                % (f, name, a, layer[a], b, layer[b]))

# call edges from the objects of a build
calls = defaultdict(set)
build = sys.argv[1] if len(sys.argv) > 1 else None
objdir = os.path.join(build, 'CMakeFiles', 'tacit.dir') if build else None
if objdir and os.path.isdir(objdir):
    defined, used = {}, defaultdict(set)
    for d, _, fs in os.walk(objdir):
        for o in fs:
            if not o.endswith('.c.o'):
                continue
            path = os.path.join(d, o)
            src = os.path.relpath(path, objdir)[:-2]  # src/area/x.c
            out = subprocess.run(['nm', path], capture_output=True, text=True).stdout
            for line in out.splitlines():
                p = line.split()
                if len(p) == 3 and p[1] in 'TDRBC':
                    defined[p[2]] = src
                elif len(p) == 2 and p[0] == 'U':
                    used[src].add(p[1])
    for src, syms in used.items():
        for s in syms:
            t = defined.get(s)
            if t and t != src:
                calls[src].add(t)
                a, b = area_of(src), area_of(t)
                if a in layer and b in layer and not allowed(a, b):
                    problems.append('%s uses %s of %s: %s (layer %d) may not use %s (layer %d)'
                                    % (src, s, t, a, layer[a], b, layer[b]))
    # loops among .c files: strongly connected components of the call graph
    index, low, stack, on, sccs, n = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)
    def strong(v):
        index[v] = low[v] = n[0]; n[0] += 1; stack.append(v); on.add(v)
        for w in calls[v]:
            if w not in index:
                strong(w); low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            c = []
            while True:
                w = stack.pop(); on.discard(w); c.append(w)
                if w == v:
                    break
            if len(c) > 1:
                sccs.append(sorted(c))
    for v in list(calls):
        if v not in index:
            strong(v)
    for c in sccs:
        problems.append('loop: these files call each other in a cycle: ' + ', '.join(c))
else:
    print('check_layers: no build folder given (or no objects in it): includes only, no call edges')

# error codes: one list
for h in sorted(os.listdir('include/tacit')):
    if h != 'error.h' and re.search(r'^#define TACIT_ERR_', open('include/tacit/' + h).read(), re.M):
        problems.append('include/tacit/%s defines a TACIT_ERR_ code outside error.h\'s list' % h)

# one dispatch point per area: at most one file of an area asks the CPU, i.e.
# calls the probe tacit_cpu_x86() or a CPU function of another area
cpu_def = re.compile(r'^(?:int|unsigned)\s+(tacit_\w*cpu\w*)\s*\(void\)', re.M)
cpu_fn_area = {}
for f in files:
    for name in cpu_def.findall(open(f, errors='replace').read()):
        cpu_fn_area[name] = area_of(f)
askers = defaultdict(set)
for f in files:
    if not f.endswith('.c') or f.startswith('src/core/'):
        continue
    text = open(f, errors='replace').read()
    if re.search(r'\btacit_cpu_x86\s*\(', text) or any(
            a != area_of(f) and re.search(r'\b%s\s*\(' % n, text) for n, a in cpu_fn_area.items()):
        askers[area_of(f)].add(f)
for a, fs in sorted(askers.items()):
    if len(fs) > 1:
        problems.append('area %s asks the CPU in %d files (one dispatch point per area): %s'
                        % (a, len(fs), ', '.join(sorted(fs))))

# platform code only in the platform folders
arch_dirs = ('/x86_64/', '/aarch64/')
arch_ok = {'src/core/barrier.h'}
arch_token = re.compile(r'\b(?:__asm__|asm)\s*(?:volatile\s*|__volatile__\s*)?\(|'
                        r'#\s*include\s*<\w*intrin\.h>|#\s*include\s*<arm_neon\.h>|'
                        r'\b_mm\d*_\w+\s*\(|\b__m(?:128|256|512)\w*\b|'
                        r'\b_(?:addcarry|subborrow|addcarryx|mulx)_u\d+\b|\b__builtin_ia32_\w+')
code_only = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"', re.S)
for f in files:
    if any(d in f for d in arch_dirs) or f in arch_ok:
        continue
    m = arch_token.search(code_only.sub(' ', open(f, errors='replace').read()))
    if m:
        problems.append('%s: platform code %r in a portable file (it belongs in src/%s/x86_64/)'
                        % (f, m.group(0).strip(), area_of(f)))

for p in problems:
    print('check_layers: ' + p)
print('check_layers: %d files, %d include edges, %d call edges, %d problems'
      % (len(files), sum(len(v) for v in edges.values()), sum(len(v) for v in calls.values()), len(problems)))
sys.exit(1 if problems else 0)
