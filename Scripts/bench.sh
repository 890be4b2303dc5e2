#!/usr/bin/env bash
# Benchmarks (not tests): every performance target of transdb, each measured side by side with
# its yardstick on this machine, in one run, ending with one table of figure, yardstick, ratio
# and goal. Wall-clock figures are hyperfine medians; "instructions" are valgrind callgrind
# counts, which do not depend on what else the machine is doing.
#
#   Scripts/bench.sh            everything (about 10 minutes on 2 cores)
#   Scripts/bench.sh SECTION... only some of: shapes list bundles engine progress
#   BENCH_SHAPES="b d" Scripts/bench.sh shapes   only some catalog shapes
#   BENCH_WORK=DIR Scripts/bench.sh ...   keep the generated catalogs in DIR for the next run
#
# Catalogs are generated deterministically in four shapes (Scripts/generate-bundle.py for shape a,
# Scripts/generate-shape.py for b, c and d) with 1,000 and 1,000,000 route mappings, and imported
# with the transdb being measured.
set -euo pipefail
cd "$(dirname "$0")/.."
sections=("$@")
[ ${#sections[@]} -gt 0 ] || sections=(shapes list bundles engine progress)
wants() { [[ " ${sections[*]} " == *" $1 "* ]]; }

source Scripts/lib/install-deps.sh
install_deps hyperfine valgrind python3 gcc
[ -x /usr/bin/time ] || { [ "$(id -u)" -eq 0 ] && apt-get install -y -qq time || sudo apt-get install -y -qq time; }

source Scripts/lib/release-build.sh
echo "building release binaries (the one the README installs: ${release_build[*]:2})"
"${release_build[@]}" >/dev/null
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
# paired RUNS A B: runs A and B one after the other RUNS times (after one warm-up each) and prints
# A's median time, B's, and the median of B/A over the pairs: on a machine whose speed drifts
# from minute to minute, a ratio of two commands is only as steady as the two are close in time.
paired() {
    python3 - "$@" <<'PY'
import statistics, subprocess, sys, time
runs, a, b = int(sys.argv[1]), sys.argv[2], sys.argv[3]
def run(command):
    start = time.perf_counter()
    subprocess.run(command, shell=True, check=True)
    return time.perf_counter() - start
run(a), run(b)
times = [(run(a), run(b)) for _ in range(runs)]
print(statistics.median(t for t, _ in times), statistics.median(t for _, t in times), statistics.median(u / t for t, u in times))
PY
}
peak_mb() { /usr/bin/time -f "%M" -o "$work/rss" "$@" >/dev/null 2>&1 || true; echo $(( $(tail -1 "$work/rss") / 1024 )); }
verdict() { python3 -c "import sys; print('met' if $1 else 'NOT MET')"; }

echo "machine: $(nproc) cores, $(uname -r); $(swift --version 2>&1 | head -1); $(sqlite3 --version | cut -d' ' -f1-2)"

# --- shapes ---------------------------------------------------------------------------------
# Four catalog shapes of 1,000,000 mappings (and the same shapes at 1,000, for the per-answer
# cost), generated deterministically: (a) generate-bundle.py's, (b)-(d) generate-shape.py's.
shape_dir() {  # shape_dir SHAPE MAPPINGS [ROUTE-PRESETS] -> a folder with bundle.json, requests.ndjson, probe.txt, catalog.sqlite
    local shape=$1 n=$2 presets=${3:-} dir=$work/shape-$1-$2${3:+-presets-$3}
    if [ ! -f "$dir/catalog.sqlite" ]; then
        mkdir -p "$dir"
        if [ "$shape" = a ]; then
            python3 Scripts/generate-bundle.py $(( n >= 100000 ? 10000 : n / 10 )) "$n" --csv "$dir/routes.csv" >"$dir/bundle.json"
            python3 Scripts/generate-requests.py 200000 "$n" >"$dir/requests.ndjson"
            echo "present S0999 S0734" >"$dir/probe.txt"  # a mapped route at 1M (generate-requests.py's arithmetic)
        else
            python3 Scripts/generate-shape.py "$shape" "$n" "$dir" --requests 200000 ${presets:+--route-presets $presets}
        fi
        "$bin" init --empty --db "$dir/catalog.sqlite" >/dev/null
        "$bin" import "$dir/bundle.json" --db "$dir/catalog.sqlite" --max-size 2000000000 >/dev/null 2>&1
    fi
    echo "$dir"
}
# The query a single `resolve` answers, as sqlite3 would answer it with the same indexes: the
# asked object's delegate, then its most specific mapping for the route (wildcards included).
probe_sql() {  # probe_sql OP FROM TO [CONTAINER]
    local op=$1 from=$2 to=$3 container=${4:-}
    local owner="screen" owner_name=$to
    [ "$op" = dismiss ] && owner_name=$from
    [ -n "$container" ] && owner="container" owner_name=$container
    echo "SELECT p.name FROM $owner o JOIN route r ON r.delegate_id = o.delegate_id AND r.operation = '$op'
      AND ifnull(r.from_screen_id, 0) IN ((SELECT id FROM screen WHERE name = '$from'), 0)
      AND ifnull(r.to_screen_id, 0) IN ((SELECT id FROM screen WHERE name = '$to'), 0)
      LEFT JOIN preset p ON p.id = r.preset_id WHERE o.name = '$owner_name'
      ORDER BY (r.from_screen_id IS NOT NULL) + (r.to_screen_id IS NOT NULL) DESC, r.id LIMIT 1"
}
# The yardstick of an import: sqlite3 .import of the same screens and routes, as CSV, into tables
# with the same unique keys and indexes as transdb's (migrations/0001 and 0003), one run each.
cat >"$work/equivalent-shape.sql" <<'SQL'
CREATE TABLE screen_csv (name TEXT NOT NULL, delegate TEXT) STRICT;
CREATE UNIQUE INDEX screen_key ON screen_csv (name);
CREATE INDEX screen_name ON screen_csv (name);
CREATE INDEX screen_delegate ON screen_csv (delegate) WHERE delegate IS NOT NULL;
CREATE TABLE route_csv (delegate TEXT NOT NULL, op TEXT NOT NULL, from_screen TEXT, to_screen TEXT, preset TEXT, interaction TEXT) STRICT;
CREATE UNIQUE INDEX route_key ON route_csv (delegate, op, ifnull(from_screen, ''), ifnull(to_screen, ''));
CREATE INDEX route_key_by_destination ON route_csv (delegate, op, ifnull(to_screen, ''), ifnull(from_screen, ''));
CREATE INDEX route_from_screen ON route_csv (from_screen) WHERE from_screen IS NOT NULL;
CREATE INDEX route_to_screen ON route_csv (to_screen) WHERE to_screen IS NOT NULL;
CREATE INDEX route_preset ON route_csv (preset) WHERE preset IS NOT NULL;
CREATE INDEX route_interaction ON route_csv (interaction) WHERE interaction IS NOT NULL;
SQL
import_rows() {  # import_rows SHAPE DIR: transdb import against the yardstick, and import's peak memory
    local shape=$1 dir=$2 imports=()
    # Shape a's CSV has a header and no screens file (its 1,000 screens are only named by routes).
    if [ "$shape" = a ]; then imports=(".import --csv --skip 1 $dir/routes.csv route_csv"); else
        imports=(".import --csv $dir/screens.csv screen_csv" ".import --csv $dir/routes.csv route_csv"); fi
    rm -f "$work/import.sqlite"*
    "$bin" init --empty --db "$work/import.sqlite" >/dev/null
    read -r t kb < <({ /usr/bin/time -f "%e %M" "$bin" import "$dir/bundle.json" --db "$work/import.sqlite" --max-size 2000000000 -q >/dev/null; } 2>&1 | tail -1)
    rm -f "$work/yardstick.sqlite"
    sqlite3 "$work/yardstick.sqlite" <"$work/equivalent-shape.sql"
    read -r s < <({ /usr/bin/time -f "%e" sqlite3 "$work/yardstick.sqlite" "${imports[@]}"; } 2>&1 | tail -1)
    local ratio; ratio=$(python3 -c "print(f'{$t/$s:.2f}')")
    row "$shape: import (1M), one run" "$t s" "sqlite3 .import $s s" "${ratio}x" "<= 3x" "$(verdict "$ratio <= 3")"
    local mb=$((kb / 1024))
    row "$shape: import peak memory (1M)" "$mb MB" "300 MB" "$(python3 -c "print(f'{$mb/300:.2f}x')")" "<= 300 MB" "$(verdict "$mb <= 300")"
    # The same bundle again, into the catalog that now has it: every entry compared, none written
    # (a design team's library imported again after a release).
    read -r t2 kb < <({ /usr/bin/time -f "%e %M" "$bin" import "$dir/bundle.json" --db "$work/import.sqlite" --max-size 2000000000 -q >/dev/null; } 2>&1 | tail -1)
    row "$shape: import again, unchanged (1M)" "$t2 s" "first import $t s" "$(python3 -c "print(f'{$t2/$t:.2f}x')")" "(context)" "-"
    mb=$((kb / 1024))
    row "$shape: import again, peak memory (1M)" "$mb MB" "300 MB" "$(python3 -c "print(f'{$mb/300:.2f}x')")" "<= 300 MB" "$(verdict "$mb <= 300")"
}
if wants shapes; then
    cc -O2 -o "$work/lookup_probes" Benchmarks/Reference/lookup_probes.c -lsqlite3
    for shape in ${BENCH_SHAPES:-a b c d}; do
        echo; echo "== shape $shape: resolve --batch (200,000 requests) and resolve, 1,000 and 1,000,000 mappings"
        small=$(shape_dir "$shape" 1000)
        large=$(shape_dir "$shape" 1000000)
        batch() { echo "$bin resolve --batch --db $1/catalog.sqlite < $1/requests.ndjson > /dev/null"; }
        read -r t_small t_large ratio <<<"$(paired 5 "$(batch "$small")" "$(batch "$large")")"
        rate=$(python3 -c "print(round(200000 / $t_large))")
        row "$shape: batch answers per second (1M)" "$rate /s" "300000 /s" "$(python3 -c "print(f'{$rate/300000:.2f}x')")" \
            ">= 300,000 /s (stretch 500,000)" "$(verdict "$rate >= 300000")$(python3 -c "print(', stretch met' if $rate >= 500000 else '')")"
        ratio=$(python3 -c "print(f'{$ratio:.2f}')")
        row "$shape: batch time per answer, 1M vs 1k" "$(python3 -c "print(f'{$t_large/0.2:.2f} us')")" \
            "1k: $(python3 -c "print(f'{$t_small/0.2:.2f} us')")" "${ratio}x" "<= 1.5x" "$(verdict "$ratio <= 1.5")"
        # The same 1M catalog, its mappings naming only as many presets as the 1k catalog's do:
        # how much of the cost per answer at 1M is the many presets its answers play.
        if [ "$shape" != a ]; then
            few=$(cut -d, -f5 "$small/routes.csv" | grep . | sort -u | wc -l)
            fewer=$(shape_dir "$shape" 1000000 "$few")
            read -r t_one t_few ratio_few <<<"$(paired 5 "$(batch "$small")" "$(batch "$fewer")")"
            row "$shape: batch per answer, 1M on the $few presets 1k plays, vs 1k" "$(python3 -c "print(f'{$t_few/0.2:.2f} us')")" \
                "1k: $(python3 -c "print(f'{$t_one/0.2:.2f} us')")" "$(python3 -c "print(f'{$ratio_few:.2f}x')")" "(context)" "-"
        fi
        # The SQLite probes alone (Benchmarks/Reference/lookup_probes.c): below this rate only caches help.
        read -r _ _ _ _ _ _ _ probes _ <<<"$("$work/lookup_probes" "$large/catalog.sqlite" <"$large/requests.ndjson")"
        probes=${probes%/s}
        row "$shape: batch vs SQLite's probes alone, C (1M)" "$rate /s" "C probes $probes /s" \
            "$(python3 -c "print(f'{$rate/$probes:.2f}x')")" "(context)" "-"
        mb=$(peak_mb sh -c "$bin resolve --batch --db $large/catalog.sqlite < $large/requests.ndjson")
        row "$shape: batch peak memory (1M)" "$mb MB" "100 MB" "$(python3 -c "print(f'{$mb/100:.2f}x')")" "< 100 MB" "$(verdict "$mb < 100")"
        import_rows "$shape" "$large"
        read -r op from to container <"$large/probe.txt"
        args=(resolve --db "$large/catalog.sqlite" --op "$op" --from "$from" --to "$to" --format json)
        [ -n "${container:-}" ] && args+=(--container "$container")
        sql=$(probe_sql "$op" "$from" "$to" "${container:-}")
        echo "transdb resolve answers: $("$bin" "${args[@]}" | python3 -c 'import json,sys; a=json.load(sys.stdin)["animator"]; print(a and a["name"])')"
        echo "sqlite3 answers:         $(sqlite3 "$large/catalog.sqlite" "$sql")"
        hyperfine -N --runs 40 --warmup 5 --export-json "$work/single-$shape.json" \
            "$bin ${args[*]}" "sqlite3 $large/catalog.sqlite \"$sql\"" >/dev/null
        read -r t s <<<"$(median "$work/single-$shape.json")"
        ratio=$(python3 -c "print(f'{$t/$s:.2f}')")
        row "$shape: single resolve, whole process (1M)" "$(python3 -c "print(f'{$t*1e3:.2f} ms')")" \
            "sqlite3 $(python3 -c "print(f'{$s*1e3:.2f} ms')")" "${ratio}x" "<= 2.5x" "$(verdict "$ratio <= 2.5")"
    done
fi

# --- listing ----------------------------------------------------------------------------------
if wants list; then
    echo; echo "== list presets --format json, 10,000 presets"
    dir=$(shape_dir a 1000000)
    db=$dir/catalog.sqlite
    list_sql="SELECT p.name, l.name AS library, p.kind, p.direction, p.duration, p.delay,
      coalesce(cl.name || '/' || c.name, p.curve_expression) AS curve, p.completion_speed IS NOT NULL AS interactive,
      rl.name || '/' || r.name AS reverse, p.description
      FROM preset p JOIN library l ON l.id = p.library_id LEFT JOIN curve c ON c.id = p.curve_id LEFT JOIN library cl ON cl.id = c.library_id
      LEFT JOIN preset r ON r.id = p.reverse_id LEFT JOIN library rl ON rl.id = r.library_id ORDER BY l.name, p.name"
    hyperfine -N --runs 30 --warmup 3 --export-json "$work/list.json" \
        "$bin list presets --db $db --format json" "sqlite3 -json $db \"$list_sql\"" >/dev/null
    read -r t s <<<"$(median "$work/list.json")"
    ratio=$(python3 -c "print(f'{$t/$s:.2f}')")
    row "list presets --format json" "$(python3 -c "print(f'{$t*1e3:.2f} ms')")" "sqlite3 -json $(python3 -c "print(f'{$s*1e3:.2f} ms')")" "${ratio}x" \
        "<= 3x (stretch 2x)" "$(verdict "$ratio <= 3")$(python3 -c "print(', stretch met' if $ratio <= 2 else '')")"
fi

# --- import / export ------------------------------------------------------------------------
if wants bundles; then
    echo; echo "== import and export of the 1,000,000-mapping bundle"
    dir=$(shape_dir a 1000000)
    db=$dir/catalog.sqlite
    bundle=$dir/bundle.json csv=$dir/routes.csv
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
    # Into a new catalog, as timed above (with BENCH_WORK the last run's catalog would still be there).
    rm -f "$work"/mem.sqlite*
    "$bin" init --empty --db "$work/mem.sqlite" >/dev/null
    mb=$(peak_mb "$bin" import "$bundle" --db "$work/mem.sqlite" --max-size 2000000000)
    row "import: peak memory" "$mb MB" "300 MB" "$(python3 -c "print(f'{$mb/300:.2f}x')")" "< 300 MB" "$(verdict "$mb < 300")"
    mb=$(peak_mb "$bin" export --library generated --db "$db")
    row "export: peak memory" "$mb MB" "300 MB" "$(python3 -c "print(f'{$mb/300:.2f}x')")" "< 300 MB" "$(verdict "$mb < 300")"
    # diff of two catalogs with the same million mappings (every entry compared by name, none
    # differs), beside SQLite comparing the route tables by row ids alone.
    hyperfine --runs 3 --warmup 1 --export-json "$work/diff.json" \
        -n "transdb diff" "$bin diff $db $work/mem.sqlite" \
        -n "sqlite3 EXCEPT" "sqlite3 $db \"ATTACH '$work/mem.sqlite' AS b; SELECT count(*) FROM (SELECT delegate_id, operation, from_screen_id, to_screen_id, preset_id, interaction_id FROM main.route EXCEPT SELECT delegate_id, operation, from_screen_id, to_screen_id, preset_id, interaction_id FROM b.route)\"" >/dev/null
    read -r t_diff s_diff <<<"$(median "$work/diff.json")"
    row "diff of two 1M catalogs" "$(python3 -c "print(f'{$t_diff:.2f} s')")" "sqlite3 EXCEPT by ids $(python3 -c "print(f'{$s_diff:.2f} s')")" \
        "$(python3 -c "print(f'{$t_diff/$s_diff:.2f}x')")" "(context)" "-"
    mb=$(peak_mb "$bin" diff "$db" "$work/mem.sqlite")
    row "diff: peak memory" "$mb MB" "-" "-" "(context)" "-"
    # merge --dry-run of the same two catalogs: every entry compared three ways, nothing to write.
    read -r t_merge < <({ /usr/bin/time -f "%e" "$bin" merge "$work/mem.sqlite" --db "$db" --dry-run >/dev/null; } 2>&1 | tail -1)
    row "merge --dry-run of two 1M catalogs, one run" "$t_merge s" "diff $(python3 -c "print(f'{$t_diff:.2f} s')")" \
        "$(python3 -c "print(f'{$t_merge/$t_diff:.2f}x')")" "(context)" "-"
    mb=$(peak_mb "$bin" merge "$work/mem.sqlite" --db "$db" --dry-run)
    row "merge --dry-run: peak memory" "$mb MB" "-" "-" "(context)" "-"
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
    # A 10-second percent-driven dismissal (pull down to dismiss, an interactive preset of the
    # default library): the finger moves for 9.9 s, then the completion plays.
    rm -f "$work/demo.sqlite"*
    "$bin" init --db "$work/demo.sqlite" >/dev/null
    gesture="update 0.05@0.5, update 0.2@3, update 0.35@6, update 0.3@8, update 0.6@9.9, release@9.9"
    eval_cmd="$bin eval motion/uncoverDown --db $work/demo.sqlite --fps 240 --gesture '$gesture' --format json"
    frames=$(sh -c "$eval_cmd" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(len(d["samples"]), round(d["samples"][-1]["time"], 2))')
    hyperfine --runs 20 --warmup 3 -N --export-json "$work/eval.json" "$eval_cmd" >/dev/null
    t=$(median "$work/eval.json")
    row "eval: interactive timeline at 240 fps" "$(python3 -c "print(f'{$t*1e3:.1f} ms')")" "50 ms" "$(python3 -c "print(f'{$t*1e3/50:.2f}x')")" "< 50 ms ($frames s)" "$(verdict "$t < 0.05")"
fi

# --- progress -------------------------------------------------------------------------------
# The progress line must cost nothing: the same import and batch, each run through `script` (a
# pseudo-terminal), once with stderr on the terminal (progress drawn) and once to /dev/null. The
# figure is CPU time (user + system, the median of 5 runs, the two forms interleaved): the line's
# cost is work, and wall time on a shared machine moves more than that work does.
cpu_median() {  # cpu_median RUNS COMMAND-A COMMAND-B [PREPARE] -> "median-A median-B" in seconds
    local runs=$1 a=$2 b=$3 prepare=${4:-true} i
    : >"$work/cpu-a"; : >"$work/cpu-b"
    for ((i = 0; i < runs; i++)); do
        sh -c "$prepare"; /usr/bin/time -f "%U %S" -a -o "$work/cpu-a" script -qec "$a" /dev/null >/dev/null
        sh -c "$prepare"; /usr/bin/time -f "%U %S" -a -o "$work/cpu-b" script -qec "$b" /dev/null >/dev/null
    done
    python3 -c 'import statistics,sys; print(*(statistics.median(float(u)+float(s) for u,s in (l.split() for l in open(f))) for f in sys.argv[1:]))' \
        "$work/cpu-a" "$work/cpu-b"
}
if wants progress; then
    echo; echo "== progress line: import of 1M mappings and resolve --batch (200,000 requests), with and without a terminal"
    command -v script >/dev/null || install_deps bsdutils  # script(1): a pseudo-terminal
    dir=$(shape_dir a 1000000)
    import_cmd="$bin import $dir/bundle.json --db $work/progress.sqlite --max-size 2000000000 >/dev/null"
    read -r t_plain t_drawn <<<"$(cpu_median 5 "$import_cmd 2>/dev/null" "$import_cmd" \
        "rm -f $work/progress.sqlite*; $bin init --empty --db $work/progress.sqlite >/dev/null")"
    r=$(python3 -c "print(f'{$t_drawn/$t_plain:.3f}')")
    row "import 1M, progress drawn (CPU)" "$(python3 -c "print(f'{$t_drawn:.2f} s')")" "stderr to /dev/null $(python3 -c "print(f'{$t_plain:.2f} s')")" \
        "${r}x" "<= 1.05x" "$(verdict "$r <= 1.05")"
    batch_cmd="$bin resolve --batch --db $dir/catalog.sqlite < $dir/requests.ndjson >/dev/null"
    read -r t_plain t_drawn <<<"$(cpu_median 5 "$batch_cmd 2>/dev/null" "$batch_cmd")"
    r=$(python3 -c "print(f'{$t_drawn/$t_plain:.3f}')")
    row "batch 200k, progress drawn (CPU)" "$(python3 -c "print(f'{$t_drawn:.3f} s')")" "stderr to /dev/null $(python3 -c "print(f'{$t_plain:.3f} s')")" \
        "${r}x" "<= 1.05x" "$(verdict "$r <= 1.05")"
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
