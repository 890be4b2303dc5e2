import Foundation

extension Spring {
    /// The spring in physical form: every way of writing a spring converted to mass,
    /// stiffness, damping and initial velocity.
    ///
    /// - `physical`: as written.
    /// - `uikit` (`UIView.animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:…)`):
    ///   *inferred* from decompiled UIKit, not documented by Apple. Mass 1; the ratio clamped to
    ///   [1.19e-7, 1] and the duration to [0.01, 10] s; ω0 chosen so that the oscillation's
    ///   envelope falls to 0.001 at the duration (see ``uikitAngularFrequency(duration:dampingRatio:velocity:)``);
    ///   stiffness ω0², damping 2ζω0.
    /// - `perceptual` (SwiftUI and iOS 17 `duration:bounce:`): ζ = 1 − bounce for bounce ≥ 0,
    ///   1 / (1 + bounce) below; mass 1, stiffness (2π / duration)², damping 4πζ / duration.
    /// - `response` (SwiftUI `response:dampingFraction:`): the same with the response as the
    ///   duration and the fraction as ζ.
    /// - `android` (`SpringForce`, Material 3 tokens): mass 1, damping 2ζ√stiffness.
    ///
    /// Only the physical and UIKit forms carry an initial velocity; the others start at rest.
    public var physical: PhysicalSpring {
        switch self {
        case let .physical(mass, stiffness, damping, velocity):
            return PhysicalSpring(mass: mass, stiffness: stiffness, damping: damping, velocity: velocity)
        case let .uikit(duration, dampingRatio, velocity):
            let zeta = Self.uikitDampingRatio(dampingRatio)
            let omega = Self.uikitAngularFrequency(
                duration: Self.uikitDuration(duration), dampingRatio: zeta, velocity: velocity)
            return PhysicalSpring(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega, velocity: velocity)
        case let .perceptual(duration, bounce):
            let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
            return Self.perceptualSpring(duration: duration, dampingRatio: zeta)
        case let .response(response, dampingFraction):
            return Self.perceptualSpring(duration: response, dampingRatio: dampingFraction)
        case let .android(stiffness, dampingRatio):
            return PhysicalSpring(
                mass: 1, stiffness: stiffness, damping: 2 * dampingRatio * stiffness.squareRoot(), velocity: 0)
        }
    }

    /// Mass 1, ω0 = 2π / duration, ζ as given.
    private static func perceptualSpring(duration: Double, dampingRatio: Double) -> PhysicalSpring {
        // 2ζ·ω0 equals 4πζ/duration; computing both from one ω0 keeps c / 2√k equal to ζ, so a
        // critically damped spring stays exactly critical.
        let omega = 2 * Double.pi / duration
        return PhysicalSpring(mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega, velocity: 0)
    }

    // MARK: UIKit's duration-based spring (inferred)

    /// UIKit's clamp of a damping ratio.
    static func uikitDampingRatio(_ ratio: Double) -> Double { min(max(ratio, 1.19e-7), 1) }

    /// UIKit's clamp of a spring animation's duration.
    static func uikitDuration(_ duration: Double) -> Double { min(max(duration, 0.01), 10) }

    /// The envelope level UIKit aims for at the end of the duration.
    private static let uikitEnvelopeLevel = 0.001

    /// y with e^(−y)·(1 + y) = 0.001: a critically damped spring released at rest with
    /// ω0 = y / T reaches the envelope level at T (about 9.2334).
    private static let criticalEnvelopeTime: Double = {
        // g(y) = ln(1 + y) − y + ln 1000 is concave and decreasing past 0: Newton from the
        // right converges monotonically.
        var y = 12.0
        for _ in 0..<100 {
            let next = y - (log1p(y) - y - log(uikitEnvelopeLevel)) / (1 / (1 + y) - 1)
            if next == y { break }
            y = next
        }
        return y
    }()

    /// The ω0 that UIKit gives a spring of damping ratio ζ and initial velocity v0 animated
    /// over `duration` T (both already clamped): the one at which the envelope of `1 − x(t)`
    /// falls to 0.001 at T.
    ///
    /// The envelope is `e^(−ζω0·t)·|ζω0 − v0| / ωd` for ζ < 1 and
    /// `e^(−ω0·t)·|1 + (ω0 − v0)·t|` for ζ = 1. UIKit reaches the level with 12 Newton steps
    /// from 5 / T; this solves it exactly instead (closed forms at v0 = 0, otherwise bisection
    /// on the log of the envelope, which is concave on each side of the ω0 where it vanishes,
    /// taking the largest root: the one on the decaying tail).
    ///
    /// For v0 = 0 and ζ below about 0.001 the ζ < 1 envelope starts below 0.001 and no ω0
    /// reaches it; then the settling envelope `e^(−ζω0·t)·(1 + ζ/√(1 − ζ²))` is used, so that
    /// the spring's ``PhysicalSpring/settlingDuration(epsilon:)`` is the duration.
    static func uikitAngularFrequency(duration: Double, dampingRatio zeta: Double, velocity v0: Double) -> Double {
        let level = uikitEnvelopeLevel
        let root = ((1 - zeta) * (1 + zeta)).squareRoot()
        let fallback = log((1 + zeta / root) / level) / (zeta * duration)
        if v0 == 0 {
            if zeta >= 1 { return criticalEnvelopeTime / duration }
            let amplitude = zeta / root
            return amplitude > level ? log(zeta / (level * root)) / (zeta * duration) : fallback
        }
        // f(ω) = ln(envelope(T) / level), its derivative, and the ω where the envelope vanishes.
        let f: (Double) -> Double
        let slope: (Double) -> Double
        let vanishing: Double
        if zeta < 1 {
            f = { w in -zeta * w * duration + log(abs(zeta * w - v0) / (w * root) / level) }
            slope = { w in -zeta * duration + zeta / (zeta * w - v0) - 1 / w }
            vanishing = v0 / zeta
        } else {
            f = { w in -w * duration + log(abs(1 + (w - v0) * duration) / level) }
            slope = { w in -duration + duration / (1 + (w - v0) * duration) }
            vanishing = v0 - 1 / duration
        }
        func beyond(_ start: Double, while condition: (Double) -> Bool) -> Double {
            var w = start
            var doublings = 0
            while condition(w) && doublings < 2100 {
                w *= 2
                doublings += 1
            }
            return w
        }
        // Right of the vanishing point f is concave: find its peak, then the root past it.
        let lower = max(vanishing, 0)
        let scale = max(lower, 1 / duration) * 2
        let peak = Bisection.boundary(
            from: lower, to: beyond(scale, while: { slope($0) > 0 }), isBelow: { slope($0) > 0 })
        let height = f(peak)
        if height >= 0 || height.isNaN {
            let upper = beyond(max(peak, scale), while: { f($0) >= 0 })
            return Bisection.boundary(from: peak, to: upper, isBelow: { f($0) >= 0 })
        }
        // Otherwise the root is left of the vanishing point, where f falls monotonically.
        guard vanishing > 0 else { return fallback }
        let w = Bisection.boundary(from: 0, to: vanishing, isBelow: { f($0) >= 0 })
        return w > 0 ? w : fallback
    }
}

extension Spring {
    /// Whether `other` moves as this spring does (``PhysicalSpring/isSameMotion(as:)``): a
    /// spelling whose numbers were rounded to 14 digits, as ``SpringFacts/equivalents`` are, is
    /// the same spring; any change a person makes is not.
    public func isSameMotion(as other: Spring) -> Bool {
        physical.isSameMotion(as: other.physical)
    }
}
