#!/bin/sh
# The tacit tool, end to end: every subcommand, its error paths (exit codes
# and one-line messages), and interop in both directions with the `openssl`
# command (SKIP when it is missing).
# Usage: run.sh TACIT WORK_DIR SHARED_DIR [EMULATOR ...]
#   EMULATOR (e.g. qemu-arm -L /usr/arm-linux-gnueabihf) is put in front of TACIT.
# A subcommand the build does not have (its module configured out or not yet
# written) is a visible SKIP, as is every interop check when openssl is absent.
set -u
TACIT=$1; W=$2; SHARED=$3; shift 3
EMU="$*"
rm -rf "$W"; mkdir -p "$W"
pass=0; fail=0; skips=""

t() { $EMU "$TACIT" "$@"; }
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
skip() { echo "SKIP: $*"; skips="$skips x"; }
have_cmd() { t -h | grep -q "^  $1 "; }
if command -v openssl >/dev/null 2>&1; then OPENSSL=openssl; else OPENSSL=""; fi

# expect RC DESCRIPTION COMMAND...: runs COMMAND (stdout to $W/out, stderr to
# $W/err), checks the exit code, and for a failure that stderr is ONE line.
expect() {
    want=$1; desc=$2; shift 2
    "$@" >"$W/out" 2>"$W/err"
    rc=$?
    if [ "$rc" != "$want" ]; then
        bad "$desc: exit $rc, want $want; stderr: $(head -3 "$W/err")"
        return 1
    fi
    if [ "$want" -ge 2 ] && [ "$(wc -l <"$W/err")" != 1 ]; then
        bad "$desc: stderr is not one line: $(cat "$W/err")"
        return 1
    fi
    ok
    return 0
}
# same_file DESCRIPTION A B
same_file() {
    if cmp -s "$2" "$3"; then ok; else bad "$1: $2 and $3 differ"; fi
}

# ---- framework: every subcommand has -h, rejects unknown options --------------
expect 2 "no command" t
expect 0 "tacit -h" t -h
expect 2 "unknown command" t frobnicate
for c in $(t -h | awk '/^  [a-z]/ { print $1 }'); do
    expect 0 "$c -h" t "$c" -h
    grep -q "usage: tacit $c" "$W/out" || bad "$c -h: no usage line"
    expect 2 "$c --no-such-option" t "$c" --no-such-option
done

# ---- base64 ---------------------------------------------------------------------
if have_cmd base64; then
    head -c 1000 /dev/urandom >"$W/rand.bin" 2>/dev/null || dd if=/dev/urandom of="$W/rand.bin" bs=1000 count=1 2>/dev/null
    expect 0 "base64 encode" t base64 -i "$W/rand.bin" -o "$W/rand.b64"
    expect 0 "base64 decode" t base64 -d -i "$W/rand.b64" -o "$W/rand.back"
    same_file "base64 round trip" "$W/rand.bin" "$W/rand.back"
    printf 'foobar' | t base64 >"$W/out" 2>&1
    [ "$(cat "$W/out")" = "Zm9vYmFy" ] && ok || bad "base64 of foobar: $(cat "$W/out")"
    printf 'Zm9vYg==\n' | t base64 -d >"$W/out" 2>&1
    [ "$(cat "$W/out")" = "foob" ] && ok || bad "base64 -d of Zm9vYg==: $(cat "$W/out")"
    printf '' | t base64 >"$W/out" 2>&1 && [ ! -s "$W/out" ] && ok || bad "base64 of empty input"
    printf 'Zm9v!mFy\n' >"$W/bad.b64"
    expect 3 "base64 -d of a bad character" t base64 -d -i "$W/bad.b64"
    expect 3 "base64 of a missing file" t base64 -i "$W/no-such-file"
    if [ -n "$OPENSSL" ]; then
        $OPENSSL base64 -in "$W/rand.bin" -out "$W/rand.ossl.b64"
        expect 0 "base64 -d of openssl base64" t base64 -d -i "$W/rand.ossl.b64" -o "$W/rand.back2"
        same_file "openssl base64 -> tacit base64 -d" "$W/rand.bin" "$W/rand.back2"
        $OPENSSL base64 -d -in "$W/rand.b64" -out "$W/rand.back3"
        same_file "tacit base64 -> openssl base64 -d" "$W/rand.bin" "$W/rand.back3"
    else
        skip "base64 interop: openssl not found"
    fi
else
    skip "base64: not in this build"
fi

# ---- summary ---------------------------------------------------------------------
echo "cli: $pass passed, $fail failed$( [ -n "$skips" ] && echo ", some parts SKIPPED")"
[ "$fail" -eq 0 ]
