#!/usr/bin/env python3
"""Markdown table of a `tacit speed --peers --json` run, for docs/performance.md.

One line a row: the title, tacit's rate, the fastest peer and tacit/peer
(above 1: tacit faster), then tacit/peer for every other peer measured.
Columns named tacit-* (hooked variants: tacit-c, tacit-avx2, ...) are not peers.
  tacit speed --peers --json > speed.json
  scripts/speed_table.py speed.json
"""
import json, sys

rows = []
for line in open(sys.argv[1] if len(sys.argv) > 1 else '/dev/stdin'):
    line = line.strip().rstrip(',')
    if '"results"' in line:
        rows.append(json.loads(line))

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
    rate = '%.0f' % t if t >= 100 else '%.3g' % t
    print('| %s | %s | %s | %s |' % (r['title'], r['unit'], rate, ' | '.join(cells)))
