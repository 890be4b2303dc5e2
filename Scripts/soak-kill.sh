#!/usr/bin/env bash
# Soak test of the all-or-nothing promise: starts a large `transdb import` ITERATIONS times, kills
# it with SIGKILL at a random moment of its typical duration (every third kill aimed at the last
# tenth, where the pages are written, committed and checkpointed), and checks after every kill that
#   - PRAGMA integrity_check (sqlite3) is ok and `transdb check` passes, and
#   - the catalog holds nothing of the import or all of it: `transdb list libraries` as before, or
#     as after and `transdb export --library generated` byte-identical to a completed import's.
# The long form of Tests/TransDBCLITests/Faults/KillTests.swift; not run in CI.
#
# Usage: Scripts/soak-kill.sh [ITERATIONS]     (default 500)
# Environment:
#   TRANSDB_BINARY   the binary (default .build/debug/transdb, built when missing)
#   SOAK_SEED        seed of the kill moments (default 1); a failure prints it
#   SOAK_PRESETS, SOAK_MAPPINGS   size of the generated bundle (default 2000 and 20000)
#   SOAK_KEEP=1      keep the work directory (kept anyway on failure)
set -euo pipefail
cd "$(dirname "$0")/.."

iterations=${1:-500}
[[ $iterations =~ ^[0-9]+$ ]] || { echo "usage: $0 [ITERATIONS]" >&2; exit 64; }
seed=${SOAK_SEED:-1}
presets=${SOAK_PRESETS:-2000}
mappings=${SOAK_MAPPINGS:-20000}
binary=${TRANSDB_BINARY:-.build/debug/transdb}
if [[ ! -x $binary ]]; then swift build --product transdb; fi
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
command -v sqlite3 >/dev/null || { echo "soak-kill: sqlite3 is needed (Scripts/setup.sh installs it)" >&2; exit 69; }

work=$(mktemp -d "${TMPDIR:-/tmp}/transdb-soak.XXXXXX")
keep=${SOAK_KEEP:-0}
cleanup() {
    if [[ $keep == 1 ]]; then echo "soak-kill: work directory kept: $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

python3 Scripts/generate-bundle.py "$presets" "$mappings" > "$work/bundle.json"
"$binary" init --db "$work/base.sqlite" > /dev/null
"$binary" list libraries --format json --db "$work/base.sqlite" > "$work/before.json"
rm -f "$work/base.sqlite-wal" "$work/base.sqlite-shm"

cp "$work/base.sqlite" "$work/reference.sqlite"
start=$(now_ms)
"$binary" import "$work/bundle.json" --db "$work/reference.sqlite" > /dev/null
typical=$(( $(now_ms) - start ))
"$binary" list libraries --format json --db "$work/reference.sqlite" > "$work/after.json"
"$binary" export --library generated --db "$work/reference.sqlite" > "$work/after-export.json"
echo "soak-kill: $iterations iterations, seed $seed, $presets presets / $mappings mappings; the import takes ${typical} ms"

fail() {
    keep=1
    cp "$work/catalog.sqlite" "$work/failed.sqlite" 2>/dev/null || true
    echo "soak-kill: FAILED at iteration $i (SOAK_SEED=$seed, SIGKILL after ${delay} ms, import exit $status): $*" >&2
    exit 1
}

RANDOM=$seed
killed=0 finished=0 before=0 after=0 killed_after=0
catalog=$work/catalog.sqlite
for (( i = 1; i <= iterations; i++ )); do
    rm -f "$catalog" "$catalog-wal" "$catalog-shm" "$catalog-journal"
    cp "$work/base.sqlite" "$catalog"
    random=$(( (RANDOM << 15 | RANDOM) % 10000 ))
    if (( i % 3 == 0 )); then delay=$(( typical * (9000 + random / 10) / 10000 )); else delay=$(( typical * random / 10000 )); fi
    if (( delay < 1 )); then delay=1; fi  # timeout 0 would mean no timeout

    # timeout(1) sends SIGKILL after the delay, unless the import finished first; the braces
    # keep bash's "Killed" notice off the terminal.
    started=$(now_ms)
    status=0
    { timeout -s KILL "$(printf '%d.%03d' $((delay / 1000)) $((delay % 1000)))" \
        "$binary" import "$work/bundle.json" --db "$catalog" > /dev/null 2> "$work/import.err"; } 2> /dev/null || status=$?
    case $status in
        137) killed=$((killed + 1)) ;;
        0) finished=$((finished + 1)); typical=$(( $(now_ms) - started )) ;;
        *) fail "the import ended by itself: $(cat "$work/import.err")" ;;
    esac

    "$binary" list libraries --format json --db "$catalog" > "$work/listed.json" 2> "$work/list.err" \
        || fail "list libraries failed: $(cat "$work/list.err")"
    integrity=$(sqlite3 "$catalog" 'PRAGMA integrity_check' 2>&1) || true
    [[ $integrity == ok ]] || fail "integrity_check: $integrity"
    "$binary" check --db "$catalog" > "$work/check.out" 2>&1 || fail "transdb check: $(cat "$work/check.out")"
    if cmp -s "$work/listed.json" "$work/before.json"; then
        before=$((before + 1))
    elif cmp -s "$work/listed.json" "$work/after.json"; then
        after=$((after + 1))
        if (( status == 137 )); then
            killed_after=$((killed_after + 1))
            "$binary" export --library generated --db "$catalog" > "$work/export.json"
            cmp -s "$work/export.json" "$work/after-export.json" || fail "the library differs from the imported one"
        fi
    else
        fail "the catalog is neither as before nor as after the import: $(cat "$work/listed.json")"
    fi
    if (( i % 25 == 0 )); then
        echo "soak-kill: $i/$iterations: $killed killed, $finished finished first; as before $before, as after $after ($killed_after killed after the commit)"
    fi
done
echo "soak-kill: passed: $killed kills, $finished finished first; as before $before, as after $after ($killed_after killed after the commit)"
