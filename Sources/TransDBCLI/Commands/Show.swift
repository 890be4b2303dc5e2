import ArgumentParser
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb show curve|preset|route NAME`.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one curve, preset or route in full.",
            discussion: "A route is shown by its id (see `transdb list routes`).")

        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "curve, preset or route.") var kind: ShownKind
        @Argument(help: "The name (library/name or name), or a route's id.") var name: String
        @OptionGroup var output: FormatOptions

        func validate() throws {
            if kind == .route && Int64(name) == nil {
                throw ValidationError("a route is shown by its id, a whole number (see `transdb list routes`), not '\(name)'")
            }
        }

        func run() throws {
            try reporting {
                let catalog = try catalog.open(forWriting: false)
                let detail =
                    switch kind {
                    case .curve: try catalog.curveDetail(try qualifiedName(name, field: "curve"))
                    case .preset: try catalog.presetDetail(try qualifiedName(name, field: "preset"))
                    case .route: try catalog.routeDetail(id: Int64(name) ?? 0)
                    }
                Output.print(detail, as: output.format)
            }
        }
    }
}

/// What `show` shows.
enum ShownKind: String, CaseIterable, ExpressibleByArgument {
    case curve, preset, route
}
