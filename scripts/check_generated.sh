#!/bin/sh
# Regenerate the generated sources into a temporary folder and fail if they
# differ from the committed ones (every src/**/*_gen.c and *_gen.h):
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
check scripts/gen/gen_ecp_data.py src/ec/ecp_data_gen.c
check scripts/gen/gen_ecp_asm.py src/ec/x86_64/p256_asm_gen.h
check scripts/gen/gen_p384_asm.py src/ec/x86_64/p384_asm_gen.h
check scripts/gen/gen_sha512_asm.py src/hash/x86_64/sha512_avx2_gen.h
check scripts/gen/gen_chacha16_avx2.py src/chacha/x86_64/chacha16_avx2_gen.h
check scripts/gen/gen_chacha32_avx512.py src/chacha/x86_64/chacha32_avx512_gen.h
check scripts/gen/gen_ecp_small_data.py src/ec/ecp_small_data_gen.c
check scripts/gen/gen_ed25519_table.py src/curve25519/ed25519_table_gen.c
check scripts/gen/gen_keccak.py src/hash/keccak_round_gen.h
check scripts/gen/gen_mlkem_avx2_tables.py src/mlkem/x86_64/mlkem_avx2_tables_gen.h
check scripts/gen/gen_mldsa_avx2_tables.py src/mldsa/x86_64/mldsa_avx2_tables_gen.h
# every *_gen file of src/ has its line above
for f in $(find src -name '*_gen.[ch]' | sort); do
    grep -q " $f\$" "$0" || { echo "  $f: generated but not checked here"; status=1; }
done
exit $status
