#!/bin/sh
# Every configuration header of scripts/configs/ on the host: the library and
# the suites of the modules it compiles in, built with -Os (MinSizeRel, as
# firmware builds them) and test hooks into build-configs/<config>/, then run.
# The suites of a configuration are listed in its header, on lines
#   * Host suites: NAME ...
# Suites not listed test modules the configuration leaves out (they call
# functions that do not exist there) and are not built.  A configuration
# without TACIT_ENTROPY_C gets tacit_entropy_default from
# tests/entropy_host.c (/dev/urandom), as firmware would supply its own.
#   scripts/test_configs.sh [CONFIG_HEADER ...]   (default: all of scripts/configs/)
# Run by scripts/test.sh.  Exits 1 if a configuration or a suite fails.
set -u
cd "$(dirname "$0")/.."
jobs=${TACIT_JOBS:-$(nproc)}
[ $# -eq 0 ] && set -- scripts/configs/*.h
status=0
for cfg in "$@"; do
    name=$(basename "$cfg" .h)
    dir=build-configs/$name
    suites=$(sed -n 's/^ \* Host suites: *//p' "$cfg" | tr '\n' ' ')
    if [ -z "$suites" ]; then
        echo "test_configs: $name: no 'Host suites:' line in $cfg"; status=1; continue
    fi
    mkdir -p "$dir"
    echo "==== $name: $suites"
    if ! cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=MinSizeRel -DTACIT_CONFIG_FILE="$PWD/$cfg" \
            -DTACIT_BUILD_PROGRAMS=OFF -DTACIT_TEST_HOOKS=ON >"$dir/configure.log" 2>&1; then
        tail -20 "$dir/configure.log"; echo "test_configs: $name: CONFIGURE FAILED"; status=1; continue
    fi
    # shellcheck disable=SC2086
    if ! cmake --build "$dir" -j"$jobs" --target tacit $suites >"$dir/build.log" 2>&1; then
        grep -E "error|undefined" "$dir/build.log" | head -20
        echo "test_configs: $name: BUILD FAILED (log: $dir/build.log)"; status=1; continue
    fi
    regex="^($(echo $suites | tr ' ' '|'))\$"
    if (cd "$dir" && ctest -j"$jobs" --output-on-failure -R "$regex") >"$dir/test.log" 2>&1; then
        grep -E "tests passed" "$dir/test.log" | sed "s/^/  $name: /"
        n=$(grep -cE "^ *[0-9]+/[0-9]+ Test +#" "$dir/test.log")
        if [ "$n" -ne "$(echo $suites | wc -w)" ]; then
            echo "test_configs: $name: $n suites ran, $(echo $suites | wc -w) listed"; status=1
        fi
    else
        tail -40 "$dir/test.log"; echo "test_configs: $name: SUITES FAILED (log: $dir/test.log)"; status=1
    fi
    grep -h "SKIP (" "$dir"/Testing/Temporary/LastTest*.log 2>/dev/null | sed 's/^ */  skipped: /' | sort -u
done
exit $status
