#!/bin/sh
# A library built without test hooks (the default) must export no writable
# data: no test globals (fault injection, path counters, forced code paths)
# and no other mutable global state.
# Usage: release_symbols.sh NM LIBRARY
NM=$1; LIB=$2
out=$("$NM" -g --defined-only "$LIB" 2>&1) || { echo "FAIL: $NM $LIB: $out"; exit 1; }
# B/D/G/S: initialised or zero data; C: common.  Read-only data is R, code T.
writable=$(printf '%s\n' "$out" | awk 'NF == 3 && $2 ~ /^[BCDGS]$/ { print $3 }')
hooks=$(printf '%s\n' "$out" | awk 'NF == 3 && $3 ~ /_test_|_hook_/ { print $3 }')
status=0
for s in $writable; do echo "FAIL: writable exported global: $s"; status=1; done
for s in $hooks; do echo "FAIL: test hook exported: $s"; status=1; done
[ $status -eq 0 ] && echo "PASS: $(printf '%s\n' "$out" | awk 'NF == 3' | wc -l) exported symbols, none writable, no hooks"
exit $status
