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
    _want=$1; _desc=$2; shift 2
    "$@" >"$W/out" 2>"$W/err"
    _rc=$?
    if [ "$_rc" != "$_want" ]; then
        bad "$_desc: exit $_rc, want $_want; stderr: $(head -3 "$W/err")"
        return 1
    fi
    if [ "$_want" -ge 2 ] && [ "$(wc -l <"$W/err")" != 1 ]; then
        bad "$_desc: stderr is not one line: $(cat "$W/err")"
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

expect 0 "tacit --version" t --version
grep -q "^tacit [0-9]*\.[0-9]*\.[0-9]* (library [0-9.]*)$" "$W/out" && ok || bad "--version: $(cat "$W/out")"

# ---- speed: an unknown row id is a usage error; --list explains the terms -----------
expect 2 "speed with an unknown id" t speed no-such-row
expect 0 "speed --list" t speed --list
grep -q "hot RR" "$W/out" && grep -q "e padded" "$W/out" && ok || bad "speed --list: no legend"

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

# ---- keys: reading every format, writing SPKI ------------------------------------
I=$SHARED/interop
if [ ! -f "$I/msg.txt" ]; then
    skip "key, signature, encryption and ECDH checks: $I not found"
    have_rsa=0; have_ec=0
elif ! have_cmd pubkey; then
    skip "pubkey/sign/verify/encrypt/decrypt/ecdh: not in this build"
    have_rsa=0; have_ec=0
else
    if t pubkey -k "$I/rsa2048.pub.der" >/dev/null 2>&1; then have_rsa=1; else have_rsa=0; skip "RSA: not in this build"; fi
    if t pubkey -k "$I/p256.pub.der" >/dev/null 2>&1; then have_ec=1; else have_ec=0; skip "EC: not in this build"; fi
fi
rsa_sizes="rsa2048 rsa3072 rsa4096"
curves="p256 p384 p521"

if [ "$have_rsa" = 1 ]; then
    for k in $rsa_sizes; do
        for f in key.pem key.der pkcs8.pem pkcs8.der pub.pem pub.der pub.pkcs1.pem pub.pkcs1.der; do
            [ -f "$I/$k.$f" ] || continue
            expect 0 "pubkey -k $k.$f" t pubkey -k "$I/$k.$f" --der -o "$W/pub.der" && same_file "pubkey of $k.$f" "$W/pub.der" "$I/$k.pub.der"
        done
    done
    for f in rsa2048.pub.crlf.pem rsa2048.pub.preamble.pem; do
        expect 0 "pubkey -k $f" t pubkey -k "$I/$f" --der -o "$W/pub.der" && same_file "pubkey of $f" "$W/pub.der" "$I/rsa2048.pub.der"
    done
    expect 0 "pubkey PEM out" t pubkey -k "$I/rsa2048.key.pem" -o "$W/pub.pem" && same_file "pubkey PEM of rsa2048" "$W/pub.pem" "$I/rsa2048.pub.pem"
    t pubkey -k "$I/rsa2048.key.pem" >"$W/pub.stdout.pem" 2>/dev/null && same_file "pubkey to stdout" "$W/pub.stdout.pem" "$I/rsa2048.pub.pem"
    t pubkey <"$I/rsa2048.pkcs8.der" >"$W/pub.stdin.pem" 2>/dev/null && same_file "pubkey -k from stdin" "$W/pub.stdin.pem" "$I/rsa2048.pub.pem"
fi
if [ "$have_ec" = 1 ]; then
    for c in $curves; do
        for f in sec1.pem sec1.der pkcs8.pem pkcs8.der pub.pem pub.der pub.compressed.der; do
            expect 0 "pubkey -k $c.$f" t pubkey -k "$I/$c.$f" --der -o "$W/pub.der" && same_file "pubkey of $c.$f" "$W/pub.der" "$I/$c.pub.der"
        done
    done
    expect 0 "pubkey PEM out" t pubkey -k "$I/p384.sec1.pem" -o "$W/pub.pem" && same_file "pubkey PEM of p384" "$W/pub.pem" "$I/p384.pub.pem"
fi
if [ "$have_rsa" = 1 ] || [ "$have_ec" = 1 ]; then
    # malformed keys: exit 3 and one line naming the problem
    for f in rsa2048.key.bad-b64char.pem p256.pub.bad-b64char.pem rsa2048.pub.bad-padding.pem \
             rsa2048.pkcs8.truncated.der rsa2048.pub.truncated.der p256.pub.truncated.der \
             rsa2048.key.mismatched-footer.pem rsa2048.key.bad-dashes.pem rsa2048.key.no-footer.pem \
             rsa2048.key.ec-label.pem rsa2048.pub.cert-label.pem rsa2048.pub.wrong-label.pem \
             rsa2048.key.modflip.pem; do
        expect 3 "pubkey -k broken/$f" t pubkey -k "$I/broken/$f"
    done
    expect 3 "pubkey -k a certificate" t pubkey -k "$I/rsa2048.crt.pem"
    expect 3 "pubkey -k msg.txt" t pubkey -k "$I/msg.txt"
    expect 3 "pubkey -k missing file" t pubkey -k "$W/no-such-key.pem"
    grep -q "no-such-key.pem" "$W/err" && ok || bad "missing key: message does not name the file"
fi

# ---- signatures: OpenSSL-made ones verify in tacit ----------------------------------
# (sh has no local variables: the helpers' names start with _)
verify_ok() { # DESC KEY ALG MSG SIG [extra...]
    _d=$1; _k=$2; _a=$3; _m=$4; _s=$5; shift 5
    expect 0 "$_d" t verify -k "$_k" -a "$_a" -i "$_m" -s "$_s" "$@" && { grep -q "^Verified OK$" "$W/out" && ok || bad "$_d: no 'Verified OK'"; }
}
verify_bad() {
    _d=$1; _k=$2; _a=$3; _m=$4; _s=$5; shift 5
    expect 1 "$_d" t verify -k "$_k" -a "$_a" -i "$_m" -s "$_s" "$@" && { grep -q "^Verification failure$" "$W/out" && ok || bad "$_d: no 'Verification failure'"; }
}
if [ "$have_rsa" = 1 ]; then
    for k in $rsa_sizes; do
        for h in sha256 sha384 sha512; do
            [ -f "$I/$k.pkcs1v15-$h.sig" ] || continue
            verify_ok "verify openssl $k pkcs1-$h" "$I/$k.pub.pem" "pkcs1-$h" "$I/msg.txt" "$I/$k.pkcs1v15-$h.sig"
            verify_bad "verify openssl $k pkcs1-$h, flipped message" "$I/$k.pub.pem" "pkcs1-$h" "$I/broken/msg.bitflip.txt" "$I/$k.pkcs1v15-$h.sig"
        done
        [ -f "$I/$k.pss-sha256.sig" ] || continue
        verify_ok "verify openssl $k pss-sha256" "$I/$k.pub.pem" pss-sha256 "$I/msg.txt" "$I/$k.pss-sha256.sig"
        verify_ok "verify openssl $k pss-sha256 --saltlen 32" "$I/$k.pub.pem" pss-sha256 "$I/msg.txt" "$I/$k.pss-sha256.sig" --saltlen 32
        verify_bad "verify openssl $k pss-sha256 --saltlen 20" "$I/$k.pub.pem" pss-sha256 "$I/msg.txt" "$I/$k.pss-sha256.sig" --saltlen 20
    done
    verify_ok "verify with the PKCS#1 RSAPublicKey" "$I/rsa2048.pub.pkcs1.der" pkcs1-sha256 "$I/msg.txt" "$I/rsa2048.pkcs1v15-sha256.sig"
    verify_ok "verify with the private key" "$I/rsa2048.key.pem" pkcs1-sha256 "$I/msg.txt" "$I/rsa2048.pkcs1v15-sha256.sig"
    verify_ok "verify, message on stdin" "$I/rsa2048.pub.pem" pkcs1-sha256 - "$I/rsa2048.pkcs1v15-sha256.sig" <"$I/msg.txt"
    verify_bad "verify bit-flipped pkcs1 signature" "$I/rsa2048.pub.pem" pkcs1-sha256 "$I/msg.txt" "$I/broken/rsa2048.pkcs1v15-sha256.bitflip.sig"
    verify_bad "verify bit-flipped pss signature" "$I/rsa2048.pub.pem" pss-sha256 "$I/msg.txt" "$I/broken/rsa2048.pss-sha256.bitflip.sig"
    verify_bad "verify pkcs1 signature as pss" "$I/rsa2048.pub.pem" pss-sha256 "$I/msg.txt" "$I/rsa2048.pkcs1v15-sha256.sig"
    verify_bad "verify with the wrong hash" "$I/rsa2048.pub.pem" pkcs1-sha384 "$I/msg.txt" "$I/rsa2048.pkcs1v15-sha256.sig"
    verify_bad "verify with the wrong modulus" "$I/broken/rsa2048.pub.modflip.der" pkcs1-sha256 "$I/msg.txt" "$I/rsa2048.pkcs1v15-sha256.sig"
    verify_bad "verify with another key" "$I/rsa3072.pub.pem" pkcs1-sha256 "$I/msg.txt" "$I/rsa2048.pkcs1v15-sha256.sig"
    expect 2 "verify without -s" t verify -k "$I/rsa2048.pub.pem" -a pkcs1-sha256 -i "$I/msg.txt"
    expect 2 "verify without -k" t verify -a pkcs1-sha256 -i "$I/msg.txt" -s "$I/rsa2048.pkcs1v15-sha256.sig"
    expect 2 "verify with an unknown algorithm" t verify -k "$I/rsa2048.pub.pem" -a pkcs1-md5 -i "$I/msg.txt" -s "$I/rsa2048.pkcs1v15-sha256.sig"
    expect 2 "verify with --saltlen abc" t verify -k "$I/rsa2048.pub.pem" -a pss-sha256 --saltlen abc -i "$I/msg.txt" -s "$I/rsa2048.pss-sha256.sig"
    expect 3 "verify with a missing signature file" t verify -k "$I/rsa2048.pub.pem" -a pkcs1-sha256 -i "$I/msg.txt" -s "$W/no-such-sig"
    expect 3 "sign with a public key" t sign -k "$I/rsa2048.pub.pem" -a pkcs1-sha256 -i "$I/msg.txt"
    expect 3 "ecdsa with an RSA key" t sign -k "$I/rsa2048.key.pem" -a ecdsa-sha256 -i "$I/msg.txt"
