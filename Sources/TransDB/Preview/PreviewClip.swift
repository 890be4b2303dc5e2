import TransDBCore

/// One transition on a preview page: the engine's samples and what the page says about them.
public struct PreviewClip: Sendable {
    /// What the page calls it: a preset's `library/name`, or a route.
    public var title: String
    /// The preset's description, or the system default's summary.
    public var subtitle: String
    /// The played preset's kind (`zoom`, `fade`, …), for filtering an index.
    public var kind: String
    /// The library of the preset asked for (`system` for a system default).
    public var library: String
    /// Labels of the views by name (`from: "Feed"`); a view without one is labelled by its name.
    public var labels: [(String, String)]
    /// The timeline, sampled at ``rate`` per second.
    public var timeline: Timeline
    /// Samples per second of the timeline the page embeds.
    public var rate: Double
    /// Duration, curve and spring facts of what plays.
    public var facts: PreviewFacts
    /// For a route: `resolve --format json`'s object, explanation included.
    public var resolution: JSONValue?
    /// For an interactive transition: the gesture that drives it.
    public var gesture: GestureScript?

    /// The sample times: `eval --fps RATE`'s.
    public var times: [Double] { timeline.frameTimes(fps: rate) }

    /// `eval --format json --fps RATE`'s document for this timeline.
    public var evalDocument: JSONValue { TimelineOutput(timeline, times: times).jsonDocument }

    /// `title, subtitle, kind, library, labels, screen, facts, resolution, gesture, timeline`.
    /// `timeline` is ``evalDocument`` in columns (``PreviewSampling/columns(of:rate:)``);
    /// `gesture` is null or `{updates: [{time, percent}], ending, endTime, outcome,
    /// releasePercent, percent}` where `percent` is UIKit's `percentComplete` at each sample time.
    public var record: JSONValue {
        let times = times
        let gestureValue: JSONValue =
            gesture.map { gesture in
                var fields: [(String, JSONValue)] = [
                    ("updates", .array(gesture.updates.map { .object([("time", .number($0.time)), ("percent", .number($0.percent))]) })),
                    ("ending", .string(gesture.ending.rawValue)), ("endTime", .number(gesture.endTime)),
                ]
                if case let .interactive(plan) = timeline.drive {
                    fields.append(("outcome", .string(plan.finishes ? "finish" : "cancel")))
                    fields.append(("releasePercent", .number(plan.releasePercent)))
                }
                fields.append(("percent", .array(times.map { .number(gesture.percentComplete(at: $0)) })))
                return .object(fields)
            } ?? .null
        return .object([
            ("title", .string(title)), ("subtitle", .string(subtitle)), ("kind", .string(kind)), ("library", .string(library)),
            ("labels", .object(labels.map { ($0.0, .string($0.1)) })),
            (
                "screen",
                .object([("width", .number(timeline.context.container.width)), ("height", .number(timeline.context.container.height))])
            ),
            ("facts", facts.record), ("resolution", resolution ?? .null), ("gesture", gestureValue),
            ("timeline", PreviewSampling.columns(of: TimelineOutput(timeline, times: times).jsonDocument, rate: rate)),
        ])
    }
}

extension PreviewClip {
    /// The clip of `timeline`, with the facts of the preset it plays read from `source`.
    ///
    /// - Throws: what `source` throws for a missing preset or curve;
    ///   ``PreviewError/tooLong(name:duration:limit:)`` for a timeline longer than a page embeds.
    init(
        timeline: Timeline, title: String, labels: [(String, String)], rate: Double, source: any PresetSource,
        resolution: JSONValue? = nil, gesture: GestureScript? = nil
    ) throws {
        guard timeline.duration <= PreviewSampling.maximumDuration else {
            throw PreviewError.tooLong(name: title, duration: timeline.duration, limit: PreviewSampling.maximumDuration)
        }
        let played = try timeline.played.map(source.preset(named:)) ?? (timeline.systemDefault ?? .none).forwardPreset
        let asked = try timeline.animator.map(source.preset(named:)) ?? played
        let curve = try source.timingCurve(played.curve.qualified(in: played.library))
        let progress = timeline.frameTimes(fps: rate).map { timeline.sample(at: $0).progress }
        self.init(
            title: title, subtitle: asked.description, kind: played.kind.rawValue, library: asked.library, labels: labels,
            timeline: timeline, rate: rate, facts: PreviewFacts(timeline: timeline, played: played, curve: curve, progress: progress),
            resolution: resolution, gesture: gesture)
    }
}
