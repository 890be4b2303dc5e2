import TransDBCore

/// `CubicBezierFunction.progress(at:)` over the 8 curves of `reference/golden/bezier.json`, each
/// at 1,000,000 values `x_i = (i − 10000) / 980000` — [−0.0102, 1.0102], so 2% take the
/// extrapolation and 0 and 1 are hit exactly — in a shuffled order. Identical to the workload
/// of `Benchmarks/Reference/cubic_bezier.c`, whose checksum this one must equal.
enum BezierWorkload {
    /// linear, easeIn, easeOut, easeInEaseOut, default, easeInOutBack, sShapeInverse, smoothstepX.
    static let curves = [
        CubicBezierFunction(x1: 0, y1: 0, x2: 1, y2: 1),
        CubicBezierFunction(x1: 0.42, y1: 0, x2: 1, y2: 1),
        CubicBezierFunction(x1: 0, y1: 0, x2: 0.58, y2: 1),
        CubicBezierFunction(x1: 0.42, y1: 0, x2: 0.58, y2: 1),
        CubicBezierFunction(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1),
        CubicBezierFunction(x1: 0.68, y1: -0.55, x2: 0.265, y2: 1.55),
        CubicBezierFunction(x1: 0.1, y1: 0.9, x2: 0.9, y2: 0.1),
        CubicBezierFunction(x1: 0, y1: 1.5, x2: 1, y2: -0.5),
    ]

    static func make() -> Workload {
        let xs = PermutedGrid.make(count: 1_000_000) { Double($0 - 10_000) / 980_000 }
        let curves = Self.curves
        return Workload(name: "bezier", evaluations: curves.count * xs.count) {
            var sum = 0.0
            for curve in curves {
                for x in xs { sum += curve.progress(at: x) }
            }
            return sum
        }
    }
}