fi
if [ "$have_ec" = 1 ]; then
    for c in $curves; do
        for h in sha256 sha384 sha512; do
            verify_ok "verify openssl $c ecdsa-$h" "$I/$c.pub.pem" "ecdsa-$h" "$I/msg.txt" "$I/$c.ecdsa-$h.der.sig"
            verify_bad "verify openssl $c ecdsa-$h, flipped message" "$I/$c.pub.pem" "ecdsa-$h" "$I/broken/msg.bitflip.txt" "$I/$c.ecdsa-$h.der.sig"
        done
    done
    verify_ok "verify with the compressed-point SPKI" "$I/p256.pub.compressed.der" ecdsa-sha256 "$I/msg.txt" "$I/p256.ecdsa-sha256.der.sig"
    verify_ok "verify with the SEC1 private key" "$I/p256.sec1.pem" ecdsa-sha256 "$I/msg.txt" "$I/p256.ecdsa-sha256.der.sig"
    verify_bad "verify bit-flipped ecdsa signature" "$I/p256.pub.pem" ecdsa-sha256 "$I/msg.txt" "$I/broken/p256.ecdsa-sha256.bitflip.der.sig"
    verify_bad "verify ecdsa with another key" "$I/p256-peer.pub.pem" ecdsa-sha256 "$I/msg.txt" "$I/p256.ecdsa-sha256.der.sig"
    verify_bad "verify ecdsa with the wrong hash" "$I/p256.pub.pem" ecdsa-sha384 "$I/msg.txt" "$I/p256.ecdsa-sha256.der.sig"
    verify_bad "verify a DER signature as --raw" "$I/p256.pub.pem" ecdsa-sha256 "$I/msg.txt" "$I/p256.ecdsa-sha256.der.sig" --raw
    expect 3 "pkcs1 with an EC key" t sign -k "$I/p256.sec1.pem" -a pkcs1-sha256 -i "$I/msg.txt"
    # a malformed signature: still "Verification failure" (exit 1), and stderr says why
    printf 'not a signature' >"$W/garbage.sig"
    verify_bad "verify a non-DER ecdsa signature" "$I/p256.pub.pem" ecdsa-sha256 "$I/msg.txt" "$W/garbage.sig"
    grep -q "malformed signature: not DER" "$W/err" && ok || bad "non-DER ecdsa signature: stderr: $(cat "$W/err")"
    verify_bad "verify a short raw ecdsa signature" "$I/p256.pub.pem" ecdsa-sha256 "$I/msg.txt" "$W/garbage.sig" --raw
    grep -q "malformed signature: r||s of 15 bytes" "$W/err" && ok || bad "short raw signature: stderr: $(cat "$W/err")"
    verify_bad "verify a bit-flipped signature, nothing on stderr" "$I/p256.pub.pem" ecdsa-sha256 "$I/msg.txt" "$I/broken/p256.ecdsa-sha256.bitflip.der.sig"
    [ ! -s "$W/err" ] || grep -q "malformed" "$W/err" && ok || bad "bit-flipped signature: stderr: $(cat "$W/err")"
    expect 2 "ecdsa-sha1 is not offered for signing" t sign -k "$I/p256.sec1.pem" -a ecdsa-sha1 -i "$I/msg.txt"
    if [ -n "$OPENSSL" ]; then
        $OPENSSL dgst -sha1 -sign "$I/p256.pkcs8.pem" -out "$W/p256.sha1.sig" "$I/msg.txt"
        verify_ok "verify an openssl ecdsa-sha1 signature (legacy)" "$I/p256.pub.pem" ecdsa-sha1 "$I/msg.txt" "$W/p256.sha1.sig"
    else
        skip "ecdsa-sha1 verification: openssl not found"
    fi
fi
if [ "$have_rsa" = 1 ]; then
    printf 'short' >"$W/short.sig"
    verify_bad "verify a short rsa signature" "$I/rsa2048.pub.pem" pkcs1-sha256 "$I/msg.txt" "$W/short.sig"
    grep -q "malformed signature: 5 bytes" "$W/err" && ok || bad "short rsa signature: stderr: $(cat "$W/err")"
    expect 2 "pkcs1-sha1 is not offered for signing" t sign -k "$I/rsa2048.key.pem" -a pkcs1-sha1 -i "$I/msg.txt"
    if [ -n "$OPENSSL" ]; then
        $OPENSSL dgst -sha1 -sign "$I/rsa2048.key.pem" -out "$W/rsa.sha1.sig" "$I/msg.txt"
        verify_ok "verify an openssl pkcs1-sha1 signature (legacy)" "$I/rsa2048.pub.pem" pkcs1-sha1 "$I/msg.txt" "$W/rsa.sha1.sig"
    else
        skip "pkcs1-sha1 verification: openssl not found"
    fi
fi

# ---- id-RSASSA-PSS keys (RFC 4055): pubkey keeps the OID and the parameters -----------
if [ "$have_rsa" = 1 ] && [ -n "$OPENSSL" ]; then
    # one key restricted to SHA-256/MGF1-SHA-256/salt 32, one with the parameters absent
    $OPENSSL genpkey -algorithm RSA-PSS -pkeyopt rsa_keygen_bits:1024 -pkeyopt rsa_pss_keygen_md:sha256 \
        -pkeyopt rsa_pss_keygen_mgf1_md:sha256 -pkeyopt rsa_pss_keygen_saltlen:32 -out "$W/pss-params.key.pem" 2>/dev/null
    $OPENSSL genpkey -algorithm RSA-PSS -pkeyopt rsa_keygen_bits:1024 -out "$W/pss-bare.key.pem" 2>/dev/null
    for k in pss-params pss-bare; do
        $OPENSSL pkey -in "$W/$k.key.pem" -pubout -out "$W/$k.pub.ossl.pem"
        expect 0 "pubkey of an id-RSASSA-PSS key ($k)" t pubkey -k "$W/$k.key.pem" -o "$W/$k.pub.pem" &&
            same_file "pubkey of $k is openssl's (OID and parameters kept)" "$W/$k.pub.pem" "$W/$k.pub.ossl.pem"
        expect 0 "sign with $k" t sign -k "$W/$k.key.pem" -a pss-sha256 -i "$I/msg.txt" -o "$W/$k.sig"
        verify_ok "verify with $k's public key" "$W/$k.pub.pem" pss-sha256 "$I/msg.txt" "$W/$k.sig"
        expect 3 "pkcs1 signature with $k (PSS only)" t sign -k "$W/$k.key.pem" -a pkcs1-sha256 -i "$I/msg.txt" -o "$W/$k.p1.sig"
        expect 3 "encrypt to $k (PSS only)" t encrypt -k "$W/$k.pub.pem" -a oaep-sha256 -i "$I/msg.txt" -o "$W/$k.enc"
        if $OPENSSL dgst -sha256 -verify "$W/$k.pub.ossl.pem" -signature "$W/$k.sig" "$I/msg.txt" >/dev/null 2>&1; then
            ok
        else
            bad "openssl verifies tacit's signature with $k"
        fi
    done
    # RFC 4055 3.3: the parameters bind the hash and MGF1 hash and set a floor on the salt
    expect 3 "pss-sha384 with a SHA-256 PSS key" t sign -k "$W/pss-params.key.pem" -a pss-sha384 -i "$I/msg.txt" -o "$W/x.sig"
    expect 3 "salt 20 below the key's 32" t sign -k "$W/pss-params.key.pem" -a pss-sha256 --saltlen 20 -i "$I/msg.txt" -o "$W/x.sig"
    expect 3 "verify salt 20 below the key's 32" t verify -k "$W/pss-params.pub.pem" -a pss-sha256 --saltlen 20 -i "$I/msg.txt" -s "$W/pss-params.sig"
    expect 0 "salt 40 with the key's floor 32" t sign -k "$W/pss-params.key.pem" -a pss-sha256 --saltlen 40 -i "$I/msg.txt" -o "$W/pss40.sig" &&
        verify_ok "verify salt 40 (auto)" "$W/pss-params.pub.pem" pss-sha256 "$I/msg.txt" "$W/pss40.sig"
    # the same key's numbers as a plain RSA key sign with salt 20: the PSS key refuses that signature
    # (its PKCS#1 RSAPrivateKey is the PKCS#8 OCTET STRING's contents)
    off=$($OPENSSL asn1parse -in "$W/pss-params.key.pem" | awk -F: '/d=1/ && /OCTET STRING/ {print $1 + 0; exit}')
    if [ -n "$off" ] && $OPENSSL asn1parse -in "$W/pss-params.key.pem" -strparse "$off" -noout -out "$W/pss-params.rsa.der" >/dev/null 2>&1 &&
        t sign -k "$W/pss-params.rsa.der" -a pss-sha256 --saltlen 20 -i "$I/msg.txt" -o "$W/pss20.sig" 2>/dev/null; then
        verify_bad "salt-20 signature under the PSS key (auto salt)" "$W/pss-params.pub.pem" pss-sha256 "$I/msg.txt" "$W/pss20.sig"
    else
        skip "no PKCS#1 copy of the PSS key"
    fi
else
    skip "id-RSASSA-PSS keys: RSA not in this build or openssl not found"
fi

