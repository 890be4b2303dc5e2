#!/usr/bin/env bash
# Benchmark (not a test): `transdb resolve` as a whole process on a catalog with 100,000 route
# mappings, side by side with the sqlite3 shell answering the equivalent indexed query on the same
# file. Prints the medians and their ratio. Usage: Scripts/bench-resolve.sh [MAPPINGS] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
mappings=${1:-100000}
runs=${2:-30}

source Scripts/lib/install-deps.sh
install_deps hyperfine

swift build -c release --static-swift-stdlib --product transdb >/dev/null
bin=$PWD/.build/release/transdb
work=$(mktemp -d)
db=$work/bench.sqlite
trap 'rm -rf "$work"' EXIT

# A deterministic catalog: 1,000 screens, each the transitioningDelegate owner of its own
# delegate; each delegate maps present routes from the next N/1000 screens to its screen.
"$bin" init --empty --db "$db" >/dev/null
per=$(( mappings / 1000 ))
sqlite3 "$db" <<SQL
BEGIN;
INSERT INTO library (name) VALUES ('bench');
INSERT INTO preset (library_id, name, kind, duration, curve_expression)
  WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 9)
  SELECT 1, 'preset' || i, 'fade', 0.3, 'cubic-bezier(0.42, 0, 0.58, 1)' FROM n;
INSERT INTO delegate (library_id, name)
  WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 999)
  SELECT 1, 'Delegate' || i FROM n;
INSERT INTO screen (library_id, name, delegate_id)
  WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 999)
  SELECT 1, 'Screen' || i, i + 1 FROM n;
INSERT INTO route (delegate_id, operation, from_screen_id, to_screen_id, preset_id)
  WITH RECURSIVE t(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM t WHERE j < 999),
                 k(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM k WHERE k < $per)
  SELECT t.j + 1, 'present', ((t.j + k.k) % 1000) + 1, t.j + 1, ((t.j + k.k) % 10) + 1 FROM t, k;
COMMIT;
SQL
count=$(sqlite3 "$db" 'SELECT count(*) FROM route')
echo "catalog: $db with $count route mappings"

# The equivalent of resolve's lookup: screen by name -> its delegate -> the most specific route.
query="SELECT p.name FROM screen s JOIN route r ON r.delegate_id = s.delegate_id AND r.operation = 'present'
  AND ifnull(r.from_screen_id, 0) IN ((SELECT id FROM screen WHERE name = 'Screen500'), 0)
  AND ifnull(r.to_screen_id, 0) IN (s.id, 0)
  JOIN preset p ON p.id = r.preset_id WHERE s.name = 'Screen450'
  ORDER BY (r.from_screen_id IS NOT NULL) + (r.to_screen_id IS NOT NULL) DESC LIMIT 1"
echo "sqlite3 answers:  $(sqlite3 "$db" "$query")"
echo "transdb answers:  $("$bin" resolve --db "$db" --op present --from Screen500 --to Screen450 --format json \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["animator"]["name"])')"

hyperfine --runs "$runs" --warmup 3 -N --export-json "$work/results.json" \
    -n "transdb resolve" "$bin resolve --db $db --op present --from Screen500 --to Screen450 --format json" \
    -n "sqlite3 query" "sqlite3 $db \"$query\"" >/dev/null
python3 - "$work/results.json" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
t, s = results["transdb resolve"], results["sqlite3 query"]
print(f"{'command':<18}{'median ms':>10}{'mean ms':>10}{'min ms':>9}")
for name, r in (("transdb resolve", t), ("sqlite3 query", s)):
    print(f"{name:<18}{r['median']*1e3:>10.2f}{r['mean']*1e3:>10.2f}{r['min']*1e3:>9.2f}")
print(f"ratio transdb / sqlite3 (medians): {t['median'] / s['median']:.2f}x")
PY
