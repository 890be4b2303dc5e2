import ArgumentParser
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb rm KIND NAME`, `transdb rm route ID`.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Remove a library, curve, preset, screen, container, delegate or route.",
            discussion: """
                Entries still in use are refused, naming their users. Removing a delegate removes its routes; removing a \
                library removes everything in it. Routes are removed by id (see `transdb list routes`).
                """)

        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "library, curve, preset, screen, container, delegate or route.") var kind: RemovableKind
        @Argument(help: "The name (library/name or name), or a route's id.") var name: String

        func validate() throws {
            if kind == .route && Int64(name) == nil {
                throw ValidationError("a route is removed by its id, a whole number (see `transdb list routes`), not '\(name)'")
            }
        }

        func run() throws {
            try reporting {
                let catalog = try catalog.open(forWriting: true)
                if kind == .route, let id = Int64(name) {
                    let route = try catalog.removeRoute(id: id)
                    Output.line("removed route #\(id): \(route.routeDescription) on \(route.delegate)")
                    return
                }
                let entity = EntityKind(rawValue: kind.rawValue) ?? .preset
                let reference = kind == .library
                    ? QualifiedName(library: nil, name: try Name.validated(name, field: "library name"))
                    : try qualifiedName(name, field: "\(kind.rawValue) name")
                let notes = try catalog.remove(entity, reference)
                Output.line("removed \(kind.rawValue) \(reference)" + (notes.isEmpty ? "" : "; " + notes.joined(separator: "; ")))
            }
        }
    }
}

/// What `rm` removes.
enum RemovableKind: String, CaseIterable, ExpressibleByArgument {
    case library, curve, preset, screen, container, delegate, route
}