# ---- signatures: tacit's own, checked by tacit and by openssl ------------------------
if [ "$have_rsa" = 1 ]; then
    k=$I/rsa2048.key.pem; pub=$I/rsa2048.pub.pem
    for a in pkcs1-sha256 pkcs1-sha384 pkcs1-sha512 pss-sha256 pss-sha384 pss-sha512; do
        h=${a#*-}
        expect 0 "sign $a" t sign -k "$k" -a "$a" -i "$I/msg.txt" -o "$W/$a.sig" || continue
        [ "$(wc -c <"$W/$a.sig")" -eq 256 ] && ok || bad "sign $a: signature is not 256 bytes"
        verify_ok "tacit verifies its $a" "$pub" "$a" "$I/msg.txt" "$W/$a.sig"
        if [ -n "$OPENSSL" ]; then
            case $a in
            pkcs1-*) set -- ;;
            pss-*) set -- -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:digest -sigopt "rsa_mgf1_md:$h" ;;
            esac
            if $OPENSSL dgst "-$h" "$@" -verify "$pub" -signature "$W/$a.sig" "$I/msg.txt" >/dev/null 2>&1; then ok; else bad "openssl rejects tacit's $a signature"; fi
        fi
    done
    if [ -f "$W/pkcs1-sha256.sig" ]; then
        t sign -k "$k" -a pkcs1-sha256 <"$I/msg.txt" >"$W/again.sig" 2>/dev/null
        same_file "pkcs1 signatures are deterministic (stdin, stdout)" "$W/pkcs1-sha256.sig" "$W/again.sig"
    fi
    expect 0 "sign pss --saltlen max" t sign -k "$k" -a pss-sha256 --saltlen max -i "$I/msg.txt" -o "$W/pss-max.sig"
    verify_ok "verify pss --saltlen max (auto)" "$pub" pss-sha256 "$I/msg.txt" "$W/pss-max.sig"
    verify_ok "verify pss --saltlen 222" "$pub" pss-sha256 "$I/msg.txt" "$W/pss-max.sig" --saltlen 222
    verify_bad "verify pss max salt with --saltlen 32" "$pub" pss-sha256 "$I/msg.txt" "$W/pss-max.sig" --saltlen 32
    expect 0 "sign pss --saltlen 0" t sign -k "$k" -a pss-sha256 --saltlen 0 -i "$I/msg.txt" -o "$W/pss-0.sig"
    verify_ok "verify pss salt 0 (auto)" "$pub" pss-sha256 "$I/msg.txt" "$W/pss-0.sig"
    expect 3 "sign pss --saltlen too long" t sign -k "$k" -a pss-sha256 --saltlen 300 -i "$I/msg.txt"
    if [ -n "$OPENSSL" ]; then
        for sl in max 0; do
            if $OPENSSL dgst -sha256 -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:auto -sigopt rsa_mgf1_md:sha256 \
                -verify "$pub" -signature "$W/pss-$sl.sig" "$I/msg.txt" >/dev/null 2>&1; then ok; else bad "openssl rejects tacit's pss --saltlen $sl"; fi
        done
        $OPENSSL dgst -sha256 -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:max -sigopt rsa_mgf1_md:sha256 \
            -sign "$k" -out "$W/ossl-pss-max.sig" "$I/msg.txt"
        verify_ok "verify openssl pss saltlen max (auto)" "$pub" pss-sha256 "$I/msg.txt" "$W/ossl-pss-max.sig"
        verify_bad "verify openssl pss saltlen max with --saltlen 32" "$pub" pss-sha256 "$I/msg.txt" "$W/ossl-pss-max.sig" --saltlen 32
    else
        skip "RSA signature interop with openssl: openssl not found"
    fi
fi
if [ "$have_ec" = 1 ]; then
    for c in $curves; do
        for h in sha256 sha384 sha512; do
            expect 0 "sign $c ecdsa-$h" t sign -k "$I/$c.pkcs8.pem" -a "ecdsa-$h" -i "$I/msg.txt" -o "$W/$c-$h.sig" || continue
            verify_ok "tacit verifies its $c ecdsa-$h" "$I/$c.pub.pem" "ecdsa-$h" "$I/msg.txt" "$W/$c-$h.sig"
            if [ -n "$OPENSSL" ]; then
                if $OPENSSL dgst "-$h" -verify "$I/$c.pub.pem" -signature "$W/$c-$h.sig" "$I/msg.txt" >/dev/null 2>&1; then ok; else bad "openssl rejects tacit's $c ecdsa-$h signature"; fi
            fi
        done
        expect 0 "sign $c --raw" t sign -k "$I/$c.sec1.der" -a ecdsa-sha256 --raw -i "$I/msg.txt" -o "$W/$c.raw.sig"
        case $c in p256) n=64 ;; p384) n=96 ;; p521) n=132 ;; esac
        [ "$(wc -c <"$W/$c.raw.sig")" -eq $n ] && ok || bad "sign $c --raw: not $n bytes"
        verify_ok "verify $c --raw" "$I/$c.pub.der" ecdsa-sha256 "$I/msg.txt" "$W/$c.raw.sig" --raw
        verify_bad "verify $c raw signature as DER" "$I/$c.pub.der" ecdsa-sha256 "$I/msg.txt" "$W/$c.raw.sig"
        # hedged nonces (RFC 6979 + fresh randomness): two signatures of one message differ
        expect 0 "sign $c --raw again" t sign -k "$I/$c.sec1.der" -a ecdsa-sha256 --raw -i "$I/msg.txt" -o "$W/$c.raw2.sig"
        cmp -s "$W/$c.raw.sig" "$W/$c.raw2.sig" && bad "sign $c: ECDSA nonces are not hedged (same signature twice)" || ok
    done
    # high-S: (r, n - s) is as valid as (r, s); tacit accepts both
    if [ -f "$W/p256.raw.sig" ]; then
        n=FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
        hex=$(od -An -v -tx1 "$W/p256.raw.sig" | tr -d ' \n' | tr a-f A-F)
        r=$(echo "$hex" | cut -c1-64); s=$(echo "$hex" | cut -c65-128)
        # n - s, hex digit by digit with borrow
        ns=$(awk -v a="$n" -v b="$s" 'BEGIN {
            d = "0123456789ABCDEF"; out = ""; borrow = 0
            for (i = 64; i >= 1; i--) {
                x = index(d, substr(a, i, 1)) - 1 - (index(d, substr(b, i, 1)) - 1) - borrow
                borrow = x < 0; if (x < 0) x += 16
                out = substr(d, x + 1, 1) out
            }
            print out }')
        echo "$r$ns" | awk '{ for (i = 1; i < length($0); i += 2) printf "\\%03o", index("0123456789ABCDEF", substr($0, i, 1)) * 16 + index("0123456789ABCDEF", substr($0, i + 1, 1)) - 17 }' >"$W/highs.oct"
        printf "$(cat "$W/highs.oct")" >"$W/p256.highs.sig"
        if cmp -s "$W/p256.highs.sig" "$W/p256.raw.sig" || [ "$(wc -c <"$W/p256.highs.sig")" -ne 64 ]; then
            bad "could not build the high-S signature"
        else
            verify_ok "verify the high-S twin of a signature" "$I/p256.pub.der" ecdsa-sha256 "$I/msg.txt" "$W/p256.highs.sig" --raw
        fi
    fi
    if [ -n "$OPENSSL" ]; then
        for c in p256; do
            $OPENSSL dgst -sha256 -sign "$I/$c.sec1.pem" -out "$W/ossl-$c.sig" "$I/msg.txt"
            verify_ok "verify a fresh openssl $c signature" "$I/$c.pub.pem" ecdsa-sha256 "$I/msg.txt" "$W/ossl-$c.sig"
        done
    else
        skip "ECDSA signature interop with openssl: openssl not found"
    fi
fi

