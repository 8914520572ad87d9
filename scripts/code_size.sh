#!/bin/sh
# Thumb-2 code size of the library: every src/*.c compiled with
#   arm-none-eabi-gcc -mthumb -mcpu=cortex-m4 -Os -ffunction-sections -fdata-sections
# in two configurations, and `size` of each object (.text includes .rodata).
#   default   include/tacit/config.h minus the OS entropy source
#             (scripts/configs/baremetal_default.h)
#   p256      ECDSA + ECDH on P-256 only (scripts/configs/p256_ecdsa_only.h)
# Usage: scripts/code_size.sh [CONFIG_HEADER ...]   (default: both of the above)
# Objects land in build-size/<config>/.  Targets (issue 8):
#   bignum_core + bignum <= 10 KiB of text (default config)
#   P-256 ECDSA+ECDH build <= 8 KiB of text beyond the hash (sha256, md, hmac)
set -u
cd "$(dirname "$0")/.."
CC=${CC_ARM:-arm-none-eabi-gcc}
SIZE=${SIZE_ARM:-arm-none-eabi-size}
CFLAGS="-mthumb -mcpu=cortex-m4 -Os -std=c99 -ffunction-sections -fdata-sections -Wall -Wextra"

if ! command -v "$CC" >/dev/null 2>&1; then
    echo "code_size: SKIP: $CC not found (apt-get install gcc-arm-none-eabi)"
    exit 0
fi

if [ $# -eq 0 ]; then
    set -- scripts/configs/baremetal_default.h scripts/configs/p256_ecdsa_only.h
fi

status=0
for cfg in "$@"; do
    name=$(basename "$cfg" .h)
    out=build-size/$name
    rm -rf "$out"
    mkdir -p "$out"
    for src in src/*.c; do
        obj=$out/$(basename "$src" .c).o
        if ! $CC $CFLAGS -DTACIT_CONFIG_FILE="\"$PWD/$cfg\"" -Iinclude -Isrc -c "$src" -o "$obj" \
                2>"$obj.log"; then
            echo "code_size: $name: $src does not compile:"; cat "$obj.log"; status=1
        elif [ -s "$obj.log" ]; then
            cat "$obj.log"
        fi
    done
    echo "==== $name ($cfg): $CC -mthumb -mcpu=cortex-m4 -Os ===="
    # `size -B` prints text data bss dec hex filename; skip objects whose
    # module is compiled out in this configuration (all zero).
    $SIZE -B "$out"/*.o | awk -v cfg="$name" '
        function module(o) {
            if (o ~ /^bignum_core/) return "bignum_core"
            if (o ~ /^(bignum|asn1|base64|rsa|ecp|ecdsa|ecdh|pem|pk)_/) { sub(/_.*/, "", o); return o }
            if (o == "rng_default" || o == "entropy") return "hmac_drbg"
            return o
        }
        NR == 1 { next }
        {
            n = split($6, p, "/"); obj = p[n]; sub(/\.o$/, "", obj)
            if ($1 + $2 + $3 == 0) { next }
            text[obj] = $1; data[obj] = $2; bss[obj] = $3; order[++k] = obj
            t += $1; d += $2; b += $3
        }
        END {
            printf "%-24s %8s %8s %8s\n", "object", ".text", ".data", ".bss"
            for (i = 1; i <= k; i++) {
                o = order[i]
                printf "%-24s %8d %8d %8d\n", o, text[o], data[o], bss[o]
            }
            printf "%-24s %8d %8d %8d   (%.1f KiB text)\n", "TOTAL", t, d, b, t / 1024
            # per module: objects named <module>_<part>.o belong to <module>
            for (i = 1; i <= k; i++) {
                o = order[i]; m = module(o)
                if (!(m in mt)) { morder[++nm] = m }
                mt[m] += text[o]; md[m] += data[o]; mb[m] += bss[o]
            }
            printf "\n%-24s %8s %8s %8s\n", "module", ".text", ".data", ".bss"
            for (i = 1; i <= nm; i++) {
                m = morder[i]
                printf "%-24s %8d %8d %8d\n", m, mt[m], md[m], mb[m]
            }
            if (("bignum_core" in mt) || ("bignum" in mt)) {
                bn = mt["bignum_core"] + mt["bignum"]
                printf "bignum_core + bignum: %d bytes = %.1f KiB text (target <= 10 KiB): %s\n",
                       bn, bn / 1024, bn <= 10240 ? "ok" : "OVER"
            }
            if (cfg ~ /p256/) {
                h = mt["sha256"] + mt["md"] + mt["hmac"]
                printf "beyond the hash (total - sha256 - md - hmac): %d bytes = %.1f KiB text (target <= 8 KiB): %s\n",
                       t - h, (t - h) / 1024, t - h <= 8192 ? "ok" : "OVER"
            }
        }'
    echo
done
exit $status
