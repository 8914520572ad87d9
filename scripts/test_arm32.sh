#!/bin/sh
# Cross-build tacit for 32-bit Arm Linux (arm-linux-gnueabihf-gcc, 32-bit
# limbs) into build-arm32/ and run every test suite under qemu-arm; then the
# ECC suites (label ecc) again in the small ECC profile (build-arm32-small/).
# Run by .ci/run after scripts/test.sh.
#   scripts/test_arm32.sh            configure, build, run all suites
#   scripts/test_arm32.sh -R REGEX   only the suites matching REGEX (passed to ctest)
# GMP is the only peer: the armhf GMP that scripts/setup.sh installs
# (libgmp-dev:armhf, linked statically), so the GMP differential suites run
# with 32-bit limbs under qemu-arm; without it the build has TACIT_PEERS=OFF
# and they print SKIP.  The other peers (OpenSSL, ...) have no armhf build
# here: their differential tests print SKIP.  The install_consumer test (a
# host build of an installed tree) is skipped.  Logs: build-arm32/{configure,build,test}.log.
# Warnings of the cross compiler are printed but not fatal unless
# TACIT_ARM32_WERROR=ON.
# Needs: gcc-arm-linux-gnueabihf libc6-dev-armhf-cross qemu-user (libgmp-dev:armhf).
set -u
cd "$(dirname "$0")/.."
dir=build-arm32
jobs=${TACIT_JOBS:-2}

for tool in arm-linux-gnueabihf-gcc qemu-arm; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "test_arm32: SKIP: $tool not found (apt-get install gcc-arm-linux-gnueabihf qemu-user)"
        exit 0
    fi
done

# Debian's multiarch paths of libgmp-dev:armhf (outside the cross tools'
# sysroot /usr/arm-linux-gnueabihf, so CMake is told where they are).
gmp_inc=/usr/include/arm-linux-gnueabihf
gmp_lib=/usr/lib/arm-linux-gnueabihf/libgmp.a
if [ -f "$gmp_inc/gmp.h" ] && [ -f "$gmp_lib" ]; then
    peers="-DTACIT_PEERS=ON -DTACIT_PEERS_ONLY=gmp -DGMP_INCLUDE_DIR=$gmp_inc -DGMP_LIBRARY=$gmp_lib"
    peers_text="GMP (armhf, static) the only peer"
else
    peers="-DTACIT_PEERS=OFF"
    peers_text="no peers: no armhf GMP ($gmp_lib; scripts/setup.sh installs libgmp-dev:armhf)"
fi

start=$(date +%s)
mkdir -p "$dir"
echo "==== $dir: configure (arm-linux-gnueabihf, 32-bit limbs, $peers_text) ===="
# $peers is split into its words on purpose.
# shellcheck disable=SC2086
if ! cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/arm-linux-gnueabihf.cmake" \
        -DTACIT_LIMB_BITS=32 $peers -DTACIT_WERROR="${TACIT_ARM32_WERROR:-OFF}" \
        >"$dir/configure.log" 2>&1; then
    cat "$dir/configure.log"; echo "test_arm32: CONFIGURE FAILED"; exit 1
fi
grep -E "^-- tacit:" "$dir/configure.log" | sed 's/^-- /test_arm32: /' || true
echo "==== $dir: build ===="
# Keep going past a suite that does not compile: the others still run, and
# the missing one fails in ctest ("Not Run") and in the exit code.
build_rc=0
if ! cmake --build "$dir" -j"$jobs" -- -k >"$dir/build.log" 2>&1; then
    build_rc=1
    echo "test_arm32: BUILD FAILED for some targets:"
    grep -E "error:|Error [0-9]" "$dir/build.log" | sort -u | head -20
fi
# The cross gcc (32-bit size_t, other inlining) finds warnings the host
# builds do not; they are shown, not fatal (TACIT_ARM32_WERROR=ON makes them so).
warnings=$(grep -c "warning:" "$dir/build.log")
[ "$warnings" -gt 0 ] && { echo "test_arm32: $warnings compiler warnings:"; grep "warning:" "$dir/build.log" | sort -u | head -20; }
built=$(date +%s)
echo "==== $dir: ctest under qemu-arm ===="
# -V keeps every suite's output in the log, so that the SKIP reasons can be shown.
(cd "$dir" && ctest -j"$jobs" -V -E '^install_consumer$' "$@") >"$dir/test.log" 2>&1
rc=$?
# The last lines of each failed suite's output (ctest -V prefixes them with "N: ").
failures() {
    for n in $(sed -n 's/^[[:space:]]*\([0-9][0-9]*\) - .*/\1/p' "$1"); do
        echo "  ---- test $n:"; grep "^$n: " "$1" | tail -25
    done
}
summary() {
    grep -E " SKIP \(" "$1" | sed 's/^[0-9]*: *//' | sort -u | sed "s/^/  /"
    grep -E "^ *[0-9]+/[0-9]+ Test +#|tests passed|tests failed" "$1" | grep -E "\*\*\*|Failed|tests" | sed 's/^/  /'
}
summary "$dir/test.log"
[ $rc -eq 0 ] || failures "$dir/test.log"
if [ $# -eq 0 ]; then
    sdir=build-arm32-small
    mkdir -p "$sdir"
    echo "==== $sdir: the ECC suites in the small profile (TACIT_ECP_SMALL) under qemu-arm ===="
    if cmake -S . -B "$sdir" -DCMAKE_BUILD_TYPE=Release \
            -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/arm-linux-gnueabihf.cmake" -DTACIT_ECP_SMALL=ON \
            -DTACIT_LIMB_BITS=32 -DTACIT_PEERS=OFF -DTACIT_BUILD_PROGRAMS=OFF \
            -DTACIT_WERROR="${TACIT_ARM32_WERROR:-OFF}" >"$sdir/configure.log" 2>&1 &&
       cmake --build "$sdir" -j"$jobs" --target test_ecp test_ecdsa test_ecdh ct_ecp \
            >"$sdir/build.log" 2>&1; then
        if ! (cd "$sdir" && ctest -j"$jobs" -V -L ecc) >"$sdir/test.log" 2>&1; then
            rc=1; summary "$sdir/test.log"; failures "$sdir/test.log"
        else
            summary "$sdir/test.log"
        fi
    else
        echo "test_arm32: small profile: CONFIGURE OR BUILD FAILED"
        grep -E "error" "$sdir/configure.log" "$sdir/build.log" | head -10; rc=1
    fi
fi
end=$(date +%s)
echo "test_arm32: build $((built - start)) s, tests $((end - built)) s, total $((end - start)) s"
[ $build_rc -eq 0 ] || rc=1
[ $rc -eq 0 ] && echo "test_arm32: PASSED" || echo "test_arm32: FAILED"
exit $rc
