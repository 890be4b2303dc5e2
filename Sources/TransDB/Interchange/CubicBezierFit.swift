import TransDBCore
/// The `cubic-bezier()` nearest to a timing function in the least-squares sense, for formats
/// that know no other curve.
///
/// Levenberg–Marquardt over (x1, y1, x2, y2) from a few starting curves, x1 and x2 held in
/// [0, 1], on 201 evenly spaced times; the result is rounded to 4 decimals (which also keeps the
/// output the same on every platform) and its error measured on 10,001 times.
struct CubicBezierFit {
    /// The fitted curve, a `cubic-bezier()`.
    let curve: TimingCurve
    /// The largest |fitted − function| over 10,001 evenly spaced times in [0, 1].
    let maximumError: Double

    /// Intervals of the grid the fit minimises over.
    static let fitIntervals = 200
    /// Intervals of the grid the error is measured on.
    static let checkIntervals = 10_000

    /// Fits `function`; nil when it is not finite somewhere in [0, 1].
    init?(function: any TimingFunction) {
        let times = (0...Self.fitIntervals).map { Double($0) / Double(Self.fitIntervals) }
        let target = times.map { function.progress(at: $0) }
        guard target.allSatisfy(\.isFinite) else { return nil }
        // Ease, ease-in-out, a fast-out curve, an overshooting one: between them they lie near
        // every basin the cost has for the curves people use.
        let starts: [[Double]] = [[0.25, 0.1, 0.25, 1], [0.42, 0, 0.58, 1], [0.2, 0, 0, 1], [0.3, 1.5, 0.4, 1]]
        var best = starts[0]
        var bestCost = Double.infinity
        for start in starts {
            let (point, cost) = Self.minimise(from: start, times: times, target: target)
            if cost < bestCost {
                best = point
                bestCost = cost
            }
        }
        let rounded = best.enumerated().map { index, value in
            let fixed = (value * 10_000).rounded() / 10_000
            return (index == 0 || index == 2) ? min(max(fixed, 0), 1) : fixed
        }
        let fitted = CubicBezierFunction(x1: rounded[0], y1: rounded[1], x2: rounded[2], y2: rounded[3])
        var error = 0.0
        for index in 0...Self.checkIntervals {
            let time = Double(index) / Double(Self.checkIntervals)
            error = max(error, abs(fitted.progress(at: time) - function.progress(at: time)))
        }
        guard error.isFinite else { return nil }
        curve = .cubicBezier(x1: rounded[0] + 0, y1: rounded[1] + 0, x2: rounded[2] + 0, y2: rounded[3] + 0)
        maximumError = error
    }

    /// The residuals of the curve with control points `p` against the target, their sum of
    /// squares, and (when asked) the Jacobian, one column per parameter.
    ///
    /// With x fixed, t depends on x1 and x2 through x(t) = x: dt/dx1 = −(∂x/∂x1)/x′(t), so
    /// dy/dx1 = −y′(t)·3(1 − t)²t / x′(t), dy/dx2 = −y′(t)·3(1 − t)t² / x′(t), and
    /// dy/dy1 = 3(1 − t)²t, dy/dy2 = 3(1 − t)t².
    private static func evaluate(
        _ p: [Double], times: [Double], target: [Double], jacobian: Bool
    ) -> (residuals: [Double], cost: Double, columns: [[Double]]) {
        let (x1, y1, x2, y2) = (p[0], p[1], p[2], p[3])
        var residuals = [Double](repeating: 0, count: times.count)
        var columns = jacobian ? [[Double]](repeating: [Double](repeating: 0, count: times.count), count: 4) : []
        var cost = 0.0
        for index in times.indices {
            let x = times[index]
            let t = parameter(x: x, x1: x1, x2: x2)
            let (a, b) = (3 * (1 - t) * (1 - t) * t, 3 * (1 - t) * t * t)
            let y = a * y1 + b * y2 + t * t * t
            let residual = y - target[index]
            residuals[index] = residual
            cost += residual * residual
            guard jacobian else { continue }
            let (da, db) = (3 * (1 - t) * (1 - 3 * t), 3 * t * (2 - 3 * t))
            let dx = da * x1 + db * x2 + 3 * t * t
            let dy = da * y1 + db * y2 + 3 * t * t
            let ratio = abs(dx) > 1e-9 ? dy / dx : 0
            columns[0][index] = -ratio * a
            columns[1][index] = a
            columns[2][index] = -ratio * b
            columns[3][index] = b
        }
        return (residuals, cost, columns)
    }

