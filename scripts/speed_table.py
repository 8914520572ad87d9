#!/usr/bin/env python3
"""Markdown table of `tacit speed --peers --json` runs, for docs/performance.md.

One run: one line a row: the title, tacit's rate, the fastest peer and
tacit/peer (above 1: tacit faster), then tacit/peer for every other peer.
Several runs (the closing notes quote three): tacit's median rate, then for
every peer the median of tacit/peer over the runs with its range; a median
below 1 is printed in bold.
Columns named tacit-* (hooked variants: tacit-c, tacit-avx2, ...) are not peers.
  tacit speed --peers --json > speed.json
  scripts/speed_table.py speed.json
  scripts/speed_table.py run1.json run2.json run3.json
"""
import json
import statistics
import sys


def load(path):
    rows = []
    for line in open(path):
        line = line.strip().rstrip(',')
        if '"results"' in line:
            rows.append(json.loads(line))
    return rows


def rate(v):
    return '%.0f' % v if v >= 100 else '%.3g' % v


def one_run(rows):
    print('| row | unit | tacit | fastest peer | tacit/peer | every peer (tacit/peer) |')
    print('| --- | --- | ---: | --- | ---: | --- |')
    for r in rows:
        res = r['results']
        t = res.get('tacit')
        peers = {k: v for k, v in res.items() if not k.startswith('tacit') and v}
        if not t:
            continue
        if peers:
            best = max(peers, key=peers.get)
            cells = [best, '%.2f' % (t / peers[best]),
                     ', '.join('%s %.2f' % (k, t / v) for k, v in sorted(peers.items()))]
        else:
            cells = ['none here', '', '']
        print('| %s | %s | %s | %s |' % (r['title'], r['unit'], rate(t), ' | '.join(cells)))


def several_runs(runs):
    print('| row | unit | tacit (median) | tacit/peer: median [range] over %d runs |' % len(runs))
    print('| --- | --- | ---: | --- |')
    for r in runs[0]:
        same = [next((x for x in run if x['title'] == r['title']), None) for run in runs]
        res = [x['results'] for x in same if x is not None]
        tacit = [x['tacit'] for x in res if x.get('tacit')]
        if not tacit:
            continue
        cells = []
        for p in sorted({k for x in res for k, v in x.items() if not k.startswith('tacit') and v}):
            q = [x['tacit'] / x[p] for x in res if x.get(p) and x.get('tacit')]
            m = statistics.median(q)
            c = '%s %.2f [%.2f-%.2f]' % (p, m, min(q), max(q))
            cells.append('**%s**' % c if m < 1.0 else c)
        print('| %s | %s | %s | %s |' % (r['title'], r['unit'], rate(statistics.median(tacit)),
                                         ', '.join(cells) or 'none here'))


paths = sys.argv[1:] or ['/dev/stdin']
if len(paths) == 1:
    one_run(load(paths[0]))
else:
    several_runs([load(p) for p in paths])