# ---- encryption ------------------------------------------------------------------------
if [ "$have_rsa" = 1 ]; then
    for k in $rsa_sizes; do
        [ -f "$I/$k.oaep-sha256.bin" ] || continue
        for x in "oaep-sha256:oaep-sha256" "oaep-sha1:oaep-sha1" "pkcs1:pkcs1v15-enc"; do
            a=${x%%:*}; f=${x#*:}
            expect 0 "decrypt openssl $k $a" t decrypt -k "$I/$k.key.pem" -a "$a" -i "$I/$k.$f.bin" -o "$W/plain" && same_file "decrypt openssl $k $a" "$W/plain" "$I/secret.txt"
        done
    done
    expect 3 "decrypt a bit-flipped ciphertext" t decrypt -k "$I/rsa2048.key.pem" -a oaep-sha256 -i "$I/broken/rsa2048.oaep-sha256.bitflip.bin"
    expect 3 "decrypt with the wrong OAEP hash" t decrypt -k "$I/rsa2048.key.pem" -a oaep-sha1 -i "$I/rsa2048.oaep-sha256.bin"
    expect 3 "decrypt with a public key" t decrypt -k "$I/rsa2048.pub.pem" -a oaep-sha256 -i "$I/rsa2048.oaep-sha256.bin"
    expect 2 "decrypt with an unknown padding" t decrypt -k "$I/rsa2048.key.pem" -a oaep-md5 -i "$I/rsa2048.oaep-sha256.bin"
    # pkcs1 uses implicit rejection (as openssl pkeyutl 3.2+): a ciphertext with bad
    # padding gives a synthetic message that depends only on the key and the
    # ciphertext, exit 0, no error text; the same every time.
    if expect 0 "pkcs1 decrypt of an OAEP ciphertext (implicit rejection)" \
        t decrypt -k "$I/rsa2048.key.pem" -a pkcs1 -i "$I/rsa2048.oaep-sha256.bin" -o "$W/synth1"; then
        [ ! -s "$W/err" ] && ok || bad "implicit rejection wrote to stderr: $(cat "$W/err")"
        expect 0 "pkcs1 decrypt of an OAEP ciphertext, again" \
            t decrypt -k "$I/rsa2048.key.der" -a pkcs1 -i "$I/rsa2048.oaep-sha256.bin" -o "$W/synth2"
        same_file "implicit rejection is deterministic" "$W/synth1" "$W/synth2"
        cmp -s "$W/synth1" "$I/secret.txt" && bad "implicit rejection returned the OAEP plaintext" || ok
    fi
    expect 2 "encrypt --label with bad hex" t encrypt -k "$I/rsa2048.pub.pem" -a oaep-sha256 --label 0g -i "$I/secret.txt"
    expect 3 "encrypt a too-long message" t encrypt -k "$I/rsa2048.pub.pem" -a oaep-sha256 -i "$I/rsa2048.pub.der"
    for a in oaep-sha1 oaep-sha256 oaep-sha384 oaep-sha512 pkcs1; do
        expect 0 "encrypt $a" t encrypt -k "$I/rsa2048.pub.pem" -a "$a" -i "$I/secret.txt" -o "$W/$a.bin" || continue
        expect 0 "decrypt tacit's $a" t decrypt -k "$I/rsa2048.pkcs8.der" -a "$a" -i "$W/$a.bin" -o "$W/plain" && same_file "round trip $a" "$W/plain" "$I/secret.txt"
        if [ -n "$OPENSSL" ]; then
            h=${a#oaep-}
            case $a in
            oaep-*) set -- -pkeyopt rsa_padding_mode:oaep -pkeyopt "rsa_oaep_md:$h" -pkeyopt "rsa_mgf1_md:$h" ;;
            pkcs1) set -- -pkeyopt rsa_padding_mode:pkcs1 ;;
            esac
            if $OPENSSL pkeyutl -decrypt -inkey "$I/rsa2048.key.pem" "$@" -in "$W/$a.bin" -out "$W/plain.ossl" 2>/dev/null; then
                same_file "openssl decrypts tacit's $a" "$W/plain.ossl" "$I/secret.txt"
            else
                bad "openssl cannot decrypt tacit's $a"
            fi
        fi
    done
    expect 0 "encrypt with a label" t encrypt -k "$I/rsa2048.pub.der" -a oaep-sha256 --label 00a1b2 -i "$I/secret.txt" -o "$W/label.bin"
    expect 0 "decrypt with the label" t decrypt -k "$I/rsa2048.key.der" -a oaep-sha256 --label 00A1B2 -i "$W/label.bin" -o "$W/plain" && same_file "label round trip" "$W/plain" "$I/secret.txt"
    expect 3 "decrypt without the label" t decrypt -k "$I/rsa2048.key.der" -a oaep-sha256 -i "$W/label.bin"
    if [ -n "$OPENSSL" ]; then
        $OPENSSL pkeyutl -decrypt -inkey "$I/rsa2048.key.pem" -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha256 \
            -pkeyopt rsa_mgf1_md:sha256 -pkeyopt rsa_oaep_label:00a1b2 -in "$W/label.bin" -out "$W/plain.ossl" 2>/dev/null \
            && same_file "openssl decrypts tacit's labelled OAEP" "$W/plain.ossl" "$I/secret.txt" || bad "openssl cannot decrypt tacit's labelled OAEP"
        $OPENSSL pkeyutl -encrypt -pubin -inkey "$I/rsa3072.pub.pem" -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha512 \
            -pkeyopt rsa_mgf1_md:sha512 -pkeyopt rsa_oaep_label:c0ffee -in "$I/secret.txt" -out "$W/ossl-label.bin"
        expect 0 "decrypt openssl's labelled OAEP-SHA512" t decrypt -k "$I/rsa3072.key.pem" -a oaep-sha512 --label c0ffee -i "$W/ossl-label.bin" -o "$W/plain" && same_file "openssl labelled OAEP-SHA512" "$W/plain" "$I/secret.txt"
    else
        skip "RSA encryption interop with openssl: openssl not found"
    fi
fi

# ---- ECDH ---------------------------------------------------------------------------------
if [ "$have_ec" = 1 ]; then
    for c in $curves; do
        expect 0 "ecdh $c" t ecdh -k "$I/$c.sec1.pem" -p "$I/$c-peer.pub.pem" -o "$W/ecdh.bin" && same_file "ecdh $c = openssl's" "$W/ecdh.bin" "$I/$c.ecdh.bin"
        expect 0 "ecdh $c, other side" t ecdh -k "$I/$c-peer.pkcs8.der" -p "$I/$c.pub.der" -o "$W/ecdh.bin" && same_file "ecdh $c other side" "$W/ecdh.bin" "$I/$c.ecdh.bin"
    done
    expect 0 "ecdh, peer as a compressed point" t ecdh -k "$I/p256-peer.sec1.der" -p "$I/p256.pub.compressed.der" -o "$W/ecdh.bin" && same_file "ecdh compressed peer" "$W/ecdh.bin" "$I/p256.ecdh.bin"
    expect 3 "ecdh across curves" t ecdh -k "$I/p256.sec1.pem" -p "$I/p384-peer.pub.pem"
    expect 3 "ecdh with a public key as -k" t ecdh -k "$I/p256.pub.pem" -p "$I/p256-peer.pub.pem"
    expect 2 "ecdh without -p" t ecdh -k "$I/p256.sec1.pem"
    [ "$have_rsa" = 1 ] && expect 3 "ecdh with an RSA key" t ecdh -k "$I/rsa2048.key.pem" -p "$I/p256-peer.pub.pem"
fi

# ---- genkey: tacit's keys in tacit and in openssl -------------------------------------------
if have_cmd genkey && { [ "$have_rsa" = 1 ] || [ "$have_ec" = 1 ]; }; then
    specs=""
    [ "$have_rsa" = 1 ] && specs="$specs rsa:2048"
    [ "$have_ec" = 1 ] && specs="$specs ec:p256 ec:p384 ec:p521"
    for s in $specs; do
        n=$(echo "$s" | tr : -)
        expect 0 "genkey $s" t genkey "$s" -o "$W/$n.pem" || continue
        head -1 "$W/$n.pem" | grep -q -- "-----BEGIN PRIVATE KEY-----" && ok || bad "genkey $s: not a PKCS#8 PEM"
        expect 0 "pubkey of genkey $s" t pubkey -k "$W/$n.pem" -o "$W/$n.pub.pem"
        case $s in rsa*) a=pss-sha256 ;; *) a=ecdsa-sha256 ;; esac
        expect 0 "sign with genkey $s" t sign -k "$W/$n.pem" -a $a -i "$I/msg.txt" -o "$W/$n.sig"
        verify_ok "verify with genkey $s" "$W/$n.pub.pem" $a "$I/msg.txt" "$W/$n.sig"
        if [ -n "$OPENSSL" ]; then
            $OPENSSL pkey -in "$W/$n.pem" -check -noout >/dev/null 2>&1 && ok || bad "openssl pkey -check rejects tacit's $s key"
            $OPENSSL pkey -in "$W/$n.pem" -pubout -out "$W/$n.ossl.pub.pem" 2>/dev/null
            same_file "openssl's public key of tacit's $s key" "$W/$n.ossl.pub.pem" "$W/$n.pub.pem"
            case $s in
            rsa*) set -- -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:auto ;;
            *) set -- ;;
            esac
            $OPENSSL dgst -sha256 "$@" -verify "$W/$n.pub.pem" -signature "$W/$n.sig" "$I/msg.txt" >/dev/null 2>&1 && ok || bad "openssl rejects a signature by tacit's $s key"
            # openssl signs with tacit's key, tacit verifies
            $OPENSSL dgst -sha256 "$@" -sign "$W/$n.pem" -out "$W/$n.ossl.sig" "$I/msg.txt" 2>/dev/null
            verify_ok "verify openssl's signature by tacit's $s key" "$W/$n.pub.pem" $a "$I/msg.txt" "$W/$n.ossl.sig"
        fi
    done
    if [ "$have_ec" = 1 ]; then g=ec:p256; else g=rsa:1024; fi
    expect 0 "genkey --der" t genkey $g --der -o "$W/k.der"
    if [ -n "$OPENSSL" ]; then
        $OPENSSL pkey -inform DER -in "$W/k.der" -check -noout >/dev/null 2>&1 && ok || bad "openssl rejects tacit's DER key"
    fi
    if [ -f "$W/rsa-2048.pem" ]; then
        [ "$(stat -c %a "$W/rsa-2048.pem" 2>/dev/null)" = 600 ] && ok || bad "genkey: private key file is not mode 600"
    fi
    if [ -f "$W/ec-p256.pem" ] && [ -f "$W/ec-p384.pem" ]; then
        t pubkey -k "$W/ec-p256.pem" --der -o "$W/a.pub.der"; t pubkey -k "$W/ec-p384.pem" -o "$W/b.pub.pem"
        expect 0 "ecdh a-b with tacit keys" t ecdh -k "$W/ec-p256.pem" -p "$I/p256-peer.pub.pem" -o "$W/ab.bin"
        expect 0 "ecdh b-a with tacit keys" t ecdh -k "$I/p256-peer.sec1.pem" -p "$W/a.pub.der" -o "$W/ba.bin"
        same_file "ecdh both sides agree" "$W/ab.bin" "$W/ba.bin"
        if [ -n "$OPENSSL" ]; then
            $OPENSSL pkeyutl -derive -inkey "$W/ec-p256.pem" -peerkey "$I/p256-peer.pub.pem" -out "$W/ab.ossl" 2>/dev/null
            same_file "openssl derives the same ECDH secret from tacit's key" "$W/ab.bin" "$W/ab.ossl"
        fi
    fi
    expect 2 "genkey of an unknown type" t genkey dsa:1024
    expect 2 "genkey rsa:100" t genkey rsa:100
    expect 2 "genkey ec:p224" t genkey ec:p224
    expect 2 "genkey without a type" t genkey
    [ -z "$OPENSSL" ] && skip "genkey interop with openssl: openssl not found"
