import Foundation

/// A damped spring in physical form, `m·x″ + c·x′ + k·(x − 1) = 0` with `x(0) = 0` and
/// `x′(0) = velocity`: the motion of a value released from 0 towards 1.
///
/// This is `CASpringAnimation`'s model. `velocity` is in distances per second (1 means the
/// whole distance in one second) and positive towards the target. All forms of ``Spring``
/// convert to this one (``Spring/physical``).
public struct PhysicalSpring: Hashable, Sendable {
    /// The mass `m`, > 0.
    public var mass: Double
    /// The stiffness `k`, > 0.
    public var stiffness: Double
    /// The damping coefficient `c`, ≥ 0.
    public var damping: Double
    /// The initial velocity `x′(0)`, in distances per second, positive towards the target.
    public var velocity: Double

    /// Creates a spring from its physical parameters.
    ///
    /// - Parameters:
    ///   - mass: The mass, > 0.
    ///   - stiffness: The stiffness, > 0.
    ///   - damping: The damping coefficient, ≥ 0.
    ///   - velocity: The initial velocity in distances per second, positive towards the target.
    public init(mass: Double, stiffness: Double, damping: Double, velocity: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.velocity = velocity
    }

    /// The undamped angular frequency ω0 = √(k / m), in radians per second.
    public var undampedAngularFrequency: Double { (stiffness / mass).squareRoot() }

    /// The damping ratio ζ = c / (2√(k·m)): below 1 the spring oscillates (underdamped), at 1 it
    /// is critically damped, above 1 overdamped.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The position `x(t)`.
    ///
    /// One formula covers all three regimes, `1 − e^(−αt)·[C(t) + (α − v0)·S(t)]` with
    /// α = c / 2m, and C, S the cosine and sine (ζ < 1), cosh and sinh (ζ > 1) or 1 and t (ζ = 1)
    /// of the damped frequency, S divided by it. Written this way nothing is divided by the
    /// vanishing damped frequency nor subtracted from a nearly equal term as ζ → 1, so the
    /// regimes join continuously; the textbook overdamped form `C1·e^(r₊t) + C2·e^(r₋t)` loses
    /// every digit there as C1 ≈ −C2 grow without bound.
    ///
    /// - Parameter t: Time in seconds since the release.
    /// - Returns: The position, 0 at the release and 1 at rest.
    public func position(at t: Double) -> Double {
        1 - displacement(at: t)
    }

    /// The velocity `x′(t)`, in distances per second, from the same unified form as
    /// ``position(at:)``: `e^(−αt)·[v0·C(t) + (ω0² − α·v0)·S(t)]`.
    ///
    /// - Parameter t: Time in seconds since the release.
    /// - Returns: The velocity, positive towards the target.
    public func velocity(at t: Double) -> Double {
        let (c, s) = basis(at: t)
        return velocity * c + (frequencySquared - decayRate * velocity) * s
    }

    /// How long the spring takes to come to rest, UIKit style.
    ///
    /// For ζ < 1 this is the envelope formula `[ln(1/ε) + ln(1 + |(ζω0 − v0)/ωd|)] / (ζω0)`
    /// (about 2.85 s for mass 1, stiffness 100, damping 5, as Apple documents for
    /// `CASpringAnimation.settlingDuration`). The formula has no limit as ζ → 1 (ωd → 0), so
    /// critically damped and overdamped springs get the exact time after which
    /// `|1 − x(t)|` stays below ε.
    ///
    /// - Parameter epsilon: The distance from the target, as a fraction of the whole distance,
    ///   that counts as at rest; in (0, 1).
    /// - Returns: Seconds; infinite for an undamped spring, which never comes to rest.
    public func settlingDuration(epsilon: Double = 1e-3) -> Double {
        guard damping > 0 else { return .infinity }
        let zeta = dampingRatio
        guard zeta < 1 else { return lastTimeAway(from: epsilon) }
        let alpha = decayRate
        let dampedFrequency = undampedAngularFrequency * ((1 - zeta) * (1 + zeta)).squareRoot()
        return (-log(epsilon) + log1p(abs((alpha - velocity) / dampedFrequency))) / alpha
    }

    /// How far the spring goes past its target: the largest `x(t) − 1` over t ≥ 0, or 0 when it
    /// never passes it.
    ///
    /// The maximum is at the first zero of the velocity where it turns from positive to
    /// negative: at a turning point `x″ = −(k/m)(x − 1)`, so maxima lie above 1 and minima
    /// below, and for ζ < 1 successive maxima shrink by `e^(−2πα/ωd)`, making the first the
    /// largest. For ζ ≥ 1 there is at most one turning point.
    public var overshoot: Double {
        let alpha = decayRate
        let v0 = velocity
        // The velocity is e^(−αt)·[v0·C(t) + p·S(t)].
        let p = frequencySquared - alpha * v0
        let lambda = discriminant
        let peak: Double
        if lambda < 0 {
            // v0·cos θ + (p/ωd)·sin θ = 0 at θ = ωd·t; the first maximum of x is where this
            // goes from positive to negative. atan2 keeps the angle accurate as ωd → 0.
            let dampedFrequency = (-lambda).squareRoot()
            let angle = v0 > 0 ? atan2(v0 * dampedFrequency, -p) : Double.pi + atan2(-v0 * dampedFrequency, p)
            peak = angle / dampedFrequency
        } else {
            // v0·cosh(μt) + p·sinh(μt)/μ = 0: tanh(μt)/μ = −v0/p, solvable once when the right
            // side is in (0, 1/μ).
            let ratio = -v0 / p
            let mu = lambda.squareRoot()
            guard ratio > 0, ratio.isFinite, mu * ratio < 1 else { return 0 }
            peak = mu == 0 ? ratio : atanh(mu * ratio) / mu
        }
        return max(0, -displacement(at: peak))
    }

