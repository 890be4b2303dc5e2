import TransDBCore

/// How an app plays a preset's curve with UIKit's own constructs, so that the device computes
/// the curve the engine computes. Each case names the construct; ``fidelity(of:)`` says what is
/// exact and what is inferred.
public enum TimingPlan: Hashable, Sendable {
    /// `UICubicTimingParameters(controlPoint1:controlPoint2:)` over the preset's duration
    /// (`linear` is the diagonal, (0, 0) and (1, 1)).
    case cubic(x1: Double, y1: Double, x2: Double, y2: Double)
    /// `UISpringTimingParameters(dampingRatio:initialVelocity:)` over the preset's duration: the
    /// UIKit form of spring (`spring(duration:, dampingRatio:, velocity:)`).
    case springDampingRatio(dampingRatio: Double, initialVelocity: Double)
    /// `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`, which runs until the
    /// spring settles whatever the animator's duration: a spring given by its physics, in any
    /// other form converted by the engine (``Spring/physical``).
    case springPhysics(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double)
    /// `UIView.animateKeyframes` inside a linear animator, one keyframe a stop: a keyframe at
    /// relative start time `times[i]` sets progress `values[i]`; `discrete` for `steps()`,
    /// `linear` for CSS `linear()`.
    case keyframes(times: [Double], values: [Double], mode: KeyframeMode)

    /// The calculation mode of a keyframe animation.
    public enum KeyframeMode: String, Hashable, Sendable {
        /// `UIView.KeyframeAnimationOptions.calculationModeDiscrete`: each value held until the next.
        case discrete
        /// `UIView.KeyframeAnimationOptions.calculationModeLinear`: straight lines between values.
        case linear
    }

    /// Whether the device's curve is the engine's by definition, or by an inference.
    public enum Fidelity: Hashable, Sendable {
        case exact(String)
        case inferred(String)
    }

    /// The UIKit construct for `curve`.
    public init(_ curve: TimingCurve) {
        switch curve {
        case .linear:
            self = .cubic(x1: 0, y1: 0, x2: 1, y2: 1)
        case let .cubicBezier(x1, y1, x2, y2):
            self = .cubic(x1: x1, y1: y1, x2: x2, y2: y2)
        case let .spring(.uikit(_, dampingRatio, velocity)):
            self = .springDampingRatio(dampingRatio: dampingRatio, initialVelocity: velocity)
        case let .spring(spring):
            let physical = spring.physical
            self = .springPhysics(
                mass: physical.mass, stiffness: physical.stiffness, damping: physical.damping, initialVelocity: physical.velocity)
        case .steps:
            // The value of each step, taken from the engine's own function at the step's start.
            let function = curve.function(duration: nil)
            guard case let .steps(count, _) = curve else { fatalError("unreachable") }
            let times = (0..<count).map { Double($0) / Double(count) } + [1]
            self = .keyframes(times: times, values: times.map { $0 == 1 ? 1 : function.progress(at: $0) }, mode: .discrete)
        case let .piecewiseLinear(stops):
            // Keyframes run from 0 to 1: stops outside are left out, and where the stops begin
            // after 0 or end before 1, the engine's value there (it extends the end segments) is
            // added, so that the device starts and ends where `eval` does.
            let function = PiecewiseLinearFunction(stops: stops)
            var times: [Double] = []
            var values: [Double] = []
            for (time, stop) in zip(function.completedInputs, stops) where time >= 0 && time <= 1 {
                times.append(time)
                values.append(stop.output)
            }
            if times.first.map({ $0 > 0 }) ?? true {
                times.insert(0, at: 0)
                values.insert(function.progress(at: 0), at: 0)
            }
            if times.last.map({ $0 < 1 }) ?? true {
                times.append(1)
                values.append(function.progress(at: 1))
            }
            self = .keyframes(times: times, values: values, mode: .linear)
        }
    }

    /// What is exact and what is inferred about playing `curve` with its construct.
    public static func fidelity(of curve: TimingCurve) -> Fidelity {
        switch curve {
        case .spring(.physical), .spring(.uikit), .linear, .cubicBezier, .steps, .piecewiseLinear:
            return TimingPlan(curve).constructFidelity
        case .spring:
            // Another form reaches the physical initialiser through the engine's conversion.
            return .inferred(
                "UIKit runs mass, stiffness, damping and velocity until the spring settles (documented), but the conversion "
                    + "of the duration/bounce, response and stiffness/dampingRatio forms to physics is inferred (iOS 15 has "
                    + "no duration:bounce: initialiser), as is the settling time the engine reports (ε = 1e-3)")
        }
    }

    /// What is exact and what is inferred about the construct itself.
    private var constructFidelity: Fidelity {
        switch self {
        case .cubic:
            .exact(
                "the same cubic Bézier (P0 = (0, 0), P3 = (1, 1)) that CAMediaTimingFunction and the engine solve; "
                    + "only the numerical solution's precision may differ")
        case .springDampingRatio:
            .inferred(
                "Apple documents that the damping ratio and velocity are honoured over the animator's duration; how UIKit fits "
                    + "the spring to the duration (an envelope of 0.001 at the end, mass 1) is inferred from decompiled UIKit")
        case .springPhysics:
            .exact(
                "Apple documents that UIKit runs mass, stiffness, damping and velocity until the spring settles, ignoring the "
                    + "duration; only the settling time the engine reports (ε = 1e-3) is inferred")
        case .keyframes(_, _, .discrete):
            .inferred(
                "the stops' values and times are the engine's; that keyframes inside a UIViewPropertyAnimator take its duration "
                    + "and linear timing is common practice, not documented")
        case .keyframes(_, _, .linear):
            .inferred(
                "straight lines between the curve's own stops inside [0, 1], and the engine's values at 0 and 1 where the stops "
                    + "stop short, exact; that keyframes inside a "
                    + "UIViewPropertyAnimator take its duration and linear timing is common practice, not documented")
        }
    }
}
