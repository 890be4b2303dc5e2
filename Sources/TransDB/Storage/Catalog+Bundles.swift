import GRDB
import TransDBCore

extension Catalog {
    /// The names of the catalog's libraries, in order.
    public func libraryNames() throws -> [String] {
        try read { db in try String.fetchAll(db, sql: "SELECT name FROM library ORDER BY name") }
    }

    /// One library as a bundle: its entries in canonical order, references to its own entries
    /// without a library and references to other libraries qualified.
    ///
    /// - Throws: ``CatalogError/notFound(kind:name:suggestion:)`` for an unknown library.
    public func bundle(library name: String) throws -> LibraryBundle {
        try read { db in try BundleReader(db: db).bundle(library: name) }
    }

    /// Every library as a bundle, by name.
    public func bundles() throws -> [LibraryBundle] {
        try read { db in
            let reader = BundleReader(db: db)
            return try String.fetchAll(db, sql: "SELECT name FROM library ORDER BY name").map { try reader.bundle(library: $0) }
        }
    }
}

/// Reads a library into a ``LibraryBundle``.
struct BundleReader {
    let db: Database

    /// - Parameter routes: Whether to read the routes too (the streaming export writes them itself).
    func bundle(library name: String, routes readingRoutes: Bool = true) throws -> LibraryBundle {
        let id = try CatalogLookup.libraryID(name, create: false, db)
        let reader = CatalogReader(db: db)
        let library = try reader.library(id: id)
        let presets = try reader.presets(library: name).map { preset -> Preset in
            var preset = preset
            preset.curve = preset.curve.local(in: name)
            preset.reverse = preset.reverse?.local(in: name)
            preset.durationName = preset.durationName?.local(in: name)
            preset.mirrorOf = preset.mirrorOf?.local(in: name)
            preset.reducedMotion = preset.reducedMotion?.local(in: name)
            if var interaction = preset.interaction {
                interaction.completionCurve = interaction.completionCurve.local(in: name)
                preset.interaction = interaction
            }
            return preset
        }
        let screens = try reader.screens(library: name).map { screen -> Screen in
            var screen = screen
            screen.delegate = screen.delegate?.local(in: name)
            return screen
        }
        let containers = try reader.containers(library: name).map { container -> Container in
            var container = container
            container.delegate = container.delegate?.local(in: name)
            return container
        }
        let routes = try (readingRoutes ? reader.routes(library: name) : []).map { route -> RouteMapping in
            var route = route
            route.id = nil
            route.delegate = route.delegate.local(in: name)
            route.from = route.from.local(in: name)
            route.to = route.to.local(in: name)
            route.preset = route.preset?.local(in: name)
            route.interaction = route.interaction?.local(in: name)
            return route
        }
        return LibraryBundle(
            library: library,
            curves: try reader.curves(library: name).map { curve in
                var curve = curve
                curve.aliasOf = curve.aliasOf?.local(in: name)
                return curve
            },
            durations: try reader.durations(library: name), presets: presets, delegates: try reader.delegates(library: name),
            screens: screens, containers: containers, routes: routes
        ).canonicalized()
    }
}
