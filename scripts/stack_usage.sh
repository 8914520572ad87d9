#!/bin/sh
# Worst-case stack of each public operation on Cortex-M4 (Thumb-2, -Os):
# every src/**/*.c compiled with arm-none-eabi-gcc -fstack-usage
# -fcallgraph-info=su, then scripts/stack_usage.py sums the frames along the
# deepest static call path (indirect calls resolved by module; see there).
# Three configurations:
#   p256_small         small ECC profile (scripts/configs/p256_small.h):
#                      P-256 key generation, ECDSA sign/verify, ECDH, SHA-256
#   baremetal_default  the default configuration minus OS entropy: the same
#                      with the default ECC profile, plus RSA-2048 and base64
#   mldsa_verify       SHA-3 + ML-DSA, TACIT_MLDSA_SMALL_STACK (the boot
#                      loader case: ML-DSA verify; keygen and sign reported)
# The default RNG's entropy callback and the caller's f_rng are outside the
# library; the library's own generators (tacit_rng_default,
# tacit_hmac_drbg_random) are counted where an f_rng is called.  RSA and
# base64/PEM also use the heap (not counted here).  Checks: small-profile
# ECDSA sign below 2048 bytes, ML-KEM-768 decapsulation (baremetal_default;
# -Os builds take the small-stack path that expands the matrix entry by
# entry) at most 8 KiB; with mldsa_verify (TACIT_MLDSA_SMALL_STACK) ML-DSA
# sign (the streaming signer) at most 6 KiB, keygen and verify at most
# 3.5 KiB (exit status 1 otherwise).
# Usage: scripts/stack_usage.sh        (objects in build-stack/<config>/)
set -u
cd "$(dirname "$0")/.."
CC=${CC_ARM:-arm-none-eabi-gcc}
CFLAGS="-mthumb -mcpu=cortex-m4 -Os -std=c99 -ffunction-sections -fdata-sections"

if ! command -v "$CC" >/dev/null 2>&1; then
    echo "stack_usage: SKIP: $CC not found (apt-get install gcc-arm-none-eabi)"
    exit 0
fi

ENTRIES="ECDSA-P256-sign=tacit_ecdsa_sign_der ECDSA-P256-verify=tacit_ecdsa_verify_der
ECDH-P256=tacit_ecdh_compute_shared EC-P256-keygen=tacit_ecp_gen_key
RSA-2048-sign=tacit_rsa_pkcs1_sign RSA-2048-verify=tacit_rsa_pkcs1_verify
RSA-PSS-sign=tacit_rsa_pss_sign RSA-OAEP-decrypt=tacit_rsa_oaep_decrypt
SHA-256=tacit_sha256 HMAC_DRBG-generate=tacit_hmac_drbg_generate
base64-decode=tacit_base64_decode PEM-read=tacit_pem_read
ML-DSA-verify=tacit_mldsa_verify ML-DSA-keygen=tacit_mldsa_keygen_seed
ML-DSA-sign=tacit_mldsa_sign_det
ML-KEM-768-keygen=tacit_mlkem_keygen_seed ML-KEM-768-encaps=tacit_mlkem_encaps_m
ML-KEM-768-decaps=tacit_mlkem_decaps X25519MLKEM768-decaps=tacit_x25519mlkem768_decaps"
status=0
for cfg in scripts/configs/p256_small.h scripts/configs/baremetal_default.h \
           scripts/configs/mldsa_verify.h; do
    name=$(basename "$cfg" .h)
    out=build-stack/$name
    rm -rf "$out"
    mkdir -p "$out"
    for src in $(find src -name "*.c" | sort); do
        obj=$out/$(basename "$src" .c).o
        if ! (cd "$out" && $CC $CFLAGS -fstack-usage -fcallgraph-info=su \
                -DTACIT_CONFIG_FILE="\"$PWD/../../$cfg\"" -I../../include -I../../src \
                -c "../../$src" -o "$(basename "$obj")") 2>"$obj.log"; then
            echo "stack_usage: $name: $src does not compile:"; cat "$obj.log"; status=1
        fi
    done
    echo "==== $name ($cfg): bytes of stack, worst path (frame bytes per function) ===="
    # shellcheck disable=SC2086
    python3 scripts/stack_usage.py "$out" $ENTRIES | tee "$out/report.txt"
    if [ "$name" = p256_small ]; then
        sign=$(awk '$1 == "ECDSA-P256-sign" { print $2 }' "$out/report.txt")
        if [ -n "$sign" ] && [ "$sign" -lt 2048 ]; then
            echo "small profile ECDSA-P256 sign: $sign bytes (limit 2048): ok"
        else
            echo "small profile ECDSA-P256 sign: $sign bytes (limit 2048): OVER"; status=1
        fi
    fi
    kem=$(awk '$1 == "ML-KEM-768-decaps" { print $2 }' "$out/report.txt")
    if [ -n "$kem" ] && [ "$kem" != - ]; then
        if [ "$kem" -le 8192 ]; then
            echo "ML-KEM-768 decaps: $kem bytes (limit 8192): ok"
        else
            echo "ML-KEM-768 decaps: $kem bytes (limit 8192): OVER"; status=1
        fi
    fi
    if [ "$name" = mldsa_verify ]; then
        # the small-stack ML-DSA (streaming signer, streamed keygen and verify): worst parameter set
        for op in ML-DSA-sign:6144 ML-DSA-keygen:3584 ML-DSA-verify:3584; do
            e=${op%%:*}; lim=${op#*:}
            v=$(awk -v e="$e" '$1 == e { print $2 }' "$out/report.txt")
            if [ -n "$v" ] && [ "$v" != - ] && [ "$v" -le "$lim" ]; then
                echo "small-stack $e: $v bytes (limit $lim): ok"
            else
                echo "small-stack $e: $v bytes (limit $lim): OVER"; status=1
            fi
        done
    fi
    echo
done
exit $status
