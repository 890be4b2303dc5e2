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
                let catalog = try catalog.open(forWriting: false)
                if let library, try !catalog.hasLibrary(library) {
                    throw LookupError.notFound(kind: .library, name: library, suggestion: nil)
                }
                let listing = try kind.listing(of: catalog, options: self)
                Output.print(listing.rendered(as: output.format))
            }
        }
    }
}

/// What `list` lists, with the columns a table shows.
enum ListedKind: String, CaseIterable, ExpressibleByArgument {
    case libraries, curves, presets, screens, containers, delegates, routes

    func listing(of catalog: Catalog, options: TransDBCommand.List) throws -> Listing {
        let library = options.library
        func kindFilter<K: RawRepresentable & CaseIterable>(_ type: K.Type) throws -> K? where K.RawValue == String {
            guard let text = options.kindFilter else { return nil }
            guard let value = K(rawValue: text) else {
                throw ModelError.invalidValue(
                    field: "--kind", value: text, reason: "expected one of \(K.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return value
        }
        switch self {
        case .libraries:
            return Listing(
                records: try catalog.libraries().map { entry in
                    entry.library.record
                        + [EntityKind.curve, .preset, .screen, .container, .delegate, .route].map {
                            ("\($0.rawValue)s", JSONValue.integer(Int64(entry.counts[$0] ?? 0)))
                        }
                },
                tableColumns: ["name", "version", "curves", "presets", "screens", "containers", "delegates", "routes"])
        case .curves:
            return Listing(
                records: try catalog.curves(library: library, kind: try kindFilter(TimingCurve.Kind.self)).map(\.record),
                tableColumns: ["library", "name", "kind", "expression"])
        case .presets:
            return Listing(
                records: try catalog.presetSummaries(library: library, kind: try kindFilter(PresetKind.self)).map(\.record),
                tableColumns: ["library", "name", "kind", "direction", "duration", "curve", "interactive", "reverse"])
        case .screens:
            return Listing(
                records: try catalog.screens(library: library).map(\.record),
                tableColumns: ["library", "name", "delegate", "modalStyle", "presentationStyle"])
        case .containers:
            return Listing(
                records: try catalog.containers(library: library, kind: try kindFilter(ContainerKind.self)).map(\.record),
                tableColumns: ["library", "name", "kind", "delegate"])
        case .delegates:
            return Listing(records: try catalog.delegates(library: library).map(\.record), tableColumns: ["library", "name", "released"])
        case .routes:
            let routes = try catalog.routes(
                delegate: try options.delegate.map { try qualifiedName($0, field: "delegate") }, operation: options.op,
                library: library, screen: try options.screen.map { try qualifiedName($0, field: "screen") })
            return Listing(
                records: routes.map(\.record), tableColumns: ["id", "delegate", "operation", "from", "to", "preset", "interaction"])
        }
    }
}
