import TransDBCore
/// One timed loop: `run` evaluates `evaluations` times and returns the sum of what it computed,
/// which serves both as the sink that keeps the optimizer from dropping work and as a checksum.
struct Workload {
    /// The name printed at the start of the result line.
    var name: String
    /// How many evaluations one call of `run` makes.
    var evaluations: Int
    /// One repetition: every evaluation, summed in a fixed order.
    var run: () -> Double

    /// What one workload measured.
    struct Result {
        var name: String
        /// The median over the repetitions.
        var evaluationsPerSecond: Double
        var checksum: Double
        var evaluations: Int
        var repetitions: Int

        /// `NAME evals_per_s=… checksum=… evaluations=… repetitions=…`, the C reference's format.
        var line: String {
            "\(name) evals_per_s=\(evaluationsPerSecond) checksum=\(checksum) evaluations=\(evaluations) repetitions=\(repetitions)"
        }
    }

    /// Runs once untimed (warm caches, faulted-in pages), then `repetitions` timed runs.
    ///
    /// The checksum must not change between runs: the work is deterministic, so a change would
    /// mean the loop is not doing what it claims.
    func measure(repetitions: Int) -> Result {
        let clock = ContinuousClock()
        let checksum = run()
        var rates: [Double] = []
        for _ in 0..<repetitions {
            let start = clock.now
            let sum = run()
            let elapsed = (clock.now - start).seconds
            blackHole(sum)
            precondition(sum.bitPattern == checksum.bitPattern, "\(name): the checksum changed between repetitions")
            rates.append(Double(evaluations) / elapsed)
        }
        return Result(
            name: name, evaluationsPerSecond: rates.sorted()[rates.count / 2], checksum: checksum, evaluations: evaluations,
            repetitions: repetitions)
    }
}

/// Takes a value the optimizer must assume is used. Unoptimised and never inlined, so neither
/// the call nor the computation feeding it can be removed.
@inline(never)
@_optimize(none)
func blackHole(_ value: Double) {}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
