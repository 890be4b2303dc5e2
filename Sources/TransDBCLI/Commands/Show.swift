import ArgumentParser
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb show KIND NAME`.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one library, curve, duration, preset, screen, container, delegate or route in full.",
            discussion: """
                `show curve` also takes a curve expression ('spring(duration: 0.5, bounce: 0.2)'): its facts and the named \
                curves it equals. A route is shown by its id (see `transdb list routes`) or by its key: --op, --from, --to \
                (and --delegate when several delegates map it).
                """)

        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "library, curve, duration, preset, screen, container, delegate or route.") var kind: ShownKind
        @Argument(help: "The name (library/name or name), a curve expression, or a route's id.") var name: String?
        @OptionGroup var key: RouteKeyOptions
        @OptionGroup var output: FormatOptions

        func validate() throws {
            if kind == .route {
                _ = try key.selector(id: name)
            } else {
                if key.isGiven { throw ValidationError("--delegate, --op, --from and --to name a route; give the \(kind.rawValue)'s name") }
                if name == nil { throw ValidationError("missing the \(kind.rawValue)'s name") }
            }
        }

        func run() throws {
            try reporting {
                let catalog = try catalog.open(forWriting: false)
                let name = self.name ?? ""
                // A table shows the first few items of a list: only those (and the count) are read.
                let listLimit = output.format == .table ? EntryDetail.listedItems + 1 : nil
                let detail: EntryDetail
                switch kind {
                case .curve:
                    if case let .inline(curve) = try CurveReference(parsing: name, field: "curve") {
                        detail = try catalog.curveDetail(expression: curve)
                    } else {
                        detail = try catalog.curveDetail(try qualifiedName(name, field: "curve"))
                    }
                case .duration: detail = try catalog.durationDetail(try qualifiedName(name, field: "duration"))
                case .preset: detail = try catalog.presetDetail(try qualifiedName(name, field: "preset"))
                case .screen: detail = try catalog.screenDetail(try qualifiedName(name, field: "screen"), listLimit: listLimit)
                case .container: detail = try catalog.containerDetail(try qualifiedName(name, field: "container"))
                case .delegate: detail = try catalog.delegateDetail(try qualifiedName(name, field: "delegate"), listLimit: listLimit)
                case .library: detail = try catalog.libraryDetail(try Name.validated(name, field: "library name"))
                case .route: detail = try catalog.routeDetail(id: try catalog.routeID(try key.selector(id: self.name)))
                }
                Output.print(detail, as: output.format, wide: output.wide)
            }
        }
    }
}

/// What `show` shows.
enum ShownKind: String, CaseIterable, ExpressibleByArgument {
    case library, curve, duration, preset, screen, container, delegate, route
}
