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
exit $fail
