/// A spring used as a timing curve over a fixed duration: normalised time `f` maps to the
/// spring's position at `f · duration` seconds.
public struct SpringFunction: TimingFunction, Hashable {
    /// The spring, in physical form.
    public let spring: PhysicalSpring
    /// The length of the animation in seconds.
    public let duration: Double

    /// Creates the timing function of `spring` running for `duration` seconds.
    ///
    /// - Parameters:
    ///   - spring: The spring in physical form.
    ///   - duration: The animation's length in seconds.
    public init(spring: PhysicalSpring, duration: Double) {
        self.spring = spring
        self.duration = duration
    }

    /// The spring's position at `fraction · duration` seconds.
    ///
    /// - Parameter fraction: Normalised time.
    /// - Returns: Progress; above 1 while the spring overshoots, and not exactly 1 at
    ///   `fraction` 1 unless the spring has come to rest by then. Before the start it is 0: the
    ///   closed form run backwards grows without bound, which no spring does before it is let go.
    public func progress(at fraction: Double) -> Double {
        // 0 · ∞ would be NaN for a spring that never settles; the start is always 0.
        fraction <= 0 ? 0 : spring.position(at: fraction * duration)
    }
}
