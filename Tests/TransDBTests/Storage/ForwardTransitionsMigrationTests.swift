import Foundation
import Testing
import TransDBTestSupport
@testable import TransDB
@testable import TransDBCore

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
