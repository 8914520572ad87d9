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
#   P-256 ECDSA+ECDH build <= 8 KiB of text beyond the hash (sha256, md, hmac,
#   and hmac_drbg for the RFC 6979 nonces); also measured on a linked program
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

# What a firmware image really carries: link a small program that uses
# ECDSA-P256 sign+verify and ECDH (full) or only SHA-256 + HMAC_DRBG (hash)
# with --gc-sections against newlib-nano, and compare the .text of the two.
linked_size() {
    name=$1; cfg=$2; out=$3
    cat >"$out/driver.c" <<'DRIVER'
#include <stddef.h>
#include "tacit/hmac_drbg.h"
#include "tacit/sha256.h"
#if defined(FULL)
#include "tacit/ecdh.h"
#include "tacit/ecdsa.h"
#endif
static int rng(void *p, unsigned char *o, size_t n) { (void)p; while (n--) o[n] = (unsigned char)n; return 0; }
/* Firmware supplies its entropy source (hmac_drbg.h); never run here. */
int tacit_entropy_default(void *p, unsigned char *o, size_t n) { return rng(p, o, n); }
/* The thread pointer for __thread in rng_default.c (an RTOS would supply it). */
void *__aeabi_read_tp(void);
void *__aeabi_read_tp(void) { static unsigned char tls[1024]; return tls; }
int main(void);
int main(void)
{
    static unsigned char msg[64], h[32], sig[80], peer[65], x[32];
    size_t l = 0;
    int r = tacit_sha256(msg, sizeof(msg), h);
    tacit_hmac_drbg_context d;
    tacit_hmac_drbg_init(&d);
    r |= tacit_hmac_drbg_seed_buf(&d, TACIT_MD_SHA256, h, 32, msg, 16, NULL, 0);
    r |= tacit_hmac_drbg_generate(&d, x, 32, NULL, 0);
    tacit_hmac_drbg_free(&d);
#if defined(FULL)
    {
        tacit_ecp_keypair k;
        tacit_ecp_keypair_init(&k);
        r |= tacit_ecp_gen_key(TACIT_ECP_SECP256R1, &k, rng, NULL);
        r |= tacit_ecdsa_sign_der(&k, TACIT_MD_SHA256, h, 32, sig, sizeof(sig), &l, rng, NULL);
        r |= tacit_ecdsa_verify_der(&k, h, 32, sig, l);
        r |= tacit_ecdh_compute_shared(&k, peer, sizeof(peer), x, sizeof(x), &l, rng, NULL);
        tacit_ecp_keypair_free(&k);
    }
#endif
    (void)rng; (void)sig; (void)peer;
    return r + (int)l;
}
DRIVER
    for v in hash full; do
        def=; [ $v = full ] && def=-DFULL
        if ! $CC $CFLAGS $def -DTACIT_CONFIG_FILE="\"$PWD/$cfg\"" -Iinclude -c "$out/driver.c" -o "$out/driver-$v.obj" 2>"$out/link.log" ||
           ! $CC $CFLAGS --specs=nano.specs --specs=nosys.specs -Wl,--gc-sections \
                 "$out/driver-$v.obj" "$out"/*.o -o "$out/$v.elf" 2>>"$out/link.log"; then
            echo "linked size: cannot build the $v program:"; grep -E "error|undefined" "$out/link.log" | head -5
            return
        fi
    done
    ht=$($SIZE -B "$out/hash.elf" | awk 'NR == 2 { print $1 }')
    ft=$($SIZE -B "$out/full.elf" | awk 'NR == 2 { print $1 }')
    echo "linked with --gc-sections (newlib-nano): SHA-256 + HMAC_DRBG program $ht bytes .text;"
    echo "  + ECDSA-P256 sign/verify + ECDH: $ft bytes; beyond the hash: $((ft - ht)) bytes =" \
         "$(awk -v b=$((ft - ht)) 'BEGIN { printf "%.1f KiB (target <= 8 KiB): %s", b / 1024, b <= 8192 ? "ok" : "OVER" }')"
}

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
                h = mt["sha256"] + mt["md"] + mt["hmac"] + mt["hmac_drbg"]
                printf "beyond the hash (total - sha256 - md - hmac - hmac_drbg): %d bytes = %.1f KiB text (target <= 8 KiB): %s\n",
                       t - h, (t - h) / 1024, t - h <= 8192 ? "ok" : "OVER"
            }
        }'
    case $name in *p256*) linked_size "$name" "$cfg" "$out" ;; esac
    echo
done
exit $status
