import Foundation

/// From a curve to its evaluator, and a spring's other spellings.
extension TimingCurve {
    /// The curve's own duration in seconds: a UIKit-form spring's `duration`; any other
    /// spring's settling duration (``PhysicalSpring/settlingDuration(epsilon:)``, infinite for
    /// an undamped spring); nil for non-springs, which take the animation's duration.
    public var intrinsicDuration: Double? {
        guard case let .spring(spring) = self else { return nil }
        return Self.intrinsicDuration(of: spring, physical: spring.physical)
    }

    /// How long an animation on this curve runs when its animator reports `duration`
    /// (`transitionDuration`): that duration for every curve but a spring given by its physics
    /// (mass/stiffness/damping, duration/bounce, response/dampingFraction, stiffness/dampingRatio),
    /// which runs until it settles (ε = 1e-3) when that is later. Apple documents this for
    /// `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`; for the iOS 17
    /// `duration:bounce:` form it is inferred (its duration is the spring's perceptual duration,
    /// not the animation's). A UIKit-form spring (`duration:dampingRatio:`) is fitted to the
    /// duration and ends with it.
    public func runningDuration(transitionDuration duration: Double) -> Double {
        guard duration > 0, case let .spring(spring) = self, !spring.isUIKitForm else { return duration }
        let settling = spring.physical.settlingDuration()
        return settling.isFinite ? max(duration, settling) : duration
    }

    /// The evaluator of this curve when it runs over `duration` seconds.
    ///
    /// - Parameter duration: The animation's length in seconds. A spring maps normalised time
    ///   `f` to its position at `f · duration`, or at `f ·` ``intrinsicDuration`` when this is
    ///   nil. Other curves are defined on normalised time and ignore it.
    /// - Returns: The timing function.
    public func function(duration: Double?) -> any TimingFunction {
        switch self {
        case .linear:
            // Control points on the diagonal: the identity, extrapolated with slope 1.
            return CubicBezierFunction(x1: 0, y1: 0, x2: 1, y2: 1)
        case let .cubicBezier(x1, y1, x2, y2):
            return CubicBezierFunction(x1: x1, y1: y1, x2: x2, y2: y2)
        case let .steps(count, position):
            return StepsFunction(count: count, position: position)
        case let .piecewiseLinear(stops):
            return PiecewiseLinearFunction(stops: stops)
        case let .spring(spring):
            let physical = spring.physical
            return SpringFunction(
                spring: physical, duration: duration ?? Self.intrinsicDuration(of: spring, physical: physical))
        }
    }

    /// Every equivalent spelling of a spring, for `transdb show curve`: the physical, UIKit,
    /// perceptual (`duration:bounce:`), response and Android forms, in that order, with the
    /// values converted; nil for non-springs.
    ///
    /// The spring's own form is given as written. A form that cannot represent the spring
    /// exactly is left out: the perceptual, response and Android forms for a spring with an
    /// initial velocity; the UIKit form for an overdamped or undamped spring (its ratio is in
    /// (0, 1]) or one whose duration would fall outside UIKit's [0.01, 10] s; any form whose
    /// values fall outside the expression syntax's ranges or lose precision in it (a bounce of
    /// 1 − 4e-11 cannot carry a ratio of 4e-11 to 12 digits). Each spelling is checked to parse
    /// back to the same motion: ω0², α = c/2m and v0 within 1e-12 relative. Converted values are
    /// rounded to 15 significant digits where that passes the check, which drops noise such as
    /// `0.30000000000000004`.
    public var equivalentSpringExpressions: [String]? {
        guard case let .spring(spring) = self else { return nil }
        let physical = spring.physical
        let omegaSquared = physical.stiffness / physical.mass
        let omega = omegaSquared.squareRoot()
        var zeta = physical.dampingRatio
        // A ratio within 1e-14 of 1 is rounding noise from a conversion (the UIKit mapping, for
        // one, is discontinuous at exactly 1).
        if abs(zeta - 1) <= 1e-14 { zeta = 1 }
        let v0 = physical.velocity
        let period = 2 * Double.pi / omega
        let bounce = zeta <= 1 ? 1 - zeta : 1 / zeta - 1
        let atRest = v0 == 0
        let uikitDurations = Self.uikitDurations(omega: omega, dampingRatio: zeta, velocity: v0)

        // Each form as a function of how numbers are written, tried tidied first.
        typealias Writer = (Double) -> String
        let forms: [(isOwnForm: Bool, spell: (Writer) -> [String])] = [
            (
                spring.isPhysicalForm,
                { n in
                    ["spring(mass: 1, stiffness: \(n(omegaSquared)), damping: \(n(physical.damping / physical.mass)), velocity: \(n(v0)))"]
                }
            ),
            (
                spring.isUIKitForm,
                { n in uikitDurations.map { "spring(duration: \(n($0)), dampingRatio: \(n(zeta)), velocity: \(n(v0)))" } }
            ),
            (spring.isPerceptualForm, { n in atRest ? ["spring(duration: \(n(period)), bounce: \(n(bounce)))"] : [] }),
            (spring.isResponseForm, { n in atRest ? ["spring(response: \(n(period)), dampingFraction: \(n(zeta)))"] : [] }),
            (spring.isAndroidForm, { n in atRest ? ["spring(stiffness: \(n(omegaSquared)), dampingRatio: \(n(zeta)))"] : [] }),
        ]
        let writers: [Writer] = [{ Self.tidy($0).shortestDescription }, { $0.shortestDescription }]
        return forms.compactMap { form in
            if form.isOwnForm { return expression }
            let candidates = writers.flatMap { form.spell($0) }
            return candidates.first { Self.spells($0, physical) }
        }
    }