fi

# ---- OpenSSL genpkey keys in tacit -------------------------------------------------------------
if [ -n "$OPENSSL" ] && [ -f "$I/msg.txt" ] && have_cmd sign; then
    if [ "$have_rsa" = 1 ] && $OPENSSL genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$W/o-rsa.pem" 2>/dev/null; then
        $OPENSSL pkey -in "$W/o-rsa.pem" -pubout -out "$W/o-rsa.pub.pem"
        expect 0 "sign with openssl genpkey RSA" t sign -k "$W/o-rsa.pem" -a pkcs1-sha384 -i "$I/msg.txt" -o "$W/o-rsa.sig"
        $OPENSSL dgst -sha384 -verify "$W/o-rsa.pub.pem" -signature "$W/o-rsa.sig" "$I/msg.txt" >/dev/null 2>&1 && ok || bad "openssl rejects tacit's signature with an openssl key"
        $OPENSSL dgst -sha512 -sign "$W/o-rsa.pem" -out "$W/o-rsa.ossl.sig" "$I/msg.txt"
        verify_ok "verify openssl genpkey RSA signature" "$W/o-rsa.pub.pem" pkcs1-sha512 "$I/msg.txt" "$W/o-rsa.ossl.sig"
        $OPENSSL pkeyutl -encrypt -pubin -inkey "$W/o-rsa.pub.pem" -pkeyopt rsa_padding_mode:oaep -in "$I/secret.txt" -out "$W/o-rsa.ct"
        expect 0 "decrypt with openssl genpkey RSA" t decrypt -k "$W/o-rsa.pem" -a oaep-sha1 -i "$W/o-rsa.ct" -o "$W/plain" && same_file "openssl genpkey RSA decrypt" "$W/plain" "$I/secret.txt"
    fi
    if [ "$have_ec" = 1 ]; then
        for c in P-256 P-384 P-521; do
            $OPENSSL genpkey -algorithm EC -pkeyopt "ec_paramgen_curve:$c" -out "$W/o-ec.pem" 2>/dev/null || continue
            $OPENSSL pkey -in "$W/o-ec.pem" -pubout -out "$W/o-ec.pub.pem"
            expect 0 "sign with openssl genpkey $c" t sign -k "$W/o-ec.pem" -a ecdsa-sha384 -i "$I/msg.txt" -o "$W/o-ec.sig"
            $OPENSSL dgst -sha384 -verify "$W/o-ec.pub.pem" -signature "$W/o-ec.sig" "$I/msg.txt" >/dev/null 2>&1 && ok || bad "openssl rejects tacit's signature with an openssl $c key"
            $OPENSSL dgst -sha256 -sign "$W/o-ec.pem" -out "$W/o-ec.ossl.sig" "$I/msg.txt"
            verify_ok "verify openssl genpkey $c signature" "$W/o-ec.pub.pem" ecdsa-sha256 "$I/msg.txt" "$W/o-ec.ossl.sig"
        done
        # `openssl ecparam -genkey` writes an EC PARAMETERS block before the key
        if $OPENSSL ecparam -name prime256v1 -genkey -out "$W/o-ecparam.pem" 2>/dev/null; then
            expect 0 "key after an EC PARAMETERS block" t pubkey -k "$W/o-ecparam.pem" -o "$W/o-ecparam.pub.pem"
        fi
    fi
elif [ -z "$OPENSSL" ]; then
    skip "openssl genpkey keys: openssl not found"
fi

# ---- Ed25519 and X25519 (RFC 8032, RFC 7748; keys RFC 8410) -------------------------
printf 'an Ed25519 message\n' >"$W/m25519.txt"
if t genkey ed25519 -o "$W/ed.pem" >/dev/null 2>&1; then
    expect 0 "pubkey ed25519" t pubkey -k "$W/ed.pem" -o "$W/ed.pub.pem"
    expect 0 "sign ed25519" t sign -k "$W/ed.pem" -a ed25519 -i "$W/m25519.txt" -o "$W/ed.sig"
    expect 0 "verify ed25519" t verify -k "$W/ed.pub.pem" -a ed25519 -s "$W/ed.sig" -i "$W/m25519.txt"
    expect 1 "verify ed25519, other message" t verify -k "$W/ed.pub.pem" -a ed25519 -s "$W/ed.sig" -i "$W/ed.pub.pem"
    expect 3 "ecdsa-sha256 with an Ed25519 key" t sign -k "$W/ed.pem" -a ecdsa-sha256 -i "$W/m25519.txt"
    expect 0 "genkey x25519" t genkey x25519 -o "$W/x1.pem"
    expect 0 "genkey x25519 --der" t genkey x25519 --der -o "$W/x2.der"
    expect 0 "pubkey x25519" t pubkey -k "$W/x1.pem" -o "$W/x1.pub.pem"
    expect 0 "pubkey x25519 DER" t pubkey -k "$W/x2.der" --der -o "$W/x2.pub.der"
    expect 0 "ecdh x25519 1-2" t ecdh -k "$W/x1.pem" -p "$W/x2.pub.der" -o "$W/x12.bin"
    expect 0 "ecdh x25519 2-1" t ecdh -k "$W/x2.der" -p "$W/x1.pub.pem" -o "$W/x21.bin"
    same_file "x25519 shared secrets" "$W/x12.bin" "$W/x21.bin"
    expect 3 "ecdh x25519 with an Ed25519 peer" t ecdh -k "$W/x1.pem" -p "$W/ed.pub.pem"
    expect 3 "sign with an X25519 key" t sign -k "$W/x1.pem" -a ed25519 -i "$W/m25519.txt"
    if [ -n "$OPENSSL" ]; then
        # keys: byte-identical to what openssl writes, read both ways
        $OPENSSL pkey -in "$W/ed.pem" -out "$W/ed.ossl.pem" 2>/dev/null
        same_file "openssl rewrites tacit's Ed25519 PKCS#8 unchanged" "$W/ed.pem" "$W/ed.ossl.pem"
        $OPENSSL pkey -in "$W/ed.pem" -pubout -out "$W/ed.ossl.pub.pem" 2>/dev/null
        same_file "Ed25519 SPKI tacit = openssl" "$W/ed.pub.pem" "$W/ed.ossl.pub.pem"
        $OPENSSL pkey -inform DER -in "$W/x2.der" -outform DER -out "$W/x2.ossl.der" 2>/dev/null
        same_file "openssl rewrites tacit's X25519 PKCS#8 DER unchanged" "$W/x2.der" "$W/x2.ossl.der"
        # signatures: tacit's verify in openssl, openssl's (identical: deterministic) in tacit
        if $OPENSSL pkeyutl -verify -pubin -inkey "$W/ed.pub.pem" -rawin -in "$W/m25519.txt" -sigfile "$W/ed.sig" >/dev/null 2>&1; then ok; else bad "openssl rejects tacit's Ed25519 signature"; fi
        $OPENSSL pkeyutl -sign -inkey "$W/ed.pem" -rawin -in "$W/m25519.txt" -out "$W/ed.ossl.sig" 2>/dev/null
        same_file "Ed25519 signature tacit = openssl" "$W/ed.sig" "$W/ed.ossl.sig"
        if $OPENSSL genpkey -algorithm ed25519 -out "$W/o-ed.pem" 2>/dev/null; then
            $OPENSSL pkey -in "$W/o-ed.pem" -pubout -out "$W/o-ed.pub.pem"
            expect 0 "pubkey of an openssl Ed25519 key" t pubkey -k "$W/o-ed.pem" -o "$W/o-ed.tacit.pub.pem"
            same_file "openssl Ed25519 key's SPKI" "$W/o-ed.pub.pem" "$W/o-ed.tacit.pub.pem"
            $OPENSSL pkeyutl -sign -inkey "$W/o-ed.pem" -rawin -in "$W/m25519.txt" -out "$W/o-ed.sig" 2>/dev/null
            verify_ok "verify openssl Ed25519 signature" "$W/o-ed.pub.pem" ed25519 "$W/m25519.txt" "$W/o-ed.sig"
            expect 0 "sign with openssl Ed25519 key" t sign -k "$W/o-ed.pem" -a ed25519 -i "$W/m25519.txt" -o "$W/o-ed.tacit.sig"
            same_file "signature with an openssl key tacit = openssl" "$W/o-ed.sig" "$W/o-ed.tacit.sig"
        fi
        if $OPENSSL genpkey -algorithm x25519 -out "$W/o-x.pem" 2>/dev/null; then
            $OPENSSL pkey -in "$W/o-x.pem" -pubout -out "$W/o-x.pub.pem"
            expect 0 "ecdh tacit key, openssl peer" t ecdh -k "$W/x1.pem" -p "$W/o-x.pub.pem" -o "$W/xo.bin"
            $OPENSSL pkeyutl -derive -inkey "$W/o-x.pem" -peerkey "$W/x1.pub.pem" -out "$W/xo.ossl.bin" 2>/dev/null
            same_file "X25519 secret tacit = openssl" "$W/xo.bin" "$W/xo.ossl.bin"
            expect 0 "ecdh openssl key, tacit peer" t ecdh -k "$W/o-x.pem" -p "$W/x1.pub.pem" -o "$W/ox.bin"
            same_file "X25519 secret with an openssl private key" "$W/ox.bin" "$W/xo.bin"
            $OPENSSL pkeyutl -derive -inkey "$W/x1.pem" -peerkey "$W/o-x.pub.pem" -out "$W/xt.ossl.bin" 2>/dev/null
            same_file "X25519 secret, openssl with tacit's private key" "$W/xt.ossl.bin" "$W/xo.bin"
        fi
    else
        skip "Ed25519/X25519 interop: openssl not found"
    fi
else
    skip "Ed25519/X25519: not in this build"
fi

