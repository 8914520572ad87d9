#!/bin/sh
# Thumb-2 code size of the library, as a check: every src/**/*.c compiled with
#   arm-none-eabi-gcc -mthumb -mcpu=cortex-m4 -Os -ffunction-sections -fdata-sections
# in three configurations, `size` of each object (.text includes .rodata),
# per object and per module:
#   baremetal_default  include/tacit/config.h minus the OS entropy source
#   p256_ecdsa_only    ECDSA + ECDH on P-256 only, default (fast) ECC profile
#   p256_small         the same in the small ECC profile (TACIT_ECP_SMALL)
#   x25519_ed25519     X25519 + Ed25519, 32-bit limbs (and _nocomb: TACIT_ED25519_SMALL)
# (configurations with ML-KEM, baremetal_default: programs with ML-KEM-768
# decapsulation alone and with keygen + encaps + decaps, beyond "hash")
# and, for the P-256 configurations, programs linked with --gc-sections
# against newlib-nano: SHA-256 + HMAC_DRBG only ("hash"), plus key
# generation, ECDSA sign/verify with raw r||s signatures and ECDH ("raw",
# p256-m's feature set), plus DER signatures ("der"); for the curve25519
# configurations, Ed25519 key generation, signing and verification plus
# X25519 key generation and agreement ("c25519", reported, no limit); for
# mldsa_verify, a program that only verifies an ML-DSA-65 signature
# ("mldsa", the boot-loader case; reported, no limit) and one that only
# signs (deterministic, the streaming signer of the small-stack build); for the aes_gcm /
# aes_ccm configurations, an AES-128 seal + open program through
# tacit_aead_* beyond an empty one ("aes-128-gcm program: N bytes"); the
# same with ChaCha20-Poly1305 for chachapoly ("chacha20-poly1305 program").
# Limits (exit status 1 when exceeded, or when something does not build):
#   small-profile raw program <= 6 KiB beyond "hash"   (p256_small; p256-m: 2.9 KiB)
#   aes-128-gcm program <= 4192 bytes beyond an empty program (BearSSL's constant-time GCM)
#   chacha20-poly1305 program <= 1944 bytes beyond an empty program (issue 32's target:
#     BearSSL's ChaCha20 + Poly1305; XChaCha20 is in the program too, the config enables it)
#   bignum_core + bignum <= 10 KiB of text            (every configuration with both;
#     -Os compiles the compact forms: bignum_core_inv_small.c, bignum_core_exp_small.c)
# The other figures are printed for information.
# Usage: scripts/code_size.sh [CONFIG_HEADER ...]   (default: the three above)
# Objects land in build-size/<config>/.  Run by scripts/test.sh when the
# cross compiler is installed.
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
    set -- scripts/configs/baremetal_default.h scripts/configs/p256_ecdsa_only.h \
           scripts/configs/p256_small.h scripts/configs/x25519_ed25519.h \
           scripts/configs/x25519_ed25519_nocomb.h scripts/configs/mldsa_verify.h \
           scripts/configs/aes_gcm.h scripts/configs/aes_ccm.h scripts/configs/chachapoly.h
fi

