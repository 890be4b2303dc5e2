import Foundation
import GRDB
import Testing
import TransDB
import TransDBTestSupport
@testable import TransDBCore

/// `Catalog(_ writer:)`: a catalog over a connection the caller made, here an in-memory
/// `DatabaseQueue`, as GRDB's `AppDatabase` is built.
@Suite("Catalog over a DatabaseWriter")
struct InMemoryCatalogTests {
    static let app = Library(name: "app", version: "1.2.0", description: "The app")

    @Test("an empty in-memory database becomes a catalog of the latest schema, with no library")
    func emptyDatabase() throws {
        let queue = try DatabaseQueue()
        let catalog = try Catalog(queue)
        #expect(catalog.path == ":memory:")
        #expect(!catalog.isReadOnly)
        #expect(try catalog.schemaVersion() == (Int(Catalog.migrationFileNames.last?.prefix(4) ?? "") ?? 0))
        #expect(try catalog.libraryNames() == [])
        #expect(try catalog.check().isOK)
        let applicationID = try queue.read { db in try Int32.fetchOne(db, sql: "PRAGMA application_id") }
        #expect(applicationID == Catalog.applicationID)
    }

    @Test("seed: the default library, the same entries as a catalog created on disk")
    func seeded() throws {
        let catalog = try Catalog(DatabaseQueue(), seed: true)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let onDisk = try Catalog(path: directory.file("catalog.sqlite"), mode: .createIfMissing)
        #expect(try catalog.libraryNames() == onDisk.libraryNames())
        #expect(try catalog.bundles() == onDisk.bundles())
    }

    @Test("entries written through the catalog are read back, and a second catalog over the same queue sees them")
    func writesAndReopens() throws {
        let queue = try DatabaseQueue()
        let catalog = try Catalog(queue)
        try catalog.addLibrary(Self.app)
        try catalog.addCurve(NamedCurve(library: "app", name: "bouncy", curve: .spring(.perceptual(duration: 0.5, bounce: 0.3))))
        try catalog.addScreen(Screen(library: "app", name: "List"))
        try catalog.addScreen(Screen(library: "app", name: "Detail"))
        _ = try catalog.addPreset(
            Preset(
                library: "app", name: "pop", kind: .fade, duration: 0.3, curve: .named(QualifiedName(library: "app", name: "bouncy")),
                tracks: PresetKind.fade.tracks(direction: nil)))
        let added = try catalog.addRoute(
            RouteRequest(
                operation: .present, from: .any, to: .screen(QualifiedName(library: "app", name: "Detail")),
                preset: QualifiedName(library: "app", name: "pop"), library: "app"))
        #expect(added.mapping.id == 1)

        let again = try Catalog(queue)
        #expect(try again.libraryNames() == ["app"])
        let resolution = try Resolver(catalog: again).resolve(Resolver.Request(operation: .present, from: "List", to: "Detail"))
        #expect(resolution.animator?.qualifiedName == QualifiedName(library: "app", name: "pop"))
        #expect(resolution.mapping?.id == 1)
    }

    @Test("a dry-run import sees what it would write and leaves nothing behind")
    func dryRunRollsBack() throws {
        let catalog = try Catalog(DatabaseQueue())
        let bundle = LibraryBundle(library: Self.app, curves: [NamedCurve(library: "app", name: "flat", curve: .linear)])
        let report = try catalog.importBundles([(bundle, "app.json")], policy: .fail, dryRun: true)
        #expect(report.summary == "added 1 library, 1 curve; 0 changed; 0 unchanged")
        #expect(try catalog.libraryNames() == [])
        _ = try catalog.importBundles([(bundle, "app.json")], policy: .fail)
        #expect(try catalog.bundle(library: "app") == bundle.canonicalized())
    }

