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
                and z-order, and a shared element's when the preset has one. Every operation plays its preset forward. \
                --gesture drives a percent-driven interactive transition when the route (or PRESET) has an interaction: \
                "update 0.2@0.1, update 0.6@0.3, finish@0.4" (also cancel@T, or release@T to apply the finish threshold; \
                release@T v=V finishes a flick faster than the preset's flick velocity, default 1 progress per second). --format svg draws a filmstrip \
                instead: --frames evenly spaced frames (or one at each --at) of the views in the container, with the time \
                under each.
                """)

        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "A preset to evaluate (instead of a route).") var preset: String?
        @Option(name: .long, help: "present, dismiss, push, pop or tab (with a PRESET: the operation it is played for; default: the one its routes play it for, else present).")
        var op: TransitionOperation?
        @Option(name: .long, help: "The screen being left.") var from: String?
        @Option(name: .long, help: "The screen being shown.") var to: String?
        @Option(name: .long, help: "The navigation or tab container.") var container: String?
        @Option(
            name: .long, parsing: .unconditionalSingleValue,
            help: ArgumentHelp("A time in seconds to sample (repeatable).", valueName: "seconds"), transform: number) var at: [Double] = []
        @Option(
            name: .long, parsing: .unconditional,
            help: ArgumentHelp("Frames per second when no --at is given (default: 60).", valueName: "fps"),
            transform: number)
        var fps: Double?
        @Option(name: .long, help: ArgumentHelp("With --format svg: how many frames to draw (default: 8).", valueName: "n"))
        var frames: Int?
        @Option(name: .long, help: ArgumentHelp("The container size in points.", valueName: "WxH")) var screen: String = "390x844"
        @Option(
            name: .long,
            help: ArgumentHelp("The origin rect of zoom presets, in points (default: a centred 100-point square).", valueName: "X,Y,W,H"))
        var origin: String?
        @Option(
            name: .long,
            help: ArgumentHelp(
                "The rect a shared element travels to, in points (default: a container-wide square at the top).", valueName: "X,Y,W,H"))
        var target: String?
        @Option(name: .long, help: "A gesture script for an interactive transition.") var gesture: String?
        @Flag(name: .long, help: "Play what plays with Reduce Motion on: the named or derived alternative.") var reduceMotion = false
        @OptionGroup var output: DrawingFormatOptions

        func validate() throws {
            if preset != nil && (from != nil || to != nil || container != nil) {
                throw ValidationError("give a PRESET or a route (--op, --from, --to), not both")
            }
            if preset == nil && (op == nil || from == nil || (to == nil && op != .dismiss)) {
                throw ValidationError("give a PRESET, or --op, --from and --to (a dismiss may leave out --to) to resolve a route")
            }
            if let fps, !(fps.isFinite && fps > 0 && fps <= 10_000) {
                throw ValidationError("--fps must be > 0 and ≤ 10000, got \(fps.shortestDescription)")
            }
            if at.count > 100_000 { throw ValidationError("eval prints at most 100000 samples, got \(at.count) --at times") }
            if let bad = at.first(where: { !$0.isFinite || $0 < 0 || $0 > 3600 }) {
                throw ValidationError("--at must be a number of seconds from 0 to 3600, got \(bad.shortestDescription)")
            }
            if output.format == .svg {
                if let frames, !(1...1000).contains(frames) {
                    throw ValidationError("--frames must be a whole number from 1 to 1000, got \(frames)")
                }
                if frames != nil && !at.isEmpty { throw ValidationError("give --frames or --at, not both") }
                if at.count > 1000 { throw ValidationError("--format svg draws at most 1000 frames, got \(at.count) --at times") }
                if fps != nil { throw ValidationError("--fps is for table, json, ndjson and csv; --format svg draws --frames frames") }
            } else if frames != nil {
                throw ValidationError("--frames is for --format svg")
            } else if fps != nil && !at.isEmpty {
                throw ValidationError("give --fps or --at, not both: --at names the times")
            }
            _ = try ContextArguments.containerSize(screen)
            _ = try ContextArguments.originRect(origin)
            _ = try ContextArguments.targetRect(target)
        }

        func run() throws {
            try reporting {
                let catalog = try catalog.open(forWriting: false)
                let gesture = try gesture.map(GestureScript.init(parsing:))
                var operation = op ?? .present
                if op == nil, let preset { operation = try catalog.operation(playing: try qualifiedName(preset, field: "preset")) }
                let context = TransitionContext(
                    container: try ContextArguments.containerSize(screen), origin: try ContextArguments.originRect(origin),
                    target: try ContextArguments.targetRect(target), operation: operation)
                let timeline =
                    if let preset {
                        try catalog.timeline(
                            preset: try qualifiedName(preset, field: "preset"), context: context, gesture: gesture, reduceMotion: reduceMotion)
                    } else {
                        try catalog.timeline(
                            route: Resolver.Request(
                                operation: context.operation, from: from ?? "", to: to ?? "*", container: container,
                                reduceMotion: reduceMotion),
                            context: context, gesture: gesture)
                    }
                guard let format = output.format.listing else {
                    let filmstrip =
                        at.isEmpty ? Filmstrip(timeline, frames: frames ?? Filmstrip.defaultFrames) : Filmstrip(timeline, times: at)
                    return Output.print(filmstrip.svg)
                }
                let rate = fps ?? 60
                // Each sample is kept until the output is written: a bound, not a trap, for a
                // transition of an hour at 10,000 fps.
                if at.isEmpty, timeline.frameCount(fps: rate) > 100_000 {
                    throw ValidationError(
                        "eval would print \(Int(timeline.frameCount(fps: rate))) samples (\(timeline.duration.formatted(digits: 6)) s at \(rate.shortestDescription) fps), more than 100000: lower --fps, or name the times with --at"
                    )
                }
                let times = at.isEmpty ? timeline.frameTimes(fps: rate) : at
                Output.print(TimelineOutput(timeline, times: times), as: format, wide: output.wide)
            }
        }
    }
}
