#!/bin/sh
# Set up a fresh Debian machine for tacit and build a Release tree in build/.
# Idempotent: re-running only re-checks the packages and rebuilds.
#   scripts/setup.sh            install packages (as root or via sudo), configure, build
#   TACIT_NO_APT=1 scripts/setup.sh   skip the package step
set -eu
cd "$(dirname "$0")/.."

# Needed to build and test; then the optional peers that differential tests
# and benchmarks compare against (GMP, OpenSSL, mbed TLS, BearSSL, nettle),
# the Arm cross tools for code size and 32-bit tests, gnuplot for charts.
PACKAGES="cmake make gcc clang clang-format valgrind pkg-config ca-certificates openssl
libgmp-dev libssl-dev libmbedtls-dev libbearssl-dev nettle-dev libsodium-dev
gcc-arm-none-eabi gcc-arm-linux-gnueabihf libc6-dev-armhf-cross qemu-user gnuplot-nox libclang-rt-14-dev"

if [ "${TACIT_NO_APT:-0}" != 1 ]; then
    missing=""
    for p in $PACKAGES; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
    done
    if [ -n "$missing" ]; then
        SUDO=""
        [ "$(id -u)" = 0 ] || SUDO=sudo
        echo "setup: installing$missing"
        $SUDO apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
    else
        echo "setup: all packages present"
    fi
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
echo "setup: built build/ (Release)"
