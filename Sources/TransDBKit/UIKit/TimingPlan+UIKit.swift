#if canImport(UIKit)
    import TransDBCore
    import UIKit

    extension TimingPlan {
        /// The timing parameters of the property animator that plays the curve; keyframe curves run
        /// on a linear animator and shape progress with their keyframes (``animations(_:)``).
        @MainActor
        public var timingParameters: any UITimingCurveProvider {
            switch self {
            case let .cubic(x1, y1, x2, y2):
                UICubicTimingParameters(controlPoint1: CGPoint(x: x1, y: y1), controlPoint2: CGPoint(x: x2, y: y2))
            case let .springDampingRatio(ratio, velocity):
                UISpringTimingParameters(dampingRatio: CGFloat(ratio), initialVelocity: CGVector(dx: velocity, dy: velocity))
            case let .springPhysics(mass, stiffness, damping, velocity):
                UISpringTimingParameters(
                    mass: CGFloat(mass), stiffness: CGFloat(stiffness), damping: CGFloat(damping),
                    initialVelocity: CGVector(dx: velocity, dy: velocity))
            case .keyframes:
                UICubicTimingParameters(animationCurve: .linear)
            }
        }

        /// The animation block: `apply(1)` for a curve the animator's timing shapes; one keyframe a
        /// stop for `steps()` (discrete: each value from its stop's time) and `linear()` (linear:
        /// each value reached at its stop's time).
        ///
        /// - Parameter apply: Sets every view to its state at a progress.
        @MainActor
        public func animations(_ apply: @escaping (Double) -> Void) -> () -> Void {
            guard case let .keyframes(times, values, mode) = self else { return { apply(1) } }
            return {
                let options: UIView.KeyframeAnimationOptions = mode == .discrete ? .calculationModeDiscrete : .calculationModeLinear
                // A duration of 0 inside a property animator takes the animator's (common practice, inferred).
                UIView.animateKeyframes(withDuration: 0, delay: 0, options: options) {
                    for index in times.indices {
                        let start: Double
                        let length: Double
                        switch mode {
                        case .discrete:
                            start = times[index]
                            length = (index + 1 < times.count ? times[index + 1] : 1) - start
                        case .linear:
                            start = index == 0 ? times[0] : times[index - 1]
                            length = times[index] - start
                        }
                        let value = values[index]
                        UIView.addKeyframe(withRelativeStartTime: start, relativeDuration: max(0, length)) { apply(value) }
                    }
                }
            }
        }
    }

    extension UIView.AnimationCurve {
        /// The standard curve with exactly these control points (Core Animation's easeInEaseOut,
        /// easeIn, easeOut and linear), or nil.
        init?(exactly curve: TimingCurve) {
            switch curve {
            case .linear, .cubicBezier(0, 0, 1, 1): self = .linear
            case .cubicBezier(0.42, 0, 0.58, 1): self = .easeInOut
            case .cubicBezier(0.42, 0, 1, 1): self = .easeIn
            case .cubicBezier(0, 0, 0.58, 1): self = .easeOut
            default: return nil
            }
        }
    }
#endif
