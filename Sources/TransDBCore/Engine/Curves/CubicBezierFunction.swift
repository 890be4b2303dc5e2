/// The CSS / Core Animation `cubic-bezier(x1, y1, x2, y2)` timing function, evaluated to about
/// 1e-12 (browsers stop at about 1e-7).
///
/// The curve runs from P0 = (0, 0) through the control points P1 = (x1, y1) and P2 = (x2, y2) to
/// P3 = (1, 1). Progress at time `x` is `y(t)` for the parameter `t` with `x(t) = x`. Outside
/// [0, 1] the curve is extended along its end tangents, as CSS Easing Level 2 specifies.
public struct CubicBezierFunction: TimingFunction, Hashable {
    /// The first control point's time coordinate, in [0, 1].
    public let x1: Double
    /// The first control point's progress coordinate.
    public let y1: Double
    /// The second control point's time coordinate, in [0, 1].
    public let x2: Double
    /// The second control point's progress coordinate.
    public let y2: Double

    /// Creates the curve with control points (x1, y1) and (x2, y2).
    ///
    /// - Parameters:
    ///   - x1: The first control point's time coordinate; must be in [0, 1] for `x(t)` to be
    ///     monotonic, as the expression parser enforces.
    ///   - y1: The first control point's progress coordinate (unbounded).
    ///   - x2: The second control point's time coordinate, in [0, 1].
    ///   - y2: The second control point's progress coordinate (unbounded).
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// Progress at time `x`: `y(t)` where `x(t) = x`; exactly 0 at 0 and 1 at 1.
    ///
    /// - Parameter x: Normalised time. Below 0 and above 1 the curve continues along the
    ///   tangent at its start or end (CSS Easing Level 2); where that tangent is vertical or
    ///   undefined, progress stays at 0 or 1.
    /// - Returns: The progress.
    public func progress(at x: Double) -> Double {
        if x == 0 { return 0 }
        if x == 1 { return 1 }
        if x < 0 { return startSlope.map { $0 * x } ?? 0 }
        if x > 1 { return endSlope.map { 1 + $0 * (x - 1) } ?? 1 }
        // Control points on the diagonal make y(t) = x(t): skip the solve and be exact.
        if x1 == y1 && x2 == y2 { return x }
        return Self.polynomial(y1, y2, at: parameter(forX: x))
    }

    /// The curve parameter `t` in [0, 1] at which the curve's time coordinate is `x`.
    ///
    /// - Parameter x: Normalised time; values outside [0, 1] give 0 or 1.
    /// - Returns: `t` with `x(t) = x` to within about one rounding error of `x(t)`.
    public func parameter(forX x: Double) -> Double {
        if x.isNaN { return .nan }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        // x(t) is non-decreasing on [0, 1] when x1, x2 ∈ [0, 1], so [lo, hi] always brackets
        // the root. Newton converges quadratically but can overshoot where x′(t) is small (at
        // an end where x1 = 0 or x2 = 1, or at an inflection with x′ = 0); a step that leaves
        // the bracket is replaced by bisection, which always converges. Keep going until the
        // residual is at the level of double rounding — 1e-7, the browsers' epsilon, is far
        // too coarse for the engine's 1e-12.
        var lo = 0.0
        var hi = 1.0
        var t = x  // exact for x1 = 1/3, x2 = 2/3 and a fair guess otherwise
        var best = (t: t, residual: Double.infinity)
        for _ in 0..<200 {
            let residual = Self.polynomial(x1, x2, at: t) - x
            if abs(residual) < best.residual { best = (t, abs(residual)) }
            if residual == 0 { break }
            if residual < 0 { lo = t } else { hi = t }
            var next = t - residual / Self.derivative(x1, x2, at: t)
            if !(next > lo && next < hi) { next = lo + (hi - lo) / 2 }
            if next == t || next == lo || next == hi { break }
            t = next
        }
        return best.t
    }

    /// The slope of the tangent at P0: towards P1, or P2 if P1 = P0, or P3 if both are; nil
    /// when that direction is vertical.
    private var startSlope: Double? {
        for (x, y) in [(x1, y1), (x2, y2), (1, 1)] where x != 0 || y != 0 {
            return x > 0 ? y / x : nil
        }
        return nil
    }

    /// The slope of the tangent at P3: from P2, or P1 if P2 = P3, or P0 if both are; nil when
    /// that direction is vertical.
    private var endSlope: Double? {
        for (x, y) in [(x2, y2), (x1, y1), (0, 0)] where x != 1 || y != 1 {
            return x < 1 ? (1 - y) / (1 - x) : nil
        }
        return nil
    }

    /// One coordinate of the curve, `3p1·t(1−t)² + 3p2·t²(1−t) + t³`, in Horner form.
    private static func polynomial(_ p1: Double, _ p2: Double, at t: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return ((a * t + b) * t + c) * t
    }

    /// The derivative of ``polynomial(_:_:at:)`` with respect to `t`.
    private static func derivative(_ p1: Double, _ p2: Double, at t: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return (3 * a * t + 2 * b) * t + c
    }
}
