extension TimingCurve {
    /// Whether progress equals time everywhere: `linear`, a cubic Bézier whose control points
    /// lie on the diagonal (then x(t) = y(t) for every t, so y = x), or a `linear(…)` whose
    /// stops all do. `show curve` lists every such curve as the same curve.
    public var isIdentity: Bool {
        switch self {
        case .linear:
            return true
        case let .cubicBezier(x1, y1, x2, y2):
            return x1 == y1 && x2 == y2
        case let .piecewiseLinear(stops):
            let inputs = PiecewiseLinearFunction(stops: stops).inputs
            return stops.count >= 2 && zip(inputs, stops).allSatisfy { $0 == $1.output }
        case .steps, .spring:
            return false
        }
    }
}
