import TransDBCore

/// A transition's timeline sampled at some times, as `transdb eval` prints it.
///
/// - `json`, `ndjson`: one object: `animator, played, systemDefault, operation, duration`, for
///   an interactive transition `outcome, releaseTime, completionDuration`, then `notes` and
///   `samples` (each `time, progress, from, to, shared, dimming`; `shared` is null when the
///   preset has no shared element).
/// - `csv`: a row per sample, the views' fields flattened (`from.x`, `to.alpha`, …, `shared.x`, …
///   empty when the preset has no shared element), then `dimming`: the same columns for every
///   preset.
/// - `table`: a header line, the notes, and a row per sample.
public struct TimelineOutput: Sendable {
    /// The timeline.
    public var timeline: Timeline
    /// The sample times, in seconds.
    public var times: [Double]

    /// The output of `timeline` sampled at `times`.
    public init(_ timeline: Timeline, times: [Double]) {
        self.timeline = timeline
        self.times = times
    }
}

extension TimelineOutput: Renderable {
    private var samples: [TimelineSample] { times.map(timeline.sample(at:)) }

    public var jsonDocument: JSONValue {
        var fields: [(String, JSONValue)] = [
            ("animator", .string(timeline.animator?.description)), ("played", .string(timeline.played?.description)),
            ("systemDefault", .string(timeline.systemDefault?.rawValue)),
            ("operation", .string(timeline.context.operation.rawValue)), ("duration", .number(timeline.duration)),
        ]
        if case let .interactive(plan) = timeline.drive {
            fields.append(("outcome", .string(plan.finishes ? "finish" : "cancel")))
            fields.append(("releaseTime", .number(plan.releaseTime)))
            fields.append(("completionDuration", .number(plan.completionDuration)))
        }
        fields.append(("notes", .array(timeline.notes.map(JSONValue.string))))
        fields.append(
            (
                "samples",
                .array(
                    samples.map { sample in
                        .object([
                            ("time", .number(sample.time)), ("progress", .number(sample.progress)), ("from", sample.from.record),
                            ("to", sample.to.record), ("shared", sample.shared?.record ?? .null),
                            ("dimming", .number(sample.dimming)),
                        ])
                    })
            ))
        return .object(fields)
    }

    public func forEachCSVRecord(_ body: ([(String, JSONValue)]) throws -> Void) rethrows {
        for sample in samples {
            var fields: [(String, JSONValue)] = [("time", .number(sample.time)), ("progress", .number(sample.progress))]
            for (name, view) in [("from", sample.from), ("to", sample.to), ("shared", sample.shared ?? sample.from)] {
                guard case let .object(members) = view.record else { continue }
                // No shared element: its columns are there, empty.
                fields += members.map { ("\(name).\($0.0)", name == "shared" && sample.shared == nil ? .null : $0.1) }
            }
            fields.append(("dimming", .number(sample.dimming)))
            try body(fields)
        }
    }

    public var tableText: [TextBlock] {
        var header = "\(timeline.animator.map { "animator \($0)" } ?? "system default \(timeline.systemDefault?.rawValue ?? "-")")"
        if let played = timeline.played, played != timeline.animator { header += ", playing \(played)" }
        header += ", \(timeline.context.operation.rawValue), \(timeline.duration.formatted(digits: 4)) s"
        let notes = timeline.notes.map { "note: \($0)\n" }.joined()
        let hasShared = timeline.animation.tracks.shared != nil
        let keys =
            ["time", "progress"]
            + (hasShared ? ["from", "to", "shared"] : ["from", "to"]).flatMap { view in
                ["x", "y", "w", "h", "alpha", "scale", "rot", "rotY", "corner", "z"].map { "\(view).\($0)" }
            } + ["dimming"]
        let rows = samples.map { sample in
            [sample.time.formatted(digits: 4), sample.progress.formatted(digits: 4)]
                + ([sample.from, sample.to] + (sample.shared.map { [$0] } ?? [])).flatMap(Self.cells) + [sample.dimming.formatted(digits: 3)]
        }
        return [.text(header + "\n" + notes), .table(Table(header: keys, rows: rows))]
    }

    private static func cells(_ view: ViewSample) -> [String] {
        let scale =
            view.scaleX == view.scaleY
            ? view.scaleX.formatted(digits: 3) : "\(view.scaleX.formatted(digits: 3))×\(view.scaleY.formatted(digits: 3))"
        return [
            view.x.formatted(digits: 1), view.y.formatted(digits: 1), view.width.formatted(digits: 1), view.height.formatted(digits: 1),
            view.alpha.formatted(digits: 3), scale, view.rotation.formatted(digits: 1), view.rotationY.formatted(digits: 1),
            view.cornerRadius.formatted(digits: 1), String(view.zIndex),
        ]
    }
}
