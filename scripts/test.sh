#!/bin/sh
# Check that the generated sources match their generators (scripts/check_generated.sh),
# then run every test tacit has, in these builds:
#   build/        Release, 64-bit limbs (auto), gcc: all suites
#   build-ct/     Release -O2 with valgrind annotations: the `ct` label under memcheck
#   build-32/     32-bit limbs: all suites
#   build-asan/   clang, AddressSanitizer + UndefinedBehaviorSanitizer: all suites
#   build-tsan/   clang, ThreadSanitizer, release configuration (no test hooks): the `threads` label
#   build-fuzz/   clang, libFuzzer + ASan/UBSan: every fuzz target for TACIT_FUZZ_SECONDS (15) each
#   build-small/  -Os (MinSizeRel), the small ECC profile (TACIT_ECP_SMALL), valgrind annotations:
#                 the `small` label (the ECC suites and those of the compact -Os forms of
#                 bignum_core/bignum, natively; their ct suites under memcheck)
#   build-configs/<config>/  every header of scripts/configs/ on the host, -Os: the suites it lists
#                 (scripts/test_configs.sh)
#   build-size/   when arm-none-eabi-gcc is installed: the Thumb-2 size limits (scripts/code_size.sh)
#                 and stack limit (scripts/stack_usage.sh)
# First the naming rule of the two code paths (scripts/check_ct_names.sh; also a ctest) and
# branch-free constant-time primitives (scripts/check_ct_asm.sh).  Each build keeps its logs in
# its own folder (build/configure.log, build/build.log, build/test.log).
# Exits non-zero if any build or test fails.  TACIT_TEST_QUICK=1 runs only build/.
set -u
cd "$(dirname "$0")/.."
jobs=$(nproc)
status=0
summary=""

run_build() {
    dir=$1; label=$2; shift 2
    echo "==== $dir: configure and build (logs: $dir/configure.log, $dir/build.log) ===="
    mkdir -p "$dir"
    if ! cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release "$@" >"$dir/configure.log" 2>&1; then
        cat "$dir/configure.log"; status=1; summary="$summary\n$dir: CONFIGURE FAILED"; return
    fi
    if ! cmake --build "$dir" -j"$jobs" >"$dir/build.log" 2>&1; then
        grep -E "error|warning" "$dir/build.log" | head -40; status=1
        summary="$summary\n$dir: BUILD FAILED"; return
    fi
    echo "==== $dir: ctest ${label:-(every suite)} (log: $dir/test.log) ===="
    if [ -n "$label" ]; then
        (cd "$dir" && ctest -j"$jobs" --output-on-failure -L "$label") >"$dir/test.log" 2>&1
    else
        (cd "$dir" && ctest -j"$jobs" --output-on-failure) >"$dir/test.log" 2>&1
    fi
    rc=$?
    # one result line per suite, then ctest's count; every suite's full output is in LastTest.log
    grep -E "^ *[0-9]+/[0-9]+ Test +#" "$dir/test.log" | sed 's/^ */  /'
    grep -E "tests passed|tests failed" "$dir/test.log" | sed 's/^/  /'
    echo "  (each suite's full output: $dir/Testing/Temporary/LastTest.log)"
    # ctest hides the output of passing suites: show their SKIPs from its log.
    grep -h "SKIP (" "$dir"/Testing/Temporary/LastTest*.log 2>/dev/null | sed 's/^ */  skipped: /' | sort -u
    [ $rc -eq 0 ] || { status=1; tail -60 "$dir/test.log"; }
    summary="$summary\n$dir: $(grep -E 'tests passed' "$dir/test.log" | tail -1)"
}

echo "==== naming rule: scripts/check_ct_names.sh ===="
if names=$(scripts/check_ct_names.sh .); then
    summary="$summary\nnaming rule: every leaky function is *_unsafe with Leaks:/Only for:"
else
    status=1; summary="$summary\nnaming rule: FAILED"
fi
printf '%s\n' "$names" | sed 's/^/  /'

echo "==== parameter names: scripts/check_param_names.py ===="
if pnames=$(python3 scripts/check_param_names.py); then
    summary="$summary\nparameter names: every definition uses its prototype's names, the buffer conventions"
else
    status=1; summary="$summary\nparameter names: FAILED (scripts/check_param_names.py)"
fi
printf '%s\n' "$pnames" | tail -20 | sed 's/^/  /'

echo "==== constant-time primitives compile branch-free: scripts/check_ct_asm.sh ===="
if asm=$(scripts/check_ct_asm.sh 2>&1); then
    summary="$summary\nct asm: the constant-time primitives compile branch-free"
