import Foundation
import Testing
import TransDBTestSupport
@testable import TransDB
@testable import TransDBCore
import GRDB

/// Migration 0002 on `Fixtures/catalogs/schema1.catalog`, a catalog written by transdb at schema 1
/// (`transdb init`, then dismiss routes naming `samples/popAnimator`, a local `myCover` and
/// `motion/coverUp`): every dismiss and pop route keeps what it played, now named directly.
@Suite("Migration 0002: routes play what they name")
struct ForwardTransitionsMigrationTests {
    /// A copy of the schema-1 catalog in a fresh directory, opened (and so migrated).
    static func migrated() throws -> (Catalog, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        let resources = try #require(Bundle.module.resourceURL)
        let path = directory.file("old.sqlite")
        try FileManager.default.copyItem(
            at: resources.appendingPathComponent("Fixtures/catalogs/schema1.catalog"), to: URL(fileURLWithPath: path))
        return (try Catalog(path: path, mode: .readWrite), directory)
    }

    @Test("the fixture is a schema-1 catalog")
    func fixtureIsSchemaOne() throws {
        let resources = try #require(Bundle.module.resourceURL)
        let path = resources.appendingPathComponent("Fixtures/catalogs/schema1.catalog").path
        #expect(try CatalogTests.sqlite3(path, "PRAGMA user_version") == "1")
    }

