#!/usr/bin/env bash
# Benchmarks (not tests): every performance target of transdb, each measured side by side with
# its yardstick on this machine, in one run, ending with one table of figure, yardstick, ratio
# and goal. Wall-clock figures are hyperfine medians; "instructions" are valgrind callgrind
# counts, which do not depend on what else the machine is doing.
#
#   Scripts/bench.sh            everything (about 10 minutes on 2 cores)
#   Scripts/bench.sh SECTION... only some of: startup batch flat bundles engine
#   BENCH_WORK=DIR Scripts/bench.sh ...   keep the generated catalogs in DIR for the next run
#
# Catalogs are generated deterministically (Scripts/generate-bundle.py) with 1,000, 100,000 and
# 1,000,000 route mappings and imported with the transdb being measured.
set -euo pipefail
cd "$(dirname "$0")/.."
sections=("$@")
[ ${#sections[@]} -gt 0 ] || sections=(startup batch flat bundles engine)
wants() { [[ " ${sections[*]} " == *" $1 "* ]]; }

source Scripts/lib/install-deps.sh
install_deps hyperfine valgrind python3 gcc
[ -x /usr/bin/time ] || { [ "$(id -u)" -eq 0 ] && apt-get install -y -qq time || sudo apt-get install -y -qq time; }

echo "building release binaries (the one the README installs: --static-swift-stdlib)"
swift build -c release --static-swift-stdlib --product transdb >/dev/null
bin=$PWD/.build/release/transdb
# BENCH_WORK=DIR keeps the generated catalogs there between runs (they are remade when missing).
if [ -n "${BENCH_WORK:-}" ]; then
    work=$BENCH_WORK
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi
results=$work/results.tsv
: >"$results"
# row NAME FIGURE YARDSTICK RATIO GOAL MET
row() { printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >>"$results"; }
median() { python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"]; print(" ".join(str(x["median"]) for x in r))' "$1"; }
peak_mb() { /usr/bin/time -f "%M" -o "$work/rss" "$@" >/dev/null 2>&1 || true; echo $(( $(tail -1 "$work/rss") / 1024 )); }
verdict() { python3 -c "import sys; print('met' if $1 else 'NOT MET')"; }

echo "machine: $(nproc) cores, $(uname -r); $(swift --version 2>&1 | head -1); $(sqlite3 --version | cut -d' ' -f1-2)"

# --- catalogs -------------------------------------------------------------------------------
catalog() {  # catalog MAPPINGS -> path of an imported catalog (made once)
    local n=$1 db=$work/catalog-$1.sqlite presets=$(( $1 >= 100000 ? 10000 : $1 / 10 ))
    if [ ! -f "$db" ]; then
        python3 Scripts/generate-bundle.py "$presets" "$n" --csv "$work/routes-$n.csv" >"$work/bundle-$n.json"
        "$bin" init --empty --db "$db" >/dev/null
        "$bin" import "$work/bundle-$n.json" --db "$db" --max-size 2000000000 >/dev/null 2>&1
    fi
    echo "$db"
}
requests() {  # requests MAPPINGS COUNT -> an NDJSON request file for that catalog
    local file=$work/requests-$1-$2.ndjson
    [ -f "$file" ] || python3 Scripts/generate-requests.py "$2" "$1" >"$file"
    echo "$file"
}

# --- start-up -------------------------------------------------------------------------------
if wants startup; then
    echo; echo "== start-up: whole processes on the 1,000,000-mapping catalog"
    db=$(catalog 1000000)
    # The sqlite3 equivalents: the same indexed lookups resolve makes, and the same listing.
    # S0999 -> S0734 is a mapped route (generate-bundle.py: delegate D_d maps S_j -> S_(j+d+1)).
    resolve_sql="SELECT p.name FROM screen s JOIN route r ON r.delegate_id = s.delegate_id AND r.operation = 'present'
      AND ifnull(r.from_screen_id, 0) IN ((SELECT id FROM screen WHERE name = 'S0999'), 0) AND ifnull(r.to_screen_id, 0) IN (s.id, 0)
      LEFT JOIN preset p ON p.id = r.preset_id WHERE s.name = 'S0734'
      ORDER BY (r.from_screen_id IS NOT NULL) + (r.to_screen_id IS NOT NULL) DESC LIMIT 1"
    list_sql="SELECT p.name, l.name AS library, p.kind, p.direction, p.duration, p.delay,
      coalesce(cl.name || '/' || c.name, p.curve_expression) AS curve, p.completion_speed IS NOT NULL AS interactive,
      rl.name || '/' || r.name AS reverse, p.description
      FROM preset p JOIN library l ON l.id = p.library_id LEFT JOIN curve c ON c.id = p.curve_id LEFT JOIN library cl ON cl.id = c.library_id
      LEFT JOIN preset r ON r.id = p.reverse_id LEFT JOIN library rl ON rl.id = r.library_id ORDER BY l.name, p.name"
    echo "transdb resolve answers: $("$bin" resolve --db "$db" --op present --from S0999 --to S0734 --format json | python3 -c 'import json,sys; a=json.load(sys.stdin)["animator"]; print(a and a["name"])')"
    echo "sqlite3 answers:         $(sqlite3 "$db" "$resolve_sql")"
    hyperfine -N --runs 60 --warmup 5 --export-json "$work/startup.json" \
        "$bin resolve --db $db --op present --from S0999 --to S0734 --format json" \
        "sqlite3 $db \"$resolve_sql\"" \
        "$bin list presets --db $db --format json" \
        "sqlite3 -json $db \"$list_sql\"" >/dev/null
    read -r t_resolve s_resolve t_list s_list <<<"$(median "$work/startup.json")"
    for pair in "resolve:$t_resolve:$s_resolve" "list presets --format json:$t_list:$s_list"; do
        IFS=: read -r name t s <<<"$pair"
        ratio=$(python3 -c "print(f'{$t/$s:.2f}')")
        row "start-up: $name" "$(python3 -c "print(f'{$t*1e3:.2f} ms')")" "sqlite3 $(python3 -c "print(f'{$s*1e3:.2f} ms')")" "${ratio}x" \
            "<= 3x (stretch 2x)" "$(verdict "$ratio <= 3")$(python3 -c "print(', stretch met' if $ratio <= 2 else '')")"
    done
    # Instruction counts: stable where wall-clock is noisy.
    t_ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" resolve --db "$db" --op present --from S0999 --to S0734 --format json 2>&1 >/dev/null | sed -n 's/.*Collected : //p')
    s_ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null sqlite3 "$db" "$resolve_sql" 2>&1 >/dev/null | sed -n 's/.*Collected : //p')
    row "start-up: resolve, instructions" "$t_ir" "sqlite3 $s_ir" "$(python3 -c "print(f'{$t_ir/$s_ir:.2f}x')")" "(for reference)" ""
fi

# --- batch ----------------------------------------------------------------------------------
if wants batch; then
    echo; echo "== resolve --batch: 1,000,000 requests on the 1,000,000-mapping catalog"
    db=$(catalog 1000000)
    req=$(requests 1000000 1000000)
    hyperfine --runs 3 --warmup 1 --export-json "$work/batch.json" "$bin resolve --batch --db $db < $req > /dev/null" >/dev/null
    seconds=$(median "$work/batch.json")
    rate=$(python3 -c "print(round(1000000 / $seconds))")
    row "batch: resolutions per second" "$rate /s" "300000 /s" "$(python3 -c "print(f'{$rate/300000:.2f}x')")" ">= 300,000 /s" "$(verdict "$rate >= 300000")"
    mb=$(peak_mb sh -c "$bin resolve --batch --db $db < $req")
    row "batch: peak memory" "$mb MB" "100 MB" "$(python3 -c "print(f'{$mb/100:.2f}x')")" "< 100 MB" "$(verdict "$mb < 100")"
    # Identical answers: 2,000 requests one at a time against the same lines of the batch.
    head -2000 "$req" >"$work/sample.ndjson"
    "$bin" resolve --batch --db "$db" <"$work/sample.ndjson" >"$work/batch.out" || true
    python3 - "$bin" "$db" "$work/sample.ndjson" "$work/batch.out" <<'PY' >"$work/same.txt"
import json, subprocess, sys
binary, db, requests, answers = sys.argv[1:]
differ = 0
for request, answer in zip(open(requests), open(answers)):
    r = json.loads(request)
    args = [binary, "resolve", "--db", db, "--op", r["op"], "--from", r["from"], "--to", r["to"], "--format", "json"]
    if r.get("container"): args += ["--container", r["container"]]
    single = subprocess.run(args, capture_output=True, text=True)
    expected = json.loads(single.stdout) if single.returncode == 0 else None
    if expected is not None: expected.pop("explanation", None)
    got = json.loads(answer)
    if expected is None: differ += "error" not in got
    elif got != expected: differ += 1
print(differ)
PY
    differ=$(cat "$work/same.txt")
    row "batch: answers equal one-at-a-time resolve" "$differ of 2000 differ" "0" "" "identical" "$(verdict "$differ == 0")"
fi

# --- flat with size -------------------------------------------------------------------------
if wants flat; then
    echo; echo "== per-resolution cost at 1,000, 100,000 and 1,000,000 mappings"
    : >"$work/flat.txt"
    : >"$work/flat-ir.txt"
    for n in 1000 100000 1000000; do
        db=$(catalog "$n")
        req=$(requests "$n" 1000000)
        hyperfine --runs 3 --warmup 1 --export-json "$work/flat-$n.json" "$bin resolve --batch --db $db < $req > /dev/null" >/dev/null
        echo "$n $(median "$work/flat-$n.json")" >>"$work/flat.txt"
        # Instructions per resolution: the difference between 40,000 and 20,000 requests, so
        # that opening the catalog and start-up cancel out.
        small=$(requests "$n" 20000); large=$(requests "$n" 40000)
        a=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" resolve --batch --db "$db" <"$small" 2>&1 >/dev/null | sed -n 's/.*Collected : //p')
        b=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" resolve --batch --db "$db" <"$large" 2>&1 >/dev/null | sed -n 's/.*Collected : //p')
        echo "$n $(( (b - a) / 20000 ))" >>"$work/flat-ir.txt"
    done
    read -r _ t1k <<<"$(sed -n 1p "$work/flat.txt")"; read -r _ t1m <<<"$(sed -n 3p "$work/flat.txt")"
    read -r _ i1k <<<"$(sed -n 1p "$work/flat-ir.txt")"; read -r _ i1m <<<"$(sed -n 3p "$work/flat-ir.txt")"
    ratio=$(python3 -c "print(f'{$t1m/$t1k:.2f}')")
    # Seconds per 1,000,000 requests are microseconds per resolution.
    row "flat: time per resolution, 1M vs 1k" "$(python3 -c "print(f'{$t1m:.2f} us')")" "1k: $(python3 -c "print(f'{$t1k:.2f} us')")" "${ratio}x" "<= 1.5x" "$(verdict "$ratio <= 1.5")"
    iratio=$(python3 -c "print(f'{$i1m/$i1k:.2f}')")
    row "flat: instructions per resolution, 1M vs 1k" "$i1m" "1k: $i1k" "${iratio}x" "<= 1.5x" "$(verdict "$iratio <= 1.5")"
    echo "mappings  seconds per 1M requests  instructions per resolution"
    paste "$work/flat.txt" "$work/flat-ir.txt" | awk '{printf "%9s  %23.3f  %27s\n", $1, $2, $4}'
fi

# --- import / export ------------------------------------------------------------------------
if wants bundles; then
    echo; echo "== import and export of the 1,000,000-mapping bundle"
    db=$(catalog 1000000)
    bundle=$work/bundle-1000000.json csv=$work/routes-1000000.csv
    echo "bundle: $(( $(wc -c <"$bundle") / 1000000 )) MB; the same routes as CSV: $(( $(wc -c <"$csv") / 1000000 )) MB"
    # Two yardstick tables for the same CSV. "bare": six text columns, no constraint, no index.
    # "equivalent": what transdb's route table keeps and checks, over the CSV's text columns —
    # one mapping per delegate, operation, from and to (the resolver's unique key), the same key
    # led by the destination, and an index per referenced column (so deleting a screen or a
    # preset finds its routes without a scan), as migrations/0001_catalog.sql has them.
    bare="CREATE TABLE route_csv (delegate TEXT, op TEXT, from_screen TEXT, to_screen TEXT, preset TEXT, interaction TEXT);"
    equivalent="CREATE TABLE route_csv (delegate TEXT NOT NULL, op TEXT NOT NULL, from_screen TEXT, to_screen TEXT, preset TEXT, interaction TEXT) STRICT;
      CREATE UNIQUE INDEX route_key ON route_csv (delegate, op, ifnull(from_screen, ''), ifnull(to_screen, ''));
      CREATE INDEX route_key_by_destination ON route_csv (delegate, op, ifnull(to_screen, ''), ifnull(from_screen, ''));
      CREATE INDEX route_from_screen ON route_csv (from_screen) WHERE from_screen IS NOT NULL;
      CREATE INDEX route_to_screen ON route_csv (to_screen) WHERE to_screen IS NOT NULL;
      CREATE INDEX route_preset ON route_csv (preset) WHERE preset IS NOT NULL;
      CREATE INDEX route_interaction ON route_csv (interaction) WHERE interaction IS NOT NULL;"
    echo "$bare" >"$work/bare.sql"
    echo "$equivalent" >"$work/equivalent.sql"
    rm -f "$work/dump.sqlite"
    sqlite3 "$work/dump.sqlite" "$bare" ".import --csv --skip 1 $csv route_csv"
    hyperfine --runs 3 --warmup 1 --export-json "$work/bundles.json" \
        --prepare "rm -f $work/in.sqlite*; $bin init --empty --db $work/in.sqlite" \
        -n "transdb import" "$bin import $bundle --db $work/in.sqlite --max-size 2000000000" \
        --prepare "rm -f $work/y.sqlite; sqlite3 $work/y.sqlite < $work/bare.sql" \
        -n "sqlite3 .import, bare table" "sqlite3 $work/y.sqlite '.import --csv --skip 1 $csv route_csv'" \
        --prepare "rm -f $work/y.sqlite; sqlite3 $work/y.sqlite < $work/equivalent.sql" \
        -n "sqlite3 .import, equivalent table" "sqlite3 $work/y.sqlite '.import --csv --skip 1 $csv route_csv'" \
        --prepare "true" \
        -n "transdb export" "$bin export --library generated --db $db -o $work/out.json" \
        --prepare "true" \
        -n "sqlite3 csv dump" "sqlite3 $work/dump.sqlite '.mode csv' '.output $work/out.csv' 'SELECT * FROM route_csv'" >/dev/null
    read -r t_in s_bare s_equiv t_out s_out <<<"$(median "$work/bundles.json")"
    r=$(python3 -c "print(f'{$t_in/$s_equiv:.2f}')")
    row "import 1M mappings" "$(python3 -c "print(f'{$t_in:.2f} s')")" "sqlite3 .import, equivalent table $(python3 -c "print(f'{$s_equiv:.2f} s')")" "${r}x" "<= 2x" "$(verdict "$r <= 2")"
    r=$(python3 -c "print(f'{$t_in/$s_bare:.2f}')")
    row "import 1M mappings" "$(python3 -c "print(f'{$t_in:.2f} s')")" "sqlite3 .import, bare table $(python3 -c "print(f'{$s_bare:.2f} s')")" "${r}x" "<= 2x" "$(verdict "$r <= 2")"
    r=$(python3 -c "print(f'{$t_out/$s_out:.2f}')")
    row "export 1M mappings" "$(python3 -c "print(f'{$t_out:.2f} s')")" "sqlite3 csv dump $(python3 -c "print(f'{$s_out:.2f} s')")" "${r}x" "<= 1x" "$(verdict "$r <= 1")"
    "$bin" init --empty --db "$work/mem.sqlite" >/dev/null
    mb=$(peak_mb "$bin" import "$bundle" --db "$work/mem.sqlite" --max-size 2000000000)
    row "import: peak memory" "$mb MB" "300 MB" "$(python3 -c "print(f'{$mb/300:.2f}x')")" "< 300 MB" "$(verdict "$mb < 300")"
    mb=$(peak_mb "$bin" export --library generated --db "$db")
    row "export: peak memory" "$mb MB" "300 MB" "$(python3 -c "print(f'{$mb/300:.2f}x')")" "< 300 MB" "$(verdict "$mb < 300")"
    cmp -s "$work/out.json" "$bundle" && same="byte-identical to the generated bundle" || same="differs from the generated bundle (key order or formatting)"
    "$bin" export --library generated --db "$work/mem.sqlite" | cmp -s - "$work/out.json" && echo "exports of the imported catalogs are byte-identical; the export $same"
fi

# --- engine ---------------------------------------------------------------------------------
if wants engine; then
    echo; echo "== engine: inner loops on one core, and a 10-second interactive eval at 240 fps"
    # TransDBBench is no product of the package, but SwiftPM gives every executable target an
    # implicit one, which is what --product builds and links.
    swift build -c release --product TransDBBench >/dev/null
    # -ffp-contract=off: Swift never fuses a*b+c into an FMA; GCC would on arm64 and change the bits.
    cc -O2 -ffp-contract=off -o "$work/cubic_bezier" Benchmarks/Reference/cubic_bezier.c -lm
    pin=(); command -v taskset >/dev/null 2>&1 && pin=(taskset -c 0)
    "${pin[@]}" .build/release/TransDBBench 7 >"$work/swift.txt"
    "${pin[@]}" "$work/cubic_bezier" 7 >"$work/c.txt"
    python3 - "$work/swift.txt" "$work/c.txt" "$results" <<'PY'
import sys
def read(path):
    return {name: {k: float(v) for k, v in (f.split("=") for f in fields)} for name, *fields in (l.split() for l in open(path))}
swift, c = read(sys.argv[1]), read(sys.argv[2])
b, cb = swift["bezier"], c["bezier"]
ratio = cb["evals_per_s"] / b["evals_per_s"]
same = "checksums bit-identical" if b["checksum"] == cb["checksum"] else f"CHECKSUMS DIFFER {b['checksum']!r} {cb['checksum']!r}"
with open(sys.argv[3], "a") as out:
    out.write(f"engine: cubic-bezier y(x)\t{b['evals_per_s']:.3e} /s\tC -O2 {cb['evals_per_s']:.3e} /s ({same})\t{ratio:.2f}x\tSwift <= 1.5x C\t{'met' if ratio <= 1.5 else 'NOT MET'}\n")
    s = swift["spring"]["evals_per_s"]
    out.write(f"engine: spring x(t)\t{s:.3e} /s\t1e7 /s\t{s / 1e7:.2f}x\t>= 1e7 /s\t{'met' if s >= 1e7 else 'NOT MET'}\n")
    out.write(f"engine: transition sample\t{swift['transition']['evals_per_s']:.3e} /s\t\t\t(for reference)\t\n")
PY
    # A 10-second percent-driven dismissal: the finger moves for 9.9 s, then the completion plays.
    "$bin" init --db "$work/demo.sqlite" >/dev/null
    gesture="update 0.05@0.5, update 0.2@3, update 0.35@6, update 0.3@8, update 0.6@9.9, release@9.9"
    eval_cmd="$bin eval motion/zoom --db $work/demo.sqlite --fps 240 --gesture '$gesture' --format json"
    frames=$(sh -c "$eval_cmd" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(len(d["samples"]), round(d["samples"][-1]["time"], 2))')
    hyperfine --runs 20 --warmup 3 -N --export-json "$work/eval.json" "$bin eval motion/zoom --db $work/demo.sqlite --fps 240 --gesture \"$gesture\" --format json" >/dev/null
    t=$(median "$work/eval.json")
    row "eval: interactive timeline at 240 fps" "$(python3 -c "print(f'{$t*1e3:.1f} ms')")" "50 ms" "$(python3 -c "print(f'{$t*1e3/50:.2f}x')")" "< 50 ms ($frames s)" "$(verdict "$t < 0.05")"
fi

# --- summary --------------------------------------------------------------------------------
echo; echo "== summary ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores)"
python3 - "$results" <<'PY'
import sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
head = ("target", "transdb", "yardstick", "ratio", "goal", "result")
widths = [max(len(r[i]) for r in rows + [head]) for i in range(6)]
for r in [head] + rows:
    print("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
PY
