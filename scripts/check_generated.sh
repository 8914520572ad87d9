#!/bin/sh
# Regenerate the generated sources into a temporary folder and fail if they
# differ from the committed ones (src/ecp_data.c, src/ecp_asm_x86_64.h,
# src/sha512_avx2_asm.h):
# the generators are the source of truth, the committed files must match.
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
check() {
    gen=$1; out=$2
    python3 "$gen" >"$tmp/out"
    if cmp -s "$tmp/out" "$out"; then
        echo "  $out: matches $gen"
    else
        echo "  $out: DIFFERS from the output of $gen (run: python3 $gen > $out)"
        status=1
    fi
}
check scripts/gen_ecp_data.py src/ecp_data.c
check scripts/gen_ecp_asm.py src/ecp_asm_x86_64.h
check scripts/gen_sha512_asm.py src/sha512_avx2_asm.h
exit $status