# ---- stdin claimed twice: a usage error, never an empty message ---------------------
if [ "$have_rsa" = 1 ] || [ "$have_ec" = 1 ]; then
    if [ "$have_ec" = 1 ]; then K=$I/p256.pkcs8.pem; A=ecdsa-sha256; else K=$I/rsa2048.key.pem; A=pkcs1-sha256; fi
    expect 2 "sign -k - without -i (key and message both stdin)" t sign -k - -a "$A" <"$K"
    expect 2 "sign -k - -i -" t sign -k - -a "$A" -i - <"$K"
    t sign -k "$K" -a "$A" -i "$I/msg.txt" -o "$W/stdin.sig" 2>/dev/null
    expect 2 "verify -k - without -i" t verify -k - -a "$A" -s "$W/stdin.sig" <"$K"
    expect 2 "verify -k - -s - -i MSG" t verify -k - -a "$A" -s - -i "$I/msg.txt" <"$K"
    expect 2 "verify -s - without -i" t verify -k "$K" -a "$A" -s - <"$W/stdin.sig"
    if [ "$have_ec" = 1 ]; then
        expect 2 "ecdh -k - -p -" t ecdh -k - -p - <"$I/p256.pkcs8.pem"
    fi
    if [ "$have_rsa" = 1 ]; then
        expect 2 "decrypt -k - without -i" t decrypt -k - -a oaep-sha256 <"$I/rsa2048.key.pem"
    fi
fi

# ---- aead: known answers (GCM paper, SP 800-38C, RFC 8439), tampering, errors -------
hexof() { od -An -v -tx1 "$1" | tr -d ' \n'; }
# aead_kat ALG KEY NONCE AAD PT CT||TAG [TAGLEN]
aead_kat() {
    _alg=$1; _k=$2; _n=$3; _a=$4; _p=$5; _c=$6; _tl=${7:-16}
    : >"$W/aead.pt"
    [ -z "$_p" ] || printf '%s' "$_p" | sed 's/\(..\)/\\\\x\1/g' | xargs printf >"$W/aead.pt"
    expect 0 "aead seal $_alg" t aead seal -a "$_alg" -K "$_k" -n "$_n" --aad "$_a" --tag-len "$_tl" -i "$W/aead.pt" -o "$W/aead.ct" || return
    [ "$(hexof "$W/aead.ct")" = "$_c" ] && ok || bad "aead seal $_alg: $(hexof "$W/aead.ct"), want $_c"
    expect 0 "aead open $_alg" t aead open -a "$_alg" -K "$_k" -n "$_n" --aad "$_a" --tag-len "$_tl" -i "$W/aead.ct" -o "$W/aead.back" || return
    same_file "aead $_alg round trip" "$W/aead.pt" "$W/aead.back"
    # the last byte (of the tag) flipped: exit 1, the message, nothing written
    _last=$(hexof "$W/aead.ct" | sed 's/.*\(..\)$/\1/')
    _flip=$(printf '%02x' $(( 0x$_last ^ 1 )))
    hexof "$W/aead.ct" | sed "s/..\$/$_flip/" | sed 's/\(..\)/\\\\x\1/g' | xargs printf >"$W/aead.bad"
    rm -f "$W/aead.none"
    expect 1 "aead open $_alg, bad tag" t aead open -a "$_alg" -K "$_k" -n "$_n" --aad "$_a" --tag-len "$_tl" -i "$W/aead.bad" -o "$W/aead.none"
    grep -q "authentication failure" "$W/err" && ok || bad "aead open $_alg, bad tag: stderr $(cat "$W/err")"
    [ -e "$W/aead.none" ] && bad "aead open $_alg, bad tag: wrote an output file" || ok
}
if have_cmd aead; then
    aead_kat aes-128-gcm feffe9928665731c6d6a8f9467308308 cafebabefacedbaddecaf888 \
        feedfacedeadbeeffeedfacedeadbeefabaddad2 \
        d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39 \
        42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e0915bc94fbc3221a5db94fae95ae7121a47
    aead_kat aes-128-gcm feffe9928665731c6d6a8f9467308308 cafebabefacedbad \
        feedfacedeadbeeffeedfacedeadbeefabaddad2 \
        d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39 \
        61353b4c2806934a777ff51fa22a4755699b2a714fcdc6f83766e5f97b6c742373806900e49f24b22b097544d4896b424989b5e1ebac0f07c23f45983612d2e79e3b0785561be14aaca2fccb
    aead_kat aes-256-gcm feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308 cafebabefacedbaddecaf888 \
        feedfacedeadbeeffeedfacedeadbeefabaddad2 \
        d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39 \
        522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f66276fc6ece0f4e1768cddf8853bb2d551b
    aead_kat aes-192-gcm 000000000000000000000000000000000000000000000000 000000000000000000000000 "" "" \
        cd33b28ac773f74ba00ed1f312572435
    aead_kat aes-128-ccm 404142434445464748494a4b4c4d4e4f 1011121314151617 000102030405060708090a0b0c0d0e0f \
        202122232425262728292a2b2c2d2e2f d2a1f0e051ea5f62081a7792073d593d1fc64fbfaccd 6
    aead_kat aes-128-ccm 404142434445464748494a4b4c4d4e4f 101112131415161718191a1b \
        000102030405060708090a0b0c0d0e0f10111213 202122232425262728292a2b2c2d2e2f3031323334353637 \
        e3b201a9f5b71a7a9b1ceaeccd97e70b6176aad9a4428aa5484392fbc1b09951 8
    # NIST CAVP ccmtestvectors VPT192.rsp, Count 240
    aead_kat aes-192-ccm 91f9d636a071c3aad1743137e0644a73de9e47bd76acd919 1bf491ac320d660eb2dd45c6c3 \
        3bdfd7f18d2b6d0804d779f0679aaa2d7d32978c2df8015ae4b758d337be81dd 4eaf9384cad976f65f98042d561d760b5a787330dc658f6c \
        635530cab14e3d0a135bb6eebb5829412676e6dd4995f99cb7e17f235bd660e7e17b2c65320e9fd4 16
    expect 2 "aead aes-192-ccm with a 16-byte key" t aead seal -a aes-192-ccm -K 00000000000000000000000000000000 -n 00000000000000 -i /dev/null
    if t aead seal -a chacha20-poly1305 -K 808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f -n 070000004041424344454647 -i /dev/null >/dev/null 2>&1; then
        aead_kat chacha20-poly1305 808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f 070000004041424344454647 \
            50515253c0c1c2c3c4c5c6c7 \
            4c616469657320616e642047656e746c656d656e206f662074686520636c617373206f66202739393a204966204920636f756c64206f6666657220796f75206f6e6c79206f6e652074697020666f7220746865206675747572652c2073756e73637265656e20776f756c642062652069742e \
            d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc3ff4def08e4b7a9de576d26586cec64b61161ae10b594f09e26a7e902ecbd0600691
        # draft-irtf-cfrg-xchacha A.3.1 (Wycheproof xchacha20_poly1305 tcId 1)
        aead_kat xchacha20-poly1305 808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f \
            404142434445464748494a4b4c4d4e4f5051525354555657 50515253c0c1c2c3c4c5c6c7 \
            4c616469657320616e642047656e746c656d656e206f662074686520636c617373206f66202739393a204966204920636f756c64206f6666657220796f75206f6e6c79206f6e652074697020666f7220746865206675747572652c2073756e73637265656e20776f756c642062652069742e \
            bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb731c7f1b0b4aa6440bf3a82f4eda7e39ae64c6708c54c216cb96b72e1213b4522f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff921f9664c97637da9768812f615c68b13b52ec0875924c1c7987947deafd8780acf49
        aead_kat chacha20-poly1305 0000000000000000000000000000000000000000000000000000000000000000 000000000000000000000000 "" "" \
            4eb972c9a8fb3a1b382bb4d36f5ffad1
        expect 3 "aead chacha20-poly1305 with a 24-byte nonce" t aead seal -a chacha20-poly1305 -K 0000000000000000000000000000000000000000000000000000000000000000 -n 000000000000000000000000000000000000000000000000 -i /dev/null
        expect 3 "aead xchacha20-poly1305 with a 12-byte nonce" t aead seal -a xchacha20-poly1305 -K 0000000000000000000000000000000000000000000000000000000000000000 -n 000000000000000000000000 -i /dev/null
        expect 2 "aead chacha20-poly1305 with a 16-byte key" t aead seal -a chacha20-poly1305 -K 00000000000000000000000000000000 -n 000000000000000000000000 -i /dev/null
    else
        skip "aead chacha20-poly1305 (not in this build)"
    fi
    expect 2 "aead without a mode" t aead -a aes-128-gcm -K 00 -n 00
    expect 2 "aead with an unknown algorithm" t aead seal -a aes-128-ofb -K 00000000000000000000000000000000 -n 00 -i /dev/null
    expect 2 "aead with a short key" t aead seal -a aes-128-gcm -K 0000 -n 00 -i /dev/null
    expect 2 "aead ccm with tag length 5" t aead seal -a aes-128-ccm -K 00000000000000000000000000000000 -n 00000000000000 --tag-len 5 -i /dev/null
    expect 3 "aead ccm with a 6-byte nonce" t aead seal -a aes-128-ccm -K 00000000000000000000000000000000 -n 000000000000 -i /dev/null
    expect 3 "aead gcm with an empty nonce" t aead seal -a aes-128-gcm -K 00000000000000000000000000000000 -n "" -i /dev/null
    printf 'short' >"$W/aead.short"
    expect 1 "aead open of 5 bytes (shorter than the tag)" t aead open -a aes-256-gcm -K 0000000000000000000000000000000000000000000000000000000000000000 -n 000000000000000000000000 -i "$W/aead.short"
else
    skip "aead (not in this build)"
fi

