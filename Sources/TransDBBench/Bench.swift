import Foundation
import TransDBCore

/// A benchmark, not a test: evaluations per second of the engine's inner loops on one core —
/// cubic-bezier `y(x)`, a spring's position `x(t)` and a whole transition sample — each the
/// median of several timed repetitions after one untimed warm-up. The bezier workload is the one
/// `Benchmarks/Reference/cubic_bezier.c` runs, and prints the same checksum.
///
/// Usage: `TransDBBench [REPETITIONS]` (default 7). `Scripts/bench.sh engine` builds it, pins it
/// to a core, runs it beside the C reference and prints the table.
@main
enum Bench {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        let repetitions = arguments.first.map { Int($0) ?? 0 } ?? 7
        guard repetitions >= 1, arguments.count <= 1 else {
            FileHandle.standardError.write(Data("usage: TransDBBench [REPETITIONS]  (a positive number, default 7)\n".utf8))
            exit(2)
        }
        for workload in [BezierWorkload.make(), SpringWorkload.make(), TransitionWorkload.make()] {
            let result = workload.measure(repetitions: repetitions)
            print(result.line)
        }
    }
}
