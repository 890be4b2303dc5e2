import TransDBCore

/// What a preview page says about the animation it plays: its timing, its curve and, for a
/// spring, how it settles.
public struct PreviewFacts: Hashable, Sendable {
    /// The timeline's length in seconds (delay included; for a gesture, to the end of its completion).
    public var duration: Double
    /// The played preset's own duration, in seconds.
    public var animationDuration: Double
    /// The played preset's delay, in seconds.
    public var delay: Double
    /// The curve's `library/name`, or `nil` for an expression written in the preset.
    public var curveName: String?
    /// The curve's expression.
    public var curveExpression: String
    /// A spring's facts; `nil` for other curves.
    public var spring: SpringFacts?
    /// How far the animation's progress goes past 1, as a fraction: the spring's overshoot, or for
    /// other curves the largest overshoot among the samples.
    public var overshoot: Double

    /// The facts of `timeline`, whose played preset uses `curve`.
    ///
    /// - Parameters:
    ///   - timeline: The timeline.
    ///   - played: The preset whose tracks play (the system default's for a `nil` animator).
    ///   - curve: The curve `played` refers to.
    ///   - progress: The sampled progress, for the overshoot of a curve that is not a spring.
    init(timeline: Timeline, played: Preset, curve: TimingCurve, progress: [Double]) {
        duration = timeline.duration
        animationDuration = timeline.animation.duration
        delay = timeline.animation.delay
        if case let .named(name) = played.curve { curveName = name.qualified(in: played.library).description }
        curveExpression = curve.expression
        spring = curve.springFacts
        overshoot = spring?.overshoot ?? max(0, (progress.max() ?? 1) - 1)
    }

    /// `duration, animationDuration, delay, curve, curveExpression, overshoot`, and for a spring
    /// `dampingRatio, settlingDuration` (null when it never settles).
    public var record: JSONValue {
        var fields: [(String, JSONValue)] = [
            ("duration", .number(duration)), ("animationDuration", .number(animationDuration)), ("delay", .number(delay)),
            ("curve", .string(curveName)), ("curveExpression", .string(curveExpression)), ("overshoot", .number(overshoot)),
        ]
        if let spring {
            fields.append(("dampingRatio", .number(spring.dampingRatio)))
            fields.append(("settlingDuration", .number(spring.settlingDuration)))
        }
        return .object(fields)
    }
}
