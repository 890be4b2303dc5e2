/// The CSS `steps(n, position)` timing function.
public struct StepsFunction: TimingFunction, Hashable {
    /// The number of steps.
    public let count: Int
    /// Where the jumps fall.
    public let position: StepPosition

    /// Creates a step function.
    ///
    /// - Parameters:
    ///   - count: The number of steps: at least 1, and at least 2 for `jump-none`, as the
    ///     expression parser enforces. Smaller counts are treated as that minimum.
    ///   - position: Where the jumps fall.
    public init(count: Int, position: StepPosition) {
        self.count = count
        self.position = position
    }

    /// Progress at time `p`, with the "before flag" unset (the usual case).
    ///
    /// - Parameter p: Normalised time.
    /// - Returns: The step value.
    public func progress(at p: Double) -> Double {
        progress(at: p, before: false)
    }

    /// Progress at time `p` by the CSS Easing step rule.
    ///
    /// - Parameters:
    ///   - p: Normalised time. Outside [0, 1] steps continue (below 0 only for `jump-start`
    ///     and `jump-both` once they step back, above 1 as far as the count goes).
    ///   - before: The CSS "before flag": the animation is in its before phase (for example
    ///     running backwards towards its start), so a time exactly on a jump takes the value
    ///     from before the jump.
    /// - Returns: The step value, a multiple of 1 / (number of jumps).
    public func progress(at p: Double, before: Bool) -> Double {
        let minimum = position == .jumpNone ? 2 : 1
        let n = Double(max(count, minimum))
        // p · n in double arithmetic, as browsers compute it, so that 0.7 in steps(10) lands on
        // step 7 even though the double 0.7 is a hair below 7/10.
        let scaled = p * n
        var step = scaled.rounded(.down)
        if position == .jumpStart || position == .jumpBoth { step += 1 }
        if before && scaled == scaled.rounded(.down) { step -= 1 }
        if p >= 0 && step < 0 { step = 0 }
        let jumps =
            switch position {
            case .jumpStart, .jumpEnd: n
            case .jumpNone: n - 1
            case .jumpBoth: n + 1
            }
        if p <= 1 && step > jumps { step = jumps }
        return step / jumps
    }
}