# ---- secret outputs: a fresh 0600 file, symlinks replaced, not followed -------------
mode_of() { stat -c %a "$1" 2>/dev/null || stat -f %Lp "$1"; }
secret_out() { # DESCRIPTION TARGET COMMAND...: COMMAND writes a secret to TARGET
    _d=$1; _t=$2; shift 2
    printf 'old\n' >"$W/victim"; chmod 644 "$W/victim"
    rm -f "$_t"; printf 'old\n' >"$_t"; chmod 644 "$_t"
    expect 0 "$_d over a 0644 file" "$@" || return
    [ "$(mode_of "$_t")" = 600 ] && ok || bad "$_d: an existing 0644 file kept mode $(mode_of "$_t")"
    rm -f "$_t"; ln -s "$W/victim" "$_t"
    expect 0 "$_d over a symlink" "$@" || return
    [ -L "$_t" ] && bad "$_d: the symlink was followed, not replaced" || ok
    [ "$(cat "$W/victim")" = old ] && [ "$(mode_of "$W/victim")" = 644 ] && ok || bad "$_d: wrote through the symlink"
    [ "$(mode_of "$_t")" = 600 ] && ok || bad "$_d: through a symlink: mode $(mode_of "$_t")"
    ls "$_t".tmp-* >/dev/null 2>&1 && bad "$_d: temporary file left behind" || ok
}
# ---- ML-KEM: genkey mlkem*, kem pubkey/encaps/decaps ----------------------------------
if have_cmd kem; then
    for ps in mlkem512 mlkem768 mlkem1024; do
        expect 0 "genkey $ps" t genkey $ps -o "$W/$ps.pem"
        expect 0 "kem pubkey $ps" t kem pubkey -k "$W/$ps.pem" -o "$W/$ps.pub.pem"
        expect 0 "kem encaps $ps" sh -c "$EMU '$TACIT' kem encaps -k '$W/$ps.pub.pem' -o '$W/$ps.ct' >'$W/$ps.ss1'"
        expect 0 "kem decaps $ps" sh -c "$EMU '$TACIT' kem decaps -k '$W/$ps.pem' -i '$W/$ps.ct' >'$W/$ps.ss2'"
        same_file "kem $ps shared secrets" "$W/$ps.ss1" "$W/$ps.ss2"
        [ "$(wc -c <"$W/$ps.ss1" | tr -d ' ')" = 65 ] && ok || bad "kem $ps: the secret is not 64 hex digits"
    done
    expect 0 "genkey mlkem768 --der" t genkey mlkem768 --der -o "$W/k768.der"
    [ "$(wc -c <"$W/k768.der" | tr -d ' ')" = 86 ] && ok || bad "genkey mlkem768 --der: not the 86-byte seed form"
    expect 0 "kem pubkey --der" t kem pubkey -k "$W/k768.der" --der -o "$W/k768.pub.der"
    expect 0 "kem encaps --ss" t kem encaps -k "$W/k768.pub.der" -o "$W/k768.ct" --ss "$W/k768.ss1"
    expect 0 "kem decaps --ss" t kem decaps -k "$W/k768.der" -i "$W/k768.ct" --ss "$W/k768.ss2"
    same_file "kem --ss shared secrets" "$W/k768.ss1" "$W/k768.ss2"
    [ "$(mode_of "$W/k768.ss2")" = 600 ] && ok || bad "kem decaps --ss: mode $(mode_of "$W/k768.ss2")"
    # a tampered ciphertext: implicit rejection, a different secret and no error.  Byte 100 is
    # flipped (XOR 1), not overwritten: writing 01 left a random ciphertext unchanged (then the
    # real secret, a failure) whenever that byte was already 01, once in 256 runs.
    cp "$W/k768.ct" "$W/k768.bad"
    _b=$(od -An -tu1 -j100 -N1 "$W/k768.ct" | tr -d ' ')
    printf "\\$(printf '%03o' $((_b ^ 1)))" | dd of="$W/k768.bad" bs=1 seek=100 conv=notrunc 2>/dev/null
    cmp -s "$W/k768.ct" "$W/k768.bad" && bad "kem decaps: could not tamper with the ciphertext" || ok
    expect 0 "kem decaps, tampered ciphertext" t kem decaps -k "$W/k768.der" -i "$W/k768.bad" --ss "$W/k768.ss3"
    cmp -s "$W/k768.ss1" "$W/k768.ss3" && bad "kem decaps: tampered ciphertext gave the real secret" || ok
    expect 3 "kem decaps, ciphertext of another size" t kem decaps -k "$W/k768.der" -i "$W/mlkem512.ct"
    expect 3 "kem encaps to a private key" t kem encaps -k "$W/k768.der" -o "$W/x.ct"
    expect 3 "kem decaps with a public key" t kem decaps -k "$W/k768.pub.der" -i "$W/k768.ct"
    expect 2 "kem encaps without -o" t kem encaps -k "$W/k768.pub.der"
    expect 2 "kem, no operation" t kem
    expect 2 "genkey mlkem, unknown size" t genkey mlkem999
    # the one door: ML-KEM keys through genkey ml-kem-N and the generic pubkey
    expect 0 "genkey ml-kem-1024" t genkey ml-kem-1024 -o "$W/k1024.pem"
    expect 0 "pubkey of an ML-KEM key" t pubkey -k "$W/k768.der" --der -o "$W/k768.pub2.der"
    same_file "pubkey and kem pubkey agree" "$W/k768.pub.der" "$W/k768.pub2.der"
    expect 3 "kem pubkey of a public key" t kem pubkey -k "$W/k768.pub.der"
    expect 3 "kem encaps to an EC key" t kem encaps -k "$I/p256.pub.pem" -o "$W/x.ct"
else
    skip "kem (ML-KEM compiled out)"
fi

# ---- ML-DSA: genkey ml-dsa-N, sign/verify -a ml-dsa-N, pubkey; Wycheproof keys -------------
if t genkey ml-dsa-44 -o "$W/d44.pem" >/dev/null 2>&1; then
    printf 'a post-quantum message\n' >"$W/mdsa.txt"
    for ps in 44 65 87; do
        expect 0 "genkey ml-dsa-$ps" t genkey ml-dsa-$ps -o "$W/d$ps.pem"
        expect 0 "pubkey ml-dsa-$ps" t pubkey -k "$W/d$ps.pem" -o "$W/d$ps.pub.pem"
        expect 0 "sign ml-dsa-$ps" t sign -k "$W/d$ps.pem" -a ml-dsa-$ps -i "$W/mdsa.txt" -o "$W/d$ps.sig"
        expect 0 "verify ml-dsa-$ps" t verify -k "$W/d$ps.pub.pem" -a ml-dsa-$ps -s "$W/d$ps.sig" -i "$W/mdsa.txt"
        expect 1 "verify ml-dsa-$ps, other message" t verify -k "$W/d$ps.pub.pem" -a ml-dsa-$ps -s "$W/d$ps.sig" -i "$W/d$ps.pub.pem"
    done
    expect 0 "verify with the private key" t verify -k "$W/d65.pem" -a mldsa65 -s "$W/d65.sig" -i "$W/mdsa.txt"
    expect 0 "genkey ml-dsa-65 --der" t genkey mldsa65 --der -o "$W/d65.der"
    [ "$(wc -c <"$W/d65.der" | tr -d ' ')" = 54 ] && ok || bad "genkey ml-dsa-65 --der: not the 54-byte seed form"
    [ "$(mode_of "$W/d65.der")" = 600 ] && ok || bad "genkey ml-dsa-65: mode $(mode_of "$W/d65.der")"
    expect 3 "sign ml-dsa-65 with an ML-DSA-44 key" t sign -k "$W/d44.pem" -a ml-dsa-65 -i "$W/mdsa.txt"
    expect 3 "verify ml-dsa-44 with an ML-DSA-65 key" t verify -k "$W/d65.pub.pem" -a ml-dsa-44 -s "$W/d44.sig" -i "$W/mdsa.txt"
    expect 3 "sign ml-dsa-44 with a public key" t sign -k "$W/d44.pub.pem" -a ml-dsa-44 -i "$W/mdsa.txt"
    expect 2 "genkey ml-dsa, unknown set" t genkey ml-dsa-99
    # Wycheproof: the PKCS#8 seed-form key of mldsa_44_sign_seed group 1 gives the SPKI of
    # mldsa_44_verify group 1 (the same key), and that SPKI verifies the file's first valid
    # signature with an empty context
    WP="$SHARED/vectors/wycheproof"
    if [ -f "$WP/mldsa_44_sign_seed_test.txt" ] && [ -f "$WP/mldsa_44_verify_test.txt" ] &&
        command -v xxd >/dev/null 2>&1; then
        awk '$1=="key" && $2=="pkcs8" {print $3; exit}' "$WP/mldsa_44_sign_seed_test.txt" | xxd -r -p >"$W/wp44.p8.der"
        awk '$1=="key" && $2=="spki" {print $3; exit}' "$WP/mldsa_44_verify_test.txt" | xxd -r -p >"$W/wp44.spki.der"
        expect 0 "pubkey of the Wycheproof ML-DSA-44 PKCS#8 key" t pubkey -k "$W/wp44.p8.der" --der -o "$W/wp44.pub.der"
        same_file "Wycheproof ML-DSA-44 SPKI" "$W/wp44.pub.der" "$W/wp44.spki.der"
        awk '$1=="test" && $3=="valid" && $6=="-" {print ($4=="-" ? "" : $4); exit}' "$WP/mldsa_44_verify_test.txt" | xxd -r -p >"$W/wp44.msg"
        awk '$1=="test" && $3=="valid" && $6=="-" {print $5; exit}' "$WP/mldsa_44_verify_test.txt" | xxd -r -p >"$W/wp44.sig"
        expect 0 "verify a Wycheproof ML-DSA-44 signature" t verify -k "$W/wp44.spki.der" -a ml-dsa-44 -s "$W/wp44.sig" -i "$W/wp44.msg"
        expect 0 "sign with the Wycheproof key" t sign -k "$W/wp44.p8.der" -a ml-dsa-44 -i "$W/mdsa.txt" -o "$W/wp44.tacit.sig"
        expect 0 "verify it with the Wycheproof SPKI" t verify -k "$W/wp44.spki.der" -a ml-dsa-44 -s "$W/wp44.tacit.sig" -i "$W/mdsa.txt"
    else
        skip "Wycheproof ML-DSA keys (no ../shared or no xxd)"
    fi
    # RFC 9881 certificates made by python3-cryptography / OpenSSL 4.0 (tests/data/pk/make_pq.py)
    PQD=$(cd "$(dirname "$0")/../data/pk" 2>/dev/null && pwd)
    if [ -n "$PQD" ] && [ -f "$PQD/mldsa-root.crt.pem" ]; then
        expect 0 "x509 show an ML-DSA certificate" t x509 show "$PQD/mldsa-leaf.crt.der"
        grep -q "^key: ML-DSA-44" "$W/out" && grep -q "^signature: ML-DSA-65" "$W/out" && ok ||
            bad "x509 show: ML-DSA key or signature not named: $(cat "$W/out")"
        expect 0 "x509 verify an ML-DSA chain" t x509 verify --roots "$PQD/mldsa-root.crt.pem" --host pq.example "$PQD/mldsa-leaf.crt.der"
        expect 1 "x509 verify an ML-DSA certificate with a bad signature" t x509 verify --roots "$PQD/mldsa-root.crt.pem" --host pq.example "$PQD/mldsa-leaf-badsig.crt.der"
        expect 0 "verify python-cryptography's ML-DSA-87 signature" t verify -k "$PQD/mldsa87.pub.pem" -a ml-dsa-87 -s "$PQD/mldsa87.msg.sig" -i "$PQD/msg.txt"
        expect 0 "kem decaps python-cryptography's ML-KEM-1024 ciphertext" t kem decaps -k "$PQD/mlkem1024.p8.pem" -i "$PQD/mlkem1024.ct" --ss "$W/py1024.ss"
        same_file "ML-KEM-1024 shared secret of python-cryptography" "$W/py1024.ss" "$PQD/mlkem1024.ss"
    else
        skip "tests/data/pk not found"
    fi