else
    status=1; summary="$summary\nct asm: FAILED (a conditional branch, see above)"
fi
printf '%s\n' "$asm" | grep -v "^ok" | sed 's/^/  /'
printf '%s\n' "$asm" | grep -c "^ok" | sed 's/^/  compiler configurations checked: /'

echo "==== code format: scripts/check_format.sh (.clang-format) ===="
scripts/check_format.sh
case $? in
    0) summary="$summary\nformat: every file follows .clang-format" ;;
    2) summary="$summary\nformat: SKIPPED (no clang-format)" ;;
    *) status=1; summary="$summary\nformat: FAILED (run clang-format -i --style=file on the files named above)" ;;
esac

echo "==== generated sources ===="
if scripts/check_generated.sh; then
    summary="$summary\ngenerated sources: match their generators"
else
    status=1; summary="$summary\ngenerated sources: DIFFER (scripts/check_generated.sh)"
fi
mkdir -p build
# Test hooks (fault injection, path counters) are off by default (they are
# writable globals no installed library should carry): the test builds ask.
run_build build "" -DTACIT_LIMB_BITS=auto -DTACIT_TEST_HOOKS=ON
echo "==== layers: scripts/check_layers.sh (includes, and calls from build/'s objects) ===="
if layers=$(scripts/check_layers.sh build); then
    summary="$summary\nlayers: no upward arrow, no loop, one error list, one dispatch point per area"
else
    status=1; summary="$summary\nlayers: FAILED (scripts/check_layers.sh)"
fi
printf '%s\n' "$layers" | sed 's/^/  /'
if [ "${TACIT_TEST_QUICK:-0}" != 1 ]; then
    run_build build-ct ct -DTACIT_TEST_CONSTANT_FLOW=ON -DTACIT_TEST_HOOKS=ON
    run_build build-32 "" -DTACIT_LIMB_BITS=32 -DTACIT_PEERS=ON -DTACIT_TEST_HOOKS=ON
    CC=clang run_build build-asan "" -DTACIT_SANITIZE=address,undefined -DCMAKE_C_COMPILER=clang \
        -DTACIT_TEST_HOOKS=ON
    CC=clang run_build build-tsan threads -DTACIT_SANITIZE=thread -DCMAKE_C_COMPILER=clang \
        -DTACIT_TEST_HOOKS=OFF -DTACIT_BUILD_PROGRAMS=OFF
    run_build build-small small -DCMAKE_BUILD_TYPE=MinSizeRel -DTACIT_ECP_SMALL=ON \
        -DTACIT_TEST_CONSTANT_FLOW=ON -DTACIT_TEST_HOOKS=ON
    echo "==== build-configs: every scripts/configs/ header on the host, -Os (scripts/test_configs.sh;" \
         "logs: build-configs/<config>/) ===="
    if scripts/test_configs.sh >build-configs.log 2>&1; then
        sed 's/^/  /' build-configs.log | grep -E "====|passed|skipped"
        summary="$summary\nbuild-configs: every configuration's suites passed"
    else
        sed 's/^/  /' build-configs.log | tail -40
        status=1; summary="$summary\nbuild-configs: FAILED (build-configs.log)"
    fi
    echo "==== build-size: Thumb-2 code size and stack limits (scripts/code_size.sh, scripts/stack_usage.sh;" \
         "logs: build-size/size.log, build-size/stack.log) ===="
    mkdir -p build-size
    if scripts/code_size.sh >build-size/size.log 2>&1 && scripts/stack_usage.sh >build-size/stack.log 2>&1; then
        grep -hE "SKIP|limit|target" build-size/size.log build-size/stack.log | sed 's/^/  /'
        summary="$summary\nbuild-size: $(grep -q SKIP build-size/size.log && echo skipped || echo 'within limits')"
    else
        grep -hE "limit|OVER|error:|cannot" build-size/size.log build-size/stack.log | sed 's/^/  /'
        status=1; summary="$summary\nbuild-size: OVER A LIMIT (see build-size/size.log, build-size/stack.log)"
    fi
    echo "==== build-fuzz: libFuzzer, ${TACIT_FUZZ_SECONDS:-15} s per target ===="
    if scripts/fuzz.sh "${TACIT_FUZZ_SECONDS:-15}"; then
        summary="$summary\nbuild-fuzz: every target ran clean"
    else
        status=1; summary="$summary\nbuild-fuzz: FAILED (see build-fuzz/*.log)"
    fi
fi

echo "==== summary ===="
printf "%b\n" "$summary"
[ $status -eq 0 ] && echo "ALL BUILDS PASSED" || echo "SOME BUILDS FAILED"
exit $status