# What a firmware image really carries: programs linked with --gc-sections
# against newlib-nano; the difference of their .text is what the ECC code costs.
# The driver of the linked programs (variants by -D: none = hash, RAW, DER, C25519).
write_driver() {
    out=$1
    cat >"$out/driver.c" <<'DRIVER'
#include <stddef.h>
#include "tacit/hmac_drbg.h"
#include "tacit/sha256.h"
#if defined(RAW) || defined(DER)
#include "tacit/ecdh.h"
#include "tacit/ecdsa.h"
#endif
#if defined(C25519)
#include "tacit/ed25519.h"
#include "tacit/x25519.h"
#endif
#if defined(KEM) || defined(KEMDEC)
#include "tacit/mlkem.h"
#endif
static int rng(void *p, unsigned char *o, size_t n) { (void)p; while (n--) o[n] = (unsigned char)n; return 0; }
/* Firmware supplies its entropy source (hmac_drbg.h); never run here. */
int tacit_entropy_default(void *p, unsigned char *o, size_t n) { return rng(p, o, n); }
#if !defined(TACIT_RNG_DEFAULT_GLOBAL)
/* No global-RNG switch in this tree: a thread pointer for rng_default's __thread. */
void *__aeabi_read_tp(void);
void *__aeabi_read_tp(void) { static unsigned char tls[1024]; return tls; }
#endif
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
#if defined(RAW) || defined(DER)
    {
        tacit_ecp_keypair k;
        tacit_ecp_keypair_init(&k);
        r |= tacit_ecp_gen_key(&k, TACIT_ECP_SECP256R1, rng, NULL);
#if defined(DER)
        r |= tacit_ecdsa_sign_der(&k, TACIT_MD_SHA256, h, 32, sig, sizeof(sig), &l, rng, NULL);
        r |= tacit_ecdsa_verify_der(&k, h, 32, sig, l);
#else
        r |= tacit_ecdsa_sign_raw(&k, TACIT_MD_SHA256, h, 32, sig, sizeof(sig), &l, rng, NULL);
        r |= tacit_ecdsa_verify_raw(&k, h, 32, sig, l);
#endif
        r |= tacit_ecdh_compute_shared(&k, peer, sizeof(peer), x, sizeof(x), &l, rng, NULL);
        tacit_ecp_keypair_free(&k);
    }
#endif
#if defined(C25519)
    {
        tacit_ed25519_key ek;
        tacit_x25519_key xk;
        r |= tacit_ed25519_gen_key(&ek, rng, NULL);
        r |= tacit_ed25519_sign(&ek, msg, sizeof(msg), sig, sizeof(sig), &l);
        r |= tacit_ed25519_verify(&ek, msg, sizeof(msg), sig, l);
        r |= tacit_x25519_gen_key(&xk, rng, NULL);
        r |= tacit_x25519_compute_shared(&xk, x, 32, peer, sizeof(peer), &l);
        tacit_ed25519_key_free(&ek);
        tacit_x25519_key_free(&xk);
    }
#endif
#if defined(KEM) || defined(KEMDEC)
    {
        static unsigned char ek[TACIT_MLKEM768_EK_BYTES], dk[TACIT_MLKEM768_DK_BYTES];
        static unsigned char ct[TACIT_MLKEM768_CT_BYTES], seed[64];
#if defined(KEM)
        r |= tacit_mlkem_keygen_seed(TACIT_MLKEM_768, seed, ek, dk);
        r |= tacit_mlkem_encaps_m(TACIT_MLKEM_768, ek, seed, ct, x);
#endif
        r |= tacit_mlkem_decaps(TACIT_MLKEM_768, dk, ct, x);
        (void)ek; (void)seed;
    }
#endif
    (void)rng; (void)sig; (void)peer;
    return r + (int)l;
}
DRIVER
}

