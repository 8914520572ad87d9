#!/bin/sh
# Merge ChangeLog.d/*.txt into ChangeLog (newest release on top).
#   scripts/assemble_changelog.sh [VERSION]      prints the new section
#   scripts/assemble_changelog.sh --write VERSION  prepends it to ChangeLog and removes the entries
# Each entry file has sections headed by one of the category lines below,
# followed by indented bullet lines, e.g.
#   Features
#      * Add tacit_base64_decode, constant-flow.
set -eu
cd "$(dirname "$0")/.."
write=0
if [ "${1:-}" = "--write" ]; then write=1; shift; fi
version=${1:-unreleased}
categories="Security|API changes|Features|Bugfix|Performance|Changes"

out=$(mktemp)
printf '= tacit %s branch released %s\n' "$version" "$(date +%Y-%m-%d)" >"$out"
for cat in Security "API changes" Features Bugfix Performance Changes; do
    body=""
    for f in ChangeLog.d/*.txt; do
        [ -e "$f" ] || continue
        part=$(awk -v c="$cat" -v cats="$categories" '
            $0 ~ "^(" cats ")[[:space:]]*$" { on = ($0 ~ "^" c "[[:space:]]*$"); next }
            on && NF { print }' "$f")
        [ -n "$part" ] && body="$body
$part"
    done
    [ -n "$body" ] && printf '\n%s%s\n' "$cat" "$body" >>"$out"
done
if [ $write = 1 ]; then
    [ -f ChangeLog ] && { printf '\n'; cat ChangeLog; } >>"$out"
    mv "$out" ChangeLog
    find ChangeLog.d -name '*.txt' -delete
    echo "ChangeLog updated for $version"
else
    cat "$out"; rm -f "$out"
fi
