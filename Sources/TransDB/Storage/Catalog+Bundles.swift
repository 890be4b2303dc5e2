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

    /// The library `name` with its curves, durations and presets only: its motion, without the
    /// screens, containers, delegates and routes (a million of them for some apps) that a motion
    /// format such as CSS does not write.
    public func motionBundle(library name: String) throws -> LibraryBundle {
        try read { db in try BundleReader(db: db).bundle(library: name, motionOnly: true) }
    }

    /// Every library as a bundle, by name. `progress`, when given, counts the entries read
    /// against the catalog's number of entries.
    public func bundles(progress: WorkProgress? = nil) throws -> [LibraryBundle] {
        try read { db in
            if progress != nil {
                let kinds = ["library", "curve", "duration", "preset", "delegate", "screen", "container", "route"]
                let entries = try Int64.fetchOne(db, sql: "SELECT " + kinds.map { "(SELECT count(*) FROM \($0))" }.joined(separator: " + "))
                progress.begin("reading \(path)", total: entries)
            }
            let reader = BundleReader(db: db, progress: progress)
            return try String.fetchAll(db, sql: "SELECT name FROM library ORDER BY name").map { try reader.bundle(library: $0) }
        }
    }
}

/// Reads a library into a ``LibraryBundle``.
struct BundleReader {
    let db: Database
    /// Told of every entry read, when given.
    var progress: WorkProgress? = nil

    /// - Parameters:
    ///   - routes: Whether to read the routes too (the streaming export writes them itself).
    ///   - motionOnly: Whether to leave out screens, containers, delegates and routes.
    func bundle(library name: String, routes readingRoutes: Bool = true, motionOnly: Bool = false) throws -> LibraryBundle {
        let id = try CatalogLookup.libraryID(name, create: false, db)
        let reader = CatalogReader(db: db)
        let library = try reader.library(id: id)
        let presets = try reader.presets(library: name)
        progress.advance(by: 1)
        let screens = motionOnly ? [] : try reader.screens(library: name, progress: progress)
        let containers = motionOnly ? [] : try reader.containers(library: name)
        let scanning = try readingRoutes && !motionOnly && CatalogReader.holdsMostRoutes(libraryID: id, db)
        var routes = try readingRoutes && !motionOnly ? reader.routes(library: name, scanning: scanning, progress: progress) : []
        var bundle = LibraryBundle(
            library: library, curves: try reader.curves(library: name), durations: try reader.durations(library: name), presets: presets,
            delegates: motionOnly ? [] : try reader.delegates(library: name), screens: screens, containers: containers, routes: routes)
        routes = []  // the bundle's copy is then the only one, changed in place
        bundle.localizeReferences()
        bundle.canonicalize()
        // Screens and routes were counted as they were read.
        progress.advance(
            by: Int64(bundle.curves.count + bundle.durations.count + bundle.presets.count + bundle.delegates.count + containers.count))
        return bundle
    }
}