    /// The t in [0, 1] with x(t) = x: Newton's method, bisection when a step leaves the bracket.
    private static func parameter(x: Double, x1: Double, x2: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var (low, high, t) = (0.0, 1.0, x)
        for _ in 0..<60 {
            let a = 3 * (1 - t) * (1 - t) * t
            let b = 3 * (1 - t) * t * t
            let error = a * x1 + b * x2 + t * t * t - x
            if abs(error) < 1e-13 { break }
            if error > 0 { high = t } else { low = t }
            let slope = 3 * (1 - t) * (1 - 3 * t) * x1 + 3 * t * (2 - 3 * t) * x2 + 3 * t * t
            var next = slope != 0 ? t - error / slope : (low + high) / 2
            if !(next > low && next < high) { next = (low + high) / 2 }
            if next == t { break }
            t = next
        }
        return t
    }

    /// x1 and x2 in [0, 1]; y1 and y2 within ±1000, far beyond any sensible overshoot.
    private static func clamped(_ p: [Double]) -> [Double] {
        [min(max(p[0], 0), 1), min(max(p[1], -1000), 1000), min(max(p[2], 0), 1), min(max(p[3], -1000), 1000)]
    }

    /// Levenberg–Marquardt from `start`.
    private static func minimise(from start: [Double], times: [Double], target: [Double]) -> (point: [Double], cost: Double) {
        var point = start
        var current = evaluate(point, times: times, target: target, jacobian: true)
        var damping = 1e-3
        for _ in 0..<50 {
            let columns = current.columns
            var normal = [[Double]](repeating: [Double](repeating: 0, count: 4), count: 4)
            var gradient = [Double](repeating: 0, count: 4)
            for a in 0..<4 {
                for b in a..<4 {
                    var sum = 0.0
                    for index in times.indices { sum += columns[a][index] * columns[b][index] }
                    normal[a][b] = sum
                    normal[b][a] = sum
                }
                var sum = 0.0
                for index in times.indices { sum += columns[a][index] * current.residuals[index] }
                gradient[a] = sum
            }
            var improved = false
            for _ in 0..<16 {
                var system = normal
                for a in 0..<4 { system[a][a] += damping * max(normal[a][a], 1e-12) }
                guard let delta = solve(system, gradient.map { -$0 }) else {
                    damping *= 4
                    continue
                }
                let candidate = clamped(zip(point, delta).map(+))
                let trial = evaluate(candidate, times: times, target: target, jacobian: true)
                if trial.cost < current.cost {
                    improved = current.cost - trial.cost > 1e-8 * trial.cost + 1e-16
                    point = candidate
                    current = trial
                    damping = max(damping / 3, 1e-12)
                    break
                }
                damping *= 4
            }
            if !improved { break }
        }
        return (point, current.cost)
    }

    /// Solves `matrix · x = vector` by Gaussian elimination with partial pivoting; nil when the
    /// matrix is singular.
    private static func solve(_ matrix: [[Double]], _ vector: [Double]) -> [Double]? {
        var a = matrix
        var b = vector
        let n = b.count
        for column in 0..<n {
            guard let pivot = (column..<n).max(by: { abs(a[$0][column]) < abs(a[$1][column]) }),
                abs(a[pivot][column]) > 1e-300
            else { return nil }
            a.swapAt(column, pivot)
            b.swapAt(column, pivot)
            for row in (column + 1)..<n {
                let factor = a[row][column] / a[column][column]
                for k in column..<n { a[row][k] -= factor * a[column][k] }
                b[row] -= factor * b[column]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = b[row]
            for k in (row + 1)..<n { sum -= a[row][k] * x[k] }
            x[row] = sum / a[row][row]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }
}
