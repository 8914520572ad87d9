#!/bin/sh
# Usage: readme_example.sh BUILD_DIR WORK_DIR CC README
# The README's first ```c block is a whole program: extract it, install
# BUILD_DIR into WORK_DIR/prefix, compile the program against the installed
# library with pkg-config, and run it (exit 0).
set -eu
build=$1; work=$2; cc=$3; readme=$4
rm -rf "$work"
mkdir -p "$work"
awk '/^```c$/ { on = 1; next } on && /^```$/ { exit } on { print }' "$readme" >"$work/example.c"
if [ ! -s "$work/example.c" ]; then
    echo "readme_example: no \`\`\`c block in $readme"; exit 1
fi
cmake --install "$build" --prefix "$work/prefix" >/dev/null
PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig:$work/prefix/lib64/pkgconfig"
export PKG_CONFIG_PATH
# shellcheck disable=SC2046
"$cc" -std=c99 -Wall -Wextra -Werror -o "$work/example" "$work/example.c" $(pkg-config --cflags --libs tacit)
"$work/example"
echo "readme_example: the README's C example compiled against the installed library and ran"
