#!/usr/bin/env bash
# Benchmark (not a test): `transdb import` and `transdb export` of a bundle with 10,000 presets and
# 100,000 route mappings, side by side with the sqlite3 shell's own `.import` of the same routes as
# CSV into an equivalent table (and a CSV dump of it as the export yardstick). Prints the medians and
# the ratios. Usage: Scripts/bench-bundles.sh [PRESETS] [MAPPINGS] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
presets=${1:-10000}
mappings=${2:-100000}
runs=${3:-5}

source Scripts/lib/install-deps.sh
install_deps hyperfine
[ -x /usr/bin/time ] || { [ "$(id -u)" -eq 0 ] && apt-get install -y -qq time || sudo apt-get install -y -qq time; }

swift build -c release --static-swift-stdlib --product transdb >/dev/null
bin=$PWD/.build/release/transdb
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 Scripts/generate-bundle.py "$presets" "$mappings" --csv "$work/routes.csv" > "$work/bundle.json"
echo "bundle: $(wc -c < "$work/bundle.json") bytes, $presets presets, $mappings mappings; CSV: $(wc -c < "$work/routes.csv") bytes"

# The yardstick's table: the route columns as text, as the CSV has them.
schema="CREATE TABLE route_csv (delegate TEXT, op TEXT, from_screen TEXT, to_screen TEXT, preset TEXT, interaction TEXT);"
"$bin" init --empty --db "$work/exported.sqlite" >/dev/null
"$bin" import "$work/bundle.json" --db "$work/exported.sqlite" --max-size 1000000000 >/dev/null
sqlite3 "$work/csv.sqlite" "$schema" ".import --csv --skip 1 $work/routes.csv route_csv"

hyperfine --runs "$runs" --warmup 1 --export-json "$work/results.json" \
    --prepare "rm -f $work/import.sqlite $work/import.sqlite-wal $work/import.sqlite-shm; $bin init --empty --db $work/import.sqlite" \
    -n "transdb import" "$bin import $work/bundle.json --db $work/import.sqlite --max-size 1000000000" \
    --prepare "rm -f $work/yard.sqlite; sqlite3 $work/yard.sqlite '$schema'" \
    -n "sqlite3 .import csv" "sqlite3 $work/yard.sqlite '.import --csv --skip 1 $work/routes.csv route_csv'" \
    --prepare "true" \
    -n "transdb export" "$bin export --library generated --db $work/exported.sqlite -o $work/out.json" \
    --prepare "true" \
    -n "sqlite3 csv dump" "sqlite3 $work/csv.sqlite '.mode csv' '.output $work/out.csv' 'SELECT * FROM route_csv'" >/dev/null
cmp -s "$work/out.json" <("$bin" export --library generated --db "$work/exported.sqlite") && echo "export is deterministic: two exports are byte-identical"
"$bin" init --empty --db "$work/mem.sqlite" >/dev/null 2>&1; /usr/bin/time -f "%M" -o "$work/mem.txt" "$bin" import "$work/bundle.json" --db "$work/mem.sqlite" --max-size 1000000000 >/dev/null
/usr/bin/time -f "%M" -o "$work/mem-export.txt" "$bin" export --library generated --db "$work/exported.sqlite" >/dev/null
python3 - "$work/results.json" "$work/mem.txt" "$work/mem-export.txt" <<'PY'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
print(f"{'command':<22}{'median s':>10}{'min s':>9}")
for name in ("transdb import", "sqlite3 .import csv", "transdb export", "sqlite3 csv dump"):
    print(f"{name:<22}{r[name]['median']:>10.3f}{r[name]['min']:>9.3f}")
print(f"import ratio transdb / sqlite3 .import: {r['transdb import']['median'] / r['sqlite3 .import csv']['median']:.1f}x")
print(f"export ratio transdb / sqlite3 dump:    {r['transdb export']['median'] / r['sqlite3 csv dump']['median']:.1f}x")
print(f"peak memory: import {int(open(sys.argv[2]).read().split()[-1]) // 1024} MB, export {int(open(sys.argv[3]).read().split()[-1]) // 1024} MB")
PY
