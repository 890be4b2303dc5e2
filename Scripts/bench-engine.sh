#!/usr/bin/env bash
# Benchmark (not a test): evaluations per second on one core of the engine's inner loops —
# cubic-bezier y(x), a spring's position x(t) and a whole transition sample — with the bezier
# solver side by side against the same algorithm in C (Benchmarks/Reference/cubic_bezier.c,
# cc -O2). Prints the medians, the ratio, the targets, and whether both programs computed the
# same checksum. Usage: Scripts/bench-engine.sh [REPETITIONS]
set -euo pipefail
cd "$(dirname "$0")/.."
repetitions=${1:-7}

source Scripts/lib/install-deps.sh
install_deps gcc python3

# TransDBBench is no product of the package, but SwiftPM gives every executable target an
# implicit one, which is what --product builds and links (--target would stop before linking).
swift build -c release --product TransDBBench >/dev/null
bench=$PWD/.build/release/TransDBBench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# -ffp-contract=off: Swift never fuses a*b+c into an FMA; GCC would on arm64 and change the bits.
cflags=(-O2 -ffp-contract=off)
cc "${cflags[@]}" -o "$work/cubic_bezier" Benchmarks/Reference/cubic_bezier.c -lm

pin=()
if command -v taskset >/dev/null 2>&1; then pin=(taskset -c 0); else echo "taskset not found: running unpinned"; fi
echo "Swift: $(swift --version 2>&1 | head -1)"
echo "C:     $(cc --version | head -1), ${cflags[*]}"
echo "pinned to: ${pin[*]:-nothing}; $repetitions timed repetitions each after a warm-up; medians"
"${pin[@]}" "$bench" "$repetitions" >"$work/swift.txt"
"${pin[@]}" "$work/cubic_bezier" "$repetitions" >"$work/c.txt"

python3 - "$work/swift.txt" "$work/c.txt" <<'PY'
import sys

def read(path):
    results = {}
    for line in open(path):
        name, *fields = line.split()
        results[name] = {k: float(v) for k, v in (f.split("=") for f in fields)}
    return results

swift, c = read(sys.argv[1]), read(sys.argv[2])
rows = []
b, cb = swift["bezier"], c["bezier"]
ratio = cb["evals_per_s"] / b["evals_per_s"]  # how many times longer Swift takes than C
rows.append(("cubic-bezier y(x)", b["evals_per_s"], cb["evals_per_s"], f"{ratio:.2f}x", "Swift <= 1.5x C",
             "met" if ratio <= 1.5 else "NOT MET"))
s = swift["spring"]["evals_per_s"]
rows.append(("spring x(t)", s, None, "", ">= 1e7 evals/s", "met" if s >= 1e7 else "NOT MET"))
rows.append(("transition sample", swift["transition"]["evals_per_s"], None, "", "(none)", ""))

print(f"{'workload':<20}{'Swift evals/s':>15}{'C evals/s':>13}{'C/Swift':>9}  {'target':<17}{'result'}")
for name, sw, cc, r, target, met in rows:
    cc_text = f"{cc:.3e}" if cc is not None else "-"
    print(f"{name:<20}{sw:>15.3e}{cc_text:>13}{r:>9}  {target:<17}{met}")

sc, ccs = b["checksum"], cb["checksum"]
difference = abs(sc - ccs) / max(abs(sc), abs(ccs), 1e-300)
if difference <= 1e-9:
    same = "bit-identical" if sc == ccs else f"relative difference {difference:.1e}"
    print(f"bezier checksums match ({same}): Swift {sc!r}, C {ccs!r}")
else:
    print(f"BEZIER CHECKSUMS DIFFER (relative {difference:.1e} > 1e-9): Swift {sc!r}, C {ccs!r}"
          " -- the C reference no longer computes what CubicBezierFunction does")
    sys.exit(1)
PY
