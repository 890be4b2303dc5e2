import ArgumentParser
import Foundation
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb eval`: a transition frame by frame.
    struct Eval: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "eval",
            abstract: "Evaluate a preset, or what UIKit plays for a route, frame by frame.",
            discussion: """
                Give a PRESET, or a route (--op, --from, --to, [--container]) to resolve first; a nil answer evaluates \
                the system default. Prints both views at each sample time: frame, alpha, scale, rotation, corner radius \
                and z-order. --gesture drives a percent-driven interactive transition: \
                "update 0.2@0.1, update 0.6@0.3, finish@0.4" (also cancel@T, or release@T to apply the finish threshold).
                """)

        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "A preset to evaluate (instead of a route).") var preset: String?
        @Option(name: .long, help: "present, dismiss, push, pop or tab (with a PRESET: dismiss and pop play it in reverse).")
        var op: TransitionOperation?
        @Option(name: .long, help: "The screen being left.") var from: String?
        @Option(name: .long, help: "The screen being shown.") var to: String?
        @Option(name: .long, help: "The navigation or tab container.") var container: String?
        @Option(name: .long, help: ArgumentHelp("A time in seconds to sample (repeatable).", valueName: "seconds")) var at: [Double] = []
        @Option(name: .long, help: "Frames per second when no --at is given.") var fps: Double = 60
        @Option(name: .long, help: ArgumentHelp("The container size in points.", valueName: "WxH")) var screen: String = "390x844"
        @Option(name: .long, help: ArgumentHelp("The origin rect of zoom presets, in points.", valueName: "X,Y,W,H")) var origin: String?
        @Option(name: .long, help: "A gesture script for an interactive transition.") var gesture: String?
        @OptionGroup var output: FormatOptions

        func validate() throws {
            if preset != nil && (from != nil || to != nil || container != nil) {
                throw ValidationError("give a PRESET or a route (--op, --from, --to), not both")
            }
            if preset == nil && (op == nil || from == nil || to == nil) {
                throw ValidationError("give a PRESET, or --op, --from and --to to resolve a route")
            }
            guard fps.isFinite, fps > 0, fps <= 10_000 else { throw ValidationError("--fps must be > 0 and ≤ 10000, got \(fps)") }
            if let bad = at.first(where: { !$0.isFinite || $0 < 0 || $0 > 3600 }) {
                throw ValidationError("--at must be a number of seconds from 0 to 3600, got \(bad)")
            }
            _ = try containerSize()
            _ = try originRect()
        }

        func containerSize() throws -> Size {
            let parts = screen.lowercased().split(separator: "x", omittingEmptySubsequences: false).compactMap { Double($0) }
            guard parts.count == 2, parts.allSatisfy({ $0.isFinite && $0 > 0 && $0 <= 100_000 }) else {
                throw ValidationError("--screen must be WIDTHxHEIGHT in points, e.g. 390x844, got '\(screen)'")
            }
            return Size(width: parts[0], height: parts[1])
        }

        func originRect() throws -> Rect? {
            guard let origin else { return nil }
            let parts = origin.split(separator: ",", omittingEmptySubsequences: false).compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 4, parts.allSatisfy({ $0.isFinite && abs($0) <= 100_000 }), parts[2] >= 0, parts[3] >= 0 else {
                throw ValidationError("--origin must be X,Y,WIDTH,HEIGHT in points, e.g. 20,120,100,100, got '\(origin)'")
            }
            return Rect(x: parts[0], y: parts[1], width: parts[2], height: parts[3])
        }

        func run() throws {
            try reporting {
                let catalog = try catalog.open(forWriting: false)
                let engine = TransitionEngine(catalog: catalog)
                let gestureScript = try gesture.map(GestureScript.init(parsing:))
                var context = TransitionContext(container: try containerSize(), origin: try originRect(), operation: op ?? .present)
                let timeline: Timeline
                if let preset {
                    let animator = try catalog.preset(try qualifiedName(preset, field: "preset")).preset
                    timeline = try engine.timeline(
                        for: animator, context: context,
                        interaction: gestureScript.map { (animator.interaction ?? InteractionSettings(), $0) })
                } else {
                    context.operation = op ?? .present
                    let resolution = try Resolver(catalog: catalog).resolve(
                        Resolver.Request(operation: context.operation, from: from ?? "", to: to ?? "", container: container))
                    timeline = try engine.timeline(for: resolution, context: context, gesture: gestureScript)
                }
                let times = at.isEmpty ? timeline.frameTimes(fps: fps) : at
                Output.print(TimelineOutput(timeline: timeline, times: times).rendered(as: output.format))
            }
        }
    }
}

/// `eval`'s output in each format.
struct TimelineOutput {
    let timeline: Timeline
    let times: [Double]

    func rendered(as format: OutputFormat) -> String {
        let samples = times.map(timeline.sample(at:))
        switch format {
        case .json, .ndjson:
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
                ("samples", .array(samples.map { sample in
                    .object([
                        ("time", .number(sample.time)), ("progress", .number(sample.progress)), ("from", sample.from.record),
                        ("to", sample.to.record), ("dimming", .number(sample.dimming)),
                    ])
                })))
            let document = JSONValue.object(fields)
            return (format == .json ? document.pretty : document.compact) + "\n"
        case .csv:
            return Listing(records: samples.map(flatRecord)).rendered(as: .csv)
        case .table:
            var header = "\(timeline.animator.map { "animator \($0)" } ?? "system default \(timeline.systemDefault?.rawValue ?? "-")")"
            if let played = timeline.played, played != timeline.animator { header += ", playing \(played)" }
            header += ", \(timeline.context.operation.rawValue), \(timeline.duration.formatted(digits: 4)) s"
            let notes = timeline.notes.map { "note: \($0)\n" }.joined()
            let keys = ["time", "progress"] + ["from", "to"].flatMap { view in ["x", "y", "w", "h", "alpha", "scale", "rot", "rotY", "corner", "z"].map { "\(view).\($0)" } }
            let rows = samples.map { sample in
                [sample.time.formatted(digits: 4), sample.progress.formatted(digits: 4)] + [sample.from, sample.to].flatMap(Self.cells)
            }
            return header + "\n" + notes + Table(header: keys, rows: rows).rendered
        }
    }

    private static func cells(_ view: ViewSample) -> [String] {
        let scale = view.scaleX == view.scaleY ? view.scaleX.formatted(digits: 3) : "\(view.scaleX.formatted(digits: 3))×\(view.scaleY.formatted(digits: 3))"
        return [
            view.x.formatted(digits: 1), view.y.formatted(digits: 1), view.width.formatted(digits: 1), view.height.formatted(digits: 1),
            view.alpha.formatted(digits: 3), scale, view.rotation.formatted(digits: 1), view.rotationY.formatted(digits: 1),
            view.cornerRadius.formatted(digits: 1), String(view.zIndex),
        ]
    }

    private func flatRecord(_ sample: TimelineSample) -> [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = [("time", .number(sample.time)), ("progress", .number(sample.progress))]
        for (name, view) in [("from", sample.from), ("to", sample.to)] {
            guard case let .object(members) = view.record else { continue }
            fields += members.map { ("\(name).\($0.0)", $0.1) }
        }
        fields.append(("dimming", .number(sample.dimming)))
        return fields
    }
}