    @Test("dismiss and pop routes name their preset's reverse, or a new mirror of it")
    func routesNameWhatPlays() throws {
        let (catalog, directory) = try Self.migrated()
        defer { directory.remove() }
        #expect(try catalog.schemaVersion() == CatalogMigrator.latestVersion)
        let routes = Dictionary(uniqueKeysWithValues: try catalog.routes().compactMap { r in r.id.map { ($0, r) } })
        #expect(routes.count == 19)
        let expected: [Int64: String?] = [
            4: "motion/uncoverDown", 7: "motion/uncoverDown", 11: "motion/pullRight", 12: "motion/pageOut", 13: nil,
            17: "samples/popAnimator~mirror", 18: "local/myCover~mirror", 19: "motion/uncoverDown",
            // Forward routes are untouched.
            1: "motion/zoom", 3: "samples/popAnimator", 9: "motion/pushLeft", 16: "samples/popAnimator",
        ]
        for (id, preset) in expected { #expect(routes[id]?.preset?.description == preset, "route #\(id)") }
        #expect(routes[4]?.interaction?.description == "motion/uncoverDown")
        #expect(routes[11]?.interaction?.description == "motion/pullRight")
    }

    @Test("each new mirror is its preset with start and end and the roles swapped, paired as each other's reverse")
    func mirrorsFollowTheModelRule() throws {
        let (catalog, directory) = try Self.migrated()
        defer { directory.remove() }
        let mirrors = try catalog.presets().filter { $0.name.hasSuffix("~mirror") }
        #expect(mirrors.map(\.qualifiedName.description).sorted() == ["local/myCover~mirror", "samples/popAnimator~mirror"])
        for mirror in mirrors {
            let source = try catalog.preset(named: try #require(mirror.reverse))
            #expect(mirror.tracks == source.tracks.mirrored, "\(mirror.qualifiedName)")
            #expect(mirror.kind == .custom && mirror.duration == source.duration && mirror.delay == source.delay)
            #expect(try catalog.timingCurve(mirror.curve) == catalog.timingCurve(source.curve))
            #expect(source.reverse?.description == mirror.qualifiedName.description)
            #expect(mirror.mirrorOf == source.qualifiedName)
        }
        #expect(try CatalogTests.sqlite3(directory.file("old.sqlite"), "PRAGMA integrity_check; PRAGMA foreign_key_check;") == "ok")
    }

    @Test("the Sheet dismiss shows what schema 1 showed: the sheet slides down, half way at half time")
    func sameMotionAsBefore() throws {
        let (catalog, directory) = try Self.migrated()
        defer { directory.remove() }
        // transdb at schema 1, `eval --op dismiss --from Sheet --to Gallery --fps 4`: from.y 0, 422, 844
        // (myCover backwards on easeInOut, which is symmetric, so the forward mirror is the same).
        let timeline = try catalog.timeline(
            route: Resolver.Request(operation: .dismiss, from: "Sheet", to: "Gallery", container: nil), context: TransitionContext(),
            gesture: nil)
        #expect(timeline.duration == 0.5)
        #expect([0, 0.25, 0.5].map { timeline.sample(at: $0).from.y } == [0, 422, 844])
        #expect(timeline.sample(at: 0.25).from.zIndex == 1)
    }
}

extension ForwardTransitionsMigrationTests {
    @Test("names 0002 would give that are taken, or shared by two long names, do not stop the upgrade: the mirrors get the next free name")
    func mirrorNamesTaken() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let resources = try #require(Bundle.module.resourceURL)
        let path = directory.file("old.sqlite")
        try FileManager.default.copyItem(
            at: resources.appendingPathComponent("Fixtures/catalogs/schema1.catalog"), to: URL(fileURLWithPath: path))
        // In the schema-1 catalog: a preset of the name 0002 gives myCover's mirror, and two presets
        // whose names share their first 121 characters, each played by a dismiss route.
        let long = String(repeating: "x", count: 121)
        func copyOfMyCover(_ name: String) -> String {
            """
            INSERT INTO preset (library_id, name, kind, direction, duration, delay, curve_id, curve_expression, on_top, description)
            SELECT library_id, '\(name)', kind, direction, duration, delay, curve_id, curve_expression, on_top, 'mine' FROM preset WHERE id = 40;
            INSERT INTO preset_view SELECT (SELECT id FROM preset WHERE name = '\(name)'), view, phase, frame_reference, frame_x, frame_y,
                frame_width, frame_height, alpha, scale_x, scale_y, rotation, rotation_y, corner_radius FROM preset_view WHERE preset_id = 40;
            """
        }
        func dismissRoute(_ name: String) -> String {
            """
            INSERT INTO route (delegate_id, operation, from_screen_id, preset_id)
            SELECT 8, 'dismiss', s.id, (SELECT id FROM preset WHERE name = '\(name)') FROM screen s
            WHERE s.id NOT IN (SELECT from_screen_id FROM route WHERE delegate_id = 8 AND operation = 'dismiss' AND from_screen_id IS NOT NULL)
            ORDER BY s.id LIMIT 1;
            """
        }
        _ = try CatalogTests.sqlite3(
            path,
            copyOfMyCover("myCover~mirror") + copyOfMyCover(long + "A") + copyOfMyCover(long + "B") + dismissRoute(long + "A")
                + dismissRoute(long + "B"))
        #expect(try CatalogTests.sqlite3(path, "SELECT count(*) FROM route WHERE operation = 'dismiss' AND preset_id IN (SELECT id FROM preset WHERE name LIKE 'xxx%')") == "2")

        let catalog = try Catalog(path: path, mode: .readWrite)
        #expect(try catalog.schemaVersion() == CatalogMigrator.latestVersion)
        let theirs = try catalog.preset(named: QualifiedName(library: "local", name: "myCover~mirror"))
        #expect(theirs.description == "mine" && theirs.mirrorOf == nil)
        let routes = try catalog.routes()
        #expect(routes.first { $0.id == 18 }?.preset?.description == "local/myCover~mirror2")
        let mirror = try catalog.preset(named: QualifiedName(library: "local", name: "myCover~mirror2"))
        #expect(mirror.mirrorOf?.description == "local/myCover")
        #expect(mirror.description.hasPrefix("The mirror of myCover for its dismiss and pop routes (migration 0002)"))
        for (source, name) in [(long + "A", long + "~mirror"), (long + "B", String(long.prefix(120)) + "~mirror2")] {
            let mirror = try catalog.preset(named: QualifiedName(library: "local", name: name))
            #expect(mirror.mirrorOf?.name == source)
            #expect(mirror.description.hasPrefix("The mirror of \(source) for its dismiss"))
            #expect(routes.contains { $0.operation == .dismiss && $0.preset?.name == name })
        }
        #expect(try catalog.presets().filter { $0.name.hasPrefix("transdb-migration") } == [])
        #expect(try CatalogTests.sqlite3(path, "PRAGMA integrity_check; PRAGMA foreign_key_check;") == "ok")
    }
}

extension ForwardTransitionsMigrationTests {
    /// The opcodes SQLite compiles `sql` to, on `catalog`'s own connection.
    static func opcodes(_ catalog: Catalog, _ sql: String) throws -> [String] {
        try catalog.read { db in try Row.fetchAll(db, sql: "EXPLAIN " + sql).map { $0["opcode"] as String } }
    }