else
    skip "ML-DSA (compiled out)"
fi

if have_cmd genkey && [ "$have_ec" = 1 ]; then
    secret_out "genkey -o" "$W/s-key.pem" t genkey ec:p256 -o "$W/s-key.pem"
    secret_out "ecdh -o" "$W/s-shared.bin" t ecdh -k "$I/p256.pkcs8.pem" -p "$I/p256-peer.pub.pem" -o "$W/s-shared.bin"
fi
if [ "$have_rsa" = 1 ]; then
    secret_out "decrypt -o" "$W/s-plain.bin" t decrypt -k "$I/rsa2048.key.pem" -a oaep-sha256 -i "$I/rsa2048.oaep-sha256.bin" -o "$W/s-plain.bin"
    same_file "decrypt -o through the temporary file" "$W/s-plain.bin" "$I/secret.txt"
    mkdir -p "$W/s-dir"
    expect 3 "decrypt -o onto a directory" t decrypt -k "$I/rsa2048.key.pem" -a oaep-sha256 -i "$I/rsa2048.oaep-sha256.bin" -o "$W/s-dir"
    ls "$W/s-dir".tmp-* >/dev/null 2>&1 && bad "decrypt -o onto a directory: temporary file left behind" || ok
fi

# ---- dgst and kdf: output exactly as openssl dgst, streaming, HKDF ------------------
if have_cmd dgst; then
    head -c 300000 /dev/urandom >"$W/dg.bin"
    printf 'abc' >"$W/dg-abc.txt"
    : >"$W/dg-empty.bin"
    for a in sha1 sha224 sha256 sha384 sha512 sha3-224 sha3-256 sha3-384 sha3-512 shake128 shake256; do
        expect 0 "dgst -a $a" t dgst -a "$a" "$W/dg.bin" "$W/dg-abc.txt" "$W/dg-empty.bin"
        if [ -n "$OPENSSL" ]; then
            $OPENSSL dgst -"$a" "$W/dg.bin" "$W/dg-abc.txt" "$W/dg-empty.bin" >"$W/dg-ref" 2>/dev/null
            same_file "dgst -a $a against openssl dgst" "$W/out" "$W/dg-ref"
            t dgst -a "$a" <"$W/dg.bin" >"$W/out" 2>&1
            $OPENSSL dgst -"$a" <"$W/dg.bin" >"$W/dg-ref" 2>/dev/null
            same_file "dgst -a $a on stdin against openssl dgst" "$W/out" "$W/dg-ref"
        fi
    done
    if [ -n "$OPENSSL" ]; then
        for a in sha256 sha512 sha3-256 sha3-512; do
            expect 0 "dgst -a $a --hmac" t dgst -a "$a" --hmac 000102030405060708090a0b0c0d0e0f "$W/dg.bin"
            $OPENSSL dgst -"$a" -mac HMAC -macopt hexkey:000102030405060708090a0b0c0d0e0f "$W/dg.bin" >"$W/dg-ref" 2>/dev/null
            same_file "dgst -a $a --hmac against openssl dgst -mac HMAC" "$W/out" "$W/dg-ref"
            # on stdin (and "-") openssl prints the label without "HMAC-"
            t dgst -a "$a" --hmac 000102030405060708090a0b0c0d0e0f <"$W/dg.bin" >"$W/out" 2>&1
            $OPENSSL dgst -"$a" -mac HMAC -macopt hexkey:000102030405060708090a0b0c0d0e0f <"$W/dg.bin" >"$W/dg-ref" 2>/dev/null
            same_file "dgst -a $a --hmac on stdin against openssl" "$W/out" "$W/dg-ref"
            t dgst -a "$a" --hmac 000102030405060708090a0b0c0d0e0f - <"$W/dg.bin" >"$W/out" 2>&1
            $OPENSSL dgst -"$a" -mac HMAC -macopt hexkey:000102030405060708090a0b0c0d0e0f - <"$W/dg.bin" >"$W/dg-ref" 2>/dev/null
            same_file "dgst -a $a --hmac on - against openssl" "$W/out" "$W/dg-ref"
        done
        for n in 1 100 1000; do
            expect 0 "dgst -a shake256 --len $n" t dgst -a shake256 --len "$n" "$W/dg.bin"
            $OPENSSL dgst -shake256 -xoflen "$n" "$W/dg.bin" >"$W/dg-ref" 2>/dev/null
            same_file "dgst --len $n against openssl -xoflen" "$W/out" "$W/dg-ref"
        done
    else
        skip "dgst interop (no openssl)"
    fi
    printf 'abc' | t dgst -a sha3-256 >"$W/out" 2>&1
    [ "$(cat "$W/out")" = "SHA3-256(stdin)= 3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532" ] && ok || bad "dgst sha3-256 of abc: $(cat "$W/out")"
    # HMAC on stdin: the label without "HMAC-", as openssl dgst 3.0 prints it (RFC 4231 case 2)
    printf 'what do ya want for nothing?' | t dgst -a sha256 --hmac 4a656665 >"$W/out" 2>&1
    [ "$(cat "$W/out")" = "SHA2-256(stdin)= 5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843" ] && ok || bad "dgst --hmac on stdin: $(cat "$W/out")"
    expect 2 "dgst without -a" t dgst "$W/dg.bin"
    expect 2 "dgst with an unknown algorithm" t dgst -a md5 "$W/dg.bin"
    expect 2 "dgst --len on a fixed-size hash" t dgst -a sha256 --len 5 "$W/dg.bin"
    expect 2 "dgst --hmac with SHAKE" t dgst -a shake128 --hmac 00 "$W/dg.bin"
    expect 3 "dgst of a missing file" t dgst -a sha256 "$W/no-such-file"
else
    skip "dgst (not in this build)"
fi
if have_cmd kdf; then
    # RFC 5869 A.1
    expect 0 "kdf hkdf RFC 5869 A.1" t kdf hkdf -a sha256 --salt 000102030405060708090a0b0c \
        --ikm 0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b --info f0f1f2f3f4f5f6f7f8f9 -L 42
    [ "$(cat "$W/out")" = "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865" ] && ok || bad "kdf hkdf A.1: $(cat "$W/out")"
    if [ -n "$OPENSSL" ]; then
        for a in sha256:SHA256 sha384:SHA384 sha3-256:SHA3-256; do
            expect 0 "kdf hkdf -a ${a%%:*}" t kdf hkdf -a "${a%%:*}" --salt a0a1a2 --ikm 0102030405 --info 6869 -L 100
            $OPENSSL kdf -keylen 100 -kdfopt digest:"${a#*:}" -kdfopt hexsalt:a0a1a2 -kdfopt hexkey:0102030405 \
                -kdfopt hexinfo:6869 HKDF 2>/dev/null | tr -d ':' | tr 'A-F' 'a-f' | sed '/^$/d' >"$W/kdf-ref"
            same_file "kdf hkdf -a ${a%%:*} against openssl kdf" "$W/out" "$W/kdf-ref"
        done
    fi
    expect 2 "kdf without hkdf" t kdf pbkdf2 -a sha256 --ikm 00 -L 4
    expect 2 "kdf hkdf -L too long" t kdf hkdf -a sha256 --ikm 00 -L 8161
    expect 2 "kdf hkdf without --ikm" t kdf hkdf -a sha256 -L 4
    expect 2 "kdf hkdf with bad hex" t kdf hkdf -a sha256 --ikm 0g -L 4
else
    skip "kdf (not in this build)"
fi

# ---- summary ---------------------------------------------------------------------
echo "cli: $pass passed, $fail failed$( [ -n "$skips" ] && echo ", some parts SKIPPED")"
[ "$fail" -eq 0 ]
