#!/bin/sh
# Build the libFuzzer targets (clang, ASan + UBSan) in build-fuzz/ and run
# each one for SECONDS (default 60).
#   scripts/fuzz.sh [SECONDS] [TARGET ...]      e.g. scripts/fuzz.sh 600 fuzz_base64
# Each run starts from the committed seed corpus tests/fuzz/corpus/<target>/
# plus, when ../shared exists, the interop and vector files (they are read,
# never copied into the repository).  New inputs go to
# build-fuzz/corpus/<target>/; a crash leaves build-fuzz/crash-* and makes
# the script exit 1.  Add the crashing input to tests/fuzz/corpus/<target>/
# once fixed: every test build replays that corpus.  -timeout=120: a hang, not a slow
# input on a loaded machine (RSA-4096 keys take seconds under ASan on a busy machine).
# The constant-flow arithmetic is built without coverage instrumentation
# (tests/fuzz/coverage_ignore.txt says why); ASan and UBSan cover it as everything else.
# With the test hooks (TACIT_TEST_HOOKS): fuzz_chachapoly_open then also seals
# each input with every x86 kernel the CPU has (AVX-512, AVX2, portable C,
# chosen through tacit_cpu_hook_disable) and compares.
set -u
cd "$(dirname "$0")/.."
secs=${1:-60}
[ $# -gt 0 ] && shift
shared=${TACIT_SHARED_DIR:-../shared}
dir=build-fuzz

echo "fuzz: building $dir (clang, address+undefined, libFuzzer)"
if ! cmake -S . -B $dir -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
        -DTACIT_SANITIZE=address,undefined -DTACIT_FUZZ=ON -DTACIT_BUILD_PROGRAMS=OFF -DTACIT_TEST_HOOKS=ON \
        -DCMAKE_C_FLAGS="-fsanitize=fuzzer-no-link -fsanitize-coverage-ignorelist=$PWD/tests/fuzz/coverage_ignore.txt" \
        >$dir.configure.log 2>&1; then
    mkdir -p $dir; mv $dir.configure.log $dir/configure.log 2>/dev/null
    cat $dir/configure.log 2>/dev/null | tail -20; exit 1
fi
mv $dir.configure.log $dir/configure.log
if ! cmake --build $dir -j"$(nproc)" >$dir/build.log 2>&1; then
    grep -E "error" $dir/build.log | head -20; echo "fuzz: build failed ($dir/build.log)"; exit 1
fi

targets="$*"
[ -n "$targets" ] || targets=$(cd $dir/tests/fuzz && ls fuzz_* 2>/dev/null | grep -v _replay | grep -v '\.' )
status=0
for t in $targets; do
    bin=$dir/tests/fuzz/$t
    [ -x "$bin" ] || { echo "fuzz: no target $t"; status=1; continue; }
    work=$dir/corpus/$t
    mkdir -p "$work"
    seeds="tests/fuzz/corpus/$t"
    extra=""
    # Shared material as extra seeds, by target.
    if [ -d "$shared/interop" ]; then
        case $t in
            fuzz_pem|fuzz_base64|fuzz_asn1|fuzz_rsa_key|fuzz_ec_key|fuzz_pk|fuzz_x509*)
                extra="$shared/interop $shared/interop/broken";;
        esac
    fi
    dict=""
    [ -f tests/fuzz/$t.dict ] && dict="-dict=tests/fuzz/$t.dict"
    [ -z "$dict" ] && case $t in fuzz_asn1|fuzz_rsa_key|fuzz_ec_key|fuzz_pk|fuzz_x509*) dict="-dict=tests/fuzz/der.dict";; esac
    [ -z "$dict" ] && case $t in fuzz_pem) dict="-dict=tests/fuzz/pem.dict";; esac
    log=$dir/$t.log
    # shellcheck disable=SC2086
    "$bin" -max_total_time="$secs" -timeout=120 -rss_limit_mb=2048 -max_len=16384 \
        -print_final_stats=1 -artifact_prefix=$dir/crash-$t- $dict \
        "$work" $seeds $extra >"$log" 2>&1
    rc=$?
    execs=$(grep -E "stat::number_of_executed_units" "$log" | awk '{print $2}')
    last=$(grep -E "^#[0-9]+.*(DONE|pulse|NEW|REDUCE)" "$log" | tail -1)
    cov=$(echo "$last" | sed -nE 's/.*cov: ([0-9]+).*/\1/p')
    ft=$(echo "$last" | sed -nE 's/.* ft: ([0-9]+).*/\1/p')
    corp=$(echo "$last" | sed -nE 's/.* corp: ([0-9]+)\/.*/\1/p')
    if [ $rc -eq 0 ]; then
        echo "fuzz: $t ok: ${execs:-?} executions in ${secs}s, coverage ${cov:-?} edges, ${ft:-?} features, corpus ${corp:-?}"
    else
        echo "fuzz: $t FAILED (exit $rc), see $log and $dir/crash-$t-*"
        grep -E "ERROR|SUMMARY|check failed" "$log" | head -5 | sed 's/^/    /'
        status=1
    fi
done
exit $status