    @Test("migration 0007: CHECK constraints compare in place (no temporary b-tree a row), still refuse, on a new catalog and on one migrated in this process")
    func checksWithoutInLists() throws {
        let (migrated, directory) = try Self.migrated()
        defer { directory.remove() }
        let created = try Catalog(path: directory.file("new.sqlite"), mode: .createIfMissing)
        let inserts = [
            "INSERT INTO screen (library_id, name, modal_style) VALUES (1, 'x', 'crossDissolve')",
            "INSERT INTO route (delegate_id, operation) VALUES (1, 'present')",
            "INSERT INTO preset_view (preset_id, view, phase, frame_reference) VALUES (1, 'from', 'start', 'container')",
            "INSERT INTO preset (library_id, name, kind, direction, duration, curve_expression) VALUES (1, 'x', 'push', 'left', 1, 'linear')",
            "INSERT INTO curve (library_id, name, kind, expression) VALUES (1, 'x', 'linear', 'linear')",
            "INSERT INTO container (library_id, name, kind) VALUES (1, 'x', 'tab')",
        ]
        for catalog in [migrated, created] {
            #expect(try catalog.schemaVersion() == CatalogMigrator.latestVersion)
            for sql in inserts { #expect(try !Self.opcodes(catalog, sql).contains("OpenEphemeral"), "\(sql)") }
            let tables = try catalog.read { db in try String.fetchAll(db, sql: "SELECT sql FROM sqlite_schema WHERE type = 'table'") }
            #expect(!tables.contains { $0.contains(" IN ('") })
        }
        let path = directory.file("new.sqlite")
        for (sql, constraint) in [
            ("INSERT INTO container (library_id, name, kind) VALUES (1, 'x', 'stack')", "kind = 'navigation' OR kind = 'tab'"),
            ("UPDATE preset SET direction = 'up' WHERE kind = 'fade'", "(kind = 'push' OR kind = 'pull'"),
            ("UPDATE screen SET presentation_style = 'sheet'", "presentation_style = 'automatic' OR"),
        ] {
            let before = try CatalogTests.sqlite3(path, "SELECT count(*) FROM container; SELECT total(length(direction)) FROM preset")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
            process.arguments = ["-batch", path, sql]
            let output = Pipe()
            process.standardError = output
            try process.run()
            let message = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus != 0 && message.contains("CHECK constraint failed") && message.contains(constraint), "\(sql): \(message)")
            #expect(try CatalogTests.sqlite3(path, "SELECT count(*) FROM container; SELECT total(length(direction)) FROM preset") == before)
        }
        #expect(try CatalogTests.sqlite3(path, "PRAGMA integrity_check") == "ok")
    }

    @Test("migration 0008: every interactive preset keeps the flick velocity it played with (1/s); the others have none")
    func interactivePresetsKeepTheirFlick() throws {
        let (catalog, directory) = try Self.migrated()
        defer { directory.remove() }
        let presets = try catalog.presets()
        let interactive = presets.filter { $0.interaction != nil }
        #expect(interactive.count >= 5)
        #expect(interactive.allSatisfy { $0.interaction?.flickVelocity == InteractionSettings.defaultFlickVelocity })
        let path = catalog.path
        #expect(try CatalogTests.sqlite3(path, "SELECT count(*) FROM preset WHERE flick_velocity IS NOT NULL AND completion_speed IS NULL") == "0")
        #expect(try CatalogTests.sqlite3(path, "SELECT count(*) FROM preset WHERE flick_velocity = 1") == "\(interactive.count)")
    }
}