    // MARK: The motion

    /// α = c / 2m = ζω0, the rate of the envelope's decay.
    private var decayRate: Double { damping / (2 * mass) }

    /// ω0² = k / m.
    private var frequencySquared: Double { stiffness / mass }

    /// λ = α² − ω0²: −ωd² below critical damping, μ² above. The fused multiply-add keeps α²
    /// exact, so λ is as accurate as ω0² itself.
    private var discriminant: Double { (-frequencySquared).addingProduct(decayRate, decayRate) }

    /// `1 − x(t)`, the distance still to go.
    private func displacement(at t: Double) -> Double {
        let (c, s) = basis(at: t)
        return c + (decayRate - velocity) * s
    }

    /// `e^(−αt)·C(t)` and `e^(−αt)·S(t)` (see ``position(at:)``).
    private func basis(at t: Double) -> (c: Double, s: Double) {
        let alpha = decayRate
        let lambda = discriminant
        if lambda < 0 {
            let dampedFrequency = (-lambda).squareRoot()
            let envelope = exp(-alpha * t)
            // sin(ωd·t)/ωd stays accurate however small ωd is: no difference is taken.
            return (envelope * cos(dampedFrequency * t), envelope * sin(dampedFrequency * t) / dampedFrequency)
        }
        if lambda == 0 {
            let envelope = exp(-alpha * t)
            return (envelope, envelope * t)
        }
        let mu = lambda.squareRoot()
        if mu * t < 1 {
            // sinh is computed from expm1 for small arguments, so sinh(μt)/μ → t smoothly.
            let envelope = exp(-alpha * t)
            return (envelope * cosh(mu * t), envelope * sinh(mu * t) / mu)
        }
        // Split into the slow and fast exponentials so that e^(−αt) and cosh(μt) cannot
        // underflow and overflow together. α − μ = ω0² / (α + μ) avoids cancelling when ζ ≫ 1.
        let slow = exp(-(frequencySquared / (alpha + mu)) * t)
        let fast = exp(-(alpha + mu) * t)
        return ((slow + fast) / 2, (slow - fast) / (2 * mu))
    }

    /// For ζ ≥ 1: the last time at which `|1 − x(t)| = ε`.
    ///
    /// `1 − x` then has at most one zero and one turning point, and the zero (if any) comes
    /// first; past the turning point it shrinks monotonically to 0.
    private func lastTimeAway(from epsilon: Double) -> Double {
        let alpha = decayRate
        let v0 = velocity
        let mu = max(discriminant, 0).squareRoot()
        let slowRate = frequencySquared / (alpha + mu)
        // |1 − x(t)| ≤ e^(−(α−μ)t)·(1 + |α − v0|·t), decreasing beyond 1/(α−μ): a safe upper end.
        let spread = abs(alpha - v0)
        var upper = 1 / slowRate
        var doublings = 0
        while exp(-slowRate * upper) * (1 + spread * upper) > epsilon && doublings < 2100 {
            upper *= 2
            doublings += 1
        }
        let isAway = { (t: Double) in abs(self.displacement(at: t)) >= epsilon }
        let p = frequencySquared - alpha * v0
        let ratio = -v0 / p
        var turn: Double?
        if ratio > 0, ratio.isFinite, mu * ratio < 1 {
            turn = mu == 0 ? ratio : atanh(mu * ratio) / mu
        }
        if let turn, isAway(turn) {
            return Bisection.boundary(from: turn, to: max(upper, turn), isBelow: isAway)
        }
        guard isAway(0) else { return 0 }
        // Either no turning point (1 − x falls monotonically from 1), or one too small to
        // matter, after the zero: the crossing is on the first descent.
        return Bisection.boundary(from: 0, to: turn ?? upper, isBelow: isAway)
    }
}

extension PhysicalSpring {
    /// Whether `other` has the same motion: ω0² (stiffness per unit of mass: twice the mass and
    /// twice the forces move alike), α (damping per unit of mass, halved) and v0 equal to 1e-12
    /// relative, where α and v0 may also differ by 1e-14·ω0, which is rounding noise on the scale
    /// of the spring's own rates.
    public func isSameMotion(as other: PhysicalSpring) -> Bool {
        let omegaSquared = stiffness / mass
        let floor = 1e-14 * omegaSquared.squareRoot()
        func close(_ a: Double, _ b: Double, floor: Double = 0) -> Bool { abs(a - b) <= 1e-12 * abs(b) + floor }
        return close(other.stiffness / other.mass, omegaSquared)
            && close(other.damping / (2 * other.mass), damping / (2 * mass), floor: floor)
            && close(other.velocity, velocity, floor: floor)
    }
}
