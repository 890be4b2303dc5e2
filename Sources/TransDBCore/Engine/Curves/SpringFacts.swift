/// What a spring does, worked out from its physical form: its damping ratio, how long it takes
/// to come to rest, how far it overshoots, and every equivalent way of writing it.
public struct SpringFacts: Hashable, Sendable {
    /// The spring as mass, stiffness, damping and initial velocity.
    public var physical: TimingCurve
    /// ζ: below 1 it oscillates, 1 is critically damped, above 1 overdamped.
    public var dampingRatio: Double
    /// Seconds until it stays within 0.1% of its target; `nil` for a spring that never comes
    /// to rest (undamped).
    public var settlingDuration: Double?
    /// How far it goes past its target, as a fraction of the distance; 0 when it never does.
    public var overshoot: Double
    /// The spring's other spellings (see ``TimingCurve/equivalentSpringExpressions``).
    public var equivalents: [String]

    /// The facts of `spring`.
    public init(_ spring: Spring) {
        let physical = spring.physical
        let settling = physical.settlingDuration()
        self.physical = .spring(
            .physical(mass: physical.mass, stiffness: physical.stiffness, damping: physical.damping, velocity: physical.velocity))
        dampingRatio = physical.dampingRatio
        settlingDuration = settling.isFinite ? settling : nil
        overshoot = physical.overshoot
        equivalents = TimingCurve.spring(spring).equivalentSpringExpressions ?? []
    }
}

extension TimingCurve {
    /// A spring's facts; `nil` for other curves.
    public var springFacts: SpringFacts? {
        guard case let .spring(spring) = self else { return nil }
        return SpringFacts(spring)
    }
}
