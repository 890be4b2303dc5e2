import ArgumentParser
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb list KIND`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List libraries, curves, presets, screens, containers, delegates or routes.")

        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "libraries, curves, presets, screens, containers, delegates or routes.") var kind: ListedKind
        @Option(name: .long, help: "Only entries of this library (for routes: of the delegate's library).") var library: String?
        @Option(name: .customLong("kind"), help: "Only curves, presets or containers of this kind.") var kindFilter: String?
        @Option(name: .long, help: "Routes: only this delegate's.") var delegate: String?
        @Option(name: .long, help: "Routes: only this operation's.") var op: TransitionOperation?
        @Option(name: .long, help: "Routes: only those with this screen on either side.") var screen: String?
        @OptionGroup var output: FormatOptions

        func validate() throws {
            if kindFilter != nil && ![.curves, .presets, .containers].contains(kind) {
                throw ValidationError("--kind filters curves, presets and containers")
            }
            if (delegate != nil || op != nil || screen != nil) && kind != .routes {
                throw ValidationError("--delegate, --op and --screen filter routes")
            }
        }

        func run() throws {
            try reporting {
                let filter = ListFilter(library: library, kind: kindFilter, delegate: delegate, operation: op, screen: screen)
                Output.print(try catalog.open(forWriting: false).listing(kind, filter: filter), as: output.format)
            }
        }
    }
}