    // MARK: Helpers

    private static func intrinsicDuration(of spring: Spring, physical: PhysicalSpring) -> Double {
        if case let .uikit(duration, _, _) = spring { return duration }
        return physical.settlingDuration()
    }

    /// The value rounded to 15 significant digits: a change of at most 5e-15 relative that drops
    /// conversion noise in the last digit or two (the caller checks that it is harmless).
    private static func tidy(_ value: Double) -> Double {
        guard value.isFinite else { return value }
        return Double(String(format: "%.15g", value)) ?? value
    }

    /// Whether `expression` parses to a spring with the same motion as `spring`
    /// (``PhysicalSpring/isSameMotion(as:)``).
    private static func spells(_ expression: String, _ spring: PhysicalSpring) -> Bool {
        guard case let .spring(parsed)? = try? TimingCurve(expression: expression) else { return false }
        return parsed.physical.isSameMotion(as: spring)
    }

    /// The durations T in UIKit's [0.01, 10] s for which UIKit's mapping could give this ω0
    /// (inverting ``Spring/uikitAngularFrequency(duration:dampingRatio:velocity:)``); the caller
    /// checks which really do.
    private static func uikitDurations(omega: Double, dampingRatio zeta: Double, velocity v0: Double) -> [Double] {
        guard zeta >= 1.19e-7, zeta <= 1, omega > 0, omega.isFinite else { return [] }
        let level = 0.001
        let range = 0.01...10.0
        if zeta < 1 {
            // The envelope equation solved for T; then the settling envelope UIKit's mapping
            // falls back to for tiny ratios at rest.
            let amplitude = abs(zeta * omega - v0) / (omega * ((1 - zeta) * (1 + zeta)).squareRoot())
            return [log(amplitude / level), log((1 + amplitude) / level)]
                .map { $0 / (zeta * omega) }
                .filter { range.contains($0) }
        }
        // ζ = 1: e^(−ω0·T)·|1 + (ω0 − v0)·T| = 0.001 has no closed form and up to three roots;
        // look for sign changes on a logarithmic grid over the allowed durations.
        let h = { (t: Double) in -omega * t + log(abs(1 + (omega - v0) * t) / level) }
        let steps = 2000
        let ratio = log(range.upperBound / range.lowerBound) / Double(steps)
        var roots: [Double] = []
        var previous = range.lowerBound
        for index in 1...steps {
            let t = index == steps ? range.upperBound : range.lowerBound * exp(ratio * Double(index))
            let (a, b) = (h(previous), h(t))
            if a == 0 { roots.append(previous) }
            if a.sign != b.sign, a != 0, b != 0, a.isFinite, b.isFinite {
                let isAbove = a > 0
                roots.append(Bisection.boundary(from: previous, to: t, isBelow: { (h($0) > 0) == isAbove }))
            }
            previous = t
        }
        return roots.reversed()
    }
}

extension Spring {
    fileprivate var isPhysicalForm: Bool {
        if case .physical = self { return true }
        return false
    }

    var isUIKitForm: Bool {
        if case .uikit = self { return true }
        return false
    }

    fileprivate var isPerceptualForm: Bool {
        if case .perceptual = self { return true }
        return false
    }

    fileprivate var isResponseForm: Bool {
        if case .response = self { return true }
        return false
    }

    fileprivate var isAndroidForm: Bool {
        if case .android = self { return true }
        return false
    }
}
