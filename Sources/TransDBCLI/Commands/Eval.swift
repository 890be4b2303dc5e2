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
                release@T v=V finishes a flick faster than 1 progress per second).
                """)

        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "A preset to evaluate (instead of a route).") var preset: String?
        @Option(name: .long, help: "present, dismiss, push, pop or tab (with a PRESET: the operation it is played for).")
        var op: TransitionOperation?
        @Option(name: .long, help: "The screen being left.") var from: String?
        @Option(name: .long, help: "The screen being shown.") var to: String?
        @Option(name: .long, help: "The navigation or tab container.") var container: String?
        @Option(
            name: .long, parsing: .unconditionalSingleValue,
            help: ArgumentHelp("A time in seconds to sample (repeatable).", valueName: "seconds"), transform: number) var at: [Double] = []
        @Option(name: .long, parsing: .unconditional, help: "Frames per second when no --at is given.", transform: number) var fps: Double =
            60
        @Option(name: .long, help: ArgumentHelp("The container size in points.", valueName: "WxH")) var screen: String = "390x844"
        @Option(name: .long, help: ArgumentHelp("The origin rect of zoom presets, in points (default: a centred 100-point square).", valueName: "X,Y,W,H"))
        var origin: String?
        @Option(
            name: .long,
            help: ArgumentHelp("The rect a shared element travels to, in points (default: a container-wide square at the top).", valueName: "X,Y,W,H"))
        var target: String?
        @Option(name: .long, help: "A gesture script for an interactive transition.") var gesture: String?
        @Flag(name: .long, help: "Play what plays with Reduce Motion on: the named or derived alternative.") var reduceMotion = false
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
            _ = try rect(origin, option: "--origin")
            _ = try rect(target, option: "--target")
        }

        func containerSize() throws -> Size { try ContextArguments.containerSize(screen) }

        func rect(_ text: String?, option: String) throws -> Rect? {
            guard let text else { return nil }
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 4, parts.allSatisfy({ $0.isFinite && abs($0) <= 100_000 }), parts[2] >= 0, parts[3] >= 0 else {
                throw ValidationError("\(option) must be X,Y,WIDTH,HEIGHT in points, e.g. 20,120,100,100, got '\(text)'")
            }
            return Rect(x: parts[0], y: parts[1], width: parts[2], height: parts[3])
        }

        func run() throws {
            try reporting {
                let catalog = try catalog.open(forWriting: false)
                let gesture = try gesture.map(GestureScript.init(parsing:))
                let context = TransitionContext(
                    container: try containerSize(), origin: try rect(origin, option: "--origin"), target: try rect(target, option: "--target"),
                    operation: op ?? .present)
                let timeline =
                    if let preset {
                        try catalog.timeline(
                            preset: try qualifiedName(preset, field: "preset"), context: context, gesture: gesture, reduceMotion: reduceMotion)
                    } else {
                        try catalog.timeline(
                            route: Resolver.Request(
                                operation: context.operation, from: from ?? "", to: to ?? "", container: container,
                                reduceMotion: reduceMotion),
                            context: context, gesture: gesture)
                    }
                let times = at.isEmpty ? timeline.frameTimes(fps: fps) : at
                Output.print(TimelineOutput(timeline, times: times), as: output.format, wide: output.wide)
            }
        }
    }
}