    @Test("another application's database is refused, and left as it was")
    func foreignDatabase() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: "CREATE TABLE note (text TEXT)") }
        let error = #expect(throws: CatalogError.self) { try Catalog(queue) }
        #expect(
            error
                == .notACatalog(
                    path: ":memory:", reason: "it is an SQLite database without transdb's application id (another application's database?)")
        )
        #expect(
            error?.description
                == "':memory:' is not a transdb catalog: it is an SQLite database without transdb's application id (another application's database?)"
        )
        let tables = try queue.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master") }
        #expect(tables == ["note"])
    }

    @Test("a catalog of a newer schema is refused")
    func newerSchema() throws {
        let queue = try DatabaseQueue()
        _ = try Catalog(queue)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = 99") }
        let error = #expect(throws: CatalogError.self) { try Catalog(queue) }
        #expect(error == .newerSchema(path: ":memory:", found: 99, supported: (Int(Catalog.migrationFileNames.last?.prefix(4) ?? "") ?? 0)))
    }

    @Test("a read-only connection reads, and every write is refused with .notWritable")
    func readOnlyConnection() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("catalog.sqlite")
        _ = try Catalog(path: path, mode: .createIfMissing, seed: false)
        var configuration = Configuration()
        configuration.readonly = true
        let catalog = try Catalog(DatabaseQueue(path: path, configuration: configuration))
        #expect(catalog.isReadOnly)
        #expect(try catalog.libraryNames() == [])
        let error = #expect(throws: CatalogError.self) { try catalog.addLibrary(Self.app) }
        #expect(error == .notWritable(path: path, reason: "it was opened for reading only"))
    }

    @Test("a dry run needs no right to write: on a read-only connection or file it reports the same changes")
    func dryRunReadOnly() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("catalog.sqlite")
        let writable = try Catalog(path: path, mode: .createIfMissing, seed: true)
        let expected = try writable.rename(.screen, QualifiedName(library: "demo", name: "Compose"), to: "Write", dryRun: true)
        let removal = try writable.remove(.library, QualifiedName(library: nil, name: "demo"), dryRun: true)
        let before = try writable.bundles()
        // Opened for reading only, and opened for writing on a file SQLite may only read.
        var readOnly = Configuration()
        readOnly.readonly = true
        let catalogs = [
            try Catalog(DatabaseQueue(path: path, configuration: readOnly)),
            try Catalog(DatabaseQueue(path: "file:\(path)?mode=ro")),
        ]
        for catalog in catalogs {
            #expect(try catalog.rename(.screen, QualifiedName(library: "demo", name: "Compose"), to: "Write", dryRun: true) == expected)
            #expect(try catalog.remove(.library, QualifiedName(library: nil, name: "demo"), dryRun: true) == removal)
            // Errors are the catalog's own, as on a writable file.
            #expect(throws: CatalogError.self) { try catalog.remove(.screen, QualifiedName(library: "demo", name: "Compose"), dryRun: true) }
            #expect(throws: CatalogError.self) { try catalog.rename(.screen, QualifiedName(library: "demo", name: "Compose"), to: "Write") }
        }
        #expect(try writable.bundles() == before)
        #expect(removal.removed.count > 17 && expected.notes.contains { $0.contains("route #7") })
    }

    @Test("a stored preset of an unknown kind (the catalog edited by hand) is reported by name and by id")
    func unknownPresetKind() throws {
        let queue = try DatabaseQueue()
        let catalog = try Catalog(queue)
        try catalog.addLibrary(Self.app)
        _ = try catalog.addPreset(
            Preset(
                library: "app", name: "odd", kind: .fade, duration: 0.3, curve: .inline(.linear),
                tracks: PresetKind.fade.tracks(direction: nil)))
        // The schema's CHECK refuses the kind; only a hand edit with the checks off gets it in.
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: "UPDATE preset SET kind = 'warp'")
        }
        let summaries = #expect(throws: CatalogError.self) { try catalog.presetSummaries() }
        #expect(summaries == .unknownPresetKind(preset: "app/odd", kind: "warp"))
        #expect(summaries?.description == "preset app/odd has an unknown kind 'warp'")
        let byName = #expect(throws: CatalogError.self) { try catalog.preset(QualifiedName(library: "app", name: "odd")) }
        #expect(byName?.description == "preset #1 has an unknown kind 'warp'")
    }

    @Test("a schema CHECK that transdb's own checks miss comes back as .constraintViolated")
    func constraintViolated() throws {
        let catalog = try Catalog(DatabaseQueue())
        try catalog.addLibrary(Self.app)
        let invalid = Preset(
            library: "app", name: "p", kind: .none, duration: 0.3, curve: .inline(.linear), tracks: ViewTracks())
        let error = #expect(throws: CatalogError.self) { try catalog.addPreset(invalid) }
        guard case let .constraintViolated(reason)? = error else {
            Issue.record("expected .constraintViolated, got \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("CHECK constraint failed"))
        #expect(error?.description == "the catalog refused the change: \(reason)")
        #expect(try catalog.presetSummaries() == [])
    }

    @Test("a library imported twice in one command is refused before anything is written")
    func libraryImportedTwice() throws {
        let catalog = try Catalog(DatabaseQueue())
        let bundle = LibraryBundle(library: Self.app)
        let error = #expect(throws: CatalogError.self) {
            try catalog.importBundles([(bundle, "a.json"), (bundle, "b.json")], policy: .fail)
        }
        #expect(error == .libraryImportedTwice(name: "app"))
        #expect(error?.description == "the library 'app' is imported twice in one command")
        #expect(try catalog.libraryNames() == [])
    }

    @Test("an exact duplicate route is .routeExists, naming the route, its delegate and its id")
    func routeExists() throws {
        let catalog = try Catalog(DatabaseQueue(), seed: false)
        try catalog.addLibrary(Self.app)
        try catalog.addScreen(Screen(library: "app", name: "Detail"))
        _ = try catalog.addPreset(
            Preset(
                library: "app", name: "p", kind: .fade, duration: 0.3, curve: .inline(.linear),
                tracks: PresetKind.fade.tracks(direction: nil)))
        let request = RouteRequest(
            operation: .present, from: .any, to: .screen(QualifiedName(library: "app", name: "Detail")),
            preset: QualifiedName(library: "app", name: "p"), library: "app")
        let first = try catalog.addRoute(request)
        let error = #expect(throws: CatalogError.self) { try catalog.addRoute(request) }
        let delegate = first.mapping.delegate.description
        #expect(error == .routeExists(route: "present * → app/Detail", delegate: delegate, id: 1))
        #expect(
            error?.description
                == "the route present * → app/Detail already exists on delegate '\(delegate)' as #1; change what it returns with `transdb set route 1 --preset NAME` (or --nil)")
    }

    @Test("failedChecks names the catalog and says what to do")
    func failedChecksMessage() {
        #expect(
            CatalogError.failedChecks(path: "a.sqlite").description
                == "the catalog 'a.sqlite' failed its checks; restore it from an export or a backup")
    }
}
