#!/bin/sh
# Usage: run.sh BUILD_DIR WORK_DIR CC
# Installs BUILD_DIR into WORK_DIR/prefix, then builds tests/consumer with
# find_package(tacit) and with pkg-config, and runs both binaries.
set -eu
build=$1; work=$2; cc=$3
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work"
mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" >/dev/null

cmake -S "$here" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_C_COMPILER="$cc" >/dev/null
cmake --build "$work/cmake" >/dev/null
"$work/cmake/consumer"

PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig:$work/prefix/lib64/pkgconfig"
export PKG_CONFIG_PATH
# shellcheck disable=SC2046
"$cc" -std=c99 -o "$work/pkgconfig-consumer" "$here/main.c" $(pkg-config --cflags --libs tacit)
"$work/pkgconfig-consumer"
# the tool and its manual are installed too (when the programs are built)
if [ -f "$build/programs/tacit/tacit" ]; then
    "$work/prefix/bin/tacit" --version
    test -s "$work/prefix/share/man/man1/tacit.1"
fi
echo "install_consumer: find_package and pkg-config consumers built and ran"
