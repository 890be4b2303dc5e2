/// A timing curve: how progress follows normalised time.
///
/// Every curve has one textual form, the curve expression (`cubic-bezier(0.42, 0, 0.58, 1)`,
/// `spring(duration: 0.5, bounce: 0.2)`), used on the command line, in bundles and in output.
/// See ``TimingCurve/init(expression:)`` and ``TimingCurve/expression``.
public enum TimingCurve: Hashable, Sendable {
    /// `linear`: progress equals time.
    case linear
    /// `cubic-bezier(x1, y1, x2, y2)`, with P0 = (0, 0) and P3 = (1, 1).
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    /// `steps(n, position)`.
    case steps(count: Int, position: StepPosition)
    /// CSS `linear(…)`: a piecewise-linear list of stops.
    case piecewiseLinear([LinearStop])
    /// A spring, in the form it was written.
    case spring(Spring)

    /// The kind stored in the catalog and shown in listings.
    public var kind: Kind {
        switch self {
        case .linear: .linear
        case .cubicBezier: .cubicBezier
        case .steps: .steps
        case .piecewiseLinear: .piecewiseLinear
        case .spring: .spring
        }
    }

    /// The kinds of curve.
    public enum Kind: String, CaseIterable, Sendable {
        case linear
        case cubicBezier = "cubic-bezier"
        case steps
        case piecewiseLinear = "piecewise-linear"
        case spring
    }
}

/// Where the jumps of a `steps()` curve fall (CSS Easing).
public enum StepPosition: String, CaseIterable, Hashable, Sendable {
    case jumpStart = "jump-start"
    case jumpEnd = "jump-end"
    case jumpNone = "jump-none"
    case jumpBoth = "jump-both"

    /// Parses a position, accepting CSS's aliases `start` and `end`.
    init?(css: String) {
        switch css {
        case "start": self = .jumpStart
        case "end": self = .jumpEnd
        default: self.init(rawValue: css)
        }
    }
}

/// One stop of a CSS `linear(…)` curve: an output and, optionally, the input it is reached at.
public struct LinearStop: Hashable, Sendable {
    /// The progress at this stop.
    public var output: Double
    /// The input as a percentage, as written (`25` for `25%`), or `nil` to spread it evenly.
    /// Kept as a percentage so that formatting gives back exactly the number that was parsed.
    public var percent: Double?

    /// Creates a stop.
    public init(output: Double, percent: Double? = nil) {
        self.output = output
        self.percent = percent
    }
}

/// A spring in one of the forms people write springs in. The engine converts every form to the
/// physical one; the catalog keeps the form that was written.
public enum Spring: Hashable, Sendable {
    /// `spring(mass:, stiffness:, damping:, velocity:)`: CASpringAnimation's parameters.
    case physical(mass: Double, stiffness: Double, damping: Double, velocity: Double)
    /// `spring(duration:, dampingRatio:, velocity:)`: `UIView.animate(withDuration:…usingSpringWithDamping:…)`.
    case uikit(duration: Double, dampingRatio: Double, velocity: Double)
    /// `spring(duration:, bounce:)`: SwiftUI and iOS 17 `UISpringTimingParameters(duration:bounce:)`.
    case perceptual(duration: Double, bounce: Double)
    /// `spring(response:, dampingFraction:)`: SwiftUI's older spring.
    case response(response: Double, dampingFraction: Double)
    /// `spring(stiffness:, dampingRatio:)`: Android's SpringForce and Material 3 motion tokens (mass 1).
    case android(stiffness: Double, dampingRatio: Double)
}
