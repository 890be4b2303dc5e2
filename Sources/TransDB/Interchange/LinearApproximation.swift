import TransDBCore
/// A CSS `linear(…)` curve that follows a timing function to within a tolerance on [0, 1],
/// ending at exactly 1.
///
/// The function is sampled at 20,001 evenly spaced times; stops are placed on those times,
/// starting from 17 evenly spaced ones and halving every interval whose chord strays more than
/// 90% of the tolerance from the samples, outputs rounded to 5 decimals. The written curve is
/// then evaluated by the engine's own ``PiecewiseLinearFunction`` at every sample: if it strays
/// more than the tolerance anywhere, the intervals are refined further. A function that does not
/// reach 1 at its end is still made to end at 1; the error then includes that last step, and the
/// stops elsewhere keep within the larger of the two.
struct LinearApproximation {
    /// The approximation, a `linear(…)` curve; its expression is valid CSS.
    let curve: TimingCurve
    /// The number of stops.
    let count: Int
    /// The largest |approximation − function| over the 20,001 sample times.
    let maximumError: Double

    /// Intervals of the sample grid; a multiple of 10,000, so that a 10,000-interval grid's
    /// times are among the samples exactly.
    static let intervals = 20_000

    /// Approximates `function`; nil when it is not finite somewhere in [0, 1].
    init?(function: any TimingFunction, tolerance: Double) {
        let n = Self.intervals
        var samples = (0...n).map { function.progress(at: Double($0) / Double(n)) }
        guard samples.allSatisfy(\.isFinite) else { return nil }
        // An animation ends exactly at its end state (UIKit's completion; the engine does the
        // same): a spring still 0.1 % short of rest at its settling time must not leave an
        // element short after the CSS animation.
        let exact = samples
        samples[n] = 1
        // That last step is the error's floor: refining cannot go below it (a weakly damped UIKit
        // spring is still 0.06 away at its duration), so the rest need only keep within it.
        let floor = abs(1 - exact[n])
        func rounded(_ value: Double) -> Double { (value * 100_000).rounded() / 100_000 + 0 }

        var target = tolerance * 0.9
        while true {
            // Depth first, so that the stops come out in order.
            var stops = [0]
            var pending = stride(from: n, to: 0, by: -n / 16).map { ($0 - n / 16, $0) }
            while let (a, b) = pending.popLast() {
                let (start, end) = (rounded(samples[a]), rounded(samples[b]))
                let strays =
                    b - a > 1
                    && (a...b).contains { k in
                        let chord = start + (end - start) * Double(k - a) / Double(b - a)
                        return abs(chord - samples[k]) > target
                    }
                if strays {
                    let middle = (a + b) / 2
                    pending.append((middle, b))
                    pending.append((a, middle))
                } else {
                    stops.append(b)
                }
            }
            let written = stops.enumerated().map { index, k in
                LinearStop(
                    output: rounded(samples[k]),
                    percent: index == 0 || index == stops.count - 1 ? nil : Double(k) / Double(n / 100))
            }
            let evaluator = PiecewiseLinearFunction(stops: written)
            var error = 0.0
            // Measured against the function itself, the end included.
            for k in 0...n { error = max(error, abs(evaluator.progress(at: Double(k) / Double(n)) - exact[k])) }
            if error <= max(tolerance, floor) || target < 1e-6 {
                curve = .piecewiseLinear(written)
                count = written.count
                maximumError = error
                return
            }
            target /= 2
        }
    }
}
