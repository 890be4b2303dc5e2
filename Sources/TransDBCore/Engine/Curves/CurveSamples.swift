/// A timing curve evaluated at points of normalised time, for `transdb sample`.
public struct CurveSamples: Sendable {
    /// The curve at one point.
    public struct Sample: Hashable, Sendable {
        /// The normalised time (may lie outside [0, 1]).
        public var at: Double
        /// The time in seconds, for a curve with a duration of its own (a spring's).
        public var time: Double?
        /// The progress.
        public var progress: Double
    }

    /// The curve.
    public var curve: TimingCurve
    /// The curve's own duration in seconds (a spring's); `nil` for a curve that takes the
    /// animation's.
    public var duration: Double?
    /// The samples, in the order of the points.
    public var samples: [Sample]
    /// The function the samples were taken from.
    public let function: any TimingFunction

    /// `curve` evaluated at `points`, run for its own duration when it has one.
    public init(curve: TimingCurve, at points: [Double]) {
        let duration = curve.intrinsicDuration
        let function = curve.function(duration: duration)
        self.curve = curve
        self.duration = duration
        self.function = function
        samples = points.map { point in Sample(at: point, time: duration.map { point * $0 }, progress: function.progress(at: point)) }
    }

    /// `intervals + 1` evenly spaced points from 0 to 1.
    public static func evenlySpaced(intervals: Int) -> [Double] {
        (0...intervals).map { Double($0) / Double(intervals) }
    }
}
