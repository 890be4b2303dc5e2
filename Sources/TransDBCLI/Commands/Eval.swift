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

        func containerSize() throws -> Size { try ContextArguments.containerSize(screen) }

        func originRect() throws -> Rect? { try ContextArguments.originRect(origin) }

        func run() throws {
            try reporting {
                let catalog = try catalog.open(forWriting: false)
                let gesture = try gesture.map(GestureScript.init(parsing:))
                let context = TransitionContext(container: try containerSize(), origin: try originRect(), operation: op ?? .present)
                let timeline =
                    if let preset {
                        try catalog.timeline(preset: try qualifiedName(preset, field: "preset"), context: context, gesture: gesture)
                    } else {
                        try catalog.timeline(
                            route: Resolver.Request(operation: context.operation, from: from ?? "", to: to ?? "", container: container),
                            context: context, gesture: gesture)
                    }
                let times = at.isEmpty ? timeline.frameTimes(fps: fps) : at
                Output.print(TimelineOutput(timeline, times: times), as: output.format)
            }
        }
    }
}
