#!/bin/sh
# Check that the C sources follow .clang-format: `clang-format --dry-run --Werror`
# over src, include, tests, programs and provider, generated files excluded (every *_gen.c and
# *_gen.h: scripts/gen/gen_*.py write them, scripts/check_generated.sh checks them).
# Usage: scripts/check_format.sh [--count]   (--count: only print how many lines would change)
# Exit 0 when every file is formatted, 1 otherwise, 2 without clang-format.
set -u
cd "$(dirname "$0")/.." || exit 2
CF=${CLANG_FORMAT:-clang-format}
if ! command -v "$CF" >/dev/null 2>&1; then
    echo "check_format: SKIP: $CF not found (apt-get install clang-format)" >&2
    exit 2
fi
files=$(git ls-files src include tests programs provider | grep -E '\.(c|h)$' |
        grep -v -E '_gen\.(c|h)$')
if [ "${1:-}" = "--count" ]; then
    total=0
    for f in $files; do
        n=$("$CF" --style=file "$f" | diff "$f" - | grep -c '^>')
        total=$((total + n))
    done
    echo "check_format: $total lines would change in $(echo "$files" | wc -l) files"
    exit 0
fi
bad=0
for f in $files; do
    "$CF" --style=file --dry-run --Werror "$f" >/dev/null 2>&1 || { echo "check_format: $f is not formatted" >&2; bad=1; }
done
[ "$bad" = 0 ] && echo "check_format: every file follows .clang-format"
exit "$bad"
