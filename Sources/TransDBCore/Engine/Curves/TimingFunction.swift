/// Maps normalised time to progress.
///
/// Time 0 is the start of the animation and 1 its end; progress 0 is the from-state and 1 the
/// to-state. Progress may leave [0, 1] (overshoot), and so may time (CSS extrapolation).
public protocol TimingFunction: Sendable {
    /// Progress at normalised time `fraction`.
    ///
    /// - Parameter fraction: Normalised time, usually in [0, 1].
    /// - Returns: The progress at that time.
    func progress(at fraction: Double) -> Double
}