linked_size() {
    name=$1; cfg=$2; out=$3; limit=$4
    write_driver "$out"
    for v in hash raw der; do
        def=; [ $v != hash ] && def=-D$(echo $v | tr a-z A-Z)
        if ! $CC $CFLAGS $def -DTACIT_CONFIG_FILE="\"$PWD/$cfg\"" -Iinclude -c "$out/driver.c" -o "$out/driver-$v.obj" 2>"$out/link.log" ||
           ! $CC $CFLAGS --specs=nano.specs --specs=nosys.specs -Wl,--gc-sections \
                 "$out/driver-$v.obj" "$out"/*.o -o "$out/$v.elf" 2>>"$out/link.log"; then
            echo "linked size: cannot build the $v program:"; grep -E "error|undefined" "$out/link.log" | head -5
            status=1
            return
        fi
    done
    ht=$($SIZE -B "$out/hash.elf" | awk 'NR == 2 { print $1 }')
    rt=$($SIZE -B "$out/raw.elf" | awk 'NR == 2 { print $1 }')
    dt=$($SIZE -B "$out/der.elf" | awk 'NR == 2 { print $1 }')
    echo "linked with --gc-sections (newlib-nano): SHA-256 + HMAC_DRBG program $ht bytes .text"
    echo "  + P-256 key generation, ECDSA sign/verify (raw r||s), ECDH: $rt bytes;" \
         "beyond the hash: $((rt - ht)) bytes = $(awk -v b=$((rt - ht)) 'BEGIN { printf "%.1f KiB", b / 1024 }')" \
         "$([ -n "$limit" ] && { [ $((rt - ht)) -le "$limit" ] && echo "(limit $limit): ok" || echo "(limit $limit): OVER"; })"
    echo "  + DER signatures instead: $dt bytes; beyond the hash: $((dt - ht)) bytes =" \
         "$(awk -v b=$((dt - ht)) 'BEGIN { printf "%.1f KiB", b / 1024 }')"
    if [ -n "$limit" ] && [ $((rt - ht)) -gt "$limit" ]; then
        status=1
    fi
}

# The curve25519 program (driver variant C25519) beyond this configuration's
# own hash program; SHA-512 is in both (md's HMAC context holds every
# enabled hash), so the difference is X25519 + Ed25519 + their share of
# bignum_core (scalars mod L).
linked_size_25519() {
    name=$1; cfg=$2; out=$3
    write_driver "$out"
    for v in hash c25519; do
        def=; [ $v = c25519 ] && def=-DC25519
        if ! $CC $CFLAGS $def -DTACIT_CONFIG_FILE="\"$PWD/$cfg\"" -Iinclude -c "$out/driver.c" -o "$out/driver-$v.obj" 2>"$out/link.log" ||
           ! $CC $CFLAGS --specs=nano.specs --specs=nosys.specs -Wl,--gc-sections \
                 "$out/driver-$v.obj" "$out"/*.o -o "$out/$v.elf" 2>>"$out/link.log"; then
            echo "linked size: cannot build the $v program:"; grep -E "error|undefined" "$out/link.log" | head -5
            status=1
            return
        fi
    done
    ht=$($SIZE -B "$out/hash.elf" | awk 'NR == 2 { print $1 }')
    ct=$($SIZE -B "$out/c25519.elf" | awk 'NR == 2 { print $1 }')
    echo "linked with --gc-sections (newlib-nano): SHA-256 + SHA-512 + HMAC_DRBG program $ht bytes .text"
    echo "  + Ed25519 key generation, sign, verify and X25519 key generation, agreement: $ct bytes;" \
         "beyond the hash: $((ct - ht)) bytes = $(awk -v b=$((ct - ht)) 'BEGIN { printf "%.1f KiB", b / 1024 }')"
}

# The ML-DSA-65 verify-only program against an empty one (same libc start-up).
linked_size_mldsa() {
    out=$1; cfg=$2
    cat >"$out/mldsa_verify.c" <<'DRIVER'
#include <stddef.h>
#include "tacit/mldsa.h"
int main(void);
#if defined(MLDSA_SIGN)
/* the firmware's entropy source (sign_det links the default RNG's code, never calls it) */
int tacit_entropy_default(void *p_unused, unsigned char *out, size_t len);
int tacit_entropy_default(void *p_unused, unsigned char *out, size_t len)
{
    (void)p_unused;
    (void)out;
    return len != 0 ? -1 : 0;
}
#endif
int main(void)
{
    static unsigned char pk[TACIT_MLDSA65_PK_BYTES], msg[64], sig[TACIT_MLDSA65_SIG_BYTES];
#if defined(MLDSA)
    return tacit_mldsa_verify(TACIT_MLDSA_65, pk, msg, sizeof(msg), NULL, 0, sig, sizeof(sig));
#elif defined(MLDSA_SIGN)
    static unsigned char sk[TACIT_MLDSA65_SK_BYTES];
    size_t len;
    return tacit_mldsa_sign_det(TACIT_MLDSA_65, sk, msg, sizeof(msg), NULL, 0, sig, sizeof(sig),
                                &len) + pk[0];
#else
    return pk[0] + msg[0] + sig[0];
#endif
}
DRIVER
    for v in empty mldsa sign; do
        def=; [ $v = mldsa ] && def=-DMLDSA; [ $v = sign ] && def=-DMLDSA_SIGN
        if ! $CC $CFLAGS $def -DTACIT_CONFIG_FILE="\"$PWD/$cfg\"" -Iinclude -c "$out/mldsa_verify.c" -o "$out/driver-$v.obj" 2>"$out/link.log" ||
           ! $CC $CFLAGS --specs=nano.specs --specs=nosys.specs -Wl,--gc-sections \
                 "$out/driver-$v.obj" "$out"/*.o -o "$out/$v.elf" 2>>"$out/link.log"; then
            echo "linked size: cannot build the $v program:"; grep -E "error|undefined" "$out/link.log" | head -5
            status=1
            return
        fi
    done
    et=$($SIZE -B "$out/empty.elf" | awk 'NR == 2 { print $1 }')
    mt=$($SIZE -B "$out/mldsa.elf" | awk 'NR == 2 { print $1 }')
    echo "linked with --gc-sections (newlib-nano): ML-DSA-65 verify-only program $mt bytes .text;" \
         "beyond an empty program: $((mt - et)) bytes = $(awk -v b=$((mt - et)) 'BEGIN { printf "%.1f KiB", b / 1024 }')" \
         "(SHA-3/SHAKE included)"
    st=$($SIZE -B "$out/sign.elf" | awk 'NR == 2 { print $1 }')
    echo "  ML-DSA-65 deterministic sign-only program (the streaming signer): $st bytes .text;" \
         "beyond an empty program: $((st - et)) bytes = $(awk -v b=$((st - et)) 'BEGIN { printf "%.1f KiB", b / 1024 }')"
}

# AES-128 seal + open through tacit_aead_* (variant AEAD) beyond the same
# program without them (the baseline: startup code, newlib-nano's memcpy...).
linked_size_aead() {
    name=$1; cfg=$2; out=$3; alg=$4; label=$5; limit=$6; klen=${7:-16}; nlen=${8:-13}
    cat >"$out/aead_driver.c" <<'DRIVER'
#include <stddef.h>
#include "tacit/aead.h"
int main(void)
{
    int r = 0;
#if defined(AEAD)
    static unsigned char key[KEY_LEN], nonce[NONCE_LEN], aad[16], buf[64], out[80];
    tacit_aead_context ctx;
    size_t l = 0;
    tacit_aead_init(&ctx);
    r |= tacit_aead_setkey(&ctx, AEAD, key, sizeof(key), 0);
    r |= tacit_aead_seal(&ctx, nonce, sizeof(nonce), aad, sizeof(aad), buf, sizeof(buf), out,
                         sizeof(out), &l);
    r |= tacit_aead_open(&ctx, nonce, sizeof(nonce), aad, sizeof(aad), out, l, buf, sizeof(buf), &l);
    tacit_aead_free(&ctx);
    r += (int)l;
#endif
    return r;
}
DRIVER
    for v in base aead; do
        def=; [ $v = aead ] && def=-DAEAD=$alg
        if ! $CC $CFLAGS $def -DKEY_LEN=$klen -DNONCE_LEN=$nlen -DTACIT_CONFIG_FILE="\"$PWD/$cfg\"" -Iinclude -c "$out/aead_driver.c" -o "$out/driver-$v.obj" 2>"$out/link.log" ||
           ! $CC $CFLAGS --specs=nano.specs --specs=nosys.specs -Wl,--gc-sections \
                 "$out/driver-$v.obj" "$out"/*.o -o "$out/$v.elf" 2>>"$out/link.log"; then
            echo "linked size: cannot build the $v program:"; grep -E "error|undefined" "$out/link.log" | head -5
            status=1
            return
        fi
    done
    bt=$($SIZE -B "$out/base.elf" | awk 'NR == 2 { print $1 }')
    at=$($SIZE -B "$out/aead.elf" | awk 'NR == 2 { print $1 }')
    echo "linked with --gc-sections (newlib-nano): empty program $bt bytes .text, with $label seal+open $at"
    echo "$label program: $((at - bt)) bytes$([ -n "$limit" ] && { [ $((at - bt)) -le "$limit" ] && echo " (limit $limit): ok" || echo " (limit $limit): OVER"; })"
    if [ -n "$limit" ] && [ $((at - bt)) -gt "$limit" ]; then
        status=1
    fi
}

# ML-KEM-768 (FIPS 203) beyond the configuration's hash program: decapsulation
# alone ("kemdec"), and key generation + encapsulation + decapsulation ("kem");
# SHA-3/SHAKE is counted in (the hash program has SHA-256 only).
linked_size_mlkem() {
    name=$1; cfg=$2; out=$3
    write_driver "$out"
    for v in hash kemdec kem; do
        def=; [ $v != hash ] && def=-D$(echo $v | tr a-z A-Z)
        if ! $CC $CFLAGS $def -DTACIT_CONFIG_FILE="\"$PWD/$cfg\"" -Iinclude -c "$out/driver.c" -o "$out/driver-$v.obj" 2>"$out/link.log" ||
           ! $CC $CFLAGS --specs=nano.specs --specs=nosys.specs -Wl,--gc-sections \
                 "$out/driver-$v.obj" "$out"/*.o -o "$out/$v.elf" 2>>"$out/link.log"; then
            echo "linked size: cannot build the $v program:"; grep -E "error|undefined" "$out/link.log" | head -5
            status=1
            return
        fi
    done
    ht=$($SIZE -B "$out/hash.elf" | awk 'NR == 2 { print $1 }')
    dt=$($SIZE -B "$out/kemdec.elf" | awk 'NR == 2 { print $1 }')
    kt=$($SIZE -B "$out/kem.elf" | awk 'NR == 2 { print $1 }')
    echo "  + ML-KEM-768 decapsulation (with SHA-3/SHAKE): $dt bytes; beyond the hash: $((dt - ht)) bytes =" \
         "$(awk -v b=$((dt - ht)) 'BEGIN { printf "%.1f KiB", b / 1024 }')"
    echo "  + ML-KEM-768 key generation, encapsulation, decapsulation: $kt bytes; beyond the hash:" \
         "$((kt - ht)) bytes = $(awk -v b=$((kt - ht)) 'BEGIN { printf "%.1f KiB", b / 1024 }')"
}

status=0
for cfg in "$@"; do
    name=$(basename "$cfg" .h)
    out=build-size/$name
    rm -rf "$out"
    mkdir -p "$out"
    for src in $(find src -name "*.c" | sort); do
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
            if (o ~ /^(bignum|asn1|base64|rsa|ecp|ecdsa|ecdh|pem|pk|mlkem)_/) { sub(/_.*/, "", o); return o }
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
            if ("bignum" in mt) {
                bn = mt["bignum_core"] + mt["bignum"]
                printf "bignum_core + bignum: %d bytes = %.1f KiB text (limit 10240): %s\n",
                       bn, bn / 1024, bn <= 10240 ? "ok" : "OVER"
                if (bn > 10240) { exit 1 }
            }
        }' || status=1
    if grep -q "define TACIT_MLKEM_C" "$cfg"; then
        linked_size_mlkem "$name" "$cfg" "$out"
    fi
    case $name in
        *25519*) linked_size_25519 "$name" "$cfg" "$out" ;;
        mldsa*) linked_size_mldsa "$out" "$cfg" ;;
        *small*) linked_size "$name" "$cfg" "$out" 6144 ;;
        *p256*) linked_size "$name" "$cfg" "$out" "" ;;
        aes_gcm) linked_size_aead "$name" "$cfg" "$out" TACIT_AEAD_AES_128_GCM aes-128-gcm 4192 ;;
        aes_ccm) linked_size_aead "$name" "$cfg" "$out" TACIT_AEAD_AES_128_CCM aes-128-ccm "" ;;
        # issue 32's target: 1944 bytes (BearSSL's ChaCha20 + Poly1305)
        chachapoly) linked_size_aead "$name" "$cfg" "$out" TACIT_AEAD_CHACHA20_POLY1305 chacha20-poly1305 1944 32 12 ;;
    esac
    echo
done
exit $status
