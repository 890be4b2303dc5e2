#!/usr/bin/env bash
# Fuzzes the untrusted-input readers with libFuzzer (in process, with AddressSanitizer): curve
# expressions, bundle files and DTCG files (both through StrictJSON). Each harness runs for SECONDS
# on a copy of its seed corpus (Fuzz/Corpus/HARNESS, never grown by a run), one after another, and
# the script prints executions and executions per second for each.
#
# Usage: Scripts/fuzz.sh [SECONDS] [HARNESS...]   (default: 60 s, FuzzCurveExpression FuzzBundle FuzzDTCG)
#
# Exits non-zero if a harness finds a crash, a timeout (an input taking over 10 s), a leak or an
# out-of-memory; the input is kept under .build-fuzz/artifacts/ and its path printed. Make it a
# regression test: minimise it (the command is printed), copy it to
# Tests/TransDBTests/Fixtures/fuzz-regressions/HARNESS/ and run `swift test --filter FuzzRegression`.
#
# FUZZ_CONFIGURATION=release builds optimised: a slower build, about four times the executions.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift || true
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(FuzzCurveExpression FuzzBundle FuzzDTCG)
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "usage: Scripts/fuzz.sh [SECONDS] [HARNESS...]" >&2; exit 64; }
for harness in "${harnesses[@]}"; do
    [ -d "Fuzz/Corpus/$harness" ] || { echo "fuzz: unknown harness '$harness' (no Fuzz/Corpus/$harness)" >&2; exit 64; }
done

source Scripts/lib/install-deps.sh
install_deps

scratch=$PWD/.build-fuzz
artifacts=$scratch/artifacts
mkdir -p "$artifacts"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# `--sanitize` makes SwiftPM link libFuzzer's main and the ASan runtime. It also passes
# `-sanitize=fuzzer -sanitize=address` to the compiler, where the last flag wins: the code would get
# ASan but no coverage, and libFuzzer would search blind. `-sanitize=fuzzer,address` in one flag,
# given last, instruments for both.
configuration=${FUZZ_CONFIGURATION:-debug}
build=(swift build -c "$configuration" --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address
    --package-path Fuzz --scratch-path "$scratch")
for harness in "${harnesses[@]}"; do
    echo "fuzz: building $harness"
    # The linker warns about every ASan helper symbol; keep the log to errors.
    if ! "${build[@]}" --product "$harness" >"$work/build.log" 2>&1; then
        grep -v "Cannot export local symbol" "$work/build.log" >&2
        echo "fuzz: FAILED: $harness does not build" >&2
        exit 1
    fi
done
bin=$("${build[@]}" --show-bin-path)

failed=()
summary=()
for harness in "${harnesses[@]}"; do
    cp -R "Fuzz/Corpus/$harness" "$work/corpus-$harness"
    mkdir -p "$artifacts/$harness"
    log=$work/$harness.log
    echo "fuzz: running $harness for $seconds s on $(ls "$work/corpus-$harness" | wc -l | tr -d ' ') seed inputs"
    status=0
    # Swift's own crash handler would hide the crash from libFuzzer (no crash file) and can make
    # ASan report a crash of its own: leave crashes to libFuzzer.
    SWIFT_BACKTRACE=enable=no "$bin/$harness" "$work/corpus-$harness" \
        -dict="Fuzz/Dictionaries/$harness.dict" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
        -print_final_stats=1 -artifact_prefix="$artifacts/$harness/" >"$log" 2>&1 || status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    if [ -z "$runs" ]; then
        # No final stats (libFuzzer died early): fall back on "Done N runs in S second(s)".
        read -r runs took < <(sed -n 's/^Done \([0-9]*\) runs in \([0-9]*\) second.*/\1 \2/p' "$log" | tail -1) || true
        runs=${runs:-0}
        rate=$(( ${took:-0} > 0 ? runs / took : 0 ))
    fi
    corpus=$(sed -n 's/.*DONE *cov: *\([0-9]*\).*corp: *\([0-9]*\)\/.*/cov \1, corpus \2/p' "$log" | tail -1)
    line="$harness: $runs executions, $rate execs/s${corpus:+, $corpus}"
    if [ "$status" -ne 0 ]; then
        input=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
        echo "fuzz: $harness FAILED (exit $status):" >&2
        # The error and the stack, without libFuzzer's mutation chatter.
        grep -v '^#[0-9]' "$log" | grep -v -e '^INFO:' -e 'Uses: ' | tail -60 >&2
        if [ -n "$input" ] && [ -f "$input" ]; then
            echo "fuzz: the input is $input ($(wc -c <"$input" | tr -d ' ') bytes), in base64:" >&2
            head -c 4096 "$input" | base64 >&2
            echo "fuzz: minimise it with: SWIFT_BACKTRACE=enable=no $bin/$harness -minimize_crash=1 -runs=10000 -exact_artifact_path=$input.min $input" >&2
        fi
        failed+=("$harness${input:+ ($input)}")
        line="$line: FAILED${input:+, input $input}"
    fi
    echo "fuzz: $line"
    summary+=("$line")
done

echo "fuzz: summary, $seconds s each:"
for line in "${summary[@]}"; do echo "fuzz:   $line"; done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: FAILED: ${failed[*]}"
    exit 1
fi
echo "fuzz: OK: ${#harnesses[@]} harnesses, $seconds s each, no crash, timeout or leak"
