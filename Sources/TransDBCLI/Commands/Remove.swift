import ArgumentParser
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb rm KIND NAME`, `transdb rm route ID`.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Remove a library, curve, duration, preset, screen, container, delegate or route.",
            discussion: """
                Entries still in use are refused, naming their users. Removing a delegate removes its routes; removing a \
                library removes everything in it; every entry removed with it is listed (in a table, the first 1,000, the rest counted by kind). A route is named by its id (see \
                `transdb list routes`) or by its key: --op, --from, --to (and --delegate when several delegates map it). \
                --dry-run prints what would be removed and removes nothing.
                """)

        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "library, curve, duration, preset, screen, container, delegate or route.") var kind: RemovableKind
        @Argument(help: "The name (library/name or name), or a route's id.") var name: String?
        @OptionGroup var key: RouteKeyOptions
        @OptionGroup var dryRun: DryRunOption
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
                let catalog = try catalog.open(forWriting: true, dryRun: dryRun.dryRun)
                let report: EditReport
                if kind == .route {
                    report = try catalog.removeRoute(try key.selector(id: name), dryRun: dryRun.dryRun)
                } else {
                    let name = self.name ?? ""
                    let entity = EntityKind(rawValue: kind.rawValue) ?? .preset
                    let reference =
                        kind == .library
                        ? QualifiedName(library: nil, name: try Name.validated(name, field: "library name"))
                        : try qualifiedName(name, field: "\(kind.rawValue) name")
                    report = try catalog.remove(entity, reference, dryRun: dryRun.dryRun)
                }
                printReport(report, format: output.format)
            }
        }
    }
}

/// What `rm` removes.
enum RemovableKind: String, CaseIterable, ExpressibleByArgument {
    case library, curve, duration, preset, screen, container, delegate, route
}
