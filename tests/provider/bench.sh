#!/bin/sh
# openssl speed and s_time with the tacit provider against the default provider (by hand;
# not a ctest).  Usage: tests/provider/bench.sh MODULE_DIR [RUNS]
# Prints, per row, the median and range of RUNS (default 3) runs for each provider.
# speed counts operations per CPU second (its default), so other load on the machine
# matters less; s_time is wall time (handshakes per second against one s_server).
set -u
set -f
MODDIR=$1; RUNS=${2:-3}
TP="-provider-path $MODDIR -provider tacit -provider base"
HY="-provider-path $MODDIR -provider tacit -provider default -propquery ?provider=tacit"
DF="-provider default"
W=$(mktemp -d); trap 'rm -rf "$W"; [ -n "${SP:-}" ] && kill $SP 2>/dev/null' EXIT

med() { sort -g | awk '{a[NR]=$1} END {printf "%.0f [%.0f-%.0f]", a[int((NR+1)/2)], a[1], a[NR]}'; }

speed_col() { # PROVIDER-ARGS ALG FIELD  (field: sign/s, verify/s or op/s column of the last line)
    _i=0
    while [ $_i -lt "$RUNS" ]; do
        openssl speed $1 -seconds 2 $2 2>/dev/null | tail -1 | awk -v f=$3 '{print $(NF-f)}'
        _i=$((_i + 1))
    done | med
}

if [ "${TACIT_BENCH_STIME_ONLY:-0}" != 1 ]; then
echo "| row | tacit (-provider tacit -provider base) | default | tacit/default |"
echo "| --- | --- | --- | --- |"
for spec in "rsa2048 1 sign/s" "rsa2048 0 verify/s" "ecdsap256 1 sign/s" "ecdsap256 0 verify/s" \
    "ecdhx25519 0 op/s" "ecdhp256 0 op/s" "ed25519 1 sign/s" "ed25519 0 verify/s"; do
    set -- $spec
    t=$(speed_col "$TP" $1 $2); d=$(speed_col "$DF" $1 $2)
    r=$(echo "${t%% *} ${d%% *}" | awk '{printf "%.2f", $1 / $2}')
    echo "| $1 $3 | $t | $d | $r |"
done

# AEADs: not `openssl speed -evp` (OpenSSL 3.0's speed runs libcrypto's built-in cipher
# whatever providers are loaded: a profile shows tacit.so at 0%) but provider_bench_aead,
# which drives EVP in a library context with only tacit + base against one with default
# (and tacit_aead directly), one libssl-like record loop, same process.
BENCH_AEAD=${TACIT_BENCH_AEAD:-$(dirname "$MODDIR")/tests/provider_bench_aead}
if [ -x "$BENCH_AEAD" ]; then
    "$BENCH_AEAD" "$MODDIR" 1 "$RUNS"
else
    echo "(no $BENCH_AEAD: build the provider_bench_aead target for the AEAD rows)"
fi
fi

# s_time: full handshakes (-new) against a local s_server on each provider
for cert in ecdsa rsa; do
    case $cert in
    ecdsa) openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj /CN=localhost \
        -keyout $W/$cert.key -out $W/$cert.pem -days 2 2>/dev/null ;;
    rsa) openssl req -x509 -newkey rsa:2048 -nodes -subj /CN=localhost \
        -keyout $W/$cert.key -out $W/$cert.pem -days 2 2>/dev/null ;;
    esac
    for prov in tacit default; do
        if [ $prov = tacit ]; then
            if openssl list -kdf-algorithms $TP | grep -q "TLS13-KDF @ tacit"; then PA=$TP; lab="tacit+base"
            else PA=$HY; lab="tacit(+default for what tacit lacks)"; fi
        else PA=$DF; lab=default; fi
        # the kernel picks the port (no collision with other servers); read it back
        openssl s_server $PA -cert $W/$cert.pem -key $W/$cert.key -accept 127.0.0.1:0 \
            -no_ticket -www >$W/server.log 2>&1 &
        SP=$!
        port=""
        _i=0
        while [ -z "$port" ] && [ $_i -lt 100 ]; do
            sleep 0.1; _i=$((_i + 1))
            port=$(sed -n 's/^ACCEPT 127\.0\.0\.1:\([0-9][0-9]*\)$/\1/p' $W/server.log)
        done
        _i=0
        res=$(while [ $_i -lt "$RUNS" ]; do
            openssl s_time -connect 127.0.0.1:$port -new -time 4 -ciphersuites TLS_CHACHA20_POLY1305_SHA256 2>/dev/null |
                awk '/connections in .* real seconds/ {print $1 / $4}' | head -1
            _i=$((_i + 1))
        done | med)
        kill $SP 2>/dev/null; wait $SP 2>/dev/null; SP=""
        echo "| s_time TLS 1.3 full handshakes/s, $cert cert, X25519, server $lab | $res |"
    done
done
