import ArgumentParser
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb list KIND`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List libraries, curves, durations, presets, screens, containers, delegates or routes.")

        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "libraries, curves, durations, presets, screens, containers, delegates or routes.") var kind: ListedKind
        @Option(name: .long, help: "Only entries of this library (for routes: of the delegate's library).") var library: String?
        @Option(name: .customLong("kind"), help: "Only curves, presets or containers of this kind.") var kindFilter: String?
        @Option(name: .long, help: "Routes: only this delegate's; screens: only those with this transitioningDelegate.")
        var delegate: String?
        @Option(name: .long, help: "Routes: only this operation's.") var op: TransitionOperation?
        @Option(name: .long, help: "Routes: only those with this screen on either side.") var screen: String?
        @Option(name: .long, help: "Routes: only those returning this preset (animator or interaction).") var preset: String?
        @Option(name: .long, help: "Presets: only those animated by this named curve.") var curve: String?
        @Option(name: .long, help: "Presets: only those using this named duration.") var duration: String?
        @OptionGroup var output: FormatOptions

        func validate() throws {
            if kindFilter != nil && ![.curves, .presets, .containers].contains(kind) {
                throw ValidationError("--kind filters curves, presets and containers")
            }
            // A kind that is not one is a usage error, as `add preset --kind` makes it.
            do {
                try ListFilter(kind: kindFilter).checkKind(listing: kind)
            } catch let error as ModelError {
                throw ValidationError(error.description)
            }
            if (op != nil || screen != nil || preset != nil) && kind != .routes {
                throw ValidationError("--op, --screen and --preset filter routes")
            }
            if delegate != nil && ![.routes, .screens].contains(kind) {
                throw ValidationError("--delegate filters routes and screens")
            }
            if curve != nil && kind != .presets { throw ValidationError("--curve filters presets") }
            if duration != nil && kind != .presets { throw ValidationError("--duration filters presets") }
            if library != nil && kind == .libraries { throw ValidationError("--library filters a library's entries; 'list libraries' lists every library") }
        }

        func run() throws {
            try reporting {
                let filter = ListFilter(
                    library: library, kind: kindFilter, delegate: delegate, operation: op, screen: screen, preset: preset, curve: curve,
                    duration: duration)
                Output.print(try catalog.open(forWriting: false).listing(kind, filter: filter), as: output.format, wide: output.wide)
            }
        }
    }
}
