/// Root finding by bisection, for the few places where the engine needs an answer that is
/// guaranteed to converge rather than a fast one.
enum Bisection {
    /// The boundary in [`lower`, `upper`] between the points where `isBelow` holds (towards
    /// `lower`) and those where it does not, to within adjacent doubles.
    ///
    /// - Parameters:
    ///   - lower: A point where `isBelow` is assumed to hold.
    ///   - upper: A point where it is assumed not to hold.
    ///   - isBelow: Whether a point lies before the boundary; it should change only once.
    /// - Returns: The boundary.
    static func boundary(from lower: Double, to upper: Double, isBelow: (Double) -> Bool) -> Double {
        var lo = lower
        var hi = upper
        // Halving an interval of doubles reaches adjacent values in at most about 2100 steps
        // (from the largest double down to the smallest subnormal); usually in about 60.
        for _ in 0..<2200 {
            let middle = lo + (hi - lo) / 2
            if middle <= lo || middle >= hi { break }
            if isBelow(middle) { lo = middle } else { hi = middle }
        }
        return lo + (hi - lo) / 2
    }
}
