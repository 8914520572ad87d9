#!/bin/sh
# Set up a fresh Debian machine for tacit and build a Release tree in build/.
# Idempotent: re-running only re-checks the packages and rebuilds.
#   scripts/setup.sh            install packages (as root or via sudo), configure, build
#   TACIT_NO_APT=1 scripts/setup.sh   skip the package step
# One line per phase; the full output of each phase goes to build/setup-*.log.
set -eu
cd "$(dirname "$0")/.."
mkdir -p build

# Needed to build and test; then the optional peers that differential tests
# and benchmarks compare against (GMP, OpenSSL, mbed TLS, BearSSL, nettle, libsodium,
# libgcrypt),
# the Arm cross tools for code size and 32-bit tests, gnuplot for charts.
PACKAGES="cmake make gcc clang clang-format valgrind pkg-config ca-certificates openssl curl
libgmp-dev libssl-dev libmbedtls-dev libbearssl-dev nettle-dev libsodium-dev libgcrypt20-dev
gcc-arm-none-eabi gcc-arm-linux-gnueabihf libc6-dev-armhf-cross qemu-user gnuplot-nox libclang-rt-14-dev"
# GMP for 32-bit Arm (a dpkg foreign architecture): the GMP differential tests
# of scripts/test_arm32.sh under qemu-arm.  Installed after the others and not
# fatal: without it those tests print SKIP, and an armhf mirror problem cannot
# stop the rest of the setup.
ARMHF_PACKAGES="libgmp-dev:armhf"

# Print the last lines of a phase's log and stop.
fail() {
    echo "setup: FAILED: $1 (last lines of $2 below)"
    tail -20 "$2"
    exit 1
}

t0=$(date +%s)
if [ "${TACIT_NO_APT:-0}" != 1 ]; then
    missing=""
    for p in $PACKAGES; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
    done
    missing_armhf=""
    for p in $ARMHF_PACKAGES; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
            missing_armhf="$missing_armhf $p"
    done
    if [ -n "$missing$missing_armhf" ]; then
        SUDO=""
        [ "$(id -u)" = 0 ] || SUDO=sudo
        n=$(echo $missing $missing_armhf | wc -w)
        echo "setup: [1/3] packages: installing $n missing:$missing$missing_armhf"
        if [ -n "$missing_armhf" ] && ! dpkg --print-foreign-architectures | grep -qx armhf; then
            echo "setup:       dpkg --add-architecture armhf"
            $SUDO dpkg --add-architecture armhf
        fi
        echo "setup:       apt-get update (log: build/setup-apt.log)"
        # A mirror may serve one stale index (seen: bookworm-security's armhf
        # Packages, "File has unexpected size"): apt keeps the other lists and
        # exits 100.  Go on with them; apt-get install still fails below if a
        # package cannot be had.
        if ! $SUDO apt-get update >build/setup-apt.log 2>&1; then
            grep -q "^E: Some index files failed to download" build/setup-apt.log ||
                fail "apt-get update" build/setup-apt.log
            echo "setup:       apt-get update: some index files failed, going on with the others:"
            grep "^E: Failed to fetch" build/setup-apt.log | sed 's/^E: /setup:         /' | cut -c1-200
        fi
        if [ -n "$missing" ]; then
            # apt prints hundreds of lines: show a progress line every 10 s.
            DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y $missing \
                >>build/setup-apt.log 2>&1 &
            pid=$!
            while kill -0 $pid 2>/dev/null; do
                sleep 10
                got=$(grep -c "^Get:" build/setup-apt.log || true)
                set_up=$(grep -c "^Setting up" build/setup-apt.log || true)
                echo "setup:       apt-get install: $got downloaded, $set_up set up ($(($(date +%s) - t0)) s)"
            done
            wait $pid || fail "apt-get install" build/setup-apt.log
            echo "setup:       installed$missing"
        fi
        if [ -n "$missing_armhf" ]; then
            if DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y $missing_armhf \
                >>build/setup-apt.log 2>&1; then
                echo "setup:       installed$missing_armhf"
            else
                echo "setup:       NOT installed:$missing_armhf (see build/setup-apt.log);" \
                    "test_arm32.sh's GMP differential tests will SKIP"
            fi
        fi
    else
        echo "setup: [1/3] packages: all $(echo $PACKAGES $ARMHF_PACKAGES | wc -w) present"
    fi
else
    echo "setup: [1/3] packages: skipped (TACIT_NO_APT=1)"
fi

echo "setup: [2/3] configure build/ (Release; log: build/setup-configure.log)"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >build/setup-configure.log 2>&1 ||
    fail "configure" build/setup-configure.log
grep -E "^-- tacit:" build/setup-configure.log | sed 's/^-- /setup:       /' || true

t1=$(date +%s)
echo "setup: [3/3] build with $(nproc) jobs (log: build/setup-build.log)"
cmake --build build -j"$(nproc)" >build/setup-build.log 2>&1 || fail "build" build/setup-build.log
echo "setup: built build/ (Release) in $(($(date +%s) - t1)) s; total $(($(date +%s) - t0)) s"
