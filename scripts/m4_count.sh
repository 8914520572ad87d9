#!/bin/sh
# Instructions per byte of ChaCha20-Poly1305 seal and open through tacit_aead_*
# in the Cortex-M4 code of scripts/code_size.sh (arm-none-eabi-gcc -mthumb
# -mcpu=cortex-m4 -Os, configuration scripts/configs/chachapoly.h), counted
# under qemu-arm: no Cortex-M4 cycle model is at hand, so this is the
# instruction count the issue asks for instead.
#
# A freestanding driver (its own _start, exit by the Linux system call, newlib
# for memset only) runs under qemu-arm (user mode) with -singlestep and
# -d exec,nochain: one "Trace" line per executed instruction.  Three variants
# per length: setup only, + seal, + seal + open; seal = the second minus the
# first, open = the third minus the second (13 bytes of AAD).
#   scripts/m4_count.sh [LEN ...]        (default: 1350 16384)
# Needs arm-none-eabi-gcc (newlib) and qemu-arm; SKIPs without them.  Not run
# by scripts/test.sh (about a minute).  Objects and logs: build-m4/.
set -u
cd "$(dirname "$0")/.."
CC=${CC_ARM:-arm-none-eabi-gcc}
CFLAGS="-mthumb -mcpu=cortex-m4 -Os -std=c99 -ffunction-sections -fdata-sections"
cfg=$PWD/scripts/configs/chachapoly.h
out=build-m4

for tool in "$CC" qemu-arm; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "m4_count: SKIP: $tool not found (apt-get install gcc-arm-none-eabi qemu-user)"
        exit 0
    fi
done
[ $# -eq 0 ] && set -- 1350 16384

rm -rf "$out"
mkdir -p "$out"
for src in src/core/*.c src/chacha/*.c src/aead/*.c; do
    if ! $CC $CFLAGS -DTACIT_CONFIG_FILE="\"$cfg\"" -Iinclude -Isrc -c "$src" \
            -o "$out/$(basename "$src" .c).o" 2>"$out/cc.log"; then
        cat "$out/cc.log"; echo "m4_count: $src does not compile"; exit 1
    fi
done

cat >"$out/driver.c" <<'DRIVER'
#include <stddef.h>
#include "tacit/aead.h"
static unsigned char key[32], nonce[12], aad[13], buf[LEN], ct[LEN + 16];
void _start(void) __attribute__((noreturn));
static void sys_exit(int code) __attribute__((noreturn));
static void sys_exit(int code)
{
    register int r0 __asm__("r0") = code;
    register int r7 __asm__("r7") = 1; /* exit */
    __asm__ volatile("svc 0" : : "r"(r0), "r"(r7));
    for (;;) {
    }
}
void _start(void)
{
    tacit_aead_context ctx;
    size_t l = 0;
    int r;

    tacit_aead_init(&ctx);
    r = tacit_aead_setkey(&ctx, TACIT_AEAD_CHACHA20_POLY1305, key, 32, 0);
#if MODE >= 1
    r |= tacit_aead_seal(&ctx, nonce, 12, aad, 13, buf, LEN, ct, sizeof(ct), &l);
#endif
#if MODE >= 2
    r |= tacit_aead_open(&ctx, nonce, 12, aad, 13, ct, l, buf, LEN, &l);
#endif
    tacit_aead_free(&ctx);
    sys_exit(r);
}
DRIVER

# count LEN MODE: instructions executed by the variant
count() {
    elf=$out/drv-$1-$2.elf
    if ! $CC $CFLAGS -DLEN="$1" -DMODE="$2" -DTACIT_CONFIG_FILE="\"$cfg\"" -Iinclude \
            -nostartfiles -static -Wl,--gc-sections "$out/driver.c" "$out"/*.o -lc \
            -o "$elf" 2>"$out/link.log"; then
        cat "$out/link.log" >&2; echo "m4_count: cannot link $elf" >&2; return 1
    fi
    if ! qemu-arm -singlestep -d exec,nochain -D "$out/trace.log" "$elf"; then
        echo "m4_count: $elf failed (exit status: an AEAD call returned an error)" >&2; return 1
    fi
    n=$(grep -c "^Trace" "$out/trace.log")
    rm -f "$out/trace.log"
    echo "$n"
}

echo "ChaCha20-Poly1305 through tacit_aead_*, $CC $CFLAGS ($(basename "$cfg")), 13 B AAD"
echo "instructions executed under qemu-arm (not cycles):"
status=0
for len in "$@"; do
    c0=$(count "$len" 0) && c1=$(count "$len" 1) && c2=$(count "$len" 2) || { status=1; continue; }
    awk -v len="$len" -v s=$((c1 - c0)) -v o=$((c2 - c1)) 'BEGIN {
        printf "  %6d B  seal %9d (%.1f/byte)  open %9d (%.1f/byte)\n", len, s, s / len, o, o / len
    }'
done
exit $status
